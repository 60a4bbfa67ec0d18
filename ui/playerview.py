"""The player page's pieces (issue 10, item 1): the round table, the summary and the total
line, numbers shown as the standings show them (the ruleset's decimals, the Dutch decimal
comma) and, where that rounds, exactly as well ("17,33 (precies 52/3)")."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from operator import attrgetter

import pandas as pd
import streamlit as st
from pandas.io.formats.style import Styler
from streamlit.elements.lib.column_types import ColumnConfig

from compcore.domain.model import Game, Season
from compcore.present import reports
from compcore.services.vocabulary import Contribution, PlayerRounds, Row, Ruleset
from ui import links, query, state, tables
from ui.markdown import md
from ui.state import Ctx

COLUMNS = ("round", "kind", "opponent", "colour", "result", "value", "points")


def default_player(run: Ctx, options: Sequence[str]) -> str:
    """The player this session last linked to (a tap on a name, the picker), else the
    leader of the current standings, else the first by name."""
    written = st.session_state.get(query.WRITTEN_KEY, {}).get(state.PARAM_PLAYER)
    if written in options:
        return str(written)
    table = run.standings()
    leader = table.order[0] if table.rows else None
    if leader is not None and leader in options:
        return leader
    return options[0]


def number(value: Fraction | int, ruleset: Ruleset, run: Ctx, *, value_column: bool = False) -> str:
    """Points as the standings show a score (``reports.decimal``: "2,0" with one decimal),
    a Keizer value as the value column does (a whole value without decimals), and the
    exact fraction when that rounds ("17,33 (precies 52/3)")."""
    value = Fraction(value)
    if value_column and value.denominator == 1:
        return str(value.numerator)
    shown = reports.decimal(value, ruleset.display_decimals, run.lang)
    if Fraction(shown.replace(",", ".")) == value:
        return shown
    return run.tr("app.player.exactly", shown=shown, exact=reports.exact(value))


def _games(season: Season, pid: str) -> dict[int, Game]:
    return {
        rnd.number: game
        for rnd in season.played_rounds
        for game in rnd.games or ()
        if pid in (game.white, game.black)
    }


def _kind_text(run: Ctx, line: Contribution) -> str:
    text = run.tr(f"kind.{line.entry.kind.value}")
    if line.over_cap:
        text += " " + run.tr("app.player.over_cap")
    if line.averaged:
        text += " " + run.tr("app.player.averaged")
    return text


def rounds_frame(run: Ctx, season: Season, lines: PlayerRounds) -> pd.DataFrame:
    """One row per entry: round, kind, opponent (a link to his page), colour, the board's
    result, the value it was scored with and the points (numbers, sortable as numbers)."""
    games = _games(season, lines.player)
    rows = []
    for line in lines.lines:
        entry, game = line.entry, games.get(line.round)
        opponent = entry.opponent
        rows.append(
            {
                "round": line.round,
                "kind": _kind_text(run, line),
                "opponent": links.player_url(run, opponent, run.name(opponent))
                if opponent
                else None,
                "colour": run.tr(f"colour.name.{entry.colour}") if entry.colour else "",
                "result": tables.result_label(
                    game.result.value if game and game.result else None, run.lang
                ),
                "value": None if line.value is None else float(line.value),
                "points": float(line.points),
            }
        )
    frame = pd.DataFrame(rows, columns=list(COLUMNS))
    return frame.rename(columns={c: run.tr(f"app.player.col.{c}") for c in COLUMNS})


def rounds_view(run: Ctx, season: Season, ruleset: Ruleset, lines: PlayerRounds) -> Styler:
    """:func:`rounds_frame` with values and points written as the standings write them."""
    frame = rounds_frame(run, season, lines)
    styler = frame.style.format(
        links.shown_name, subset=[run.tr("app.player.col.opponent")], na_rep=""
    )
    for column, get in (("value", attrgetter("value")), ("points", attrgetter("points"))):
        shown = {float(get(c)): number(get(c), ruleset, run, value_column=column == "value")
                 for c in lines.lines if get(c) is not None}  # fmt: skip
        header = run.tr(f"app.player.col.{column}")
        styler = styler.format(
            lambda v, shown=shown: "" if pd.isna(v) else shown.get(v, str(v)),
            subset=[header],
            na_rep="",
        )
    return styler


def rounds_columns(run: Ctx, ruleset: Ruleset) -> dict[str, ColumnConfig]:
    """Narrow number columns, the opponent a link; the value column only for Keizer."""
    head = {c: run.tr(f"app.player.col.{c}") for c in COLUMNS}
    config: dict[str, ColumnConfig] = {
        head["round"]: st.column_config.NumberColumn(head["round"], width=56, pinned=True),
        head["opponent"]: links.name_column(head["opponent"]),
        head["value"]: st.column_config.NumberColumn(head["value"], width="small"),
        head["points"]: st.column_config.NumberColumn(head["points"], width="small"),
    }
    if not ruleset.is_keizer:
        config[head["value"]] = None  # type: ignore[assignment]  # a point system has none
    return config


def compact_order(run: Ctx, ruleset: Ruleset) -> tuple[str, ...]:
    """The columns a phone shows (about 390 px): round, kind, opponent, value (Keizer) and
    points; colour and the board's result are left out there."""
    shown = ["round", "kind", "opponent", *(["value"] if ruleset.is_keizer else []), "points"]
    return tuple(run.tr(f"app.player.col.{c}") for c in shown)


def summary(run: Ctx, ruleset: Ruleset, row: Row) -> str:
    """Place, score and (Keizer) value, as the standings show them."""
    text = run.tr("app.player.summary", name=md(row.name), rank=row.rank,
                  score=number(row.score, ruleset, run))  # fmt: skip
    if row.value is not None:
        text += " · " + run.tr(
            "app.player.value", value=number(row.value, ruleset, run, value_column=True)
        )
    return text


def total_line(run: Ctx, ruleset: Ruleset, lines: PlayerRounds, row: Row) -> str:
    """The lines' total; it is the standings score (said so, or the difference named)."""
    total = number(lines.total, ruleset, run)
    if lines.total == row.score:
        return run.tr("app.player.total", total=total, count=len(lines.lines))
    return run.tr("app.player.total_differs", total=total,
                  score=number(row.score, ruleset, run))  # fmt: skip


def chart_labels(run: Ctx) -> dict[str, str]:
    return {
        "round": run.tr("app.chart.round"),
        "rank": run.tr("app.chart.rank"),
        "value": run.tr("app.chart.value"),
        "score": run.tr("app.chart.score"),
    }
