"""The club evenings as an iCalendar file (issue 18 item 7): ``compcore calendar`` and
:mod:`compcore.adapters.files.club_calendar`, parsed back with ``icalendar``: one event per dated
round (played, open and planned), the ruleset's evening start in the club's time zone
(TZID with its VTIMEZONE), "Ronde N - <competitie>" in the chosen language, stable UIDs,
DTSTAMP in UTC; no dates, an unknown competition or time zone: one sentence, no file."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import icalendar
import pytest

from compcore.adapters.files import club_calendar, season_file
from compcore.adapters.store import Store
from compcore.cli import main as cli
from compcore.domain.errors import CompcoreError
from compcore.ports.actors import Administrator
from compcore.rules.rulesets import ruleset_of
from tests.builders import season_data

DATA = Path(__file__).resolve().parents[3] / "data"
AMSTERDAM = ZoneInfo("Europe/Amsterdam")
NOW = datetime(2025, 10, 22, 9, 30, tzinfo=AMSTERDAM)  # 07:30 UTC (CEST, +2)

#: ladder-ab with 3 rounds (override), players a b c d. Planned (calendar): Tuesdays 21 and
#: 28 October, 4 and 11 November 2025 (the 4th beyond the season's 3 rounds: left out).
#: Round 1 played on its planned date; round 2, open, moved to Wednesday 29 October.
SEASON = season_data(
    "ladder-ab",
    "a b c d",
    [
        {"games": "a-b 1-0, c-d =", "date": "2025-10-21"},
        {"present": "a b c d", "date": "2025-10-29"},
    ],
    {"rounds_per_cycle": 3},
    calendar={
        "weekday": "tuesday",
        "holidays": [],
        "dates": ["2025-10-21", "2025-10-28", "2025-11-04", "2025-11-11"],
    },
)


def write(tmp_path: Path, data: dict, name: str = "s.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def events(data: bytes) -> list[icalendar.Event]:
    return list(icalendar.Calendar.from_ical(data).walk("VEVENT"))


def utc(event: icalendar.Event, field: str) -> datetime:
    return event.decoded(field).astimezone(UTC)


def test_the_evenings_worked_by_hand(tmp_path, capsys):
    """Three events: round 1 Tue 21 Oct 20:00 (CEST, UTC+2: 18:00 UTC), round 2 on its own
    date Wed 29 Oct (DST ended on 26 Oct: CET, UTC+1: 19:00 UTC, not the planned 28th),
    round 3 planned Tue 4 Nov (19:00 UTC); each ends 210 minutes later, 23:30 local."""
    out = tmp_path / "avonden.ics"
    assert cli.main(["calendar", str(write(tmp_path, SEASON)), "--out", str(out)]) == 0
    assert "3 clubavonden" in capsys.readouterr().out
    found = events(out.read_bytes())
    assert [str(e["summary"]) for e in found] == [
        "Ronde 1 - ladder-ab", "Ronde 2 - ladder-ab", "Ronde 3 - ladder-ab"]  # fmt: skip
    assert [utc(e, "dtstart") for e in found] == [
        datetime(2025, 10, 21, 18, 0, tzinfo=UTC),
        datetime(2025, 10, 29, 19, 0, tzinfo=UTC),
        datetime(2025, 11, 4, 19, 0, tzinfo=UTC),
    ]
    for event in found:
        start, end = event.decoded("dtstart"), event.decoded("dtend")
        assert (start.hour, start.minute) == (20, 0) and (end.hour, end.minute) == (23, 30)
        assert end - start == timedelta(minutes=210)
        # the local time with its zone's name, as RFC 5545 writes it: DTSTART;TZID=...
        assert event["dtstart"].params["TZID"] == "Europe/Amsterdam"
        assert event["dtend"].params["TZID"] == "Europe/Amsterdam"
        assert "ladder-ab" in str(event["description"])
    calendar = icalendar.Calendar.from_ical(out.read_bytes())
    assert [str(tz["tzid"]) for tz in calendar.walk("VTIMEZONE")] == ["Europe/Amsterdam"]
    assert str(calendar["version"]) == "2.0" and str(calendar["prodid"])
    text = out.read_bytes().decode("utf-8")
    assert "DTSTART;TZID=Europe/Amsterdam:20251029T200000\r\n" in text
    assert all(len(line.encode()) <= 75 for line in text.split("\r\n"))  # folded (RFC 5545 3.1)


def test_english_summaries_and_another_time_zone(tmp_path):
    out = tmp_path / "e.ics"
    path = str(write(tmp_path, SEASON))
    argv = ["--lang", "en", "calendar", path, "--out", str(out), "--timezone", "America/New_York"]
    assert cli.main(argv) == 0
    found = events(out.read_bytes())
    assert str(found[0]["summary"]) == "Round 1 - ladder-ab"
    # 20:00 in New York on 21 Oct 2025 (EDT, UTC-4) is 00:00 UTC the next day
    assert utc(found[0], "dtstart") == datetime(2025, 10, 22, 0, 0, tzinfo=UTC)
    assert found[0]["dtstart"].params["TZID"] == "America/New_York"


def test_the_time_zone_setting_of_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPCORE_TIMEZONE", "Europe/London")
    out = tmp_path / "l.ics"
    assert cli.main(["calendar", str(write(tmp_path, SEASON)), "--out", str(out)]) == 0
    # 20:00 BST (UTC+1) on 21 October 2025
    assert utc(events(out.read_bytes())[0], "dtstart") == datetime(2025, 10, 21, 19, tzinfo=UTC)


def test_the_ruleset_s_evening_start_and_length(tmp_path):
    data = json.loads(json.dumps(SEASON))
    data["ruleset"]["overrides"]["evening"] = {"start": "19:45", "minutes": 240}
    season = season_file.parse(data, "test")
    ruleset = ruleset_of(season)
    found = events(club_calendar.to_ics(season, ruleset, "nl", AMSTERDAM, NOW))
    start, end = found[0].decoded("dtstart"), found[0].decoded("dtend")
    assert (start.hour, start.minute, end.hour, end.minute) == (19, 45, 23, 45)


@pytest.mark.parametrize("evening", [{"start": "25:00"}, {"start": "8 uur"}, {"minutes": 5}])
def test_a_bad_evening_is_refused_naming_the_field(tmp_path, evening, capsys):
    data = json.loads(json.dumps(SEASON))
    data["ruleset"]["overrides"]["evening"] = evening
    out = tmp_path / "x.ics"
    assert cli.main(["calendar", str(write(tmp_path, data)), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "evening" in err and len(err.strip().splitlines()) == 1
    assert not out.exists()


def test_uids_are_stable_and_dtstamp_is_when_it_was_made():
    season = season_file.parse(SEASON, "test")
    ruleset = ruleset_of(season)
    first = events(club_calendar.to_ics(season, ruleset, "nl", AMSTERDAM, NOW))
    later = NOW + timedelta(days=3)
    again = events(club_calendar.to_ics(season, ruleset, "en", AMSTERDAM, later))
    uids = [str(e["uid"]) for e in first]
    assert uids == [str(e["uid"]) for e in again]  # same competition: same UIDs
    assert len(set(uids)) == 3 and all(u.endswith("@compcore") for u in uids)
    # DTSTAMP: the moment given, in UTC (09:30 CEST = 07:30Z)
    assert {utc(e, "dtstamp") for e in first} == {datetime(2025, 10, 22, 7, 30, tzinfo=UTC)}
    assert {utc(e, "dtstamp") for e in again} == {datetime(2025, 10, 25, 7, 30, tzinfo=UTC)}
    # another competition of the same club: other UIDs
    other = season_file.parse({**SEASON, "competition": "Snelschaak"}, "test")
    assert not set(uids) & {str(e["uid"]) for e in events(
        club_calendar.to_ics(other, ruleset, "nl", AMSTERDAM, NOW))}  # fmt: skip


@pytest.mark.parametrize("path", sorted(DATA.glob("*.json")), ids=lambda p: p.stem)
def test_every_demo_season_gives_one_event_per_dated_round(path):
    season, ruleset = season_file.load(path)
    found = events(club_calendar.to_ics(season, ruleset, "nl", AMSTERDAM, NOW))
    dated = [(r.number, r.date) for r in season.rounds if r.date]
    # a season with a calendar (the Dubbelschaak ladder): its planned evenings after them too
    planned = season.calendar.dates if season.calendar is not None else ()
    last = season.rounds[-1].number if season.rounds else 0
    dated += [(n, d) for n, d in enumerate(planned, start=1) if last < n <= ruleset.total_rounds]
    assert len(found) == len(dated) > 0
    for event, (number, day) in zip(found, dated, strict=True):
        assert str(event["summary"]) == f"Ronde {number} - {season.competition}"
        assert event.decoded("dtstart").date().isoformat() == day
        assert {"UID", "DTSTAMP", "DTSTART", "DTEND"} <= set(event)  # RFC 5545 3.6.1


def test_a_season_without_dates_is_refused_and_nothing_written(tmp_path, capsys):
    data = season_data("ladder-ab", "a b c d", ["a-b 1-0, c-d ="])  # no dates, no calendar
    out = tmp_path / "x.ics"
    assert cli.main(["calendar", str(write(tmp_path, data)), "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (
        "compcore: fout: ladder-ab heeft geen data voor de clubavonden: geen ronde met een "
        "datum en geen gepland rooster (kalender); er is niets geschreven"
    )
    assert not out.exists()
    season = season_file.parse(data, "test")
    with pytest.raises(CompcoreError) as refused:
        club_calendar.to_ics(season, ruleset_of(season), "en", AMSTERDAM)
    assert refused.value.describe("en").startswith("ladder-ab has no dates for its club evenings")


def test_an_unknown_competition_or_time_zone_writes_nothing(tmp_path, capsys):
    db = tmp_path / "club.duckdb"
    Store(db).import_season(season_file.parse(SEASON, "test"), actor=Administrator("tests"))
    out = tmp_path / "x.ics"
    argv = ["calendar", "--db", str(db), "--competition", "Bestaat niet", "--out", str(out)]
    assert cli.main(argv) == 2
    assert "Bestaat niet" in capsys.readouterr().err and not out.exists()
    argv = ["calendar", "--db", str(db), "--out", str(out), "--timezone", "Europe/Atlantis"]
    assert cli.main(argv) == 2
    assert capsys.readouterr().err.strip() == (
        "compcore: fout: Europe/Atlantis is geen tijdzone (zoals Europe/Amsterdam)")  # fmt: skip
    assert not out.exists()
    # the database's competition by name: written
    argv = ["calendar", "--db", str(db), "--competition", "ladder-ab", "--out", str(out)]
    assert cli.main(argv) == 0 and len(events(out.read_bytes())) == 3


def test_a_folder_as_out_is_refused(tmp_path, capsys):
    assert cli.main(["calendar", str(write(tmp_path, SEASON)), "--out", str(tmp_path)]) == 2
    assert "is een map" in capsys.readouterr().err
