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

import sys
from bisect import bisect_right
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from math import lcm
from typing import Any, Literal, Protocol

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
    #: the values (units of 1/``value_scale``) the scores were computed with: for round k's
    #: entries in at-time mode, for every entry of the scope in recompute and iterate mode
    #: (in an oscillation, those of the ranking before the chosen one); empty for S(0) and
    #: point systems. ``values`` is what the ranking gives for the next round.
    scored_with: Mapping[str, int] = field(default_factory=dict)

    @cached_property
    def scores(self) -> dict[str, Fraction]:
        # one Fraction per distinct score (a club's members who never play share the 0)
        scale = self.scale
        made: dict[Number, Fraction] = {}
        out: dict[str, Fraction] = {}
        for p, u in self.units.items():
            score = made.get(u)
            if score is None:
                score = made[u] = Fraction(u, scale)
            out[p] = score
        return out

    def value(self, player: str) -> Fraction:
        return Fraction(self.values[player], self.value_scale)

    def shown_value(self, player: str) -> Fraction:
        """The value the standings show (KC-14 Wa; issue 10, item 3: values and scores agree).

        After an iterated round: the value the scores were computed with. At a fixed point
        that is the ranking's own value; at an oscillation (KC-4) the chosen ranking's own
        values would give other scores, so the column shows the values actually used and
        the diagnostics the ranking's own (:attr:`values`). Otherwise (recompute, DS-1 "op
        basis van de actuele ranglijst"; at-time) the value from this ranking, the one the
        next round is scored with.
        """
        if self.method == "iterate" and player in self.scored_with:
            return Fraction(self.scored_with[player], self.value_scale)
        return self.value(player)


#: rank(scores in units of 1/scale, scale, round) -> players in order
Ranker = Callable[[Mapping[str, Number], int, int], tuple[str, ...]]


class Zeros:
    """``dict.fromkeys(players, 0)``, made once per population (by identity) and copied
    after: copying a dict of a club's 8,000 members costs a tenth of building it (issue 19)."""

    def __init__(self) -> None:
        self._made: dict[int, tuple[Sequence[str], dict[str, int]]] = {}

    def __call__(self, players: Sequence[str]) -> dict[str, int]:
        got = self._made.get(id(players))
        if got is None or got[0] is not players:
            got = self._made[id(players)] = (players, dict.fromkeys(players, 0))
        return got[1].copy()


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


def scale_for(rounds: Mapping[int, Mapping[str, Sequence[Term]]]) -> int:
    """L: the least common denominator of every amount, so coefficients are whole numbers."""
    denominators = {
        a.denominator for terms in rounds.values() for ts in terms.values() for a, _ in ts
    }
    return lcm(1, *denominators)


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
    progression: bool = True,
    idle: frozenset[str] = frozenset(),
) -> list[Snapshot]:
    """The snapshots S(0), S(k1), S(k2), ... for the scope's rounds, in order, by ``mode``:
    ``at-time`` (MG-2), ``recompute`` (DS-8, KC-4) or ``iterate`` (KC-4).

    ``population(k)`` is who is in the ranking after round k; ``values.units(order, k)``
    gives the values for scoring round k from a ranking; ``rank(scores, scale, k)`` orders
    players (ties broken by the ruleset). ``positional(n)``, when given, is the value of each
    place for n players, independent of round and names (rank-based values with ties broken
    by the initial order): when the mode iterates, the forms are then kept by place
    (:class:`_DenseLinear`: plain Python rows for a club, an int64 matrix from
    :data:`NUMPY_FROM` active players; one step per round, as ``recompute`` takes, is as
    fast in the plain Python forms, and a command-line run is spared numpy's import). Without
    ``progression`` only S(0) and the last snapshot are returned (the ranking chain is
    computed all the same). ``idle``: players without any term who score 0 whatever the
    values (members who never play, issue 19); with place values they rank as one block
    (:class:`_BlockStepper`).
    """
    amount_scale = scale_for(terms)
    vs = values.scale
    scale = amount_scale * vs
    # each term as (whole units of 1/amount_scale, target): integer arithmetic from here on
    # (a player without terms in a round, e.g. a member who does not play, adds nothing);
    # a season has a handful of distinct amounts (the points table's Fractions), each
    # converted once (keyed by identity: they all stay alive in ``terms`` meanwhile)
    whole: dict[int, int] = {}
    for in_round in terms.values():
        for ts in in_round.values():
            for a, _ in ts:
                if id(a) not in whole:
                    whole[id(a)] = a.numerator * (amount_scale // a.denominator)
    int_terms = {
        k: {p: [(whole[id(a)], target) for a, target in ts] for p, ts in round_terms.items() if ts}
        for k, round_terms in terms.items()
    }
    linear = _Linear()
    zeros = linear.zeros
    dense = (
        _DenseLinear.build(
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
    totals: dict[str, int] = {}
    for k in rounds:
        players = population(k)
        current = values.units(order, k)
        round_terms = int_terms.get(k, {})
        if mode == "at-time":
            for player, player_terms in round_terms.items():
                points = 0
                for units, target in player_terms:
                    points += units * (vs if target is None else current.get(target, 0))
                totals[player] = totals.get(player, 0) + points
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
            stepper: _Stepper = (
                _PythonStepper(k, players, linear, values, rank, scale, tie_index)
                if dense is None
                else _BlockStepper(dense, players, idle, getattr(values, "mark_block", None))
                if idle and not dense.uses_numpy
                else _MatrixStepper(dense, players)
            )
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
        if progression or k == rounds[-1]:
            snapshots.append(replace(snap, values=values.units(order, k + 1), value_scale=vs))
    return snapshots


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


#: active players from which the place-valued forms are int64 arrays (numpy); below,
#: plain Python rows: about as fast for a club (a 60-player season iterating every round
#: takes some 40 ms more, numpy's import costs a command-line run ~160 ms) and identical:
#: every sum is an exact integer either way.
NUMPY_FROM = 300
#: ... and from this many when numpy is loaded already (the app: pandas loads it), where
#: the matrix is the faster
NUMPY_LOADED_FROM = 30


def _uses_numpy(active: int) -> bool:
    """Whether forms over ``active`` players pay for numpy (see :data:`NUMPY_FROM`)."""
    return active >= NUMPY_FROM or ("numpy" in sys.modules and active >= NUMPY_LOADED_FROM)


class _DenseLinear:
    """The linear forms over values by place: scores = const + C @ values.

    Used for rank-based values with ties broken by the initial order, where a ranking's
    values depend only on places. From :data:`NUMPY_FROM` active players the forms are
    exact int64 arrays (numpy; from :data:`NUMPY_LOADED_FROM` when numpy is loaded anyway),
    exact while no total can reach 2**62: :meth:`build` checks the bound over the whole
    scope up front and returns None otherwise (the plain Python forms are used then).
    Otherwise each row is a plain Python dict of column to coefficient.

    The forms cover only the *active* players (those with a term, or the target of one):
    everyone else's score is 0 whatever the values, so a club with thousands of registered
    members who never play costs a vector of their places, not a matrix of them. It is
    kept sparse, as (row, column, coefficient) triples: a player's row has a term per game
    played, so a step costs the games of the scope, where a dense matrix cost the square
    of the players (10,000 of them: 800 MB and 0.3 s a step, issue 19).
    """

    @classmethod
    def build(
        cls,
        players: Sequence[str],
        int_terms: Mapping[int, Mapping[str, Sequence[tuple[int, str | None]]]],
        vs: int,
        positional: Callable[[int], Sequence[int]],
        tie_index: Mapping[str, int],
        plain: bool = False,
    ) -> _DenseLinear | None:
        ids = tuple(players)
        bound: dict[str, int] = {}
        active: set[str] = set()
        mark = active.add
        for round_terms in int_terms.values():
            for p, terms in round_terms.items():
                # one plain loop per player and round (a generator each cost 0.3 s of a
                # 10,000-player pairing, issue 19)
                total = 0
                for u, t in terms:
                    if t is None:
                        total += abs(u) * vs
                    else:
                        total += abs(u)
                        mark(t)
                bound[p] = bound.get(p, 0) + total
                if terms:
                    mark(p)
        top = max(positional(len(ids)), default=1)
        if max(bound.values(), default=0) * max(top, vs, 1) >= 2**62:
            return None
        return cls(ids, [p for p in ids if p in active], positional, tie_index, plain)

    def __init__(
        self,
        ids: tuple[str, ...],
        active: Sequence[str],
        positional: Callable[[int], Sequence[int]],
        tie_index: Mapping[str, int],
        plain: bool = False,
    ) -> None:
        self.ids = ids
        self.index = dict(zip(ids, range(len(ids)), strict=True))
        #: the active players' indices in ``ids``, and each one's row in the forms
        self.row = {p: i for i, p in enumerate(active)}
        # with many idle players (``plain``) the plain rows step on the active players
        # alone (:class:`_BlockStepper`), where numpy's arrays would span everyone
        self.uses_numpy = len(active) >= NUMPY_FROM if plain else _uses_numpy(len(active))
        self.tie_list = list(map(tie_index.__getitem__, ids))
        self._positional = positional
        self._places: dict[int, Any] = {}
        self._active_list = [self.index[p] for p in active]
        #: the indices with a row (:class:`_BlockStepper`), its blocks per population and
        #: the rankings behind the orders it gave
        self.row_of_index = frozenset(self._active_list)
        self.zeros = Zeros()
        self.blocks: dict[
            int, tuple[Sequence[str], list[int], tuple[int, ...], list[int], tuple[str, ...]]
        ] = {}
        self.rankings: dict[int, tuple[tuple[str, ...], _Ranking]] = {}
        #: per active row: its constant
        self._const = [0] * len(active)
        if self.uses_numpy:
            import numpy as np

            self.active = np.array(self._active_list, dtype=np.int64)
            self.tie = np.array(self.tie_list, dtype=np.int64)
            #: the coefficients as triples (row, column in the active players, units):
            #: arrays, and the ones added since (plain lists)
            self._coo = (np.zeros(0, dtype=np.int64),) * 3
            self._added: tuple[list[int], list[int], list[int]] = ([], [], [])
        else:
            #: per active row: its coefficients by the target's index in ``ids``, and the
            #: same by the target's row (every target has a row: :meth:`build` marks them)
            self._coef: list[dict[int, int]] = [{} for _ in active]
            self._row_coef: list[dict[int, int]] = [{} for _ in active]

    def add(self, player: str, terms: Sequence[tuple[int, str | None]], value_scale: int) -> None:
        i = self.row.get(player)
        if not terms or i is None:  # no row: not in the ranking (a late joiner before it)
            return
        if self.uses_numpy:
            rows, cols, data = self._added
            for units, target in terms:
                if target is None:
                    self._const[i] += units * value_scale
                else:
                    rows.append(i)
                    cols.append(self.row[target])
                    data.append(units)
            return
        coef, by_row = self._coef[i], self._row_coef[i]
        index, row = self.index, self.row
        for units, target in terms:
            if target is None:
                self._const[i] += units * value_scale
            else:
                j = index[target]
                coef[j] = coef.get(j, 0) + units
                r = row[target]
                by_row[r] = by_row.get(r, 0) + units

    def _triples(self) -> tuple[Any, Any, Any]:
        """The coefficients as int64 arrays (row, column, units), repeats summed when
        evaluated."""
        import numpy as np

        if self._added[0]:
            self._coo = tuple(  # type: ignore[assignment]
                np.concatenate((old, np.array(new, dtype=np.int64)))
                for old, new in zip(self._coo, self._added, strict=True)
            )
            self._added = ([], [], [])
        return self._coo

    def places(self, m: int) -> Any:
        """The values of places 1..m."""
        if m not in self._places:
            if self.uses_numpy:
                import numpy as np

                self._places[m] = np.array(self._positional(m), dtype=np.int64)
            else:
                self._places[m] = list(self._positional(m))
        return self._places[m]

    def active_scores(self, places: Mapping[int, int], values: Sequence[int]) -> dict[int, int]:
        """The scores of the players with a row (plain Python forms), by index, where
        ``places`` holds the place (from 0) of each of them in the ranking (none: not
        ranked, value 0) and ``values`` the value of each place. The values are read a
        row at a time: only players with a row are anyone's targets."""
        get = places.get
        vals = [0 if (at := get(i)) is None else values[at] for i in self._active_list]
        out: dict[int, int] = {}
        for i, const, coef in zip(self._active_list, self._const, self._row_coef, strict=True):
            total = const
            for r, c in coef.items():
                total += c * vals[r]
            out[i] = total
        return out

    def scores(self, ranking: tuple[int, ...]) -> Any:
        """Every player's score (indexed as ``ids``) when ``ranking`` gives the values: an
        int64 array, or (below :data:`NUMPY_FROM`) a list of ints."""
        if not self.uses_numpy:
            vals = [0] * len(self.ids)
            for i, v in zip(ranking, self.places(len(ranking)), strict=True):
                vals[i] = v
            out = [0] * len(self.ids)
            for i, const, coef in zip(self._active_list, self._const, self._coef, strict=True):
                total = const
                for j, c in coef.items():
                    total += c * vals[j]
                out[i] = total
            return out
        import numpy as np

        placed = np.zeros(len(self.ids), dtype=np.int64)
        placed[list(ranking)] = self.places(len(ranking))
        rows, cols, data = self._triples()
        totals = np.array(self._const, dtype=np.int64)
        np.add.at(totals, rows, data * placed[self.active][cols])
        scores = np.zeros(len(self.ids), dtype=np.int64)
        scores[self.active] = totals
        return scores


class _MatrixStepper:
    """An iteration step on a :class:`_DenseLinear`; rankings are tuples of indices."""

    def __init__(self, dense: _DenseLinear, players: Sequence[str]) -> None:
        self._dense = dense
        self._sub_list = [dense.index[p] for p in players]
        #: the same indices by the tie order: sorted on the scores alone from there (a
        #: stable sort) they come in the order of (score down, tie), without a key tuple
        #: a player and step (issue 19)
        self._by_tie = sorted(self._sub_list, key=dense.tie_list.__getitem__)
        if dense.uses_numpy:
            import numpy as np

            self._sub = np.array(self._sub_list, dtype=np.int64)

    def encode(self, order: tuple[str, ...]) -> tuple[int, ...]:
        index = self._dense.index
        return tuple(index[p] for p in order)

    def step(self, ranking: tuple[int, ...]) -> tuple[tuple[int, ...], Any]:
        dense = self._dense
        scores = dense.scores(ranking)
        if not dense.uses_numpy:  # the same order as the lexsort: score down, then tie
            return tuple(sorted(self._by_tie, key=scores.__getitem__, reverse=True)), scores
        import numpy as np

        sub = self._sub
        new = sub[np.lexsort((dense.tie[sub], -scores[sub]))]
        return tuple(new.tolist()), scores

    def ids(self, ranking: tuple[int, ...]) -> tuple[str, ...]:
        ids = self._dense.ids
        return tuple(ids[i] for i in ranking)

    def units(self, scores: Any) -> dict[str, int]:
        ids = self._dense.ids
        if not self._dense.uses_numpy:
            return {ids[i]: scores[i] for i in self._sub_list}
        return {ids[i]: v for i, v in zip(self._sub_list, scores[self._sub].tolist(), strict=True)}

    def tie_key(self, ranking: tuple[int, ...]) -> tuple[int, ...]:
        tie = self._dense.tie_list
        return tuple(tie[i] for i in ranking)

    def key(self, ranking: tuple[int, ...]) -> Hashable:
        return ranking


class _Ranking(tuple[int, ...]):
    """A ranking as indices (:class:`_DenseLinear`), with the places of its active
    players (``places``: index to place, from 0), so a step reads their values without
    going through the whole ranking."""

    places: dict[int, int]
    #: the place (from 0) from which the idle block stands whole in it, if it does
    block_at: int | None
    #: the block it was made with (:class:`_BlockStepper`), and its key against that block
    block: tuple[int, ...]
    key: Hashable


class _BlockStepper:
    """:class:`_MatrixStepper`'s step (plain Python forms) for a ranking with many idle
    players (issue 19): they score 0 whatever the values and rank as one block in the
    initial order, so a step sorts the active players only and sets the block in as a
    whole (an active player on 0 goes into it by the initial order): the same ranking
    as sorting everyone on (score down, initial order)."""

    def __init__(
        self,
        dense: _DenseLinear,
        players: Sequence[str],
        idle: frozenset[str],
        mark: Callable[[tuple[str, ...], tuple[str, ...], int], None] | None = None,
    ) -> None:
        self._dense = dense
        self._players = players
        got = dense.blocks.get(id(players))
        if got is None or got[0] is not players:
            index, tie = dense.index, dense.tie_list
            sub = [index[p] for p in players]
            in_block = {index[p] for p in idle.intersection(players)}
            block = tuple(sorted(in_block, key=tie.__getitem__))
            active = [i for i in sub if i not in in_block]
            names = tuple(map(dense.ids.__getitem__, block))
            got = (players, active, block, [tie[i] for i in block], names)
            dense.blocks[id(players)] = got
        _, self._active, self._block, self._block_tie, self._names = got
        self._mark = mark

    def encode(self, order: tuple[str, ...]) -> _Ranking:
        known = self._dense.rankings.get(id(order))
        if known is not None and known[0] is order:
            return known[1]
        index = self._dense.index
        ranking = _Ranking(index[p] for p in order)
        rows = self._dense.row_of_index
        ranking.places = {i: place for place, i in enumerate(ranking) if i in rows}
        return ranking

    def step(self, ranking: _Ranking) -> tuple[_Ranking, dict[int, int]]:
        dense = self._dense
        scores = dense.active_scores(ranking.places, dense.places(len(ranking)))
        score = scores.get
        tie = dense.tie_list
        ordered = sorted(self._active, key=lambda i: (-score(i, 0), tie[i]))
        out = [i for i in ordered if score(i, 0) > 0]
        equal = [i for i in ordered if score(i, 0) == 0]
        after = ordered[len(out) + len(equal) :]
        places = {i: place for place, i in enumerate(out)}
        block, block_tie = self._block, self._block_tie
        done = 0
        for i in equal:
            cut = bisect_right(block_tie, tie[i], lo=done)
            out.extend(block[done:cut])
            places[i] = len(out)
            out.append(i)
            done = cut
        out.extend(block[done:])
        whole = done == 0 and not equal
        for i in after:
            places[i] = len(out)
            out.append(i)
        new = _Ranking(out)
        new.places = places
        #: where the block stands whole in it (:meth:`RankTable.mark_block`), if it does
        new.block_at = len(out) - len(after) - len(block) if whole else None
        # the others' places say the whole ranking: the block fills the rest in its order
        new.block, new.key = block, (len(out), tuple(places.items()))
        return new, scores

    def key(self, ranking: _Ranking) -> Hashable:
        """The ranking by the places of the players outside the block (each step's
        rankings are compared and kept while iterating: a club's 8,000 idle members are
        not compared and hashed every step, issue 19). Equal exactly when the rankings
        are: the block's members stand in the block's order in every ranking a step
        makes, and one that does not have them so (another round's) is keyed whole."""
        if getattr(ranking, "block", None) is self._block:
            return ranking.key
        block = self._block
        members = frozenset(block)
        at = 0
        others = []
        for place, i in enumerate(ranking):
            if i not in members:
                others.append((i, place))
            elif at < len(block) and block[at] == i:
                at += 1
            else:
                return ("whole", tuple(ranking))
        if at != len(block):
            return ("whole", tuple(ranking))
        return (len(ranking), tuple(others))

    def ids(self, ranking: _Ranking) -> tuple[str, ...]:
        ids = self._dense.ids
        at = getattr(ranking, "block_at", None)
        order: tuple[str, ...]
        if at is None:
            order = tuple(map(ids.__getitem__, ranking))
        else:  # the block's names are known: only the others are looked up
            end = at + len(self._block)
            order = (
                *map(ids.__getitem__, ranking[:at]),
                *self._names,
                *map(ids.__getitem__, ranking[end:]),
            )
            if self._mark is not None:
                self._mark(order, self._names, at)
        # the next round starts from this order: its encoding is this ranking
        self._dense.rankings[id(order)] = (order, ranking)
        return order

    def units(self, scores: dict[int, int]) -> dict[str, int]:
        ids = self._dense.ids
        out: dict[str, int] = self._dense.zeros(self._players)
        for i in self._active:
            out[ids[i]] = scores.get(i, 0)
        return out

    def tie_key(self, ranking: _Ranking) -> tuple[int, ...]:
        tie = self._dense.tie_list
        return tuple(map(tie.__getitem__, ranking))


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
