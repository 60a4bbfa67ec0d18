"""The store port: what the service layer needs from a store of competitions, in small parts.

Each part is an abstract base class; :class:`Repository` is all of them, and what a store
inherits: :class:`compcore.adapters.store.Store` (the DuckDB file the app and the command
line use) and the tests' ``MemoryStore`` (``tests/fakes.py``: in memory, for fast tests).
What every store does the same way is written here once, over a few primitives a store
implements (the abstract methods): the season writes and imports
(:class:`~compcore.ports.season_changes.SeasonChanges`), a season's ruleset, the checks of a
club's settings and of a draft before they are stored. Every write runs one of the pure
changes of :mod:`compcore.rules.changes` on the season as stored at that moment, checks the
actor (:mod:`compcore.ports.actors`; anything else is refused with
:class:`~compcore.domain.errors.NotAuthorized` before anything is read), validates the new
season, logs the change, and refuses a stale write
(:class:`~compcore.domain.errors.StaleWriteError`) when ``read`` no longer matches. Writes
return the season as stored afterwards. The value types they speak in are in
:mod:`compcore.ports.values`.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from compcore.domain.errors import Phrase, StaleWriteError
from compcore.domain.model import Season
from compcore.ports.actors import Actor
from compcore.ports.season_changes import SeasonChanges
from compcore.ports.values import (
    CompetitionInfo,
    DraftPart,
    LogEntry,
    Mark,
    MemberToken,
    StoredDraft,
)
from compcore.rules import changes
from compcore.rules.changes import UNCHECKED, Unchecked
from compcore.rules.club_settings import ClubSettings
from compcore.rules.rulesets import Ruleset, ruleset_of

__all__ = [
    "ClubSettingsStore",
    "CompetitionWrites",
    "Competitions",
    "DraftStore",
    "MemberLinks",
    "Repository",
    "SeasonChanges",
]


class Competitions(ABC):
    """Reading the competitions: the listing, a season, its ruleset, the change log and the revision."""

    @abstractmethod
    def competitions(self) -> list[CompetitionInfo]:
        """Every competition, ordered by club, season, name and id."""

    @abstractmethod
    def load(self, competition_id: int) -> Season:
        """The season as stored; an unknown id is a StoreError."""

    def ruleset(self, competition_id: int) -> Ruleset:
        """The competition's ruleset (its preset with its overrides)."""
        season = self.load(competition_id)
        return ruleset_of(season, changes.name(season))

    @abstractmethod
    def log(self, competition_id: int | None = None, limit: int = 100) -> list[LogEntry]:
        """The newest ``limit`` log entries, newest first (of one competition, or all)."""

    @abstractmethod
    def revision(self) -> int:
        """The newest change-log id: any write changes it (a cache key for reads)."""

    @abstractmethod
    def competitions_with_decision(self, kind: str, note: str) -> set[int]:
        """The competitions holding a decision of ``kind`` whose note is ``note`` (e.g. the
        play-offs naming a ladder), without reading their seasons."""


class CompetitionWrites(ABC):
    """Writing what belongs to a competition as a whole (its seasons' writes are
    :class:`SeasonChanges`)."""

    @abstractmethod
    def delete_competition(
        self, competition_id: int, *, actor: Actor, reason: str | None = None
    ) -> Season:
        """Remove a whole competition (its drafts, links and marks too); returns it. The log
        keeps it (``before``)."""

    @abstractmethod
    def set_archived(
        self, competition_id: int, archived: bool, *, actor: Actor, reason: str | None = None
    ) -> None:
        """Archive (True) or bring back (False) a competition: it stays readable, only the
        picker and the overview's cards leave it out. Logged as ``archive-competition`` /
        ``unarchive-competition`` with ``{"archived": ...}``."""

    @abstractmethod
    def add_proposal(
        self, competition_id: int, proposal: Mapping[str, Any], *, actor: Actor,
        reason: str | None = None,
    ) -> None:  # fmt: skip
        """Log a rule lab proposal ``{"preset", "overrides"}`` (issue 13 item 1) for the
        competition as action ``rulelab-proposal``; the season does not change."""


class ClubSettingsStore(ABC):
    """A club's own settings (``compcore.rules.club_settings``), apart from its seasons."""

    @abstractmethod
    def club_settings(self, club: str) -> ClubSettings:
        """The club's own settings; none set: all ``None``."""

    def save_club_settings(
        self,
        club: str,
        settings: ClubSettings,
        *,
        actor: Actor,
        read: ClubSettings | Unchecked = UNCHECKED,
    ) -> ClubSettings:
        """Store the club's settings, each value exactly as given (a bad one refused with one
        sentence, nothing stored), logged as ``club-settings`` (no competition); refused
        when they changed since ``read`` (the settings as the form showed them)."""
        return self._put_club_settings(actor, club, settings, read)

    @abstractmethod
    def _put_club_settings(
        self, actor: Actor, club: str, settings: ClubSettings, read: ClubSettings | Unchecked
    ) -> ClubSettings:
        """The actor checked, then the settings
        (:func:`~compcore.rules.club_settings.check_settings`); in one write the settings
        stored now checked against ``read`` (:func:`fresh_settings`), the new ones stored and
        logged."""


def fresh_settings(
    current: ClubSettings, new: ClubSettings, read: ClubSettings | Unchecked, club: str
) -> None:
    """Refuse a club's settings saved over settings changed since ``read`` (nothing to
    refuse when the change made them what this write makes them)."""
    if not isinstance(read, Unchecked) and current not in (read, new):
        raise StaleWriteError(Phrase("change.what.club_settings", club=club))


class DraftStore(ABC):
    """The unpublished proposal per round (not season data: not in the change log)."""

    def save_draft(
        self,
        competition_id: int,
        number: int,
        data: Mapping[str, Any],
        *,
        actor: Actor,
        read: int | None,
        part: DraftPart = "pairing",
    ) -> int:
        """Store round ``number``'s draft (its ``part``); its new version. Refused
        (StaleWriteError) when the stored version is not ``read`` (None: no draft expected)."""
        payload = json.loads(json.dumps(dict(data)))  # JSON only, checked before the write
        return self._put_draft(actor, competition_id, number, payload, read, part)

    @abstractmethod
    def _put_draft(
        self,
        actor: Actor,
        competition_id: int,
        number: int,
        payload: Any,
        read: int | None,
        part: DraftPart,
    ) -> int:
        """In one write: refuse an unknown competition and a stale ``read``
        (:func:`~compcore.ports.values.check_draft_version`), store the next version."""

    @abstractmethod
    def load_draft(
        self, competition_id: int, number: int, part: DraftPart = "pairing"
    ) -> StoredDraft | None:
        """Round ``number``'s stored draft (its ``part``), or None."""

    @abstractmethod
    def discard_draft(
        self, competition_id: int, number: int, *, actor: Actor, part: DraftPart = "pairing"
    ) -> None:
        """Delete round ``number``'s draft (its ``part``; nothing to delete is fine)."""


class MemberLinks(ABC):
    """Members' sign-off links and marks (issue 10): not season data, not in the change log."""

    @abstractmethod
    def add_member_token(self, token: MemberToken, *, actor: Actor) -> None:
        """Store a new member link (a director's write)."""

    @abstractmethod
    def revoke_member_tokens(
        self, competition_id: int, player: str, at: datetime, *, actor: Actor
    ) -> int:
        """Revoke every live link of ``player``; how many were revoked."""

    @abstractmethod
    def member_token(self, token_hash: str) -> MemberToken | None:
        """The link with this hash, or None."""

    @abstractmethod
    def member_tokens(self, competition_id: int) -> list[MemberToken]:
        """The competition's links, oldest first."""

    @abstractmethod
    def add_mark(self, mark: Mark, *, token_hash: str) -> None:
        """A member's own mark, allowed by his live token
        (:func:`~compcore.ports.values.check_member_mark`, in the same write)."""

    @abstractmethod
    def marks(self, competition_id: int, number: int | None = None) -> list[Mark]:
        """The marks (of round ``number``), oldest first."""


class Repository(
    Competitions,
    SeasonChanges,
    CompetitionWrites,
    ClubSettingsStore,
    DraftStore,
    MemberLinks,
    ABC,
):
    """Competitions, their seasons and the change log; every write checked and logged: all
    the parts of the port in one (what a store inherits)."""
