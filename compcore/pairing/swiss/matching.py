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

When even that is too wide, an exact mapping: the second pass repacks each block just
above the *actual* largest sum of what lies below it over maximum-cardinality matchings,
found by one rustworkx matching per block on the weights packed so far (they fit: they are
narrower than the result). Only when that is too wide as well does the matching run on
networkx (pure Python, exact, about a second per call at 200 players instead of
milliseconds): it is counted (:data:`stats`, :func:`counting_pure_python`) and a warning
is logged, so a slow round says why.

rustworkx's limits, measured (0.18.1): weights are 128-bit signed integers (a wider Python int
raises ``OverflowError``), and its blossom algorithm works with twice the weights and sums
of dual variables, so a 4-vertex graph with 126-bit weights already came back wrong.
:data:`MAX_WEIGHT_BITS` keeps a margin below that.
"""

from __future__ import annotations

import logging
import time
import types
from collections import Counter
from collections.abc import Callable, Hashable, Mapping
from itertools import compress
from operator import itemgetter
from typing import TYPE_CHECKING, cast

from compcore.pairing.swiss.compression import (
    MaxSum,
    _class_limits,
    _TooWide,
    _two_passes,
)
from compcore.pairing.swiss.counters import slow_matchings, stats
from compcore.pairing.swiss.tracker import TableTracker

if TYPE_CHECKING:  # the fallback only: networkx loads when a matching needs it
    import networkx as nx

try:  # the fast backend; without it every matching runs on networkx (same result, slower)
    import rustworkx as rx

    _HAVE_RUSTWORKX = True
except ImportError:  # pragma: no cover - rustworkx is a declared dependency
    _HAVE_RUSTWORKX = False

__all__ = [
    "LightGraph",
    "max_weight_matching",
    "networkx_shim",
    "partners",
]

logger = logging.getLogger(__name__)

#: Widest compressed weight handed to rustworkx. Its weights are i128 and the blossom
#: algorithm works with dual variables up to a few times the largest weight.
MAX_WEIGHT_BITS = 121


class LightGraph:
    """The part of ``networkx.Graph`` that caissify's bracket loop uses, as plain lists."""

    __slots__ = ("edges", "nodes", "numbered")

    def __init__(self) -> None:
        self.nodes: dict[Hashable, None] = {}
        self.edges: list[tuple[Hashable, Hashable, int]] = []
        #: the nodes are ``0 .. n-1`` in order and the edges name no other (known already)
        self.numbered = False

    def add_node(self, node: Hashable) -> None:
        self.nodes[node] = None

    def add_edge(self, u: Hashable, v: Hashable, weight: int = 1) -> None:
        self.edges.append((u, v, weight))

    def number_of_nodes(self) -> int:
        return len(self.nodes)


def max_weight_matching(
    graph: LightGraph | nx.Graph[Hashable],
    maxcardinality: bool = False,
    weight: str = "weight",
    *,
    tracker: TableTracker | None = None,
) -> set[tuple[Hashable, Hashable]]:
    """Drop-in for ``networkx.max_weight_matching`` as caissify calls it.

    Uses rustworkx on compressed weights (the quick, careful or exact mapping, the first
    that fits in :data:`MAX_WEIGHT_BITS` bits), networkx on the original weights otherwise
    (counted, and logged as a warning). Returns a set of ``(u, v)`` node pairs.
    ``tracker``: the weight classes of ``graph``'s edges, kept up to date between calls
    (:func:`partners`), instead of counted from the edges on every call; its
    :attr:`~TableTracker.isolated` edges belong to the graph too (``graph.edges`` lists
    the others), and are matched without rustworkx.
    """
    if not isinstance(graph, LightGraph):
        import networkx as nx

        _pure_python(graph.number_of_nodes(), "a networkx graph was passed")
        return nx.max_weight_matching(graph, maxcardinality=maxcardinality, weight=weight)
    searched = graph.edges
    isolated = cast(
        "list[tuple[Hashable, Hashable, int]]", [] if tracker is None else tracker.isolated
    )
    edges = searched + isolated if isolated else searched
    nodes = list(graph.nodes)
    if not edges:
        return set()
    if not _HAVE_RUSTWORKX:  # pragma: no cover - rustworkx is a declared dependency
        return _networkx(nodes, edges, maxcardinality, "rustworkx is not installed")
    if not maxcardinality:
        # the common offset is only order-preserving among maximum-cardinality matchings
        return _networkx(nodes, edges, maxcardinality, "not a maximum-cardinality matching")
    counts: Mapping[int, int] = (
        Counter(map(itemgetter(2), edges)) if tracker is None else tracker.counts()
    )
    raw = max(counts).bit_length()
    stats.widest_raw_bits = max(stats.widest_raw_bits, raw)
    identity = graph.numbered or _numbered(nodes, edges)  # caissify's vertices: 0 .. n-1
    index = {} if identity else _index(nodes, edges)

    def numbered(
        some: list[tuple[Hashable, Hashable, int]],
    ) -> list[tuple[int, int, int]]:
        if identity:
            return cast("list[tuple[int, int, int]]", some)
        return [(index[u], index[v], w) for u, v, w in some]

    found = _mapping(
        counts, edges, numbered(edges), len(nodes), None if tracker is None else tracker.limits
    )
    if found is None:
        why = f"weights of {raw} bits need more than {MAX_WEIGHT_BITS} even mapped exactly"
        return _networkx(nodes, edges, maxcardinality, why)
    path, mapping = found
    try:
        keyed = None if tracker is None or not identity else tracker
        pairs = _rustworkx_nudged(len(nodes), numbered(searched), mapping, keyed)
    except OverflowError:  # pragma: no cover - a rustworkx build with narrower weights
        return _networkx(nodes, edges, maxcardinality, "rustworkx refused the weights")
    # an edge whose two ends have no other is in every maximum-cardinality matching, and
    # adds the same weight to each: the search among the others decides alone
    pairs.update((u, v) for u, v, _ in numbered(isolated))
    setattr(stats, path, getattr(stats, path) + 1)
    widest = max(mapping.values()).bit_length()
    stats.widest_compressed_bits = max(stats.widest_compressed_bits, widest)
    if identity:
        return cast("set[tuple[Hashable, Hashable]]", pairs)
    return {(nodes[u], nodes[v]) for u, v in pairs}


def _numbered(nodes: list[Hashable], edges: list[tuple[Hashable, Hashable, int]]) -> bool:
    """Whether the nodes are ``0 .. n-1`` in order and the edges name no other node (then
    they are their own vertex numbers); checked at C speed, it is on every call."""
    if nodes != list(range(len(nodes))):
        return False
    named = set(map(itemgetter(0), edges))
    named.update(map(itemgetter(1), edges))
    return named <= set(nodes)


def _index(
    nodes: list[Hashable], edges: list[tuple[Hashable, Hashable, int]]
) -> dict[Hashable, int]:
    """Each node's vertex number (``nodes`` is extended by any node only an edge names)."""
    index = {node: i for i, node in enumerate(nodes)}
    for u, v, _ in edges:
        for node in (u, v):
            if node not in index:
                index[node] = len(nodes)
                nodes.append(node)
    return index


def _mapping(
    counts: Mapping[int, int],
    edges: list[tuple[Hashable, Hashable, int]],
    indexed: list[tuple[int, int, int]],
    n: int,
    class_limits: Callable[[int], dict[int, int]] | None = None,
) -> tuple[str, dict[int, int]] | None:
    """The first mapping that fits, and its path: ``quick``, ``careful`` or ``exact`` (see
    the module docstring); ``None`` when none does. ``class_limits(k)``: the limits of
    :func:`_class_limits` for these edges, kept up to date elsewhere (:class:`TableTracker`)."""
    b = max(8, n.bit_length() + 3)
    k = min(n // 2, len(edges))
    offset = max(1 << (3 * b), -min(counts))
    # one pass is enough when its weights fit, with room for the nudge where it applies
    enough = MAX_WEIGHT_BITS
    if len(indexed) >= NUDGE_FROM:
        enough -= ((n // 2 + 1) * NUDGE).bit_length()
    mapping = _two_passes(counts, k, offset, drop_dependent=False, enough_bits=enough)
    if _fits(mapping):
        return "quick", mapping
    limits = _class_limits(edges, k) if class_limits is None else class_limits(k)
    mapping = _two_passes(limits, k, offset, drop_dependent=True, enough_bits=enough)
    if _fits(mapping):
        return "careful", mapping
    try:
        mapping = _two_passes(
            limits, k, offset, drop_dependent=True, max_sum=_exact_max_sum(n, indexed)
        )
    except _TooWide:
        return None
    return ("exact", mapping) if _fits(mapping) else None


def _fits(mapping: Mapping[int, int]) -> bool:
    return max(mapping.values(), default=0).bit_length() <= MAX_WEIGHT_BITS


def _exact_max_sum(n: int, indexed: list[tuple[int, int, int]]) -> MaxSum:
    """The largest sum of a mapping of the weights over the graph's maximum-cardinality
    matchings: one rustworkx matching (:class:`_TooWide` if the mapping does not fit)."""

    def max_sum(mapping: Mapping[int, int]) -> int:
        if not _fits(mapping):
            raise _TooWide
        pairs, graph = _rustworkx(n, indexed, mapping)
        return sum(mapping[graph.get_edge_data(u, v)] for u, v in pairs)

    return max_sum


def _rustworkx(
    n: int, indexed: list[tuple[int, int, int]], mapping: Mapping[int, int]
) -> tuple[set[tuple[int, int]], rx.PyGraph]:
    """A maximum-cardinality matching of maximum mapped weight, as vertex-number pairs.
    The edges carry their original weights; rustworkx reads each one's mapped weight."""
    return _solve(n, indexed, mapping.__getitem__)


def _solve(
    n: int, edges: list[tuple[int, int, int]], weight: Callable[[int], int]
) -> tuple[set[tuple[int, int]], rx.PyGraph]:
    """rustworkx's maximum-cardinality matching of the vertices ``0 .. n-1`` and ``edges``
    (each edge's weight ``weight`` of its payload), its time counted in :data:`stats`."""
    graph = rx.PyGraph()
    graph.add_nodes_from(range(n))
    graph.extend_from_weighted_edge_list(edges)
    start = time.process_time()
    matched = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=weight)
    stats.rustworkx_seconds += time.process_time() - start
    return matched, graph


#: nudges from this many edges on: below, building the nudged edge list costs more than
#: the matching gains (issue 19; a 300-player round's largest matchings have ~40,000)
NUDGE_FROM = 30_000
#: the nudge's range: a pair ``d`` places apart in caissify's order (score, then pairing
#: number) gets ``NUDGE - 1 - d`` (none from ``NUDGE - 1`` places on)
NUDGE = 1024


def _rustworkx_nudged(
    n: int,
    indexed: list[tuple[int, int, int]],
    mapping: Mapping[int, int],
    tracker: TableTracker | None = None,
) -> set[tuple[int, int]]:
    """:func:`_rustworkx`'s matching of a large graph, sooner: each mapped weight is
    shifted up and a nudge added below it for pairs close in the vertex order, which
    caissify numbers by score and pairing number. The shift ``(n // 2 + 1) * NUDGE``
    exceeds the nudges any matching can hold, so every matching that is best under the
    nudged weights is best under the mapped ones (its maximum-cardinality matchings are
    ordered first by the mapped weights); among equally good ones it favours neighbours.
    Most edges of a large round share one weight (the pairs outside the bracket), and the
    blossom algorithm's search among those ties is where its time goes: on a 500-player
    round's matchings the nudged graphs took a quarter less time (issue 19,
    docs/swiss.md). Which of several best matchings comes back may differ; caissify reads
    only partners its weights fix, as with any fresh matching (the 200 vectors and the
    bbpPairings runs are unchanged). Not nudged: small graphs, and weights too wide for
    the shift (:data:`MAX_WEIGHT_BITS`). ``tracker``: the table ``indexed`` lists (its
    :meth:`~TableTracker.keyed_edges`, when kept, are the same edges keyed by weight and
    distance), so rustworkx reads each nudged weight from a table of the keys instead of
    a new list of 40,000 edges or more (the same weights)."""
    shift = (n // 2 + 1) * NUDGE
    widest = max(mapping.values(), default=0)
    if len(indexed) < NUDGE_FROM or (widest * shift + NUDGE).bit_length() > MAX_WEIGHT_BITS:
        return _rustworkx(n, indexed, mapping)[0]
    top = NUDGE - 1
    stats.nudged += 1
    # a pair d places apart gets the nudge top - min(d, top): none from NUDGE - 1 places on
    scaled = {w: m * shift + top for w, m in mapping.items()}
    keyed = None if tracker is None else tracker.keyed_edges()
    if tracker is not None and keyed is not None:
        return _solve(n, keyed, tracker.keyed_weights(scaled, n, top).__getitem__)[0]
    weights = [(u, v, scaled[w] - min(abs(u - v), top)) for u, v, w in indexed]
    return _solve(n, weights, int)[0]


def _networkx(
    nodes: list[Hashable],
    edges: list[tuple[Hashable, Hashable, int]],
    maxcardinality: bool,
    reason: str,
) -> set[tuple[Hashable, Hashable]]:
    import networkx as nx

    _pure_python(len(nodes), reason)
    full: nx.Graph[Hashable] = nx.Graph()
    full.add_nodes_from(nodes)
    full.add_weighted_edges_from(edges)
    return nx.max_weight_matching(full, maxcardinality=maxcardinality)


def _pure_python(players: int, reason: str) -> None:
    """Count, log and collect a matching that runs on networkx (exact, but slow)."""
    stats.fallback += 1
    note = f"a matching of {players} players ran on networkx (pure Python, slow): {reason}"
    logger.warning("compcore: %s", note)
    found = slow_matchings.get()
    if found is not None:
        found.append(note)


def partners(
    n: int, edge_weights: Mapping[tuple[int, int], int], tracker: TableTracker | None = None
) -> list[int]:
    """Each vertex's partner in a maximum-cardinality matching of maximum weight on the
    vertices ``0 .. n-1`` and the edges of positive weight (itself when unmatched): what
    caissify's ``_run_mwm`` computes from its weight table, edges in the table's order,
    without building the graph one call per edge. ``tracker``: the table as it was at the
    last call, with the entries changed since (:class:`TableTracker`); the same result,
    less listing and counting."""
    graph = LightGraph()
    graph.nodes = dict.fromkeys(range(n))
    if tracker is not None:
        # the table bounds the edges: only a table this large can give nudged matchings
        tracker.keying = len(edge_weights) >= NUDGE_FROM
        edges, answer = tracker.update(edge_weights)
        if answer is not None:
            return answer
        assert edges is not None
        graph.edges = cast("list[tuple[Hashable, Hashable, int]]", edges)
    else:
        positive = list(map((0).__lt__, edge_weights.values()))
        # (i, j) + (w,) for the positive entries, at C speed
        join = cast("Callable[[tuple[int, int], tuple[int]], tuple[int, int, int]]", tuple.__add__)
        graph.edges = list(
            map(
                join,
                compress(edge_weights.keys(), positive),
                zip(compress(edge_weights.values(), positive)),
            )
        )
    graph.numbered = True
    result = list(range(n))
    found = max_weight_matching(graph, maxcardinality=True, tracker=tracker)
    for u, v in cast("set[tuple[int, int]]", found):
        result[u] = v
        result[v] = u
    if tracker is not None:
        tracker.last = list(result)
    return result


def networkx_shim() -> types.ModuleType:
    """A stand-in ``networkx`` module offering what caissify's bracket loop calls (and
    :func:`partners`, for compcore's own ``_run_mwm``)."""
    module = types.ModuleType("networkx_compcore_shim")
    module.Graph = LightGraph  # type: ignore[attr-defined]
    module.max_weight_matching = max_weight_matching  # type: ignore[attr-defined]
    module.partners = partners  # type: ignore[attr-defined]
    return module
