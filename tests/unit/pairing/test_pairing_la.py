"""The A/B points ladder (LA-1 .. LA-8) on small seasons worked out by hand.

ladder-ab ranks by points, then wins, then the strength list (players are listed in
strength order). Colours: critical-balance, repeat-reversed, lower-balance-white,
alternate, higher-placed-white.
"""

from __future__ import annotations

from compcore.domain.model import Kind
from compcore.pairing import pair
from compcore.pairing.colours import allocate
from compcore.pairing.rules import Rules
from compcore.scoring.standings import standings
from tests.builders import load

SIX = ["p1", "p2", "p3", "p4", "p5", "p6"]


def pairs(result) -> list[tuple[str, str]]:
    return [(b.white, b.black) for b in result.boards]


def test_la2_top_down_nearest_available() -> None:
    """LA-2. Round 1: p1 beat p2, p4 beat p3, p5-p6 drawn. Ranking: p1, p4 (1 point, 1 win,
    strength), p5, p6 (1/2), p2, p3. Round 2: p1 takes the nearest, p4. p5's nearest, p6,
    was met in round 1 (LA-4: next meeting from round 10), so p2; then p6-p3.
    Colours (LA-7): lower balance white: p4 (-1) vs p1 (+1); p2 (-1) vs p5 (+1); p6 (-1)
    vs p3 (+1)."""
    season, ruleset = load("ladder-ab", SIX, ["p1-p2 1-0, p3-p4 0-1, p5-p6 =", {"present": SIX}])
    assert standings(season, ruleset).order == ("p1", "p4", "p5", "p6", "p2", "p3")
    result = pair(season, ruleset)
    assert pairs(result) == [("p4", "p1"), ("p2", "p5"), ("p6", "p3")]
    assert result.boards[0].placed.text("en") == "nearest available (LA-2)"
    assert result.boards[1].placed.text("en") == (
        "p5 and p6 met in round 1, next meeting from round 10 (LA-4), so next"
    )
    assert result.boards[0].colour.rule == "LA-7"


def test_la2_look_ahead_where_greedy_dead_ends() -> None:
    """LA-2 look-ahead. Round 1: p1 beat p5, p2 beat p6, p3-p4 drawn. Round 2: p5 and p6
    are absent; ranking p1, p2 (1 point), p3, p4 (1/2). Plain greedy top-down pairs p1-p2
    and is then stuck: p3 and p4 met in round 1 (LA-4). Looking ahead, p1 cannot take p2
    (that would leave p3 and p4 unpairable), so p1 takes the next, p3, and p2 gets p4."""
    season, ruleset = load(
        "ladder-ab",
        SIX,
        [
            "p1-p5 1-0, p2-p6 1-0, p3-p4 =",
            {"present": "p1 p2 p3 p4", "entries": {"p5": "absent", "p6": "absent"}},
        ],
    )
    assert standings(season, ruleset).order[:4] == ("p1", "p2", "p3", "p4")
    result = pair(season, ruleset)
    assert sorted(map(sorted, pairs(result))) == [["p1", "p3"], ["p2", "p4"]]
    first = result.boards[0]
    assert first.placed.key == "pair.lookahead"
    assert first.placed.text("en") == (
        "look-ahead: pairing p1 with p2 would leave p3 and p4 unpairable (LA-2)"
    )
    assert not result.relaxed


def test_la1_only_present_players_late_ones_included() -> None:
    """LA-1: only present players are paired; a player marked late is paired too; a player
    neither present nor signed off gets the ruleset's missing kind (absent)."""
    season, ruleset = load(
        "ladder-ab",
        ["p1", "p2", "p3", "p4", "p5"],
        ["p1-p2 1-0, p3-p4 1-0, p5 absent", {"present": "p1 p2 p3", "late": ["p4"]}],
    )
    result = pair(season, ruleset)
    assert {pid for b in result.boards for pid in (b.white, b.black)} == {"p1", "p2", "p3", "p4"}
    assert result.round.entries is not None and result.round.entries["p5"] is Kind.ABSENT
    assert result.round.late == ("p4",)


def test_la3_level_only_in_rounds_one_and_two() -> None:
    """LA-3. Strength list A1, B1, A2, B2, A3, B3, A4, B4. Round 1 is level-only: A1's
    nearest B1 is another level, so A2; B1-B2; A3-A4; B3-B4 (balances 0, no previous
    colour: the higher placed gets white, LA-7)."""
    names = ["A1", "B1", "A2", "B2", "A3", "B3", "A4", "B4"]
    players: list[str | dict[str, object]] = [
        {"id": n, "name": n, "strength": i + 1, "level": n[0]} for i, n in enumerate(names)
    ]
    season, ruleset = load("ladder-ab", players, [{"present": names}])
    result = pair(season, ruleset)
    assert pairs(result) == [("A1", "A2"), ("B1", "B2"), ("A3", "A4"), ("B3", "B4")]
    assert result.boards[0].placed.text("en") == (
        "A1 (A) and B1 (B) play only within their own level (LA-3), so next"
    )


def test_la3_flagged_players_always_within_their_level() -> None:
    """LA-3: from round 3 on levels mix, except for players flagged own-level-only."""
    players: list[str | dict[str, object]] = [
        {"id": "a", "name": "A", "strength": 1, "level": "A"},
        {"id": "b", "name": "B", "strength": 2, "level": "B", "flags": ["own-level-only"]},
        {"id": "c", "name": "C", "strength": 3, "level": "B"},
    ]
    season, ruleset = load("ladder-ab", players, [{"present": ["a", "b", "c"]}])
    assert Rules(season, ruleset, 3, 0).violations("a", "b") == ("level-only",)
    assert Rules(season, ruleset, 3, 0).violations("a", "c") == ()
    assert Rules(season, ruleset, 2, 0).violations("a", "c") == ("level-only",)


def test_la4_twice_a_season_and_eight_rounds_between() -> None:
    """LA-4: met in round 1, next at round 10 or later; never a third time."""
    rounds: list[str | dict[str, object]] = ["p1-p2 1-0"]
    rounds += ["p1 absent, p2 absent"] * 8
    rounds += ["p2-p1 1-0"]  # round 10: the second meeting
    rounds += [{"present": "p1 p2"}]
    season, ruleset = load("ladder-ab", ["p1", "p2"], rounds)
    assert Rules(season, ruleset, 9, 0).violations("p1", "p2") == ("min-rounds-between",)
    assert Rules(season, ruleset, 10, 0).violations("p1", "p2") == ()
    assert "max-meetings" in Rules(season, ruleset, 25, 0).violations("p1", "p2")
    # only these two are present in round 11: no legal pairing, LA's relax order applies
    result = pair(season, ruleset)
    assert [r.rule for r in result.relaxed] == ["min-rounds-between", "max-meetings"]
    assert all(r.reason.rule == "LA-4" for r in result.relaxed)


def test_la5_second_meeting_other_colours() -> None:
    """LA-5. Round 1: p1-p2 (p1 white); rounds 2-3: p3-p1, p2-p4, p4-p1, p2-p3, so p1 is at
    -1 (w, b, b) and p2 at +1 (b, w, w). Rounds 4-10 everyone is absent. Round 11: only p1
    and p2 (LA-4 allows a second meeting from round 10). The lower balance would give p1
    white, but the second meeting reverses the first one's colours, which ranks higher:
    p2 white (LA-5)."""
    rounds: list[str | dict[str, object]] = [
        "p1-p2 =, p3-p4 =",
        "p3-p1 =, p2-p4 =",
        "p4-p1 =, p2-p3 =",
    ]
    rounds += ["p1 absent, p2 absent, p3 absent, p4 absent"] * 7
    rounds += [{"present": "p1 p2", "entries": {"p3": "absent", "p4": "absent"}}]
    season, ruleset = load("ladder-ab", ["p1", "p2", "p3", "p4"], rounds)
    assert season.open_round is not None and season.open_round.number == 11
    result = pair(season, ruleset)
    assert pairs(result) == [("p2", "p1")]
    assert result.boards[0].colour.key == "colour.repeat-reversed"
    assert result.boards[0].colour.rule == "LA-5"


def _critical_history() -> tuple[list[str | dict[str, object]], list[str | dict[str, object]]]:
    players: list[str | dict[str, object]] = ["p1", "p2", "p3", "p4", "x1", "x2", "x3", "x4"]
    rounds: list[str | dict[str, object]] = [
        "p1-x1 =, p2-x2 =, x3-p3 =, x4-p4 =",
        "p1-x2 =, p2-x1 =, x4-p3 =, x3-p4 =",
        "p1-x3 =, p2-x4 =, x1-p3 =, x2-p4 =",
    ]
    return players, rounds


def test_la6_two_players_who_both_need_the_same_colour_do_not_meet() -> None:
    """LA-6. Three draws each: p1 and p2 had white three times (+3: critical, must get
    black), p3 and p4 black three times (-3: must get white). Ranking by strength: p1, p2,
    p3, p4. p1-p2 both need black: not made. p1-p3, then p2-p4; the critical player gets
    the restoring colour."""
    players, rounds = _critical_history()
    present = {"present": "p1 p2 p3 p4", "entries": {x: "absent" for x in ("x1", "x2", "x3", "x4")}}
    season, ruleset = load("ladder-ab", players, [*rounds, present])
    result = pair(season, ruleset)
    assert pairs(result) == [("p3", "p1"), ("p4", "p2")]
    assert result.boards[0].placed.text("en") == (
        "p1 and p2 both critically need black (LA-6), so next"
    )
    assert result.boards[0].colour.text("en") == (
        "p1's colour balance is 3: critical, gets black (LA-6)"
    )


def test_la6_no_repeat_whose_reversed_colours_hurt_a_critical_player() -> None:
    """LA-6 with LA-5: p1 had black against p3 in round 1 and white three times since:
    +2, critical at the (overridden) threshold 2. A repeat p1-p3 would reverse the colours
    and give p1 white: not made."""
    season, ruleset = load(
        "ladder-ab",
        ["p1", "p2", "p3", "p4", "x1", "x2", "x3"],
        ["p3-p1 =, p2-p4 =", "p1-x1 =", "p1-x2 =", "p1-x3 =", {"present": "p1 p3"}],
        overrides={"pairing": {"colour_critical_balance": 2, "min_rounds_between_meetings": 1}},
    )
    rules = Rules(season, ruleset, 5, 0)
    assert rules.balance["p1"] == 2
    assert rules.violations("p1", "p3") == ("colour-critical",)
    assert "reversed colours would not give p1 the black" in rules.detail(
        "p1", "p3", "colour-critical"
    ).text("en")


THIRD_GAMES = {"pairing": {"max_meetings": 3, "min_rounds_between_meetings": 1}}


def test_la5_third_meeting_by_balance() -> None:
    """LA-5 ("the second meeting has the other colours"), with LA-4 widened to 3 meetings
    and 1 round between (an override) so that a third meeting can happen. Rounds:
    1 p1-p2 1-0, p3-p4 1-0; 2 p2-p1 =, p4-p3 =; 3 p1-p3 1-0, p4-p2 =; round 4 only p1 and
    p2 came. Their third game is not reversed (that would give p1 white); LA-7: p2 (-1: b,
    w, b) has the lower balance than p1 (+1): p2 white."""
    season, ruleset = load(
        "ladder-ab",
        ["p1", "p2", "p3", "p4"],
        [
            "p1-p2 1-0, p3-p4 1-0",
            "p2-p1 =, p4-p3 =",
            "p1-p3 1-0, p4-p2 =",
            {"present": "p1 p2", "entries": {"p3": "absent", "p4": "absent"}},
        ],
        overrides=THIRD_GAMES,
    )
    result = pair(season, ruleset)
    assert pairs(result) == [("p2", "p1")]
    assert result.boards[0].colour.key == "colour.lower-balance-white"
    assert result.boards[0].colour.rule == "LA-7"


def test_la6_third_meeting_is_not_forced_reversed() -> None:
    """LA-6 with LA-5: the colour-critical check tests the reversed colours of a *second*
    meeting only. p1-p3 played twice (round 1 p1 white, round 2 p3 white); p1 then had
    white twice more: +2, critical at the (overridden) threshold 2. A third p1-p3 is no
    longer "reversed from round 2" (which would give p1 white and make the pair illegal):
    it is legal, and p1 gets the black he needs (LA-6), p3 (0) white."""
    season, ruleset = load(
        "ladder-ab",
        ["p1", "p2", "p3", "p4"],
        ["p1-p3 =, p2-p4 =", "p3-p1 =, p4-p2 =", "p1-p2 =, p3-p4 =", "p1-p4 =, p2-p3 ="],
        overrides={"pairing": {**THIRD_GAMES["pairing"], "colour_critical_balance": 2}},
    )
    rules = Rules(season, ruleset, 5, 0)
    assert (rules.balance["p1"], rules.balance["p3"]) == (2, 0)
    assert rules.need == {"p1": "b", "p4": "w"}
    assert rules.violations("p1", "p3") == ()
    white, black, why = allocate(rules, "p1", "p3")
    assert (white, black, why.key, why.rule) == ("p3", "p1", "colour.critical-balance", "LA-6")


def test_la7_first_meeting_colours() -> None:
    """LA-7. Rounds 1-2 drawn: p1-p2, p3-p4, p5-p6, then p2-p3, p4-p1, p6-p5. Every balance
    is 0; black last: p1, p3, p5; white last: p2, p4, p6. First meetings in round 3:
    p1 vs p3 (both black last): the higher-placed p1 gets white (reading);
    p2 vs p5: equal balance, p5 had black last: p5 gets white.
    Round 3: x-p1 drawn (x +1, p1 -1). Round 4, p3 (0) vs x (+1): the lower balance, p3,
    gets white."""
    season, ruleset = load(
        "ladder-ab",
        ["p1", "p2", "p3", "p4", "p5", "p6", "x"],
        ["p1-p2 =, p3-p4 =, p5-p6 =, x absent", "p2-p3 =, p4-p1 =, p6-p5 =, x absent", "x-p1 ="],
    )
    rules = Rules(season, ruleset, 3, 0)
    white, _, why = allocate(rules, "p1", "p3")
    assert (white, why.key, why.rule) == ("p1", "colour.higher-placed-white", "LA-7")
    white, _, why = allocate(rules, "p2", "p5")
    assert (white, why.key, why.rule) == ("p5", "colour.alternate", "LA-7")
    after = Rules(season, ruleset, 4, 0)
    white, _, why = allocate(after, "p3", "x")
    assert (white, why.key, why.rule) == ("p3", "colour.lower-balance-white", "LA-7")


def test_la8_bye_round_one_exception() -> None:
    """LA-8: in round 1 everyone is new, the protection does not apply: the lowest placed
    (p5) gets the bye, worth 1/2."""
    season, ruleset = load(
        "ladder-ab", ["p1", "p2", "p3", "p4", "p5"], [{"present": "p1 p2 p3 p4 p5"}]
    )
    result = pair(season, ruleset)
    assert list(result.sitting_out) == ["p5"]
    assert (
        result.sitting_out["p5"].text("en") == "lowest-placed player who has not had a bye (LA-8)"
    )


def test_la8_protected_new_member_and_rotation() -> None:
    """LA-8. Six players drew three rounds (everyone met three others, balances within 1);
    p7 joins in round 4 (no games yet: protected). Ranking p1..p6 (1.5 points each, strength),
    p7 (0). p7 may not get the bye, so p6, the lowest-placed eligible player: the rest
    (p1..p5, p7) can be paired legally: p1-p5 (p2, p3, p4 already met, LA-4), p2-p3,
    p4-p7. Colours by balance: p1 (-1) white vs p5 (+1); p2 (-1) vs p3 (+1); p4 (-1) vs
    p7 (0)."""
    players: list[str | dict[str, object]] = [
        *SIX,
        {"id": "p7", "name": "P7", "strength": 7, "joined_round": 4},
    ]
    season, ruleset = load(
        "ladder-ab",
        players,
        [
            "p1-p2 =, p3-p4 =, p5-p6 =, p7 not-participating",
            "p3-p1 =, p2-p5 =, p6-p4 =, p7 not-participating",
            "p4-p1 =, p6-p2 =, p5-p3 =, p7 not-participating",
            {"present": "p1 p2 p3 p4 p5 p6 p7"},
        ],
    )
    result = pair(season, ruleset)
    assert list(result.sitting_out) == ["p6"]
    assert result.sitting_out["p6"].text("en") == (
        "lowest-placed player who may get a bye; p7 played fewer than 3 games (LA-8)"
    )
    assert pairs(result) == [("p1", "p5"), ("p2", "p3"), ("p4", "p7")]


def test_la8_everyone_protected_so_protection_yields() -> None:
    """LA-8. Round 1: p1 beat p2, p3 beat p4, p5 had the bye. Round 2: everyone has fewer
    than 3 games, so the protection yields; nobody gets a second bye while others have
    none: the lowest placed without a bye, p4 (ranking p1, p3, p5, p2, p4). Then p1-p3 and
    p2 (-1, white) against p5 (0)."""
    season, ruleset = load(
        "ladder-ab",
        ["p1", "p2", "p3", "p4", "p5"],
        ["p1-p2 1-0, p3-p4 1-0, p5 bye", {"present": "p1 p2 p3 p4 p5"}],
    )
    result = pair(season, ruleset)
    assert list(result.sitting_out) == ["p4"]
    assert result.sitting_out["p4"].key == "bye.protected-fallback"
    assert pairs(result) == [("p1", "p3"), ("p2", "p5")]
