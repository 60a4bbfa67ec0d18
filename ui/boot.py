"""What the app's first script run needs before its heavy imports (issue 19, the first
page): where the database is, the session's language and, on a first start, the note that
the demo seasons are going in.

A fresh server's first script run imports most of ``compcore`` (the store, the rulesets,
scoring) and pandas: some 0.6 s on a quiet 2-core machine. ``app.py`` imports this module
(streamlit, ``os``, ``pathlib`` and ``compcore.i18n`` only) first, so that on a fresh
database the note is on screen before those imports run; :mod:`ui.config` and
:mod:`ui.state` take these from here.
"""

from __future__ import annotations

import ctypes
import os
from pathlib import Path
from typing import Any

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from compcore.i18n import DEFAULT, LANGUAGES, Lang, t

APP_DIR = Path(__file__).resolve().parent.parent
DEMO_DIR = APP_DIR / "data"
DEFAULT_DB = DEMO_DIR / "club.duckdb"
DB_ENV = "COMPCORE_DB"
DB_SECRET = "db_path"
#: the secrets' name of a PostgreSQL database's URL (``db_path`` may hold one too)
DB_URL_SECRET = "db_url"
#: the URL schemes of a PostgreSQL database (``compcore.adapters.store.database``)
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
CREATE_ENV = "COMPCORE_CREATE"
CREATE_SECRET = "create_db"
LANG_KEY = "lang"
SEEDING_ICON = ":material/hourglass_top:"
_YES = {"1", "true", "yes", "ja"}


#: glibc's ``mallopt`` parameter for the most malloc arenas (``M_ARENA_MAX``)
M_ARENA_MAX = -8
#: arenas for the app server: the main one and one more
ARENAS = 2


def fewer_malloc_arenas(arenas: int = ARENAS) -> bool:
    """Let glibc's malloc make at most ``arenas`` arenas (issue 19, memory). By default it
    gives each thread that meets a busy heap an arena of its own, up to 8 per core, each
    keeping its freed memory; Streamlit runs every script run in a thread of its own, so a
    server that has shown every page keeps ~10 MB more resident (what
    ``MALLOC_ARENA_MAX=2`` in the environment does, set here so that no start script needs
    it). The arenas made before stay. Elsewhere than glibc (or with the variable set): nothing."""
    if os.environ.get("MALLOC_ARENA_MAX"):
        return False
    try:
        libc = ctypes.CDLL("libc.so.6")
        return bool(libc.mallopt(M_ARENA_MAX, arenas))
    except (OSError, AttributeError):
        return False


def arrow_on_malloc() -> None:
    """Let pyarrow (Streamlit sends every table and chart as Arrow) allocate with malloc,
    not with its bundled allocator, which keeps freed memory for reuse: ~4 MB less resident
    after every page has been shown (issue 19, memory; ``benchmarks/memory.py``). Read by
    pyarrow when it is first imported, after this module; a value already set is kept."""
    os.environ.setdefault("ARROW_DEFAULT_MEMORY_POOL", "system")


def give_back_memory() -> bool:
    """Hand the heap's free pages back to the system (glibc's ``malloc_trim``) at the end
    of a script run: what a run freed stays resident otherwise, and the next run's
    allocations start above it (issue 19, memory: ~4 MB less resident after every page;
    under a millisecond a run). Elsewhere than glibc: nothing."""
    try:
        return bool(ctypes.CDLL("libc.so.6").malloc_trim(0))
    except (OSError, AttributeError):
        return False


fewer_malloc_arenas()  # on import: app.py imports this module first
arrow_on_malloc()


def secret(key: str) -> Any:
    try:
        return st.secrets.get(key)
    except Exception:  # no secrets.toml at all: Streamlit raises on first access
        return None


def resolve(value: str) -> Path:
    path = Path(value).expanduser()
    return path if path.is_absolute() else APP_DIR / path


#: the database the app uses: a DuckDB file's path, or a PostgreSQL database's URL
Address = Path | str


def db_address() -> Address:
    """The database the app uses (a URL stays text; a relative path is the app folder's)."""
    value = os.environ.get(DB_ENV) or secret(DB_URL_SECRET) or secret(DB_SECRET)
    if not value:
        return DEFAULT_DB
    text = str(value).strip()
    return text if text.startswith(POSTGRES_SCHEMES) else resolve(text)


def missing_file(address: Address) -> bool:
    """Whether ``address`` is a DuckDB file that does not exist yet (a PostgreSQL database
    is made by its host: never missing here)."""
    return isinstance(address, Path) and not address.exists()


def may_create(path: Address) -> bool:
    """Whether the app may create a database that does not exist yet at ``path``: at the
    default path always, elsewhere only when ``COMPCORE_CREATE`` (or ``create_db``) says so."""
    if path == DEFAULT_DB:
        return True
    value = os.environ.get(CREATE_ENV)
    if value is None:
        value = secret(CREATE_SECRET)
    return str(value).strip().lower() in _YES if value is not None else False


def lang() -> Lang:
    value = st.session_state.get(LANG_KEY)
    return value if value in LANGUAGES else DEFAULT


def seeding_note() -> DeltaGenerator:
    """The note shown while the demo seasons go in."""
    return st.info(t("app.seeding", lang()), icon=SEEDING_ICON)


def first_start_note() -> DeltaGenerator | None:
    """On a first start (no database file yet, and the app may create it): the seeding
    note, drawn now, before the heavy imports; ``ui.state.wait_for_demo_seasons`` takes it
    away when the seasons are in. Otherwise nothing."""
    address = db_address()
    if not missing_file(address) or not may_create(address):
        return None
    return seeding_note()
