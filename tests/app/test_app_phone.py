"""Phone and daily use (issue 9, item 8): the standings' compact columns per preset, the
phone recognised by its browser, and the "Alle kolommen" switch in AppTest."""

from __future__ import annotations

import json

import pytest

from compcore.lab import synthetic
from compcore.rules.rulesets import ruleset_of
from compcore.scoring.standings import standings
from tests.app.test_app_support import app, open_page, shown
from ui import device, tables

pytestmark = pytest.mark.usefixtures("steady_app")

IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like"
    " Gecko) Version/17.0 Mobile/15E148 Safari/604.1"
)
ANDROID = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko)"
    " Chrome/125.0 Mobile Safari/537.36"
)
IPAD = (
    "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko)"
    " Version/17.0 Safari/604.1"
)
LAPTOP = (
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0"
    " Safari/537.36"
)


@pytest.mark.parametrize(
    ("preset", "compact"),
    [
        ("dubbelschaak", ("rank", "name", "score", "value")),  # Keizer: KC-14's value
        ("keizer-classic", ("rank", "name", "score", "value")),
        ("ladder-ab", ("rank", "name", "score", "wins")),  # LA-10: wins first
        ("princenpaard", ("rank", "name", "score", "sonneborn-berger")),  # PP-6: SB first
        ("magnus-senior", ("rank", "name", "score", "value")),  # MG: Keizer too
        ("magnus-youth", ("rank", "name", "score")),  # only the initial order: no column
    ],
)
def test_the_compact_columns_come_from_the_ruleset(preset, compact):
    season = synthetic.season(preset, n_players=6, n_rounds=2, seed=1)
    table = standings(season, ruleset_of(season))
    assert tables.compact_columns(table, ruleset_of(season)) == compact
    assert set(compact) < set(table.columns)  # the rest is behind "Alle kolommen"


def test_a_phone_is_known_by_its_browser():
    assert device.is_phone(IPHONE) and device.is_phone(ANDROID)
    assert not device.is_phone(IPAD) and not device.is_phone(LAPTOP)
    assert not device.is_phone(None) and not device.is_phone("")


def test_all_columns_is_one_tap_away(club_db):
    """Without a phone's browser (AppTest sends none) the standings show every column; the
    switch "Alle kolommen" off leaves the Keizer ladder's Pl, Naam, Punten and Wa and the
    A/B ladder's Pl, Naam, Punten and Winst (LA-10), still as numbers with Dutch commas,
    with the place change (±Pl, issue 10 item 3) next to the place."""
    _, ids = club_db
    at = app()
    at.session_state["competition"] = ids["Ladder"]
    at.run()
    at.switch_page("pages/standings.py").run()
    assert not at.exception
    full = list(at.dataframe[0].value.columns)
    assert len(full) > 4 and at.toggle(key=f"st_all_{ids['Ladder']}").value is True
    at.toggle(key=f"st_all_{ids['Ladder']}").set_value(False).run()
    assert list(at.dataframe[0].value.columns) == ["Pl", "±Pl", "Naam", "Punten", "Wa"]
    assert "," in shown(at.dataframe[0])["Punten"].iloc[0]
    at.sidebar.selectbox(key="competition").select(ids["AB"]).run()
    at.toggle(key=f"st_all_{ids['AB']}").set_value(False).run()
    assert list(at.dataframe[0].value.columns) == ["Pl", "±Pl", "Naam", "Punten", "Winst"]


def test_a_phones_tables_pin_their_first_columns_and_a_tapped_name_opens_the_player(
    club_db, monkeypatch
):
    """Issue 22 item 5: on a phone the standings pin Pl, ±Pl and Naam (the rest scrolls),
    in widths that fit 390 px; a table without pins of its own gets its first columns
    pinned (the Spelers roster: Id, Naam); a name cell answers a tap (one cell selected:
    tests/browser/test_browser_phone.py taps it and sees the player's page)."""
    _, ids = club_db
    monkeypatch.setattr(device, "on_phone", lambda: True)
    at = open_page("standings", ids["Ladder"])
    table = at.dataframe[0]
    config = json.loads(table.proto.columns)
    assert list(table.value.columns) == ["Pl", "±Pl", "Naam", "Punten", "Wa"]
    assert [c for c, v in config.items() if v.get("pinned")] == ["Pl", "±Pl", "Naam"]
    assert config["Pl"]["width"] == 40 and config["Punten"]["width"] == 64
    assert "width" not in config["Naam"]  # as wide as the longest name: never cut
    assert len(table.proto.selection_mode) == 1  # one cell: the tap
    roster = json.loads(open_page("players", ids["Ladder"]).dataframe[0].proto.columns)
    assert [c for c, v in roster.items() if v.get("pinned")] == ["Id", "Naam"]
