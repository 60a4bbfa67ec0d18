"""The director's actions in a real browser, timed from the click to its result on screen
(issue 19: each action's median at most 0.5 s and its maximum at most 0.8 s on a quiet
machine; issue 9's was 1 s).

    python benchmarks/director_actions.py              # 5 repetitions
    python benchmarks/director_actions.py --runs 3 --competition "Clubladder"

A fresh database made from ``data/*.json`` the way the app does on its first start
(``ui.state._seed``: every demo season in one transaction), ``streamlit run app.py`` over
it, and Debian's chromium driven by Playwright (the helpers of ``tests/test_browser.py``),
logged in as a director on a laptop-sized window. On the competition's open round, each
repetition: pair (the proposal shown), publish (the sheet shown), one result saved (the
saved message), finalize (the finalized message), a correction of board 1 (the preview
shown, then saved with a reason), undo (the round deleted, after its confirmation). Undo
brings the round back to new, so the next repetition starts from (nearly) the same state.
Prints the median and maximum per action in seconds, whether each meets the target, and
the machine's load average, which matters: the machine may be shared.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from test_app_support import PASSWORD  # noqa: E402
from test_browser import CHROMIUM, LAPTOP, choose, goto, see, serving, settle  # noqa: E402

from compcore.adapters.store import Store  # noqa: E402

DEFAULT = "Interne ladder · 2025-2026 · Schaakvereniging Dubbelschaak"
MEDIAN_LIMIT = 0.5  # seconds: issue 19's target for every action's median
MAX_LIMIT = 0.8  # and for its slowest repetition
BOARD = re.compile(r"^\d+\. .+ – .+$")  # a results box's label
ACTIONS = ("pair", "publish", "result", "finalize", "correction preview", "correction save",
           "undo")  # fmt: skip


def demo_database(folder: Path) -> Path:
    """A new database with every demo season, made as the app's first start makes it."""
    from ui import config
    from ui.state import _seed

    db = folder / "club.duckdb"
    _seeded, errors = _seed(Store(db), config.demo_files())
    if errors:
        raise SystemExit(f"demo seasons that did not import: {errors}")
    return db


def timed(page, click: Callable[[], None], text: str) -> float:
    """Seconds from ``click`` to ``text`` being visible; then wait for the run to end."""
    start = time.perf_counter()
    click()
    page.get_by_text(text, exact=False).first.wait_for(state="visible", timeout=60_000)
    took = time.perf_counter() - start
    settle(page)
    return took


def button(page, name: str) -> Callable[[], None]:
    return lambda: page.get_by_role("button", name=name, exact=True).click()


def board_labels(page) -> list[str]:
    """The results form's boxes, board by board ("1. White – Black"), as the page shows them.
    Not from the database: opening it here would make the server let go of the file it
    keeps open while in use (``connection.keep_open``), which no director's click pays."""
    texts = page.locator("[data-testid='stSelectbox'] label").all_inner_texts()
    return [t.strip() for t in texts if BOARD.match(t.strip())]


def one_round(page, number: int) -> dict[str, float]:
    """One repetition on round ``number`` (new or with its attendance): every action once."""
    t: dict[str, float] = {}
    t["pair"] = timed(page, button(page, "Indelen"), f"Voorstel indeling ronde {number}")
    reason = page.get_by_label("Reden om af te wijken", exact=False)
    if reason.count():  # the engine's proposal should keep the rules; if not, say why
        reason.fill("benchmark")
        reason.press("Enter")
        settle(page)
    t["publish"] = timed(page, button(page, "Publiceren"), "Indeling afdrukken (HTML)")
    labels = board_labels(page)  # read off the page: the server keeps the file open
    choose(page, labels[0], "1-0")
    t["result"] = timed(page, button(page, "Uitslagen opslaan"), "Uitslagen opgeslagen.")
    for label in labels[1:]:
        choose(page, label, "½-½ (remise)")
    t["finalize"] = timed(page, button(page, "Ronde afsluiten"), f"Ronde {number} afgesloten")
    choose(page, labels[0], "0-1")
    t["correction preview"] = timed(page, button(page, "Bekijk gevolgen"),
                                    "Gevolgen van de correctie")  # fmt: skip
    reason = page.get_by_label("Reden van de correctie", exact=False)
    reason.fill("benchmark")
    reason.press("Enter")
    settle(page)
    t["correction save"] = timed(page, button(page, "Correctie opslaan"),
                                 f"Correctie van ronde {number} opgeslagen")  # fmt: skip
    page.get_by_role("button", name=f"Ronde {number} ongedaan maken").click()
    see(page, "Zeker weten?")
    t["undo"] = timed(page, button(page, f"Ja, ronde {number} verwijderen"),
                      f"Ronde {number} is verwijderd")  # fmt: skip
    return t


def run(runs: int, competition: str) -> dict[str, list[float]]:
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="director-actions-"))
    db = demo_database(folder)
    store = Store(db)
    info = next(c for c in store.competitions()
                if f"{c.competition} · {c.season} · {c.club}" == competition)  # fmt: skip
    number = store.load(info.id).rounds[-1].number
    times: dict[str, list[float]] = {a: [] for a in ACTIONS}
    with serving(db, folder / "server.log") as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM,
                                     args=["--no-sandbox", "--headless", "--disable-gpu"])  # fmt: skip
        page = browser.new_context(viewport=LAPTOP).new_page()
        page.goto(url)
        see(page, "Koplopers")
        page.get_by_label("Naam wedstrijdleider").fill("director")
        page.get_by_label("Wachtwoord").fill(PASSWORD)
        page.get_by_role("button", name="Inloggen").click()
        see(page, "Uitloggen")
        choose(page, "Competitie", competition)
        goto(page, "Ronde", "Aanwezigheid")
        for _ in range(runs):
            for action, took in one_round(page, number).items():
                times[action].append(took)
        browser.close()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--competition", default=DEFAULT, help="as the sidebar picker names it")
    args = parser.parse_args()
    before = os.getloadavg()
    times = run(args.runs, args.competition)
    after = os.getloadavg()
    print(f"{args.competition}: {args.runs} runs; seconds from the click to the result shown")
    print(f"target: median <= {MEDIAN_LIMIT:g} s and max <= {MAX_LIMIT:g} s on a quiet machine")
    print(f"{'action':<20} {'median':>7} {'max':>7}  target")
    for action, values in times.items():
        median, slowest = statistics.median(values), max(values)
        over = [f"median over {MEDIAN_LIMIT:g} s"] if median > MEDIAN_LIMIT else []
        over += [f"max over {MAX_LIMIT:g} s"] if slowest > MAX_LIMIT else []
        verdict = "met" if not over else "NOT met: " + ", ".join(over)
        print(f"{action:<20} {median:7.2f} {slowest:7.2f}  {verdict}")
    print("load average (1, 5, 15 min): before " + ", ".join(f"{x:.2f}" for x in before)
          + "; after " + ", ".join(f"{x:.2f}" for x in after) + f"; {os.cpu_count()} cores")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
