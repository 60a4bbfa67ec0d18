"""Swiss club competitions (PP-4, PP-5, MG-6) through the FIDE Dutch engine, and the
knock-out cup and the seniors' forced games (MG-3, MG-7, MG-8)."""

from __future__ import annotations

import random

from compcore.domain.errors import PairingError
from compcore.domain.model import Kind
from compcore.pairing import pair
from compcore.pairing.club_swiss import tournament
from compcore.pairing.context import build_context
from compcore.pairing.rules import Rules
from tests.builders import load, raises_in_english


def pairs(result) -> list[tuple[str, str]]:
    return [(b.white, b.black) for b in result.boards]


YOUTH = [f"y{i}" for i in range(1, 8)]


def test_mg6_round_one_by_rating_absent_not_paired() -> None:
    """MG-6. y4 is absent (not paired, not the bye). Present by rating: y1 y2 y3 | y5 y6 y7
    (all score 0): FIDE Dutch round 1 pairs the top half against the bottom half, the
    higher-ranked on board 1 white and colours alternating by board: y1-y5, y6-y2, y3-y7."""
    season, ruleset = load(
        "magnus-youth", YOUTH, [{"present": "y1 y2 y3 y5 y6 y7", "entries": {"y4": "absent"}}]
    )
    result = pair(season, ruleset)
    assert pairs(result) == [("y1", "y5"), ("y6", "y2"), ("y3", "y7")]
    assert result.boards[0].placed.text("en") == "Swiss: score group 0 (MG-6)"
    assert result.boards[0].placed.rule == "MG-6"
    assert result.round.entries is not None and result.round.entries["y4"] is Kind.ABSENT


def test_mg6_pairing_allocated_bye_and_scores() -> None:
    """MG-6: five present: the Dutch engine allocates the bye (to the lowest-ranked of the
    lowest score group: y6). Round 2 uses the club's scores: y1, y6 won, y7 had the bye
    (1 point each), the others 0: the 1-point group y1, y6, y7."""
    season, ruleset = load(
        "magnus-youth",
        YOUTH,
        [{"present": "y1 y2 y3 y5 y6", "entries": {"y4": "absent", "y7": "absent"}}],
    )
    result = pair(season, ruleset)
    assert list(result.sitting_out) == ["y6"]
    assert result.round.entries is not None and result.round.entries["y6"] is Kind.BYE
    assert result.sitting_out["y6"].key == "bye.swiss"
    season, ruleset = load(
        "magnus-youth",
        YOUTH,
        [
            "y1-y5 1-0, y6-y2 1-0, y3 absent, y4 absent, y7 bye",
            {"present": "y1 y2 y3 y5 y6 y7", "entries": {"y4": "absent"}},
        ],
    )
    result = pair(season, ruleset)
    top = {pid for b in result.boards[:1] for pid in (b.white, b.black)}
    assert top == {"y1", "y7"}  # score group 1 pairs first; y6 floats down
    assert {frozenset(p) for p in pairs(result)} == {
        frozenset(("y1", "y7")),
        frozenset(("y5", "y6")),
        frozenset(("y2", "y3")),
    }


def test_mg6_season_as_swiss_tournament() -> None:
    """MG-6 conversion: played game -> opponent/colour/result, bye -> U, absence -> Z,
    pairing numbers by the initial order (rating)."""
    season, ruleset = load(
        "magnus-youth",
        YOUTH,
        ["y1-y5 1-0, y6-y2 1-0, y3 absent, y4 absent, y7 bye", {"present": YOUTH}],
    )
    ctx = build_context(season, ruleset, season.open_round)
    t, number, _ = tournament(ctx)
    by = {p.number: p for p in t.players}
    y1 = by[number["y1"]].history[0]
    assert (y1.opponent, y1.colour, y1.result) == (number["y5"], "w", "1")
    assert by[number["y7"]].history[0].result == "U"
    assert by[number["y3"]].history[0].result == "Z"
    assert number == {y: i for i, y in enumerate(YOUTH, start=1)}


PP = ["p1", "p2", "p3", "p4", "p5", "p6"]


def test_pp5_round_one_random_draw_seeded_and_stored() -> None:
    """PP-5: round 1 of the season is drawn at random with a seed stored in the round. The
    draw is random.Random(seed).shuffle of the ranking, consecutive drawn players meet, the
    first drawn has white; the same season gives the same pairing; a given seed is used."""
    season, ruleset = load("princenpaard", PP, [{"present": PP}])
    first = pair(season, ruleset)
    again = pair(season, ruleset)
    assert pairs(first) == pairs(again)
    seed = first.round.seed
    assert seed is not None
    drawn = list(PP)
    random.Random(seed).shuffle(drawn)
    assert pairs(first) == [(drawn[0], drawn[1]), (drawn[2], drawn[3]), (drawn[4], drawn[5])]
    assert first.boards[0].placed.text("en") == f"random draw (seed {seed}) (PP-5)"
    seeded, ruleset = load("princenpaard", PP, [{"present": PP, "seed": 42}])
    result = pair(seeded, ruleset)
    drawn = list(PP)
    random.Random(42).shuffle(drawn)
    assert result.round.seed == 42
    assert pairs(result)[0] == (drawn[0], drawn[1])


def test_pp5_no_rematch_within_a_cycle_but_in_the_next() -> None:
    """PP-5 (reading: no pair repeats within a cycle; points accumulate). Cycles of 2
    rounds here. Round 1: p1-p2, p3-p4; round 2: p1-p3, p2-p4 (first named won). Round 3
    starts cycle 1: scores p1 2, p2 1, p3 1, p4 0. Within the season nobody may meet again,
    so p1 can only get p4 (and p2-p3); with the cycle rule p1 floats down to the 1-point
    group and meets p3 again (p2-p4 too)."""
    rounds = ["p1-p2 1-0, p3-p4 1-0", "p1-p3 1-0, p2-p4 1-0", {"present": "p1 p2 p3 p4"}]
    season, ruleset = load("princenpaard", PP[:4], rounds, overrides={"rounds_per_cycle": 2})
    assert Rules(season, ruleset, 2, 0).violations("p1", "p2") == ("max-meetings",)
    assert Rules(season, ruleset, 3, 1).violations("p1", "p2") == ()
    result = pair(season, ruleset)
    assert {frozenset(p) for p in pairs(result)} == {
        frozenset(("p1", "p3")),
        frozenset(("p2", "p4")),
    }
    strict, ruleset2 = load(
        "princenpaard",
        PP[:4],
        rounds,
        overrides={"rounds_per_cycle": 2, "pairing": {"rematch_scope": "season"}},
    )
    result = pair(strict, ruleset2)
    assert {frozenset(p) for p in pairs(result)} == {
        frozenset(("p1", "p4")),
        frozenset(("p2", "p3")),
    }


def test_pp4_bye_lowest_ranked_without_a_bye_moving_up() -> None:
    """PP-4. Round 1: p1-p2, p3-p4 decisive (first named won), p5 bye (1 point). Ranking:
    p1, p3, p5 (1 point; SB then initial order), p2, p4 (0). Round 2, odd: the lowest
    ranked without a bye is p4: p4 sits out (bye) and is not given to the Dutch engine;
    the others are paired by score."""
    season, ruleset = load(
        "princenpaard", PP[:5], ["p1-p2 1-0, p3-p4 1-0, p5 bye", {"present": "p1 p2 p3 p4 p5"}]
    )
    result = pair(season, ruleset)
    assert list(result.sitting_out) == ["p4"]
    assert result.round.entries is not None and result.round.entries["p4"] is Kind.BYE
    assert (
        result.sitting_out["p4"].text("en") == "lowest-placed player who has not had a bye (PP-4)"
    )
    assert {pid for b in result.boards for pid in (b.white, b.black)} == {"p1", "p2", "p3", "p5"}
    assert all({b.white, b.black} != {"p1", "p2"} for b in result.boards)


def test_pp_joker_is_a_half_point_bye_in_the_swiss_history() -> None:
    """PP-2/PP-5: a joker round is TRF 'H' (half-point bye) for the Dutch engine."""
    season, ruleset = load(
        "princenpaard", PP[:4], ["p1-p2 1-0, p3 joker, p4 absent", {"present": "p1 p2 p3 p4"}]
    )
    ctx = build_context(season, ruleset, season.open_round)
    t, number, _ = tournament(ctx)
    codes = {p.number: p.history[0].result for p in t.players}
    assert codes[number["p3"]] == "H" and codes[number["p4"]] == "Z"


# --------------------------------------------------------------------------- magnus seniors


SENIORS = ["s1", "s2", "s3", "s4", "s5", "s6"]


def test_mg3_forced_games_first_then_unmet_nearest() -> None:
    """MG-3 / MG-8. Ratings s1 2000 .. s6 1950: values 30, 26, 22, 18, 14, 10 (MG-1).
    Round 1: s1 beat s5 (14), s2 beat s6 (10), s3-s4 drawn (s3 9, s4 11). Ranking s1, s4,
    s2, s3, s5, s6. Round 2: the director forces the cup game s2-s1 (reason "cup"): paired
    first, colours as given, reason MG-8. The rest by the ladder: s4's nearest, s3, was
    met, so s5 (not yet met, MG-3); then s3-s6. Colours (MG-3 reading): s4/s5 equal balance
    and both black last, the higher-placed s4 gets black; s6 (-1) white against s3 (+1)."""
    season, ruleset = load(
        "magnus-senior",
        SENIORS,
        [
            "s1-s5 1-0, s2-s6 1-0, s3-s4 =",
            {"present": SENIORS, "forced": [{"white": "s2", "black": "s1", "reason": "cup"}]},
        ],
    )
    result = pair(season, ruleset)
    assert pairs(result) == [("s2", "s1"), ("s5", "s4"), ("s6", "s3")]
    assert result.boards[0].forced
    assert result.boards[0].placed.text("en") == "forced: cup game (MG-8)"
    assert result.boards[0].placed.text("nl") == "verplichte partij: bekerpartij (MG-8)"
    assert (
        result.boards[1].placed.text("en") == "nearest player s4 has not yet met this season (MG-3)"
    )
    assert result.boards[1].colour.text("en") == "higher-placed s4 gets black (MG-3)"
    assert result.round.forced == season.open_round.forced


def test_mg3_no_hard_limit_on_meetings() -> None:
    """MG-3 reading: no hard limit. s1 and s2 met three times; when only they are present
    they meet again, with no relaxation needed."""
    season, ruleset = load(
        "magnus-senior",
        ["s1", "s2"],
        ["s1-s2 1-0", "s2-s1 1-0", "s1-s2 =", {"present": "s1 s2"}],
    )
    result = pair(season, ruleset)
    assert len(result.boards) == 1 and not result.relaxed
    assert result.boards[0].placed.key == "pair.met"


# --------------------------------------------------------------------------- the cup


def cup_players(ratings: dict[str, int]) -> list[str | dict[str, object]]:
    out: list[str | dict[str, object]] = []
    for pid, rating in ratings.items():
        flags = ["cup", "senior"] if not pid.startswith("x") else ["senior"]
        out.append({"id": pid, "name": pid.upper(), "rating": rating, "flags": flags})
    return out


RATINGS = {"c1": 2100, "c2": 2000, "c3": 1900, "c4": 1700, "c5": 1600, "x1": 1500}


def test_mg7_knockout_seeded_draw_odd_one_goes_through() -> None:
    """MG-7: entrants are the players flagged cup and senior (x1 is not). Five entrants:
    a seeded random draw (random.Random(seed).shuffle of the sorted ids), consecutive drawn
    players meet, the last drawn goes through with a bye; x1 is not-participating."""
    season, ruleset = load(
        "magnus-cup", cup_players(RATINGS), [{"present": list(RATINGS), "seed": 7}]
    )
    result = pair(season, ruleset)
    drawn = sorted(["c1", "c2", "c3", "c4", "c5"])
    random.Random(7).shuffle(drawn)
    assert pairs(result) == [(drawn[0], drawn[1]), (drawn[2], drawn[3])]
    assert list(result.sitting_out) == [drawn[4]]
    assert result.sitting_out[drawn[4]].rule == "MG-7"
    assert result.round.entries is not None and result.round.entries["x1"] is Kind.NOT_PARTICIPATING
    assert pairs(pair(season, ruleset)) == pairs(result)


def test_mg8_drawn_cup_game_decided_by_rating_gap_or_barrage() -> None:
    """MG-8. Round 1: c1-c4 drawn (gap 400 > 200: the lower-rated c4 goes through),
    c2-c3 drawn (gap 100: a barrage; the director recorded c3 as its winner), c5 bye.
    Round 2: c3, c4, c5 are still in (c1 and c2 are out)."""
    round1 = "c1-c4 =, c2-c3 =, c5 bye, x1 not-participating"
    decisions = [{"kind": "barrage-winner", "round": 1, "player": "c3"}]
    season, ruleset = load(
        "magnus-cup",
        cup_players(RATINGS),
        [round1, {"present": list(RATINGS), "seed": 3}],
        decisions=decisions,
    )
    result = pair(season, ruleset)
    still_in = {pid for b in result.boards for pid in (b.white, b.black)} | set(result.sitting_out)
    assert still_in == {"c3", "c4", "c5"}
    assert result.round.entries is not None
    assert result.round.entries["c1"] is Kind.NOT_PARTICIPATING
    undecided, ruleset = load(
        "magnus-cup", cup_players(RATINGS), [round1, {"present": list(RATINGS)}]
    )
    with raises_in_english(PairingError, "barrage winner"):
        pair(undecided, ruleset)
