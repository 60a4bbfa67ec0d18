"""A player's name cannot break a file (issue 18 item 1): one rule
(:func:`compcore.domain.player_names.name_problem`) for every way a name comes in: the season
reader, every store write, the Spelers form's service, the players CSV, the TRF import.

Before it, a name with a newline was accepted by the season reader and written raw into the
TRF, where it starts a new line (a fake ``001`` record), and names of any length (10 MB) got
in. Positions are counted from 1: in ``"Anna\\nBos"`` the newline is character 5 (A n n a
are 1-4)."""

from __future__ import annotations

import copy
import json
import re
import sys
import unicodedata
from dataclasses import replace
from pathlib import Path

import pytest

from compcore.adapters.files import players_csv, season_file
from compcore.adapters.files.trf import read_trf, read_trf_file
from compcore.adapters.files.trf_import import season_from_trf
from compcore.adapters.store import Store
from compcore.cli.main import main
from compcore.domain.errors import RosterError, SeasonError, TrfError
from compcore.domain.model import Player
from compcore.domain.player_names import CONTROL_CHARACTER, MAX_NAME_LENGTH, name_problem
from compcore.ports.actors import Administrator
from compcore.services import players as ps
from tests.adapters.files.test_season_file import CONTRACT_EXAMPLE
from tests.builders import load, raises_in_english
from tests.fakes import MemoryStore

ADMIN = Administrator("test")
ROOT = Path(__file__).resolve().parents[2]


def words(name: str, lang: str = "en") -> str | None:
    problem = name_problem(name)
    return None if problem is None else problem.render(lang)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- the rule


@pytest.mark.parametrize(
    ("name", "english", "dutch"),
    [
        # line breaks: every character str.splitlines ends a line at
        ("Anna\nBos", "name contains a line break (character 5)",
         "naam bevat een regeleinde (teken 5)"),
        ("Anna\rBos", "name contains a line break (character 5)", None),
        ("Anna\r\nBos", "name contains a line break (character 5)", None),  # CR first
        ("A\x0bB", "name contains a line break (character 2)", None),  # vertical tab
        ("A\x0cB", "name contains a line break (character 2)", None),  # form feed
        ("AB\x1cC", "name contains a line break (character 3)", None),  # file separator
        ("A\x1dB", "name contains a line break (character 2)", None),
        ("A\x1eB", "name contains a line break (character 2)", None),
        ("A\x85B", "name contains a line break (character 2)", None),  # NEL, Cc
        ("Jan\u2028Bos", "name contains a line break (character 4)", None),  # Zl
        ("Jan\u2029Bos", "name contains a line break (character 4)", None),  # Zp
        # tab and NUL by name
        ("Jan\tBos", "name contains a tab (character 4)", "naam bevat een tab (teken 4)"),
        ("Jan Bos\x00", "name contains a null character (NUL, character 8)",
         "naam bevat een nulteken (NUL, teken 8)"),
        # every other Cc by its code point: both ends of C0 and of C1, DEL, ESC
        ("\x01Jan", "name contains a control character (U+0001, character 1)", None),
        ("Jan\x1f", "name contains a control character (U+001F, character 4)", None),
        ("Ja\x1b[31mn", "name contains a control character (U+001B, character 3)",
         "naam bevat een stuurteken (U+001B, teken 3)"),
        ("Jan\x7f", "name contains a control character (U+007F, character 4)", None),
        ("Jan\x80", "name contains a control character (U+0080, character 4)", None),
        ("Jan\x9f", "name contains a control character (U+009F, character 4)", None),
        # the first one found is named: the tab (3) before the newline (5)
        ("Ja\tn\nB", "name contains a tab (character 3)", None),
        # empty, only spaces (a no-break space is a space too)
        ("", "the name is empty", "de naam is leeg"),
        ("   ", "the name is empty", None),
        ("\u00a0\u00a0", "the name is empty", None),
    ],
)  # fmt: skip
def test_each_kind_of_control_character_is_named_with_its_position(name, english, dutch):
    assert words(name) == english
    if dutch is not None:
        assert words(name, "nl") == dutch


def test_100_characters_pass_and_101_are_refused():
    """MAX_NAME_LENGTH is 100: 'A' + 99 'b' is 100 characters, one more is 101; counted in
    code points, so an 'é' written as e + U+0301 (combining acute) counts 2."""
    assert MAX_NAME_LENGTH == 100
    assert name_problem("A" + "b" * 99) is None
    assert words("A" + "b" * 100) == "name is 101 characters long, at most 100 are allowed"
    assert words("A" + "b" * 100, "nl") == "naam is 101 tekens lang, ten hoogste 100 mag"
    assert name_problem("e\u0301" * 50) is None  # 50 x 2 = 100
    assert words("e\u0301" * 50 + "x") == "name is 101 characters long, at most 100 are allowed"


def test_a_10_mb_name_is_refused_by_its_length_and_not_repeated():
    """10 * 2**20 = 10485760 characters: the message gives the count, never the name."""
    text = words("x" * (10 * 2**20))
    assert text == "name is 10485760 characters long, at most 100 are allowed"


@pytest.mark.parametrize(
    "name",
    [
        "Anna de Vries",
        "Van der Linden, Hanneke",
        "Åsa Öberg-Ünal",
        "Jean-Luc O'Neill",
        "Σωκράτης Παπαδόπουλος",
        "李小龙",
        "Zoë\u200dvan Dijk",  # a zero-width joiner is Cf, a format character: allowed
        "  Jan  ",  # spaces round a name are the form's to trim, not a control character
    ],
)
def test_real_names_pass(name):
    assert name_problem(name) is None


def test_the_pattern_is_exactly_unicode_categories_cc_zl_zp():
    """Every code point (0 .. U+10FFFF) is matched exactly when unicodedata puts it in Cc,
    Zl or Zp: 65 Cc (32 C0, DEL, 32 C1), U+2028, U+2029."""
    matched = [c for c in map(chr, range(sys.maxunicode + 1)) if CONTROL_CHARACTER.fullmatch(c)]
    wanted = [
        c
        for c in map(chr, range(sys.maxunicode + 1))
        if unicodedata.category(c) in ("Cc", "Zl", "Zp")
    ]
    assert matched == wanted and len(matched) == 65 + 2


def test_the_bundled_seasons_and_test_files_keep_names_the_rule_accepts():
    """The demo seasons (data/*.json) and the 200 Swiss vector TRF files still load, and
    every name in them passes."""
    seasons = sorted((ROOT / "data").glob("*.json"))
    assert len(seasons) == 11  # seven presets, and the rest of the Dubbelschaak club
    for path in seasons:
        season, _ = season_file.load(path)
        assert all(name_problem(p.name) is None for p in season.players), path
    vectors = sorted((ROOT / "tests" / "data" / "swiss-vectors").glob("*.trf"))
    assert len(vectors) == 200
    for path in vectors:
        assert all(name_problem(p.name) is None for p in read_trf_file(path).players), path


# --------------------------------------------------------------------------- the season reader


def with_name(name: str, index: int = 1) -> dict:
    """The contract example with player #2 (p02, 'Bram Jansen') renamed."""
    data = copy.deepcopy(CONTRACT_EXAMPLE)
    data["players"][index]["name"] = name
    return data


@pytest.mark.parametrize(
    ("name", "english", "dutch"),
    [
        ("Bram\nJansen", "x.json: player 'p02': name contains a line break (character 5)",
         "x.json: speler 'p02': naam bevat een regeleinde (teken 5)"),
        ("Bram\tJansen", "x.json: player 'p02': name contains a tab (character 5)",
         "x.json: speler 'p02': naam bevat een tab (teken 5)"),
        ("B" * 101, "x.json: player 'p02': name is 101 characters long, at most 100 are allowed",
         "x.json: speler 'p02': naam is 101 tekens lang, ten hoogste 100 mag"),
    ],
)  # fmt: skip
def test_the_season_reader_refuses_a_bad_name_naming_the_player(name, english, dutch):
    with pytest.raises(SeasonError) as caught:
        season_file.parse(with_name(name), "x.json")
    assert caught.value.describe("en") == english
    assert caught.value.describe("nl") == dutch


def test_the_season_reader_keeps_100_characters():
    season = season_file.parse(with_name("B" * 100), "x.json")
    assert season.player("p02").name == "B" * 100


def test_the_cli_refuses_the_file_with_exit_2_and_one_line(tmp_path: Path, capsys):
    """The fake record: a name that ends its line and starts a ``001`` line of its own."""
    path = tmp_path / "x.json"
    fake = "Bram\n001    9      Nep, Speler"
    path.write_text(json.dumps(with_name(fake)), encoding="utf-8")
    assert main(["standings", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"compcore: fout: {path}: speler 'p02': naam bevat een regeleinde (teken 5)\n"
    db = tmp_path / "club.duckdb"
    assert main(["import", str(path), "--db", str(db)]) == 2
    assert not db.exists() or Store(db).competitions() == []


# --------------------------------------------------------------------------- store writes


@pytest.fixture(params=["memory", "duckdb"])
def store(request, tmp_path):
    """The in-memory store and the DuckDB store, each holding keizer-classic's a b c d."""
    season, _ = load("keizer-classic", "a b c d", ["a-b 1-0, c-d ="])
    repo = MemoryStore() if request.param == "memory" else Store(tmp_path / "s.duckdb")
    return repo, repo.import_season(season, actor=ADMIN)


def test_every_store_write_of_a_player_refuses_a_bad_name_and_keeps_the_season(store):
    repo, cid = store
    before, log = repo.load(cid), len(repo.log(cid))
    renamed = replace(before.player("a"), name="A\x00")
    with raises_in_english(SeasonError, r"player 'a': name contains a null character"):
        repo.save_player(cid, renamed, actor=ADMIN)
    with raises_in_english(SeasonError, r"player 'e': name contains a line break \(character 2\)"):
        repo.save_players(cid, [Player("e", "E\nF")], actor=ADMIN)
    other = replace(before, competition="other", players=(*before.players, Player("z", "Z\t")))
    with raises_in_english(SeasonError, r"player 'z': name contains a tab \(character 2\)"):
        repo.import_season(other, actor=ADMIN)
    assert repo.load(cid) == before and len(repo.log(cid)) == log
    assert [c.competition for c in repo.competitions()] == [before.competition]


# --------------------------------------------------------------------------- the Spelers form


@pytest.mark.parametrize(
    ("name", "english"),
    [
        ("Piet\tPaal", "Player 'piet': name contains a tab (character 5). Nothing was saved."),
        ("P" * 101, "Player 'piet': name is 101 characters long, at most 100 are allowed."
                    " Nothing was saved."),
    ],
)  # fmt: skip
def test_the_form_service_refuses_a_bad_name_and_stores_nothing(name, english):
    season, _ = load("keizer-classic", "a b c d", ["a-b 1-0, c-d ="])
    repo = MemoryStore()
    cid = repo.import_season(season, actor=ADMIN)
    before = repo.load(cid)
    new = ps.form_player(
        None, pid="piet", name=name, rating=None, strength=None, level="", flags=(),
        participation="always", joined=None, withdrawn=None,
    )  # fmt: skip
    with pytest.raises(RosterError) as caught:
        ps.save_player(repo, cid, new, read=None, actor=ADMIN)
    assert caught.value.describe("en") == english
    assert repo.load(cid) == before


# --------------------------------------------------------------------------- the players CSV


def test_the_csv_import_refuses_each_bad_name_on_its_line():
    """Line 1 is the header. Line 2: a quoted cell with a newline in it (the row spans
    lines 2-3, the csv module counts its last line, 3); line 4: a tab in a ';' file is
    text inside the cell; line 5: 101 characters; line 6 is good; nothing is imported
    while any row is bad."""
    long = "L" * 101
    text = f'id;name\np1;"Anna\nBos"\np2;Bert\tvan Dam\np3;{long}\np4;Cor\n'
    parsed = players_csv.parse(text)
    assert not parsed.ok
    assert [(e.line, e.text("en")) for e in parsed.errors] == [
        (3, "player 'p1': name contains a line break (character 5)"),
        (4, "player 'p2': name contains a tab (character 5)"),
        (5, "player 'p3': name is 101 characters long, at most 100 are allowed"),
    ]
    assert parsed.errors[0].text("nl") == "speler 'p1': naam bevat een regeleinde (teken 5)"
    assert players_csv.parse("id,name\np1,Anna Bos\n").players[0].name == "Anna Bos"


# --------------------------------------------------------------------------- the TRF import


def trf(name: str) -> str:
    """Two players, no rounds. A ``001`` line: pairing number in columns 5-8, the name in
    15-47 (33 wide), the points in 81-84."""
    lines = ["012 Test"]
    for number, who in ((1, "Anna Bos"), (2, name)):
        lines.append(f"001 {number:>4}      {who:<33} {'':>4} {'':3} {'':>11} {'':10} "
                     f"{'0.0':>4} {'':4}")  # fmt: skip
    return "\n".join(lines) + "\n"


def test_the_trf_import_refuses_a_name_with_a_tab_or_nul_naming_its_line():
    """Line 3 is player 2's; the reader keeps a tab or NUL inside the name field."""
    for char, words_en in (("\t", "a tab ("), ("\x00", "a null character (NUL, ")):
        document = read_trf(trf(f"Bert{char}Dam"))
        expected = f"^TRF line 3: name contains {re.escape(words_en)}character 5\\)$"
        with raises_in_english(TrfError, expected):
            season_from_trf(document, club="C", season="S", preset="magnus-youth")
    good = season_from_trf(read_trf(trf("Bert Dam")), club="C", season="S", preset="magnus-youth")
    assert [p.name for p in good.players] == ["Anna Bos", "Bert Dam"]


def test_the_trf_import_refuses_an_empty_name():
    document = read_trf(trf(""))
    with raises_in_english(TrfError, r"^TRF line 3: the name is empty$"):
        season_from_trf(document, club="C", season="S", preset="magnus-youth")


def test_an_older_database_with_a_bad_name_is_corrected_in_the_form(tmp_path: Path):
    """A name stored before the rule ('A' LF 'B', written into the table directly): the
    season still loads; the next write that is not the correction is refused naming the
    player; correcting the name with the form's service is accepted."""
    import duckdb

    season, _ = load("keizer-classic", "a b c d", ["a-b 1-0, c-d ="])
    path = tmp_path / "old.duckdb"
    repo = Store(path)
    cid = repo.import_season(season, actor=ADMIN)
    with duckdb.connect(str(path)) as con:
        con.execute("UPDATE players SET name = ? WHERE id = 'b'", ["A\nB"])
    repo = Store(path)
    read = repo.load(cid).player("b")
    assert read.name == "A\nB"
    with raises_in_english(SeasonError, r"player 'b': name contains a line break \(character 2\)"):
        repo.save_player(cid, replace(repo.load(cid).player("c"), rating=1500), actor=ADMIN)
    ps.save_player(repo, cid, replace(read, name="Bert"), read=read, actor=ADMIN)
    assert repo.load(cid).player("b").name == "Bert"


@pytest.mark.parametrize(
    "command",
    [
        ["export", "{file}", "--format", "trf", "--out", "{out}"],
        ["knsb", "{file}", "--out", "{out}"],
    ],
)
def test_a_fake_001_line_never_reaches_the_trf_or_the_knsb_submission(tmp_path, capsys, command):
    """The name that would end its line in the TRF and start a record of its own: the
    season file is refused before anything is written (exit 2, no file)."""
    path, out = tmp_path / "x.json", tmp_path / "out.txt"
    path.write_text(json.dumps(with_name("Bram\n001    9      Nep, Speler")), encoding="utf-8")
    args = [a.format(file=path, out=out) for a in command]
    assert main(args) == 2
    assert "speler 'p02': naam bevat een regeleinde (teken 5)" in capsys.readouterr().err
    assert not out.exists()
