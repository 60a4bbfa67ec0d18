"""The Simulatie page's one call (issue 13 item 2): ruleset B from a preset and typed
overrides, the model of the shown competition, the seasons. Nothing is stored."""

from __future__ import annotations

from compcore.domain.errors import CompcoreError, Phrase
from compcore.domain.model import Season
from compcore.lab.simulation import (
    MAX_SEASONS_APP,
    Model,
    Progress,
    Simulation,
    model_of,
    overrides_from_text,
    simulate,
)
from compcore.rules.rulesets import Ruleset, load_ruleset


def run_simulation(
    season: Season,
    ruleset_a: Ruleset,
    *,
    preset_b: str,
    overrides_b: str,
    seasons: int,
    seed: int,
    threshold: float,
    on_progress: Progress | None = None,
) -> tuple[Simulation, Model]:
    """Simulate ``seasons`` (1 to :data:`MAX_SEASONS_APP`) seasons of ``season``'s club
    under its own ruleset and under ``preset_b`` with the overrides typed as JSON or TOML;
    bad input refused in one sentence before anything runs."""
    if not 1 <= seasons <= MAX_SEASONS_APP:
        raise CompcoreError(Phrase("sim.error.seasons_app", seasons=seasons, most=MAX_SEASONS_APP))
    ruleset_b = load_ruleset(preset_b, overrides_from_text(overrides_b))
    model = model_of(season, ruleset_a)
    result = simulate(
        model,
        ruleset_a,
        ruleset_b,
        seasons=seasons,
        seed=seed,
        threshold=threshold,
        on_progress=on_progress,
    )
    return result, model
