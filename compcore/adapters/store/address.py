"""A database's address, as the app's ``COMPCORE_DB`` and the command line's ``--db`` take
it: a ``postgresql://`` (or ``postgres://``) URL is a PostgreSQL database, anything else the
path of a DuckDB file (``database.py``)."""

from __future__ import annotations

from pathlib import Path

from compcore.adapters.store.connection import DuckFile
from compcore.adapters.store.database import Database

#: the URL schemes of a PostgreSQL database
POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def database_at(address: str | Path | Database) -> Database:
    """The database an address names (see the module doc); a :class:`Database` as is."""
    if isinstance(address, Database):
        return address
    text = str(address)
    if text.startswith(POSTGRES_SCHEMES):
        # imported only here: the command line on a file never loads psycopg
        from compcore.adapters.store.postgres import postgres_at

        return postgres_at(text)
    return DuckFile(Path(address))
