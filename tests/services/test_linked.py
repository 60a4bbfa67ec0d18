"""A competition played within a ladder (issue 12: DS-16, DS-20, DS-21, MG-8): the season
file and store keep the link, its boards go onto the ladder evening they name, and a result
entered on one side holds on the other."""

from __future__ import annotations

from dataclasses import replace

import pytest

from compcore.adapters.files import season_file
from compcore.adapters.store import Store
from compcore.domain.errors import CompcoreError, PairingError
from compcore.domain.model import ForcedGame, Kind, Result
from compcore.pairing import linked, pair
from compcore.ports.actors import Administrator
from compcore.scoring.history import history
from tests.builders import load
from tests.fakes import MemoryStore

ADMIN = Administrator("tests")
LADDER = "Test/2025/keizer-classic"


def cup(link: dict[str, object], rounds: list[object]):
    """A knock-out competition of a b c d played within the keizer-classic ladder."""
    season, ruleset = load(
        "magnus-cup",
        [{"id": p, "name": p.upper(), "flags": ["cup", "senior"]} for p in "abcd"],
        rounds,
        overrides={"ladder_link": link},
        ladder=LADDER,
    )
    return season, ruleset


def ladder(rounds: list[object]):
    return load("keizer-classic", "a b c d e f", rounds)


def test_the_link_round_trips_through_the_season_file_and_both_stores(tmp_path):
    """``ladder``, ``ladder_round`` and a forced board's ``group`` come back as they went
    in; a season without them writes none of the three."""
    season, _ = cup(
        {"counts_as": "game"},
        [{"games": "a-b 1-0, c-d =", "ladder_round": 2}, {"present": "a b c d"}],
    )
    season = season.with_round(
        replace(season.round(2), forced=(ForcedGame("a", "b", "Topcompetitie", "top"),))
    )
    text = season_file.dumps(season)
    assert '"ladder": "Test/2025/keizer-classic"' in text and '"ladder_round": 2' in text
    assert '"group": "top"' in text
    assert season_file.loads(text) == season
    for repo in (Store(tmp_path / "club.duckdb"), MemoryStore()):
        out = repo.load(repo.import_season(season, actor=ADMIN))
        assert out == season and season_file.dumps(out) == text
    plain, _ = ladder(["a-b 1-0"])
    data = season_file.to_data(plain)
    assert "ladder" not in data and "ladder_round" not in data["rounds"][0]


def test_a_game_link_puts_its_boards_on_the_named_evening_only():
    """Cup round 1 (a-b, c-d) is played on ladder evening 3: evening 3 gets both boards as
    forced boards named after the cup; evening 2 gets nothing."""
    season, ruleset = cup({"counts_as": "game"}, [{"games": "a-b, c-d", "ladder_round": 3}])
    lad, _ = ladder([])
    on3 = linked.evening(season, ruleset, lad, 3)
    assert on3.forced == (
        ForcedGame("a", "b", "magnus-cup", None),
        ForcedGame("c", "d", "magnus-cup", None),
    )
    assert not linked.evening(season, ruleset, lad, 2)


def test_an_entry_link_gives_each_player_the_entry_instead_of_a_board():
    """DS-21: a Meierij Cup match a-b on ladder evening 1 gives both players DS-5's
    ``external`` on that evening, and no ladder board; c and d (no match) get nothing."""
    season, ruleset = cup(
        {"counts_as": "entry", "entry": "external"},
        [{"games": "a-b", "ladder_round": 1}],
    )
    lad, _ = ladder([])
    part = linked.evening(season, ruleset, lad, 1)
    assert part.forced == () and dict(part.entries) == {"a": Kind.EXTERNAL, "b": Kind.EXTERNAL}


def test_group_games_are_paired_first_tagged_and_left_out_of_the_meeting_count():
    """DS-16: group board a-b on ladder evening 2 (counts_for_meetings false, tag "top").
    Ladder evening 2 with a..f present: a-b is board 1 with group "top"; c, d, e, f are
    paired by the ladder around it. Afterwards a and b have met 0 times for the limits."""
    season, ruleset = cup(
        {"counts_as": "game", "counts_for_meetings": False, "tag": "top"},
        [{"games": "a-b", "ladder_round": 2}],
    )
    lad, lad_rules = ladder(["a-c 1-0, b-d 1-0, e-f 1-0", {"present": "a b c d e f"}])
    rnd = linked.with_evening(lad, lad.round(2), linked.evening(season, ruleset, lad, 2))
    paired = pair(lad.with_round(rnd), lad_rules).round
    assert paired.games is not None
    first = paired.games[0]
    assert (first.white, first.black, first.group) == ("a", "b", "top")
    assert all(g.group is None for g in paired.games[1:])
    assert len(paired.games) == 3
    played = lad.with_round(
        replace(paired, games=tuple(replace(g, result=Result.DRAW) for g in paired.games))
    )
    meetings = history(played, lad_rules).meeting_index()
    assert ("a", "b") not in meetings and ("b", "a") not in meetings


def test_a_linked_entry_replaces_the_players_own_entry_but_not_a_forced_board():
    """b signed off for evening 2 but has a cup game there: the cup board replaces the
    sign-off. a is on the director's own forced board a-e: the cup's a-b is not added."""
    season, ruleset = cup({"counts_as": "game"}, [{"games": "a-b, c-d", "ladder_round": 2}])
    lad, _ = ladder(["a-c 1-0, b-d 1-0, e-f 1-0", {"entries": {"b": "absent"}}])
    own = replace(lad.round(2), forced=(ForcedGame("a", "e", None),))
    rnd = linked.with_evening(lad, own, linked.evening(season, ruleset, lad, 2))
    assert [(f.white, f.black) for f in rnd.forced or ()] == [("a", "e"), ("c", "d")]
    assert "b" in dict(rnd.entries or {})  # b keeps his sign-off: his cup board was not added
    rnd = linked.with_evening(lad, lad.round(2), linked.evening(season, ruleset, lad, 2))
    assert "b" not in dict(rnd.entries or {})


@pytest.mark.parametrize("direction", ["from-ladder", "into-ladder"])
def test_a_result_entered_once_holds_in_both(direction):
    """Cup a-b on ladder evening 2. Entered on the ladder (a-b 1-0): the cup reads 1-0.
    Entered in the cup (a-b 0-1): the ladder round's board a-b reads 0-1, and the other
    ladder boards (c-e, d-f) keep its own result."""
    if direction == "from-ladder":
        season, _ = cup({"counts_as": "game"}, [{"games": "a-b", "ladder_round": 2}])
        lad, _ = ladder(["c-d 1-0, e-f 1-0", "a-b 1-0, c-e =, d-f 0-1"])
        out = linked.results_from_ladder(season, lad)
        assert out.round(1).games is not None
        assert out.round(1).games[0].result is Result.WHITE_WINS
    else:
        season, _ = cup({"counts_as": "game"}, [{"games": "a-b 0-1", "ladder_round": 2}])
        lad, _ = ladder(["c-d 1-0, e-f 1-0", "a-b, c-e =, d-f 1-0"])
        rnd = linked.results_into_ladder(lad.round(2), season)
        assert rnd.games is not None
        assert [g.result for g in rnd.games] == [
            Result.BLACK_WINS,
            Result.DRAW,
            Result.WHITE_WINS,
        ]


def test_a_round_robin_keeps_postponed_games_open_and_is_never_paired():
    """pairing.method round-robin (DS-16): round 1's c-d waits for its result while round 2
    is played: the season is valid (a ladder would refuse it). Pairing it is refused with
    one sentence: the schedule was made when the competition was created."""
    rounds = ["a-b 1-0, c-d", "a-c =, b-d 0-1", {"present": "a b c d"}]
    season, ruleset = load("ladder-ab", "a b c d", rounds, {"pairing": {"method": "round-robin"}})
    assert season.round(1).games is not None and season.round(1).games[1].result is None
    with pytest.raises(CompcoreError) as refused:
        load("ladder-ab", "a b c d", rounds)
    assert "alleen de laatste ronde mag onvolledig zijn" in refused.value.text("nl")
    with pytest.raises(PairingError) as no_pairing:
        pair(season, ruleset)
    assert "meerkamp wordt niet ingedeeld" in no_pairing.value.text("nl")
    assert "round robin is not paired" in no_pairing.value.text("en")
