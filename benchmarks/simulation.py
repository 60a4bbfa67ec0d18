"""Simulation speed (issue 13 item 2): 1,000 simulated seasons of 30 players and 30 rounds,
ranked under two rulesets, in at most 60 s, with a progress callback (as the app's bar).

    python benchmarks/simulation.py              # the figures of docs/simulation.md
    python benchmarks/simulation.py --seasons 100    # a smoke run

The model comes from a synthetic 30-player, 30-round season (``compcore.lab.synthetic``); each
case prints the wall time of the whole run and the time per season.
"""

from __future__ import annotations

import argparse
import time

from compcore.lab import synthetic
from compcore.lab.simulation import model_of, simulate
from compcore.rules.rulesets import load_ruleset, ruleset_of

#: (label, ruleset B preset, overrides); ruleset A is the season's own, keizer-classic
CASES = [
    ("keizer-classic vs dubbelschaak (3 cycles, restart)", "dubbelschaak", None),
    ("keizer-classic vs princenpaard (points)", "princenpaard", None),
    (
        "keizer-classic vs keizer-classic iterating every round",
        "keizer-classic",
        {"keizer": {"iterate_rounds": ["every"]}},
    ),
]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seasons", type=int, default=1000)
    args = parser.parse_args()
    season = synthetic.season("keizer-classic", n_players=30, n_rounds=30, seed=13)
    ruleset_a = ruleset_of(season)
    model = model_of(season, ruleset_a)
    print(f"{len(model.players)} players, {model.rounds} rounds, {args.seasons} seasons")
    for label, preset, overrides in CASES:
        ruleset_b = load_ruleset(preset, overrides)
        calls: list[int] = []
        start = time.perf_counter()
        simulate(
            model,
            ruleset_a,
            ruleset_b,
            seasons=args.seasons,
            seed=1,
            on_progress=lambda done, total, calls=calls: calls.append(done),
        )
        took = time.perf_counter() - start
        assert len(calls) == args.seasons
        per = took / args.seasons * 1000
        print(f"{label:<58} {took:6.1f} s  ({per:.1f} ms a season; target 60 s for 1000)")


if __name__ == "__main__":
    main()
