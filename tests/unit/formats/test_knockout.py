"""The one knock-out model (:mod:`compcore.formats.knockout`): its generic operations, and
the cup (MG-7), the cup of pools' knock-outs (DS-21) and the play-off's barrages (DS-20)
all reading their state as its values."""

from __future__ import annotations

from fractions import Fraction

from compcore.domain.model import Decision, Game, Result
from compcore.domain.reason import Reason
from compcore.formats import cup, knockout, playoff
from compcore.formats.knockout import Bracket, KoRound, Tie
from tests.builders import load
from tests.unit.formats.test_cup import BARRAGE, ROUNDS, cup_players

WHY = Reason("test")


def test_a_won_tie_sends_the_other_out_and_an_open_one_nobody() -> None:
    games = (Game("a", "b", Result.BLACK_WINS),)
    tie = knockout.won(("a", "b"), games, "b", WHY)
    assert (tie.through, tie.out, tie.decided, tie.winner) == ("b", ("a",), True, "b")
    assert (tie.white, tie.black, tie.a, tie.b, tie.result) == (
        "a",
        "b",
        "a",
        "b",
        Result.BLACK_WINS,
    )
    assert tie.other("a") == "b" and tie.other("b") == "a"
    open_tie = knockout.undecided(("c", "d"), (), WHY, (Fraction(1), Fraction(1)))
    assert (open_tie.through, open_tie.out, open_tie.decided) == (None, (), False)
    assert (open_tie.score_a, open_tie.score_b, open_tie.result) == (1, 1, None)
    gone = knockout.both_out(("e", "f"), (), WHY)
    assert (gone.through, gone.out, gone.decided) == (None, ("e", "f"), True)


def test_survivors_are_the_winners_both_players_of_an_open_tie_then_the_byes() -> None:
    rnd = KoRound(
        3,
        (knockout.won(("a", "b"), (), "b", WHY), knockout.undecided(("c", "d"), (), WHY)),
        ("e",),
    )
    assert knockout.survivors(rnd) == ["b", "c", "d", "e"]
    assert not rnd.decided and rnd.matches == rnd.ties and rnd.waiting == ("e",)
    assert knockout.knocked_out([rnd]) == {"a"}
    assert [(n, t.players) for n, t in knockout.open_ties([rnd])] == [(3, ("c", "d"))]


def test_the_next_round_pairs_in_bracket_order_and_an_odd_last_goes_through() -> None:
    assert knockout.pairs_in_order(["a", "b", "c", "d", "e"]) == [("a", "b"), ("c", "d")]
    assert knockout.pairs_in_order(["a"]) == []


def test_a_bracket_is_over_with_a_winner_or_once_at_most_one_is_left() -> None:
    assert not Bracket((), ("a", "b"), None, None).over
    assert Bracket((), ("a",), None, "a").over
    assert Bracket((), (), 2, None).over


def test_the_cup_reads_as_the_shared_model() -> None:
    s, r = load("magnus-cup", cup_players(), ROUNDS, decisions=BARRAGE)
    found = cup.bracket(s, r)
    assert isinstance(found, Bracket)
    assert all(isinstance(rnd, KoRound) for rnd in found.rounds)
    first = found.rounds[0].ties[0]
    assert isinstance(first, Tie)
    assert (first.players, len(first.games), first.score) == (("c1", "c2"), 1, None)
    assert found.winner == "c4" and found.over


def test_the_play_off_barrages_read_as_the_shared_model() -> None:
    # three leaders: barrage 1 between the first two drawn, its winner meets the third
    winners = [Decision("barrage-winner", "b", round=1), Decision("barrage-winner", "c", round=2)]
    done = playoff.stages(("a", "b", "c"), None, winners)
    assert [
        (s.number, [(t.number, t.players, t.through) for t in s.ties], s.byes) for s in done
    ] == [
        (1, [(1, ("a", "b"), "b")], ("c",)),
        (2, [(2, ("b", "c"), "c")], ()),
    ]
    assert done[0].ties[0].out == ("a",) and done[0].ties[0].why.key == "playoff.barrage_won"
    open_one = playoff.stages(("a", "b"), None, [Decision("barrage-winner", "x", round=1)])
    assert playoff.open_barrages(open_one) == open_one[0].ties
    assert open_one[0].ties[0].winner is None
