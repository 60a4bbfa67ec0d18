"""The DuckDB store: every competition of a club, its change log, and the schema migrations.

One database file holds any number of competitions (a club's seasons and groups). A season
goes in and comes out without loss: ``export_season(import_season(x))`` is ``x`` field for
field, including which optional fields a file left out (``docs/store.md``).

Rules every public method keeps:

- **No idle lock.** A :class:`Store` holds no connection between calls: each call opens a
  short-lived connection and closes it, so ``compcore export --db`` (another process, read
  only) works beside a running app. A call that meets another process's lock retries for a
  few seconds, then fails with a clear :class:`StoreError`.
- **One transaction per write.** A write reads the competition, applies one of the pure
  changes of :mod:`compcore.rules.changes` (which refuses a lost update), checks the result
  exactly as a season file is checked (``season_file.parse``, which runs ``check_season``
  with the season's ruleset), writes, reads back what it wrote and compares it, logs
  before/after in ``change_log``, and commits. Any failure rolls everything back.
- **Writes need an actor** (:mod:`compcore.adapters.access.auth`): a Director whose proof matches
  this store's configured director hash, or the local Administrator. Anything else raises
  :class:`NotAuthorized` before the database is touched.

The package: ``connection`` (opening the file, locks), ``schema`` (tables and migrations),
``rows`` (a season as rows and back, the log), ``side_tables`` (club settings, drafts,
member links and marks), ``reader`` (reads in one snapshot, the season
cache), ``checks`` (the actor, the new season, the read-back, what the log keeps: every
store's; the writes every store makes the same way are the port's:
:mod:`compcore.ports.season_changes`), ``transactions`` (the :class:`Store`: its reads and its transactions), ``sessions`` and
``login_log`` (logins), ``command_line`` (read-only access for the CLI).
"""

from compcore.adapters.store.address import database_at
from compcore.adapters.store.command_line import (
    copy_database,
    import_season_file,
    load_all_readonly,
    load_season_readonly,
)
from compcore.adapters.store.connection import LOCK_TIMEOUT
from compcore.adapters.store.database import Database
from compcore.adapters.store.reader import Reader
from compcore.adapters.store.schema import LATEST_VERSION, MIGRATIONS
from compcore.adapters.store.transactions import Store
from compcore.ports.actors import Administrator, Director
from compcore.ports.values import CompetitionInfo, LogEntry

__all__ = [
    "LATEST_VERSION",
    "LOCK_TIMEOUT",
    "MIGRATIONS",
    "Administrator",
    "CompetitionInfo",
    "Database",
    "Director",
    "LogEntry",
    "Reader",
    "Store",
    "copy_database",
    "database_at",
    "import_season_file",
    "load_all_readonly",
    "load_season_readonly",
]
