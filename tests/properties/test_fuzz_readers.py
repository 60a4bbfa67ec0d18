"""Fuzzed bad files for the issue 11 readers (Hypothesis): the rating lists (KNSB CSV,
FIDE TXT, FIDE XML; ``compcore.adapters.files.rating_lists``) and a TRF file as a new
competition (``compcore.adapters.files.trf`` + ``trf_import``).

The property, for random bytes and for random mutations of a valid file (a line dropped,
duplicated, cut mid-line, a field shifted, another encoding, a byte order mark, CRLF or CR,
huge numbers, the file emptied, XML left open or an entity bomb put in front):

- the reader gives rows (and one-line bad rows naming their line) or raises its own one
  error class (``RatingListError``, ``TrfError``), with a one-line message; never another
  exception;
- through the command line (``compcore ratings import``, ``compcore import FILE.trf``):
  exit 0 or 2; on 2 exactly one line on stderr (plus one per bad row of the list) and the
  database the same, table by table (``dump_tables``).

The quick run keeps a few hundred examples in all; the runs marked ``slow`` take more.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compcore.adapters.files import rating_lists, season_file
from compcore.adapters.files.rating_lists import BadRow, ListRow
from compcore.adapters.files.trf import read_trf, trf_text
from compcore.adapters.files.trf_export import season_trf
from compcore.adapters.files.trf_import import season_from_trf
from compcore.adapters.store import Store
from compcore.cli import main as cli
from compcore.domain.errors import CompcoreError, RatingListError, TrfError
from compcore.i18n import LANGUAGES
from compcore.ports.actors import Administrator
from tests.adapters.store.test_store_support import dump_tables
from tests.services.test_rating_lists import FIDE_HEADER, KNSB, PLAYERS, fide_line

ROOT = Path(__file__).resolve().parents[2]
ADMIN = Administrator("fuzz")
Draw = Callable[[st.SearchStrategy[int]], int]

# --------------------------------------------------------------------------- valid files

KNSB_BYTES = KNSB.encode("cp1252")
FIDE_TXT = (
    "\n".join([FIDE_HEADER, fide_line("1234567", "Jansen, Jan", "1650"),
               fide_line("7654321", "Van der Aa, Quinten", "1720"),
               fide_line("8888888", "Müller, Éric", ""),
               fide_line("9999999", "de Boer, Piet", "1550")]) + "\n"
).encode("latin-1")  # fmt: skip
FIDE_XML = (
    "<?xml version='1.0' encoding='utf-8'?>\n<playerslist>\n"
    + "".join(
        f"<player><fideid>{n}</fideid><name>{name}</name><country>NED</country>"
        f"<rating>{r}</rating><games>0</games></player>\n"
        for n, name, r in [("1234567", "Jansen, Jan", "1650"),
                           ("7654321", "Van der Aa, Quinten", "1720"),
                           ("8888888", "Müller, Éric", "")]
    )
    + "</playerslist>\n"
).encode("utf-8")  # fmt: skip
LISTS = {"knsb": KNSB_BYTES, "fide-txt": FIDE_TXT, "fide-xml": FIDE_XML}

ENTITY_BOMB = (
    b'<?xml version="1.0"?><!DOCTYPE playerslist [<!ENTITY a "aaaaaaaaaa">'
    + b"".join(
        f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">'.encode() for i in range(8)
    )
    + b"]>"
)


def trf_bytes() -> bytes:
    """magnus-youth's demo season as TRF: 12 rounds played, round 13 open."""
    season, ruleset = season_file.load(ROOT / "data" / "magnus-youth.json")
    return season_trf(season, ruleset).encode("utf-8")


TRF_BYTES = trf_bytes()

# --------------------------------------------------------------------------- mutations


def _line_at(data: bytes, draw: Draw) -> tuple[list[bytes], int]:
    lines = data.split(b"\n")
    return lines, draw(st.integers(0, len(lines) - 1))


def drop_line(data: bytes, draw: Draw) -> bytes:
    lines, i = _line_at(data, draw)
    return b"\n".join(lines[:i] + lines[i + 1 :])


def duplicate_line(data: bytes, draw: Draw) -> bytes:
    lines, i = _line_at(data, draw)
    return b"\n".join(lines[: i + 1] + lines[i:])


def cut_mid_line(data: bytes, draw: Draw) -> bytes:
    return data[: draw(st.integers(0, len(data)))]


def shift_field(data: bytes, draw: Draw) -> bytes:
    """Spaces put in (or a character taken out) somewhere in a line: every later column
    moves."""
    lines, i = _line_at(data, draw)
    at = draw(st.integers(0, len(lines[i])))
    if draw(st.booleans()):
        lines[i] = lines[i][:at] + b" " * draw(st.integers(1, 4)) + lines[i][at:]
    else:
        lines[i] = lines[i][:at] + lines[i][at + 1 :]
    return b"\n".join(lines)


ENCODINGS = ["utf-8", "utf-16", "utf-32", "cp1252", "latin-1", "cp437"]


def other_encoding(data: bytes, draw: Draw) -> bytes:
    text = data.decode("latin-1")
    return text.encode(ENCODINGS[draw(st.integers(0, len(ENCODINGS) - 1))], "replace")


def bom(data: bytes, draw: Draw) -> bytes:
    return b"\xef\xbb\xbf" + data


def line_ends(data: bytes, draw: Draw) -> bytes:
    plain = data.replace(b"\r\n", b"\n")
    return plain.replace(b"\n", [b"\r\n", b"\r", b"\n\n"][draw(st.integers(0, 2))])


def huge_number(data: bytes, draw: Draw) -> bytes:
    """A digit somewhere made a number of up to 5,000 digits."""
    digits = [i for i, b in enumerate(data) if 48 <= b <= 57]
    if not digits:
        return data
    at = digits[draw(st.integers(0, len(digits) - 1))]
    return data[:at] + b"9" * draw(st.integers(5, 5000)) + data[at + 1 :]


def emptied(data: bytes, draw: Draw) -> bytes:
    return [b"", b"\n", b" \r\n", b"\x00"][draw(st.integers(0, 3))]


def flip_byte(data: bytes, draw: Draw) -> bytes:
    at = draw(st.integers(0, len(data)))
    return data[:at] + bytes([draw(st.integers(0, 255))]) + data[at + 1 :]


def xml_left_open(data: bytes, draw: Draw) -> bytes:
    return data.replace(b"</playerslist>", b"").replace(b"</player>", b"", 1)


def entity_bomb(data: bytes, draw: Draw) -> bytes:
    body = data.split(b"?>", 1)[-1] if data.startswith(b"<?xml") else data
    return ENTITY_BOMB + body.replace(b"Jansen, Jan", b"&i;", 1)


MUTATIONS = [drop_line, duplicate_line, cut_mid_line, shift_field, other_encoding, bom,
             line_ends, huge_number, emptied, flip_byte, xml_left_open, entity_bomb]  # fmt: skip


@st.composite
def mutated(draw: st.DrawFn, valid: bytes) -> bytes:
    """``valid`` with one to three mutations."""
    data = valid
    for _ in range(draw(st.integers(1, 3))):
        data = draw(st.sampled_from(MUTATIONS))(data, draw)
    return data


def any_list() -> st.SearchStrategy[bytes]:
    """A mutated rating list of any kind, or random bytes (half of them after a real
    header, so the reader gets past it)."""
    headers = [b"", KNSB_BYTES.split(b"\n")[0] + b"\n", FIDE_TXT.split(b"\n")[0] + b"\n",
               b"<playerslist><player>"]  # fmt: skip
    noise = st.tuples(st.sampled_from(headers), st.binary(max_size=600)).map(b"".join)
    return st.one_of(noise, *(mutated(v) for v in LISTS.values()))


# --------------------------------------------------------------------------- properties


def one_line(error: CompcoreError) -> None:
    for lang in LANGUAGES:
        text = error.describe(lang)
        assert len(text.splitlines()) == 1, text


def read_list(data: bytes) -> tuple[list[ListRow], list[BadRow]]:
    """Every row of the list in ``data``, or :class:`RatingListError` (one line)."""
    bad: list[BadRow] = []
    _, rows = rating_lists.rows_of(io.BytesIO(data), bad)
    try:
        return list(rows), bad
    except RatingListError as exc:
        one_line(exc)
        raise


def check_list(data: bytes) -> None:
    """Rows with a number of digits 0-9, a name and a rating of 1-3500 (or none); each bad
    row one line naming its line; else one clear error. Nothing else is raised."""
    with contextlib.suppress(RatingListError):
        rows, bad = read_list(data)
        for row in rows:
            assert row.number.isascii() and row.number.isdigit() and row.name.strip()
            assert row.rating is None or 1 <= row.rating <= 3500
        for b in bad:
            assert b.line >= 1
            for lang in LANGUAGES:
                assert len(b.describe(lang).splitlines()) == 1, b.describe(lang)
                assert str(b.line) in b.describe(lang)


def check_trf(data: bytes) -> None:
    """A TRF file is read strictly (``TrfError``, one line), and what it reads becomes a
    season that the season check passes or refuses with a compcore error (the import
    itself refuses a name the name rule refuses: ``TrfError``, one line)."""
    try:
        document = read_trf(trf_text(data))
    except TrfError as exc:
        one_line(exc)
        return
    try:
        season = season_from_trf(document, club="Fuzz", season="", preset="magnus-youth")
        season_file.parse(season_file.to_data(season), "trf")
    except CompcoreError as exc:
        one_line(exc)


QUICK = settings(max_examples=150, deadline=None)
THOROUGH = settings(max_examples=3000, deadline=None)


@QUICK
@given(any_list())
def test_a_fuzzed_rating_list_gives_rows_bad_rows_or_one_clear_error(data: bytes) -> None:
    check_list(data)


@QUICK
@given(st.one_of(mutated(TRF_BYTES), st.binary(max_size=400)))
def test_a_fuzzed_trf_file_is_read_or_refused_in_one_line(data: bytes) -> None:
    check_trf(data)


@pytest.mark.slow
@THOROUGH
@given(any_list())
def test_fuzz_rating_lists_thoroughly(data: bytes) -> None:
    check_list(data)


@pytest.mark.slow
@THOROUGH
@given(st.one_of(mutated(TRF_BYTES), st.binary(max_size=2000)))
def test_fuzz_trf_files_thoroughly(data: bytes) -> None:
    check_trf(data)


# --------------------------------------------------------------------------- the CLI


@pytest.fixture(scope="module")
def club_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One database for the whole module: the rating-list roster as a keizer-classic
    competition. An import that succeeds changes it; one that fails must not."""
    from tests.builders import load

    path = tmp_path_factory.mktemp("fuzz") / "club.duckdb"
    roster = cast("list[dict[str, Any]]", PLAYERS)
    Store(path).import_season(load("keizer-classic", roster)[0], actor=ADMIN)
    return path


@contextlib.contextmanager
def captured() -> Iterator[tuple[io.StringIO, io.StringIO]]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        yield out, err


def run_refused_or_done(argv: list[str], db: Path, extra_lines: Callable[[], int]) -> None:
    """``compcore argv``: exit 0 with nothing on stderr, or exit 2 with one line (plus
    ``extra_lines()``: the list's bad rows) and the database as it was."""
    before = dump_tables(db)
    with captured() as (out, err):
        code = cli.main(argv)
    if code == 0:
        assert err.getvalue() == ""
        return
    assert code == 2, err.getvalue()
    assert out.getvalue() == ""
    assert len(err.getvalue().splitlines()) == 1 + extra_lines(), err.getvalue()
    assert dump_tables(db) == before


def cli_settings(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip


#: a CLI example takes about 0.4 s (a database opened, dumped twice): few in the quick run
CLI_QUICK, CLI_THOROUGH = cli_settings(8), cli_settings(150)
LIST_ARGS = st.fixed_dictionaries({"data": any_list(), "lang": st.sampled_from(LANGUAGES)})
TRF_ARGS = st.fixed_dictionaries(
    {"data": st.one_of(mutated(TRF_BYTES), st.binary(max_size=300)), "replace": st.booleans()}
)


@CLI_QUICK
@given(case=LIST_ARGS)
def test_cli_ratings_import_of_a_fuzzed_list(club_db: Path, tmp_path: Path,
                                             case: dict[str, Any]) -> None:  # fmt: skip
    ratings_import_case(club_db, tmp_path, case["data"], case["lang"])


@pytest.mark.slow
@CLI_THOROUGH
@given(case=LIST_ARGS)
def test_cli_ratings_import_thoroughly(club_db: Path, tmp_path: Path,
                                       case: dict[str, Any]) -> None:  # fmt: skip
    ratings_import_case(club_db, tmp_path, case["data"], case["lang"])


@CLI_QUICK
@given(case=TRF_ARGS)
def test_cli_import_of_a_fuzzed_trf_file(club_db: Path, tmp_path: Path,
                                         case: dict[str, Any]) -> None:  # fmt: skip
    trf_import_case(club_db, tmp_path, case["data"], case["replace"])


@pytest.mark.slow
@CLI_THOROUGH
@given(case=TRF_ARGS)
def test_cli_import_of_trf_files_thoroughly(club_db: Path, tmp_path: Path,
                                            case: dict[str, Any]) -> None:  # fmt: skip
    trf_import_case(club_db, tmp_path, case["data"], case["replace"])


def ratings_import_case(club_db: Path, tmp_path: Path, data: bytes, lang: str) -> None:
    path = tmp_path / "list.txt"
    path.write_bytes(data)

    def bad_rows() -> int:
        with contextlib.suppress(RatingListError):
            return len(read_list(data)[1])
        return 0

    argv = ["--lang", lang, "ratings", "import", str(path), "--db", str(club_db),
            "--from-round", "1"]  # fmt: skip
    run_refused_or_done(argv, club_db, bad_rows)


def trf_import_case(club_db: Path, tmp_path: Path, data: bytes, replace: bool) -> None:
    """``--replace`` too: a refused file must not take the competition it would replace."""
    path = tmp_path / "fuzz.trf"
    path.write_bytes(data)
    argv = ["import", str(path), "--db", str(club_db), "--preset", "magnus-youth",
            "--club", "Fuzz", "--season", "2025-2026", *(["--replace"] if replace else [])]  # fmt: skip
    run_refused_or_done(argv, club_db, lambda: 0)


# --------------------------------------------------------------------------- regressions
# What the fuzzing found: each raised another exception than RatingListError (the CLI
# said "internal error", the Spelers page showed a traceback) or misread the file.

HEAD = "Relatienummer;Naam;Titel;FED;Rating;Nv;Geboren;S\r\n"


def knsb(*rows: str) -> bytes:
    return (HEAD + "".join(r + "\r\n" for r in rows)).encode("cp1252")


def test_a_superscript_digit_in_a_rating_is_a_bad_row_not_a_crash() -> None:
    """cp1252 byte 0xB3 is "³", which ``str.isdigit`` takes and ``int`` refuses
    (ValueError). Line 2 "³400" is now a bad row; line 3 still reads (1500)."""
    rows, bad = read_list(knsb("1234567;Jansen, Jan;;NED;³400;0;1980;",
                               "7654321;Aa, Quinten;;NED;1500;0;1990;"))  # fmt: skip
    assert [(r.number, r.rating) for r in rows] == [("7654321", 1500)]
    assert [(b.line, b.problem.key) for b in bad] == [(2, "ratings.bad.rating")]


def test_a_superscript_digit_in_a_number_is_a_bad_row() -> None:
    """ "12³" as relatienummer: not digits 0-9, a bad row on line 2 (it used to be read as a
    number that no player id can equal)."""
    _, bad = read_list(knsb("12³;Jansen, Jan;;NED;1500;0;1980;"))
    assert [(b.line, b.problem.key) for b in bad] == [(2, "ratings.bad.number")]


@pytest.mark.parametrize("declared", ["utf-99999", "utfO8"])
def test_an_xml_list_naming_an_unknown_encoding_is_one_clear_error(declared: str) -> None:
    """expat raised LookupError for ``encoding="utf-99999"``: now RatingListError naming it."""
    data = FIDE_XML.replace(b"utf-8", declared.encode(), 1)
    with pytest.raises(RatingListError) as caught:
        read_list(data)
    assert caught.value.key == "ratings.xml_encoding"
    assert f"encoding that does not exist ('{declared}')" in caught.value.describe("en")


def test_an_unclosed_quote_in_the_knsb_list_is_one_clear_error_naming_the_line() -> None:
    """A quote opened on line 2 and never closed: csv reads on for 200,000 characters and
    raised ``_csv.Error`` (field larger than field limit). Now RatingListError; csv's
    line count is where it stopped reading (line 2, the only line after the header)."""
    data = knsb('1234567;"Jansen, Jan' + "x" * 200_000 + ";;NED;1500;0;1980;")
    with pytest.raises(RatingListError) as caught:
        read_list(data)
    assert caught.value.key == "ratings.bad_csv"
    assert "line 2" in caught.value.describe("en")


@pytest.mark.parametrize("kind", ["knsb", "fide-txt", "fide-xml"])
def test_a_list_saved_as_utf8_with_a_byte_order_mark_is_read(kind: str) -> None:
    """A list saved again by a spreadsheet as UTF-8 starts with EF BB BF: the KNSB and TXT
    headers were not found (the mark stuck to the first title) and XML was taken for TXT.
    Now the mark says UTF-8: "Müller, Éric" keeps its diacritics, "Jansen, Jan" 1650."""
    text = LISTS[kind].decode("utf-8" if kind == "fide-xml" else "cp1252")
    rows, bad = read_list(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert bad == []
    assert rows[0].name == "Jansen, Jan" and rows[0].rating == 1650
    assert any(r.name == "Müller, Éric" for r in rows)


@pytest.mark.parametrize(("value", "shown"), [("3501", "3501"), ("9" * 5000, "9" * 17 + "...")])
def test_a_rating_above_3500_is_a_bad_row_with_the_value_cut(value: str, shown: str) -> None:
    """The store refuses a rating above 3500 (validate.RATING_HIGH), so the list's row is
    bad, not a change the preview offers and the write then refuses; a value of 5,000
    digits is quoted as its first 17 characters and "..." (20 in all)."""
    _, bad = read_list(knsb(f"1234567;Jansen, Jan;;NED;{value};0;1980;"))
    assert [(b.line, b.problem.key) for b in bad] == [(2, "ratings.bad.rating_high")]
    assert f"rating '{shown}' is above 3500" in bad[0].describe("en")


def test_an_entity_bomb_is_refused_at_once() -> None:
    """Eight levels of ten entities (10**9 characters if expanded): expat's amplification
    limit stops it before it grows; one clear error. Measured by memory, not by the clock
    (a timed assertion failed on a busy machine, issue 22): expanded, the text would need
    at least 1 GB, so the process's peak resident size may grow by no more than 200 MB."""
    import resource

    peak_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # kilobytes on Linux
    with pytest.raises(RatingListError) as caught:
        read_list(entity_bomb(FIDE_XML, lambda s: 0))
    assert caught.value.key == "ratings.bad_xml"
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - peak_before
    assert grown < 200 * 1024


def test_a_bad_value_with_a_line_break_character_is_quoted_on_one_line() -> None:
    """Found by the slow CLI fuzz: a FIDE TXT row "\\x00\\x0b\\x00" (NUL, vertical tab, NUL)
    under the header is a bad id, and its message quoted the vertical tab as is, so the
    one line per bad row broke in two (``splitlines`` ends a line at \\x0b, as at U+2028).
    Now it shows as "\\x00\\x0b\\x00" on one line."""
    _, bad = read_list(FIDE_TXT.split(b"\n")[0] + b"\n\x00\x0b\x00")
    text = bad[0].describe("en")
    assert text == "rating list line 2: relatienummer/FIDE id '\\x00\\x0b\\x00' is not a number"
    assert len(text.splitlines()) == 1
