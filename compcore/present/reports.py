"""Standings as text: a readable table, CSV and JSON (``spec/season-format.md``).

Scores are exact fractions inside compcore; here they are rounded for display only. JSON
keeps the unrounded score (``score``, as a JSON number) and the exact value as a fraction
string (``score_exact``), so members can check their points by hand.

Cycles are shown as the club numbers them (``Ruleset.cycle_label``: DS-17 cyclus 0, 1, 2;
PP-5 cycle 1, 2, 3); compcore counts them from 0 inside, as the season file does.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from itertools import repeat
from operator import attrgetter, itemgetter
from typing import Any

from compcore.i18n import Lang, t
from compcore.rules.rulesets import Ruleset
from compcore.scoring.rows import Row
from compcore.scoring.snapshot import Snapshot
from compcore.scoring.standings import Standings
from compcore.scoring.ties import TieReason


def exact(value: Fraction) -> str:
    return (
        str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    )


#: a result as the clubs write it: R (reglementair) marks a forfeit in Dutch, F in English
RESULT_TEXT = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "½-½", "1-0F": "1-0 R", "0-1F": "0-1 R",
               "0-0F": "0-0 R"}  # fmt: skip


def result_text(value: str | None, lang: Lang) -> str:
    """A result (its season-file value) in the one notation of the app, the printed sheets
    and the website (issue 22 item 9): ``½-½``, ``1-0 R`` (Dutch) / ``1-0 F`` (English)."""
    if value is None:
        return ""
    text = RESULT_TEXT.get(value, value)
    return text if lang == "nl" else text.replace(" R", " F")


def decimal(value: Fraction | int | None, decimals: int, lang: Lang = "en") -> str:
    if value is None:
        return ""
    if isinstance(value, int):
        return str(value)
    # half away from zero, in exact arithmetic (3.11's Fraction has no format spec)
    scaled = abs(value) * 10**decimals
    units = int(scaled + Fraction(1, 2))
    sign = "-" if value < 0 and units else ""
    whole, part = divmod(units, 10**decimals)
    text = f"{sign}{whole}" + (f".{part:0{decimals}d}" if decimals else "")
    return text.replace(".", ",") if lang == "nl" else text


def cell(row: Row, column: str, decimals: int, lang: Lang) -> str:
    """A column's display text for one row."""
    return _text(*_source(row, column), column, decimals, lang)


#: where a cell's value comes from: the row's tie-breaks or info columns, or its field
_BREAK, _INFO, _FIELD = 0, 1, 2


def _source(row: Row, column: str) -> tuple[int, Any]:
    """Where ``column``'s value is in ``row`` (:data:`_BREAK`, ...), and the value."""
    if column in row.tie_breaks:
        return _BREAK, row.tie_breaks[column]
    if column in row.info:
        return _INFO, row.info[column]
    return _FIELD, getattr(row, column)


def _text(source: int, value: Any, column: str, decimals: int, lang: Lang) -> str:
    """The display text of ``column``'s ``value`` found in ``source`` (:func:`_source`)."""
    if source != _FIELD:
        return decimal(value, decimals, lang)
    if column == "value" and value is not None and value.denominator == 1:
        return str(value.numerator)
    if column in ("score", "value"):
        return decimal(value, decimals, lang)
    if column == "percentage":
        return decimal(value, 0, lang) if value is not None else ""
    if column == "colour_balance":
        return f"{value:+d}" if value else "0"
    if column == "place_change":
        return "" if value is None else (f"{value:+d}" if value else "0")
    if column == "points_change":
        return signed(value, decimals, lang)
    return str(value)


def cells(
    rows: Sequence[Row], columns: Sequence[str], decimals: int, lang: Lang
) -> list[list[str]]:
    """:func:`cell` of every row's ``columns``, row by row (:func:`column_texts`)."""
    by_column = column_texts(rows, columns, decimals, lang)
    return (
        [list(line) for line in zip(*by_column, strict=True)] if by_column else [[] for _ in rows]
    )


def column_texts(
    rows: Sequence[Row], columns: Sequence[str], decimals: int, lang: Lang
) -> list[list[str]]:
    """:func:`cell` of every row, a column at a time. Each distinct value object of a
    column is written once and its text shared (a club's members who never play share
    their columns' values), and a column is read in bulk: 8,000 lines are written in a
    fraction of the time (issue 19)."""
    # the distinct tie-break and info mappings (the idle members share one of each)
    breaks, infos = _distinct(list(map(_TIE_BREAKS, rows))), _distinct(list(map(_INFO_OF, rows)))
    by_column = []
    for column in columns:
        in_breaks = [column in m for m in breaks]
        in_info = [column in m for m in infos]
        if not any(in_breaks) and not any(in_info):  # a field of every row
            values = list(map(attrgetter(column), rows))
            if column not in _FORMATTED:  # :func:`_text`'s plain case
                by_column.append(_plain_texts(values))
                continue
            if (
                column == "value"
                and set(map(type, values)) == {Fraction}  # no None (no == on each value)
                and set(map(_DENOMINATOR, values)) == {1}
            ):
                # whole values (distinct by place): :func:`_text`'s case in bulk
                by_column.append(list(map(str, map(_NUMERATOR, values))))
                continue
            by_column.append(_shared_texts(values, _FIELD, column, decimals, lang))
        elif all(in_breaks) and not any(in_info):
            values = list(map(itemgetter(column), map(_TIE_BREAKS, rows)))
            by_column.append(_shared_texts(values, _BREAK, column, decimals, lang))
        elif all(in_info) and not any(in_breaks):
            values = list(map(itemgetter(column), map(_INFO_OF, rows)))
            by_column.append(_shared_texts(values, _INFO, column, decimals, lang))
        else:  # found in some rows' mappings only: where, row by row (:func:`_source`)
            by_column.append([cell(row, column, decimals, lang) for row in rows])
    return by_column


_TIE_BREAKS = attrgetter("tie_breaks")
_NUMERATOR = attrgetter("numerator")
_DENOMINATOR = attrgetter("denominator")
_INFO_OF = attrgetter("info")
#: the fields :func:`_text` formats (the others are written as ``str`` writes them)
_FORMATTED = frozenset(
    ("score", "value", "percentage", "colour_balance", "place_change", "points_change")
)


def _distinct(objects: list[Any]) -> list[Any]:
    """The distinct ``objects`` by identity (each stays alive in its row meanwhile)."""
    return list(dict(zip(map(id, objects), objects, strict=True)).values())


def _plain_texts(values: list[Any]) -> list[str]:
    """``str`` of each of ``values``: text as it is; values of one type (so no 1 stands
    for a True) that repeat written once each (a club's idle members share their zeros);
    others one by one (the places)."""
    kinds = set(map(type, values))
    if kinds == {str}:
        return values
    distinct = set(values) if len(kinds) == 1 else None
    if distinct is None or 2 * len(distinct) > len(values):
        return list(map(str, values))
    texts = {v: str(v) for v in distinct}
    return list(map(texts.__getitem__, values))


def _shared_texts(
    values: Sequence[Any], source: int, column: str, decimals: int, lang: Lang
) -> list[str]:
    """:func:`_text` of each of ``values``, made once per distinct object (by identity:
    every value stays alive in its row meanwhile)."""
    ids = list(map(id, values))
    texts = {
        i: _text(source, v, column, decimals, lang)
        for i, v in dict(zip(ids, values, strict=True)).items()
    }
    return list(map(texts.__getitem__, ids))


def signed(value: Fraction | None, decimals: int, lang: Lang) -> str:
    """A change in points with its sign: "+27", "-1", "0"."""
    if value is None:
        return ""
    text = decimal(value, decimals, lang)
    return f"+{text}" if value > 0 else text


#: the change since the previous round (issue 10, item 3): extra columns after the preset's
CHANGE_COLUMNS = ("place_change", "points_change")


def header(column: str, lang: Lang) -> str:
    return t(f"col.{column}", lang)


def scope(standings: Standings, ruleset: Ruleset) -> dict[str, Any]:
    """Which standings these are: ``cycle`` is the club's number for the cycle
    (``first_cycle_number``: DS-17 0, 1, 2; PP-5 1, 2, 3), ``cycle_index`` the same cycle
    counted from 0 as in the season file; both null for standings not scoped by a cycle."""
    cycle = standings.cycle
    return {
        "ruleset": standings.ruleset,
        "after_round": standings.after_round,
        "cycle": None if cycle is None else ruleset.cycle_label(cycle),
        "cycle_index": cycle,
    }


def diagnostics(standings: Standings) -> dict[str, Any]:
    """How the standings were computed: mode, iterations, oscillation, per round."""
    final = standings.final
    return {
        "mode": final.method,
        "iterations": final.iterations,
        "oscillated": final.oscillated,
        "period": final.period,
        "swapping": list(final.swapping),
        **_values_used(final),
        "rounds": [
            {
                "round": s.round,
                "mode": s.method,
                "iterations": s.iterations,
                "oscillated": s.oscillated,
                **({"swapping": list(s.swapping)} if s.oscillated else {}),
            }
            for s in standings.snapshots[1:]
        ],
    }


def _values_used(final: Snapshot) -> dict[str, Any]:
    """Where an iteration oscillated (KC-4) the standings show the values the scores were
    computed with (:meth:`Snapshot.shown_value`); ``next_values`` holds the chosen
    ranking's own values where they differ (exact, as strings)."""
    if not (final.oscillated and final.scored_with):
        return {}
    return {
        "next_values": {
            p: exact(final.value(p))
            for p in final.order
            if p in final.scored_with and final.shown_value(p) != final.value(p)
        }
    }


def values_used_line(standings: Standings, lang: Lang, names: Mapping[str, str]) -> str | None:
    """After an oscillation (KC-4): the sentence that the value column holds the values the
    points were computed with, and what the chosen ranking itself gives (the other state)."""
    final = standings.final
    moved = _values_used(final).get("next_values")
    if not moved:
        return None
    players = ", ".join(
        t(
            "diag.next_value",
            lang,
            player=names.get(p, p),
            next=decimal(final.value(p), 2, lang) if final.value_scale > 1 else final.values[p],
            shown=decimal(final.shown_value(p), 2, lang)
            if final.value_scale > 1
            else final.scored_with[p],
        )
        for p in moved
    )
    return t("diag.values_used", lang, players=players)


def _change(row: Row) -> dict[str, Any]:
    """The change since the previous round (:mod:`compcore.scoring.movement`)."""
    points = row.points_change
    return {
        "place_change": row.place_change,
        "points_change": None if points is None else float(points),
        "points_change_exact": None if points is None else exact(points),
    }


def _tie(reason: TieReason, lang: Lang) -> dict[str, Any]:
    """Why this row is ahead of the next one on equal points (:mod:`compcore.scoring.ties`)."""

    def raw(value: Fraction | int | None) -> str | int | None:
        return exact(value) if isinstance(value, Fraction) else value

    return {
        "below": reason.lower,
        "by": reason.by,
        "values": [raw(reason.upper_value), raw(reason.lower_value)],
        "text": reason.phrase.render(lang),
    }


def to_json(standings: Standings, ruleset: Ruleset, lang: Lang = "nl") -> str:
    """The rows, and a top-level block with the scope (:func:`scope`) and how the standings
    were computed (:func:`diagnostics`). Beyond the contract's fields each row has its
    change since the previous round (``place_change``, ``points_change``) and, when the
    next row has the same points, why it is ahead (``ahead``, its text in ``lang``)."""
    ahead = {r.upper: r for r in standings.ties}
    rows = []
    for row in standings.rows:
        item: dict[str, Any] = {
            "rank": row.rank,
            "player": row.player,
            "name": row.name,
            "score": float(row.score),
            "score_exact": exact(row.score),
        }
        if row.value is not None:
            item["value"] = float(row.value)
            item["value_exact"] = exact(row.value)
        for column in standings.columns:
            if column in ("rank", "name", "score", "value"):
                continue
            if column in row.tie_breaks or column in row.info:
                raw = row.tie_breaks.get(column, row.info.get(column))
                item[column] = float(raw) if isinstance(raw, Fraction) else raw
                if isinstance(raw, Fraction):
                    item[f"{column}_exact"] = exact(raw)
            else:
                raw = getattr(row, column)
                item[column] = float(raw) if isinstance(raw, Fraction) else raw
        item["withdrawn"] = row.withdrawn
        if row.virtual:
            item["virtual"] = True
        item.update(_change(row))
        if row.player in ahead:
            item["ahead"] = _tie(ahead[row.player], lang)
        rows.append(item)
    top = {**scope(standings, ruleset), **diagnostics(standings)}
    return json.dumps({"standings": top, "rows": rows}, ensure_ascii=False, indent=2)


def to_csv(standings: Standings, ruleset: Ruleset, lang: Lang, *, excel: bool = False) -> str:
    """The table as CSV; standings of one cycle start with a column holding the club's
    number for that cycle (``Ruleset.cycle_label``), so a saved file says which cycle.
    Headers in ``lang``; numbers with a decimal point, or with ``excel`` a decimal comma in
    ``;``-separated CSV for Dutch Excel (:mod:`compcore.adapters.files.csv_text`; the bytes with
    their byte order mark: :func:`compcore.adapters.files.csv_text.csv_bytes`). Names cannot act
    as spreadsheet formulas (:func:`compcore.adapters.files.csv_text.neutral_cell`)."""
    from compcore.adapters.files.csv_text import csv_text  # here: the table and JSON do without csv

    numbers: Lang = "nl" if excel else "en"
    cols = (*standings.columns, *CHANGE_COLUMNS)
    heads = [header(c, lang) for c in cols]
    lead: list[str] = []
    if standings.cycle is not None:
        heads.insert(0, header("cycle", lang))
        lead.append(str(ruleset.cycle_label(standings.cycle)))
    body = (lead + line for line in cells(standings.rows, cols, ruleset.display_decimals, numbers))
    return csv_text([heads, *body], excel=excel)


def to_table(standings: Standings, ruleset: Ruleset, lang: Lang) -> str:
    cols = standings.columns
    by_column = column_texts(standings.rows, cols, ruleset.display_decimals, lang)
    heads = [header(c, lang) for c in cols]
    widths = [
        max(len(h), max(map(len, texts), default=0))
        for h, texts in zip(heads, by_column, strict=True)
    ]
    left = {"name", "alternation"}
    # one format for every line: each cell padded as str.ljust / str.rjust would
    pattern = "  ".join(
        f"{{:{'<' if col in left else '>'}{w}}}" for w, col in zip(widths, cols, strict=True)
    )

    def line(texts: Sequence[str]) -> str:
        return pattern.format(*texts).rstrip()

    final = standings.final
    where = [ruleset.name, t("report.after_round", lang, round=standings.after_round)]
    if standings.cycle is not None:
        where.insert(1, t("report.cycle", lang, cycle=ruleset.cycle_label(standings.cycle)))
    how = t(f"diag.mode.{final.method}", lang)
    if final.oscillated:
        how += "; " + t(
            "diag.oscillated", lang, iterations=final.iterations, players=", ".join(final.swapping)
        )
    elif final.method == "iterate":
        how += "; " + t("diag.fixed", lang, iterations=final.iterations)
    rows = standings.rows
    names = dict(zip(map(_PLAYER, rows), map(_NAME, rows), strict=True))
    used = values_used_line(standings, lang, names)
    if used:
        how += "; " + used
    # the body a column at a time, as ``line`` pads and strips (in C: 8,000 lines, issue 19)
    padded = [
        _padded(texts, w, str.ljust if col in left else str.rjust)
        for texts, w, col in zip(by_column, widths, cols, strict=True)
    ]
    body = map(str.rstrip, map("  ".join, zip(*padded, strict=True)))
    out = [f"{', '.join(where)} ({how})", line(heads), *body]
    return "\n".join(out) + "\n"


def _padded(texts: list[str], width: int, pad: Callable[[str, int], str]) -> list[str]:
    """``pad(text, width)`` of each text; a column of few distinct texts (the idle
    members' lines) pads each once and shares it (less time, and no 8,000 copies)."""
    distinct = set(texts)
    if 2 * len(distinct) > len(texts):
        return list(map(pad, texts, repeat(width)))
    made = {text: pad(text, width) for text in distinct}
    return list(map(made.__getitem__, texts))


_PLAYER = attrgetter("player")
_NAME = attrgetter("name")
