"""Federation rating lists, read row by row (issue 11, ``spec/formats.md``).

- KNSB monthly list: a ``;``-separated CSV in cp1252 with the header
  ``Relatienummer;Naam;Titel;FED;Rating;Nv;Geboren;S``; names ``Achternaam, Voornaam``.
- FIDE TXT: fixed-width columns whose offsets come from the header line (``ID Number``,
  ``Name``, ``Fed`` ... and a rating column named after its month, ``SEP20``).
- FIDE XML: ``<playerslist><player><fideid/><name/>...<rating/></player>...``, read with
  ``iterparse`` so a list of a million players never sits in memory.

Each reader is a generator of :class:`ListRow`; a row it cannot read is added to ``bad``
(with its line number) and skipped, never raising. A file that is not such a list at all
(no header, broken XML or an unknown XML encoding, a CSV quote that never closes, not
cp1252/latin-1) raises :class:`RatingListError`, and nothing else. A list that starts with
a UTF-8 byte order mark (saved again by a spreadsheet) is read as UTF-8. Numbers are the
digits 0-9 only; a rating above ``validate.RATING_HIGH`` is a bad row.
"""

from __future__ import annotations

import csv
import io
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, Literal

from compcore.domain.errors import Phrase, RatingListError
from compcore.formats.validate import RATING_HIGH

ListKind = Literal["knsb", "fide-txt", "fide-xml"]
KNSB_HEADER = ("Relatienummer", "Naam", "Rating")
#: a FIDE TXT rating column: a month and year (``SEP20``) or a plain ``Rtg``/``Rating``
_RATING_COLUMN = re.compile(r"^(?:[A-Z]{3}\d{2}|RTG|RATING)$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class ListRow:
    """One player of a list: the federation's number (KNSB relatienummer or FIDE id), the
    name as listed, the rating (None where the list leaves it empty) and the line."""

    number: str
    name: str
    rating: int | None
    line: int


@dataclass(frozen=True, slots=True)
class BadRow:
    """A row that could not be read: its line and what is wrong (an i18n phrase)."""

    line: int
    problem: Phrase

    def describe(self, lang: Literal["nl", "en"] = "nl") -> str:
        return (
            Phrase("ratings.at.line", line=self.line).render(lang)
            + ": "
            + self.problem.render(lang)
        )


#: a value quoted in a bad row's message is cut to this many characters
SHOWN = 20


def _shown(text: str) -> str:
    """``text`` as a message quotes it: a character that does not print (a vertical tab,
    U+2028, which end a line for ``str.splitlines``) escaped as ``\\x0b``, at most
    :data:`SHOWN` characters."""
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return text if len(text) <= SHOWN else text[: SHOWN - 3] + "..."


def _digits(text: str) -> bool:
    """Only the digits 0-9 (``str.isdigit`` also takes "³" and "١", which ``int`` refuses
    or reads as another number)."""
    return text.isascii() and text.isdigit()


def _rating(text: str, line: int, bad: list[BadRow]) -> int | bool | None:
    """The rating in ``text``: None when empty, False (and a bad row) when not a number
    or above the highest rating a player may have (``validate.RATING_HIGH``)."""
    text = text.strip()
    if not text or text == "0":
        return None
    if not _digits(text):
        bad.append(BadRow(line, Phrase("ratings.bad.rating", value=_shown(text))))
        return False
    if len(text) > 4 or int(text) > RATING_HIGH:
        bad.append(BadRow(line, Phrase("ratings.bad.rating_high", value=_shown(text),
                                       high=RATING_HIGH)))  # fmt: skip
        return False
    return int(text)


def _row(number: str, name: str, rating: str, line: int, bad: list[BadRow]) -> ListRow | None:
    number, name = number.strip(), " ".join(name.split())
    if not _digits(number):
        bad.append(BadRow(line, Phrase("ratings.bad.number", value=_shown(number))))
        return None
    if not name:
        bad.append(BadRow(line, Phrase("ratings.bad.name")))
        return None
    value = _rating(rating, line, bad)
    if value is False:
        return None
    return ListRow(number, name, value if isinstance(value, int) else None, line)


_CsvReader = Any  # csv's reader type has no public name


def read_knsb(lines: Iterable[str], bad: list[BadRow]) -> Iterator[ListRow]:
    """The KNSB monthly list's rows (lines already decoded from cp1252)."""
    reader = csv.reader(lines, delimiter=";")
    try:
        yield from _knsb_rows(reader, bad)
    except csv.Error:  # a field over csv's limit (an unclosed quote), a NUL byte
        raise RatingListError("ratings.bad_csv", line=reader.line_num) from None


def _knsb_rows(reader: _CsvReader, bad: list[BadRow]) -> Iterator[ListRow]:
    header = [h.strip() for h in next(reader, [])]
    missing = [h for h in KNSB_HEADER if h not in header]
    if missing:
        raise RatingListError("ratings.no_header", kind="KNSB", columns=", ".join(missing))
    at = {h: header.index(h) for h in KNSB_HEADER}
    width = max(at.values()) + 1
    for fields in reader:
        line = reader.line_num
        if not any(f.strip() for f in fields):
            continue
        if len(fields) < width:
            bad.append(BadRow(line, Phrase("ratings.bad.columns", count=len(fields), want=width)))
            continue
        row = _row(fields[at["Relatienummer"]], fields[at["Naam"]], fields[at["Rating"]], line, bad)
        if row is not None:
            yield row


@dataclass(frozen=True, slots=True)
class TxtColumns:
    """Where the FIDE TXT fields are: ``(start, end)`` of the id, the name and the rating."""

    number: tuple[int, int]
    name: tuple[int, int]
    rating: tuple[int, int]


def txt_columns(header: str) -> TxtColumns:
    """The offsets of the id, name and rating columns, from the header line: each column
    runs from its title's start to the next title's start."""
    titles = [(m.start(), m.group()) for m in re.finditer(r"ID Number|\S+", header)]
    starts = [s for s, _ in titles] + [10**6]
    span = {t.upper(): (starts[i], starts[i + 1]) for i, (_, t) in enumerate(titles)}
    rating = next((t for _, t in titles if _RATING_COLUMN.match(t)), None)
    if "ID NUMBER" not in span or "NAME" not in span or rating is None:
        raise RatingListError("ratings.no_header", kind="FIDE", columns="ID Number, Name, rating")
    return TxtColumns(span["ID NUMBER"], span["NAME"], span[rating.upper()])


def read_fide_txt(lines: Iterable[str], bad: list[BadRow]) -> Iterator[ListRow]:
    """The FIDE TXT list's rows."""
    it = iter(lines)
    cols = txt_columns(next(it, ""))
    (a, b), (c, d), (e, f) = cols.number, cols.name, cols.rating
    for line, text in enumerate(it, start=2):
        if not text.strip():
            continue
        row = _row(text[a:b], text[c:d], text[e:f], line, bad)
        if row is not None:
            yield row


def read_fide_xml(stream: BinaryIO, bad: list[BadRow]) -> Iterator[ListRow]:
    """The FIDE XML list's rows, each ``<player>`` dropped once read."""
    count = 0
    try:
        for _, elem in ET.iterparse(stream, events=("end",)):
            if elem.tag != "player":
                continue
            count += 1
            row = _row(
                elem.findtext("fideid") or "",
                elem.findtext("name") or "",
                elem.findtext("rating") or "",
                count,
                bad,
            )
            elem.clear()
            if row is not None:
                yield row
    except ET.ParseError as exc:
        line = exc.position[0]
        raise RatingListError("ratings.bad_xml", line=line) from None
    except LookupError as exc:  # ``<?xml encoding="..."?>`` names no codec Python knows
        named = str(exc).rpartition(": ")[2]  # "unknown encoding: utf-99"
        raise RatingListError("ratings.xml_encoding", encoding=_shown(named)) from None


def kind_of(first: bytes) -> ListKind:
    """Which list a file is, from its first bytes: XML by its first character, KNSB by the
    ``;`` in its header, else FIDE TXT."""
    first = first.removeprefix(BOM)
    if first.lstrip().startswith(b"<"):
        return "fide-xml"
    if b";" in first.split(b"\n", 1)[0]:
        return "knsb"
    return "fide-txt"


#: each list in the encoding its federation serves it in
ENCODING: dict[ListKind, str] = {"knsb": "cp1252", "fide-txt": "latin-1"}
#: a UTF-8 byte order mark: a list saved again as UTF-8 (by a spreadsheet) starts with it
BOM = b"\xef\xbb\xbf"


def encoding_of(first: bytes, kind: ListKind) -> str:
    """The encoding to read a text list in: UTF-8 when it starts with a byte order mark
    (the mark itself skipped), else the federation's own (:data:`ENCODING`)."""
    return "utf-8-sig" if first.startswith(BOM) else ENCODING[kind]


def _decoded(stream: BinaryIO, encoding: str) -> Iterator[str]:
    text = io.TextIOWrapper(stream, encoding=encoding, newline="")
    try:
        yield from text
    except UnicodeDecodeError as exc:
        raise RatingListError("ratings.encoding", encoding=encoding, at=exc.start) from None
    finally:
        with suppress(ValueError):  # the stream may be closed already
            text.detach()  # the caller closes the stream, not this wrapper


def rows_of(stream: BinaryIO, bad: list[BadRow]) -> tuple[ListKind, Iterator[ListRow]]:
    """The kind of the list in ``stream`` (seekable, at its start) and a generator of its
    rows, read as the stream is consumed."""
    first = stream.read(4096)
    kind = kind_of(first)
    stream.seek(0)
    if kind == "fide-xml":
        return kind, read_fide_xml(stream, bad)
    reader = read_knsb if kind == "knsb" else read_fide_txt
    return kind, reader(_decoded(stream, encoding_of(first, kind)), bad)


def read_list(path: str | Path, bad: list[BadRow]) -> tuple[ListKind, Iterator[ListRow]]:
    """:func:`rows_of` a file: the file stays open while the rows are read."""
    path = Path(path)
    with path.open("rb") as f:
        kind = kind_of(f.read(4096))
    return kind, _file_rows(path, bad)


def _file_rows(path: Path, bad: list[BadRow]) -> Iterator[ListRow]:
    with path.open("rb") as f:
        yield from rows_of(f, bad)[1]
