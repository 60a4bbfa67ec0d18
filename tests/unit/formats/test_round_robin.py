"""Round-robin groups (DS-16): the Berger schedule, the group table (points, SB, mutual
result, shared places), the mutual result in the general standings, and promotion."""

from __future__ import annotations

from fractions import Fraction

import pytest

from compcore.domain.errors import RulesetError, render
from compcore.domain.model import Game
from compcore.formats.round_robin import postponed, promotion, schedule, table
from compcore.rules.rulesets import load_ruleset
from compcore.scoring.standings import standings
from tests.builders import load

#: the 4-player Berger schedule (DS-20): 1-4 2-3 / 4-3 1-2 / 2-4 3-1 for seeds a b c d
ROUNDS = ["a-d {}, b-c {}", "d-c {}, a-b {}", "b-d {}, c-a {}"]


def played(*results: str) -> list[str]:
    """The three rounds of :data:`ROUNDS` with the six results in board order."""
    it = iter(results)
    return [r.format(next(it), next(it)) for r in ROUNDS]


def pairs(rounds) -> list[list[str]]:
    return [[f"{g.white}-{g.black}" for g in rnd] for rnd in rounds]


def test_a_single_round_robin_of_four_follows_the_berger_table():
    """DS-16/DS-20: seeds a b c d: round 1 a-d b-c (1-4 2-3), round 2 d-c a-b (4-3 1-2),
    round 3 b-d c-a (2-4 3-1): everyone meets everyone once; a and b have white twice, c
    and d once. No game has a result yet."""
    rounds = schedule(["a", "b", "c", "d"])
    assert pairs(rounds) == [["a-d", "b-c"], ["d-c", "a-b"], ["b-d", "c-a"]]
    assert all(g.result is None for rnd in rounds for g in rnd)


def test_a_double_round_robin_of_three_rests_one_player_a_round_and_reverses_colours():
    """DS-16, three seeds a b c: Berger for four with seat 4 a "bye": 1-4 2-3 / 4-3 1-2 /
    2-4 3-1, so round 1 b-c (a rests), round 2 a-b (c rests), round 3 c-a (b rests); the
    second half repeats them with colours reversed: c-b, b-a, a-c. Six rounds, each pair
    twice, once with each colour."""
    rounds = schedule(["a", "b", "c"], double=True)
    assert pairs(rounds) == [["b-c"], ["a-b"], ["c-a"], ["c-b"], ["b-a"], ["a-c"]]


def test_two_games_a_meeting_follow_each_board_with_the_colours_reversed():
    """games_per_meeting 2 (DS-21: two games against the same opponent on one evening):
    round 1 of a b c d is a-d, d-a, b-c, c-b; still three rounds."""
    rounds = schedule(["a", "b", "c", "d"], games_per_meeting=2)
    assert len(rounds) == 3
    assert pairs(rounds)[0] == ["a-d", "d-a", "b-c", "c-b"]
    assert rounds[0][1] == Game("d", "a")


def test_sonneborn_berger_decides_before_the_mutual_result():
    """DS-16, order points, SB, mutual result. a-d 0-1, b-c =, d-c =, a-b 1-0, b-d =, c-a 1-0:
    points a 1, b 1, c 2, d 2. a beat b (mutual result for a) but SB: a 1 x b's 1 = 1;
    b ½ x c's 2 + ½ x d's 2 = 2: b is third, a fourth. c and d: SB c = 1 (a) + ½ x 1 (b)
    + ½ x 2 (d) = 2½, d = 1 + ½ + 1 = 2½, their game drawn (mutual ½ each): they share
    place 1, so there is no single leader yet."""
    season, ruleset = load(
        "ds-rembrandt-league", "a b c d", played("0-1", "=", "=", "1-0", "=", "1-0")
    )
    found = table(season, ruleset)
    places = {r.player: r.place for r in found.rows}
    assert places == {"c": 1, "d": 1, "b": 3, "a": 4}
    sb = {r.player: r.tie_breaks["sonneborn-berger"] for r in found.rows}
    assert sb == {"a": 1, "b": 2, "c": Fraction(5, 2), "d": Fraction(5, 2)}
    assert found.complete and found.leader is None and found.winner is None
    row_a = next(r for r in found.rows if r.player == "a")
    assert (row_a.points, row_a.games, row_a.won, row_a.drawn, row_a.lost) == (1, 3, 1, 0, 2)


def test_the_mutual_result_decides_when_points_and_sb_are_level():
    """DS-16. Seeds b a c d (b is ahead in the initial order); a-d 0-1, b-c 1-0, d-c 1-0,
    a-b 1-0, b-d =, c-a =: points a 1½, b 1½, c ½, d 2½. SB a = 1½ (b) + ½ x ½ (c) = 1¾,
    b = ½ (c) + ½ x 2½ (d) = 1¾: level. Mutual: a beat b (1 against 0): a second, b third."""
    season, ruleset = load(
        "ds-topcompetitie", "b a c d", played("0-1", "1-0", "1-0", "1-0", "=", "=")
    )
    found = table(season, ruleset)
    assert [(r.place, r.player) for r in found.rows] == [(1, "d"), (2, "a"), (3, "b"), (4, "c")]
    mutual = {r.player: r.tie_breaks["mutual-result"] for r in found.rows}
    assert (mutual["a"], mutual["b"]) == (1, 0)
    assert found.winner == "d"


def test_a_circle_of_results_shares_first_place():
    """a 1-0 b, b 1-0 c, c 1-0 a: 1 point each, SB 1 each, mutual 1 each: all share place 1."""
    season, ruleset = load("ds-topcompetitie", "a b c", ["b-c 1-0", "a-b 1-0", "c-a 1-0"])
    assert [r.place for r in table(season, ruleset).rows] == [1, 1, 1]


def test_a_postponed_game_is_open_and_the_group_is_not_decided_yet():
    """Round 1's b-c waits (no result) while rounds 2 and 3 are played: the table counts
    the four results it has (d: a-d 0-1 and d-c 1-0: 2 points, first); not complete, so d
    leads but has not won and nobody is promoted yet (DS-16)."""
    rounds = played("0-1", "", "1-0", "1-0", "=", "=")
    season, ruleset = load("ds-weihenstephaner-league", "a b c d", rounds)
    found = table(season, ruleset)
    assert not found.complete and found.leader == "d" and found.winner is None
    assert next(r.games for r in found.rows if r.player == "b") == 2
    promoted = promotion(season, ruleset)
    assert promoted is not None and promoted.to == "Rembrandt League"
    assert (promoted.player, promoted.leader) == (None, "d")


def test_the_winner_of_a_lower_group_is_promoted():
    """DS-16: the Rembrandt League's winner (d, 2½ of 3 as above) goes up to the
    Topcompetitie; the Topcompetitie itself promotes nobody."""
    rounds = played("0-1", "1-0", "1-0", "1-0", "=", "=")
    season, ruleset = load("ds-rembrandt-league", "a b c d", rounds)
    promoted = promotion(season, ruleset)
    assert promoted is not None and (promoted.to, promoted.player) == ("Topcompetitie", "d")
    top, top_rules = load("ds-topcompetitie", "a b c d", rounds)
    assert promotion(top, top_rules) is None


def test_the_general_standings_rank_by_the_mutual_result_too():
    """The tie-break 'mutual-result' in any points ruleset: the example above in the
    ladder-ab preset with tie_breaks [sonneborn-berger, mutual-result]: a (1½, SB 1¾, beat
    b) before b (1½, SB 1¾), whatever the initial order; the tie line names it."""
    rounds = played("0-1", "1-0", "1-0", "1-0", "=", "=")
    season, ruleset = load(
        "ladder-ab", "b a c d", rounds, {"tie_breaks": ["sonneborn-berger", "mutual-result"]}
    )
    table_ = standings(season, ruleset)
    assert table_.order[:3] == ("d", "a", "b")
    rows = {r.player: r for r in table_.rows}
    assert (rows["a"].tie_breaks["mutual-result"], rows["b"].tie_breaks["mutual-result"]) == (1, 0)
    assert "mutual-result" in table_.columns
    (tie,) = table_.ties
    assert "onderling resultaat 1 tegen 0" in str(render(tie.phrase, "nl"))


def test_a_round_robin_with_keizer_scoring_is_refused_in_one_sentence():
    """The group table counts plain points: pairing.method round-robin needs system points."""
    with pytest.raises(RulesetError) as refused:
        load_ruleset("keizer-classic", {"pairing": {"method": "round-robin"}})
    assert "needs system 'points'" in refused.value.describe("en")


def test_a_board_without_result_before_a_played_round_is_postponed():
    """Round 1's second board (b-c) has no result while rounds 2 and 3 have theirs: that
    board is postponed; round 3's open boards (nothing later is played) are not."""
    season, _ = load("ds-topcompetitie", "a b c d", played("0-1", "", "1-0", "1-0", "", ""))
    assert postponed(season) == {(1, 1)}


def test_compcore_winners_shows_the_group_winner_and_the_promotion(tmp_path, capsys):
    """``compcore winners`` on the Weihenstephaner League: d wins (2½ of 3, the example
    above, every board played) and is promoted to the Rembrandt League: in the Dutch table
    ("promoveert naar de Rembrandt League"), in English, and in the JSON's ``group``; the
    general "Clubkampioen" block is not shown for a group (its first is its winner)."""
    import json

    from compcore.cli.main import main
    from tests.builders import season_data

    rounds = played("0-1", "1-0", "1-0", "1-0", "=", "=")
    path = tmp_path / "group.json"
    path.write_text(json.dumps(season_data("ds-weihenstephaner-league", "a b c d", rounds)))
    assert main(["winners", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Winnaar van de meerkamp: D." in out and "D promoveert naar de Rembrandt League." in out
    assert "Clubkampioen" not in out
    assert main(["--lang", "en", "winners", str(path)]) == 0
    assert "D is promoted to the Rembrandt League." in capsys.readouterr().out
    assert main(["winners", str(path), "--format", "json"]) == 0
    group = json.loads(capsys.readouterr().out)["group"]
    assert (group["winner"], group["promotes_to"], group["promoted"]) == (
        "d",
        "Rembrandt League",
        "d",
    )
