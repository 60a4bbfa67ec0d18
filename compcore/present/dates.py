"""Dates and times on a screen, one way per language (issue 22 item 9): Dutch ``08-12-2026``
(``di 08-12-2026`` where the weekday helps: a club evening), English ``2026-12-08``
(``Tue 2026-12-08``); a time after its date, ``08-12-2026 22:15``. The same format as the
date fields (``app.date_format``), so a date reads as it is typed.

Only screen text: season files, CSV, TRF and calendar exports keep their machine formats
(ISO 8601), as the spec fixes them.
"""

from __future__ import annotations

from datetime import date, datetime

from compcore.i18n import Lang, t


def day_text(day: date | str | None, lang: Lang, *, weekday: bool = False) -> str:
    """``day`` as a screen writes it (``08-12-2026``; with ``weekday``: ``di 08-12-2026``);
    a text as the season writes dates (``2026-12-08``) read first; a text that is no
    ISO date as it is written; none: an empty text."""
    if day is None or day == "":
        return ""
    if isinstance(day, str):
        try:
            when = date.fromisoformat(day)
        except ValueError:
            return day
    else:
        when = day
    written = when.strftime(t("app.date_strftime", lang))
    if not weekday:
        return written
    return f"{t(f'signoff.weekday.{when.weekday()}', lang)} {written}"


def moment_text(at: datetime, lang: Lang, *, seconds: bool = False, weekday: bool = False) -> str:
    """A moment (already in the club's time zone) as a screen writes it: its date as
    :func:`day_text` writes it, then the time (``08-12-2026 22:15``; with ``seconds``:
    ``22:15:07``)."""
    time = at.strftime("%H:%M:%S" if seconds else "%H:%M")
    return f"{day_text(at.date(), lang, weekday=weekday)} {time}"
