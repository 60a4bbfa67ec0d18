"""Trends: per cycle, each player's Keizer value over the rounds (Keizer presets), a rank bump
chart and the score progression. Click names in a legend to highlight those players."""

import streamlit as st

from ui import charts, scope, state, tables

run = state.ctx()
tr = run.tr
st.title(tr("app.page.trends"))
state.require_competition(run)
season, ruleset = run.season(), run.ruleset()
cid = run.cid
cycle, numbers = scope.played_rounds_of_cycle(run, "tr")
after = numbers[-1]
table = run.standings(after_round=after, cycle=cycle)
frame = charts.trend_frame(table, run.names(), ruleset.is_keizer)
labels = {
    "round": tr("app.chart.round"),
    "player": tr("app.col.player"),
    "rank": tr("app.chart.rank"),
    "score": tr("app.chart.score"),
    "value": tr("app.chart.value"),
}
st.caption(tr("app.trends.help"))

picked: set[str] = set()


def show(chart, key: str) -> None:
    event = st.altair_chart(chart, on_select="rerun", key=f"{key}_{cid}_{cycle}", width="stretch")
    for item in event.selection.get(charts.PICK, []) or []:
        if isinstance(item, dict) and "player" in item:
            picked.add(item["player"])


charts_shown = [
    ("app.trends.rank", charts.bump_chart, "chart_rank"),
    ("app.trends.score", charts.score_chart, "chart_score"),
]
if ruleset.is_keizer:
    charts_shown.insert(0, ("app.trends.value", charts.value_chart, "chart_value"))
for tab, (_title, build, key) in zip(
    st.tabs([tr(title) for title, _, _ in charts_shown]), charts_shown, strict=True
):
    with tab:
        show(build(frame, labels), key)

if picked:
    st.subheader(tr("app.trends.picked"))
    view = frame[frame["player"].isin(picked)].pivot_table(
        index="round", columns="player", values="rank", aggfunc="first"
    )
    st.caption(tr("app.trends.picked_help"))
    tables.dataframe(view, width="stretch")
