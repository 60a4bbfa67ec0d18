"""The rule lab's comparison (:mod:`compcore.lab.rulelab`) as JSON and as a text table
(``compcore compare``).

JSON: per player ``player`` (the id), ``name``, ``rank_a``, ``rank_b``, ``score_a`` and
``score_b`` (numbers; the exact fractions as ``score_a_exact``/``score_b_exact``), plus a
``summary``: the winners under A and B and the fairness measures of both.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from compcore.i18n import Lang, t
from compcore.lab.rulelab import Comparison, Fairness, Placing, Winner
from compcore.present.reports import decimal, exact

#: decimals of scores and measures in the table
DECIMALS = 2


def _fairness(f: Fairness) -> dict[str, Any]:
    share = f.absence_share
    return {
        "tau": f.tau,
        "absence_share": None if share is None else float(share),
        "absence_share_exact": None if share is None else exact(share),
        "spread": f.spread,
    }


def _placing(p: Placing) -> dict[str, Any]:
    return {
        "player": p.player,
        "name": p.name,
        "rank_a": p.rank_a,
        "rank_b": p.rank_b,
        "score_a": float(p.score_a),
        "score_b": float(p.score_b),
        "score_a_exact": exact(p.score_a),
        "score_b_exact": exact(p.score_b),
    }


def _winner(w: Winner) -> dict[str, Any]:
    return {
        "kind": w.kind,
        "cycle": w.cycle,
        "category": w.category,
        "a": w.player_a,
        "b": w.player_b,
    }


def to_data(result: Comparison) -> dict[str, Any]:
    """The comparison as plain JSON data."""
    return {
        "ruleset_a": result.ruleset_a,
        "ruleset_b": result.ruleset_b,
        "after_round": result.after_round,
        "rounds": list(result.rounds),
        "players": [_placing(p) for p in result.placings],
        "summary": {
            "identical": result.identical,
            "winners": [_winner(w) for w in result.winners],
            "fairness_a": _fairness(result.fairness_a),
            "fairness_b": _fairness(result.fairness_b),
        },
    }


def to_json(result: Comparison) -> str:
    return json.dumps(to_data(result), ensure_ascii=False, indent=2)


def number(value: Fraction | float | None, lang: Lang) -> str:
    """A measure or score for people: two decimals, a Dutch decimal comma; "-" for none."""
    if value is None:
        return "-"
    return decimal(Fraction(value).limit_denominator(10**6), DECIMALS, lang)


def winner_label(w: Winner, lang: Lang) -> str:
    """What a winner row is: "Cyclus 1, 1900+", "Kampioen 1900+", "Nummer 1"."""
    category = w.category or ""
    if w.kind == "cycle":
        return t("rulelab.winner.cycle", lang, cycle=w.cycle, category=category).strip(", ")
    if w.kind == "champion":
        return t("rulelab.winner.champion", lang, category=category).strip()
    return t("rulelab.winner.leader", lang)


def fairness_lines(result: Comparison, lang: Lang) -> list[tuple[str, str, str]]:
    """(measure, A, B) for the three fairness measures."""
    a, b = result.fairness_a, result.fairness_b
    return [
        (t("rulelab.measure.tau", lang), number(a.tau, lang), number(b.tau, lang)),
        (
            t("rulelab.measure.absence_share", lang),
            number(a.absence_share, lang),
            number(b.absence_share, lang),
        ),
        (t("rulelab.measure.spread", lang), number(a.spread, lang), number(b.spread, lang)),
    ]


def span_text(result: Comparison, lang: Lang) -> str:
    """Which rounds both standings count (issue 22 item 7), in one sentence."""
    if not result.rounds:
        return ""
    first, last = result.rounds[0], result.rounds[-1]
    return t("rulelab.span", lang, first=first, last=last, count=len(result.rounds))


def to_table(result: Comparison, lang: Lang) -> str:
    """The places, the winners and the measures under A and B, as plain text."""
    head = [
        t(f"rulelab.col.{c}", lang)
        for c in ("rank_a", "rank_b", "moved", "name", "score_a", "score_b")
    ]
    rows = [
        [
            str(p.rank_a),
            str(p.rank_b),
            f"{p.moved:+d}" if p.moved else "0",
            p.name,
            number(p.score_a, lang),
            number(p.score_b, lang),
        ]
        for p in result.placings
    ]
    lines = [
        t(
            "rulelab.heading",
            lang,
            a=result.ruleset_a,
            b=result.ruleset_b,
            round=result.after_round,
        ),
        span_text(result, lang),
    ]
    lines += _columns([head, *rows], right=(0, 1, 2, 4, 5))
    names = result.names
    lines += ["", t("rulelab.winners", lang)]
    lines += _columns(
        [
            [
                winner_label(w, lang),
                names.get(w.player_a or "", "-"),
                names.get(w.player_b or "", "-"),
            ]
            for w in result.winners
        ],
        right=(),
    )
    lines += ["", t("rulelab.fairness", lang)]
    lines += _columns([list(line) for line in fairness_lines(result, lang)], right=(1, 2))
    return "\n".join(lines) + "\n"


def _columns(rows: list[list[str]], right: tuple[int, ...]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))] if rows else []
    return [
        "  ".join(
            cell.rjust(widths[i]) if i in right else cell.ljust(widths[i])
            for i, cell in enumerate(r)
        ).rstrip()
        for r in rows
    ]
