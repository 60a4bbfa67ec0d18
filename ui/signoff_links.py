"""The director's side of members signing off (issue 10, item 4): on Spelers one player's
sign-off link (make one, shown once with a printable QR card; revoke his links), and on
Ronde the members' marks of the round ("wie wijzigde wat en wanneer")."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from zoneinfo import ZoneInfo

import pandas as pd
import streamlit as st

from compcore.domain.model import Player
from compcore.i18n import Lang
from compcore.ports.values import Mark
from compcore.present.dates import day_text, moment_text
from compcore.services import round as rs
from compcore.services import signoff
from compcore.services.vocabulary import Ruleset
from ui import state, tables
from ui.markdown import md


def _made_key(cid: int, pid: str) -> str:
    return f"signoff_made_{cid}_{pid}"


def render(run: state.Ctx, player: Player) -> None:
    """Whether ``player`` has a live link; make / revoke; the new link and its card."""
    assert run.cid is not None
    cid, tr = run.cid, run.tr
    st.subheader(tr("signoff.links"))
    st.caption(tr("signoff.links_help"))
    now = signoff.utc_now()
    live = signoff.player_link(run.store, cid, player.id, now)
    name = md(player.name)
    if live is None:
        st.write(tr("signoff.no_link", name=name))
    else:
        day = day_text(live.created_at.date(), run.lang, weekday=True)
        st.write(tr("signoff.has_link", name=name, day=day))
    made = _made_key(cid, player.id)
    c1, c2 = st.columns(2)
    if c1.button(tr("signoff.make"), key=f"signoff_make_{cid}_{player.id}"):

        def make(director: object) -> None:
            secret = signoff.make_token(run.store, cid, player.id, actor=director, now=now)  # type: ignore[arg-type]
            st.session_state[made] = secret

        state.write(run, make, tr("signoff.made", name=name))
    if live is not None and c2.button(
        tr("signoff.revoke"), key=f"signoff_revoke_{cid}_{player.id}"
    ):
        count = signoff.unrevoked_links(run.store, cid, player.id)
        state.write(
            run,
            lambda director: signoff.revoke(run.store, cid, player.id, actor=director, now=now),
            tr("signoff.revoked", name=name, count=count),
            forget_keys=[made],
        )
    secret = st.session_state.get(made)
    if secret:
        show_card(run, player, secret)


def show_card(run: state.Ctx, player: Player, secret: str) -> None:
    """The new link (shown once: only its hash is stored) and its printable card."""
    url = signoff.member_link(st.context.url, secret)
    st.code(url, language=None)
    info = run.info
    competition = info.competition if info else ""
    svg = signoff.member_card_svg(url, player.name, competition, run.tr("signoff.card_text"))
    st.image(svg, caption=run.tr("signoff.card"), width=240)
    st.download_button(run.tr("signoff.card_download"), svg, file_name=f"afmelden-{player.id}.svg",
                       mime="image/svg+xml", key=f"signoff_card_{run.cid}_{player.id}")  # fmt: skip


def show_marks(run: state.Ctx, ruleset: Ruleset, marks: Sequence[Mark], *, used: bool) -> None:
    """Ronde's "wie wijzigde wat en wanneer": every member's mark of the round, newest first
    (in the club's time); ``used``: the list above starts from some of them."""
    if not marks:
        return
    st.markdown(f"#### {run.tr('signoff.marks')}")
    if used:
        st.caption(run.tr("signoff.marks_used"))
    zone = ZoneInfo(ruleset.attendance.deadline.timezone)
    rows = [
        {
            run.tr("app.col.player"): run.name(m.player),
            run.tr("signoff.col.choice"): rs.kind_label(m.choice, run.lang),
            run.tr("signoff.col.when"): when_words(m.marked_at.astimezone(zone), run.lang),
            run.tr("signoff.col.by"): by_words(run, m.by),
        }
        for m in reversed(marks)
    ]
    tables.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")


def when_words(moment: datetime, lang: Lang) -> str:
    """ "di 23-09-2025 12:00"."""
    return moment_text(moment, lang, weekday=True)


def by_words(run: state.Ctx, by: str) -> str:
    """Who made a mark: "Bas Vermeulen zelf" for a member's own, else the label."""
    member = by.removeprefix("member:")
    return run.tr("signoff.by_member", name=run.name(member)) if member != by else by
