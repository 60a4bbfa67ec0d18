"""Clubrating (issue 13 item 3): the club's Elo-style rating from the games played over the
board, as a list after a chosen round (place, name, rating, games, change, provisional) and
as a trend of the chosen players. Anyone can read it; nothing is written."""

import streamlit as st

from compcore.present.club_rating_report import settings_text, title
from compcore.services import reading
from ui import charts, club_rating, context, state, tables

run = state.ctx()
tr = run.tr
st.title(tr("rating.title"))
here = context.page(run)
season, ruleset = run.season(), run.ruleset()
cid = here.cid
if not season.players:
    st.info(tr("rating.no_players"))
    st.stop()
st.caption(settings_text(ruleset.club_rating, run.lang))
ratings = reading.club_ratings(season, ruleset)
rounds = [lst.after_round for lst in ratings.lists]
after = st.selectbox(
    tr("rating.at_round"), rounds, index=len(rounds) - 1, key=f"cr_round_{cid}",
    format_func=lambda n: title(ratings.after(n), run.lang),
)  # fmt: skip
chosen = ratings.after(after if after is not None else rounds[-1])
names = run.names()
tables.dataframe(club_rating.list_frame(chosen, names, run.lang), hide_index=True, width="stretch")

st.subheader(tr("rating.trend"))
order = [row.player for row in ratings.latest.rows]
picked = st.multiselect(
    tr("rating.choose"), order, default=order[:5], key=f"cr_who_{cid}",
    format_func=run.name, help=tr("rating.choose_help"),
)  # fmt: skip
if picked:
    frame = club_rating.trend_frame(ratings, picked, names)
    chart = charts.spec_with_data(club_rating.trend_chart(frame, run.lang))
    st.vega_lite_chart(spec=chart, width="stretch")
else:
    st.info(tr("rating.none_chosen"))
