"""One app server per DuckDB file (issue 21 item 4): a second server on the same file is
refused at start with a sentence that names the first (its process and start time), in
both languages; the claim ends with the process that held it, also after ``kill -9``; the
command line is not refused."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from compcore.adapters.store import Store, connection
from compcore.adapters.store.connection import SecondServer, claim_for_server, server_lock_path

ROOT = Path(__file__).resolve().parents[3]

HOLD = """
import sys, time
from pathlib import Path
from compcore.adapters.store.connection import claim_for_server
claim_for_server(Path(sys.argv[1]))
print("held", flush=True)
time.sleep(120)
"""


def hold(path: Path) -> subprocess.Popen[str]:
    """Another process that serves ``path``: it holds the claim until killed."""
    child = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(path)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert child.stdout is not None and child.stdout.readline().strip() == "held"
    return child


@pytest.fixture
def other_server(tmp_path):
    """Another process that serves ``club.duckdb``."""
    path = tmp_path / "club.duckdb"
    Store(path)
    child = hold(path)
    yield path, child
    child.kill()
    child.wait()


def test_a_second_server_is_refused_with_who_holds_the_file(other_server):
    path, child = other_server
    with pytest.raises(SecondServer) as refused:
        claim_for_server(path)
    started = server_lock_path(path).read_text().split(maxsplit=1)[1].strip()
    assert len(started) == len("2026-12-03 22:56:53")
    assert refused.value.describe("nl") == (
        f"een andere compcore-app gebruikt deze database al (proces {child.pid},"
        f" gestart {started} UTC); er kan één app-server per DuckDB-bestand draaien. Stop"
        " die eerst, of start deze met een ander bestand (COMPCORE_DB)"
    )
    assert f"another compcore app already serves this database (process {child.pid}" in (
        refused.value.describe("en")
    )
    # the refused server changed nothing: the file still holds the first one's name
    assert server_lock_path(path).read_text().split()[0] == str(child.pid)


def test_the_claim_ends_with_the_process_even_killed(other_server):
    path, child = other_server
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    claim_for_server(path)  # the system let go of the dead server's lock
    assert server_lock_path(path).read_text().split()[0] == str(os.getpid())


def test_one_process_claims_its_file_once_and_the_command_line_is_not_refused(
    other_server, tmp_path
):
    path, _ = other_server
    own = tmp_path / "own.duckdb"
    claim_for_server(own)
    claim_for_server(own)  # the same server again: nothing to refuse
    # the command line (a Store, no claim) reads the file another server serves
    with Store(path).reader() as reader:
        assert reader.competitions() == []


def test_a_folder_that_cannot_hold_the_lock_file_claims_nothing(tmp_path, monkeypatch):
    def refused(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(connection.os, "open", refused)
    claim_for_server(tmp_path / "club.duckdb")  # no error: such a server cannot write
    assert not server_lock_path(tmp_path / "club.duckdb").exists()
