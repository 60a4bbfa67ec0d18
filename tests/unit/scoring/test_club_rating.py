"""The club rating (issue 13 item 3): Elo updates per round worked out by hand, and DS-2's
initial order by it (``initial_order = ["club-rating", ...]``)."""

from __future__ import annotations

from typing import Any

from compcore.domain.errors import SeasonError
from compcore.domain.model import Season
from compcore.rules.rulesets import Ruleset
from compcore.scoring.club_rating import club_ratings, expected_score, round_half_away
from compcore.scoring.standings import initial_order, standings
from tests.builders import load, raises_in_english

PLAYERS: list[dict[str, Any]] = [
    {"id": "a", "name": "A", "rating": 1600},
    {"id": "b", "name": "B", "rating": 1500},
    {"id": "c", "name": "C", "rating": 1500},
    {"id": "d", "name": "D", "rating": 1400},
    {"id": "e", "name": "E"},  # no rating: starts at ``unrated`` (1500)
    {"id": "f", "name": "F", "rating": 1450},
]
ROUNDS = [
    "a-b 1-0, c-d =, e-f 1-0F",  # the forfeit counts for nobody
    "a-c 0-1, b-e 0-1, d absent, f absent",
]
RULES = {"club_rating": {"k": 20, "provisional_k": 40, "provisional_games": 1}}


def _season(overrides: dict[str, object] | None = None) -> tuple[Season, Ruleset]:
    return load("dubbelschaak", PLAYERS, ROUNDS, overrides={**RULES, **(overrides or {})})


def test_two_rounds_worked_out_by_hand() -> None:
    """K 20, provisional K 40 for a player's first game (provisional_games 1).

    Round 1: everyone has 0 games, so K = 40 for all.
      a 1600 - b 1500, 1-0: E_a = 1/(1+10^(-100/400)) = 1/(1+0.56234) = 0.64006;
        a +40 x 0.35994 = +14.40 -> +14 = 1614; b -14.40 -> -14 = 1486.
      c 1500 - d 1400, draw: E_c = 0.64006; c 40 x (0.5 - 0.64006) = -5.60 -> -6 = 1494;
        d +6 = 1406.
      e - f 1-0F: a forfeit, no change, no game counted (e 1500, f 1450, 0 games).
    Round 2: a, b, c, d have one game: K 20; e still none: K 40.
      a 1614 - c 1494, 0-1: E_a = 1/(1+10^(-120/400)) = 1/(1+0.50119) = 0.66613;
        a 20 x -0.66613 = -13.32 -> -13 = 1601; c +13.32 -> +13 = 1507.
      b 1486 - e 1500, 0-1: E_e = 1/(1+10^(-14/400)) = 1/(1+0.92257) = 0.52014;
        e 40 x 0.47986 = +19.19 -> +19 = 1519; b 20 x -0.47986 = -9.60 -> -10 = 1476.
      d and f absent: unchanged.
    """
    season, ruleset = _season()
    ratings = club_ratings(season, ruleset)
    after1, after2 = ratings.after(1), ratings.after(2)
    assert dict(after1.ratings) == {
        "a": 1614, "b": 1486, "c": 1494, "d": 1406, "e": 1500, "f": 1450,
    }  # fmt: skip
    assert dict(after2.ratings) == {
        "a": 1601, "b": 1476, "c": 1507, "d": 1406, "e": 1519, "f": 1450,
    }  # fmt: skip
    assert [r.player for r in after2.rows] == ["a", "e", "c", "b", "f", "d"]
    assert {r.player: r.change for r in after2.rows} == {
        "a": -13, "b": -10, "c": 13, "d": 0, "e": 19, "f": 0,
    }  # fmt: skip
    assert {r.player: r.games for r in after2.rows} == {
        "a": 2, "b": 2, "c": 2, "d": 1, "e": 1, "f": 0,
    }  # fmt: skip
    # provisional: fewer than 1 counted game. After round 1 e and f (forfeit only) are.
    assert [r.player for r in after1.rows if r.provisional] == ["e", "f"]
    assert [r.player for r in after2.rows if r.provisional] == ["f"]
    assert ratings.history("a") == ((0, 1600), (1, 1614), (2, 1601))


def test_without_provisional_k_everyone_uses_k() -> None:
    """No provisional K: round 1 at K 20. a-b: +20 x 0.35994 = +7.20 -> +7 (a 1607, b 1493);
    c-d: 20 x -0.14006 = -2.80 -> -3 (c 1497, d 1403)."""
    season, ruleset = _season({"club_rating": {"k": 20, "provisional_games": 1}})
    assert dict(club_ratings(season, ruleset).after(1).ratings) == {
        "a": 1607, "b": 1493, "c": 1497, "d": 1403, "e": 1500, "f": 1450,
    }  # fmt: skip


def test_fixed_initial_rating_and_halves_away_from_zero() -> None:
    """initial 1500 for everyone, K 15: a-b 1-0 between equals: E = 0.5, a +7.5 -> +8,
    b -7.5 -> -8; c-d draw between equals: 0 each."""
    season, ruleset = _season({"club_rating": {"k": 15, "initial": 1500}})
    after1 = club_ratings(season, ruleset).after(1).ratings
    assert (after1["a"], after1["b"], after1["c"], after1["d"]) == (1508, 1492, 1500, 1500)
    assert round_half_away(7.5) == 8 and round_half_away(-7.5) == -8
    assert round_half_away(2.49) == 2
    assert expected_score(1500, 1500) == 0.5


def test_ds2_initial_order_by_club_rating_before_the_round() -> None:
    """DS-2 with ``initial_order = ["club-rating", "name"]``: for round 3 the order is the
    list after round 2 (a 1601, e 1519, c 1507, b 1476, f 1450, d 1406); for round 1 it is
    the initial ratings (a 1600; b, c, e 1500 by name; f 1450; d 1400). By plain rating e
    (no rating) would be last."""
    season, ruleset = _season({"initial_order": ["club-rating", "name"]})
    assert initial_order(season, ruleset, 3) == ("a", "e", "c", "b", "f", "d")
    assert initial_order(season, ruleset, 1) == ("a", "b", "c", "e", "f", "d")
    by_rating = ruleset.model_copy(update={"initial_order": ("rating", "name")})
    assert initial_order(season, by_rating, 3)[-1] == "e"


def test_ds2_tie_broken_by_club_rating() -> None:
    """A points competition restarting per cycle (one round a cycle), its initial order by
    club rating (K 20, provisional K 40 for the first game): a 1520, b 1500, c 1500, d 1400.

    Round 1 (cycle 0): b beats a: E_b = 1/(1+10^(20/400)) = 1/(1+1.12202) = 0.47125;
    b +40 x 0.52875 = +21.15 -> +21 = 1521, a -21 = 1499.
    Round 2 (cycle 1): a and b both win: 1 point each in cycle 1, a tie. The initial order
    at cycle 1's start is the club rating before round 2: b 1521 above a 1499 (by their own
    ratings a, 1520, would be above b, 1500)."""
    players = [
        {"id": "a", "name": "A", "rating": 1520},
        {"id": "b", "name": "B", "rating": 1500},
        {"id": "c", "name": "C", "rating": 1500},
        {"id": "d", "name": "D", "rating": 1400},
    ]
    overrides = {
        **RULES,
        "initial_order": ["club-rating", "name"],
        "tie_breaks": ["initial-order"],
        "cycles": 2,
        "rounds_per_cycle": 1,
        "cycle_standings": "restart",
    }
    season, ruleset = load("princenpaard", players, ["a-b 0-1, c-d =", "a-c 1-0, b-d 1-0"],
                           overrides=overrides)  # fmt: skip
    table = standings(season, ruleset, after_round=2, cycle=1)
    assert table.order[:2] == ("b", "a")
    tie = table.ties[0]
    assert (tie.upper, tie.lower, tie.by) == ("b", "a", "club-rating")
    assert (tie.upper_value, tie.lower_value) == (1521, 1499)
    assert "1521" in tie.why.render("en") and "club rating" in tie.why.render("en")


def test_bad_club_rating_settings_are_refused() -> None:
    """K 0 and an initial rating that is neither a number nor "rating" are refused in one
    line naming the field."""
    with raises_in_english(SeasonError, r"club_rating\.k"):
        _season({"club_rating": {"k": 0}})
    with raises_in_english(SeasonError, r"club_rating\.initial"):
        _season({"club_rating": {"initial": "knsb"}})
