"""A cup of pools and knock-outs (DS-21) as JSON and as text lines: what ``compcore
winners`` prints and the Winnaars page's words, from :func:`compcore.formats.pools_cup.cup_state`.

JSON (the ``pools_cup`` key of ``compcore winners --format json``)::

    {"pools": [{"pool": "A", "complete": bool,
                "table": [{"place", "player", "points": "4.5", "games"}]}],
     "stages": [{"stage": "main" | "losers", "winner", "still_in": [...],
                 "rounds": [{"round", "ladder_round", "byes": [...],
                             "ties": [{"a", "b", "results": ["1-0", ...], "score",
                                       "through", "out", "why": {"key", "rule", "params"}}]}]}],
     "over": bool}
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from compcore.formats.knockout import Bracket, Tie
from compcore.formats.pools_cup import CupState
from compcore.i18n import Lang, t


def points_text(points: Fraction) -> str:
    """Game points as a decimal (``4.5``)."""
    return str(int(points)) if points.denominator == 1 else f"{float(points):g}"


def _tie(tie: Tie) -> dict[str, Any]:
    return {
        "a": tie.a,
        "b": tie.b,
        "results": [g.result.value if g.result else None for g in tie.games],
        "score": [points_text(tie.score_a), points_text(tie.score_b)],
        "through": tie.through,
        "out": list(tie.out),
        "why": tie.why.encode(),
    }


def to_data(state: CupState) -> dict[str, Any]:
    return {
        "pools": [
            {
                "pool": pool.label,
                "complete": pool.complete,
                "table": [
                    {
                        "place": r.place,
                        "player": r.player,
                        "points": points_text(r.points),
                        "games": r.games,
                    }
                    for r in pool.rows
                ],
            }
            for pool in state.pools
        ],
        "stages": [
            {
                "stage": s.name,
                "winner": s.winner,
                "still_in": list(s.still_in),
                "rounds": [
                    {
                        "round": r.number,
                        "ladder_round": r.ladder_round,
                        "byes": list(r.byes),
                        "ties": [_tie(tie) for tie in r.ties],
                    }
                    for r in s.rounds
                ],
            }
            for s in state.stages
        ],
        "over": state.over,
    }


def stage_status(stage: Bracket, lang: Lang, names: Mapping[str, str]) -> str:
    """A stage in one sentence: its winner, who is still in, or not drawn yet."""
    title = t(f"pools.stage.{stage.name}", lang)
    if stage.winner is not None:
        return t("pools.winner", lang, stage=title, player=names.get(stage.winner, stage.winner))
    if not stage.rounds:
        return t("pools.not_started", lang, stage=title)
    left = ", ".join(names.get(p, p) for p in stage.still_in)
    return t("pools.still_in", lang, stage=title, players=left)


def results_text(tie: Tie) -> str:
    """The games of a tie as the club writes them: ``1-0 ½-½``."""
    return " ".join((g.result.value if g.result else "?").replace("1/2", "½") for g in tie.games)


def lines(state: CupState, lang: Lang, names: Mapping[str, str]) -> list[str]:
    """DS-21: the pools' tables, then each stage round by round: the ties, their games,
    who went through and why; then each stage's winner or who is still in."""
    name = names.get
    out = [t("pools.title", lang)]
    for pool in state.pools:
        out.append("  " + t("pools.pool", lang, label=pool.label))
        out += [
            "    "
            + t(
                "pools.cli.pool_line",
                lang,
                place=r.place,
                player=name(r.player, r.player),
                points=points_text(r.points),
            )
            for r in pool.rows
        ]
    if not state.pools_complete:
        out.append("  " + t("pools.pools_running", lang))
    for stage in state.stages:
        out.append("  " + t(f"pools.stage.{stage.name}", lang))
        for rnd in stage.rounds:
            out.append("    " + t("pools.round", lang, round=rnd.number))
            out += [
                "      "
                + t(
                    "pools.cli.tie_line",
                    lang,
                    white=name(tie.a, tie.a),
                    black=name(tie.b, tie.b),
                    results=results_text(tie),
                    why=tie.why.text(lang, names),
                )
                for tie in rnd.ties
            ]
            if rnd.byes:
                byes = ", ".join(name(p, p) for p in rnd.byes)
                out.append(f"      {t('pools.byes', lang)}: {byes}")
        out.append("    " + stage_status(stage, lang, names))
    return out
