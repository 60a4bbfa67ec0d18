"""The repository contract (``conftest.py``): each write, its log entry, and a refused one leaving no trace, the same on every store."""

from __future__ import annotations

import threading
from dataclasses import replace
from datetime import UTC
from types import MappingProxyType

import pytest

from compcore.adapters.files import season_file
from compcore.adapters.store import Store
from compcore.domain.errors import SeasonError, StoreError
from compcore.domain.model import (
    Decision,
    Game,
    Kind,
    Player,
    RatingChange,
    Result,
    Round,
    RulesetRef,
)
from compcore.ports.actors import Administrator
from tests.adapters.store.test_store_support import (
    make_season,
)
from tests.builders import raises_in_english
from tests.contract.conftest import Unchanged

ADMIN = Administrator("test")


def text(season) -> str:
    return season_file.dumps(season)


def played_round(season, number, *, result=Result.WHITE_WINS):
    ids = [p.id for p in season.players]
    return Round(number=number, date="2024-12-03",
                 games=(Game(ids[0], ids[1], result), Game(ids[2], ids[3], Result.DRAW)),
                 entries=MappingProxyType({ids[4]: Kind.ABSENT}))  # fmt: skip


def test_save_round_inserts_and_replaces(store):
    season = make_season(rounds=2, open_round=False)
    cid = store.import_season(season, actor=ADMIN)
    r3 = played_round(season, 3)
    store.save_round(cid, r3, actor=ADMIN, action="pair")
    assert store.load(cid).rounds[-1] == r3
    r3b = played_round(season, 3, result=Result.BLACK_FORFEIT_WIN)
    store.save_round(cid, r3b, actor=ADMIN, action="result", reason="typo fixed")
    loaded = store.load(cid)
    assert loaded.rounds[-1] == r3b and len(loaded.rounds) == 3
    assert text(loaded) == text(season.with_round(r3b))
    # replacing an earlier round keeps the others
    r1 = replace(season.rounds[0], date="2024-09-02")
    store.save_round(cid, r1, actor=ADMIN, action="edit")
    assert store.load(cid).rounds[0].date == "2024-09-02"


def test_delete_round_only_the_last(store):
    season = make_season(rounds=3)
    cid = store.import_season(season, actor=ADMIN)
    with Unchanged(store), raises_in_english(StoreError, r"only the last round \(4\) can be"):
        store.delete_round(cid, 2, actor=ADMIN)
    removed = store.delete_round(cid, 4, actor=ADMIN, reason="wrong evening")
    assert removed == season.rounds[-1]
    assert store.load(cid) == season.without_round(4)
    entry = store.log(cid, 1)[0]
    assert entry.action == "delete-round" and entry.reason == "wrong evening"
    assert entry.before == season_file.to_data(season)["rounds"][-1] and entry.after is None
    # the log keeps enough to put it back
    store.save_round(cid, removed, actor=ADMIN, action="redo")
    assert text(store.load(cid)) == text(season)


def test_save_player_adds_and_edits_in_place(store):
    season = make_season(rounds=1)
    cid = store.import_season(season, actor=ADMIN)
    store.save_player(cid, Player("new", "Nieuw Lid", flags=("new-member",)), actor=ADMIN)
    edited = replace(season.players[2], name="Anders Genoemd", rating=None, flags=())
    store.save_player(cid, edited, actor=ADMIN)
    players = store.load(cid).players
    assert [p.id for p in players] == [*season.player_ids, "new"]
    assert players[2] == edited and players[-1].flags == ("new-member",)


def test_save_rating_set_ruleset_add_decision(store):
    season = make_season("dubbelschaak", rounds=1)
    cid = store.import_season(season, actor=ADMIN)
    store.save_rating(cid, RatingChange("p01", 2, 1999), actor=ADMIN)
    store.save_rating(cid, RatingChange("p02", 2, 1500), actor=ADMIN)
    store.save_rating(cid, RatingChange("p01", 2, 2001), actor=ADMIN)  # replaces
    store.set_ruleset(cid, RulesetRef("dubbelschaak", MappingProxyType(
        {"rounds_per_cycle": 10, "display_decimals": 1})), actor=ADMIN)  # fmt: skip
    store.add_decision(cid, Decision("barrage", "p03", cycle=0), actor=ADMIN)
    out = store.load(cid)
    assert out.ratings == (RatingChange("p01", 2, 2001), RatingChange("p02", 2, 1500))
    assert dict(out.ruleset.overrides) == {"rounds_per_cycle": 10, "display_decimals": 1}
    assert list(out.ruleset.overrides) == ["rounds_per_cycle", "display_decimals"]
    assert out.decisions == (Decision("barrage", "p03", cycle=0),)
    assert store.ruleset(cid).rounds_per_cycle == 10


def test_import_refuses_an_existing_competition_unless_replace(store):
    season = make_season(rounds=2)
    cid = store.import_season(season, actor=ADMIN)
    with Unchanged(store), raises_in_english(StoreError, r"already exists .*id 1.*--replace"):
        store.import_season(make_season(rounds=3), actor=ADMIN)
    newer = make_season(rounds=3, seed=7)
    assert store.import_season(newer, actor=ADMIN, replace=True) == cid
    assert store.load(cid) == newer
    entry = store.log(cid, 1)[0]
    assert entry.action == "replace"
    assert entry.before == season_file.to_data(season)
    assert entry.after == season_file.to_data(newer)


def test_save_season_and_delete_competition(store):
    season = make_season(rounds=2)
    cid = store.import_season(season, actor=ADMIN)
    other = store.import_season(make_season(competition="rapid"), actor=ADMIN)
    renamed = replace(season, competition="intern A", players=season.players[::-1])
    store.save_season(cid, renamed, actor=ADMIN, action="rename")
    assert store.load(cid) == renamed
    clash = replace(renamed, competition="rapid")
    with raises_in_english(StoreError, "already exists"):
        store.save_season(cid, clash, actor=ADMIN, action="rename")
    gone = store.delete_competition(other, actor=ADMIN, reason="test")
    assert gone.competition == "rapid"
    assert [i.id for i in store.competitions()] == [cid]
    assert store.log(other, 1)[0].before == season_file.to_data(gone)
    # ids are never reused, so the log of a deleted competition stays its own
    assert store.import_season(make_season(competition="blitz"), actor=ADMIN) == other + 1


# --------------------------------------------------------------------------- the log


def test_every_write_is_logged(store):
    season = make_season("dubbelschaak", rounds=1, open_round=False)
    cid = store.import_season(season, actor=ADMIN)
    r2 = played_round(season, 2)
    store.save_round(cid, r2, actor=ADMIN, action="pair", reason="evening 2")
    store.save_player(cid, Player("z", "Zed"), actor=ADMIN)
    store.save_rating(cid, RatingChange("z", 3, 1234), actor=ADMIN)
    store.set_ruleset(cid, RulesetRef("dubbelschaak", MappingProxyType(
        {"display_decimals": 0})), actor=ADMIN)  # fmt: skip
    store.add_decision(cid, Decision("play-off", "z"), actor=ADMIN)
    store.delete_round(cid, 2, actor=ADMIN)
    entries = store.log(cid)
    assert [e.action for e in entries] == [
        "delete-round", "add-decision", "set-ruleset", "save-rating", "save-player", "pair",
        "import"]  # fmt: skip
    assert all(e.actor == "administrator:test" and e.competition_id == cid for e in entries)
    assert all(e.at.tzinfo is UTC for e in entries)
    ids = [e.id for e in entries]
    assert ids == sorted(ids, reverse=True)
    by = {e.action: e for e in entries}
    assert by["import"].before is None and by["import"].after == season_file.to_data(season)
    round_data = season_file.to_data(season.with_round(r2))["rounds"][-1]
    assert by["pair"].before is None and by["pair"].after == round_data
    assert by["pair"].reason == "evening 2"
    assert by["save-player"].after == {"id": "z", "name": "Zed"}
    assert by["save-rating"].after == {"player": "z", "from_round": 3, "rating": 1234}
    assert by["set-ruleset"].before == {"preset": "dubbelschaak", "overrides": {}}
    assert by["set-ruleset"].after == {"preset": "dubbelschaak",
                                       "overrides": {"display_decimals": 0}}  # fmt: skip
    assert by["add-decision"].after == {"kind": "play-off", "player": "z"}
    assert by["delete-round"].before == round_data and by["delete-round"].after is None
    # editing a round logs the round before and after
    r1 = replace(season.rounds[0], date="2024-09-09")
    store.save_round(cid, r1, actor=ADMIN, action="edit")
    edit = store.log(cid, 1)[0]
    assert edit.before["date"] == "2024-09-01" and edit.after["date"] == "2024-09-09"
    assert len(store.log(cid, limit=3)) == 3
    # a SQL store's first entry is its schema's making
    first = store.log(None, 1000)[-1].action
    assert first == ("migrate" if isinstance(store, Store) else "import")


# --------------------------------------------------------------------------- no trace


@pytest.fixture
def seeded(store):
    season = make_season("keizer-classic", rounds=3, open_round=False)
    return store, store.import_season(season, actor=ADMIN), season


def test_invalid_rounds_leave_no_trace(seeded):
    store, cid, season = seeded
    ids = season.player_ids
    unknown = Round(4, games=(Game(ids[0], "ghost", Result.DRAW),))
    twice = Round(4, games=(Game(ids[0], ids[1], Result.DRAW),),
                  entries=MappingProxyType({ids[0]: Kind.ABSENT}))  # fmt: skip
    self_game = Round(4, games=(Game(ids[0], ids[0], Result.DRAW),))
    gap = Round(6, games=())
    bad_kind = Round(4, games=(), entries=MappingProxyType({ids[0]: Kind.JOKER}))
    not_a_round = {"round": 4}
    bad_date = Round(4, date="next tuesday", games=())
    bad_type = Round(4, games=(Game(ids[0], ids[1], "1-0"),))  # a str, not a Result
    for rnd, message in [
        (unknown, "unknown player 'ghost'"), (twice, "appears twice"),
        (self_game, "against themself"), (gap, "out of order"),
        (bad_kind, "'joker' is not used"), (not_a_round, "not a round"),
        (bad_date, "not a date"), (bad_type, "not a valid season"),
    ]:  # fmt: skip
        with Unchanged(store), raises_in_english(SeasonError, message):
            store.save_round(cid, rnd, actor=ADMIN, action="pair")


def test_invalid_edits_leave_no_trace(seeded):
    store, cid, season = seeded
    first_player = season.rounds[0].games[0].white
    cup = played_round(season, 4)
    cup = replace(cup, entries=MappingProxyType({season.player_ids[4]: Kind.CUP_WIN}))
    store.save_round(cid, cup, actor=ADMIN, action="result")
    cases = [
        (lambda: store.set_ruleset(cid, RulesetRef("keizer-classic", MappingProxyType(
            {"rounds_per_cykle": 3})), actor=ADMIN), SeasonError, "rounds_per_cykle"),
        (lambda: store.set_ruleset(cid, RulesetRef("chess960"), actor=ADMIN), SeasonError,
         "unknown preset"),
        (lambda: store.set_ruleset(cid, RulesetRef("magnus-youth"), actor=ADMIN), SeasonError,
         r"entry kind 'cup-(win|draw|loss)' is not used by this ruleset"),
        (lambda: store.save_player(cid, replace(season.players[0], name=""), actor=ADMIN),
         SeasonError, "non-empty text"),
        (lambda: store.save_player(cid, replace(season.player(first_player), joined_round=3),
                                   actor=ADMIN), SeasonError, "not registered"),
        (lambda: store.save_rating(cid, RatingChange("ghost", 2, 1500), actor=ADMIN),
         SeasonError, "unknown player 'ghost'"),
        (lambda: store.add_decision(cid, Decision("barrage", "ghost"), actor=ADMIN),
         SeasonError, "unknown player"),
        # beyond 64 bits: refused by the season check, naming the field (issue 8)
        (lambda: store.save_rating(cid, RatingChange("p01", 2, 10**20), actor=ADMIN),
         SeasonError, "ratings: field 'rating'"),
        (lambda: store.delete_round(cid, 9, actor=ADMIN), StoreError, "only the last round"),
        (lambda: store.save_round(cid, played_round(season, 4), actor=ADMIN, action=" "),
         StoreError, "needs an action"),
        (lambda: store.import_season(replace(season, competition="x", players=()),
                                     actor=ADMIN), SeasonError, "unknown player"),
    ]  # fmt: skip
    for call, error, message in cases:
        with Unchanged(store), raises_in_english(error, message):
            call()


# --------------------------------------------------------------------------- threads


def test_concurrent_sessions_in_one_process(store):
    """Streamlit runs each session in a thread of one process: writes never interleave,
    reads see whole seasons, and nothing fails."""
    cid = store.import_season(make_season(rounds=2), actor=ADMIN)
    errors: list[BaseException] = []
    seen: list[int] = []

    def writer(t: int) -> None:
        try:
            for i in range(4):
                store.save_player(cid, Player(f"t{t}-{i}", f"Thread {t} #{i}"), actor=ADMIN)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    def reader() -> None:
        try:
            for _ in range(6):
                seen.append(len(store.load(cid).players))
                store.competitions()
        except BaseException as exc:  # pragma: no cover
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(t,)) for t in range(3)]
    threads += [threading.Thread(target=reader) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    players = store.load(cid).player_ids
    assert len(players) == 10 + 12
    assert all(f"t{t}-{i}" in players for t in range(3) for i in range(4))
    assert all(10 <= n <= 22 for n in seen)
    assert [e.action for e in store.log(cid)].count("save-player") == 12
