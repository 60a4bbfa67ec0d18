"""The phone (issue 22 item 5) in a real browser with touch (390×844, ``is_mobile``,
``has_touch``): the Ranglijst of a Keizer ladder with long names fits the screen (the
table scrolls no further than its width), and one tap on a name opens that player's page
in the same competition; a knock-out cup's Ranglijst is its bracket."""

from __future__ import annotations

import json

from compcore.adapters.files import season_file
from compcore.adapters.store import Store
from tests.app.test_app_support import ADMIN, ROOT, build_template
from tests.browser.test_browser import (
    BROWSER_MARKS,
    MOBILE,
    PHONE,
    browser,  # noqa: F401 (the module's chromium, a fixture)
    see,
    serving,
    shot,
)

pytestmark = BROWSER_MARKS

SENIOREN = "schaakvereniging-magnus_2025-2026_senioren"
BEKER = "schaakvereniging-magnus_2025-2026_beker"
ROW = 35  # px: the height of a header and of a row in Streamlit's table


#: each table's toolbar against the nearest drawn element above its table: [top, bottom]
TOOLBARS = """() => Array.from(document.querySelectorAll("[data-testid='stElementToolbar']"))
  .map(t => { const c = t.closest("[data-testid='stElementContainer']");
    let e = c.previousElementSibling;
    while (e && e.getBoundingClientRect().height === 0) e = e.previousElementSibling;
    return [t.getBoundingClientRect().top, e ? e.getBoundingClientRect().bottom : 0]; })"""


def toolbars_clear(page) -> None:
    """A touch screen shows every table's toolbar: it must not cover what is above."""
    found = page.evaluate(TOOLBARS)
    assert found and all(top >= above - 1 for top, above in found), found


def test_a_tap_on_a_name_opens_the_player_page_on_a_phone(tmp_path, browser):  # noqa: F811
    db = tmp_path / "club.duckdb"
    build_template(db)
    store = Store(db)
    for demo in ("magnus-senior", "magnus-cup"):
        data = json.loads((ROOT / "data" / f"{demo}.json").read_text())
        store.import_season(season_file.parse(data, demo), actor=ADMIN)
    del store
    with serving(db, tmp_path / "server.log") as url:
        context = browser.new_context(viewport=PHONE, **MOBILE)
        page = context.new_page()
        try:
            page.goto(f"{url}/standings?competitie={SENIOREN}")
            see(page, "stand na ronde")
            grid = page.locator("[data-testid='stDataFrame']").first
            box = grid.bounding_box()
            assert box is not None and box["x"] + box["width"] <= PHONE["width"]
            scroller = "[data-testid='stDataFrame'] .dvn-scroller"
            widths = page.evaluate(
                f'() => {{ const s = document.querySelector("{scroller}");'
                " return [s.scrollWidth, s.clientWidth]; }"
            )
            assert widths[0] <= widths[1], widths  # Pl, ±Pl, Naam, Punten, Wa: all in view
            toolbars_clear(page)
            shot(page, "phone-standings", "phone")
            # the first row's name: Pl and ±Pl are 40 px each, the name after them
            page.touchscreen.tap(box["x"] + 100, box["y"] + ROW + ROW / 2)
            page.wait_for_url("**/speler?*", timeout=60_000)
            see(page, "precies de score in de ranglijst")
            assert "competitie=" + SENIOREN in page.url and "speler=" in page.url
            main = page.locator("[data-testid='stMain']").inner_text()
            assert "Senioren · 2025-2026" in main and "plaats 1 ·" in main, main[:400]
            shot(page, "phone-tapped-player", "phone")

            page.goto(f"{url}/standings?competitie={BEKER}")
            see(page, "Loting met seed")
            main = page.locator("[data-testid='stMain']").inner_text()
            assert "±Pl" not in main and "Gelijke punten" not in main
            assert "Ronde 1" in main
            toolbars_clear(page)
            shot(page, "phone-cup-standings", "phone")
        finally:
            context.close()
