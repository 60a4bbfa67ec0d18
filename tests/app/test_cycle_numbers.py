"""Cycle numbers as each club says them (issue 7 item 10): Dubbelschaak's rulebook counts
cyclus 0, 1, 2 (DS-17), Princenpaard's cycle 1, 2, 3 (PP-5, PP-7); ``first_cycle_number``
says which. The command line's ``--cycle``, the standings exports and every screen use the
club's number; the season file (and the store) keep counting from 0.

Both seasons below have cycles of one round (``rounds_per_cycle = 1``), so round k is in
cycle k - 1 counted from 0: DS calls it cyclus k - 1, PP cycle k.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from compcore.adapters.files import season_file
from compcore.adapters.store import Store
from compcore.cli.main import main
from tests.app.test_app_support import ADMIN, app, copy_db, shown, texts
from tests.builders import load, season_data
from ui import sheets

pytestmark = pytest.mark.usefixtures("steady_app")

ONE_ROUND_CYCLES = {"rounds_per_cycle": 1}

# Princenpaard (points: win 1, draw 1/2, loss 0), accumulating over the season (PP-5):
#   R1 (PP cycle 1): a-b 1-0, c-d 1/2  ->  a 1,   c 1/2, d 1/2, b 0
#   R2 (PP cycle 2): a-c 1/2, b-d 1-0  ->  a 3/2, b 1,   c 1,   d 1/2
#   R3 (PP cycle 3): d-a 1-0, b-c 1-0  ->  b 2,   a 3/2, d 3/2, c 1
PP_ROUNDS = ["a-b 1-0, c-d 1/2", "a-c 1/2, b-d 1-0", "d-a 1-0, b-c 1-0"]
#: PP cycle (club's number) -> (standings after round, leader, leader's score)
PP_EXPECTED = {1: (1, "a", 1.0), 2: (2, "a", 1.5), 3: (3, "b", 2.0)}

# Dubbelschaak, standings restart every cycle (DS-17); the same evening three times, so each
# cycle's table is R1's of tests/cli/test_cli.py: a beats b and gets b's value 4 (top value 5,
# initial order a5 b4 c3 d2), c-d draw: d gets 1/2 x 3 = 3/2. One game per player per cycle.
DS_ROUNDS = ["a-b 1-0, c-d 1/2"] * 3
DS_PLAYERS = [{"id": p, "name": p.upper(), "rating": 2000 - 100 * i} for i, p in enumerate("abcd")]


def write_season(path: Path, preset: str, players, rounds) -> Path:
    data = season_data(preset, players, rounds, overrides=ONE_ROUND_CYCLES)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.fixture
def pp_file(tmp_path: Path) -> Path:
    return write_season(tmp_path / "pp.json", "princenpaard", "a b c d", PP_ROUNDS)


@pytest.fixture
def ds_file(tmp_path: Path) -> Path:
    return write_season(tmp_path / "ds.json", "dubbelschaak", DS_PLAYERS, DS_ROUNDS)


def standings_json(capsys, *args: str) -> dict:
    assert main(["standings", *args, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


# --------------------------------------------------------------------------- command line


@pytest.mark.parametrize("label", [1, 2, 3])
def test_cli_cycle_is_princenpaards_number(pp_file, capsys, label) -> None:
    """PP --cycle 1 is the first cycle (after round 1: a leads with 1), not the second
    (after round 2), as a 0-based reading of "1" would give."""
    after, leader, score = PP_EXPECTED[label]
    out = standings_json(capsys, str(pp_file), "--cycle", str(label))
    top = out["standings"]
    assert (top["after_round"], top["cycle"], top["cycle_index"]) == (after, label, label - 1)
    assert (out["rows"][0]["player"], out["rows"][0]["score"]) == (leader, score)


@pytest.mark.parametrize("label", [0, 4])
def test_cli_rejects_a_cycle_princenpaard_does_not_have(pp_file, capsys, label) -> None:
    """PP has cycles 1 to 3: 0 (the first cycle counted from 0) and 4 are errors, one line
    naming the valid cycles in the club's numbers, exit 2, nothing printed."""
    assert main(["standings", str(pp_file), "--cycle", str(label)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"compcore: fout: cyclus {label} bestaat niet (cycli: 1 tot en met 3)\n"


def test_cli_rejects_cycle_0_of_the_demo_princenpaard_season(capsys) -> None:
    demo = Path(__file__).resolve().parents[2] / "data" / "princenpaard.json"
    assert main(["standings", str(demo), "--cycle", "0"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "(cycli: 1 tot en met 3)" in err


@pytest.mark.parametrize("label", [0, 1, 2])
def test_cli_cycle_is_dubbelschaaks_number(ds_file, capsys, label) -> None:
    """DS --cycle C is cyclus C: only round C + 1 counts (a 4, d 3/2, one game each)."""
    out = standings_json(capsys, str(ds_file), "--cycle", str(label))
    top = out["standings"]
    assert (top["after_round"], top["cycle"], top["cycle_index"]) == (label + 1, label, label)
    rows = {row["player"]: row for row in out["rows"]}
    assert (rows["a"]["score_exact"], rows["d"]["score_exact"]) == ("4", "3/2")
    assert {row["games"] for row in out["rows"]} == {1}


def test_cli_rejects_cyclus_3_for_dubbelschaak(ds_file, capsys) -> None:
    assert main(["standings", str(ds_file), "--cycle", "3"]) == 2
    assert (
        capsys.readouterr().err == "compcore: fout: cyclus 3 bestaat niet (cycli: 0 tot en met 2)\n"
    )


# --------------------------------------------------------------------------- exports


def test_csv_export_starts_with_the_clubs_cycle_number(pp_file, ds_file, capsys) -> None:
    """PP's second cycle is "2" in the CSV (0-based it would be 1), DS's cyclus 1 is "1"."""
    assert main(["standings", str(pp_file), "--cycle", "2", "--format", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert {row["Cyclus"] for row in rows} == {"2"}
    assert (rows[0]["Naam"], rows[0]["Punten"]) == ("A", "1.5")  # after round 2: a 3/2
    assert main(["--lang", "en", "standings", str(ds_file), "--cycle", "1", "--format", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert {row["Cycle"] for row in rows} == {"1"}


def test_csv_of_whole_season_standings_has_no_cycle_column(pp_file, capsys) -> None:
    assert main(["standings", str(pp_file), "--format", "csv"]) == 0
    header = capsys.readouterr().out.splitlines()[0]
    assert header.split(",")[:2] == ["Pl", "Naam"]


def test_json_without_a_cycle_says_null_for_both(pp_file, capsys) -> None:
    """PP accumulates (PP-5): without --cycle the standings are the season's, not a cycle's."""
    top = standings_json(capsys, str(pp_file))["standings"]
    assert (top["after_round"], top["cycle"], top["cycle_index"]) == (3, None, None)


def test_table_heading_names_the_clubs_cycle_in_both_languages(pp_file, capsys) -> None:
    assert main(["standings", str(pp_file), "--cycle", "1"]) == 0
    assert capsys.readouterr().out.startswith("princenpaard, cyclus 1, na ronde 1 (punten)\n")
    assert main(["--lang", "en", "standings", str(pp_file), "--cycle", "1"]) == 0
    assert capsys.readouterr().out.startswith("princenpaard, cycle 1, after round 1 (points)\n")


# --------------------------------------------------------------------------- season file


def test_season_file_keeps_cycles_counted_from_0(pp_file, tmp_path, capsys) -> None:
    """The season file's ``cycle`` stays 0-based: PP's rounds 1-3 are written 0, 1, 2 (not
    1, 2, 3) through load -> dump and through import -> export; and the first of them is
    still the club's cycle 1."""
    data = json.loads(pp_file.read_text(encoding="utf-8"))
    for number, rnd in enumerate(data["rounds"]):
        rnd["cycle"] = number
    pp_file.write_text(json.dumps(data), encoding="utf-8")
    season, _ = season_file.load(pp_file)
    assert [r["cycle"] for r in season_file.to_data(season)["rounds"]] == [0, 1, 2]
    db, out = tmp_path / "club.duckdb", tmp_path / "out.json"
    assert main(["import", str(pp_file), "--db", str(db)]) == 0
    assert main(["export", "--db", str(db), "--out", str(out)]) == 0
    exported = json.loads(out.read_text(encoding="utf-8"))
    assert [r["cycle"] for r in exported["rounds"]] == [0, 1, 2]
    capsys.readouterr()
    top = standings_json(capsys, str(out), "--cycle", "1")["standings"]
    assert (top["after_round"], top["cycle"], top["cycle_index"]) == (1, 1, 0)


# --------------------------------------------------------------------------- screens


@pytest.fixture(scope="module")
def cycles_template(tmp_path_factory) -> tuple[Path, dict[str, int]]:
    """A database with a PP competition (cycles 1, 2, 3), a DS one (cyclus 0, 1, 2) and a
    DS one whose club counts from 1 (``first_cycle_number = 1`` as an override)."""
    path = tmp_path_factory.mktemp("cycles") / "club.duckdb"
    store = Store(path)
    from_one = {**ONE_ROUND_CYCLES, "first_cycle_number": 1}
    seasons = {
        "pp": load("princenpaard", "a b c d", PP_ROUNDS, overrides=ONE_ROUND_CYCLES)[0],
        "ds": load("dubbelschaak", DS_PLAYERS, DS_ROUNDS, overrides=ONE_ROUND_CYCLES)[0],
        "ds1": load("dubbelschaak", DS_PLAYERS, DS_ROUNDS, overrides=from_one,
                    competition="from-one")[0],
    }  # fmt: skip
    return path, {key: store.import_season(s, actor=ADMIN) for key, s in seasons.items()}


@pytest.fixture
def cycles_db(cycles_template, tmp_path, monkeypatch) -> dict[str, int]:
    path, ids = cycles_template
    monkeypatch.setenv("COMPCORE_DB", str(copy_db(path, tmp_path / "club.duckdb")))
    monkeypatch.delenv("COMPCORE_DIRECTOR_HASH", raising=False)
    return ids


def open_page(page: str, competition: int, lang: str = "nl"):
    at = app()
    at.session_state["lang"] = lang
    at.session_state["competition"] = competition
    at.run()
    at.switch_page(f"pages/{page}.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_standings_cycle_picker_shows_princenpaards_numbers(cycles_db) -> None:
    """PP's picker offers Cyclus 1, 2, 3 (the last preselected); its first cycle shows the
    standings after round 1, where a leads with 1 point."""
    cid = cycles_db["pp"]
    at = open_page("standings", cid)
    picker = at.selectbox(key=f"st_cycle_{cid}")
    assert picker.options == ["Cyclus 1", "Cyclus 2", "Cyclus 3"]
    assert "Cyclus 3 · stand na ronde 3" in texts(at)
    picker.select(0).run()  # the first cycle, 0-based inside
    assert not at.exception
    assert "Cyclus 1 · stand na ronde 1" in texts(at)
    table = shown(at.dataframe[0])
    assert (table["Naam"].iloc[0], table["Punten"].iloc[0]) == ("A", "1,0")
    at = open_page("standings", cid, lang="en")
    assert at.selectbox(key=f"st_cycle_{cid}").options == ["Cycle 1", "Cycle 2", "Cycle 3"]


def test_standings_cycle_picker_shows_dubbelschaaks_numbers(cycles_db) -> None:
    cid = cycles_db["ds"]
    at = open_page("standings", cid)
    picker = at.selectbox(key=f"st_cycle_{cid}")
    assert picker.options == ["Cyclus 0", "Cyclus 1", "Cyclus 2"]
    picker.select(0).run()  # the first cycle, 0-based inside
    assert "Cyclus 0 · stand na ronde 1" in texts(at)


def test_trends_picker_uses_the_clubs_numbers(cycles_db) -> None:
    cid = cycles_db["pp"]
    at = open_page("trends", cid)
    assert at.selectbox(key=f"tr_cycle_{cid}").options == ["Cyclus 1", "Cyclus 2", "Cyclus 3"]


def test_round_page_and_overview_name_the_clubs_cycle(cycles_db) -> None:
    """Round 1 is PP's cycle 1 and DS's cyclus 0; the overview's leaders of DS are those of
    cyclus 2 (its last round, 3)."""
    at = open_page("round", cycles_db["pp"])
    at.selectbox(key=f"round_no_{cycles_db['pp']}").select(1).run()
    assert "Cyclus 1" in [c.value for c in at.caption]
    at = open_page("round", cycles_db["ds"])
    at.selectbox(key=f"round_no_{cycles_db['ds']}").select(1).run()
    assert "Cyclus 0" in [c.value for c in at.caption]
    at = app()
    at.run()
    assert "Cyclus 2 · stand na ronde 3" in texts(at)


@pytest.mark.parametrize(
    ("competition", "expected"),
    [("ds", {"Cyclus 0", "Cyclus 1", "Cyclus 2"}), ("ds1", {"Cyclus 1", "Cyclus 2", "Cyclus 3"})],
)
def test_winners_name_the_cycles_as_the_ruleset_says(cycles_db, competition, expected) -> None:
    """DS-18: cycle winners per category and cycle; the same season with
    ``first_cycle_number = 1`` names its cycles 1, 2, 3 (a ruleset field, no club branch)."""
    at = open_page("winners", cycles_db[competition])
    assert set(at.dataframe[0].value["Cyclus"]) == expected


def test_printable_sheet_names_the_rounds_cycle() -> None:
    """PP's round 2 is cycle 2 on the sheet, DS's round 2 cyclus 1."""
    for preset, players, rounds, expected in (
        ("princenpaard", "a b c d", PP_ROUNDS, "Cyclus 2"),
        ("dubbelschaak", DS_PLAYERS, DS_ROUNDS, "Cyclus 1"),
    ):
        season, ruleset = load(preset, players, rounds, overrides=ONE_ROUND_CYCLES)
        page = sheets.to_html(season, ruleset, season.rounds[1], "nl")
        assert f"Test · {preset} · 2025 · {expected}</p>" in page
