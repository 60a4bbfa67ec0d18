"""The director's Tuesday evening in a real browser: a running app (``streamlit run``) driven
by Playwright with Debian's chromium. Log in, attendance, pair, edit with an override (the
reason is required), publish, results, finalize, the standings change, undo. Screenshots
of every page at phone and laptop size go to ``test-artifacts/`` (git-ignored).

Skipped, with the reason, only where ``/usr/bin/chromium`` is missing (CI installs it).
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from compcore.adapters.store import Store
from tests.app.test_app_support import (
    DIRECTOR_HASH,
    PASSWORD,
    ROOT,
    breaking_exchange,
    build_template,
    build_two_cycles,
)

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = ROOT / "test-artifacts"
READY = "[data-testid='stApp'][data-test-script-state='notRunning']"
PHONE = {"width": 390, "height": 844}
#: a phone's browser: Streamlit folds its sidebar after a menu choice on a mobile device
MOBILE = {"is_mobile": True, "has_touch": True, "user_agent": (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15"
    " (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1")}  # fmt: skip
#: the menu's links: at the top of a laptop's window, in the (folded) sidebar on a phone
NAV_LINKS = (
    "[data-testid='stTopNavLink'], [data-testid='stTopNavDropdownLink'], "
    "[data-testid='stSidebarNav'] a"
)
#: the top bar's menu of the committee's tools (Trends, Regellab, Simulatie, Clubrating)
COMMITTEE = "Commissie"
LAPTOP = {"width": 1366, "height": 768}
WAIT = 60_000  # ms: the longest any single step may take before the test fails

#: every real-browser test module's marks (tests/test_browser_*.py import them)
BROWSER_MARKS = [
    pytest.mark.browser,
    pytest.mark.slow,  # a real server and browser: CI runs these (pytest -m slow)
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(),
        reason=f"{CHROMIUM} is not installed (apt-get install chromium chromium-driver)",
    ),
]
pytestmark = BROWSER_MARKS


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
            return response.read().decode().strip() == "ok"
    except OSError:
        return False


@contextmanager
def serving(db: Path, log_file: Path, **env: str) -> Iterator[str]:
    """``streamlit run app.py`` over ``db`` on a free loopback port; its URL."""
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    env = dict(os.environ, COMPCORE_DB=str(db), COMPCORE_DIRECTOR_HASH=DIRECTOR_HASH, **env)
    log = log_file.open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true",
         "--server.address", "127.0.0.1", "--server.port", str(port),
         "--browser.gatherUsageStats", "false"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while not _healthy(url):
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the app did not start: {log_file.read_text()}")
            time.sleep(0.2)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[tuple[str, Path, dict[str, int]]]:
    """A running app on a free loopback port, over a fresh small club database."""
    folder = tmp_path_factory.mktemp("browser")
    db = folder / "club.duckdb"
    ids = build_template(db)
    with serving(db, folder / "server.log") as url:
        yield url, db, ids


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--headless",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        try:
            yield chromium
        finally:
            chromium.close()


# --------------------------------------------------------------------------- helpers


def settle(page) -> None:
    """Wait until the script run has finished and nothing is still loading."""
    page.wait_for_selector(READY, timeout=WAIT)
    page.wait_for_function(
        "() => !document.querySelector(\"[data-testid='stSkeleton']\")", timeout=WAIT
    )


def see(page, text: str) -> None:
    """Wait for ``text`` to be on the page (after an action's rerun), then settle."""
    page.get_by_text(text, exact=False).first.wait_for(state="visible", timeout=WAIT)
    settle(page)


def choose(page, label: str, option: str) -> None:
    """Pick ``option`` in the first selectbox labelled ``label`` (type to filter, then
    click): Competities has a "Reglement" in each of its forms, the general one first."""
    box = page.get_by_role("combobox", name=label, exact=True).first
    if box.input_value() == option:
        return
    box.click()
    box.fill(option)
    exact = re.compile(rf"^\s*{re.escape(option)}\s*$")
    page.locator("[role='option']").filter(has_text=exact).first.click()
    settle(page)


def tap_result(page, label: str, result: str) -> None:
    """Tap ``result`` ("1-0", "½-½", "0-1 R", ...) on the board labelled ``label`` ("Bord 1:
    White – Black") of the Ronde page's results (one segmented control per board)."""
    board = page.get_by_role("radiogroup", name=label, exact=True)
    board.get_by_role("radio", name=result, exact=True).click()
    settle(page)


def log_in(page) -> None:
    """Log in as the test director from the sidebar, as a user would, and wait for it."""
    page.get_by_label("Naam wedstrijdleider").fill("director")
    page.get_by_label("Wachtwoord").fill(PASSWORD)
    page.get_by_role("button", name="Inloggen").click()
    see(page, "Uitloggen")


def open_as_director(page, url: str, competition: str = "AB · 2025-2026 · Testclub") -> None:
    """Open the app at ``url``, log in as the test director and choose ``competition``."""
    page.goto(url)
    see(page, "Koplopers")
    log_in(page)
    choose(page, "Competitie", competition)


def goto(page, title: str, marker: str) -> None:
    """Open a page from the navigation and wait for its ``marker`` text; a committee page
    is in the top bar's "Commissie" menu, opened first as a user would."""
    link = page.locator(NAV_LINKS).filter(has_text=title).first
    if not link.is_visible():
        page.get_by_text(COMMITTEE, exact=True).first.click()
    link.click()
    see(page, marker)


def shot(page, name: str, size: str) -> None:
    """The window as the user sees it, and (when the page is longer) the whole page: the
    app scrolls inside its own container, so the window is made as tall as the content."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}-{size}.png"))
    window = page.viewport_size
    height = page.evaluate(
        "() => { const m = document.querySelector(\"[data-testid='stMain']\");"
        " return m ? m.scrollHeight : document.body.scrollHeight; }"
    )
    if window and height > window["height"]:
        page.set_viewport_size({"width": window["width"], "height": min(height, 8000)})
        settle(page)
        page.screenshot(path=str(ARTIFACTS / f"{name}-{size}-full.png"))
        page.set_viewport_size(window)
        settle(page)


PAGES = [  # (navigation title, a text on the page, file name)
    ("Overzicht", "Koplopers", "overview"),
    ("Ronde", "Ronde", "round"),
    ("Ranglijst", "stand na ronde", "standings"),
    ("Speler", "precies de score in de ranglijst", "speler"),
    ("Trends", "Kies spelers op naam", "trends"),
    ("Regellab", "onder een ander reglement", "rulelab"),
    ("Simulatie", "denkbeeldige seizoenen", "simulation"),
    ("Clubrating", "Elo-rating uit de aan het bord", "club_rating"),
    ("Winnaars", "Clubkampioen", "winners"),
    ("Spelers", "Spelers", "players"),
    ("Instellingen", "Seizoensbestand", "settings"),
]


# --------------------------------------------------------------------------- tests


def test_a_deep_link_on_a_fresh_server_gets_the_whole_app(server, browser):
    """The first request to a new server is a page URL: Streamlit's legacy multipage mode
    (a ``pages/`` folder) would run that page without ``app.py``. The page must come with
    the app's own navigation (Dutch titles), sidebar and content. Runs first in this module,
    while the server is fresh."""
    url, _, _ = server
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    try:
        page.goto(f"{url}/standings")
        see(page, "stand na ronde")
        nav = page.locator(NAV_LINKS)
        titles = " ".join(nav.all_inner_texts())
        assert "Ranglijst" in titles and "Overzicht" in titles, titles
        assert page.locator("[data-testid='stException']").count() == 0
    finally:
        context.close()


def test_the_menu_sits_at_the_top_and_a_phone_folds_it_after_a_choice(server, browser):
    """Item 8: on a laptop the menu is a bar at the top (the sidebar keeps language,
    competition and login); on a phone it is in the sidebar, which folds away after a choice
    so that the chosen page is in view, and opens again for the language or the login."""
    url, _, _ = server
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    try:
        page.goto(url)
        see(page, "Koplopers")
        assert page.locator("[data-testid='stTopNavLink']").filter(has_text="Ranglijst").count()
    finally:
        context.close()
    context = browser.new_context(viewport=PHONE, **MOBILE)
    page = context.new_page()
    try:
        page.goto(url)
        see(page, "Koplopers")
        sidebar = page.locator("[data-testid='stSidebar']")
        assert sidebar.get_attribute("data-collapsed") == "true"  # folded on arrival
        page.locator("[data-testid='stExpandSidebarButton']").click()
        page.wait_for_function(
            "() => document.querySelector(\"[data-testid='stSidebar']\")"
            ".getAttribute('data-collapsed') === 'false'", timeout=WAIT)  # fmt: skip
        page.locator("[data-testid='stSidebarNav'] a").filter(has_text="Ranglijst").click()
        see(page, "stand na ronde")
        page.wait_for_function(
            "() => document.querySelector(\"[data-testid='stSidebar']\")"
            ".getAttribute('data-collapsed') === 'true'", timeout=WAIT)  # fmt: skip
        shot(page, "menu-folded", "phone")
    finally:
        context.close()


def test_every_page_on_a_phone(server, browser):
    """A member on a phone: every page renders (no exception box), read-only."""
    url, _, _ = server
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                                  has_touch=True)  # fmt: skip
    page = context.new_page()
    try:
        page.goto(url)
        see(page, "Koplopers")
        for _title, marker, name in PAGES:
            page.goto(f"{url}/{name}" if name != "overview" else url)
            see(page, marker)
            assert page.locator("[data-testid='stException']").count() == 0, name
            assert page.get_by_role("button", name="Publiceren").count() == 0
            shot(page, name, "phone")
    finally:
        context.close()


def test_director_evening(server, browser):
    url, db, ids = server
    cid = ids["AB"]
    store = Store(db)
    played_before = len(store.load(cid).rounds)
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    ok = False
    (ARTIFACTS / "failure-laptop.png").unlink(missing_ok=True)
    try:
        page.goto(url)
        see(page, "Koplopers")
        # log in, choose the A/B ladder
        log_in(page)
        choose(page, "Competitie", "AB · 2025-2026 · Testclub")
        settle(page)

        # attendance (defaults: everyone present) and pair
        goto(page, "Ronde", "Aanwezigheid")
        shot(page, "round-attendance", "laptop")
        page.get_by_role("button", name="Indelen").click()
        see(page, "Voorstel indeling ronde 4")

        # edit: exchange two players so that a hard rule breaks; publishing needs a reason
        a, b = breaking_exchange(store, cid)
        names = {p.id: p.name for p in store.load(cid).players}
        choose(page, "Speler", names[a])
        choose(page, "wisselen met", names[b])
        page.get_by_role("button", name="Spelers wisselen").click()
        see(page, "Reden om af te wijken")
        shot(page, "round-proposal", "laptop")
        page.get_by_role("button", name="Publiceren").click()
        see(page, "geef een reden om af te wijken")
        assert len(store.load(cid).rounds) == played_before + 1  # only the attendance
        assert store.load(cid).rounds[-1].is_open
        reason = page.get_by_label(re.compile("Reden om af te wijken"))
        reason.fill("afgesproken met de spelers")
        reason.press("Enter")
        settle(page)
        page.get_by_role("button", name="Publiceren").click()
        see(page, "Indeling van ronde 4 gepubliceerd")
        published = store.load(cid).rounds[-1]
        assert not published.is_open
        assert any(g.override == "afgesproken met de spelers" for g in published.games)

        # results (issue 22 item 1): board 1 by a tap, the others by the keyboard line
        games = published.games
        tap_result(page, f"Bord 1: {names[games[0].white]} – {names[games[0].black]}", "½-½")
        line = page.get_by_role("textbox", name=re.compile("Of typ de uitslagen"))
        line.fill("." + "1" * (len(games) - 1))  # "." leaves board 1 as tapped
        line.press("Enter")
        see(page, f"{len(games)} uitslagen ingevoerd, nog niet opgeslagen")
        assert all(g.result is None for g in store.load(cid).rounds[-1].games)  # not yet
        shot(page, "round-results", "laptop")
        # a reload keeps them; another page says they are not saved, with the way back
        page.reload()
        see(page, f"{len(games)} uitslagen ingevoerd, nog niet opgeslagen")
        goto(page, "Ranglijst", "Ranglijst")
        see(page, f"Ronde 4: {len(games)} ingevoerde uitslagen zijn nog niet opgeslagen.")
        page.get_by_role("link", name="Naar de ronde").click()
        see(page, f"{len(games)} uitslagen ingevoerd, nog niet opgeslagen")
        page.get_by_role("button", name="Ronde afsluiten").click()
        see(page, "Ronde 4 afgesloten")
        finished = store.load(cid).rounds[-1]
        assert [g.result.value for g in finished.games] == ["1/2-1/2"] + ["1-0"] * (len(games) - 1)

        # the standings now include round 4
        goto(page, "Ranglijst", "stand na ronde 4")
        shot(page, "standings", "laptop")
        for title, marker, name in PAGES:
            if name in ("standings",):
                continue
            goto(page, title, marker)
            assert page.locator("[data-testid='stException']").count() == 0, name
            shot(page, name, "laptop")

        # undo the round, after a confirmation
        goto(page, "Ronde", "Ronde 4 ongedaan maken")
        page.get_by_role("button", name="Ronde 4 ongedaan maken").click()
        see(page, "Zeker weten?")
        page.get_by_role("button", name="Ja, ronde 4 verwijderen").click()
        see(page, "Ronde 4 is verwijderd")
        assert len(store.load(cid).rounds) == played_before
        goto(page, "Ranglijst", "stand na ronde 3")
        ok = True
    finally:
        if not ok:  # what the page looked like when the flow broke
            shot(page, "failure", "laptop")
        context.close()


def test_a_link_and_a_login_on_a_fresh_server(tmp_path, browser):
    """A new server over a ladder with two cycles. The club's website links to the
    standings of Cyclus 0: the first request shows them (after round 2, the last round of
    Cyclus 0; the default would be Cyclus 1 after round 3). Then the director logs in;
    a reload keeps him logged in (the login cookie); after logging out a reload does not."""
    db = tmp_path / "club.duckdb"
    build_two_cycles(db)
    with serving(db, tmp_path / "server.log") as url:
        context = browser.new_context(viewport=LAPTOP)
        page = context.new_page()
        try:
            page.goto(f"{url}/standings?competitie=testclub_2025-2026_ladder&cyclus=0")
            see(page, "Cyclus 0 · stand na ronde 2")
            assert page.locator("[data-testid='stException']").count() == 0
            assert "cyclus=0" in page.url and "competitie=testclub_2025-2026_ladder" in page.url

            log_in(page)
            cookie = next(c for c in context.cookies() if c["name"] == "compcore_login")
            assert cookie["sameSite"] == "Strict" and cookie["path"] == "/"
            assert PASSWORD not in cookie["value"] and DIRECTOR_HASH not in cookie["value"]

            page.reload()
            see(page, "Uitloggen")
            see(page, "Cyclus 0 · stand na ronde 2")  # the address kept the view

            page.get_by_role("button", name="Uitloggen").click()
            see(page, "Uitgelogd.")
            page.reload()
            see(page, "stand na ronde 2")
            assert page.get_by_role("button", name="Inloggen").count() == 1
            assert page.get_by_role("button", name="Uitloggen").count() == 0
            assert all(c["name"] != "compcore_login" for c in context.cookies())
        finally:
            context.close()


def test_a_members_player_link_on_a_fresh_server_opens_without_page_not_found(tmp_path, browser):
    """A member's shared link ``/speler?...`` is the first request to a new server: the
    player page opens, and Streamlit's English "Page not found" never shows (it did while
    the page's file was named otherwise than its address: the fresh server's legacy
    multipage mode looks a first visit's page up by its file name)."""
    db = tmp_path / "club.duckdb"
    build_two_cycles(db)
    with serving(db, tmp_path / "server.log") as url:
        context = browser.new_context(viewport=PHONE, **MOBILE)
        page = context.new_page()
        shown: list[str] = []
        try:
            page.goto(f"{url}/speler?competitie=testclub_2025-2026_ladder&speler=p01")
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:  # watch every frame until the page is up
                text = page.inner_text("body")
                shown.append(text)
                if "Waarom veranderde mijn score?" in text:
                    break
                time.sleep(0.05)
            settle(page)
            assert not any("not found" in t.lower() or "niet gevonden" in t for t in shown)
            assert "Waarom veranderde mijn score?" in page.inner_text("body")
        finally:
            context.close()


def test_choosing_a_latecomer_keeps_the_section_open(tmp_path, browser):
    """Issue 22 item 3: with two latecomers, choosing the second one in "Wijzigen na
    publiceren" keeps the section open (it folded once), with its preview of her."""
    db = tmp_path / "club.duckdb"
    build_template(db)
    with serving(db, tmp_path / "server.log") as url:
        context = browser.new_context(viewport=LAPTOP)
        page = context.new_page()
        try:
            open_as_director(page, url)
            goto(page, "Ronde", "Aanwezigheid")
            page.get_by_role("button", name="Indelen").click()
            see(page, "Voorstel indeling ronde 4")
            page.get_by_role("button", name="Publiceren").click()
            see(page, "Indeling van ronde 4 gepubliceerd")
            for name in ("Laura Laat", "Mark Later"):
                goto(page, "Spelers", "Speler toevoegen of wijzigen")
                page.get_by_label("Naam", exact=True).fill(name)
                page.get_by_role("button", name="Speler opslaan").click()
                see(page, f"{name} opgeslagen.")
            goto(page, "Ronde", "Wijzigen na publiceren")
            page.get_by_text("Wijzigen na publiceren", exact=True).click()
            see(page, "Er komt iemand laat binnen")
            choose(page, "Laatkomer", "Mark Later")
            see(page, "Mark Later: oneven")
            assert page.get_by_text("Er komt iemand laat binnen").is_visible()
            assert page.get_by_text("Zo wordt de ronde").first.is_visible()
        finally:
            context.close()
