"""The repository contract (``conftest.py``) for a round's drafts: the pairing draft and the
results entered but not saved (issue 22 item 1) are two drafts of one round, each with its
own version, on every store; and a database of schema 13 keeps its drafts as pairing drafts
when migration 14 gives the table its ``part`` column."""

from __future__ import annotations

import duckdb

from compcore.adapters.store import Store
from compcore.domain.errors import StaleWriteError
from compcore.ports.actors import Administrator
from tests.adapters.store.test_store_support import make_season, older_database
from tests.builders import raises_in_english

ADMIN = Administrator("test")


def test_a_rounds_pairing_and_results_drafts_are_kept_apart(store):
    cid = store.import_season(make_season(rounds=2), actor=ADMIN)
    pairing = store.save_draft(cid, 2, {"p": 1}, actor=ADMIN, read=None)
    results = store.save_draft(cid, 2, {"r": 1}, actor=ADMIN, read=None, part="results")
    assert store.load_draft(cid, 2).data == {"p": 1}
    assert store.load_draft(cid, 2, "results").data == {"r": 1}
    # each part checks its own version: the pairing's version is stale for the results
    with raises_in_english(StaleWriteError, "The unsaved results of round 2"):
        store.save_draft(cid, 2, {"r": 2}, actor=ADMIN, read=pairing, part="results")
    store.save_draft(cid, 2, {"r": 2}, actor=ADMIN, read=results, part="results")
    store.discard_draft(cid, 2, actor=ADMIN, part="results")
    assert store.load_draft(cid, 2, "results") is None
    assert store.load_draft(cid, 2).data == {"p": 1}  # the pairing draft stays
    assert store.load_draft(cid, 2).version == pairing


def test_removing_a_competition_removes_both_drafts(store):
    cid = store.import_season(make_season(rounds=2), actor=ADMIN)
    store.save_draft(cid, 2, {"p": 1}, actor=ADMIN, read=None)
    store.save_draft(cid, 2, {"r": 1}, actor=ADMIN, read=None, part="results")
    store.delete_competition(cid, actor=ADMIN)
    cid2 = store.import_season(make_season(rounds=2), actor=ADMIN)
    for part in ("pairing", "results"):
        assert store.load_draft(cid, 2, part) is None
        assert store.load_draft(cid2, 2, part) is None


def test_a_schema_13_draft_is_a_pairing_draft_after_migration_14(tmp_path):
    full = tmp_path / "nieuw.duckdb"
    store = Store(full)
    cid = store.import_season(make_season(rounds=2), actor=ADMIN)
    version = store.save_draft(cid, 2, {"p": 1}, actor=ADMIN, read=None)
    path = tmp_path / "oud.duckdb"
    older_database(full, path, 13)  # the drafts table without its part column
    with duckdb.connect(str(path), read_only=True) as con:
        columns = {r[0] for r in con.execute("DESCRIBE drafts").fetchall()}
    assert "part" not in columns
    migrated = Store(path)  # opening it migrates
    kept = migrated.load_draft(cid, 2)
    assert (kept.data, kept.version) == ({"p": 1}, version)
    assert migrated.load_draft(cid, 2, "results") is None
    migrated.save_draft(cid, 2, {"r": 1}, actor=ADMIN, read=None, part="results")
    assert migrated.load_draft(cid, 2).data == {"p": 1}
