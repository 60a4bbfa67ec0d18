"""Point-system scoring rules: Princenpaard (PP-1, PP-2, PP-4, PP-6), the A/B ladder
(LA-9, LA-10) and Magnus youth (MG-6). Numbers worked out by hand."""

from __future__ import annotations

from fractions import Fraction as F

from compcore.domain.model import Kind
from compcore.rules.rulesets import load_ruleset
from compcore.scoring.history import Entry
from compcore.scoring.standings import standings
from compcore.scoring.tiebreaks import sonneborn_berger
from tests.builders import load


def scores_of(st) -> dict[str, F]:
    return {row.player: row.score for row in st.rows}


def test_pp1_points_and_unexcused_absence_counted() -> None:
    """PP-1 points (a forfeit loss and an unexcused absence score 0) and PP-3's count of
    unexcused no-shows in its own column."""
    # a-b 0-1F: a did not come: 0, b 1. c-d draw 1/2 each. e absent without notice: 0,
    # and the no-show is counted (PP-3 shows it per player).
    s, r = load(
        "princenpaard",
        "a b c d e",
        [{"games": "a-b 0-1F, c-d 1/2", "entries": {"e": "absent-unexcused"}}],
    )
    st = standings(s, r)
    assert scores_of(st) == {"a": 0, "b": 1, "c": F(1, 2), "d": F(1, 2), "e": 0}
    assert st.row("e").no_shows == 1
    assert "no_shows" in st.columns


def test_pp2_four_jokers_a_season_then_zero() -> None:
    # x takes a joker in five rounds: 4 x 1/2 = 2; the fifth scores 0 like an absence.
    rounds = [{"games": "a-b 1/2", "entries": {"x": "joker"}}] * 5
    s, r = load("princenpaard", "a b x", rounds)
    st = standings(s, r)
    assert st.row("x").score == 2
    assert st.row("x").jokers == 5
    assert r.points.joker.cap.count == 4 and r.points.joker.cap.scope == "season"


def test_pp4_bye_is_one_point() -> None:
    s, r = load("princenpaard", "a b c", [{"games": "a-b 1-0", "entries": {"c": "bye"}}])
    assert standings(s, r).row("c").score == 1


def test_pp6_ranking_points_then_sb_then_fewest_jokers() -> None:
    # Initial order a y x b (strength 1..4).
    # R1: a beats x, b has the bye, y joker -> a 1, b 1, x 0, y 1/2
    # R2: a beats b, x has the bye, y joker -> a 2, b 1, x 1, y 1
    # b, x, y have 1 point each. SB: b lost to a: 0; x lost to a: 0; y played no game: 0
    # (no games, so no joker adjustment either). Fewest jokers: b 0, x 0 before y 2;
    # b and x by initial order: x (3) before b (4). Ranking: a x b y.
    players = [
        {"id": "a", "name": "A", "strength": 1},
        {"id": "y", "name": "Y", "strength": 2},
        {"id": "x", "name": "X", "strength": 3},
        {"id": "b", "name": "B", "strength": 4},
    ]
    rounds = [
        {"games": "a-x 1-0", "entries": {"b": "bye", "y": "joker"}},
        {"games": "a-b 1-0", "entries": {"x": "bye", "y": "joker"}},
    ]
    s, r = load("princenpaard", players, rounds)
    st = standings(s, r)
    assert st.order == ("a", "x", "b", "y")
    assert st.row("y").tie_breaks["fewest-jokers"] == 2
    # a: beat x (1) and b (1): SB 2
    assert st.row("a").tie_breaks["sonneborn-berger"] == 2


def test_pp6_sb_decides_before_jokers() -> None:
    # R1: a-b 1-0, c-d 1-0. R2: a-c 1/2, b-d 1-0.
    # Scores: a 3/2, b 1, c 3/2, d 0.
    # a and c tie on 3/2. SB a: beat b (1) + half of c (3/4) = 7/4; SB c: beat d (0) + half
    # of a (3/4) = 3/4. a before c.
    s, r = load(
        "princenpaard", "c a b d", [{"games": "a-b 1-0, c-d 1-0"}, {"games": "a-c 1/2, b-d 1-0"}]
    )
    st = standings(s, r)
    assert st.row("a").tie_breaks["sonneborn-berger"] == F(7, 4)
    assert st.row("c").tie_breaks["sonneborn-berger"] == F(3, 4)
    assert st.order[:2] == ("a", "c")


def _entries(*kinds_and_opponents: tuple[Kind, str | None]) -> list[Entry]:
    return [
        Entry(
            round=i,
            cycle=0,
            kind=kind,
            opponent=opp,
            colour="w" if opp else None,
            played=opp is not None,
        )
        for i, (kind, opp) in enumerate(kinds_and_opponents, start=1)
    ]


def test_pp6_joker_adjustment_adds_half_the_average_sb() -> None:
    # p beat q (score 3), drew r (2), lost to s (4): SB = 3 + 1/2*2 + 0 = 4 over 3 games,
    # average 4/3. Two jokers add 2 x 1/2 x 4/3 = 4/3: 16/3. An absence while jokers remain
    # adds nothing.
    ruleset = load_ruleset("princenpaard")
    scores = {"q": F(3), "r": F(2), "s": F(4)}
    entries = _entries(
        (Kind.WIN, "q"), (Kind.DRAW, "r"), (Kind.LOSS, "s"), (Kind.JOKER, None), (Kind.JOKER, None),
        (Kind.ABSENT, None),
    )  # fmt: skip
    assert sonneborn_berger(entries, scores, ruleset) == F(16, 3)
    # With all 4 jokers used, a later absence is adjusted too: 5 x 1/2 x 4/3 = 10/3 -> 22/3.
    entries = _entries(
        (Kind.WIN, "q"), (Kind.DRAW, "r"), (Kind.LOSS, "s"), *[(Kind.JOKER, None)] * 4,
        (Kind.ABSENT, None),
    )  # fmt: skip
    assert sonneborn_berger(entries, scores, ruleset) == F(22, 3)


def test_la9_absences_half_for_six_then_zero_external_is_not_an_absence() -> None:
    # x: five absences, club duty (counts as an absence: the 6th), a 7th absence (0),
    # and an external game (1/2, not an absence): 6 x 1/2 + 0 + 1/2 = 7/2.
    kinds = ["absent"] * 5 + ["club-duty", "absent", "external"]
    rounds = [{"games": "a-b 1/2", "entries": {"x": kind}} for kind in kinds]
    s, r = load("ladder-ab", "a b x", rounds)
    st = standings(s, r)
    assert st.row("x").score == F(7, 2)
    assert st.row("a").score == 4  # eight draws


def test_la9_win_draw_loss_and_bye() -> None:
    s, r = load("ladder-ab", "a b c d e", [{"games": "a-b 1-0, c-d 1/2", "entries": {"e": "bye"}}])
    assert scores_of(standings(s, r)) == {"a": 1, "b": 0, "c": F(1, 2), "d": F(1, 2), "e": F(1, 2)}


def test_la10_points_then_wins_then_strength_list_with_information_columns() -> None:
    # R1: p-r draw, q beats s. R2: p-s draw, r beats q.
    # p 1 (no wins), q 1 (one win), r 3/2, s 1/2. q ranks above p (more wins) although p
    # is higher on the strength list.
    # Information only: Buchholz p = r 3/2 + s 1/2 = 2, q = s 1/2 + r 3/2 = 2;
    # SB p = 1/2*3/2 + 1/2*1/2 = 1, q = 1/2 (beat s).
    s, r = load(
        "ladder-ab", "p q r s", [{"games": "p-r 1/2, q-s 1-0"}, {"games": "p-s 1/2, q-r 0-1"}]
    )
    st = standings(s, r)
    assert st.order == ("r", "q", "p", "s")
    assert st.row("p").info == {"buchholz": 2, "sonneborn-berger": 1}
    assert st.row("q").info == {"buchholz": 2, "sonneborn-berger": F(1, 2)}
    assert st.row("q").tie_breaks == {"wins": 1}


def test_la10_equal_points_and_wins_fall_back_to_strength_list() -> None:
    # a and b both draw: 1/2 each, no wins: the strength list puts b (1) before a (2).
    s, r = load(
        "ladder-ab",
        [{"id": "a", "name": "A", "strength": 2}, {"id": "b", "name": "B", "strength": 1}],
        [{"games": "a-b 1/2"}],
    )
    assert standings(s, r).order == ("b", "a")


def test_mg6_youth_points_every_absence_zero_bye_one() -> None:
    s, r = load(
        "magnus-youth",
        "a b c d e f g h",
        [
            {
                "games": "a-b 1-0, c-d 1/2",
                "entries": {"e": "bye", "f": "absent", "g": "external", "h": "club-duty"},
            }
        ],
    )
    assert scores_of(standings(s, r)) == {
        "a": 1, "b": 0, "c": F(1, 2), "d": F(1, 2), "e": 1, "f": 0, "g": 0, "h": 0,
    }  # fmt: skip
