"""The strict TRF16 reader, the plain pairing format, and compcore's club adaptations of
the FIDE Dutch pairing (``unavailable``, ``rematch_from_round``, ``scores``) on small
hand-made tournaments whose pairings are worked out by hand in the comments."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from compcore.adapters.files.trf import (
    format_plain_pairing,
    read_plain_pairing,
    read_trf,
    read_trf_file,
)
from compcore.adapters.files.trf_pairing import pair_trf_text
from compcore.domain.errors import PairingError, TrfError
from compcore.pairing.swiss import (
    SwissBoard,
    SwissPairing,
    SwissPlayer,
    SwissRecord,
    SwissTournament,
    allocate_colours,
    pair_dutch,
    player_inputs,
)
from tests.builders import raises_in_english

# ---------------------------------------------------------------------------
# Building TRF text
# ---------------------------------------------------------------------------


def player_line(
    number: int,
    points: str,
    blocks: list[str] = (),  # type: ignore[assignment]
    *,
    name: str | None = None,
    rating: str = "1800",
    rank: str = "",
) -> str:
    """A ``001`` line with every field in its TRF16 columns; blocks like ``"   3 w 1"``."""
    head = (
        f"001 {number:4d} m    {name or f'Player {number}':<33} {rating:>4} NED "
        f"{'12345678':>11} {'2000/01/01':>10} {points:>4} {rank:>4}  "
    )
    assert len(head) == 91
    return head + "".join(f"{b:<10}" for b in blocks)


HEADER = "012 Club Swiss\nXXR 5\nXXC white1\n"

# Four players, two rounds played: 1-3 1-0, 2-4 1-0; 1-2 =, 3-4 1-0 (colours in the
# blocks). Round 3: player 4 asked for a half-point bye beforehand.
SMALL = (
    HEADER
    + "\n".join(
        [
            player_line(1, "1.5", ["   3 w 1", "   2 b ="]),
            player_line(2, "1.5", ["   4 w 1", "   1 w ="]),
            player_line(3, "1.0", ["   1 b 0", "   4 w 1"]),
            player_line(4, "0.0", ["   2 b 0", "   3 b 0", "0000 - H"]),
        ]
    )
    + "\n102 Arbiter Name\n"
)


def test_reads_header_players_and_rounds() -> None:
    doc = read_trf(SMALL)
    assert doc.name == "Club Swiss"
    assert doc.total_rounds == 5
    assert doc.initial_colour == "white1"
    assert [p.number for p in doc.players] == [1, 2, 3, 4]
    first = doc.players[0]
    assert (first.name, first.rating, first.points, first.sex, first.federation) == (
        "Player 1",
        1800,
        Fraction(3, 2),
        "m",
        "NED",
    )
    assert first.rounds == (SwissRecord(3, "w", "1"), SwissRecord(2, "b", "="))
    assert doc.round_to_pair == 3
    assert dict(doc.preassigned) == {4: SwissRecord(None, None, "H")}
    assert doc.unavailable == frozenset({4})
    assert [r.code for r in doc.records] == ["102"]


def test_tournament_view_cuts_at_the_round_to_pair() -> None:
    t = read_trf(SMALL).tournament
    assert t.rounds_played == 2
    assert t.first_colour_white is True
    assert t.players[3].history == (SwissRecord(2, "b", "0"), SwissRecord(3, "b", "0"))


def test_blank_blocks_read_as_zero_point_byes() -> None:
    text = HEADER + "\n".join(
        [
            player_line(1, "1.0", ["   2 w 1", "0000 - U"]).replace("0000 - U", "        "),
            player_line(2, "0.0", ["   1 b 0"]),
        ]
    )
    doc = read_trf(text)
    assert doc.round_to_pair == 2
    assert doc.tournament.players[1].history == (SwissRecord(1, "b", "0"),)


def test_point_value_records_are_used() -> None:
    # BBW 3 / BBD 1: three points a win, one a draw
    text = "XXR 3\nBBW  3.0\nBBD  1.0\n" + "\n".join(
        [player_line(1, "3.0", ["   2 w 1"]), player_line(2, "0.0", ["   1 b 0"])]
    )
    doc = read_trf(text)
    assert doc.point_values.win == 3 and doc.point_values.draw == 1
    assert doc.tournament.points.win == 3


# A 3-1-0 tournament as bbpPairings reads it (issue 8): BBW 3, BBD 1, BBL/BBZ/BBF 0, no
# BBU. Round 1: 1-3 1-0, 2-4 draw, 5 the pairing-allocated bye U. Round 2: 5 wins by
# forfeit against 1 (5 "+", 1 "-"), 2-3 1-0, 4 a full-point bye F it asked for.
#   1: win 3 + forfeit loss (BBF) 0       = 3
#   2: draw 1 + win 3                     = 4
#   3: loss 0 + loss 0                    = 0
#   4: draw 1 + F (the win value)         = 4
#   5: U (no BBU: the win value) 3 + "+" 3 = 6
# compcore used to read BBF as the full-point bye and score U and F with 1: it computed
# 1 for player 5's U and refused the file.
THREE_ONE_ZERO_HEADER = (
    "012 Three points a win\nXXR 3\nXXC white1\nBBW  3.0\nBBD  1.0\nBBL  0.0\nBBZ  0.0\nBBF  0.0\n"
)


def three_one_zero(header: str = THREE_ONE_ZERO_HEADER, p1: str = "3.0", p5: str = "6.0") -> str:
    return (
        header
        + "\n".join(
            [
                player_line(1, p1, ["   3 w 1", "   5 b -"]),
                player_line(2, "4.0", ["   4 w =", "   3 w 1"]),
                player_line(3, "0.0", ["   1 b 0", "   2 b 0"]),
                player_line(4, "4.0", ["   2 b =", "0000 - F"]),
                player_line(5, p5, ["0000 - U", "   1 w +"]),
            ]
        )
        + "\n"
    )


def test_a_three_one_zero_file_reads_as_bbppairings_reads_it() -> None:
    doc = read_trf(three_one_zero())
    assert [p.points for p in doc.players] == [3, 4, 0, 4, 6]
    assert doc.point_values.forfeit_loss == 0 and doc.point_values.pab is None
    inputs = player_inputs(doc.tournament)
    assert [inputs[n].score for n in range(1, 6)] == [3, 4, 0, 4, 6]
    # F scored the win value without a game, as U did: neither 4 nor 5 may get the
    # pairing-allocated bye again (C.04.1 d); 1's forfeit loss is no unplayed win
    assert [n for n in range(1, 6) if inputs[n].had_unplayed_win] == [4, 5]


def test_the_three_one_zero_round_is_paired_on_those_scores() -> None:
    # Round 3 on 5: 6, 2: 4, 4: 4, 1: 3, 3: 0. The bye goes to the lowest eligible player,
    # 3 (4 and 5 scored a win without playing). 5 (no game played yet; the forfeit does not
    # count) floats down into {2, 4}, who drew already, and meets the higher, 2; 4 floats
    # down to 1. Colours: 2 had white twice (must have black), 5 none: 5-2. 4 had black,
    # 1 had white (its forfeit does not count): 4-1.
    assert pair_trf_text(three_one_zero()) == "3\n5 2\n4 1\n3 0\n"


def test_bbf_is_the_points_for_a_forfeit_loss() -> None:
    # BBF 1.0: player 1's forfeit loss is worth 1, so 3 + 1 = 4 (and 3.0 is refused)
    header = THREE_ONE_ZERO_HEADER.replace("BBF  0.0", "BBF  1.0")
    assert read_trf(three_one_zero(header, p1="4.0")).players[0].points == 4
    with raises_in_english(TrfError, r"player 1 has 3\.0 points but the results add up to 4\.0"):
        read_trf(three_one_zero(header))


def test_bbu_when_given_scores_the_pairing_allocated_bye() -> None:
    # BBU 1.0: player 5's U is worth 1, so 1 + 3 = 4 (and 6.0 is refused)
    header = THREE_ONE_ZERO_HEADER + "BBU  1.0\n"
    assert read_trf(three_one_zero(header, p5="4.0")).players[4].points == 4
    with raises_in_english(TrfError, r"player 5 has 6\.0 points but the results add up to 4\.0"):
        read_trf(three_one_zero(header))


@pytest.mark.parametrize("value", ["1e9999", "-1.0", "1.5e3", "0x10", "Infinity"])
def test_point_values_are_plain_decimals(value: str) -> None:
    # Decimal("1e9999") was finite, and turned into a float it overflowed (exit 70)
    with raises_in_english(TrfError, "line 1: BBW points"):
        read_trf(f"BBW {value}\n" + SMALL)


def test_pair_cli_a_hostile_trf_gives_one_line(tmp_path: Path, capsys) -> None:
    from compcore.cli import main as cli

    path = tmp_path / "t.trf"
    path.write_text("XXR 3\nBBW 1e9999\n" + SMALL.split("\n", 3)[3], encoding="utf-8")
    assert cli.main(["--lang", "en", "pair", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "BBW points '1e9999' is not a number" in err


def test_pair_cli_a_trf_that_is_not_utf8_names_the_line(tmp_path: Path, capsys) -> None:
    from compcore.cli import main as cli

    path = tmp_path / "t.trf"
    path.write_bytes(SMALL.replace("Club Swiss", "Caf\u00e9").encode("cp1252"))
    assert cli.main(["pair", str(path)]) == 2
    assert capsys.readouterr().err == "compcore: fout: TRF-regel 1: geen UTF-8 (byte 0xe9)\n"


def test_pair_cli_an_unpairable_trf_gives_one_line(tmp_path: Path, capsys) -> None:
    # 1 and 2 met in round 1: round 2 has no legal pairing. caissify logs its own warning
    # ("Multiple forced byes ...") while it searches; the user sees only compcore's line.
    from compcore.cli import main as cli

    path = tmp_path / "t.trf"
    path.write_text(
        "XXR 3\n"
        + "\n".join([player_line(1, "1.0", ["   2 w 1"]), player_line(2, "0.0", ["   1 b 0"])]),
        encoding="utf-8",
    )
    assert cli.main(["pair", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "compcore: fout: er is geen reglementaire indeling voor deze ronde\n"


def test_read_file_requires_utf8(tmp_path: Path) -> None:
    path = tmp_path / "t.trf"
    path.write_bytes(SMALL.replace("Club Swiss", "Caf\u00e9").encode("cp1252"))
    with raises_in_english(TrfError, "line 1: not UTF-8"):
        read_trf_file(path)
    path.write_text(SMALL, encoding="utf-8")
    assert read_trf_file(path).round_to_pair == 3


def _replace_line(text: str, line: int, new: str) -> str:
    rows = text.splitlines()
    rows[line - 1] = new
    return "\n".join(rows) + "\n"


# line numbers in SMALL: 1 012, 2 XXR, 3 XXC, 4-7 players 1-4, 8 the 102 record
BAD_INPUTS = [
    (_replace_line(SMALL, 4, "001    1 short"), "line 4: player line has 14 characters"),
    (
        _replace_line(
            SMALL, 4, player_line(1, "1.5", ["   3 w 1", "   2 b ="]).replace("   1 m", "  x1 m")
        ),
        "line 4: pairing number 'x1' is not a whole number",
    ),
    (
        _replace_line(SMALL, 5, player_line(1, "1.5", ["   4 w 1", "   1 w ="])),
        "line 5: pairing number 1 repeats line 4",
    ),
    (
        _replace_line(SMALL, 4, player_line(1, "1.5", ["   3 w 1", "   2 b ="], rating="18a0")),
        "line 4: rating '18a0' is not a whole number",
    ),
    (
        _replace_line(SMALL, 4, player_line(1, "one", ["   3 w 1", "   2 b ="])),
        "line 4: points 'one' is not a number such as 1, 1.5 or 10.0",
    ),
    (
        _replace_line(SMALL, 4, player_line(1, "1.5", ["   3 x 1", "   2 b ="])),
        "line 4: round 1: colour 'x' is not w, b or -",
    ),
    (
        _replace_line(SMALL, 4, player_line(1, "1.5", ["   3 w 7", "   2 b ="])),
        "line 4: round 1: unknown result '7'",
    ),
    (
        _replace_line(SMALL, 4, player_line(1, "1.5", ["   3 w 1", "   2 b  "])),
        "line 4: round 2: the game against 2 has no result",
    ),
    (
        _replace_line(SMALL, 4, player_line(1, "1.5", ["   3 w 1", "   2 - ="])),
        "line 4: round 2: the game against 2 has no colour",
    ),
    (
        _replace_line(SMALL, 4, player_line(1, "1.5", ["   3 w 1", "   2 b H"])),
        "line 4: round 2: bye result 'H' with an opponent",
    ),
    (
        _replace_line(SMALL, 4, player_line(1, "1.5", ["   3 w 1", "0000 - ="])),
        "line 4: round 2: game result '=' without an opponent",
    ),
    (
        _replace_line(SMALL, 4, player_line(1, "1.5", ["   3 w 1", "   9 b ="])),
        "line 4: round 2: opponent 9 has no 001 line",
    ),
    (
        _replace_line(SMALL, 4, player_line(1, "1.5", ["   3 w 1", "   2 w ="])),
        "line 4: round 2: 1 and 2 \\(line 5\\) both have colour w",
    ),
    (
        _replace_line(SMALL, 4, player_line(1, "1.5", ["   3 w 1", "   2 b 1"])),
        "line 4: round 2: result '1' against 2 but '=' on line 5",
    ),
    (
        _replace_line(SMALL, 4, player_line(1, "1.5", ["   4 w 1", "   2 b ="])),
        "line 4: round 1: opponent 4 \\(line 7\\) does not show a game against 1",
    ),
    (
        _replace_line(SMALL, 4, player_line(1, "2.0", ["   3 w 1", "   2 b ="])),
        "line 4: player 1 has 2.0 points but the results add up to 1.5",
    ),
    (_replace_line(SMALL, 2, "XXR five"), "line 2: XXR total rounds 'five' is not a whole number"),
    (_replace_line(SMALL, 2, "XXR 1"), "line 2: XXR 1 but round 2 was paired"),
    (_replace_line(SMALL, 3, "XXC red1"), "line 3: XXC 'red1' is not white1 or black1"),
    (_replace_line(SMALL, 8, "XXR 6"), "line 8: record XXR repeats line 2"),
    (_replace_line(SMALL, 8, "152 X"), "line 8: 152 'X' is not W or B \\(the initial colour\\)"),
    (
        _replace_line(SMALL, 8, "132" + " " * 88 + "25/09/02  25/13/09"),
        "line 8: round 2: the date '25/13/09' in record 132 is not a date YY/MM/DD",
    ),
    (
        _replace_line(SMALL, 8, "132 25/09/02"),
        "line 8: unexpected '2' in column 4-91",
    ),
    (
        _replace_line(SMALL, 4, player_line(1, "1.5", ["   3 w 1", "   2 b =x"])),
        "line 4: round 2: unexpected 'x' in column 110",
    ),
    ("012 Nobody\nXXR 3\n", "line 2: no player \\(001\\) line"),
]


@pytest.mark.parametrize(("text", "message"), BAD_INPUTS)
def test_bad_input_names_the_line(text: str, message: str) -> None:
    with pytest.raises(TrfError) as caught:
        read_trf(text)
    assert re.match(f"^TRF {message}", caught.value.describe("en"))


def test_points_check_can_be_switched_off() -> None:
    text = _replace_line(SMALL, 4, player_line(1, "9.0", ["   3 w 1", "   2 b ="]))
    assert read_trf(text, check_points=False).players[0].points == 9


def test_double_forfeit_is_accepted() -> None:
    text = HEADER + "\n".join(
        [player_line(1, "0.0", ["   2 w -"]), player_line(2, "0.0", ["   1 b -"])]
    )
    doc = read_trf(text)
    assert doc.players[0].rounds == (SwissRecord(2, "w", "-"),)
    assert not doc.players[0].rounds[0].played


# ---------------------------------------------------------------------------
# The plain pairing format
# ---------------------------------------------------------------------------


def test_plain_format_round_trip() -> None:
    pairing = SwissPairing(
        boards=(SwissBoard(1, 3, "x"), SwissBoard(4, 2, "y")),
        bye=5,
    )
    text = format_plain_pairing(pairing)
    assert text == "3\n1 3\n4 2\n5 0\n"
    assert read_plain_pairing(text) == (((1, 3), (4, 2)), 5)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "line 1: empty"),
        ("2\n1 2\n", "line 1: 2 boards announced, 1 given"),
        ("1\n1-2\n", "line 2: expected 'white black'"),
        ("2\n1 2\n2 3\n", "line 3: a player appears twice"),
        ("2\n1 0\n2 0\n", "line 3: a second bye"),
    ],
)
def test_plain_format_errors(text: str, message: str) -> None:
    with raises_in_english(TrfError, message):
        read_plain_pairing(text)


# ---------------------------------------------------------------------------
# Club adaptations on hand-made tournaments
# ---------------------------------------------------------------------------


def fresh(size: int, *, total: int = 5) -> SwissTournament:
    return SwissTournament(
        players=tuple(SwissPlayer(n, f"P{n}", 2000 - n, ()) for n in range(1, size + 1)),
        total_rounds=total,
        first_colour_white=True,
    )


def boards(pairing: SwissPairing) -> list[tuple[int, int]]:
    return [(b.white, b.black) for b in pairing.boards]


def test_unavailable_player_is_neither_paired_nor_given_the_bye() -> None:
    # Round 1, six players, player 2 absent. Present 1 3 4 5 6: odd, so the
    # pairing-allocated bye goes to the lowest-ranked player, 6. The rest split into
    # S1 = 1 3 and S2 = 4 5: 1-4, 3-5. Colours by E.5, by the effective pairing numbers
    # (2 is absent and was never paired, so it holds no place: 1 is first, 3 second): 1
    # odd gets the initial colour (white), 3 even the other one, so 5-3 (as bbpPairings
    # pairs it, tests/unit/pairing/test_swiss_bbp.py).
    pairing = pair_dutch(fresh(6), unavailable=frozenset({2}))
    assert boards(pairing) == [(1, 4), (5, 3)]
    assert pairing.bye == 6
    assert pairing.boards[0].reason == (
        "score group 0; colour E.5: initial colour by pairing number 1"
    )


def test_without_unavailable_round_one_alternates_by_pairing_number() -> None:
    # Six players: S1 = 1 2 3, S2 = 4 5 6: 1-4, 2-5, 3-6; odd numbers get white, 2 black.
    assert boards(pair_dutch(fresh(6))) == [(1, 4), (5, 2), (3, 6)]


def game(opponent: int, colour: str, result: str) -> SwissRecord:
    return SwissRecord(opponent, colour, result)  # type: ignore[arg-type]


# Three rounds, all four players have met each other:
#   R1: 1(w)-3 1-0, 2(w)-4 1-0    R2: 2(w)-1 =, 3(w)-4 1-0    R3: 1(w)-4 1-0, 3(w)-2 =
# Scores 1: 2.5, 2: 2, 3: 1.5, 4: 0. Colours 1: w b w (strong black), 2: w w b (strong
# black), 3: b w w (absolute black), 4: b b b (absolute white).
ROUND_ROBIN = SwissTournament(
    players=(
        SwissPlayer(1, "P1", 2400, (game(3, "w", "1"), game(2, "b", "="), game(4, "w", "1"))),
        SwissPlayer(2, "P2", 2300, (game(4, "w", "1"), game(1, "w", "="), game(3, "b", "="))),
        SwissPlayer(3, "P3", 2200, (game(1, "b", "0"), game(4, "w", "1"), game(2, "w", "="))),
        SwissPlayer(4, "P4", 2100, (game(2, "b", "0"), game(3, "b", "0"), game(1, "b", "0"))),
    ),
    total_rounds=5,
    first_colour_white=True,
)


def test_whole_tournament_forbids_every_rematch() -> None:
    # By FIDE (rematch_from_round=1) every pair has met: no legal pairing.
    with raises_in_english(PairingError, "no legal pairing"):
        pair_dutch(ROUND_ROBIN)


def test_rematch_window_only_forbids_games_of_the_current_cycle() -> None:
    # rematch_from_round=3: only the round-3 games (1-4, 2-3) are forbidden. Score groups
    # 2.5 {1}, 2 {2}, 1.5 {3}, 0 {4}: 1 floats down and meets 2 (the smallest score
    # difference), leaving 3-4 (allowed again). Colours: 1 and 2 both have a strong black
    # preference, so E.3 alternates from round 3 (1 had white, 2 black): 2 white. 3
    # (absolute black) and 4 (absolute white) both get their preference (E.1).
    pairing = pair_dutch(ROUND_ROBIN, rematch_from_round=3)
    assert boards(pairing) == [(2, 1), (4, 3)]
    assert pairing.bye is None
    assert pairing.boards[0].reason == "downfloater 1: 2.5 -> 2; colour E.3: alternation"
    assert pairing.boards[1].reason == (
        "downfloater 3: 1.5 -> 0; colour E.1: both preferences granted"
    )


def test_rematch_window_changes_the_rematch_bans_only() -> None:
    inputs = player_inputs(ROUND_ROBIN, rematch_from_round=3)
    assert inputs[1].opponents == frozenset({4})
    assert inputs[1].colours == ("w", "b", "w")  # colours still count from round 1
    assert player_inputs(ROUND_ROBIN)[1].opponents == frozenset({2, 3, 4})


# One round: 1(w) beat 3, 4(w) drew with 2. Standard scores 1: 1, 2: .5, 3: 0, 4: .5.
ONE_ROUND = SwissTournament(
    players=(
        SwissPlayer(1, "P1", 2400, (game(3, "w", "1"),)),
        SwissPlayer(2, "P2", 2300, (game(4, "b", "="),)),
        SwissPlayer(3, "P3", 2200, (game(1, "b", "0"),)),
        SwissPlayer(4, "P4", 2100, (game(2, "w", "="),)),
    ),
    total_rounds=5,
    first_colour_white=True,
)


def test_standard_scores() -> None:
    # Groups 1 {1}, .5 {2, 4}, 0 {3}. 1 floats down and meets the first of S2 = 2 4: 1-2;
    # then 4 floats down to 3: 4-3. Colours E.1: 1 and 4 had white (want black), 2 and 3
    # had black (want white): 2-1 and 3-4.
    assert boards(pair_dutch(ONE_ROUND)) == [(2, 1), (3, 4)]


def test_score_override_changes_the_score_groups() -> None:
    # The club's own points: 2 and 3 on 1, 1 and 4 on 0. Groups 1 {2, 3}: 2-3; 0 {1, 4}:
    # 1-4. Colours: 2 and 3 both had black (mild white preference): E.3 finds no round
    # where they differed, E.4 grants the higher-ranked 2 (same score, lower number) white.
    # 1 and 4 both had white: E.4 grants the higher-ranked 1 black: 4-1.
    scores = {1: Fraction(0), 2: Fraction(1), 3: Fraction(1), 4: Fraction(0)}
    pairing = pair_dutch(ONE_ROUND, scores=scores)
    assert boards(pairing) == [(2, 3), (4, 1)]
    assert pairing.boards[1].reason == ("score group 0; colour E.4: preference of higher-ranked 1")


def test_colour_rank_is_by_score_before_pairing_number() -> None:
    # 1 and 2 both had white (mild black preference), no alternation possible. E.4 grants
    # the higher-ranked player's preference; with 2 on one point and 1 on zero, 2 ranks
    # higher (A.2: score first), so 2 gets black. caissify ranked 1 higher here.
    t = SwissTournament(
        players=(
            SwissPlayer(1, "P1", 2400, (game(3, "w", "0"),)),
            SwissPlayer(2, "P2", 2300, (game(4, "w", "1"),)),
            SwissPlayer(3, "P3", 2200, (game(1, "b", "1"),)),
            SwissPlayer(4, "P4", 2100, (game(2, "b", "0"),)),
        ),
        total_rounds=5,
        first_colour_white=True,
    )
    inputs = player_inputs(t)
    decision = allocate_colours(inputs[1], inputs[2], 0.0, 1.0, True)
    assert (decision.white, decision.black, decision.rule) == (1, 2, "E.4")
    same_score = allocate_colours(inputs[1], inputs[2], 1.0, 1.0, True)
    assert (same_score.white, same_score.black) == (2, 1)


def test_initial_colour_black() -> None:
    # XXC black1: E.5 gives the odd-numbered higher-ranked player black.
    t = SwissTournament(players=fresh(4).players, total_rounds=5, first_colour_white=False)
    assert boards(pair_dutch(t)) == [(3, 1), (2, 4)]


def test_forfeits_do_not_forbid_a_rematch_nor_count_for_colours() -> None:
    # Round 1: 1-2 forfeited (2 did not come), 3-4 and 5-6 played. The forfeit gives 1 no
    # colour and no opponent, and counts as an unplayed win (no pairing-allocated bye
    # later). With the club's scores putting 1 and 2 alone in the top group, they meet:
    # a forfeited pairing may be repeated. (3-4 and 5-6 may not: 3-5/4-6 or 3-6/4-5.)
    t = SwissTournament(
        players=(
            SwissPlayer(1, "P1", 2400, (game(2, "w", "+"),)),
            SwissPlayer(2, "P2", 2300, (game(1, "b", "-"),)),
            SwissPlayer(3, "P3", 2200, (game(4, "w", "1"),)),
            SwissPlayer(4, "P4", 2100, (game(3, "b", "0"),)),
            SwissPlayer(5, "P5", 2000, (game(6, "w", "1"),)),
            SwissPlayer(6, "P6", 1900, (game(5, "b", "0"),)),
        ),
        total_rounds=5,
        first_colour_white=True,
    )
    inputs = player_inputs(t)
    assert inputs[1].colours == () and inputs[1].opponents == frozenset()
    assert inputs[1].had_unplayed_win and not inputs[3].had_unplayed_win
    assert inputs[1].floats == ("down",) and inputs[2].floats == ("none",)
    scores = {n: Fraction(1 if n in (1, 2) else 0) for n in range(1, 7)}
    pairs = {frozenset(p) for p in boards(pair_dutch(t, scores=scores))}
    assert frozenset({1, 2}) in pairs
    assert frozenset({3, 4}) not in pairs and frozenset({5, 6}) not in pairs


def test_input_errors() -> None:
    with raises_in_english(PairingError, "unavailable player 9"):
        pair_dutch(fresh(4), unavailable=frozenset({9}))
    with raises_in_english(PairingError, "no score given for player 4"):
        pair_dutch(fresh(4), scores={1: Fraction(0), 2: Fraction(0), 3: Fraction(0)})
    with raises_in_english(PairingError, "rematch_from_round"):
        pair_dutch(fresh(4), rematch_from_round=0)
    broken = SwissTournament(
        players=(
            SwissPlayer(1, "P1", None, (game(2, "w", "1"),)),
            SwissPlayer(2, "P2", None, (game(1, "b", "1"),)),
        ),
        total_rounds=3,
        first_colour_white=True,
    )
    with raises_in_english(PairingError, "results '1' and '1' do not match"):
        pair_dutch(broken)


def test_trivial_fields() -> None:
    assert pair_dutch(fresh(3), unavailable=frozenset({1, 2, 3})) == SwissPairing((), None)
    assert pair_dutch(fresh(3), unavailable=frozenset({1, 2})) == SwissPairing((), 3)


def test_pair_trf_text_leaves_preassigned_players_out() -> None:
    # SMALL, round 3: player 4 asked for a half-point bye, so 1 2 3 are paired. 1 met 3
    # (round 1) and 2 (round 2): the only legal game is 2-3 and 1 gets the bye. Colours:
    # 2 had white twice (absolute black preference), 3 had black then white (mild black):
    # E.2 grants the stronger preference, 2 black.
    assert pair_trf_text(SMALL) == "2\n3 2\n1 0\n"


@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(0, len(SMALL) - 1), st.sampled_from(list("0123456789 wb-+=HUZFx\n."))
        ),
        min_size=1,
        max_size=4,
    )
)
def test_any_edit_reads_or_raises_trf_error(edits: list[tuple[int, str]]) -> None:
    text = list(SMALL)
    for position, char in edits:
        text[position] = char
    try:
        read_trf("".join(text))
    except TrfError as error:
        assert str(error).startswith("TRF-regel ")  # Dutch, the default
        assert error.describe("en").startswith("TRF line ")
        assert "\n" not in str(error)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 9), st.data())
def test_completion_oracle_equals_backtracking(n, data) -> None:
    """completable() says exactly when caissify's backtracking ("the first unpaired vertex
    takes a partner, until at most one is left") succeeds; brute force on small graphs."""
    from compcore.pairing.swiss.engine import completable

    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    edges = set(data.draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else [])

    def backtrack(remaining: list[int]) -> bool:
        if len(remaining) <= 1:
            return True
        first, rest = remaining[0], remaining[1:]
        return any((first, j) in edges and backtrack([x for x in rest if x != j]) for j in rest)

    assert completable(list(range(n)), edges) == backtrack(list(range(n)))


def test_last_resort_matching_equals_caissify_backtracking() -> None:
    """Our _backtrack_match gives caissify's own backtracking result (the first complete
    matching in list order), or None where there is none, on random small groups."""
    import random

    from caissify_pairings.engines import dutch

    from compcore.pairing.swiss.engine import _DutchEngine

    class Stub:
        def __init__(self, pid: int, opponents: set[int]) -> None:
            self.id, self.opponents = pid, opponents

    rng = random.Random(7)
    for _ in range(300):
        n = rng.randint(0, 9)
        players = [Stub(i, set()) for i in range(n)]
        for a in players:
            for b in players:
                if a.id < b.id and rng.random() < 0.45:
                    a.opponents.add(b.id)
                    b.opponents.add(a.id)
        engine = _DutchEngine.__new__(_DutchEngine)
        ours = _DutchEngine._backtrack_match(engine, players, relaxed=True)
        theirs = dutch.DutchEngine._backtrack_match(engine, players, relaxed=True)
        assert ours == theirs


# TRF-2026's 152 and TRF16's 132 (issue 18 item 2), and the line ends of Remark 1


def test_152_gives_the_initial_colour_as_xxc_does() -> None:
    """ "152 W" is XXC white1, "152 B" is XXC black1 (TRF-2026: the initial colour)."""
    without = SMALL.replace("XXC white1\n", "")
    assert read_trf(without).initial_colour is None
    assert read_trf(without.replace("XXR 5\n", "XXR 5\n152 W\n")).initial_colour == "white1"
    assert read_trf(without.replace("XXR 5\n", "XXR 5\n152 B\n")).initial_colour == "black1"


def test_132_gives_the_round_dates_by_their_columns() -> None:
    """ "132", blanks to column 91, then "25/09/02" in columns 92-99 (round 1), round 2's slot
    (102-109) blank, "25/09/16" in 112-119 (round 3): rounds 1 and 3 dated, as ISO dates."""
    record = "132" + " " * 88 + "25/09/02" + " " * 12 + "25/09/16"
    assert record[91:99] == "25/09/02" and record[111:119] == "25/09/16"
    doc = read_trf(SMALL.replace("XXC white1\n", f"XXC white1\n{record}\n"))
    assert dict(doc.round_dates) == {1: "2025-09-02", 3: "2025-09-16"}
    assert dict(read_trf(SMALL).round_dates) == {}


@pytest.mark.parametrize("end", ["\r\n", "\r"])
def test_cr_lf_and_cr_line_ends_read_as_lf_does(end: str) -> None:
    """TRF's Remark 1 ends each line with a CR: CR alone and CR LF read the same file."""
    assert read_trf(SMALL.replace("\n", end)) == read_trf(SMALL)
