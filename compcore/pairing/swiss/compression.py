"""Exact weight compression for the Dutch engine's matchings (steps 1-4 of
:mod:`compcore.pairing.swiss.matching`'s docstring): caissify's wide edge weights mapped to
small integers that rank every maximum-cardinality matching as the original weights do, and
the per-weight edge limits (:func:`_class_limits`) the mapping is bounded by."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Hashable, Mapping
from itertools import chain

#: Edge classes up to this size get a greedy vertex cover as their matching bound.
COVER_LIMIT = 400


def _low_sum_bound(limits: list[tuple[int, int]], k: int, mask: int) -> int:
    """Largest possible sum of ``value & mask`` over a matching.

    ``limits`` lists each distinct value with the most edges of that value a matching can
    hold; a matching holds at most ``k`` edges in all.
    """
    return _top_sum(sorted([(v & mask, c) for v, c in limits], reverse=True), k)


def _top_sum(ordered: list[tuple[int, int]], k: int) -> int:
    """The largest sum of ``k`` values, at most ``limit`` of each: ``(value, limit)``
    pairs, largest value first."""
    total = 0
    for low, limit in ordered:
        if limit >= k:
            return total + low * k
        total += low * limit
        k -= limit
    return total


def _runs(columns: int) -> list[tuple[int, int]]:
    """Maximal runs ``[start, end)`` of set bits in ``columns``, lowest first."""
    runs: list[tuple[int, int]] = []
    position = 0
    while columns >> position:
        rest = columns >> position
        if rest & 1:
            ones = (~rest & (rest + 1)).bit_length() - 1  # length of this run of ones
            runs.append((position, position + ones))
            position += ones
        else:
            position += (rest & -rest).bit_length() - 1  # skip the zeros at once
    return runs


def _dependent(vectors: list[list[int]]) -> list[bool]:
    """For each vector (most significant first): is it a rational combination of the
    all-ones vector and the vectors before it? Exact fraction-free elimination."""
    basis: list[tuple[int, list[int]]] = []

    def reduce(vector: list[int]) -> list[int]:
        for pivot, row in basis:
            if vector[pivot]:
                a, b = row[pivot], vector[pivot]
                vector = [a * x - b * y for x, y in zip(vector, row, strict=True)]
                divisor = math.gcd(*vector)
                if divisor > 1:
                    vector = [x // divisor for x in vector]
        return vector

    def add(vector: list[int]) -> bool:
        reduced = reduce(vector)
        for index, x in enumerate(reduced):
            if x:
                basis.append((index, reduced))
                return True
        return False

    if vectors:
        add([1] * len(vectors[0]))
    return [not add(list(vector)) for vector in vectors]


#: the largest sum over maximum-cardinality matchings of the weights a mapping gives
MaxSum = Callable[[Mapping[int, int]], int]


def compress_weights(
    limits: Mapping[int, int],
    k: int,
    *,
    drop_dependent: bool = False,
    max_sum: MaxSum | None = None,
) -> dict[int, int]:
    """Map each distinct non-negative weight to a small one, preserving matching order.

    ``limits`` maps each distinct weight to the most edges of that weight a matching can
    hold; ``k`` bounds the edges of any matching. For any two matchings with the same
    number of edges, the sums of the mapped weights compare exactly as the sums of the
    original weights (see the module docstring; ``drop_dependent`` is step 3).
    ``max_sum``: the exact largest sum of a mapping over the matchings that are compared
    (instead of the bound from ``limits``) for repacking each block.
    """
    items = list(limits.items())
    if not items:
        return {}
    if min(v for v, _ in items) < 0:
        raise ValueError("weights must be non-negative")
    columns = 0
    for value, _ in items:
        columns |= value
    runs = _runs(columns)
    if not runs:
        return dict.fromkeys(limits, 0)
    blocks = _blocks(runs, items, k)
    values = [value for value, _ in items]
    parts = [_field(values, start, end) for start, end in blocks]
    # 2. drop blocks that the blocks above them determine
    if drop_dependent:
        dependent = _dependent(parts[::-1])[::-1]
        parts = [part for part, drop in zip(parts, dependent, strict=True) if not drop]
    packed = _repack(parts, items, k, max_sum)
    return {value: p for (value, _), p in zip(items, packed, strict=True)}


def _field(values: list[int], start: int, end: int) -> list[int]:
    """Bits ``start .. end - 1`` of each value."""
    mask = (1 << (end - start)) - 1
    return [(value >> start) & mask for value in values]


def _blocks(
    runs: list[tuple[int, int]], items: list[tuple[int, int]], k: int
) -> list[tuple[int, int]]:
    """Step 1: the runs of columns merged into blocks between which no carry can cross."""
    blocks: list[tuple[int, int]] = [runs[0]]
    for start, end in runs[1:]:
        mask = (1 << blocks[-1][1]) - 1
        # k edges with every low bit set cannot carry: the exact bound need not be summed
        if (k * mask) >> start == 0 or _low_sum_bound(items, k, mask) < (1 << start):
            blocks.append((start, end))
        else:
            blocks[-1] = (blocks[-1][0], end)
    return blocks


def _repack(
    parts: list[list[int]], items: list[tuple[int, int]], k: int, max_sum: MaxSum | None
) -> list[int]:
    """Step 3: every block repacked just above the largest sum of what lies below it."""
    packed = [0] * len(items)
    counts = [c for _, c in items]
    shift = 0
    for number, part in enumerate(parts, start=1):
        floor = min(part)
        packed = [p | ((x - floor) << shift) for p, x in zip(packed, part, strict=True)]
        if number == len(parts):
            break
        if max_sum is not None:
            bound = max_sum({value: p for (value, _), p in zip(items, packed, strict=True)})
        else:
            bound = _top_sum(sorted(zip(packed, counts, strict=True), reverse=True), k)
        shift = bound.bit_length()
    return packed


def _two_passes(
    limits: Mapping[int, int],
    k: int,
    offset: int,
    *,
    drop_dependent: bool,
    max_sum: MaxSum | None = None,
    enough_bits: int | None = None,
) -> dict[int, int]:
    """Steps 1-4 twice (see the module docstring); maps original weights to packed + 1.
    ``max_sum`` (of a mapping of the original weights): the second pass repacks on exact
    sums (the first pass's intermediate weights may be too wide to match on).
    ``enough_bits``: when the first pass's weights (+ 1) fit in that many bits, they are
    the answer (each pass is exact by itself; the second only narrows them further)."""
    first = compress_weights(
        {w + offset: c for w, c in limits.items()}, k, drop_dependent=drop_dependent
    )
    if (
        enough_bits is not None
        and max_sum is None
        and (max(first.values(), default=0) + 1).bit_length() <= enough_bits
    ):
        return {w: first[w + offset] + 1 for w in limits}
    second_limits: Counter[int] = Counter()
    for w, c in limits.items():
        second_limits[first[w + offset]] += c
    exact: MaxSum | None = None
    if max_sum is not None:
        outer = max_sum

        def exact(mapping: Mapping[int, int]) -> int:
            return outer({w: mapping[first[w + offset]] for w in limits})

    second = compress_weights(second_limits, k, drop_dependent=drop_dependent, max_sum=exact)
    # ``+ 1``: keep every edge strictly positive (a common constant again)
    return {w: second[first[w + offset]] + 1 for w in limits}


def _class_limits(edges: list[tuple[Hashable, Hashable, int]], k: int) -> dict[int, int]:
    """For each distinct weight, a bound on how many edges of it a matching can hold."""
    by_weight: dict[int, list[tuple[Hashable, Hashable]]] = {}
    for u, v, w in edges:
        by_weight.setdefault(w, []).append((u, v))
    limits: dict[int, int] = {}
    for w, pairs in by_weight.items():
        touched = {x for pair in pairs for x in pair}
        limit = min(k, len(pairs), len(touched) // 2)
        if len(pairs) <= COVER_LIMIT and limit > 1:
            limit = min(limit, _greedy_cover_size(pairs))
        limits[w] = limit
    return limits


def _greedy_cover_size(pairs: list[tuple[Hashable, Hashable]]) -> int:
    """Size of a vertex cover picked greedily by degree (bounds the matching number)."""
    remaining = list(pairs)
    size = 0
    while remaining:
        degree = Counter(chain.from_iterable(remaining))
        top = max(degree, key=degree.__getitem__)
        remaining = [pair for pair in remaining if top not in pair]
        size += 1
    return size


class _TooWide(Exception):
    """The weights packed so far no longer fit in
    :data:`~compcore.pairing.swiss.matching.MAX_WEIGHT_BITS` bits."""
