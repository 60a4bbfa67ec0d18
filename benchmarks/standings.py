"""Standings speed: a 60-player, 36-round season, standings after the last round with every
round computed (issue 2: at most 50 ms in recompute and at-time modes, 200 ms when iterating
every round). The last cases add 8,000 registered members who never play (issue 8: the cost
must grow linearly with the members, not with their square), every round's standings kept
as the app's charts need them. Then the whole process (issue 19: the warm in-process
median alone hid the start-up): ``compcore standings`` of such seasons as a command,
against a Python process that only reads the same JSON file (target: at most 4x), with its
peak memory (at most 60 MB), and of each season with the 8,000 members against it without
them (issue 19, "Command line": at most 2x; each pair run back to back,
``startup.paired_ratio``); ``benchmarks/startup.py`` measures the same and ``--help``,
``presets`` and ``pair``. Prints figures; run with ``python benchmarks/standings.py``
(``--runs N`` for the whole processes, ``--no-process`` for the in-process figures
alone)."""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from cases import SEASONS

from compcore.adapters.files import season_file
from compcore.domain.model import Player, Season
from compcore.lab import synthetic
from compcore.rules.rulesets import ruleset_of
from compcore.scoring.standings import standings

#: registered members who never play, for the large-club cases
MEMBERS = 8000

CASES = SEASONS
#: the same season with MEMBERS registered members who never play, and the case without
LARGE_CLUB = [
    ("+8000 members: recompute (dubbelschaak)", "dubbelschaak", CASES[0][2], CASES[0][0]),
    ("+8000 members: iterate at 19 and last", "keizer-classic", CASES[4][2], CASES[4][0]),
    ("+8000 members: points + SB (princenpaard)", "princenpaard", None, CASES[5][0]),
]
#: the seasons run as a whole ``compcore standings`` process: (label, preset, overrides)
PROCESSES = [
    ("dubbelschaak", "dubbelschaak", CASES[0][2]),
    ("keizer-classic", "keizer-classic", CASES[4][2]),
    ("princenpaard", "princenpaard", None),
]


def with_members(season: Season, count: int) -> Season:
    """``season`` with ``count`` more registered members who never play (DS-15)."""
    members = tuple(
        Player(id=f"m{i:05d}", name=f"Lid {i:05d}", rating=1500, participation="never")
        for i in range(count)
    )
    return replace(season, players=season.players + members)


def measure(
    preset: str, overrides: dict | None, repeat: int = 15, members: int = 0
) -> tuple[float, float, int, bool, float]:
    """(median ms, min ms, rescorings, oscillated, median CPU ms: user + system)."""
    season = synthetic.season(preset, n_players=60, n_rounds=36, seed=7, overrides=overrides)
    season = with_members(season, members)
    ruleset = ruleset_of(season)
    times = []
    cpu = []
    result = None
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        result = standings(season, ruleset)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    assert result is not None
    iterations = sum(s.iterations for s in result.snapshots)
    oscillated = any(s.oscillated for s in result.snapshots)
    return (
        statistics.median(times) * 1000,
        min(times) * 1000,
        iterations,
        oscillated,
        statistics.median(cpu) * 1000,
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="runs of each whole process")
    parser.add_argument("--no-process", action="store_true", help="in-process figures only")
    args = parser.parse_args(argv)
    print("standings after round 36 of a 60-player season, every round computed")
    print(f"load average: {' '.join(Path('/proc/loadavg').read_text().split()[:3])}")
    head = f"{'case':<45} {'median ms':>10} {'min ms':>8} {'CPU ms':>8} {'rescorings':>11}"
    print(f"{head} oscillated")
    medians: dict[str, float] = {}
    cpus: dict[str, float] = {}
    for label, preset, overrides in CASES:
        median, best, iterations, oscillated, cpu = measure(preset, overrides)
        medians[label], cpus[label] = median, cpu
        line = f"{label:<45} {median:>10.1f} {best:>8.1f} {cpu:>8.1f} {iterations:>11}"
        print(f"{line} {oscillated}")
    for label, preset, overrides, without in LARGE_CLUB:
        median, best, iterations, oscillated, cpu = measure(preset, overrides, 5, MEMBERS)
        times = (
            f"{median / medians[without]:.1f}x without them, CPU {cpu / cpus[without]:.1f}x"
            " (issue 8: linear; issue 19's 2x is the command's, below)"
        )
        line = f"{label:<45} {median:>10.1f} {best:>8.1f} {cpu:>8.1f} {iterations:>11}"
        print(f"{line} {oscillated}  {times}")
    if args.no_process:
        return
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from startup import standings_commands, whole_process

    print()
    with tempfile.TemporaryDirectory() as tmp:
        commands = standings_commands(Path(tmp), PROCESSES, label="compcore standings")
        # issue 19, "Command line": the same seasons with MEMBERS members who never play,
        # each against its season without them (at most 2x)
        for name, preset, overrides in PROCESSES:
            path = Path(tmp) / f"{name}-members.json"
            season = synthetic.season(
                preset, n_players=60, n_rounds=36, seed=7, overrides=overrides
            )
            season_file.dump(with_members(season, MEMBERS), path)
            commands.append((f"compcore standings +{MEMBERS} members ({name})",
                             ["-m", "compcore", "standings", str(path)],
                             f"compcore standings ({name})", 2))  # fmt: skip
        whole_process(commands, args.runs)
    print("peak memory target: at most 60 MB")


if __name__ == "__main__":
    main()
