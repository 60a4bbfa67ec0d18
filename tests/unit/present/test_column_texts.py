"""The table and CSV write a column at a time (:func:`compcore.present.reports.column_texts`,
issue 19: shared texts for a club's idle members, whole values in bulk); every cell must
read exactly as :func:`compcore.present.reports.cell` writes it for that row alone."""

from __future__ import annotations

from dataclasses import replace

import pytest

from compcore.domain.model import Player
from compcore.lab import synthetic
from compcore.present import reports
from compcore.rules.rulesets import preset_names, ruleset_of
from compcore.scoring.standings import standings


@pytest.mark.parametrize("lang", ["nl", "en"])
@pytest.mark.parametrize("preset", preset_names())
def test_each_column_reads_as_its_cells(preset: str, lang: reports.Lang) -> None:
    season = synthetic.season(preset, n_players=10, n_rounds=6, seed=3)
    members = tuple(
        Player(id=f"m{i:02d}", name=f"Lid {i}", rating=1400 + i, participation="never")
        for i in range(25)
    )
    season = replace(season, players=season.players + members)
    ruleset = ruleset_of(season)
    result = standings(season, ruleset)
    columns = (*result.columns, *reports.CHANGE_COLUMNS)
    decimals = ruleset.display_decimals
    got = reports.column_texts(result.rows, columns, decimals, lang)
    for column, texts in zip(columns, got, strict=True):
        want = [reports.cell(row, column, decimals, lang) for row in result.rows]
        assert texts == want, column
