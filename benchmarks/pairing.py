"""Pairing speed: one round with a full season of history behind it.

    python benchmarks/pairing.py            # the figures of docs/pairing.md, then the scaling
    python benchmarks/pairing.py --quick    # smaller, for a smoke run
    python benchmarks/pairing.py --scaling  # only the ladder's scaling up to 10,000 present
    python benchmarks/pairing.py --check    # only: pairings identical to the recorded ones

Targets (issue 3): a ladder round with 100 present players in at most 50 ms and with 1000
in at most 2 s (every hard rule active: ladder-ab; and keizer-classic), a Swiss round of
100 players in at most 1 s. One case has no legal pairing (LA-3's first round with an odd
number of A- and of B-players: one board must cross the levels), so the best round of
"pairing never dead-ends" is measured too. Each figure is the best of ``--repeat`` runs and is split into
the standings after the previous round (compcore.scoring, computed by ``pair`` first) and
the pairing proper (``pair_round`` given those standings).

Scaling (issue 19, target 5): ``pair`` (standings and pairing, median of ``--repeat``
runs, CPU time of this process, so that other processes on a shared machine count less)
for both ladder presets, keizer-classic and ladder-ab, with about 1,000, 2,000, 5,000 and
10,000 present players (and 100) after 10 played rounds drawn at random; the exponent is
the least-squares slope of log time over log present players from 1,000 to 10,000.
Targets: 10,000 present in at most 2 s, the exponent at most 1.2, 100 present in at most
24 ms (issue 19's "before", which must not get slower). ``--quick`` stops at 3,000.

``--check`` pairs generated seasons of both presets (100 to 3,000 present, random and
engine-paired history; dubbelschaak, magnus-senior, a Swiss round, a round without a legal
pairing, a tight variant) and compares each pairing (boards, colours, reasons, who sits out,
relaxations: ``pair --format json``) with the SHA-256 recorded in
``benchmarks/pairing_digests.json`` from the code before issue 19's changes
(``--record`` writes that file).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import logging
import math
import statistics
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from compcore.domain.model import Season
from compcore.lab import synthetic
from compcore.pairing import pair
from compcore.pairing.engine import pair_round
from compcore.present.pairing_report import to_json
from compcore.rules.rulesets import ruleset_of
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


LADDERS = ("keizer-classic", "ladder-ab")
KC = {"rounds_per_cycle": 40}  # keizer-classic has 23 rounds; room for 30 played
DIGESTS = Path(__file__).with_name("pairing_digests.json")


def ladder_season(preset: str, present: int, rounds: int, *, realistic: bool = False) -> Season:
    """About ``present`` present players (10% of the members sign off each round)."""
    return season(
        preset,
        present + present // 9,
        rounds,
        seed=present + (1 if preset == "ladder-ab" else 2),
        realistic=realistic,
        overrides=KC if preset == "keizer-classic" else None,
    )


def cpu_median(run: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return statistics.median(times)


def exponent(points: list[tuple[int, float]]) -> float:
    """The least-squares slope of log time over log size."""
    xs = [math.log(n) for n, _ in points]
    ys = [math.log(t) for _, t in points]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum(
        (x - mx) ** 2 for x in xs
    )


def scaling(quick: bool, repeat: int) -> None:
    sizes = (100, 300, 1000, 3000) if quick else (100, 1000, 2000, 5000, 10000)
    rounds = 10
    print(
        f"scaling: pair (standings + pairing), CPU median of {repeat}, {rounds} random rounds "
        "of history, about 10% absent"
    )
    for preset in LADDERS:
        points = []
        for n in sizes:
            s = ladder_season(preset, n, rounds)
            ruleset = ruleset_of(s)
            result = pair(s, ruleset)  # warm (imports, caches)
            t = cpu_median(lambda s=s, ruleset=ruleset: pair(s, ruleset), repeat)  # type: ignore[misc]
            present = len(s.open_round.present or ()) if s.open_round else 0
            points.append((present, t))
            note = ""
            if n == 100:
                note = "ok" if t <= 0.024 else "over 24 ms"
            elif n == 10000:
                note = "ok" if t <= 2.0 else "over 2 s"
            print(
                f"  {preset:<15} present {present:>6}  boards {len(result.boards):>5}  "
                f"{t * 1000:9.1f} ms  {note}"
            )
        big = [(n, t) for n, t in points if n >= 900]
        e = exponent(big)
        span = f"{big[0][0]}-{big[-1][0]}"
        verdict = "ok" if e <= 1.2 else "over 1.2"
        print(f"  {preset:<15} exponent over {span} present: {e:.2f}  (target <= 1.2) {verdict}")
    print("targets: 10,000 present <= 2 s, exponent <= 1.2 over 1,000-10,000, 100 <= 24 ms")


def check_cases() -> list[tuple[str, Season]]:
    cases = []
    for preset in LADDERS:
        for n in (100, 300, 1000, 3000):
            cases.append((f"{preset} {n} random", ladder_season(preset, n, 10)))
        for n in (100, 300):
            s = ladder_season(preset, n, 10, realistic=True)
            cases.append((f"{preset} {n} engine-paired", s))
    cases.append(("ladder-ab round 1 odd levels 100", odd_levels(111, seed=10)))
    tight = {"pairing": {"max_meetings": 1, "colour_critical_balance": 1}}
    cases.append(("ladder-ab tight 300", season("ladder-ab", 333, 10, seed=9, overrides=tight)))
    cases.append(("dubbelschaak 1000", season("dubbelschaak", 1111, 11, seed=6)))
    cases.append(
        ("dubbelschaak 100 engine-paired", season("dubbelschaak", 111, 11, seed=11, realistic=True))
    )
    cases.append(("magnus-senior 300", season("magnus-senior", 333, 10, seed=12)))
    cases.append(
        ("princenpaard 60 engine-paired", season("princenpaard", 66, 8, seed=13, realistic=True))
    )
    return cases


def digest(s: Season) -> str:
    return hashlib.sha256(to_json(pair(s, ruleset_of(s)), s).encode()).hexdigest()


def check(record: bool) -> bool:
    found = {label: digest(s) for label, s in check_cases()}
    if record:
        DIGESTS.write_text(json.dumps(found, indent=1) + "\n")
        print(f"recorded {len(found)} pairings in {DIGESTS.name}")
        return True
    known = json.loads(DIGESTS.read_text())
    same = True
    for label, value in found.items():
        ok = known.get(label) == value
        same &= ok
        print(f"  {label:<40} {'identical' if ok else 'DIFFERENT'}")
    print("pairings identical to the recorded ones" if same else "PAIRINGS DIFFER")
    return same


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--scaling", action="store_true", help="only the ladder's scaling")
    parser.add_argument("--check", action="store_true", help="only the pairings' identity")
    parser.add_argument("--record", action="store_true", help="record the pairings' digests")
    args = parser.parse_args()
    logging.disable(logging.WARNING)  # the Dutch engine logs its search
    if args.check or args.record:
        raise SystemExit(0 if check(args.record) else 1)
    if args.scaling:
        scaling(args.quick, args.repeat)
        return
    rounds = 10 if args.quick else 30
    big = 300 if args.quick else 1000
    kc = KC
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
    scaling(args.quick, args.repeat)


if __name__ == "__main__":
    main()
