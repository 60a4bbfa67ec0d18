"""Issue 10, item 3 in the app: the standings' change columns (±Pl next to the place, also
on the phone; Erbij next to the points), the lines on why a tied player is ahead, and after
a KC-4 oscillation the value column with the values the scores were computed with. As an
anonymous member and as the director, in Dutch and English."""

from __future__ import annotations

from pathlib import Path

import pytest

from compcore.adapters.store import Store
from compcore.rules.rulesets import ruleset_of
from compcore.scoring.standings import standings
from tests.app.test_app_support import ADMIN, DIRECTOR_HASH, open_page, shown, texts
from tests.builders import load

pytestmark = pytest.mark.usefixtures("steady_app")


def _open(competition: int, lang: str = "nl", director: bool = False):
    """The standings page (test_app_support.open_page), the director checked logged in."""
    at = open_page("standings", competition, lang=lang, director=director)
    if director:
        assert at.session_state["director"] is not None
    return at


def _expected(path: Path, competition: int):
    season = Store(path).load(competition)
    return standings(season, ruleset_of(season))


def _arrow(places: int | None) -> str:
    if places is None:
        return "nieuw"
    return f"▲{places}" if places > 0 else f"▼{-places}" if places < 0 else "="


@pytest.mark.parametrize("director", [False, True])
def test_change_columns_and_tie_lines_as_compcore_computes_them(club_db, director):
    """The Keizer ladder (DS, 9 players, 3 rounds): ±Pl holds each row's place change as a
    number (sortable) and shows it as an arrow; Erbij the points gained with a sign and a
    Dutch comma; every tie of compcore's standings is one line under the table."""
    path, ids = club_db
    table = _expected(path, ids["Ladder"])
    at = _open(ids["Ladder"], director=director)
    frame, cells = at.dataframe[0].value, shown(at.dataframe[0])
    assert list(frame["±Pl"]) == [row.place_change for row in table.rows]
    assert list(cells["±Pl"]) == [_arrow(row.place_change) for row in table.rows]
    assert [float(v) for v in frame["Erbij"]] == [float(row.points_change) for row in table.rows]
    gained = [
        text for text, row in zip(cells["Erbij"], table.rows, strict=True) if row.points_change > 0
    ]
    assert gained and all(text.startswith("+") and "," in text for text in gained)
    assert table.ties, "the test season has players on equal points"
    page = texts(at)
    assert "Gelijke punten: waarom staat de een hoger?" in [e.label for e in at.expander]
    for reason in table.ties:
        assert reason.phrase.render("nl") in page


def test_in_english_and_on_the_phone_view(club_db):
    """English headers (±#, Gained) and lines; with "All columns" off the place change
    stays next to the place, the points gained go."""
    path, ids = club_db
    table = _expected(path, ids["AB"])
    at = _open(ids["AB"], lang="en")
    assert "Gained" in at.dataframe[0].value.columns
    page = texts(at)
    for reason in table.ties:
        assert reason.phrase.render("en") in page
    at.toggle(key=f"st_all_{ids['AB']}").set_value(False).run()
    assert list(at.dataframe[0].value.columns) == ["#", "±#", "Name", "Points", "Wins"]
    assert list(at.dataframe[0].value["±#"]) == [row.place_change for row in table.rows]


def test_after_an_oscillation_the_value_column_agrees_with_the_scores(tmp_path, monkeypatch):
    """The oscillating season of tests/unit/scoring/test_standings_change.py (keizer-classic, top 4,
    a-c and d-b drawn): the scores a 2, b 1½, c 1, d ½ were computed with the values a2 b1
    c4 d3, and Wa shows those; "Hoe is de ranglijst berekend?" gives the chosen ranking's
    own values a4 b3 c2 d1."""
    season, _ = load(
        "keizer-classic",
        "a b c d",
        [{"games": "a-c 1/2, d-b 1/2"}],
        overrides={"keizer": {"iterate_rounds": ["every"], "values": {"top": 4}}},
        competition="Schommel",
    )
    path = tmp_path / "club.duckdb"
    cid = Store(path).import_season(season, actor=ADMIN)
    monkeypatch.setenv("COMPCORE_DB", str(path))
    monkeypatch.setenv("COMPCORE_DIRECTOR_HASH", DIRECTOR_HASH)
    at = _open(cid)
    frame = at.dataframe[0].value
    names = shown(at.dataframe[0])["Naam"]  # the cell holds the player page's link
    assert dict(zip(names, frame["Wa"], strict=True)) == {"A": 2, "B": 1, "C": 4, "D": 3}
    assert list(shown(at.dataframe[0])["Punten"]) == ["2,00", "1,50", "1,00", "0,50"]
    assert (
        "de gekozen stand zelf geeft: A 4 (in de ranglijst 2), B 3 (in de ranglijst 1), "
        "C 2 (in de ranglijst 4), D 1 (in de ranglijst 3)" in texts(at)
    )
