"""Opening the database file: short-lived connections, waiting for another process's lock,
one write lock per file within the process.

A :class:`~compcore.adapters.store.Store` holds no connection between calls, so
``compcore export --db`` (another process, read-only) works beside a running app.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import duckdb

from compcore.errors import Phrase, StoreError

#: how long a call waits for another process's lock on the file before giving up
LOCK_TIMEOUT = 10.0

Connection = duckdb.DuckDBPyConnection

_write_locks: dict[str, threading.Lock] = {}
_write_locks_guard = threading.Lock()


def write_lock(path: Path) -> threading.Lock:
    """One lock per database file: writes in one process never interleave."""
    key = str(path.resolve())
    with _write_locks_guard:
        return _write_locks.setdefault(key, threading.Lock())


def first_line(exc: BaseException) -> str:
    """The first line of an exception's message (DuckDB's run over several lines)."""
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


class NotWritable(StoreError):
    """The process may not write the file (its mode, a read-only folder or file system)."""

    def __init__(self, path: Path, cause: str) -> None:
        self.cause = cause
        super().__init__(
            *StoreError.at((str(path),), "store.not_writable", cause=cause_words(cause)).parts
        )


#: what DuckDB and the OS say when a file may be read but not written, and its words
_NOT_WRITABLE = {"Permission denied": "os.EACCES", "Read-only file system": "os.EROFS"}


def cause_words(cause: str) -> Phrase:
    """Why a file cannot be written, in words: a known cause in the reader's language
    (Dutch: "geen toestemming"), in English the system's own text."""
    key = next((k for marker, k in _NOT_WRITABLE.items() if marker in cause), "os.other")
    return Phrase(key, detail=cause)


def _is_busy(exc: duckdb.Error) -> bool:
    text = str(exc)
    return "Could not set lock" in text or "different configuration" in text


def open_duckdb(path: Path, *, read_only: bool) -> Connection:
    """``duckdb.connect``: the one place a connection is made (tests replace it to simulate
    a full disk)."""
    return duckdb.connect(str(path), read_only=read_only)


def _prepare_for_writing(path: Path) -> None:
    """Make the folder; an empty file (e.g. from ``touch``) becomes a new database."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() and path.stat().st_size == 0:
            path.unlink()
    except OSError as exc:
        raise NotWritable(path, exc.strerror or str(exc)) from None


@contextmanager
def connect(path: Path, *, read_only: bool) -> Iterator[Connection]:
    """A short-lived connection, closed on exit; waits while another process holds the file."""
    if read_only:
        if not path.exists():
            raise StoreError.at((str(path),), "store.missing")
        if path.stat().st_size == 0:
            raise StoreError.at((str(path),), "store.empty")
    else:
        _prepare_for_writing(path)
    deadline = time.monotonic() + LOCK_TIMEOUT
    pause = 0.02
    while True:
        try:
            con = open_duckdb(path, read_only=read_only)
            break
        except duckdb.Error as exc:
            if _is_busy(exc) and time.monotonic() < deadline:
                time.sleep(pause)
                pause = min(pause * 2, 0.1)
                continue
            if not read_only and any(text in str(exc) for text in _NOT_WRITABLE):
                raise NotWritable(path, first_line(exc)) from None
            if _is_busy(exc):
                raise StoreError.at(
                    (str(path),), "store.busy", seconds=f"{LOCK_TIMEOUT:.0f}"
                ) from None
            raise StoreError.at((str(path),), "store.cannot_open", detail=first_line(exc)) from None
    try:
        yield con
    finally:
        con.close()
