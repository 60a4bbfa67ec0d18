"""Issue 11: the KNSB relatienummer and the FIDE id as typed player fields (``knsb_id``,
``fide_id``): checked in one place (``compcore.domain.federation_ids``), kept in season files and
the store (migration 9), and used by the KNSB submission and the rating-list matcher.
Older seasons' ``knsb:NNN`` flags keep working and are left in the file as they were."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from compcore.adapters.files import players_csv, season_file
from compcore.adapters.files.knsb_submission import knsb_submission
from compcore.adapters.files.trf import read_trf
from compcore.adapters.store import Store
from compcore.domain.errors import SeasonError
from compcore.domain.federation_ids import fide_id_problem, knsb_id_of, knsb_id_problem
from compcore.domain.model import Game, Player, Result, Round
from compcore.ports.actors import Administrator
from compcore.services import ratings
from tests.adapters.store.test_store_support import older_database
from tests.builders import load, raises_in_english, season_data
from tests.fakes import MemoryStore
from tests.services.test_rating_lists import FIDE_HEADER as FIDE
from tests.services.test_rating_lists import KNSB, PLAYERS, fide_line, knsb_file, read

ADMIN = Administrator("test")


def _season(*players: dict[str, object]):  # type: ignore[no-untyped-def]
    return load("keizer-classic", list(players))[0]


# --------------------------------------------------------------------------- the rule


@pytest.mark.parametrize(
    ("value", "knsb_ok", "fide_ok"),
    [
        ("1234567", True, True),
        ("123456", False, True),  # 6 digits: no relatienummer, a FIDE id
        ("12345678", False, True),
        ("12a4", False, False),
        ("", False, False),
        ("١٢٣٤٥٦٧", False, False),  # Arabic-Indic digits are digits to Python, not to the KNSB
        ("12345678901", False, False),  # 11 digits: longer than any FIDE id
    ],
)
def test_a_relatienummer_is_7_digits_and_a_fide_id_1_to_10(value, knsb_ok, fide_ok):
    assert (knsb_id_problem(value) is None) is knsb_ok
    assert (fide_id_problem(value) is None) is fide_ok


# --------------------------------------------------------------------------- season file


def test_the_fields_survive_export_import_export():
    """Written back only when present: Anna has both, Bert neither (no keys at all)."""
    season = _season(
        {"id": "a", "name": "Anna", "knsb_id": "1234567", "fide_id": "1503014"},
        {"id": "b", "name": "Bert"},
    )
    assert (season.player("a").knsb_id, season.player("a").fide_id) == ("1234567", "1503014")
    text = season_file.dumps(season)
    assert season_file.dumps(season_file.loads(text)) == text
    players = json.loads(text)["players"]
    assert players[0]["knsb_id"] == "1234567" and players[0]["fide_id"] == "1503014"
    assert "knsb_id" not in players[1] and "fide_id" not in players[1]


@pytest.mark.parametrize(
    ("field", "value", "nl", "en"),
    [
        ("knsb_id", "12a4", "speler 'a': veld 'knsb_id': KNSB-relatienummer '12a4' is geen "
         "7 cijfers", "player 'a': field 'knsb_id': KNSB relatienummer '12a4' is not 7 digits"),
        ("fide_id", "F-15", "speler 'a': veld 'fide_id': FIDE-id 'F-15' is geen getal van 1 tot "
         "10 cijfers", "player 'a': field 'fide_id': FIDE id 'F-15' is not a number of 1 to 10 "
         "digits"),
    ],
)  # fmt: skip
def test_a_bad_number_in_a_season_file_is_one_sentence_naming_player_and_field(
    field, value, nl, en
):
    data = season_data("keizer-classic", [{"id": "a", "name": "Anna", field: value}])
    with pytest.raises(SeasonError) as caught:
        season_file.parse(data, "f.json")
    assert nl in caught.value.text("nl") and "\n" not in caught.value.text("nl")
    assert en in caught.value.text("en")


def test_a_number_must_be_text_in_the_file():
    data = season_data("keizer-classic", [{"id": "a", "name": "Anna", "knsb_id": 1234567}])
    with raises_in_english(SeasonError, "knsb_id"):
        season_file.parse(data, "f.json")


def test_an_old_knsb_flag_is_read_as_the_relatienummer_and_left_in_the_file():
    """A file from before the field: ``knsb:7654321`` is Bert's relatienummer; the file is
    written back as it was (the flag, no ``knsb_id``). The field wins over a flag."""
    season = _season({"id": "b", "name": "Bert", "flags": ["knsb:7654321", "knsb-consent"]})
    bert = season.player("b")
    assert bert.knsb_id is None and knsb_id_of(bert) == "7654321"
    text = season_file.dumps(season)
    assert "knsb_id" not in text and '"knsb:7654321"' in text
    assert knsb_id_of(replace(bert, knsb_id="1111111")) == "1111111"


# --------------------------------------------------------------------------- store


@pytest.mark.parametrize("make", [MemoryStore, "duckdb"])
def test_the_store_keeps_both_fields(make, tmp_path):
    store = Store(tmp_path / "c.duckdb") if make == "duckdb" else make()
    season = _season({"id": "a", "name": "Anna", "knsb_id": "1234567", "fide_id": "42"})
    cid = store.import_season(season, actor=ADMIN)
    assert store.load(cid) == season
    anna = store.load(cid).player("a")
    store.save_player(cid, replace(anna, fide_id="1503014"), actor=ADMIN, read=anna)
    assert store.load(cid).player("a").fide_id == "1503014"


def test_a_bad_number_is_refused_by_the_store_and_nothing_changes():
    store = MemoryStore()
    cid = store.import_season(_season({"id": "a", "name": "Anna"}), actor=ADMIN)
    before = store.load(cid)
    anna = before.player("a")
    with raises_in_english(SeasonError, "KNSB relatienummer '12a4' is not 7 digits"):
        store.save_player(cid, replace(anna, knsb_id="12a4"), actor=ADMIN, read=anna)
    assert store.load(cid) == before


def test_a_schema_8_database_opens_with_empty_numbers_and_takes_them(tmp_path: Path):
    """A database of schema 8 (before migration 9) has no number columns: it opens, every
    player's numbers are None, and a relatienummer saved afterwards is kept."""
    season = _season({"id": "a", "name": "Anna", "flags": ["knsb:1234567"]})
    full, path = tmp_path / "new.duckdb", tmp_path / "old.duckdb"
    cid = Store(full).import_season(season, actor=ADMIN)
    older_database(full, path, 8)
    store = Store(path)
    anna = store.load(cid).player("a")
    assert (anna.knsb_id, anna.fide_id) == (None, None)
    assert knsb_id_of(anna) == "1234567"  # the flag still counts
    store.save_player(cid, replace(anna, knsb_id="7654321"), actor=ADMIN, read=anna)
    assert Store(path).load(cid).player("a").knsb_id == "7654321"


# --------------------------------------------------------------------------- KNSB submission


def test_the_submission_takes_the_field_and_the_field_wins_over_a_flag():
    """Anna has the field 1234567 (and an old flag 9999999, ignored), Bert only the old flag
    7654321; both consent. Round 1 Anna-Bert 1-0: Anna 1 point, Bert 0."""
    season = _season(
        {"id": "a", "name": "Anna", "knsb_id": "1234567", "flags": ["knsb:9999999",
                                                                    "knsb-consent"]},
        {"id": "b", "name": "Bert", "flags": ["knsb:7654321", "knsb-consent"]},
    )  # fmt: skip
    season = replace(season, rounds=(Round(1, games=(Game("a", "b", Result.WHITE_WINS),)),))
    sub = knsb_submission(season, 1, 1)
    assert [(p.name, p.fide_id, p.points) for p in read_trf(sub.text).players] == [
        ("Anna", "1234567", 1.0),
        ("Bert", "7654321", 0.0),
    ]
    assert sub.left_out == ()


# --------------------------------------------------------------------------- rating lists


def test_a_knsb_list_matches_by_the_relatienummer_field_first(tmp_path):
    """Kees Smit is twice in the list (lines 6: 1111111, 7: 2222222): by name he is
    ambiguous, with his relatienummer 2222222 he is line 7's, rating 1450 -> 1400.
    Noor's number 3333333 is "Elders, Iemand" (line 8): the number wins over the name."""
    players = [dict(p) for p in PLAYERS]
    players[4]["knsb_id"] = "2222222"
    players[5]["knsb_id"] = "3333333"
    season = _season(*players)
    rows, _ = read(knsb_file(tmp_path, KNSB))
    result = ratings.match(season, rows, from_round=2, kind="knsb")
    found = {m.player.id: (m.old, m.new, m.how, m.line) for m in result.matches}
    assert found["kees"] == (1450, 1400, "id", 7)
    assert found["noor"] == (1300, 1900, "id", 8)
    assert result.ambiguous == () and result.unmatched == ()


def test_a_fide_list_matches_by_fide_id_and_not_by_relatienummer(tmp_path):
    """Noor has FIDE id 24116068 (listed as "Bakker-Lid, N.", 2050) and relatienummer
    1503014, which is Carlsen's FIDE id in the list: a FIDE list reads only the FIDE id,
    so Noor is 2050 by id, and Carlsen matches nobody."""
    players = [dict(PLAYERS[5], fide_id="24116068", knsb_id="1503014")]
    season = _season(*players)
    path = tmp_path / "players_list_foa.txt"
    lines = [FIDE, fide_line("1503014", "Carlsen, Magnus", "2830"),
             fide_line("24116068", "Bakker-Lid, N.", "2050")]  # fmt: skip
    path.write_text("\n".join(lines) + "\n", encoding="latin-1")
    with path.open("rb") as stream:
        preview = ratings.preview(season, stream, from_round=1)
    assert preview.kind == "fide-txt"
    assert [(m.player.id, m.new, m.how, m.line) for m in preview.result.matches] == [
        ("noor", 2050, "id", 3)
    ]


# --------------------------------------------------------------------------- players CSV


def test_the_csv_columns_are_optional_and_checked():
    """Dutch headers ``relatienummer`` and ``fide-id``; an empty cell is "not given"; a bad
    relatienummer is that row's error, naming the player and the field (line 3)."""
    text = "id;naam;relatienummer;fide-id\na;Anna;1234567;\nb;Bert;12a4;42\n"
    parsed = players_csv.parse(text)
    assert [e.words.render("nl") for e in parsed.errors] == [
        "regel 3: speler 'b': KNSB-relatienummer '12a4' is geen 7 cijfers"
    ]
    assert parsed.errors[0].words.render("en") == (
        "line 3: player 'b': KNSB relatienummer '12a4' is not 7 digits"
    )
    good = players_csv.parse("id,name,knsb_id,fide_id\na,Anna,1234567,\n")
    assert [(p.knsb_id, p.fide_id) for p in good.players] == [("1234567", None)]
    # a file without the columns leaves a stored number alone
    roster = (Player("a", "Anna", knsb_id="7654321", fide_id="99"),)
    merged = players_csv.merge(roster, players_csv.parse("id,name\na,Anna B\n"))
    assert (merged[0].name, merged[0].knsb_id, merged[0].fide_id) == ("Anna B", "7654321", "99")


def test_the_roster_csv_reads_back_to_the_same_players():
    roster = (
        Player("a", "Anna, de", 1500, flags=("x", "knsb-consent"), knsb_id="1234567",
               fide_id="1503014"),
        Player("b", "Bert", participation="never", joined_round=3),
    )  # fmt: skip
    text = players_csv.dumps(roster)
    assert text.splitlines()[0].endswith(",knsb_id,fide_id")
    parsed = players_csv.parse(text)
    assert parsed.errors == () and parsed.players == roster


# --------------------------------------------------------------------------- TRF


def test_trf_export_writes_the_fide_id_and_the_import_keeps_it():
    """magnus-youth with FIDE id 1503014 for its first player: his ``001`` line has it in
    columns 58-68 (right-aligned), the others have blanks; read back as a new season the
    first player has fide_id 1503014 and everyone else none (an empty field, not "")."""
    from compcore.adapters.files.trf_export import season_trf
    from compcore.adapters.files.trf_import import season_from_trf

    season, ruleset = season_file.load(Path(__file__).resolve().parents[2] / "data"
                                       / "magnus-youth.json")  # fmt: skip
    first = replace(season.players[0], fide_id="1503014")
    season = replace(season, players=(first, *season.players[1:]))
    text = season_trf(season, ruleset)
    lines = [line for line in text.splitlines() if line.startswith("001")]
    assert lines[0][57:68] == "    1503014" and lines[1][57:68].strip() == ""
    back = season_from_trf(read_trf(text), club="M", season="s", preset="magnus-youth")
    ids = {p.name: p.fide_id for p in back.players}
    assert ids.pop(first.name) == "1503014" and set(ids.values()) == {None}


@pytest.mark.parametrize(
    ("field", "kept"),
    [("   1503014", "1503014"), ("", None), ("          0", None), ("  NED-12", None)],
)
def test_a_trf_fide_id_is_kept_only_when_it_is_one(field, kept):
    """TRF writers put 0 or nothing for "no FIDE id"; neither, nor a non-number, is kept."""
    from compcore.adapters.files.trf_import import _fide_id

    assert _fide_id(field) == kept
