"""The Swiss engine's weight table kept between matchings (issue 19, target 4).

``tracker.TableTracker`` keeps caissify's weight table's edge list and weight classes
between two matchings, from the entries compcore's ``_set_w`` logs, and answers a matching
without computing it when the last one already does (``TableTracker.certain``). These
tests hold it to what it replaces: the same edges in the table's order, the same counts
and ``_class_limits`` bounds as a recount, and an answer that is itself an optimal
maximum-cardinality matching giving the decided player the partner every fresh matching
gives him.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from compcore.adapters.files.trf import read_trf
from compcore.pairing.swiss import engine as swiss_engine
from compcore.pairing.swiss import pair_dutch
from compcore.pairing.swiss.compression import _class_limits
from compcore.pairing.swiss.matching import partners
from compcore.pairing.swiss.tracker import TableTracker
from tests.unit.pairing.test_swiss_vectors import CASES, VECTORS


def _fresh_edges(table: dict[tuple[int, int], int]) -> list[tuple[int, int, int]]:
    return [(i, j, w) for (i, j), w in table.items() if w > 0]


def _split(
    table: dict[tuple[int, int], int],
) -> tuple[list[tuple[int, int, int]], list[tuple[int, int, int]]]:
    """The positive entries (in the table's order) split as the tracker must: those whose
    two ends have no other positive entry (isolated), and the rest, recounted."""
    edges = _fresh_edges(table)
    degree = Counter(v for i, j, _ in edges for v in (i, j))
    alone = [e for e in edges if degree[e[0]] == degree[e[1]] == 1]
    return [e for e in edges if e not in alone], alone


def _fix(table: dict[tuple[int, int], int], tracker: TableTracker, a: int, b: int) -> None:
    """caissify's _finalize_pair: every other entry of a and b zeroed, (a, b) = 1."""
    for key in list(table):
        if (a in key or b in key) and key != (min(a, b), max(a, b)):
            tracker.log.setdefault(key, table[key])
            table[key] = 0
    key = (min(a, b), max(a, b))
    tracker.log.setdefault(key, table.get(key, 0))
    table[key] = 1


def test_a_fixed_pair_is_left_to_the_isolated_edges_and_matched() -> None:
    # 4 vertices, all six pairs of weight 5; then 0-1 fixed as caissify does: (0, 1) = 1,
    # 0's and 1's other entries 0. Left: (0, 1) alone, and (2, 3) of weight 5, which
    # still has no other edge either (2's and 3's others went with 0 and 1): both are
    # isolated, the searched edges none, and the matching is {0-1, 2-3}.
    table = {(i, j): 5 for i in range(4) for j in range(i + 1, 4)}
    tracker = TableTracker()
    edges, _ = tracker.update(table)
    assert edges == _fresh_edges(table) and tracker.isolated == []
    _fix(table, tracker, 0, 1)
    edges, _ = tracker.update(table)
    assert edges == [] and tracker.isolated == [(0, 1, 1), (2, 3, 5)]
    tracker.last = None  # a fresh matching, not the answer of the last one
    _fix(table, tracker, 0, 1)  # nothing changes: the same split
    assert partners(4, table, tracker) == [1, 0, 3, 2]


@pytest.mark.parametrize("seed", range(20))
def test_tracked_edges_counts_and_limits_are_a_recount(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(4, 30)
    weights = [0, 0, 1, 2, 3, 5, 8, 1 << 70, (1 << 70) + 3]
    table = {(i, j): rng.choice(weights) for i in range(n) for j in range(i + 1, n)}
    tracker = TableTracker()
    for _ in range(15):
        edges, answer = tracker.update(table)
        assert answer is None  # no matching was computed: nothing to answer from
        assert edges is not None
        assert (edges, tracker.isolated) == _split(table)
        every = _fresh_edges(table)
        assert tracker.counts() == dict(Counter(w for _, _, w in every))
        for k in (1, 2, n // 2):
            assert tracker.limits(k) == _class_limits(list(every), k)
        if rng.random() < 0.3 and n >= 4:  # a fixed pair: an isolated edge from now on
            a, b = rng.sample(range(n), 2)
            _fix(table, tracker, a, b)
        for _ in range(rng.randint(0, 40)):  # what _set_w does: log, then write
            i = rng.randrange(n)
            j = rng.randrange(n)
            key = (min(i, j), max(i, j))
            tracker.log.setdefault(key, table.get(key, 0))
            table[key] = rng.choice(weights) if i != j else 0


def _weight(table: dict[tuple[int, int], int], mate: list[int]) -> tuple[int, int]:
    pairs = [(v, m) for v, m in enumerate(mate) if v < m]
    return len(pairs), sum(table[pair] for pair in pairs)


@pytest.mark.parametrize("case", CASES[::10])
def test_an_answer_without_matching_is_optimal_and_decides_as_a_fresh_one(
    case: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = read_trf((VECTORS / f"{case}.trf").read_text(encoding="utf-8"))
    answered: list[tuple[list[int], list[int], dict[tuple[int, int], int], int]] = []

    def checking(n: int, table: dict[tuple[int, int], int], tracker: Any = None) -> list[int]:
        before = tracker.skipped if tracker is not None else 0
        found = partners(n, table, tracker)
        if tracker is not None and tracker.skipped > before:
            answered.append((found, partners(n, table), dict(table), tracker.decided))
        return found

    shim = swiss_engine._DutchEngine._pair_iterative_mwm.__globals__["__builtins__"]["__import__"](
        "networkx"
    )
    monkeypatch.setattr(shim, "partners", checking)
    pair_dutch(document.tournament, unavailable=document.unavailable)
    for answer, fresh, table, decided in answered:
        # the same cardinality and weight as a fresh matching: optimal too
        assert _weight(table, answer) == _weight(table, fresh)
        # and the player caissify pairs next gets the partner the fresh one gives him
        assert answer[decided] == fresh[decided]


@pytest.mark.parametrize(("seed", "top"), [(0, 1023), (1, 1023), (2, 2), (3, 5)])
def test_keyed_edges_read_the_nudged_weights_of_the_edge_list(seed: int, top: int) -> None:
    # The nudged weight of an edge (i, j) of weight w is base[w] - min(j - i, top)
    # (matching._rustworkx_nudged's list). The tracker's keyed edges and keyed_weights
    # must give every edge that weight, in the same order, after changes and a fixed
    # pair: top 2 and 5 stand for fields wider than the nudge (e.g. with top 2: an edge
    # (3, 4) gets base - 1, (3, 9) base - 2, as every edge 2 or more apart).
    rng = random.Random(seed)
    n = rng.randint(8, 20)
    weights = [0, 1, 2, 1 << 70, (1 << 70) + 3]
    table = {(i, j): rng.choice(weights) for i in range(n) for j in range(i + 1, n)}
    tracker = TableTracker()
    tracker.keying = True
    for step in range(6):
        edges, _ = tracker.update(table)
        keyed = tracker.keyed_edges()
        assert edges is not None and keyed is not None
        base = {w: 1000 * w + top for w in tracker.counts()}
        read = tracker.keyed_weights(base, n, top)
        assert [(i, j, read[key]) for i, j, key in keyed] == [
            (i, j, base[w] - min(j - i, top)) for i, j, w in edges
        ]
        if step == 2:
            _fix(table, tracker, 1, 5)
        for _ in range(rng.randint(0, 30)):
            i, j = sorted(rng.sample(range(n), 2))
            tracker.log.setdefault((i, j), table[(i, j)])
            table[(i, j)] = rng.choice(weights)
