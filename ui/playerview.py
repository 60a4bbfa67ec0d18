"""The player page's pieces (issue 10, item 1): the round table, the summary and the total
line, numbers written one way on the whole page (issue 22 item 6): as the standings show
them (the ruleset's decimals, the Dutch decimal comma); where that rounds, the exact number
is a detail, in a tooltip ("precies 17⅓"), never beside it in the text."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from operator import attrgetter
from typing import Any

import pandas as pd
import streamlit as st
from pandas.io.formats.style import Styler
from streamlit.elements.lib.column_types import ColumnConfig

from compcore.domain.model import Game, Season
from compcore.present import reports
from compcore.scoring.explain import number_text  # pure number formatting: 17⅓
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
    a Keizer value as the value column does (a whole value without decimals)."""
    value = Fraction(value)
    if value_column and value.denominator == 1:
        return str(value.numerator)
    return reports.decimal(value, ruleset.display_decimals, run.lang)


def rounded(value: Fraction | int, ruleset: Ruleset, run: Ctx) -> bool:
    """Whether :func:`number` writes ``value`` rounded (so its exact form is worth a tooltip)."""
    return Fraction(number(value, ruleset, run).replace(",", ".")) != value


def exactly(run: Ctx, ruleset: Ruleset, **numbers: Fraction | None) -> str | None:
    """The tooltip with the exact ``points`` and ``value`` that :func:`number` rounds
    ("Precies: 111⅚ punten · waarde 77⅚"), None when it rounds none of them."""
    parts = [
        run.tr(f"app.player.exact.{what}", **{what: number_text(Fraction(v))})
        for what, v in numbers.items()
        if v is not None and rounded(v, ruleset, run)
    ]
    return run.tr("app.player.exact", what=" · ".join(parts)) if parts else None


def written(run: Ctx, ruleset: Ruleset, *, value_column: bool = False) -> Callable[[Fraction], str]:
    """A number as a chart's tooltip writes it: :func:`number`, and where that rounds the
    exact number after it (a tooltip is a detail)."""

    def text(value: Fraction) -> str:
        shown = number(value, ruleset, run, value_column=value_column)
        if not rounded(value, ruleset, run):
            return shown
        return run.tr("app.player.exactly", shown=shown, exact=number_text(value))

    return text


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


#: the columns' widths in px on a phone (:func:`compact_order`): together about 356, what a
#: 390 px screen has beside the page's margins, so the points are not cut off
PHONE_WIDTHS = {"round": 48, "kind": 80, "opponent": 108, "value": 56, "points": 64}


def rounds_columns(run: Ctx, ruleset: Ruleset, *, phone: bool = False) -> dict[str, ColumnConfig]:
    """Narrow number columns, the opponent a link; the value column only for Keizer; on a
    ``phone`` the compact columns as wide as :data:`PHONE_WIDTHS` says."""
    head = {c: run.tr(f"app.player.col.{c}") for c in COLUMNS}
    width: dict[str, Any] = PHONE_WIDTHS if phone else {"round": 56, "value": "small",
                                                        "points": "small"}  # fmt: skip
    config: dict[str, ColumnConfig] = {
        head["round"]: st.column_config.NumberColumn(
            head["round"], width=width["round"], pinned=True
        ),
        head["opponent"]: links.name_column(head["opponent"], width=width.get("opponent")),
        head["value"]: st.column_config.NumberColumn(head["value"], width=width["value"]),
        head["points"]: st.column_config.NumberColumn(head["points"], width=width["points"]),
    }
    if "kind" in width:
        config[head["kind"]] = st.column_config.TextColumn(head["kind"], width=width["kind"])
    if not ruleset.is_keizer:
        config[head["value"]] = None  # type: ignore[assignment]  # a point system has none
    return config


def compact_order(run: Ctx, ruleset: Ruleset) -> tuple[str, ...]:
    """The columns a phone shows (about 390 px): round, kind, opponent, value (Keizer) and
    points; colour and the board's result are left out there."""
    shown = ["round", "kind", "opponent", *(["value"] if ruleset.is_keizer else []), "points"]
    return tuple(run.tr(f"app.player.col.{c}") for c in shown)


def summary(run: Ctx, ruleset: Ruleset, row: Row) -> tuple[str, str | None]:
    """Place, score and (Keizer) value, as the standings show them; and the tooltip with
    the exact ones (:func:`exactly`)."""
    text = run.tr("app.player.summary", name=md(row.name), rank=row.rank,
                  score=number(row.score, ruleset, run))  # fmt: skip
    if row.value is not None:
        text += " · " + run.tr(
            "app.player.value", value=number(row.value, ruleset, run, value_column=True)
        )
    return text, exactly(run, ruleset, points=row.score, value=row.value)


def total_line(run: Ctx, ruleset: Ruleset, lines: PlayerRounds, row: Row) -> tuple[str, str | None]:
    """The lines' total over how many rounds (one: "1 ronde"); it is the standings score
    (said so, or the difference named); and the tooltip with the exact total."""
    total = number(lines.total, ruleset, run)
    count = len(lines.lines)
    help_text = exactly(run, ruleset, points=lines.total)
    if lines.total == row.score:
        key = "app.player.total.one" if count == 1 else "app.player.total"
        return run.tr(key, total=total, count=count), help_text
    return run.tr("app.player.total_differs", total=total,
                  score=number(row.score, ruleset, run)), help_text  # fmt: skip


def chart_texts(
    run: Ctx, ruleset: Ruleset
) -> tuple[Callable[[Fraction], str], Callable[[Fraction], str]]:
    """How the charts' tooltips write a score and a value (:func:`written`)."""
    return written(run, ruleset), written(run, ruleset, value_column=True)


def chart_labels(run: Ctx) -> dict[str, str]:
    return {
        "round": run.tr("app.chart.round"),
        "rank": run.tr("app.chart.rank"),
        "value": run.tr("app.chart.value"),
        "score": run.tr("app.chart.score"),
    }
