"""Properties of standings on generated seasons, for every preset (Hypothesis).

- deterministic and total: every player in the ranking exactly once, the same twice;
- a score never depends on later rounds;
- recompute equals rescoring from scratch with the previous ranking's values
  (checked against an independent, plain-Fraction reference implementation);
- an iterate result is a fixed point unless flagged as an oscillation;
- dump(load(x)) == x for season files.
"""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import pairwise

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compcore.adapters.files import season_file
from compcore.lab import synthetic
from compcore.rules.rulesets import preset_names, ruleset_of
from compcore.rules.rulesets.schema import RankValues
from compcore.scoring.entries import apply_caps
from compcore.scoring.history import history
from compcore.scoring.standings import in_ranking, standings
from compcore.scoring.values import rank_values

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def seasons(draw, presets: tuple[str, ...] | None = None, max_rounds: int = 8):
    preset = draw(st.sampled_from(presets or preset_names()))
    overrides = None
    if preset == "dubbelschaak":
        overrides = {"rounds_per_cycle": draw(st.integers(2, 4))}
    mix = synthetic.Mix(
        absent=draw(st.sampled_from([0.0, 0.1, 0.3])),
        unexcused=draw(st.sampled_from([0.0, 0.05])),
        external=draw(st.sampled_from([0.0, 0.1])),
        joker=draw(st.sampled_from([0.0, 0.2])),
        forfeit=draw(st.sampled_from([0.0, 0.1])),
        cup=draw(st.sampled_from([0.0, 0.05]))
        if preset in ("dubbelschaak", "keizer-classic")
        else 0.0,
    )
    return synthetic.season(
        preset,
        n_players=draw(st.integers(2, 12)),
        n_rounds=draw(st.integers(1, max_rounds)),
        seed=draw(st.integers(0, 10_000)),
        overrides=overrides,
        mix=mix,
    )


@SETTINGS
@given(seasons())
def test_standings_are_total_and_deterministic(season) -> None:
    ruleset = ruleset_of(season)
    first = standings(season, ruleset)
    again = standings(season, ruleset)
    assert first == again
    expected = set(in_ranking(season, first.after_round))
    assert sorted(first.order) == sorted(expected)
    assert [row.rank for row in first.rows] == list(range(1, len(first.rows) + 1))
    scores = [row.score for row in first.rows]
    assert scores == sorted(scores, reverse=True)


@SETTINGS
@given(seasons(), st.integers(0, 7))
def test_a_score_never_depends_on_later_rounds(season, k) -> None:
    ruleset = ruleset_of(season)
    k = min(k, season.last_played)
    full = standings(season, ruleset, after_round=k)
    cut = standings(season.truncated(k), ruleset, after_round=k)
    assert full.rows == cut.rows
    assert full.snapshots == cut.snapshots


KEIZER_RANKED = ("dubbelschaak", "keizer-classic")


@SETTINGS
@given(seasons(presets=("dubbelschaak",)))
def test_recompute_equals_rescoring_from_scratch_with_previous_values(season) -> None:
    """Reference: score every entry of the scope with plain Fractions and V(S(k-1))."""
    ruleset = ruleset_of(season)
    assert ruleset.keizer.mode == "recompute"
    result = standings(season, ruleset)
    hist = history(season, ruleset)
    scored = apply_caps(hist, ruleset)
    snaps = result.snapshots
    values_rule = ruleset.keizer.values
    assert isinstance(values_rule, RankValues)
    for before, after in pairwise(snaps):
        values = rank_values(values_rule, before.order)
        scope = {s.round for s in snaps[1:] if s.round <= after.round}
        expected = {p: Fraction(0) for p in after.order}
        for pid, entries in scored.items():
            for s in entries:
                if s.entry.round not in scope or s.points.is_zero:
                    continue
                if s.points.basis == "opponent":
                    expected[pid] += s.points.amount * values[s.entry.opponent]
                elif s.points.basis == "own":
                    expected[pid] += s.points.amount * values[pid]
                else:
                    expected[pid] += s.points.amount
        assert after.scores == expected


@SETTINGS
@given(seasons(presets=KEIZER_RANKED, max_rounds=6))
def test_iterate_result_is_a_fixed_point_unless_flagged(season) -> None:
    ruleset = ruleset_of(season)
    iterating = ruleset_of(season).model_copy(
        update={
            "keizer": ruleset.keizer.model_copy(
                update={"mode": "iterate", "iterate_rounds": ("every",)}
            )
        }
    )
    result = standings(season, iterating)
    for snap in result.snapshots[1:]:
        assert snap.method == "iterate"
        if snap.oscillated:
            assert snap.period >= 2 or snap.iterations == iterating.keizer.max_iterations
            continue
        # one more step from the result's own values gives the same ranking
        assert _one_step(season, iterating, snap) == snap.order


def _one_step(season, ruleset, snap):
    """Rescore the scope with the values of ``snap``'s own ranking and rank again."""
    from compcore.scoring.standings import initial_order
    from compcore.scoring.tiebreaks import ranking

    hist = history(season, ruleset, upto=snap.round)
    scored = apply_caps(hist, ruleset)
    cycle = hist.cycles[snap.round]
    scope = {k for k, c in hist.cycles.items() if not ruleset.restarts_per_cycle or c == cycle}
    values = rank_values(ruleset.keizer.values, snap.order)
    totals = {p: Fraction(0) for p in snap.order}
    for pid, entries in scored.items():
        for s in entries:
            if s.entry.round not in scope or pid not in totals:
                continue
            if s.points.basis == "opponent":
                totals[pid] += s.points.amount * values[s.entry.opponent]
            elif s.points.basis == "own":
                totals[pid] += s.points.amount * values[pid]
            else:
                totals[pid] += s.points.amount
    first = min(scope)
    index = {p: i for i, p in enumerate(initial_order(season, ruleset, first))}
    return ranking(totals, ruleset, {}, index)


@SETTINGS
@given(seasons())
def test_dump_of_load_is_identity(season) -> None:
    data = season_file.to_data(season)
    text = json.dumps(data)
    again = season_file.loads(text)
    assert season_file.to_data(again) == data
    assert again == season


@SETTINGS
@given(seasons(presets=KEIZER_RANKED, max_rounds=6))
def test_matrix_iteration_equals_plain_python_iteration(season) -> None:
    """The matrix forms (numpy int64) and the plain-Python ones agree exactly, iterating."""
    from unittest import mock

    from compcore.scoring import place_forms

    ruleset = ruleset_of(season)
    iterating = ruleset.model_copy(
        update={
            "keizer": ruleset.keizer.model_copy(
                update={"mode": "iterate", "iterate_rounds": ("every",)}
            )
        }
    )
    fast = standings(season, iterating)
    with mock.patch.object(place_forms.DenseLinear, "build", return_value=None):
        plain = standings(season, iterating)
    assert fast.snapshots == plain.snapshots
    assert fast.rows == plain.rows


@SETTINGS
@given(seasons())
def test_history_agrees_with_each_games_own_reading(season) -> None:
    """history()'s fast result table says what Game.kind_for / colour_of / played say."""
    ruleset = ruleset_of(season)
    hist = history(season, ruleset)
    for rnd in season.played_rounds:
        for game in rnd.games or ():
            for pid in game.players:
                entry = next(e for e in hist.entries(pid) if e.round == rnd.number)
                assert entry.kind == game.kind_for(pid)
                assert entry.opponent == game.opponent_of(pid)
                assert entry.colour == game.colour_of(pid)
                assert entry.played == game.played


@SETTINGS
@given(seasons(presets=KEIZER_RANKED))
def test_matrix_recompute_equals_plain_python_recompute(season) -> None:
    """The same for the weekly recompute (DS-8, KC-4) and the presets' own modes."""
    from unittest import mock

    from compcore.scoring import place_forms

    ruleset = ruleset_of(season)
    fast = standings(season, ruleset)
    with mock.patch.object(place_forms.DenseLinear, "build", return_value=None):
        plain = standings(season, ruleset)
    assert fast.snapshots == plain.snapshots
    assert fast.rows == plain.rows
