"""compcore's FIDE Dutch engine against bbpPairings v6 on the same TRF files (issue 19,
target 4: compcore at most 3x bbpPairings' time at 100, 300 and 500 players, identical
pairings; the moonshot is 1x).

Run: ``python benchmarks/swiss_vs_bbp.py`` (``--sizes 100 300 500``, ``--rounds 6``,
``--repeat 3``, ``--last N`` to pair only the last N rounds, ``--seed 19``, ``--bbp PATH``;
default ``$BBPPAIRINGS``, else ``~/.cache/bbppairings/build/bbpPairings.exe``).

For each size a tournament is played forward by bbpPairings itself (``--dutch FILE -p``):
ratings spread like a club open, pairing numbers in rating order, results drawn from the
Elo expectation with a fixed seed (a third drawn, 2% forfeits), 2% requested half-point
byes and 2% absences per round; each file's ``XXR`` is two rounds beyond the one to pair
(no final-round topscorer rule). The files of rounds 2 .. ``--rounds`` + 1 (the state before
each round) are then paired by both engines: bbpPairings as a process (its whole run:
reading, pairing, writing), compcore in-process on the text (``read_trf`` then
``pair_dutch``, what ``compcore pair FILE.trf`` does after its imports). Each file is
timed ``--repeat`` times per engine, the medians summed per size; pairs and the bye are
compared. Times are CPU seconds (user + system: the process's for bbpPairings, the
calling process's for compcore), steadier than wall-clock time on a shared machine; both
engines are single-threaded. The played files are kept in ``--cache`` (default a folder
in the temp dir) so a second run skips the play.

Each line also shows the CPU time compcore spent inside rustworkx's matchings alone
(``counters.stats.rustworkx_seconds``): every one of caissify's bracket steps runs a fresh
matching of the whole unpaired field, where bbpPairings updates its matching, so that
share is the floor of the present design (issue 19, docs/swiss.md "Measured figures"),
and how many matchings a round were computed and how many caissify's steps took from the
last one without matching (``TableTracker.certain``).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from compcore.adapters.files.trf import read_trf
from compcore.domain.errors import PairingError
from compcore.pairing.swiss import SwissRecord, pair_dutch
from compcore.pairing.swiss.counters import stats
from tests.swiss_play import player_line

TARGET = 3.0
DEFAULT_BBP = Path.home() / ".cache" / "bbppairings" / "build" / "bbpPairings.exe"

Pairs = tuple[frozenset[tuple[int, int]], int | None]


def _text(
    ratings: list[int], history: list[dict[int, SwissRecord]], upcoming: dict[int, SwissRecord]
) -> str:
    lines = ["012 compcore benchmark", f"XXR {len(history) + 3}", "XXC white1"]
    for number in range(1, len(ratings) + 1):
        records = [past[number] for past in history]
        if number in upcoming:
            records.append(upcoming[number])
        lines.append(player_line(number, ratings[number - 1], records))
    return "\n".join(lines) + "\n"


def bbp_pair(exe: Path, trf: Path) -> tuple[Pairs | None, float]:
    """bbpPairings' pairing of ``trf`` and the seconds its process took."""
    out = trf.with_suffix(".out")
    # getrusage, not os.times: os.times counts a child's CPU time in clock ticks (10 ms),
    # so a 33 ms run read 30 or 40 ms and the median of three came out 30
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [str(exe), "--dutch", str(trf), "-p", str(out)], capture_output=True, check=False
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode != 0:
        return None, seconds
    words = out.read_text().split()
    pairs = [(int(words[1 + 2 * i]), int(words[2 + 2 * i])) for i in range(int(words[0]))]
    byes = [w for w, b in pairs if b == 0]
    boards = frozenset((w, b) for w, b in pairs if b != 0)
    return (boards, byes[0] if byes else None), seconds


def compcore_pair(text: str) -> tuple[Pairs | None, float]:
    """compcore's pairing of the TRF text and the seconds it took in-process."""
    start = time.process_time()
    document = read_trf(text)
    try:
        pairing = pair_dutch(document.tournament, unavailable=document.unavailable)
    except PairingError:
        return None, time.process_time() - start
    seconds = time.process_time() - start
    return (frozenset((b.white, b.black) for b in pairing.boards), pairing.bye), seconds


def play(exe: Path, size: int, rounds: int, seed: int, folder: Path) -> list[Path]:
    """The files before rounds 2 .. rounds + 1 of a tournament bbpPairings pairs."""
    files = [folder / f"n{size}-s{seed}-r{r}.trf" for r in range(2, rounds + 2)]
    if all(f.is_file() for f in files):
        return files
    rng = random.Random(seed * 1000 + size)
    ratings = sorted((int(rng.gauss(1750, 300)) for _ in range(size)), reverse=True)
    ratings = [min(2800, max(1000, r)) for r in ratings]
    history: list[dict[int, SwissRecord]] = []
    for _ in range(rounds + 1):
        upcoming: dict[int, SwissRecord] = {}
        for n in range(1, size + 1):
            x = rng.random()
            if x < 0.02:
                upcoming[n] = SwissRecord(None, None, "Z")
            elif x < 0.04:
                upcoming[n] = SwissRecord(None, None, "H")
        trf = folder / f"n{size}-s{seed}-r{len(history) + 1}.trf"
        trf.write_text(_text(ratings, history, upcoming))
        if len(history) == rounds:
            break
        pairs, _ = bbp_pair(exe, trf)
        if pairs is None:
            raise SystemExit(f"bbpPairings found no pairing for {trf}")
        boards, bye = pairs
        records = dict(upcoming)
        for white, black in sorted(boards):
            if rng.random() < 0.02:
                rw, rb = ("+", "-") if rng.random() < 0.5 else ("-", "+")
            else:
                expected = 1 / (1 + 10 ** ((ratings[black - 1] - ratings[white - 1]) / 400))
                roll = rng.random()
                rw, rb = ("1", "0") if roll < expected - 0.165 else ("=", "=")
                if roll >= expected + 0.165:
                    rw, rb = "0", "1"
            records[white] = SwissRecord(black, "w", rw)
            records[black] = SwissRecord(white, "b", rb)
        if bye is not None:
            records[bye] = SwissRecord(None, None, "U")
        history.append(records)
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 300, 500])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--last", type=int, help="pair only the last LAST files of each size")
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument(
        "--bbp", type=Path, default=Path(os.environ.get("BBPPAIRINGS", DEFAULT_BBP))
    )
    parser.add_argument(
        "--cache", type=Path, default=Path(tempfile.gettempdir()) / "compcore-swiss-vs-bbp"
    )
    args = parser.parse_args(argv)
    if not args.bbp.is_file():
        print(f"bbpPairings not found at {args.bbp} (--bbp or BBPPAIRINGS)", file=sys.stderr)
        return 1
    args.cache.mkdir(parents=True, exist_ok=True)
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}")
    print(
        f"FIDE Dutch, compcore in-process vs bbpPairings' process, CPU seconds, rounds"
        f" {max(2, args.rounds + 2 - (args.last or args.rounds))}-{args.rounds + 1},"
        f" median of {args.repeat} per round, target <= {TARGET:g}x"
    )
    worst = 0.0
    all_same = True
    for size in args.sizes:
        files = play(args.bbp, size, args.rounds, args.seed, args.cache)
        if args.last:
            files = files[-args.last :]
        ours_total = theirs_total = floor_total = 0.0
        same = computed = answered = 0
        for trf in files:
            text = trf.read_text()
            ours_times, theirs_times, floor_times = [], [], []
            ours = theirs = None
            for _ in range(args.repeat):
                theirs, seconds = bbp_pair(args.bbp, trf)
                theirs_times.append(seconds)
                stats.reset()
                ours, seconds = compcore_pair(text)
                ours_times.append(seconds)
                floor_times.append(stats.rustworkx_seconds)
            computed += stats.fast + stats.fallback
            answered += stats.answered
            ours_total += statistics.median(ours_times)
            theirs_total += statistics.median(theirs_times)
            floor_total += statistics.median(floor_times)
            same += ours == theirs
        ratio = ours_total / theirs_total
        worst = max(worst, ratio)
        all_same &= same == len(files)
        print(
            f"  {size:4d} players: compcore {ours_total / len(files):7.3f} s a round,"
            f" bbpPairings {theirs_total / len(files):7.3f} s, ratio {ratio:5.2f}x"
            f" ({'met' if ratio <= TARGET else 'NOT met'}), identical {same}/{len(files)};"
            f" of compcore's, rustworkx's matchings alone {floor_total / len(files):.3f} s"
            f" ({floor_total / theirs_total:.2f}x bbpPairings); matchings a round"
            f" {computed / len(files):.0f} computed, {answered / len(files):.0f} answered"
            " by the last one"
        )
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}")
    print(f"worst ratio {worst:.2f}x (target {TARGET:g}x); pairings identical: {all_same}")
    return 0 if all_same else 1


if __name__ == "__main__":
    raise SystemExit(main())
