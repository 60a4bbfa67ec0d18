"""The 60-player, 36-round seasons the scoring benchmarks share (``standings.py``,
``explain.py``): a label, the preset and its overrides, one case per way of scoring."""

from __future__ import annotations

from typing import Any

SEASONS: list[tuple[str, str, dict[str, Any] | None]] = [
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
