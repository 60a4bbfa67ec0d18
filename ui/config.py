"""Where the database is, the director's password hash, and the first-start seeding.

- Database: the environment variable ``COMPCORE_DB``, else ``db_path`` in
  ``.streamlit/secrets.toml``, else ``data/club.duckdb``. A relative path is taken relative
  to the app's folder (where ``app.py`` is), so the app finds the same file from any
  working directory.
- Director password hash: ``COMPCORE_DIRECTOR_HASH``, else ``director_hash`` in the
  secrets. No default: without one the app is read-only.
- First start: when the database file does not exist yet it is created and every bundled
  demo season ``data/*.json`` is imported as the local Administrator. Only at the default
  path, though: a ``COMPCORE_DB`` or ``db_path`` that names no file is far more often a typo
  than a wish for a new club database, so there the app refuses to start unless
  ``COMPCORE_CREATE=1`` (or ``create_db = true`` in the secrets) says to create it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import streamlit as st

from compcore.adapters import auth

APP_DIR = Path(__file__).resolve().parent.parent
DEMO_DIR = APP_DIR / "data"
DEFAULT_DB = DEMO_DIR / "club.duckdb"
DB_ENV = "COMPCORE_DB"
DB_SECRET = "db_path"
CREATE_ENV = "COMPCORE_CREATE"
CREATE_SECRET = "create_db"
_YES = {"1", "true", "yes", "ja"}


def _secret(key: str) -> Any:
    try:
        return st.secrets.get(key)
    except Exception:  # no secrets.toml at all: Streamlit raises on first access
        return None


def _resolve(value: str) -> Path:
    path = Path(value).expanduser()
    return path if path.is_absolute() else APP_DIR / path


def db_path() -> Path:
    """The database file the app uses."""
    value = os.environ.get(DB_ENV) or _secret(DB_SECRET)
    return _resolve(str(value)) if value else DEFAULT_DB


def may_create(path: Path) -> bool:
    """Whether the app may create a database that does not exist yet at ``path``: at the
    default path always, elsewhere only when ``COMPCORE_CREATE`` (or ``create_db``) says so."""
    if path == DEFAULT_DB:
        return True
    value = os.environ.get(CREATE_ENV)
    if value is None:
        value = _secret(CREATE_SECRET)
    return str(value).strip().lower() in _YES if value is not None else False


@dataclass(frozen=True)
class HashSetting:
    """The configured director hash, or why there is none."""

    value: str | None
    #: a configuration mistake to show (a malformed hash); None when fine or simply unset
    problem: str | None = None


def director_hash() -> HashSetting:
    """``COMPCORE_DIRECTOR_HASH``, else ``director_hash`` in the secrets."""
    try:
        return HashSetting(auth.configured_hash(st.secrets))
    except auth.HashFormatError as exc:
        return HashSetting(None, str(exc))


def demo_files() -> list[Path]:
    """The bundled demo seasons, imported on first start."""
    return sorted(DEMO_DIR.glob("*.json"))
