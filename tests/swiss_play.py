"""Generated Swiss tournaments played forward round by round against bbpPairings (issue 18
item 3), for ``tests/unit/pairing/test_swiss_bbp.py`` and the counts in ``docs/swiss.md``.

A tournament is a seeded draw: 6-30 players (pairing numbers in rating order), 4-9 rounds,
late entries (a player who joins at round k > 1), withdrawals (absent from round k on),
single absences (a zero-point bye, ``0000 - Z``), requested half-point byes
(``0000 - H``), forfeits (``+``/``-``) and, now and then, pairing number 1 absent in round 1.
Each round the state is written as TRF (the writer below: a small one, for tests only),
bbpPairings pairs it (``-p``), compcore reads the same text (its TRF reader) and pairs it;
boards (white, black) and the pairing-allocated bye are compared. The tournament goes on
with bbpPairings' pairing and random results.

Run as a script for the counts: ``python tests/swiss_play.py [FIRST_SEED] [COUNT]``.
"""

from __future__ import annotations

import random
import sys
import tempfile
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from compcore.adapters.files.trf import read_trf
from compcore.domain.errors import PairingError
from compcore.pairing.swiss import SwissRecord, pair_dutch
from compcore.pairing.swiss.model import FIDE_POINTS

Board = tuple[int, int]


# ---------------------------------------------------------------------------
# A TRF writer of a tournament state (tests only)
# ---------------------------------------------------------------------------


def block(record: SwissRecord) -> str:
    """One round's 8 characters (columns 92-99 for round 1): opponent (4, ``0000`` for
    none), space, colour (``w b -``), space, result."""
    opponent = f"{record.opponent:>4}" if record.opponent is not None else "0000"
    colour = record.colour or "-"
    return f"{opponent} {colour} {record.result}"


def player_line(number: int, rating: int, records: list[SwissRecord]) -> str:
    """A ``001`` line: number in columns 5-8, name 15-47, rating 49-52, points 81-84
    (FIDE values, every listed round counted), round blocks from column 92, 10 apart."""
    points = sum((FIDE_POINTS.points(r) for r in records), Fraction(0))
    row = list(" " * 91)
    row[0:3] = "001"
    row[4:8] = f"{number:>4}"
    name = f"Speler, Nr{number}"
    row[14 : 14 + len(name)] = name
    row[48:52] = f"{rating:>4}"
    row[80:84] = f"{float(points):>4.1f}"
    return "".join(row) + "  ".join(block(r) for r in records)


def trf_text(state: Tournament) -> str:
    """The tournament before its next round: past rounds, and the next round's entries
    already known (absent ``Z``, half-point bye ``H``)."""
    lines = ["012 compcore property test", f"XXR {state.rounds}", "XXC white1"]
    upcoming = state.preassigned()
    for number in range(1, state.players + 1):
        records = [past[number] for past in state.history]
        if number in upcoming:
            records.append(upcoming[number])
        lines.append(player_line(number, state.ratings[number - 1], records))
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------
# The generated tournament
# ---------------------------------------------------------------------------


@dataclass
class Tournament:
    """A generated tournament and its rounds so far."""

    seed: int
    players: int
    rounds: int
    ratings: list[int]
    joins: dict[int, int]  # pairing number -> first round present
    withdraws: dict[int, int]  # pairing number -> first round absent for good
    absent: dict[int, set[int]]  # round -> absent (zero-point bye)
    half: dict[int, set[int]]  # round -> half-point byes requested
    history: list[dict[int, SwissRecord]] = field(default_factory=list)

    @property
    def next_round(self) -> int:
        return len(self.history) + 1

    def preassigned(self) -> dict[int, SwissRecord]:
        r = self.next_round
        out: dict[int, SwissRecord] = {}
        for n in range(1, self.players + 1):
            gone = self.joins[n] > r or self.withdraws.get(n, 99) <= r or n in self.absent[r]
            if gone:
                out[n] = SwissRecord(None, None, "Z")
            elif n in self.half[r]:
                out[n] = SwissRecord(None, None, "H")
        return out


def generate(seed: int) -> Tournament:
    rng = random.Random(seed)
    n = rng.randint(6, 30)
    rounds = rng.randint(4, min(9, n - 1))
    ratings = sorted((rng.randint(1200, 2400) for _ in range(n)), reverse=True)
    joins = {p: 1 for p in range(1, n + 1)}
    withdraws: dict[int, int] = {}
    absent: dict[int, set[int]] = {r: set() for r in range(1, rounds + 1)}
    half: dict[int, set[int]] = {r: set() for r in range(1, rounds + 1)}
    for p in range(1, n + 1):
        if rng.random() < 0.12:
            joins[p] = rng.randint(2, min(3, rounds))
        if rng.random() < 0.08:
            withdraws[p] = rng.randint(2, rounds)
        for r in range(1, rounds + 1):
            x = rng.random()
            if x < 0.07:
                absent[r].add(p)
            elif x < 0.11:
                half[r].add(p)
    if rng.random() < 0.3:  # pairing number 1 (sometimes 1 and 2) not there in round 1
        absent[1].add(1)
        if rng.random() < 0.3:
            absent[1].add(2)
    return Tournament(seed, n, rounds, ratings, joins, withdraws, absent, half)


def results(state: Tournament, boards: list[Board], bye: int | None, rng: random.Random) -> None:
    """Play the round: each board a result by the rating difference, 3% forfeits."""
    round_records: dict[int, SwissRecord] = dict(state.preassigned())
    for white, black in boards:
        x = rng.random()
        if x < 0.03:
            rw, rb = ("+", "-") if rng.random() < 0.5 else ("-", "+")
        else:
            diff = state.ratings[white - 1] - state.ratings[black - 1]
            expected = 1 / (1 + 10 ** (-diff / 400))
            y = rng.random()
            rw, rb = ("1", "0") if y < expected - 0.15 else ("=", "=")
            if y > expected + 0.15:
                rw, rb = ("0", "1")
        round_records[white] = SwissRecord(black, "w", rw)
        round_records[black] = SwissRecord(white, "b", rb)
    if bye is not None:
        round_records[bye] = SwissRecord(None, None, "U")
    for p in range(1, state.players + 1):
        round_records.setdefault(p, SwissRecord(None, None, "Z"))
    state.history.append(round_records)


# ---------------------------------------------------------------------------
# Comparing the engines round by round
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Round:
    """One compared round: both engines' boards and byes (``None``: no pairing)."""

    seed: int
    number: int
    text: str
    bbp: tuple[frozenset[Board], int | None] | None
    compcore: tuple[frozenset[Board], int | None] | None

    @property
    def same(self) -> bool:
        return self.bbp == self.compcore


def compcore_pairing(text: str) -> tuple[frozenset[Board], int | None] | None:
    document = read_trf(text)
    try:
        pairing = pair_dutch(document.tournament, unavailable=document.unavailable)
    except PairingError:
        return None
    return frozenset((b.white, b.black) for b in pairing.boards), pairing.bye


def bbp_pairing(bbp, text: str, folder: Path) -> tuple[frozenset[Board], int | None] | None:
    trf = folder / "state.trf"
    trf.write_text(text, encoding="utf-8")
    outcome, pairs = bbp.pair(trf, folder / "out.txt")
    if not outcome.ok:
        if "No valid pairing" in outcome.stdout + outcome.stderr:
            return None
        raise AssertionError(f"bbpPairings refused the file: {outcome}\n{text}")
    boards = frozenset((w, b) for w, b in pairs if b != 0)
    byes = [w for w, b in pairs if b == 0]
    return boards, byes[0] if byes else None


def play(bbp, seed: int, folder: Path) -> tuple[list[Round], Tournament]:
    """Play one generated tournament forward; every round compared. Also the tournament
    as played (its history)."""
    state = generate(seed)
    rng = random.Random(seed * 7919 + 1)
    compared: list[Round] = []
    while state.next_round <= state.rounds:
        text = trf_text(state)
        present = state.players - len(state.preassigned())
        if present < 2:
            results(state, [], None, rng)
            continue
        theirs = bbp_pairing(bbp, text, folder)
        ours = compcore_pairing(text)
        compared.append(Round(seed, state.next_round, text, theirs, ours))
        if theirs is None:
            break
        boards, bye = theirs
        results(state, sorted(boards), bye, rng)
    return compared, state


def main(first: int, count: int) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tests.bbp import Bbp, locate

    exe, why = locate()
    if exe is None:
        raise SystemExit(why)
    bbp = Bbp(exe)
    total = same = 0
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(first, first + count):
            for rnd in play(bbp, seed, Path(tmp))[0]:
                total += 1
                same += rnd.same
                if not rnd.same:
                    print(f"seed {seed} round {rnd.number}: bbp {rnd.bbp} compcore {rnd.compcore}")
    print(f"{count} tournaments, {total} rounds compared, {same} identical")


if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 0, int(sys.argv[2]) if len(sys.argv) > 2 else 40
    )
