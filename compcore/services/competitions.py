"""Which competitions to show: each club's current season, the older ones, the archive,
the sidebar picker's list, and where a fresh visitor lands."""

from __future__ import annotations

from collections.abc import Sequence

from compcore.services.repository import CompetitionInfo


def active(infos: Sequence[CompetitionInfo]) -> list[CompetitionInfo]:
    """Every competition that is not archived, in the repository's order."""
    return [i for i in infos if not i.archived]


def current(infos: Sequence[CompetitionInfo]) -> list[CompetitionInfo]:
    """The competitions of each club's newest season (the overview's cards), in the
    repository's order; archived ones left out. Season names sort as the clubs write them
    (``2024-2025``)."""
    shown = active(infos)
    newest: dict[str, str] = {}
    for info in shown:
        newest[info.club] = max(newest.get(info.club, ""), info.season)
    return [i for i in shown if i.season == newest[i.club]]


def older(infos: Sequence[CompetitionInfo]) -> list[CompetitionInfo]:
    """Every competition of an earlier season than its club's newest (not archived)."""
    shown = {i.id for i in current(infos)}
    return [i for i in active(infos) if i.id not in shown]


def archived(infos: Sequence[CompetitionInfo]) -> list[CompetitionInfo]:
    """The archive: competitions hidden from the picker and the cards, still readable."""
    return [i for i in infos if i.archived]


def picker(infos: Sequence[CompetitionInfo], chosen: int | None) -> list[CompetitionInfo]:
    """The sidebar picker's list: the competitions not archived, plus the chosen one when
    it is archived (opened from the archive to read it)."""
    return [i for i in infos if not i.archived or i.id == chosen]


def default_competition(infos: Sequence[CompetitionInfo]) -> int | None:
    """Where a fresh visitor lands: the newest season of any club, and in it the competition
    added last (the highest id), archived ones only when there is nothing else; None when
    there is none."""
    if not infos:
        return None
    return max(infos, key=lambda i: (not i.archived, i.season, i.id)).id
