"""Publishing speed (issue 11: a 10-season database published in at most 5 s).

    python benchmarks/publish.py            # 3 runs

A fresh database holds 10 seasons: the demo seasons (``data/*.json``), copied under other
season names ("2015-2016", ...) until there are 10. Each run is ``compcore publish`` as the
command line runs it: read every competition (read-only), make every page, write them to a
new folder. Prints each run's seconds, the page count and the machine's load average.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from compcore.adapters.files import season_file  # noqa: E402
from compcore.adapters.store import Store  # noqa: E402
from compcore.cli import main as cli  # noqa: E402
from compcore.ports.actors import Administrator  # noqa: E402

SEASONS = 10
LIMIT = 5.0  # seconds: the target


def ten_seasons(db: Path) -> None:
    """The demo seasons, repeated under other season names, until there are SEASONS."""
    demos = [season_file.load(p)[0] for p in sorted((ROOT / "data").glob("*.json"))]
    store = Store(db)
    for i in range(SEASONS):
        season = replace(demos[i % len(demos)], season=f"{2015 + i}-{2016 + i}")
        store.import_season(season, actor=Administrator("benchmark"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "club.duckdb"
        ten_seasons(db)
        times = []
        for run in range(args.runs):
            out = Path(tmp) / f"site{run}"
            start = time.perf_counter()
            code = cli.main(["publish", "--db", str(db), "--out", str(out)])
            times.append(time.perf_counter() - start)
            assert code == 0
        pages = sum(1 for _ in (Path(tmp) / "site0").rglob("*.html"))
    verdict = "ok" if max(times) <= LIMIT else "TOO SLOW"
    print(f"{SEASONS} seasons, {pages} pages: " + ", ".join(f"{s:.2f} s" for s in times))
    print(f"max {max(times):.2f} s (target {LIMIT} s): {verdict}; load {os.getloadavg()}")


if __name__ == "__main__":
    main()
