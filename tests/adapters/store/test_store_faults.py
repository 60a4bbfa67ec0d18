"""The store's smaller faults (issue 8): a read-only database file still serves reads, a
commit that fails on a full disk reports that disk error and changes nothing (also through
the command line), and a failed ``compcore export`` leaves no ``.tmp`` file behind."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from compcore.adapters.files import season_file
from compcore.adapters.store import Store, load_season_readonly
from compcore.cli import main as cli
from compcore.domain.errors import StoreError
from compcore.domain.model import Player
from compcore.ports.actors import Administrator
from tests.adapters.store.test_store_support import (
    dump_tables,
    full_disk,
    make_season,
    read_only_file,
)
from tests.builders import raises_in_english

ADMIN = Administrator("test")


@pytest.fixture
def db(tmp_path) -> tuple[Path, int]:
    path = tmp_path / "club.duckdb"
    return path, Store(path).import_season(make_season(rounds=2), actor=ADMIN)


def run(*argv, capsys) -> tuple[int, str, str]:
    code = cli.main([str(a) for a in argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# --------------------------------------------------------------------------- read-only


def test_a_read_only_file_serves_reads_and_refuses_writes(db, monkeypatch):
    """Before the fix ``Store()`` opened the file read-write (to migrate) and failed, so
    the app could not even show the standings."""
    path, cid = db
    season = Store(path).load(cid)
    before = dump_tables(path)
    read_only_file(monkeypatch)
    store = Store(path)
    assert store.read_only == f'IO Error: Cannot open file "{path}": Permission denied'
    assert store.load(cid) == season
    assert [c.id for c in store.competitions()] == [cid]
    assert store.log(cid, 1)[0].action == "import"
    with store.reader() as reader:
        assert reader.revision() == store.revision() > 0
    with raises_in_english(StoreError, r"database file is read-only .*nothing can be changed"):
        store.save_player(cid, Player("p99", "Nieuw"), actor=ADMIN)
    assert dump_tables(path) == before


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write a chmod 444 file anyway")
def test_a_chmod_444_file_serves_reads(db):
    path, cid = db
    path.chmod(0o444)
    try:
        store = Store(path)
        assert store.read_only is not None and store.load(cid).competition == "intern"
    finally:
        path.chmod(0o644)


# --------------------------------------------------------------------------- a full disk


def test_a_commit_on_a_full_disk_reports_the_disk_error_and_changes_nothing(db, monkeypatch):
    """The commit fails with ENOSPC; DuckDB's rollback after that raises as well. Before
    the fix that second error ("no transaction is active") was the one reported."""
    path, cid = db
    before = dump_tables(path)
    full_disk(monkeypatch)
    store = Store(path)
    with pytest.raises(StoreError) as failed:
        store.save_player(cid, Player("p99", "Nieuw"), actor=ADMIN)
    message = failed.value.describe("en")
    assert "No space left on device" in message and "nothing was changed" in message
    assert "\n" not in message
    assert "de schijf is vol" in str(failed.value)  # the app's default language
    monkeypatch.undo()
    assert dump_tables(path) == before


def test_import_on_a_full_disk_exits_2_with_one_line(tmp_path, monkeypatch, capsys):
    file = tmp_path / "season.json"
    season_file.dump(make_season(rounds=2), file)
    target = tmp_path / "club.duckdb"
    Store(target)  # an empty database: the schema is there, no competition
    full_disk(monkeypatch)
    code, out, err = run("import", file, "--db", target, capsys=capsys)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "de schijf is vol" in err  # Dutch, the default
    monkeypatch.undo()
    assert Store(target).competitions() == []


# --------------------------------------------------------------------------- export


def test_export_to_a_folder_fails_clearly_and_leaves_nothing(db, tmp_path, capsys):
    path, _ = db
    folder = tmp_path / "backups"
    folder.mkdir()
    code, out, err = run("export", "--db", path, "--out", folder, capsys=capsys)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and f"--out {folder} is een map" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["backups", "club.duckdb"]


def test_a_failed_export_write_leaves_no_tmp_file(db, tmp_path, monkeypatch, capsys):
    """Writing works but moving the file into place fails (a full disk, a folder that
    turned read-only): before the fix ``season.json.tmp`` stayed behind."""
    path, _ = db

    def full(self, target):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Path, "replace", full)
    out = tmp_path / "season.json"
    code, _, err = run("export", "--db", path, "--out", out, capsys=capsys)
    assert code == 2 and "de schijf is vol" in err
    assert not out.exists() and not (tmp_path / "season.json.tmp").exists()
    monkeypatch.undo()
    assert run("export", "--db", path, "--out", out, capsys=capsys)[0] == 0
    assert load_season_readonly(path)[0] == season_file.load(out)[0]
