"""Issue 11 item 4: federation rating lists (KNSB CSV, FIDE TXT/XML) read, matched to the
roster, and applied from a round on; bad files refused with nothing changed.

Every fixture is written here. The roster (all tests):

- ``1234567`` "J. Jansen" 1600: his id is his relatienummer, so he is matched by number
  although the list calls him "Jansen, Jan".
- ``quinten`` "Quinten van der Aa" 1500: the list's "Van der Aa, Quinten" (name turned round).
- ``eric`` "Eric Muller" unrated: the list's "Müller, Éric" (diacritics dropped, cp1252).
- ``piet`` "Piet de Boer" 1550: in the list with an empty rating, so nothing changes.
- ``kees`` "Kees Smit" 1450: twice in the list (lines 6 and 7): ambiguous, not changed.
- ``noor`` "Noor Bakker" 1300: not in the list.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from compcore.adapters.files import rating_lists
from compcore.adapters.files.rating_lists import BadRow, ListRow
from compcore.adapters.store import Store
from compcore.cli import main as cli
from compcore.domain.errors import RatingListError, StaleWriteError
from compcore.domain.model import RatingChange
from compcore.ports.actors import Administrator
from compcore.services import ratings
from tests.builders import load
from tests.fakes import MemoryStore

ADMIN = Administrator("test")
PLAYERS = [
    {"id": "1234567", "name": "J. Jansen", "rating": 1600},
    {"id": "quinten", "name": "Quinten van der Aa", "rating": 1500},
    {"id": "eric", "name": "Eric Muller"},
    {"id": "piet", "name": "Piet de Boer", "rating": 1550},
    {"id": "kees", "name": "Kees Smit", "rating": 1450},
    {"id": "noor", "name": "Noor Bakker", "rating": 1300},
]
KNSB = (
    "Relatienummer;Naam;Titel;FED;Rating;Nv;Geboren;S\r\n"
    "1234567;Jansen, Jan;;NED;1650;12;1980;\r\n"  # line 2
    "7654321;Van der Aa, Quinten;;NED;1720;5;1990;\r\n"  # line 3
    "8888888;Müller, Éric;;NED;1810;3;1985;\r\n"  # line 4
    "9999999;de Boer, Piet;;NED;;0;2000;\r\n"  # line 5: no rating
    "1111111;Smit, Kees;;NED;1500;8;1970;\r\n"  # line 6
    "2222222;Smit, Kees;;NED;1400;2;2001;\r\n"  # line 7: a namesake
    "3333333;Elders, Iemand;;NED;1900;9;1960;w\r\n"  # line 8: not in the club
)
FIDE_HEADER = (
    "ID Number      Name                                                         "
    "Fed Sex Tit  WTit OTit           FOA SEP20 Gms  K   B-day Flag"
)


def fide_line(number: str, name: str, rating: str) -> str:
    """A FIDE TXT row with its fields under the header's titles."""
    line = [" "] * len(FIDE_HEADER)
    for title, value in (("ID Number", number), ("Name", name), ("SEP20", rating)):
        at = FIDE_HEADER.index(title)
        line[at : at + len(value)] = value
    return "".join(line).rstrip()


def season():
    return load("keizer-classic", PLAYERS)[0]


def knsb_file(tmp_path: Path, text: str = KNSB) -> Path:
    path = tmp_path / "knsb.csv"
    path.write_bytes(text.encode("cp1252"))
    return path


def read(path: Path) -> tuple[list[ListRow], list[BadRow]]:
    bad: list[BadRow] = []
    _, rows = rating_lists.read_list(path, bad)
    return list(rows), bad


# --------------------------------------------------------------------------- parsers


def test_knsb_list_is_read_from_cp1252_with_empty_ratings(tmp_path):
    rows, bad = read(knsb_file(tmp_path))
    assert bad == []
    assert len(rows) == 7  # 8 lines minus the header
    assert rows[2] == ListRow("8888888", "Müller, Éric", 1810, 4)
    assert rows[3] == ListRow("9999999", "de Boer, Piet", None, 5)


def test_fide_txt_columns_come_from_the_header(tmp_path):
    path = tmp_path / "players_list_foa.txt"
    lines = [FIDE_HEADER, fide_line("1503014", "Carlsen, Magnus", "2830"),
             fide_line("24116068", "Öztürk, Ayşe", "")]  # fmt: skip
    path.write_text("\n".join(lines) + "\n", encoding="latin-1", errors="replace")
    rows, bad = read(path)
    assert bad == []
    assert rows[0] == ListRow("1503014", "Carlsen, Magnus", 2830, 2)
    assert (rows[1].number, rows[1].rating, rows[1].line) == ("24116068", None, 3)


def test_fide_xml_is_read_player_by_player(tmp_path):
    path = tmp_path / "players_list_xml.xml"
    path.write_text(
        "<?xml version='1.0' encoding='utf-8'?>\n<playerslist>\n"
        "<player><fideid>1503014</fideid><name>Carlsen, Magnus</name><country>NOR</country>"
        "<rating>2830</rating></player>\n"
        "<player><fideid>12345678</fideid><name>Müller, Éric</name><rating></rating></player>\n"
        "</playerslist>\n",
        encoding="utf-8",
    )
    rows, bad = read(path)
    assert bad == []
    assert rows == [ListRow("1503014", "Carlsen, Magnus", 2830, 1),
                    ListRow("12345678", "Müller, Éric", None, 2)]  # fmt: skip


def test_bad_rows_are_collected_with_their_line_and_the_rest_is_read(tmp_path):
    text = KNSB.replace("1720", "17x0").replace("8888888;", "88A8888;")
    text += "4444444;Kort\r\n"  # line 9: 2 of 8 columns
    rows, bad = read(knsb_file(tmp_path, text))
    assert [b.line for b in bad] == [3, 4, 9]
    assert len(rows) == 7 - 2
    assert bad[0].describe("en") == "rating list line 3: rating '17x0' is not a number"
    # the reader needs the columns up to Rating, the 5th of the header
    assert bad[2].describe("nl") == "ratinglijst regel 9: 2 kolommen, 5 verwacht"


@pytest.mark.parametrize(
    ("content", "key"),
    [
        (b"Nummer;Naam\r\n1;X\r\n", "ratings.no_header"),  # no Relatienummer, no Rating
        (b"just some text\nand more\n", "ratings.no_header"),  # TXT without its titles
        (b"<playerslist><player><fideid>1</fideid></playerslist>", "ratings.bad_xml"),
        (KNSB.encode("cp1252") + b"5555555;Fout\x81;;NED;1500;1;1990;\r\n", "ratings.encoding"),
    ],
)
def test_a_file_that_is_no_list_is_one_clear_error(tmp_path, content, key):
    path = tmp_path / "list"
    path.write_bytes(content)
    with pytest.raises(RatingListError) as caught:
        read(path)
    assert caught.value.key == key


# --------------------------------------------------------------------------- matcher


def test_name_key_turns_round_and_drops_diacritics():
    assert ratings.name_key("Van der Aa, Quinten") == ratings.name_key("Quinten van der Aa")
    assert ratings.name_key("Müller, Éric") == "eric muller"


def test_players_are_matched_by_number_then_by_name(tmp_path):
    rows, _ = read(knsb_file(tmp_path))
    result = ratings.match(season(), rows, from_round=3)
    found = {m.player.id: (m.old, m.new, m.how, m.line) for m in result.matches}
    assert found == {
        "1234567": (1600, 1650, "id", 2),
        "quinten": (1500, 1720, "name", 3),
        "eric": (None, 1810, "name", 4),
        "piet": (1550, None, "name", 5),
    }
    assert [(a.player.id, a.lines) for a in result.ambiguous] == [("kees", (6, 7))]
    assert [p.id for p in result.unmatched] == ["noor"]
    assert result.rows == 7


def test_apply_changes_ratings_from_the_round_on_only(tmp_path):
    """Jansen 1600 -> 1650, Quinten 1500 -> 1720, Eric none -> 1810 from round 3; Piet's
    empty listed rating and the ambiguous Kees change nothing; round 2 keeps the old ones."""
    s = season()
    rows, _ = read(knsb_file(tmp_path))
    new = ratings.apply(s, ratings.match(s, rows, 3).matches, 3)
    assert set(new) == {RatingChange("1234567", 3, 1650), RatingChange("quinten", 3, 1720),
                        RatingChange("eric", 3, 1810)}  # fmt: skip
    store = MemoryStore()
    cid = store.import_season(s, actor=ADMIN)
    after = ratings.import_ratings(store, cid, new, read=(), actor=ADMIN)
    assert [after.rating_at("quinten", n) for n in (2, 3, 4)] == [1500, 1720, 1720]
    assert after.rating_at("eric", 2) is None
    assert after.rating_at("kees", 3) == 1450
    # the same list again: every rating already is the listed one, nothing to apply
    assert ratings.apply(after, ratings.match(after, rows, 3).matches, 3) == ()


def test_a_rating_changed_meanwhile_refuses_the_whole_import(tmp_path):
    s = season()
    store = MemoryStore()
    cid = store.import_season(s, actor=ADMIN)
    store.save_rating(cid, RatingChange("quinten", 3, 1600), actor=ADMIN)
    new = (RatingChange("eric", 3, 1810), RatingChange("quinten", 3, 1720))
    with pytest.raises(StaleWriteError):
        ratings.import_ratings(store, cid, new, read=(), actor=ADMIN)
    assert store.load(cid).ratings == (RatingChange("quinten", 3, 1600),)


# --------------------------------------------------------------------------- CLI


@pytest.fixture
def db(tmp_path) -> Path:
    path = tmp_path / "club.duckdb"
    Store(path).import_season(season(), actor=ADMIN)
    return path


def run(capsys, *argv) -> tuple[int, str, str]:
    code = cli.main([str(a) for a in argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_cli_imports_a_list_and_prints_a_summary(tmp_path, db, capsys):
    path = knsb_file(tmp_path)
    code, out, err = run(capsys, "--lang", "en", "ratings", "import", path, "--db", db,
                         "--from-round", 3)  # fmt: skip
    assert (code, err) == (0, "")
    assert "Quinten van der Aa: 1500 -> 1720 (by name)" in out
    assert "J. Jansen: 1600 -> 1650 (by number)" in out
    assert "Eric Muller: none -> 1810 (by name)" in out
    assert "not in the list: Noor Bakker" in out
    assert "in the list more than once: Kees Smit (lines 6, 7)" in out
    assert out.splitlines()[-1] == (
        "Lines read: 7. Players found: 4 (new ratings from round 3: 3); not found: 1; ambiguous: 1."
    )
    stored = Store(db).load(Store(db).competitions()[0].id)
    assert stored.rating_at("quinten", 2) == 1500
    assert stored.rating_at("quinten", 3) == 1720


@pytest.mark.parametrize(
    ("text", "args", "lines"),
    [
        (KNSB.replace("1720", "17x0").replace("1650", "99999"), ("--from-round", 3), 3),
        (KNSB, ("--from-round", 0), 1),  # no round 0
        ("Naam;Rating\r\nX;1\r\n", ("--from-round", 3), 1),
    ],
)
def test_cli_refuses_bad_input_and_changes_nothing(tmp_path, db, capsys, text, args, lines):
    """Two bad rows: one line each and the refusal (3 lines); a round out of range and a
    file that is no list: one line. Exit 2, the stored season the same."""
    store = Store(db)
    before = store.load(store.competitions()[0].id)
    code, out, err = run(capsys, "ratings", "import", knsb_file(tmp_path, text), "--db", db, *args)
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == lines
    assert store.load(store.competitions()[0].id) == before


def test_preview_reports_progress_and_refuses_a_list_with_bad_rows(tmp_path):
    """The page's preview: 7 rows read from a stream, the progress ends at 1.0, the same 3
    changes as ``apply``; one bad row (line 3) and there are no changes at all."""
    import io

    s = season()
    heard: list[float] = []
    seen = ratings.preview(s, io.BytesIO(KNSB.encode("cp1252")), 3, heard.append)
    assert (seen.kind, seen.result.rows, len(seen.changes), seen.bad) == ("knsb", 7, 3, ())
    assert heard[-1] == 1.0
    broken = KNSB.replace("1720", "17x0").encode("cp1252")
    seen = ratings.preview(s, io.BytesIO(broken), 3)
    assert ([b.line for b in seen.bad], seen.changes) == ([3], ())


def test_a_round_outside_the_season_is_refused_and_nothing_changes():
    """keizer-classic's season has a fixed length: a rating from round 999 is refused with
    the roster's round-range message, and the store keeps no ratings."""
    from compcore.domain.errors import RosterError

    store = MemoryStore()
    cid = store.import_season(season(), actor=ADMIN)
    with pytest.raises(RosterError) as caught:
        ratings.import_ratings(store, cid, (RatingChange("eric", 999, 1810),), read=(),
                               actor=ADMIN)  # fmt: skip
    assert caught.value.key == "roster.round_range"
    assert store.load(cid).ratings is None


def test_cli_lists_every_bad_row_with_its_line_and_stores_nothing(tmp_path, db, capsys):
    """Issue 11: "Bad rows are listed, and nothing changes on an error." Quinten's rating
    (line 3) "17x0" and a line 9 with 3 of the 8 columns: each on its own line of standard
    error with its line number, then the refusal; exit 2, the stored season the same."""
    text = KNSB.replace("1720", "17x0") + "4444444;Kort, Te;;\r\n"
    store = Store(db)
    before = store.load(store.competitions()[0].id)
    code, out, err = run(capsys, "--lang", "en", "ratings", "import", knsb_file(tmp_path, text),
                         "--db", db, "--from-round", 3)  # fmt: skip
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        "rating list line 3: rating '17x0' is not a number",
        "rating list line 9: 4 columns, 5 expected",
        "compcore: error: 2 unreadable lines in the rating list. Nothing was changed.",
    ]
    assert store.load(store.competitions()[0].id) == before


def test_cli_skip_bad_rows_lists_them_and_stores_the_good_rows(tmp_path, db, capsys):
    """``--skip-bad-rows``: the director chooses to go on. Quinten's row (line 3) is bad and
    listed on standard output; the good rows store J. Jansen 1600 -> 1650 and Eric
    none -> 1810 from round 3 (2 new ratings; Piet's empty rating and the ambiguous Kees
    change nothing); Quinten keeps 1500."""
    text = KNSB.replace("1720", "17x0")
    code, out, err = run(capsys, "--lang", "en", "ratings", "import", knsb_file(tmp_path, text),
                         "--db", db, "--from-round", 3, "--skip-bad-rows")  # fmt: skip
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[:2] == [
        "rating list line 3: rating '17x0' is not a number",
        "1 unreadable lines skipped; the rest was imported.",
    ]
    assert "J. Jansen: 1600 -> 1650 (by number)" in lines
    assert "Eric Muller: none -> 1810 (by name)" in lines
    assert lines[-1].startswith("Lines read: 6. Players found: 3 (new ratings from round 3: 2)")
    stored = Store(db).load(Store(db).competitions()[0].id)
    assert (stored.rating_at("1234567", 3), stored.rating_at("eric", 3)) == (1650, 1810)
    assert stored.rating_at("quinten", 3) == 1500


# --------------------------------------------------------------------------- issue 18 item 5


@pytest.mark.parametrize(
    ("listed", "roster"),
    [
        ("Mueller, Bjoern", "Björn Müller"),  # FIDE: ü -> ue, ö -> oe
        ("Muller, Bjorn", "Björn Müller"),  # the accents dropped
        ("Müller, Björn", "Bjoern Mueller"),  # the other way round
        ("Groessner, Aase", "Åse Größner"),  # å -> aa, ö -> oe, ß -> ss
        ("Jaeger, Soeren", "Søren Jäger"),  # ø -> oe, ä -> ae
        ("Haeger, Laetitia", "Lætitia Hæger"),  # æ -> ae
        ("Lefevre, Helene", "Hélène Lefèvre"),  # é, è -> e
        ("Van der Aa, Quinten", "Quinten van der Aa"),  # the prefix with the surname
        ("Aa, Quinten van der", "Quinten van der Aa"),  # the prefix after the first name
        ("MUELLER, BJOERN", "Björn Müller"),  # case folded
        ("Björn Müller", "Müller, Björn"),  # a roster name in the federation's order
    ],
)
def test_fide_transliterations_and_name_orders_match(listed, roster):
    """Each listed name finds the roster's name: some key of one is a key of the other.
    "Åse Größner": å -> aa, ß -> ss, ö -> oe gives "aase groessner"."""
    assert ratings.name_keys(listed) & ratings.name_keys(roster)


def test_different_names_do_not_match():
    """Transliteration does not make different people one: Muller is not Mulder, and
    "Jan de Boer" is not "Boer, Jan de Vries"."""
    assert not ratings.name_keys("Mulder, Bjorn") & ratings.name_keys("Björn Müller")
    assert not ratings.name_keys("Boer, Jan de Vries") & ratings.name_keys("Jan de Boer")


def test_a_fide_list_finds_by_transliteration_and_stores_the_fide_id(tmp_path):
    """The FIDE TXT list writes "Mueller, Bjoern" (id 4611111, 1830) and "Van der Aa,
    Quinten" (id 1000027, 1720): found by name, each gets the FIDE id (not a relatienummer);
    Björn none -> 1830 from round 3."""
    players = [*PLAYERS, {"id": "bjorn", "name": "Björn Müller"}]
    s = load("keizer-classic", players)[0]
    path = tmp_path / "fide.txt"
    lines = [FIDE_HEADER, fide_line("4611111", "Mueller, Bjoern", "1830"),
             fide_line("1000027", "Van der Aa, Quinten", "1720")]  # fmt: skip
    path.write_text("\n".join(lines) + "\n", encoding="latin-1")
    with path.open("rb") as stream:
        seen = ratings.preview(s, stream, 3)
    assert seen.kind == "fide-txt"
    found = {m.player.id: (m.new, m.how, m.number) for m in seen.result.matches}
    assert found == {"bjorn": (1830, "name", "4611111"), "quinten": (1720, "name", "1000027")}
    store = MemoryStore()
    cid = store.import_season(s, actor=ADMIN)
    after = ratings.import_ratings(store, cid, seen.to_store(False), read=(), actor=ADMIN,
                                   numbers=seen.numbers_to_store(False),
                                   read_players=s.players)  # fmt: skip
    assert (after.player("bjorn").fide_id, after.player("bjorn").knsb_id) == ("4611111", None)
    assert after.player("quinten").fide_id == "1000027"
    assert after.rating_at("bjorn", 3) == 1830


def test_a_name_twice_in_the_roster_is_a_roster_duplicate_not_a_list_one(tmp_path):
    """Two players "Kees Smit" in the roster and one "Smit, Kees" in the list (line 2):
    both are duplicates *in the roster* (where "roster"), not "in the list more than once";
    the list's own twice-named player keeps his reason. Nothing is matched for the Kees."""
    players = [{"id": "kees", "name": "Kees Smit"}, {"id": "kees2", "name": "Kees Smit"},
               {"id": "piet", "name": "Piet de Boer"}]  # fmt: skip
    s = load("keizer-classic", players)[0]
    text = ("Relatienummer;Naam;Titel;FED;Rating;Nv;Geboren;S\r\n"
            "1111111;Smit, Kees;;NED;1500;8;1970;\r\n"  # line 2
            "2222222;de Boer, Piet;;NED;1400;2;2001;\r\n"  # line 3
            "3333333;De Boer, Piet;;NED;1410;2;2001;\r\n")  # line 4: a namesake  # fmt: skip
    rows, _ = read(knsb_file(tmp_path, text))
    result = ratings.match(s, rows, 3)
    assert [(a.player.id, a.lines, a.where) for a in result.ambiguous] == [
        ("kees", (2,), "roster"), ("kees2", (2,), "roster"), ("piet", (3, 4), "list")
    ]  # fmt: skip
    assert result.matches == ()
    words = {
        "nl": "dubbel in de eigen spelerslijst: Kees Smit (twee spelers met deze naam; "
        "regels 2), niet op naam te koppelen",
        "en": "twice in the club's own roster: Kees Smit (two players of this name; lines 2), "
        "cannot be matched by name",
    }
    for lang, expected in words.items():
        assert cli.t("ratings.ambiguous_roster", lang, name="Kees Smit", lines="2") == expected
    assert cli.t("ratings.ambiguous", "nl", name="Piet de Boer", lines="3, 4") == (
        "meer dan eens in de lijst: Piet de Boer (regels 3, 4)"
    )


def test_matched_players_get_their_relatienummer_and_a_different_one_is_reported(tmp_path):
    """The roster's numbers: J. Jansen's id is 1234567 (matched by number, the field gets
    it); Quinten already has 7654321 = the list's (nothing to store); Eric has 1212121 but
    the list's "Müller, Éric" is 8888888: a conflict, neither number nor rating changes;
    Piet (no number) gets 9999999; Kees' two rows stay ambiguous."""
    players = [dict(p) for p in PLAYERS]
    players[1]["knsb_id"] = "7654321"
    players[2]["knsb_id"] = "1212121"
    s = load("keizer-classic", players)[0]
    rows, _ = read(knsb_file(tmp_path))
    result = ratings.match(s, rows, 3)
    assert {m.player.id: (m.how, m.number) for m in result.matches} == {
        "1234567": ("id", "1234567"),
        "quinten": ("id", None),
        "piet": ("name", "9999999"),
    }
    assert [(c.player.id, c.ours, c.theirs, c.line) for c in result.conflicts] == [
        ("eric", "1212121", "8888888", 4)
    ]
    assert result.numbers == 2
    assert cli.t("ratings.conflict.knsb", "nl", name="Eric Muller", ours="1212121",
                 theirs="8888888", line=4) == (
        "Eric Muller: heeft relatienummer 1212121, de lijst noemt 8888888 (regel 4); niets "
        "veranderd, controleer of het dezelfde persoon is"
    )  # fmt: skip


def test_a_listed_number_that_cannot_be_a_relatienummer_is_not_stored(tmp_path):
    """Noor Bakker is listed as 123456 (6 digits, line 2): her rating is taken (1310),
    her number not, and the report says why."""
    text = ("Relatienummer;Naam;Titel;FED;Rating;Nv;Geboren;S\r\n"
            "123456;Bakker, Noor;;NED;1310;1;1990;\r\n")  # fmt: skip
    rows, _ = read(knsb_file(tmp_path, text))
    result = ratings.match(season(), rows, 3)
    assert [(m.player.id, m.new, m.number) for m in result.matches] == [("noor", 1310, None)]
    assert [(b.player.id, b.number, b.line) for b in result.bad_numbers] == [("noor", "123456", 2)]
    assert cli.t("ratings.bad_number.knsb", "en", name="Noor Bakker", number="123456",
                 line=2) == (
        "Noor Bakker: the relatienummer '123456' in the list (line 2) is not 7 digits; not stored"
    )  # fmt: skip


def test_a_number_typed_meanwhile_refuses_the_whole_import(tmp_path):
    """The director reads the roster, then someone types Piet's relatienummer 5555555:
    the import (Piet would get 9999999) is refused whole, no rating and no number stored."""
    s = season()
    store = MemoryStore()
    cid = store.import_season(s, actor=ADMIN)
    with knsb_file(tmp_path).open("rb") as stream:
        seen = ratings.preview(s, stream, 3)
    store.save_player(cid, replace(s.player("piet"), knsb_id="5555555"), actor=ADMIN)
    with pytest.raises(StaleWriteError):
        ratings.import_ratings(store, cid, seen.to_store(False), read=(), actor=ADMIN,
                               numbers=seen.numbers_to_store(False),
                               read_players=s.players)  # fmt: skip
    after = store.load(cid)
    assert after.player("piet").knsb_id == "5555555"
    assert after.player("eric").knsb_id is None
    assert after.ratings is None or after.ratings == ()


def test_the_duckdb_store_writes_numbers_and_ratings_together_or_not_at_all(tmp_path, db):
    """In the DuckDB store: the list's import stores Piet's 9999999 and Eric's 8888888 and
    the ratings in one transaction. A rating of Quinten from round 3 saved meanwhile makes
    the ratings part stale: the whole import is refused, and no number is stored either."""
    store = Store(db)
    cid = store.competitions()[0].id
    s = store.load(cid)
    with knsb_file(tmp_path).open("rb") as stream:
        seen = ratings.preview(s, stream, 3)
    assert {p.id: p.knsb_id for p in seen.numbers_to_store(False)} == {
        "1234567": "1234567", "quinten": "7654321", "eric": "8888888", "piet": "9999999"
    }  # fmt: skip
    store.save_rating(cid, RatingChange("quinten", 3, 1600), actor=ADMIN)
    with pytest.raises(StaleWriteError):
        ratings.import_ratings(store, cid, seen.to_store(False), read=(), actor=ADMIN,
                               numbers=seen.numbers_to_store(False),
                               read_players=s.players)  # fmt: skip
    assert [p.knsb_id for p in store.load(cid).players] == [None] * 6
    after = ratings.import_ratings(store, cid, seen.to_store(False),
                                   read=store.load(cid).ratings or (), actor=ADMIN,
                                   numbers=seen.numbers_to_store(False),
                                   read_players=s.players)  # fmt: skip
    assert after.player("piet").knsb_id == "9999999"
    assert Store(db).load(cid).player("eric").knsb_id == "8888888"
    assert [e.action for e in store.log(cid, 2)] == ["import-ratings", "import-numbers"]
