"""The app's spreadsheet and calendar downloads (issue 18 items 6 and 7), in AppTest: the
bytes each download button carries. Ranglijst, Ronde and Spelers offer the plain CSV and the
CSV for Dutch Excel (the same bytes as ``compcore standings --excel``); Overzicht offers
every member each competition's club evenings as an ``.ics`` file."""

from __future__ import annotations

import io
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import icalendar
import pandas as pd
import pytest
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from compcore.adapters.files import players_csv
from compcore.adapters.store import Store
from compcore.cli import main as cli
from compcore.domain.model import Calendar
from tests.app.test_app_support import ADMIN, DIRECTOR_HASH, open_page, small_seasons, texts

pytestmark = pytest.mark.usefixtures("steady_app")

BOM = b"\xef\xbb\xbf"


@pytest.fixture
def downloads(monkeypatch) -> dict[str, tuple[str, object]]:
    """Every download button's file name and data by its key, as the page gave them
    (AppTest keeps only the label and the media URL); also buttons inside columns. Data
    the page makes on the click (a callable, as the calendar) is made here, as a click
    would."""
    kept: dict[str, tuple[str, object]] = {}
    original = DeltaGenerator.download_button
    main = st.download_button  # bound to the main area when streamlit was imported

    def recording(self, label, data, file_name=None, *args, **kwargs):  # type: ignore[no-untyped-def]
        kept[str(kwargs.get("key"))] = (str(file_name), data() if callable(data) else data)
        return original(self, label, data, file_name, *args, **kwargs)

    def recording_main(label, data, file_name=None, *args, **kwargs):  # type: ignore[no-untyped-def]
        kept[str(kwargs.get("key"))] = (str(file_name), data() if callable(data) else data)
        return main(label, data, file_name, *args, **kwargs)

    monkeypatch.setattr(DeltaGenerator, "download_button", recording)  # st.columns()[i]
    monkeypatch.setattr(st, "download_button", recording_main)
    return kept


def excel_frame(data: object) -> pd.DataFrame:
    assert isinstance(data, bytes) and data.startswith(BOM)
    return pd.read_csv(io.BytesIO(data), sep=";", decimal=",", encoding="utf-8-sig")


def test_the_standings_for_excel_are_the_command_line_s(club_db, downloads, capsysbinary):
    path, ids = club_db
    at = open_page("standings", ids["Ladder"])
    button = at.download_button(key="standings_excel")
    assert button.proto.label == "Ranglijst voor Excel"
    assert at.download_button(key="standings_csv").proto.label == "Ranglijst als CSV"
    name, data = downloads["standings_excel"]
    assert name == "ranglijst-cyclus-0-ronde-3-excel.csv"
    argv = ["standings", "--db", str(path), "--competition", "Ladder", "--excel"]
    assert cli.main(argv) == 0
    assert data == capsysbinary.readouterr().out  # the app and the command line agree
    frame = excel_frame(data)
    # DS-17: the cycle first; the Keizer scores are numbers with their fractions
    assert list(frame.columns[:4]) == ["Cyclus", "Pl", "Naam", "Punten"]
    assert frame["Punten"].dtype == float and frame["Punten"].is_monotonic_decreasing
    # the plain CSV beside it: commas and decimal points, read by any program
    _, plain = downloads["standings_csv"]
    assert isinstance(plain, str) and not plain.startswith("\ufeff")
    assert list(pd.read_csv(io.StringIO(plain))["Punten"]) == list(frame["Punten"])


def test_english_labels(club_db, downloads):
    _, ids = club_db
    at = open_page("standings", ids["AB"], lang="en")
    assert at.download_button(key="standings_excel").proto.label == "Standings for Excel"
    frame = excel_frame(downloads["standings_excel"][1])
    assert frame.columns[0] == "#" and "Points" in frame.columns


def test_the_pairing_sheet_for_excel(club_db, downloads):
    path, ids = club_db
    at = open_page("round", ids["AB"])
    at.selectbox(key=f"round_no_{ids['AB']}").select(3).run()
    assert not at.exception
    assert at.download_button(key="sheet_excel").proto.label == "Indeling voor Excel"
    name, data = downloads["sheet_excel"]
    assert name == "indeling-ronde-3-excel.csv"
    frame = excel_frame(data)
    games = Store(path).load(ids["AB"]).round(3).games or ()
    assert list(frame.columns) == ["Bord", "Wit", "Zwart", "Uitslag"]
    assert list(frame["Bord"]) == list(range(1, len(games) + 1))


def test_the_roster_for_excel_reads_back(club_db, downloads):
    path, ids = club_db
    at = open_page("players", ids["AB"], director=True)
    key = f"excel_out_{ids['AB']}"
    assert at.download_button(key=key).proto.label == "Spelerslijst voor Excel"
    name, data = downloads[key]
    assert name == "spelers-excel.csv" and isinstance(data, bytes) and data.startswith(BOM)
    parsed = players_csv.parse(data.decode("utf-8-sig"))
    season = Store(path).load(ids["AB"])
    assert parsed.ok and [p.id for p in parsed.players] == [p.id for p in season.players]


@pytest.fixture
def dated_db(tmp_path: Path, monkeypatch) -> tuple[Path, dict[str, int]]:
    """The two small seasons with dates: rounds 1-3 on Tuesdays 2, 9, 16 September 2025 and
    a planned calendar of five Tuesdays (so rounds 4 and 5 are still to play)."""
    tuesdays = [(date(2025, 9, 2) + timedelta(weeks=k)).isoformat() for k in range(5)]
    planned = Calendar("tuesday", (), tuple(tuesdays))
    db = tmp_path / "club.duckdb"
    ids = {}
    for season in small_seasons():
        rounds = tuple(replace(r, date=tuesdays[r.number - 1]) for r in season.rounds)
        dated = replace(season, rounds=rounds, calendar=planned)
        ids[season.competition] = Store(db).import_season(dated, actor=ADMIN)
    monkeypatch.setenv("COMPCORE_DB", str(db))
    monkeypatch.setenv("COMPCORE_DIRECTOR_HASH", DIRECTOR_HASH)
    return db, ids


def test_every_member_downloads_the_club_evenings_from_the_overview(dated_db, downloads):
    """Each competition: five events, rounds 1-3 played and 4-5 planned, on the Tuesdays
    from 2 September at 20:00 in Amsterdam (CEST: 18:00 UTC)."""
    _, ids = dated_db
    at = open_page("overview", ids["AB"])  # anonymous: no director logged in
    for competition, cid in ids.items():
        button = at.download_button(key=f"calendar_{cid}")
        assert button.proto.label == "Clubavonden in je agenda (.ics)"
        name, data = downloads[f"calendar_{cid}"]
        assert name == f"clubavonden-{competition.lower()}-2025-2026.ics"
        assert isinstance(data, bytes)
        events = list(icalendar.Calendar.from_ical(data).walk("VEVENT"))
        assert [str(e["summary"]) for e in events] == [
            f"Ronde {n} - {competition}" for n in range(1, 6)
        ]
        starts = [e.decoded("dtstart") for e in events]
        assert [s.astimezone(UTC) for s in starts] == [
            datetime(2025, 9, 2 + 7 * k, 18, 0, tzinfo=UTC) for k in range(5)
        ]
        assert all(e["dtstart"].params["TZID"] == "Europe/Amsterdam" for e in events)
    at = open_page("overview", ids["AB"], lang="en")
    data = downloads[f"calendar_{ids['AB']}"][1]
    assert isinstance(data, bytes)
    first = next(iter(icalendar.Calendar.from_ical(data).walk("VEVENT")))
    assert str(first["summary"]) == "Round 1 - AB"


def test_the_club_s_time_zone_setting(dated_db, downloads, monkeypatch):
    _, ids = dated_db
    monkeypatch.setenv("COMPCORE_TIMEZONE", "Europe/London")
    open_page("overview", ids["AB"])
    data = downloads[f"calendar_{ids['AB']}"][1]
    assert isinstance(data, bytes)
    first = next(iter(icalendar.Calendar.from_ical(data).walk("VEVENT")))
    assert first["dtstart"].params["TZID"] == "Europe/London"
    # 20:00 BST (UTC+1) on 2 September 2025
    assert first.decoded("dtstart").astimezone(UTC) == datetime(2025, 9, 2, 19, tzinfo=UTC)


def test_a_competition_without_dates_says_so(club_db, downloads):
    # the small seasons of the template database carry no dates and no calendar
    _, ids = club_db
    at = open_page("overview", ids["AB"])
    assert not [k for k in downloads if k.startswith("calendar_")]
    assert texts(at).count("Nog geen data voor de clubavonden van deze competitie.") == 2
