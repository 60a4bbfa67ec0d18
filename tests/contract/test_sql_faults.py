"""The repository contract for the SQL stores (``conftest.py``): a write failing anywhere
inside its transaction (a row insert, the read-back, the log) leaves no trace, on DuckDB
and on PostgreSQL alike."""

from __future__ import annotations

import pytest

from compcore.adapters.store import rows, transactions
from compcore.domain.errors import StoreError
from compcore.ports.actors import Administrator
from tests.adapters.store.test_store_support import make_season
from tests.builders import raises_in_english
from tests.contract.conftest import Unchanged
from tests.contract.test_writes import played_round

ADMIN = Administrator("test")


@pytest.fixture
def seeded(sql_store):
    season = make_season("keizer-classic", rounds=3, open_round=False)
    return sql_store, sql_store.import_season(season, actor=ADMIN), season


def test_an_import_failing_halfway_leaves_no_trace(seeded, monkeypatch):
    store, cid, season = seeded

    def boom(*args, **kwargs):
        raise RuntimeError("power cut")

    monkeypatch.setattr(rows, "put_rounds", boom)
    with Unchanged(store), pytest.raises(RuntimeError, match="power cut"):
        store.import_season(make_season(competition="new"), actor=ADMIN)
    # replacing deletes the old rows first: those come back too
    with Unchanged(store), pytest.raises(RuntimeError, match="power cut"):
        store.import_season(make_season(rounds=5), actor=ADMIN, replace=True)
    monkeypatch.undo()
    assert store.load(cid) == season


def test_a_write_that_does_not_read_back_equal_is_rolled_back(seeded, monkeypatch):
    store, cid, season = seeded
    monkeypatch.setattr(transactions, "same_season", lambda a, b: False)
    with Unchanged(store), raises_in_english(StoreError, "differs from the one written"):
        store.save_round(cid, played_round(season, 4), actor=ADMIN, action="pair")
    with Unchanged(store), raises_in_english(StoreError, "differs"):
        store.import_season(make_season(competition="new"), actor=ADMIN)


def test_a_failing_log_write_rolls_back_the_change(seeded, monkeypatch):
    store, cid, season = seeded

    def no_log(*args, **kwargs):
        raise store.database.errors[0]("disk full")

    monkeypatch.setattr(rows, "write_log", no_log)
    with Unchanged(store), raises_in_english(StoreError, r"disk full.*nothing was changed"):
        store.save_round(cid, played_round(season, 4), actor=ADMIN, action="pair")
