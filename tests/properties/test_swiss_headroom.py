"""Swiss headroom (issue 8, item 4): when the compressed weights do not fit rustworkx's
limit, the matching takes the exact mapping (each block repacked on the actual largest
sum below it, found by rustworkx itself); only when even that does not fit does it run on
networkx, and then it says so: counted, logged as a warning, and listed on the pairing."""

from __future__ import annotations

import logging
from collections import Counter
from unittest import mock

import networkx as nx
import pytest
from hypothesis import given, settings

from compcore.adapters.files.trf import format_plain_pairing, read_trf
from compcore.pairing.swiss import matching, pair_dutch
from compcore.pairing.swiss.compression import (
    MaxSum,
    _class_limits,
    _two_passes,
    compress_weights,
)
from compcore.pairing.swiss.counters import stats
from compcore.pairing.swiss.matching import _exact_max_sum, max_weight_matching
from tests.unit.pairing.test_swiss_vectors import (
    VECTORS,
    _max_cardinality_matchings,
    layered_graphs,
)
from tests.unit.pairing.test_swiss_vectors import light_graph as light

Graph = tuple[list[int], list[tuple[int, int, int]]]

#: weights ``H << 8 | L`` on a hub (see :func:`test_exact_sums_repack_tighter_by_hand`)
HUB = [(0, 1, 263), (0, 2, 519), (0, 3, 775), (1, 2, 0), (3, 4, 0), (4, 5, 0), (2, 5, 0)]


def oracle(nodes: list[int], edges: list[tuple[int, int, int]]) -> MaxSum:
    """The largest sum of a mapping over every maximum-cardinality matching, by
    enumerating them (independent of rustworkx)."""
    everyone = _max_cardinality_matchings(nodes, edges)

    def max_sum(mapping) -> int:  # type: ignore[no-untyped-def]
        return max(sum(mapping[w] for _, _, w in m) for m in everyone)

    return max_sum


def setup(graph: Graph) -> tuple[int, int, dict[int, int]]:
    nodes, edges = graph
    k = min(len(nodes) // 2, len(edges))
    offset = 1 << (3 * max(8, len(nodes).bit_length() + 3))
    return k, offset, _class_limits(edges, k)


def test_exact_sums_repack_tighter_by_hand() -> None:
    """Weights ``H << 8 | L`` on a hub: 0-1 (H 1, L 7), 0-2 (H 2, L 7), 0-3 (H 3, L 7), and
    1-2, 3-4, 4-5, 2-5 of weight 0; k = 3. Each weight is one class of one edge, so the
    bound from the classes lets a matching hold all three L = 7: 21, and H goes 5 bits up
    (21 < 32): 0-3 maps to 3 << 5 | 7 = 103. A matching holds one hub edge only: the exact
    largest L-sum is 7, H goes 3 bits up: 0-3 maps to 3 << 3 | 7 = 31."""
    nodes, edges = list(range(6)), HUB
    limits = {263: 1, 519: 1, 775: 1, 0: 3}
    assert compress_weights(limits, 3) == {263: 39, 519: 71, 775: 103, 0: 0}
    exact = compress_weights(limits, 3, max_sum=oracle(nodes, edges))
    assert exact == {263: 15, 519: 23, 775: 31, 0: 0}
    # rustworkx's largest sum is the enumeration's
    assert compress_weights(limits, 3, max_sum=_exact_max_sum(6, edges)) == exact


@settings(max_examples=200, deadline=None)
@given(layered_graphs())
def test_exact_mapping_keeps_the_order_of_matchings(graph: Graph) -> None:
    nodes, edges = graph
    k, offset, limits = setup(graph)
    mapping = _two_passes(limits, k, offset, drop_dependent=True, max_sum=oracle(nodes, edges))
    matchings = _max_cardinality_matchings(nodes, edges)
    original = [sum(w for _, _, w in m) for m in matchings]
    packed = [sum(mapping[w] for _, _, w in m) for m in matchings]
    for i in range(len(matchings)):
        for j in range(len(matchings)):
            assert (original[i] < original[j]) == (packed[i] < packed[j])
            assert (original[i] == original[j]) == (packed[i] == packed[j])
    # never wider than the careful mapping, and rustworkx finds the same sums
    careful = _two_passes(limits, k, offset, drop_dependent=True)
    assert max(mapping.values()) <= max(careful.values())
    fast = _two_passes(
        limits, k, offset, drop_dependent=True, max_sum=_exact_max_sum(len(nodes), edges)
    )
    assert fast == mapping


def networkx_weight(graph: Graph) -> tuple[int, int]:
    nodes, edges = graph
    full = nx.Graph()
    full.add_nodes_from(nodes)
    full.add_weighted_edges_from(edges)
    found = nx.max_weight_matching(full, maxcardinality=True)
    return len(found), weight_of(graph, found)


def weight_of(graph: Graph, pairs) -> int:  # type: ignore[no-untyped-def]
    weight = {frozenset((u, v)): w for u, v, w in graph[1]}
    return sum(weight[frozenset(p)] for p in pairs)


def bits(mapping: dict[int, int]) -> int:
    return max(mapping.values()).bit_length()


def test_the_hub_takes_the_exact_mapping() -> None:
    """The hub above through the whole path (offset, two passes): the quick and careful
    mappings are 7 bits wide (0-3 -> 104), the exact one 6 (0-3 -> 32). With rustworkx
    limited to 6 bits the exact one is used, and the matching is the heaviest perfect one:
    0-3, 1-2, 4-5 (775; 0-1, 2-5, 3-4 weighs 263)."""
    graph: Graph = (list(range(6)), HUB)
    stats.reset()
    with mock.patch.object(matching, "MAX_WEIGHT_BITS", 6):
        ours = max_weight_matching(light(graph), maxcardinality=True)
    assert (stats.quick, stats.careful, stats.exact, stats.fallback) == (0, 0, 1, 0)
    assert {frozenset(p) for p in ours} == {frozenset(p) for p in [(0, 3), (1, 2), (4, 5)]}


@settings(max_examples=100, deadline=None)
@given(layered_graphs())
def test_at_the_exact_width_the_matching_stays_on_rustworkx(graph: Graph) -> None:
    """With rustworkx limited to the exact mapping's width, the first mapping that fits is
    used (quick, careful, exact), never networkx, and the matching is a maximum-weight
    one."""
    nodes, edges = graph
    k, offset, limits = setup(graph)
    quick = _two_passes(Counter(w for *_, w in edges), k, offset, drop_dependent=False)
    careful = _two_passes(limits, k, offset, drop_dependent=True)
    exact = _two_passes(
        limits, k, offset, drop_dependent=True, max_sum=_exact_max_sum(len(nodes), edges)
    )
    width = bits(exact)
    path = "quick" if bits(quick) <= width else "careful" if bits(careful) <= width else "exact"
    stats.reset()
    with mock.patch.object(matching, "MAX_WEIGHT_BITS", width):
        ours = max_weight_matching(light(graph), maxcardinality=True)
    assert (getattr(stats, path), stats.fast, stats.fallback) == (1, 1, 0)
    assert (len(ours), weight_of(graph, ours)) == networkx_weight(graph)


def test_too_wide_for_every_mapping_runs_on_networkx_and_says_so(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Vector 000 (a real tournament) with rustworkx limited to 1 bit: nothing fits, every
    matching runs on networkx: the same pairing as the reference, each matching counted,
    logged as a warning and listed on the pairing."""
    document = read_trf((VECTORS / "000.trf").read_text(encoding="utf-8"))
    expected = (VECTORS / "000.expected").read_text(encoding="utf-8")
    normal = pair_dutch(document.tournament, unavailable=document.unavailable)
    assert normal.slow_matchings == ()
    stats.reset()
    monkeypatch.setattr(matching, "MAX_WEIGHT_BITS", 1)
    with caplog.at_level(logging.WARNING, logger="compcore.pairing.swiss.matching"):
        slow = pair_dutch(document.tournament, unavailable=document.unavailable)
    assert format_plain_pairing(slow) == expected
    assert len(slow.slow_matchings) == stats.fallback > 0
    assert stats.fast == 0
    assert "need more than 1 even mapped exactly" in slow.slow_matchings[0]
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == stats.fallback
    assert "ran on networkx" in warnings[0].getMessage()
