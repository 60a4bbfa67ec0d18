"""Winners: DS-18 (per cycle and category), DS-19/DS-20 (champion or play-off), KC-12
(subgroups), LA-11 (B top 3, no arithmetic tie-break for first), PP-7 (champion)."""

from __future__ import annotations

import pytest

from compcore.awards.winners import PLAYOFF_UNAVAILABLE, PLAYOFF_WINNER, awards, category_of
from compcore.formats.round_robin import berger
from compcore.rules.rulesets import load_ruleset
from tests.builders import load

RATED = [
    {"id": "a", "name": "A", "rating": 2000},
    {"id": "b", "name": "B", "rating": 1950},
    {"id": "c", "name": "C", "rating": 1700},
    {"id": "d", "name": "D", "rating": 1650},
    {"id": "e", "name": "E", "rating": 1500},
    {"id": "f", "name": "F", "rating": 1400},
]


def test_ds18_categories_by_rating() -> None:
    cats = load_ruleset("dubbelschaak").awards.categories
    assert [category_of(r, cats) for r in (1599, 1600, 1899, 1900, None)] == [
        "<1600", "1600-1899", "1600-1899", "1900+", "<1600",
    ]  # fmt: skip


def test_ds18_winner_per_category_per_cycle() -> None:
    # N = 6, top 8: a8 b7 c6 d5 e4 f3. b beats a (8), d beats c (6), f beats e (4):
    # standings b d f a c e; the best-placed of each category: 1900+ b, 1600-1899 d, <1600 f.
    s, r = load(
        "dubbelschaak",
        RATED,
        [{"games": "a-b 0-1, c-d 0-1, e-f 0-1"}],
        overrides={"rounds_per_cycle": 1},
    )
    won = {(w.cycle, w.category): w.player for w in awards(s, r).cycle_winners}
    assert won == {(0, "1900+"): "b", (0, "1600-1899"): "d", (0, "<1600"): "f"}
    assert all(w.final for w in awards(s, r).cycle_winners)


ONE_CATEGORY = {"rounds_per_cycle": 1, "awards": {"categories": [{"name": "alle"}]}}
B_WINS = {"games": "a-b 0-1, c-d 1-0, e-f 1-0"}
A_WINS = {"games": "a-b 1-0, c-d 1-0, e-f 1-0"}


def test_ds19_three_cycle_wins_make_the_champion() -> None:
    s, r = load("dubbelschaak", RATED, [B_WINS, B_WINS, B_WINS], overrides=ONE_CATEGORY)
    (champ,) = awards(s, r).championships
    assert (champ.status, champ.champion, champ.reason) == ("champion", "b", "all-cycles")


def test_ds19_ds20_playoff_seeds_and_berger_schedule() -> None:
    # One category, cycles of one round. Values each cycle a8 b7 c6 d5 e4 f3.
    # Cycles 0 and 1: b beats a (8), c beats d (5), e beats f (3): winner b twice.
    # Cycle 2: a beats b (7), c 5, e 3: winner a.
    # Final list (sum of cycles): b 16, c 15, e 9, a 7, d 0, f 0.
    # Seeds: 1 = b (cycle 0); seed 2 is freed (b won twice and keeps the earlier seed);
    # 3 = a (cycle 2); freed seed 2 and seed 4 go down the final list: c, then e.
    s, r = load("dubbelschaak", RATED, [B_WINS, B_WINS, A_WINS], overrides=ONE_CATEGORY)
    (champ,) = awards(s, r).championships
    assert champ.status == "playoff"
    assert champ.playoff.seeds == ("b", "c", "a", "e")
    # DS-20: Berger 1-4 2-3 / 4-3 1-2 / 2-4 3-1
    assert champ.playoff.schedule == (
        (1, "b", "e"), (1, "c", "a"), (2, "e", "a"), (2, "b", "c"), (3, "c", "e"), (3, "a", "b"),
    )  # fmt: skip


def test_ds19_a_seed_who_cannot_play_is_replaced_from_the_final_list() -> None:
    # As above, but c cannot play: seed 2 goes to e, seed 4 to the next on the list: d
    # (d and f both 0: d is higher in the initial order).
    decisions = [{"kind": PLAYOFF_UNAVAILABLE, "player": "c", "category": "alle"}]
    s, r = load(
        "dubbelschaak", RATED, [B_WINS, B_WINS, A_WINS], overrides=ONE_CATEGORY, decisions=decisions
    )
    (champ,) = awards(s, r).championships
    assert champ.playoff.seeds == ("b", "e", "a", "d")


def test_ds19_recorded_playoff_winner_is_champion() -> None:
    decisions = [{"kind": PLAYOFF_WINNER, "player": "a", "category": "alle"}]
    s, r = load(
        "dubbelschaak", RATED, [B_WINS, B_WINS, A_WINS], overrides=ONE_CATEGORY, decisions=decisions
    )
    (champ,) = awards(s, r).championships
    assert (champ.status, champ.champion) == ("champion", "a")


SMALL = [
    {"id": p, "name": p.upper(), "rating": r}
    for p, r in zip("abcdef", (2000, 1950, 1900, 1700, 1650, 1500), strict=True)
]
TWO_CATEGORIES = {
    "rounds_per_cycle": 1,
    "awards": {
        "categories": [
            {"name": "1900+", "min_rating": 1900},
            {"name": "<1900", "below_rating": 1900},
        ]
    },
}


def test_ds19_a_category_of_three_plays_off_and_the_recorded_winner_is_champion() -> None:
    # Two categories of three: 1900+ = a b c, <1900 = d e f. Cycles of one round; values
    # each cycle a8 b7 c6 d5 e4 f3 (N = 6, top = ceil(3*5/2) = 8).
    # Cycle 0: b beats a (8), c beats d (5), e beats f (3): 1900+ winner b, <1900 winner e.
    # Cycles 1, 2: a beats b (7), c beats d (5), e beats f (3): 1900+ winner a, <1900 e.
    # <1900: e won all three cycles: champion. 1900+: nobody did. Final list a 14, b 8,
    # c 15: seeds 1 = b, 2 = a, 3 (freed: a won twice) = c; no fourth player: the play-off
    # is the three of them, Berger with a rest seat: 2-3 / 1-2 / 3-1 = a-c, b-a, c-b.
    rounds = [
        {"games": "a-b 0-1, c-d 1-0, e-f 1-0"},
        {"games": "a-b 1-0, c-d 1-0, e-f 1-0"},
        {"games": "a-b 1-0, c-d 1-0, e-f 1-0"},
    ]
    s, r = load("dubbelschaak", SMALL, rounds, overrides=TWO_CATEGORIES)
    high, low = awards(s, r).championships
    assert (low.status, low.champion, low.reason) == ("champion", "e", "all-cycles")
    assert (high.status, high.reason) == ("playoff", "small-category")
    assert high.playoff.seeds == ("b", "a", "c")
    assert high.playoff.schedule == ((1, "a", "c"), (2, "b", "a"), (3, "c", "b"))
    # the director records the play-off's winner: c is champion of 1900+
    decisions = [{"kind": PLAYOFF_WINNER, "player": "c", "category": "1900+"}]
    s, r = load("dubbelschaak", SMALL, rounds, overrides=TWO_CATEGORIES, decisions=decisions)
    high, low = awards(s, r).championships
    assert (high.category, high.status, high.champion) == ("1900+", "champion", "c")
    assert high.reason == PLAYOFF_WINNER
    assert (low.status, low.champion) == ("champion", "e")
    # recorded on the Winnaars page without choosing the category: it counts for the
    # category whose play-off c is in
    decisions = [{"kind": PLAYOFF_WINNER, "player": "c"}]
    s, r = load("dubbelschaak", SMALL, rounds, overrides=TWO_CATEGORIES, decisions=decisions)
    high, low = awards(s, r).championships
    assert (high.status, high.champion) == ("champion", "c")
    assert (low.status, low.champion) == ("champion", "e")


def test_ds20_berger_tables_for_six_and_for_two() -> None:
    # the FIDE Berger table for 6: 1-6 2-5 3-4 / 6-4 5-3 1-2 / 2-6 3-1 4-5 / 6-5 1-4 2-3 /
    # 3-6 4-2 5-1; for 2 players one game
    table = [(w, b) for _, w, b in berger("123456")]
    assert table == [
        ("1", "6"), ("2", "5"), ("3", "4"), ("6", "4"), ("5", "3"), ("1", "2"),
        ("2", "6"), ("3", "1"), ("4", "5"), ("6", "5"), ("1", "4"), ("2", "3"),
        ("3", "6"), ("4", "2"), ("5", "1"),
    ]  # fmt: skip
    assert berger(["x", "y"]) == ((1, "x", "y"),)


def test_ds20_whites_seeds_one_two_twice_three_four_once() -> None:
    whites = [white for _, white, _ in berger(["1", "2", "3", "4"])]
    assert {s: whites.count(s) for s in "1234"} == {"1": 2, "2": 2, "3": 1, "4": 1}


def test_kc12_subgroups_from_the_ranking_after_the_cut_off() -> None:
    # Subgroups of 2 after round 1. Values a30 b29 c28 d27.
    # R1: d beats a (30), c beats b (29): ranking d c a b -> groups {d, c}, {a, b}.
    # R2: a beats d, b beats c: recompute with S1 values (d30 c29 a28 b27):
    #   a 30, b 29, d 28, c 27 -> now a b d c.
    # Group 1 {d, c}: d leads (28 > 27); group 2 {a, b}: a leads.
    s, r = load(
        "keizer-classic",
        "a b c d",
        [{"games": "a-d 0-1, b-c 0-1"}, {"games": "a-d 1-0, b-c 1-0"}],
        overrides={"awards": {"subgroups": {"after_round": 1, "size": 2}}},
    )
    groups = awards(s, r).subgroups
    assert [(g.members, g.leader) for g in groups] == [(("d", "c"), "d"), (("a", "b"), "a")]


LEVELS = [
    {"id": p, "name": p.upper(), "strength": i, "level": "A" if i <= 2 else "B"}
    for i, p in enumerate("abcdef", start=1)
]


def test_la11_b_top_three_and_a_tie_for_first_needs_a_playoff() -> None:
    # One round of a season of one round: a-b draw, c beats d, e beats f:
    # c 1, e 1 share first (no arithmetic tie-break: a play-off is needed).
    # B players (c d e f) in standings order: c e d f -> top 3 c e d.
    s, r = load(
        "ladder-ab",
        LEVELS,
        [{"games": "a-b 1/2, c-d 1-0, e-f 1-0"}],
        overrides={"rounds_per_cycle": 1},
    )
    result = awards(s, r)
    assert result.level_top == ("B", ("c", "e", "d"))
    (champ,) = result.championships
    assert (champ.status, champ.tied) == ("playoff", ("c", "e"))
    # the director records the rapid play-off's winner
    s, r = load(
        "ladder-ab",
        LEVELS,
        [{"games": "a-b 1/2, c-d 1-0, e-f 1-0"}],
        overrides={"rounds_per_cycle": 1},
        decisions=[{"kind": PLAYOFF_WINNER, "player": "e"}],
    )
    (champ,) = awards(s, r).championships
    assert (champ.status, champ.champion) == ("champion", "e")


def test_pp7_champion_is_first_after_the_last_round() -> None:
    rounds = [{"games": "a-b 1-0"}, {"games": "a-b 1/2"}]
    s, r = load("princenpaard", "a b", rounds, overrides={"rounds_per_cycle": 1, "cycles": 2})
    (champ,) = awards(s, r).championships
    assert (champ.status, champ.champion, champ.reason) == ("champion", "a", "first")
    s, r = load("princenpaard", "a b", rounds[:1], overrides={"rounds_per_cycle": 1, "cycles": 2})
    (champ,) = awards(s, r).championships
    assert (champ.status, champ.champion) == ("pending", "a")


@pytest.mark.parametrize(
    ("preset", "shown"),
    [("ds-topcompetitie", False), ("ds-playoff", False), ("ds-meierij-cup", False),
     ("magnus-cup", False), ("ladder-ab", True), ("dubbelschaak", True)],
)  # fmt: skip
def test_which_competitions_show_a_club_championship(preset, shown):
    """A round robin whose champion is its first (DS-16 groups; the DS-20 play-off, whose
    own page names its champion) shows its table's winner, not a championship block; a cup
    of pools (DS-21) its stages' winners; a knock-out cup (MG-7) the final's winner. A
    ladder (LA-11, DS-19) shows its championship block."""
    from compcore.awards.winners import awards, club_championships

    season, ruleset = load(preset, "a b c d", [])
    assert bool(club_championships(awards(season, ruleset), ruleset)) is shown
