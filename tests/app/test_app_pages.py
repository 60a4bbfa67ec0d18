"""Every page of the app in AppTest, as an anonymous member: no exception, the key content,
both languages, no write widgets; configuration and the first start."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from compcore.adapters.files import season_file
from compcore.adapters.store import Store
from compcore.i18n import catalog
from compcore.present import reports
from compcore.rules.rulesets import ruleset_of
from compcore.scoring.standings import standings
from tests.app.test_app_support import (
    ALL_PAGES,
    DIRECTOR_HASH,
    app,
    copy_db,
    shown,
    small_seasons,
    texts,
)
from ui import config

pytestmark = pytest.mark.usefixtures("steady_app")

PAGES = ALL_PAGES

#: widget keys that change data; none may exist for an anonymous user
WRITE_KEYS = ("pair", "publish", "undo", "finalize", "csv_import", "do_import_season",
              "decision", "player_", "ruleset_", "attendance_", "results_")  # fmt: skip


@pytest.fixture
def db(club_db) -> tuple[Path, dict[str, int]]:
    return club_db


def open_page(page: str, competition: int | None = None, lang: str = "nl"):
    at = app()
    at.session_state["lang"] = lang
    if competition is not None:
        at.session_state["competition"] = competition
    at.run()
    if page != "overview":
        at.switch_page(f"pages/{page}.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def write_widgets(at) -> list[str]:
    keys = []
    for kind in ("button", "form_submit_button", "text_input", "selectbox", "file_uploader",
                 "text_area", "multiselect", "number_input"):  # fmt: skip
        for widget in getattr(at.main, kind):
            key = widget.key or ""
            if any(marker in key for marker in WRITE_KEYS) or kind == "form_submit_button":
                keys.append(key or widget.label)
    return keys


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("competition", ["Ladder", "AB"])
def test_every_page_renders_read_only(db, page, competition):
    _, ids = db
    at = open_page(page, ids[competition])
    assert at.title, page
    assert write_widgets(at) == [], page
    assert not at.error, [e.value for e in at.error]
    # a missing value (no withdrawal round, no rating) is an empty cell, never Streamlit's
    # English "None" on a Dutch screen
    assert all(t.proto.HasField("placeholder") and t.proto.placeholder == "" for t in at.dataframe)


def test_overview_shows_next_round_and_leaders(db):
    at = open_page("overview")
    text = texts(at)
    assert "Koplopers" in text
    assert "Volgende ronde: **4**" in text
    assert "Cyclus 0" in text  # the Keizer ladder restarts per cycle (DS-17)


def test_standings_columns_follow_the_preset_in_both_languages(db):
    _, ids = db
    at = open_page("standings", ids["Ladder"])
    frame = at.dataframe[0].value
    # KC-14 words, the place change next to the place and the points gained next to the
    # points (issue 10, item 3)
    assert list(frame.columns[:6]) == ["Pl", "±Pl", "Naam", "Punten", "Erbij", "Wa"]
    assert "Kl" in frame.columns and "Nbs" in frame.columns
    assert "," in shown(at.dataframe[0])["Punten"].iloc[0]  # Dutch decimal comma
    assert "stand na ronde 3" in texts(at)
    at = open_page("standings", ids["Ladder"], lang="en")
    frame = at.dataframe[0].value
    assert list(frame.columns[:6]) == ["#", "±#", "Name", "Points", "Gained", "Value"]
    assert "." in shown(at.dataframe[0])["Points"].iloc[0]
    at = open_page("standings", ids["AB"])
    assert "Wa" not in at.dataframe[0].value.columns  # a points ladder has no value column
    assert "Winst" in at.dataframe[0].value.columns  # LA-10's tie-break is shown


def test_standings_after_an_earlier_round_and_csv(db):
    _, ids = db
    at = open_page("standings", ids["AB"])
    at.select_slider(key=f"st_after_{ids['AB']}_None").set_value(2).run()
    assert not at.exception
    assert "stand na ronde 2" in texts(at)
    download = at.download_button(key="standings_csv")
    assert download.proto.label == "Ranglijst als CSV"


def test_how_the_standings_were_computed(db):
    _, ids = db
    at = open_page("standings", ids["Ladder"])
    assert "Methode: herberekend met de vorige ranglijst" in texts(at)  # DS-8


def test_trends_charts_are_built_from_the_snapshots(db):
    _, ids = db
    at = open_page("trends", ids["Ladder"])
    specs = [json.loads(chart.proto.spec) for chart in at.get("vega_lite_chart")]
    assert len(specs) == 3  # value, rank and score for a Keizer preset
    grey, chosen = specs[1]["layer"]  # everyone in grey, the chosen players in colour
    for layer in (grey, chosen):
        x, y = layer["encoding"]["x"], layer["encoding"]["y"]
        assert (x["field"], x["type"], y["field"], y["type"]) == (
            "round",
            "ordinal",
            "rank",
            "ordinal",
        )
    assert len(chosen["encoding"]["color"]["scale"]["domain"]) == 3  # the top 3 by default
    at = open_page("trends", ids["AB"])
    assert len(at.get("vega_lite_chart")) == 2  # no value chart for a points ladder


def test_winners_and_languages(db):
    _, ids = db
    at = open_page("winners", ids["Ladder"])
    text = texts(at)
    assert "Cycluswinnaars per ratingcategorie" in text  # DS-18
    assert "Nog niet beslist" in text  # DS-19: the season is running
    at = open_page("winners", ids["AB"], lang="en")
    assert "Top 3 of level B" in texts(at)  # LA-11


def test_round_page_for_members_shows_no_pairing_before_it_is_published(db):
    """A member lands on round 3, the newest round with boards (item 8 of issue 9), not on
    the new round 4; round 4 shows nothing before it is published."""
    _, ids = db
    at = open_page("round", ids["AB"])
    assert at.selectbox(key=f"round_no_{ids['AB']}").value == 3
    sheet = at.dataframe[0].value
    assert list(sheet.columns) == ["Bord", "Wit", "Zwart", "Uitslag"]
    at.selectbox(key=f"round_no_{ids['AB']}").select(4).run()
    assert not at.exception
    assert "nog niet gepubliceerd" in texts(at)


def test_settings_show_the_preset_source_and_the_log(db):
    _, ids = db
    at = open_page("settings", ids["Ladder"])
    codes = [c.value for c in at.code]
    assert any('name = "dubbelschaak"' in c for c in codes)
    log = at.dataframe[0].value
    assert "competitie geïmporteerd" in set(log.iloc[:, 2])  # the action import, in words


def test_language_switch_in_the_sidebar(db):
    at = open_page("overview")
    assert "Koplopers" in texts(at)
    at.sidebar.button_group(key="lang").set_value("en").run()
    assert not at.exception
    assert "Leaders" in texts(at)
    assert (
        at.title[0].value == "Overview of the competitions"
    )  # not a competition's name (issue 22)


def test_app_words_exist_in_both_languages():
    nl, en = catalog("nl"), catalog("en")
    app_keys = {k for k in nl if k.startswith("app.")}
    assert app_keys == {k for k in en if k.startswith("app.")}
    assert len(app_keys) > 200


# --------------------------------------------------------------------------- configuration


def test_read_only_without_a_director_hash(db, monkeypatch):
    monkeypatch.delenv("COMPCORE_DIRECTOR_HASH")
    at = open_page("overview")
    assert "Alleen lezen" in "\n".join(i.value for i in at.sidebar.info)
    assert not at.sidebar.text_input  # no password field at all


def test_a_malformed_hash_is_reported_and_read_only(db, monkeypatch):
    monkeypatch.setenv("COMPCORE_DIRECTOR_HASH", "not-a-hash")
    at = open_page("overview")
    assert any("ongeldig" in e.value for e in at.sidebar.error)
    assert not at.sidebar.text_input


def test_database_path_from_the_secrets(template_db, tmp_path, monkeypatch):
    path, _ = template_db
    target = copy_db(path, tmp_path / "from-secrets.duckdb")
    monkeypatch.delenv("COMPCORE_DB", raising=False)
    monkeypatch.delenv("COMPCORE_DIRECTOR_HASH", raising=False)
    at = app()
    at.secrets["db_path"] = str(target)
    at.secrets["director_hash"] = DIRECTOR_HASH
    at.run()
    assert not at.exception
    assert "Koplopers" in texts(at)
    assert at.sidebar.text_input(key="password")  # the hash from the secrets enables login


def test_environment_wins_over_secrets(monkeypatch, tmp_path):
    monkeypatch.setenv("COMPCORE_DB", "elsewhere/club.duckdb")
    assert config.db_address() == config.APP_DIR / "elsewhere" / "club.duckdb"
    # a PostgreSQL URL stays text (a host's database: never a missing file)
    monkeypatch.setenv("COMPCORE_DB", " postgresql://compcore@db/clubs ")
    assert config.db_address() == "postgresql://compcore@db/clubs"
    assert not config.missing_file(config.db_address())
    monkeypatch.delenv("COMPCORE_DB")
    assert config.db_address() == config.DEFAULT_DB


def test_first_start_imports_the_demo_seasons(tmp_path, monkeypatch):
    demo = tmp_path / "demo"
    demo.mkdir()
    for season in small_seasons():
        season_file.dump(season, demo / f"{season.competition.lower()}.json")
    monkeypatch.setattr(config, "DEMO_DIR", demo)
    target = tmp_path / "new" / "club.duckdb"
    monkeypatch.setenv("COMPCORE_DB", str(target))
    monkeypatch.setenv("COMPCORE_CREATE", "1")  # not the default path: creating is asked for
    monkeypatch.delenv("COMPCORE_DIRECTOR_HASH", raising=False)
    at = app().run()
    assert not at.exception
    assert target.exists()
    store = Store(target)
    assert sorted(c.competition for c in store.competitions()) == ["AB", "Ladder"]
    assert {e.actor for e in store.log()} >= {"administrator:first-start"}
    assert "2 demoseizoenen geladen" in "\n".join(c.value for c in at.sidebar.caption)
    assert "worden geladen" not in texts(at)  # the run started again once they were in
    assert "Koplopers" in texts(at)  # the overview with them
    # a second start does not import again
    again = app().run()
    assert not again.exception
    assert len(Store(target).competitions()) == 2


def test_overview_button_opens_the_standings_of_that_competition(db):
    _, ids = db
    at = open_page("overview")
    at.button(key=f"ov_{ids['Ladder']}").click().run()
    assert not at.exception
    assert at.title[0].value == "Ranglijst"
    assert at.session_state["competition"] == ids["Ladder"]
    assert "Ladder · 2025-2026 · Testclub" in texts(at)


def test_numeric_columns_sort_as_numbers_and_show_dutch_commas(db):
    """Item 8 (issue 9): 'Punten' sorted as text puts "9,5" above "12,0"; as numbers it
    does not. The standings' Pl, Punten and Wa are numeric columns (the Keizer ladder), and
    the cells still read as the command line writes them: Punten with a decimal comma,
    as the preset's 2 decimals (dubbelschaak has no display_decimals: the default 2). The
    roster's rating is a number column as well."""
    _, ids = db
    at = open_page("standings", ids["Ladder"])
    frame, text = at.dataframe[0].value, shown(at.dataframe[0])
    for column in ("Pl", "Punten", "Wa"):
        assert pd.api.types.is_numeric_dtype(frame[column]), column
    assert pd.api.types.is_integer_dtype(frame["Pl"])
    assert list(frame["Pl"]) == sorted(frame["Pl"])
    first = frame["Punten"].iloc[0]
    assert text["Punten"].iloc[0] == f"{first:.2f}".replace(".", ",")  # 25.5 -> "25,50"
    assert "." not in "".join(text["Punten"])
    at = open_page("players", ids["Ladder"])
    assert pd.api.types.is_integer_dtype(at.dataframe[0].value["Rating"])


def test_every_standings_cell_reads_as_the_command_line_writes_it(db):
    """The numbers behind the table are for sorting; each cell's text is still
    ``reports.cell`` (rounding, decimal comma, "+1" colour balance, empty percentage)."""
    path, ids = db
    store = Store(path)
    season = store.load(ids["AB"])
    ruleset = ruleset_of(season)
    table = standings(season, ruleset)
    at = open_page("standings", ids["AB"])
    text = shown(at.dataframe[0])
    for i, row in enumerate(table.rows):
        for column in table.columns:
            want = reports.cell(row, column, ruleset.display_decimals, "nl")
            got = text[reports.header(column, "nl")].iloc[i]
            assert got == want or (column == "name" and got.startswith(want)), (column, i)


def test_every_menu_page_is_walked():
    """ALL_PAGES (the list the page tests walk) is every file under pages/ but the member's
    own sign-off page: a new page is walked by every page test, or this fails."""
    folder = Path(__file__).resolve().parents[2] / "pages"
    assert set(ALL_PAGES) == {p.stem for p in folder.glob("*.py")} - {"signoff"}
    assert len(ALL_PAGES) == len(set(ALL_PAGES))
