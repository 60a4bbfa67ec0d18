"""caissify's weight table between two matchings (:class:`TableTracker`): the entries changed
since the last matching, the weight classes kept up to date, and a matching that answers the
next question without matching when one is certain."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from itertools import chain, repeat
from operator import itemgetter
from typing import cast

from compcore.pairing.swiss.compression import COVER_LIMIT, _greedy_cover_size
from compcore.pairing.swiss.counters import stats

#: a key's weight number is counted in units of this (above any distance of two vertices)
KEY_STRIDE = 1 << 32


def _without(
    slots: list[tuple[int, int, int] | None], places: list[int]
) -> list[tuple[int, int, int]]:
    """The filled ``slots`` in order, less those at ``places`` (at C speed: they are
    emptied for the listing and filled again)."""
    held = [slots[place] for place in places]
    for place in places:
        slots[place] = None
    found = cast("list[tuple[int, int, int]]", list(filter(None, slots)))
    for place, slot in zip(places, held, strict=True):
        slots[place] = slot
    return found


class _WeightClass:
    """The positive entries of one weight in a weight table: what :func:`_class_limits`
    reads of them, kept between matchings (the cover is recomputed only after a change)."""

    __slots__ = ("cover", "pairs", "touched")

    def __init__(self) -> None:
        self.pairs: set[tuple[int, int]] = set()
        #: each vertex an entry of the class names, with how many entries name it
        self.touched: dict[int, int] = {}
        self.cover: int | None = None


class TableTracker:
    """caissify's weight table (``(i, j) -> weight``, ``i < j``) between two matchings.

    caissify's bracket loop changes a few hundred entries between matchings of tens of
    thousands; listing the positive entries, counting the weights and bounding each
    weight's edges (:func:`_class_limits`) from scratch on every call was a third of a
    300-player round. ``log`` collects, per entry changed since the last matching, its
    weight at that matching (compcore's ``_set_w`` writes it); :meth:`update` then changes
    only those entries' slots (one per table entry, in table order, ``None`` when not
    positive) and the weight classes they left and joined. The edge list is the slots
    without the ``None`` ones, so in the table's order; the limits are the numbers
    :func:`_class_limits` gives (the cover is taken over the class's edges in table order,
    as there): every matching is computed on the same mapped weights as without a
    tracker. Two things more for the matching: the :attr:`isolated` edges (caissify's
    fixed pairs: both ends have no other edge) are listed apart, as they need no search;
    and for a table whose matchings are nudged (:attr:`keying`) each slot is kept keyed
    by its weight's number and its distance too (:meth:`keyed_edges`,
    :meth:`keyed_weights`), so a nudged matching needs no new edge list.
    """

    __slots__ = (
        "_classes",
        "_degree",
        "_ids",
        "_index",
        "_keyed",
        "_neighbours",
        "_places",
        "_slots",
        "decided",
        "isolated",
        "keying",
        "last",
        "log",
        "skipped",
        "table",
    )

    def __init__(self) -> None:
        #: entry -> its weight at the last matching, for the entries changed since
        self.log: dict[tuple[int, int], int] = {}
        #: the table the slots describe (a new table, a new pairing: start again)
        self.table: Mapping[tuple[int, int], int] | None = None
        self._index: dict[tuple[int, int], int] = {}
        self._slots: list[tuple[int, int, int] | None] = []
        self._classes: dict[int, _WeightClass] = {}
        #: each vertex's number of positive entries
        self._degree: dict[int, int] = {}
        #: the XOR of each vertex's neighbours by positive entries (its neighbour when it
        #: has one)
        self._neighbours: dict[int, int] = {}
        #: the positive entries that are a component of their own (both ends have no
        #: other), as edges; :meth:`update` leaves them out of the edges it returns
        self.isolated: list[tuple[int, int, int]] = []
        #: whether to keep the edges keyed as well (:meth:`keyed_edges`); set before
        #: :meth:`update` (:func:`~compcore.pairing.swiss.matching.partners`: for tables
        #: whose matchings are nudged)
        self.keying = False
        #: each weight's number, for the keys (kept for the whole table)
        self._ids: dict[int, int] = {}
        #: the slots with each edge's key instead of its weight (:data:`KEY_STRIDE`)
        self._keyed: list[tuple[int, int, int] | None] | None = None
        #: the slots of the isolated edges :meth:`update` last left out
        self._places: list[int] = []
        #: the last matching computed (each vertex's partner, itself when unmatched)
        self.last: list[int] | None = None
        #: matchings not computed because the last one answered them (:meth:`certain`)
        self.skipped = 0
        #: the vertex whose partner the last such answer decided
        self.decided: int | None = None

    def _start(self, table: Mapping[tuple[int, int], int]) -> None:
        self.table = table
        self._classes = {}
        self._degree = {}
        self._neighbours = {}
        self.last = None
        self._index = dict(zip(table, range(len(table)), strict=True))
        self._slots = [(*key, w) if w > 0 else None for key, w in table.items()]
        self._ids = {}
        self._keyed = None
        by_weight: dict[int, list[tuple[int, int]]] = {}
        for key, weight in table.items():
            if weight > 0:
                found = by_weight.get(weight)
                if found is None:
                    by_weight[weight] = [key]
                else:
                    found.append(key)
        degree: Counter[int] = Counter()
        neighbours = self._neighbours
        for weight, keys in by_weight.items():
            entry = self._classes[weight] = _WeightClass()
            entry.pairs = set(keys)
            entry.touched = dict(Counter(chain.from_iterable(keys)))
            degree.update(entry.touched)
            for i, j in keys:
                neighbours[i] = neighbours.get(i, 0) ^ j
                neighbours[j] = neighbours.get(j, 0) ^ i
        self._degree = dict(degree)
        if self.keying:
            self._keyed = self._keys(self._slots)

    def update(
        self, table: Mapping[tuple[int, int], int]
    ) -> tuple[list[tuple[int, int, int]] | None, list[int] | None]:
        """Bring the slots and classes up to ``table``. Returns its positive entries as
        edges ``(i, j, weight)`` in the table's order, less the :attr:`isolated` ones (an
        edge whose ends have no other lies in every maximum-cardinality matching: caissify's
        fixed pairs, which the matching need not search), or (``None``, the answer) when
        the last matching answers this one (:meth:`certain`)."""
        changes: list[tuple[tuple[int, int], int, int]] | None = None
        if table is not self.table:
            self._start(table)
        else:
            changes = self._apply_log(table)
            if len(self._slots) != len(table):  # pragma: no cover - written past _set_w
                self._start(table)
                changes = None
        self.log.clear()
        if changes is not None and self.last is not None:
            answer = self.certain(changes, self.last, table)
            if answer is not None:
                self.skipped += 1
                stats.answered += 1
                self.last = answer
                return None, list(answer)
        return self._edges(), None

    def _apply_log(
        self, table: Mapping[tuple[int, int], int]
    ) -> list[tuple[tuple[int, int], int, int]]:
        """The logged entries' slots and classes brought up to ``table``; the entries
        that changed, with their weights before and now."""
        changes = []
        slots, index = self._slots, self._index
        classes, degree, neighbours = self._classes, self._degree, self._neighbours
        if self.keying and self._keyed is None:
            self._keyed = self._keys(slots)
        keyed, ids = self._keyed, self._ids
        get = table.get
        for key, old in self.log.items():
            place = index.get(key)
            if place is None:
                # an entry new to the table (caissify's _finalize_pair writes (i, i) = 0):
                # the table puts it last, and so does the log (its first change was its
                # insertion, later than every entry there before)
                place = index[key] = len(slots)
                slots.append(None)
                if keyed is not None:
                    keyed.append(None)
            new = get(key, 0)
            if new == old:
                continue
            changes.append((key, old, new))
            i, j = key
            # (inline: this runs for every change; a weight that changes between two
            # positive ones leaves the degrees and neighbours as they were)
            if old > 0:  # leave the class of ``old``
                if new <= 0:
                    degree[i] -= 1
                    degree[j] -= 1
                    neighbours[i] ^= j
                    neighbours[j] ^= i
                left = classes[old]
                pairs = left.pairs
                pairs.discard(key)
                if pairs:
                    touched = left.touched
                    count = touched[i] - 1
                    if count:
                        touched[i] = count
                    else:
                        del touched[i]
                    count = touched[j] - 1
                    if count:
                        touched[j] = count
                    else:
                        del touched[j]
                    left.cover = None
                else:
                    del classes[old]
            if new > 0:  # join the class of ``new``
                if old <= 0:
                    degree[i] = degree.get(i, 0) + 1
                    degree[j] = degree.get(j, 0) + 1
                    neighbours[i] = neighbours.get(i, 0) ^ j
                    neighbours[j] = neighbours.get(j, 0) ^ i
                joined = classes.get(new)
                if joined is None:
                    joined = classes[new] = _WeightClass()
                joined.pairs.add(key)
                touched = joined.touched
                touched[i] = touched.get(i, 0) + 1
                touched[j] = touched.get(j, 0) + 1
                joined.cover = None
                slots[place] = (i, j, new)
                if keyed is not None:  # the key :meth:`_keys` gives, inline
                    number = ids.get(new)
                    if number is None:
                        number = ids[new] = len(ids)
                    keyed[place] = (i, j, number * KEY_STRIDE + j - i)
            else:
                slots[place] = None
                if keyed is not None:
                    keyed[place] = None
        return changes

    def _edges(self) -> list[tuple[int, int, int]]:
        """The positive entries as edges in the table's order, without the isolated ones
        (:attr:`isolated`, found from the degrees: a vertex of degree 1 names its neighbour
        in :attr:`_neighbours`)."""
        degree, neighbours, slots = self._degree, self._neighbours, self._slots
        keys = [
            (v, u)
            for v, d in degree.items()
            if d == 1 and v < (u := neighbours[v]) and degree.get(u) == 1
        ]
        places = [self._index[key] for key in keys]
        self.isolated = [cast("tuple[int, int, int]", slots[place]) for place in places]
        self._places = places
        return _without(slots, places)

    def keyed_edges(self) -> list[tuple[int, int, int]] | None:
        """The edges :meth:`update` last returned, with each one's key instead of its
        weight: ``number(weight) * KEY_STRIDE + (j - i)`` (its weight class and its
        distance, all a nudged weight depends on: :meth:`keyed_weights`); ``None`` unless
        keying."""
        return None if self._keyed is None else _without(self._keyed, self._places)

    def _keys(self, slots: list[tuple[int, int, int] | None]) -> list[tuple[int, int, int] | None]:
        """``slots`` with each edge's key instead of its weight (:meth:`keyed_edges`)."""
        ids = self._ids
        for weight in self._classes:
            ids.setdefault(weight, len(ids))
        return [
            None
            if slot is None
            else (slot[0], slot[1], ids[slot[2]] * KEY_STRIDE + slot[1] - slot[0])
            for slot in slots
        ]

    def keyed_weights(self, base: Mapping[int, int], n: int, top: int) -> dict[int, int]:
        """Each key of :meth:`keyed_edges` and its edge's nudged weight: ``base[weight] -
        min(distance, top)`` (the nudge ``top - min(distance, top)`` on ``base``, which
        holds ``top`` already). For ``n`` vertices a distance is 1 .. ``n - 1``: a weight
        with at least ``n`` edges gets every distance (at C speed), a smaller one its
        edges' own. So rustworkx reads each edge's weight from its key, instead of a new
        edge list being built for every nudged matching (issue 19)."""
        table: dict[int, int] = {}
        for weight, found in self._classes.items():
            start = self._ids[weight] * KEY_STRIDE
            high = base[weight]
            if len(found.pairs) >= n:
                near = range(high - 1, high - min(n, top), -1)  # distances 1 .. top - 1
                far = repeat(high - top, max(0, n - top))  # distances top .. n - 1
                table.update(zip(range(start + 1, start + n), chain(near, far), strict=True))
            else:
                for i, j in found.pairs:
                    distance = j - i
                    table[start + distance] = high - min(distance, top)
        return table

    def certain(
        self,
        changes: list[tuple[tuple[int, int], int, int]],
        last: list[int],
        table: Mapping[tuple[int, int], int],
    ) -> list[int] | None:
        """A matching that answers what caissify asks after ``changes`` (entry, weight
        before, weight now) as any fresh one would, if one is found without matching:
        every maximum-cardinality matching of maximum weight gives the one vertex whose
        edges changed the partner it has there; ``None`` when not found.

        caissify's bracket steps mostly raise the weights of one player's edges by
        distinct tie-break addends (its "opponent selection": the player is paired with
        whichever partner the new matching gives him) after fixing the pair chosen before
        (all other entries of the two players zeroed, theirs set to 1). Let ``M`` be
        optimal before (``last``, or ``last`` with one weight-neutral exchange of partners,
        below). If no entry turned positive and none of ``M``'s turned zero, every edge
        set now was one before and ``M`` is still of maximum cardinality; an edge whose
        two ends have no other edge (the fixed pair) lies in every such matching. If every
        other changed positive entry is an edge of one vertex ``P``, and ``M``'s edge at
        ``P`` rose by more than any other edge at ``P`` (the unchanged ones by 0), then for
        any maximum-cardinality matching ``M'``: ``w'(M') = w(M') + d(M') <= w(M) + d(M) =
        w'(M)``, with equality only if ``M'`` pairs ``P`` as ``M`` does. So ``M`` is
        optimal and ``P``'s partner is the same in every optimal matching.

        When ``last`` pairs ``P`` otherwise, ``M`` is ``last`` with ``P`` and the vertex
        ``Q*`` of the edge that rose most exchanging partners (``P-Q, Q*-R`` become
        ``P-Q*, Q-R``, or one edge for another when ``P`` or ``Q*`` was alone), if that
        keeps the weight before: then ``M`` was optimal before as well.

        The other vertices' partners in ``M`` are one optimum of the new weights among
        possibly several, as any matching's are: caissify's decisions read them only
        where the rules fix them (the 200 vectors and the benchmark rounds are unchanged).
        """
        degree = self._degree
        rising: list[tuple[tuple[int, int], int]] = []
        before: dict[tuple[int, int], int] = {}
        for key, old, new in changes:
            i, j = key
            before[key] = old
            if new > 0 >= old:
                return None  # a new edge may allow a larger matching
            if new <= 0:
                if last[i] == j:
                    return None  # M lost an edge
                continue
            if degree.get(i, 0) == 1 and degree.get(j, 0) == 1:
                if last[i] != j:  # pragma: no cover - M is of maximum cardinality
                    return None
                continue  # a fixed pair: in every maximum-cardinality matching
            rising.append((key, new - old))
        if not rising:
            return None  # nothing decides: a fresh matching may pick another optimum
        for vertex in sorted(set(rising[0][0])):
            if any(vertex not in key for key, _ in rising):
                continue
            top_key, top = max(rising, key=itemgetter(1))
            if top <= 0 or sum(1 for _, d in rising if d == top) > 1:
                continue  # the unchanged edges at the vertex rose by 0: no strict winner
            other = top_key[0] + top_key[1] - vertex
            found = last if last[vertex] == other else None
            if found is None:
                found = self._exchange(vertex, other, last, table, before)
            if found is not None:
                self.decided = vertex
                return found
        return None

    def counts(self) -> dict[int, int]:
        """Each positive weight and its number of entries."""
        return {w: len(c.pairs) for w, c in self._classes.items()}

    def limits(self, k: int) -> dict[int, int]:
        """:func:`_class_limits` of the positive entries, for matchings of at most ``k``."""
        limits: dict[int, int] = {}
        for w, found in self._classes.items():
            size = len(found.pairs)
            limit = min(k, size, len(found.touched) // 2)
            if size <= COVER_LIMIT and limit > 1:
                if found.cover is None:
                    found.cover = _greedy_cover_size(sorted(found.pairs))
                limit = min(limit, found.cover)
            limits[w] = limit
        return limits

    @staticmethod
    def _exchange(
        p: int,
        q_star: int,
        last: list[int],
        table: Mapping[tuple[int, int], int],
        before: Mapping[tuple[int, int], int],
    ) -> list[int] | None:
        """``last`` with ``p`` paired to ``q_star`` and their partners (if any) to each
        other, if that is a matching of the same size and the same weight before the
        changes (``before``: the changed entries' weights then), else ``None``."""

        def key(a: int, b: int) -> tuple[int, int]:
            return (a, b) if a < b else (b, a)

        def then(a: int, b: int) -> int:
            k = key(a, b)
            return before[k] if k in before else table.get(k, 0)

        q, r = last[p], last[q_star]
        removed = (then(p, q) if q != p else 0) + (then(q_star, r) if r != q_star else 0)
        if q == p and r == q_star:  # pragma: no cover - M is of maximum cardinality
            return None
        added = then(p, q_star)
        if q != p and r != q_star:
            if table.get(key(q, r), 0) <= 0 or then(q, r) <= 0:
                return None
            added += then(q, r)
        if added != removed:
            return None
        result = list(last)
        result[p], result[q_star] = q_star, p
        if q != p and r != q_star:
            result[q], result[r] = r, q
        else:
            if q != p:
                result[q] = q
            if r != q_star:
                result[r] = r
        return result
