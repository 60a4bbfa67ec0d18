"""The roster CSV import (``compcore.adapters.files.players_csv``): pure parsing, an error per bad
row, merging into a roster."""

from __future__ import annotations

import pytest

from compcore.adapters.files.players_csv import merge, parse, status
from compcore.domain.errors import CsvImportError
from compcore.domain.model import Player


def test_comma_file_with_every_column():
    text = (
        "id,name,rating,strength,level,flags,participation,joined_round,withdrawn_round\n"
        "p1,Anna de Vries,1850,1,A,engine-opt-in own-level-only,always,,\n"
        "p2,Bram Jansen,,2,B,,never,3,9\n"
    )
    parsed = parse(text)
    assert parsed.ok
    anna, bram = parsed.players
    assert anna == Player("p1", "Anna de Vries", 1850, 1, "A",
                          ("engine-opt-in", "own-level-only"), "always")  # fmt: skip
    assert (bram.rating, bram.participation, bram.joined_round, bram.withdrawn_round) == (
        None, "never", 3, 9)  # fmt: skip


def test_dutch_headers_semicolons_and_a_byte_order_mark():
    parsed = parse("\ufeffId;Naam;Sterkte;Deelname\np1;Chantal;1;nooit\n\n")
    assert parsed.ok
    assert parsed.players == (Player("p1", "Chantal", strength=1, participation="never"),)
    assert parsed.columns == ("id", "name", "strength", "participation")


def test_the_dutch_names_of_the_help_and_the_roster_tables_headers_are_read():
    """Issue 22 item 9: the Dutch help names the columns vanaf_ronde, gestopt_in_ronde and
    fide-id; the roster table's own headers ("Vanaf ronde", "Gestopt in ronde") work too."""
    for header in ("id;naam;vanaf_ronde;gestopt_in_ronde;fide-id",
                   "Id;Naam;Vanaf ronde;Gestopt in ronde;FIDE-id"):  # fmt: skip
        parsed = parse(f"{header}\np1;Chantal;2;7;1503014\n")
        assert parsed.ok, header
        [chantal] = parsed.players
        assert (chantal.joined_round, chantal.withdrawn_round, chantal.fide_id) == (2, 7, "1503014")


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("id,name\n,Anna\n", 2, "the id is empty"),
        ("id,name\np1,\n", 2, "the name is empty"),
        ("id,name,rating\np1,A,-5\n", 2, "rating must be at least 0"),
        ("id,name,rating\np1,A,1850.5\n", 2, "rating must be a whole number"),
        ("id,name,participation\np1,A,soms\n", 2, "participation must be always or never"),
        ("id,name\np1,A\np1,B\n", 3, "also on line 2"),
        ("id,name\np1,A,extra\n", 2, "expected 2 columns"),
        ("id,name,joined_round,withdrawn_round\np1,A,5,5\n", 2, "must come after"),
        ("id,naam,colour\np1,A,w\n", 1, "unknown column 'colour'"),
        ("name\nAnna\n", 1, "column 'id' is required"),
        ("", 1, "the file is empty"),
        ("id,name\n", 2, "no players"),
    ],
)
def test_each_bad_row_is_named(text, line, message):
    parsed = parse(text)
    assert not parsed.ok
    assert parsed.errors[0].line == line
    assert message in parsed.errors[0].text("en")


def test_every_bad_row_is_reported_and_good_rows_are_not_enough():
    parsed = parse("id,name,rating\np1,A,1\np2,,2\np3,C,x\np4,D,4\n")
    assert [e.line for e in parsed.errors] == [3, 4]
    with pytest.raises(CsvImportError):
        merge((), parsed)


def test_merge_updates_only_the_files_columns_and_appends_new_players():
    roster = (
        Player("p1", "Anna", 1800, 1, "A", ("engine-opt-in",), "always"),
        Player("engine", "Komodo", virtual="engine"),
    )
    parsed = parse("id,name,rating\np1,Anna de Vries,1900\np2,Bram,1500\n")
    assert status(roster, parsed) == {"p1": "update", "p2": "new"}
    merged = merge(roster, parsed)
    assert merged[0] == Player("p1", "Anna de Vries", 1900, 1, "A", ("engine-opt-in",), "always")
    assert merged[1] == roster[1]
    assert merged[2] == Player("p2", "Bram", 1500)


# --------------------------------------------------------------------------- hostile files (issue 8)


def test_cr_only_line_endings_are_read():
    # old Mac spreadsheets end lines in a lone CR; the csv module raised csv.Error
    # ("new-line character seen in unquoted field") and the Spelers page crashed
    parsed = parse("id,name,rating\rp1,Anna,1850\rp2,Bram,\r")
    assert parsed.ok
    assert [(p.id, p.name, p.rating) for p in parsed.players] == [
        ("p1", "Anna", 1850),
        ("p2", "Bram", None),
    ]


def test_a_cell_over_the_csv_limit_is_that_rows_error_and_the_others_are_read():
    # the csv module refuses a cell of more than 131,072 characters with csv.Error; line 3
    # is that row, lines 2 and 4 are fine (and line 4 is still read after the error)
    text = "id,name\np1,Anna\np2," + "x" * 131_073 + "\np3,Chris\n"
    parsed = parse(text)
    assert [(e.line, e.text("en")) for e in parsed.errors] == [
        (3, "a cell is longer than 131072 characters")
    ]
    assert parsed.errors[0].text("nl") == "een cel is langer dan 131072 tekens"
    assert [p.id for p in parsed.players] == ["p1", "p3"]


def test_a_header_cell_over_the_limit_is_line_1():
    parsed = parse('"' + "x" * 131_073 + '"\n')
    assert [e.line for e in parsed.errors] == [1]


@pytest.mark.parametrize(("rating", "ok"), [("3500", True), ("3501", False), ("99999", False)])
def test_a_rating_outside_0_to_3500_is_refused_naming_the_player(rating, ok):
    parsed = parse(f"id,name,rating\np1,Anna,1800\np7,Gerrit,{rating}\n")
    if ok:
        assert parsed.ok
        return
    (error,) = parsed.errors
    assert error.line == 3
    assert error.text("en") == f"player 'p7': rating {rating} is not plausible (allowed: 0 to 3500)"
    assert error.text("nl").startswith(f"speler 'p7': rating {rating} is niet aannemelijk")


def test_a_number_too_long_to_be_a_whole_number_is_a_row_error():
    # int() of 5,000 digits raises ValueError about Python's digit limit; the row says what
    parsed = parse("id,name,strength\np1,A," + "9" * 5000 + "\n")
    assert [e.line for e in parsed.errors] == [2]
    assert "strength must be a whole number" in parsed.errors[0].text("en")
