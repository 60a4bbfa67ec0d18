"""``compcore import`` / ``export`` / ``--db``, and the database beside a running app."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from compcore.adapters.files import season_file
from compcore.adapters.store import Store, connection
from compcore.cli import main as cli
from compcore.domain.errors import StoreError
from compcore.domain.model import Round
from compcore.ports.actors import Administrator
from tests.adapters.store.test_store_support import dump_tables, full_season, make_season
from tests.builders import raises_in_english

ADMIN = Administrator("test")


def run(*argv, capsys) -> tuple[int, str, str]:
    code = cli.main([str(a) for a in argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def write(path: Path, season) -> Path:
    season_file.dump(season, path)
    return path


@pytest.fixture
def files(tmp_path):
    return {
        "a": write(tmp_path / "a.json", full_season()),
        "b": write(tmp_path / "b.json", make_season(season="2025-2026", rounds=3)),
        "db": tmp_path / "club.duckdb",
        "out": tmp_path / "out.json",
    }


def test_import_then_export_gives_the_same_file(files, capsys):
    code, out, err = run("import", files["a"], "--db", files["db"], capsys=capsys)
    assert (code, err) == (0, "")
    assert "Schaakclub De Toren / 2024-2025 / intern geïmporteerd" in out
    code, out, err = run("export", "--db", files["db"], "--out", files["out"], capsys=capsys)
    assert (code, err) == (0, "")
    assert files["out"].read_text(encoding="utf-8") == files["a"].read_text(encoding="utf-8")


def test_export_of_a_hand_written_file_is_the_canonical_text(files, tmp_path, capsys):
    data = season_file.to_data(make_season(rounds=2))
    loose = tmp_path / "loose.json"
    loose.write_text(json.dumps(data, indent=None, separators=(",", ":")), encoding="utf-8")
    assert run("import", loose, "--db", files["db"], capsys=capsys)[0] == 0
    assert run("export", "--db", files["db"], "--out", files["out"], capsys=capsys)[0] == 0
    assert files["out"].read_text(encoding="utf-8") == season_file.dumps(make_season(rounds=2))


def test_import_refuses_an_existing_competition_unless_replace(files, capsys):
    assert run("import", files["b"], "--db", files["db"], capsys=capsys)[0] == 0
    before = dump_tables(files["db"])
    code, out, err = run("import", files["b"], "--db", files["db"], capsys=capsys)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "bestaat al" in err and "--replace" in err
    assert dump_tables(files["db"]) == before
    changed = make_season(season="2025-2026", rounds=4)
    write(files["b"], changed)
    assert run("import", files["b"], "--db", files["db"], "--replace", capsys=capsys)[0] == 0
    assert Store(files["db"]).load(1) == changed


@pytest.mark.parametrize("content, message", [
    ("{not json", "geen geldige JSON op regel 1"),
    (None, "onbekende speler 'ghost'"),
    ('{"format": "compcore-season", "version": 2}', "versie 2 kent compcore niet"),
])  # fmt: skip
def test_a_bad_file_changes_nothing(files, tmp_path, capsys, content, message):
    bad = tmp_path / "bad.json"
    if content is None:
        data = season_file.to_data(make_season())
        data["rounds"][0]["games"][0]["white"] = "ghost"
        content = json.dumps(data)
    bad.write_text(content, encoding="utf-8")
    # into a database that does not exist yet: it is not even created
    code, out, err = run("import", bad, "--db", files["db"], capsys=capsys)
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err
    assert not files["db"].exists()
    # into one that holds a competition: it stays as it was
    assert run("import", files["a"], "--db", files["db"], capsys=capsys)[0] == 0
    before = dump_tables(files["db"])
    code, _, err = run("import", bad, "--db", files["db"], "--replace", capsys=capsys)
    assert code == 2 and message in err
    assert dump_tables(files["db"]) == before


def test_import_of_a_missing_file(files, tmp_path, capsys):
    code, _, err = run("import", tmp_path / "nope.json", "--db", files["db"], capsys=capsys)
    assert code == 2 and "bestand bestaat niet" in err and not files["db"].exists()


def test_export_errors_are_one_line(files, tmp_path, capsys):
    code, _, err = run("export", "--db", files["db"], "--out", files["out"], capsys=capsys)
    assert code == 2 and "database bestaat niet" in err and err.count("\n") == 1
    assert not files["db"].exists()
    for f in (files["a"], files["b"]):
        assert run("import", f, "--db", files["db"], capsys=capsys)[0] == 0
    code, _, err = run("export", "--db", files["db"], "--out", files["out"], capsys=capsys)
    assert code == 2 and "bevat 2 competities" in err and err.count("\n") == 1
    code, _, err = run("export", "--db", files["db"], "--competition", "intern",
                       "--out", files["out"], capsys=capsys)  # fmt: skip
    assert code == 2 and "niet eenduidig" in err and "2025-2026/intern" in err
    code, _, err = run("export", "--db", files["db"], "--competition", "blitz",
                       "--out", files["out"], capsys=capsys)  # fmt: skip
    assert code == 2 and "geen competitie 'blitz'" in err
    code, _, err = run("export", "--db", files["db"], "--competition", "2025-2026/intern",
                       "--out", tmp_path / "no" / "dir" / "x.json", capsys=capsys)  # fmt: skip
    assert code == 2 and err.count("\n") == 1
    assert not files["out"].exists()
    code, _, _ = run("export", "--db", files["db"], "--competition", "2025-2026/intern",
                     "--out", files["out"], capsys=capsys)  # fmt: skip
    assert code == 0
    assert files["out"].read_text(encoding="utf-8") == files["b"].read_text(encoding="utf-8")


def test_standings_from_the_database_equal_standings_from_the_file(files, capsys):
    assert run("import", files["b"], "--db", files["db"], capsys=capsys)[0] == 0
    assert run("import", files["a"], "--db", files["db"], capsys=capsys)[0] == 0
    for fmt in ("table", "json"):
        code, from_file, _ = run("standings", files["b"], "--format", fmt, capsys=capsys)
        assert code == 0
        code, from_db, err = run("standings", "--db", files["db"], "--competition",
                                 "2025-2026/intern", "--format", fmt, capsys=capsys)  # fmt: skip
        assert (code, err) == (0, "")
        assert from_db == from_file and "Speler" in from_db


# --------------------------------------------------------------------------- beside the app


def compcore(*argv) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "compcore", *map(str, argv)],
                          capture_output=True, text=True, timeout=120)  # fmt: skip


def test_export_in_another_process_while_the_app_has_a_store(files):
    app_store = Store(files["db"])  # as the running app holds it: no connection while idle
    cid = app_store.import_season(full_season(), actor=ADMIN)
    result = compcore("export", "--db", files["db"], "--out", files["out"])
    assert result.returncode == 0, result.stderr
    assert files["out"].read_text(encoding="utf-8") == season_file.dumps(full_season())
    result = compcore("standings", "--db", files["db"], "--format", "csv")
    assert result.returncode == 0, result.stderr
    # and the app goes on writing afterwards
    season = app_store.load(cid)
    app_store.delete_round(cid, season.rounds[-1].number, actor=ADMIN)
    assert compcore("export", "--db", files["db"], "--out", files["out"]).returncode == 0
    assert season_file.load(files["out"])[0] == season.without_round(season.rounds[-1].number)


HOLD_READ_ONLY = """
import sys, duckdb
con = duckdb.connect(sys.argv[1], read_only=True)
con.execute("SELECT count(*) FROM competitions").fetchall()
print("ready", flush=True)
sys.stdin.read()  # hold the file until the test closes our stdin
con.close()
"""


@pytest.fixture
def app_and_reader(files):
    """The app's Store, then another process (like `compcore export`) holding the file
    read-only until the test releases it."""
    app_store = Store(files["db"])
    app_store.import_season(make_season(rounds=2, open_round=False), actor=ADMIN)
    proc = subprocess.Popen([sys.executable, "-c", HOLD_READ_ONLY, str(files["db"])],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)  # fmt: skip
    try:
        assert proc.stdout.readline().strip() == "ready"
        yield app_store, proc
    finally:
        if proc.stdin and not proc.stdin.closed:
            proc.stdin.close()
        proc.wait(timeout=60)


def test_a_write_waits_for_another_process_to_let_go(app_and_reader):
    store, reader = app_and_reader
    threading.Timer(0.5, reader.stdin.close).start()
    rnd = Round(3, games=())  # everyone sat out: a valid round
    store.save_round(1, rnd, actor=ADMIN, action="pair")  # waits, then writes
    assert reader.wait(timeout=60) == 0
    assert store.load(1).rounds[-1] == rnd


def test_a_write_blocked_too_long_fails_clearly_and_changes_nothing(
    files, app_and_reader, monkeypatch
):
    store, reader = app_and_reader
    monkeypatch.setattr(connection, "LOCK_TIMEOUT", 0.3)
    with raises_in_english(StoreError, "in use by another process"):
        store.save_round(1, Round(3, games=()), actor=ADMIN, action="pair")
    reader.stdin.close()
    assert reader.wait(timeout=60) == 0
    before = dump_tables(files["db"])
    assert len(store.load(1).rounds) == 2
    assert dump_tables(files["db"]) == before
