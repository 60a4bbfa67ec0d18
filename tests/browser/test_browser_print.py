"""Printing and the website ZIP in a real browser (issue 11): the app's standings and the
round's pairing sheet printed to PDF on A4 (Playwright's ``page.pdf`` with Debian's
chromium), their print copy (``ui/printing.py``) visible in print with every row and within
A4's printable width, the app's chrome gone; and the director's website ZIP (Instellingen)
downloaded, opened and parsed. PDFs and print screenshots go to ``test-artifacts/``."""

from __future__ import annotations

import re
import zipfile
from html.parser import HTMLParser
from typing import ClassVar

import pytest

from compcore.adapters.store import Store
from compcore.rules.rulesets import ruleset_of
from tests.app.test_app_support import build_template
from tests.browser.test_browser import (
    ARTIFACTS,
    BROWSER_MARKS,
    LAPTOP,
    WAIT,
    goto,
    open_as_director,
    see,
    serving,
    settle,
)
from tests.browser.test_browser import (
    browser as browser,  # the fixture, shared with tests/browser/test_browser.py
)
from ui import printing, sheets

pytestmark = BROWSER_MARKS

#: A4 is 210 mm wide; the print style sheet's @page leaves 1 cm left and right: 190 mm of
#: print, at 96 CSS px per inch 190 / 25.4 * 96 = 718 px
PRINT_WIDTH = 718
#: A4 in PDF points (1/72 inch): 210 mm = 595.3 pt, 297 mm = 841.9 pt
A4_POINTS = (595.3, 841.9)
COPY = f".{printing.PRINT_ONLY}"


@pytest.fixture(scope="module")
def club(tmp_path_factory):
    folder = tmp_path_factory.mktemp("browser_print")
    db = folder / "club.duckdb"
    ids = build_template(db)
    with serving(db, folder / "server.log") as url:
        yield url, Store(db), ids


def media_boxes(pdf: bytes) -> list[tuple[float, float]]:
    """Every page's size in points, from the PDF's ``/MediaBox [0 0 w h]`` entries."""
    boxes = re.findall(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", pdf)
    return [(float(w), float(h)) for w, h in boxes]


def print_pdf(page, name: str) -> bytes:
    """The page printed as the browser's "save as PDF" does (A4, the print style sheet),
    kept in test-artifacts/; every page is A4."""
    ARTIFACTS.mkdir(exist_ok=True)
    pdf = page.pdf(path=str(ARTIFACTS / f"print-{name}.pdf"), format="A4",
                   prefer_css_page_size=True, print_background=True)  # fmt: skip
    boxes = media_boxes(pdf)
    assert boxes, "no page in the PDF"
    for width, height in boxes:
        assert abs(width - A4_POINTS[0]) < 2 and abs(height - A4_POINTS[1]) < 2, boxes
    return pdf


def in_print(page, name: str) -> list[dict]:
    """Switch to print media at A4's printable width; screenshot; the print copies' tables
    as they are laid out: visible, their box, their rows' texts."""
    page.set_viewport_size({"width": PRINT_WIDTH, "height": 1000})
    page.emulate_media(media="print")
    settle(page)
    page.screenshot(path=str(ARTIFACTS / f"print-{name}.png"), full_page=True)
    return page.evaluate(
        """(sel) => [...document.querySelectorAll(sel + ' table')].map(t => {
             const box = t.getBoundingClientRect();
             return {visible: box.width > 0 && box.height > 0, left: box.left,
                     right: box.right, scroll: t.scrollWidth, width: t.clientWidth,
                     rows: [...t.querySelectorAll('tbody tr')].map(
                        r => [...r.cells].map(c => c.innerText.trim()))};
           })""",
        COPY,
    )


def hidden_in_print(page) -> None:
    """In print: no sidebar, menu, header, button, input or canvas table is shown."""
    for selector in ("[data-testid='stSidebar']", "[data-testid='stHeader']",
                     "[data-testid='stTopNavLink']", "[data-testid='stDataFrame']",
                     "button", "input"):  # fmt: skip
        shown = page.locator(selector).evaluate_all(
            "els => els.filter(e => e.getBoundingClientRect().width > 0).length"
        )
        assert shown == 0, selector


def within_a4(tables: list[dict]) -> None:
    for table in tables:
        assert table["visible"]
        assert table["left"] >= 0 and table["right"] <= PRINT_WIDTH + 1, table
        assert table["scroll"] <= table["width"] + 1, table  # nothing cut off inside


def test_the_standings_print_on_a4_with_every_player(club, browser):
    """The Keizer ladder's standings, all 16 columns: on screen the copy is hidden; in print
    it is the only table, every player's row in it, within 190 mm."""
    url, store, ids = club
    season = store.load(ids["Ladder"])
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    try:
        page.goto(f"{url}/standings?competitie=testclub_2025-2026_ladder")
        see(page, "stand na ronde 3")
        assert page.locator(COPY).evaluate_all(
            "els => els.every(e => e.getBoundingClientRect().height === 0)"
        )
        print_pdf(page, "standings")
        (table,) = in_print(page, "standings")
        hidden_in_print(page)
        within_a4([table])
        printed = sorted(row[2] for row in table["rows"])  # Pl, ±Pl, Naam, ...
        players = sorted(p.name for p in season.players)  # "Komodo" prints "Komodo (computer)"
        assert len(printed) == len(players)
        assert all(shown.startswith(name) for shown, name in zip(printed, players, strict=True))
    finally:
        context.close()


def test_the_pairing_sheet_prints_on_a4_with_every_board(club, browser):
    """The published round 3 of the Ladder as a member sees it: every board (white, black
    as the sheet names them, the result) and everyone not paired, on A4."""
    url, store, ids = club
    season = store.load(ids["Ladder"])
    rnd = season.rounds[-1]
    want = sheets.rows(season, ruleset_of(season), rnd, "nl")
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    try:
        page.goto(f"{url}/round?competitie=testclub_2025-2026_ladder")
        page.wait_for_selector(f"{COPY} caption", state="attached", timeout=WAIT)
        settle(page)
        print_pdf(page, "pairing-sheet")
        boards, *others = in_print(page, "pairing-sheet")
        hidden_in_print(page)
        within_a4([boards, *others])
        assert boards["rows"] == [[str(r.board), r.white, r.black, r.result] for r in want]
        absent = {row[0] for table in others for row in table["rows"]}
        names = {p.id: p.name for p in season.players}
        assert absent == {names[pid] for pid, kind in (rnd.entries or {}).items()
                          if kind.value != "not-participating"}  # fmt: skip
    finally:
        context.close()


class _Page(HTMLParser):
    """A page's title, links and texts; fails on a tag closed that was never opened."""

    VOID: ClassVar = {"meta", "link", "br", "img", "input", "hr", "col", "wbr"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.links: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in self.VOID:
            self.open.append(tag)
        self.links += [v for k, v in attrs if tag == "a" and k == "href" and v]

    def handle_endtag(self, tag: str) -> None:
        assert self.open and self.open[-1] == tag, (tag, self.open[-3:])
        self.open.pop()

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parse_page(text: str) -> _Page:
    parser = _Page()
    parser.feed(text)
    parser.close()
    assert parser.open == [], parser.open  # every element closed
    return parser


def test_the_director_downloads_the_website_zip(club, browser, tmp_path):
    """Log in, Instellingen, "Website van alle competities (ZIP)": the ZIP holds index.html,
    linking to each competition's folder, and each competition's page with every player."""
    url, store, ids = club
    context = browser.new_context(viewport=LAPTOP, accept_downloads=True)
    page = context.new_page()
    try:
        open_as_director(page, url)
        goto(page, "Instellingen", "Seizoensbestand")
        with page.expect_download(timeout=60_000) as info:
            page.get_by_role("button", name="Website van alle competities (ZIP)").click()
        download = info.value
        assert download.suggested_filename == "website.zip"
        target = tmp_path / "website.zip"
        download.save_as(target)
        settle(page)
    finally:
        context.close()
    with zipfile.ZipFile(target) as archive:
        assert archive.testzip() is None
        files = set(archive.namelist())
        home = parse_page(archive.read("index.html").decode("utf-8"))
        for name, cid in ids.items():
            assert f"c{cid}/index.html" in files
            assert f"c{cid}/index.html" in home.links
            assert name in " ".join(home.text)
            comp = parse_page(archive.read(f"c{cid}/index.html").decode("utf-8"))
            shown = " ".join(comp.text)
            assert all(p.name in shown for p in store.load(cid).players), name
