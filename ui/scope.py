"""Which standings a page shows: the cycle (where the ruleset has cycles) and the rounds
played in it, with cycles named as the club numbers them. Shared by the standings, trends
and overview pages."""

from __future__ import annotations

import streamlit as st

from compcore.services import reading
from compcore.services.vocabulary import Ruleset, Standings
from ui import state
from ui.state import Ctx


def played_rounds_of_cycle(run: Ctx, key: str) -> tuple[int | None, list[int]]:
    """The cycle the user picks (0-based; None where the ruleset shows no cycles) and the
    numbers of its complete rounds; stops the page with a message when nothing has been
    played yet. The picker shows the club's numbers (DS-17: Cyclus 0, 1, 2; PP-5: 1, 2, 3),
    and so does the link (``?cyclus=``)."""
    season, ruleset = run.season(), run.ruleset()
    last = reading.last_complete_round(season)
    if last == 0:
        st.info(run.tr("app.standings.none_played"))
        st.stop()
    complete = [r for r in season.played_rounds if r.number <= last]
    if not ruleset.shows_cycles:
        return None, [r.number for r in complete]
    cycles = reading.cycles_of(complete, ruleset)
    cycle = state.linked_select(
        run,
        run.tr("app.col.cycle"),
        cycles,
        param=state.PARAM_CYCLE,  # as the club numbers it: ?cyclus=1 is "Cyclus 1"
        key=f"{key}_cycle_{run.cid}",
        text=lambda c: str(ruleset.cycle_label(c)),
        default=cycles[-1],
        format_func=lambda c: run.tr("app.cycle_label", cycle=ruleset.cycle_label(c)),
    )
    return cycle, [r.number for r in complete if reading.cycle_of(r, ruleset) == cycle]


def caption(run: Ctx, ruleset: Ruleset, table: Standings) -> str:
    """The standings' scope as a caption (e.g. ``Cyclus 1 · stand na ronde 12``), the cycle
    as the club numbers it."""
    shown = run.tr("app.standings.scope", round=table.after_round)
    if table.cycle is None:
        return shown
    return run.tr("app.cycle_label", cycle=ruleset.cycle_label(table.cycle)) + " · " + shown
