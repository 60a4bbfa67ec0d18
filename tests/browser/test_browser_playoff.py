"""The championship play-off in a real browser (issue 12, DS-19, DS-20): on the ladder's
Winnaars page the director sees the final list and creates the <1900 play-off (next
season's ladder, its rounds 1-3); on the play-off's Ronde page he enters results so that
two leaders tie, on its Winnaars page he records the barrage's winner and sees the
champion, who then shows on the ladder's Winnaars page too. Screenshots at laptop and
phone size go to ``test-artifacts/playoff-*`` (git-ignored).

Skipped, with the reason, only where ``/usr/bin/chromium`` is missing (CI installs it).
"""

from __future__ import annotations

from compcore.adapters.files import season_file
from compcore.adapters.store import Store
from compcore.formats import playoff as po
from compcore.services.competitions import link_key
from tests.app.test_app_playoff import CATEGORIES, CYCLES, PLAYERS, RESULTS
from tests.app.test_app_support import ADMIN, build_template
from tests.browser.test_browser import (
    BROWSER_MARKS,
    LAPTOP,
    MOBILE,
    PHONE,
    browser,  # noqa: F401 (the module's chromium, a fixture)
    choose,
    goto,
    log_in,
    see,
    serving,
    shot,
    tap_result,
)
from tests.builders import season_data

pytestmark = BROWSER_MARKS

PLAYOFF = "Play-off <1900 2025"
LABELS = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "½-½"}


def snap(page, phone, name: str, marker: str) -> None:
    """The laptop's screen and the same address on the phone, no exception box on either."""
    shot(page, f"playoff-{name}", "laptop")
    phone.goto(page.url)
    see(phone, marker)
    for window in (page, phone):
        assert window.locator("[data-testid='stException']").count() == 0, name
    shot(phone, f"playoff-{name}", "phone")


def test_a_playoff_from_its_creation_to_the_champion(tmp_path, browser):  # noqa: F811
    db = tmp_path / "club.duckdb"
    build_template(db)
    store = Store(db)
    old = season_data("dubbelschaak", PLAYERS, CYCLES, overrides=CATEGORIES,
                      club="Schaakclub", competition="Ladder")  # fmt: skip
    new = season_data("dubbelschaak", PLAYERS, [], overrides=CATEGORIES, club="Schaakclub",
                      competition="Ladder", season="2026")  # fmt: skip
    ladder = store.import_season(season_file.parse(old, "test"), actor=ADMIN)
    store.import_season(season_file.parse(new, "test"), actor=ADMIN)
    info = next(i for i in store.competitions() if i.id == ladder)
    with serving(db, tmp_path / "server.log") as url:
        laptop = browser.new_context(viewport=LAPTOP)
        phone_context = browser.new_context(viewport=PHONE, **MOBILE)
        try:
            page, phone = laptop.new_page(), phone_context.new_page()
            page.goto(f"{url}/winners?competitie={link_key(info)}")
            see(page, "Eindranglijst over drie cycli: <1900")
            log_in(page)
            phone_context.add_cookies(laptop.cookies())
            see(page, "Play-off aanmaken: <1900")
            snap(page, phone, "ladder-create", "Eindranglijst over drie cycli")
            form = page.locator("[data-testid='stForm']").filter(has_text="Startnummer 1: C")
            form.get_by_role("button", name="Play-off aanmaken").click()
            see(page, "De play-off is aangemaakt.")
            made = next(i for i in store.competitions() if i.competition == PLAYOFF)
            season = store.load(made.id)
            assert [p.id for p in season.players] == ["c", "d", "e", "g"]
            # the play-off's own pages
            page.get_by_role("link", name=f"Play-off: {PLAYOFF}").click()
            see(page, "Stand van de play-off")
            names = {p.id: p.name for p in season.players}
            goto(page, "Ronde", "Ronde")
            for rnd in season.rounds:
                choose(page, "Ronde", f"Ronde {rnd.number}")
                for board, game in enumerate(rnd.games or (), start=1):
                    label = f"Bord {board}: {names[game.white]} – {names[game.black]}"
                    tap_result(page, label, LABELS[RESULTS[game.players]])
                page.get_by_role("button", name="Ronde afsluiten", exact=True).click()
                see(page, f"Ronde {rnd.number} afgesloten")
            goto(page, "Winnaars", "Stand van de play-off")
            see(page, "Gelijk geëindigde koplopers: C, D.")
            snap(page, phone, "barrage", "Gelijk geëindigde koplopers")
            choose(page, "Winnaar", "D (Barrage 1)")
            page.get_by_role("button", name="Barragewinnaar opslaan").click()
            see(page, "Clubkampioen <1900: D")
            assert po.state(store.load(made.id), store.ruleset(made.id)).champion == "d"
            snap(page, phone, "champion", "Clubkampioen <1900: D")
            page.goto(f"{url}/winners?competitie={link_key(info)}")
            see(page, f"Clubkampioen <1900: D (beslist in de play-off {PLAYOFF})")
            snap(page, phone, "ladder-champion", "beslist in de play-off")
        finally:
            laptop.close()
            phone_context.close()
