"""The director's reminder, on every page, of results he entered and did not save (issue
22 item 1): they are kept (``compcore.services.result_entry``), but count only once saved,
so leaving the round with them is said in the sidebar, with the way back."""

from __future__ import annotations

import streamlit as st

from compcore.domain.errors import CompcoreError
from compcore.services import result_entry as entry
from compcore.services import round as rs
from compcore.services.competitions import link_key
from ui import state


def notice(run: state.Ctx, *, but: int | None = None) -> None:
    """Each published round of the chosen competition (except round ``but``, on screen)
    whose entered results are not saved yet, with a link to it; for a director only."""
    if run.director is None or run.cid is None:
        return
    season = run.season()
    for rnd in season.rounds:
        if rnd.number == but or rs.stage(season, rnd.number) != "published":
            continue
        try:
            applied = entry.apply(rnd, entry.entered(run.store, run.cid, rnd.number))
        except CompcoreError:
            continue  # an unreadable draft is the Ronde page's to say
        count = len(applied.pending)
        if not count:
            continue
        st.sidebar.warning(run.tr("app.entry.elsewhere", number=rnd.number, count=count))
        params = {state.PARAM_ROUND: str(rnd.number)}
        if run.info is not None:
            params[state.PARAM_COMPETITION] = link_key(run.info)
        st.sidebar.page_link(
            "pages/round.py", label=run.tr("app.entry.go_back"), query_params=params
        )
