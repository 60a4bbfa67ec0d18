"""The repository port: what the service layer needs from a store of competitions.

:class:`Repository` is a :class:`typing.Protocol`. Two implementations:
:class:`compcore.adapters.store.Store` (the DuckDB file the app and the command line use)
and :class:`compcore.adapters.memory.MemoryStore` (in memory, for fast tests). Both run
every write as one of the pure changes of :mod:`compcore.changes` on the season as stored at
that moment, check the actor, validate the new season, log the change, and refuse a stale
write (:class:`~compcore.errors.StaleWriteError`) when ``read`` no longer matches.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from compcore.adapters.auth import Actor
from compcore.changes import UNCHECKED, BoardResult, Unchecked
from compcore.model import Decision, Player, PlayerChange, RatingChange, Round, RulesetRef, Season
from compcore.rulesets import Ruleset

__all__ = ["UNCHECKED", "CompetitionInfo", "LogEntry", "Repository"]


@dataclass(frozen=True)
class CompetitionInfo:
    id: int
    club: str
    season: str
    competition: str
    preset: str
    rounds_played: int
    players: int

    @property
    def qualified_name(self) -> str:
        """``club/season/competition``: accepted by ``--competition``."""
        return f"{self.club}/{self.season}/{self.competition}"


@dataclass(frozen=True)
class LogEntry:
    id: int
    at: datetime
    actor: str
    competition_id: int | None
    action: str
    reason: str | None
    before: Any
    after: Any


class Repository(Protocol):
    """Competitions, their seasons and the change log; every write checked and logged.

    ``actor`` is an :class:`~compcore.adapters.auth.Director` or ``Administrator``; anything
    else is refused (:class:`~compcore.errors.NotAuthorized`) before anything is read.
    Writes return the season as stored afterwards.
    """

    def competitions(self) -> list[CompetitionInfo]: ...

    def load(self, competition_id: int) -> Season: ...

    def ruleset(self, competition_id: int) -> Ruleset: ...

    def log(self, competition_id: int | None = None, limit: int = 100) -> list[LogEntry]: ...

    def revision(self) -> int:
        """The newest change-log id: any write changes it (a cache key for reads)."""
        ...

    def import_season(self, season: Season, *, actor: Actor, replace: bool = False) -> int: ...

    def save_season(
        self,
        competition_id: int,
        season: Season,
        *,
        actor: Actor,
        action: str,
        reason: str | None = None,
        read: Season | Unchecked = UNCHECKED,
    ) -> Season: ...

    def save_round(
        self,
        competition_id: int,
        rnd: Round,
        *,
        actor: Actor,
        action: str,
        reason: str | None = None,
        read: Round | Unchecked | None = UNCHECKED,
    ) -> Season: ...

    def save_results(
        self,
        competition_id: int,
        number: int,
        boards: Sequence[BoardResult],
        *,
        actor: Actor,
        action: str,
        complete: bool = False,
        reason: str | None = None,
    ) -> Season: ...

    def delete_round(
        self,
        competition_id: int,
        number: int,
        *,
        actor: Actor,
        reason: str | None = None,
        read: Round | Unchecked | None = UNCHECKED,
        action: str = "delete-round",
    ) -> Round: ...

    def save_player(
        self,
        competition_id: int,
        player: Player,
        *,
        actor: Actor,
        reason: str | None = None,
        read: Player | Unchecked | None = UNCHECKED,
    ) -> Season: ...

    def save_players(
        self,
        competition_id: int,
        players: Sequence[Player],
        *,
        actor: Actor,
        action: str = "save-players",
        reason: str | None = None,
        read: Mapping[str, Player | None] | Unchecked = UNCHECKED,
    ) -> Season: ...

    def save_rating(
        self,
        competition_id: int,
        change: RatingChange,
        *,
        actor: Actor,
        reason: str | None = None,
        read: RatingChange | Unchecked | None = UNCHECKED,
    ) -> Season: ...

    def save_roster_change(
        self,
        competition_id: int,
        change: PlayerChange,
        *,
        actor: Actor,
        reason: str | None = None,
        read: Sequence[PlayerChange] | Unchecked = UNCHECKED,
    ) -> Season: ...

    def remove_player(
        self,
        competition_id: int,
        player: str,
        *,
        actor: Actor,
        reason: str | None = None,
        read: Player | Unchecked = UNCHECKED,
    ) -> Season: ...

    def set_ruleset(
        self,
        competition_id: int,
        ref: RulesetRef,
        *,
        actor: Actor,
        reason: str | None = None,
        read: RulesetRef | Unchecked = UNCHECKED,
    ) -> Season: ...

    def add_decision(
        self, competition_id: int, decision: Decision, *, actor: Actor, reason: str | None = None
    ) -> Season: ...

    def delete_competition(
        self, competition_id: int, *, actor: Actor, reason: str | None = None
    ) -> Season: ...
