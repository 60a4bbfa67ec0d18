"""A strict reader for FIDE TRF16 files, and a writer for the plain pairing format.

The reader follows the column layout of ``spec/formats.md`` (player record ``001``:
1-based columns 5-8 pairing number, 10 sex, 11-13 title, 15-47 name, 49-52 rating,
54-56 federation, 58-68 FIDE id, 70-79 birth date, 81-84 points, 86-89 rank; round
``r`` starts at column ``92 + 10 (r - 1)``: opponent in 4 columns, colour two columns
later, result two columns after that). It reads the header records ``012`` (name),
``XXR`` (total rounds), ``XXC`` (``white1``/``black1``: initial colour) or TRF-2026's
``152`` (``W``/``B``: the same), ``132`` (the round dates, ``YY/MM/DD`` from column 92, 10
columns per round: :attr:`TrfDocument.round_dates`) and the point values
``BBW BBD BBL BBZ BBF BBU``; every other record is kept verbatim and otherwise ignored.
Lines may end in LF, CR LF or CR (TRF's Remark 1).

It is strict: any malformed field, an inconsistent game (the opponent's line does not
show the same game with the other colour and the matching result), or declared points
that are not the sum of the results raise :class:`compcore.domain.errors.TrfError` with a
one-line message naming the line.

The round to pair is the round after the last one that the pairing program paired (a
game, a forfeit or a pairing-allocated bye). Entries recorded for that round are
pre-assigned (a requested bye ``H``/``F`` or an absence ``Z``/``-``): those players are
not paired (see :attr:`TrfDocument.unavailable`).

The plain pairing format (the test vectors' ``.expected`` files): the number of boards,
then one ``white black`` line per board by pairing number, ``N 0`` for the
pairing-allocated bye (last).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import Literal

from compcore.domain.errors import Part, Phrase, TrfError
from compcore.pairing.swiss.model import (
    BYE_RESULTS,
    FIDE_POINTS,
    GAME_RESULTS,
    OPPOSITE_RESULTS,
    PLAYED_RESULTS,
    PointValues,
    SwissPairing,
    SwissPlayer,
    SwissRecord,
    SwissTournament,
)

__all__ = [
    "TrfDocument",
    "TrfPlayer",
    "TrfRecord",
    "format_plain_pairing",
    "read_plain_pairing",
    "read_trf",
    "read_trf_file",
    "trf_text",
]

#: Shortest legal ``001`` line (everything up to the points column).
MIN_PLAYER_LINE = 84
#: 0-based index where round 1's block starts (column 92).
FIRST_ROUND_INDEX = 91
ROUND_WIDTH = 10

_POINT_RECORDS = {
    "BBW": "win",
    "BBD": "draw",
    "BBL": "loss",
    "BBZ": "zero_bye",
    "BBF": "forfeit_loss",  # bbpPairings: points for a forfeit loss (not a full-point bye)
    "BBU": "pab",  # absent: the pairing-allocated bye scores the win value
}


@dataclass(frozen=True, slots=True)
class TrfRecord:
    """A header record that the reader keeps but does not interpret."""

    line: int
    code: str
    text: str


@dataclass(frozen=True, slots=True)
class TrfPlayer:
    """Everything a ``001`` line says. ``rounds`` has one entry per round block written
    (a blank block reads as ``SwissRecord(None, None, "Z")``)."""

    line: int
    number: int
    sex: str
    title: str
    name: str
    rating: int | None
    federation: str
    fide_id: str
    birth_date: str
    points: Fraction
    rank: int | None
    rounds: tuple[SwissRecord, ...]


@dataclass(frozen=True, slots=True)
class TrfDocument:
    """A TRF16 file as read: header, players, and the round to pair next."""

    name: str | None
    total_rounds: int | None
    initial_colour: Literal["white1", "black1"] | None
    point_values: PointValues
    players: tuple[TrfPlayer, ...]
    round_to_pair: int
    records: tuple[TrfRecord, ...]
    #: the ``132`` record's dates by round number, as ISO dates (``2025-09-02``)
    round_dates: Mapping[int, str] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def tournament(self) -> SwissTournament:
        """The tournament before :attr:`round_to_pair` (missing rounds read as ``Z``)."""
        past = self.round_to_pair - 1
        players = tuple(
            SwissPlayer(
                number=p.number,
                name=p.name,
                rating=p.rating,
                history=tuple(p.rounds[r] if r < len(p.rounds) else _ZERO for r in range(past)),
            )
            for p in self.players
        )
        return SwissTournament(
            players=players,
            total_rounds=self.total_rounds,
            first_colour_white=self.initial_colour != "black1",
            points=self.point_values,
        )

    @property
    def preassigned(self) -> Mapping[int, SwissRecord]:
        """Entries already recorded for :attr:`round_to_pair`, by pairing number."""
        r = self.round_to_pair - 1
        return MappingProxyType(
            {p.number: p.rounds[r] for p in self.players if r < len(p.rounds) and p.rounds[r]}
        )

    @property
    def unavailable(self) -> frozenset[int]:
        """Players not to be paired in :attr:`round_to_pair` (they have an entry already)."""
        return frozenset(self.preassigned)


_ZERO = SwissRecord(None, None, "Z")


def _fail(line: int, key: str, *, at: Part = None, **fields: object) -> TrfError:
    """The error ``key`` on TRF line ``line`` (``at``: a round of that line)."""
    return TrfError.at((Phrase("trf.at.line", line=line), at), key, **fields)


def _what(key: str, **fields: object) -> Phrase:
    """A field of a TRF line, in words (``trf.what.<key>``)."""
    return Phrase(f"trf.what.{key}", fields)


def _parse_int(text: str, line: int, what: Phrase, *, minimum: int = 0) -> int:
    stripped = text.strip()
    if not stripped.isdigit() or not stripped.isascii():
        raise _fail(line, "trf.not_whole", what=what, text=stripped[:20])
    if len(stripped) > 9:
        raise _fail(line, "trf.too_large", what=what, text=stripped[:20])
    value = int(stripped)
    if value < minimum:
        raise _fail(line, "trf.below", what=what, value=value, minimum=minimum)
    return value


#: Points as TRF writes them: digits with an optional decimal part ("1", "1.5", "10.0").
#: No sign and no exponent: "1e9999" is not a TRF number (and would overflow a float).
_POINTS_RE = re.compile(r"^\d{1,6}(?:\.\d{1,4})?$")


def _parse_points(text: str, line: int, what: Phrase) -> Fraction:
    stripped = text.strip()
    if not _POINTS_RE.match(stripped) or not stripped.isascii():
        shown = stripped if len(stripped) <= 20 else stripped[:17] + "..."
        raise _fail(line, "error.trf.points", what=what, text=shown)
    return Fraction(stripped)


def _parse_block(block: str, line: int, rnd: int) -> SwissRecord | None:
    """Parse one 10-column round block; ``None`` when it is blank."""
    if not block.strip():
        return None
    block = block.ljust(ROUND_WIDTH)
    where = Phrase("at.round", number=rnd)
    for offset in (4, 6, 8, 9):
        if block[offset] != " ":
            column = FIRST_ROUND_INDEX + ROUND_WIDTH * (rnd - 1) + offset + 1
            raise _fail(line, "trf.unexpected", at=where, char=block[offset], column=column)
    opp_text, colour_char, result = block[0:4], block[5], block[7].upper()
    opponent: int | None
    if opp_text.strip() in ("", "0000"):
        opponent = None
    else:
        opponent = _parse_int(opp_text, line, _what("opponent", round=rnd), minimum=1)
    if colour_char not in "wb- ":
        raise _fail(line, "trf.colour", at=where, colour=colour_char)
    colour: Literal["w", "b"] | None = "w" if colour_char == "w" else None
    if colour_char == "b":
        colour = "b"
    if result == " ":
        if opponent is not None:
            raise _fail(line, "trf.no_result", at=where, opponent=opponent)
        result = "Z"
    if result not in GAME_RESULTS and result not in BYE_RESULTS:
        raise _fail(line, "trf.unknown_result", at=where, result=block[7])
    if opponent is not None:
        if colour is None:
            raise _fail(line, "trf.no_colour", at=where, opponent=opponent)
        if result not in GAME_RESULTS:
            raise _fail(line, "trf.bye_with_opponent", at=where, result=result)
    else:
        if colour is not None:
            raise _fail(line, "trf.colour_alone", at=where, colour=colour)
        if result in PLAYED_RESULTS:
            raise _fail(line, "trf.result_alone", at=where, result=result)
    return SwissRecord(opponent, colour, result)


def _parse_player(text: str, line: int) -> TrfPlayer:
    if len(text) < MIN_PLAYER_LINE:
        raise _fail(line, "trf.short_line", length=len(text), needed=MIN_PLAYER_LINE)
    if text[3] != " ":
        raise _fail(line, "trf.unexpected", char=text[3], column=4)
    number = _parse_int(text[4:8], line, _what("number"), minimum=1)
    rating_text = text[48:52]
    rating = None if not rating_text.strip() else _parse_int(rating_text, line, _what("rating"))
    points = _parse_points(text[80:84], line, _what("points"))
    rank_text = text[85:89]
    rank = None if not rank_text.strip() else _parse_int(rank_text, line, _what("rank"), minimum=1)
    tail = text[89:FIRST_ROUND_INDEX]
    if tail.strip():
        raise _fail(line, "trf.unexpected", char=tail.strip(), column="90-91")
    blocks: list[SwissRecord | None] = []
    start = FIRST_ROUND_INDEX
    while start < len(text):
        blocks.append(_parse_block(text[start : start + ROUND_WIDTH], line, len(blocks) + 1))
        start += ROUND_WIDTH
    while blocks and blocks[-1] is None:
        blocks.pop()
    return TrfPlayer(
        line=line,
        number=number,
        sex=text[9].strip(),
        title=text[10:13].strip(),
        name=text[14:47].strip(),
        rating=rating,
        federation=text[53:56].strip(),
        fide_id=text[57:68].strip(),
        birth_date=text[69:79].strip(),
        points=points,
        rank=rank,
        rounds=tuple(b if b is not None else _ZERO for b in blocks),
    )


def read_trf(text: str, *, check_points: bool = True) -> TrfDocument:
    """Read a TRF16 text. Raises :class:`TrfError` naming the line of the first problem.

    ``check_points``: require each player's declared points to equal the sum of their
    results (all rounds, or all rounds before the round to pair when that round has
    pre-assigned entries), with the point values of the ``BB?`` records.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    head = _Header()
    players: dict[int, TrfPlayer] = {}
    records: list[TrfRecord] = []
    lines = text.splitlines()
    for index, raw in enumerate(lines):
        line = index + 1
        row = raw.rstrip()
        if not row:
            continue
        code = row[:3]
        if code == "001":
            player = _parse_player(row, line)
            if player.number in players:
                first = players[player.number].line
                raise _fail(line, "trf.number_twice", number=player.number, first=first)
            players[player.number] = player
        elif code in ("012", "XXR", "XXC", "152", "132") or code in _POINT_RECORDS:
            head.read(code, row, line)
        else:
            records.append(TrfRecord(line, code, row))
    if not players:
        raise _fail(len(lines), "trf.no_players")
    point_values = replace(FIDE_POINTS, **head.values)
    ordered = tuple(sorted(players.values(), key=lambda p: p.number))
    _check_games(players)
    last_paired = max(
        (r for p in ordered for r, rec in enumerate(p.rounds, 1) if rec.paired), default=0
    )
    round_to_pair = last_paired + 1
    if head.total_rounds is not None and last_paired > head.total_rounds:
        raise _fail(head.seen["XXR"], "trf.xxr_paired", total=head.total_rounds, paired=last_paired)
    if check_points:
        for p in ordered:
            _check_points(p, point_values, round_to_pair)
    return TrfDocument(
        name=head.name,
        total_rounds=head.total_rounds,
        initial_colour=head.initial,
        point_values=point_values,
        players=ordered,
        round_to_pair=round_to_pair,
        records=tuple(records),
        round_dates=MappingProxyType(head.dates),
    )


@dataclass
class _Header:
    """The tournament records read so far (name, rounds, first colour, dates, points)."""

    name: str | None = None
    total_rounds: int | None = None
    initial: Literal["white1", "black1"] | None = None
    dates: dict[int, str] = field(default_factory=dict)
    seen: dict[str, int] = field(default_factory=dict)  # record code -> its line
    values: dict[str, Fraction] = field(default_factory=dict)

    def read(self, code: str, row: str, line: int) -> None:
        """One tournament record (each at most once)."""
        if code in self.seen:
            raise _fail(line, "trf.record_twice", code=code, first=self.seen[code])
        self.seen[code] = line
        if len(row) > 3 and row[3] != " ":
            raise _fail(line, "trf.unexpected", char=row[3], column=4)
        content = row[4:].strip()
        if code == "132":
            self.dates = _round_dates(row, line)
        elif code == "152":
            if content not in ("W", "B"):
                raise _fail(line, "trf.152", content=content)
            self.initial = "white1" if content == "W" else "black1"
        elif code == "012":
            self.name = content
        elif code == "XXR":
            self.total_rounds = _parse_int(content, line, _what("xxr"), minimum=1)
        elif code == "XXC":
            token = content.split()[0].lower() if content else ""
            if token not in ("white1", "black1"):
                raise _fail(line, "trf.xxc", content=content)
            self.initial = "white1" if token == "white1" else "black1"
        else:
            self.values[_POINT_RECORDS[code]] = _parse_points(
                content, line, _what("record_points", code=code)
            )


_DATE_RE = re.compile(r"^(\d\d)/(\d\d)/(\d\d)$")


def _round_dates(row: str, line: int) -> dict[int, str]:
    """The ``132`` record's dates: round ``r``'s ``YY/MM/DD`` in columns
    ``92 + 10 (r - 1)`` to ``99 + 10 (r - 1)`` (a blank slot: no date), as ISO dates of
    this century (``25/09/02`` is 2025-09-02)."""
    if row[3:FIRST_ROUND_INDEX].strip():
        raise _fail(
            line, "trf.unexpected", char=row[3:FIRST_ROUND_INDEX].strip()[:1], column="4-91"
        )
    out: dict[int, str] = {}
    start, rnd = FIRST_ROUND_INDEX, 1
    while start < len(row):
        slot = row[start : start + ROUND_WIDTH].strip()
        if slot:
            match = _DATE_RE.match(slot)
            try:
                if match is None:
                    raise ValueError(slot)
                day = date(2000 + int(match[1]), int(match[2]), int(match[3]))
            except ValueError:
                raise _fail(
                    line, "trf.round_date", at=Phrase("at.round", number=rnd), text=slot[:20]
                ) from None
            out[rnd] = day.isoformat()
        start += ROUND_WIDTH
        rnd += 1
    return out


def read_trf_file(path: str | Path, *, check_points: bool = True) -> TrfDocument:
    """Read a TRF16 file, which must be UTF-8 (see :func:`read_trf`)."""
    return read_trf(trf_text(Path(path).read_bytes()), check_points=check_points)


def trf_text(data: bytes) -> str:
    """A TRF file's bytes as text: UTF-8, or :class:`TrfError` naming the line."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise _fail(line, "trf.not_utf8", byte=f"{data[exc.start]:#04x}") from None


def _check_games(players: dict[int, TrfPlayer]) -> None:
    """Every game must appear on both lines with the other colour and result."""
    for p in sorted(players.values(), key=lambda p: p.line):
        for r, rec in enumerate(p.rounds, start=1):
            if rec.opponent is None:
                continue
            at = Phrase("at.round", number=r)
            if rec.opponent == p.number:
                raise _fail(p.line, "trf.self_game", at=at, number=p.number)
            other = players.get(rec.opponent)
            if other is None:
                raise _fail(p.line, "trf.no_opponent", at=at, opponent=rec.opponent)
            back = other.rounds[r - 1] if r <= len(other.rounds) else _ZERO
            if back.opponent != p.number:
                raise _fail(
                    p.line, "trf.one_sided", at=at, other=other.number, other_line=other.line,
                    number=p.number,
                )  # fmt: skip
            if back.colour == rec.colour:
                raise _fail(
                    p.line, "trf.same_colour", at=at, number=p.number, other=other.number,
                    other_line=other.line, colour=rec.colour,
                )  # fmt: skip
            if back.result not in OPPOSITE_RESULTS[rec.result]:
                raise _fail(
                    p.line, "trf.results_differ", at=at, result=rec.result, other=other.number,
                    back=back.result, other_line=other.line,
                )  # fmt: skip


def _check_points(p: TrfPlayer, values: PointValues, round_to_pair: int) -> None:
    points = [values.points(rec) for rec in p.rounds]
    before = sum(points[: round_to_pair - 1], Fraction(0))
    total = sum(points[round_to_pair - 1 :], before)
    if p.points not in (total, before):
        raise _fail(
            p.line, "trf.points_sum", number=p.number, points=_fmt(p.points), total=_fmt(total)
        )


def _fmt(value: Fraction) -> str:
    return f"{float(value):.1f}" if value.denominator <= 2 else str(value)


def format_plain_pairing(pairing: SwissPairing) -> str:
    """The vectors' plain format: board count, ``white black`` lines, ``N 0`` for the bye."""
    lines = [f"{b.white} {b.black}" for b in pairing.boards]
    if pairing.bye is not None:
        lines.append(f"{pairing.bye} 0")
    return "\n".join([str(len(lines)), *lines]) + "\n"


def read_plain_pairing(text: str) -> tuple[tuple[tuple[int, int], ...], int | None]:
    """Read the plain pairing format: ``((white, black), ...)`` in board order, and the bye.

    Raises :class:`TrfError` naming the line of a malformed entry.
    """
    lines = [row.strip() for row in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    if not lines:
        raise TrfError.at(Phrase("trf.at.pairing", line=1), "trf.pairing.empty")
    count = _parse_int(lines[0], 1, _what("boards"))
    if len(lines) - 1 != count:
        raise TrfError.at(
            Phrase("trf.at.pairing", line=1), "trf.pairing.count", count=count, given=len(lines) - 1
        )
    boards: list[tuple[int, int]] = []
    bye: int | None = None
    seen: set[int] = set()
    for index, row in enumerate(lines[1:], start=2):
        parts = row.split()
        here = Phrase("trf.at.pairing", line=index)
        if len(parts) != 2 or not all(x.isdigit() for x in parts):
            raise TrfError.at(here, "trf.pairing.row", row=row)
        white, black = int(parts[0]), int(parts[1])
        if white == 0:
            raise TrfError.at(here, "trf.pairing.zero_white")
        if black == 0 and bye is not None:
            raise TrfError.at(here, "trf.pairing.second_bye")
        if white in seen or black in seen or white == black:
            raise TrfError.at(here, "trf.pairing.twice")
        if black == 0:
            seen.add(white)
            bye = white
        else:
            seen.update((white, black))
            boards.append((white, black))
    return tuple(boards), bye
