"""How fast the app's pages render on a club's database of 10 seasons of 40 players.

Builds (once; ``--rebuild`` to redo) ``benchmarks/out/pages.duckdb``: 10 seasons of one club
generated with ``compcore.synthetic.season`` and paired by compcore's own engine, presets in
turn; the newest season (2025-2026) is half played with an open round, in two competitions:
the Dubbelschaak Keizer ladder (the costliest standings: recompute, engine, three cycles)
and a Princenpaard Swiss group (the costliest pairing). Then, with Streamlit's AppTest
(the page scripts exactly as the server runs them, without the browser):

- every page of the newest competition: the first render after the caches were cleared
  (cold: standings, awards computed) and the median / max of later renders (warm);
- the round page's "Indelen / Pair" click: saving the attendance, pairing, and the rerun
  that shows the proposal, as the director experiences it.

Prints the figures; the target is at most 1 s each. Speed is never asserted in tests.

    .venv/bin/python benchmarks/pages.py [--rebuild] [--repeat 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "benchmarks" / "out"
DB = OUT / "pages.duckdb"
APP = str(ROOT / "app.py")
PAGES = ["overview", "round", "standings", "trends", "winners", "players", "settings"]
PRESETS = ["keizer-classic", "princenpaard", "ladder-ab", "magnus-senior", "dubbelschaak"]
PLAYERS = 40
TARGET = 1.0

sys.path.insert(0, str(ROOT))


def build(path: Path) -> None:
    from compcore import synthetic
    from compcore.adapters.auth import Administrator
    from compcore.adapters.store import Store
    from compcore.pairing import pair
    from compcore.rulesets import load_ruleset

    def engine(season, ruleset):
        return pair(season, ruleset).round

    path.parent.mkdir(parents=True, exist_ok=True)
    for stale in (path, path.with_name(path.name + ".wal")):
        stale.unlink(missing_ok=True)
    store = Store(path)
    admin = Administrator("benchmark")
    plan = [(f"{2016 + i}-{2017 + i}", PRESETS[i % len(PRESETS)], "Interne competitie", False)
            for i in range(10)]  # fmt: skip
    plan.append(("2025-2026", "princenpaard", "Zwitsers", True))
    plan[9] = (*plan[9][:3], True)
    for index, (name, preset, competition, current) in enumerate(plan):
        total = load_ruleset(preset).total_rounds
        started = time.perf_counter()
        season = synthetic.season(
            preset,
            n_players=PLAYERS,
            n_rounds=total // 2 if current else total,
            seed=100 + index,
            pairer=engine,
            club="Schaakclub Benchmark",
            season_name=name,
            competition=competition,
            open_round=current,
        )
        store.import_season(season, actor=admin)
        print(f"  built {season.season} {preset} ({competition}): {len(season.rounds)} rounds "
              f"({time.perf_counter() - started:.1f} s)", flush=True)  # fmt: skip


def timed(at) -> float:
    started = time.perf_counter()
    at.run()
    elapsed = time.perf_counter() - started
    if at.exception:
        raise RuntimeError(at.exception[0].value)
    return elapsed


def as_a_running_server() -> None:
    """AppTest resets Streamlit's legacy ``pages/`` mode before every run; a running server
    has left it after its first request (see ``tests/conftest.py``). Measure the latter."""
    from streamlit.runtime.pages_manager import PagesManager

    original = PagesManager.__init__

    def init(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        original(self, *args, **kwargs)
        PagesManager.uses_pages_directory = False

    PagesManager.__init__ = init  # type: ignore[method-assign]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rebuild", action="store_true", help="generate the database again")
    parser.add_argument("--repeat", type=int, default=5, help="warm renders per page")
    args = parser.parse_args()

    import streamlit as st
    from streamlit.testing.v1 import AppTest

    as_a_running_server()

    from compcore.adapters import auth
    from compcore.adapters.store import Store

    if args.rebuild or not DB.exists():
        print(f"building {DB} (10 seasons x {PLAYERS} players) ...", flush=True)
        build(DB)
    password = "benchmark"
    director_hash = auth.hash_password(password, iterations=1_000)
    os.environ["COMPCORE_DB"] = str(DB)
    os.environ["COMPCORE_DIRECTOR_HASH"] = director_hash
    store = Store(DB)
    infos = store.competitions()
    newest_season = max(c.season for c in infos)
    current = [c for c in infos if c.season == newest_season]
    print(f"database: {len(infos)} competitions over {len({c.season for c in infos})} seasons, "
          f"{sum(c.players for c in infos)} player entries, "
          f"{sum(c.rounds_played for c in infos)} played rounds")  # fmt: skip

    def session(cid: int, director: bool = False):
        at = AppTest.from_file(APP, default_timeout=120)
        at.session_state["competition"] = cid
        if director:
            at.session_state["director"] = auth.login(password, director_hash)
        at.run()  # the entry run (the overview) before switching
        return at

    # imports (altair, pandas, ...) are paid once per server process, not per page view
    import ui.charts  # noqa: F401

    session(current[0].id)
    results = {}
    for info in current:
        rows = []
        for page in PAGES:
            at = session(info.id)
            if page != "overview":
                at.switch_page(f"pages/{page}.py")
            st.cache_resource.clear()  # cold: store, seasons, standings and awards not cached
            cold = timed(at)
            warm = [timed(at) for _ in range(args.repeat)]
            rows.append((page, cold, statistics.median(warm), max(warm)))
        # pairing: click "Indelen" on the open round, until the proposal is on the page
        pairs = []
        for _ in range(max(3, args.repeat // 2)):
            at = session(info.id, director=True)
            at.switch_page("pages/round.py").run()
            button = next(b for b in at.form_submit_button if b.label == "Indelen")
            button.click()
            pairs.append(timed(at))
            if not any("Voorstel indeling" in str(s.value) for s in at.subheader):
                raise RuntimeError("the proposal did not appear")
        results[info] = (rows, pairs)
    for info, (rows, pairs) in results.items():
        print()
        print(f"{info.competition} {info.season} ({info.preset}, {info.players} players, "
              f"{info.rounds_played} rounds played)")  # fmt: skip
        print(f"{'page':<12}{'cold (s)':>10}{'warm median':>14}{'warm max':>10}"
              f"   target {TARGET:.1f} s")  # fmt: skip
        for page, cold, median, worst in rows:
            flag = "" if max(cold, worst) <= TARGET else "   SLOWER THAN TARGET"
            print(f"{page:<12}{cold:>10.3f}{median:>14.3f}{worst:>10.3f}{flag}")
        flag = "" if max(pairs) <= TARGET else "   SLOWER THAN TARGET"
        print(f"{'pair click':<12}{'':>10}{statistics.median(pairs):>14.3f}{max(pairs):>10.3f}"
              f"{flag}   (save attendance + pair + show the proposal)")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
