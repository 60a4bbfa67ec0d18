"""A pairing as JSON (the round as stored plus the reasons) and as a readable sheet.

``to_json`` prints ``{"round": <the round as stored, season-file JSON>, "boards": [...],
"sitting_out": [...], "relaxed": [...]}``; each reason has the club's rule id and its text
in English (``text``) and Dutch (``text_nl``). ``to_table`` is the pairing sheet in one
language: board, white, black, why (and the colours' reason), with the engine's playing
strength (DS-9: its opponent's rating plus the ruleset's ``rating_offset``).
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from compcore.domain.model import Season
from compcore.i18n import Lang, t
from compcore.pairing import Pairing
from compcore.rules.rulesets import Ruleset


def round_data(pairing: Pairing, season: Season) -> dict[str, Any]:
    """The paired round exactly as a season file would store it."""
    from compcore.adapters.files.season_file import to_data

    rounds: list[dict[str, Any]] = to_data(replace(season, rounds=(pairing.round,)))["rounds"]
    return rounds[0]


def to_data(pairing: Pairing, season: Season) -> dict[str, Any]:
    kinds = pairing.round.entries or {}
    return {
        "round": round_data(pairing, season),
        "boards": [
            {
                "board": number,
                "white": board.white,
                "black": board.black,
                "placed": board.placed.to_data(),
                "colour": board.colour.to_data(),
                **({"forced": True} if board.forced else {}),
            }
            for number, board in enumerate(pairing.boards, start=1)
        ],
        "sitting_out": [
            {"player": pid, "kind": kinds[pid].value if pid in kinds else None, **reason.to_data()}
            for pid, reason in pairing.sitting_out.items()
        ],
        "relaxed": [
            {"rule": relaxation.rule, **relaxation.reason.to_data()}
            for relaxation in pairing.relaxed
        ],
    }


def to_json(pairing: Pairing, season: Season) -> str:
    return json.dumps(to_data(pairing, season), ensure_ascii=False, indent=2)


def engine_strength(pairing: Pairing, season: Season, ruleset: Ruleset, engine: str) -> int | None:
    """DS-9: the engine plays at its opponent's rating plus ``rating_offset``."""
    offset = ruleset.pairing.engine.rating_offset if ruleset.pairing.engine else 0
    for board in pairing.boards:
        if engine in (board.white, board.black):
            opponent = board.black if board.white == engine else board.white
            rating = season.rating_at(opponent, pairing.round.number)
            return None if rating is None else rating + offset
    return None


def to_table(pairing: Pairing, season: Season, ruleset: Ruleset, lang: Lang = "nl") -> str:
    """The pairing sheet in ``lang``."""
    names = season.names()
    for p in season.players:
        if p.is_engine:
            strength = engine_strength(pairing, season, ruleset, p.id)
            if strength is not None:
                names[p.id] = t("sheet.engine", lang, name=p.name, rating=strength)
    rows = [
        (
            str(number),
            names.get(board.white, board.white),
            names.get(board.black, board.black),
            board.placed.text(lang, names),
            board.colour.text(lang, names),
        )
        for number, board in enumerate(pairing.boards, start=1)
    ]
    head = (t("sheet.board", lang), t("sheet.white", lang), t("sheet.black", lang),
            t("sheet.why", lang), t("sheet.colours", lang))  # fmt: skip
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(3)]
    lines = [t("sheet.title", lang, round=pairing.round.number), ""]

    def line(cells: tuple[str, ...]) -> str:
        fixed = "  ".join(
            c.ljust(w) if i else c.rjust(w)
            for i, (c, w) in enumerate(zip(cells[:3], widths, strict=True))
        )
        return f"{fixed}  {cells[3]}; {cells[4]}" if cells[3] else fixed

    lines.append(line((*head[:3], f"{head[3]} / {head[4].lower()}", "")).rstrip("; "))
    lines.extend(line(r) for r in rows)
    if pairing.sitting_out:
        lines += ["", t("sheet.sitting_out", lang) + ":"]
        kinds = pairing.round.entries or {}
        for pid, reason in pairing.sitting_out.items():
            kind = t(f"kind.{kinds[pid].value}", lang) if pid in kinds else ""
            lines.append(f"  {names.get(pid, pid)} ({kind}): {reason.text(lang, names)}")
    if pairing.relaxed:
        lines += ["", t("sheet.relaxed", lang) + ":"]
        lines.extend(f"  {r.reason.text(lang, names)}" for r in pairing.relaxed)
    if pairing.round.seed is not None:
        lines += ["", t("sheet.seed", lang, seed=pairing.round.seed)]
    return "\n".join(lines) + "\n"
