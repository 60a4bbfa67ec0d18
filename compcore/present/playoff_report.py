"""A championship play-off (DS-19, DS-20) as ``compcore winners`` prints it: what it
decides, the seeds (and replacements), the table, the barrages and the champion; as a
readable table in Dutch or English, or as JSON (player ids, exact points as strings)."""

from __future__ import annotations

import json
from typing import Any

from compcore.awards.winners import Awards
from compcore.domain.model import Season
from compcore.formats import playoff as po
from compcore.i18n import Lang, t
from compcore.rules.rulesets import Ruleset
from compcore.scoring.explain import number_text


def to_data(season: Season, ruleset: Ruleset) -> dict[str, Any]:
    """The play-off's state as JSON data."""
    now = po.state(season, ruleset)
    return {
        "playoff": {
            "of": now.source,
            "category": now.category,
            "seeds": list(now.seeds),
            "replacements": [
                {"seed": d.round, "player": d.player, "note": d.note} for d in now.replacements
            ],
            "table": [
                {"player": r.player, "seed": r.seed, "points": str(r.points), "played": r.played}
                for r in now.table
            ],
            "complete": now.complete,
            "leaders": list(now.leaders),
            "draw_seed": now.draw_seed,
            "barrages": [
                {
                    "number": m.number,
                    "stage": s.number,
                    "players": list(m.players),
                    "winner": m.winner,
                }
                for s in now.stages
                for m in s.matches
            ],
            "champion": now.champion,
        }
    }


def to_json(season: Season, ruleset: Ruleset) -> str:
    return json.dumps(to_data(season, ruleset), ensure_ascii=False, indent=2)


def to_table(season: Season, ruleset: Ruleset, lang: Lang = "nl") -> str:
    """The play-off as plain text in ``lang``."""
    now = po.state(season, ruleset)
    names = season.names()

    def name(pid: str) -> str:
        return names.get(pid, pid)

    category = now.category or ""
    lines = [t("playoff.title", lang, category=category)]
    if now.source:
        lines.append("  " + t("playoff.of", lang, source=now.source, category=category))
    lines += ["", t("playoff.seeds", lang) + ":"]
    lines += [f"  {i}. {name(pid)}" for i, pid in enumerate(now.seeds, start=1)]
    for moved in now.replacements:
        lines.append("  " + t("playoff.replacement", lang, seed=moved.round,
                              player=name(moved.player), note=moved.note or ""))  # fmt: skip
    lines += ["", t("playoff.table", lang) + ":"]
    lines += [
        f"  {place}. {name(r.player)}  {number_text(r.points)}  ({r.played})"
        for place, r in enumerate(now.table, start=1)
    ]
    if not now.complete:
        lines += ["", t("playoff.running", lang)]
    if len(now.leaders) > 1:
        lines += ["", t("playoff.barrages", lang) + ":"]
        lines.append("  " + t("playoff.leaders", lang, players=", ".join(map(name, now.leaders))))
        if len(now.leaders) > 2 and now.draw_seed is not None:
            drawn = ", ".join(map(name, po.draw(now.leaders, now.draw_seed)))
            lines.append("  " + t("playoff.draw", lang, seed=now.draw_seed, players=drawn))
        for stage in now.stages:
            for m in stage.matches:
                match = t("playoff.match", lang, number=m.number, white=name(m.players[0]),
                          black=name(m.players[1]))  # fmt: skip
                won = name(m.winner) if m.winner else t("playoff.open", lang)
                lines.append(f"  {match}: {won}")
            if stage.waiting:
                waiting = ", ".join(map(name, stage.waiting))
                lines.append("    " + t("playoff.waiting", lang, players=waiting))
    if now.champion is not None:
        lines += ["", t("playoff.champion", lang, category=category, player=name(now.champion))]
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- the final list


def final_lists_data(result: Awards) -> list[dict[str, Any]]:
    """DS-19: each category's final list as JSON data (exact scores as strings)."""
    return [
        {
            "category": final.category,
            "rows": [
                {
                    "place": r.place,
                    "player": r.player,
                    "total": str(r.total),
                    "seed": r.seed,
                    "cycles": [None if c is None else str(c) for c in r.cycles],
                }
                for r in final.rows
            ],
        }
        for final in result.final_lists
    ]


def final_list_lines(result: Awards, names: dict[str, str], lang: Lang) -> list[str]:
    """DS-19: each category's final list as text: place, name, the cycles' scores, the sum
    and the play-off seed."""
    lines: list[str] = []
    for final in result.final_lists:
        lines += ["", t("playoff.final_list", lang, category=final.category)]
        for r in final.rows:
            cycles = " + ".join("-" if c is None else number_text(c) for c in r.cycles)
            seed = f"  ({t('playoff.col.seed', lang)} {r.seed})" if r.seed is not None else ""
            name = names.get(r.player, r.player)
            lines.append(f"  {r.place}. {name}  {cycles} = {number_text(r.total)}{seed}")
    return lines
