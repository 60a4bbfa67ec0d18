"""Read-only access for the command line (``--db``) and ``compcore import``."""

from __future__ import annotations

from pathlib import Path

import duckdb

from compcore.adapters.store import rows, schema, side_tables
from compcore.adapters.store.connection import Connection, connect, first_line
from compcore.adapters.store.transactions import Store
from compcore.domain.errors import StoreError
from compcore.domain.model import Season
from compcore.ports.actors import Administrator
from compcore.ports.values import CompetitionInfo
from compcore.rules.club_settings import ClubSettings
from compcore.rules.rulesets import Ruleset, ruleset_of


def _choose(path: Path, infos: list[CompetitionInfo], competition: str | None) -> CompetitionInfo:
    where = (str(path),)
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
    raise StoreError.at(where, "store.no_such_competition", name=competition, names=names)


def load_season_readonly(
    path: str | Path, competition: str | None = None
) -> tuple[Season, Ruleset]:
    """A competition's season and ruleset, opening the file read-only (works beside the app).

    ``competition`` is a competition name, ``season/competition``,
    ``club/season/competition`` or the numeric id; None picks the only competition.
    """
    path = Path(path)
    try:
        with connect(path, read_only=True) as con:
            _check_version(con, path)
            chosen = _choose(path, rows.competitions(con), competition)
            season = rows.read_season(con, chosen.id)
    except duckdb.Error as exc:
        raise StoreError.at((str(path),), "store.database", detail=first_line(exc)) from None
    return season, ruleset_of(season, (str(path), chosen.qualified_name))


def club_settings_readonly(path: str | Path, club: str) -> ClubSettings:
    """The club's own settings (``compcore.rules.club_settings``), opening the file read-only."""
    path = Path(path)
    try:
        with connect(path, read_only=True) as con:
            _check_version(con, path)
            return side_tables.read_club_settings(con, club)
    except duckdb.Error as exc:
        raise StoreError.at((str(path),), "store.database", detail=first_line(exc)) from None


def _check_version(con: Connection, path: Path) -> None:
    """Refuse an empty database, or one of an older schema (read-only: no migration)."""
    version = schema.check_version(path, schema.schema_version(con))
    if version == 0:
        raise StoreError.at((str(path),), "store.no_competitions")
    if version < schema.latest():
        raise StoreError.at((str(path),), "store.older", version=version, latest=schema.latest())


def load_all_readonly(path: str | Path) -> list[tuple[CompetitionInfo, Season, Ruleset]]:
    """Every competition in the database (``compcore publish``), opened read-only."""
    path = Path(path)
    try:
        with connect(path, read_only=True) as con:
            _check_version(con, path)
            infos = rows.competitions(con)
            seasons = [(info, rows.read_season(con, info.id)) for info in infos]
    except duckdb.Error as exc:
        raise StoreError.at((str(path),), "store.database", detail=first_line(exc)) from None
    if not seasons:
        raise StoreError.at((str(path),), "store.no_competitions")
    return [
        (info, season, ruleset_of(season, (str(path), info.qualified_name)))
        for info, season in seasons
    ]


def import_season_file(path: str | Path, season: Season, *, replace: bool = False) -> int:
    """``compcore import``: store ``season`` as the local administrator; its competition id."""
    return Store(path).import_season(season, actor=Administrator("command-line"), replace=replace)


def competition_id(path: str | Path, competition: str | None) -> int:
    """The id of the competition named on the command line (as :func:`load_season_readonly`)."""
    path = Path(path)
    if not path.exists():
        raise StoreError.at((str(path),), "store.no_competitions")
    return _choose(path, Store(path).competitions(), competition).id
