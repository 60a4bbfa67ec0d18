"""Ranglijst / Standings: per competition and cycle, after any round, with the preset's
columns and tie-breaks, how it was computed, and a CSV download."""

import streamlit as st

from compcore.adapters.files.csv_text import csv_bytes
from compcore.present import reports
from compcore.services import reading
from compcore.services.vocabulary import Format
from ui import context, cup, device, groups, links, pools_cup, printing, scope, state, tables
from ui.markdown import md

run = state.ctx()
tr = run.tr
st.title(tr("app.page.standings"))
here = context.page(run)
season, ruleset = run.season(), run.ruleset()
cid = here.cid
competition_format = reading.format_of(ruleset)
# a cup is won in the final, not on points: its bracket, never a ladder (issue 22 item 5)
if competition_format is Format.CUP:  # MG-7, MG-8
    cup.show(run, reading.cup_bracket(season, ruleset))
    st.stop()
if competition_format is Format.POOLS_CUP:  # DS-21: the pools, then the knock-out rounds
    pools_cup.show(run, season, ruleset, director_tools=False)
    st.stop()
if competition_format.scheduled:  # DS-16: the group table and its schedule, no ladder standings
    groups.show_group(run, season, ruleset)
    st.stop()
cycle, numbers = scope.played_rounds_of_cycle(run, "st")
after = state.linked_slider(run, tr("app.standings.after_round"), numbers, param=state.PARAM_ROUND,
                            key=f"st_after_{cid}_{cycle}", default=numbers[-1])  # fmt: skip
table = run.standings(after_round=after, cycle=cycle)
st.caption(scope.caption(run, ruleset, table))
phone = device.on_phone()
everything = st.toggle(tr("app.standings.all_columns"), value=not phone,
                       help=tr("app.standings.all_columns_help"), key=f"st_all_{cid}")  # fmt: skip
columns = tables.with_changes(
    table, table.columns if everything else tables.compact_columns(table, ruleset)
)
cycle_text = str(ruleset.cycle_label(table.cycle)) if table.cycle is not None else None
tables.dataframe(  # a name opens the player's page (issue 10, item 1)
    tables.standings_view(
        table,
        ruleset,
        run.lang,
        columns,
        link=lambda pid, name: links.player_url(run, pid, name, cycle_text),
    ),
    hide_index=True,
    column_config=tables.standings_columns(table, run.lang, columns, linked=True, phone=phone),
    width="stretch",
    height="content",
)
# on paper: the same columns as a real table (the canvas table is cut off)
printing.table(tables.standings_texts(table, ruleset, run.lang, columns))
if table.ties:
    with st.expander(tr("app.standings.ties")):
        st.markdown("\n".join(f"- {md(line)}" for line in tables.tie_lines(table, run.lang)))
with st.expander(tr("app.standings.legend")):
    st.markdown(
        "\n".join(
            f"- **{reports.header(c, run.lang)}**: {tr(f'app.colhelp.{c}')}"
            for c in tables.with_changes(table, table.columns)
        )
    )
with st.expander(tr("app.standings.how")):
    for line in tables.how_computed(table, run.lang, run.names()):
        st.markdown(f"- {md(line)}")
    tables.dataframe(tables.rounds_frame(table, run.lang), hide_index=True)
suffix = f"-cyclus-{ruleset.cycle_label(table.cycle)}" if table.cycle is not None else ""
csv_name = f"ranglijst{suffix}-ronde-{table.after_round}"
st.download_button(
    tr("app.standings.download"),
    reports.to_csv(table, ruleset, run.lang),
    file_name=f"{csv_name}.csv",
    mime="text/csv",
    key="standings_csv",
)
st.download_button(  # issue 18 item 6: ';', decimal comma, UTF-8 with a BOM
    tr("app.standings.download_excel"),
    csv_bytes(reports.to_csv(table, ruleset, run.lang, excel=True), excel=True),
    file_name=f"{csv_name}-excel.csv",
    mime="text/csv",
    help=tr("app.sheets.excel_help"),
    key="standings_excel",
)
