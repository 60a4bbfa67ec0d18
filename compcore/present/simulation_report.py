"""A simulation (:mod:`compcore.lab.simulation`) as text: a table side by side, or JSON."""

from __future__ import annotations

import json
from typing import Any

from compcore.i18n import Lang, t
from compcore.lab.simulation import Model, Outcome, Simulation


def percent(share: float) -> str:
    """A share as a whole percentage, e.g. ``0.456`` -> ``46%``."""
    return f"{share * 100:.0f}%"


def _one_decimal(value: float, lang: Lang) -> str:
    """``5.6`` as the language writes it: ``5,6`` in Dutch (issue 22 item 9)."""
    text = f"{value:.1f}"
    return text.replace(".", ",") if lang == "nl" else text


def rows(sim: Simulation, lang: Lang = "nl") -> list[tuple[str, str, str]]:
    """The comparison as (measure, ruleset A, ruleset B) lines, the headers first."""
    out = [
        (t("sim.col.measure", lang), f"A: {sim.a.ruleset}", f"B: {sim.b.ruleset}"),
        (t("sim.row.tables", lang), str(sim.a.tables), str(sim.b.tables)),
        (t("sim.row.strongest_wins", lang), percent(sim.a.strongest_wins), percent(sim.b.strongest_wins)),
        (t("sim.row.absentee_top3", lang), percent(sim.a.absentee_top3), percent(sim.b.absentee_top3)),
    ]  # fmt: skip
    for i, (ra, rb) in enumerate(
        zip(sim.a.mean_rank_by_decile, sim.b.mean_rank_by_decile, strict=True), start=1
    ):
        out.append((t("sim.row.decile", lang, decile=i), _one_decimal(ra, lang),
                    _one_decimal(rb, lang)))  # fmt: skip
    return out


def summary(sim: Simulation, model: Model, lang: Lang = "nl") -> str:
    """One line: how many seasons, the seed, the strongest player and the absentees."""
    names = {p.player: p.name for p in model.players}
    absentees = ", ".join(names[p] for p in sim.absentees) or t("sim.none", lang)
    return t(
        "sim.summary",
        lang,
        seasons=sim.seasons,
        seed=sim.seed,
        rounds=model.rounds,
        players=len(model.players),
        strongest=names[sim.strongest],
        threshold=percent(sim.threshold),
        absentees=absentees,
    )


def to_table(sim: Simulation, model: Model, lang: Lang = "nl") -> str:
    """The summary line and the three columns, aligned."""
    lines = rows(sim, lang)
    widths = [max(len(line[i]) for line in lines) for i in range(3)]
    text = [summary(sim, model, lang)]
    for line in lines:
        text.append("  ".join(cell.ljust(w) for cell, w in zip(line, widths, strict=True)).rstrip())
    return "\n".join(text) + "\n"


def _outcome(outcome: Outcome) -> dict[str, Any]:
    return {
        "ruleset": outcome.ruleset,
        "tables": outcome.tables,
        "strongest_wins": outcome.strongest_wins,
        "absentee_top3": outcome.absentee_top3,
        "mean_rank_by_decile": list(outcome.mean_rank_by_decile),
    }


def to_json(sim: Simulation, model: Model) -> str:
    """Everything: the inputs, the model's players and both rulesets' figures."""
    data = {
        "seasons": sim.seasons,
        "seed": sim.seed,
        "rounds": model.rounds,
        "draw_rate": model.draw_rate,
        "threshold": sim.threshold,
        "strongest": sim.strongest,
        "absentees": list(sim.absentees),
        "players": [
            {"player": p.player, "name": p.name, "strength": p.strength, "attendance": p.attendance}
            for p in model.players
        ],
        "a": _outcome(sim.a),
        "b": _outcome(sim.b),
    }
    return json.dumps(data, ensure_ascii=False, indent=2)
