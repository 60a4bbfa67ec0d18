"""'Waarom veranderde mijn score?': the explanation block of the player page.

A round picker (default: the last played round of the scope) and the parts of the score
difference as sentences with exact points (``compcore.scoring.explain``), then the total line.
The player page calls :func:`render`; everything is computed in compcore.
"""

from __future__ import annotations

import streamlit as st

from compcore.domain.errors import CompcoreError
from compcore.domain.model import Season
from compcore.scoring.explain import number_text, signed_text  # pure number formatting
from compcore.services import reading
from compcore.services.vocabulary import Explanation, Ruleset
from ui.markdown import md
from ui.state import Ctx


def rounds_to_explain(season: Season, ruleset: Ruleset, cycle: int | None) -> list[int]:
    """The played rounds the picker offers: those of ``cycle`` (0-based) if given."""
    rounds = [r.number for r in season.played_rounds]
    if cycle is None:
        return rounds
    return [r.number for r in season.played_rounds if reading.cycle_of(r, ruleset) == cycle]


def render(run: Ctx, player_id: str, cycle: int | None = None) -> Explanation | None:
    """The block for ``player_id`` (``cycle``: 0-based, None for every played round);
    returns the explanation shown, if any."""
    season, ruleset = run.season(), run.ruleset()
    st.subheader(run.tr("explain.heading"))
    rounds = rounds_to_explain(season, ruleset, cycle)
    if not rounds:
        st.info(run.tr("explain.no_rounds"))
        return None
    chosen = st.selectbox(
        run.tr("explain.round_picker"),
        list(reversed(rounds)),
        key=f"explain_round_{player_id}_{cycle}",
    )
    try:
        result = reading.explain(season, ruleset, player_id, round=chosen)
    except CompcoreError as exc:
        st.info(md(exc.describe(run.lang)))
        return None
    show(run, result)
    return result


def show(run: Ctx, result: Explanation) -> None:
    """The scope line, one line per part, and the total."""
    if result.since:
        scope = run.tr("explain.scope", round=result.round, since=result.since)
    else:
        scope = run.tr("explain.scope.first", round=result.round)
    st.caption(scope)
    names = run.names()
    lines = [f"- {md(item.text(run.lang, names))}" for item in result.items]
    st.markdown("\n".join(lines) if lines else run.tr("explain.nothing"))
    total = run.tr(
        "explain.total",
        before=number_text(result.score_before),
        after=number_text(result.score_after),
        points=signed_text(result.difference),
    )
    st.markdown(f"**{md(total)}**")
