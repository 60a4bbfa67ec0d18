"""A PostgreSQL database for the store (psycopg 3): many clubs, several app servers at once.

The store's SQL is the same as on DuckDB (``?`` parameters, turned into psycopg's ``%s``
here), and so is its one migration list (``schema.MIGRATIONS``: DuckDB's column types are
spelled the PostgreSQL way by :meth:`Postgres.column_types`). What differs is kept here:

- **Connections** are psycopg's in autocommit mode, each transaction begun explicitly. A
  :class:`Postgres` keeps a few idle connections per process (opening one costs a few
  milliseconds, and a click of the app makes a dozen); one that no longer answers (the
  server restarted) is dropped and a new one made.
- **Reads** run in one ``REPEATABLE READ`` snapshot each (``Reader._snapshot``), so a
  page's several queries see one state of the database whatever other servers write.
- **Writes** are one at a time over every process on the database, as on DuckDB: each write
  transaction first takes one transaction-level advisory lock (:data:`WRITE_LOCK`), waiting
  at most :data:`~compcore.adapters.store.connection.LOCK_TIMEOUT` seconds for it, then
  reads what it changes. Its revision check (``compcore.rules.changes``) therefore sees
  every write committed before it, and the change log's ids stay one sequence.
- Text columns come back as stored; ``JSON`` columns keep the text as written (key order
  too), as DuckDB's do; a ``HUGEINT`` (a draw's seed) is a ``NUMERIC(39, 0)``.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from functools import lru_cache
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import psycopg
from psycopg import pq
from psycopg.types.string import TextLoader

from compcore.adapters.store.connection import LOCK_TIMEOUT, first_line
from compcore.adapters.store.database import Database
from compcore.domain.errors import StoreError

#: the advisory lock every write transaction takes first (one writer at a time)
WRITE_LOCK = 0x636F6D70  # "comp"
#: idle connections kept per database and process
KEEP_IDLE = 8

#: DuckDB's spelling of a column type -> PostgreSQL's
_TYPES = (
    (re.compile(r"STRUCT\([^()]*\)\[\]"), "JSON"),  # a round's forced boards
    (re.compile(r"\bHUGEINT\b"), "NUMERIC(39, 0)"),
    (re.compile(r"\bDOUBLE\b(?! PRECISION)"), "DOUBLE PRECISION"),
)


@lru_cache(maxsize=512)
def _placeholders(query: str) -> str:
    """A query with ``?`` parameters as psycopg writes them (``%s``; a literal ``%``
    doubled). The store's SQL has no ``?`` inside its string literals."""
    return query.replace("%", "%%").replace("?", "%s")


def redacted(url: str) -> str:
    """``url`` without its password (in the netloc or as a ``password`` parameter)."""
    parts = urlsplit(url)
    netloc = parts.netloc
    if "@" in netloc:
        user, host = netloc.rsplit("@", 1)
        netloc = f"{user.split(':', 1)[0]}@{host}"
    query = urlencode([(k, v) for k, v in parse_qsl(parts.query) if k != "password"], safe="/")
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


class PgConnection:
    """A psycopg connection as the store's SQL uses one (``database.Connection``)."""

    def __init__(self, raw: psycopg.Connection[tuple[Any, ...]]) -> None:
        self.raw = raw

    def execute(self, query: str, parameters: Any = None, /) -> psycopg.Cursor[tuple[Any, ...]]:
        if parameters is None:
            return self.raw.execute(query)
        with _no_nul():
            return self.raw.execute(_placeholders(query), parameters)

    def begin(self) -> None:
        """A reader's snapshot: every query until the rollback sees one state."""
        self.raw.execute(b"BEGIN ISOLATION LEVEL REPEATABLE READ")

    def commit(self) -> None:
        self.raw.execute(b"COMMIT")

    def rollback(self) -> None:
        self.raw.execute(b"ROLLBACK")

    def insert_rows(
        self, table: str, columns: Sequence[tuple[str, str]], rows: Sequence[Sequence[Any]]
    ) -> None:
        """Insert ``rows`` in one pipelined batch; a ``STRUCT`` column's value as its JSON."""
        structs = [i for i, (_, kind) in enumerate(columns) if kind.startswith("STRUCT")]
        if structs:
            rows = [_json_at(row, structs) for row in rows]
        names = ", ".join(f'"{name}"' for name, _ in columns)
        marks = ", ".join(["%s"] * len(columns))
        with self.raw.cursor() as cur, _no_nul():
            cur.executemany(f"INSERT INTO {table} ({names}) VALUES ({marks})", rows)


@contextmanager
def _no_nul() -> Iterator[None]:
    """PostgreSQL keeps no NUL character in text (DuckDB does): that refusal in words."""
    try:
        yield
    except psycopg.DataError as exc:
        if "NUL" not in str(exc):
            raise
        raise StoreError.at((), "store.nul_text") from None


def _json_at(row: Sequence[Any], places: list[int]) -> list[Any]:
    values = list(row)
    for i in places:
        if values[i] is not None:
            values[i] = json.dumps(values[i], ensure_ascii=False)
    return values


class Postgres(Database):
    """A PostgreSQL database named by a ``postgresql://`` URL (see the module doc)."""

    errors = (psycopg.Error,)

    def __init__(self, url: str) -> None:
        self.url = url
        self._where = redacted(url)
        self._idle: list[psycopg.Connection[tuple[Any, ...]]] = []
        self._guard = threading.Lock()

    @property
    def where(self) -> str:
        return self._where

    def exists(self) -> bool:
        """The server's database is made by its host: it is there (or cannot be opened)."""
        return True

    def serve(self) -> None:
        """Nothing to claim: any number of app servers serve one PostgreSQL database."""

    def column_types(self, ddl: str) -> str:
        for pattern, spelled in _TYPES:
            ddl = pattern.sub(spelled, ddl)
        return ddl

    # ------------------------------------------------------------------ connections

    def _open(self) -> psycopg.Connection[tuple[Any, ...]]:
        try:
            raw = psycopg.connect(self.url, autocommit=True, connect_timeout=int(LOCK_TIMEOUT))
        except psycopg.Error as exc:
            raise StoreError.at(
                (self.where,), "store.cannot_open", detail=first_line(exc)
            ) from None
        # JSON as the text stored, as DuckDB gives it
        raw.adapters.register_loader("json", TextLoader)
        return raw

    def _take(self) -> psycopg.Connection[tuple[Any, ...]]:
        """An idle connection that still answers, else a new one."""
        while True:
            with self._guard:
                raw = self._idle.pop() if self._idle else None
            if raw is None:
                return self._open()
            try:
                raw.execute(b"SELECT 1")
                return raw
            except psycopg.Error:
                with suppress(psycopg.Error):
                    raw.close()

    def _give_back(self, raw: psycopg.Connection[tuple[Any, ...]]) -> None:
        idle = not raw.closed and raw.info.transaction_status == pq.TransactionStatus.IDLE
        with self._guard:
            if idle and len(self._idle) < KEEP_IDLE:
                self._idle.append(raw)
                return
        with suppress(psycopg.Error):
            raw.close()

    @contextmanager
    def connect(self, *, read_only: bool) -> Iterator[PgConnection]:
        raw = self._take()
        try:
            yield PgConnection(raw)
        finally:
            if raw.info.transaction_status != pq.TransactionStatus.IDLE:
                with suppress(psycopg.Error):
                    raw.execute(b"ROLLBACK")
            self._give_back(raw)

    @contextmanager
    def transaction(self) -> Iterator[PgConnection]:
        with self.connect(read_only=False) as con:
            con.raw.execute(b"BEGIN")
            try:
                self._wait_for_writers(con)
                yield con
                con.commit()
            except BaseException:
                with suppress(psycopg.Error):
                    con.rollback()
                raise

    def _wait_for_writers(self, con: PgConnection) -> None:
        """Take the write lock, waiting at most ``LOCK_TIMEOUT`` for another writer."""
        con.raw.execute(f"SET LOCAL lock_timeout = '{int(LOCK_TIMEOUT * 1000)}ms'".encode())
        try:
            con.raw.execute("SELECT pg_advisory_xact_lock(%s)", [WRITE_LOCK])
        except psycopg.errors.LockNotAvailable:
            raise StoreError.at(
                (self.where,), "store.busy", seconds=f"{LOCK_TIMEOUT:.0f}"
            ) from None

    def close(self) -> None:
        """Close the idle connections (a test's server is about to stop)."""
        with self._guard:
            idle, self._idle = self._idle, []
        for raw in idle:
            with suppress(psycopg.Error):
                raw.close()


_databases: dict[str, Postgres] = {}
_databases_guard = threading.Lock()


def postgres_at(url: str) -> Postgres:
    """The process's one :class:`Postgres` for ``url`` (its idle connections shared)."""
    with _databases_guard:
        found = _databases.get(url)
        if found is None:
            found = _databases[url] = Postgres(url)
        return found


def forget_all() -> None:
    """Close every idle connection of the process (the tests, before a server stops)."""
    with _databases_guard:
        known = list(_databases.values())
        _databases.clear()
    for database in known:
        database.close()
