"""Fuzzing (issue 8): seeded mutations of the demo seasons (data/*.json), the Swiss test
vectors' TRF files and players CSVs made from the demo rosters.

The property, for every mutated file: the command line (run in-process, ``cli.main``) ends
with exit 0, 1 (only ``check``) or 2; on exit 2 it printed exactly one line, on 0 and 1
none, to stderr; ``compcore import FILE --db DB`` that fails leaves the database as it was.
A players CSV never makes the reader raise: it gives players or one-line row errors, and a
roster it gives either passes the season check or is refused with a compcore error (and the
store, refusing it, changes nothing).

Each case is a seed: a failure names it, so ``mutated_season(seed)`` (or ``mutated_trf``,
``mutated_csv``) shows the file again. The quick run covers a few hundred cases, the run
marked ``slow`` some thousands with other seeds (CI runs both; ``-m "not slow"`` skips it).
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import random
import signal
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from compcore.adapters.files import players_csv, season_file
from compcore.adapters.store import Store
from compcore.cli import main as cli
from compcore.domain.errors import CompcoreError
from compcore.i18n import LANGUAGES
from compcore.ports.actors import Administrator
from tests.adapters.store.test_store_support import dump_tables

ROOT = Path(__file__).resolve().parents[2]
DEMOS = sorted((ROOT / "data").glob("*.json"))
VECTORS = ROOT / "tests" / "data" / "swiss-vectors"
ADMIN = Administrator("fuzz")
#: a case that takes longer than this is a hang (the slowest demo command takes 0.2 s)
CASE_SECONDS = 10

# --------------------------------------------------------------------------- hostile values

HOSTILE_VALUES: list[Any] = [
    None, True, False, 0, -1, 1, 2, 3501, 10**5, 2**63 - 1, 2**63, -(2**63) - 1, 2**127,
    10**40, 1.5, float("nan"), float("inf"), "", " ", "x", "p01", "komodo", "\ud800",
    "\udfffx", "\x00", "x" * 5000, "=HYPERLINK(\"http://x\")", "[a](http://x)", "1/0 opp",
    "1/0", "1e100000000", "1e9999", "2024-13-45", "9999-99-99", "absent", "1-0", "0-0F",
    "engine", "always", "cycle", "every", "ë€🂡", [], {}, [1, 2], {"a": 1}, ["p01", "p01"],
]  # fmt: skip

#: override fields whose value sets the amount of work (rounds, cycles, iterations)
OVERRIDE_FIELDS = [
    ("rounds_per_cycle",), ("cycles",), ("display_decimals",), ("first_cycle_number",),
    ("points", "win"), ("points", "absent"), ("keizer", "max_iterations"),
    ("pairing", "max_meetings"), ("pairing", "bye"), ("awards", "playoff_size"),
    ("initial_order",), ("tie_breaks",), ("system",), ("nonsense",),
]  # fmt: skip


def deep(levels: int) -> Any:
    value: Any = 1
    for _ in range(levels):
        value = {"a": value}
    return value


# --------------------------------------------------------------------------- season files


@cache
def demo(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def base_season(rng: random.Random) -> dict[str, Any]:
    """A demo season cut after a random round, the next round opened from its players
    (so ``pair`` has an open round to pair)."""
    data = copy.deepcopy(demo(rng.choice(DEMOS)))
    rounds = data["rounds"]
    keep = rng.randint(0, min(len(rounds) - 1, 8))
    following = rounds[keep]
    playing = [pid for g in following.get("games", []) for pid in (g["white"], g["black"])]
    humans = {p["id"] for p in data["players"] if p.get("virtual") != "engine"}
    data["rounds"] = [
        *rounds[:keep],
        {"round": keep + 1, "present": [pid for pid in playing if pid in humans]},
    ]
    return data


def nodes(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """(path, value) of every value inside ``data`` (not ``data`` itself)."""
    if isinstance(data, dict):
        items: Any = data.items()
    elif isinstance(data, list):
        items = enumerate(data)
    else:
        return
    for key, value in items:
        yield (*path, key), value
        yield from nodes(value, (*path, key))


def parent_of(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path[:-1]:
        data = data[key]
    return data


def mutate_alike(data: dict[str, Any], rng: random.Random) -> str:
    """A plausible change: a value replaced by another of its kind from the same file (a
    player id by another, a result by another) or a whole number moved a little. Many such
    files stay valid, so the engines run on them."""
    leaves = [(p, v) for p, v in nodes(data) if isinstance(v, str | int)]
    path, value = rng.choice(leaves)
    if isinstance(value, int) and not isinstance(value, bool) and rng.random() < 0.5:
        new: Any = value + rng.choice([-3, -2, -1, 1, 2, 3])
    else:
        new = rng.choice([v for _, v in leaves if type(v) is type(value)])
    parent_of(data, path)[path[-1]] = new
    return f"alike {path} = {new!r:.40}"


def mutate_tree(data: dict[str, Any], rng: random.Random) -> str:
    """One structural change; returns what it did."""
    paths = [p for p, _ in nodes(data)]
    path = rng.choice(paths)
    parent, key = parent_of(data, path), path[-1]
    what = rng.random()
    if what < 0.4:
        value = copy.deepcopy(rng.choice(HOSTILE_VALUES))
        parent[key] = value
        return f"set {path} = {value!r:.40}"
    if what < 0.45:
        levels = rng.choice([5, 40, 900])
        parent[key] = deep(levels)
        return f"set {path} = {levels} levels deep"
    if what < 0.6:
        del parent[key]
        return f"delete {path}"
    if what < 0.7 and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(parent[key]))
        return f"duplicate {path}"
    if what < 0.8 and isinstance(parent, dict):
        parent[str(key) + "_"] = parent.pop(key)
        return f"rename {path}"
    field = rng.choice(OVERRIDE_FIELDS)
    ruleset = data.setdefault("ruleset", {})
    if not isinstance(ruleset, dict):  # an earlier change made it something else
        return "ruleset not an object"
    overrides = ruleset.setdefault("overrides", {})
    if not isinstance(overrides, dict):
        return "overrides not an object"
    node = overrides
    for part in field[:-1]:
        node = node.setdefault(part, {}) if isinstance(node.get(part, {}), dict) else {}
    value = rng.choice([*HOSTILE_VALUES, 3, 12, 10**6, 10**12])
    node[field[-1]] = copy.deepcopy(value)
    return f"override {field} = {value!r:.40}"


def mutate_text(text: str, rng: random.Random) -> tuple[str, str]:
    """One change to the file's text (it need not be JSON afterwards)."""
    i = rng.randrange(len(text))
    what = rng.random()
    if what < 0.3:
        return text[:i], f"truncate at {i}"
    if what < 0.6:
        ch = rng.choice(['"', "{", "}", "[", "]", ",", ":", "0", "9", "-", "e", "\\", "\\u"])
        return text[:i] + ch + text[i + 1 :], f"replace char {i} by {ch!r}"
    if what < 0.8:
        return "[" * 100_000 + text + "]" * 100_000, "wrap 100,000 deep"
    return text.replace("1", "1" * 5000, 1), "a number of 5,000 digits"


def mutated_season(seed: int) -> tuple[str, list[str]]:
    """The season file text of case ``seed`` and what was done to it."""
    rng = random.Random(seed)
    data = base_season(rng)
    if rng.random() < 0.5:
        done = [mutate_alike(data, rng) for _ in range(rng.choice([1, 1, 2]))]
    else:
        done = [mutate_tree(data, rng) for _ in range(rng.choice([1, 1, 2, 3]))]
    text = json.dumps(data, ensure_ascii=rng.random() < 0.5)
    if rng.random() < 0.15:
        text, how = mutate_text(text, rng)
        done.append(how)
    return text, done


# --------------------------------------------------------------------------- TRF files


@cache
def small_vectors() -> list[str]:
    texts = [p.read_text(encoding="utf-8") for p in sorted(VECTORS.glob("*.trf"))]
    return [t for t in texts if t.count("\n") <= 24]


TRF_RECORDS = [
    "XXR 0", "XXR 1", "XXR 99999", "XXR 1e9", "XXR 99999999999999999999", "XXC black1",
    "XXC red1", "BBW 1e9999", "BBW 3.0", "BBD 1.0", "BBF 1.0", "BBU 0.5", "BBZ 0.5",
    "BBL -1", "BBW 0", "012 " + "x" * 1000, "001", "001 " + "9" * 200, "162 W 3.0",
]  # fmt: skip
TRF_CHARS = [*list("0123456789 wb-+=HFUZWDLxe."), "é", "\t", "\u2028", "0000"]


def mutated_trf(seed: int) -> tuple[str, list[str]]:
    rng = random.Random(seed)
    lines = rng.choice(small_vectors()).splitlines()
    done = []
    for _ in range(rng.choice([1, 1, 2, 3])):
        i = rng.randrange(len(lines))
        what = rng.random()
        if what < 0.5 and lines[i]:
            j = rng.randrange(len(lines[i]))
            ch = rng.choice(TRF_CHARS)
            lines[i] = lines[i][:j] + ch + lines[i][j + 1 :]
            done.append(f"line {i + 1} col {j + 1} = {ch!r}")
        elif what < 0.6:
            del lines[i]
            done.append(f"delete line {i + 1}")
        elif what < 0.7:
            lines.insert(i, lines[i])
            done.append(f"duplicate line {i + 1}")
        elif what < 0.8:
            lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
            done.append(f"cut line {i + 1}")
        else:
            record = rng.choice(TRF_RECORDS)
            lines.insert(rng.randrange(len(lines) + 1), record)
            done.append(f"insert {record[:20]!r}")
    return "\n".join(lines) + "\n", done


# --------------------------------------------------------------------------- players CSV

CSV_CHARS = ['"', ",", ";", "\t", "\r", "\n", "\r\n", "\x00", "=", "-", " ", "é", "x" * 131_073]


def mutated_csv(seed: int) -> tuple[str, list[str]]:
    rng = random.Random(seed)
    data = demo(rng.choice(DEMOS))
    sep = rng.choice([",", ";", "\t"])
    head = rng.choice([["id", "name", "rating", "strength", "level", "flags", "participation"],
                       ["Id", "Naam", "Elo", "Sterkte", "Deelname"], ["id", "name"]])  # fmt: skip
    field = {"naam": "name", "elo": "rating", "sterkte": "strength", "deelname": "participation"}
    rows = [head]
    for p in data["players"][: rng.randint(1, 12)]:
        rows.append([str(p.get(field.get(h.lower(), h.lower()), "") or "") for h in head])
    text = "\n".join(sep.join(r) for r in rows) + "\n"
    done = []
    for _ in range(rng.choice([1, 2, 3])):
        if not text:
            break
        i = rng.randrange(len(text))
        what = rng.random()
        if what < 0.6:
            ch = rng.choice(CSV_CHARS)
            text = text[:i] + ch + text[i + 1 :]
            done.append(f"char {i} = {ch[:5]!r}")
        elif what < 0.75:
            text = text.replace("\n", rng.choice(["\r", "\r\n"]))
            done.append("line endings")
        elif what < 0.9:
            text = text[:i]
            done.append(f"truncate at {i}")
        else:
            value = str(rng.choice([-5, 3501, 10**30, "1e5", "٣"]))
            text = text.replace(sep + str(data["players"][0].get("rating", "")), sep + value, 1)
            done.append(f"rating {value}")
    return text, done


# --------------------------------------------------------------------------- running a case


@dataclass
class Outcome:
    code: object
    out: str
    err: str


@contextlib.contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    def expired(signum: int, frame: object) -> None:
        raise TimeoutError(f"took more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def run_cli(argv: list[str]) -> Outcome:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            with time_limit(CASE_SECONDS):
                code: object = cli.main(argv)
        except SystemExit as exc:  # argparse
            code = exc.code
        except BaseException as exc:  # a hang, or anything main() let through
            code = f"{type(exc).__name__}: {exc}"
    return Outcome(code, out.getvalue(), err.getvalue())


def cli_problem(outcome: Outcome, command: str) -> str | None:
    """What is wrong with the outcome, or None."""
    allowed = (0, 1, 2) if command == "check" else (0, 2)
    if outcome.code not in allowed:
        return f"exit {outcome.code!r}; stderr {outcome.err[:300]!r}"
    if outcome.code == 2:
        prefixes = ("compcore: fout: ", "compcore: error: ")  # Dutch, or English (--lang en)
        if outcome.err.count("\n") != 1 or not outcome.err.startswith(prefixes):
            return f"exit 2 with stderr {outcome.err[:300]!r}"
    elif outcome.err:
        return f"exit {outcome.code} with stderr {outcome.err[:300]!r}"
    return None


def season_case(seed: int, folder: Path, db: Path) -> str | None:
    text, done = mutated_season(seed)
    path = folder / "season.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    rng = random.Random(-seed)
    lang = rng.choice(LANGUAGES)
    if rng.random() < 0.1:
        before = dump_tables(db)
        outcome = run_cli(["--lang", lang, "import", str(path), "--db", str(db), "--replace"])
        problem = cli_problem(outcome, "import")
        if problem is None and outcome.code != 0 and dump_tables(db) != before:
            problem = "a failed import changed the database"
        return None if problem is None else f"seed {seed} import {done}: {problem}"
    command = rng.choice(["standings", "pair", "check", "winners"])
    extra = rng.choice([[], [], ["--format", "json"], ["--after-round", str(rng.randint(-1, 9))]])
    if command == "standings":
        extra = extra or rng.choice([["--format", "csv"], ["--cycle", str(rng.randint(0, 3))]])
    if command == "check":
        extra = []
    if command == "pair" and "--after-round" in extra:
        extra = []
    outcome = run_cli(["--lang", lang, command, str(path), *extra])
    problem = cli_problem(outcome, command)
    return None if problem is None else f"seed {seed} {command} {extra} {done}: {problem}"


def trf_case(seed: int, folder: Path) -> str | None:
    text, done = mutated_trf(seed)
    path = folder / "t.trf"
    if random.Random(seed).random() < 0.05:
        path.write_bytes(text.encode("utf-8").replace(b"0", b"\xff", 1))
        done.append("a byte that is not UTF-8")
    else:
        path.write_text(text, encoding="utf-8")
    outcome = run_cli(["--lang", random.Random(-seed).choice(LANGUAGES), "pair", str(path)])
    problem = cli_problem(outcome, "pair")
    return None if problem is None else f"seed {seed} {done}: {problem}"


def csv_case(seed: int, store: Store, cid: int, db: Path) -> str | None:
    text, done = mutated_csv(seed)
    try:
        with time_limit(CASE_SECONDS):
            parsed = players_csv.parse(text)
    except BaseException as exc:
        return f"seed {seed} {done}: parse raised {type(exc).__name__}: {exc}"
    for error in parsed.errors:
        if any("\n" in error.text(lang) for lang in LANGUAGES):
            return f"seed {seed} {done}: a row error of more than one line: {error.text()!r}"
    if not parsed.ok:
        return None
    season = store.load(cid)
    try:
        new = replace(season, players=players_csv.merge(season.players, parsed))
        season_file.parse(season_file.to_data(new), "csv")
    except CompcoreError:
        before = dump_tables(db)
        try:
            store.save_season(cid, new, actor=ADMIN, action="import-players")
        except CompcoreError:
            return None if dump_tables(db) == before else f"seed {seed} {done}: store changed"
        return f"seed {seed} {done}: the store took a roster the season check refused"
    except BaseException as exc:
        return f"seed {seed} {done}: {type(exc).__name__}: {exc}"
    return None


def fuzz(cases: range, case: Callable[[int], str | None]) -> None:
    failures = [f for f in map(case, cases) if f is not None]
    assert not failures, f"{len(failures)} of {len(cases)} failed; first: {failures[0]}"


@pytest.fixture
def small_db(tmp_path: Path) -> tuple[Store, int, Path]:
    """A database with one short competition (three rounds of the A/B ladder demo)."""
    data = copy.deepcopy(demo(ROOT / "data" / "ladder-ab.json"))
    data["rounds"] = data["rounds"][:3]
    path = tmp_path / "fuzz.duckdb"
    store = Store(path)
    cid = store.import_season(season_file.parse(data, "base"), actor=ADMIN)
    return store, cid, path


# --------------------------------------------------------------------------- the tests

QUICK = 150
THOROUGH = 2500


def test_fuzz_season_files(tmp_path: Path, small_db) -> None:
    fuzz(range(QUICK), lambda seed: season_case(seed, tmp_path, small_db[2]))


def test_fuzz_trf_files(tmp_path: Path) -> None:
    fuzz(range(QUICK), lambda seed: trf_case(seed, tmp_path))


def test_fuzz_players_csv(small_db) -> None:
    store, cid, path = small_db
    fuzz(range(QUICK), lambda seed: csv_case(seed, store, cid, path))


@pytest.mark.slow
def test_fuzz_thoroughly(tmp_path: Path, small_db) -> None:
    store, cid, path = small_db
    seeds = range(10_000, 10_000 + THOROUGH)
    fuzz(seeds, lambda seed: season_case(seed, tmp_path, path))
    fuzz(seeds, lambda seed: trf_case(seed, tmp_path))
    fuzz(seeds, lambda seed: csv_case(seed, store, cid, path))
