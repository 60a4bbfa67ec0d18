"""Read-only reshaping of compcore's results into DataFrames and texts for display.

Cells are formatted by :mod:`compcore.adapters.reports` (the same rounding and Dutch decimal
comma as the command line); headers are compcore's column words (KC-14 abbreviations in NL).
"""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd
import streamlit as st

from compcore.adapters import reports
from compcore.errors import Label
from compcore.i18n import Lang, t
from compcore.model import Kind, Round, Season
from compcore.rulesets import Ruleset
from compcore.scoring.standings import Standings

#: columns shown left-aligned (text); the rest are numbers, right-aligned
_TEXT_COLUMNS = {"name", "alternation"}

RESULT_TEXT = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "½-½", "1-0F": "1-0 R", "0-1F": "0-1 R",
               "0-0F": "0-0 R"}  # fmt: skip


def result_label(value: str | None, lang: Lang) -> str:
    """A result as the clubs write it (R: reglementair, a forfeit)."""
    if value is None:
        return ""
    text = RESULT_TEXT.get(value, value)
    return text if lang == "nl" else text.replace(" R", " F")


def standings_frame(table: Standings, ruleset: Ruleset, lang: Lang) -> pd.DataFrame:
    """The standings with the preset's columns, headers in ``lang``, cells as displayed."""
    decimals = ruleset.display_decimals
    records = []
    for row in table.rows:
        record = {}
        for column in table.columns:
            text = reports.cell(row, column, decimals, lang)
            if column == "name":
                if row.withdrawn:
                    text += t("app.standings.withdrawn_mark", lang)
                if row.virtual:
                    text += t("app.standings.engine_mark", lang)
            record[reports.header(column, lang)] = text
        records.append(record)
    headers = [reports.header(c, lang) for c in table.columns]
    return pd.DataFrame.from_records(records, columns=headers)


def standings_columns(table: Standings, lang: Lang) -> dict[str, st.column_config.Column]:
    """Narrow columns with the full meaning as a tooltip; the name column pinned."""
    config = {}
    for column in table.columns:
        header = reports.header(column, lang)
        config[header] = st.column_config.TextColumn(
            header,
            width="medium" if column == "name" else "small",
            help=t(f"app.colhelp.{column}", lang),
            pinned=column in ("rank", "name"),
            alignment="left" if column in _TEXT_COLUMNS else "right",
        )
    return config


def how_computed(table: Standings, lang: Lang, names: Mapping[str, str]) -> list[str]:
    """How the standings were computed (mode, iterations, oscillation and who swaps)."""
    diag = reports.diagnostics(table)
    lines = [t("app.standings.mode", lang, mode=t(f"diag.mode.{diag['mode']}", lang))]
    if diag["oscillated"]:
        swapping = ", ".join(names.get(p, p) for p in diag["swapping"])
        lines.append(t("diag.oscillated", lang, iterations=diag["iterations"], players=swapping))
    elif diag["mode"] == "iterate":
        lines.append(t("diag.fixed", lang, iterations=diag["iterations"]))
    for item in diag["rounds"]:
        if item["oscillated"]:
            swapping = ", ".join(names.get(p, p) for p in item.get("swapping", ()))
            lines.append(
                t("app.standings.round_oscillated", lang, round=item["round"], players=swapping,
                  iterations=item["iterations"])
            )  # fmt: skip
    return lines


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


def players_frame(season: Season, lang: Lang) -> pd.DataFrame:
    """The roster as stored."""
    rows = []
    for p in season.players:
        rows.append(
            {
                t("app.players.col_id", lang): p.id,
                t("app.players.col_name", lang): p.name,
                t("app.players.col_rating", lang): "" if p.rating is None else str(p.rating),
                t("app.players.col_strength", lang): "" if p.strength is None else str(p.strength),
                t("app.players.col_level", lang): p.level or "",
                t("app.players.col_flags", lang): flags_text(p.flags, lang),
                t("app.players.col_participation", lang): t(
                    f"app.participation.{p.participation or 'always'}", lang
                ),
                t("app.players.col_joined", lang): ""
                if p.joined_round is None
                else str(p.joined_round),
                t("app.players.col_withdrawn", lang): ""
                if p.withdrawn_round is None
                else str(p.withdrawn_round),
                t("app.players.col_engine", lang): t("app.yes", lang) if p.is_engine else "",
            }
        )
    return pd.DataFrame(rows)


def entries_frame(rnd: Round, lang: Lang, names: Mapping[str, str]) -> pd.DataFrame:
    """A round's non-game entries (bye, absences, ...), by kind."""
    rows = [
        {t("app.col.player", lang): names.get(pid, pid), t("app.col.kind", lang): t(f"kind.{kind.value}", lang)}
        for pid, kind in (rnd.entries or {}).items()
        if kind is not Kind.NOT_PARTICIPATING
    ]  # fmt: skip
    return pd.DataFrame(rows, columns=[t("app.col.player", lang), t("app.col.kind", lang)])
