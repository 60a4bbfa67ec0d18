"""A member signs off on his phone, and the director sees it (issue 10, item 4), in a real
browser: a running app (``streamlit run``) driven by Playwright with Debian's chromium, the
phone as in ``tests/browser/test_browser.py`` (MOBILE). The season's calendar puts the coming
evenings after today, so the real clock is before every deadline."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import date, timedelta

import pytest

from compcore.adapters.store import Store
from compcore.services import signoff
from compcore.services.setup import season_calendar
from tests.app.test_app_support import ADMIN, build_template
from tests.browser.test_browser import (
    BROWSER_MARKS,
    LAPTOP,
    MOBILE,
    PHONE,
    choose,
    goto,
    log_in,
    see,
    serving,
    settle,
    shot,
)
from tests.browser.test_browser import (
    browser as browser,  # the fixture, shared with tests/browser/test_browser.py
)

pytestmark = BROWSER_MARKS


@pytest.fixture(scope="module")
def club(tmp_path_factory) -> Iterator[tuple[str, Store, int]]:
    """The app over a small club whose Ladder has rounds 1-3 on past Tuesdays and round 4
    on the first Tuesday after today."""
    folder = tmp_path_factory.mktemp("browser_signoff")
    db = folder / "club.duckdb"
    cid = build_template(db)["Ladder"]
    store = Store(db)
    past = season_calendar(date.today() - timedelta(weeks=3), "tuesday", [], 3)
    coming = season_calendar(date.today() + timedelta(days=1), "tuesday", [], 33)
    calendar = replace(coming, dates=past.dates + coming.dates)
    season = replace(store.load(cid), calendar=calendar)
    store.save_season(cid, season, actor=ADMIN, action="calendar")
    with serving(db, folder / "server.log") as url:
        yield url, store, cid


def test_a_member_signs_off_on_a_phone_and_the_director_sees_it(club, browser):
    url, store, cid = club
    secret = signoff.make_token(store, cid, "p03", actor=ADMIN, now=signoff.utc_now())
    phone = browser.new_context(viewport=PHONE, **MOBILE).new_page()
    phone.goto(f"{url}/signoff?token={secret}")
    see(phone, "Hallo Bas Vermeulen")
    phone.get_by_text("afgemeld", exact=True).first.click()
    phone.get_by_role("button", name="Opslaan").first.click()
    see(phone, "Je bent afgemeld voor ronde 4")
    shot(phone, "signoff", "phone")
    assert [(m.round, m.player, m.choice) for m in store.marks(cid)] == [(4, "p03", "absent")]

    laptop = browser.new_context(viewport=LAPTOP).new_page()
    laptop.goto(url)
    see(laptop, "Koplopers")
    log_in(laptop)
    choose(laptop, "Competitie", "Ladder · 2025-2026 · Testclub")
    settle(laptop)
    goto(laptop, "Ronde", "Aanwezigheid")
    see(laptop, "Wie wijzigde wat en wanneer")
    # the table's cells are drawn on a canvas: tests/app/test_app_signoff.py reads them
    box = laptop.get_by_role("combobox", name="Bas Vermeulen", exact=True)
    assert box.input_value() == "afgemeld"
    shot(laptop, "round-marks", "laptop")
