"""Regellab / Rule lab (issue 13 item 1): the chosen competition replayed under another
preset or overrides, the games as played; places, winners, a slope chart of the place
changes and the fairness measures of A and B side by side. Anyone may read it; nothing is
stored, except that a logged-in director may save ruleset B as a proposal (a change-log
entry the committee reads on Instellingen)."""

import json

import streamlit as st

from compcore.domain.errors import CompcoreError
from compcore.services import reading
from compcore.services import rulelab as lab
from compcore.services.setup import parse_overrides
from ui import charts, context, device, state, tables
from ui import rulelab as view
from ui.markdown import md

run = state.ctx()
tr = run.tr
st.title(tr("rulelab.title"))
here = context.page(run)
season, ruleset = run.season(), run.ruleset()
cid = here.cid
st.caption(tr("rulelab.intro"))

presets = list(reading.preset_names())
own = season.ruleset.preset
preset = st.selectbox(tr("rulelab.preset"), presets, index=presets.index(own) if own in presets
                      else 0, format_func=lambda p: reading.preset_title(p, run.lang),
                      key=f"lab_preset_{cid}")  # fmt: skip
try:
    base = lab.ruleset_b(season, ruleset, preset, {})
except CompcoreError as exc:
    st.error(md(exc.describe(run.lang)))
    st.stop()
players = len(season.players)  # a top that follows the number of players: shown for now
# the page opens on a meaningful B: the club's own preset with the most common change
# (what an absence earns, lab.suggested_form); another preset starts from its own values
own_b = preset == own
start = lab.suggested_form(base, players) if own_b else lab.typed_defaults(base, players)
if own_b:
    was = lab.typed_defaults(base, players).absent or "0"
    st.caption(tr("rulelab.suggested", was=was, now=start.absent or "0"))
k = f"{cid}_{preset}"  # a new preset starts its widgets from its own values
c1, c2 = st.columns(2)
top = mode = None
if start.top is not None:
    top = c1.number_input(tr("rulelab.top"), min_value=1, max_value=1000, step=1,
                          value=start.top, help=tr("rulelab.top_help", players=players),
                          key=f"lab_top_{k}")  # fmt: skip
if base.is_keizer:
    modes = ["at-time", "recompute", "iterate"]
    mode = c2.selectbox(tr("rulelab.mode"), modes, index=modes.index(start.mode or "recompute"),
                        format_func=lambda m: tr(f"rulelab.mode.{m}"), key=f"lab_mode_{k}")  # fmt: skip
absent = c1.text_input(tr("rulelab.absent"), value=start.absent or "0",
                       help=tr("rulelab.absent_help"), key=f"lab_absent_{k}")  # fmt: skip
cap = c2.text_input(tr("rulelab.cap"), value=start.cap or "", placeholder=tr("rulelab.no_cap"),
                    help=tr("rulelab.cap_help"), key=f"lab_cap_{k}")  # fmt: skip
tie_breaks = st.multiselect(tr("rulelab.tie_breaks"), lab.tie_break_names(),
                            default=list(start.tie_breaks or ()),
                            format_func=lambda name: tr(f"rulelab.tie.{name}"),
                            key=f"lab_ties_{k}")  # fmt: skip
advanced = st.text_area(tr("rulelab.advanced"), help=tr("rulelab.advanced_help"), height=90,
                        key=f"lab_advanced_{k}")  # fmt: skip

form = lab.LabForm(top=None if top is None else int(top), absent=absent, cap=cap, mode=mode,
                   tie_breaks=tie_breaks)  # fmt: skip
try:
    overrides = lab.form_overrides(base, form, parse_overrides(advanced or "", "toml"), players)
    # the comparison and its chart once per revision, competition, preset and overrides
    lab_key = ("rulelab", cid, preset, json.dumps(overrides, sort_keys=True, default=str))
    other = state.memo(
        run, (*lab_key, "b"), lambda: lab.ruleset_b(season, ruleset, preset, overrides)
    )
    result = state.memo(run, lab_key, lambda: lab.compare(season, ruleset, other))
except CompcoreError as exc:
    st.error(md(exc.describe(run.lang)))
    st.stop()

st.info(view.span(result, run.lang))  # the span both count (issue 22 item 7)
if result.identical:
    st.success(tr("rulelab.identical"))
left, right = st.columns(2)
with left:
    st.subheader(tr("rulelab.places"))
    tables.dataframe(view.places_frame(result, run.lang), hide_index=True, width="stretch")
with right:
    st.subheader(tr("rulelab.winners"))
    tables.dataframe(view.winners_frame(result, run.lang), hide_index=True, width="stretch")
    st.subheader(tr("rulelab.fairness"))
    tables.dataframe(view.fairness_frame(result, run.lang), hide_index=True, width="stretch")
    st.caption(tr("rulelab.fairness_help"))
st.subheader(tr("rulelab.slope"))
narrow = device.on_phone()
slope = state.memo(
    run,
    (*lab_key, "slope", run.lang, narrow),
    lambda: charts.spec_with_data(view.slope_chart(result, run.lang, narrow=narrow)),
)
st.vega_lite_chart(spec=slope, width="stretch")

if run.director is not None:  # a proposal for the committee: one change-log entry
    note = st.text_input(tr("rulelab.note"), key=f"lab_note_{k}")
    if st.button(tr("rulelab.save"), key=f"lab_save_{k}"):
        state.write(
            run,
            lambda actor: lab.save_proposal(
                run.store, cid, season, ruleset, preset, overrides, note=note, actor=actor
            ),
            tr("rulelab.saved"),
        )
