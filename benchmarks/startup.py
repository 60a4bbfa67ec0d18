"""Start-up: the whole ``compcore`` process, as a user at the command line waits for it;
with ``--app``, the app's first page on a fresh database, as a director waits for it.

    python benchmarks/startup.py             # 15 runs of each command
    python benchmarks/startup.py --runs 30
    python benchmarks/startup.py --app       # 3 fresh databases; --root: another checkout

Each command runs as its own process (``sys.executable -m compcore ...``), so the figures
include the interpreter's start, every import and the work; each is also shown as a
multiple of its reference process, with the peak resident memory of one run. Targets
(issue 19): ``compcore standings`` of a 60-player, 36-round season at most 4x a Python
process that only reads the same JSON file, and at most 60 MB; ``--help`` and ``presets``
at most 2x ``python -c pass``; ``pair FILE.trf`` imports nothing a TRF does not need (no
pydantic, ruleset schema, networkx nor numpy: ``tests/cli/test_cli_startup.py``, which also
keeps numpy, pandas, streamlit and duckdb out of ``--help`` and ``presets``). The commands
run as a user's second command does: with the ruleset validated before (the user's cache,
``compcore.rules.rulesets.validated``); one more row shows ``standings`` with no cache, its
ruleset validated by pydantic.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from compcore.adapters.files import season_file
from compcore.lab import synthetic

#: the generated seasons: (label, preset, overrides), 60 players and 36 played rounds each
SEASONS = [
    ("dubbelschaak", "dubbelschaak", {"cycles": 1, "rounds_per_cycle": 36}),
    ("keizer-classic", "keizer-classic", {"rounds_per_cycle": 36}),  # iterates at 19 and 36
    ("princenpaard", "princenpaard", None),
]

#: four players, two rounds played, the third to pair (one asked for a bye)
TRF = (
    "012 Club Swiss\n"
    "XXR 5\n"
    "XXC white1\n"
    "001    1 m    Player 1                          1800 NED    12345678 2000/01/01  1.5          3 w 1     2 b =\n"
    "001    2 m    Player 2                          1800 NED    12345678 2000/01/01  1.5          4 w 1     1 w =\n"
    "001    3 m    Player 3                          1800 NED    12345678 2000/01/01  1.0          1 b 0     4 w 1\n"
    "001    4 m    Player 4                          1800 NED    12345678 2000/01/01  0.0          2 b 0     3 b 0  0000 - H\n"
    "102 Arbiter Name\n"
)


#: the children's environment: bytecode cached as an installed package has it (where
#: PYTHONDONTWRITEBYTECODE is set, every run would compile compcore's modules anew)
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run(args: list[str], runs: int) -> tuple[float, float, float]:
    """Median and minimum wall time, and median CPU time (user + system: less sensitive to
    other load on the machine), in milliseconds, of ``python ARGS`` as a process, after one
    run that is not counted (it writes the bytecode caches, and the validated rulesets'
    cache: ``compcore.rules.rulesets.validated``)."""
    subprocess.run([sys.executable, *args], check=True, stdout=subprocess.DEVNULL, env=ENV)
    times, cpu = zip(*(_once(args) for _ in range(runs)), strict=True)
    return statistics.median(times) * 1000, min(times) * 1000, statistics.median(cpu) * 1000


def _once(args: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of one ``python ARGS`` process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, *args], check=True, stdout=subprocess.DEVNULL, env=ENV)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def paired_ratio(args: list[str], reference: list[str], runs: int) -> float:
    """The median over ``runs`` pairs of the CPU time of ``python ARGS`` over that of
    ``python REFERENCE`` run right after it: each pair sees the same state of the machine,
    where two series run one after the other see its drift (a shared machine's speed moves
    by 10-20% over a minute)."""
    return statistics.median(_once(args)[1] / _once(reference)[1] for _ in range(runs))


def peak_mb(args: list[str]) -> float:
    """The peak resident memory of one ``python ARGS`` process, in MB (Linux: kB units)."""
    probe = (
        "import resource, subprocess, sys; "
        "subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL); "
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, sys.executable, *args],
        check=True,
        capture_output=True,
        text=True,
        env=ENV,
    )
    return int(done.stdout.split()[-1]) / 1024


#: a Python process that only reads a JSON file: the reference for ``standings``
READ_JSON = "import json, sys; json.load(open(sys.argv[1], 'rb'))"


Command = tuple[str, list[str], str | None, float | None]


def standings_commands(
    folder: Path, seasons: list[tuple[str, str, dict | None]], *, label: str
) -> list[Command]:
    """For each (name, preset, overrides): a 60-player, 36-round season written to
    ``folder``, a Python process that only reads its JSON (the reference) and
    ``compcore standings`` of it, held to 4x the reference (issue 19)."""
    commands: list[Command] = []
    for name, preset, overrides in seasons:
        path = folder / f"{name}.json"
        season = synthetic.season(preset, n_players=60, n_rounds=36, seed=7, overrides=overrides)
        season_file.dump(season, path)
        reference = f"python reading the JSON file ({name})"
        commands.append((reference, ["-c", READ_JSON, str(path)], None, None))
        commands.append((f"{label} ({name})", ["-m", "compcore", "standings", str(path)],
                         reference, 4))  # fmt: skip
    return commands


def whole_process(commands: list[Command], runs: int) -> dict[str, float]:
    """Print each command's median and minimum wall time, its CPU time, its multiple of
    the reference row it names (CPU time: steadier on a busy machine; the two run in
    pairs, :func:`paired_ratio`) against the target, and its peak memory; return the CPU
    medians by label."""
    print(f"whole process, {runs} runs each; x = CPU time / the reference's, run in pairs (target)")
    print(f"{'command':<48} {'median ms':>10} {'min ms':>8} {'CPU ms':>8} {'x':>12} {'MB':>6}")
    cpus: dict[str, float] = {}
    args_of: dict[str, list[str]] = {}
    for label, command, reference, target in commands:
        median, best, cpu = run(command, runs)
        cpus[label], args_of[label] = cpu, command
        ratio = ""
        if reference is not None:  # the two run in pairs (:func:`paired_ratio`)
            ratio = f"{paired_ratio(command, args_of[reference], runs):.2f}"
            ratio += f" ({target:g})" if target is not None else ""
        mb = peak_mb(command)
        print(f"{label:<48} {median:>10.1f} {best:>8.1f} {cpu:>8.1f} {ratio:>12} {mb:>6.1f}")
    return cpus


ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
READY = "[data-testid='stApp'][data-test-script-state='notRunning']"
#: the page is up: its first words in the main area (a title, or the note while the demo
#: seasons go in); the menu alone does not count (a fresh server draws it from ``pages/``)
PAGE_UP = "[data-testid='stMain'] h1, [data-testid='stMain'] [data-testid='stAlert']"


def first_page(root: Path, folder: Path, port: int) -> tuple[float, float, float]:
    """Issue 9, item 9 (then issue 19: within 1.5 s). A fresh database path: seconds
    from ``streamlit run`` to the server answering; from the browser's first request to
    the first page up (its menu, sidebar and first words: a note while the demo seasons go
    in); and to the
    overview with the demo seasons (their leaders shown, the script run finished)."""
    from playwright.sync_api import sync_playwright

    env = dict(os.environ, COMPCORE_DB=str(folder / "club.duckdb"), COMPCORE_CREATE="1",
               PYTHONPATH=str(root))  # fmt: skip
    env.pop("COMPCORE_DIRECTOR_HASH", None)
    url = f"http://127.0.0.1:{port}"
    start = time.perf_counter()
    server = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true",
         "--server.address", "127.0.0.1", "--server.port", str(port),
         "--browser.gatherUsageStats", "false"],
        cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        while not _healthy(url):
            time.sleep(0.05)
        up = time.perf_counter() - start
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            page = browser.new_page()
            begin = time.perf_counter()
            page.goto(url)
            page.wait_for_selector(PAGE_UP, timeout=60_000)
            shown = time.perf_counter() - begin
            page.get_by_text("Koplopers").first.wait_for(timeout=60_000)
            page.wait_for_selector(READY, timeout=60_000)
            filled = time.perf_counter() - begin
            browser.close()
        return up, shown, filled
    finally:
        server.terminate()
        server.wait(timeout=10)


def _healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as answer:
            return bool(answer.read().strip() == b"ok")
    except OSError:
        return False


def app_main(root: Path, runs: int) -> int:
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} is not installed: no browser to measure the first page with")
        return 2
    print(f"the app on a fresh database ({root}), {runs} runs; seconds")
    print(f"{'run':<5} {'server up':>10} {'first page':>11} {'demo seasons in':>16}")
    pages = []
    for i in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            up, shown, filled = first_page(root, Path(tmp), 8700 + i)
        pages.append(shown)
        print(f"{i + 1:<5} {up:>10.2f} {shown:>11.2f} {filled:>16.2f}")
    print(f"median first page: {statistics.median(pages):.2f} s (target (issue 19): at most 1.5 s)")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=None)
    parser.add_argument("--app", action="store_true", help="the app's first page instead")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to run (--app)")
    args = parser.parse_args(argv)
    if args.app:
        return app_main(args.root, args.runs or 3)
    args.runs = args.runs or 15
    with tempfile.TemporaryDirectory() as tmp:
        bare = "python alone (-c pass), for reference"
        commands: list[Command] = [
            (bare, ["-c", "pass"], None, None),
            ("compcore --help", ["-m", "compcore", "--help"], bare, 2),
            ("compcore presets", ["-m", "compcore", "presets"], bare, 2),
        ]
        commands += standings_commands(Path(tmp), SEASONS, label="compcore standings, 60 x 36")
        # the same command with no ruleset cache (``COMPCORE_CACHE=``): validated by pydantic
        cold = (
            "import os, runpy, sys; os.environ['COMPCORE_CACHE'] = ''; "
            "sys.argv = ['compcore', 'standings', sys.argv[1]]; "
            "runpy.run_module('compcore', run_name='__main__')"
        )
        commands.append(("compcore standings, no ruleset cache (keizer-classic)",
                         ["-c", cold, str(Path(tmp) / "keizer-classic.json")],
                         "python reading the JSON file (keizer-classic)", None))  # fmt: skip
        trf = Path(tmp) / "round.trf"
        trf.write_text(TRF, encoding="utf-8")
        commands.append(("compcore pair FILE.trf (4 players)", ["-m", "compcore", "pair", str(trf)],
                         bare, None))  # fmt: skip
        whole_process(commands, args.runs)
    print("peak memory target: standings at most 60 MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
