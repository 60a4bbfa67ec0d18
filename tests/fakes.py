"""The tests' fake store: an in-memory :class:`~compcore.ports.repository.Repository`,
kept here and not in the package, which only the tests use.

It keeps the DuckDB store's rules without a file: every write checks the actor, applies the
same pure change of :mod:`compcore.rules.changes` (so a stale write is refused the same way),
validates the new season as a season file, and logs what changed; a failed write changes
nothing. Seasons are immutable, so a write either replaces one or not at all.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from compcore.adapters.access.auth import Directors
from compcore.adapters.files import season_file
from compcore.adapters.store.checks import (
    archive_action,
    authorize,
    check_club,
    part_data,
    validated,
    where_of,
)
from compcore.domain.errors import Label, StoreError
from compcore.domain.model import (
    Season,
)
from compcore.ports.actors import Actor
from compcore.ports.repository import Repository, fresh_settings
from compcore.ports.season_changes import Change, NewSeason
from compcore.ports.values import (
    PROPOSAL_ACTION,
    CompetitionInfo,
    DraftPart,
    LogEntry,
    Mark,
    MemberToken,
    StoredDraft,
    check_draft_version,
    check_member_mark,
    next_draft_version,
)
from compcore.rules import changes
from compcore.rules.changes import Unchecked
from compcore.rules.club_settings import ClubSettings, check_settings


@dataclass
class MemoryStore(Repository):
    """Competitions in a dict, the change log in a list; ``director_hash`` as the Store's
    directors (a single hash, or :class:`~compcore.adapters.access.auth.Directors`)."""

    director_hash: Directors | str | None = None
    _seasons: dict[int, Season] = field(default_factory=dict)
    _log: list[LogEntry] = field(default_factory=list)
    _archived: set[int] = field(default_factory=set)
    _next_id: int = 1
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _drafts: dict[tuple[int, int, DraftPart], StoredDraft] = field(default_factory=dict)
    _tokens: dict[str, MemberToken] = field(default_factory=dict)
    _marks: list[Mark] = field(default_factory=list)
    _club_settings: dict[str, ClubSettings] = field(default_factory=dict)

    # ---------------------------------------------------------------- reads

    def competitions(self) -> list[CompetitionInfo]:
        infos = [
            CompetitionInfo(cid, s.club, s.season, s.competition, s.ruleset.preset,
                            len([r for r in s.rounds if not r.is_open]), len(s.players),
                            cid in self._archived, s.ladder)
            for cid, s in self._seasons.items()
        ]  # fmt: skip
        return sorted(infos, key=lambda i: (i.club, i.season, i.competition, i.id))

    def load(self, competition_id: int) -> Season:
        try:
            return self._seasons[competition_id]
        except KeyError:
            raise StoreError.at((), "store.no_id", id=competition_id) from None

    def log(self, competition_id: int | None = None, limit: int = 100) -> list[LogEntry]:
        entries = [e for e in reversed(self._log)
                   if competition_id is None or e.competition_id == competition_id]  # fmt: skip
        return entries[:limit]

    def revision(self) -> int:
        return self._log[-1].id if self._log else 0

    # ---------------------------------------------------------------- writes

    def _write_log(self, label: str, cid: int | None, action: str, reason: str | None,
                   before: Any, after: Any) -> None:  # fmt: skip
        entry_id = len(self._log) + 1
        at = datetime.now(UTC)
        self._log.append(LogEntry(entry_id, at, label, cid, action, reason, before, after))

    def _run(self, actor: Actor, batch: Sequence[Change]) -> list[Season]:
        """The changes at once, all or none (as the Store's one transaction)."""
        label = authorize(actor, self.director_hash)
        with self._lock:
            kept = dict(self._seasons), list(self._log)
            try:
                return [self._apply(label, actor, change) for change in batch]
            except BaseException:
                self._seasons, self._log = kept
                raise

    def _apply(self, label: str, actor: Actor, change: Change) -> Season:
        """One competition's change, the lock held: edit, validate, store, log."""
        cid, action = change.competition_id, change.action
        old = self._writable(actor, cid)
        done = change.edit(old)
        check_club(actor, self.director_hash, done.season.club)
        new = validated(done.season, (changes.name(old), Label("log.action", action)))
        key = (new.club, new.season, new.competition)
        clash = next((i for i, s in self._seasons.items()
                      if i != cid and (s.club, s.season, s.competition) == key), None)  # fmt: skip
        if clash is not None:  # never another competition's name (as the Store)
            raise StoreError.at((changes.name(new),), "store.exists", id=clash)
        before = part_data(old, done.part, done.before)
        after = part_data(new, done.part, done.after)
        self._seasons[cid] = new
        self._write_log(label, cid, action, change.reason, before, after)
        return new

    def _import(self, actor: Actor, batch: Sequence[NewSeason]) -> list[int]:
        """The seasons at once; any refusal stores none of them (as the Store)."""
        label = authorize(actor, self.director_hash)
        checked = [(validated(n.season, where_of(n.season)), n) for n in batch]
        check_club(actor, self.director_hash, *(new.club for new, _ in checked))
        with self._lock:
            kept = dict(self._seasons), self._next_id, list(self._log)
            try:
                return [self._import_one(label, new, n) for new, n in checked]
            except BaseException:
                self._seasons, self._next_id, self._log = kept
                raise

    def _writable(self, actor: Actor, cid: int) -> Season:
        """The season ``cid``, when ``actor`` may write its club's competitions."""
        season = self.load(cid)
        check_club(actor, self.director_hash, season.club)
        return season

    def _import_one(self, label: str, new: Season, what: NewSeason) -> int:
        key = (new.club, new.season, new.competition)
        cid = next((i for i, s in self._seasons.items()
                    if (s.club, s.season, s.competition) == key), None)  # fmt: skip
        if cid is not None and not what.replace:
            raise StoreError.at((changes.name(new),), "store.exists_replace", path="memory", id=cid)
        before = season_file.to_data(self._seasons[cid]) if cid is not None else None
        if cid is None:
            cid, self._next_id = self._next_id, self._next_id + 1
        self._seasons[cid] = new
        logged = what.action if before is None else "replace"
        self._write_log(label, cid, logged, what.reason, before, season_file.to_data(new))
        return cid

    def club_settings(self, club: str) -> ClubSettings:
        return self._club_settings.get(club, ClubSettings())

    def _put_club_settings(self, actor: Actor, club: str, settings: ClubSettings,
                           read: ClubSettings | Unchecked) -> ClubSettings:  # fmt: skip
        label = authorize(actor, self.director_hash)
        new = check_settings(settings)
        check_club(actor, self.director_hash, club)
        with self._lock:
            current = self.club_settings(club)
            fresh_settings(current, new, read, club)
            self._club_settings[club] = new
            self._write_log(label, None, "club-settings", None,
                            {"club": club, **current.as_dict()},
                            {"club": club, **new.as_dict()})  # fmt: skip
            return new

    def delete_competition(self, competition_id: int, *, actor: Actor,
                           reason: str | None = None) -> Season:  # fmt: skip
        label = authorize(actor, self.director_hash)
        with self._lock:
            old = self._writable(actor, competition_id)
            del self._seasons[competition_id]
            self._archived.discard(competition_id)
            self._drafts = {k: d for k, d in self._drafts.items() if k[0] != competition_id}
            self._tokens = {h: t for h, t in self._tokens.items()
                            if t.competition_id != competition_id}  # fmt: skip
            self._marks = [m for m in self._marks if m.competition_id != competition_id]
            self._write_log(label, competition_id, "delete-competition", reason,
                            season_file.to_data(old), None)  # fmt: skip
        return old

    def set_archived(self, competition_id: int, archived: bool, *, actor: Actor,
                     reason: str | None = None) -> None:  # fmt: skip
        label = authorize(actor, self.director_hash)
        with self._lock:
            self._writable(actor, competition_id)
            was = competition_id in self._archived
            if archived:
                self._archived.add(competition_id)
            else:
                self._archived.discard(competition_id)
            self._write_log(label, competition_id, archive_action(archived), reason,
                            {"archived": was}, {"archived": bool(archived)})  # fmt: skip

    # ---------------------------------------------------------------- rule lab proposals

    def add_proposal(self, competition_id: int, proposal: Mapping[str, Any], *, actor: Actor,
                     reason: str | None = None) -> None:  # fmt: skip
        label = authorize(actor, self.director_hash)
        with self._lock:
            self._writable(actor, competition_id)
            self._write_log(label, competition_id, PROPOSAL_ACTION, reason, None,
                            dict(proposal))  # fmt: skip

    # ---------------------------------------------------------------- drafts

    def _put_draft(self, actor: Actor, competition_id: int, number: int, payload: Any,
                   read: int | None, part: DraftPart) -> int:  # fmt: skip
        label = authorize(actor, self.director_hash)
        with self._lock:
            self._writable(actor, competition_id)
            current = self._drafts.get((competition_id, number, part))
            check_draft_version(current, read, number, part)
            at = datetime.now(UTC)
            version = next_draft_version(current, at)
            self._drafts[(competition_id, number, part)] = StoredDraft(
                competition_id, number, payload, label, at, version
            )
        return version

    def load_draft(
        self, competition_id: int, number: int, part: DraftPart = "pairing"
    ) -> StoredDraft | None:
        return self._drafts.get((competition_id, number, part))

    def discard_draft(
        self, competition_id: int, number: int, *, actor: Actor, part: DraftPart = "pairing"
    ) -> None:
        authorize(actor, self.director_hash)
        with self._lock:
            if competition_id in self._seasons:  # a draft of no competition is simply gone
                self._writable(actor, competition_id)
            self._drafts.pop((competition_id, number, part), None)

    # ---------------------------------------------------------------- member links

    def add_member_token(self, token: MemberToken, *, actor: Actor) -> None:
        authorize(actor, self.director_hash)
        with self._lock:
            self._writable(actor, token.competition_id)
            if token.token_hash in self._tokens:
                raise StoreError.at((), "store.database", detail="token exists")
            self._tokens[token.token_hash] = token

    def revoke_member_tokens(self, competition_id: int, player: str, at: datetime, *,
                             actor: Actor) -> int:  # fmt: skip
        authorize(actor, self.director_hash)
        with self._lock:
            self._writable(actor, competition_id)
            live = [t for t in self._tokens.values() if t.revoked_at is None
                    and (t.competition_id, t.player) == (competition_id, player)]  # fmt: skip
            for token in live:
                self._tokens[token.token_hash] = replace(token, revoked_at=at)
        return len(live)

    def member_token(self, token_hash: str) -> MemberToken | None:
        return self._tokens.get(token_hash)

    def member_tokens(self, competition_id: int) -> list[MemberToken]:
        found = [t for t in self._tokens.values() if t.competition_id == competition_id]
        return sorted(found, key=lambda t: (t.created_at, t.token_hash))

    def competitions_with_decision(self, kind: str, note: str) -> set[int]:
        return {cid for cid, s in self._seasons.items()
                if any(d.kind == kind and d.note == note for d in s.decisions or ())}  # fmt: skip

    def add_mark(self, mark: Mark, *, token_hash: str) -> None:
        with self._lock:
            check_member_mark(self._tokens.get(token_hash), mark)
            self._marks.append(mark)

    def marks(self, competition_id: int, number: int | None = None) -> list[Mark]:
        return [m for m in self._marks if m.competition_id == competition_id
                and (number is None or m.round == number)]  # fmt: skip
