"""``compcore rating (FILE | --db DB --competition NAME) [--format table|json]``: the club
rating list (issue 13 item 3), with the numbers of ``test_club_rating``'s hand-worked
season."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from compcore.cli.main import main
from tests.builders import season_data
from tests.unit.scoring.test_club_rating import PLAYERS, ROUNDS, RULES


@pytest.fixture
def season_path(tmp_path: Path) -> Path:
    path = tmp_path / "s.json"
    path.write_text(json.dumps(season_data("dubbelschaak", PLAYERS, ROUNDS, RULES)), "utf-8")
    return path


def rating(capsys: pytest.CaptureFixture[str], *argv: object) -> dict[str, Any]:
    assert main(["rating", *map(str, argv), "--format", "json"]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def test_json_after_the_last_round_and_after_round_1(
    season_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """After round 2: a 1601 (-13), e 1519 (+19), c 1507, b 1476, f 1450 (provisional, no
    counted game), d 1406; after round 1: a 1614 (+14) first, e 1500 second."""
    data = rating(capsys, season_path)
    assert data["after_round"] == 2
    rows = [(p["player"], p["rating"], p["change"], p["provisional"]) for p in data["players"]]
    assert rows == [
        ("a", 1601, -13, False), ("e", 1519, 19, False), ("c", 1507, 13, False),
        ("b", 1476, -10, False), ("f", 1450, 0, True), ("d", 1406, 0, False),
    ]  # fmt: skip
    assert data["players"][0] == {
        "place": 1, "player": "a", "name": "A", "rating": 1601, "games": 2,
        "provisional": False, "change": -13,
    }  # fmt: skip
    assert data["settings"]["k"] == 20 and data["settings"]["provisional_k"] == 40
    first = rating(capsys, season_path, "--after-round", 1)
    assert [(p["player"], p["rating"], p["change"]) for p in first["players"][:2]] == [
        ("a", 1614, 14), ("e", 1500, 0),
    ]  # fmt: skip


def test_table_in_dutch_by_default_and_in_english(
    season_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rating", str(season_path)]) == 0
    dutch = capsys.readouterr().out.splitlines()
    assert dutch[0] == "Clubrating na ronde 2"
    assert "K = 20" in dutch[1] and "eerste 1 partijen (K = 40)" in dutch[1]
    assert dutch[3].split() == ["Pl", "Naam", "Clubrating", "Partijen", "Verschil", "Voorlopig"]
    assert dutch[4].split() == ["1", "A", "1601", "2", "-13"]
    assert dutch[8].split() == ["5", "F", "1450", "0", "0", "voorlopig"]
    assert main(["--lang", "en", "rating", str(season_path)]) == 0
    english = capsys.readouterr().out.splitlines()
    assert english[0] == "Club rating after round 2"
    assert english[5].split() == ["2", "E", "1519", "1", "+19"]


def test_from_the_database(
    season_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "club.duckdb"
    assert main(["import", str(season_path), "--db", str(db)]) == 0
    capsys.readouterr()
    data = rating(capsys, "--db", db, "--competition", "dubbelschaak")
    assert data["players"][0]["rating"] == 1601


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["rating", "{ok}", "--after-round", "3"],
            "ronde 3 is niet gespeeld (gespeeld: 1 tot en met 2)",
        ),
        (["rating", "{ok}", "--after-round", "-1"], "ronde -1 is niet gespeeld"),
        (["rating", "missing.json"], "missing.json: dit bestand bestaat niet"),
        (["rating"], "geef een seizoensbestand of --db PAD"),
    ],
)
def test_bad_input_prints_one_line_and_exits_2(
    args: list[str], message: str, season_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([a.format(ok=season_path) for a in args]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err
