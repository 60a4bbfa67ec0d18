"""The command line: standings in three formats, presets, and one-line errors on bad input."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from compcore.cli.main import main
from tests.builders import season_data


@pytest.fixture
def season_path(tmp_path: Path) -> Path:
    # N = 4 (no engine), top 5: a5 b4 c3 d2. R1: a beats b (4), c-d draw (c 1, d 3/2).
    data = season_data(
        "dubbelschaak",
        [{"id": p, "name": p.upper(), "rating": 2000 - 100 * i} for i, p in enumerate("abcd")],
        [{"games": "a-b 1-0, c-d 1/2"}],
    )
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_standings_json_follows_the_contract(season_path, capsys) -> None:
    assert main(["standings", str(season_path), "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["standings"]["mode"] == "recompute"
    assert out["standings"]["oscillated"] is False
    assert out["standings"]["iterations"] == 1
    first = out["rows"][0]
    for key in ("rank", "player", "name", "score", "value", "games", "won", "drawn", "lost"):
        assert key in first
    by_player = {row["player"]: row for row in out["rows"]}
    assert by_player["a"]["score"] == 4
    assert by_player["d"]["score_exact"] == "3/2"
    assert by_player["c"]["score"] == 1


def test_standings_table_speaks_dutch_by_default(season_path, capsys) -> None:
    assert main(["standings", str(season_path)]) == 0
    out = capsys.readouterr().out
    assert "Naam" in out and "Wa" in out and "Punten" in out
    assert "1,50" in out  # Dutch decimal comma


def test_standings_csv_in_english(season_path, capsys) -> None:
    assert main(["--lang", "en", "standings", str(season_path), "--format", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert rows[0]["Name"] == "A"
    assert rows[0]["Points"] == "4.00"


def test_presets_lists_all_six(capsys) -> None:
    assert main(["presets"]) == 0
    out = capsys.readouterr().out
    for name in (
        "dubbelschaak",
        "keizer-classic",
        "princenpaard",
        "ladder-ab",
        "magnus-senior",
        "magnus-youth",
    ):
        assert name in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["standings", "missing.json"], "missing.json: dit bestand bestaat niet"),
        (
            ["standings", "{file}", "--after-round", "9"],
            "ronde 9 is niet gespeeld (gespeeld: 1 tot en met 1)",
        ),
        (["standings", "{bad}"], "ronde 1: onbekende speler 'zz'"),
    ],
)
def test_bad_input_prints_one_line_and_exits_non_zero(
    args, message, season_path, tmp_path, capsys
) -> None:
    bad = tmp_path / "bad.json"
    data = json.loads(season_path.read_text(encoding="utf-8"))
    data["rounds"][0]["games"][0]["black"] = "zz"
    bad.write_text(json.dumps(data), encoding="utf-8")
    args = [a.format(file=season_path, bad=bad) for a in args]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1
    assert "Traceback" not in err


def test_python_dash_m_runs_the_same_command(season_path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "compcore", "standings", str(season_path), "--format", "json"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(done.stdout)["rows"][0]["player"] == "a"
