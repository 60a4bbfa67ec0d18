"""The Clubrating page's pieces (issue 13 item 3): the list as a table and the trend of
the chosen players as a line chart (``ui.vega``), from :mod:`compcore.club_rating`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pandas as pd

from compcore.adapters.club_rating_report import signed
from compcore.club_rating import ClubRatings, RatingList
from compcore.i18n import Lang, t
from ui.vega import AUTOSIZE, SCHEMA, Chart, field

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


def trend_chart(frame: pd.DataFrame, lang: Lang) -> Chart:
    """The chosen players' club rating per round, one colour each, names in full below."""
    player, rnd, rating = (
        t("rating.col.name", lang), t("rating.col.round", lang), t("rating.col.rating", lang)
    )  # fmt: skip
    legend = {"orient": "bottom", "columns": 2, "labelLimit": 0, "title": player}
    spec = {
        "$schema": SCHEMA,
        "data": {"name": "ratings"},
        "mark": {"type": "line", "point": {"size": 30}},
        "encoding": {
            "x": field("round:O", title=rnd, axis={"labelAngle": 0}),
            "y": field("rating:Q", title=rating, scale={"zero": False}, axis={"format": "d"}),
            "color": field("player:N", legend=legend, scale={"scheme": "tableau10"}),
            "tooltip": [
                field("player:N", title=player),
                field("round:O", title=rnd),
                field("rating:Q", title=rating),
            ],
        },
        "height": 300,
        "autosize": AUTOSIZE,
    }
    return Chart(spec, {"ratings": frame})
