"""The matching backend's counters (:mod:`compcore.pairing.swiss.matching`): how many
matchings ran on which path, for the benchmarks, and the pure-Python matchings of the
pairing under way (:func:`counting_pure_python`)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass


@dataclass(slots=True)
class MatchingStats:
    """Counters for the benchmark: how many matchings ran on which path."""

    quick: int = 0
    careful: int = 0
    exact: int = 0
    fallback: int = 0
    widest_raw_bits: int = 0
    widest_compressed_bits: int = 0
    #: CPU seconds inside rustworkx's matching itself (the benchmarks' floor)
    rustworkx_seconds: float = 0.0
    #: matchings caissify asked for that the last one answered (:meth:`TableTracker.certain`)
    answered: int = 0
    #: of the computed matchings, those on nudged weights (``matching._rustworkx_nudged``)
    nudged: int = 0

    @property
    def fast(self) -> int:
        """Matchings computed by rustworkx."""
        return self.quick + self.careful + self.exact

    def reset(self) -> None:
        self.quick = self.careful = self.exact = self.fallback = 0
        self.widest_raw_bits = self.widest_compressed_bits = 0
        self.rustworkx_seconds = 0.0
        self.answered = self.nudged = 0


stats = MatchingStats()

#: the pure-Python matchings of the pairing under way (see :func:`counting_pure_python`)
slow_matchings: ContextVar[list[str] | None] = ContextVar(
    "compcoreslow_matchings_matchings", default=None
)


@contextmanager
def counting_pure_python() -> Iterator[list[str]]:
    """Collect why each matching inside the block ran on networkx (one line per matching);
    per thread and task, so concurrent pairings (the app's sessions) do not mix."""
    found: list[str] = []
    token = slow_matchings.set(found)
    try:
        yield found
    finally:
        slow_matchings.reset(token)
