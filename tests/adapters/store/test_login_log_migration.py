"""The login log's table belongs to the store's migrations (migration 12), not to the log.

Before migration 12 the log made ``login_log`` itself on the first attempt; a database of
that time may hold the table with rows, or (nobody ever tried to log in) not at all.
"""

from __future__ import annotations

from datetime import UTC, datetime

import duckdb

from compcore.adapters.store import Store, schema
from compcore.adapters.store.login_log import LoginLog
from compcore.ports.actors import Administrator
from tests.adapters.store.test_store_support import make_season, older_database

WHEN = datetime(2025, 10, 7, 20, 15, tzinfo=UTC)


def _tables(path) -> set[str]:
    with duckdb.connect(str(path), read_only=True) as con:
        return {
            name for (name,) in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()
        }


def test_a_new_database_has_the_login_log_before_any_login(tmp_path):
    path = tmp_path / "club.duckdb"
    Store(path).import_season(make_season(rounds=1), actor=Administrator())
    assert "login_log" in _tables(path)
    assert LoginLog(path).recent() == []


def test_the_log_writes_into_the_migrated_table_without_making_one(tmp_path):
    path = tmp_path / "club.duckdb"
    Store(path).import_season(make_season(rounds=1), actor=Administrator())
    log = LoginLog(path, clock=lambda: WHEN)
    log.record(name="Jan", address=None, session="s1", outcome="failed", failures=1,
               wait_seconds=1.0)  # fmt: skip
    [event] = log.recent()
    assert (event.id, event.at, event.name, event.outcome) == (1, WHEN, "Jan", "failed")


def test_a_schema_11_database_whose_log_made_its_table_keeps_its_rows(tmp_path):
    """Version 11 with a ``login_log`` the old log made and filled: migration 12 is
    ``CREATE TABLE IF NOT EXISTS``, so the two rows stay and the next one is id 3."""
    full = tmp_path / "nieuw.duckdb"
    Store(full).import_season(make_season(rounds=1), actor=Administrator())
    path = tmp_path / "oud.duckdb"
    older_database(full, path, 11)
    step_12 = dict(schema.MIGRATIONS)[12]
    assert isinstance(step_12, str)
    with duckdb.connect(str(path)) as con:
        con.execute(step_12)  # the same table the old log made on its first attempt
        con.execute("INSERT INTO login_log VALUES (1, ?, 'Jan', NULL, 's1', 'failed', 1, 1.0), "
                    "(2, ?, 'Jan', NULL, 's1', 'success', 1, 0.0)",
                    [WHEN.replace(tzinfo=None)] * 2)  # fmt: skip
    Store(path)  # opening it migrates
    with duckdb.connect(str(path), read_only=True) as con:
        assert con.execute("SELECT max(version) FROM schema_version").fetchone() == (
            schema.latest(),
        )
    LoginLog(path, clock=lambda: WHEN).record(
        name="Piet", address="192.0.2.1", session="s2", outcome="success", failures=0,
        wait_seconds=0.0)  # fmt: skip
    assert [(e.id, e.name) for e in LoginLog(path).recent()] == [
        (3, "Piet"),
        (2, "Jan"),
        (1, "Jan"),
    ]


def test_a_schema_11_database_without_the_table_gets_it(tmp_path):
    full = tmp_path / "nieuw.duckdb"
    Store(full).import_season(make_season(rounds=1), actor=Administrator())
    path = tmp_path / "oud.duckdb"
    older_database(full, path, 11)
    assert "login_log" not in _tables(path)
    Store(path)
    assert "login_log" in _tables(path)
