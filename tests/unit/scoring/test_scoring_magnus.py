"""Magnus seniors: Keizer values from rating, scored at the time of the game
(MG-1, MG-2, MG-4, MG-5). Numbers worked out by hand."""

from __future__ import annotations

from fractions import Fraction as F

from compcore.present.reports import decimal
from compcore.scoring.standings import standings
from tests.builders import load

PLAYERS = [
    {"id": "a", "name": "A", "rating": 2000},
    {"id": "b", "name": "B", "rating": 1800},
    {"id": "c", "name": "C", "rating": 1500},
]


def test_mg1_values_linear_in_rating_between_10_and_30() -> None:
    # lowest 1500 -> 10, highest 2000 -> 30, b: 10 + 20 * (1800-1500)/(2000-1500) = 22
    s, r = load("magnus-senior", PLAYERS)
    st = standings(s, r)
    assert {row.player: row.value for row in st.rows} == {"a": 30, "b": 22, "c": 10}


def test_mg1_values_follow_rating_updates_and_are_not_rounded() -> None:
    # c goes to 1750 from round 2: lowest 1750 -> 10, a 30,
    # b: 10 + 20 * (1800-1750)/(2000-1750) = 14. With 1790: 10 + 20*10/210 = 10 20/21 (not rounded).
    ratings = [{"player": "c", "from_round": 2, "rating": 1750}]
    s, r = load(
        "magnus-senior", PLAYERS, [{"games": "a-b 1/2", "entries": {"c": "bye"}}], ratings=ratings
    )
    assert {row.player: row.value for row in standings(s, r).rows} == {"a": 30, "b": 14, "c": 10}
    ratings = [{"player": "c", "from_round": 2, "rating": 1790}]
    s, r = load(
        "magnus-senior", PLAYERS, [{"games": "a-b 1/2", "entries": {"c": "bye"}}], ratings=ratings
    )
    b_value = standings(s, r).row("b").value
    assert b_value == 10 + F(20 * 10, 210)
    assert decimal(b_value, r.display_decimals) == "11.0"  # shown with one decimal


def test_mg2_at_time_points_never_change_afterwards() -> None:
    # Round 1 (values a30 b22 c10): c beats a: 30; b has the bye... (the bye is MG-5's
    # average: only c and a played: (30 + 0)/2 = 15).
    # c rises to 1750 from round 2: values a30 b14 c10.
    # Round 2: c beats b: 14 (b's value in round 2); a draws nobody: a has the bye:
    # the evening's average: (14 + 0)/2 = 7.
    # c's round-1 points stay 30 although a and c's values changed: c 30 + 14 = 44.
    ratings = [{"player": "c", "from_round": 2, "rating": 1750}]
    rounds = [
        {"games": "c-a 1-0", "entries": {"b": "bye"}},
        {"games": "c-b 1-0", "entries": {"a": "bye"}},
    ]
    s, r = load("magnus-senior", PLAYERS, rounds, ratings=ratings)
    st = standings(s, r)
    assert r.keizer.mode == "at-time"
    assert {row.player: row.score for row in st.rows} == {"c": 44, "b": 15, "a": 7}


def test_mg2_draw_is_half_the_opponents_value() -> None:
    # a-b draw: a gets 22/2 = 11, b gets 30/2 = 15
    s, r = load("magnus-senior", PLAYERS, [{"games": "a-b 1/2", "entries": {"c": "absent"}}])
    st = standings(s, r)
    assert st.row("a").score == 11
    assert st.row("b").score == 15


def test_mg4_absence_nine_points_six_times_then_zero_and_own_value_entries() -> None:
    # x is signed off 7 times: 6 x 9 = 54, the 7th 0. y absent without notice: 0.
    # External / club duty: the player's own value at the time.
    players = [
        *PLAYERS,
        {"id": "x", "name": "X", "rating": 1600},
        {"id": "y", "name": "Y", "rating": 1600},
    ]
    rounds = [
        {"games": "a-b 1/2", "entries": {"c": "external", "x": "absent", "y": "absent-unexcused"}}
    ] * 7
    s, r = load("magnus-senior", players, rounds)
    st = standings(s, r)
    assert st.row("x").score == 54
    assert st.row("y").score == 0
    # c's own value: lowest-rated (1500) -> 10 every round: 7 x 10 = 70
    assert st.row("c").score == 70


def test_mg4_club_duty_is_own_value() -> None:
    s, r = load("magnus-senior", PLAYERS, [{"games": "a-c 1-0", "entries": {"b": "club-duty"}}])
    assert standings(s, r).row("b").score == 22


def test_mg5_bye_is_the_average_of_the_evening() -> None:
    # Values: a 2000 -> 30, e 1200 -> 10, b 1800 -> 10 + 20*600/800 = 25,
    # c 1600 -> 20, d 1400 -> 15.
    # a beats b: 25, b 0; c-d draw: c 15/2, d 20/2 = 10.
    # e's bye: the average over the four who played, losers' zeros included:
    # (25 + 0 + 15/2 + 10) / 4 = (85/2)/4 = 85/8.
    players = [
        {"id": "a", "name": "A", "rating": 2000},
        {"id": "b", "name": "B", "rating": 1800},
        {"id": "c", "name": "C", "rating": 1600},
        {"id": "d", "name": "D", "rating": 1400},
        {"id": "e", "name": "E", "rating": 1200},
    ]
    s, r = load("magnus-senior", players, [{"games": "a-b 1-0, c-d 1/2", "entries": {"e": "bye"}}])
    st = standings(s, r)
    assert st.row("e").score == F(85, 8)
    assert st.row("c").score == F(15, 2)


def test_mg5_the_no_show_is_not_counted_in_the_evening_average() -> None:
    # Values from rating (lowest 1200 -> 10, highest 2000 -> 30): a 30, b 1800 -> 25,
    # c 1600 -> 20, d 1400 -> 15, e 10.
    # a beats b: a 25, b 0. d does not come: c wins by forfeit, c's own value 20; d 0.
    # e's bye: the average over the present players a, b, c: (25 + 0 + 20) / 3 = 15,
    # not (25 + 0 + 20 + 0) / 4 = 45/4 with the no-show d counted.
    players = [
        {"id": "a", "name": "A", "rating": 2000},
        {"id": "b", "name": "B", "rating": 1800},
        {"id": "c", "name": "C", "rating": 1600},
        {"id": "d", "name": "D", "rating": 1400},
        {"id": "e", "name": "E", "rating": 1200},
    ]
    rounds = [{"games": "a-b 1-0, c-d 1-0F", "entries": {"e": "bye"}}]
    s, r = load("magnus-senior", players, rounds)
    st = standings(s, r)
    assert (st.row("a").score, st.row("b").score, st.row("c").score) == (25, 0, 20)
    assert st.row("e").score == 15
    # who counts is the ruleset's choice: a club counting the no-show gets 45/4
    counted = {"points": {"evening-average-kinds": ["win", "draw", "loss", "forfeit-win",
                                                    "forfeit-loss"]}}  # fmt: skip
    s, r = load("magnus-senior", players, rounds, overrides=counted)
    assert standings(s, r).row("e").score == F(45, 4)
