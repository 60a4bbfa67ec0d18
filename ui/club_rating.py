"""The Clubrating page's pieces (issue 13 item 3): the list as a table and the trend of
the chosen players as an Altair line chart, from :mod:`compcore.scoring.club_rating`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import altair as alt
import pandas as pd

from compcore.i18n import Lang, t
from compcore.present.club_rating_report import signed
from compcore.services.vocabulary import ClubRatings, RatingList
from ui.charts import AXIS_TEXT, LEGEND_TEXT

#: the table's columns, in order (their headers are ``rating.col.<name>``)
COLUMNS = ("place", "name", "rating", "games", "change", "provisional")


def list_frame(ratings: RatingList, names: Mapping[str, str], lang: Lang) -> pd.DataFrame:
    """One row per player: place, name, rating, games, the change as "+14" and the
    provisional mark; headers in ``lang``."""
    mark = t("rating.provisional_mark", lang)
    rows = [
        (place, names.get(r.player, r.player), r.rating, r.games, signed(r.change),
         mark if r.provisional else "")
        for place, r in enumerate(ratings.rows, start=1)
    ]  # fmt: skip
    return pd.DataFrame(rows, columns=[t(f"rating.col.{c}", lang) for c in COLUMNS])


def trend_frame(
    ratings: ClubRatings, players: Sequence[str], names: Mapping[str, str]
) -> pd.DataFrame:
    """round (0: the initial rating), player (name) and rating of the chosen players."""
    rows = [
        {"round": after, "player": names.get(pid, pid), "rating": rating}
        for pid in players
        for after, rating in ratings.history(pid)
    ]
    return pd.DataFrame(rows, columns=["round", "player", "rating"])


def trend_chart(frame: pd.DataFrame, lang: Lang) -> alt.Chart:
    """The chosen players' club rating per round, one colour each, names in full below."""
    player, rnd, rating = (
        t("rating.col.name", lang), t("rating.col.round", lang), t("rating.col.rating", lang)
    )  # fmt: skip
    legend = alt.Legend(orient="bottom", columns=2, labelLimit=0, title=player, **LEGEND_TEXT)
    y_axis = alt.Axis(format="d", **AXIS_TEXT)
    chart: alt.Chart = (
        alt.Chart(frame)
        .mark_line(point=alt.OverlayMarkDef(size=30))
        .encode(
            x=alt.X("round:O", title=rnd, axis=alt.Axis(labelAngle=0, **AXIS_TEXT)),
            y=alt.Y("rating:Q", title=rating, scale=alt.Scale(zero=False), axis=y_axis),
            color=alt.Color("player:N", legend=legend, scale=alt.Scale(scheme="tableau10")),
            tooltip=[
                alt.Tooltip("player:N", title=player),
                alt.Tooltip("round:O", title=rnd),
                alt.Tooltip("rating:Q", title=rating),
            ],
        )
        .properties(height=300, autosize=alt.AutoSizeParams(type="fit-x", contains="padding"))
    )
    return chart
