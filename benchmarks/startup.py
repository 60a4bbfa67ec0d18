"""Start-up: the whole ``compcore`` process, as a user at the command line waits for it.

    python benchmarks/startup.py             # 15 runs of each command
    python benchmarks/startup.py --runs 30

Each command runs as its own process (``sys.executable -m compcore ...``), so the figures
include the interpreter's start, every import and the work. Target (issue 8): ``compcore
standings`` of a 60-player, 36-round season in at most 300 ms; ``--help`` and ``presets``
import neither numpy, pandas, streamlit nor duckdb (``tests/test_cli_startup.py``).
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from compcore import synthetic
from compcore.adapters import season_file

#: the generated seasons: (label, preset, overrides), 60 players and 36 played rounds each
SEASONS = [
    ("dubbelschaak", "dubbelschaak", {"cycles": 1, "rounds_per_cycle": 36}),
    ("princenpaard", "princenpaard", None),
]


def run(args: list[str], runs: int) -> tuple[float, float, float]:
    """Median and minimum wall time, and median CPU time (user + system: less sensitive to
    other load on the machine), in milliseconds, of ``python ARGS`` as a process."""
    times, cpu = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([sys.executable, *args], check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(times) * 1000, min(times) * 1000, statistics.median(cpu) * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        commands: list[tuple[str, list[str]]] = [
            ("python alone (-c pass), for reference", ["-c", "pass"]),
            ("compcore --help", ["-m", "compcore", "--help"]),
            ("compcore presets", ["-m", "compcore", "presets"]),
        ]
        for label, preset, overrides in SEASONS:
            path = Path(tmp) / f"{label}.json"
            season = synthetic.season(
                preset, n_players=60, n_rounds=36, seed=7, overrides=overrides
            )
            season_file.dump(season, path)
            commands.append(
                (
                    f"compcore standings, 60 x 36 ({label})",
                    ["-m", "compcore", "standings", str(path)],
                )
            )
        print(f"whole process, {args.runs} runs each")
        print(f"{'command':<46} {'median ms':>10} {'min ms':>8} {'CPU ms':>8}")
        for label, command in commands:
            median, best, cpu = run(command, args.runs)
            print(f"{label:<46} {median:>10.1f} {best:>8.1f} {cpu:>8.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
