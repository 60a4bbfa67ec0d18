"""Fast maximum-weight matching for the Dutch engine: exact weight compression + rustworkx.

caissify's Dutch engine (like bbpPairings, whose algorithm it ports) encodes the FIDE
C.04.3 criteria as one big integer per edge: fields of a few bits each, packed from the
most important criterion (top bits) down to tie-breaks (bottom bits), 200 to 600 bits
wide. It calls ``networkx.max_weight_matching(G, maxcardinality=True)`` dozens of times per
round; that pure-Python blossom algorithm on big integers is where over 90% of the
time goes (0.1-0.3 s per call at 90 players, seconds at 200).

``rustworkx.max_weight_matching`` implements the same blossom algorithm in Rust, about a
hundred times faster, but takes 128-bit signed weights. This module maps each call's
weights to small integers that rank every maximum-cardinality matching exactly as the
original weights do (ties included), and falls back to networkx when they do not fit.
All comparisons that matter are between maximum-cardinality matchings, which all have the
same number of edges ``k*``; so adding one constant to every edge never changes their
order. The mapping:

1. Add ``2**(3B)`` to every edge (``B`` as in caissify's layout: its lowest ``3B + 1``
   bits are tie-break adjustments, some negative, which borrow from the criterion bits
   above; the constant turns them into clean non-negative low bits).
2. Split the bit columns into runs of columns that some edge uses. Between two runs,
   check that the low part of any matching cannot carry across the gap (bound: the sum of
   the largest low parts a matching can hold, with at most ``k`` edges and at most
   ``limit[w]`` edges of weight ``w``); where it could, merge the runs into one block. The
   order of matchings is then lexicographic over the per-block sums.
3. Optionally drop every block whose per-edge values are a rational combination of the
   blocks above it and the all-ones vector: its sum over a maximum-cardinality matching
   is then determined by theirs, so it never decides a comparison.
4. Subtract each block's minimum (a common constant again), and repack the blocks from
   the bottom, each starting just above the largest possible sum of everything below it.
   The packed weights rank matchings lexicographically over the same block sums.

Step 1-4 run twice (the second pass splits the low bits that step 1 joined). The quick
mapping (``limit[w]`` = the number of edges of weight ``w``, no step 3) costs well under a
millisecond: there are only a few dozen distinct weights per call. When it is wider than
rustworkx allows, a careful mapping follows: ``limit[w]`` from the edges of weight ``w``
(at most half the players they touch, at most a vertex cover of them), and step 3.
"""

from __future__ import annotations

import math
import types
from collections import Counter
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from operator import itemgetter

import networkx as nx

try:  # the fast backend; without it every matching runs on networkx (same result, slower)
    import rustworkx as rx
except ImportError:  # pragma: no cover - rustworkx is a declared dependency
    rx = None

__all__ = [
    "LightGraph",
    "MatchingStats",
    "compress_weights",
    "max_weight_matching",
    "networkx_shim",
    "stats",
]

#: Widest compressed weight handed to rustworkx. Its weights are i128 and the blossom
#: algorithm works with dual variables up to a few times the largest weight.
MAX_WEIGHT_BITS = 121
#: Edge classes up to this size get a greedy vertex cover as their matching bound.
COVER_LIMIT = 400


@dataclass(slots=True)
class MatchingStats:
    """Counters for the benchmark: how many matchings ran on which path."""

    quick: int = 0
    careful: int = 0
    fallback: int = 0
    widest_raw_bits: int = 0
    widest_compressed_bits: int = 0

    @property
    def fast(self) -> int:
        """Matchings computed by rustworkx."""
        return self.quick + self.careful

    def reset(self) -> None:
        self.quick = self.careful = self.fallback = 0
        self.widest_raw_bits = self.widest_compressed_bits = 0


stats = MatchingStats()


class LightGraph:
    """The part of ``networkx.Graph`` that caissify's bracket loop uses, as plain lists."""

    __slots__ = ("edges", "nodes")

    def __init__(self) -> None:
        self.nodes: dict[Hashable, None] = {}
        self.edges: list[tuple[Hashable, Hashable, int]] = []

    def add_node(self, node: Hashable) -> None:
        self.nodes[node] = None

    def add_edge(self, u: Hashable, v: Hashable, weight: int = 1) -> None:
        self.edges.append((u, v, weight))

    def number_of_nodes(self) -> int:
        return len(self.nodes)


def _low_sum_bound(limits: list[tuple[int, int]], k: int, mask: int) -> int:
    """Largest possible sum of ``value & mask`` over a matching.

    ``limits`` lists each distinct value with the most edges of that value a matching can
    hold; a matching holds at most ``k`` edges in all.
    """
    total = 0
    for low, limit in sorted(((v & mask, c) for v, c in limits), reverse=True):
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


def compress_weights(
    limits: Mapping[int, int], k: int, *, drop_dependent: bool = False
) -> dict[int, int]:
    """Map each distinct non-negative weight to a small one, preserving matching order.

    ``limits`` maps each distinct weight to the most edges of that weight a matching can
    hold; ``k`` bounds the edges of any matching. For any two matchings with the same
    number of edges, the sums of the mapped weights compare exactly as the sums of the
    original weights (see the module docstring; ``drop_dependent`` is step 3).
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
    # 1. blocks of runs between which no carry can cross
    blocks: list[tuple[int, int]] = [runs[0]]
    for start, end in runs[1:]:
        low_end = blocks[-1][1]
        if _low_sum_bound(items, k, (1 << low_end) - 1) < (1 << start):
            blocks.append((start, end))
        else:
            blocks[-1] = (blocks[-1][0], end)
    parts = [
        [(value >> start) & ((1 << (end - start)) - 1) for value, _ in items]
        for start, end in blocks
    ]
    # 2. drop blocks that the blocks above them determine
    if drop_dependent:
        dependent = _dependent(parts[::-1])[::-1]
        parts = [part for part, drop in zip(parts, dependent, strict=True) if not drop]
    # 3. repack every block just above the largest sum of what lies below it
    packed = [0] * len(items)
    shift = 0
    for part in parts:
        floor = min(part)
        for index, x in enumerate(part):
            packed[index] |= (x - floor) << shift
        bound = _low_sum_bound([(p, c) for p, (_, c) in zip(packed, items, strict=True)], k, -1)
        shift = bound.bit_length()
    return {value: p for (value, _), p in zip(items, packed, strict=True)}


def _two_passes(
    limits: Mapping[int, int], k: int, offset: int, *, drop_dependent: bool
) -> dict[int, int]:
    """Steps 1-4 twice (see the module docstring); maps original weights to packed + 1."""
    first = compress_weights(
        {w + offset: c for w, c in limits.items()}, k, drop_dependent=drop_dependent
    )
    second_limits: Counter[int] = Counter()
    for w, c in limits.items():
        second_limits[first[w + offset]] += c
    second = compress_weights(second_limits, k, drop_dependent=drop_dependent)
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
        degree = Counter(x for pair in remaining for x in pair)
        top = max(degree, key=degree.__getitem__)
        remaining = [pair for pair in remaining if top not in pair]
        size += 1
    return size


def max_weight_matching(
    graph: LightGraph | nx.Graph, maxcardinality: bool = False, weight: str = "weight"
) -> set[tuple[Hashable, Hashable]]:
    """Drop-in for ``networkx.max_weight_matching`` as caissify calls it.

    Uses rustworkx on compressed weights when they fit in :data:`MAX_WEIGHT_BITS` bits,
    networkx on the original weights otherwise. Returns a set of ``(u, v)`` node pairs.
    """
    if not isinstance(graph, LightGraph):
        stats.fallback += 1
        return nx.max_weight_matching(graph, maxcardinality=maxcardinality, weight=weight)
    edges = graph.edges
    nodes = list(graph.nodes)
    if not edges:
        return set()
    if not maxcardinality or rx is None:
        # the common offset is only order-preserving among maximum-cardinality matchings
        return _networkx(nodes, edges, maxcardinality)
    counts = Counter(map(itemgetter(2), edges))
    stats.widest_raw_bits = max(stats.widest_raw_bits, max(counts).bit_length())
    b = max(8, len(nodes).bit_length() + 3)
    k = min(len(nodes) // 2, len(edges))
    offset = max(1 << (3 * b), -min(counts))
    mapping = _two_passes(counts, k, offset, drop_dependent=False)
    widest = max(mapping.values()).bit_length()
    careful = widest > MAX_WEIGHT_BITS
    if careful:
        limits = _class_limits(edges, k)
        mapping = _two_passes(limits, k, offset, drop_dependent=True)
        widest = max(mapping.values()).bit_length()
        if widest > MAX_WEIGHT_BITS:
            return _networkx(nodes, edges, maxcardinality)
    index = {node: i for i, node in enumerate(nodes)}
    for u, v, _ in edges:
        for node in (u, v):
            if node not in index:
                index[node] = len(nodes)
                nodes.append(node)
    identity = all(index[node] == node for node in nodes)  # caissify's vertices: 0 .. n-1
    rgraph = rx.PyGraph()
    rgraph.add_nodes_from(range(len(nodes)))
    try:
        if identity:
            rgraph.extend_from_weighted_edge_list([(u, v, mapping[w]) for u, v, w in edges])
        else:
            rgraph.extend_from_weighted_edge_list(
                [(index[u], index[v], mapping[w]) for u, v, w in edges]
            )
        pairs = rx.max_weight_matching(rgraph, max_cardinality=True, weight_fn=int)
    except OverflowError:  # a rustworkx build with narrower weights
        return _networkx(nodes, edges, maxcardinality)
    if careful:
        stats.careful += 1
    else:
        stats.quick += 1
    stats.widest_compressed_bits = max(stats.widest_compressed_bits, widest)
    if identity:
        return set(pairs)
    return {(nodes[u], nodes[v]) for u, v in pairs}


def _networkx(
    nodes: list[Hashable], edges: list[tuple[Hashable, Hashable, int]], maxcardinality: bool
) -> set[tuple[Hashable, Hashable]]:
    stats.fallback += 1
    full = nx.Graph()
    full.add_nodes_from(nodes)
    full.add_weighted_edges_from(edges)
    return nx.max_weight_matching(full, maxcardinality=maxcardinality)


def networkx_shim() -> types.ModuleType:
    """A stand-in ``networkx`` module offering what caissify's bracket loop calls."""
    module = types.ModuleType("networkx_compcore_shim")
    module.Graph = LightGraph  # type: ignore[attr-defined]
    module.max_weight_matching = max_weight_matching  # type: ignore[attr-defined]
    return module
