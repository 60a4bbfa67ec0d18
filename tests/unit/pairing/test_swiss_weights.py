"""compcore's base edge weight (``compcore.pairing.swiss.weights``) is caissify's, call by
call: the 200 vectors and a 100-player round are paired with every weight computed both ways
and compared; a hand example fixes the field places one round, so a shifted field fails
here before it fails a vector."""

from __future__ import annotations

import random
from typing import Any

import pytest
from caissify_pairings.engines import dutch as caissify

from compcore.adapters.files.trf import read_trf
from compcore.pairing.swiss import engine, pair_dutch
from compcore.pairing.swiss.weights import _layout, bracket_edge_weight
from tests.swiss_play import Tournament, compcore_pairing, results, trf_text
from tests.unit.pairing.test_swiss_vectors import CASES, VECTORS


def _compared(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Every base weight asked while pairing, computed by compcore and by caissify; a
    difference fails the test at the call. Returns how many calls there were, by kind."""
    seen = {"current": 0, "next": 0, "outside": 0, "forbidden": 0}

    def both(self: Any, *args: Any, **kwargs: Any) -> int:
        ours = bracket_edge_weight(self, *args, **kwargs)
        theirs = caissify.DutchEngine._compute_bracket_edge_weight(self, *args, **kwargs)
        assert ours == theirs, (args[:2], kwargs)
        if ours == 0:
            seen["forbidden"] += 1
        elif kwargs["in_current_bracket"]:
            seen["current"] += 1
        elif kwargs["in_next_bracket"]:
            seen["next"] += 1
        else:
            seen["outside"] += 1
        return ours

    monkeypatch.setattr(engine._DutchEngine, "_compute_bracket_edge_weight", both)
    return seen


def test_every_weight_of_every_vector_is_caissifys(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _compared(monkeypatch)
    for case in CASES:
        document = read_trf((VECTORS / f"{case}.trf").read_text(encoding="utf-8"))
        pair_dutch(document.tournament, unavailable=document.unavailable)
    # every kind of pair was compared, many times
    assert min(seen.values()) > 1000, seen


def test_every_weight_of_a_large_event_is_caissifys(monkeypatch: pytest.MonkeyPatch) -> None:
    # 100 players over four rounds, each paired by compcore (weights compared throughout)
    # and played with seeded results: bigger brackets and score groups than any vector
    rng = random.Random(19)
    n, rounds = 100, 5
    ratings = sorted((rng.randint(1200, 2500) for _ in range(n)), reverse=True)
    absent = {r: {p for p in range(1, n + 1) if rng.random() < 0.03} for r in range(1, 6)}
    half = {r: {p for p in range(1, n + 1) if rng.random() < 0.02} - absent[r] for r in absent}
    state = Tournament(19, n, rounds, ratings, dict.fromkeys(range(1, n + 1), 1), {}, absent, half)
    seen = _compared(monkeypatch)
    for _ in range(4):
        paired = compcore_pairing(trf_text(state))
        assert paired is not None
        boards, bye = paired
        results(state, sorted(boards), bye, rng)
    assert seen["current"] > 1000 and seen["outside"] > 10_000, seen


def test_the_fields_sit_where_caissify_puts_them_in_round_four() -> None:
    # Round 4 of a 100-player event (3 rounds played): B = max(8, 7 + 3) = 10 bits a
    # criterion, SB = 12 score bits. From bit 0: reserved 3B + 1 = 31; C.19, C.18 at 31, 43;
    # C.17, C.16 at 55, 67; C.15, C.14 at 79, 89; C.13, C.12 at 99, 109; the colour
    # criteria at 119, 129, 139, 149; C.9 at 159 (2B wide); the next bracket's pair at 179
    # and score at 189; the current bracket's pair at 201 and score at 211; completion 223.
    at = _layout(10, 12, 3)
    assert (at.c19, at.c18, at.c17, at.c16) == (31, 43, 55, 67)
    assert (at.c15, at.c14, at.c13, at.c12) == (79, 89, 99, 109)
    assert (at.strong, at.compatible, at.absolute, at.imbalance) == (119, 129, 139, 149)
    assert (at.bye, at.next_pair, at.next_score) == (159, 179, 189)
    assert (at.current_pair, at.current_score, at.completion) == (201, 211, 223)
    # Round 2 (one played): no two-rounds-back fields, C.17 starts right above the reserve
    second = _layout(10, 12, 1)
    assert (second.c19, second.c15, second.c17, second.c13) == (-1, -1, 31, 55)
    assert second.completion == 223 - 2 * 12 - 2 * 10


def test_a_pair_outside_both_brackets_weighs_its_completion_alone() -> None:
    # two players no bracket step is looking at, neither a bye candidate: completion 3 at
    # bit 223 (the layout above) and nothing else, whatever their colours and floats
    class Engine:
        total_rounds = 9
        round_number = 4

        def _can_pair(self, a: Any, b: Any) -> bool:
            return True

    class Player:
        def __init__(self, number: int) -> None:
            self.id = number
            self.score = 2.0

    weight = bracket_edge_weight(
        Engine(),
        Player(1),
        Player(2),
        2.0,
        100,
        set(),
        set(),
        {},
        {},
        0,
        False,
        False,
        score_group_shifts={2.0: 0},
        score_groups_shift=12,
        bye_candidates=set(),
    )
    assert weight == 3 << 223
