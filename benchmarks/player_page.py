"""How fast the player page is on a 60-player, 36-round season (issue 10: at most 300 ms).

For three seasons generated with ``compcore.lab.synthetic.season`` (60 players, 36 played
rounds): a Keizer ladder iterated after the last round (keizer-classic with 36 rounds per
cycle, KC-4: the costliest standings), the Dubbelschaak ladder (recompute, three cycles of
12) and a Princenpaard Swiss group (points, three cycles of 12, one table):

- the core: the standings of the last cycle (what the page asks for; the app caches them
  per revision, so this is paid once after each change) and ``player_rounds`` for one player
  (paid on every view), median of ``--repeat`` runs;
- the page itself with Streamlit's AppTest (the script as the server runs it, without the
  browser): the first render after the caches were cleared (cold) and the median of later
  renders with another player picked (warm).

Prints the figures; speed is never asserted in tests.

    .venv/bin/python benchmarks/player_page.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP = str(ROOT / "app.py")
TARGET_MS = 300
CASES = [
    ("keizer-classic", {"rounds_per_cycle": 36}),
    ("dubbelschaak", None),
    ("princenpaard", None),
]

sys.path.insert(0, str(ROOT))


def median_ms(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def core(preset: str, overrides: dict | None, repeat: int) -> tuple[object, str]:
    from compcore.lab import synthetic
    from compcore.rules.rulesets import ruleset_of
    from compcore.scoring.contributions import player_rounds
    from compcore.scoring.standings import standings

    season = synthetic.season(preset, n_players=60, n_rounds=36, seed=3, overrides=overrides,
                              competition=f"Bench {preset}")  # fmt: skip
    ruleset = ruleset_of(season)
    table = standings(season, ruleset)
    pid = table.order[len(table.order) // 2]
    t_standings = median_ms(lambda: standings(season, ruleset), repeat)
    t_rounds = median_ms(lambda: player_rounds(season, ruleset, table, pid), repeat)
    lines = player_rounds(season, ruleset, table, pid)
    assert lines.total == table.row(pid).score
    print(f"{preset:15} {table.final.method:9} standings {t_standings:7.1f} ms   "
          f"player_rounds {t_rounds:6.1f} ms   ({len(lines.lines)} lines)")  # fmt: skip
    return season, pid


def page(seasons: list[tuple[object, str]], repeat: int) -> None:
    from streamlit.runtime.pages_manager import PagesManager
    from streamlit.testing.v1 import AppTest

    from compcore.adapters.store import Store
    from compcore.ports.actors import Administrator
    from compcore.services.competitions import link_key

    original = PagesManager.__init__

    def init(self, *args, **kwargs):  # type: ignore[no-untyped-def]  # as tests/conftest.py
        original(self, *args, **kwargs)
        PagesManager.uses_pages_directory = False

    PagesManager.__init__ = init  # type: ignore[method-assign]
    folder = Path(tempfile.mkdtemp())
    store = Store(folder / "club.duckdb")
    os.environ["COMPCORE_DB"] = str(folder / "club.duckdb")
    for season, pid in seasons:
        cid = store.import_season(season, actor=Administrator("benchmark"))  # type: ignore[arg-type]
        info = next(c for c in store.competitions() if c.id == cid)
        at = AppTest.from_file(APP, default_timeout=120)
        at.query_params.update({"competitie": link_key(info), "speler": pid})
        at.run()
        # the first run of the page in this process imports its modules (charts, explain):
        # a one-off per server, not part of a view, so it is made once before timing
        at.switch_page("pages/speler.py").run()
        at.switch_page("pages/overview.py").run()
        import streamlit as st

        st.cache_resource.clear()  # "cold": the first view after a change (a new revision)
        start = time.perf_counter()
        at.switch_page("pages/speler.py").run()
        cold = (time.perf_counter() - start) * 1000
        assert not at.exception, [e.value for e in at.exception]
        picker = at.selectbox(key=f"pp_who_{cid}")
        others = [o for o in picker.options][:repeat]
        warm = []
        for option in others:
            start = time.perf_counter()
            picker.select(option).run()
            warm.append((time.perf_counter() - start) * 1000)
            assert not at.exception, [e.value for e in at.exception]
            picker = at.selectbox(key=f"pp_who_{cid}")
        print(f"{season.ruleset.preset:15} page (AppTest): cold {cold:7.1f} ms   "
              f"warm median {statistics.median(warm):6.1f} ms (target {TARGET_MS} ms)")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print("60 players, 36 played rounds")
    seasons = [core(preset, overrides, args.repeat) for preset, overrides in CASES]
    page(seasons, args.repeat)


if __name__ == "__main__":
    main()
