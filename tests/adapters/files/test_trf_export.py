"""TRF export (issue 11 item 2): a season as TRF16 with the TRF-2026 header records."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from compcore.adapters.files import season_file
from compcore.adapters.files.trf import read_trf
from compcore.adapters.files.trf_export import KEIZER_TYPE, point_system, season_trf, trf_name
from compcore.cli.main import main
from compcore.domain.model import Game, Kind, Result, Round
from compcore.pairing import pair
from compcore.pairing.swiss import PointValues, pair_dutch
from compcore.scoring.standings import standings

DATA = Path(__file__).resolve().parents[3] / "data"


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
    from tests.builders import load

    season, ruleset = load("ds-playoff", "a b c d", ["a-d 1-0, b-c ="])
    text = season_trf(season, ruleset)
    header = [line for line in text.splitlines() if line[:3] != "001"]
    assert "092 Individual: Round-Robin" in header
    assert not [x for x in header if x[:3] == "192"]
    points = {line[14:47].strip(): line[80:84].strip() for line in text.splitlines()
              if line[:3] == "001"}  # fmt: skip
    assert points == {"A": "1.0", "B": "0.5", "C": "0.5", "D": "0.0"}


# --------------------------------------------------------------------------- issue 18
# A small Swiss season worked out by hand (princenpaard with PP-2's cap lowered to 1 joker):
#   pairing numbers by rating: 1 a "Hanneke van der Linden" 1900, 2 b "Sven Mulder" 1800,
#   3 c "Anna de Vries" 1750, 4 d "Bram Jansen" 1700, 5 e "Eva Visser" 1600
#   round 1 (2025-09-02): a-b 1-0, c-d 1/2, e joker (the 1st: 1/2, H)
#   round 2 (2025-09-09): a-c 1-0, b-d 0-1, e joker (the 2nd, past the cap: 0, Z)
#   round 3 (2025-09-16) open: a b c present, d joker (his 1st: H), e joker (3rd: Z)
# Points, every listed result counted: a 1+1 = 2.0; b 0+0 = 0.0; c 1/2+0 = 0.5;
#   d 1/2+1 + 1/2 (round 3's announced joker) = 2.0; e 1/2+0+0 = 0.5.
# Standings after round 2 (points, then SB): a 2, d 1.5, c 0.5 (SB: 1/2 x d's 1.5 = 0.75),
#   e 0.5 (no games: SB 0), b 0 -> ranks a 1, d 2, c 3, e 4, b 5.

CAP_ONE = {"points": {"joker": {"points": "1/2", "cap": {"count": 1, "scope": "season"}}}}


def _small():  # type: ignore[no-untyped-def]
    from tests.builders import load

    players = [
        {"id": "a", "name": "Hanneke van der Linden", "rating": 1900},
        {"id": "b", "name": "Sven Mulder", "rating": 1800},
        {"id": "c", "name": "Anna de Vries", "rating": 1750},
        {"id": "d", "name": "Bram Jansen", "rating": 1700},
        {"id": "e", "name": "Eva Visser", "rating": 1600},
    ]
    rounds = [
        {"games": "a-b 1-0, c-d =, e joker", "date": "2025-09-02"},
        {"games": "a-c 1-0, b-d 0-1, e joker", "date": "2025-09-09"},
        {"present": "a b c", "entries": {"d": "joker", "e": "joker"}, "date": "2025-09-16"},
    ]
    return load("princenpaard", players, rounds, CAP_ONE)


def _lines() -> list[str]:
    season, ruleset = _small()
    return season_trf(season, ruleset).split("\r\n")[:-1]


def _player(no: int) -> str:
    return next(line for line in _lines() if line[:3] == "001" and int(line[4:8]) == no)


def test_every_line_ends_in_cr_lf_and_reads_back_with_cr_alone() -> None:
    """TRF's Remark 1: a CR ends every line; compcore writes CR LF (18 lines: 13 header
    records, 5 players), no bare LF anywhere. compcore's reader reads the same file with
    CR alone (as Remark 1 has it) or LF alone, to the same players."""
    season, ruleset = _small()
    text = season_trf(season, ruleset)
    assert text.count("\r\n") == 18 and text.count("\n") == 18 and text.endswith("\r\n")
    players = read_trf(text).players
    assert read_trf(text.replace("\r\n", "\r")).players == players
    assert read_trf(text.replace("\r\n", "\n")).players == players


def test_header_records_in_trf_2026_columns() -> None:
    """012 club / season / competition; 042 and 052 the first and last round's date as
    YYYY/MM/DD; 132 the round dates as YY/MM/DD in columns 92-99, 102-109, 112-119 (above
    each round's block: "132" then blanks up to column 91); 152 W (round 1's first player
    has white, as XXC white1 says); 202 SB and 212 PTS,SB (PP-6 ranks by SB; fewest jokers
    has no FIDE code and ends the list)."""
    header = [line for line in _lines() if line[:3] != "001"]
    dates = "132" + " " * 88 + "25/09/02  25/09/09  25/09/16"
    assert header == [
        "012 Test / 2025 / princenpaard",
        "042 2025/09/02",
        "052 2025/09/16",
        "062 5",
        "092 Individual: Swiss-System",
        dates,
        "142 36",
        "152 W",
        "192 FIDE_DUTCH_2025",
        "202 SB",
        "212 PTS,SB",
        "XXR 36",
        "XXC white1",
    ]
    assert dates[91:99] == "25/09/02" and dates[101:109] == "25/09/09"
    assert dates[111:119] == "25/09/16"


def test_the_132_dates_stand_above_the_round_blocks() -> None:
    """Round 2's date (columns 102-109) sits over round 2's block of player 1 (opponent in
    columns 102-105: "   3", colour 107 "w", result 109 "1")."""
    lines = _lines()
    dates = next(line for line in lines if line[:3] == "132")
    assert dates[101:109] == "25/09/09" and _player(1)[101:109] == "   3 w 1"


def test_a_magnus_youth_export_has_no_tie_break_records() -> None:
    """magnus-youth breaks ties by the initial order only (MG-6): no 202 and no 212."""
    assert not [x for x in _header("magnus-youth") if x[:3] in ("202", "212")]


def test_001_name_rank_points_and_blocks_in_their_columns() -> None:
    """Player 1 (a): columns 15-47 "Van der Linden, Hanneke" (23 characters, then blanks to
    33), 49-52 "1900", 81-84 " 2.0", 86-89 "   1"; round 1 (92-99) "   2 w 1", round 2
    (102-109) "   3 w 1", nothing for the open round (he is present)."""
    line = _player(1)
    assert line[14:47] == "Van der Linden, Hanneke".ljust(33)
    assert line[48:52] == "1900" and line[80:84] == " 2.0" and line[85:89] == "   1"
    assert line[91:] == "   2 w 1     3 w 1"


def test_a_joker_past_the_cap_is_a_zero_point_bye_and_the_open_rounds_joker_is_counted() -> None:
    """e: round 1 his 1st joker "0000 - H" (1/2), round 2 his 2nd, past the cap of 1,
    "0000 - Z" (0: as the standings score it), round 3 open, his 3rd: "0000 - Z"; points
    " 0.5", rank 4. d: round 3 open, his 1st joker "0000 - H", counted: " 2.0" (1.5 after
    round 2, plus 0.5), rank 2."""
    e, d = _player(5), _player(4)
    assert e[91:] == "0000 - H  0000 - Z  0000 - Z"
    assert e[80:84] == " 0.5" and e[85:89] == "   4"
    assert d[111:] == "0000 - H" and d[80:84] == " 2.0" and d[85:89] == "   2"
    assert [_player(n)[85:89] for n in range(1, 6)] == ["   1", "   5", "   3", "   2", "   4"]


def test_a_name_never_brings_a_control_character_into_the_file() -> None:
    """A name with a newline, CR, tab and NUL (the season reader is made to refuse them;
    the writer is safe anyway): each becomes a space, so "Sven\\r001 Mulder\\n" is written
    "Mulder, Sven 001" on its own line (federation_name of "Sven 001 Mulder" splits before
    the last word) and the file still has exactly 5 player lines; a competition named
    with a newline stays one 012 line."""
    from dataclasses import replace

    season, ruleset = _small()
    players = tuple(
        replace(p, name="Sven\r001 Mulder\n" if p.id == "b" else p.name.replace(" ", "\t"))
        for p in season.players
    )
    season = replace(season, players=players, competition="Jeugd\nA\x00")
    text = season_trf(season, ruleset)
    assert not any(ch in text.replace("\r\n", "") for ch in "\r\n\t\x00")
    lines = text.split("\r\n")
    assert lines[0] == "012 Test / 2025 / Jeugd A"
    assert sum(line[:3] == "001" for line in lines) == 5
    assert _name_of(lines, 2) == "Mulder, Sven 001"
    assert _name_of(lines, 1) == "Van der Linden, Hanneke"  # tabs between the words


def _name_of(lines: list[str], no: int) -> str:
    line = next(x for x in lines if x[:3] == "001" and int(x[4:8]) == no)
    return line[14:47].rstrip()


def test_a_long_name_is_cut_to_the_33_columns_of_the_name_field() -> None:
    """ "Hanneke Alexandra van der Linden-Bakkerszoon" as TRF writes it: "Van der
    Linden-Bakkerszoon, Hanneke Alexandra" (44 characters), cut to columns 15-47: "Van der
    Linden-Bakkerszoon, Hanne" (27 + 6 = 33); the rating still starts in column 49."""
    from dataclasses import replace

    season, ruleset = _small()
    long = "Hanneke Alexandra van der Linden-Bakkerszoon"
    players = tuple(replace(p, name=long) if p.id == "a" else p for p in season.players)
    line = next(
        x for x in season_trf(replace(season, players=players), ruleset).split("\r\n")
        if x.startswith("001    1")
    )  # fmt: skip
    assert line[14:47] == "Van der Linden-Bakkerszoon, Hanne" and line[48:52] == "1900"


def _open_points(document_player, played: int) -> Fraction:  # type: ignore[no-untyped-def]
    from compcore.pairing.swiss import FIDE_POINTS

    return sum((FIDE_POINTS.points(r) for r in document_player.rounds[played:]), Fraction(0))


def _points_differ(season, ruleset) -> int:  # type: ignore[no-untyped-def]
    """How many 001 lines' points are not the standings' score plus the open round's
    announced entries (H 1/2, Z 0)."""
    from compcore.scoring.standings import initial_order

    document = read_trf(season_trf(season, ruleset))
    humans = [p for p in initial_order(season, ruleset, 1) if not season.player(p).is_engine]
    scores = (
        {row.player: row.score for row in standings(season, ruleset).rows}
        if season.played_rounds
        else {}
    )
    played = len(season.played_rounds)
    return sum(
        line.points != scores.get(pid, 0) + _open_points(line, played)
        for pid, line in zip(humans, document.players, strict=True)
    )


@pytest.mark.parametrize("name", ["magnus-youth", "princenpaard"])
def test_trf_points_are_the_standings_score_for_every_swiss_demo_player_round_by_round(
    name: str,
) -> None:
    """Every Swiss demo season (pairing.method = "swiss"), as it stood after each round k:
    every player's points column is his standings score after round k, plus the half
    point of a joker announced for round k+1 (listed and counted). princenpaard has jokers
    past PP-2's cap of 4 (written Z: 0, as the standings score them); before, 48 lines of
    these files differed."""
    from tests.trf_support import after, demo

    season, ruleset = demo(name)
    assert ruleset.pairing.method == "swiss"
    for k in range(season.last_played + 1):
        assert _points_differ(after(season, k), ruleset) == 0, k


def test_every_bundled_swiss_preset_is_covered() -> None:
    """The presets that pair Swiss are the two whose demo seasons the test above checks."""
    from compcore.services.federation import swiss_presets

    assert set(swiss_presets()) == {"magnus-youth", "princenpaard"}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_trf_points_are_the_standings_score_in_generated_swiss_seasons(seed: int) -> None:
    """Generated FIDE Dutch seasons with jokers capped at 2 (trf_support.generated_swiss),
    round by round: no player's points column differs from the standings (plus the open
    round's announced joker)."""
    from tests.trf_support import after, generated_swiss

    season, ruleset = generated_swiss(seed)
    assert any(kind is Kind.JOKER for r in season.rounds for kind in (r.entries or {}).values())
    for k in range(season.last_played + 1):
        assert _points_differ(after(season, k), ruleset) == 0, k


def test_a_swiss_entry_worth_a_full_point_is_a_full_point_bye_and_the_bye_stays_u() -> None:
    """princenpaard with an external game worth 1 (an override): round 1 a-b 1-0, c plays
    externally (1 point: "0000 - F", a full-point bye, not paired), d has the bye ("0000 -
    U": the pairing-allocated bye, whatever scores it). Points a 1.0, b 0.0, c 1.0, d 1.0:
    the standings' scores."""
    from tests.builders import load

    season, ruleset = load(
        "princenpaard", "a b c d", ["a-b 1-0, c external, d bye"], {"points": {"external": "1"}}
    )
    lines = [x for x in season_trf(season, ruleset).split("\r\n") if x[:3] == "001"]
    assert [x[91:99] for x in lines] == ["   2 w 1", "   1 b 0", "0000 - F", "0000 - U"]
    scores = {row.player: row.score for row in standings(season, ruleset).rows}
    assert [x[80:84] for x in lines] == [f"{float(scores[p]):4.1f}" for p in "abcd"]
    assert [x[80:84] for x in lines] == [" 1.0", " 0.0", " 1.0", " 1.0"]
