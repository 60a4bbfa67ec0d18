"""How fast the app's pages render on a club's database of 10 seasons of 40 players
(issue 19, target 2: every page warm <= 0.3 s and cold <= 1 s).

Builds (once; ``--rebuild`` to redo) ``benchmarks/out/pages.duckdb``: 10 seasons of one club
generated with ``compcore.lab.synthetic.season`` and paired by compcore's own engine, presets in
turn; the newest season (2025-2026) is half played with an open round, in two competitions:
the Dubbelschaak Keizer ladder (the costliest standings: recompute, engine, three cycles)
and a Princenpaard Swiss group (the costliest pairing).

The benchmark never writes to that file: it works on a copy in a temporary folder (a fresh
copy for every pairing click, so each click pairs the same open round), and checks at the
end that the file is byte for byte as it found it. Then, with Streamlit's AppTest (the page
scripts exactly as the server runs them, without the browser):

- every page that ``app.py`` routes (the list is read from it), for each competition of the
  newest season, as a member and as a logged-in director: the first render after the caches
  were cleared (cold: season, standings and awards read and computed again) and the median
  and maximum of the later renders (warm). The sign-off page is opened by a member's
  personal link (made on the copy), as a member does;
- the round page's "Indelen" click (director): saving the attendance, pairing, and the rerun
  that shows the proposal.

Prints the figures with the targets (warm <= 0.3 s, cold <= 1 s) and the machine's load
average before and after (the machine may be shared). Speed is never asserted in tests.

    .venv/bin/python benchmarks/pages.py [--rebuild] [--repeat 5] [--view member|director|both]
                                         [--page winners ...] [--profile DIR]

``--profile DIR`` writes a pyinstrument HTML profile per cold and warm render (pyinstrument
must be installed in the venv; it is not a dependency).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "benchmarks" / "out"
DB = OUT / "pages.duckdb"
APP = ROOT / "app.py"
PRESETS = ["keizer-classic", "princenpaard", "ladder-ab", "magnus-senior", "dubbelschaak"]
PLAYERS = 40
WARM_TARGET = 0.3  # seconds, issue 19 target 2
COLD_TARGET = 1.0
PAIR_TARGET = 1.0  # the pairing click: issue 9's 1 s (issue 19 times clicks in the browser)
#: page, view, cold, warm median, warm max (seconds), cold and warm median processor seconds
Row = tuple[str, str, float, float, float, float, float]
#: the page a member's personal link opens (not in the menu)
SIGNOFF = "signoff"

sys.path.insert(0, str(ROOT))


def routed_pages() -> list[str]:
    """Every page ``app.py`` routes, in its order (``pages/NAME.py``); each file of
    ``pages/`` must be among them, so a new page cannot be left out of the benchmark."""
    names = list(dict.fromkeys(re.findall(r'"pages/(\w+)\.py"', APP.read_text("utf-8"))))
    files = {p.stem for p in (ROOT / "pages").glob("*.py")}
    missing = files - set(names)
    if missing:
        raise SystemExit(f"pages not routed by app.py: {sorted(missing)}")
    return names


def build(path: Path) -> None:
    from compcore.adapters.store import Store
    from compcore.lab import synthetic
    from compcore.pairing import pair
    from compcore.ports.actors import Administrator
    from compcore.rules.rulesets import load_ruleset

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


def copy_db(source: Path, target: Path) -> Path:
    shutil.copyfile(source, target)
    wal = source.with_name(source.name + ".wal")
    if wal.exists():
        shutil.copyfile(wal, target.with_name(target.name + ".wal"))
    return target


def fingerprint(path: Path) -> str:
    """The database file and its write-ahead log, byte for byte."""
    digest = hashlib.sha256()
    for part in (path, path.with_name(path.name + ".wal")):
        digest.update(part.read_bytes() if part.exists() else b"-")
    return digest.hexdigest()


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def as_a_running_server() -> None:
    """AppTest resets Streamlit's legacy ``pages/`` mode before every run; a running server
    has left it after its first request (see ``tests/conftest.py``). Measure the latter."""
    from streamlit.runtime.pages_manager import PagesManager

    original = PagesManager.__init__

    def init(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        original(self, *args, **kwargs)
        PagesManager.uses_pages_directory = False

    PagesManager.__init__ = init  # type: ignore[method-assign]


class Profiler:
    """A pyinstrument profile of one render per file, when ``--profile`` asks for it. AppTest
    runs the script in a thread of its own, so the profiler is started inside that thread."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        #: the processor seconds of the last render (every thread of the process)
        self.cpu = 0.0
        self._wanted: str | None = None
        self._done: list[Any] = []
        if folder is None:
            return
        folder.mkdir(parents=True, exist_ok=True)
        from pyinstrument import Profiler as Pyinstrument
        from streamlit.testing.v1.local_script_runner import LocalScriptRunner

        original = LocalScriptRunner._run_script_thread
        profiler = self

        def run_script_thread(runner: Any) -> None:
            if profiler._wanted is None:
                original(runner)
                return
            sampler = Pyinstrument(interval=0.0005)
            sampler.start()
            try:
                original(runner)
            finally:
                sampler.stop()
                profiler._done.append(sampler)

        LocalScriptRunner._run_script_thread = run_script_thread  # type: ignore[method-assign]

    def timed(self, at: Any, name: str | None = None) -> float:
        self._wanted, self._done = (name if self.folder is not None else None), []
        started, cpu = time.perf_counter(), time.process_time()
        at.run()
        elapsed = time.perf_counter() - started
        self.cpu = time.process_time() - cpu
        self._wanted = None
        if self.folder is not None and name is not None:
            for i, sampler in enumerate(self._done):  # a rerun is a second script run
                stem = name if i == 0 else f"{name}-{i}"
                (self.folder / f"{stem}.html").write_text(sampler.output_html(), "utf-8")
                (self.folder / f"{stem}.txt").write_text(
                    sampler.output_text(show_all=False), "utf-8"
                )
        if at.exception:
            raise RuntimeError(f"{name}: {at.exception[0].value}")
        return elapsed


def clear_caches() -> None:
    """What a page reads and computes is computed again (imports stay: a server pays them
    once per process, not per page view)."""
    import streamlit as st

    st.cache_resource.clear()
    st.cache_data.clear()


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rebuild", action="store_true", help="generate the database again")
    parser.add_argument("--repeat", type=int, default=5, help="warm renders per page")
    parser.add_argument("--view", choices=("member", "director", "both"), default="both")
    parser.add_argument("--page", action="append", help="only these pages (repeatable)")
    parser.add_argument("--pairs", type=int, default=3, help="pairing clicks per competition")
    parser.add_argument("--profile", type=Path, help="a pyinstrument profile per render here")
    args = parser.parse_args()

    pages = routed_pages()
    if args.page:
        unknown = set(args.page) - set(pages)
        if unknown:
            raise SystemExit(f"unknown pages: {sorted(unknown)}; the pages are {pages}")
        pages = [p for p in pages if p in args.page]
    views = ["member", "director"] if args.view == "both" else [args.view]
    profiler = Profiler(args.profile)

    if args.rebuild or not DB.exists():
        print(f"building {DB} (10 seasons x {PLAYERS} players) ...", flush=True)
        build(DB)
    before = fingerprint(DB)
    print(f"before: {load()}", flush=True)

    from streamlit.testing.v1 import AppTest

    as_a_running_server()

    from compcore.adapters.access import auth
    from compcore.adapters.store import Store
    from compcore.ports.actors import Administrator
    from compcore.services import signoff

    work = Path(tempfile.mkdtemp(prefix="compcore-pages-"))
    try:
        copies = iter(range(1_000_000))

        def fresh_copy() -> Path:
            """A copy of the benchmark database, which the app is pointed at."""
            path = copy_db(DB, work / f"club-{next(copies)}.duckdb")
            os.environ["COMPCORE_DB"] = str(path)
            return path

        password = "benchmark"
        director_hash = auth.hash_password(password, iterations=1_000)
        os.environ["COMPCORE_DIRECTOR_HASH"] = director_hash
        store = Store(fresh_copy())
        infos = store.competitions()
        newest_season = max(c.season for c in infos)
        current = [c for c in infos if c.season == newest_season]
        print(f"database: {len(infos)} competitions over {len({c.season for c in infos})} "
              f"seasons, {sum(c.players for c in infos)} player entries, "
              f"{sum(c.rounds_played for c in infos)} played rounds")  # fmt: skip
        links = {  # a member's personal sign-off link per competition (on the copy)
            c.id: signoff.make_token(
                store, c.id, "p01", actor=Administrator("benchmark"), now=datetime.now(UTC)
            )
            for c in current
        }

        def session(cid: int, director: bool) -> Any:
            at = AppTest.from_file(str(APP), default_timeout=120)
            at.session_state["competition"] = cid
            if director:
                at.session_state["director"] = auth.login(password, director_hash)
            at.run()  # the entry run (the overview) before switching
            if at.exception:
                raise RuntimeError(at.exception[0].value)
            return at

        # imports (altair, pandas, ...) are paid once per server process, not per page view
        import ui.charts  # noqa: F401

        session(current[0].id, director=False)
        results: dict[Any, tuple[list[Row], list[float]]] = {}
        for info in current:
            rows = []
            for page in pages:
                for view in views:
                    if page == SIGNOFF and view == "director":
                        continue  # a member's page: the director's login changes nothing
                    at = session(info.id, director=view == "director")
                    if page == SIGNOFF:
                        at.query_params["token"] = links[info.id]
                    if page != "overview":
                        at.switch_page(f"pages/{page}.py")
                    clear_caches()
                    tag = f"{info.id}-{page}-{view}"
                    cold = profiler.timed(at, f"{tag}-cold")
                    cold_cpu = profiler.cpu
                    warm, warm_cpu = [], []
                    for i in range(args.repeat):
                        warm.append(profiler.timed(at, f"{tag}-warm" if i == 0 else None))
                        warm_cpu.append(profiler.cpu)
                    median = statistics.median(warm)
                    rows.append((page, view, cold, median, max(warm), cold_cpu,
                                 statistics.median(warm_cpu)))  # fmt: skip
                    print(f"  {info.competition}: {page} ({view}) cold {cold:.3f} s, warm "
                          f"median {median:.3f} s", flush=True)  # fmt: skip
            # pairing: click "Indelen" on the open round, until the proposal is on the page;
            # each click on a fresh copy, so that it pairs the same open round again
            pairs = []
            for _ in range(args.pairs if not args.page or "round" in args.page else 0):
                fresh_copy()
                at = session(info.id, director=True)
                at.switch_page("pages/round.py").run()
                button = next(b for b in at.form_submit_button if b.label == "Indelen")
                button.click()
                pairs.append(profiler.timed(at))
                if not any("Voorstel indeling" in str(s.value) for s in at.subheader):
                    raise RuntimeError("the proposal did not appear")
            results[info] = (rows, pairs)
    finally:
        shutil.rmtree(work, ignore_errors=True)

    report(results)
    print()
    print(f"after: {load()}")
    unchanged = fingerprint(DB) == before
    print(f"{DB.name}: {'unchanged' if unchanged else 'CHANGED (it should not be)'}")
    return 0 if unchanged else 1


def report(results: dict[Any, tuple[list[Row], list[float]]]) -> None:
    slow: Callable[[bool], str] = lambda late: "   SLOWER THAN TARGET" if late else ""  # noqa: E731
    for info, (rows, pairs) in results.items():
        print()
        print(f"{info.competition} {info.season} ({info.preset}, {info.players} players, "
              f"{info.rounds_played} rounds played)")  # fmt: skip
        print(f"{'page':<14}{'view':<10}{'cold (s)':>10}{'warm median':>13}{'warm max':>10}"
              f"{'cpu cold':>10}{'cpu warm':>10}"
              f"   target cold {COLD_TARGET:.1f} s, warm {WARM_TARGET:.1f} s")  # fmt: skip
        for page, view, cold, median, worst, cold_cpu, warm_cpu in rows:
            late = cold > COLD_TARGET or worst > WARM_TARGET
            print(f"{page:<14}{view:<10}{cold:>10.3f}{median:>13.3f}{worst:>10.3f}"
                  f"{cold_cpu:>10.3f}{warm_cpu:>10.3f}{slow(late)}")  # fmt: skip
        if pairs:
            print(f"{'pair click':<14}{'director':<10}{'':>10}{statistics.median(pairs):>13.3f}"
                  f"{max(pairs):>10.3f}{slow(max(pairs) > PAIR_TARGET)}"
                  f"   (save attendance + pair + show the proposal; target {PAIR_TARGET:.1f} s)")  # fmt: skip


if __name__ == "__main__":
    raise SystemExit(main())
