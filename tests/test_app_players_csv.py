"""The roster CSV import (``compcore.adapters.players_csv``): pure parsing, an error per bad
row, merging into a roster."""

from __future__ import annotations

import pytest

from compcore.adapters.players_csv import merge, parse, status
from compcore.errors import CsvImportError
from compcore.model import Player


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
    assert message in parsed.errors[0].message


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
