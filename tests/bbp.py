"""The real FIDE-endorsed Dutch engine, bbpPairings v6, for the tests (issue 18 item 2).

``../shared/tools/build-bbppairings`` builds it from the source tarball beside it (g++ and
make) into ``~/.cache/bbppairings`` and prints the binary's path; ``BBPPAIRINGS`` in the
environment names a binary built elsewhere. Tests that need it ask for the ``bbppairings``
fixture (``tests/conftest.py``): where the script, g++ or make is missing, or the build
fails, they skip with that reason.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUILD_SCRIPT = ROOT.parent / "shared" / "tools" / "build-bbppairings"


@dataclass(frozen=True)
class Outcome:
    """What one run of the engine said: its exit code and its output."""

    returncode: int
    stdout: str
    stderr: str

    @property
    def ok(self) -> bool:
        return self.returncode == 0


@cache
def locate() -> tuple[Path | None, str]:
    """The binary, or ``None`` and the reason it is not there (built once per process)."""
    given = os.environ.get("BBPPAIRINGS")
    if given:
        path = Path(given)
        return (path, "") if path.is_file() else (None, f"BBPPAIRINGS={given} names no file")
    if not BUILD_SCRIPT.is_file():
        return None, f"{BUILD_SCRIPT} is missing (no ../shared beside the checkout)"
    for tool in ("g++", "make"):
        if shutil.which(tool) is None:
            return None, f"{tool} is missing: bbpPairings cannot be built"
    # xdist workers build at once: one builds, the others wait on the lock, then find it
    lock_dir = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
    lock_dir.mkdir(parents=True, exist_ok=True)
    with (lock_dir / "bbppairings.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = subprocess.run(
            ["bash", str(BUILD_SCRIPT)], capture_output=True, text=True, timeout=900, check=False
        )
    if done.returncode != 0:
        return None, f"building bbpPairings failed: {done.stderr.strip()[-300:]}"
    path = Path(done.stdout.strip().splitlines()[-1])
    return (path, "") if path.is_file() else (None, f"the build printed no binary: {path}")


@dataclass(frozen=True)
class Bbp:
    """bbpPairings driven on files: ``check`` (``-c``) and ``pair`` (``-p``)."""

    exe: Path

    def run(self, *args: str) -> Outcome:
        done = subprocess.run(
            [str(self.exe), *args], capture_output=True, text=True, timeout=300, check=False
        )
        return Outcome(done.returncode, done.stdout, done.stderr)

    def check(self, trf: Path) -> Outcome:
        """``--dutch FILE -c``: reads the file and checks every round's pairing."""
        return self.run("--dutch", str(trf), "-c")

    def pair(self, trf: Path, out: Path) -> tuple[Outcome, list[tuple[int, int]]]:
        """``--dutch FILE -p OUT``: pairs the next round; the boards as (white, black)
        pairing numbers, the pairing-allocated bye as (n, 0)."""
        outcome = self.run("--dutch", str(trf), "-p", str(out))
        if not outcome.ok:
            return outcome, []
        lines = out.read_text(encoding="utf-8").split()
        count = int(lines[0])
        pairs = [(int(lines[1 + 2 * i]), int(lines[2 + 2 * i])) for i in range(count)]
        return outcome, pairs
