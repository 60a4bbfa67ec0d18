"""TRF export (issue 11 item 2): a season as TRF16 with the TRF-2026 header records."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from compcore.adapters import season_file
from compcore.adapters.trf import read_trf
from compcore.adapters.trf_export import KEIZER_TYPE, point_system, season_trf, trf_name
from compcore.cli import main
from compcore.model import Game, Kind, Result, Round
from compcore.pairing import pair
from compcore.pairing.swiss import PointValues, pair_dutch
from compcore.scoring.standings import standings

DATA = Path(__file__).resolve().parent.parent / "data"


def _load(name: str):  # type: ignore[no-untyped-def]
    return season_file.load(DATA / f"{name}.json")


def test_swiss_round_trip_pairs_the_next_round_as_the_season_does() -> None:
    """magnus-youth (MG-6, the Dutch engine allocates the bye): 12 rounds played, round
    13 open with 16 present. The TRF read back has round 13 to pair, the 4 not present
    pre-assigned, and the Dutch engine gives the same 8 boards, colours included."""
    season, ruleset = _load("magnus-youth")
    document = read_trf(season_trf(season, ruleset))
    assert document.round_to_pair == 13
    number = {p.name: p.number for p in document.players}
    name = {p.id: trf_name(p.name) for p in season.players}
    absent = {pid for pid in name if pid not in season.round(13).present}
    assert document.unavailable == {number[name[pid]] for pid in absent}
    from_trf = pair_dutch(document.tournament, unavailable=document.unavailable)
    expected = pair(season, ruleset)
    assert [(b.white, b.black) for b in from_trf.boards] == [
        (number[name[b.white]], number[name[b.black]]) for b in expected.boards
    ]
    assert from_trf.bye is None and not expected.sitting_out


def test_trf_points_equal_the_standings_points() -> None:
    """Every 001 line's points (checked by the strict reader to be the sum of the results)
    equal the player's score in the standings after round 12 (MG-6: win 1, draw 1/2,
    every absence 0, the bye 1: FIDE's values)."""
    season, ruleset = _load("magnus-youth")
    document = read_trf(season_trf(season, ruleset))
    table = standings(season, ruleset, after_round=12)
    names = {p.id: trf_name(p.name) for p in season.players}
    scores = {names[pid]: score for pid, score in table.final.scores.items()}
    assert {p.name: p.points for p in document.players} == scores
    assert any(p.points != int(p.points) for p in document.players)  # halves are written


def test_header_records_and_names_as_the_federations_write_them() -> None:
    season, ruleset = _load("magnus-youth")
    lines = season_trf(season, ruleset).splitlines()
    assert "142 20" in lines and "XXR 20" in lines and "192 FIDE_DUTCH_2025" in lines
    assert not any(line.startswith("162") for line in lines)  # FIDE's default values
    players = [line for line in lines if line.startswith("001")]
    assert len(players) == len(season.players)
    assert all(len(line) >= 84 for line in players)
    written = {trf_name(p.name) for p in season.players}
    assert {line[14:47].strip() for line in players} == written
    assert "Van der Linden, Hanneke" in written  # stored as "Hanneke van der Linden"


def test_keizer_export_has_games_only_and_says_keizer_in_092() -> None:
    """keizer-classic: no 192 (no TRF code for Keizer), 092 says Keizer; the points are the
    FIDE sum of the games, not Keizer points; the file reads back strictly."""
    season, ruleset = _load("keizer-classic")
    text = season_trf(season, ruleset)
    assert f"092 {KEIZER_TYPE}" in text.splitlines()
    assert not any(line.startswith("192") for line in text.splitlines())
    document = read_trf(text)
    humans = [p for p in season.players if not p.is_engine]
    assert len(document.players) == len(humans)
    table = standings(season, ruleset)
    keizer = {trf_name(season.player(pid).name): s for pid, s in table.final.scores.items()}
    # Keizer scores are in the tens or hundreds; FIDE points are at most one per round
    assert all(p.points <= len(season.played_rounds) for p in document.players)
    assert any(keizer[p.name] != p.points for p in document.players)


def test_byes_forfeits_and_absences_are_mapped() -> None:
    """A 4-player Swiss season made here (princenpaard: jokers 1/2, PP-2): round 1 A-B 1-0F
    (forfeit: + -), C bye (U), D joker (H). Points: A 1 (+), B 0 (-), C 1 (U), D 0.5 (H)."""
    season, ruleset = _load("princenpaard")
    four = [p.id for p in season.players[:4]]
    a, b, c, d = four
    players = tuple(p for p in season.players if p.id in four)
    rnd = Round(
        number=1,
        games=(Game(a, b, Result.WHITE_FORFEIT_WIN),),
        entries={c: Kind.BYE, d: Kind.JOKER},
    )
    from dataclasses import replace

    small = replace(season, players=players, rounds=(rnd,), ratings=())
    document = read_trf(season_trf(small, ruleset))
    by_name = {p.name: p for p in document.players}
    got = {pid: by_name[trf_name(small.player(pid).name)] for pid in four}
    assert [got[x].rounds[0].result for x in four] == ["+", "-", "U", "H"]
    assert [got[x].points for x in four] == [1, 0, 1, Fraction(1, 2)]


def test_cli_export_trf_from_a_file_and_a_db(tmp_path: Path) -> None:
    """``compcore export FILE --format trf`` and ``--db DB --competition NAME`` write the
    same TRF as the writer; the json export still writes a season file."""
    season, ruleset = _load("magnus-youth")
    out = tmp_path / "youth.trf"
    source = str(DATA / "magnus-youth.json")
    assert main(["export", source, "--format", "trf", "--out", str(out)]) == 0
    assert out.read_bytes().decode("utf-8") == season_trf(season, ruleset)  # CR LF kept
    db = tmp_path / "club.duckdb"
    assert main(["import", source, "--db", str(db)]) == 0
    from_db = tmp_path / "db.trf"
    argv = ["export", "--db", str(db), "--competition", season.competition]
    assert main([*argv, "--format", "trf", "--out", str(from_db)]) == 0
    assert read_trf(from_db.read_text(encoding="utf-8")).round_to_pair == 13
    as_json = tmp_path / "back.json"
    assert main([*argv, "--out", str(as_json)]) == 0
    assert season_file.load(as_json)[0].players == season.players


def test_cli_export_without_a_source_or_into_a_folder_fails_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["export", "--format", "trf", "--out", str(tmp_path / "x.trf")]) == 2
    assert main(["export", str(DATA / "magnus-youth.json"), "--format", "trf",
                 "--out", str(tmp_path)]) == 2  # fmt: skip
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and "season.trf" in err[1]
    assert not list(tmp_path.iterdir())


# TRF-2026 header records (spec/formats.md: "TRF26 adds 142 (rounds), ... 162 (point
# system), 192 (tournament type) ... No tournament-type code exists for Keizer: say it in
# 092"), one test per record with the line worked out by hand.


def _header(name: str) -> list[str]:
    season, ruleset = _load(name)
    return [line for line in season_trf(season, ruleset).splitlines() if line[:3] != "001"]


def test_record_142_is_the_number_of_rounds() -> None:
    """magnus-youth: the ruleset's 20 rounds (13 in the season so far) -> "142 20", the same
    as XXR; keizer-classic: 23 rounds (21 in the season) -> "142 23"."""
    youth, classic = _header("magnus-youth"), _header("keizer-classic")
    assert [line for line in youth if line[:3] in ("142", "XXR")] == ["142 20", "XXR 20"]
    assert [line for line in classic if line[:3] == "142"] == ["142 23"]


def test_record_162_only_where_the_points_are_not_fides_and_then_as_bbppairings_reads_it() -> None:
    """FIDE's values (a win 1, a draw 1/2, a loss 0, the pairing-allocated bye a win) need
    no 162 record: none is written. Other values, a draw worth 1 and the pairing-allocated
    bye 0: TRF-2026's layout, the code in column 6 and its points in columns 7-10, the next
    code 9 columns on: "162  W 1.0    D 1.0    L 0.0    Z 0.0    P 0.0"
    (columns: "162" 1-3, blank 4-5, "W" 6, " 1.0" 7-10, 4 blanks 11-14, "D" 15, ...)."""
    assert [x for x in _header("magnus-youth") if x[:3] == "162"] == []
    assert [x for x in _header("keizer-classic") if x[:3] == "162"] == []
    other = point_system(PointValues(draw=Fraction(1), pab=Fraction(0)))
    assert other == "162  W 1.0    D 1.0    L 0.0    Z 0.0    P 0.0"
    assert other[5] == "W" and other[6:10] == " 1.0" and other[14] == "D" and other[41] == "P"


def test_record_192_only_for_a_swiss_and_092_names_the_other_kinds() -> None:
    """magnus-youth and princenpaard pair Swiss (the Dutch system): "192 FIDE_DUTCH_2025"
    after "092 Individual: Swiss-System". keizer-classic (a Keizer ladder) and magnus-cup
    (a knock-out) have no TRF type code: no 192, and 092 says which kind it is (the cup
    was called a Keizer competition before)."""
    for name in ("magnus-youth", "princenpaard"):
        header = _header(name)
        assert "092 Individual: Swiss-System" in header
        assert [x for x in header if x[:3] == "192"] == ["192 FIDE_DUTCH_2025"]
    kinds = {
        "keizer-classic": "092 Individual: Keizer system (club competition, not a Swiss)",
        "magnus-cup": "092 Individual: Knock-out (club cup, not a Swiss)",
    }
    for name, line in kinds.items():
        header = _header(name)
        assert line in header and not [x for x in header if x[:3] == "192"]


def test_a_round_robin_exports_with_092_round_robin_and_no_192() -> None:
    """ds-playoff (pairing.method round-robin, DS-20): 4 seeds, Berger round 1 a-d 1-0,
    b-c =: "092 Individual: Round-Robin", no 192 (not a Swiss), and the 001 points are
    a 1, b 0.5, c 0.5, d 0 (it crashed on the 092 lookup before)."""
    from builders import load

    season, ruleset = load("ds-playoff", "a b c d", ["a-d 1-0, b-c ="])
    text = season_trf(season, ruleset)
    header = [line for line in text.splitlines() if line[:3] != "001"]
    assert "092 Individual: Round-Robin" in header
    assert not [x for x in header if x[:3] == "192"]
    points = {line[14:47].strip(): line[80:84].strip() for line in text.splitlines()
              if line[:3] == "001"}  # fmt: skip
    assert points == {"A": "1.0", "B": "0.5", "C": "0.5", "D": "0.0"}
