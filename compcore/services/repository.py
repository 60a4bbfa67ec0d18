"""The repository port: what the service layer needs from a store of competitions.

:class:`Repository` is a :class:`typing.Protocol`. Two implementations:
:class:`compcore.adapters.store.Store` (the DuckDB file the app and the command line use)
and the tests' ``MemoryStore`` (``tests/fakes.py``: in memory, for fast tests). Both run
every write as one of the pure changes of :mod:`compcore.rules.changes` on the season as stored at
that moment, check the actor, validate the new season, log the change, and refuse a stale
write (:class:`~compcore.domain.errors.StaleWriteError`) when ``read`` no longer matches.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from compcore.adapters.access.auth import Actor
from compcore.domain.errors import NotAuthorized, Phrase, StaleWriteError
from compcore.domain.model import (
    Decision,
    Player,
    PlayerChange,
    RatingChange,
    Round,
    RulesetRef,
    Season,
)
from compcore.rules.changes import UNCHECKED, BoardResult, Unchecked
from compcore.rules.club_settings import ClubSettings
from compcore.rules.rulesets import Ruleset

__all__ = [
    "UNCHECKED",
    "CompetitionInfo",
    "LogEntry",
    "Mark",
    "MemberToken",
    "Repository",
    "StoredDraft",
]


@dataclass(frozen=True)
class CompetitionInfo:
    id: int
    club: str
    season: str
    competition: str
    preset: str
    rounds_played: int
    players: int
    #: archived: left out of the picker and the overview's cards, still readable
    archived: bool = False
    #: played within that ladder (``Season.ladder``, ``club/season/competition``), issue 12
    ladder: str | None = None

    @property
    def qualified_name(self) -> str:
        """``club/season/competition``: accepted by ``--competition``."""
        return f"{self.club}/{self.season}/{self.competition}"


#: the change log's action of a rule lab proposal (issue 13 item 1, ``services.rulelab``)
PROPOSAL_ACTION = "rulelab-proposal"


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


@dataclass(frozen=True)
class StoredDraft:
    """An unpublished proposal kept in the database (``compcore.services.drafts``): its JSON
    ``data``, who saved it (an actor label) and when (UTC), and its ``version`` (every save
    raises it by one)."""

    competition_id: int
    number: int
    data: Any
    saved_by: str
    saved_at: datetime
    version: int


@dataclass(frozen=True)
class MemberToken:
    """A member's personal sign-off link (issue 10, item 4): only the sha256 of its secret
    is kept (``token_hash``); times are UTC. It counts while it is not revoked and before
    ``expires_at``."""

    competition_id: int
    player: str
    token_hash: str
    created_at: datetime
    expires_at: datetime
    revoked_at: datetime | None = None


@dataclass(frozen=True)
class Mark:
    """A sign-off or sign-up for one club evening: ``choice`` is ``present`` or an entry
    kind (``absent``, ``external``, ...); ``by`` is ``member:<player>`` for the member's own
    mark (UTC ``marked_at``)."""

    competition_id: int
    round: int
    player: str
    choice: str
    marked_at: datetime
    by: str


def member_label(player: str) -> str:
    """Who made a member's own mark, as :attr:`Mark.by` says it."""
    return f"member:{player}"


def check_member_mark(token: MemberToken | None, mark: Mark) -> None:
    """The store's own check of a member's write: the token is live at the mark's time and
    belongs to the marked player and competition; else NotAuthorized (nothing stored)."""
    if (
        token is None
        or token.revoked_at is not None
        or mark.marked_at >= token.expires_at
        or (token.competition_id, token.player) != (mark.competition_id, mark.player)
        or mark.by != member_label(token.player)
    ):
        raise NotAuthorized.at((), "signoff.refused.not_yours")


def next_draft_version(current: StoredDraft | None, at: datetime) -> int:
    """A new draft version: unique per save (the save's time in microseconds), and above the
    stored one, so a session that read a discarded draft never matches a later one."""
    stamp = int(at.timestamp() * 1_000_000)
    return max(stamp, current.version + 1) if current is not None else stamp


def check_draft_version(current: StoredDraft | None, read: int | None, number: int) -> None:
    """The lost-update check of a draft save: the stored version must be the one read."""
    if (current.version if current is not None else None) != read:
        raise StaleWriteError(Phrase("change.what.draft", number=number))


class Repository(Protocol):
    """Competitions, their seasons and the change log; every write checked and logged.

    ``actor`` is an :class:`~compcore.adapters.access.auth.Director` or ``Administrator``; anything
    else is refused (:class:`~compcore.domain.errors.NotAuthorized`) before anything is read.
    Writes return the season as stored afterwards.
    """

    def competitions(self) -> list[CompetitionInfo]: ...

    def load(self, competition_id: int) -> Season: ...

    def ruleset(self, competition_id: int) -> Ruleset: ...

    def log(self, competition_id: int | None = None, limit: int = 100) -> list[LogEntry]: ...

    def revision(self) -> int:
        """The newest change-log id: any write changes it (a cache key for reads)."""
        ...

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

    # the rule lab (issue 13 item 1): a proposal is a change-log entry only

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

    # drafts: the unpublished proposal per round (not season data: not in the change log)

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

    # members' sign-off links and marks (issue 10): not season data, not in the change log

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

    def competitions_with_decision(self, kind: str, note: str) -> set[int]:
        """The competitions holding a decision of ``kind`` whose note is ``note`` (e.g. the
        play-offs naming a ladder), without reading their seasons."""
        ...

    def add_mark(self, mark: Mark, *, token_hash: str) -> None:
        """A member's own mark, allowed by his live token (:func:`check_member_mark`)."""
        ...

    def marks(self, competition_id: int, number: int | None = None) -> list[Mark]:
        """The marks (of round ``number``), oldest first."""
        ...
