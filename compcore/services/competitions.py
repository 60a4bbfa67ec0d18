"""Which competitions to show: each club's current season, the older ones, and where a
fresh visitor lands."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from compcore.services.repository import CompetitionInfo


def current(infos: Sequence[CompetitionInfo]) -> list[CompetitionInfo]:
    """The competitions of each club's newest season (the overview's cards), in the
    repository's order. Season names sort as the clubs write them (``2024-2025``)."""
    newest: dict[str, str] = {}
    for info in infos:
        newest[info.club] = max(newest.get(info.club, ""), info.season)
    return [i for i in infos if i.season == newest[i.club]]


def older(infos: Sequence[CompetitionInfo]) -> list[CompetitionInfo]:
    """Every competition of an earlier season than its club's newest."""
    shown = {i.id for i in current(infos)}
    return [i for i in infos if i.id not in shown]


def default_competition(infos: Sequence[CompetitionInfo]) -> int | None:
    """Where a fresh visitor lands: the newest season of any club, and in it the competition
    added last (the highest id); None when there is none."""
    if not infos:
        return None
    return max(infos, key=lambda i: (i.season, i.id)).id


def _slug(text: str) -> str:
    """``text`` in lower-case letters, digits and hyphens (accents dropped: ``Ö`` -> ``o``)."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-") or "-"


def link_key(info: CompetitionInfo) -> str:
    """The competition as a link names it (``?competitie=``): club, season and competition
    as slugs joined by ``_``, e.g. ``de-pion_2025-2026_interne``. Unlike the database id it
    is the same on every server that holds the season, so a bookmark or a link from the
    club's website keeps working after an export and import."""
    return "_".join(_slug(part) for part in (info.club, info.season, info.competition))


def by_link_key(infos: Sequence[CompetitionInfo], key: str) -> CompetitionInfo | None:
    """The competition a link names (case aside); None for a key no competition has. Two
    competitions whose names differ only in punctuation share a key: the first added
    (lowest id) is meant."""
    wanted = key.strip().lower()
    found = [i for i in infos if link_key(i) == wanted]
    return min(found, key=lambda i: i.id) if found else None
