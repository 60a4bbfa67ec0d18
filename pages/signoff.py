"""Afmelden / Sign off: the page a member's personal link opens (``?token=...``), phone first.

Not in the menu: only the link reaches it. It shows the member's name and his coming club
evenings, and per evening present or the rulebook's absence kinds with a save, until the
evening's deadline. Nothing else of the competition, and no director powers: every mark goes
through :func:`compcore.services.signoff.mark`, which checks the link again.
"""

import streamlit as st

from compcore.domain.errors import SignoffRefused
from compcore.present.dates import day_text
from compcore.services import round as rs
from compcore.services import signoff
from compcore.services.signoff import Evening
from ui import query, state
from ui.markdown import md

TOKEN_PARAM = "token"
TOKEN_KEY = "signoff_token"

run = state.ctx()
tr = run.tr
st.title(tr("signoff.title"))
secret = st.query_params.get(TOKEN_PARAM) or st.session_state.get(TOKEN_KEY)
if not secret:
    st.info(tr("signoff.no_token"))
    st.stop()
st.session_state[TOKEN_KEY] = secret  # a rerun or a language switch keeps the link
link: str = str(secret)  # the link's text (a query parameter is text)
now = signoff.utc_now()
try:
    token = signoff.resolve(run.store, link, now)
except SignoffRefused as exc:
    st.error(exc.describe(run.lang))
    st.stop()
cid, player = token.competition_id, token.player
query.write_link(state.PARAM_COMPETITION, "")  # the link names it; the app's choice is not it
season, ruleset = run.season_of(cid), run.ruleset_of(cid)
name = next((p.name for p in season.players if p.id == player), None)
if name is None:  # removed from the roster after the link was made
    st.error(tr("signoff.refused.unknown"))
    st.stop()
st.subheader(tr("signoff.hello", name=md(name)))
mine = signoff.player_marks(run.store, cid, player)
evenings = signoff.coming_evenings(season, ruleset, player, mine, now)
kinds = signoff.member_kinds(ruleset)
if not evenings:
    st.info(tr("signoff.none"))
else:
    st.caption(tr("signoff.intro"))


def confirmation(evening: Evening, choice: str) -> str:
    """ "Je bent afgemeld voor ronde 12 (di 3 december)"."""
    day = day_text(evening.day, run.lang, weekday=True)
    if choice in (rs.PRESENT, "absent"):
        return tr(f"signoff.saved.{choice}", number=evening.number, day=day)
    kind = rs.kind_label(choice, run.lang)
    return tr("signoff.saved.other", number=evening.number, day=day, kind=kind)


def show(evening: Evening) -> None:
    """One evening: a choice and a save before the deadline, else what counts now."""
    title = tr("signoff.evening", number=evening.number,
               day=day_text(evening.day, run.lang, weekday=True))  # fmt: skip
    last = evening.deadline
    when = {"day": day_text(last.date(), run.lang, weekday=True), "time": last.strftime("%H:%M")}

    def label(choice: str) -> str:
        return rs.kind_label(choice, run.lang)

    # an evening shown open keeps its form until a save: a save after the deadline is then
    # refused in words instead of lost with the form
    offered: set[int] = st.session_state.setdefault(f"signoff_offered_{cid}", set())
    if evening.open:
        offered.add(evening.number)
    if evening.number not in offered or evening.choice not in kinds:
        with st.container(border=True):
            st.markdown(f"**{title}**")
            st.write(tr("signoff.now", choice=label(evening.choice)))
            if not evening.open:
                st.caption(tr("signoff.closed", **when))
        return
    with st.form(f"signoff_{cid}_{evening.number}"):
        choice = st.radio(f"**{title}**", kinds, index=kinds.index(evening.choice),
                          format_func=label, key=f"signoff_{cid}_{evening.number}_choice")  # fmt: skip
        st.caption(tr("signoff.until", **when))
        saved = st.form_submit_button(tr("signoff.save"), type="primary", width="stretch")
    if not saved:
        return
    try:
        signoff.mark(run.store, link, player, evening.number, choice, now=signoff.utc_now())
    except SignoffRefused as exc:
        offered.discard(evening.number)  # the next run shows the evening as it now is
        st.error(exc.describe(run.lang))
        return
    state.flash("success", confirmation(evening, choice))
    st.rerun()


for evening in evenings:
    show(evening)
