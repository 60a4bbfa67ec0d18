"""The :class:`Store`: reads over short connections, and writes as one authorised, validated,
logged transaction each.

Every write runs the same steps (``docs/store.md``, "Writes"): check the actor, read the
competition, apply one pure change of :mod:`compcore.rules.changes` (which refuses a lost
update), validate the new season as a season file, write only what changed, read it back and
compare, log before/after, commit. Any failure rolls back the whole transaction, and the
error that caused it is the one reported (a failed commit on a full disk included).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

from compcore.adapters.access import auth
from compcore.adapters.files import season_file
from compcore.adapters.store import rows, schema, side_tables
from compcore.adapters.store.address import database_at
from compcore.adapters.store.checks import (
    archive_action,
    authorize,
    check_club,
    part_data,
    same_season,
    validated,
    where_of,
)
from compcore.adapters.store.connection import NotWritable, cause_words, first_line
from compcore.adapters.store.database import Connection, Database
from compcore.adapters.store.reader import Reader, SeasonCache
from compcore.domain.errors import (
    CompcoreError,
    Label,
    Part,
    StoreError,
    os_problem,
)
from compcore.domain.model import (
    Season,
    thaw,
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
from compcore.rules.changes import Edit, Unchecked
from compcore.rules.club_settings import ClubSettings, check_settings


def _refused(db: Database, exc: BaseException) -> BaseException:
    """The error a failed write reports: compcore's own as is; the database's or the file
    system's (a full disk, an unwritable folder, a server gone) as one line saying nothing
    changed."""
    if isinstance(exc, CompcoreError):
        return exc
    if isinstance(exc, db.errors):
        return StoreError.at((db.where,), "store.refused", detail=first_line(exc))
    if isinstance(exc, OSError):
        return StoreError.at((db.where,), "store.unwritten", problem=os_problem(exc))
    return exc


# --------------------------------------------------------------------------- the store


class Store(Repository):
    """A compcore database (the SQL :class:`~compcore.ports.repository.Repository`): a DuckDB
    file or a PostgreSQL database, as ``address`` says (``database.database_at``). Cheap to
    create; holds no connection between calls.

    A file the process may not write (``chmod 444``, a read-only folder or file system) is
    opened read-only: every read works, and every write is refused with a clear
    :class:`StoreError` (:attr:`read_only` says why).
    """

    def __init__(
        self,
        address: str | Path | Database,
        *,
        director_hash: str | None = None,
        directors: auth.Directors | None = None,
    ) -> None:
        self.database = database_at(address)
        # a malformed hash is a configuration mistake: say so now, not at the first login
        configured = auth.configure(directors.entries if directors else None, director_hash)
        self._directors = configured.with_clubs(directors.clubs if directors else ())
        #: why the file can only be read (None: it can be written)
        self.read_only: str | None = None
        #: (competition id, revision) -> the season as stored then (:meth:`cache_seasons`)
        self._seasons: SeasonCache | None = None
        #: the competitions at a revision (with :meth:`cache_seasons`)
        self._listing: tuple[int, list[CompetitionInfo]] | None = None
        #: the seasons the write in progress stores, with the revision each makes
        self._pending: dict[int, tuple[int, Season]] = {}
        try:
            schema.migrate(self.database)
        except NotWritable as exc:
            self._open_read_only(exc.cause)
        except self.database.errors as exc:
            raise StoreError.at((self.where,), "store.database", detail=first_line(exc)) from None

    @property
    def where(self) -> str:
        """The database in messages (a file's path; a URL without its password)."""
        return self.database.where

    def _open_read_only(self, cause: str) -> None:
        """Serve reads from a file this process may not write (no migration possible)."""
        with self.database.connect(read_only=True) as con:
            version = schema.check_version(self.where, schema.schema_version(con))
        if version != schema.latest():
            raise StoreError.at(
                (self.where,),
                "store.read_only_old",
                cause=cause_words(cause),
                version=version,
                latest=schema.latest(),
            )
        self.read_only = cause

    @property
    def read_only_words(self) -> Part | None:
        """Why the file can only be read, in the reader's language (None: it can be
        written)."""
        return None if self.read_only is None else cause_words(self.read_only)

    @property
    def director_login_enabled(self) -> bool:
        """Whether any director is configured (else every page is read-only)."""
        return bool(self._directors)

    # ---------------------------------------------------------------- reads

    def cache_seasons(self, entries: int = 16) -> None:
        """Keep the newest ``entries`` seasons read or written, each under the revision it
        was stored at, and the list of competitions at the newest revision: a load (or
        ``competitions()``) then reads only the revision (one cheap query) when nothing
        changed since. The app's choice (one Store per server process); every write logs,
        so changes the revision; a file changed without a log entry is not seen."""
        self._seasons = SeasonCache(entries)

    def _read_season(self, con: Connection, competition_id: int, *, keep: bool = True) -> Season:
        """The competition's season in the open snapshot (from the cache when enabled).
        Inside a write (``keep`` false) nothing is put in the cache: what the transaction
        sees is not committed yet."""
        if self._seasons is None:
            return rows.read_season(con, competition_id)
        revision = rows.revision(con)
        season = self._seasons.get(competition_id, revision)
        if season is None:
            season = rows.read_season(con, competition_id)
            if keep:
                self._seasons.put(competition_id, revision, season)
        return season

    @contextmanager
    def reader(self) -> Iterator[Reader]:
        """One short-lived connection for several reads (e.g. one page's script run).

        Opening a DuckDB file costs tens of milliseconds; a page that needs the list of
        competitions, a season and its log saves that twice. Keep it only for the run: the
        file stays locked for other processes while it is open.
        """
        db = self.database
        try:
            with db.connect(read_only=self.read_only is not None) as con:
                yield Reader(con, db, self._read_season)
        except db.errors as exc:
            raise StoreError.at((db.where,), "store.database", detail=first_line(exc)) from None

    def competitions(self) -> list[CompetitionInfo]:
        with self.reader() as r:
            if self._seasons is None:
                return r.competitions()
            listing = self._listing
            revision = r.revision()
            if listing is not None and listing[0] == revision:
                return list(listing[1])
            infos, revision = r.listing()
            self._listing = (revision, infos)
            return list(infos)

    def load(self, competition_id: int) -> Season:
        with self.reader() as r:
            return r.load(competition_id)

    def export_season(self, competition_id: int) -> Season:
        """The season as stored, ready for ``season_file.dump``."""
        return self.load(competition_id)

    def log(self, competition_id: int | None = None, limit: int = 100) -> list[LogEntry]:
        with self.reader() as r:
            return r.log(competition_id, limit)

    def revision(self) -> int:
        with self.reader() as r:
            return r.revision()

    def club_settings(self, club: str) -> ClubSettings:
        with self.reader() as r:
            return r.club_settings(club)

    def _put_club_settings(
        self, actor: Actor, club: str, settings: ClubSettings, read: ClubSettings | Unchecked
    ) -> ClubSettings:
        authorize(actor, self._directors)
        new = check_settings(settings)
        with self._transaction(actor) as (con, label):
            check_club(actor, self._directors, club)
            current = side_tables.read_club_settings(con, club)
            fresh_settings(current, new, read, club)
            side_tables.put_club_settings(con, club, new)
            rows.write_log(con, label, None, "club-settings", None,
                           {"club": club, **current.as_dict()},
                           {"club": club, **new.as_dict()})  # fmt: skip
            return new

    # ---------------------------------------------------------------- the write pipeline

    @contextmanager
    def _transaction(self, actor: Actor) -> Iterator[tuple[Connection, str]]:
        """Authorize, then one transaction: commit on success, roll back on any error and
        report the error that caused it."""
        label = authorize(actor, self._directors)
        with self._unauthorized_transaction() as con:
            yield con, label

    def _writable(self, con: Connection, actor: Actor, cid: int) -> None:
        """Refuse a write to competition ``cid`` when there is none, or when ``actor`` may
        not write its club's competitions (:func:`check_club`), as stored now."""
        club = rows.club_of(con, cid)
        if club is None:
            raise StoreError.at((), "store.no_id", id=cid)
        check_club(actor, self._directors, club)

    @contextmanager
    def _unauthorized_transaction(self) -> Iterator[Connection]:
        """One write transaction for a caller checked otherwise (a member's mark: his
        token is checked inside it)."""
        if self.read_only is not None:
            raise StoreError.at((self.where,), "store.read_only", cause=self.read_only_words)
        try:
            with self.database.transaction() as con:
                self._pending = {}
                yield con
        except BaseException as exc:
            error = _refused(self.database, exc)
            if error is exc:
                raise
            raise error from None
        if self._pending and self._seasons is not None:
            # the seasons as written, read back and compared: as stored at the revision
            # the write made (each write logs, so changes the revision)
            newest = max(revision for revision, _ in self._pending.values())
            for cid, (_, season) in self._pending.items():
                self._seasons.put(cid, newest, season)

    @staticmethod
    def _verify_written(con: Connection, cid: int, expected: Season) -> None:
        """Read back what was written: the store never keeps a season it cannot give back."""
        stored = rows.read_season(con, cid)
        if not same_season(stored, expected):
            raise StoreError.at((changes.name(expected),), "store.verify_failed")

    # ---------------------------------------------------------------- writes

    def _run(self, actor: Actor, batch: Sequence[Change]) -> list[Season]:
        """The changes in one transaction, all or none (:class:`SeasonChanges`)."""
        with self._transaction(actor) as (con, label):
            return [self._apply(con, label, actor, change) for change in batch]

    def _apply(self, con: Connection, label: str, actor: Actor, change: Change) -> Season:
        """One competition's change inside the open transaction: read, check the club,
        edit, validate, write what the change rewrites, verify, log; the new season."""
        cid, action = change.competition_id, change.action
        old = self._read_season(con, cid, keep=False)
        check_club(actor, self._directors, old.club)
        done = change.edit(old)
        check_club(actor, self._directors, done.season.club)
        new = validated(done.season, (changes.name(old), Label("log.action", action)), old)
        _rewrite(con, cid, new, change, done)
        rows.touch(con, cid)
        self._verify_written(con, cid, new)
        before = part_data(old, done.part, done.before)
        after = part_data(new, done.part, done.after)
        revision = rows.write_log(con, label, cid, action, change.reason, before, after)
        self._pending[cid] = (revision, new)
        return new

    def _import(self, actor: Actor, batch: Sequence[NewSeason]) -> list[int]:
        authorize(actor, self._directors)  # before anything else, even the validation
        checked = [(validated(n.season, where_of(n.season)), n) for n in batch]
        with self._transaction(actor) as (con, label):
            check_club(actor, self._directors, *(new.club for new, _ in checked))
            return [self._import_one(con, label, new, n) for new, n in checked]

    def _import_one(self, con: Connection, label: str, new: Season, what: NewSeason) -> int:
        """Write one validated season in the open transaction, read it back, log it."""
        row = con.execute(
            """SELECT c.id FROM competitions c JOIN clubs cl ON cl.id = c.club_id
               WHERE cl.name = ? AND c.season = ? AND c.competition = ?""",
            [new.club, new.season, new.competition],
        ).fetchone()
        if row and not what.replace:
            raise StoreError.at(
                (changes.name(new),), "store.exists_replace", path=self.where, id=row[0]
            )
        before = season_file.to_data(rows.read_season(con, row[0])) if row else None
        cid = int(row[0]) if row else rows.new_competition_id(con)
        rows.put_season(con, cid, new)
        self._verify_written(con, cid, new)
        logged = "replace" if row else what.action
        rows.write_log(con, label, cid, logged, what.reason, before, season_file.to_data(new))
        return cid

    def delete_competition(
        self, competition_id: int, *, actor: Actor, reason: str | None = None
    ) -> Season:
        with self._transaction(actor) as (con, label):
            old = rows.read_season(con, competition_id)
            check_club(actor, self._directors, old.club)
            rows.delete_competition_rows(con, competition_id)
            side_tables.delete_draft(con, competition_id)
            side_tables.delete_member_data(con, competition_id)
            con.execute("DELETE FROM competitions WHERE id = ?", [competition_id])
            rows.drop_unused_clubs(con)
            before = season_file.to_data(old)
            rows.write_log(con, label, competition_id, "delete-competition", reason, before, None)
        return old

    def set_archived(
        self, competition_id: int, archived: bool, *, actor: Actor, reason: str | None = None
    ) -> None:
        with self._transaction(actor) as (con, label):
            self._writable(con, actor, competition_id)
            row = con.execute(
                "SELECT coalesce(archived, false) FROM competitions WHERE id = ?",
                [competition_id],
            ).fetchone()
            was = bool(row[0]) if row else False
            con.execute(
                "UPDATE competitions SET archived = ? WHERE id = ?",
                [bool(archived), competition_id],
            )
            rows.write_log(con, label, competition_id, archive_action(archived), reason,
                           {"archived": was}, {"archived": bool(archived)})  # fmt: skip

    # ---------------------------------------------------------------- rule lab proposals

    def add_proposal(
        self, competition_id: int, proposal: Mapping[str, Any], *, actor: Actor,
        reason: str | None = None,
    ) -> None:  # fmt: skip
        with self._transaction(actor) as (con, label):
            self._writable(con, actor, competition_id)
            rows.write_log(con, label, competition_id, PROPOSAL_ACTION, reason, None,
                           dict(proposal))  # fmt: skip

    # ---------------------------------------------------------------- drafts

    def _put_draft(
        self,
        actor: Actor,
        competition_id: int,
        number: int,
        payload: Any,
        read: int | None,
        part: DraftPart,
    ) -> int:
        with self._transaction(actor) as (con, label):
            self._writable(con, actor, competition_id)
            current = side_tables.read_draft(con, competition_id, number, part)
            check_draft_version(current, read, number, part)
            version = next_draft_version(current, rows.now())
            side_tables.put_draft(con, competition_id, number, part, payload, label, version)
        return version

    def load_draft(
        self, competition_id: int, number: int, part: DraftPart = "pairing"
    ) -> StoredDraft | None:
        with self.reader() as r:
            return r.load_draft(competition_id, number, part)

    def discard_draft(
        self, competition_id: int, number: int, *, actor: Actor, part: DraftPart = "pairing"
    ) -> None:
        with self._transaction(actor) as (con, _):
            club = rows.club_of(con, competition_id)
            if club is not None:  # a draft of no competition is simply gone
                check_club(actor, self._directors, club)
            side_tables.delete_draft(con, competition_id, number, part)

    # ---------------------------------------------------------------- member links

    def add_member_token(self, token: MemberToken, *, actor: Actor) -> None:
        with self._transaction(actor) as (con, _):
            self._writable(con, actor, token.competition_id)
            side_tables.put_member_token(con, token)

    def revoke_member_tokens(
        self, competition_id: int, player: str, at: datetime, *, actor: Actor
    ) -> int:
        with self._transaction(actor) as (con, _):
            self._writable(con, actor, competition_id)
            return side_tables.revoke_member_tokens(con, competition_id, player, at)

    def member_token(self, token_hash: str) -> MemberToken | None:
        with self.reader() as r:
            return r.member_token(token_hash)

    def member_tokens(self, competition_id: int) -> list[MemberToken]:
        with self.reader() as r:
            return r.member_tokens(competition_id)

    def competitions_with_decision(self, kind: str, note: str) -> set[int]:
        with self.reader() as r:
            return r.competitions_with_decision(kind, note)

    def add_mark(self, mark: Mark, *, token_hash: str) -> None:
        """A member's own mark; the token is checked in the same transaction."""
        with self._unauthorized_transaction() as con:
            check_member_mark(side_tables.read_member_token(con, token_hash), mark)
            side_tables.put_mark(con, mark)

    def marks(self, competition_id: int, number: int | None = None) -> list[Mark]:
        with self.reader() as r:
            return r.marks(competition_id, number)


def _rewrite(con: Connection, cid: int, new: Season, change: Change, done: Edit) -> None:
    """Write the part of ``new`` that ``change`` rewrites (the rest is as stored)."""
    what = change.rewrite
    if what == "round" or (what == "rounds" and done.part == "rounds"):
        numbers = changes.changed_rounds(done) if what == "rounds" else [change.number]
        for number in (n for n in numbers if n is not None):
            rows.delete_rounds(con, cid, number)
            if any(r.number == number for r in new.rounds):
                rows.put_rounds(con, cid, [new.round(number)])
    elif what in ("season", "rounds"):
        rows.put_season(con, cid, new)
    elif what == "ruleset":
        con.execute(
            "UPDATE competitions SET preset = ?, overrides = ? WHERE id = ?",
            [new.ruleset.preset, json.dumps(thaw(new.ruleset.overrides), ensure_ascii=False), cid],
        )
    elif what == "decisions":
        rows.put_decisions(con, cid, new.decisions)
        con.execute("UPDATE competitions SET has_decisions = true WHERE id = ?", [cid])
    else:
        if what in ("players", "removal"):
            rows.put_players(con, cid, new.players)
        if what in ("ratings", "removal"):
            rows.put_ratings(con, cid, new.ratings)
        if what == "ratings":
            con.execute("UPDATE competitions SET has_ratings = true WHERE id = ?", [cid])
        if what in ("roster", "removal"):
            rows.put_roster_changes(con, cid, new.roster_changes)
