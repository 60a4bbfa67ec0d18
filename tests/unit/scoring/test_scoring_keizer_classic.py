"""Keizer-classic scoring rules (KC-1 .. KC-4, KC-8 .. KC-11, KC-13, KC-14), worked by hand."""

from __future__ import annotations

from fractions import Fraction as F

from compcore.rules.rulesets import load_ruleset
from compcore.scoring.standings import initial_order, standings
from compcore.scoring.values import rank_values
from tests.builders import load


def scores_of(st) -> dict[str, F]:
    return {row.player: row.score for row in st.rows}


def test_kc1_one_group_of_23_rounds_and_last_means_round_23() -> None:
    r = load_ruleset("keizer-classic")
    assert (r.cycles, r.rounds_per_cycle, r.total_rounds) == (1, 23, 23)
    assert r.keizer.iterate_rounds == (19, "last")
    # a season of 23 rounds of one game (a beats b): iterated in rounds 19 and 23 only
    s, r = load("keizer-classic", "a b c", [{"games": "a-b 1-0", "entries": {"c": "bye"}}] * 23)
    methods = {snap.round: snap.method for snap in standings(s, r).snapshots[1:]}
    assert [k for k, m in methods.items() if m == "iterate"] == [19, 23]
    assert methods[22] == "recompute"


def test_kc2_values_thirty_down_never_below_one() -> None:
    values = load_ruleset("keizer-classic").keizer.values
    table = rank_values(values, [f"p{i:02d}" for i in range(32)])
    # #1 = 30, #2 = 29, ..., #30 = 1, and #31, #32 stay at 1
    assert table["p00"] == 30
    assert table["p01"] == 29
    assert table["p29"] == 1
    assert table["p30"] == table["p31"] == 1


def test_kc3_initial_order_by_strength_before_rating() -> None:
    """KC-3: the initial order is the proven (or estimated) strength."""
    players = [
        {"id": "x", "name": "X", "strength": 3, "rating": 2200},
        {"id": "y", "name": "Y", "strength": 1, "rating": 1500},
        {"id": "z", "name": "Z", "strength": 2},
        {"id": "n", "name": "New member", "rating": 1900},  # no strength yet: after the list
    ]
    s, r = load("keizer-classic", players)
    assert initial_order(s, r, 1) == ("y", "z", "x", "n")


def test_kc4_recompute_each_round_from_previous_ranking() -> None:
    # values a30 b29 c28 d27. Round 1: d beats a, c beats b (two upsets).
    # Recompute with S0: d 30, c 29, a 0, b 0 -> S1 = d c a b (a before b: initial order).
    s, r = load("keizer-classic", "a b c d", [{"games": "a-d 0-1, b-c 0-1"}])
    st = standings(s, r)
    assert st.mode == "recompute"
    assert scores_of(st) == {"d": 30, "c": 29, "a": 0, "b": 0}
    assert st.order == ("d", "c", "a", "b")
    assert {row.player: row.value for row in st.rows} == {"d": 30, "c": 29, "a": 28, "b": 27}


def test_kc4_iterate_reaches_a_fixed_point() -> None:
    # The same round, iterated (as after round 19 or the last round):
    # step 1 (values from S0 a30 b29 c28 d27): d 30, c 29 -> R1 = d c a b (values d30 c29 a28 b27)
    # step 2 (values from R1): d beats a: 28, c beats b: 27 -> R2 = d c a b = R1: fixed point.
    s, r = load(
        "keizer-classic",
        "a b c d",
        [{"games": "a-d 0-1, b-c 0-1"}],
        overrides={"keizer": {"iterate_rounds": ["every"]}},
    )
    st = standings(s, r)
    assert st.mode == "iterate"
    assert not st.oscillated
    assert st.iterations == 2
    assert scores_of(st) == {"d": 28, "c": 27, "a": 0, "b": 0}


def test_kc4_iteration_oscillation_detected_and_resolved_deterministically() -> None:
    # Values top 4 (4 3 2 1) to keep the numbers small. Round 1: a-c draw, d-b draw.
    # step 1, values a4 b3 c2 d1: a 1/2*2 = 1, c 1/2*4 = 2, d 1/2*3 = 3/2, b 1/2*1 = 1/2
    #         -> R1 = c d a b, values c4 d3 a2 b1
    # step 2: a 1/2*4 = 2, c 1/2*2 = 1, d 1/2*1 = 1/2, b 1/2*3 = 3/2 -> R2 = a b c d
    # step 3: the values of R2 are those of step 1, so R3 = R1: a cycle of period 2
    #         {R1, R2}, found after 3 steps.
    # Of the cycle's rankings the one closest to the initial order is chosen: R2 = a b c d
    # (initial-order indices 0 1 2 3 beat 2 3 0 1), with R2's scores; all four swap places.
    s, r = load(
        "keizer-classic",
        "a b c d",
        [{"games": "a-c 1/2, d-b 1/2"}],
        overrides={"keizer": {"iterate_rounds": ["every"], "values": {"top": 4}}},
    )
    st = standings(s, r)
    assert st.oscillated
    assert st.final.period == 2
    assert st.iterations == 3
    assert st.order == ("a", "b", "c", "d")
    assert scores_of(st) == {"a": 2, "b": F(3, 2), "c": 1, "d": F(1, 2)}
    assert set(st.final.swapping) == {"a", "b", "c", "d"}
    # deterministic: the same again
    assert standings(s, r).order == st.order


def test_kc8_to_kc11_entries_in_sixths_of_own_value() -> None:
    """KC-8 bye 3/6, KC-9 absent 2/6, KC-10 external and club duty 4/6, KC-11 cup 6/4/2
    sixths, all of the player's own value."""
    # Nine players, values a30 b29 c28 d27 e26 f25 g24 h23 i22.
    # a beats b: a 29.                                   b 0
    # c bye (KC-8): 3/6 of 28 = 14.                      d absent (KC-9): 2/6 of 27 = 9
    # e external (KC-10): 4/6 of 26 = 52/3.              f club duty (KC-10): 4/6 of 25 = 50/3
    # g cup win (KC-11): 6/6 of 24 = 24.                 h cup draw: 4/6 of 23 = 46/3
    # i cup loss: 2/6 of 22 = 22/3
    s, r = load(
        "keizer-classic",
        "a b c d e f g h i",
        [
            {
                "games": "a-b 1-0",
                "entries": {
                    "c": "bye",
                    "d": "absent",
                    "e": "external",
                    "f": "club-duty",
                    "g": "cup-win",
                    "h": "cup-draw",
                    "i": "cup-loss",
                },
            }
        ],
    )
    assert scores_of(standings(s, r)) == {
        "a": 29,
        "b": 0,
        "c": 14,
        "d": 9,
        "e": F(52, 3),
        "f": F(50, 3),
        "g": 24,
        "h": F(46, 3),
        "i": F(22, 3),
    }


def test_kc9_absence_has_no_limit() -> None:
    # a beats b every round and c is absent five times; every absence counts 2/6 of c's value.
    # R1 with S0 values a30 b29 c28: a 29, c 2/6*28 = 28/3, b 0 -> S1 a c b: a30 c29 b28.
    # From then on the order stays a c b, so after k rounds (recompute with a30 c29 b28):
    # a k*28, c k*(2/6*29) = 29k/3; after 5 rounds a 140, c 145/3.
    s, r = load("keizer-classic", "a b c", [{"games": "a-b 1-0", "entries": {"c": "absent"}}] * 5)
    assert r.points.absent.cap is None
    st = standings(s, r)
    assert scores_of(st) == {"a": 5 * 28, "c": F(29 * 5, 3), "b": 0}
    assert st.row("c").absences == 5


def test_kc13_withdrawn_player_stays_with_a_value() -> None:
    # b withdraws from round 2 on: still ranked, still has a value.
    players = [
        {"id": "a", "name": "A", "strength": 1},
        {"id": "b", "name": "B", "strength": 2, "withdrawn_round": 2},
        {"id": "c", "name": "C", "strength": 3},
    ]
    s, r = load(
        "keizer-classic",
        players,
        [{"games": "b-a 1-0", "entries": {"c": "bye"}}, {"games": "a-c 1-0"}],
    )
    # R1: b beats a: 30; c bye 3/6*28 = 14 -> S1 b c a: values b30 c29 a28.
    # R2 rescored with S1 values: b 1 x 28 = 28, a beats c: 29, c 3/6*29 = 29/2.
    st = standings(s, r)
    assert st.order == ("a", "b", "c")
    assert st.row("b").withdrawn
    assert st.row("b").score == 28
    assert st.row("b").value == 29


def test_kc14_columns() -> None:
    # x: R1 white win, R2 white draw, R3 bye, R4 white loss, R5 absent, R6 external,
    # R7 forfeit win (no colour: not played). Games 3 (W1 D1 L1), 50%, colour balance +3,
    # alternation 3W (white in the last three games), On 1, Ng 1, Nbs 2 (external, forfeit).
    rounds = [
        {"games": "x-y 1-0"},
        {"games": "x-y 1/2"},
        {"games": "", "entries": {"x": "bye", "y": "absent"}},
        {"games": "x-y 0-1"},
        {"games": "", "entries": {"x": "absent", "y": "absent"}},
        {"games": "", "entries": {"x": "external", "y": "absent"}},
        {"games": "x-y 1-0F"},
    ]
    s, r = load("keizer-classic", "x y", rounds)
    st = standings(s, r)
    row = st.row("x")
    assert (row.games, row.won, row.drawn, row.lost) == (3, 1, 1, 1)
    assert row.percentage == 50
    assert row.colour_balance == 3
    assert row.alternation == "3W"
    assert (row.byes, row.absences, row.no_fault) == (1, 1, 2)
    assert st.row("y").alternation == "3Z"
    assert st.columns == (
        "rank", "name", "score", "value", "games", "won", "drawn", "lost", "percentage",
        "colour_balance", "alternation", "byes", "absences", "no_fault",
    )  # fmt: skip
