"""Each entry's value and points as the standings counted them (the player page's rows).

Hand-worked: Keizer recompute (KC-4 weekly), KC-4 iterate at a fixed point and under an
oscillation, a points preset with a cap (PP-2), a cup (MG-7). Property: on generated seasons
of every preset, every player's lines add up exactly to his standings score.
"""

from __future__ import annotations

from fractions import Fraction as F

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compcore.domain.model import Kind
from compcore.lab import synthetic
from compcore.rules.rulesets import preset_names, ruleset_of
from compcore.scoring.contributions import contributions, player_rounds
from compcore.scoring.standings import standings
from tests.builders import load


def lines_of(season, ruleset, table, pid):
    return [(c.round, c.entry.kind, c.entry.opponent, c.value, c.points)
            for c in player_rounds(season, ruleset, table, pid).lines]  # fmt: skip


def test_keizer_recompute_scores_every_entry_with_the_previous_rankings_values() -> None:
    """KC-4 weekly recompute, values top 30 step 1, initial order a b c d.

    Round 1 (values of S0: a30 b29 c28 d27): a beats b: 29; c-d draw: c 27/2, d 14.
    S1 = a d c b, values a30 d29 c28 b27.
    Round 2 (c beats a, d bye, b absent), every entry rescored with S1's values:
      a: beat b (27) = 27, lost to c = 0                     -> 27
      b: lost = 0, absent 2/6 x own 27 = 9                    -> 9
      c: drew d (29) = 29/2, beat a (30) = 30                 -> 89/2
      d: drew c (28) = 14, bye 3/6 x own 29 = 29/2            -> 57/2
    """
    s, r = load("keizer-classic", "a b c d", ["a-b 1-0, c-d =", "c-a 1-0, d bye, b absent"])
    table = standings(s, r)
    assert lines_of(s, r, table, "c") == [
        (1, Kind.DRAW, "d", 29, F(29, 2)),
        (2, Kind.WIN, "a", 30, 30),
    ]
    assert lines_of(s, r, table, "d") == [
        (1, Kind.DRAW, "c", 28, 14),
        (2, Kind.BYE, None, 29, F(29, 2)),
    ]
    # a loss is a plain 0 (KC-4): no value enters it
    assert lines_of(s, r, table, "b") == [
        (1, Kind.LOSS, "a", None, 0),
        (2, Kind.ABSENT, None, 27, 9),
    ]
    # a's win of round 1 now counts with b's new value 27, not the 29 it had after round 1
    assert lines_of(s, r, table, "a")[0] == (1, Kind.WIN, "b", 27, 27)
    for pid, total in {"a": 27, "b": 9, "c": F(89, 2), "d": F(57, 2)}.items():
        assert player_rounds(s, r, table, pid).total == total == table.row(pid).score


def test_keizer_iterate_fixed_point_scores_with_the_fixed_points_values() -> None:
    """The same season, iterated after round 2 (KC-4 after round 19 and the last round).

    Step 1 from S1's values (a30 d29 c28 b27) gives c 89/2, d 57/2, a 27, b 9: c d a b.
    Step 2 with values c30 d29 a28 b27: c = 29/2 + 28 = 85/2, d = 30/2 + 29/2 = 59/2,
    a = 27, b = 9: again c d a b, a fixed point; the scores use its values.
    """
    s, r = load(
        "keizer-classic",
        "a b c d",
        ["a-b 1-0, c-d =", "c-a 1-0, d bye, b absent"],
        overrides={"keizer": {"iterate_rounds": [2]}},
    )
    table = standings(s, r)
    assert table.mode == "iterate" and not table.oscillated
    assert lines_of(s, r, table, "c") == [
        (1, Kind.DRAW, "d", 29, F(29, 2)),
        (2, Kind.WIN, "a", 28, 28),
    ]
    assert lines_of(s, r, table, "d") == [
        (1, Kind.DRAW, "c", 30, 15),
        (2, Kind.BYE, None, 29, F(29, 2)),
    ]
    assert player_rounds(s, r, table, "c").total == F(85, 2) == table.row("c").score
    assert player_rounds(s, r, table, "d").total == F(59, 2) == table.row("d").score


def test_keizer_oscillation_lines_use_the_values_that_gave_the_scores() -> None:
    """KC-4 oscillation (values top 4: 4 3 2 1), round 1: a-c draw, d-b draw.

    Step 1 (a4 b3 c2 d1) -> R1 = c d a b; step 2 with R1's values c4 d3 a2 b1 gives
    a 4/2 = 2, b 3/2, c 2/2 = 1, d 1/2 -> R2 = a b c d; step 3 returns to R1. R2 is chosen,
    with R2's scores: those were computed with R1's values. So a's draw with c counts with
    c's value 4 (points 2), although R2 itself would give c the value 2.
    """
    s, r = load(
        "keizer-classic",
        "a b c d",
        [{"games": "a-c 1/2, d-b 1/2"}],
        overrides={"keizer": {"iterate_rounds": ["every"], "values": {"top": 4}}},
    )
    table = standings(s, r)
    assert table.oscillated and table.order == ("a", "b", "c", "d")
    assert table.final.value("c") == 2
    assert lines_of(s, r, table, "a") == [(1, Kind.DRAW, "c", 4, 2)]
    assert lines_of(s, r, table, "b") == [(1, Kind.DRAW, "d", 3, F(3, 2))]
    assert lines_of(s, r, table, "c") == [(1, Kind.DRAW, "a", 2, 1)]
    assert lines_of(s, r, table, "d") == [(1, Kind.DRAW, "b", 1, F(1, 2))]


def test_points_preset_shows_the_cap_as_a_line_of_its_own() -> None:
    """PP-2: a joker is 1/2, at most 4 per season, then 0. c takes five jokers: 4 x 1/2 = 2
    and a fifth line worth 0, marked over the cap; a wins four and draws one: 4 1/2."""
    rounds = ["a-b 1-0, c joker"] * 4 + ["a-b =, c joker"]
    s, r = load("princenpaard", "a b c", rounds)
    table = standings(s, r)
    lines = player_rounds(s, r, table, "c").lines
    assert [(c.points, c.over_cap, c.value) for c in lines] == [(F(1, 2), False, None)] * 4 + [
        (0, True, None)
    ]
    assert player_rounds(s, r, table, "c").total == 2 == table.row("c").score
    assert player_rounds(s, r, table, "a").total == F(9, 2) == table.row("a").score


def test_cup_lines_are_plain_results() -> None:
    """MG-7 cup: a win is 1, a bye 1 (goes through). Round 1: a beats b, c beats d, e bye:
    a 1, c 1, e 1, b 0, d 0."""
    s, r = load("magnus-cup", "a b c d e", ["a-b 1-0, c-d 1-0, e bye"])
    table = standings(s, r)
    assert lines_of(s, r, table, "e") == [(1, Kind.BYE, None, None, 1)]
    assert lines_of(s, r, table, "b") == [(1, Kind.LOSS, "a", None, 0)]
    assert all(player_rounds(s, r, table, p).total == table.row(p).score for p in "abcde")


def test_a_restarting_cycle_shows_only_its_own_rounds() -> None:
    """DS-17: cycle 1 starts from zero, so its lines are its own rounds only (DS, 2 rounds
    per cycle: rounds 3 and 4 are cycle 1)."""
    rounds = ["a-b 1-0, c-d =", "a-c 1-0, b-d 0-1", "a-d 0-1, b-c =", "a-b =, c-d 1-0"]
    s, r = load("dubbelschaak", "a b c d", rounds, overrides={"rounds_per_cycle": 2})
    table = standings(s, r, cycle=1)
    assert [c.round for c in player_rounds(s, r, table, "a").lines] == [3, 4]
    assert all(player_rounds(s, r, table, p).total == table.row(p).score for p in "abcd")


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(preset_names()),
    n=st.integers(2, 12),
    rounds=st.integers(1, 8),
    seed=st.integers(0, 10_000),
    absent=st.sampled_from([0.0, 0.2]),
    joker=st.sampled_from([0.0, 0.3]),
)
def test_lines_add_up_to_the_standings_score(preset, n, rounds, seed, absent, joker) -> None:
    """For every player of every cycle: the lines' total is exactly the standings score."""
    season = synthetic.season(
        preset,
        n_players=n,
        n_rounds=rounds,
        seed=seed,
        mix=synthetic.Mix(absent=absent, joker=joker, forfeit=0.1),
    )
    ruleset = ruleset_of(season)
    cycles = sorted({rnd.cycle if rnd.cycle is not None else ruleset.cycle_of(rnd.number)
                     for rnd in season.played_rounds})  # fmt: skip
    for cycle in cycles if ruleset.restarts_per_cycle else [None]:
        table = standings(season, ruleset, cycle=cycle)
        every = contributions(season, ruleset, after_round=table.after_round, cycle=cycle)
        assert [r.score for r in every.standings.rows] == [r.score for r in table.rows]
        for row in table.rows:
            lines = every.entries.get(row.player, ())
            assert sum((c.points for c in lines), F(0)) == row.score
            assert player_rounds(season, ruleset, table, row.player).lines == lines
