"""The one table order (:func:`compcore.formats.round_robin.order`) that the round-robin
groups (DS-16), the play-off (DS-20) and the cup's pools (DS-21) all rank by: points, the
tie-breaks in order (the mutual result among those still level), then the seeding."""

from __future__ import annotations

from fractions import Fraction

from compcore.formats.pools_cup import cup_state
from compcore.formats.round_robin import order
from compcore.scoring.tiebreaks import MUTUAL
from tests.services.test_pools_cup import RULES, cup, with_results

F = Fraction


def test_points_first_then_the_mutual_result_among_the_level_then_the_seeding() -> None:
    points = {"a": F(1), "b": F(2), "c": F(2), "d": F(2), "e": F(0)}
    beat = {("d", "b"): 2, ("d", "c"): 1, ("b", "c"): 1, ("c", "b"): 1}
    asked: list[frozenset[str]] = []

    def mutual(p: str, among: frozenset[str]) -> int:
        asked.append(among)
        return sum(n for (x, y), n in beat.items() if x == p and y in among)

    found = order(("a", "b", "c", "d", "e"), points, (MUTUAL,), lambda _b: {}, mutual)
    # d 3 among b c d; b and c 1 each: level on everything, they share place 2 (b first: seed)
    assert found.lines == ((1, "d"), (2, "b"), (2, "c"), (4, "a"), (5, "e"))
    assert found.mutual == {"a": 0, "b": 1, "c": 1, "d": 3, "e": 0}
    assert set(asked) == {frozenset("bcd")}  # asked only among players level on points


def test_without_tie_breaks_level_players_share_a_place_in_seed_order() -> None:
    points = {"a": F(1), "b": F(1), "c": F(3)}
    found = order(("a", "b", "c"), points, (), lambda _b: {}, lambda _p, _a: 0)
    assert found.lines == ((1, "c"), (2, "a"), (2, "b"))


def test_a_pool_ranks_by_the_shared_order_counting_a_forfeit_among_the_level() -> None:
    """Pool A (p1 p4 p5 p8): p1 4 points; p4 and p8 3 each, p8 won their meeting 2-0 by
    forfeit: the game points among themselves count it (DS-21's pool table counts game
    points), so p8 is ahead of p4, who is seeded before him; p5 2 is last."""
    season = cup()
    for number, text in enumerate(
        [
            "p1-p8 =, p8-p1 =, p4-p5 1-0, p5-p4 0-1",
            "p8-p5 0-1, p5-p8 1-0, p1-p4 =, p4-p1 =",
            "p4-p8 0-1F, p8-p4 1-0F, p5-p1 0-1, p1-p5 1-0",
        ],
        start=1,
    ):
        season = with_results(season, number, text)
    pool = cup_state(season, RULES).pools[0]
    assert pool.members == ("p1", "p4", "p5", "p8")
    assert [(r.place, r.player, r.points, r.games) for r in pool.rows] == [
        (1, "p1", 4, 6),
        (2, "p8", 3, 6),
        (3, "p4", 3, 6),
        (4, "p5", 2, 6),
    ]
