"""The parts of a season that a season file may leave out: rating changes, roster changes,
forced games, the director's decisions and the calendar (``spec/season-format.md``).

Immutable plain data, as :mod:`compcore.domain.model`, which gives them by name (``from
compcore.domain.model import Decision`` as before) and defines them here so that a command on a
season without them does not build their classes (a frozen dataclass costs ~0.7 ms to
define; ``compcore standings`` is held to 4x a Python that reads the JSON, issue 19).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class RatingChange:
    """A rating that applies from a round on (MG-1: values follow rating updates)."""

    player: str
    from_round: int
    rating: int


@dataclass(frozen=True, slots=True)
class PlayerChange:
    """A level and/or flags that apply from a round on (roster history, issue 9).

    Earlier rounds keep what the player had then: the engine reads the player as of a round
    (:meth:`Season.player_at`). ``None`` leaves that field as it was; ``flags=()`` clears
    the flags.
    """

    player: str
    from_round: int
    level: str | None = None
    flags: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class ForcedGame:
    """A game the director fixes before pairing (MG-3, MG-8 cup games; director-fixed boards).

    ``group`` is carried onto the paired :class:`Game`: a board a linked competition put on
    the ladder's evening whose games do not count for meeting limits (DS-16)."""

    white: str
    black: str
    reason: str | None = None
    group: str | None = None


@dataclass(frozen=True, slots=True)
class Decision:
    """An outcome the director records that no arithmetic decides (barrage and play-off
    winners, DS-20, LA-11, MG-8)."""

    kind: str
    player: str
    cycle: int | None = None
    category: str | None = None
    round: int | None = None
    note: str | None = None


@dataclass(frozen=True, slots=True)
class Calendar:
    """The season's planned club evenings: the weekday, the holidays skipped and the
    planned date of each round (``dates[0]`` is round 1), all ISO dates (``2025-09-02``)."""

    weekday: str
    holidays: tuple[str, ...] = ()
    dates: tuple[str, ...] = ()
