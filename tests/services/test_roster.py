"""Roster management (issue 9, items 2 and 3): automatic player ids, the roster history
(level and flags from a round on, read by the engine as of each round), adding, editing,
withdrawing (KC-13) and removing a player, each refused with one clear sentence on bad
input, and nothing changed then."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from compcore.adapters.files import season_file
from compcore.adapters.store import Store, schema
from compcore.awards.winners import awards
from compcore.domain.errors import RosterError, SeasonError, StaleWriteError
from compcore.domain.model import Player, PlayerChange, RatingChange
from compcore.domain.player_ids import new_player_id, slug
from compcore.formats.cup import entrants
from compcore.pairing import pair
from compcore.pairing.rules import Rules
from compcore.ports.actors import Administrator
from compcore.scoring.standings import standings
from compcore.services import changelog
from compcore.services import players as ps
from tests.adapters.store.test_store_support import older_database
from tests.builders import load, raises_in_english, season_data
from tests.fakes import MemoryStore

ADMIN = Administrator("test")


# --------------------------------------------------------------------------- ids (item 2)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Anna de Vries", "anna-de-vries"),
        ("  Jan-Willem  van der Berg ", "jan-willem-van-der-berg"),
        ("Åsa Öberg-Ünal", "asa-oberg-unal"),
        ("O'Neill, Séan", "o-neill-sean"),
        ("!!!", "speler"),
        ("", "speler"),
    ],
)
def test_an_id_is_a_readable_slug_of_the_name(name, expected):
    assert slug(name) == expected


def test_a_clash_gets_the_first_free_number_and_never_an_id_in_use():
    taken = {"anna-de-vries", "anna-de-vries-2", "anna-de-vries-4"}
    # -2 is taken, so the first free one is -3 (not -4, which is taken too)
    assert new_player_id("Anna de Vries", taken) == "anna-de-vries-3"
    assert new_player_id("Piet", taken) == "piet"
    assert new_player_id("Anna de Vries", set()) == "anna-de-vries"


def test_a_long_name_gives_an_id_of_at_most_40_characters():
    made = slug("Maximiliaan " * 10)
    assert len(made) <= 40 and not made.endswith("-")


# --------------------------------------------------------------------------- the model


def history_season():
    season, ruleset = load(
        "ladder-ab",
        [{"id": "a", "name": "A", "level": "B", "flags": ["x"], "rating": 1500}, "b"],
        roster_changes=[
            {"player": "a", "from_round": 5, "level": "A"},
            {"player": "a", "from_round": 3, "flags": []},
            {"player": "a", "from_round": 5, "flags": ["y"]},
        ],
        ratings=[{"player": "a", "from_round": 4, "rating": 1600}],
    )
    return season, ruleset


def test_the_player_as_of_a_round_follows_the_history():
    season, _ = history_season()
    # rounds 1-2: as registered; 3-4: flags cleared (from 3); 5-: level A, flags (y,);
    # the rating of rating_at: 1500 before round 4, 1600 from round 4
    at = {n: season.player_at("a", n) for n in (1, 2, 3, 4, 5, 9)}
    assert [(p.level, p.flags, p.rating) for p in at.values()] == [
        ("B", ("x",), 1500),
        ("B", ("x",), 1500),
        ("B", (), 1500),
        ("B", (), 1600),
        ("A", ("y",), 1600),
        ("A", ("y",), 1600),
    ]
    assert season.player("a").level == "B"  # the registered player is never overwritten
    assert season.player_at("b", 9) == season.player("b")


def test_the_history_round_trips_through_the_season_file_and_both_stores(tmp_path):
    season, _ = history_season()
    text = season_file.dumps(season)
    assert json.loads(text)["roster_changes"][1] == {"player": "a", "from_round": 3, "flags": []}
    assert season_file.loads(text) == season
    for store in (Store(tmp_path / "club.duckdb"), MemoryStore()):
        cid = store.import_season(season, actor=ADMIN)
        assert season_file.dumps(store.load(cid)) == text


def test_an_empty_history_stays_empty_and_an_absent_one_absent(tmp_path):
    store = Store(tmp_path / "club.duckdb")
    for extra, expected in (({"roster_changes": []}, ()), ({}, None)):
        data = season_data("ladder-ab", "a b", competition=f"c{len(extra)}", **extra)
        cid = store.import_season(season_file.parse(data), actor=ADMIN)
        assert store.load(cid).roster_changes == expected
        assert season_file.to_data(store.load(cid)) == data


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"player": "zz", "from_round": 2, "level": "A"}, "roster changes: unknown player 'zz'"),
        ({"player": "a", "from_round": 2}, "a roster change names a level"),
        ({"player": "a", "from_round": 0, "level": "A"}, "'from_round' must be at least 1"),
        ({"player": "a", "from_round": 2, "flags": [""]}, "every flag must be non-empty"),
    ],
)
def test_a_bad_history_line_is_refused_naming_it(change, words):
    with raises_in_english(SeasonError, words):
        load("ladder-ab", "a b", roster_changes=[change])


def test_a_schema_2_database_migrates_to_the_roster_history(tmp_path):
    path = tmp_path / "old.duckdb"
    season, _ = load("ladder-ab", "a b")
    full = tmp_path / "new.duckdb"
    cid = Store(full).import_season(season, actor=ADMIN)
    older_database(full, path, 2)  # as a compcore of schema 2 left it
    store = Store(path)
    assert store.load(cid) == season
    changed = store.save_roster_change(cid, PlayerChange("a", 2, level="A"), actor=ADMIN)
    assert changed.roster_changes == (PlayerChange("a", 2, level="A"),)
    assert schema.latest() >= 3


# --------------------------------------------------------------------------- the engine


def levels_season(history):
    return load(
        "ladder-ab",
        [
            {"id": "a", "name": "A", "level": "A", "strength": 1},
            {"id": "b", "name": "B", "level": "A", "strength": 2},
            {"id": "c", "name": "C", "level": "B", "strength": 3},
            {"id": "d", "name": "D", "level": "B", "strength": 4},
        ],
        [{"present": "a b c d"}],
        roster_changes=history,
    )


def test_la3_level_only_rounds_read_the_level_as_of_the_round():
    """LA-3: rounds 1 and 2 are level-only. C moves B -> A from round 2: in round 1 a-c
    crosses levels (A vs B), in round 2 it does not (A vs A) and c-d does (A vs B); round 3
    is no level-only round, so no pair crosses a level rule."""
    season, ruleset = levels_season([{"player": "c", "from_round": 2, "level": "A"}])
    rules = {n: Rules(season, ruleset, n, 0) for n in (1, 2, 3)}
    assert rules[1].violations("a", "c") == ("level-only",)
    assert rules[1].violations("c", "d") == ()
    assert rules[2].violations("a", "c") == ()
    assert rules[2].violations("c", "d") == ("level-only",)
    assert rules[3].violations("a", "c") == rules[3].violations("c", "d") == ()


def test_la3_the_pairing_of_round_1_uses_the_levels_valid_in_round_1():
    """Registered: a, b at A; c, d at B (top-down LA-2 would give a-b, c-d). From round 1
    b moves to B and c to A, so the level-only round 1 must pair a-c and b-d."""
    season, ruleset = levels_season(
        [
            {"player": "b", "from_round": 1, "level": "B"},
            {"player": "c", "from_round": 1, "level": "A"},
        ]
    )
    games = {frozenset(g.players) for g in pair(season, ruleset).round.games or ()}
    assert games == {frozenset("ac"), frozenset("bd")}


def test_la11_the_level_top_uses_the_level_of_the_last_round():
    """LA-11's top 3 of B-players. Round 1: a beats c, b beats d (a, b at A; c, d at B).
    a moves A -> B from round 2, so after round 1 the B top is (c, d) by strength but with a
    B from round 2 on... round 2 is not played, so the top still reads round 1: c, d. Once
    round 2 is played (a-b draw, c-d draw), a is B there: the B top is a (1.5), c, d."""
    season, ruleset = load(
        "ladder-ab",
        [
            {"id": "a", "name": "A", "level": "A", "strength": 1},
            {"id": "b", "name": "B", "level": "A", "strength": 2},
            {"id": "c", "name": "C", "level": "B", "strength": 3},
            {"id": "d", "name": "D", "level": "B", "strength": 4},
        ],
        ["a-c 1-0, b-d 1-0"],
        roster_changes=[{"player": "a", "from_round": 2, "level": "B"}],
    )
    assert awards(season, ruleset).level_top == ("B", ("c", "d"))
    played, _ = load(
        "ladder-ab",
        season_file.to_data(season)["players"],
        ["a-c 1-0, b-d 1-0", "a-b =, c-d ="],
        roster_changes=[{"player": "a", "from_round": 2, "level": "B"}],
    )
    assert awards(played, ruleset).level_top == ("B", ("a", "c", "d"))


def test_mg7_cup_entrants_carry_the_flags_valid_in_that_round():
    """MG-7: entrants carry the flags cup and senior. x gets them from round 2 only."""
    season, ruleset = load(
        "magnus-cup",
        [
            {"id": "s", "name": "S", "rating": 1800, "flags": ["cup", "senior"]},
            {"id": "x", "name": "X", "rating": 1700},
        ],
        roster_changes=[{"player": "x", "from_round": 2, "flags": ["cup", "senior"]}],
    )
    assert entrants(season, ruleset, 1) == ["s"]
    assert entrants(season, ruleset, 2) == ["s", "x"]


def test_ds9_the_engine_opt_in_is_read_as_of_the_round():
    """DS-9: only players with the engine-opt-in flag may play the engine. p opts in from
    round 3: against the engine in round 2 that breaks the opt-in rule, in round 3 not."""
    season, ruleset = load(
        "dubbelschaak",
        [{"id": "p", "name": "P", "rating": 1500}, {"id": "q", "name": "Q", "rating": 1400},
         {"id": "komodo", "name": "Komodo", "virtual": "engine"}],
        roster_changes=[{"player": "p", "from_round": 3, "flags": ["engine-opt-in"]}],
    )  # fmt: skip
    assert "engine-opt-in" in Rules(season, ruleset, 2, 0).violations("p", "komodo")
    assert "engine-opt-in" not in Rules(season, ruleset, 3, 0).violations("p", "komodo")


# --------------------------------------------------------------------------- services


def memory(preset: str = "keizer-classic", players="a b c d", rounds=("a-b 1-0, c-d =",)):
    season, _ = load(preset, players, list(rounds))
    store = MemoryStore()
    return store, store.import_season(season, actor=ADMIN)


def unchanged(store: MemoryStore, cid: int):
    """A check that nothing changed: the stored season and the log as they are now."""
    before, log = store.load(cid), len(store.log(cid))
    return lambda: store.load(cid) == before and len(store.log(cid)) == log


def new_player(name: str, **fields) -> Player:
    return ps.form_player(
        None, pid="", name=name, rating=None, strength=None, level="", flags=(),
        participation="always", joined=fields.get("joined"), withdrawn=fields.get("withdrawn"),
    )  # fmt: skip


def test_a_new_player_gets_an_automatic_id_and_a_rename_keeps_it():
    store, cid = memory()
    for name in ("Anna de Vries", "Anna de Vries"):
        player = replace(new_player(name), id=ps.automatic_id(store.load(cid), name))
        ps.save_player(store, cid, player, read=None, actor=ADMIN)
    assert store.load(cid).player_ids[-2:] == ("anna-de-vries", "anna-de-vries-2")
    read = store.load(cid).player("anna-de-vries")
    ps.save_player(store, cid, replace(read, name="Anna Visser"), read=read, actor=ADMIN)
    assert store.load(cid).player("anna-de-vries").name == "Anna Visser"
    assert store.log(cid)[0].action == "save-player"


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"name": "  "}, "Enter a name"),
        ({"joined": 24}, r"Round 24 does not exist in this competition \(rounds 1 to 23\)"),
        ({"joined": 5, "withdrawn": 3}, "Withdrawing in round 3 is before the first round 5"),
    ],
)
def test_a_bad_new_player_is_refused_and_nothing_changes(fields, words):
    """keizer-classic has 23 rounds (1 cycle of 23)."""
    store, cid = memory()
    same = unchanged(store, cid)
    player = replace(new_player(fields.pop("name", "Piet"), **fields), id="piet")
    with raises_in_english(RosterError, words):
        ps.save_player(store, cid, player, read=None, actor=ADMIN)
    assert same()


def test_kc13_a_withdrawn_player_stays_in_the_ranking_and_is_not_paired():
    """Round 1: a beats b, c-d draw. c withdraws from round 2: round 2 is paired without
    him (a, b, d: three players), and the standings after round 1 still list all four."""
    store, cid = memory(rounds=("a-b 1-0, c-d =", {"present": "a b d"}))
    read = store.load(cid).player("c")
    season = ps.withdraw(store, cid, "c", 2, read=read, actor=ADMIN)
    assert season.player("c").withdrawn_round == 2
    table = standings(season, store.ruleset(cid), after_round=1)
    assert set(table.order) == {"a", "b", "c", "d"}
    paired = pair(season, store.ruleset(cid)).round
    assert "c" not in {p for g in paired.games or () for p in g.players}


def test_withdrawing_before_joining_or_out_of_range_is_refused():
    store, cid = memory()
    late = replace(new_player("Piet", joined=4), id="piet")
    ps.save_player(store, cid, late, read=None, actor=ADMIN)
    same = unchanged(store, cid)
    read = store.load(cid).player("piet")
    with raises_in_english(RosterError, "Withdrawing in round 2 is before the first round 4"):
        ps.withdraw(store, cid, "piet", 2, read=read, actor=ADMIN)
    with raises_in_english(RosterError, "Round 0 does not exist"):
        ps.withdraw(store, cid, "piet", 0, read=read, actor=ADMIN)
    assert same()


def test_a_level_change_is_added_to_the_history_never_overwriting():
    store, cid = memory("ladder-ab")
    first = PlayerChange("a", 3, level="A")
    ps.save_change(store, cid, first, read=(), actor=ADMIN)
    second = PlayerChange("a", 3, level="B", flags=("own-level-only",))
    ps.save_change(store, cid, second, read=(first,), actor=ADMIN)
    assert ps.history(store.load(cid), "a") == (first, second)
    assert store.log(cid)[0].action == "save-roster-change"
    assert store.log(cid)[0].after == {
        "player": "a", "from_round": 3, "level": "B", "flags": ["own-level-only"]}  # fmt: skip


def test_a_history_changed_meanwhile_is_refused_and_bad_changes_too():
    store, cid = memory("ladder-ab")
    ps.save_change(store, cid, PlayerChange("a", 3, level="A"), read=(), actor=ADMIN)
    same = unchanged(store, cid)
    with pytest.raises(StaleWriteError):  # the form showed no history yet
        ps.save_change(store, cid, PlayerChange("a", 4, level="B"), read=(), actor=ADMIN)
    seen = ps.history(store.load(cid), "a")
    with raises_in_english(RosterError, "Choose a new level or new flags"):
        ps.save_change(store, cid, PlayerChange("a", 4, level="  "), read=seen, actor=ADMIN)
    with raises_in_english(RosterError, r"Round 99 does not exist .*rounds 1 to 30"):
        ps.save_change(store, cid, PlayerChange("a", 99, level="B"), read=seen, actor=ADMIN)
    assert same()


def test_a_player_without_entries_is_removed_with_his_rating_and_history():
    store, cid = memory()
    ps.save_player(store, cid, replace(new_player("Oops"), id="oops"), read=None, actor=ADMIN)
    store.save_rating(cid, RatingChange("oops", 2, 1500), actor=ADMIN)
    store.save_roster_change(cid, PlayerChange("oops", 2, level="A"), actor=ADMIN)
    read = store.load(cid).player("oops")
    assert ps.first_round(store.load(cid), "oops") is None
    season = ps.remove(store, cid, "oops", read=read, actor=ADMIN)
    assert "oops" not in season.player_ids
    assert season.ratings == () and season.roster_changes == ()
    assert (store.log(cid)[0].action, store.log(cid)[0].after) == ("remove-player", None)


def test_a_player_in_a_round_is_not_removed_and_the_message_names_the_round(tmp_path):
    """c drew with d in round 1, so he appears in round 1: refused, nothing changes."""
    store, cid = memory()
    same = unchanged(store, cid)
    read = store.load(cid).player("c")
    with raises_in_english(
        RosterError, "C is in round 1 already, so he cannot be removed; withdraw him"
    ):
        ps.remove(store, cid, "c", read=read, actor=ADMIN)
    assert same()
    with pytest.raises(StaleWriteError):  # renamed meanwhile
        ps.remove(store, cid, "c", read=replace(read, name="Old"), actor=ADMIN)


def test_the_duckdb_store_writes_and_removes_the_same_way(tmp_path):
    season, _ = load("ladder-ab", "a b c", ["a-b 1-0, c bye"])
    store = Store(tmp_path / "club.duckdb")
    cid = store.import_season(season, actor=ADMIN)
    ps.save_player(store, cid, replace(new_player("Nieuw"), id="nieuw"), read=None, actor=ADMIN)
    ps.save_change(store, cid, PlayerChange("nieuw", 2, flags=()), read=(), actor=ADMIN)
    assert store.load(cid).roster_changes == (PlayerChange("nieuw", 2, flags=()),)
    ps.remove(store, cid, "nieuw", read=store.load(cid).player("nieuw"), actor=ADMIN)
    assert store.load(cid) == replace(season, roster_changes=())


def test_the_change_log_names_a_history_line_and_a_removal_in_words():
    store, cid = memory("ladder-ab")
    ps.save_change(store, cid, PlayerChange("a", 2, level="A"), read=(), actor=ADMIN)
    ps.save_player(store, cid, replace(new_player("Oeps"), id="oeps"), read=None, actor=ADMIN)
    ps.remove(store, cid, "oeps", read=store.load(cid).player("oeps"), actor=ADMIN)
    removed, _, changed = store.log(cid)[:3]
    names = {"a": "Anna"}
    assert changelog.describe(changed.before, changed.after, "nl", names) == (
        "niveau/kenmerken Anna vanaf ronde 2: toegevoegd")  # fmt: skip
    assert changelog.describe(changed.before, changed.after, "en", names) == (
        "level/flags Anna from round 2: added")  # fmt: skip
    assert changelog.describe(removed.before, removed.after, "nl", names) == (
        "speler Oeps: verwijderd")  # fmt: skip


def test_a_flag_only_in_the_history_is_offered_by_the_form():
    """ladder-ab reads own-level-only (LA-3); 'jeugd' is used only in a history line."""
    season, ruleset = load(
        "ladder-ab", "a b", roster_changes=[{"player": "a", "from_round": 2, "flags": ["jeugd"]}]
    )
    assert ps.offered_flags(season, ruleset) == ["jeugd", "own-level-only"]


def test_withdrawing_from_a_round_that_names_him_is_refused_naming_that_round():
    """c drew in round 1 and is on round 2's attendance list: withdrawing from round 1 or
    2 is refused naming the first such round; from round 3 it counts."""
    store, cid = memory(rounds=("a-b 1-0, c-d =", {"present": "a b c d"}))
    same = unchanged(store, cid)
    read = store.load(cid).player("c")
    for start, named in ((1, 1), (2, 2)):
        with raises_in_english(RosterError, f"C is in round {named}: withdraw him after"):
            ps.withdraw(store, cid, "c", start, read=read, actor=ADMIN)
    assert same()
    assert ps.withdraw(store, cid, "c", 3, read=read, actor=ADMIN).player("c").withdrawn_round == 3


@pytest.mark.parametrize("from_round", [24, 999])
def test_a_rating_change_outside_the_season_is_refused_by_the_form_and_the_store(from_round):
    """keizer-classic has 23 rounds and the season stores 1: the Spelers form's rating
    change from round 24 (or 999) is refused in the roster's words, and a store write that
    skips the form is refused by the season check (``validate.last_round``, the same
    range): nothing stored either way."""
    store, cid = memory()
    same = unchanged(store, cid)
    change = RatingChange("a", from_round, 1500)
    words = rf"Round {from_round} does not exist in this competition \(rounds 1 to 23\)"
    with raises_in_english(RosterError, words):
        ps.save_rating(store, cid, change, read=(), actor=ADMIN)
    with raises_in_english(SeasonError, rf"ratings: player 'a': {words}"):
        store.save_rating(cid, change, actor=ADMIN)
    assert same()
    ps.save_rating(store, cid, replace(change, from_round=23), read=(), actor=ADMIN)
    assert store.load(cid).ratings == (RatingChange("a", 23, 1500),)
