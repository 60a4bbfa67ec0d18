"""The DuckDB store: schema and migrations, lossless round trips, transactions, the log."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from compcore.adapters.files import season_file
from compcore.adapters.store import (
    LATEST_VERSION,
    CompetitionInfo,
    Store,
    load_season_readonly,
    schema,
)
from compcore.domain.errors import StoreError
from compcore.ports.actors import Administrator
from tests.adapters.store.test_store_support import (
    dump_tables,
    full_season,
    make_season,
)
from tests.builders import raises_in_english

ADMIN = Administrator("test")
#: every schema version a new database gets, and the first one a test migration may add
ALL_VERSIONS = [version for version, _ in schema.MIGRATIONS]
NEXT = LATEST_VERSION + 1


def text(season) -> str:
    return season_file.dumps(season)


def tables(path: Path) -> set[str]:
    con = duckdb.connect(str(path), read_only=True)
    try:
        return {r[0] for r in con.execute(
            "SELECT table_name FROM information_schema.tables").fetchall()}  # fmt: skip
    finally:
        con.close()


def versions(path: Path) -> list[int]:
    con = duckdb.connect(str(path), read_only=True)
    try:
        return [r[0] for r in con.execute(
            "SELECT version FROM schema_version ORDER BY version").fetchall()]  # fmt: skip
    finally:
        con.close()


@pytest.fixture
def db(tmp_path) -> Path:
    return tmp_path / "club.duckdb"


@pytest.fixture
def store(db) -> Store:
    return Store(db)


# --------------------------------------------------------------------------- schema


def test_missing_file_gets_the_schema(tmp_path):
    path = tmp_path / "sub" / "dir" / "club.duckdb"
    Store(path)
    assert {"schema_version", "clubs", "competitions", "players", "rating_changes", "rounds",
            "games", "entries", "decisions", "change_log"} <= tables(path)  # fmt: skip
    assert versions(path) == ALL_VERSIONS


def test_zero_byte_file_gets_the_schema(db):
    db.touch()
    Store(db).competitions()
    assert versions(db) == ALL_VERSIONS


def test_empty_duckdb_database_gets_the_schema(db):
    duckdb.connect(str(db)).close()
    assert Store(db).competitions() == []
    assert versions(db) == ALL_VERSIONS


def test_opening_again_changes_nothing(store, db):
    store.import_season(make_season(), actor=ADMIN)
    before = dump_tables(db)
    Store(db)
    assert dump_tables(db) == before


def test_newer_schema_is_refused(db):
    Store(db)
    con = duckdb.connect(str(db))
    con.execute("INSERT INTO schema_version VALUES (99, now())")
    con.close()
    before = dump_tables(db)
    with raises_in_english(StoreError, "schema version 99 is newer"):
        Store(db)
    with raises_in_english(StoreError, "newer"):
        load_season_readonly(db, None)
    assert dump_tables(db) == before


def test_foreign_database_is_refused(db):
    con = duckdb.connect(str(db))
    con.execute("CREATE TABLE members (name VARCHAR)")
    con.close()
    with raises_in_english(StoreError, "not a compcore database"):
        Store(db)
    assert tables(db) == {"members"}


def _v2(con):
    con.execute("ALTER TABLE players ADD COLUMN email VARCHAR")


def test_older_schema_is_migrated_in_one_step(store, db, monkeypatch):
    cid = store.import_season(full_season(), actor=ADMIN)
    monkeypatch.setattr(schema, "MIGRATIONS", [*schema.MIGRATIONS,
                                                (NEXT, "CREATE TABLE venues (name VARCHAR)"),
                                                  (NEXT + 1, _v2)])  # fmt: skip
    with raises_in_english(StoreError, "older"):
        load_season_readonly(db, None)  # read-only cannot migrate: it says how to
    migrated = Store(db)
    assert versions(db) == [*ALL_VERSIONS, NEXT, NEXT + 1]
    assert "venues" in tables(db)
    assert text(migrated.load(cid)) == text(full_season())
    entry = migrated.log(None, 1)[0]
    assert (entry.action, entry.before, entry.after) == (
        "migrate",
        {"schema_version": LATEST_VERSION},
        {"schema_version": NEXT + 1},
    )


def test_a_failing_migration_changes_nothing(store, db, monkeypatch):
    store.import_season(make_season(), actor=ADMIN)
    before = dump_tables(db)

    def broken(con):
        con.execute("CREATE TABLE half_done (x INTEGER)")
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(schema, "MIGRATIONS",
                        [*schema.MIGRATIONS, (NEXT, "CREATE TABLE venues (name VARCHAR)"),
                         (NEXT + 1, broken)])  # fmt: skip
    with raises_in_english(
        StoreError, rf"from version {LATEST_VERSION} to {NEXT + 1} failed .*disk on fire"
    ):
        Store(db)
    assert versions(db) == ALL_VERSIONS
    assert "venues" not in tables(db) and "half_done" not in tables(db)
    assert dump_tables(db) == before


# --------------------------------------------------------------------------- round trips


def test_export_import_export_gives_the_same_file(tmp_path):
    first = Store(tmp_path / "a.duckdb")
    second = Store(tmp_path / "b.duckdb")
    season = full_season()
    file_text = text(first.export_season(first.import_season(season, actor=ADMIN)))
    again = season_file.loads(file_text)
    assert text(second.export_season(second.import_season(again, actor=ADMIN))) == file_text


# --------------------------------------------------------------------------- reads


def test_competitions_and_reader(store):
    a = store.import_season(make_season(rounds=3, players=6), actor=ADMIN)
    b = store.import_season(make_season(season="2025-2026", rounds=0, open_round=False),
                            actor=ADMIN)  # fmt: skip
    infos = store.competitions()
    assert infos == [
        CompetitionInfo(a, "Schaakclub De Toren", "2024-2025", "intern", "keizer-classic", 3, 6),
        CompetitionInfo(b, "Schaakclub De Toren", "2025-2026", "intern", "keizer-classic", 0, 10),
    ]
    with store.reader() as r:
        assert r.competitions() == infos
        assert r.load(a) == store.load(a)
        assert r.log(a) == store.log(a)
    with raises_in_english(StoreError, "no competition with id 99"):
        store.load(99)


def test_load_season_readonly_chooses_a_competition(store, db):
    with raises_in_english(StoreError, "holds no competitions"):
        load_season_readonly(db, None)
    s1 = make_season(rounds=2)
    s2 = make_season(season="2025-2026", rounds=1)
    s3 = make_season(season="2025-2026", competition="snelschaak", rounds=1)
    store.import_season(s1, actor=ADMIN)
    season, ruleset = load_season_readonly(db, None)
    assert season == s1 and ruleset.name == "keizer-classic"
    store.import_season(s2, actor=ADMIN)
    ids = {i.season + i.competition: i.id for i in store.competitions()}
    store.import_season(s3, actor=ADMIN)
    with raises_in_english(StoreError, "holds 3 competitions; choose one with --competition"):
        load_season_readonly(db, None)
    with raises_in_english(StoreError, r"'intern' is ambiguous.*2024-2025/intern"):
        load_season_readonly(db, "intern")
    assert load_season_readonly(db, "snelschaak")[0] == s3
    assert load_season_readonly(db, "2025-2026/intern")[0] == s2
    assert load_season_readonly(db, "Schaakclub De Toren/2024-2025/intern")[0] == s1
    assert load_season_readonly(db, str(ids["2024-2025intern"]))[0] == s1
    # the key of the app's links (issue 22 item 10), case aside
    assert load_season_readonly(db, "schaakclub-de-toren_2025-2026_snelschaak")[0] == s3
    assert load_season_readonly(db, "Schaakclub-De-Toren_2024-2025_Intern")[0] == s1
    with raises_in_english(StoreError, "no competition 'blitz'"):
        load_season_readonly(db, "blitz")


def test_load_season_readonly_missing_file(tmp_path):
    with raises_in_english(StoreError, "no such database"):
        load_season_readonly(tmp_path / "nope.duckdb", None)
    assert not (tmp_path / "nope.duckdb").exists()


# --------------------------------------------------------------------------- writes
