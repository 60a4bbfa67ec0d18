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
        assert edges == _fresh_edges(table)
        assert tracker.counts() == dict(Counter(w for _, _, w in edges))
        for k in (1, 2, n // 2):
            assert tracker.limits(k) == _class_limits(list(edges), k)
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
