"""Read-only access for the command line (``--db``) and ``compcore import``."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

from compcore.adapters.store import rows, schema, side_tables
from compcore.adapters.store.address import database_at
from compcore.adapters.store.connection import first_line
from compcore.adapters.store.database import Connection, Database
from compcore.adapters.store.transactions import Store
from compcore.domain.errors import StoreError
from compcore.domain.model import Season
from compcore.ports.actors import Administrator
from compcore.ports.values import CompetitionInfo
from compcore.rules.club_settings import ClubSettings
from compcore.rules.rulesets import Ruleset, ruleset_of

Read = TypeVar("Read")


@contextmanager
def _reading(db: Database) -> Iterator[Connection]:
    """A read-only connection to a database of the latest schema, its errors in words."""
    try:
        with db.connect(read_only=True) as con:
            _check_version(con, db.where)
            yield con
    except db.errors as exc:
        raise StoreError.at((db.where,), "store.database", detail=first_line(exc)) from None


def _read(address: str | Path, read: Callable[[Connection], Read]) -> tuple[Database, Read]:
    db = database_at(address)
    with _reading(db) as con:
        return db, read(con)


def _choose(where_: str, infos: list[CompetitionInfo], competition: str | None) -> CompetitionInfo:
    where = (where_,)
    if not infos:
        raise StoreError.at(where, "store.no_competitions")
    names = ", ".join(i.qualified_name for i in infos)
    if competition is None:
        if len(infos) == 1:
            return infos[0]
        raise StoreError.at(where, "store.choose", count=len(infos), names=names)
    for form in (
        lambda i: i.competition,
        lambda i: f"{i.season}/{i.competition}",
        lambda i: i.qualified_name,
        lambda i: str(i.id),
    ):
        found = [i for i in infos if form(i) == competition]
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            choices = ", ".join(i.qualified_name for i in found)
            raise StoreError.at(where, "store.ambiguous", name=competition, choices=choices)
    linked = [i for i in infos if i.link_key == competition.strip().lower()]
    if linked:  # the id the app's links carry (?competitie=...), case aside
        return min(linked, key=lambda i: i.id)
    raise StoreError.at(where, "store.no_such_competition", name=competition, names=names)


def load_season_readonly(
    address: str | Path, competition: str | None = None
) -> tuple[Season, Ruleset]:
    """A competition's season and ruleset, opening the database read-only (a file: works
    beside the app; ``address`` as ``database_at`` reads it).

    ``competition`` is a competition name, ``season/competition``,
    ``club/season/competition``, the numeric id or the app's link key
    (``club_season_competition`` as slugs); None picks the only competition.
    """
    db = database_at(address)
    with _reading(db) as con:
        chosen = _choose(db.where, rows.competitions(con), competition)
        season = rows.read_season(con, chosen.id)
    return season, ruleset_of(season, (db.where, chosen.qualified_name))


def club_settings_readonly(address: str | Path, club: str) -> ClubSettings:
    """The club's own settings (``compcore.rules.club_settings``), read-only."""
    return _read(address, lambda con: side_tables.read_club_settings(con, club))[1]


def _check_version(con: Connection, where: str) -> None:
    """Refuse an empty database, or one of an older schema (read-only: no migration)."""
    version = schema.check_version(where, schema.schema_version(con))
    if version == 0:
        raise StoreError.at((where,), "store.no_competitions")
    if version < schema.latest():
        raise StoreError.at((where,), "store.older", version=version, latest=schema.latest())


def load_all_readonly(address: str | Path) -> list[tuple[CompetitionInfo, Season, Ruleset]]:
    """Every competition in the database (``compcore publish``), read-only."""

    def read(con: Connection) -> list[tuple[CompetitionInfo, Season]]:
        return [(info, rows.read_season(con, info.id)) for info in rows.competitions(con)]

    db, seasons = _read(address, read)
    if not seasons:
        raise StoreError.at((db.where,), "store.no_competitions")
    return [
        (info, season, ruleset_of(season, (db.where, info.qualified_name)))
        for info, season in seasons
    ]


def import_season_file(address: str | Path, season: Season, *, replace: bool = False) -> int:
    """``compcore import``: store ``season`` as the local administrator; its competition id."""
    return Store(address).import_season(
        season, actor=Administrator("command-line"), replace=replace
    )


def competition_id(address: str | Path, competition: str | None) -> int:
    """The id of the competition named on the command line (as :func:`load_season_readonly`)."""
    db = database_at(address)
    if not db.exists():
        raise StoreError.at((db.where,), "store.no_competitions")
    return _choose(db.where, Store(db).competitions(), competition).id


def copy_database(source: str | Path, target: str | Path) -> list[tuple[str, int]]:
    """``compcore migrate``: every competition of ``source`` into the empty database
    ``target`` (e.g. a club's DuckDB file into PostgreSQL) in one transaction, then each
    competition's archive mark and each club's own settings (a write each); each season
    read back and compared as a season file. The competitions' names and new ids (the same ids where
    the source has no gaps left by deleted competitions). Not copied: the
    change log (the target's starts with the import), drafts, members' links and marks,
    login sessions."""
    from compcore.adapters.files import season_file

    # in the order of their ids: a database without deleted competitions keeps its ids
    copied = sorted(load_all_readonly(source), key=lambda c: c[0].id)
    into = Store(target)
    if into.competitions():
        raise StoreError.at((into.where,), "store.target_not_empty")
    actor = Administrator("command-line")
    ids = into.import_seasons([season for _, season, _ in copied], actor=actor)
    for (info, season, _), cid in zip(copied, ids, strict=True):
        if info.archived:
            into.set_archived(cid, True, actor=actor, reason="migrate")
        if season_file.dumps(into.load(cid)) != season_file.dumps(season):
            raise StoreError.at((info.qualified_name,), "store.verify_failed")
    for club in sorted({info.club for info, _, _ in copied}):
        settings = club_settings_readonly(source, club)
        if settings != ClubSettings():
            into.save_club_settings(club, settings, actor=actor)
    return [(info.qualified_name, cid) for (info, _, _), cid in zip(copied, ids, strict=True)]
