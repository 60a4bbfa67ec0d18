"""Dubbelschaak pairing rules (DS-9 .. DS-15) on small seasons worked out by hand.

DS values (DS-1 reading) with N players in the ranking: top = ceil(3(N-1)/2), step 1. With
4 players: 5, 4, 3, 2; with 6 (5 humans and the engine): 8, 7, 6, 5, 4, 3. Scores are
recomputed from the previous ranking (DS-8), ties go by initial order (rating).
"""

from __future__ import annotations

from typing import get_args

import pytest

from compcore.domain.errors import PairingError
from compcore.domain.model import Kind
from compcore.pairing import pair, repair_late
from compcore.pairing.check import check, check_round
from compcore.pairing.colours import allocate
from compcore.pairing.rules import Rules
from compcore.rules.rulesets.schema import ColourRule
from compcore.scoring.standings import standings
from tests.builders import load

FOUR = ["p1", "p2", "p3", "p4"]
COLOUR_RULES = frozenset(get_args(ColourRule))


def pairs(result) -> list[tuple[str, str]]:
    return [(b.white, b.black) for b in result.boards]


def order(season, ruleset) -> tuple[str, ...]:
    return standings(season, ruleset).order


def engine_players(opt_in: tuple[str, ...]) -> list[str | dict[str, object]]:
    out: list[str | dict[str, object]] = []
    for i, pid in enumerate(["p1", "p2", "p3", "p4", "p5"]):
        player: dict[str, object] = {"id": pid, "name": pid.upper(), "rating": 2000 - 100 * i}
        if pid in opt_in:
            player["flags"] = ["engine-opt-in"]
        out.append(player)
    out.append({"id": "komodo", "name": "Komodo", "virtual": "engine"})
    return out


ROUND1_ENGINE = "p1-p2 1-0, p3-p4 1-0, p5-komodo 0-1"


def test_ds9_engine_joins_when_odd_and_takes_nearest_eligible_partner() -> None:
    """DS-9. Round 1: p1 beats p2, p3 beats p4, the engine beats p5. Values from the initial
    ranking p1..p5, komodo (8..3): p1 7, p3 5, komodo 4, others 0, so the ranking is
    p1, p3, komodo, p2, p4, p5. Round 2: five humans, odd, so the engine joins at place 3.
    Opted in: p2 and p5 (p5 already played the engine: at most once a season).
    p1: nearest not yet met is p3. komodo: nearest not yet met and eligible is p2. p4-p5.
    Colours (DS-13): p1/p3 equal balance and both had white: higher-placed p1 gets black;
    komodo/p2 both -1 and black last: higher-placed komodo black; p4 (-1) white vs p5 (+1).
    """
    season, ruleset = load(
        "dubbelschaak",
        engine_players(("p2", "p5")),
        [ROUND1_ENGINE, {"present": "p1 p2 p3 p4 p5"}],
    )
    assert order(season, ruleset) == ("p1", "p3", "komodo", "p2", "p4", "p5")
    result = pair(season, ruleset)
    assert pairs(result) == [("p3", "p1"), ("p2", "komodo"), ("p4", "p5")]
    engine_board = result.boards[1]
    assert engine_board.placed.key == "pair.engine" and engine_board.placed.rule == "DS-9"
    assert result.boards[0].colour.key == "colour.higher-placed-black"
    assert result.boards[0].colour.rule == "DS-13.4"
    assert not result.sitting_out


def test_ds9_engine_not_paired_when_even() -> None:
    """DS-9: only when the number of present humans is odd. Four humans: no engine; the
    engine's entry is not-participating (it scores nothing)."""
    season, ruleset = load(
        "dubbelschaak",
        engine_players(("p2",)),
        [ROUND1_ENGINE, {"present": "p1 p2 p3 p4", "entries": {"p5": "absent"}}],
    )
    result = pair(season, ruleset)
    assert all("komodo" not in (b.white, b.black) for b in result.boards)
    assert (
        result.round.entries is not None
        and result.round.entries["komodo"] is Kind.NOT_PARTICIPATING
    )


def test_ds9_engine_limit_falls_back_to_bye() -> None:
    """DS-9: only p5 opted in, and p5 already played the engine this season: the engine
    cannot be paired legally, so the lowest-placed player without a bye sits out (p5, who
    opted in, so a plain bye)."""
    season, ruleset = load(
        "dubbelschaak", engine_players(("p5",)), [ROUND1_ENGINE, {"present": "p1 p2 p3 p4 p5"}]
    )
    result = pair(season, ruleset)
    assert list(result.sitting_out) == ["p5"]
    assert result.round.entries is not None
    assert result.round.entries["p5"] is Kind.BYE
    assert result.round.entries["komodo"] is Kind.NOT_PARTICIPATING
    reason = result.sitting_out["p5"]
    assert reason.key == "bye.engine-fallback" and reason.rule == "DS-9"
    assert "engine cannot be paired" in reason.text("en")
    assert pairs(result) == [("p3", "p1"), ("p4", "p2")]


def test_ds10_odd_one_out_who_declined_the_engine() -> None:
    """DS-10: nobody opted in: the odd one out (lowest placed without a bye: p5) gets
    declined-engine (3/6 own value), with the reason."""
    season, ruleset = load(
        "dubbelschaak", engine_players(()), [ROUND1_ENGINE, {"present": "p1 p2 p3 p4 p5"}]
    )
    result = pair(season, ruleset)
    assert result.round.entries is not None
    assert result.round.entries["p5"] is Kind.DECLINED_ENGINE
    assert result.sitting_out["p5"].key == "bye.declined-engine"
    assert result.sitting_out["p5"].rule == "DS-10"


def test_ds11_not_yet_met_first() -> None:
    """DS-11. Round 1: p1-p2 and p3-p4 drawn. Values 5,4,3,2: p1 gets 2, p2 2.5, p3 1,
    p4 1.5, so the ranking is p2, p1, p4, p3. Round 2: p2's nearest, p1, was met this cycle:
    skip to p4 (not yet met). p1 then gets p3."""
    season, ruleset = load("dubbelschaak", FOUR, ["p1-p2 =, p3-p4 =", {"present": "p1 p2 p3 p4"}])
    assert order(season, ruleset) == ("p2", "p1", "p4", "p3")
    result = pair(season, ruleset)
    assert sorted(map(sorted, pairs(result))) == [["p1", "p3"], ["p2", "p4"]]
    first = next(b for b in result.boards if "p2" in (b.white, b.black))
    assert first.placed.key == "pair.unmet" and first.placed.rule == "DS-11"
    assert first.placed.text("en") == "nearest player p2 has not yet met this cycle (DS-11)"


def test_ds11_at_most_three_meetings_per_cycle() -> None:
    """DS-11. p1 beat p2 three times (rounds 1-3) and everyone met everyone: p3-p4 in rounds
    1-3 (p3 won, then two draws), round 4 p1-p3, p2-p4, round 5 p1-p4, p2-p3 (the first
    named won). Ranking p1, p2, p3, p4. Round 6: p1 met everybody, so DS-11 falls back to the
    nearest met player: p2, but they met 3 times already this cycle: next, p3. Then p2-p4.
    Colours: both are repeats, so reversed (DS-13.1): p3 had black in round 4, p4 in round 4.
    """
    season, ruleset = load(
        "dubbelschaak",
        FOUR,
        [
            "p1-p2 1-0, p3-p4 1-0",
            "p2-p1 0-1, p4-p3 =",
            "p1-p2 1-0, p3-p4 =",
            "p1-p3 1-0, p2-p4 1-0",
            "p1-p4 1-0, p2-p3 1-0",
            {"present": "p1 p2 p3 p4"},
        ],
    )
    assert order(season, ruleset) == ("p1", "p2", "p3", "p4")
    result = pair(season, ruleset)
    assert pairs(result) == [("p3", "p1"), ("p4", "p2")]
    assert result.boards[0].placed.text("en") == (
        "p1 and p2 met 3 times already this cycle (DS-11), so next"
    )
    assert result.boards[0].colour.key == "colour.repeat-reversed"
    assert result.boards[0].colour.rule == "DS-13.1"


def test_ds11_no_legal_pairing_relaxes_max_meetings() -> None:
    """DS-11 + relaxation: only p1 and p2 came, and they met 3 times this cycle. No legal
    pairing exists; max-meetings is in DS's relax_order, so it is relaxed and reported, and
    the stored board carries the relaxation as its logged override."""
    season, ruleset = load(
        "dubbelschaak",
        FOUR,
        [
            "p1-p2 1-0, p3-p4 1-0",
            "p2-p1 =, p3-p4 =",
            "p1-p2 0-1, p3-p4 =",
            {"present": "p1 p2", "entries": {"p3": "absent", "p4": "absent"}},
        ],
    )
    result = pair(season, ruleset)
    assert [r.rule for r in result.relaxed] == ["max-meetings"]
    text = result.relaxed[0].reason.text("en")
    assert "(p2 and p1 could not all be paired)" in text and text.endswith("(DS-11)")
    assert result.boards[0].placed.key == "pair.relaxed"
    assert result.round.games is not None and result.round.games[0].override is not None
    # reversed colours of the previous meeting (p1 white in round 3): p2 white
    assert (result.boards[0].white, result.boards[0].black) == ("p2", "p1")


def test_ds12_first_round_of_a_cycle_uses_blocks_by_initial_order() -> None:
    """DS-12 (reading: KC-5's blocks for the pairs, DS-13 for the colours). Cycle 0:
    round 1 p1-p2, p3-p4, p5-p6; round 2 p3-p2, p4-p1, p6-p5. Balances: p1 0 (black last),
    p2 -2, p3 +2, p4 0 (white last), p5 0, p6 0. Cycle 1 starts at round 3: standings
    restart, so the ranking is the initial order p1..p6 (rating). One block of 6 (size 20):
    #1-#4, #2-#5, #3-#6 (the scheme's first named: p1, p5, p3). Colours by DS-13, as in any
    round: p1/p4 equal balance, p1 had black last: p1 white (13.3); p2 (-2) against p5 (0):
    p2 white (13.2), where the scheme would have given him a third black; p6 (0) against
    p3 (+2): p6 white (13.2). With scheme_colours = true (KC-5's reading) the first named
    would have white: p1-p4, p5-p2, p3-p6."""
    six = ["p1", "p2", "p3", "p4", "p5", "p6"]
    rounds = [
        {"cycle": 0, "games": "p1-p2 1-0, p3-p4 1-0, p5-p6 1-0"},
        {"cycle": 0, "games": "p3-p2 1-0, p4-p1 0-1, p6-p5 ="},
        {"cycle": 1, "present": six},
    ]
    season, ruleset = load("dubbelschaak", six, rounds)
    assert ruleset.pairing.first_rounds is not None
    assert ruleset.pairing.first_rounds.scheme_colours is False
    result = pair(season, ruleset)
    assert pairs(result) == [("p1", "p4"), ("p2", "p5"), ("p6", "p3")]
    assert [b.placed.text("en") for b in result.boards] == [
        "block scheme #1 vs #4 (DS-12)",
        "block scheme #2 vs #5 (DS-12)",
        "block scheme #3 vs #6 (DS-12)",
    ]
    assert [b.colour.rule for b in result.boards] == ["DS-13.3", "DS-13.2", "DS-13.2"]
    assert result.boards[1].colour.text("en") == (
        "lower colour balance gets white (p2: -2 against 0) (DS-13.2)"
    )
    # the stored round checks clean: its colours are DS-13's
    assert check_round(season, ruleset, result.round) == []
    # the same season with the scheme's colours (the field is what decides)
    scheme, scheme_rules = load(
        "dubbelschaak",
        six,
        rounds,
        overrides={"pairing": {"first_rounds": {"scheme_colours": True}}},
    )
    by_scheme = pair(scheme, scheme_rules)
    assert pairs(by_scheme) == [("p1", "p4"), ("p5", "p2"), ("p3", "p6")]
    assert by_scheme.boards[1].colour.text("en") == "first named has white (DS-12)"


def test_ds13_colour_priorities() -> None:
    """DS-13 in falling priority, on two small histories.

    A: round 1 p1-p2 1-0, p3-p4 1-0; round 2 p2-p3 =, p4-p1 =. Every balance is 0; last
    colours: p1 black, p2 white, p3 black, p4 white.
    * in the same cycle p1 (higher) vs p2: they met with p1 white, so reversed: p2 white (13.1);
    * in a new cycle p1 vs p2: equal balance, p1 had black last: p1 white (13.3);
    * in a new cycle p1 vs p3: equal balance, both black last: higher-placed p1 black (13.4).
    B: round 1 only, p1 +1, p2 -1, p3 +1, p4 -1. New cycle p1 vs p4: lower balance p4 white (13.2).
    """
    a, ruleset = load(
        "dubbelschaak",
        FOUR,
        ["p1-p2 1-0, p3-p4 1-0", "p2-p3 =, p4-p1 =", {"present": "p1 p2 p3 p4"}],
    )
    same_cycle, new_cycle = Rules(a, ruleset, 3, 0), Rules(a, ruleset, 3, 1)
    assert [same_cycle.balance[p] for p in FOUR] == [0, 0, 0, 0]
    assert allocate(same_cycle, "p1", "p2")[0:2] == ("p2", "p1")
    assert allocate(same_cycle, "p1", "p2")[2].rule == "DS-13.1"
    assert allocate(new_cycle, "p1", "p2")[0] == "p1"
    assert allocate(new_cycle, "p1", "p2")[2].rule == "DS-13.3"
    assert allocate(new_cycle, "p1", "p3")[0] == "p3"
    assert allocate(new_cycle, "p1", "p3")[2].rule == "DS-13.4"
    b, _ = load("dubbelschaak", FOUR, ["p1-p2 1-0, p3-p4 1-0", {"present": "p1 p2 p3 p4"}])
    white, black, why = allocate(Rules(b, ruleset, 2, 1), "p1", "p4")
    assert (white, black, why.rule) == ("p4", "p1", "DS-13.2")
    assert why.text("en") == "lower colour balance gets white (p4: -1 against 1) (DS-13.2)"


def test_ds13_1_only_the_second_game_is_reversed() -> None:
    """DS-13.1, reading: the colours are reversed only when exactly one game of the two was
    played over the board in the meetings scope (DS: the cycle) before this round.

    Third game: rounds 1 p1-p2 1-0, p3-p4 1-0; 2 p2-p1 =, p4-p3 =; 3 p1-p3 1-0, p4-p2 =;
    round 4 only p1 and p2 came. Balances p1 +1 (w, b, w), p2 -1 (b, w, b). Their third
    game in cycle 0 is not reversed (that would give p1 white, round 2's reversed); it falls
    to DS-13.2: p2, the lower balance, white.

    Forfeit: the same with round 1's p1-p2 a forfeit. A forfeit carries no colour and is no
    game here, so round 4 is their second game (round 2 played, p2 white): reversed, p1
    white (DS-13.1), though the third meeting.

    Cycle scope: p1-p2 twice in cycle 0 (rounds 1-2), once in cycle 1 (round 3, p1 white).
    Round 4 is their second game of cycle 1: reversed, p2 white. After p2-p1 in round 4, a
    third game of cycle 1 in round 5 is not reversed: balances both 0, p1 had black last,
    so p1 white by alternation (DS-13.3), not by DS-13.1."""
    absent = {"p3": "absent", "p4": "absent"}
    third, ruleset = load(
        "dubbelschaak",
        FOUR,
        [
            "p1-p2 1-0, p3-p4 1-0",
            "p2-p1 =, p4-p3 =",
            "p1-p3 1-0, p4-p2 =",
            {"present": "p1 p2", "entries": absent},
        ],
    )
    result = pair(third, ruleset)
    assert pairs(result) == [("p2", "p1")]
    assert result.boards[0].colour.text("en") == (
        "lower colour balance gets white (p2: -1 against 1) (DS-13.2)"
    )
    assert Rules(third, ruleset, 4, 0).repeat_colours("p1", "p2") is None
    forfeit, _ = load(
        "dubbelschaak",
        FOUR,
        [
            "p1-p2 1-0F, p3-p4 1-0",
            "p2-p1 =, p4-p3 =",
            "p1-p3 1-0, p4-p2 =",
            {"present": "p1 p2", "entries": absent},
        ],
    )
    result = pair(forfeit, ruleset)
    assert pairs(result) == [("p1", "p2")]
    assert result.boards[0].colour.text("en") == (
        "second game this cycle: colours of round 2 reversed, p1 gets white (DS-13.1)"
    )
    cycles, _ = load(
        "dubbelschaak",
        FOUR,
        [
            {"cycle": 0, "games": "p1-p2 1-0, p3-p4 1-0"},
            {"cycle": 0, "games": "p2-p1 =, p4-p3 ="},
            {"cycle": 1, "games": "p1-p2 =, p3-p4 ="},
            {"cycle": 1, "games": "p2-p1 =, p4-p3 ="},
        ],
    )
    second = allocate(Rules(cycles, ruleset, 4, 1), "p1", "p2")
    assert (second[0], second[2].rule) == ("p2", "DS-13.1")
    third_in_cycle = allocate(Rules(cycles, ruleset, 5, 1), "p1", "p2")
    assert (third_in_cycle[0], third_in_cycle[2].rule) == ("p1", "DS-13.3")


def test_ds14_late_repairing_keeps_other_boards() -> None:
    """DS-14. Round 2 was published with p1-p2, p3-p4, p5-p6 (no results yet). p2 and p4
    did not come: p1 and p3 (both without an opponent) are re-paired against each other;
    p5-p6 stays. p2 and p4 get absent-unexcused."""
    six = ["p1", "p2", "p3", "p4", "p5", "p6"]
    published = {
        "present": six,
        "games": [
            {"white": "p1", "black": "p2"},
            {"white": "p3", "black": "p4"},
            {"white": "p5", "black": "p6"},
        ],
        "entries": {},
    }
    season, ruleset = load("dubbelschaak", six, ["p1-p6 1-0, p2-p5 1-0, p3-p4 =", published])
    result = repair_late(season, ruleset, ["p2", "p4"])
    assert {frozenset((b.white, b.black)) for b in result.boards} == {
        frozenset(("p1", "p3")),
        frozenset(("p5", "p6")),
    }
    kept = next(b for b in result.boards if "p5" in (b.white, b.black))
    assert (kept.white, kept.black) == ("p5", "p6") and kept.placed.key == "pair.kept"
    new = next(b for b in result.boards if "p1" in (b.white, b.black))
    assert new.placed.key == "pair.repaired" and new.placed.rule == "DS-14"
    assert result.round.entries is not None
    assert result.round.entries["p2"] is Kind.ABSENT_UNEXCUSED
    assert result.round.entries["p4"] is Kind.ABSENT_UNEXCUSED


def test_ds14_odd_waiting_player_keeps_the_forfeit_board() -> None:
    """DS-14: three boards, one no-show (p4): only p3 waits, nobody to re-pair with, so p3
    keeps the published board (the director records 1-0F)."""
    six = ["p1", "p2", "p3", "p4", "p5", "p6"]
    published = {
        "present": six,
        "games": [
            {"white": "p1", "black": "p2"},
            {"white": "p3", "black": "p4"},
            {"white": "p5", "black": "p6"},
        ],
    }
    season, ruleset = load("dubbelschaak", six, ["p1-p6 1-0, p2-p5 1-0, p3-p4 =", published])
    result = repair_late(season, ruleset, ["p4"])
    assert set(result.round.games or ()) == set(season.rounds[-1].games or ())
    with pytest.raises(PairingError):
        repair_late(season, ruleset, ["nobody"])


def test_ds14_the_bye_player_is_without_a_game_too() -> None:
    """DS-14: "players who have no game at that moment" include the published bye. Round 2
    was published with p1-p2, p3-p4 and p5 sitting out (bye). p2 does not come: p1 and p5
    are both without a game and are re-paired (they never met); p5's bye entry goes, p2 is
    absent-unexcused, p3-p4 stays. Colours: p5 (0) white against p1 (+1)."""
    five = ["p1", "p2", "p3", "p4", "p5"]
    published = {
        "present": five,
        "games": [{"white": "p1", "black": "p2"}, {"white": "p3", "black": "p4"}],
        "entries": {"p5": "bye"},
    }
    season, ruleset = load("dubbelschaak", five, ["p1-p3 1-0, p2-p4 =, p5 absent", published])
    result = repair_late(season, ruleset, ["p2"])
    assert [(b.white, b.black) for b in result.boards] == [("p3", "p4"), ("p5", "p1")]
    assert result.round.entries is not None
    assert "p5" not in result.round.entries
    assert result.round.entries["p2"] is Kind.ABSENT_UNEXCUSED
    stored = season.with_round(result.round)
    from compcore.formats.validate import check_season

    check_season(stored, ruleset)


def test_ds15_participation_always_and_never() -> None:
    """DS-15: an ``always`` player is paired unless signed off; a ``never`` player only when
    they sign up. The open round lists nobody as present, so the always-players p1..p4 are
    paired; p5 (never) is not-participating; p6 (always) signed off: absent."""
    players: list[str | dict[str, object]] = ["p1", "p2", "p3", "p4"]
    players.append({"id": "p5", "name": "P5", "rating": 1500, "participation": "never"})
    players.append({"id": "p6", "name": "P6", "rating": 1400, "participation": "always"})
    season, ruleset = load(
        "dubbelschaak",
        players,
        ["p1-p2 1-0, p3-p4 1-0, p5 not-participating, p6 absent", {"entries": {"p6": "absent"}}],
    )
    result = pair(season, ruleset)
    on_board = {pid for b in result.boards for pid in (b.white, b.black)}
    assert on_board == {"p1", "p2", "p3", "p4"}
    assert result.round.entries is not None
    assert result.round.entries["p5"] is Kind.NOT_PARTICIPATING
    assert result.round.entries["p6"] is Kind.ABSENT


def pairing_findings(season, ruleset) -> list:  # type: ignore[no-untyped-def]
    """check's findings without the colour breaks (these hand-made histories do not keep
    DS-13; colours are tested in test_check_colours.py)."""
    return [v for v in check(season, ruleset) if v.rule not in COLOUR_RULES]


def test_ds11_check_flags_a_fourth_meeting() -> None:
    """DS-11 via check: a stored round 4 with p1-p2 (and p3-p4) for the fourth time in
    the cycle."""
    season, ruleset = load(
        "dubbelschaak",
        FOUR,
        ["p1-p2 1-0, p3-p4 1-0", "p2-p1 =, p3-p4 =", "p1-p2 0-1, p4-p3 =", "p2-p1 1-0, p3-p4 1-0"],
    )
    found = pairing_findings(season, ruleset)
    assert [(v.round, v.white, v.rule) for v in found] == [
        (4, "p2", "max-meetings"),
        (4, "p3", "max-meetings"),
    ]
    assert found[0].describe() == "round 4: p2-p1: p2 and p1 met 3 times already this cycle (DS-11)"


def test_ds16_group_games_do_not_count_for_the_meeting_limit() -> None:
    """DS-16 with DS-11: p1 and p2 met three times in the ladder this cycle and once more in
    a round-robin group; the group game does not count, so check finds no fourth meeting.
    A fourth ladder game is flagged."""
    group = {"white": "p1", "black": "p2", "result": "1/2-1/2", "group": "Rembrandt League"}
    ladder = ["p1-p2 1-0, p3-p4 1-0", "p2-p1 =, p3-p4 =", "p1-p2 0-1, p4-p3 ="]
    season, ruleset = load(
        "dubbelschaak",
        FOUR,
        [*ladder, {"games": [group], "entries": {"p3": "absent", "p4": "absent"}}],
    )
    assert pairing_findings(season, ruleset) == []
    season, ruleset = load("dubbelschaak", FOUR, [*ladder, "p2-p1 1-0, p3-p4 1-0"])
    found = pairing_findings(season, ruleset)
    assert [(v.round, v.white, v.rule) for v in found] == [
        (4, "p2", "max-meetings"),
        (4, "p3", "max-meetings"),
    ]
