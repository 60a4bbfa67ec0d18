"""Speler / Player (issue 10, item 1): one player's rounds in a cycle, each with the value
it was scored with and its points; the total, which is his score in the standings; his
value and place over the rounds. The link holds the player (``?speler=``)."""

import streamlit as st

from compcore.services import reading
from ui import charts, context, device, explanation, playerview, scope, state, tables
from ui.markdown import md

run = state.ctx()
tr = run.tr
st.title(tr("app.page.player"))
here = context.page(run)
season, ruleset = run.season(), run.ruleset()
cid = here.cid
if not season.players:
    st.info(tr("app.player.none"))
    st.stop()
# a player picker with search (a selectbox filters as one types); the link chooses first
options = sorted(season.player_ids, key=lambda p: (run.name(p).casefold(), p))
pid = state.linked_select(
    run,
    tr("app.player.choose"),
    options,
    param=state.PARAM_PLAYER,
    key=f"pp_who_{cid}",
    text=lambda p: p,
    default=playerview.default_player(run, options),
    format_func=run.name,
)
cycle, numbers = scope.played_rounds_of_cycle(run, "pp")
table = run.standings(after_round=numbers[-1], cycle=cycle)
if pid not in table.final.scores:
    st.caption(scope.caption(run, ruleset, table))
    st.info(tr("app.player.not_ranked", player=md(run.name(pid))))
    st.stop()

row = table.row(pid)
lines = reading.player_rounds(season, ruleset, table, pid)
summary, exact = playerview.summary(run, ruleset, row)
st.markdown(summary, help=exact)
# the short caption above the table: a phone draws the table's toolbar over its right end
st.caption(scope.caption(run, ruleset, table))
phone = device.on_phone()
tables.dataframe(
    playerview.rounds_view(run, season, ruleset, lines),
    hide_index=True,
    column_config=playerview.rounds_columns(run, ruleset, phone=phone),
    column_order=playerview.compact_order(run, ruleset) if phone else None,
    width="stretch",
)
total, exact = playerview.total_line(run, ruleset, lines, row)
st.markdown(total, help=exact)

# place and (Keizer) value: two charts one above the other over the same rounds
mine = charts.player_frame(table, pid, ruleset.is_keizer, playerview.chart_texts(run, ruleset))
if len(mine) > 1 or ruleset.is_keizer:
    st.subheader(
        tr("app.player.over_season" if ruleset.is_keizer else "app.player.place_over_season")
    )
    drawn = charts.player_charts(mine, playerview.chart_labels(run), ruleset.is_keizer, run.lang)
    for name, chart in zip(("place", "value"), drawn, strict=False):
        st.vega_lite_chart(
            spec=charts.spec_with_data(chart),
            width="stretch",
            key=f"pp_{name}_{cid}_{cycle}_{pid}",
        )

# "Waarom veranderde mijn score?" (issue 10, item 2)
explanation.render(run, pid, cycle)
