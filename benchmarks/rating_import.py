"""Importing a FIDE rating list of a million players (issue 11 item 4: parse + match ≤ 20 s).

    python benchmarks/rating_import.py                 # 1,000,000 lines
    python benchmarks/rating_import.py --lines 200000 --tracemalloc

Writes a FIDE TXT list (the header, then ``--lines`` players in the list's fixed-width
columns, the club's 60 players among them: 20 by FIDE id, 40 by name as
``Achternaam, Voornaam`` with diacritics) to a temporary folder, then times reading it
(``rating_lists.read_list``) and matching it to the roster (``services.ratings.match``)
in one pass, and prints the time, the rows read, the matches and the peak memory: the
process's peak resident size (``resource.getrusage``), and with ``--tracemalloc`` the
peak of Python's allocations during the pass (tracemalloc slows the pass down, so its
time is not the one to compare with the target).
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from compcore.adapters.files import rating_lists  # noqa: E402
from compcore.domain.model import Season  # noqa: E402
from compcore.services import ratings  # noqa: E402
from tests.builders import load  # noqa: E402

TARGET = 20.0  # seconds, the target for parse + match
HEADER = (
    "ID Number      Name                                                         "
    "Fed Sex Tit  WTit OTit           FOA SEP20 Gms  K   B-day Flag"
)
CLUB = 60
FIRST = ("Jan", "Éric", "Zoë", "Anna", "Piet", "Noor", "Kees", "Inès", "Bram", "Sanne")
LAST = ("de Vries", "Müller", "van der Aa", "Jansen", "Bakker", "Öztürk", "Smit", "Brouwer")


def fide_line(number: str, name: str, rating: str) -> str:
    """A row with each field under its title (a FIDE TXT list's layout)."""
    cells = [(HEADER.index("ID Number"), number), (HEADER.index("Name"), name),
             (HEADER.index("Fed"), "NED"), (HEADER.index("SEP20"), rating)]  # fmt: skip
    out, at = [], 0
    for start, value in cells:
        out.append(" " * (start - at) + value)
        at = start + len(value)
    return "".join(out)


def club() -> list[dict[str, object]]:
    """60 players: the first 20 have their FIDE id as player id, the others a name id."""
    players: list[dict[str, object]] = []
    for i in range(CLUB):
        first, last = FIRST[i % len(FIRST)], LAST[i % len(LAST)]
        name = f"{first} {last} {i}"
        pid = str(90_000_000 + i) if i < 20 else f"p{i}"
        players.append({"id": pid, "name": name, "rating": 1500 + i})
    return players


def write_list(path: Path, lines: int, players: list[dict[str, object]]) -> None:
    """The list: random strangers, with the club's players at random places."""
    rng = random.Random(11)
    places = dict(zip(rng.sample(range(lines), CLUB), players, strict=True))
    with path.open("w", encoding="latin-1", errors="replace") as f:
        f.write(HEADER + "\n")
        for n in range(lines):
            p = places.get(n)
            if p is None:
                name = f"{LAST[n % 8].title()}, {FIRST[n % 10]}{n}"
                f.write(fide_line(str(100_000_000 + n), name, str(1000 + n % 1800)) + "\n")
                continue
            first, _, last = str(p["name"]).partition(" ")
            number = str(p["id"]) if str(p["id"]).isdigit() else str(80_000_000 + n)
            f.write(fide_line(number, f"{last}, {first}", str(int(str(p["rating"])) + 25)) + "\n")


def run_once(path: Path, season: Season) -> tuple[float, ratings.MatchResult, int]:
    bad: list[rating_lists.BadRow] = []
    start = time.perf_counter()
    _, rows = rating_lists.read_list(path, bad)
    result = ratings.match(season, rows, from_round=1)
    return time.perf_counter() - start, result, len(bad)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", type=int, default=1_000_000)
    ap.add_argument("--tracemalloc", action="store_true")
    args = ap.parse_args()
    players = club()
    season = load("keizer-classic", players)[0]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "players_list_foa.txt"
        write_list(path, args.lines, players)
        size = path.stat().st_size / 1e6
        rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        took, result, bad = run_once(path, season)
        rss_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"list: {result.rows:,} players, {size:.0f} MB; bad rows {bad}")
        how = sorted(m.how for m in result.matches)
        print(f"matched {len(result.matches)} of {CLUB} (by id {how.count('id')}, by name "
              f"{how.count('name')}), unmatched {len(result.unmatched)}, "
              f"ambiguous {len(result.ambiguous)}")  # fmt: skip
        verdict = "ok" if took <= TARGET else "TOO SLOW"
        print(f"parse + match: {took:.2f} s (target {TARGET:.0f} s: {verdict})")
        print(f"peak resident size: {rss_after:.0f} MB (before the pass {rss_before:.0f} MB)")
        if args.tracemalloc:
            tracemalloc.start()
            traced, _, _ = run_once(path, season)
            peak = tracemalloc.get_traced_memory()[1] / 1e6
            tracemalloc.stop()
            print(f"tracemalloc peak during the pass: {peak:.1f} MB ({traced:.1f} s traced)")
    return 0 if took <= TARGET and len(result.matches) == CLUB else 1


if __name__ == "__main__":
    sys.exit(main())
