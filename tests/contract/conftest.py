"""The repository contract: one suite of tests, run against every store behind the port
(:class:`~compcore.ports.repository.Repository`): the DuckDB file store, the tests'
in-memory fake (``tests/fakes.py``) and the PostgreSQL store on a real server
(``tests/postgres_server.py``; those skip, saying why, where no server can be had).

``store`` is one store of each kind on a new database; ``open_again`` opens another store
on the same database, as a second app server would (the fake has one process's memory
only: it gives the same object). ``Unchanged`` asserts a block left the database as it
found it, read through the port and, for the SQL stores, table by table.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from compcore.adapters.files import season_file
from compcore.adapters.store import Store
from compcore.adapters.store.connection import DuckFile
from compcore.ports.repository import Repository
from tests.fakes import MemoryStore

#: every kind of store the contract runs against
KINDS = ("duckdb", "memory", "postgres")
#: the stores that keep their tables in SQL
SQL_KINDS = ("duckdb", "postgres")

Opener = Callable[..., Repository]


def _opener(kind: str, request: pytest.FixtureRequest, tmp_path: Path) -> Opener:
    if kind == "memory":
        made: list[MemoryStore] = []

        def memory(**options: Any) -> Repository:
            if "directors" in options:  # the fake's one field for both
                options["director_hash"] = options.pop("directors")
            if not made:
                made.append(MemoryStore(**options))
            return made[0]

        return memory
    address: str | Path = (
        tmp_path / "club.duckdb" if kind == "duckdb" else request.getfixturevalue("postgres_url")
    )
    return lambda **options: Store(address, **options)


@pytest.fixture(params=KINDS)
def open_again(request, tmp_path) -> Opener:
    """Opens a store of the parameter's kind, every call on one database."""
    return _opener(request.param, request, tmp_path)


@pytest.fixture
def store(open_again) -> Repository:
    return open_again()


@pytest.fixture(params=SQL_KINDS)
def sql_store(request, tmp_path) -> Store:
    """A DuckDB or a PostgreSQL store on a new database."""
    store = _opener(request.param, request, tmp_path)()
    assert isinstance(store, Store)
    return store


def is_postgres(store: Repository) -> bool:
    """Whether ``store`` keeps its tables in PostgreSQL."""
    return isinstance(store, Store) and not isinstance(store.database, DuckFile)


def tables(store: Repository) -> str:
    """Every table's rows as text, sorted (a SQL store's); the fake's fields."""
    if not isinstance(store, Store):
        return repr({k: v for k, v in vars(store).items() if k != "_lock"})
    parts = []
    with store.database.connect(read_only=True) as con:
        names = sorted(
            row[0]
            for row in con.execute(
                "SELECT table_name FROM information_schema.tables "
                "WHERE table_schema = current_schema()"
            ).fetchall()
        )
        for name in names:
            rows = sorted(repr(row) for row in con.execute(f'SELECT * FROM "{name}"').fetchall())
            parts.append(f"== {name}\n" + "\n".join(rows))
    return "\n".join(parts)


def state(store: Repository) -> tuple[Any, ...]:
    """What the port shows of the whole database, and its tables."""
    infos = store.competitions()
    exports = [season_file.dumps(store.load(i.id)) for i in infos]
    return store.revision(), infos, exports, store.log(None, 10**6), tables(store)


class Unchanged:
    """Asserts that the block left the store as it found it (no new log entry either)."""

    def __init__(self, store: Repository) -> None:
        self.store = store

    def __enter__(self) -> Unchanged:
        self.before = state(self.store)
        return self

    def __exit__(self, *exc: object) -> bool:
        assert state(self.store) == self.before
        return False
