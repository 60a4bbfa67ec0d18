"""The pairing facts read from the history (issue 8, item 1): one source for colours,
meetings, byes and games against the engine, which the pairing rules (``Rules``) read.

A hand-made season checks :meth:`History.meeting_index`, :meth:`History.upto` and
:meth:`History.games_against` by hand; a property checks that ``Rules`` says what one
plain pass over each round's games says (the reading ``Rules`` did itself before)."""

from __future__ import annotations

from typing import Any

from hypothesis import given

from compcore.pairing.rules import Rules
from compcore.rules.rulesets import ruleset_of
from compcore.scoring.history import Meeting, cycle_of, history
from tests.builders import load
from tests.properties.test_scoring_properties import SETTINGS, seasons

FIVE = [
    {"id": "p1", "name": "P1", "strength": 1},
    {"id": "p2", "name": "P2", "strength": 2},
    {"id": "p3", "name": "P3", "strength": 3},
    {"id": "p4", "name": "P4", "strength": 4},
    {"id": "E", "name": "Engine", "virtual": "engine"},
]
#: cycle 0: rounds 1-2, cycle 1: rounds 3-4
ROUNDS: list[Any] = [
    "p1-p2 1-0, p3-p4 1-0F",
    "p2-p1 =, p4-p3 0-1",
    {
        "games": [
            {"white": "p1", "black": "p2", "result": "0-1F"},
            {"white": "p3", "black": "p4", "result": "1/2-1/2", "group": "A"},
        ]
    },
    "p1-p3 1-0, p2-E 1-0, p4 declined-engine",
]


def hand_made():
    return load("dubbelschaak", FIVE, ROUNDS, overrides={"rounds_per_cycle": 2})


def test_meetings_by_scope_by_hand() -> None:
    """p1-p2: rounds 1 (p1 white), 2 (p2 white), 3 (a forfeit: no colour, but a meeting).
    p3-p4: round 1 a forfeit, round 2 played (p4 white), round 3 a group game (DS-16: no
    meeting). p1-p3: round 4, p1 white. p2-E: round 4, p2 white."""
    season, ruleset = hand_made()
    hist = history(season, ruleset)
    assert hist.meeting_index() == {
        ("p1", "p2"): Meeting(3, 3, "p2", 2, 2),
        ("p3", "p4"): Meeting(2, 2, "p4", 1, 2),
        ("p1", "p3"): Meeting(1, 4, "p1", 1, 4),
        ("E", "p2"): Meeting(1, 4, "p2", 1, 4),
    }
    # cycle 1 (rounds 3-4): p1-p2 only the forfeit; p3-p4 only the group game, so nothing
    assert hist.meeting_index(cycle=1) == {
        ("p1", "p2"): Meeting(1, 3, None, 0, None),
        ("p1", "p3"): Meeting(1, 4, "p1", 1, 4),
        ("E", "p2"): Meeting(1, 4, "p2", 1, 4),
    }
    # played over the board only (PP-5, MG-6): the forfeits drop out
    assert hist.meeting_index(played_only=True)[("p1", "p2")] == Meeting(2, 2, "p2", 2, 2)
    assert hist.meeting_index(played_only=True)[("p3", "p4")] == Meeting(1, 2, "p4", 1, 2)
    # after round 2
    assert hist.upto(2).meeting_index() == {
        ("p1", "p2"): Meeting(2, 2, "p2", 2, 2),
        ("p3", "p4"): Meeting(2, 2, "p4", 1, 2),
    }
    assert hist.upto(2).rounds == (1, 2)
    assert hist.upto(9) is hist
    assert (hist.games_against("p2", {"E"}), hist.games_against("p1", {"E"})) == (1, 0)


def test_rules_read_the_history_by_hand() -> None:
    """Before round 5 (cycle 2 would be new; asked for cycle 1 here):

    colours over the board, group games included, forfeits not: p1 w b - w = +1, last w,
    3 games; p2 b w - w(vs E) = +1, last w, 3; p3 - b w(group) b = -1, last b, 3;
    p4 - w b(group) = 0, last b, 2. Byes: p4 1 (declined the engine, DS-10: it counts as
    a bye for the bye order). Engine games: p2 1. Meetings in scope
    (DS-11: the cycle): p1-p2 once, the forfeit of round 3."""
    season, ruleset = hand_made()
    rules = Rules(season, ruleset, 5, 1)
    assert rules.balance == {"p1": 1, "p2": 1, "p3": -1, "p4": 0, "E": -1}
    assert rules.last_colour == {"p1": "w", "p2": "w", "p3": "b", "p4": "b", "E": "b"}
    assert rules.games_played == {"p1": 3, "p2": 3, "p3": 3, "p4": 2, "E": 1}
    assert (rules.byes, rules.engine_games) == ({"p4": 1}, {"p2": 1})
    assert rules.meeting("p2", "p1") == Meeting(1, 3, None, 0, None)
    assert rules.partners == {"p1": {"p2", "p3"}, "p2": {"p1", "E"}, "p3": {"p1"}, "E": {"p2"}}
    # the same rules from a history the caller already has (check replays every round so)
    shared = Rules(season, ruleset, 5, 1, history(season, ruleset))
    assert (shared.balance, shared._meetings) == (rules.balance, rules._meetings)
    # before round 3, in cycle 0: p1-p2 met twice (p2 white last), nobody had a bye
    early = Rules(season, ruleset, 3, 0, history(season, ruleset))
    assert early.meeting("p1", "p2") == Meeting(2, 2, "p2", 2, 2)
    assert early.byes == {}


def one_pass(season, ruleset, round_no: int, cycle: int) -> dict[str, Any]:
    """What ``Rules`` read from the games itself, one pass over the rounds before
    ``round_no`` (the reading it replaced, kept here as the reference)."""
    swiss = ruleset.pairing.method == "swiss"
    scope = ruleset.pairing.rematch_scope if swiss else ruleset.pairing.meetings_scope
    engines = {p.id for p in season.players if p.is_engine}
    whites: dict[str, int] = {}
    blacks: dict[str, int] = {}
    last: dict[str, str] = {}
    byes: dict[str, int] = {}
    engine_games: dict[str, int] = {}
    meetings: dict[tuple[str, str], list[Any]] = {}
    for rnd in season.rounds:
        if rnd.number >= round_no or rnd.is_open:
            continue
        for pid, kind in (rnd.entries or {}).items():
            if kind.value in ("bye", "declined-engine"):
                byes[pid] = byes.get(pid, 0) + 1
        for g in rnd.games or ():
            if g.result is None:
                continue
            w, b, played = g.white, g.black, not g.result.is_forfeit
            if played:
                whites[w] = whites.get(w, 0) + 1
                blacks[b] = blacks.get(b, 0) + 1
                last[w], last[b] = "w", "b"
            if g.group is not None:
                continue
            for human, other in ((w, b), (b, w)):
                if other in engines and human not in engines:
                    engine_games[human] = engine_games.get(human, 0) + 1
            if (swiss and not played) or (scope == "cycle" and cycle_of(rnd, ruleset) != cycle):
                continue
            m = meetings.setdefault((w, b) if w < b else (b, w), [0, 0, None, 0, None])
            m[0], m[1] = m[0] + 1, rnd.number
            if played:
                m[2], m[3], m[4] = w, m[3] + 1, rnd.number
    players = set(whites) | set(blacks)
    return {
        "balance": {p: whites.get(p, 0) - blacks.get(p, 0) for p in players},
        "last_colour": last,
        "games_played": {p: whites.get(p, 0) + blacks.get(p, 0) for p in players},
        "byes": byes,
        "engine_games": engine_games,
        "meetings": {pair: Meeting(*m) for pair, m in meetings.items()},
    }


@SETTINGS
@given(seasons(max_rounds=8))
def test_rules_say_what_one_pass_over_the_games_says(season) -> None:
    """Every preset, every round and both scopes' cycles: the same facts."""

    ruleset = ruleset_of(season)
    whole = history(season, ruleset)
    for rnd in season.rounds:
        for cycle in {cycle_of(rnd, ruleset), 0}:
            expected = one_pass(season, ruleset, rnd.number, cycle)
            for rules in (
                Rules(season, ruleset, rnd.number, cycle),
                Rules(season, ruleset, rnd.number, cycle, whole),
            ):
                got = {
                    "balance": rules.balance,
                    "last_colour": rules.last_colour,
                    "games_played": rules.games_played,
                    "byes": rules.byes,
                    "engine_games": rules.engine_games,
                    "meetings": rules._meetings,
                }
                assert got == expected
