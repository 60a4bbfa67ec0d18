"""Overzicht / Overview: the club's competitions, the next round and the current leaders."""

import pandas as pd
import streamlit as st

from compcore.present import reports
from compcore.present.dates import day_text
from compcore.present.winners_report import cup_status
from compcore.services import competitions, reading
from compcore.services import round as rs
from ui import evenings, links, scope, state, tables
from ui.markdown import md
from ui.state import COMPETITION_KEY

run = state.ctx()
tr = run.tr
st.title(tr("app.overview.title"))
st.caption(tr("app.overview.intro"))
state.require_competition(run)


def choose(cid: int) -> None:
    st.session_state[COMPETITION_KEY] = cid


# a server of several clubs (issue 21 item 3): one club at a time, the chosen competition's first
clubs = competitions.clubs(run.competitions)
shown = run.competitions
if len(clubs) > 1:
    here = run.info.club if run.info is not None else clubs[0]
    club = st.selectbox(tr("app.overview.club", count=len(clubs)), clubs, index=clubs.index(here))
    shown = [c for c in run.competitions if c.club == club]

# the newest season of each club is "current"; older seasons are listed below
current = competitions.current(shown)

columns = st.columns(2)
for i, info in enumerate(current):
    season = run.season_of(info.id)
    ruleset = run.ruleset_of(info.id)
    with columns[i % 2].container(border=True):
        st.markdown(f"#### {md(info.competition)}")
        description = (
            ruleset.description_nl
            if run.lang == "nl" and ruleset.description_nl
            else ruleset.description
        )
        st.caption(f"{md(info.club)} · {md(info.season)} · {md(description)}")
        last = season.rounds[-1] if season.rounds else None
        stage = rs.stage(season, last.number) if last else "new"
        names = season.names()
        cup = reading.shown_bracket(season, ruleset)
        if cup is not None and cup.over:  # MG-7: one player left, no next round
            winner = names.get(cup.winner, "—") if cup.winner else "—"
            st.markdown(tr("cup.over_overview", round=cup.over_after, player=md(winner)))
        elif last is None or stage == "complete":
            number = last.number + 1 if last else 1
            st.markdown(tr("app.overview.next", number=number))
        elif stage == "open":
            present = len(last.present or ())
            day = f" ({day_text(last.date, run.lang, weekday=True)})" if last.date else ""
            st.markdown(tr("app.overview.next_open", number=last.number, date=day, present=present))
        else:
            done = sum(1 for g in last.games or () if g.result is not None)
            st.markdown(tr("app.overview.playing", number=last.number, done=done,
                           total=len(last.games or ())))  # fmt: skip
        if cup is not None:  # a knock-out has no fixed number of rounds, and no leaders
            st.markdown(tr("cup.played", played=info.rounds_played, players=info.players))
            st.markdown(md(cup_status(cup, run.lang, names)))
        else:
            st.markdown(tr("app.overview.played", played=info.rounds_played,
                           total=ruleset.total_rounds, players=info.players))  # fmt: skip
        if info.rounds_played and cup is None:
            table = run.standings_of(info.id)
            where = scope.caption(run, ruleset, table)
            st.markdown(f"**{tr('app.overview.leaders')}** ({where})")
            for row in table.rows[:3]:  # a name opens the player's page (issue 10, item 1)
                score = reports.cell(row, "score", ruleset.display_decimals, run.lang)
                links.page_link(run, row.player, f"{row.rank}. {md(row.name)} — {score}", info)
        if st.button(tr("app.overview.open_standings"), key=f"ov_{info.id}",
                     on_click=choose, args=(info.id,)):  # fmt: skip
            st.switch_page("pages/standings.py")
        evenings.download(run, info.id, season, ruleset)  # the evenings in a calendar (.ics)

older = competitions.older(shown)
archive = competitions.archived(shown)
for heading, listed in (("app.overview.older", older), ("app.overview.archive", archive)):
    if not listed:
        continue
    with st.expander(tr(heading, count=len(listed))):
        tables.dataframe(
            pd.DataFrame(
                [
                    {
                        tr("app.col.competition"): c.competition,
                        tr("app.col.club"): c.club,
                        tr("app.col.season"): c.season,
                        tr("app.col.preset"): c.preset,
                        tr("app.col.rounds"): c.rounds_played,
                        tr("app.col.players"): c.players,
                    }
                    for c in listed
                ]
            ),
            hide_index=True,
            width="stretch",
        )

with st.expander(tr("app.overview.presets")):
    for name, text in reading.preset_descriptions(run.lang):
        st.markdown(f"- **{name}**: {text}")
