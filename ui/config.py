"""Where the database is, the directors' password hashes, the login throttle, and the
first-start seeding.

- Database: the environment variable ``COMPCORE_DB``, else ``db_url`` or ``db_path`` in
  ``.streamlit/secrets.toml``, else ``data/club.duckdb``. A ``postgresql://`` URL is a
  PostgreSQL database (many clubs, several app servers: ``docs/deploy.md``); anything else
  the path of a DuckDB file. A relative path is taken relative to the app's folder (where
  ``app.py`` is), so the app finds the same file from any working directory.
- Directors (each a name and a password hash): ``COMPCORE_DIRECTORS`` and/or the single
  ``COMPCORE_DIRECTOR_HASH`` (the director named ``director``), else ``[directors]`` and/or
  ``director_hash`` in the secrets (:func:`compcore.adapters.access.auth.configured_directors`).
  No default: without one the app is read-only. On a server of many clubs
  ``COMPCORE_DIRECTOR_CLUBS`` (or ``[director_clubs]``) limits a director to his clubs.
- One club's competitions only (a server of many clubs showing one club's site):
  ``COMPCORE_CLUB``, else ``club`` in the secrets; unset: every club's.
- Login throttle: ``COMPCORE_LOGIN_<FIELD>``, else ``[login]`` in the secrets, field by
  field; defaults in :class:`compcore.adapters.access.throttle.ThrottleSettings`.
- How long a login lasts (the director stays logged in across a reload):
  ``COMPCORE_SESSION_HOURS``, else ``session_hours`` in the secrets; default 12 hours, 0 to
  not remember a login at all (:mod:`compcore.adapters.store.sessions`).
- First start: when the database file does not exist yet it is created and every bundled
  demo season ``data/*.json`` is imported as the local Administrator. Only at the default
  path, though: a ``COMPCORE_DB`` or ``db_path`` that names no file is far more often a typo
  than a wish for a new club database, so there the app refuses to start unless
  ``COMPCORE_CREATE=1`` (or ``create_db = true`` in the secrets) says to create it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, fields
from datetime import timedelta
from pathlib import Path

import streamlit as st

from compcore.domain.errors import CompcoreError, DirectorConfigError
from compcore.services import logins
from compcore.services.vocabulary import (
    DEFAULT_LIFETIME,
    Directors,
    LoginSettingError,
    ThrottleSettings,
)
from ui import boot

# the database's path (read before the heavy imports of a first start: ui/boot.py)
from ui.boot import (
    APP_DIR,
    DB_ENV,
    DEFAULT_DB,
    DEMO_DIR,
    Address,
    db_address,
    may_create,
    missing_file,
)

__all__ = [
    "APP_DIR",
    "DB_ENV",
    "DEFAULT_DB",
    "DEMO_DIR",
    "Address",
    "db_address",
    "may_create",
    "missing_file",
]

LOGIN_SECRET = "login"
LOGIN_ENV_PREFIX = "COMPCORE_LOGIN_"
TIMEZONE_ENV = "COMPCORE_TIMEZONE"
TIMEZONE_SECRET = "timezone"
SESSION_ENV = "COMPCORE_SESSION_HOURS"
SESSION_SECRET = "session_hours"
CLUB_ENV = "COMPCORE_CLUB"
CLUB_SECRET = "club"
#: the longest a login may be remembered: 30 days
MAX_SESSION_HOURS = 720
_secret = boot.secret


def timezone_name() -> str | None:
    """The club's time zone name (``ui.clock``): the environment, else the secrets."""
    value = os.environ.get(TIMEZONE_ENV) or _secret(TIMEZONE_SECRET)
    text = str(value or "").strip()
    return text or None


def club() -> str | None:
    """The one club whose competitions this server shows (None: every club's)."""
    value = os.environ.get(CLUB_ENV) or _secret(CLUB_SECRET)
    text = str(value or "").strip()
    return text or None


@dataclass(frozen=True)
class DirectorsSetting:
    """The configured directors, or why there are none."""

    value: Directors
    #: a configuration mistake to show (a malformed hash, a bad name); None when fine or unset
    problem: CompcoreError | None = None


def directors() -> DirectorsSetting:
    """The directors from the environment, else from the secrets (see the module doc)."""
    try:
        return DirectorsSetting(logins.configured_directors(st.secrets))
    except DirectorConfigError as exc:
        return DirectorsSetting(logins.no_directors(), exc)


@dataclass(frozen=True)
class ThrottleSetting:
    """The login throttle's numbers, or the defaults and why the configured ones failed."""

    value: ThrottleSettings
    #: why the configured numbers are not used (shown in the session's language)
    problem: CompcoreError | None = None


def login_throttle() -> ThrottleSetting:
    """``COMPCORE_LOGIN_<FIELD>`` (e.g. ``COMPCORE_LOGIN_MAX_FAILURES=5``), else the field in
    ``[login]`` of the secrets; a bad value keeps every default and says why."""
    table = _secret(LOGIN_SECRET) or {}
    if not isinstance(table, Mapping):
        return ThrottleSetting(
            ThrottleSettings(), LoginSettingError.at((), "login.setting.table", table=LOGIN_SECRET)
        )
    values = dict(table)
    for f in fields(ThrottleSettings):
        env = os.environ.get(LOGIN_ENV_PREFIX + f.name.upper())
        if env:
            values[f.name] = env
    try:
        return ThrottleSetting(ThrottleSettings.parse(values))
    except LoginSettingError as exc:
        return ThrottleSetting(ThrottleSettings(), exc)


@dataclass(frozen=True)
class SessionSetting:
    """How long a login lasts (zero: not remembered across a reload), or the default and
    why the configured value is not used."""

    value: timedelta
    problem: CompcoreError | None = None


def session_lifetime() -> SessionSetting:
    """``COMPCORE_SESSION_HOURS``, else ``session_hours`` in the secrets: hours from 0 to
    :data:`MAX_SESSION_HOURS` (fractions allowed); unset: 12 hours; anything else keeps the
    default and says why."""
    value = os.environ.get(SESSION_ENV)
    name = SESSION_ENV
    if value is None:
        value, name = _secret(SESSION_SECRET), SESSION_SECRET
    if value is None or value == "":
        return SessionSetting(DEFAULT_LIFETIME)
    try:
        hours = float(value)
    except (TypeError, ValueError):
        hours = -1.0
    if not 0 <= hours <= MAX_SESSION_HOURS:  # also NaN
        problem = LoginSettingError.at(
            (), "login.setting.session_hours", name=name, high=MAX_SESSION_HOURS, got=str(value)
        )
        return SessionSetting(DEFAULT_LIFETIME, problem)
    return SessionSetting(timedelta(hours=hours))


def demo_files() -> list[Path]:
    """The bundled demo seasons, imported on first start."""
    return sorted(DEMO_DIR.glob("*.json"))
