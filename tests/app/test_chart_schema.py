"""The player page's and the club rating's charts are valid Vega-Lite.

The pages send them unchecked (``charts.spec_with_data``: ``st.altair_chart`` would load
Vega-Lite's JSON schema into the server, 3-4 MB, and check every chart on every script run;
issue 19, memory), so the check is here: Altair's ``to_dict()`` validates against the
schema and raises on a chart it does not describe."""

from __future__ import annotations

import altair as alt
import pandas as pd
import pytest

from compcore.i18n import Lang
from ui import charts, club_rating


def frame() -> pd.DataFrame:
    return pd.DataFrame(
        {"round": [1, 2, 3], "rank": [4, 2, 1], "score": [10, 21, 33], "value": [30, 35, 40]}
    )


@pytest.mark.parametrize("keizer", [True, False])
def test_the_player_chart_is_valid_vega_lite(keizer: bool) -> None:
    labels = {"round": "Ronde", "rank": "Plaats", "value": "Waarde", "score": "Score"}
    drawn = charts.player_charts(frame(), labels, keizer)
    assert len(drawn) == (2 if keizer else 1)  # place, and (Keizer) value under it
    for chart in drawn:
        spec = chart.to_dict()  # validates
        assert spec["mark"]["type"] == "line"
        sent = charts.spec_with_data(chart)
        assert "config" not in sent
        assert all(isinstance(data, bytes) for data in sent["datasets"].values())


def test_a_broken_chart_is_refused_by_the_check() -> None:
    with pytest.raises(alt.utils.schemapi.SchemaValidationError, match="orient"):
        axis = alt.Axis(orient="up")  # not a side of the chart
        alt.Chart(frame()).mark_line().encode(x=alt.X("round:Q", axis=axis)).to_dict()


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_the_club_rating_chart_is_valid_vega_lite(lang: Lang) -> None:
    rows = pd.DataFrame(
        {
            "round": [0, 1, 0, 1],
            "player": ["An", "An", "Bo", "Bo"],
            "rating": [1500, 1510, 1600, 1590],
        }
    )
    spec = club_rating.trend_chart(rows, lang).to_dict()  # validates
    assert spec["encoding"]["y"]["field"] == "rating"
