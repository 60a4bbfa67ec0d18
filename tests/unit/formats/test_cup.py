"""The knock-out cup (MG-7, MG-8): the bracket round by round, who went through and why,
the winner of the final (not the points leader), and the end of the cup when one player
is left, whatever the preset's nominal number of rounds."""

from __future__ import annotations

import pytest

from compcore.awards.winners import awards
from compcore.domain.errors import PairingError, SeasonError
from compcore.domain.model import Game, Result, Round
from compcore.formats.cup import bracket, decide
from compcore.pairing import pair
from compcore.scoring.standings import standings
from tests.builders import load, raises_in_english

RATINGS = {"c1": 2100, "c2": 2000, "c3": 1900, "c4": 1700, "c5": 1600, "x1": 1500}


def cup_players() -> list[dict[str, object]]:
    """c1..c5 are flagged cup and senior (entrants, MG-7); x1 only senior."""
    return [
        {"id": pid, "name": pid.upper(), "rating": rating,
         "flags": ["senior"] if pid == "x1" else ["cup", "senior"]}
        for pid, rating in RATINGS.items()
    ]  # fmt: skip


# Round 1: c1 beats c2; c3-c4 drawn with a rating gap of exactly 200 (not more than 200:
# a barrage, whose winner c4 the director recorded); c5 drawn to go through (bye).
# Round 2: c1, c4, c5 left: c1 beats c5; c4 bye.
# Round 3, the final: c1-c4 drawn, gap 400 > 200: the lower-rated c4 goes through and wins.
# Points (win 1, draw 1/2, bye 1): c1 1 + 1 + 1/2 = 5/2, c4 1/2 + 1 + 1/2 = 2: the points
# leader c1 is not the cup winner.
ROUNDS = [
    {"games": "c1-c2 1-0, c3-c4 1/2", "entries": {"c5": "bye", "x1": "not-participating"},
     "seed": 11},
    {"games": "c1-c5 1-0", "entries": {"c4": "bye", "c2": "not-participating",
     "c3": "not-participating", "x1": "not-participating"}, "seed": 12},
    {"games": "c1-c4 1/2", "entries": {"c2": "not-participating", "c3": "not-participating",
     "c5": "not-participating", "x1": "not-participating"}, "seed": 13},
]  # fmt: skip
BARRAGE = [{"kind": "barrage-winner", "round": 1, "player": "c4"}]


def test_mg7_mg8_bracket_round_by_round_with_who_went_through_and_why() -> None:
    s, r = load("magnus-cup", cup_players(), ROUNDS, decisions=BARRAGE)
    cup = bracket(s, r)
    one, two, three = cup.rounds
    assert [(t.white, t.black, t.result, t.through, t.out) for t in one.ties] == [
        ("c1", "c2", Result.WHITE_WINS, "c1", ("c2",)),
        ("c3", "c4", Result.DRAW, "c4", ("c3",)),
    ]
    assert [(t.why.key, t.why.rule) for t in one.ties] == [
        ("cup.won", "MG-7"),
        ("cup.barrage", "MG-8"),
    ]
    assert (one.byes, one.seed) == (("c5",), 11)
    assert [(t.white, t.black, t.through) for t in two.ties] == [("c1", "c5", "c1")]
    assert two.byes == ("c4",)
    (final,) = three.ties
    assert (final.through, final.out, final.why.key) == ("c4", ("c1",), "cup.rating-gap")
    assert dict(final.why.params) == {"player": "c4", "gap": 400, "limit": 200}
    assert final.why.text("nl") == (
        "remise; ratingverschil 400 is meer dan 200: de lager gerate c4 gaat door (MG-8)"
    )
    assert final.why.text("en") == (
        "draw; rating gap 400 is more than 200: the lower-rated c4 goes through (MG-8)"
    )
    assert (cup.winner, cup.over_after, cup.still_in) == ("c4", 3, ("c4",))


def test_mg7_the_winner_of_the_final_is_champion_not_the_points_leader() -> None:
    s, r = load("magnus-cup", cup_players(), ROUNDS, decisions=BARRAGE)
    table = standings(s, r)
    assert (table.row("c1").score, table.row("c4").score) == (2.5, 2)
    assert table.order[0] == "c1"
    (champ,) = awards(s, r).championships
    assert (champ.status, champ.champion, champ.reason) == ("champion", "c4", "cup-final")
    # before the final: pending, nobody is champion yet; c1 and c4 still in
    s, r = load("magnus-cup", cup_players(), ROUNDS[:2], decisions=BARRAGE)
    (champ,) = awards(s, r).championships
    assert (champ.status, champ.champion) == ("pending", None)
    assert awards(s, r).cup.still_in == ("c1", "c4")


def test_mg7_the_cup_ends_when_one_player_is_left_whatever_the_nominal_rounds() -> None:
    # nominally 2 rounds: the final (round 3) is still paired, as two players are left
    short = {"rounds_per_cycle": 2}
    s, r = load("magnus-cup", cup_players(), [*ROUNDS[:2], {"present": list(RATINGS)}],
                overrides=short, decisions=BARRAGE)  # fmt: skip
    final = pair(s, r)
    assert {frozenset((b.white, b.black)) for b in final.boards} == {frozenset(("c1", "c4"))}
    # nominally 10 rounds: after the final no round is paired ...
    s, r = load("magnus-cup", cup_players(), ROUNDS, decisions=BARRAGE)
    with raises_in_english(PairingError, "the cup is over after round 3"):
        pair(s.with_round(Round(number=4, present=tuple(RATINGS))), r)
    # ... nor stored (a season file, the store and the app all refuse it)
    with raises_in_english(SeasonError, "round 4: the cup is over after round 3"):
        load("magnus-cup", cup_players(), [*ROUNDS, {"present": list(RATINGS)}],
             decisions=BARRAGE)  # fmt: skip


def test_mg8_an_unrecorded_barrage_keeps_the_tie_open() -> None:
    # round 1 without the recorded barrage: c3-c4 drawn (gap 200: a barrage), undecided,
    # so both are still in with c1 (beat c2) and c5 (bye)
    s, r = load("magnus-cup", cup_players(), ROUNDS[:1])
    (_, drawn) = bracket(s, r).rounds[0].ties
    assert (drawn.through, drawn.out, drawn.why.key) == (None, (), "cup.barrage-pending")
    assert not bracket(s, r).over
    assert set(bracket(s, r).still_in) == {"c1", "c3", "c4", "c5"}


@pytest.mark.parametrize(
    ("result", "through", "out", "key"),
    [
        (Result.WHITE_FORFEIT_WIN, "c1", ("c2",), "cup.forfeit"),
        (Result.BLACK_FORFEIT_WIN, "c2", ("c1",), "cup.forfeit"),
        (Result.DOUBLE_FORFEIT, None, ("c1", "c2"), "cup.double-forfeit"),
        (Result.BLACK_WINS, "c2", ("c1",), "cup.won"),
        (None, None, (), "cup.unplayed"),
    ],
)
def test_mg7_forfeits_and_results_decide_the_tie(result, through, out, key) -> None:
    """MG-7: a forfeit sends the one who came through; a double forfeit puts both out."""
    s, r = load("magnus-cup", cup_players())
    tie = decide(s, r, 1, Game("c1", "c2", result))
    assert (tie.through, tie.out, tie.why.key) == (through, out, key)
