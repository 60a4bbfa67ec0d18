"""'Why did my score change?' speed: a 60-player, 36-round season, ``explain`` for the last
round (against the round before it) of the leader and of a player in the middle (issue 10:
at most 300 ms). The same season cases as ``benchmarks/standings.py``. Prints figures; run
with ``python benchmarks/explain.py``."""

from __future__ import annotations

import statistics
import time

from cases import SEASONS

from compcore.lab import synthetic
from compcore.rules.rulesets import ruleset_of
from compcore.scoring.explain import explain
from compcore.scoring.standings import standings

#: the standings benchmark's seasons, and dubbelschaak's own three cycles of twelve
CASES = [
    SEASONS[0],
    ("recompute (dubbelschaak, 3 cycles of 12)", "dubbelschaak", None),
    *SEASONS[1:],
]


def measure(preset: str, overrides: dict | None, repeat: int = 9) -> tuple[float, float, int]:
    season = synthetic.season(preset, n_players=60, n_rounds=36, seed=7, overrides=overrides)
    ruleset = ruleset_of(season)
    order = standings(season, ruleset).order
    players = (order[0], order[len(order) // 2])
    times = []
    parts = 0
    for i in range(repeat):
        start = time.perf_counter()
        result = explain(season, ruleset, players[i % 2])
        times.append(time.perf_counter() - start)
        parts = max(parts, len(result.items))
    return statistics.median(times) * 1000, max(times) * 1000, parts


def main() -> None:
    print("explain after round 36 of a 60-player season (budget 300 ms)")
    print(f"{'case':<45} {'median ms':>10} {'max ms':>8} {'parts':>6}")
    for label, preset, overrides in CASES:
        median, worst, parts = measure(preset, overrides)
        print(f"{label:<45} {median:>10.1f} {worst:>8.1f} {parts:>6}")


if __name__ == "__main__":
    main()
