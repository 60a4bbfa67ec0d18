"""The app server's peak resident memory once every page of every demo competition has been
shown (issue 19, target 6: at most 250 MB).

    .venv/bin/python benchmarks/memory.py            # every page, as a member and a director
    .venv/bin/python benchmarks/memory.py --trace 15 # and the 15 largest holders (tracemalloc)

One process, as one server: a new database with every demo season ``data/*.json``, made as
the app's first start makes it (``compcore.services.demo.seed``) in a temporary folder; then, with
Streamlit's AppTest (the page scripts as the server runs them, one new session per view),
every page ``app.py`` routes, for every competition in it, as a member and as a logged-in
director (the sign-off page by a member's personal link). Prints the peak resident set
(``resource.getrusage(RUSAGE_SELF).ru_maxrss``) once the demo seasons are in, after the
first page and at the end, against the target, and the machine's load average. ``--trace N`` also
lists the N source lines holding the most memory at the end (tracemalloc: slower, and its
own bookkeeping raises the peak, so the figures are printed before it starts).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

from pages import APP, SIGNOFF, as_a_running_server, load, routed_pages  # noqa: E402

TARGET_MB = 250.0


def peak_mb() -> float:
    """The process's peak resident set so far, in MB (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def current_mb() -> float:
    """The process's resident set now, in MB."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def every_view(infos: Any, views: list[str], links: dict[int, str]) -> Any:
    """(competition, page, view) of every page of every competition, in the app's order."""
    for info in infos:
        for page in routed_pages():
            for view in views:
                if page == SIGNOFF and (view == "director" or info.id not in links):
                    continue  # a member's page, by his link
                yield info, page, view


#: Streamlit's registry of installed components, found once as the server finds it
_COMPONENTS: list[Any] = []


def show(info: Any, page: str, view: str, links: dict[int, str], login: Any) -> None:
    """One page in a new session, as a browser opening it: the entry run, then the page.

    A server scans the installed packages for Streamlit components once, when it starts
    (``Runtime.__init__``); each new AppTest scans them again on its first run (every
    distribution's file list: a transient 4-5 MB in the middle of a page, measured with
    tracemalloc). The views here share the first view's registry, as a server's sessions
    share its one."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(APP), default_timeout=120)
    if _COMPONENTS:
        at._bidi_component_manager = _COMPONENTS[0]
    at.session_state["competition"] = info.id
    if view == "director":
        at.session_state["director"] = login()
    at.run()
    if page == SIGNOFF:
        at.query_params["token"] = links[info.id]
    if page != "overview":
        at.switch_page(f"pages/{page}.py").run()
    if not _COMPONENTS and at._bidi_component_manager is not None:
        _COMPONENTS.append(at._bidi_component_manager)
    if at.exception:
        raise RuntimeError(f"{info.competition} {page}: {at.exception[0].value}")


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--trace", type=int, default=0, help="list the N largest holders")
    parser.add_argument("--view", choices=("member", "director", "both"), default="both")
    parser.add_argument("--each", action="store_true", help="memory after each page view")
    args = parser.parse_args()
    print(f"before: {load()}", flush=True)
    started = time.perf_counter()
    # the seeding and the cached reads run outside a script run here: Streamlit says so
    # once per call ("missing ScriptRunContext"), which is true and drowns the figures
    import logging

    logging.getLogger("streamlit.runtime.scriptrunner_utils.script_run_context").setLevel(
        logging.ERROR
    )

    from compcore.adapters.access import auth
    from compcore.adapters.store import Store
    from compcore.ports.actors import Administrator
    from compcore.services import signoff
    from compcore.services.demo import seed as _seed
    from ui import config

    as_a_running_server()
    work = Path(tempfile.mkdtemp(prefix="compcore-memory-"))
    try:
        db = work / "club.duckdb"
        _seeded, errors = _seed(Store(db), config.demo_files())  # as the app's first start
        if errors:
            raise SystemExit(f"demo seasons that did not import: {errors}")
        password = "benchmark"
        director_hash = auth.hash_password(password, iterations=1_000)
        os.environ["COMPCORE_DB"] = str(db)
        os.environ["COMPCORE_DIRECTOR_HASH"] = director_hash
        store = Store(db)
        infos = store.competitions()
        links = {}
        for info in infos:
            season = store.load(info.id)
            member = next((p.id for p in season.players if not p.is_engine), None)
            if member is not None:
                links[info.id] = signoff.make_token(
                    store, info.id, member, actor=Administrator("benchmark"), now=datetime.now(UTC)
                )
        views = ["member", "director"] if args.view == "both" else [args.view]

        def login() -> Any:
            return auth.login(password, director_hash)

        seeded = peak_mb()
        first_page: float | None = None
        shown = 0
        done = None
        for info, page, view in every_view(infos, views, links):
            if done is not None and info.id != done.id:
                print(f"  {done.competition} ({done.preset}): peak {peak_mb():.0f} MB, "
                      f"now {current_mb():.0f} MB", flush=True)  # fmt: skip
            done = info
            show(info, page, view, links, login)
            shown += 1
            if args.each:
                print(f"    {page} ({view}): peak {peak_mb():.1f} MB, now {current_mb():.1f} MB")
            if first_page is None:
                first_page = peak_mb()
        if done is not None:
            print(f"  {done.competition} ({done.preset}): peak {peak_mb():.0f} MB, "
                  f"now {current_mb():.0f} MB", flush=True)  # fmt: skip
        peak, now = peak_mb(), current_mb()
        print()
        print(f"{len(infos)} competitions, {shown} page views in one process "
              f"({time.perf_counter() - started:.0f} s)")  # fmt: skip
        print(f"peak once the demo seasons are in (a first start):  {seeded:6.0f} MB")
        print(f"peak after the first page:                          {first_page or 0:6.0f} MB")
        flag = "" if peak <= TARGET_MB else "   ABOVE TARGET"
        print(f"peak after every page:                              {peak:6.0f} MB"
              f"   target {TARGET_MB:.0f} MB{flag}")  # fmt: skip
        print(f"resident at the end:                                {now:6.0f} MB")
        print(f"after: {load()}", flush=True)
        if args.trace:
            trace(args.trace, list(every_view(infos, views, links)), links, login)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0 if peak <= TARGET_MB else 1


def trace(top: int, every: list[Any], links: dict[int, str], login: Any) -> None:
    """Every page once more under tracemalloc: the source lines holding the most memory."""
    import gc
    import tracemalloc

    tracemalloc.start(1)
    for info, page, view in every:
        show(info, page, view, links, login)
    gc.collect()
    snapshot = tracemalloc.take_snapshot()
    print()
    print(f"the {top} source lines holding the most memory (allocated while tracing):")
    for stat in snapshot.statistics("lineno")[:top]:
        frame = stat.traceback[0]
        print(f"  {stat.size / 2**20:7.1f} MB  {stat.count:>8} blocks  "
              f"{frame.filename.replace(str(ROOT) + '/', '')}:{frame.lineno}")  # fmt: skip
    tracemalloc.stop()


if __name__ == "__main__":
    raise SystemExit(main())
