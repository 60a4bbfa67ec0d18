"""Pairing speed: one round with a full season of history behind it.

    python benchmarks/pairing.py            # the figures of docs/pairing.md
    python benchmarks/pairing.py --quick    # smaller, for a smoke run

Targets (issue 3): a ladder round with 100 present players in at most 50 ms and with 1000
in at most 2 s (every hard rule active: ladder-ab; and keizer-classic), a Swiss round of
100 players in at most 1 s. One case has no legal pairing (LA-3's first round with an odd
number of A- and of B-players: one board must cross the levels), so the best round of
"pairing never dead-ends" is measured too. Each figure is the best of ``--repeat`` runs and is split into
the standings after the previous round (compcore.scoring, computed by ``pair`` first) and
the pairing proper (``pair_round`` given those standings).
"""

from __future__ import annotations

import argparse
import logging
import time
from collections.abc import Callable
from dataclasses import replace

from compcore import synthetic
from compcore.adapters.season_file import ruleset_of
from compcore.model import Season
from compcore.pairing import pair
from compcore.pairing.engine import pair_round
from compcore.scoring.standings import standings


def season(
    preset: str,
    n: int,
    rounds: int,
    *,
    seed: int,
    realistic: bool = False,
    overrides: dict | None = None,
) -> Season:
    """``rounds`` played rounds (paired by the engine, or drawn at random: harder for the
    rules) and an open round to pair."""
    return synthetic.season(
        preset,
        n_players=n,
        n_rounds=rounds,
        seed=seed,
        overrides=overrides,
        # about 10% signed off each round and nothing else: 111 players give ~100 present
        mix=synthetic.Mix(absent=0.1, unexcused=0, external=0, club_duty=0, joker=0, cup=0),
        pairer=synthetic.engine_pairer if realistic else synthetic.random_round_pairer,
        open_round=True,
    )


def odd_levels(n: int, *, seed: int) -> Season:
    """ladder-ab's round 1 (LA-3: levels only) with an odd number of A-players and of
    B-players present: no legal pairing exists."""
    s = season("ladder-ab", n, 0, seed=seed)
    rnd = s.open_round
    assert rnd is not None and rnd.present is not None
    present = list(rnd.present)
    for level in ("A", "B"):
        mine = [pid for pid in present if s.player(pid).level == level]
        if len(mine) % 2 == 0:
            present.remove(mine[-1])
    return s.with_round(replace(rnd, present=tuple(present)))


def best(run: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def measure(label: str, s: Season, repeat: int, target: float) -> None:
    ruleset = ruleset_of(s)
    rnd = s.open_round
    assert rnd is not None
    before = s.truncated(rnd.number - 1)
    cycle = ruleset.cycle_of(rnd.number) if ruleset.restarts_per_cycle else None

    def table():  # type: ignore[no-untyped-def]
        return standings(before, ruleset, after_round=rnd.number - 1, cycle=cycle, detail=False)

    precomputed = table()
    total = best(lambda: pair(s, ruleset), repeat)
    ranking = best(table, repeat)
    pairing = best(lambda: pair_round(s, ruleset, rnd, precomputed), repeat)
    result = pair(s, ruleset)
    present = len(rnd.present or ())
    verdict = "ok" if total <= target else f"over {target * 1000:.0f} ms"
    print(
        f"{label:<46} present {present:>4}  boards {len(result.boards):>4}  "
        f"relaxed {len(result.relaxed)}  total {total * 1000:8.1f} ms  "
        f"(standings {ranking * 1000:8.1f} ms, pairing {pairing * 1000:7.1f} ms)  {verdict}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    logging.disable(logging.WARNING)  # the Dutch engine logs its search
    rounds = 10 if args.quick else 30
    big = 300 if args.quick else 1000
    kc = {"rounds_per_cycle": 40}  # keizer-classic has 23 rounds; room for 30 played
    tight = {"pairing": {"max_meetings": 1, "colour_critical_balance": 1}}
    cases = [
        ("ladder-ab, 100 players, random history", season("ladder-ab", 111, rounds, seed=1), 0.05),
        (
            "ladder-ab, 100 players, engine-paired history",
            season("ladder-ab", 111, rounds, seed=2, realistic=True),
            0.05,
        ),
        (
            "keizer-classic, 100 players, random history",
            season("keizer-classic", 111, rounds, seed=3, overrides=kc),
            0.05,
        ),
        (
            f"ladder-ab, {big} players, random history",
            season("ladder-ab", big + big // 9, rounds, seed=4),
            2.0,
        ),
        (
            f"keizer-classic, {big} players, random history",
            season("keizer-classic", big + big // 9, rounds, seed=5, overrides=kc),
            2.0,
        ),
        (
            f"ladder-ab tight (max 1 meeting, critical 1), {big}",
            season("ladder-ab", big + big // 9, rounds, seed=9, overrides=tight),
            2.0,
        ),
        (
            f"dubbelschaak (engine), {big} players, 11 rounds",
            season("dubbelschaak", big + big // 9, 11, seed=6),
            2.0,
        ),
        ("ladder-ab round 1, odd levels (dead end), 100", odd_levels(111, seed=10), 0.05),
        (
            "princenpaard Swiss, 100 players, engine-paired",
            season("princenpaard", 111, min(rounds, 11), seed=7, realistic=True),
            1.0,
        ),
        (
            "magnus-youth Swiss, 100 players, engine-paired",
            season("magnus-youth", 111, min(rounds, 11), seed=8, realistic=True),
            1.0,
        ),
    ]
    print(
        f"history: {rounds} played rounds (dubbelschaak: 11, one cycle); about 10% absent each round"
    )
    for label, s, target in cases:
        measure(label, s, args.repeat, target)


if __name__ == "__main__":
    main()
