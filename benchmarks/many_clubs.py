"""Many clubs on one PostgreSQL database (issue 21 item 5): reads, writes and races.

    .venv/bin/python benchmarks/many_clubs.py [--clubs 200] [--competitions 3] [--players 60]
        [--rounds 8] [--seconds 5] [--readers 4] [--writers 20] [--racers 5] [--races 20]
        [--url postgresql://...]

Starts a throw-away PostgreSQL server (``tests/postgres_server.py``; ``--url`` names a
database to use instead, which must be empty) and imports ``--clubs`` clubs of
``--competitions`` Keizer competitions of ``--players`` players and ``--rounds`` played
rounds each (one transaction per club). Each club has its own director, limited to it
(``COMPCORE_DIRECTOR_CLUBS``). Then, each for ``--seconds``:

- **reads**: ``--readers`` threads, one store each (as app servers), each read a random
  competition: a standings read (load + the standings) and a pairing read (load + the
  engine's proposal for the next round); reads per second;
- **writes**: ``--writers`` directors at once, each on his own club, each saving results of
  his competition's last round again and again (read, change one board, save with what he
  read); writes per second, every refusal named; and one write of each to the next club's
  competition, which must be refused (clubs kept apart);
- meanwhile, **a page's store calls** (the revision, the competition list, the season, its
  log, the round's draft and marks), p50/p95 per page, timed by one more thread;
- **races**: ``--racers`` directors of one club saving the same round at the same moment,
  ``--races`` times: in each, one is stored and the others refused as stale (no lost
  update: the round as stored is the stored one's, checked).

Prints the figures and the machine's load average. Nothing is left running or on disk.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

from store import club_season  # noqa: E402  (benchmarks/store.py)

from compcore.adapters.access import auth  # noqa: E402
from compcore.adapters.store import Store  # noqa: E402
from compcore.domain.errors import CompcoreError, NotAuthorized, StaleWriteError  # noqa: E402
from compcore.domain.model import Game, Result, Round, Season  # noqa: E402
from compcore.pairing import pair  # noqa: E402
from compcore.ports.actors import Administrator, Director  # noqa: E402
from compcore.rules.rulesets import ruleset_of  # noqa: E402
from compcore.services.reading import standings  # noqa: E402
from tests import postgres_server  # noqa: E402

ADMIN = Administrator("benchmark")
PASSWORD = "benchmark"
RESULTS = (Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS)


def club_name(n: int) -> str:
    return f"Schaakclub {n:03d}"


def seasons_of(club: int, competitions: int, players: int, rounds: int) -> list[Season]:
    return [
        replace(club_season(2025, players, rounds, seed=club * 10 + c),
                club=club_name(club), competition=f"intern {c + 1}")
        for c in range(competitions)
    ]  # fmt: skip


def changed(rnd: Round, rng: random.Random, board: int | None = None) -> Round:
    """The round with one board's result changed (``board``, else a random one)."""
    games = list(rnd.games or ())
    i = rng.randrange(len(games)) if board is None else board % len(games)
    others = [r for r in RESULTS if r != games[i].result]
    games[i] = Game(games[i].white, games[i].black, rng.choice(others))
    return replace(rnd, games=tuple(games))


def with_open_round(season: Season) -> Season:
    """The season with its next round open, every player present (to be paired)."""
    number = season.rounds[-1].number + 1
    present = tuple(p.id for p in season.players)
    return replace(season, rounds=(*season.rounds, Round(number, cycle=0, present=present)))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run_for(seconds: float, threads: int, work: Callable[[int, threading.Event], None]) -> None:
    stop = threading.Event()
    workers = [threading.Thread(target=work, args=(i, stop)) for i in range(threads)]
    for w in workers:
        w.start()
    time.sleep(seconds)
    stop.set()
    for w in workers:
        w.join()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    for name, default in (("clubs", 200), ("competitions", 3), ("players", 60), ("rounds", 8),
                          ("readers", 4), ("writers", 20), ("racers", 5), ("races", 20)):  # fmt: skip
        parser.add_argument(f"--{name}", type=int, default=default)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--url", help="an empty PostgreSQL database to use")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.1f}; {os.cpu_count()} CPUs")
    server = None if args.url else postgres_server.start()
    try:
        url = args.url or server.create_database()  # type: ignore[union-attr]
        measure(url, args)
    finally:
        if server is not None:
            server.stop()
    print(f"load average after: {os.getloadavg()[0]:.1f}")


def measure(url: str, args: argparse.Namespace) -> None:
    stored_hash = auth.hash_password(PASSWORD, iterations=1_000)
    names = {club_name(n): f"WL{n:03d}" for n in range(args.clubs)}
    directors = auth.Directors.of({d: stored_hash for d in names.values()}).with_clubs(
        [(d, [club]) for club, d in names.items()]
    )
    store = Store(url, directors=directors)

    # ---------------------------------------------------------------- import
    started = time.perf_counter()
    for n in range(args.clubs):
        store.import_seasons(seasons_of(n, args.competitions, args.players, args.rounds),
                             actor=ADMIN)  # fmt: skip
    took = time.perf_counter() - started
    infos = store.competitions()
    count = len(infos)
    print(f"import: {count} competitions of {args.players} players, {args.rounds} rounds, "
          f"in {took:.1f} s ({count / took:.1f} competitions/s, one transaction per club)")  # fmt: skip
    by_club: dict[str, list[int]] = {}
    for info in infos:
        by_club.setdefault(info.club, []).append(info.id)
    ruleset = ruleset_of(store.load(infos[0].id))

    # ---------------------------------------------------------------- reads
    for what, read in (("standings", lambda s: standings(s, ruleset)),
                       ("pairing", lambda s: pair(with_open_round(s), ruleset))):  # fmt: skip
        done = [0] * args.readers

        def reader(i: int, stop: threading.Event, read=read, done=done) -> None:
            mine = Store(url, directors=directors)
            rng = random.Random(i)
            while not stop.is_set():
                read(mine.load(rng.choice(infos).id))
                done[i] += 1

        run_for(args.seconds, args.readers, reader)
        print(f"{what} reads: {sum(done) / args.seconds:.1f}/s with {args.readers} readers")

    # ---------------------------------------------------------------- writes + page calls
    clubs = sorted(by_club)[: args.writers]
    stored = [0] * len(clubs)
    refusals: Counter[str] = Counter()
    apart: Counter[str] = Counter()
    page_times: list[float] = []

    def writer(i: int, stop: threading.Event) -> None:
        mine = Store(url, directors=directors)
        director = auth.login(PASSWORD, directors, name=names[clubs[i]])
        assert isinstance(director, Director)
        other = by_club[sorted(by_club)[(i + 1) % len(by_club)]][0]
        try:  # another club's competition: must be refused
            last = mine.load(other).rounds[-1]
            mine.save_round(other, last, actor=director, action="results", read=last)
            apart["stored (wrong!)"] += 1  # (counted as "otherwise")
        except NotAuthorized:
            apart["refused"] += 1
        except CompcoreError as exc:
            apart["other: " + exc.describe("en")[:90]] += 1
        rng = random.Random(i)
        cid = by_club[clubs[i]][0]
        while not stop.is_set():
            last = mine.load(cid).rounds[-1]
            try:
                mine.save_round(cid, changed(last, rng), actor=director, action="results",
                                read=last)  # fmt: skip
                stored[i] += 1
            except CompcoreError as exc:
                refusals[exc.describe("en")[:100]] += 1

    def page(stop: threading.Event) -> None:
        mine = Store(url, directors=directors)
        rng = random.Random(99)
        while not stop.is_set():
            cid = rng.choice(infos).id
            started = time.perf_counter()
            mine.revision()
            mine.competitions()
            season = mine.load(cid)
            mine.log(cid, 20)
            number = season.rounds[-1].number + 1
            mine.load_draft(cid, number)
            mine.marks(cid, number)
            page_times.append(time.perf_counter() - started)

    stop_pages = threading.Event()
    pages = threading.Thread(target=page, args=(stop_pages,))
    pages.start()
    time.sleep(args.seconds / 2)
    quiet = list(page_times)
    run_for(args.seconds, len(clubs), writer)
    stop_pages.set()
    pages.join()
    busy = page_times[len(quiet) :]
    print(f"writes: {sum(stored) / args.seconds:.1f}/s from {len(clubs)} directors on their "
          f"own clubs ({sum(stored)} stored, min {min(stored)} per director); refused: "
          f"{dict(refusals) or 'none'}")  # fmt: skip
    print(f"clubs kept apart: a write of each director to the next club's competition: "
          f"{apart['refused']} refused (e.g. 'director WL000 may change competitions of "
          f"Schaakclub 000 only, not of Schaakclub 001'), "
          f"{sum(v for k, v in apart.items() if k != 'refused')} otherwise")  # fmt: skip
    for label, times in (("idle", quiet), ("under the writes", busy)):
        if times:
            print(f"a page's store calls, {label}: p50 {statistics.median(times) * 1000:.0f} ms, "
                  f"p95 {percentile(times, 0.95) * 1000:.0f} ms ({len(times)} pages)")  # fmt: skip

    # ---------------------------------------------------------------- races on one round
    club = sorted(by_club)[-1]
    cid = by_club[club][0]
    racers = [Store(url, directors=directors) for _ in range(args.racers)]
    director = auth.login(PASSWORD, directors, name=names[club])
    assert isinstance(director, Director)
    outcomes: Counter[str] = Counter()
    lost = 0
    for race in range(args.races):
        gate = threading.Barrier(args.racers)
        read = store.load(cid).rounds[-1]
        written: dict[int, Round] = {}

        def race_one(i: int, read: Round = read, gate: threading.Barrier = gate,
                     written: dict[int, Round] = written, race: int = race) -> None:  # fmt: skip
            mine = changed(read, random.Random(race * 100 + i), board=i)  # each another board
            gate.wait()
            try:
                racers[i].save_round(cid, mine, actor=director, action="results", read=read)
                written[i] = mine
                outcomes["stored"] += 1
            except StaleWriteError as exc:
                outcomes["refused: " + exc.describe("en")[:90]] += 1
            except CompcoreError as exc:
                outcomes["other: " + exc.describe("en")[:90]] += 1

        threads = [threading.Thread(target=race_one, args=(i,)) for i in range(args.racers)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        now = store.load(cid).rounds[-1]
        if len(written) != 1 or now.games != next(iter(written.values())).games:
            lost += 1
    print(f"races: {args.races} × {args.racers} directors saving one round at once: "
          f"{dict(outcomes)}; races with a lost or double update: {lost}")  # fmt: skip


if __name__ == "__main__":
    main()
