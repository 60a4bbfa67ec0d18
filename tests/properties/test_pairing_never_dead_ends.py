"""Pairing never dead-ends (spec, "What every ruleset shares"; PP-5's reading).

Where the hard rules leave no legal pairing, a round still comes out with as few
rule-breaking boards as possible, the longest-ago meetings first, each break named on its
board and stored as a relaxation. Hand-worked cases for the Swiss fallback (princenpaard)
and the ladder (ladder-ab), and a property test on random histories of every preset with
an independent matching (networkx) as the oracle for the minimum.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import cast

import networkx as nx
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from compcore.domain.model import ForcedGame, Season
from compcore.domain.reason import words
from compcore.formats.validate import check_season
from compcore.lab import synthetic
from compcore.pairing import Pairing, Reason, pair
from compcore.pairing.byes import sitter_order
from compcore.pairing.context import build_context
from compcore.pairing.rules import Rules
from compcore.rules.rulesets import Ruleset, ruleset_of
from tests.builders import load

#: the rules no pairing may ever break (the player's own choice; two engines): the only
#: edges missing from the oracle's graph
NEVER = {"engine-opt-in", "engine-pair"}


def pairs(result: Pairing) -> set[frozenset[str]]:
    return {frozenset((b.white, b.black)) for b in result.boards}


# --------------------------------------------------------------------------- Swiss (PP)

FIVE = ["p1", "p2", "p3", "p4", "p5"]
#: rounds 1-3 of cycle 1: p1..p4 play a round robin, p5 is absent throughout
ROUND_ROBIN = [
    "p1-p2 1-0, p3-p4 1-0, p5 absent",
    "p3-p1 0-1, p2-p4 1-0, p5 absent",
    "p1-p4 1-0, p2-p3 1-0, p5 absent",
]


def test_pp5_late_cycle_fewest_rematches_longest_ago_first() -> None:
    """PP-5's reading, PP-4. Round 4 of cycle 1, all five present. Standings: p1 3, p2 2,
    p3 1, p4 0 and p5 0 (p4 above p5 by rating). p1..p4 all met each other this cycle
    (p1-p2 in round 1, p1-p3 round 2, p1-p4 and p2-p3 round 3, p3-p4 round 1, p2-p4
    round 2); p5 met nobody. No bye leaves a rematch-free round (any four of p1..p4 plus
    p5 leave two players who met), so the Dutch rules cannot pair it.

    PP-4's bye order is p5, p4, p3, ... (nobody had a bye; lowest first). With p5 out,
    p1..p4 need 2 rematches; with p4 out only 1 (p5 meets one of p1..p3, the other two
    rematch): p4 gets the bye, p5 is skipped for needing more rule breaks.
    The rematch among p1, p2, p3: p2-p3 (round 3), p1-p3 (round 2) or p1-p2 (round 1);
    the longest ago is p1-p2, so p1-p2 and p3-p5, although a plain top-down walk would
    give p1 the legal partner p5 and leave p2-p3, the most recent meeting."""
    season, ruleset = load("princenpaard", FIVE, [*ROUND_ROBIN, {"present": FIVE}])
    result = pair(season, ruleset)
    assert pairs(result) == {frozenset(("p1", "p2")), frozenset(("p3", "p5"))}
    assert list(result.sitting_out) == ["p4"]
    assert result.sitting_out["p4"].text("en") == (
        "with p5 sitting out the pairing would break more rules, so the next one up (PP-4)"
    )
    rematch = next(b for b in result.boards if {b.white, b.black} == {"p1", "p2"})
    assert rematch.placed.text("en") == (
        "paired although p1 and p2 already met this cycle, in round 1 (PP-5): no legal "
        "pairing exists (fewest rule breaks, the longest-ago meetings first)"
    )
    assert "in ronde 1 (PP-5)" in rematch.placed.text("nl")
    assert [r.rule for r in result.relaxed] == ["max-meetings"]
    relaxed = result.relaxed[0].reason
    assert relaxed.rule == "PP-5"
    assert relaxed.text("en").endswith("the no-rematch rule relaxed for p1-p2 (PP-5)")
    stored = {frozenset(g.players): g for g in result.round.games or ()}
    assert words(stored[frozenset(("p1", "p2"))].override, "en").startswith("relaxed: ")
    assert stored[frozenset(("p3", "p5"))].override is None


def test_pp5_six_players_one_rematch_the_oldest() -> None:
    """PP-5's reading. Six players, round 4 of cycle 1: in rounds 1-3 every player of
    {p1, p2, p3} met every player of {p4, p5, p6} (r1 p1-p4 p2-p5 p3-p6; r2 p1-p5 p2-p6
    p3-p4; r3 p1-p6 p2-p4 p3-p5). Unmet pairs lie inside the two triangles, and a triangle
    cannot be paired within itself: at least one rematch, and exactly one suffices.
    Standings p1 3, p2 3, p3 2, p4 1/2, p5 1/2, p6 0 (ties by rating). p1 takes p2 (legal,
    and the rest still needs only one rematch, of round 1: p3-p6); p3 then has only
    rematches: p4 (round 2) and p5 (round 3) are more recent than p6 (round 1), so p3-p6,
    and p4-p5 (legal). The old whole-rule relaxation gave p3 its nearest, p4."""
    six = [*FIVE, "p6"]
    season, ruleset = load(
        "princenpaard",
        six,
        [
            "p1-p4 1-0, p2-p5 1-0, p3-p6 1-0",
            "p5-p1 0-1, p6-p2 0-1, p4-p3 =",
            "p1-p6 1-0, p4-p2 0-1, p5-p3 =",
            {"present": six},
        ],
    )
    result = pair(season, ruleset)
    assert pairs(result) == {
        frozenset(("p1", "p2")),
        frozenset(("p3", "p6")),
        frozenset(("p4", "p5")),
    }
    broken = [b for b in result.boards if b.placed.key == "pair.relaxed"]
    assert [{b.white, b.black} for b in broken] == [{"p3", "p6"}]
    assert "already met this cycle, in round 1 (PP-5)" in broken[0].placed.text("en")


def test_mg6_youth_swiss_rematch_when_everyone_met() -> None:
    """MG-6 (no rematch in the season) with the Dutch bye: four youth players who played a
    full round robin in rounds 1-3 (y1-y2 and y3-y4 in round 1): every round-4 pairing has
    2 rematches; the longest ago are round 1's, y1-y2 and y3-y4. Both named (MG-6)."""
    four = ["y1", "y2", "y3", "y4"]
    season, ruleset = load(
        "magnus-youth",
        four,
        ["y1-y2 1-0, y3-y4 1-0", "y3-y1 0-1, y2-y4 1-0", "y1-y4 1-0, y2-y3 1-0", {"present": four}],
    )
    result = pair(season, ruleset)
    assert pairs(result) == {frozenset(("y1", "y2")), frozenset(("y3", "y4"))}
    assert all("in round 1 (MG-6)" in b.placed.text("en") for b in result.boards)
    assert [r.rule for r in result.relaxed] == ["max-meetings"]


# --------------------------------------------------------------------------- the ladder

SIX = ["p1", "p2", "p3", "p4", "p5", "p6"]


def whole_rule_relaxation(order: list[str], rules: Rules) -> list[frozenset[str]]:
    """The old behaviour, for comparison: relax the rule for everyone, then top-down each
    player takes the nearest legal partner, else the nearest one (the relaxed graph is
    complete, so the look-ahead never objects)."""
    free, out = list(order), []
    while free:
        u = free.pop(0)
        partner = next((v for v in free if not rules.violations(u, v)), free[0])
        free.remove(partner)
        out.append(frozenset((u, partner)))
    return out


def test_la4_relaxation_breaks_one_board_not_two() -> None:
    """LA-4, LA-2. p3..p6 played a round robin in rounds 1-3 (p3-p4 and p6-p5 in round 1,
    p5-p3 and p4-p6 in round 2, p6-p3 and p4-p5 in round 3; all drawn) while p1 and p2
    played elsewhere (external, 1/2 each): everyone has 1 1/2, the strength list orders
    p1..p6. In round 4 no two of p3..p6 may meet (8 rounds between, LA-4), so at least one
    board among them breaks the rule; one suffices when p1 and p2 each take one of them.

    Relaxing the whole rule and walking top-down gives p1-p2 and then two breaking boards
    (p3-p4, p5-p6). Now: p1's nearest, p2, would leave p3..p6 with 2 breaks (look-ahead),
    so p1-p3; p2-p4; p5-p6 breaks the rule (round 1, the longest ago; p3-p4 was as long
    ago but p3 is taken by the walk first)."""
    season, ruleset = load(
        "ladder-ab",
        SIX,
        [
            "p3-p4 =, p6-p5 =, p1 external, p2 external",
            "p5-p3 =, p4-p6 =, p1 external, p2 external",
            "p6-p3 =, p4-p5 =, p1 external, p2 external",
            {"present": SIX},
        ],
    )
    ctx = build_context(season, ruleset, season.open_round)
    old = whole_rule_relaxation(list(ctx.present), ctx.rules)
    assert sum(1 for p in old if ctx.rules.violations(*sorted(p))) == 2
    result = pair(season, ruleset)
    assert pairs(result) == {
        frozenset(("p1", "p3")),
        frozenset(("p2", "p4")),
        frozenset(("p5", "p6")),
    }
    first = next(b for b in result.boards if "p1" in (b.white, b.black))
    assert first.placed.text("en") == (
        "look-ahead: pairing p1 with p2 would leave p3, p4, p5 and p6 with more or worse "
        "rule breaks (LA-2)"
    )
    broken = [b for b in result.boards if ctx.rules.violations(b.white, b.black)]
    assert [{b.white, b.black} for b in broken] == [{"p5", "p6"}]
    assert "met in round 1, next meeting from round 10 (LA-4)" in broken[0].placed.text("en")
    assert [r.rule for r in result.relaxed] == ["min-rounds-between"]


def test_la4_relax_order_cheapest_rule_first() -> None:
    """LA-3, LA-4, relax order. Round 2 (level-only round, LA-3): A-players p1 p2, B-players
    p3 p4; p1-p2 and p3-p4 met in round 1. Legal boards would be A-A and B-B, both
    rematches within 8 rounds. Every pairing breaks a rule on both boards: p1-p2 + p3-p4
    break min-rounds-between (first in LA's relax order), p1-p3 + p2-p4 (or p1-p4 + p2-p3)
    break level-only (last). The cheapest: the rematches."""
    players = [
        {"id": pid, "name": pid.upper(), "strength": i, "level": "A" if i <= 2 else "B"}
        for i, pid in enumerate(["p1", "p2", "p3", "p4"], start=1)
    ]
    season, ruleset = load(
        "ladder-ab", players, ["p1-p2 1-0, p3-p4 1-0", {"present": "p1 p2 p3 p4"}]
    )
    result = pair(season, ruleset)
    assert pairs(result) == {frozenset(("p1", "p2")), frozenset(("p3", "p4"))}
    assert [r.rule for r in result.relaxed] == ["min-rounds-between"]


# --------------------------------------------------------------------------- the property

#: every preset whose pairing has a rule to break; magnus-senior has no hard rule of its
#: own (MG-3: avoid repeats as far as possible), so it gets at most one meeting per season
#: to make dead ends possible. magnus-cup is left out: a knock-out has no pairing rule
#: that could leave a draw unpairable.
PRESETS: dict[str, dict[str, object] | None] = {
    "dubbelschaak": None,
    "keizer-classic": None,
    "princenpaard": None,
    "ladder-ab": None,
    "magnus-senior": {"pairing": {"max_meetings": 1}},
    "magnus-youth": None,
}


def matchable(players: list[str], rules: Rules) -> bool:
    """A legal perfect matching of ``players`` exists (networkx)."""
    g = nx.Graph()
    g.add_nodes_from(players)
    g.add_edges_from(
        (a, b)
        for i, a in enumerate(players)
        for b in players[i + 1 :]
        if not rules.violations(a, b)
    )
    return 2 * len(nx.max_weight_matching(g, maxcardinality=True)) == len(players)


def fewest_breaks(players: list[str], rules: Rules) -> int | None:
    """The fewest rule-breaking boards of a pairing of ``players`` (networkx): a legal pair
    weighs 2, a pair breaking only relaxable rules 1, never-relaxable pairs are missing;
    ``None`` if they cannot all be seated."""
    g = nx.Graph()
    g.add_nodes_from(players)
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            broken = set(rules.violations(a, b))
            if not broken & NEVER:
                g.add_edge(a, b, weight=1 if broken else 2)
    matching = nx.max_weight_matching(g, maxcardinality=True)
    if 2 * len(matching) != len(players):
        return None
    return sum(1 for a, b in matching if g[a][b]["weight"] == 1)


def age(rules: Rules, a: str, b: str) -> int:
    """Rounds since ``a`` and ``b`` last met in the rules' scope (the round number if never)."""
    meeting = rules.meeting(a, b)
    return rules.round_no - (meeting.last_round if meeting is not None else 0)


def oldest_repeats(players: list[str], rules: Rules) -> int | None:
    """Among the pairings with the fewest rule-breaking boards, the largest sum of the
    breaking boards' ages (networkx; a legal pair outweighs any sum of ages). Only
    meaningful when every breaking pair breaks the same rules (else the relax order ranks
    first): ``None`` then."""
    broken = {
        rules.violations(a, b)
        for i, a in enumerate(players)
        for b in players[i + 1 :]
        if rules.violations(a, b)
    }
    if len(broken) != 1:
        return None
    legal = (len(players) // 2 + 1) * (rules.round_no + 1)
    g = nx.Graph()
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            g.add_edge(a, b, weight=age(rules, a, b) if rules.violations(a, b) else legal)
    matching = nx.max_weight_matching(g, maxcardinality=True)
    return sum(g[a][b]["weight"] for a, b in matching if rules.violations(a, b))


def legal_pairing_exists(season: Season, ruleset: Ruleset) -> bool:
    """As the engine's strict level sees it: the pool (present, not forced), with the
    engine entrant when odd (DS-9) or any one player sitting out."""
    rnd = season.open_round
    assert rnd is not None
    ctx = build_context(season, ruleset, rnd)
    forced = {pid for g in rnd.forced or () for pid in (g.white, g.black)}
    pool = [pid for pid in ctx.present if pid not in forced]
    if len(pool) % 2 == 0:
        return matchable(pool, ctx.rules)
    if ctx.engine is not None and matchable([*pool, ctx.engine], ctx.rules):
        return True
    return any(matchable([q for q in pool if q != c], ctx.rules) for c in pool)


def dead_end(preset: str, n: int, rounds: int, seed: int, force: bool) -> Season | None:
    """A random history (a random draw each round) whose open round has no legal pairing;
    ``force``: the director fixes one board (two present players drawn by the seed). Tries
    a few seeds; ``None`` if none gives a dead end."""
    for attempt in range(12):
        s = synthetic.season(
            preset,
            n_players=n,
            n_rounds=rounds,
            seed=seed * 100 + attempt,
            overrides=PRESETS[preset],
            mix=synthetic.Mix(absent=0.15),
            pairer=synthetic.random_round_pairer,
            open_round=True,
        )
        rnd = s.open_round
        assert rnd is not None
        if force and rnd.present and len(rnd.present) >= 4:
            a, b = random.Random(seed).sample(sorted(rnd.present), 2)
            s = s.with_round(replace(rnd, forced=(ForcedGame(a, b, "director"),)))
        if not legal_pairing_exists(s, ruleset_of(s)):
            return s
    return None


def check_dead_end(s: Season) -> None:
    ruleset = ruleset_of(s)
    rnd = s.open_round
    assert rnd is not None
    ctx = build_context(s, ruleset, rnd)
    result = pair(s, ruleset)
    check_season(s.with_round(result.round), ruleset)
    forced = {pid for g in rnd.forced or () for pid in (g.white, g.black)}
    pool = [pid for pid in ctx.present if pid not in forced]
    engine_boards = [b for b in result.boards if ctx.rules.is_engine(b.white)]
    engine_boards += [b for b in result.boards if ctx.rules.is_engine(b.black)]
    assert not engine_boards, "the engine plays only under the strict rules (DS-9)"
    # the sitter: the first in the bye order among those allowing the fewest breaks
    sitter = next(iter(result.sitting_out), None)
    if len(pool) % 2 == 1:
        assert sitter is not None
        order = sitter_order(ctx, pool, seed=result.round.seed)
        counts = {c: fewest_breaks([q for q in pool if q != c], ctx.rules) for c in order}
        least = min(k for k in counts.values() if k is not None)
        assert sitter == next(c for c in order if counts[c] == least)
    seated = [pid for pid in pool if pid != sitter]
    minimum = fewest_breaks(seated, ctx.rules)
    assert minimum is not None and minimum > 0
    mine = [b for b in result.boards if not b.forced]
    breaking = [b for b in mine if ctx.rules.violations(b.white, b.black)]
    assert len(breaking) == minimum
    # the longest-ago repeats first (PP-5's reading), where one kind of break is all there is
    oldest = oldest_repeats(seated, ctx.rules)
    if oldest is not None:
        assert sum(age(ctx.rules, b.white, b.black) for b in breaking) == oldest
    # each break named on its board, logged on the stored game and listed as a relaxation
    stored = {frozenset(g.players): g for g in result.round.games or ()}
    listed = {r.rule: cast(tuple[Reason, ...], r.reason.params["boards"]) for r in result.relaxed}
    for board in breaking:
        broken = ctx.rules.violations(board.white, board.black)
        assert board.placed.key == "pair.relaxed"
        text = board.placed.text("en")
        for rule in broken:
            rid = ruleset.rule_ids.get(rule)
            assert rid is None or f"({rid})" in text
            assert any(
                {x.params["white"], x.params["black"]} == {board.white, board.black}
                for x in listed[rule]
            )
        game = stored[frozenset((board.white, board.black))]
        assert words(game.override, "en").startswith("relaxed: ")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(sorted(PRESETS)),
    n=st.integers(min_value=3, max_value=9),
    rounds=st.integers(min_value=2, max_value=9),
    seed=st.integers(min_value=0, max_value=10_000),
    force=st.booleans(),
)
def test_dead_ends_get_the_fewest_rule_breaking_boards(
    preset: str, n: int, rounds: int, seed: int, force: bool
) -> None:
    """Spec "pairing never dead-ends", every preset: on a random history whose open round
    has no legal pairing, a round comes out, and its number of rule-breaking boards is the
    minimum an independent maximum-weight matching finds with the same sitter and the same
    forced boards; the sitter is the first in the bye order among those allowing the
    fewest (PP-4, KC-8, LA-8); every break is named on its board (rule ids), logged on the
    stored game and listed as a relaxation; where every possible break is of one kind, the
    breaks are the longest ago (largest sum of rounds since the last meeting) that the
    fewest allow."""
    s = dead_end(preset, n, rounds, seed, force)
    assume(s is not None)
    assert s is not None
    check_dead_end(s)


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(sorted(PRESETS)),
    n=st.integers(min_value=3, max_value=16),
    rounds=st.integers(min_value=2, max_value=11),
    seed=st.integers(min_value=0, max_value=100_000),
    force=st.booleans(),
)
def test_dead_ends_larger_run(preset: str, n: int, rounds: int, seed: int, force: bool) -> None:
    """The same property on more and larger pools (``pytest -m slow``)."""
    s = dead_end(preset, n, rounds, seed, force)
    assume(s is not None)
    assert s is not None
    check_dead_end(s)
