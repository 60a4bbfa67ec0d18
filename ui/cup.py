"""The knock-out cup (MG-7, MG-8) as its bracket, on the Winnaars page and in the Ranglijst
(issue 22 item 5: a cup is won in the final, never shown as a points ladder): the rounds
with who played whom, the result, who went through and why, the byes and who stayed in
while away; the draw's seed in a details line under the round, not in its heading."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from compcore.present.winners_report import cup_status
from compcore.services.vocabulary import Bracket
from ui import device, links, tables
from ui.markdown import md
from ui.state import Ctx
from ui.tables import result_label


def show(run: Ctx, cup: Bracket) -> None:
    """The cup's status (its winner, or who is still in), then round by round. On a phone
    the table is the pairings and results (three columns fit 390 px); who went through and
    why go under it, where a long reason wraps."""
    tr, name = run.tr, run.name
    phone = device.on_phone()
    st.subheader(tr("cup.title"))
    (st.success if cup.winner else st.info)(md(cup_status(cup, run.lang, run.names())))
    for rnd in cup.rounds:
        st.markdown(f"**{tr('cup.round', round=rnd.number)}**")
        if rnd.ties:
            white, black = tr("app.col.white"), tr("app.col.black")
            rows = []
            for tie in rnd.ties:
                row = {  # a name opens the player's page (issue 10, item 1)
                    white: links.player_url(run, tie.white, name(tie.white)),
                    black: links.player_url(run, tie.black, name(tie.black)),
                    tr("app.col.result"): result_label(
                        tie.result.value if tie.result else None, run.lang
                    ),
                }
                if not phone:  # a phone: who went through and why under the table
                    row[tr("cup.through")] = name(tie.through) if tie.through else "—"
                    row[tr("cup.why")] = tie.why.text(run.lang, run.names())
                rows.append(row)
            tables.dataframe(
                pd.DataFrame(rows),
                hide_index=True,
                width="stretch",
                column_config={c: links.name_column(c) for c in (white, black)},
            )
            if phone:
                st.caption(
                    "  \n".join(
                        f"{md(name(tie.white))} - {md(name(tie.black))}: "
                        f"{md(tie.why.text(run.lang, run.names()))}"
                        for tie in rnd.ties
                    )
                )
        if rnd.byes:
            st.caption(f"{tr('cup.byes')}: {', '.join(md(name(p)) for p in rnd.byes)}")
        if rnd.away:
            st.caption(f"{tr('cup.away')}: {', '.join(md(name(p)) for p in rnd.away)}")
        if rnd.seed is not None:  # a details line: who wants to redo the draw
            st.caption(tr("cup.draw_line", seed=rnd.seed))
