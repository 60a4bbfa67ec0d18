"""Members who never play (issue 19): the standings treat them as one block
(:func:`compcore.scoring.idle.idle_members`); the outcome must be exactly that of the
full computation, member by member, for every preset: scores, values, tie-breaks, every
column, the order after every round, the tie reasons."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from dataclasses import replace
from fractions import Fraction

import pytest

from compcore.domain.model import Kind, Player, Season
from compcore.lab import synthetic
from compcore.rules.rulesets import preset_names, ruleset_of
from compcore.scoring.history import Entry, history
from compcore.scoring.idle import idle_members
from compcore.scoring.rows import Row
from compcore.scoring.standings import Standings, resolve_scope, standings


def _with_idle(season: Season, count: int = 40, zero: bool = True) -> Season:
    """``season`` with ``count`` more members who never play, of every kind: ratings above,
    among and below the players' (and none), later joiners, withdrawn ones, namesakes;
    some carry an explicit ``not-participating`` mark (as the pairing writes them), and
    (``zero``) one member has only an ``absent-unexcused`` (score 0, like the idle ones,
    but not idle: he goes into their block; without him the block stands whole between
    the players, the other way a Keizer step ranks it)."""
    members = []
    for i in range(count):
        members.append(
            Player(
                id=f"m{i:03d}",
                name=f"Lid {i % 7}",  # namesakes: the initial order falls back on the id
                rating=None if i % 5 == 0 else 1200 + (i * 97) % 1400,
                strength=None if i % 3 else 100 + i,
                participation="never",
                joined_round=3 if i % 11 == 1 else None,
                withdrawn_round=2 if i % 13 == 2 else None,
            )
        )
    zero_member = Player(id="zero", name="Nul", rating=1650, participation="never")
    rounds = []
    for rnd in season.rounds:
        if rnd.is_played:
            entries = dict(rnd.entries or {})
            for i, m in enumerate(members):
                if (i + rnd.number) % 4 == 0:
                    entries[m.id] = Kind.NOT_PARTICIPATING
            if rnd.number == 1 and zero:
                entries[zero_member.id] = Kind.ABSENT_UNEXCUSED
            rnd = replace(rnd, entries=entries)
        rounds.append(rnd)
    players = (*season.players, *members, *([zero_member] if zero else []))
    return replace(season, players=players, rounds=tuple(rounds))


def _season(preset: str, zero: bool = True) -> Season:
    overrides = {"rounds_per_cycle": 3} if preset == "dubbelschaak" else None
    base = synthetic.season(preset, n_players=10, n_rounds=8, seed=11, overrides=overrides)
    return _with_idle(base, zero=zero)


def _same(fast: Standings, full: Standings) -> None:
    assert all(type(row) is Row for row in fast.rows)  # made as twins, true Rows
    assert fast.rows == full.rows
    assert [r.player for r in fast.rows] == [r.player for r in full.rows]
    assert fast.snapshots == full.snapshots
    for a, b in zip(fast.snapshots, full.snapshots, strict=True):
        assert a.order == b.order
        assert a.scores == b.scores
        assert dict(a.values) == dict(b.values)
    assert fast.ties == full.ties


@pytest.mark.parametrize("zero", [True, False], ids=["member-on-0", "block-whole"])
@pytest.mark.parametrize("preset", preset_names())
def test_idle_members_as_one_block_equal_the_full_computation(preset: str, zero: bool) -> None:
    season = _season(preset, zero)
    ruleset = ruleset_of(season)
    hist = history(season, ruleset)
    idle = idle_members(hist, ruleset)
    assert {f"m{i:03d}" for i in range(40)} <= idle
    assert "zero" not in idle
    # the full computation: no member marked idle
    full_hist = replace(hist, idle=frozenset())
    last = season.last_played
    cycles = {resolve_scope(season, ruleset, k, None)[1] for k in range(last + 1)}
    for after in range(last + 1):
        for cycle in (None, *sorted(c for c in cycles if c is not None)):
            try:
                full = standings(season, ruleset, after_round=after, cycle=cycle, hist=full_hist)
            except Exception as error:  # the same refusal both ways
                with pytest.raises(type(error)):
                    standings(season, ruleset, after_round=after, cycle=cycle)
                continue
            fast = standings(season, ruleset, after_round=after, cycle=cycle)
            _same(fast, full)
            thin = standings(season, ruleset, after_round=after, cycle=cycle, detail=False)
            thin_full = standings(
                season, ruleset, after_round=after, cycle=cycle, detail=False, hist=full_hist
            )
            assert thin.snapshots == thin_full.snapshots


def test_the_idle_share_one_entries_tuple_equal_to_one_per_round() -> None:
    season = _season("keizer-classic")
    ruleset = ruleset_of(season)
    hist = history(season, ruleset)
    played = [r for r in season.rounds if r.is_played]
    expected = tuple(
        Entry(r.number, ruleset.cycle_of(r.number), Kind.NOT_PARTICIPATING) for r in played
    )
    for pid in hist.idle:
        assert hist.by_player[pid] is hist.idle_entries
    assert hist.idle_entries == expected
    cut = hist.upto(played[2].number)
    assert cut.idle == hist.idle
    assert all(cut.by_player[p] is cut.idle_entries for p in cut.idle)
    assert cut.idle_entries == expected[:3]


@pytest.mark.parametrize(
    ("preset", "rule"),
    [
        ("ladder-ab", "1"),
        ("magnus-senior", "1"),
        ("dubbelschaak", {"points": "0", "cap": {"count": 2, "then": "1/6 own"}}),
    ],
)
def test_a_ruleset_that_scores_not_participating_computes_everyone(preset: str, rule) -> None:
    overrides = {"points": {"not-participating": rule}}
    base = synthetic.season(preset, n_players=10, n_rounds=6, seed=11, overrides=overrides)
    season = _with_idle(base)
    ruleset = ruleset_of(season)
    hist = history(season, ruleset)
    assert hist.idle  # nothing but not-participating ...
    assert not idle_members(hist, ruleset)  # ... but it scores: everyone is computed
    _same(
        standings(season, ruleset), standings(season, ruleset, hist=replace(hist, idle=frozenset()))
    )


def test_idle_members_when_numpy_is_loaded() -> None:
    """With numpy loaded (the app) a club of 30 or more active players iterates on numpy's
    matrix; with idle members on the plain rows of the active players alone: the same."""
    pytest.importorskip("numpy")
    every = {"keizer": {"iterate_rounds": ["every"]}}
    base = synthetic.season("keizer-classic", n_players=34, n_rounds=5, seed=3, overrides=every)
    season = _with_idle(base)
    ruleset = ruleset_of(season)
    hist = history(season, ruleset)
    assert idle_members(hist, ruleset)
    full = standings(season, ruleset, hist=replace(hist, idle=frozenset()))
    assert full.snapshots[-1].method == "iterate"
    _same(standings(season, ruleset), full)


def test_rows_made_as_twins_are_frozen_rows_that_pickle() -> None:
    season = _season("dubbelschaak")
    table = standings(season, ruleset_of(season))
    row = table.rows[-1]
    with pytest.raises(dataclasses.FrozenInstanceError):
        row.score = Fraction(1)  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(table)) == table
    assert copy.deepcopy(row) == row
