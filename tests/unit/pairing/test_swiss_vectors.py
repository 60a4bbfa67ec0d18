"""The 200 FIDE Dutch test vectors (``shared/vectors/swiss``), reproduced exactly.

Each ``NNN.trf`` is a tournament cut before the round to pair; ``NNN.expected`` is the
reference engine's pairing of that round. We assert the same boards in the same order
with the same colours, and the same pairing-allocated bye. The reference orders boards
by the higher score of the pair, then the lower score, then the rank (score, then
pairing number) of the higher-ranked player; compcore reproduces that order, so the
order is asserted too (not only the set of boards).

The vectors are kept in ``tests/data/swiss-vectors`` (a copy of the workplace's shared
vectors); ``COMPCORE_SWISS_VECTORS`` may point at another set.
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from compcore.adapters.files.trf import format_plain_pairing, read_plain_pairing, read_trf
from compcore.adapters.files.trf_pairing import pair_trf_text
from compcore.pairing.swiss import matching, pair_dutch
from compcore.pairing.swiss.compression import _class_limits, _two_passes
from compcore.pairing.swiss.counters import stats
from compcore.pairing.swiss.matching import LightGraph, max_weight_matching, partners

VECTORS = Path(
    os.environ.get(
        "COMPCORE_SWISS_VECTORS", Path(__file__).resolve().parents[2] / "data" / "swiss-vectors"
    )
)
CASES = sorted(p.stem for p in VECTORS.glob("*.trf"))


def test_all_vectors_present() -> None:
    assert len(CASES) == 200


@pytest.mark.parametrize("case", CASES)
def test_vector(case: str) -> None:
    document = read_trf((VECTORS / f"{case}.trf").read_text(encoding="utf-8"))
    expected_boards, expected_bye = read_plain_pairing(
        (VECTORS / f"{case}.expected").read_text(encoding="utf-8")
    )
    # the header names the round the file was cut for: the reader finds the same round
    assert document.name is not None
    assert document.round_to_pair == int(document.name.split()[-1])
    pairing = pair_dutch(document.tournament, unavailable=document.unavailable)
    assert [(b.white, b.black) for b in pairing.boards] == list(expected_boards)
    assert pairing.bye == expected_bye
    # the writer gives the vector file byte for byte
    expected_text = (VECTORS / f"{case}.expected").read_text(encoding="utf-8")
    assert format_plain_pairing(pairing) == expected_text


# ---------------------------------------------------------------------------
# The weight compression behind the fast matching keeps the order of matchings exactly
# ---------------------------------------------------------------------------


def _max_cardinality_matchings(
    nodes: list[int], edges: list[tuple[int, int, int]]
) -> list[list[tuple[int, int, int]]]:
    """Every maximum-cardinality matching of a small graph (by exhaustive search)."""
    found: list[list[tuple[int, int, int]]] = []

    def extend(start: int, used: frozenset[int], chosen: list[tuple[int, int, int]]) -> None:
        found.append(list(chosen))
        for i in range(start, len(edges)):
            u, v, _ = edges[i]
            if u not in used and v not in used:
                chosen.append(edges[i])
                extend(i + 1, used | {u, v}, chosen)
                chosen.pop()

    extend(0, frozenset(), [])
    size = max(len(m) for m in found)
    return [m for m in found if len(m) == size]


@st.composite
def layered_graphs(draw: st.DrawFn) -> tuple[list[int], list[tuple[int, int, int]]]:
    """Graphs whose weights look like caissify's: small fields packed a few bits apart,
    most significant first, with small negative adjustments in the low bits."""
    n = draw(st.integers(2, 9))
    nodes = list(range(n))
    pairs = [(u, v) for u in nodes for v in nodes if u < v]
    chosen = draw(st.lists(st.sampled_from(pairs), min_size=1, unique=True))
    fields = draw(st.integers(1, 14))
    # caissify leaves B >= 8 bits per field; tighter spacings make sums carry over
    spacing = draw(st.integers(1, max(8, n.bit_length() + 3)))
    patterns = draw(
        st.lists(
            st.tuples(
                st.lists(st.integers(0, 7), min_size=fields, max_size=fields),
                st.integers(-40, 40),
            ),
            min_size=1,
            max_size=6,
        )
    )
    edges = []
    for u, v in chosen:
        values, adjust = draw(st.sampled_from(patterns))
        weight = 3 << ((fields + 4) * spacing)
        for i, value in enumerate(values):
            weight |= value << ((fields - i + 3) * spacing)
        edges.append((u, v, weight + adjust))
    return nodes, edges


def light_graph(graph: tuple[list[int], list[tuple[int, int, int]]]) -> LightGraph:
    """The graph as caissify's loop hands it over (the matching shim's graph)."""
    nodes, edges = graph
    out = LightGraph()
    for node in nodes:
        out.add_node(node)
    for u, v, w in edges:
        out.add_edge(u, v, weight=w)
    return out


@settings(max_examples=300, deadline=None)
@given(layered_graphs(), st.booleans(), st.booleans())
def test_compression_keeps_the_order_of_matchings(
    graph: tuple[list[int], list[tuple[int, int, int]]], careful: bool, one_pass: bool
) -> None:
    # one_pass: the first pass's weights are taken as they are (enough_bits wide enough
    # for any of them), as the matching does when they fit
    nodes, edges = graph
    counts = Counter(w for _, _, w in edges)
    k = min(len(nodes) // 2, len(edges))
    limits = _class_limits(edges, k) if careful else counts
    offset = 1 << (3 * max(8, len(nodes).bit_length() + 3))
    enough = 10_000 if one_pass else None
    mapping = _two_passes(limits, k, offset, drop_dependent=careful, enough_bits=enough)
    matchings = _max_cardinality_matchings(nodes, edges)
    original = [sum(w for _, _, w in m) for m in matchings]
    packed = [sum(mapping[w] for _, _, w in m) for m in matchings]
    for i in range(len(matchings)):
        for j in range(len(matchings)):
            assert (original[i] < original[j]) == (packed[i] < packed[j])
            assert (original[i] == original[j]) == (packed[i] == packed[j])


@settings(max_examples=100, deadline=None)
@given(layered_graphs())
def test_fast_matching_is_a_maximum_weight_matching(
    graph: tuple[list[int], list[tuple[int, int, int]]],
) -> None:
    nodes, edges = graph
    light = light_graph((nodes, edges))
    ours = max_weight_matching(light, maxcardinality=True)
    full = nx.Graph()
    full.add_nodes_from(nodes)
    full.add_weighted_edges_from(edges)
    reference = nx.max_weight_matching(full, maxcardinality=True)
    weight = {frozenset((u, v)): w for u, v, w in edges}
    assert len(ours) == len(reference)
    assert sum(weight[frozenset(e)] for e in ours) == sum(weight[frozenset(e)] for e in reference)


@settings(max_examples=200, deadline=None)
@given(layered_graphs(), st.sampled_from([1024, 2, 3]))
def test_a_nudged_matching_is_a_maximum_weight_matching(
    graph: tuple[list[int], list[tuple[int, int, int]]], nudge: int
) -> None:
    """With every graph nudged (``NUDGE_FROM`` 0; a round's own only from 30,000 edges)
    the matching is still one of maximum cardinality and of maximum weight: the nudges
    only choose among the best (exhaustive search of every maximum-cardinality one).
    ``NUDGE`` 2 or 3 stands in for a field of more than 1,024 players, where pairs far
    apart get no nudge (the other of the two ways the nudge is computed)."""
    nodes, edges = graph
    light = light_graph((nodes, edges))
    before = stats.nudged
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(matching, "NUDGE_FROM", 0)
        patch.setattr(matching, "NUDGE", nudge)
        ours = max_weight_matching(light, maxcardinality=True)
    assert stats.nudged == before + 1
    weight = {frozenset((u, v)): w for u, v, w in edges}
    best = max(sum(w for _, _, w in m) for m in _max_cardinality_matchings(nodes, edges))
    assert len(ours) == len(_max_cardinality_matchings(nodes, edges)[0])
    assert sum(weight[frozenset(e)] for e in ours) == best


def test_the_nudge_picks_neighbours_among_equals() -> None:
    """Four players, every pair the same weight: the nudged matching pairs 0-1 and 2-3
    (places apart: 1 + 1 = 2, where 0-2/1-3 are 2 + 2 and 0-3/1-2 are 3 + 1 apart, so
    their nudges 1022 + 1022 = 2044 beat 1021 + 1021 = 2042 and 1020 + 1022 = 2042)."""
    light = LightGraph()
    for node in range(4):
        light.add_node(node)
    for u in range(4):
        for v in range(u + 1, 4):
            light.add_edge(u, v, weight=5)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(matching, "NUDGE_FROM", 0)
        found = max_weight_matching(light, maxcardinality=True)
    assert {frozenset(e) for e in found} == {frozenset((0, 1)), frozenset((2, 3))}


def test_far_pairs_get_no_nudge_in_a_field_wider_than_the_nudge() -> None:
    """Past NUDGE places a pair gets no nudge (fields of more than 1,024 players; here
    NUDGE = 3 for four players, so top = 2: one place apart gets 2 - 1 = 1, two or three
    places 0). Mapped weights: 0-1, 2-3 and 0-2 weigh 1, 1-3 weighs 2. The shift is
    (4 // 2 + 1) * 3 = 9: 0-1 + 2-3 gives 9 + 1 + 9 + 1 = 20, 0-2 + 1-3 gives 9 + 18 = 27,
    0-3 + 1-2 has no edge. The heavier matching wins over the nudged neighbours."""
    indexed = [(0, 1, 10), (2, 3, 10), (0, 2, 10), (1, 3, 20)]
    before = stats.nudged
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(matching, "NUDGE_FROM", 0)
        patch.setattr(matching, "NUDGE", 3)
        found = matching._rustworkx_nudged(4, indexed, {10: 1, 20: 2})
    assert stats.nudged == before + 1
    assert {frozenset(e) for e in found} == {frozenset((0, 2)), frozenset((1, 3))}


def test_every_vector_with_every_matching_nudged(monkeypatch: pytest.MonkeyPatch) -> None:
    """The vectors' graphs are small (90 players at most), so a round nudges none of its
    own; nudged from the first edge on, every vector still gives its reference pairing."""
    monkeypatch.setattr(matching, "NUDGE_FROM", 0)
    before = stats.nudged
    for case in CASES:
        document = read_trf((VECTORS / f"{case}.trf").read_text(encoding="utf-8"))
        expected = (VECTORS / f"{case}.expected").read_text(encoding="utf-8")
        pairing = pair_dutch(document.tournament, unavailable=document.unavailable)
        assert format_plain_pairing(pairing) == expected, case
    assert stats.nudged > before


def test_compression_merges_fields_that_carry() -> None:
    # Four edges of weight 1 add up to 4, the weight of one edge 0-2: the perfect
    # matchings {01, 23, 45, 67} and {02, 13, 46, 57} weigh the same (4 = 1+1+1+1 =
    # 4+0+0+0). Bits 0 and 2 are used, bit 1 is not, but the sum of the low bits carries
    # into bit 2: the two columns must stay one field, or the tie would be broken.
    nodes = list(range(8))
    edges = [(0, 1, 1), (2, 3, 1), (4, 5, 1), (6, 7, 1), (0, 2, 4), (1, 3, 0), (4, 6, 0)]
    edges += [(5, 7, 0)]
    for careful in (False, True):
        counts = Counter(w for _, _, w in edges)
        limits = _class_limits(edges, 4) if careful else counts
        mapping = _two_passes(limits, 4, 0, drop_dependent=careful)
        low = sum(mapping[w] for w in (1, 1, 1, 1))
        high = sum(mapping[w] for w in (4, 0, 0, 0))
        assert low == high
    assert len(_max_cardinality_matchings(nodes, edges)) >= 2


@pytest.mark.parametrize("case", ["000", "023", "129"])
def test_point_values_scale_without_changing_the_pairing(case: str) -> None:
    # The same tournament with three points a win (BBW 3, BBD 1.5, points x3): score
    # groups, ranks and the final-round topscorers are the same, so the pairing is. As in
    # bbpPairings, the full-point bye F and (no BBU) the pairing-allocated bye U score the
    # win value, and BBF (a forfeit loss) stays 0.
    text = (VECTORS / f"{case}.trf").read_text(encoding="utf-8")
    rows = []
    for row in text.splitlines():
        if row.startswith("001"):
            row = f"{row[:80]}{float(row[80:84]) * 3:4.1f}{row[84:]}"
        rows.append(row)
        if row.startswith("XXC"):
            rows += ["BBW  3.0", "BBD  1.5"]
    expected = (VECTORS / f"{case}.expected").read_text(encoding="utf-8")
    assert pair_trf_text("\n".join(rows) + "\n") == expected


def test_wrapped_caissify_version() -> None:
    # compcore's subclass reroutes networkx inside caissify's ``_pair_iterative_mwm`` and
    # overrides ``_assign_colors`` / ``_build_players``: re-check the vectors and the
    # hook (docs/swiss.md) before moving to another caissify version.
    import caissify_pairings
    from caissify_pairings.engines.dutch import DutchEngine

    assert caissify_pairings.__version__ == "0.5.0"
    names = DutchEngine._pair_iterative_mwm.__code__.co_names
    assert "networkx" in names and "max_weight_matching" in names


@settings(max_examples=100, deadline=None)
@given(layered_graphs(), st.data())
def test_partners_match_on_the_positive_entries_of_a_weight_table(
    graph: tuple[list[int], list[tuple[int, int, int]]], data: st.DataObject
) -> None:
    # caissify's _run_mwm (replaced by compcore's, which calls partners): a graph of the
    # vertices 0 .. n-1 and the table's entries of positive weight, in the table's order
    nodes, edges = graph
    table: dict[tuple[int, int], int] = {}
    light = LightGraph()
    for node in nodes:
        light.add_node(node)
    for u, v, w in edges:
        w = data.draw(st.sampled_from([w, 0, -w]))
        table[min(u, v), max(u, v)] = w
    for (u, v), w in table.items():
        if w > 0:
            light.add_edge(u, v, weight=w)
    expected = list(nodes)
    for u, v in max_weight_matching(light, maxcardinality=True) if light.edges else ():
        expected[u], expected[v] = v, u
    assert partners(len(nodes), table) == expected


def test_compcore_helpers_run_inside_caissifys_bracket_loop() -> None:
    # shim._own_closures swaps in only where the free variables agree: if caissify's
    # helpers change, the swap silently stops, and this says so
    from compcore.pairing.swiss.engine import _DutchEngine

    nested = {
        c.co_name: c.co_filename
        for c in _DutchEngine._pair_iterative_mwm.__code__.co_consts
        if hasattr(c, "co_name")
    }
    for name in ("_run_mwm", "_set_w", "_get_w"):
        assert nested[name].endswith("compcore/pairing/swiss/shim.py"), name
