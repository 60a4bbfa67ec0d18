"""A season as a FIDE TRF16 file, with the TRF-2026 header records that apply
(``spec/formats.md``, issue 11 item 2, issue 18 items 1 and 4).

Header records, in this order:

* ``012`` ``club / season / competition`` (the importer reads the three back apart), ``042``
  and ``052`` the first and the last round's date (``YYYY/MM/DD``, left out where no round
  has one), ``062`` the number of players, ``092`` the kind of tournament (a Keizer
  competition or a knock-out cup has no TRF tournament type: ``092`` says which it is),
  ``132`` the round dates (TRF16: ``YY/MM/DD`` from column 92, 10 columns per round, right
  above the rounds' blocks; left out where no round has a date), ``142`` and ``XXR`` the
  number of rounds, ``152 W`` and ``XXC white1`` the initial colour (compcore's Swiss gives
  the first player white in round 1: TRF-2026's record and the engines' older one, both
  read by bbpPairings, which refuses any other ``152`` than ``152 W``/``152 B``), ``162`` the
  point values (:func:`point_system`; left out at FIDE's defaults, which is what the points
  column counts with), ``192`` the tournament type for a Swiss competition only, ``202`` and
  ``212`` the tie-breaks where the ruleset ranks by them (:func:`tie_break_records`).
* ``001`` per player, numbered by the initial order (as the club's Swiss pairs them); the
  name ``Lastname, Firstname`` (:func:`compcore.adapters.files.federation_names.federation_name`,
  every control character a space, cut at TRF's 33 columns); the rank in columns 86-89
  (the standings' place after the last played round); each played round's block as
  :func:`compcore.pairing.club_swiss.round_records` maps it: games ``1 = 0``, forfeits
  ``+ -``, and a round without a game by the points the standings give it (:func:`_bye`):
  the pairing-allocated bye ``U``, a joker ``H`` (a joker beyond the season's cap, PP-2,
  scores 0: ``Z``), every absence ``Z``.
* The open round (if any): who will not be paired is written as pre-assigned (``0000 - H``
  for a joker within the cap, ``0000 - Z`` for every other player not present), so a TRF
  pairing program pairs the same players as compcore.

The points column is the sum of every result the line lists with FIDE's values, the open
round's pre-assigned entries included (bbpPairings' checker counts them; compcore's reader
accepts both). For a Swiss competition (``pairing.method = "swiss"``) that is the
standings' score, plus the announced joker's half point in the open round. A Keizer
competition, a ladder or a cup exports its games (and byes, jokers, absences) the same way:
its TRF points are game points, not its Keizer or ladder scores.

Line ends are CR LF: TRF-2016 and TRF-2026 (Remark 1) want a CR ending every line, and the LF
keeps the file one line per record for every line-based tool; bbpPairings reads CR, LF and
CR LF alike and so does compcore's reader (:func:`compcore.adapters.files.trf.read_trf`).
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from compcore.adapters.files.federation_names import federation_name
from compcore.domain.errors import CompcoreError
from compcore.domain.model import Kind, Round, Season
from compcore.domain.player_names import without_control_characters
from compcore.formats.kind import Format, format_of
from compcore.pairing.club_swiss import season_records, unplayed_points, unplayed_record
from compcore.pairing.context import present_players
from compcore.pairing.swiss import FIDE_POINTS, PointValues, SwissRecord
from compcore.rules.rulesets import Ruleset
from compcore.scoring.standings import initial_order, standings

__all__ = [
    "KEIZER_TYPE", "KNOCKOUT_TYPE", "LINE_END", "ROUND_ROBIN_TYPE", "SWISS_TYPE", "TIE_BREAK_CODES",
    "point_system", "season_trf", "tie_break_records", "trf_name",
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
#: ``092`` by the competition's format (:func:`compcore.formats.kind.format_of`)
TOURNAMENT_TYPE = {
    Format.SWISS: SWISS_TYPE,
    Format.CUP: KNOCKOUT_TYPE,
    Format.LADDER: KEIZER_TYPE,
    Format.ROUND_ROBIN: ROUND_ROBIN_TYPE,
    Format.PLAYOFF: ROUND_ROBIN_TYPE,
    Format.POOLS_CUP: ROUND_ROBIN_TYPE,
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
#: every line ends so (see the module's docstring)
LINE_END = "\r\n"
#: the ruleset's tie-breaks as FIDE's tie-break codes (C.07, TRF-2026 ``202``/``212``):
#: Sonneborn-Berger, Buchholz, the number of wins, the direct encounter. ``fewest-jokers``
#: and ``initial-order`` have no FIDE code.
TIE_BREAK_CODES = {"sonneborn-berger": "SB", "buchholz": "BH", "wins": "WIN", "mutual": "DE"}
#: a round's block, and the 132 record's dates, start at column 92 (index 91)
FIRST_ROUND_INDEX = 91
ROUND_WIDTH = 10


def season_trf(season: Season, ruleset: Ruleset) -> str:
    """The whole season as TRF16 text (UTF-8 safe, CR LF line ends)."""
    humans = [pid for pid in initial_order(season, ruleset, 1) if not season.player(pid).is_engine]
    number = {pid: i for i, pid in enumerate(humans, start=1)}
    swiss = format_of(ruleset) is Format.SWISS
    scored = unplayed_points(season, ruleset)
    records = season_records(season, ruleset, number, scored=scored)
    open_round = season.open_round
    if open_round is not None:
        for pid, record in _preassigned(season, open_round, number).items():
            points = scored.get((pid, open_round.number))
            records[pid].append(unplayed_record(record, points, swiss))
    ranks = _ranks(season, ruleset)
    lines = _header(season, ruleset, len(humans))
    lines += [
        _player_line(season, pid, number[pid], ranks.get(pid), records[pid]) for pid in humans
    ]
    return LINE_END.join(lines) + LINE_END


def _header(season: Season, ruleset: Ruleset, players: int) -> list[str]:
    """The header records (see the module's docstring)."""
    kind = format_of(ruleset)
    rounds = max(ruleset.total_rounds, len(season.rounds))
    dates = _round_dates(season)
    name = f"{season.club} / {season.season} / {season.competition}"
    lines = [f"012 {' '.join(without_control_characters(name).split())}"]
    if dates:
        first, last = min(dates.values()), max(dates.values())
        lines += [f"042 {first:%Y/%m/%d}", f"052 {last:%Y/%m/%d}"]
    lines += [f"062 {players}", f"092 {TOURNAMENT_TYPE[kind]}"]
    if dates:
        lines.append(date_record(dates))
    lines += [f"142 {rounds}", "152 W"]
    if FIDE_POINTS != DEFAULT_POINTS:  # the points column counts with FIDE's values
        lines.append(point_system(FIDE_POINTS))
    if kind is Format.SWISS:
        lines.append(f"192 {DUTCH_CODE}")
    lines += tie_break_records(ruleset)
    lines += [f"XXR {rounds}", "XXC white1"]
    return lines


def _round_dates(season: Season) -> dict[int, date]:
    """Each round's date, where it has one (an ISO date in the season file)."""
    out: dict[int, date] = {}
    for rnd in season.rounds:
        if rnd.date:
            try:
                out[rnd.number] = date.fromisoformat(rnd.date)
            except ValueError:
                continue  # the season reader refuses such dates; never a broken record
    return out


def date_record(dates: dict[int, date]) -> str:
    """The ``132`` record: round ``r``'s date as ``YY/MM/DD`` in columns
    ``92 + 10 (r - 1)`` to ``99 + 10 (r - 1)``, right above round ``r``'s block of the
    ``001`` lines (TRF16 and TRF-2026); a round without a date stays blank."""
    text = "132".ljust(FIRST_ROUND_INDEX)
    for r in range(1, max(dates) + 1):
        day = dates.get(r)
        text += (f"{day:%y/%m/%d}" if day else "").ljust(ROUND_WIDTH)
    return text.rstrip()


def tie_break_records(ruleset: Ruleset) -> list[str]:
    """``202`` (the tie-breaks, comma-separated FIDE codes) and ``212`` (the same after
    ``PTS``: how the standings are ranked), where the ruleset ranks by a tie-break with a
    FIDE code (:data:`TIE_BREAK_CODES`; princenpaard: ``202 SB``, ``212 PTS,SB``). The codes
    run up to the first tie-break FIDE has no code for (PP-6's fewest jokers); compcore's
    SB adds PP-6's joker share, FIDE's SB does not. None where the ruleset breaks ties by
    the initial order only."""
    codes: list[str] = []
    for name in ruleset.tie_breaks:
        code = TIE_BREAK_CODES.get(name)
        if code is None:
            break
        codes.append(code)
    if not codes:
        return []
    return [f"202 {','.join(codes)}", f"212 {','.join(['PTS', *codes])}"]


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


def _preassigned(season: Season, rnd: Round, number: dict[str, int]) -> dict[str, SwissRecord]:
    """The open round's players who will not be paired: a joker ``H``, others ``Z``."""
    present = set(present_players(season, rnd))
    entries = rnd.entries or {}
    return {
        pid: SwissRecord(None, None, "H" if entries.get(pid) is Kind.JOKER else "Z")
        for pid in number
        if pid not in present
    }


def _ranks(season: Season, ruleset: Ruleset) -> dict[str, int]:
    """Each player's place in the standings after the last played round (none before the
    first round, or where the standings cannot be computed)."""
    if not season.played_rounds:
        return {}
    try:
        table = standings(season, ruleset)
    except CompcoreError:
        return {}
    return {row.player: row.rank for row in table.rows}


def trf_name(name: str) -> str:
    """A stored name as the ``001`` line's name field: ``Lastname, Firstname``
    (:func:`federation_name`), every control character (a newline, CR, tab, NUL, ...) a
    space, cut to the field's 33 columns."""
    return federation_name(without_control_characters(name))[:NAME_WIDTH].rstrip()


def _player_line(
    season: Season, pid: str, no: int, rank: int | None, records: list[SwissRecord]
) -> str:
    """A ``001`` line in TRF16's columns, with the player's FIDE id where he has one; the
    points are the sum of every listed result with FIDE's values (the open round's
    pre-assigned entries included)."""
    player = season.player(pid)
    points = sum((FIDE_POINTS.points(r) for r in records), Fraction(0))
    rating = season.rating_at(pid, 1)
    head = (
        f"001 {no:>4}      {trf_name(player.name):<{NAME_WIDTH}} "
        f"{'' if rating is None else rating:>4} {'':3} {player.fide_id or '':>11} {'':10} "
        f"{float(points):4.1f} {'' if rank is None else rank:>4}  "
    )
    return head + "".join(_block(r) for r in records).rstrip()


def _block(record: SwissRecord) -> str:
    """One round's 10 columns: opponent, colour, result."""
    opponent = "0000" if record.opponent is None else f"{record.opponent:>4}"
    return f"{opponent} {record.colour or '-'} {record.result}  "
