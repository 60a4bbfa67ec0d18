"""Opening the database file: short-lived connections, waiting for another process's lock,
one write lock per file within the process, and the file kept open while the app is busy.

A :class:`~compcore.adapters.store.Store` holds no connection between calls, so
``compcore export --db`` (another process, read-only) works beside a running app. Opening
the file costs 20-200 ms (DuckDB reads its catalog; closing the last connection checkpoints),
and one click of the app makes a dozen connections. So the app (``ui/state.py``) calls
:func:`keep_open`: while the process uses the file, one *anchor* connection keeps DuckDB's
database open, and every :func:`connect` is then a new connection to that open database
(under a millisecond), still short-lived and still made by :func:`open_duckdb`. The anchor
is closed (and the file checkpointed and let go) once nothing used the file for
:data:`KEEP_IDLE` seconds, so another process gets the file as soon as the app is idle; it
waits for it up to :data:`LOCK_TIMEOUT` seconds, as before.
"""

from __future__ import annotations

import fcntl
import os
import threading
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path

import duckdb

from compcore.adapters.store.database import Connection, Database
from compcore.domain.errors import Phrase, StoreError

__all__ = ["Connection", "DuckFile"]

#: how long a call waits for another process's lock on the file before giving up
LOCK_TIMEOUT = 10.0
#: seconds without any use after which a kept file (:func:`keep_open`) is let go
KEEP_IDLE = 5.0

#: a DuckDB connection (it offers :class:`~compcore.adapters.store.database.Connection`)
DuckConnection = duckdb.DuckDBPyConnection

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


def open_duckdb(path: Path, *, read_only: bool) -> DuckConnection:
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


class _Kept:
    """One file kept open by an anchor connection while it is in use (:func:`keep_open`)."""

    def __init__(self, path: Path, idle: float) -> None:
        self.path = path
        self.idle = idle
        self.lock = threading.Lock()
        self.anchor: DuckConnection | None = None
        self.users = 0
        self.last_use = 0.0
        self.timer: threading.Timer | None = None

    def opened(self, con: DuckConnection, *, read_only: bool) -> None:
        """A connection was made: keep the database open beside it (a read-write one only:
        a read-only anchor would refuse the app's writes as 'a different configuration')."""
        if self.anchor is None and not read_only:
            # the database is open in this process: this is a cheap second connection
            self.anchor = duckdb.connect(str(self.path), read_only=False)

    def closed(self) -> None:
        with self.lock:
            self.users -= 1
            self.last_use = time.monotonic()
            if self.timer is None and self.anchor is not None:
                self._schedule(self.idle)

    def _schedule(self, seconds: float) -> None:
        self.timer = threading.Timer(seconds, self._release)
        self.timer.daemon = True
        self.timer.start()

    def _release(self) -> None:
        """Close the anchor when the file was idle long enough; else look again later."""
        with self.lock:
            self.timer = None
            if self.anchor is None:
                return
            left = self.last_use + self.idle - time.monotonic()
            if self.users or left > 0:
                self._schedule(max(left, 0.05))
                return
            anchor, self.anchor = self.anchor, None
            with suppress(duckdb.Error):
                anchor.close()

    def release(self) -> None:
        """Let the file go now (when nothing uses it)."""
        with self.lock:
            if self.timer is not None:
                self.timer.cancel()
                self.timer = None
            if self.anchor is not None and not self.users:
                anchor, self.anchor = self.anchor, None
                with suppress(duckdb.Error):
                    anchor.close()


class SecondServer(StoreError):
    """Another app server already serves this DuckDB file (:func:`claim_for_server`)."""


#: database file -> the open lock file by which this process serves it
_claims: dict[str, int] = {}
_claims_guard = threading.Lock()


def server_lock_path(path: Path) -> Path:
    """The lock file beside ``path`` held by the app server that serves it."""
    return path.with_name(path.name + ".server")


def claim_for_server(path: Path) -> None:
    """Claim ``path`` for this process's app server, or raise :class:`SecondServer`.

    One app server per DuckDB file: a server keeps the file open while it is busy
    (:func:`keep_open`), and DuckDB lets one process at a time write it, so a second server
    on the same file could not write (nor, while the first is busy, read). The claim is an
    exclusive ``flock`` on :func:`server_lock_path`, taken once per process and held until
    the process ends (the system lets go of it then, also after a crash or ``kill -9``);
    the file names the holder's process number and start time for the message. The
    command line does not claim: it waits for the file as before. Where the lock file
    cannot be made (a read-only folder) nothing is claimed: such a server cannot write
    the database either."""
    key = str(path.resolve())
    with _claims_guard:
        if key in _claims:
            return
        lock = server_lock_path(path)
        try:
            lock.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 200, 0).decode("utf-8", "replace").split(maxsplit=1)
            os.close(fd)
            pid, since = [*holder, "?", "?"][:2]
            since = since.strip()
            # no place: the app's sentence names the file already
            raise SecondServer(Phrase("store.second_server", pid=pid, since=since)) from None
        os.ftruncate(fd, 0)
        started = datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S")
        os.pwrite(fd, f"{os.getpid()} {started}\n".encode(), 0)
        _claims[key] = fd


def release_claims() -> None:
    """Give up every claim of this process (:func:`claim_for_server`): it serves no file
    any more (the tests, after each one; a server holds its claim until it ends)."""
    with _claims_guard:
        for fd in _claims.values():
            os.close(fd)
        _claims.clear()


_kept: dict[str, _Kept] = {}
_kept_guard = threading.Lock()


def keep_open(path: Path, idle: float | None = None) -> None:
    """Keep ``path`` open in this process while it is used (see the module doc): the app
    server's choice; the command line and the tests' stores open and close it each call."""
    key = str(path.resolve())
    with _kept_guard:
        if key not in _kept:
            _kept[key] = _Kept(path, KEEP_IDLE if idle is None else idle)


def let_go(path: Path) -> None:
    """Stop keeping ``path`` open (:func:`keep_open`) and close its anchor when unused."""
    with _kept_guard:
        kept = _kept.pop(str(path.resolve()), None)
    if kept is not None:
        kept.release()


def _kept_for(path: Path) -> _Kept | None:
    if not _kept:
        return None
    with _kept_guard:
        return _kept.get(str(path.resolve()))


@contextmanager
def connect(path: Path, *, read_only: bool) -> Iterator[DuckConnection]:
    """A short-lived connection, closed on exit; waits while another process holds the file."""
    kept = _kept_for(path)
    if kept is None:
        with _connect(path, read_only=read_only) as con:
            yield con
        return
    with kept.lock:
        kept.users += 1
        if kept.anchor is not None:
            read_only = False  # the open database's mode; a reader only reads
    try:
        with _connect(path, read_only=read_only) as con:
            with kept.lock:
                kept.opened(con, read_only=read_only)
            yield con
    finally:
        kept.closed()


@contextmanager
def _connect(path: Path, *, read_only: bool) -> Iterator[DuckConnection]:
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


class DuckFile(Database):
    """A DuckDB database file (see the module doc): one process writes it at a time, and
    one app server serves it (:func:`claim_for_server`)."""

    errors = (duckdb.Error,)

    def __init__(self, path: Path) -> None:
        self.path = path

    @property
    def where(self) -> str:
        return str(self.path)

    def exists(self) -> bool:
        return self.path.exists()

    def connect(self, *, read_only: bool) -> AbstractContextManager[DuckConnection]:
        return connect(self.path, read_only=read_only)

    @contextmanager
    def transaction(self) -> Iterator[DuckConnection]:
        with write_lock(self.path), connect(self.path, read_only=False) as con:
            con.begin()
            try:
                yield con
                con.commit()
            except BaseException:
                # quietly: after a failed commit DuckDB has dropped the transaction
                # already, and a second error here must not hide the first
                with suppress(duckdb.Error):
                    con.rollback()
                raise

    def serve(self) -> None:
        """One app server per file (refused here, with its reason), and the file kept open
        while the server uses it (one click makes a dozen short connections)."""
        claim_for_server(self.path)
        keep_open(self.path)
