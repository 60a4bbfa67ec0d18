"""Rule lab speed (issue 13 item 1): ``compare`` on a generated 60-player, 36-round season
under another preset or overrides, target at most 1 s (both rulesets scored, winners,
fairness). Prints figures; run with ``python benchmarks/compare.py``."""

from __future__ import annotations

import statistics
import time

from compcore.lab import synthetic
from compcore.lab.rulelab import compare, overrides_from, ruleset_b
from compcore.rules.rulesets import ruleset_of

#: the target of issue 13
TARGET = 1.0
RUNS = 3

#: (label, the season's preset, its overrides, preset B, --set texts of B)
CASES = [
    ("dubbelschaak: absence points 1/6, top 60", "dubbelschaak",
     {"cycles": 1, "rounds_per_cycle": 36}, None,
     ['points.absent.points="1/6 own"', "keizer.values.top=60"]),
    ("keizer-classic: iterate -> recompute", "keizer-classic", {"rounds_per_cycle": 36},
     None, ["keizer.mode=recompute", "keizer.iterate_rounds=[]"]),
    ("keizer-classic: iterate every round", "keizer-classic", {"rounds_per_cycle": 36},
     None, ['keizer.iterate_rounds=["every"]']),
    ("dubbelschaak (3 cycles of 12) -> keizer-classic", "dubbelschaak", None,
     "keizer-classic", []),
    ("princenpaard -> ladder-ab", "princenpaard", None, "ladder-ab", []),
]  # fmt: skip


def main() -> None:
    print(f"compare, 60 players, 36 rounds; target <= {TARGET:.1f} s (median of {RUNS})")
    for label, preset, overrides, other, sets in CASES:
        season = synthetic.season(preset, n_players=60, n_rounds=36, seed=13, overrides=overrides)
        a = ruleset_of(season)
        times = []
        for _ in range(RUNS):
            start = time.perf_counter()
            b = ruleset_b(season, a, other, overrides_from(sets))
            result = compare(season, a, b)
            times.append(time.perf_counter() - start)
        moved = sum(1 for p in result.placings if p.moved)
        took = statistics.median(times)
        verdict = "ok" if took <= TARGET else "TOO SLOW"
        print(f"  {label:<48} {took * 1000:7.0f} ms  ({moved} places changed)  {verdict}")


if __name__ == "__main__":
    main()
