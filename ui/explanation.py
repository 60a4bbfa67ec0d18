"""'Waarom veranderde mijn score?': the explanation block of the player page.

Two pickers, from round A (0: the start) to round B, A < B, by default the last two played
rounds of the scope; both are part of the link (``?van=``, ``?tot=``). The parts of the
score difference as sentences (``compcore.scoring.explain``, the core of ``compcore explain
--since``), then the total line. Numbers are written as the rest of the page writes them
(``ui.playerview.number``: the ruleset's decimals, the Dutch decimal comma); where that
rounds, the exact sentences are the tooltip. The player page calls :func:`render`;
everything is computed in compcore.
"""

from __future__ import annotations

from fractions import Fraction

import streamlit as st

from compcore.domain.errors import CompcoreError
from compcore.domain.model import Season
from compcore.scoring.explain import number_text, signed_text  # pure number formatting
from compcore.services import reading
from compcore.services.vocabulary import Explanation, Ruleset
from ui import playerview, state
from ui.markdown import md
from ui.state import Ctx


def rounds_to_explain(season: Season, ruleset: Ruleset, cycle: int | None) -> list[int]:
    """The played rounds the "to" picker offers: those of ``cycle`` (0-based) if given."""
    rounds = [r.number for r in season.played_rounds]
    if cycle is None:
        return rounds
    return [r.number for r in season.played_rounds if reading.cycle_of(r, ruleset) == cycle]


def rounds_before(season: Season, round_no: int) -> list[int]:
    """What the "from" picker offers for ``round_no``: 0 (the start) and every played round
    before it (an earlier cycle's too: the explanation then names the restart)."""
    return [0, *(r.number for r in season.played_rounds if r.number < round_no)]


def pick(run: Ctx, rounds: list[int], key: str) -> tuple[int, int]:
    """The two rounds the member picks, "from" beside "to": the link's (``?van=``,
    ``?tot=``) once, else the session's, else the last two played (the start before a
    first one); a "from" no longer before "to" becomes the round before it."""
    season = run.season()
    left, right = st.columns(2)
    with right:
        to = state.linked_select(
            run,
            run.tr("explain.to_picker"),
            list(reversed(rounds)),
            param=state.PARAM_TO,
            key=f"{key}_to",
            text=str,
            default=rounds[-1],
            format_func=lambda r: run.tr("explain.after_round", round=r),
        )
    before = rounds_before(season, to)
    with left:
        since = state.linked_select(
            run,
            run.tr("explain.from_picker"),
            list(reversed(before)),
            param=state.PARAM_FROM,
            key=f"{key}_from",
            text=str,
            default=before[-1],
            format_func=lambda r: run.tr("explain.after_round" if r else "explain.start", round=r),
        )
    return since, to


def render(run: Ctx, player_id: str, cycle: int | None = None) -> Explanation | None:
    """The block for ``player_id`` (``cycle``: 0-based, None for every played round);
    returns the explanation shown, if any."""
    season, ruleset = run.season(), run.ruleset()
    st.subheader(run.tr("explain.heading"))
    rounds = rounds_to_explain(season, ruleset, cycle)
    if not rounds:
        st.info(run.tr("explain.no_rounds"))
        return None
    since, to = pick(run, rounds, f"explain_{player_id}_{cycle}")
    try:
        result = reading.explain(season, ruleset, player_id, round=to, since=since)
    except CompcoreError as exc:
        st.info(md(exc.describe(run.lang)))
        return None
    show(run, ruleset, result)
    return result


def show(run: Ctx, ruleset: Ruleset, result: Explanation) -> None:
    """The scope line, one line per part, and the total; numbers as the page writes them
    (a part's: a whole number without decimals), the exact ones as the tooltip where that
    rounds."""
    if result.since:
        scope = run.tr("explain.scope", round=result.round, since=result.since)
    else:
        scope = run.tr("explain.scope.first", round=result.round)
    st.caption(scope)
    names = run.names()
    hidden: list[Fraction] = []

    def shown(value: Fraction) -> str:
        if playerview.rounded(value, ruleset, run):
            hidden.append(value)
        return playerview.number(value, ruleset, run, value_column=True)

    lines = [f"- {md(item.text(run.lang, names, shown))}" for item in result.items]
    total = run.tr(
        "explain.total",
        before=playerview.number(result.score_before, ruleset, run),
        after=playerview.number(result.score_after, ruleset, run),
        points=signed_text(result.difference, shown),
    )
    exact = run.tr(
        "explain.total",
        before=number_text(result.score_before),
        after=number_text(result.score_after),
        points=signed_text(result.difference),
    )
    rounded = bool(hidden) or any(
        playerview.rounded(v, ruleset, run) for v in (result.score_before, result.score_after)
    )
    details = [f"- {md(item.text(run.lang, names))}" for item in result.items]
    help_text = run.tr("explain.exactly") + "\n\n" + "\n".join([*details, "", md(exact)])
    st.markdown("\n".join(lines) if lines else run.tr("explain.nothing"))
    st.markdown(f"**{md(total)}**", help=help_text if rounded else None)
