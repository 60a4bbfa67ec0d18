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

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import replace
from typing import Any, Literal, Protocol

from compcore.scoring.entries import Term
from compcore.scoring.place_forms import BlockStepper, DenseLinear, MatrixStepper
from compcore.scoring.snapshot import Ranker, Snapshot, ValueTable, Zeros, scale_for


class _Linear:
    """Each player's total as ``const + sum(coef[t] * value[t])``, in whole units."""

    def __init__(self) -> None:
        self.const: dict[str, int] = {}
        self.coef: dict[str, dict[str, int]] = {}
        self.zeros = Zeros()

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
        const = self.const
        # 0 for everyone, in the players' order; then the players with terms (a club's
        # members who never play cost a dict entry each, not a loop step: issue 19)
        out: dict[str, int] = self.zeros(players)
        for p, coef in self.coef.items():
            if p in out:
                total = const.get(p, 0)
                for t, c in coef.items():
                    # a target not in the ranking (a late joiner's own value before he
                    # joins) is worth 0, as in the place-valued forms
                    total += c * values.get(t, 0)
                out[p] = total
        return out


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
    positional: Callable[[int], Sequence[int]] | None = None,
    keep_last: int | None = None,
    idle: frozenset[str] = frozenset(),
) -> list[Snapshot]:
    """The snapshots S(0), S(k1), S(k2), ... for the scope's rounds, in order, by ``mode``:
    ``at-time`` (MG-2), ``recompute`` (DS-8, KC-4) or ``iterate`` (KC-4).

    ``population(k)`` is who is in the ranking after round k; ``values.units(order, k)``
    gives the values for scoring round k from a ranking; ``rank(scores, scale, k)`` orders
    players (ties broken by the ruleset). ``positional(n)``, when given, is the value of each
    place for n players, independent of round and names (rank-based values with ties broken
    by the initial order): when the mode iterates, the forms are then kept by place
    (:class:`DenseLinear`: plain Python rows for a club, an int64 matrix from
    :data:`NUMPY_FROM` active players; one step per round, as ``recompute`` takes, is as
    fast in the plain Python forms, and a command-line run is spared numpy's import). With
    ``keep_last`` only S(0) and the snapshots of the scope's last ``keep_last`` rounds are
    returned (the ranking chain is computed all the same; None: every round). ``idle``:
    players without any term who score 0 whatever the values (members who never play,
    issue 19); with place values they rank as one block (:class:`BlockStepper`).
    """
    amount_scale = scale_for(terms)
    vs = values.scale
    scale = amount_scale * vs
    int_terms = _whole_terms(terms, amount_scale)
    linear = _Linear()
    zeros = linear.zeros
    dense = (
        DenseLinear.build(
            population(rounds[-1]) if rounds else initial,
            int_terms,
            vs,
            positional,
            tie_index,
            plain=bool(idle),
        )
        if positional is not None and mode == "iterate"
        else None
    )
    first = rounds[0] if rounds else 1
    order = tuple(initial)
    snapshots = [
        Snapshot(first - 1, order, dict.fromkeys(order, 0), scale, values.units(order, first), vs)
    ]
    kept = frozenset(rounds if keep_last is None else rounds[len(rounds) - keep_last :])
    totals: dict[str, int] = {}
    for k in rounds:
        players = population(k)
        current = values.units(order, k)
        round_terms = int_terms.get(k, {})
        if mode == "at-time":
            _add_at_time(totals, round_terms, current, vs)
            # everyone 0, in the players' order, then the totals (a member who never
            # plays costs a dict entry, not a loop step: issue 19)
            units_scores: dict[str, int] = zeros(players)
            for player, total in totals.items():
                if player in units_scores:
                    units_scores[player] = total
            order = rank(units_scores, scale, k)
            snap = Snapshot(k, order, units_scores, scale, method="at-time", scored_with=current)
        else:
            for player, player_terms in round_terms.items():
                (dense or linear).add(player, player_terms, vs)
            stepper = _stepper(k, players, linear, dense, values, rank, scale, tie_index, idle)
            if mode == "iterate" and iterate_at(k):
                snap, used = _iterate(k, order, stepper, max_iterations, scale)
                snap = replace(snap, scored_with=values.units(used, k))
            else:  # one step from S(k-1)
                ranking, scores = stepper.step(stepper.encode(order))
                snap = Snapshot(
                    k,
                    stepper.ids(ranking),
                    stepper.units(scores),
                    scale,
                    method="recompute",
                    iterations=1,
                    scored_with=current,
                )
            order = snap.order
        if keep_last is None or k in kept:
            snapshots.append(replace(snap, values=values.units(order, k + 1), value_scale=vs))
    return snapshots


def _whole_terms(
    terms: Mapping[int, Mapping[str, Sequence[Term]]], amount_scale: int
) -> dict[int, dict[str, list[tuple[int, str | None]]]]:
    """Each term as (whole units of 1/amount_scale, target): integer arithmetic from here on
    (a player without terms in a round, e.g. a member who does not play, adds nothing); a
    season has a handful of distinct amounts (the points table's Fractions), each converted
    once (keyed by identity: they all stay alive in ``terms`` meanwhile)."""
    whole: dict[int, int] = {}
    for in_round in terms.values():
        for ts in in_round.values():
            for a, _ in ts:
                if id(a) not in whole:
                    whole[id(a)] = a.numerator * (amount_scale // a.denominator)
    return {
        k: {p: [(whole[id(a)], target) for a, target in ts] for p, ts in round_terms.items() if ts}
        for k, round_terms in terms.items()
    }


def _add_at_time(
    totals: dict[str, int],
    round_terms: Mapping[str, Sequence[tuple[int, str | None]]],
    current: Mapping[str, int],
    vs: int,
) -> None:
    """MG-2: add round k's points to ``totals``, each game valued as its opponent stood
    before the round (``current``)."""
    for player, player_terms in round_terms.items():
        points = 0
        for units, target in player_terms:
            points += units * (vs if target is None else current.get(target, 0))
        totals[player] = totals.get(player, 0) + points


def _stepper(
    k: int,
    players: Sequence[str],
    linear: _Linear,
    dense: DenseLinear | None,
    values: ValueTable,
    rank: Ranker,
    scale: int,
    tie_index: Mapping[str, int],
    idle: frozenset[str],
) -> _Stepper:
    """The representation round k's steps run in: plain Python forms, the idle members as
    one block, or the matrix."""
    if dense is None:
        return _PythonStepper(k, players, linear, values, rank, scale, tie_index)
    if idle and not dense.uses_numpy:
        return BlockStepper(dense, players, idle, getattr(values, "mark_block", None))
    return MatrixStepper(dense, players)


class _Stepper(Protocol):
    """One iteration step in some representation of a ranking (``R``)."""

    def encode(self, order: tuple[str, ...]) -> Hashable: ...
    def step(self, ranking: Any) -> tuple[Hashable, Any]: ...
    def ids(self, ranking: Any) -> tuple[str, ...]: ...
    def units(self, scores: Any) -> dict[str, int]: ...
    def tie_key(self, ranking: Any) -> tuple[int, ...]: ...
    def key(self, ranking: Any) -> Hashable:
        """Equal for two rankings exactly when they are the same ranking."""
        ...


class _PythonStepper:
    """Values from a ranking, evaluate the linear forms, rank: in plain Python."""

    def __init__(
        self,
        k: int,
        players: Sequence[str],
        linear: _Linear,
        values: ValueTable,
        rank: Ranker,
        scale: int,
        tie_index: Mapping[str, int],
    ) -> None:
        self.k, self.players, self.linear = k, players, linear
        self.values, self.rank, self.scale, self.tie_index = values, rank, scale, tie_index

    def encode(self, order: tuple[str, ...]) -> tuple[str, ...]:
        return order

    def step(self, ranking: tuple[str, ...]) -> tuple[tuple[str, ...], dict[str, int]]:
        scores = self.linear.evaluate(self.players, self.values.units(ranking, self.k))
        return self.rank(scores, self.scale, self.k), scores

    def ids(self, ranking: tuple[str, ...]) -> tuple[str, ...]:
        return ranking

    def units(self, scores: dict[str, int]) -> dict[str, int]:
        return scores

    def tie_key(self, ranking: tuple[str, ...]) -> tuple[int, ...]:
        return tuple(self.tie_index[p] for p in ranking)

    def key(self, ranking: tuple[str, ...]) -> Hashable:
        return ranking


def _iterate(
    k: int,
    start: tuple[str, ...],
    stepper: _Stepper,
    max_iterations: int,
    scale: int,
) -> tuple[Snapshot, tuple[str, ...]]:
    """The snapshot after iterating round k from ``start``, and the ranking whose values
    gave its scores (the snapshot's own at a fixed point; in an oscillation, the one before
    the chosen ranking in the cycle)."""
    # each state: (new ranking, its scores, the ranking whose values gave those scores)
    states: list[tuple[Any, Any, Any]] = []
    seen: dict[Hashable, int] = {}
    # the starting ranking is S(k-1), which knows nothing of round k yet: it is not a state
    ranking = stepper.encode(start)
    for count in range(1, max_iterations + 1):
        new, scores = stepper.step(ranking)
        key = stepper.key(new)
        if key == stepper.key(ranking):
            return Snapshot(
                k,
                stepper.ids(new),
                stepper.units(scores),
                scale,
                method="iterate",
                iterations=count,
            ), stepper.ids(ranking)
        if key in seen:
            cycle = states[seen[key] :]
            chosen = min(cycle, key=lambda s: stepper.tie_key(s[0]))
            orders = [stepper.ids(s[0]) for s in cycle]
            positions = [{p: i for i, p in enumerate(o)} for o in orders]
            chosen_ids = stepper.ids(chosen[0])
            swapping = tuple(p for p in chosen_ids if len({pos[p] for pos in positions}) > 1)
            return Snapshot(
                k,
                chosen_ids,
                stepper.units(chosen[1]),
                scale,
                method="iterate",
                iterations=count,
                oscillated=True,
                period=len(cycle),
                swapping=swapping,
            ), stepper.ids(chosen[2])
        seen[key] = len(states)
        states.append((new, scores, ranking))
        ranking = new
    # no fixed point and no repeat within the bound: report it as an oscillation
    last, last_scores, used = states[-1]
    return Snapshot(
        k,
        stepper.ids(last),
        stepper.units(last_scores),
        scale,
        method="iterate",
        iterations=max_iterations,
        oscillated=True,
    ), stepper.ids(used)
