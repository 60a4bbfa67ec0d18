"""Which competitions to show: each club's current season, the older ones, and where a
fresh visitor lands."""

from __future__ import annotations

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
