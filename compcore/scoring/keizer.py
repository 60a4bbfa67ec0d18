"""Keizer scoring: values from a ranking, every entry rescored, a new ranking (the three modes).

Scores are exact. Every entry's points are linear in the values (``amount`` x a value, or a
constant), so a player's total is ``const + sum(coef[t] * value[t])``. Coefficients are kept
as whole numbers of 1/L points (L = the least common denominator of all amounts), so with
rank-based values (whole numbers) the whole computation is integer arithmetic; rating-based
values (MG-1) are fractions and the same code stays exact.

Modes (``spec/rulesets.md``, "Keizer scoring, the three modes"):

* **at-time** (MG-2): round k's points use the values of ranking S(k-1) (or the ratings of
  round k) and never change afterwards.
* **recompute** (DS-8, KC-4): after round k every entry of rounds 1..k is scored again with
  the values of S(k-1).
* **iterate** (KC-4 after round 19 and the last round): after round k repeat "values from
  ranking, rescore, rank" from S(k-1) until the ranking is a fixed point. A ranking that
  comes back is an oscillation: iteration stops, and of the rankings in the cycle the one
  closest to the initial order (lexicographically smallest by initial-order index) is taken,
  so the choice does not depend on where the cycle was entered. The snapshot records the
  steps, the period and the players whose places differ between the cycle's rankings.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm
from typing import Literal

from compcore.scoring.entries import Term
from compcore.scoring.values import Number

Method = Literal["initial", "at-time", "recompute", "iterate", "points"]


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The standings after one round: ranking, exact scores and the values it gives."""

    round: int
    order: tuple[str, ...]
    scores: Mapping[str, Fraction]
    #: each player's value from this ranking (what beating them is worth next round)
    values: Mapping[str, Fraction] = field(default_factory=dict)
    method: Method = "initial"
    iterations: int = 0
    oscillated: bool = False
    period: int = 0
    swapping: tuple[str, ...] = ()


#: rank(scores in units of 1/scale, scale, round) -> players in order
Ranker = Callable[[Mapping[str, Number], int, int], tuple[str, ...]]
ValueTable = Callable[[Sequence[str], int], Mapping[str, Number]]


class _Linear:
    """Each player's total as ``const + sum(coef[t] * value[t])``, in units of 1/L."""

    def __init__(self, scale: int) -> None:
        self.scale = scale
        self.const: dict[str, int] = {}
        self.coef: dict[str, dict[str, int]] = {}

    def add(self, player: str, terms: Sequence[Term]) -> None:
        coef = self.coef.setdefault(player, {})
        self.const.setdefault(player, 0)
        for term in terms:
            units = term.amount * self.scale
            assert units.denominator == 1
            if term.target is None:
                self.const[player] += units.numerator
            else:
                coef[term.target] = coef.get(term.target, 0) + units.numerator

    def evaluate(self, players: Sequence[str], values: Mapping[str, Number]) -> dict[str, Number]:
        out: dict[str, Number] = {}
        for p in players:
            total: Number = self.const.get(p, 0)
            for t, c in self.coef.get(p, {}).items():
                total += c * values[t]
            out[p] = total
        return out


def scale_for(rounds: Mapping[int, Mapping[str, Sequence[Term]]]) -> int:
    """L: the least common denominator of every amount, so coefficients are whole numbers."""
    scale = 1
    for terms in rounds.values():
        for player_terms in terms.values():
            for term in player_terms:
                scale = lcm(scale, term.amount.denominator)
    return scale


def chain(
    *,
    mode: Literal["at-time", "recompute", "iterate"],
    rounds: Sequence[int],
    terms: Mapping[int, Mapping[str, Sequence[Term]]],
    initial: Sequence[str],
    population: Callable[[int], Sequence[str]],
    value_table: ValueTable,
    rank: Ranker,
    iterate_at: Callable[[int], bool],
    tie_index: Mapping[str, int],
    max_iterations: int,
) -> list[Snapshot]:
    """The snapshots S(0), S(k1), S(k2), ... for the scope's rounds, in order.

    ``population(k)`` is who is in the ranking after round k; ``value_table(order, k)``
    gives the values for scoring round k from a ranking; ``rank(scores)`` orders players
    (ties broken by the ruleset).
    """
    scale = scale_for(terms)
    linear = _Linear(scale)
    first = rounds[0] if rounds else 1
    order = tuple(initial)
    snapshots = [
        Snapshot(
            round=first - 1,
            order=order,
            scores={p: Fraction(0) for p in order},
            values=_fractions(value_table(order, first), 1),
        )
    ]
    totals: dict[str, Number] = {}
    for k in rounds:
        players = population(k)
        values = value_table(order, k)
        round_terms = terms.get(k, {})
        if mode == "at-time":
            for player, player_terms in round_terms.items():
                points: Number = 0
                for term in player_terms:
                    units = (term.amount * scale).numerator
                    points += units if term.target is None else units * values[term.target]
                totals[player] = totals.get(player, 0) + points
            units_scores = {p: totals.get(p, 0) for p in players}
            order = rank(units_scores, scale, k)
            snap = Snapshot(k, order, _fractions(units_scores, scale), method="at-time")
        else:
            for player, player_terms in round_terms.items():
                linear.add(player, player_terms)
            if mode == "iterate" and iterate_at(k):
                snap = _iterate(k, order, players, linear, value_table, rank, tie_index, max_iterations)
            else:
                units_scores = linear.evaluate(players, values)
                order = rank(units_scores, scale, k)
                snap = Snapshot(k, order, _fractions(units_scores, scale), method="recompute", iterations=1)
            order = snap.order
        next_values = _fractions(value_table(order, k + 1), 1)
        snapshots.append(_with_values(snap, next_values))
    return snapshots


def _iterate(
    k: int,
    start: tuple[str, ...],
    players: Sequence[str],
    linear: _Linear,
    value_table: ValueTable,
    rank: Ranker,
    tie_index: Mapping[str, int],
    max_iterations: int,
) -> Snapshot:
    scale = linear.scale
    states: list[tuple[tuple[str, ...], dict[str, Number]]] = []
    seen: dict[tuple[str, ...], int] = {}
    order = start
    # the starting ranking is S(k-1), which knows nothing of round k yet: it is not a state
    for step in range(1, max_iterations + 1):
        scores = linear.evaluate(players, value_table(order, k))
        new = rank(scores, scale, k)
        if new == order:
            return Snapshot(k, new, _fractions(scores, scale), method="iterate", iterations=step)
        if new in seen:
            cycle = states[seen[new]:]
            chosen = min(cycle, key=lambda s: tuple(tie_index[p] for p in s[0]))
            swapping = tuple(
                p for p in chosen[0] if len({s[0].index(p) for s in cycle}) > 1
            )
            return Snapshot(
                k,
                chosen[0],
                _fractions(chosen[1], scale),
                method="iterate",
                iterations=step,
                oscillated=True,
                period=len(cycle),
                swapping=swapping,
            )
        seen[new] = len(states)
        states.append((new, scores))
        order = new
    # no fixed point and no repeat within the bound: report it as an oscillation
    last_order, last_scores = states[-1]
    return Snapshot(
        k,
        last_order,
        _fractions(last_scores, scale),
        method="iterate",
        iterations=max_iterations,
        oscillated=True,
        period=0,
        swapping=(),
    )


def _fractions(units: Mapping[str, Number], scale: int) -> dict[str, Fraction]:
    return {p: Fraction(v) / scale for p, v in units.items()}


def _with_values(snap: Snapshot, values: Mapping[str, Fraction]) -> Snapshot:
    return Snapshot(
        snap.round,
        snap.order,
        snap.scores,
        values,
        snap.method,
        snap.iterations,
        snap.oscillated,
        snap.period,
        snap.swapping,
    )
