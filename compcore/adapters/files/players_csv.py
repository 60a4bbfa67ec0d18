"""Players from a CSV file (the app's roster import): pure parsing and checking, no I/O.

The first line names the columns: ``id`` and ``name`` are required; ``rating``,
``strength``, ``level``, ``flags``, ``participation``, ``joined_round``,
``withdrawn_round``, ``knsb_id`` and ``fide_id`` are optional (Dutch headers ``naam``,
``sterkte``, ``niveau``, ``vlaggen``, ``deelname``, ``vanaf_ronde``, ``gestopt_in_ronde``,
``relatienummer``, ``fide-id`` are accepted too; the numbers are checked by ``compcore.domain.federation_ids``, the name by
``compcore.domain.player_names``). Comma, semicolon (Dutch spreadsheets) and tab
separate columns; ``flags`` holds labels separated by spaces or ``|``. An empty cell means
"not given". Lines may end in LF, CRLF or a lone CR (old Mac spreadsheets).

:func:`parse` returns every player or, for each bad row, its line number and what is wrong;
the app imports nothing while any row is bad. :func:`merge` applies the parsed rows to a
roster: a known id updates that player (only the columns the file has), a new id is added
at the end. :func:`dumps` writes a roster in the same columns, so it reads back.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace

from compcore.adapters.files.csv_text import csv_text
from compcore.domain.errors import (
    CompcoreError,
    CsvImportError,
    Part,
    Phrase,
    choices,
    joined,
    phrase,
    render,
)
from compcore.domain.federation_ids import fide_id_problem, knsb_id_problem
from compcore.domain.model import Player
from compcore.domain.player_names import name_problem
from compcore.formats.validate import implausible_rating
from compcore.i18n import DEFAULT, Lang

FIELDS = ("id", "name", "rating", "strength", "level", "flags", "participation",
          "joined_round", "withdrawn_round", "knsb_id", "fide_id")  # fmt: skip
REQUIRED = ("id", "name")
ALIASES = {
    "naam": "name",
    "sterkte": "strength",
    "niveau": "level",
    "vlaggen": "flags",
    "deelname": "participation",
    "rating_knsb": "rating",
    "elo": "rating",
    "joined": "joined_round",
    "withdrawn": "withdrawn_round",
    "vanaf_ronde": "joined_round",  # the Dutch help's names (issue 22 item 9) ...
    "gestopt_in_ronde": "withdrawn_round",
    "vanaf ronde": "joined_round",  # ... and the roster table's column headers
    "gestopt in ronde": "withdrawn_round",
    "relatienummer": "knsb_id",
    "knsb-relatienummer": "knsb_id",
    "fide-id": "fide_id",
    "fide": "fide_id",
}
PARTICIPATION = {"always": "always", "never": "never", "altijd": "always", "nooit": "never"}


@dataclass(frozen=True)
class RowError:
    """One bad row: its line in the file (the header is line 1) and why."""

    line: int
    why: Part

    def text(self, lang: Lang = DEFAULT) -> str:
        """Why the row is bad, in ``lang``."""
        return str(render(self.why, lang))

    @property
    def message(self) -> str:
        return self.text()

    @property
    def words(self) -> Phrase:
        """``regel 3: ...``: the line and why, in any language."""
        return Phrase("csv.line", line=self.line, why=self.why)

    def __str__(self) -> str:
        return self.words.render(DEFAULT)


class _BadRow(CompcoreError):
    """A row's cells do not make a player (caught per row by :func:`parse`)."""


@dataclass(frozen=True)
class ParsedPlayers:
    players: tuple[Player, ...]
    errors: tuple[RowError, ...]
    #: the fields the file has columns for (an update changes only these)
    columns: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.errors


def _whole(value: str, field: Phrase, minimum: int) -> int:
    if not value.isascii() or not value.lstrip("+-").isdigit() or len(value) > 19:
        raise _BadRow(Phrase("csv.whole", field=field, got=_short(value)))
    number = int(value)
    if number < minimum:
        raise _BadRow(Phrase("csv.minimum", field=field, minimum=minimum, got=number))
    return number


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


def _dialect(text: str) -> type[csv.Dialect] | csv.Dialect:
    first = text.splitlines()[0] if text.strip() else ""
    try:
        return csv.Sniffer().sniff(first, delimiters=",;\t")
    except csv.Error:
        return csv.excel


def _rows(text: str, errors: list[RowError]) -> Iterator[tuple[int, list[str]]]:
    """(line, cells) of every row the csv module can read. A row it cannot read (a cell
    over the csv module's limit, a NUL byte) becomes an error for that row, and reading
    goes on with the next line."""
    # newline="": the csv module itself splits lines at LF, CRLF and a lone CR
    reader = csv.reader(io.StringIO(text, newline=""), _dialect(text))
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            errors.append(RowError(reader.line_num, _csv_problem(exc)))
            continue
        yield reader.line_num, row


def _csv_problem(exc: csv.Error) -> Phrase:
    if "field larger than field limit" in str(exc):
        return phrase("error.csv.cell_too_long", limit=csv.field_size_limit())
    return phrase("error.csv.unreadable", detail=str(exc))


def parse(text: str) -> ParsedPlayers:
    """The players of a CSV text, or the errors of its bad rows."""
    text = text.lstrip("\ufeff")
    if not text.strip():
        return ParsedPlayers((), (RowError(1, Phrase("csv.empty")),), ())
    errors: list[RowError] = []
    rows = _rows(text, errors)
    first = next(rows, None)
    if first is None:
        return ParsedPlayers((), tuple(errors), ())
    header = [ALIASES.get(h.strip().lower(), h.strip().lower()) for h in first[1]]
    errors.extend(_header_errors(header))
    if errors:
        return ParsedPlayers((), tuple(errors), ())
    players = _players(rows, header, errors)
    if not players and not errors:
        errors.append(RowError(2, Phrase("csv.no_players")))
    return ParsedPlayers(tuple(players), tuple(errors), tuple(header))


def _header_errors(header: list[str]) -> list[RowError]:
    """The header row's problems: an unknown column, a required one missing, one twice."""
    errors: list[RowError] = []
    unknown = [h for h in header if h not in FIELDS]
    if unknown:
        errors.append(
            RowError(
                1,
                Phrase("csv.unknown_column", column=_short(unknown[0]), allowed=choices(FIELDS)),
            )
        )
    missing = [f for f in REQUIRED if f not in header]
    if missing:
        errors.append(RowError(1, Phrase("csv.required_column", column=missing[0])))
    doubled = sorted({h for h in header if header.count(h) > 1})
    if doubled:
        errors.append(RowError(1, Phrase("csv.column_twice", column=doubled[0])))
    return errors


def _players(
    rows: Iterator[tuple[int, list[str]]], header: list[str], errors: list[RowError]
) -> list[Player]:
    """The players of the rows after the header; a bad row's error goes to ``errors``."""
    players: list[Player] = []
    seen: dict[str, int] = {}
    for line, row in rows:
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(header):
            errors.append(RowError(line, Phrase("csv.columns", expected=len(header), got=len(row))))
            continue
        cells = {h: cell.strip() for h, cell in zip(header, row, strict=True)}
        try:
            player = _player(cells)
        except _BadRow as exc:
            errors.append(RowError(line, _why(exc)))
            continue
        if player.id in seen:
            errors.append(
                RowError(line, Phrase("csv.id_twice", player=player.id, line=seen[player.id]))
            )
            continue
        seen[player.id] = line
        players.append(player)
    return players


def _why(exc: CompcoreError) -> Part:
    """A row error's reason: its one phrase, or the error itself (rendered per language)."""
    if len(exc.parts) == 1 and isinstance(exc.parts[0], Phrase):
        return exc.parts[0]
    return exc


def _player(cells: dict[str, str]) -> Player:
    pid, name = cells.get("id", ""), cells.get("name", "")
    if not pid:
        raise _BadRow(Phrase("csv.no_id"))
    problem = name_problem(name)
    if problem is not None:
        raise _BadRow(Phrase("csv.name", player=pid, problem=problem))

    def number(field: str, minimum: int) -> int | None:
        value = cells.get(field, "")
        where = Phrase("csv.field", player=pid, field=field)
        return _whole(value, where, minimum) if value else None

    participation = cells.get("participation", "").lower()
    if participation and participation not in PARTICIPATION:
        raise _BadRow(Phrase("csv.participation", player=pid, got=_short(participation)))
    flags_text = cells.get("flags", "")
    flags = tuple(f for f in re.split(r"[\s|]+", flags_text) if f) if flags_text else None
    joined, withdrawn = number("joined_round", 1), number("withdrawn_round", 1)
    if joined is not None and withdrawn is not None and withdrawn <= joined:
        raise _BadRow(Phrase("csv.withdrawn_order", player=pid))
    rating = number("rating", 0)
    problem = implausible_rating(pid, rating)
    if problem is not None:
        raise _BadRow(problem)
    return Player(
        id=pid,
        name=name,
        rating=rating,
        strength=number("strength", 1),
        level=cells.get("level") or None,
        flags=flags,
        participation=PARTICIPATION.get(participation) if participation else None,  # type: ignore[arg-type]
        joined_round=joined,
        withdrawn_round=withdrawn,
        knsb_id=_federation(cells, pid, "knsb_id", knsb_id_problem),
        fide_id=_federation(cells, pid, "fide_id", fide_id_problem),
    )


def _federation(
    cells: dict[str, str], pid: str, field: str, problem: Callable[[str], Phrase | None]
) -> str | None:
    """A relatienummer or FIDE id cell: empty (not given) or a number the rule accepts."""
    value = cells.get(field, "")
    found = problem(value) if value else None
    if found is not None:
        raise _BadRow(Phrase("csv.field", player=pid, field=found))
    return value or None


def dumps(players: Sequence[Player], *, excel: bool = False) -> str:
    """The roster as a CSV text in :data:`FIELDS` (the engine entrant left out), flags
    separated by ``|``: what :func:`parse` reads back to the same players (a text a
    spreadsheet would take for a formula gets a ``'``, ``csv_text.neutral_cell``);
    ``excel``: ``;``-separated for Dutch Excel (:mod:`compcore.adapters.files.csv_text`; every
    number in it is whole, so no decimal comma is needed), which :func:`parse` reads too."""
    rows = [FIELDS, *(_cells(p) for p in players if not p.is_engine)]
    return csv_text(rows, excel=excel)


def _cells(player: Player) -> list[object]:
    cells = {f: getattr(player, f) for f in FIELDS}
    cells["flags"] = "|".join(player.flags) if player.flags else None
    return [cells[f] for f in FIELDS]


def merge(existing: Sequence[Player], parsed: ParsedPlayers) -> tuple[Player, ...]:
    """The roster with the parsed players applied: known ids updated (only the file's
    columns), new ids added at the end, in file order."""
    if not parsed.ok:
        raise CsvImportError(*joined((e.words for e in parsed.errors), "; "))
    updates = {p.id: p for p in parsed.players}
    changed = [f for f in parsed.columns if f != "id"]
    out = []
    for player in existing:
        new = updates.pop(player.id, None)
        if new is None or player.is_engine:
            out.append(player)
            continue
        out.append(replace(player, **{f: getattr(new, f) for f in changed}))
    out.extend(p for p in parsed.players if p.id in updates)
    return tuple(out)


def status(existing: Sequence[Player], parsed: ParsedPlayers) -> dict[str, str]:
    """Per parsed player id: ``new`` or ``update`` (for the preview)."""
    known = {p.id for p in existing}
    return {p.id: "update" if p.id in known else "new" for p in parsed.players}
