"""The store ports: what the service layer needs from a store of competitions, in small parts.

Each port is a :class:`typing.Protocol`; a service asks for the smallest it needs.
:class:`Repository` is all of them: :class:`compcore.adapters.store.Store` (the DuckDB file
the app and the command line use) and the tests' ``MemoryStore`` (``tests/fakes.py``: in
memory, for fast tests) implement it. Both run every write as one of the pure changes of
:mod:`compcore.rules.changes` on the season as stored at that moment, check the actor
(:mod:`compcore.ports.actors`; anything else is refused with
:class:`~compcore.domain.errors.NotAuthorized` before anything is read), validate the new
season, log the change, and refuse a stale write (:class:`~compcore.domain.errors.StaleWriteError`)
when ``read`` no longer matches. Writes return the season as stored afterwards. The value
types they speak in are in :mod:`compcore.ports.values`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, Protocol

from compcore.domain.model import (
    Decision,
    Player,
    PlayerChange,
    RatingChange,
    Round,
    RulesetRef,
    Season,
)
from compcore.ports.actors import Actor
from compcore.ports.values import CompetitionInfo, LogEntry, Mark, MemberToken, StoredDraft
from compcore.rules.changes import UNCHECKED, BoardResult, Unchecked
from compcore.rules.club_settings import ClubSettings
from compcore.rules.rulesets import Ruleset

__all__ = [
    "ClubSettingsStore",
    "Competitions",
    "DraftStore",
    "MemberLinks",
    "PlayerWrites",
    "Repository",
    "RoundWrites",
    "SeasonWrites",
]


class Competitions(Protocol):
    """Reading the competitions: the listing, a season, its ruleset, the change log and the revision."""

    def competitions(self) -> list[CompetitionInfo]: ...

    def load(self, competition_id: int) -> Season: ...

    def ruleset(self, competition_id: int) -> Ruleset: ...

    def log(self, competition_id: int | None = None, limit: int = 100) -> list[LogEntry]: ...

    def revision(self) -> int:
        """The newest change-log id: any write changes it (a cache key for reads)."""
        ...

    def competitions_with_decision(self, kind: str, note: str) -> set[int]:
        """The competitions holding a decision of ``kind`` whose note is ``note`` (e.g. the
        play-offs naming a ladder), without reading their seasons."""
        ...


class SeasonWrites(Protocol):
    """Writing whole seasons and what belongs to a competition as a whole."""

    def import_season(
        self,
        season: Season,
        *,
        actor: Actor,
        replace: bool = False,
        action: str = "import",
        reason: str | None = None,
    ) -> int:
        """Store a whole season (``replace``: over the one of the same name); a new one is
        logged as ``action`` with ``reason``."""
        ...

    def import_seasons(self, seasons: Sequence[Season], *, actor: Actor) -> list[int]:
        """Several new seasons in one write (all or none); their ids."""
        ...

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

    def save_seasons(
        self,
        seasons: Sequence[tuple[int, Season, Season | Unchecked]],
        *,
        actor: Actor,
        action: str,
        reason: str | None = None,
    ) -> list[Season]:
        """Several competitions' seasons ``(id, season, read)`` in one write, all or none:
        each refused when it changed since ``read``, validated and logged (issue 12: a
        result entered once in a linked competition and its ladder)."""
        ...

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

    def set_archived(
        self, competition_id: int, archived: bool, *, actor: Actor, reason: str | None = None
    ) -> None:
        """Archive (True) or bring back (False) a competition; logged as
        ``archive-competition`` / ``unarchive-competition`` with ``{"archived": ...}``."""
        ...

    def add_proposal(
        self,
        competition_id: int,
        proposal: Mapping[str, Any],
        *,
        actor: Actor,
        reason: str | None = None,
    ) -> None:
        """Log ``proposal`` (``{"preset", "overrides"}``) for the competition as action
        ``rulelab-proposal``; the season does not change."""
        ...


class RoundWrites(Protocol):
    """Writing a round: its pairing, its results, reopening and deleting it."""

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

    def reopen_round(
        self,
        competition_id: int,
        number: int,
        *,
        actor: Actor,
        reason: str | None,
        read: Round | Unchecked = UNCHECKED,
        action: str = "reopen-round",
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


class PlayerWrites(Protocol):
    """Writing the players: the roster, ratings, rating lists, roster history and subgroups."""

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

    def save_ratings(
        self,
        competition_id: int,
        ratings: Sequence[RatingChange],
        *,
        actor: Actor,
        reason: str | None = None,
        read: Sequence[RatingChange] | Unchecked = UNCHECKED,
    ) -> Season: ...

    def save_rating_list(
        self,
        competition_id: int,
        ratings: Sequence[RatingChange],
        players: Sequence[Player],
        *,
        actor: Actor,
        reason: str | None = None,
        read: Sequence[RatingChange] | Unchecked = UNCHECKED,
        read_players: Mapping[str, Player | None] | Unchecked = UNCHECKED,
    ) -> Season:
        """A rating list imported (issue 18 item 5): the players' new numbers (logged as
        ``import-numbers``) and the rating changes (``import-ratings``) in one
        transaction, all or nothing; each part refused when stale as :meth:`save_players`
        and :meth:`save_ratings` refuse it."""
        ...

    def save_roster_change(
        self,
        competition_id: int,
        change: PlayerChange,
        *,
        actor: Actor,
        reason: str | None = None,
        read: Sequence[PlayerChange] | Unchecked = UNCHECKED,
    ) -> Season: ...

    def save_subgroups(
        self,
        competition_id: int,
        from_round: int,
        lines: Sequence[PlayerChange],
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


class ClubSettingsStore(Protocol):
    """A club's own settings (``compcore.rules.club_settings``), apart from its seasons."""

    def club_settings(self, club: str) -> ClubSettings:
        """The club's own settings (``compcore.rules.club_settings``); none set: all ``None``."""
        ...

    def save_club_settings(
        self,
        club: str,
        settings: ClubSettings,
        *,
        actor: Actor,
        read: ClubSettings | Unchecked = UNCHECKED,
    ) -> ClubSettings:
        """Store the club's settings as given (checked: a bad value is one sentence and
        nothing is stored), logged as ``club-settings``; refused when stale."""
        ...


class DraftStore(Protocol):
    """The unpublished proposal per round (not season data: not in the change log)."""

    def save_draft(
        self,
        competition_id: int,
        number: int,
        data: Mapping[str, Any],
        *,
        actor: Actor,
        read: int | None,
    ) -> int:
        """Store round ``number``'s draft; its new version. Refused (StaleWriteError) when
        the stored version is not ``read`` (None: no draft expected)."""
        ...

    def load_draft(self, competition_id: int, number: int) -> StoredDraft | None: ...

    def discard_draft(self, competition_id: int, number: int, *, actor: Actor) -> None: ...


class MemberLinks(Protocol):
    """Members' sign-off links and marks (issue 10): not season data, not in the change log."""

    def add_member_token(self, token: MemberToken, *, actor: Actor) -> None:
        """Store a new member link (a director's write)."""
        ...

    def revoke_member_tokens(
        self, competition_id: int, player: str, at: datetime, *, actor: Actor
    ) -> int:
        """Revoke every live link of ``player``; how many were revoked."""
        ...

    def member_token(self, token_hash: str) -> MemberToken | None: ...

    def member_tokens(self, competition_id: int) -> list[MemberToken]: ...

    def add_mark(self, mark: Mark, *, token_hash: str) -> None:
        """A member's own mark, allowed by his live token (:func:`check_member_mark`)."""
        ...

    def marks(self, competition_id: int, number: int | None = None) -> list[Mark]:
        """The marks (of round ``number``), oldest first."""
        ...


class Repository(
    Competitions,
    SeasonWrites,
    RoundWrites,
    PlayerWrites,
    ClubSettingsStore,
    DraftStore,
    MemberLinks,
    Protocol,
):
    """Competitions, their seasons and the change log; every write checked and logged: all
    the ports in one (what a store implements)."""
