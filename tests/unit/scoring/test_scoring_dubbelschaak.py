"""Dubbelschaak scoring rules (DS-1 .. DS-8, DS-10, DS-17), numbers worked out by hand."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from compcore.rules.rulesets import load_ruleset
from compcore.rules.rulesets.schema import RankValues
from compcore.scoring.standings import initial_order, standings
from compcore.scoring.values import rank_values, top_value
from tests.builders import load

RATED = [
    {"id": "a", "name": "A", "rating": 2000},
    {"id": "b", "name": "B", "rating": 1900},
    {"id": "c", "name": "C", "rating": 1800},
    {"id": "d", "name": "D", "rating": 1700},
]


def values_of(st) -> dict[str, F]:
    return {row.player: row.value for row in st.rows}


def scores_of(st) -> dict[str, F]:
    return {row.player: row.score for row in st.rows}


@pytest.mark.parametrize(
    ("n", "top", "bottom"),
    [
        # top = ceil(3(N-1)/2), bottom = top - (N-1)
        (5, 6, 2),  # 3*4/2 = 6 exactly
        (6, 8, 3),  # 3*5/2 = 7.5 -> 8
        (25, 36, 12),  # 3*24/2 = 36: top is exactly 3 x bottom
    ],
)
def test_ds1_top_value_is_three_times_bottom(n: int, top: int, bottom: int) -> None:
    values = load_ruleset("dubbelschaak").keizer.values
    assert isinstance(values, RankValues)
    assert top_value(values, n) == top
    table = rank_values(values, [f"p{i}" for i in range(n)])
    assert max(table.values()) == top
    assert min(table.values()) == bottom
    # linear with step 1: #1 top, #2 top-1, ...
    assert list(table.values()) == list(range(top, bottom - 1, -1))


def test_ds1_engine_counts_in_n_and_is_ranked_like_a_player() -> None:
    # 4 humans + the engine: N = 5, top = ceil(3*4/2) = 6, values 6 5 4 3 2. The engine has
    # no rating so it starts last (DS-2), with value 2.
    s, r = load("dubbelschaak", [*RATED, {"id": "k", "name": "Komodo", "virtual": "engine"}])
    st = standings(s, r)
    assert st.order == ("a", "b", "c", "d", "k")
    assert values_of(st) == {"a": 6, "b": 5, "c": 4, "d": 3, "k": 2}


def test_ds2_initial_order_by_rating_then_name() -> None:
    # DS-2: club rating (the season's `rating`); without one, after the rated players, by name.
    players = [
        {"id": "x", "name": "Xander", "rating": 1500},
        {"id": "y", "name": "Yara", "rating": 1900},
        {"id": "z", "name": "Zeno"},
        {"id": "w", "name": "Wim"},
        {"id": "v", "name": "Vera", "rating": 1700},
    ]
    s, r = load("dubbelschaak", players)
    assert initial_order(s, r, 1) == ("y", "v", "x", "w", "z")


def test_ds3_game_win_draw_loss_in_sixths_of_opponent_value() -> None:
    """DS-3: win 6/6, draw 3/6, loss 0 of the opponent's value."""
    # N = 4, top = ceil(3*3/2) = 5: initial values a5 b4 c3 d2.
    # Round 1 (recompute from S0): a-b draw: a gets 3/6 of 4 = 2, b gets 3/6 of 5 = 5/2;
    # c beats d: c gets 6/6 of 2 = 2, d gets 0.
    s, r = load("dubbelschaak", RATED, [{"games": "a-b 1/2, c-d 1-0"}])
    assert scores_of(standings(s, r)) == {"a": 2, "b": F(5, 2), "c": 2, "d": 0}


def test_ds4_absence_cap_per_cycle_and_ds7_bye_and_ds8_recompute() -> None:
    # rounds_per_cycle 6: the absence cap is ceil(0.33 * 6) = ceil(1.98) = 2 per cycle.
    # N = 4, top 5. Every round: a-b draw, c has the bye (DS-7: 6/6 own), d is absent.
    # S0: a5 b4 c3 d2.
    # R1 with S0 values: a 1/2*4 = 2, b 1/2*5 = 5/2, c 3, d 2/6*2 = 2/3.
    #    S1: c 3, b 5/2, a 2, d 2/3 -> values c5 b4 a3 d2.
    # R2, everything rescored with S1 values (DS-8 recompute):
    #    a 2 x 1/2*4 = 4, b 2 x 1/2*3 = 3, c 2 x 5 = 10, d 2 x 2/6*2 = 4/3.
    #    S2: c 10, a 4, b 3, d 4/3 -> values c5 a4 b3 d2.
    # R3 rescored with S2 values; d's third absence is over the cap and scores 0 (DS-4):
    #    a 3 x 1/2*3 = 9/2, b 3 x 1/2*4 = 6, c 3 x 5 = 15, d 2 x 2/6*2 + 0 = 4/3.
    rounds = [{"games": "a-b 1/2", "entries": {"c": "bye", "d": "absent"}}] * 3
    s, r = load("dubbelschaak", RATED, rounds, overrides={"rounds_per_cycle": 6})
    assert r.points.absent.cap.limit(6) == 2
    after2 = standings(s, r, after_round=2)
    assert scores_of(after2) == {"a": 4, "b": 3, "c": 10, "d": F(4, 3)}
    after3 = standings(s, r)
    assert scores_of(after3) == {"a": F(9, 2), "b": 6, "c": 15, "d": F(4, 3)}
    assert after3.order == ("c", "b", "a", "d")
    assert after3.mode == "recompute"


def test_ds4_default_cap_is_four_in_a_cycle_of_twelve() -> None:
    # ceil(0.33 * 12) = ceil(3.96) = 4
    rule = load_ruleset("dubbelschaak").points.absent
    assert rule.cap.limit(12) == 4
    assert rule.cap.scope == "cycle"


def test_ds8_at_time_would_differ_from_recompute() -> None:
    # The same season as above scored at-time: a's draws are worth 1/2 of b's value at the
    # time: R1 1/2*4 = 2 (S0), R2 1/2*4 = 2 (S1: b4), R3 1/2*3 = 3/2 (S2: b3): 11/2, where
    # recompute gives 9/2. The ruleset's mode decides (DS-8 reading: recompute).
    rounds = [{"games": "a-b 1/2", "entries": {"c": "bye", "d": "absent"}}] * 3
    s, r = load(
        "dubbelschaak",
        RATED,
        rounds,
        overrides={"rounds_per_cycle": 6, "keizer": {"mode": "at-time"}},
    )
    assert standings(s, r).row("a").score == F(11, 2)
    assert load_ruleset("dubbelschaak").keizer.mode == "recompute"


def test_ds5_ds6_ds10_own_value_entries() -> None:
    # Six humans, N = 6: top = ceil(3*5/2) = 8, values a8 b7 c6 d5 e4 f3.
    # a-b 1-0F (b did not come, DS-6): a 6/6 of own 8 = 8, b 0.
    # c external (DS-5): 4/6 of 6 = 4. d club duty (DS-5): 4/6 of 5 = 10/3.
    # e declined the engine (DS-10): 3/6 of 4 = 2. f Meierij cup evening (DS-5): 4/6 of 3 = 2.
    players = "a b c d e f"
    s, r = load(
        "dubbelschaak",
        [{"id": p, "name": p, "rating": 2000 - 100 * i} for i, p in enumerate(players.split())],
        [
            {
                "games": "a-b 1-0F",
                "entries": {
                    "c": "external",
                    "d": "club-duty",
                    "e": "declined-engine",
                    "f": "cup-win",
                },
            }
        ],
    )
    assert scores_of(standings(s, r)) == {
        "a": 8,
        "b": 0,
        "c": 4,
        "d": F(10, 3),
        "e": 2,
        "f": 2,
    }


def test_ds17_cycles_restart_from_zero_and_initial_order_at_cycle_start() -> None:
    # Two cycles of 2 rounds. Cycle 0: a beats b and c beats d twice.
    # d's rating goes to 2100 from round 3, so cycle 1 starts from the order d a b c
    # (values d5 a4 b3 c2, N = 4, top 5).
    # Round 3 (cycle 1): a-b draw, c-d draw, scored from cycle 1's S0 only:
    #   a 1/2*3 = 3/2, b 1/2*4 = 2, c 1/2*5 = 5/2, d 1/2*2 = 1 -> c b a d.
    rounds = [
        {"games": "a-b 1-0, c-d 1-0", "cycle": 0},
        {"games": "b-a 0-1, d-c 0-1", "cycle": 0},
        {"games": "a-b 1/2, c-d 1/2", "cycle": 1},
    ]
    s, r = load(
        "dubbelschaak",
        RATED,
        rounds,
        overrides={"rounds_per_cycle": 2},
        ratings=[{"player": "d", "from_round": 3, "rating": 2100}],
    )
    cycle1 = standings(s, r)
    assert cycle1.cycle == 1
    assert cycle1.snapshots[0].order == ("d", "a", "b", "c")
    assert scores_of(cycle1) == {"a": F(3, 2), "b": 2, "c": F(5, 2), "d": 1}
    assert cycle1.order == ("c", "b", "a", "d")
    # cycle 0 is its own table: after round 2, from S0 a5 b4 c3 d2 with recompute:
    # R1: a 4, c 2 -> S1 a c b d (b before d by initial order) -> a5 c4 b3 d2
    # R2 rescored: a 2 x 3 = 6, c 2 x 2 = 4.
    cycle0 = standings(s, r, cycle=0)
    assert cycle0.after_round == 2
    assert scores_of(cycle0) == {"a": 6, "b": 0, "c": 4, "d": 0}


def test_ds16_round_robin_group_games_count_in_the_ladder() -> None:
    """DS-16: a game of a round-robin group (Topcompetitie) counts in the ladder of the cycle
    it was played in, like any game."""
    # N = 4, top 5: a5 b4 c3 d2. Round 1: c beats a in the group (group game), b-d draw.
    # c 6/6 of 5 = 5; b 3/6 of 2 = 1; d 3/6 of 4 = 2; a 0.
    s, r = load(
        "dubbelschaak",
        RATED,
        [{"games": [
            {"white": "c", "black": "a", "result": "1-0", "group": "Topcompetitie"},
            {"white": "b", "black": "d", "result": "1/2-1/2"},
        ]}],
    )  # fmt: skip
    assert scores_of(standings(s, r)) == {"a": 0, "b": 1, "c": 5, "d": 2}


def test_ds21_meierij_cup_evening_gives_four_sixths_whatever_the_result() -> None:
    """DS-21 (with DS-5): a Meierij Cup evening does not count as a ladder game but gives
    4/6 of one's own value, won, drawn or lost."""
    # Six humans, N = 6, top 8: a8 b7 c6 d5 e4 f3. a-b draw: a 7/2, b 4.
    # c cup win 4/6*6 = 4, d cup draw 4/6*5 = 10/3, e cup loss 4/6*4 = 8/3, f absent 2/6*3 = 1.
    players = [{"id": p, "name": p, "rating": 2000 - 100 * i} for i, p in enumerate("abcdef")]
    s, r = load(
        "dubbelschaak",
        players,
        [
            {
                "games": "a-b 1/2",
                "entries": {"c": "cup-win", "d": "cup-draw", "e": "cup-loss", "f": "absent"},
            }
        ],
    )
    st = standings(s, r)
    assert scores_of(st) == {"a": F(7, 2), "b": 4, "c": 4, "d": F(10, 3), "e": F(8, 3), "f": 1}
    assert st.row("c").games == 0  # not a ladder game
