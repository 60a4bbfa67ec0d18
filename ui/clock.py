"""Times as the club reads them. The store keeps every time in UTC; screens show it in the
club's own time zone (``COMPCORE_TIMEZONE`` or ``timezone`` in the secrets, default
Europe/Amsterdam), written the reader's way."""

from __future__ import annotations

from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from compcore.i18n import Lang
from compcore.present.dates import moment_text
from ui import config

DEFAULT_ZONE = "Europe/Amsterdam"


def club_zone() -> ZoneInfo:
    """The club's time zone; an unknown name falls back to Europe/Amsterdam."""
    name = config.timezone_name() or DEFAULT_ZONE
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo(DEFAULT_ZONE)


def local(at: datetime, lang: Lang, *, seconds: bool = False) -> str:
    """``at`` (UTC; a naive time is UTC, as the store writes it) in the club's time zone,
    e.g. ``30-11-2026 22:15`` in Dutch."""
    aware = at if at.tzinfo is not None else at.replace(tzinfo=UTC)
    return moment_text(aware.astimezone(club_zone()), lang, seconds=seconds)


def today() -> date:
    """Today's date in the club's time zone (the demo seasons' dates follow it on a first
    start: :func:`compcore.services.demo.shift_demos`)."""
    return datetime.now(club_zone()).date()
