"""``standings(..., every_round=False)`` (issue 19: the command line's table and CSV keep no
snapshot of every round): the same rows, the change columns included, for every preset,
round and cycle, with S(0) and the last two rounds' snapshots the same as the full
chain's last two."""

from __future__ import annotations

import pytest

from compcore.lab import synthetic
from compcore.rules.rulesets import preset_names, ruleset_of
from compcore.scoring.standings import resolve_scope, standings


@pytest.mark.parametrize("preset", preset_names())
def test_the_rows_need_only_the_last_two_rounds(preset: str) -> None:
    season = synthetic.season(preset, n_players=10, n_rounds=7, seed=5)
    ruleset = ruleset_of(season)
    cycles = {resolve_scope(season, ruleset, k, None)[1] for k in range(season.last_played + 1)}
    checked = 0
    for after in range(season.last_played + 1):
        for cycle in (None, *sorted(c for c in cycles if c is not None)):
            try:
                full = standings(season, ruleset, after_round=after, cycle=cycle)
            except Exception as error:  # the same refusal both ways
                with pytest.raises(type(error)):
                    standings(season, ruleset, after_round=after, cycle=cycle, every_round=False)
                continue
            thin = standings(season, ruleset, after_round=after, cycle=cycle, every_round=False)
            assert thin.rows == full.rows
            assert thin.snapshots[0] == full.snapshots[0]
            # S(0) and at most the last two rounds (fewer when the scope has fewer)
            kept = full.snapshots[1:][-2:]
            assert thin.snapshots[1:] == kept
            assert thin.final == full.final
            checked += 1
    assert checked > season.last_played  # every round was compared at least once
