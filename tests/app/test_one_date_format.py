"""One date format per language on every screen (issue 22 item 9): Dutch ``08-12-2026``
(``di 08-12-2026`` where the weekday helps), English ``2026-12-08``; a time after its date.
Every page, as a logged-in director, over a season whose rounds have dates: no ISO date on
a Dutch screen, no date in words (``8 december``), no Dutch date on an English one; the
sign-off page, the overview's open round and the print sheet write dates the same way."""

from __future__ import annotations

import re
from datetime import date, datetime

import pandas as pd
import pytest

from compcore.present.dates import day_text, moment_text
from compcore.services import signoff
from tests.app.test_app_support import ALL_PAGES, PASSWORD, app, texts

pytestmark = pytest.mark.usefixtures("steady_app")

ISO = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")
DUTCH = re.compile(r"\b\d{2}-\d{2}-\d{4}\b")
MONTHS = (
    "januari|februari|maart|april|mei|juni|juli|augustus|september|oktober|november|december"
    "|January|February|March|April|May|June|July|August|September|October|November|December"
)
IN_WORDS = re.compile(rf"\b\d{{1,2}} ({MONTHS})\b", re.IGNORECASE)


def test_the_helper_writes_one_format_per_language() -> None:
    day = date(2026, 12, 8)  # a Tuesday
    assert day_text(day, "nl") == "08-12-2026" == day_text("2026-12-08", "nl")
    assert day_text(day, "nl", weekday=True) == "di 08-12-2026"
    assert day_text(day, "en") == "2026-12-08"
    assert day_text(day, "en", weekday=True) == "Tue 2026-12-08"
    assert moment_text(datetime(2026, 11, 30, 22, 15), "nl") == "30-11-2026 22:15"
    assert day_text(None, "nl") == "" and day_text("na de Kerst", "nl") == "na de Kerst"
    # the sign-off pages' club evenings: the same format, with the weekday
    assert signoff.DayWords(day).render("nl") == "di 08-12-2026"


def _screen(at) -> str:
    """Everything a page shows: its texts, widget labels and options, and table cells."""
    parts = [texts(at)]
    for frame in at.dataframe:
        value = frame.value
        if isinstance(value, pd.DataFrame):
            parts.append(value.astype(str).to_string())
    for kind in ("selectbox", "radio", "multiselect"):
        for widget in getattr(at, kind):
            parts.extend([str(widget.label), *map(str, widget.options)])
    return "\n".join(parts)


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_every_page_writes_dates_one_way(club_db, lang: str) -> None:
    _, ids = club_db
    at = app()
    at.session_state["lang"] = lang
    at.session_state["competition"] = ids["Ladder"]
    at.run()
    at.sidebar.text_input(key="login_name").input("director")
    at.sidebar.text_input(key="password").input(PASSWORD)
    at.sidebar.form_submit_button[0].click().run()
    seen = []
    for page in (*ALL_PAGES, "competitions"):
        at.switch_page(f"pages/{page}.py").run()
        assert not at.exception, (page, [e.value for e in at.exception])
        screen = _screen(at)
        assert not IN_WORDS.findall(screen), (page, IN_WORDS.findall(screen))
        wrong = ISO if lang == "nl" else DUTCH
        assert not wrong.findall(screen), (page, wrong.findall(screen))
        right = DUTCH if lang == "nl" else ISO
        seen += right.findall(screen)
    assert seen  # the pages do show dates (the change log's times at least)
