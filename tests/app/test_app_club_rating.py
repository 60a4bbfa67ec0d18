"""The Clubrating page (issue 13 item 3) in AppTest: the list and the trend of the club
rating, read by an anonymous member and by the director (who has no controls here), in Dutch
and English; the list is the one ``compcore.scoring.club_rating`` computes from the stored season."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest

from compcore.adapters.access import auth
from compcore.adapters.store import Store
from compcore.rules.rulesets import ruleset_of
from compcore.scoring.club_rating import club_ratings
from tests.app.test_app_support import DIRECTOR_HASH, PASSWORD, app, texts

pytestmark = pytest.mark.usefixtures("steady_app")


def open_page(cid: int, lang: str = "nl", director: bool = False) -> Any:
    at = app()
    at.session_state["lang"] = lang
    at.session_state["competition"] = cid
    if director:
        at.session_state["director"] = auth.login(PASSWORD, DIRECTOR_HASH)
    at.run()
    at.switch_page("pages/club_rating.py").run()
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    return at


def expected(path: Path, cid: int) -> Any:
    season = Store(path).load(cid)
    return season, club_ratings(season, ruleset_of(season))


@pytest.mark.parametrize("competition", ["Ladder", "AB"])
def test_member_sees_the_list_after_the_last_round(club_db, competition) -> None:
    """Every non-engine player once, in the computed order with the computed ratings; the
    settings (K 20 by default) are said above the list; no widget writes anything."""
    path, ids = club_db
    cid = ids[competition]
    season, ratings = expected(path, cid)
    at = open_page(cid)
    assert at.title[0].value == "Clubrating"
    frame = at.dataframe[0].value
    assert list(frame.columns) == ["Pl", "Naam", "Clubrating", "Partijen", "Verschil",
                                   "Voorlopig"]  # fmt: skip
    names = {p.id: p.name for p in season.players}
    latest = ratings.latest
    assert list(frame["Naam"]) == [names[r.player] for r in latest.rows]
    assert list(frame["Clubrating"]) == [r.rating for r in latest.rows]
    assert list(frame["Pl"]) == list(range(1, len(latest.rows) + 1))
    assert "K = 20" in texts(at)
    assert not at.main.button and not at.main.form_submit_button
    assert at.selectbox(key=f"cr_round_{cid}").value == season.last_played


def test_an_earlier_round_and_english(club_db) -> None:
    """Choosing "after round 1" shows that list (games 0 or 1 each); in English the
    headers and the title of the choice are English."""
    path, ids = club_db
    cid = ids["Ladder"]
    _, ratings = expected(path, cid)
    at = open_page(cid)
    at.selectbox(key=f"cr_round_{cid}").set_value(1).run()
    assert not at.exception
    frame = at.dataframe[0].value
    assert list(frame["Clubrating"]) == [r.rating for r in ratings.after(1).rows]
    assert set(frame["Partijen"]) <= {0, 1}
    at = open_page(cid, lang="en")
    assert list(at.dataframe[0].value.columns)[:3] == ["#", "Name", "Club rating"]
    options = at.selectbox(key=f"cr_round_{cid}").options
    assert options[0].startswith("Club rating before the first round")
    assert options[-1] == f"Club rating after round {len(options) - 1}"


def test_the_trend_of_the_chosen_players(club_db) -> None:
    """By default the top five of the list are chosen and drawn, one line each over the
    rounds 0 (initial) to the last; choosing none shows a hint instead of a chart."""
    path, ids = club_db
    cid = ids["Ladder"]
    season, ratings = expected(path, cid)
    at = open_page(cid)
    who = at.multiselect(key=f"cr_who_{cid}")
    assert who.value == [r.player for r in ratings.latest.rows[:5]]
    (chart,) = at.get("vega_lite_chart")
    spec = json.loads(chart.proto.spec)
    assert spec["encoding"]["y"]["field"] == "rating"
    assert spec["encoding"]["color"]["field"] == "player"
    drawn = pa.ipc.open_stream(chart.proto.datasets[0].data.data).read_pandas()
    names = {p.id: p.name for p in season.players}
    # 5 players x 4 lists (before round 1, after rounds 1-3)
    assert len(drawn) == 5 * len(ratings.lists) == 20
    top = ratings.latest.rows[0].player
    line = drawn[drawn["player"] == names[top]]
    assert list(zip(line["round"], line["rating"], strict=True)) == list(ratings.history(top))
    who.set_value([]).run()
    assert not at.get("vega_lite_chart")
    assert "Kies een of meer spelers" in texts(at)


def test_the_director_sees_the_same_read_only_page(club_db) -> None:
    path, ids = club_db
    cid = ids["Ladder"]
    _, ratings = expected(path, cid)
    at = open_page(cid, director=True)
    assert list(at.dataframe[0].value["Clubrating"]) == [r.rating for r in ratings.latest.rows]
    assert not at.main.form_submit_button
