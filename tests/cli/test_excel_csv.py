"""CSV that Dutch Excel opens (issue 18 item 6): ``;`` separated, decimal comma, UTF-8 with a
byte order mark, CRLF; the plain CSV (commas, decimal points, no BOM) stays for programs.
Read back as the issue says, with ``pandas.read_csv(sep=";", decimal=",",
encoding="utf-8-sig")``, cell by cell against the standings; every formula-like cell
neutralised, also behind blanks and in full-width forms."""

from __future__ import annotations

import io
import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pandas as pd
import pytest

from compcore.adapters.files import players_csv, season_file
from compcore.adapters.files.csv_text import BOM, csv_bytes, csv_text, neutral_cell
from compcore.cli import main as cli
from compcore.domain.player_names import name_problem
from compcore.present import reports
from compcore.rules.rulesets import ruleset_of
from compcore.scoring.standings import standings
from tests.app.test_injection import FORMULAS, hostile_season
from tests.builders import season_data
from ui import sheets

DATA = Path(__file__).resolve().parents[2] / "data"
DEMOS = sorted(DATA.glob("*.json"))

#: formula starts beyond OWASP's = + - @ tab CR: a line feed, blanks in front (space, no-break
#: space, ideographic space), the full-width = + - @ (U+FF1D, U+FF0B, U+FF0D, U+FF20) and
#: their small forms (U+FE66, U+FE62, U+FE63, U+FE6B)
MORE_FORMULAS = [
    "\nLF",
    " =1+1",
    "   @SUM(A1:A9)",
    "\u00a0=1+1",
    "\u3000=1+1",
    "\uff1d1+1",
    "\uff0bcmd",
    "\uff0d2+3",
    "\uff20SUM(A1)",
    " \uff1dHYPERLINK(1)",
    "\ufe661+1",
    "\ufe62cmd",
    "\ufe63cmd",
    "\ufe6bSUM(A1)",
]


def excel_frame(data: bytes) -> pd.DataFrame:
    """The issue's reading: Excel's ';', the decimal comma, UTF-8 behind its BOM; names and
    the like stay text (only an empty cell is missing: a name "NA" is a name)."""
    return pd.read_csv(
        io.BytesIO(data),
        sep=";",
        decimal=",",
        encoding="utf-8-sig",
        keep_default_na=False,
        na_values=[""],
    )


# --------------------------------------------------------------------------- the cells


@pytest.mark.parametrize("text", MORE_FORMULAS)
def test_more_formula_starts_get_a_single_quote(text):
    assert neutral_cell(text) == "'" + text


@pytest.mark.parametrize("text", [" -1", " 12,5", "+2", "-0,5", "Anna", " Anna", "a＝b"])
def test_numbers_and_names_behind_blanks_stay_as_they_are(text):
    # a number behind a space is still a number, an "=" inside a name is no formula start
    assert neutral_cell(text) == text


def test_the_excel_dialect_byte_by_byte():
    # worked by hand: BOM EF BB BF, ';' between cells, a cell holding ';' quoted, CRLF
    # after every row; the plain dialect: ',' and LF and no BOM
    rows = [["Naam", "Punten"], ["Anna; de Vries", "12,5"], ["=1+1", 3]]
    excel = csv_bytes(csv_text(rows, excel=True), excel=True)
    assert excel == b'\xef\xbb\xbfNaam;Punten\r\n"Anna; de Vries";12,5\r\n\'=1+1;3\r\n'
    assert csv_bytes(csv_text([["a", "1.5"]])) == b"a,1.5\n"
    # a line break inside a cell: the row is quoted whole and stays one record
    broken = csv_text([["x\ny", 1]], excel=True)
    assert broken == '"x\ny";"1"\r\n'


# --------------------------------------------------------------------------- standings


def points_season(tmp_path: Path) -> Path:
    """princenpaard (points, display_decimals 1), players a b c d (strength 1-4, unrated),
    one round: a-b draw, c-d 1-0."""
    path = tmp_path / "pp.json"
    data = season_data("princenpaard", "a b c d", ["a-b =, c-d 1-0"])
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_the_standings_for_excel_worked_by_hand(tmp_path, capsysbinary):
    """After a-b 1/2-1/2 and c-d 1-0: C 1 point, A and B 1/2, D 0. PP-6 tie-break WP
    (Sonneborn-Berger): A and B each drew an opponent with 1/2, so 1/2 x 1/2 = 0.25, shown
    with one decimal, half away from zero, as 0,3 (read back 0.3); C beat D who has 0: WP 0.
    A is ahead of B on the initial order (strength 1 before 2). Colour balance (Kl): white
    +1 (A, C), black -1 (B, D); a percentage of 50 and 100."""
    assert cli.main(["standings", str(points_season(tmp_path)), "--excel"]) == 0
    data = capsysbinary.readouterr().out
    assert data.startswith(BOM.encode("utf-8"))
    head = data.split(b"\r\n")[0].decode("utf-8-sig")
    assert head.split(";")[:4] == ["Pl", "Naam", "Punten", "Gsp"]
    assert data.split(b"\r\n")[2] .startswith(b"2;A;0,5;1;")  # fmt: skip
    frame = excel_frame(data)
    assert list(frame["Naam"]) == ["C", "A", "B", "D"]
    assert list(frame["Pl"]) == [1, 2, 3, 4]
    assert list(frame["Punten"]) == [1.0, 0.5, 0.5, 0.0]
    assert frame["Punten"].dtype == float  # a number in Excel, not text
    assert list(frame["WP"]) == [0.0, 0.3, 0.3, 0.0]
    assert list(frame["Kl"]) == [1, 1, -1, -1]
    assert list(frame["Perc"]) == [100, 50, 50, 0]
    assert list(frame["Gsp"]) == [1, 1, 1, 1]


def test_the_plain_csv_is_unchanged_for_programs(tmp_path, capsys):
    # the default stays what programs read: ',' and the decimal point, no BOM, LF
    assert cli.main(["standings", str(points_season(tmp_path)), "--format", "csv"]) == 0
    text = capsys.readouterr().out
    assert not text.startswith(BOM) and "\r" not in text
    assert text.splitlines()[2].startswith("2,A,0.5,1,")
    assert list(pd.read_csv(io.StringIO(text))["Punten"]) == [1.0, 0.5, 0.5, 0.0]


def half_away(value: Fraction, decimals: int) -> float:
    """``value`` rounded to ``decimals`` as the standings show it: half away from zero."""
    scaled = abs(value) * 10**decimals
    units = int(scaled + Fraction(1, 2))
    return (-units if value < 0 else units) / 10**decimals


@pytest.mark.parametrize("path", DEMOS, ids=lambda p: p.stem)
@pytest.mark.parametrize("lang", ["nl", "en"])
def test_every_demo_standings_reads_back_cell_by_cell(path, lang):
    season, ruleset = season_file.load(path)
    table = standings(season, ruleset)
    data = csv_bytes(reports.to_csv(table, ruleset, lang, excel=True), excel=True)
    frame = excel_frame(data)
    cols = (*table.columns, *reports.CHANGE_COLUMNS)
    heads = [reports.header(c, lang) for c in cols]
    if table.cycle is not None:
        assert list(frame.iloc[:, 0]) == [ruleset.cycle_label(table.cycle)] * len(table.rows)
        frame = frame.iloc[:, 1:]
    assert list(frame.columns) == heads and len(frame) == len(table.rows)
    decimals = ruleset.display_decimals
    for row, (_, got) in zip(table.rows, frame.iterrows(), strict=True):
        for column, head in zip(cols, heads, strict=True):
            raw = row.tie_breaks.get(column, row.info.get(column, getattr(row, column, None)))
            cell = got[head]
            if column == "name":
                assert cell == neutral_cell(row.name)
            elif column == "alternation":  # "2Z", "1W" as text; "" before any game
                assert (pd.isna(cell) and raw == "") or cell == neutral_cell(raw), cell
            elif raw is None:  # an empty cell (no percentage without games, no change yet)
                assert pd.isna(cell), (row.name, column, cell)
            elif column == "percentage":  # a whole percentage
                assert cell == half_away(raw, 0), (row.name, column)
            elif isinstance(raw, Fraction):
                # a number: a Keizer score 392,50 is 392.5; rounded as shown, half away
                assert cell == pytest.approx(half_away(raw, decimals), abs=1e-9), (row.name, column)
                assert not isinstance(cell, str), (row.name, column, cell)
            else:
                assert cell == raw, (row.name, column)


def test_a_keizer_score_is_a_number_with_its_half_point():
    # keizer-classic (display_decimals 2): the leader's exact score, written "ddd,50",
    # reads back as the float ddd.5; the same score in the plain CSV is "ddd.50"
    season, ruleset = season_file.load(DATA / "keizer-classic.json")
    table = standings(season, ruleset)
    halves = [r for r in table.rows if r.score.denominator == 2]
    assert halves, "the demo has half-point Keizer scores"
    frame = excel_frame(csv_bytes(reports.to_csv(table, ruleset, "nl", excel=True), excel=True))
    for row in halves:
        text = reports.decimal(row.score, 2)
        assert text.endswith(".50")
        got = frame.loc[frame["Pl"] == row.rank, "Punten"].iloc[0]
        assert got == float(row.score) and float(row.score) % 1 == 0.5


def test_hostile_names_are_neutralised_in_the_excel_csv(tmp_path, capsysbinary):
    season = hostile_season()
    # a name with a control character (a tab, CR or line feed first) is refused by the
    # name rule (compcore.domain.player_names) before any file is written: such cells are checked
    # by test_more_formula_starts_get_a_single_quote; here every formula a name can hold
    names = [n for n in (*FORMULAS, *MORE_FORMULAS) if name_problem(n) is None]
    assert len(names) >= 10
    players = tuple(
        replace(p, name=names[i]) if i < len(names) else p for i, p in enumerate(season.players)
    )
    path = tmp_path / "s.json"
    season_file.dump(replace(season, players=players), path)
    assert cli.main(["standings", str(path), "--excel"]) == 0
    frame = excel_frame(capsysbinary.readouterr().out)
    shown = set(frame["Naam"])
    expected = {"'" + n for n in names[: len(players)]}
    assert expected <= shown
    # no cell of any column starts a formula (numbers are numbers, text has its quote)
    for value in frame.to_numpy().ravel():
        if isinstance(value, str) and value:
            assert value.startswith("'") or neutral_cell(value) == value, value


def test_excel_with_another_format_is_refused(tmp_path, capsys):
    path = points_season(tmp_path)
    assert cli.main(["standings", str(path), "--excel", "--format", "json"]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert "--excel" in out.err and "--format json" in out.err
    assert cli.main(["--lang", "en", "standings", str(path), "--excel", "--format", "table"]) == 2
    assert "does not go with --format table" in capsys.readouterr().err


def test_format_csv_with_excel_is_the_excel_csv(tmp_path, capsysbinary):
    path = points_season(tmp_path)
    assert cli.main(["standings", str(path), "--excel"]) == 0
    alone = capsysbinary.readouterr().out
    assert cli.main(["standings", str(path), "--format", "csv", "--excel"]) == 0
    assert capsysbinary.readouterr().out == alone


# --------------------------------------------------------------------------- other CSVs


def test_the_roster_for_excel_reads_back_to_the_same_players():
    season, _ = season_file.load(DATA / "magnus-senior.json")
    text = players_csv.dumps(season.players, excel=True)
    data = csv_bytes(text, excel=True)
    assert data.startswith(b"\xef\xbb\xbfid;name;")
    parsed = players_csv.parse(data.decode("utf-8-sig"))  # as the Spelers page decodes it
    assert parsed.ok
    assert parsed.players == players_csv.parse(players_csv.dumps(season.players)).players
    frame = excel_frame(data)
    by_id = {p.id: p for p in season.players if not p.is_engine}
    assert list(frame["id"]) == list(by_id)
    assert [int(r) for r in frame["rating"]] == [by_id[i].rating for i in by_id]


def test_the_pairing_sheet_for_excel():
    season = hostile_season()
    ruleset = ruleset_of(season)
    played = season.rounds[0]
    data = csv_bytes(sheets.to_csv(season, ruleset, played, "nl", excel=True), excel=True)
    frame = excel_frame(data)
    assert list(frame.columns) == ["Bord", "Wit", "Zwart", "Uitslag"]
    assert list(frame["Bord"]) == list(range(1, len(played.games or ()) + 1))
    whites = [season.player(g.white).name for g in played.games or ()]
    assert list(frame["Wit"]) == [neutral_cell(n) for n in whites]
