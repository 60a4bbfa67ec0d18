"""Tie-breaks and information columns: Sonneborn-Berger (with PP-6's joker adjustment),
Buchholz, wins, jokers, initial order."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

from compcore.history import Entry
from compcore.model import Kind
from compcore.rulesets.schema import Ruleset, TieBreak

#: Sonneborn-Berger shares in halves: a win counts the opponent's score twice, a draw once
_HALVES = {Kind.WIN: 2, Kind.DRAW: 1, Kind.LOSS: 0}

Score = Fraction | int


def buchholz(entries: Sequence[Entry], scores: Mapping[str, Score]) -> Score:
    """Sum of the scores of the opponents met over the board (forfeits and byes excluded)."""
    return sum(scores.get(e.opponent, 0) for e in entries if e.played and e.opponent)


def sonneborn_berger(
    entries: Sequence[Entry], scores: Mapping[str, Score], ruleset: Ruleset
) -> Fraction:
    """PP-6 weerstandspunten: the opponent's score in full for a win, half for a draw,
    over games played over the board.

    With ``sb_adjustment`` (PP-6): every joker round, and every absence once the jokers are
    used up, adds ``share`` (1/2) of the player's average SB per played game.
    Worked example: SB 6 over 4 games (average 3/2), two jokers: 6 + 2 x 1/2 x 3/2 = 15/2.
    Proportional to the scores, so it ranks the same on scores in any unit.
    """
    halves = 0
    games = 0
    for e in entries:
        if e.played and e.opponent is not None:
            games += 1
            halves += scores.get(e.opponent, 0) * _HALVES[e.kind]
    raw = Fraction(halves, 2)
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
        if e.kind in adj.kinds or (
            e.kind in adj.after_cap_kinds and cap_limit is not None and used >= cap_limit
        ):
            adjusted += 1
        if e.kind == adj.cap_kind:
            used += 1
    return raw + adjusted * adj.share * raw / games


_WINS = frozenset({Kind.WIN, Kind.FORFEIT_WIN})
_JOKER = Kind.JOKER


def wins(entries: Sequence[Entry]) -> int:
    """LA-10: games won, forfeit wins included (a forfeit is a game won by rule)."""
    return sum(1 for e in entries if e.kind in _WINS)


def jokers(entries: Sequence[Entry]) -> int:
    return sum(1 for e in entries if e.kind is _JOKER)


def compute(
    name: TieBreak,
    entries: Mapping[str, Sequence[Entry]],
    scores: Mapping[str, Score],
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


#: tie-breaks proportional to the scores (computed on scores in units of 1/scale they come
#: out in the same units)
PROPORTIONAL = frozenset({"sonneborn-berger", "buchholz"})

#: +1: higher is better; -1: lower is better
DIRECTION: dict[str, int] = {
    "initial-order": -1,
    "wins": 1,
    "sonneborn-berger": 1,
    "fewest-jokers": -1,
    "buchholz": 1,
}


def ranking(
    scores: Mapping[str, Score],
    ruleset: Ruleset,
    entries: Mapping[str, Sequence[Entry]],
    initial_index: Mapping[str, int],
) -> tuple[str, ...]:
    """Players by score, ties broken by the ruleset's tie-breaks in order, then by the
    initial order (which makes the ranking total)."""
    columns = [
        (compute(b, entries, scores, ruleset, initial_index), DIRECTION[b])
        for b in ruleset.tie_breaks
    ]
    return tuple(
        sorted(
            scores,
            key=lambda p: (-scores[p], *(-d * col[p] for col, d in columns), initial_index[p]),
        )
    )
