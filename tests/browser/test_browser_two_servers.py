"""Two app servers on one PostgreSQL database (issue 21: several app servers at once), in
a real browser: a director logged in through one server is logged in through the other
(the login cookie names a session kept in the database), logging out on the other ends it
on both, and a wrong password through one makes the other refuse the next attempt until
the wait is over (one throttle, kept in the database). Skipped where chromium or a
PostgreSQL server is missing, with the reason."""

from __future__ import annotations

import pytest

from compcore.adapters.store import copy_database
from tests.app.test_app_support import PASSWORD, build_template
from tests.browser.test_browser import BROWSER_MARKS, LAPTOP, log_in, see, serving, settle
from tests.browser.test_browser import (
    browser as browser,  # the fixture, shared with tests/browser/test_browser.py
)

pytestmark = BROWSER_MARKS


def test_two_servers_share_the_login_the_logout_and_the_throttle(tmp_path, browser, postgres_url):
    file = tmp_path / "club.duckdb"
    build_template(file)
    copy_database(file, postgres_url)
    slow = {"COMPCORE_LOGIN_FIRST_DELAY_SECONDS": "60"}  # a wait no test step outlasts
    with (
        serving(postgres_url, tmp_path / "a.log", **slow) as first,
        serving(postgres_url, tmp_path / "b.log", **slow) as second,
    ):
        context = browser.new_context(viewport=LAPTOP)  # one browser: one cookie jar
        page = context.new_page()
        try:
            page.goto(first)
            settle(page)
            log_in(page)
            page.goto(second)  # the other server, the same cookie
            see(page, "Uitloggen")
            page.get_by_role("button", name="Uitloggen").click()
            see(page, "Uitgelogd.")
            page.goto(first)
            settle(page)
            assert page.get_by_role("button", name="Inloggen").count() == 1

            page.get_by_label("Naam wedstrijdleider").fill("director")
            page.get_by_label("Wachtwoord").fill(PASSWORD + "?")
            page.get_by_role("button", name="Inloggen").click()
            see(page, "Onjuiste naam of wachtwoord.")
            other = context.new_page()  # a new session, through the other server
            other.goto(second)
            settle(other)
            other.get_by_label("Naam wedstrijdleider").fill("director")
            other.get_by_label("Wachtwoord").fill(PASSWORD)
            other.get_by_role("button", name="Inloggen").click()
            see(other, "Te snel na een mislukte poging")
            assert other.get_by_role("button", name="Uitloggen").count() == 0
        finally:
            context.close()


@pytest.fixture(autouse=True)
def _need_postgres(postgres_server):
    """(the PostgreSQL tests' skip, with its reason, before the browser starts)"""
