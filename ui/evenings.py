"""The club evenings of a competition as a calendar file for members' phones (issue 18
item 7): the download button on Overzicht, or a line saying there are no dates yet."""

from __future__ import annotations

import streamlit as st

from compcore.domain.model import Season
from compcore.services import reading
from compcore.services.vocabulary import Ruleset
from ui import clock
from ui.state import Ctx


def file_name(season: Season) -> str:
    """``clubavonden-interne-ladder-2025-2026.ics``: the competition and season, as a
    file name (letters, digits and dashes)."""
    words = f"{season.competition} {season.season}".lower()
    slug = "".join(c if c.isascii() and c.isalnum() else "-" for c in words)
    return "clubavonden-" + "-".join(part for part in slug.split("-") if part) + ".ics"


def download(run: Ctx, cid: int, season: Season, ruleset: Ruleset) -> None:
    """Everyone may download the competition's evenings (:mod:`compcore.adapters.files.club_calendar`,
    in the club's time zone, ``ui.clock.club_zone``); a season without dates gets a caption."""
    if not reading.has_dated_evenings(season, ruleset):  # to_ics's one refusal: no dated evening
        st.caption(run.tr("app.calendar.none"))
        return
    zone = clock.club_zone()

    def data() -> bytes:  # made on the click (Streamlit runs it then), not on every page view
        return reading.evenings_ics(season, ruleset, run.lang, zone)

    st.download_button(
        run.tr("app.calendar.download"),
        data,
        file_name=file_name(season),
        mime="text/calendar",
        help=run.tr("app.calendar.help", start=ruleset.evening.start),
        key=f"calendar_{cid}",
    )
