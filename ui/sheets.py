"""The print-friendly pairing sheet of a published round: HTML (print from the browser) and
CSV, with board, white, black, result, and for a computer entrant its playing strength
(DS-9, from :func:`compcore.present.pairing_report.engine_strength`)."""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass

from compcore.adapters.files.csv_text import csv_text  # pure text formatting
from compcore.domain.model import Kind, Round, Season
from compcore.domain.reason import words
from compcore.i18n import Lang, t
from compcore.present.dates import day_text
from compcore.present.pairing_report import engine_strength
from compcore.services import reading
from compcore.services.vocabulary import Board, Pairing, Reason, Ruleset
from ui.tables import result_label


@dataclass(frozen=True)
class SheetRow:
    board: int
    white: str
    black: str
    result: str
    note: str


def _as_pairing(rnd: Round) -> Pairing:
    """A stored round as a Pairing (without explanations) for compcore's sheet helpers."""
    blank = Reason("")
    boards = tuple(Board(g.white, g.black, blank, blank) for g in rnd.games or ())
    return Pairing(round=rnd, boards=boards, sitting_out={})


def engine_names(season: Season, ruleset: Ruleset, rnd: Round, lang: Lang) -> dict[str, str]:
    """Names for the sheet: a computer entrant shows the strength it plays at."""
    names = season.names()
    pairing = _as_pairing(rnd)
    for p in season.players:
        if p.is_engine:
            strength = engine_strength(pairing, season, ruleset, p.id)
            if strength is not None:
                names[p.id] = t("sheet.engine", lang, name=p.name, rating=strength)
    return names


def rows(season: Season, ruleset: Ruleset, rnd: Round, lang: Lang) -> list[SheetRow]:
    names = engine_names(season, ruleset, rnd, lang)
    out = []
    for number, game in enumerate(rnd.games or (), start=1):
        why = words(game.override, lang, season.names())
        note = t("app.sheet.override", lang, reason=why) if game.override else ""
        out.append(
            SheetRow(
                number,
                names.get(game.white, game.white),
                names.get(game.black, game.black),
                result_label(game.result.value if game.result else None, lang),
                note,
            )
        )
    return out


def not_paired(rnd: Round, names: Mapping[str, str], lang: Lang) -> list[tuple[str, str]]:
    """(name, kind) of every player with an entry other than not-participating."""
    return [
        (names.get(pid, pid), t(f"kind.{kind.value}", lang))
        for pid, kind in (rnd.entries or {}).items()
        if kind is not Kind.NOT_PARTICIPATING
    ]


def to_csv(season: Season, ruleset: Ruleset, rnd: Round, lang: Lang, *, excel: bool = False) -> str:
    """Board, white, black, result, comma-separated or with ``excel`` for Dutch Excel
    (``;``; :mod:`compcore.adapters.files.csv_text`); names cannot act as spreadsheet formulas
    (:func:`compcore.adapters.files.csv_text.csv_text`)."""
    head = [t("sheet.board", lang), t("sheet.white", lang), t("sheet.black", lang),
            t("app.col.result", lang)]  # fmt: skip
    body = ([r.board, r.white, r.black, r.result] for r in rows(season, ruleset, rnd, lang))
    return csv_text([head, *body], excel=excel)


_CSS = """
body { font-family: "DejaVu Sans", Arial, sans-serif; margin: 1.5cm; color: #111; }
h1 { font-size: 20pt; margin: 0 0 .2em 0; }
p.sub { margin: 0 0 1em 0; color: #444; }
table { border-collapse: collapse; width: 100%; font-size: 13pt; }
th, td { border: 1px solid #999; padding: .35em .6em; text-align: left; }
th { background: #eee; }
td.num { text-align: right; width: 3em; }
td.res { width: 6em; }
h2 { font-size: 14pt; margin-top: 1.2em; }
ul { font-size: 12pt; }
thead { display: table-header-group; }
tr { page-break-inside: avoid; }
@page { size: A4 portrait; margin: 1cm; }
@media print { body { margin: 0; } table { font-size: 11pt; } th, td { padding: .25em .5em; } }
"""


def to_html(season: Season, ruleset: Ruleset, rnd: Round, lang: Lang) -> str:
    """A standalone page to print: the round's boards and who is not paired; the heading
    names the round's cycle as the club numbers it (DS-17: cyclus 0, 1, 2; PP-5: 1, 2, 3)."""
    esc = html.escape
    names = engine_names(season, ruleset, rnd, lang)
    title = t("sheet.title", lang, round=rnd.number)
    cycle = (
        t("app.cycle_label", lang, cycle=ruleset.cycle_label(reading.cycle_of(rnd, ruleset)))
        if ruleset.shows_cycles
        else None
    )
    parts = (season.club, season.competition, season.season, cycle,
             day_text(rnd.date, lang, weekday=True))  # fmt: skip
    sub = " · ".join(x for x in parts if x)
    lines = [
        "<!doctype html>",
        f'<html lang="{lang}"><head><meta charset="utf-8"><title>{esc(title)}</title>',
        f"<style>{_CSS}</style></head><body>",
        f"<h1>{esc(title)}</h1>",
        f'<p class="sub">{esc(sub)}</p>',
        "<table><thead><tr>",
        f"<th>{esc(t('sheet.board', lang))}</th><th>{esc(t('sheet.white', lang))}</th>"
        f"<th>{esc(t('sheet.black', lang))}</th><th>{esc(t('app.col.result', lang))}</th>",
        "</tr></thead><tbody>",
    ]
    for row in rows(season, ruleset, rnd, lang):
        note = f"<br><small>{esc(row.note)}</small>" if row.note else ""
        lines.append(
            f'<tr><td class="num">{row.board}</td><td>{esc(row.white)}</td>'
            f'<td>{esc(row.black)}{note}</td><td class="res">{esc(row.result)}</td></tr>'
        )
    lines.append("</tbody></table>")
    out = not_paired(rnd, names, lang)
    if out:
        lines.append(f"<h2>{esc(t('sheet.sitting_out', lang))}</h2><ul>")
        lines.extend(f"<li>{esc(name)}: {esc(kind)}</li>" for name, kind in out)
        lines.append("</ul>")
    lines.append("</body></html>")
    return "\n".join(lines) + "\n"
