"""The club evenings of a competition as an iCalendar file (RFC 5545, ``.ics``), so members
put them in their phone's calendar (issue 18 item 7; ``compcore calendar``, the Overzicht
page's download).

**Which evenings.** Every round of the season with a date: the played ones (so the file is
the whole season, and a calendar that imports it again keeps them instead of showing a
season with holes), the open one, and the rounds still to play as the season's planned
schedule (``Season.calendar.dates``, holidays already skipped) dates them, up to the
ruleset's last round. A round's own date wins over the planned one (an evening moved). No
date is guessed: a round that has none is left out, and a season without any date is
refused with one sentence (:data:`NO_DATES`), nothing written.

**Each event.** ``SUMMARY`` "Ronde 3 - Interne ladder" ("Round 3 - ..." in English),
``DTSTART``/``DTEND`` on the round's date from the ruleset's ``evening.start`` for
``evening.minutes`` (default 20:00, 210 minutes; :class:`compcore.rules.rulesets.schema.EveningRules`)
in the club's time zone (``TZID``, with its ``VTIMEZONE`` written from the tz database), a
``DESCRIPTION`` with club, competition, season and, where the club numbers them, the cycle.
``UID`` is the round number and a hash of club, season and competition, so the same
competition gives the same UIDs every time (a calendar that imports the file again updates
its events rather than doubling them); ``DTSTAMP`` is when the file was made, in UTC.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from compcore.domain.errors import CompcoreError, Phrase
from compcore.domain.model import Season
from compcore.i18n import Lang, t
from compcore.rules.rulesets import Ruleset
from compcore.scoring.history import cycle_of

#: the club's time zone where no setting names one
DEFAULT_ZONE = "Europe/Amsterdam"
#: the error for a season without a single dated club evening
NO_DATES = "calendar.no_dates"
PRODID = "-//compcore//club evenings//NL"


@dataclass(frozen=True)
class Evening:
    """One club evening in the file: the round and its date."""

    number: int
    day: date


def zone(name: str | None) -> ZoneInfo:
    """The time zone ``name`` (None or empty: :data:`DEFAULT_ZONE`); an unknown name is
    refused with one sentence."""
    text = (name or "").strip() or DEFAULT_ZONE
    try:
        return ZoneInfo(text)
    except (ZoneInfoNotFoundError, ValueError):
        raise CompcoreError(Phrase("calendar.bad_timezone", value=text)) from None


def evenings(season: Season, ruleset: Ruleset) -> list[Evening]:
    """The dated club evenings, by round: stored rounds (their date, else the planned one)
    and the planned rounds after them up to ``ruleset.total_rounds``."""
    planned = season.calendar.dates if season.calendar is not None else ()
    out: dict[int, Evening] = {}
    for number, text in enumerate(planned, start=1):
        if number <= ruleset.total_rounds:
            out[number] = Evening(number, date.fromisoformat(text))
    for rnd in season.rounds:
        day = rnd.date or (planned[rnd.number - 1] if rnd.number <= len(planned) else None)
        if day is not None:
            out[rnd.number] = Evening(rnd.number, date.fromisoformat(day))
        else:
            out.pop(rnd.number, None)
    return [out[n] for n in sorted(out)]


def uid(season: Season, number: int) -> str:
    """The event's UID: the same for the same competition and round, every time."""
    key = "\x00".join((season.club, season.season, season.competition))
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:24]
    return f"{digest}-round-{number}@compcore"


def to_ics(
    season: Season,
    ruleset: Ruleset,
    lang: Lang,
    club_zone: ZoneInfo,
    now: datetime | None = None,
) -> bytes:
    """The iCalendar file of the season's club evenings (:func:`evenings`), its words in
    ``lang``, its times in ``club_zone``; ``now`` (aware; default: the clock) is the
    ``DTSTAMP``. No dated evening: :class:`CompcoreError` :data:`NO_DATES`."""
    found = evenings(season, ruleset)
    if not found:
        raise CompcoreError(Phrase(NO_DATES, competition=season.competition))
    # imported here: icalendar is 80 modules (~5 MB) an app server keeps for good, and only
    # the file itself needs it (issue 19: memory)
    from icalendar import Calendar, Event

    stamp = (now or datetime.now(UTC)).astimezone(UTC)
    hour, minute = (int(part) for part in ruleset.evening.start.split(":"))
    length = timedelta(minutes=ruleset.evening.minutes)
    cal = Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    name = t("calendar.name", lang, competition=season.competition, club=season.club)
    cal.add("x-wr-calname", name)
    cal.add("x-wr-timezone", club_zone.key)
    for evening in found:
        start = datetime.combine(evening.day, time(hour, minute), tzinfo=club_zone)
        event = Event()
        event.add("uid", uid(season, evening.number))
        event.add("dtstamp", stamp)
        event.add("dtstart", start)
        event.add("dtend", start + length)
        event.add(
            "summary",
            t("calendar.summary", lang, round=evening.number, competition=season.competition),
        )
        event.add("description", _description(season, ruleset, evening.number, lang))
        cal.add_component(event)
    # the zone's rules over the season only (a year either side), not from 1970 on
    first, last = found[0].day, found[-1].day
    cal.add_missing_timezones(date(first.year - 1, 1, 1), date(last.year + 2, 1, 1))
    data: bytes = cal.to_ical()
    return data


def _description(season: Season, ruleset: Ruleset, number: int, lang: Lang) -> str:
    words = {"club": season.club, "competition": season.competition, "season": season.season}
    if not ruleset.shows_cycles:
        return t("calendar.description", lang, **words)
    stored = next((r for r in season.rounds if r.number == number), None)
    cycle = cycle_of(stored, ruleset) if stored is not None else ruleset.cycle_of(number)
    return t("calendar.description_cycle", lang, cycle=ruleset.cycle_label(cycle), **words)
