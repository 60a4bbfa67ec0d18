"""An app process killed (``kill -9``) in the middle of its writes (issue 21 item 5), on a
DuckDB file and on PostgreSQL: every write it made is in the database whole or not at all,
and the next process reads everything and writes at once (no lock left behind).

The child writes batches of 25 new players, one transaction each, and prints the batch's
number after each commit; it is killed while writing more. Afterwards the competition holds
the first k batches whole, where k is at least the number the child reported and at most
one more (the batch in flight may have committed just before the kill)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from compcore.adapters.store import Store
from compcore.domain.model import Player
from compcore.ports.actors import Administrator
from tests.adapters.store.test_store_support import make_season

ROOT = Path(__file__).resolve().parents[2]
BATCH = 25
CHILD = textwrap.dedent(
    """
    import sys
    from compcore.adapters.store import Store
    from compcore.domain.model import Player
    from compcore.ports.actors import Administrator

    store = Store(sys.argv[1])
    cid = int(sys.argv[2])
    for batch in range(1, 10_000):
        players = [Player(f"k{batch}x{i}", f"Lid {batch}.{i}") for i in range(BATCH)]
        store.save_players(cid, players, actor=Administrator("child"))
        print(batch, flush=True)
    """
).replace("BATCH", str(BATCH))


@pytest.fixture(params=["duckdb", "postgres"])
def address(request, tmp_path) -> str:
    if request.param == "duckdb":
        return str(tmp_path / "club.duckdb")
    return str(request.getfixturevalue("postgres_url"))


def test_a_writer_killed_mid_write_leaves_whole_writes_and_no_lock(address):
    store = Store(address)
    cid = store.import_season(make_season(rounds=1), actor=Administrator("test"))
    before = len(store.load(cid).players)
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, address, str(cid)],
        stdout=subprocess.PIPE, text=True, cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert child.stdout is not None
    reported = 0
    deadline = time.monotonic() + 120
    while reported < 3 and time.monotonic() < deadline:
        line = child.stdout.readline()
        if not line:
            break
        reported = int(line)
    time.sleep(0.01 * (reported % 5))  # somewhere inside a later write
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    reported = max([reported, *(int(x) for x in child.stdout.read().split())])
    assert reported >= 3, "the child did not write"

    after = Store(address)
    added = [p.id for p in after.load(cid).players][before:]
    assert len(added) % BATCH == 0, f"a batch was half written: {len(added)} players"
    batches = len(added) // BATCH
    assert reported <= batches <= reported + 1
    assert added == [f"k{b}x{i}" for b in range(1, batches + 1) for i in range(BATCH)]
    after.save_player(cid, Player("next", "Daarna"), actor=Administrator("test"))
    assert Store(address).load(cid).players[-1].id == "next"
