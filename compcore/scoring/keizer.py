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
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from math import lcm
from typing import Literal, Protocol

from compcore.scoring.entries import Term
from compcore.scoring.values import Number

Method = Literal["initial", "at-time", "recompute", "iterate", "points"]


@dataclass(frozen=True)
class Snapshot:
    """The standings after one round: ranking, exact scores and the values it gives.

    Scores are held as ``units`` of 1/``scale`` points and values as units of
    1/``value_scale`` (whole numbers, so the engine never does fraction arithmetic);
    :attr:`scores` and :meth:`value` give exact fractions when asked.
    """

    round: int
    order: tuple[str, ...]
    units: Mapping[str, Number]
    scale: int = 1
    #: each player's value from this ranking (what beating them is worth next round)
    values: Mapping[str, int] = field(default_factory=dict)
    value_scale: int = 1
    method: Method = "initial"
    iterations: int = 0
    oscillated: bool = False
    period: int = 0
    swapping: tuple[str, ...] = ()

    @cached_property
    def scores(self) -> dict[str, Fraction]:
        return {p: Fraction(u, self.scale) for p, u in self.units.items()}

    def value(self, player: str) -> Fraction:
        return Fraction(self.values[player], self.value_scale)


#: rank(scores in units of 1/scale, scale, round) -> players in order
Ranker = Callable[[Mapping[str, Number], int, int], tuple[str, ...]]


class ValueTable(Protocol):
    """Values as whole numbers of 1/``scale``: ``units(order, k)`` are the values for
    scoring round k when the ranking is ``order``."""

    scale: int

    def units(self, order: Sequence[str], k: int) -> Mapping[str, int]: ...


class _Linear:
    """Each player's total as ``const + sum(coef[t] * value[t])``, in whole units."""

    def __init__(self) -> None:
        self.const: dict[str, int] = {}
        self.coef: dict[str, dict[str, int]] = {}

    def add(self, player: str, terms: Sequence[tuple[int, str | None]], value_scale: int) -> None:
        coef = self.coef.setdefault(player, {})
        const = self.const.get(player, 0)
        for units, target in terms:
            if target is None:
                const += units * value_scale
            else:
                coef[target] = coef.get(target, 0) + units
        self.const[player] = const

    def evaluate(self, players: Sequence[str], values: Mapping[str, int]) -> dict[str, int]:
        const, coefs = self.const, self.coef
        out: dict[str, int] = {}
        for p in players:
            total = const.get(p, 0)
            coef = coefs.get(p)
            if coef:
                for t, c in coef.items():
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
    values: ValueTable,
    rank: Ranker,
    iterate_at: Callable[[int], bool],
    tie_index: Mapping[str, int],
    max_iterations: int,
) -> list[Snapshot]:
    """The snapshots S(0), S(k1), S(k2), ... for the scope's rounds, in order.

    ``population(k)`` is who is in the ranking after round k; ``values.units(order, k)``
    gives the values for scoring round k from a ranking; ``rank(scores, scale, k)`` orders
    players (ties broken by the ruleset).
    """
    amount_scale = scale_for(terms)
    vs = values.scale
    scale = amount_scale * vs
    # each term as (whole units of 1/amount_scale, target): integer arithmetic from here on
    int_terms = {
        k: {
            p: [(t.amount.numerator * (amount_scale // t.amount.denominator), t.target) for t in ts]
            for p, ts in round_terms.items()
        }
        for k, round_terms in terms.items()
    }
    linear = _Linear()
    first = rounds[0] if rounds else 1
    order = tuple(initial)
    snapshots = [
        Snapshot(first - 1, order, {p: 0 for p in order}, scale, values.units(order, first), vs)
    ]
    totals: dict[str, int] = {}
    for k in rounds:
        players = population(k)
        current = values.units(order, k)
        round_terms = int_terms.get(k, {})
        if mode == "at-time":
            for player, player_terms in round_terms.items():
                points = 0
                for units, target in player_terms:
                    points += units * (vs if target is None else current[target])
                totals[player] = totals.get(player, 0) + points
            units_scores = {p: totals.get(p, 0) for p in players}
            order = rank(units_scores, scale, k)
            snap = Snapshot(k, order, units_scores, scale, method="at-time")
        else:
            for player, player_terms in round_terms.items():
                linear.add(player, player_terms, vs)
            if mode == "iterate" and iterate_at(k):
                snap = _iterate(
                    k, order, players, linear, values, rank, tie_index, max_iterations, scale
                )
            else:
                units_scores = linear.evaluate(players, current)
                order = rank(units_scores, scale, k)
                snap = Snapshot(k, order, units_scores, scale, method="recompute", iterations=1)
            order = snap.order
        snapshots.append(replace(snap, values=values.units(order, k + 1), value_scale=vs))
    return snapshots


def _iterate(
    k: int,
    start: tuple[str, ...],
    players: Sequence[str],
    linear: _Linear,
    values: ValueTable,
    rank: Ranker,
    tie_index: Mapping[str, int],
    max_iterations: int,
    scale: int,
) -> Snapshot:
    states: list[tuple[tuple[str, ...], dict[str, int]]] = []
    seen: dict[tuple[str, ...], int] = {}
    order = start
    # the starting ranking is S(k-1), which knows nothing of round k yet: it is not a state
    for step in range(1, max_iterations + 1):
        scores = linear.evaluate(players, values.units(order, k))
        new = rank(scores, scale, k)
        if new == order:
            return Snapshot(k, new, scores, scale, method="iterate", iterations=step)
        if new in seen:
            cycle = states[seen[new] :]
            chosen = min(cycle, key=lambda s: tuple(tie_index[p] for p in s[0]))
            positions = [{p: i for i, p in enumerate(s[0])} for s in cycle]
            swapping = tuple(p for p in chosen[0] if len({pos[p] for pos in positions}) > 1)
            return Snapshot(
                k,
                chosen[0],
                chosen[1],
                scale,
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
        last_scores,
        scale,
        method="iterate",
        iterations=max_iterations,
        oscillated=True,
    )
