"""The app server's memory settings (issue 19, memory; figures in ``benchmarks/memory.py``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _in_a_new_process(code: str, **env: str) -> str:
    clean = {k: v for k, v in os.environ.items() if k != "ARROW_DEFAULT_MEMORY_POOL"}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env={**clean, **env},
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    return done.stdout.strip()


def test_the_app_gives_arrow_the_system_allocator() -> None:
    """ui/boot (app.py's first import) sets it before pyarrow is imported: pyarrow's
    bundled allocator keeps freed memory; without ui/boot pyarrow takes its own."""
    code = "import ui.boot, pyarrow; print(pyarrow.default_memory_pool().backend_name)"
    assert _in_a_new_process(code) == "system"
    bare = "import pyarrow; print(pyarrow.default_memory_pool().backend_name)"
    assert _in_a_new_process(bare) != "system"


def test_a_pool_set_by_the_host_is_kept() -> None:
    code = "import ui.boot, os; print(os.environ['ARROW_DEFAULT_MEMORY_POOL'])"
    assert _in_a_new_process(code, ARROW_DEFAULT_MEMORY_POOL="jemalloc") == "jemalloc"


def test_memory_is_given_back_at_the_end_of_a_run() -> None:
    """On glibc (this project's Debian) malloc_trim gives freed heap pages back (it answers
    True when it released any: here the pages of 200,000 freed strings); app.py calls it
    last."""
    from ui import boot

    freed = [str(i) * 20 for i in range(200_000)]
    del freed
    assert boot.give_back_memory() is True
    assert (
        (ROOT / "app.py").read_text(encoding="utf-8").rstrip().endswith("boot.give_back_memory()")
    )
