"""Which standings a page shows: the cycle (where the ruleset restarts per cycle) and the
rounds played in it. Shared by the standings and trends pages."""

from __future__ import annotations

import streamlit as st

from compcore.history import cycle_of
from compcore.scoring.standings import last_complete_round
from ui.state import Ctx


def played_rounds_of_cycle(run: Ctx, key: str) -> tuple[int | None, list[int]]:
    """The cycle the user picks (None where standings never restart) and the numbers of its
    complete rounds; stops the page with a message when nothing has been played yet."""
    season, ruleset = run.season(), run.ruleset()
    last = last_complete_round(season)
    if last == 0:
        st.info(run.tr("app.standings.none_played"))
        st.stop()
    complete = [r for r in season.played_rounds if r.number <= last]
    if not ruleset.restarts_per_cycle:
        return None, [r.number for r in complete]
    cycles = sorted({cycle_of(r, ruleset) for r in complete})
    cycle = st.selectbox(
        run.tr("app.col.cycle"),
        cycles,
        index=len(cycles) - 1,
        format_func=lambda c: run.tr("app.cycle_label", cycle=c),
        key=f"{key}_cycle_{run.cid}",
    )
    return cycle, [r.number for r in complete if cycle_of(r, ruleset) == cycle]
