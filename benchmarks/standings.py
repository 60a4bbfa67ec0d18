"""Standings speed: a 60-player, 36-round season, standings after the last round with every
round computed (issue 2: at most 50 ms in recompute and at-time modes, 200 ms when iterating
every round). Prints figures; run with ``python benchmarks/standings.py``."""

from __future__ import annotations

import statistics
import time

from compcore import synthetic
from compcore.adapters.season_file import ruleset_of
from compcore.scoring.standings import standings

CASES = [
    (
        "recompute (dubbelschaak, one cycle of 36)",
        "dubbelschaak",
        {"cycles": 1, "rounds_per_cycle": 36},
    ),
    (
        "at-time, rank values",
        "dubbelschaak",
        {"cycles": 1, "rounds_per_cycle": 36, "keizer": {"mode": "at-time"}},
    ),
    ("at-time, rating values (magnus-senior)", "magnus-senior", {"rounds_per_cycle": 36}),
    (
        "iterate every round",
        "keizer-classic",
        {"rounds_per_cycle": 36, "keizer": {"iterate_rounds": ["every"]}},
    ),
    ("iterate at 19 and last (keizer-classic)", "keizer-classic", {"rounds_per_cycle": 36}),
    ("points + SB tie-breaks (princenpaard)", "princenpaard", None),
]


def measure(
    preset: str, overrides: dict | None, repeat: int = 15
) -> tuple[float, float, int, bool]:
    season = synthetic.season(preset, n_players=60, n_rounds=36, seed=7, overrides=overrides)
    ruleset = ruleset_of(season)
    times = []
    result = None
    for _ in range(repeat):
        start = time.perf_counter()
        result = standings(season, ruleset)
        times.append(time.perf_counter() - start)
    assert result is not None
    iterations = sum(s.iterations for s in result.snapshots)
    oscillated = any(s.oscillated for s in result.snapshots)
    return statistics.median(times) * 1000, min(times) * 1000, iterations, oscillated


def main() -> None:
    print("standings after round 36 of a 60-player season, every round computed")
    print(f"{'case':<45} {'median ms':>10} {'min ms':>8} {'rescorings':>11} oscillated")
    for label, preset, overrides in CASES:
        median, best, iterations, oscillated = measure(preset, overrides)
        print(f"{label:<45} {median:>10.1f} {best:>8.1f} {iterations:>11} {oscillated}")


if __name__ == "__main__":
    main()
