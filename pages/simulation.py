"""Simulatie (issue 13 item 2): seasons simulated with this competition's attendance and
strength, under its own ruleset and a ruleset B; the figures side by side. Anyone can read
it; nothing is stored (``compcore.services.simulation``)."""

import streamlit as st

from compcore.domain.errors import CompcoreError
from compcore.services import reading
from compcore.services.simulation import run_simulation
from compcore.services.vocabulary import MAX_SEASONS_APP
from ui import context, simulation_view, state

run = state.ctx()
tr = run.tr
st.title(tr("app.page.simulation"))
here = context.page(run)
season, ruleset = run.season(), run.ruleset()
cid = here.cid
st.caption(tr("sim.intro"))

presets = list(reading.preset_names())
own = season.ruleset.preset
preset_b = st.selectbox(
    tr("sim.preset_b"), presets, index=presets.index(own) if own in presets else 0,
    format_func=lambda p: reading.preset_title(p, run.lang),
    key=f"sim_preset_{cid}",
)  # fmt: skip
overrides = st.text_area(tr("sim.overrides"), help=tr("sim.overrides.help"), key=f"sim_set_{cid}")
left, middle, right = st.columns(3)
seasons = left.number_input(
    tr("sim.seasons"), min_value=1, max_value=MAX_SEASONS_APP, value=200, key=f"sim_n_{cid}"
)
seed = middle.number_input(tr("sim.seed"), min_value=0, value=1, step=1, key=f"sim_seed_{cid}")
below = right.number_input(
    tr("sim.threshold"), min_value=0, max_value=100, value=50, key=f"sim_below_{cid}"
)

if st.button(tr("sim.run"), type="primary", key=f"sim_run_{cid}"):
    bar = st.progress(0.0)

    def progress(done: int, total: int) -> None:
        bar.progress(done / total, text=tr("sim.progress", done=done, total=total))

    try:
        result, model = run_simulation(
            season,
            ruleset,
            preset_b=preset_b,
            overrides_b=overrides,
            seasons=int(seasons),
            seed=int(seed),
            threshold=int(below) / 100,
            on_progress=progress,
        )
    except CompcoreError as exc:
        bar.empty()
        st.error(exc.describe(run.lang))
    else:
        simulation_view.show(result, model, run.lang)
