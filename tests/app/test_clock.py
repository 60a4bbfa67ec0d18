"""Times on screen are the club's local time (the store keeps UTC)."""

from __future__ import annotations

from datetime import datetime

from ui import clock


def test_a_stored_utc_time_is_shown_in_the_clubs_time_zone(monkeypatch):
    """22:15 UTC on 30 November is 23:15 in Amsterdam (winter time, UTC+1); on 1 July
    18:00 UTC is 20:00 (summer time, UTC+2). Dutch writes day-month-year."""
    monkeypatch.delenv("COMPCORE_TIMEZONE", raising=False)
    assert clock.local(datetime(2026, 11, 30, 22, 15), "nl") == "30-11-2026 23:15"
    assert clock.local(datetime(2026, 7, 1, 18, 0, 5), "nl", seconds=True) == "01-07-2026 20:00:05"
    assert clock.local(datetime(2026, 7, 1, 18, 0), "en") == "2026-07-01 20:00"


def test_the_time_zone_is_a_setting_and_a_bad_one_falls_back(monkeypatch):
    monkeypatch.setenv("COMPCORE_TIMEZONE", "America/Curacao")  # UTC-4 all year
    assert clock.local(datetime(2026, 11, 30, 22, 15), "nl") == "30-11-2026 18:15"
    monkeypatch.setenv("COMPCORE_TIMEZONE", "Mars/Olympus")
    assert clock.local(datetime(2026, 11, 30, 22, 15), "nl") == "30-11-2026 23:15"
