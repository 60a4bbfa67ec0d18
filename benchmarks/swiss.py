"""Figures for compcore's FIDE Dutch pairing: speed per round and vector conformance.

Run: ``python benchmarks/swiss.py`` (``--sizes 40 100 200``, ``--repeat 5``,
``--no-vectors``, ``--vectors DIR``, ``--limit BITS``).

``--limit 60`` pretends rustworkx took only 60-bit weights: the round's widest matchings
then no longer fit the quick and careful mappings, as happens at any limit with wide
enough weights, and show what the way out costs (the exact mapping; before it, networkx).

For each size it simulates a realistic Swiss: ratings spread like a club open, rounds 1..6
paired by compcore's own engine, results drawn with a fixed seed from the Elo expectation
(about a third of games drawn), a few forfeits and requested half-point byes. It then
pairs round 7 several times and reports the median. Finally it pairs the 200 test vectors
and reports how many it reproduces exactly (pairs, colours and board order).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from compcore.adapters.files.trf_pairing import pair_trf_text
from compcore.pairing.swiss import (
    SwissPlayer,
    SwissRecord,
    SwissTournament,
    matching,
    pair_dutch,
)
from compcore.pairing.swiss.counters import stats

VECTORS = Path(__file__).resolve().parent.parent / "tests" / "data" / "swiss-vectors"


def _result(rng: random.Random, white_rating: int, black_rating: int) -> tuple[str, str]:
    """Results for white and black: Elo expectation, a third drawn, 1% forfeits."""
    if rng.random() < 0.01:
        return ("+", "-") if rng.random() < 0.5 else ("-", "+")
    expected = 1 / (1 + 10 ** ((black_rating - white_rating) / 400))
    draw = 0.33
    roll = rng.random()
    if roll < expected - draw / 2:
        return "1", "0"
    if roll < expected + draw / 2:
        return "=", "="
    return "0", "1"


def simulate(size: int, rounds: int, seed: int = 2026) -> SwissTournament:
    """A ``size``-player Swiss after ``rounds`` rounds paired by :func:`pair_dutch`."""
    rng = random.Random(seed)
    ratings = sorted((int(rng.gauss(1750, 300)) for _ in range(size)), reverse=True)
    histories: dict[int, list[SwissRecord]] = {n: [] for n in range(1, size + 1)}
    total = rounds + 1

    def tournament() -> SwissTournament:
        return SwissTournament(
            players=tuple(
                SwissPlayer(n, f"Player {n:03d}", ratings[n - 1], tuple(histories[n]))
                for n in histories
            ),
            total_rounds=total,
            first_colour_white=True,
        )

    for _ in range(rounds):
        absent = frozenset(n for n in histories if rng.random() < 0.02)
        pairing = pair_dutch(tournament(), unavailable=absent)
        for n in absent:
            histories[n].append(SwissRecord(None, None, "H"))
        if pairing.bye is not None:
            histories[pairing.bye].append(SwissRecord(None, None, "U"))
        for board in pairing.boards:
            w, b = _result(rng, ratings[board.white - 1], ratings[board.black - 1])
            histories[board.white].append(SwissRecord(board.black, "w", w))
            histories[board.black].append(SwissRecord(board.white, "b", b))
    return tournament()


def time_round(size: int, repeat: int, limit: int | None = None) -> tuple[float, str]:
    """Median seconds to pair round 7 of a ``size``-player Swiss (with rustworkx's weights
    limited to ``limit`` bits), and the matchings per path."""
    t = simulate(size, rounds=6)
    times = []
    default = matching.MAX_WEIGHT_BITS
    for _ in range(repeat):
        stats.reset()
        matching.MAX_WEIGHT_BITS = limit or default
        start = time.perf_counter()
        try:
            pair_dutch(t)
        finally:
            matching.MAX_WEIGHT_BITS = default
        times.append(time.perf_counter() - start)
    paths = ", ".join(
        f"{getattr(stats, name)} {name}"
        for name in ("quick", "careful", "exact")
        if hasattr(stats, name)
    )
    return statistics.median(times), f"{paths} on rustworkx, {stats.fallback} on networkx"


def vector_score(directory: Path) -> tuple[int, int, list[str], float]:
    """How many vectors ``pair_trf_text`` reproduces exactly, and the total time."""
    reproduced, failed = 0, []
    files = sorted(directory.glob("*.trf"))
    start = time.perf_counter()
    for trf in files:
        expected = trf.with_suffix(".expected").read_text()
        if pair_trf_text(trf.read_text()) == expected:
            reproduced += 1
        else:
            failed.append(trf.stem)
    return reproduced, len(files), failed, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[40, 100, 200])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--vectors", type=Path, default=VECTORS)
    parser.add_argument("--no-vectors", action="store_true")
    parser.add_argument("--limit", type=int, help="pretend rustworkx took only this many bits")
    args = parser.parse_args(argv)
    print("FIDE Dutch pairing, one round (round 7 after 6 simulated rounds)")
    if args.limit:
        print(f"  (rustworkx's weights limited to {args.limit} bits)")
    for size in args.sizes:
        median, paths = time_round(size, args.repeat, args.limit)
        print(f"  {size:4d} players: median {median:6.3f} s over {args.repeat} runs ({paths})")
    if not args.no_vectors:
        if not args.vectors.is_dir():
            print(f"vectors: {args.vectors} not found", file=sys.stderr)
            return 1
        ok, total, failed, seconds = vector_score(args.vectors)
        print(f"vectors: {ok}/{total} reproduced exactly in {seconds:.1f} s")
        if failed:
            print("  failed: " + " ".join(failed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
