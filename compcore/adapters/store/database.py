"""Where a store's tables live: a DuckDB file (:class:`~compcore.adapters.store.connection.
DuckFile`, one club on a laptop, the default) or a PostgreSQL database
(:class:`~compcore.adapters.store.postgres.Postgres`, many clubs and several app servers).

:func:`~compcore.adapters.store.address.database_at` reads an address as the app's ``COMPCORE_DB`` and the command line's
``--db`` take it: a ``postgresql://`` (or ``postgres://``) URL is a PostgreSQL database,
anything else the path of a DuckDB file. Both run the same SQL (``rows``, ``side_tables``,
``schema``'s one migration list): a :class:`Database` says only how to connect, how a write
transaction begins, and how its column types are spelled.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol, runtime_checkable


class Rows(Protocol):
    """What a statement gives: its rows."""

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...


class Connection(Protocol):
    """One open connection, as both databases offer it: statements with ``?`` parameters,
    and an explicit transaction."""

    def execute(self, query: str, parameters: Any = ..., /) -> Rows: ...

    def begin(self) -> object: ...

    def commit(self) -> object: ...

    def rollback(self) -> object: ...


@runtime_checkable
class RowInserts(Protocol):
    """A connection that inserts many rows its own way (PostgreSQL's); DuckDB's takes each
    column as one list parameter (``rows._insert``)."""

    def insert_rows(
        self, table: str, columns: Sequence[tuple[str, str]], rows: Sequence[Sequence[Any]]
    ) -> None: ...


class Database(ABC):
    """A database a store keeps its tables in (see the module doc)."""

    #: what a failure of this database's driver raises (mapped to a :class:`StoreError`)
    errors: tuple[type[Exception], ...]

    @property
    @abstractmethod
    def where(self) -> str:
        """The database in messages: the file's path, or the URL without its password."""

    @abstractmethod
    def exists(self) -> bool:
        """Whether the database is there already (a file: it exists; a server: always)."""

    @abstractmethod
    def connect(self, *, read_only: bool) -> AbstractContextManager[Connection]:
        """A connection for the block, given back after it."""

    @abstractmethod
    def transaction(self) -> AbstractContextManager[Connection]:
        """One write transaction: committed when the block ends, rolled back on any error.
        Writes of every process on the database are one at a time."""

    def column_types(self, ddl: str) -> str:
        """A migration step's SQL as this database spells its types (DuckDB's as written)."""
        return ddl

    @abstractmethod
    def serve(self) -> None:
        """Called once by an app server that serves this database."""

    def __str__(self) -> str:
        return self.where
