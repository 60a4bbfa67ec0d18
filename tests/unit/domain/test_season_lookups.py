"""The season's own answers: a player's name by id (:meth:`Season.name_of`, :meth:`Season.names`)
and whether every board has a result (:attr:`Round.all_results_in`, :attr:`Season.all_results_in`)."""

from __future__ import annotations

from compcore.domain.model import Game, Player, Result, Round, RulesetRef, Season


def season(*rounds: Round) -> Season:
    players = (
        Player("jan", "Jan Jansen"),
        Player("piet", "Piet Pietersen"),
        Player("kees", "Kees"),
    )
    return Season("Club", "2026", "Ladder", RulesetRef("dubbelschaak"), players, rounds)


def test_names_by_id_in_roster_order_and_an_unknown_id_as_it_is() -> None:
    s = season()
    assert s.names() == {"jan": "Jan Jansen", "piet": "Piet Pietersen", "kees": "Kees"}
    assert list(s.names()) == ["jan", "piet", "kees"]
    assert s.name_of("piet") == "Piet Pietersen"
    assert s.name_of("gone") == "gone"


def test_all_results_in_per_round_and_for_the_season() -> None:
    done = Round(1, games=(Game("jan", "piet", Result.DRAW),))
    waiting = Round(2, games=(Game("piet", "kees", Result.WHITE_WINS), Game("jan", "kees")))
    open_round = Round(3)
    assert done.all_results_in and not waiting.all_results_in
    assert open_round.all_results_in  # no board: nothing waits for a result
    assert season(done, open_round).all_results_in
    assert not season(done, waiting).all_results_in
    assert season().all_results_in
    # a round that does not say whether it is finalized reads as finalized once complete
    assert done.is_finalized and not waiting.is_finalized and not open_round.is_finalized
