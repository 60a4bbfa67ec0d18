"""Read-only reshaping of compcore's results into DataFrames and texts for display.

Cells are formatted by :mod:`compcore.present.reports` (the same rounding and Dutch decimal
comma as the command line); headers are compcore's column words (KC-14 abbreviations in NL).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pandas as pd
import streamlit as st
from pandas.io.formats.style import Styler
from streamlit.elements.lib.column_types import ColumnConfig

from compcore.domain.errors import Label
from compcore.domain.model import Kind, Round, Season
from compcore.i18n import Lang, t
from compcore.present import reports
from compcore.services.vocabulary import Row, Ruleset, Standings
from ui import device, links

#: columns shown left-aligned (text); the rest are numbers, right-aligned
_TEXT_COLUMNS = {"name", "alternation"}


def dataframe(data: Any, **options: Any) -> Any:
    """``st.dataframe`` as every page shows a table: a missing value is an empty cell, not
    Streamlit's English "None" on a Dutch screen. On a phone (issue 22 item 5) the first
    columns stay in view while the rest scrolls (:func:`phone_pins`), and a tap on a
    player's name opens the player's page (:func:`ui.links.tap_options`: a link cell's
    first tap in a phone's browser selects the cell and does not follow the link)."""
    links.follow_tap()
    if device.on_phone():
        frame = data.data if isinstance(data, Styler) else data
        if isinstance(frame, pd.DataFrame) and len(frame.columns):
            config = phone_pins(frame, dict(options.pop("column_config", None) or {}))
            options["column_config"] = config
            if "on_select" not in options:
                options.update(links.tap_options(frame, config))
    return st.dataframe(data, placeholder="", **options)


def _pinned(entry: Any) -> bool | None:
    return entry.get("pinned") if isinstance(entry, dict) else None


#: the longest text (characters) of a first column narrow enough to pin the next one too
NARROW = 8


def phone_pins(frame: pd.DataFrame, config: dict[str, Any]) -> dict[str, Any]:
    """``config`` with the table's first columns pinned, unless it pins some itself: the
    first column, and the second too where the first is narrow (a number: a place, a
    round, a group; or short texts: a player's id), so that "Pl" and "Naam" stay in view
    while the rest scrolls under them on a phone's 390 px."""
    columns = [str(c) for c in frame.columns]
    if any(_pinned(config.get(c)) for c in columns):
        return config
    first = frame[frame.columns[0]]
    short = pd.api.types.is_numeric_dtype(first) or first.astype(str).str.len().max() <= NARROW
    pinned = columns[:2] if len(columns) > 2 and short else columns[:1]
    out = dict(config)
    for column in pinned:
        entry = out.get(column)
        if isinstance(entry, dict):
            out[column] = {**entry, "pinned": True}
        elif entry is None and column not in out:
            out[column] = {"pinned": True}
        elif isinstance(entry, str):
            out[column] = {"label": entry, "pinned": True}
    return out


#: the key of the hidden block :func:`warm_up` draws (``ui/printing.py`` hides it)
WARM_UP = "cc-warm-up"


def warm_up() -> None:
    """An empty table in a block hidden on screen and on paper. The browser loads the code
    that draws a table (Streamlit's grid, ~0.4 s of JavaScript to fetch and compile) the
    first time a page shows one; drawn while the director marks attendance, that happens
    then, not on the publish click that first shows the pairing sheet (issue 19: the first
    publish of a browser session took 0.9 s, the others 0.25 s)."""
    with st.container(key=WARM_UP):
        dataframe(pd.DataFrame(), height=40)


def result_label(value: str | None, lang: Lang) -> str:
    """A result as the clubs write it (R: reglementair, a forfeit): ``reports.result_text``."""
    return reports.result_text(value, lang)


def _number(row: Row, column: str) -> float | int | None:
    """A numeric column's value for one row (sortable as a number), unrounded."""
    if column in row.tie_breaks:
        value = row.tie_breaks[column]
    elif column in row.info:
        value = row.info[column]
    else:
        value = getattr(row, column)
    if value is None or isinstance(value, int):
        return value
    return float(value)


def _name_text(row: Row, lang: Lang) -> str:
    text = row.name
    if row.withdrawn:
        text += t("app.standings.withdrawn_mark", lang)
    if row.virtual:
        text += t("app.standings.engine_mark", lang)
    return text


def with_changes(table: Standings, columns: tuple[str, ...]) -> tuple[str, ...]:
    """``columns`` with the change since the previous round next to what changed (issue 10,
    item 3): the places gained after the place, the points gained after the points (where
    ``columns`` has them; the compact view has no room for the points). Standings with no
    previous round to compare with get none."""
    if len(table.snapshots) < 2:
        return columns
    out: list[str] = []
    for column in columns:
        out.append(column)
        if column == "rank":
            out.append("place_change")
        elif column == "score" and columns == table.columns:
            out.append("points_change")
    return tuple(out)


def _arrow(places: int | None) -> str:
    """A place change as the phone shows it: ▲2 up two, ▼1 down one, = the same."""
    if places is None:
        return ""
    return f"▲{places}" if places > 0 else f"▼{-places}" if places < 0 else "="


def standings_frame(table: Standings, ruleset: Ruleset, lang: Lang) -> pd.DataFrame:
    """The standings with the preset's columns and the change columns
    (:func:`with_changes`), headers in ``lang``: numbers as numbers (a column sorts as
    numbers), texts as text. :func:`standings_view` shows them."""
    data: dict[str, list[object]] = {}
    shown = with_changes(table, table.columns)
    for column in shown:
        header = reports.header(column, lang)
        if column == "name":
            data[header] = [_name_text(row, lang) for row in table.rows]
        elif column in _TEXT_COLUMNS:
            data[header] = [reports.cell(row, column, ruleset.display_decimals, lang)
                            for row in table.rows]  # fmt: skip
        else:
            data[header] = [_number(row, column) for row in table.rows]
    frame = pd.DataFrame(data, columns=[reports.header(c, lang) for c in shown])
    for column in shown:  # a column of whole numbers with a gap stays whole
        header = reports.header(column, lang)
        if column not in _TEXT_COLUMNS and all(
            isinstance(v, int) or v is None for v in data[header]
        ):
            frame[header] = pd.array(data[header], dtype="Int64")
    return frame


def compact_columns(table: Standings, ruleset: Ruleset) -> tuple[str, ...]:
    """The columns a phone shows first (issue 9, item 8): place, name, points, and what
    decides between equal points: the value for a Keizer ruleset (KC-14), else the
    ruleset's first tie-break other than the initial order (LA-10 wins, PP-6 SB), if any."""
    wanted = ["rank", "name", "score"]
    if ruleset.is_keizer:
        wanted.append("value")
    else:
        wanted += [b for b in ruleset.tie_breaks if b != "initial-order"][:1]
    return tuple(c for c in wanted if c in table.columns)


def standings_view(
    table: Standings,
    ruleset: Ruleset,
    lang: Lang,
    columns: tuple[str, ...] | None = None,
    link: Callable[[str, str], str] | None = None,
) -> Styler:
    """The numeric standings frame, each cell shown as :func:`reports.cell` writes it (the
    rounding and the Dutch decimal comma of the command line); sorting uses the numbers.
    ``columns``: only these (default: all, :func:`with_changes`). ``link(player, name)``:
    each name becomes that address (the player's page; :func:`standings_columns` with
    ``linked`` shows it as the name)."""
    columns = with_changes(table, table.columns) if columns is None else columns
    frame = standings_frame(table, ruleset, lang)[[reports.header(c, lang) for c in columns]]
    if link is not None and "name" in columns:
        name = reports.header("name", lang)
        frame[name] = [link(row.player, text) for row, text in zip(table.rows, frame[name], strict=True)]  # fmt: skip
    styler = frame.style
    if link is not None and "name" in columns:  # the cell's text is the name, not the address
        styler = styler.format(links.shown_name, subset=[reports.header("name", lang)])
    for column in columns:
        if column in _TEXT_COLUMNS:
            continue
        header = reports.header(column, lang)
        shown = {_number(row, column): _text(row, column, ruleset, lang) for row in table.rows}
        gap = t("app.standings.new_mark", lang) if column == "place_change" else ""
        styler = styler.format(_lookup(shown), subset=[header], na_rep=gap)
    return styler


def standings_texts(
    table: Standings, ruleset: Ruleset, lang: Lang, columns: tuple[str, ...]
) -> pd.DataFrame:
    """The standings as :func:`standings_view` shows them, every cell its text (a print
    copy, :func:`ui.printing.table`): the same headers, names and formatted numbers."""
    return pd.DataFrame(
        [[_shown(row, column, ruleset, lang) for column in columns] for row in table.rows],
        columns=[reports.header(c, lang) for c in columns],
    )


def _shown(row: Row, column: str, ruleset: Ruleset, lang: Lang) -> str:
    """One standings cell as the screen shows it (a newcomer's place change: the new mark)."""
    if column == "name":
        return _name_text(row, lang)
    if column in _TEXT_COLUMNS:
        return reports.cell(row, column, ruleset.display_decimals, lang)
    if column == "place_change" and row.place_change is None:
        return t("app.standings.new_mark", lang)
    return _text(row, column, ruleset, lang)


def _text(row: Row, column: str, ruleset: Ruleset, lang: Lang) -> str:
    """A cell as shown: the place change as an arrow (:func:`_arrow`), the rest as the
    command line writes it."""
    if column == "place_change":
        return _arrow(row.place_change)
    return reports.cell(row, column, ruleset.display_decimals, lang)


def _lookup(shown: Mapping[Any, str]) -> Callable[[object], str]:
    def text(value: object) -> str:
        found = shown.get(value)  # the texts are never None: a miss is a value not shown
        if found is not None:
            return found
        return "" if pd.isna(value) else str(value)

    return text


def standings_columns(
    table: Standings,
    lang: Lang,
    columns: tuple[str, ...] | None = None,
    linked: bool = False,
    phone: bool = False,
) -> dict[str, ColumnConfig]:
    """Narrow columns with the full meaning as a tooltip; the place, its change and the
    name pinned; numbers as number columns (their text from :func:`standings_view`).
    ``linked``: the names are links to the player's page (``standings_view(link=...)``).
    ``phone``: narrower still, so that the compact view fits 390 px (:func:`_width`)."""
    config = {}
    full = with_changes(table, table.columns)
    for column in full if columns is None else columns:
        header = reports.header(column, lang)
        kind: Callable[..., ColumnConfig] = (
            links.name_column
            if linked and column == "name"
            else st.column_config.TextColumn
            if column in _TEXT_COLUMNS
            else st.column_config.NumberColumn
        )
        config[header] = kind(
            header,
            width=_width(column, compact=columns is not None and columns != full, phone=phone),
            help=t(f"app.colhelp.{column}", lang),
            pinned=column in ("rank", "place_change", "name"),
            alignment="left" if column in _TEXT_COLUMNS else "right",
        )
    return config


#: a phone's widths in px (issue 22 item 5): Pl, ±Pl, the name as long as the longest
#: and two numbers ("392,50", "Punten") fit the 358 px a 390 px screen leaves the table
PHONE_PLACE, PHONE_NUMBER = 40, 64


def _width(column: str, *, compact: bool, phone: bool = False) -> str | int | None:
    """A place needs little room; the name gets 200 px, or just what the names need in
    the compact view (four columns in a phone's 390 px) and on a phone (pinned, never
    cut: the columns after it scroll)."""
    if column in ("rank", "place_change"):
        return PHONE_PLACE if phone else 48
    if column == "name":
        return None if compact or phone else "medium"
    return PHONE_NUMBER if phone else "small"


def how_computed(table: Standings, lang: Lang, names: Mapping[str, str]) -> list[str]:
    """How the standings were computed (mode, iterations, oscillation and who swaps)."""
    diag = reports.diagnostics(table)
    lines = [t("app.standings.mode", lang, mode=t(f"diag.mode.{diag['mode']}", lang))]
    if diag["oscillated"]:
        swapping = ", ".join(names.get(p, p) for p in diag["swapping"])
        lines.append(t("diag.oscillated", lang, iterations=diag["iterations"], players=swapping))
    elif diag["mode"] == "iterate":
        lines.append(t("diag.fixed", lang, iterations=diag["iterations"]))
    used = reports.values_used_line(table, lang, names)
    if used:
        lines.append(used)
    for item in diag["rounds"]:
        if item["oscillated"]:
            swapping = ", ".join(names.get(p, p) for p in item.get("swapping", ()))
            lines.append(
                t("app.standings.round_oscillated", lang, round=item["round"], players=swapping,
                  iterations=item["iterations"])
            )  # fmt: skip
    return lines


def tie_lines(table: Standings, lang: Lang) -> list[str]:
    """For every two neighbours on equal points, why the upper one is ahead (issue 10,
    item 3): "Anna staat voor Bert (beiden 12): WP 10½ tegen 8"."""
    return [reason.phrase.render(lang) for reason in table.ties]


def rounds_frame(table: Standings, lang: Lang) -> pd.DataFrame:
    """Per round of the scope: the mode and the iterations it took."""
    diag = reports.diagnostics(table)
    return pd.DataFrame(
        {
            t("app.standings.col_round", lang): [r["round"] for r in diag["rounds"]],
            t("app.standings.col_mode", lang): [
                t(f"diag.mode.{r['mode']}", lang) for r in diag["rounds"]
            ],
            t("app.standings.col_iterations", lang): [r["iterations"] for r in diag["rounds"]],
            t("app.standings.col_oscillated", lang): [
                t("app.yes", lang) if r["oscillated"] else "" for r in diag["rounds"]
            ],
        }
    )


def flag_label(flag: str, lang: Lang) -> str:
    """A player's flag in words where the catalogue has them (``engine-opt-in``: "speelt
    tegen de computer"); a club's own flag as written."""
    return Label("flag", flag).render(lang)


def flags_text(flags: tuple[str, ...] | None, lang: Lang) -> str:
    return ", ".join(flag_label(f, lang) for f in flags or ())


def _whole(values: list[int | None]) -> pd.arrays.IntegerArray:
    """Whole numbers with gaps (no rating yet): sorted as numbers, a gap shown empty."""
    return pd.array(values, dtype="Int64")


def players_frame(season: Season, lang: Lang) -> pd.DataFrame:
    """The roster as stored; rating, strength and rounds as numbers (sorted as numbers)."""
    players = season.players
    return pd.DataFrame(
        {
            t("app.players.col_id", lang): [p.id for p in players],
            t("app.players.col_name", lang): [p.name for p in players],
            t("app.players.col_rating", lang): _whole([p.rating for p in players]),
            t("app.players.col_strength", lang): _whole([p.strength for p in players]),
            t("app.players.col_level", lang): [p.level or "" for p in players],
            t("app.players.col_flags", lang): [flags_text(p.flags, lang) for p in players],
            t("app.players.col_participation", lang): [
                t(f"app.participation.{p.participation or 'always'}", lang) for p in players
            ],
            t("app.players.col_joined", lang): _whole([p.joined_round for p in players]),
            t("app.players.col_withdrawn", lang): _whole([p.withdrawn_round for p in players]),
            t("app.players.col_engine", lang): [
                t("app.yes", lang) if p.is_engine else "" for p in players
            ],
        }
    )


def players_view(season: Season, lang: Lang) -> Styler:
    """The roster as the page shows it: a gap (no rating, no joined round) is an empty
    cell; unstyled, the browser's table writes an English "None" there."""
    return players_frame(season, lang).style.format(na_rep="")


def entries_frame(rnd: Round, lang: Lang, names: Mapping[str, str]) -> pd.DataFrame:
    """A round's non-game entries (bye, absences, ...), by kind."""
    rows = [
        {t("app.col.player", lang): names.get(pid, pid), t("app.col.kind", lang): t(f"kind.{kind.value}", lang)}
        for pid, kind in (rnd.entries or {}).items()
        if kind is not Kind.NOT_PARTICIPATING
    ]  # fmt: skip
    return pd.DataFrame(rows, columns=[t("app.col.player", lang), t("app.col.kind", lang)])
