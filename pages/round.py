"""Ronde / Round: attendance, pairing (with the why of every board), edits checked live,
publishing, the pairing sheet, results, finalizing, late re-pairing (DS-14) and undo.

The workflow is :mod:`compcore.services.round`; this page chooses the round and puts its
parts on screen: the attendance (``ui.round_attendance``), the proposal and the late
re-pairing (``ui.round_draft``), the changes after publishing (``ui.round_edits``), the
sheet and the results (``ui.round_results``), each given the round as this run shows it
(``ui.round_view.RoundView``). Each form remembers what it showed (``state.seen``), so a
save sends only what the director changed and is refused if someone else changed the same
thing meanwhile. Anyone who is not logged in sees the published pairing and the results.
"""

import streamlit as st

from compcore.present.winners_report import cup_status
from compcore.services import reading
from compcore.services import round as rs
from ui import (
    context,
    round_attendance,
    round_draft,
    round_edits,
    round_results,
    state,
    tables,
    unsaved,
)
from ui.markdown import md
from ui.round_view import RoundView

run = state.ctx()
tr = run.tr
st.title(tr("app.page.round"))
here = context.page(run, unsaved_notice=False)  # the rounds not shown: below
season, ruleset = run.season(), run.ruleset()
names = run.names()
cid = here.cid
engines = rs.engines(season)

choices = rs.round_choices(season, ruleset)
cup = rs.finished_cup(season, ruleset)
if cup is not None:  # MG-7: one player is left; no round can be opened
    st.info(tr("cup.over", round=cup.over_after) + " " + md(cup_status(cup, run.lang, names)))
round_key = f"round_no_{cid}"
if st.session_state.get(f"{round_key}_director") != (run.director is not None):
    st.session_state.pop(round_key, None)  # logged in or out: open on that role's round
    st.session_state[f"{round_key}_director"] = run.director is not None
number = state.linked_select(
    run,
    tr("app.round.choose"),
    choices,
    param=state.PARAM_ROUND,
    key=round_key,
    text=str,
    default=rs.opening_round(season, choices, director=run.director is not None, ruleset=ruleset),
    format_func=lambda n: (
        tr("app.round.label", number=n)
        + (tr("app.round.label_new") if n not in {r.number for r in season.rounds} else "")
    ),
)
stage = rs.stage(season, number)
unsaved.notice(run, but=number)
stored = rs.stored_round(season, number)
cycle = rs.round_cycle(season, ruleset, number)
if ruleset.shows_cycles:
    st.caption(tr("app.cycle_label", cycle=ruleset.cycle_label(cycle)))
director = run.director
#: DS-16: a round robin's schedule was made when it was created: its boards are not
#: edited and its rounds not deleted here; only results are entered
scheduled = reading.format_of(ruleset).scheduled
status = st.empty()  # the round's status, said once the draft is known (issue 22 item 2)


view = RoundView(
    run=run,
    season=season,
    ruleset=ruleset,
    names=names,
    cid=cid,
    number=number,
    stage=stage,
    stored=stored,
    cycle=cycle,
    director=director,
    engines=engines,
    scheduled=scheduled,
)
draft_key, late_key = view.draft_key, view.late_key

# --------------------------------------------------------------------------- the page

if director is None:
    if stage in ("new", "open"):
        st.info(tr("app.round.not_published", number=number))
    else:
        round_results.show_sheet(view)
    if run.login_enabled and run.login is None:  # (logged in for another club: the sidebar says so)
        st.caption(tr("app.round.login_hint"))
elif stage in ("new", "open") or draft_key in st.session_state:
    round_draft.restore_draft(view, draft_key, late=False)
    proposed = stage == "open" and draft_key in st.session_state
    status.caption(tr("app.round.stage.proposed" if proposed else f"app.round.stage.{stage}"))
    if draft_key in st.session_state:
        st.subheader(tr("app.round.proposal", number=number))
        round_draft.show_draft(view, st.session_state[draft_key], draft_key)
    else:
        round_attendance.attendance(view)
    round_attendance.undo(view)
    tables.warm_up()  # the sheet's table code loads now, not on the publish click
else:
    status.caption(tr(f"app.round.stage.{stage}"))
    round_results.show_sheet(view)
    if stage == "published":
        round_draft.restore_draft(view, late_key, late=True)
    if stage == "published" and (ruleset.pairing.late_repairing or late_key in st.session_state):
        round_draft.late_repairing(view)
    if late_key not in st.session_state:
        if stage == "published" and not scheduled:
            round_edits.published_changes(view)
        round_results.results_form(view)
    if stage == "complete":
        st.divider()
        round_results.reopen(view)
    if not scheduled:
        round_attendance.undo(view)
