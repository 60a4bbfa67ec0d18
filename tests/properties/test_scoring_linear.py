"""The standings' linear-cost paths give exactly what the per-entry definitions give (issue 8,
item 2): tie-breaks after each round from :class:`TieBreaks` (indexed once, Sonneborn-Berger
in halves) against :func:`tiebreaks.compute` on each round's entries, and the Keizer matrix
restricted to the players who play against the plain-Python forms, with registered members
who never play."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F
from unittest import mock

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compcore.domain.model import Kind, Player, Season
from compcore.rules.rulesets import load_ruleset, ruleset_of
from compcore.scoring import place_forms, tiebreaks
from compcore.scoring.history import Entry, history
from compcore.scoring.standings import initial_order, standings
from tests.properties.test_scoring_properties import KEIZER_RANKED, seasons

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: every tie-break at once (princenpaard's SB with PP-6's adjustment, jokers; LA-10's wins)
ALL_BREAKS = {"tie_breaks": ["sonneborn-berger", "buchholz", "wins", "fewest-jokers"]}


def _old_ranking(units, ruleset, entries, index) -> tuple[str, ...]:
    """The ranking as it was computed before: every tie-break from the round's entries."""
    columns = [
        (tiebreaks.compute(b, entries, units, ruleset, index), tiebreaks.DIRECTION[b])
        for b in ruleset.tie_breaks
    ]
    return tuple(
        sorted(units, key=lambda p: (-units[p], *(-d * c[p] for c, d in columns), index[p]))
    )


@SETTINGS
@given(
    seasons(presets=("princenpaard", "ladder-ab"), max_rounds=8),
    st.sampled_from([None, ALL_BREAKS]),
)
def test_tie_breaks_after_each_round_equal_the_per_entry_definition(season, override) -> None:
    """After every round of the scope, on that round's scores: the same ranking as ranking on
    :func:`tiebreaks.compute` over the entries up to that round, and the same values (SB in
    halves: twice the definition's)."""
    ruleset = ruleset_of(season)
    if override is not None:
        ruleset = load_ruleset(ruleset.name, override)
    result = standings(season, ruleset)
    hist = history(season, ruleset, upto=result.after_round)
    scope = {s.round for s in result.snapshots[1:]}
    entries = {p: [e for e in es if e.round in scope] for p, es in hist.by_player.items()}
    first = min(scope, default=result.after_round + 1)
    index = {p: i for i, p in enumerate(initial_order(season, ruleset, first))}
    breaks = tiebreaks.TieBreaks(entries, ruleset, index)
    for snap in result.snapshots[1:]:
        upto = {p: [e for e in es if e.round <= snap.round] for p, es in entries.items()}
        assert breaks.ranking(snap.units, snap.round) == _old_ranking(
            snap.units, ruleset, upto, index
        )
        for name in ruleset.tie_breaks:
            factor = 2 if name == "sonneborn-berger" else 1
            fast = breaks.column(name, snap.units, snap.round)
            slow = tiebreaks.compute(name, upto, snap.units, ruleset, index)
            assert {p: fast.get(p, 0) for p in slow} == {p: factor * v for p, v in slow.items()}


def _entries(*kinds_and_opponents: tuple[Kind, str | None]) -> list[Entry]:
    return [
        Entry(i, 0, kind, opponent=opp, colour="w" if opp else None, played=opp is not None)
        for i, (kind, opp) in enumerate(kinds_and_opponents, start=1)
    ]


def test_pp6_sonneborn_berger_in_halves_round_by_round() -> None:
    """PP-6 by hand. p: round 1 beat q (score 3), 2 drew r (2), 3 lost to s (4), 4 and 5
    jokers, 6 absent (jokers left, so not adjusted).

    After round 3: SB = 3 + 1/2 x 2 + 0 = 4, in halves 2 x 3 + 1 x 2 + 0 x 4 = 8.
    After round 5: two jokers add 2 x 1/2 x 8/3 = 8/3 halves: 32/3 (SB 16/3).
    After round 6: the absence adds nothing (2 of 4 jokers used): still 32/3.
    """
    ruleset = load_ruleset("princenpaard")
    scores = {"q": 3, "r": 2, "s": 4}
    games = [(Kind.WIN, "q"), (Kind.DRAW, "r"), (Kind.LOSS, "s")]
    rest = [(Kind.JOKER, None), (Kind.JOKER, None), (Kind.ABSENT, None)]
    entries = {
        "p": _entries(*games, *rest),
        "idle": _entries(*[(Kind.NOT_PARTICIPATING, None)] * 6),
    }
    breaks = tiebreaks.TieBreaks(entries, ruleset, {"p": 0, "idle": 1, "q": 2, "r": 3, "s": 4})
    sb = [breaks.column("sonneborn-berger", scores, k).get("p") for k in (3, 5, 6)]
    assert sb == [8, F(32, 3), F(32, 3)]
    # a member who never played is left out of the columns (0 everywhere) ...
    assert "idle" not in breaks.column("fewest-jokers", scores, 6)
    assert breaks.column("fewest-jokers", scores, 6)["p"] == 2
    # ... yet ranked: level on 1 point, both SB 0 (p's opponents have no score in this
    # table), p used two jokers and idle none, so idle is first (PP-6: fewest jokers)
    assert breaks.ranking({"p": 1, "idle": 1}) == ("idle", "p")


def _with_members(season: Season, count: int) -> Season:
    members = tuple(
        Player(id=f"m{i:03d}", name=f"Lid {i:03d}", rating=1500, participation="never")
        for i in range(count)
    )
    return replace(season, players=season.players + members)


@SETTINGS
@given(seasons(presets=KEIZER_RANKED, max_rounds=6), st.integers(1, 40))
def test_matrix_over_players_who_play_equals_plain_python_with_idle_members(
    season, members
) -> None:
    """Registered members who never play are outside the Keizer matrix (their score is 0
    whatever the values), yet ranked and valued: the same snapshots and rows as the plain
    Python forms over everybody."""
    season = _with_members(season, members)
    ruleset = ruleset_of(season)
    fast = standings(season, ruleset)
    with mock.patch.object(place_forms.DenseLinear, "build", return_value=None):
        plain = standings(season, ruleset)
    assert fast.snapshots == plain.snapshots
    assert fast.rows == plain.rows
    assert all(fast.row(f"m{i:03d}").score == 0 for i in range(members))


@SETTINGS
@given(seasons(presets=KEIZER_RANKED, max_rounds=6), st.integers(0, 20))
def test_numpy_matrix_equals_the_plain_python_rows_by_place(season, members) -> None:
    """The forms by place are plain Python rows for a club and an int64 matrix from
    ``place_forms.NUMPY_FROM`` active players (issue 19: no numpy import for a club's season;
    from ``NUMPY_LOADED_FROM`` where numpy is loaded anyway):
    both give exactly the same snapshots and rows, iterating every round too."""
    season = _with_members(season, members)
    ruleset = ruleset_of(season)
    assert ruleset.keizer is not None
    iterating = ruleset.model_copy(
        update={
            "keizer": ruleset.keizer.model_copy(
                update={"mode": "iterate", "iterate_rounds": ("every",)}
            )
        }
    )
    huge = 10**9
    for rules in (ruleset, iterating):
        with mock.patch.multiple(place_forms, NUMPY_FROM=huge, NUMPY_LOADED_FROM=huge):
            rows = standings(season, rules)
        with mock.patch.multiple(place_forms, NUMPY_FROM=0, NUMPY_LOADED_FROM=0):
            matrix = standings(season, rules)
        assert rows.snapshots == matrix.snapshots
        assert rows.rows == matrix.rows
