"""Read-only access for the command line (``--db``) and ``compcore import``."""

from __future__ import annotations

from pathlib import Path

import duckdb

from compcore.adapters import season_file
from compcore.adapters.auth import Administrator
from compcore.adapters.store import rows, schema
from compcore.adapters.store.connection import connect, first_line
from compcore.adapters.store.transactions import Store
from compcore.errors import StoreError
from compcore.model import Season
from compcore.rulesets import Ruleset
from compcore.services.repository import CompetitionInfo


def _choose(path: Path, infos: list[CompetitionInfo], competition: str | None) -> CompetitionInfo:
    if not infos:
        raise StoreError(f"{path}: the database holds no competitions")
    names = ", ".join(i.qualified_name for i in infos)
    if competition is None:
        if len(infos) == 1:
            return infos[0]
        raise StoreError(f"{path}: holds {len(infos)} competitions; choose one with "
                         f"--competition (one of: {names})")  # fmt: skip
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
            raise StoreError(f"{path}: competition {competition!r} is ambiguous; "
                             f"name it as season/competition or club/season/competition "
                             f"(one of: {choices})")  # fmt: skip
    raise StoreError(f"{path}: no competition {competition!r} (there are: {names})")


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
            version = schema.check_version(path, schema.schema_version(con))
            if version == 0:
                raise StoreError(f"{path}: the database holds no competitions")
            if version < schema.latest():
                raise StoreError(
                    f"{path}: database schema version {version} is older than this compcore's "
                    f"({schema.latest()}); open it once read-write (the app, or compcore import) "
                    "to migrate it"
                )
            chosen = _choose(path, rows.competitions(con), competition)
            season = rows.read_season(con, chosen.id)
    except duckdb.Error as exc:
        raise StoreError(f"{path}: {first_line(exc)}") from None
    return season, season_file.ruleset_of(season, f"{path}: {chosen.qualified_name}")


def import_season_file(path: str | Path, season: Season, *, replace: bool = False) -> int:
    """``compcore import``: store ``season`` as the local administrator; its competition id."""
    return Store(path).import_season(season, actor=Administrator("command-line"), replace=replace)
