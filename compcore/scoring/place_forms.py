"""The linear forms of a Keizer chain kept by place (issue 19): for rank-based values
with ties broken by the initial order a ranking's values depend only on places, so each
player's score is a sum over places. :class:`DenseLinear` holds the forms (plain Python
rows, or int64 arrays from :data:`NUMPY_FROM` active players); :class:`MatrixStepper` and
:class:`BlockStepper` (many idle members as one block) are the iteration steps on them,
used by :func:`compcore.scoring.keizer.chain`.
"""

from __future__ import annotations

import sys
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from itertools import chain, repeat
from typing import Any

from compcore.scoring.snapshot import Zeros

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


class DenseLinear:
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
    ) -> DenseLinear | None:
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
        # alone (:class:`BlockStepper`), where numpy's arrays would span everyone
        self.uses_numpy = len(active) >= NUMPY_FROM if plain else _uses_numpy(len(active))
        self.tie_list = list(map(tie_index.__getitem__, ids))
        self._positional = positional
        self._places: dict[int, Any] = {}
        self._active_list = [self.index[p] for p in active]
        #: the indices with a row (:class:`BlockStepper`), its blocks per population and
        #: the rankings behind the orders it gave
        self.row_of_index = frozenset(self._active_list)
        self.zeros = Zeros()
        self.blocks: dict[
            int, tuple[Sequence[str], list[int], tuple[int, ...], list[int], tuple[str, ...]]
        ] = {}
        self.rankings: dict[int, tuple[tuple[str, ...], Ranking]] = {}
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


class MatrixStepper:
    """An iteration step on a :class:`DenseLinear`; rankings are tuples of indices."""

    def __init__(self, dense: DenseLinear, players: Sequence[str]) -> None:
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


class Ranking:
    """A ranking as indices (:class:`DenseLinear`), with the places of its active
    players (``places``: index to place, from 0), so a step reads their values without
    going through the whole ranking. A step's ranking that holds the idle block whole is
    kept as its three parts (``head``, the block, ``tail``) and not copied into one
    sequence: a club's 8,000 members who never play cost a step nothing (issue 19)."""

    __slots__ = ("_parts", "_size", "block", "block_at", "head", "key", "places", "tail")

    def __init__(self, items: tuple[int, ...] = ()) -> None:
        self._parts: tuple[Sequence[int], ...] = (items,)
        self._size = len(items)
        self.places: dict[int, int] = {}
        #: the place (from 0) from which the idle block stands whole in it, if it does;
        #: then ``head`` is what stands before the block and ``tail`` what after it
        self.block_at: int | None = None
        self.head: Sequence[int] = ()
        self.tail: Sequence[int] = ()
        #: the block it was made with (:class:`BlockStepper`), and its key against that block
        self.block: tuple[int, ...] = ()
        self.key: Hashable = None

    @classmethod
    def around(cls, head: list[int], block: tuple[int, ...], tail: list[int]) -> Ranking:
        """``head``, then ``block`` whole, then ``tail``: kept as the three parts."""
        made = cls()
        made._parts, made._size = (head, block, tail), len(head) + len(block) + len(tail)
        made.head, made.tail, made.block_at = head, tail, len(head)
        return made

    def __len__(self) -> int:
        return self._size

    def __iter__(self) -> Iterator[int]:
        return chain.from_iterable(self._parts)


class BlockStepper:
    """:class:`MatrixStepper`'s step (plain Python forms) for a ranking with many idle
    players (issue 19): they score 0 whatever the values and rank as one block in the
    initial order, so a step sorts the active players only and sets the block in as a
    whole (an active player on 0 goes into it by the initial order): the same ranking
    as sorting everyone on (score down, initial order)."""

    def __init__(
        self,
        dense: DenseLinear,
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
            # the active players by the tie order: sorted on the scores alone from there
            # (a stable sort) they come in the order of (score down, tie), as in
            # :class:`MatrixStepper`
            active.sort(key=tie.__getitem__)
            got = (players, active, block, [tie[i] for i in block], names)
            dense.blocks[id(players)] = got
        _, self._active, self._block, self._block_tie, self._names = got
        self._mark = mark

    def encode(self, order: tuple[str, ...]) -> Ranking:
        known = self._dense.rankings.get(id(order))
        if known is not None and known[0] is order:
            return known[1]
        index = self._dense.index
        ranking = Ranking(tuple(map(index.__getitem__, order)))
        rows = self._dense.row_of_index
        ranking.places = {i: place for place, i in enumerate(ranking) if i in rows}
        return ranking

    def step(self, ranking: Ranking) -> tuple[Ranking, dict[int, int]]:
        dense = self._dense
        scores = dense.active_scores(ranking.places, dense.places(len(ranking)))
        tie = dense.tie_list
        active = self._active  # in the tie order
        score = dict(zip(active, map(scores.get, active, repeat(0)), strict=True))
        ordered = sorted(active, key=score.__getitem__, reverse=True)  # stable: then tie
        # the scores come down: those above 0, those on 0, those below
        down = [-v for v in map(score.__getitem__, ordered)]
        above, level = bisect_left(down, 0), bisect_right(down, 0)
        out, equal, after = ordered[:above], ordered[above:level], ordered[level:]
        places = {i: place for place, i in enumerate(out)}
        block, block_tie = self._block, self._block_tie
        new: Ranking
        if equal:  # active players on 0 go into the block by the initial order
            done = 0
            for i in equal:
                cut = bisect_right(block_tie, tie[i], lo=done)
                out.extend(block[done:cut])
                places[i] = len(out)
                out.append(i)
                done = cut
            out.extend(block[done:])
            for i in after:
                places[i] = len(out)
                out.append(i)
            new = Ranking(tuple(out))
        else:  # the block stands whole between those above 0 and those below
            at = len(out) + len(block)
            for place, i in enumerate(after, start=at):
                places[i] = place
            new = Ranking.around(out, block, after)
        new.places = places
        # the others' places say the whole ranking: the block fills the rest in its order
        new.block, new.key = block, (len(new), tuple(places.items()))
        return new, scores

    def key(self, ranking: Ranking) -> Hashable:
        """The ranking by the places of the players outside the block (each step's
        rankings are compared and kept while iterating: a club's 8,000 idle members are
        not compared and hashed every step, issue 19). Equal exactly when the rankings
        are: the block's members stand in the block's order in every ranking a step
        makes, and one that does not have them so (another round's) is keyed whole."""
        if ranking.block is self._block:
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

    def ids(self, ranking: Ranking) -> tuple[str, ...]:
        ids = self._dense.ids
        at = ranking.block_at
        order: tuple[str, ...]
        if at is None:
            order = tuple(map(ids.__getitem__, ranking))
        else:  # the block's names are known: only the others are looked up
            order = (
                *map(ids.__getitem__, ranking.head),
                *self._names,
                *map(ids.__getitem__, ranking.tail),
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

    def tie_key(self, ranking: Ranking) -> tuple[int, ...]:
        tie = self._dense.tie_list
        return tuple(map(tie.__getitem__, ranking))
