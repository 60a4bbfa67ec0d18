"""Which competitions to show: each club's current season, the older ones, the archive,
the sidebar picker's list, and where a fresh visitor lands; and the writes on a
competition as a whole (create, archive or bring back, delete)."""

from __future__ import annotations

from collections.abc import Sequence

from compcore.domain.model import Season
from compcore.ports.actors import Actor
from compcore.ports.repository import Repository
from compcore.ports.values import CompetitionInfo


def active(infos: Sequence[CompetitionInfo]) -> list[CompetitionInfo]:
    """Every competition that is not archived, in the repository's order."""
    return [i for i in infos if not i.archived]


def of_club(infos: list[CompetitionInfo], club: str | None) -> list[CompetitionInfo]:
    """The competitions of ``club`` only (a server configured for one club, issue 21 item
    3); None: every club's."""
    return infos if club is None else [i for i in infos if i.club == club]


def clubs(infos: Sequence[CompetitionInfo]) -> list[str]:
    """The clubs of the competitions, sorted."""
    return sorted({i.club for i in infos})


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


def link_key(info: CompetitionInfo) -> str:
    """The competition as a link names it (:attr:`CompetitionInfo.link_key`)."""
    return info.link_key


def by_link_key(infos: Sequence[CompetitionInfo], key: str) -> CompetitionInfo | None:
    """The competition a link names (case aside); None for a key no competition has. Two
    competitions whose names differ only in punctuation share a key: the first added
    (lowest id) is meant."""
    wanted = key.strip().lower()
    found = [i for i in infos if i.link_key == wanted]
    return min(found, key=lambda i: i.id) if found else None


# --------------------------------------------------------------------------- writes


def create(repo: Repository, season: Season, *, actor: Actor, action: str) -> int:
    """Store a new competition (``action``: how the log names it); its id."""
    return repo.import_season(season, actor=actor, action=action)


def set_archived(repo: Repository, competition_id: int, archived: bool, *, actor: Actor) -> None:
    """Archive the competition (``archived``) or bring it back."""
    repo.set_archived(competition_id, archived, actor=actor)


def delete(repo: Repository, competition_id: int, *, actor: Actor) -> None:
    """Delete the competition (the log keeps it)."""
    repo.delete_competition(competition_id, actor=actor)
