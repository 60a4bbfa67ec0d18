"""The Simulatie page's result: the summary, both rulesets side by side, the model."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from compcore.i18n import Lang, t
from compcore.present import simulation_report
from compcore.services.vocabulary import Model, Simulation
from ui import tables


def comparison_frame(sim: Simulation, lang: Lang) -> pd.DataFrame:
    """Measure, ruleset A, ruleset B: one row per figure."""
    head, *rows = simulation_report.rows(sim, lang)
    return pd.DataFrame(rows, columns=list(head))


def model_frame(model: Model, lang: Lang) -> pd.DataFrame:
    """Each player's strength and attendance, strongest first."""
    return pd.DataFrame(
        {
            t("sim.col.player", lang): [p.name for p in model.players],
            t("sim.col.strength", lang): [round(p.strength) for p in model.players],
            t("sim.col.attendance", lang): [
                simulation_report.percent(p.attendance) for p in model.players
            ],
        }
    )


def show(sim: Simulation, model: Model, lang: Lang) -> None:
    st.write(simulation_report.summary(sim, model, lang))
    tables.dataframe(comparison_frame(sim, lang), hide_index=True, width="stretch")
    with st.expander(t("sim.players", lang)):
        tables.dataframe(model_frame(model, lang), hide_index=True, width="stretch")
