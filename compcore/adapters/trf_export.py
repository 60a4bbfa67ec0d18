"""A season as a FIDE TRF16 file, with the TRF-2026 header records that apply
(``spec/formats.md``, issue 11 item 2).

* ``012`` the competition's name, ``062`` the number of players, ``092`` the kind of
  tournament (a Keizer competition or a knock-out cup has no TRF tournament type: ``092``
  says which it is), ``142`` and ``XXR`` the number of rounds, ``162`` the point values
  the points column counts with (FIDE's 1, 1/2, 0: :func:`point_system`), ``192`` the
  tournament type for a Swiss competition only, ``XXC white1`` (compcore's Swiss gives
  the first player white in round 1).
* ``001`` per player, numbered by the initial order (as the club's Swiss pairs them); the
  name as stored (cut at TRF's 33 columns); each played round's block as
  :func:`compcore.pairing.club_swiss.round_records` maps it: games ``1 = 0``, forfeits
  ``+ -``, the bye ``U``, a joker ``H``, every absence ``Z``. The points column is the sum
  of those results with FIDE's values, so a strict reader accepts it.
* The open round (if any): who will not be paired is written as pre-assigned (``0000 - H``
  for a joker, ``0000 - Z`` for every other player not present), so a TRF pairing program
  pairs the same players as compcore.

A Keizer competition exports its games (and byes, jokers, absences) the same way; its
Keizer scores are not TRF points.
"""

from __future__ import annotations

from fractions import Fraction

from compcore.model import Kind, Season
from compcore.pairing.club_swiss import round_records
from compcore.pairing.context import present_players
from compcore.pairing.swiss import FIDE_POINTS, PointValues, SwissRecord
from compcore.rulesets import Ruleset
from compcore.scoring.standings import initial_order

__all__ = [
    "KEIZER_TYPE", "KNOCKOUT_TYPE", "ROUND_ROBIN_TYPE", "SWISS_TYPE", "point_system", "season_trf",
]  # fmt: skip

#: ``092`` for a Keizer competition (TRF has no tournament-type code for it).
KEIZER_TYPE = "Individual: Keizer system (club competition, not a Swiss)"
#: ``092`` for a knock-out cup (``pairing.method = "knockout"``; no TRF code either).
KNOCKOUT_TYPE = "Individual: Knock-out (club cup, not a Swiss)"
#: ``092`` for a round robin (``pairing.method = "round-robin"``: DS-16 groups, the DS-20
#: play-off, DS-21 pools)
ROUND_ROBIN_TYPE = "Individual: Round-Robin"
#: ``092`` for a Swiss competition.
SWISS_TYPE = "Individual: Swiss-System"
#: ``092`` by the ruleset's ``pairing.method``
TOURNAMENT_TYPE = {
    "swiss": SWISS_TYPE,
    "knockout": KNOCKOUT_TYPE,
    "ladder": KEIZER_TYPE,
    "round-robin": ROUND_ROBIN_TYPE,
}
#: the ``162`` codes as bbpPairings v6 reads TRF-2026 (``spec/formats.md``), each with a round
#: record it scores: a win, a draw, a loss, a zero-point bye (and a forfeit loss) and the
#: pairing-allocated bye. Any other letter (``U H X``) makes bbpPairings refuse the file.
POINT_CODES = (
    ("W", SwissRecord(1, "w", "1")), ("D", SwissRecord(1, "w", "=")),
    ("L", SwissRecord(1, "w", "0")), ("Z", SwissRecord(None, None, "Z")),
    ("P", SwissRecord(None, None, "U")),
)  # fmt: skip
#: ``192`` (TRF-2026 tournament type) for compcore's Swiss: the FIDE Dutch system.
DUTCH_CODE = "FIDE_DUTCH_2025"
NAME_WIDTH = 33
#: FIDE's default point values (1, 1/2, 0; the pairing-allocated bye a win): no 162 record
DEFAULT_POINTS = PointValues()


def season_trf(season: Season, ruleset: Ruleset) -> str:
    """The whole season as TRF16 text (UTF-8 safe, ``\\n`` line ends)."""
    humans = [pid for pid in initial_order(season, ruleset, 1) if not season.player(pid).is_engine]
    number = {pid: i for i, pid in enumerate(humans, start=1)}
    records: dict[str, list[SwissRecord]] = {pid: [] for pid in humans}
    for rnd in season.played_rounds:
        for pid, record in round_records(rnd, number).items():
            records[pid].append(record)
    for pid, record in _preassigned(season, number).items():
        records[pid].append(record)
    lines = _header(season, ruleset, len(humans))
    lines += [_player_line(season, pid, number[pid], records[pid]) for pid in humans]
    return "\n".join(lines) + "\n"


def _header(season: Season, ruleset: Ruleset, players: int) -> list[str]:
    """The header records: name, players, kind, rounds, point system, initial colour."""
    method = ruleset.pairing.method
    rounds = max(ruleset.total_rounds, len(season.rounds))
    lines = [
        f"012 {season.club} / {season.season} / {season.competition}",
        f"062 {players}",
        f"092 {TOURNAMENT_TYPE[method]}",
        f"142 {rounds}",
    ]
    if FIDE_POINTS != DEFAULT_POINTS:  # the points column counts with FIDE's values
        lines.append(point_system(FIDE_POINTS))
    if method == "swiss":
        lines.append(f"192 {DUTCH_CODE}")
    lines += [f"XXR {rounds}", "XXC white1"]
    return lines


def point_system(values: PointValues) -> str:
    """The ``162`` record: each code of :data:`POINT_CODES` with the points ``values`` give
    its record, so the record says what the ``001`` points column counts. TRF-2026's
    columns: the first code in column 6, its points in columns 7-10, each further code 9
    columns on (``162  W 1.0    D 0.5``). Only needed where ``values`` are not FIDE's
    defaults (:data:`DEFAULT_POINTS`)."""
    return (
        "162  "
        + "".join(f"{code}{float(values.points(r)):>4.1f}    " for code, r in POINT_CODES).rstrip()
    )


def _preassigned(season: Season, number: dict[str, int]) -> dict[str, SwissRecord]:
    """The open round's players who will not be paired: a joker ``H``, others ``Z``."""
    rnd = season.open_round
    if rnd is None:
        return {}
    present = set(present_players(season, rnd))
    entries = rnd.entries or {}
    return {
        pid: SwissRecord(None, None, "H" if entries.get(pid) is Kind.JOKER else "Z")
        for pid in number
        if pid not in present
    }


def _player_line(season: Season, pid: str, no: int, records: list[SwissRecord]) -> str:
    """A ``001`` line in TRF16's columns, with the player's FIDE id where he has one; the
    points are the sum of the played rounds' results (the pre-assigned open round not
    counted: strict readers accept both)."""
    player = season.player(pid)
    played = records[: len(season.played_rounds)]
    points = sum((FIDE_POINTS.points(r) for r in played), Fraction(0))
    rating = season.rating_at(pid, 1)
    head = (
        f"001 {no:>4}      {player.name[:NAME_WIDTH]:<{NAME_WIDTH}} "
        f"{'' if rating is None else rating:>4} {'':3} {player.fide_id or '':>11} {'':10} "
        f"{float(points):4.1f} {'':4}  "
    )
    return head + "".join(_block(r) for r in records).rstrip()


def _block(record: SwissRecord) -> str:
    """One round's 10 columns: opponent, colour, result."""
    opponent = "0000" if record.opponent is None else f"{record.opponent:>4}"
    return f"{opponent} {record.colour or '-'} {record.result}  "
