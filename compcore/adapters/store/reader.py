"""Reading the DuckDB store: :class:`Reader` (reads over one open connection, each in one
snapshot) and :class:`SeasonCache` (a season per competition and revision, shared by every
reader of the process).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import TypeVar

from compcore.adapters.store import rows, side_tables
from compcore.adapters.store.connection import first_line
from compcore.adapters.store.database import Connection, Database
from compcore.domain.errors import (
    StoreError,
)
from compcore.domain.model import (
    Season,
)
from compcore.ports.values import (
    CompetitionInfo,
    DraftPart,
    LogEntry,
    Mark,
    MemberToken,
    StoredDraft,
)
from compcore.rules.club_settings import ClubSettings

# --------------------------------------------------------------------------- reads


#: what one snapshot read gives
Read = TypeVar("Read")


class Reader:
    """Reads over one open connection (:meth:`Store.reader`); each read sees one snapshot."""

    def __init__(
        self,
        con: Connection,
        db: Database,
        read_season: Callable[[Connection, int], Season] = rows.read_season,
    ) -> None:
        self._con = con
        self._db = db
        self._read_season = read_season

    def _snapshot(self, read: Callable[[Connection], Read]) -> Read:
        # several queries in one transaction: a write in another thread of this process
        # cannot land between them
        self._con.begin()
        try:
            return read(self._con)
        except self._db.errors as exc:
            raise StoreError.at(
                (self._db.where,), "store.database", detail=first_line(exc)
            ) from None
        finally:
            self._con.rollback()

    def competitions(self) -> list[CompetitionInfo]:
        return self._snapshot(rows.competitions)

    def load(self, competition_id: int) -> Season:
        return self._snapshot(lambda con: self._read_season(con, competition_id))

    def log(self, competition_id: int | None = None, limit: int = 100) -> list[LogEntry]:
        return self._snapshot(lambda con: rows.read_log(con, competition_id, limit))

    def load_draft(
        self, competition_id: int, number: int, part: DraftPart = "pairing"
    ) -> StoredDraft | None:
        return self._snapshot(lambda con: side_tables.read_draft(con, competition_id, number, part))

    def member_token(self, token_hash: str) -> MemberToken | None:
        return self._snapshot(lambda con: side_tables.read_member_token(con, token_hash))

    def member_tokens(self, competition_id: int) -> list[MemberToken]:
        return self._snapshot(lambda con: side_tables.read_member_tokens(con, competition_id))

    def marks(self, competition_id: int, number: int | None = None) -> list[Mark]:
        return self._snapshot(lambda con: side_tables.read_marks(con, competition_id, number))

    def club_settings(self, club: str) -> ClubSettings:
        return self._snapshot(lambda con: side_tables.read_club_settings(con, club))

    def competitions_with_decision(self, kind: str, note: str) -> set[int]:
        return self._snapshot(lambda con: rows.competitions_with_decision(con, kind, note))

    def revision(self) -> int:
        """The newest change-log id: it changes with every write."""
        return self._snapshot(rows.revision)

    def listing(self) -> tuple[list[CompetitionInfo], int]:
        """The competitions and the revision they are at, read in one snapshot."""
        return self._snapshot(lambda con: (rows.competitions(con), rows.revision(con)))


class SeasonCache:
    """(competition id, revision) -> season, the newest ``entries`` (:meth:`Store.cache_seasons`).
    Seasons are immutable, so one object serves every reader."""

    def __init__(self, entries: int) -> None:
        self.entries = entries
        self._items: OrderedDict[tuple[int, int], Season] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, cid: int, revision: int) -> Season | None:
        with self._lock:
            season = self._items.get((cid, revision))
            if season is not None:
                self._items.move_to_end((cid, revision))
            return season

    def put(self, cid: int, revision: int, season: Season) -> None:
        with self._lock:
            self._items[(cid, revision)] = season
            self._items.move_to_end((cid, revision))
            while len(self._items) > self.entries:
                self._items.popitem(last=False)
