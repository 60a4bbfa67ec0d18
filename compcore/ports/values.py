"""The value types the store ports speak in, and the checks every store makes the same way.

What a store hands back besides seasons (a competition's listing, a change-log entry, a
stored draft, a member's link and mark), and the small rules each implementation of
:mod:`compcore.ports.repository` applies identically (a member's mark allowed by his link, a
draft's version and its lost-update check).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from compcore.domain.errors import NotAuthorized, Phrase, StaleWriteError

__all__ = [
    "PROPOSAL_ACTION",
    "CompetitionInfo",
    "DraftPart",
    "LogEntry",
    "Mark",
    "MemberToken",
    "StoredDraft",
    "check_draft_version",
    "check_member_mark",
    "member_label",
    "next_draft_version",
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

    @property
    def link_key(self) -> str:
        """The competition as a link names it (``?competitie=``, also accepted by
        ``--competition``): club, season and competition as slugs joined by ``_``, e.g.
        ``de-pion_2025-2026_interne``. Unlike the database id it is the same on every
        server that holds the season, so a bookmark or a link from the club's website keeps
        working after an export and import."""
        return "_".join(_slug(part) for part in (self.club, self.season, self.competition))


def _slug(text: str) -> str:
    """``text`` in lower-case letters, digits and hyphens (accents dropped: ``Ö`` -> ``o``)."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-") or "-"


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


#: which of a round's drafts: the unpublished pairing (with a late re-pairing's, DS-14), or
#: the results entered but not saved yet (issue 22 item 1)
DraftPart = Literal["pairing", "results"]


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


def check_draft_version(
    current: StoredDraft | None, read: int | None, number: int, part: DraftPart = "pairing"
) -> None:
    """The lost-update check of a draft save: the stored version must be the one read."""
    if (current.version if current is not None else None) != read:
        what = "change.what.draft" if part == "pairing" else "change.what.results_draft"
        raise StaleWriteError(Phrase(what, number=number))
