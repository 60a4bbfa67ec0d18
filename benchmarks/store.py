"""How fast the store is on a club-sized database (``docs/store.md`` quotes these figures).

    python benchmarks/store.py [--seasons 10] [--players 40] [--rounds 30] [--repeat 20]

Builds a fresh database in a temporary directory with ``--seasons`` seasons of a 40-player
club (30 played rounds each), then times: an import, ``load()`` of one season, the other
reads a page makes (``competitions()``, ``log()``), a ``save_round`` (replacing the last
round's results) and ``delete_round`` + ``save_round`` (undo and redo). Prints median and
maximum wall-clock times. Nothing is left running or on disk.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

from compcore.adapters.files import season_file
from compcore.adapters.store import Store
from compcore.domain.model import (
    Game,
    Kind,
    Player,
    RatingChange,
    Result,
    Round,
    RulesetRef,
    Season,
)
from compcore.ports.actors import Administrator

ADMIN = Administrator("benchmark")


def club_season(year: int, players: int, rounds: int, seed: int) -> Season:
    """A keizer-classic season: every player in a game or an entry every round."""
    rng = random.Random(seed)
    ids = [f"p{i:03d}" for i in range(1, players + 1)]
    plist = tuple(
        Player(pid, f"Speler {pid}", rating=1200 + rng.randrange(1000), strength=i,
               flags=("senior",) if i % 7 == 0 else None)
        for i, pid in enumerate(ids, 1)
    )  # fmt: skip
    kinds = ["absent", "bye", "external", "club-duty"]
    rlist = []
    for n in range(1, rounds + 1):
        pool = ids[:]
        rng.shuffle(pool)
        out = pool[: rng.randint(2, 8)]
        playing = pool[len(out) :]
        if len(playing) % 2:
            out.append(playing.pop())
        games = tuple(Game(playing[i], playing[i + 1], rng.choice(list(Result)))
                      for i in range(0, len(playing), 2))  # fmt: skip
        entries = MappingProxyType({pid: Kind(rng.choice(kinds)) for pid in out})
        rlist.append(Round(n, date=f"{year}-{1 + (n - 1) % 12:02d}-{1 + n % 28:02d}", cycle=0,
                           games=games, entries=entries))  # fmt: skip
    return Season(
        club="Schaakclub De Toren", season=f"{year}-{year + 1}", competition="intern",
        ruleset=RulesetRef("keizer-classic", MappingProxyType({"rounds_per_cycle": rounds})),
        players=plist, rounds=tuple(rlist), ratings=(RatingChange(ids[0], 5, 1999),),
    )  # fmt: skip


def timed(fn: Callable[[], object], repeat: int) -> tuple[float, float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), max(times)


def page(store: Store, target: int) -> None:
    with store.reader() as r:
        r.competitions()
        r.load(target)
        r.log(target)


def beside_export(
    store: Store, path: Path, target: int, rnd: Round, repeat: int
) -> list[tuple[str, tuple[float, float]]]:
    """`compcore export` in another process while this process (the app) goes on writing:
    not at all, every 0.3 s (far busier than a club evening), and back-to-back (worst case).
    """
    rows = []
    for label, pause in (("app idle", None), ("app writing every 0.3 s", 0.3),
                         ("app writing back-to-back", 0.0)):  # fmt: skip
        export, write, failures = [], [], 0
        with tempfile.TemporaryDirectory() as tmp:
            for i in range(repeat):
                out = Path(tmp) / f"out{i}.json"
                start = time.perf_counter()
                proc = subprocess.Popen(
                    [sys.executable, "-m", "compcore", "export", "--db", str(path),
                     "--competition", str(target), "--out", str(out)],
                    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                )  # fmt: skip
                while pause is not None and proc.poll() is None:
                    t0 = time.perf_counter()
                    store.save_round(target, rnd, actor=ADMIN, action="result")
                    write.append(time.perf_counter() - t0)
                    time.sleep(pause)
                _, err = proc.communicate()
                export.append(time.perf_counter() - start)
                if proc.returncode != 0 or not out.exists():
                    failures += 1
                    print("export failed:", err.strip())
        rows.append((f"`compcore export` process, {label} ({repeat - failures}/{repeat} ok)",
                     (statistics.median(export), max(export))))  # fmt: skip
        if write:
            rows.append((f"  save_round meanwhile ({len(write)} writes)",
                         (statistics.median(write), max(write))))  # fmt: skip
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seasons", type=int, default=10)
    ap.add_argument("--players", type=int, default=40)
    ap.add_argument("--rounds", type=int, default=30)
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "club.duckdb"
        start = time.perf_counter()
        store = Store(path)
        create = time.perf_counter() - start
        seasons = [club_season(2015 + i, args.players, args.rounds, i) for i in range(args.seasons)]
        imports = []
        for s in seasons:
            start = time.perf_counter()
            cid = store.import_season(s, actor=ADMIN)
            imports.append(time.perf_counter() - start)
        size = path.stat().st_size
        target = store.competitions()[len(seasons) // 2].id
        season = store.load(target)
        assert season_file.dumps(season) == season_file.dumps(
            next(s for s in seasons if s.season == season.season)
        )
        games = sum(len(r.games or ()) for r in season.rounds)
        last = season.rounds[-1]
        flipped = replace(last, games=tuple(replace(g, result=Result.DRAW) for g in last.games))

        rows = [
            ("create schema (new file)", (create, create)),
            (f"import one season ({args.players} players, {args.rounds} rounds)",
             (statistics.median(imports), max(imports))),
            (f"load() one season from {args.seasons}-season DB ({games} games)",
             timed(lambda: store.load(target), args.repeat)),
            ("competitions()", timed(store.competitions, args.repeat)),
            ("log(limit=100)", timed(lambda: store.log(target), args.repeat)),
            ("save_round (replace last round's results)",
             timed(lambda: store.save_round(target, flipped, actor=ADMIN, action="result"),
                   args.repeat)),
            ("delete_round + save_round (undo, redo)",
             timed(lambda: (store.delete_round(target, last.number, actor=ADMIN),
                            store.save_round(target, last, actor=ADMIN, action="redo")),
                   max(1, args.repeat // 2))),
            ("a page's reads: reader() with competitions+load+log",
             timed(lambda: page(store, target), args.repeat)),
            ("the same three reads, one connection each",
             timed(lambda: (store.competitions(), store.load(target), store.log(target)),
                   args.repeat)),
        ]  # fmt: skip
        rows.extend(beside_export(store, path, target, flipped, max(3, args.repeat // 4)))
        print(f"database: {args.seasons} seasons, {size / 1e6:.1f} MB on disk")
        print(f"{'operation':<58} {'median':>9} {'max':>9}")
        for name, (median, worst) in rows:
            print(f"{name:<58} {median * 1000:7.1f}ms {worst * 1000:7.1f}ms")
        del cid


if __name__ == "__main__":
    main()
