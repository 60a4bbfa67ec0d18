"""Trends: per cycle, each player's Keizer value over the rounds (Keizer presets), a rank bump
chart and the score progression. The players chosen by name (ui/trend_choice.py) are drawn in
colours of their own over everyone else in grey (issue 13, item 4)."""

from collections.abc import Callable
from typing import Any

import altair as alt
import streamlit as st

from ui import charts, context, device, scope, state, tables, trend_choice

run = state.ctx()
tr = run.tr
st.title(tr("app.page.trends"))
cid = context.page(run).cid
season, ruleset = run.season(), run.ruleset()
cycle, numbers = scope.played_rounds_of_cycle(run, "tr")
table = run.standings(after_round=numbers[-1], cycle=cycle)
names = charts.player_labels(run.names())
# the frame and the charts' specs once per revision, scope, choice and language (state.memo)
scope_key = ("trends", cid, cycle, numbers[-1])
frame = state.memo(
    run, (*scope_key, "frame"), lambda: charts.trend_frame(table, run.names(), ruleset.is_keizer)
)
labels = {
    "round": tr("app.chart.round"),
    "player": tr("app.col.player"),
    "rank": tr("app.chart.rank"),
    "score": tr("app.chart.score"),
    "value": tr("app.chart.value"),
}
st.caption(tr("app.trends.help"))
options = sorted(names, key=lambda pid: names[pid].casefold())
top = [row.player for row in table.rows if not row.virtual]
chosen = trend_choice.choose(run, options, names, top)
colours = charts.colours_for(chosen)
columns = 1 if device.on_phone() else 2  # the legend: a long name needs a phone's width

charts_shown = [
    ("app.trends.rank", charts.bump_chart, "chart_rank"),
    ("app.trends.score", charts.score_chart, "chart_score"),
]
if ruleset.is_keizer:
    charts_shown.insert(0, ("app.trends.value", charts.value_chart, "chart_value"))
for tab, (_title, build, key) in zip(
    st.tabs([tr(title) for title, _, _ in charts_shown]), charts_shown, strict=True
):

    def made(build: Callable[..., alt.TopLevelMixin] = build) -> dict[str, Any]:
        return charts.spec(build(frame, labels, colours, columns))

    spec = state.memo(run, (*scope_key, key, colours, columns, run.lang), made)
    with tab:
        st.vega_lite_chart(spec=spec, key=f"{key}_{cid}_{cycle}", width="stretch")

shown = [names[pid] for pid in chosen if pid in set(frame["player_id"])]
if shown:
    st.subheader(tr("app.trends.picked"))
    view = frame[frame["player"].isin(shown)].pivot_table(
        index="round", columns="player", values="rank", aggfunc="first"
    )[shown]
    view.index.name, view.columns.name = labels["round"], None
    st.caption(tr("app.trends.picked_help"))
    tables.dataframe(view, width="stretch")
