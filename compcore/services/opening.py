"""Opening the club's database for the app, and what its first page lists.

:func:`open_store` opens the DuckDB store at a path (its seasons cached, the file kept open
while the app uses it) and, on a first start (no file yet), with the demo seasons to import
in the background (:class:`compcore.services.demo.Seeding`). :func:`competitions` is what
every script run reads first: the competitions and the revision, the list read once per
revision. The pages read one season and its ruleset through :func:`season` and
:func:`ruleset`; :func:`read_only_words` says why the file cannot be written."""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from compcore.adapters.access.auth import Directors
from compcore.adapters.store import Store, database_at
from compcore.domain.errors import CompcoreError, Part
from compcore.domain.model import Season
from compcore.ports.values import CompetitionInfo
from compcore.rules.rulesets import Ruleset, ruleset_of
from compcore.services.demo import Seeding


@dataclass(frozen=True)
class Opened:
    """The store the app works on, and the demo seasons going in on a first start."""

    store: Store
    #: the demo seasons being imported on this first start (None: not a first start)
    seeding: Seeding | None = None

    @property
    def importing(self) -> bool:
        """Whether the demo seasons are still going in (do not read the file meanwhile)."""
        return self.seeding is not None and not self.seeding.done

    @property
    def seeded(self) -> tuple[str, ...]:
        """The demo seasons imported on this first start."""
        return self.seeding.seeded if self.seeding is not None and self.seeding.done else ()

    @property
    def seed_errors(self) -> tuple[CompcoreError, ...]:
        """The demo files that failed, with why."""
        return self.seeding.errors if self.seeding is not None and self.seeding.done else ()


def open_store(
    address: str | Path, directors: Directors, demo_files: list[Path], today: date | None = None
) -> Opened:
    """The store at ``address`` (a DuckDB file's path or a PostgreSQL URL); on a first start
    (no file yet) with ``demo_files`` to import in the background (``Opened.seeding.start()``
    starts it), their dates following ``today`` (:func:`compcore.services.demo.shift_demos`;
    None: as in the files)."""
    db = database_at(address)
    # one app server per DuckDB file (a second one is refused here, with its reason), the
    # file kept open while the app uses it; any number on one PostgreSQL database
    db.serve()
    fresh = not db.exists()
    store = Store(db, directors=directors)
    store.cache_seasons()  # a load after no change reads only the revision
    if not fresh:
        return Opened(store)
    return Opened(store, Seeding(store, demo_files, today))


#: (database path, revision) -> the competitions at that revision, the newest few
_listed: OrderedDict[tuple[str, int], list[CompetitionInfo]] = OrderedDict()
_listed_guard = threading.Lock()
LISTED_ENTRIES = 8


def competitions(opened: Opened) -> tuple[list[CompetitionInfo], int]:
    """The competitions and the revision; none while the demo seasons go in. The list is
    read once per revision (every write that changes it is logged, so changes the revision),
    and only the revision (one cheap query) on the other runs."""
    if opened.importing:
        return [], 0
    path = opened.store.where
    with opened.store.reader() as reader:
        revision = reader.revision()
        with _listed_guard:
            infos = _listed.get((path, revision))
        if infos is None:
            infos, revision = reader.listing()  # both in one snapshot
            with _listed_guard:
                _listed[(path, revision)] = infos
                while len(_listed) > LISTED_ENTRIES:
                    _listed.popitem(last=False)
    return list(infos), revision


def season(opened: Opened, competition_id: int) -> Season:
    """The stored season of one competition."""
    return opened.store.load(competition_id)


def ruleset(season: Season) -> Ruleset:
    """The season's ruleset (its preset and overrides, validated)."""
    return ruleset_of(season)


def read_only_words(opened: Opened) -> Part | None:
    """Why the database can only be read (None: it can be written)."""
    return opened.store.read_only_words


def where(address: str | Path) -> str:
    """The database at ``address`` as messages name it (a URL without its password)."""
    return database_at(address).where
