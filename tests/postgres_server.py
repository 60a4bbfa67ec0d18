"""A throw-away PostgreSQL server for the tests and the benchmarks: Debian's ``postgresql``
binaries, a new cluster in a temporary folder, on a Unix socket there only (no TCP port).

As root (CI runs as root) the cluster runs as the ``postgres`` user, since PostgreSQL
refuses to run as root. ``COMPCORE_TEST_POSTGRES`` names a server to use instead (a URL
of a database whose user may create databases). Where neither works, :func:`reason`
says why, and the PostgreSQL tests skip with it.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

#: a server to use instead of starting one (a database URL)
ENV = "COMPCORE_TEST_POSTGRES"


def _binaries() -> Path | None:
    """The newest installed PostgreSQL's bin folder (``initdb``, ``pg_ctl``)."""
    found = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"),
        key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit() else 0,
    )
    if found:
        return found[-1].parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def reason() -> str | None:
    """Why no server can be had here (None: one can)."""
    if os.environ.get(ENV):
        return None
    if _binaries() is None:
        return "no PostgreSQL server here (Debian's postgresql package: initdb, pg_ctl)"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root, and no postgres user to run the server as"
        if shutil.which("runuser") is None:
            return "running as root, and no runuser to start the server as postgres"
    return None


@dataclass
class Server:
    """A running throw-away cluster (or the one ``COMPCORE_TEST_POSTGRES`` names)."""

    base_url: str
    folder: Path | None = None
    bin: Path | None = None

    def url(self, database: str) -> str:
        """The URL of ``database`` on this server."""
        head, _, tail = self.base_url.partition("?")
        head = head.rsplit("/", 1)[0]
        return f"{head}/{database}" + (f"?{tail}" if tail else "")

    def create_database(self) -> str:
        """A new empty database: its URL."""
        import psycopg

        name = "t_" + uuid.uuid4().hex[:16]
        with psycopg.connect(self.base_url, autocommit=True) as con:
            con.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def drop_database(self, url: str) -> None:
        import psycopg

        name = url.partition("?")[0].rsplit("/", 1)[1]
        with psycopg.connect(self.base_url, autocommit=True) as con:
            con.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def _pg_ctl(self, *args: str) -> subprocess.CompletedProcess[str]:
        assert self.bin is not None and self.folder is not None
        return _run([str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"), *args])

    def stop(self) -> None:
        """Stop the cluster (fast, nothing kept) and delete its folder."""
        if self.folder is None:
            return
        self._pg_ctl("-m", "immediate", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)

    def halt(self) -> None:
        """Stop the server, cutting every connection (the fault tests). Fast, not
        immediate: with ``synchronous_commit=off`` an immediate stop would also drop the
        last commits, which a real server (synchronous commits) keeps."""
        self._pg_ctl("-m", "fast", "stop")

    def restart(self) -> None:
        """Stop the server (see :meth:`halt`) and start it again (the fault tests)."""
        self.halt()
        self._start()

    def _start(self) -> None:
        assert self.folder is not None
        options = (
            f"-k {self.folder} -c listen_addresses='' -c fsync=off -c full_page_writes=off "
            "-c synchronous_commit=off -c max_connections=200"
        )
        done = self._pg_ctl(
            "-w", "-t", "30", "-l", str(self.folder / "log"), "-o", options, "start"
        )
        if done.returncode != 0:
            log = (self.folder / "log").read_text(errors="replace")[-2000:]
            raise RuntimeError(f"the PostgreSQL server did not start: {done.stderr}\n{log}")


def _as_server_user(argv: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *argv] if os.geteuid() == 0 else argv


def _run(argv: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(_as_server_user(argv), capture_output=True, text=True, check=False)


def start() -> Server:
    """A server for this process's tests (see the module doc); raise when none can be had."""
    given = os.environ.get(ENV)
    if given:
        return Server(given)
    why = reason()
    if why is not None:
        raise RuntimeError(why)
    binaries = _binaries()
    assert binaries is not None
    folder = Path(tempfile.mkdtemp(prefix="compcore-pg-"))
    if os.geteuid() == 0:
        entry = pwd.getpwnam("postgres")
        os.chown(folder, entry.pw_uid, entry.pw_gid)
    made = _run([str(binaries / "initdb"), "-D", str(folder / "data"), "-A", "trust",
                 "-U", "compcore", "--no-locale", "-E", "UTF8", "--no-sync"])  # fmt: skip
    if made.returncode != 0:
        shutil.rmtree(folder, ignore_errors=True)
        raise RuntimeError(f"initdb failed: {made.stderr.strip()}")
    server = Server(f"postgresql://compcore@/postgres?host={quote(str(folder))}", folder, binaries)
    server._start()
    return server
