"""Each entry's points as the standings counted them: the value used and the points.

The standings add up linear terms (:mod:`compcore.scoring.entries`): an entry is worth
``amount`` x a value (the opponent's or the player's own), a constant, or the evening's
average (MG-5). This module evaluates those same terms with the values the engine scored
them with, so a player's contributions add up exactly to his standings score:

* at-time (MG-2): round k with the values of S(k-1), the snapshot before it;
* recompute (DS-8, KC-4) and iterate (KC-4): every entry of the scope with the values of the
  final snapshot's ``basis`` (``Snapshot.scored_with``);
* point systems (PP, LA, MG youth): constants, no values.

Caps (DS-4, PP-2, LA-9, MG-4) are settled per entry by :func:`entries.apply_caps`: an entry
over its cap carries the cap's ``then`` rule and ``over_cap``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from compcore.history import Entry, History, history
from compcore.model import Season
from compcore.rulesets.schema import Ruleset
from compcore.scoring.entries import Scored, Term, apply_caps, terms_of_round
from compcore.scoring.keizer import Snapshot
from compcore.scoring.standings import Standings


@dataclass(frozen=True, slots=True)
class Contribution:
    """One entry of a player in the standings' scope and what it added to his score."""

    round: int
    entry: Entry
    #: the value the entry was scored with (the opponent's, or his own for a bye or an
    #: absence); None for a fixed number of points or the evening's average (MG-5)
    value: Fraction | None
    points: Fraction
    #: the cap was used up and the cap's ``then`` rule applied (DS-4, PP-2, LA-9, MG-4)
    over_cap: bool = False
    #: MG-5: the points are the evening's average
    averaged: bool = False


@dataclass(frozen=True, slots=True)
class PlayerRounds:
    """One player's rounds in a standings' scope and their total: the player page."""

    player: str
    lines: tuple[Contribution, ...]

    @property
    def total(self) -> Fraction:
        """The sum of the lines: exactly the player's score in the standings."""
        return sum((line.points for line in self.lines), Fraction(0))


def player_rounds(season: Season, ruleset: Ruleset, table: Standings, player: str) -> PlayerRounds:
    """``player``'s entries in ``table``'s scope (cycle), each with the value it was scored
    with and its points; their total is his standings score."""
    return PlayerRounds(player, contributions(season, ruleset, table, only=player).get(player, ()))


def contributions(
    season: Season,
    ruleset: Ruleset,
    table: Standings,
    hist: History | None = None,
    only: str | None = None,
) -> dict[str, tuple[Contribution, ...]]:
    """Every player's contributions to ``table`` (standings computed with ``detail=True``),
    in round order; for each player they sum exactly to ``table.final.scores[player]``.
    ``only``: just this player's (the round's other entries still count for an MG-5
    evening average)."""
    hist = history(season, ruleset, upto=table.after_round) if hist is None else hist
    scope = [s.round for s in table.snapshots[1:]]
    scored = apply_caps(hist.upto(table.after_round), ruleset)
    by_round: dict[int, list[Scored]] = {k: [] for k in scope}
    for entries in scored.values():
        for s in entries:
            if s.entry.round in by_round:
                by_round[s.entry.round].append(s)
    averaged_kinds = frozenset(ruleset.points.evening_average_kinds)
    out: dict[str, list[Contribution]] = {}
    for index, k in enumerate(scope, start=1):
        values = values_used(table, index)
        terms = terms_of_round(by_round[k], averaged_kinds)
        for s in by_round[k]:
            if only is not None and s.player != only:
                continue
            out.setdefault(s.player, []).append(_contribution(s, terms.get(s.player, []), values))
    return {pid: tuple(items) for pid, items in out.items()}


def values_used(table: Standings, index: int) -> Mapping[str, Fraction]:
    """The values that scored the entries of ``table.snapshots[index]``'s round in the final
    scores: S(k-1)'s values for at-time, else the final snapshot's ``scored_with``; none for
    a point system."""
    final = table.final
    if final.method == "points" or not table.snapshots:
        return {}
    if final.method == "at-time":
        before: Snapshot = table.snapshots[index - 1]
        return {p: Fraction(v, before.value_scale) for p, v in before.values.items()}
    return {p: Fraction(v, final.value_scale) for p, v in final.scored_with.items()}


def _contribution(s: Scored, terms: list[Term], values: Mapping[str, Fraction]) -> Contribution:
    points = sum(
        (t.amount * (1 if t.target is None else values[t.target]) for t in terms), Fraction(0)
    )
    averaged = s.points.basis == "evening-average"
    targets = {t.target for t in terms}
    value = None
    if not averaged and len(targets) == 1 and None not in targets:
        value = values[next(iter(targets))]  # type: ignore[index]
    return Contribution(s.entry.round, s.entry, value, points, s.over_cap, averaged)
