"""Tie-breaks and information columns: Sonneborn-Berger (with PP-6's joker adjustment),
Buchholz, wins, jokers, initial order."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

from compcore.history import Entry
from compcore.model import Kind
from compcore.rulesets.schema import Ruleset, TieBreak

_WIN_SHARE = {Kind.WIN: Fraction(1), Kind.DRAW: Fraction(1, 2), Kind.LOSS: Fraction(0)}


def buchholz(entries: Sequence[Entry], scores: Mapping[str, Fraction]) -> Fraction:
    """Sum of the scores of the opponents met over the board (forfeits and byes excluded)."""
    return sum((scores.get(e.opponent, Fraction(0)) for e in entries if e.played and e.opponent), Fraction(0))


def sonneborn_berger(
    entries: Sequence[Entry], scores: Mapping[str, Fraction], ruleset: Ruleset
) -> Fraction:
    """PP-6 weerstandspunten: the opponent's score in full for a win, half for a draw,
    over games played over the board.

    With ``sb_adjustment`` (PP-6): every joker round, and every absence once the jokers are
    used up, adds ``share`` (1/2) of the player's average SB per played game.
    Worked example: SB 6 over 4 games (average 3/2), two jokers: 6 + 2 x 1/2 x 3/2 = 15/2.
    """
    games = [e for e in entries if e.played and e.opponent is not None]
    raw = sum(
        (scores.get(e.opponent, Fraction(0)) * _WIN_SHARE[e.kind] for e in games if e.opponent),
        Fraction(0),
    )
    adj = ruleset.sb_adjustment
    if adj is None or not games:
        return raw
    cap_rule = ruleset.points.rule(adj.cap_kind)
    cap_limit = (
        cap_rule.cap.limit(ruleset.rounds_per_cycle)
        if cap_rule is not None and cap_rule.cap is not None
        else None
    )
    used = 0
    adjusted = 0
    for e in entries:
        if e.kind in adj.kinds:
            adjusted += 1
        elif e.kind in adj.after_cap_kinds and cap_limit is not None and used >= cap_limit:
            adjusted += 1
        if e.kind == adj.cap_kind:
            used += 1
    return raw + adjusted * adj.share * raw / len(games)


def wins(entries: Sequence[Entry]) -> int:
    """LA-10: games won, forfeit wins included (a forfeit is a game won by rule)."""
    return sum(1 for e in entries if e.kind in (Kind.WIN, Kind.FORFEIT_WIN))


def jokers(entries: Sequence[Entry]) -> int:
    return sum(1 for e in entries if e.kind is Kind.JOKER)


def compute(
    name: TieBreak,
    entries: Mapping[str, Sequence[Entry]],
    scores: Mapping[str, Fraction],
    ruleset: Ruleset,
    initial_index: Mapping[str, int],
) -> dict[str, Fraction | int]:
    """One tie-break's value for every player."""
    fn: Callable[[str], Fraction | int] = {
        "initial-order": lambda p: initial_index[p],
        "wins": lambda p: wins(entries.get(p, ())),
        "sonneborn-berger": lambda p: sonneborn_berger(entries.get(p, ()), scores, ruleset),
        "fewest-jokers": lambda p: jokers(entries.get(p, ())),
        "buchholz": lambda p: buchholz(entries.get(p, ()), scores),
    }[name]
    return {p: fn(p) for p in scores}


#: +1: higher is better; -1: lower is better
DIRECTION: dict[str, int] = {
    "initial-order": -1,
    "wins": 1,
    "sonneborn-berger": 1,
    "fewest-jokers": -1,
    "buchholz": 1,
}


def ranking(
    scores: Mapping[str, Fraction | int],
    ruleset: Ruleset,
    entries: Mapping[str, Sequence[Entry]],
    initial_index: Mapping[str, int],
) -> tuple[str, ...]:
    """Players by score, ties broken by the ruleset's tie-breaks in order, then by the
    initial order (which makes the ranking total)."""
    if ruleset.tie_breaks == ("initial-order",):
        return tuple(sorted(scores, key=lambda p: (-scores[p], initial_index[p])))
    fractions = {p: Fraction(s) for p, s in scores.items()}
    columns = [
        (compute(b, entries, fractions, ruleset, initial_index), DIRECTION[b])
        for b in ruleset.tie_breaks
    ]
    return tuple(
        sorted(
            scores,
            key=lambda p: (-scores[p], *(-d * col[p] for col, d in columns), initial_index[p]),
        )
    )
