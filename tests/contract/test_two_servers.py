"""Lost updates (issues 8 and 21): two directors change the same competition from two
browsers served by two app servers, on every store of the contract (``conftest.py``).

Each test opens two stores on one database (a DuckDB file or a PostgreSQL database, as two
app processes would; the fake: one store twice), lets both read, then writes from both.
What the second one did not change must survive; what it changes that the first changed
meanwhile is refused with :class:`StaleWriteError` (in Dutch and English), and then
nothing at all changes.
"""

from __future__ import annotations

import threading
from dataclasses import replace
from types import MappingProxyType

import pytest

from compcore.domain.errors import (
    IncompleteRoundError,
    ReasonRequiredError,
    StaleWriteError,
)
from compcore.domain.model import Game, Kind, Player, RatingChange, Result, Round, RulesetRef
from compcore.ports.actors import Administrator
from compcore.ports.repository import Repository
from compcore.rules.changes import BoardResult
from tests.adapters.store.test_store_support import make_season
from tests.builders import raises_in_english
from tests.contract.conftest import Unchanged

ADMIN = Administrator("test")
WIN, DRAW, LOSS = Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS
#: five different results for one board
FIVE = (WIN, DRAW, LOSS, Result.WHITE_FORFEIT_WIN, Result.BLACK_FORFEIT_WIN)


def published(season, number: int = 4) -> Round:
    """Round ``number`` published without results: p01-p02, p03-p04, p05-p06; the other
    four players are absent."""
    ids = season.player_ids
    games = tuple(Game(ids[i], ids[i + 1]) for i in (0, 2, 4))
    return Round(number, games=games, entries=MappingProxyType({p: Kind.ABSENT for p in ids[6:]}))


@pytest.fixture
def two(open_again) -> tuple[Repository, Repository, int]:
    """Two stores on one database (two app servers; the fake: one store twice) holding a
    season with round 4 published, no results yet."""
    first = open_again()
    season = make_season(rounds=3, open_round=False)
    cid = first.import_season(season.with_round(published(season)), actor=ADMIN)
    return first, open_again(), cid


def result(store: Repository, cid: int, board: int) -> Result | None:
    return store.load(cid).round(4).games[board - 1].result


def board(season, number: int, n: int, read: Result | None, new: Result | None) -> BoardResult:
    game = season.round(number).games[n - 1]
    return BoardResult(n, game.white, game.black, read, new)


def test_results_of_different_boards_both_stay(two):
    """A saves board 1 (1-0); B, whose page was loaded before that, saves board 2 (0-1).
    Before the fix B's save sent every board and board 1 was empty again."""
    a, b, cid = two
    seen_a, seen_b = a.load(cid), b.load(cid)
    a.save_results(cid, 4, [board(seen_a, 4, 1, None, WIN)], actor=ADMIN, action="results")
    b.save_results(cid, 4, [board(seen_b, 4, 2, None, LOSS)], actor=ADMIN, action="results")
    assert [result(a, cid, n) for n in (1, 2, 3)] == [WIN, LOSS, None]


def test_a_board_changed_meanwhile_is_refused_and_nothing_changes(two):
    """B read board 1 empty, A has entered 1-0 since: B's ½-½ on board 1 is refused, and
    B's board 3 (in the same save) is not written either."""
    a, b, cid = two
    seen_b = b.load(cid)
    a.save_results(cid, 4, [board(a.load(cid), 4, 1, None, WIN)], actor=ADMIN, action="results")
    change = [board(seen_b, 4, 3, None, DRAW), board(seen_b, 4, 1, None, DRAW)]
    with Unchanged(a), pytest.raises(StaleWriteError) as refused:
        b.save_results(cid, 4, change, actor=ADMIN, action="results")
    assert refused.value.text("nl") == (
        "Bord 1 van ronde 4 is gewijzigd sinds je het opende; herlaad de pagina. "
        "Er is niets opgeslagen."
    )
    assert "changed since you opened it; reload" in refused.value.text("en")
    assert str(refused.value) == refused.value.text("nl")  # the default language
    # entering what A entered is no collision
    b.save_results(cid, 4, [board(seen_b, 4, 1, None, WIN)], actor=ADMIN, action="results")
    assert result(b, cid, 1) is WIN


def test_a_new_pairing_refuses_results_entered_on_the_old_one(two):
    """A late re-pairing replaced the boards: a result for the old board 1 is refused."""
    a, b, cid = two
    seen_b = b.load(cid)
    rnd = seen_b.round(4)
    swapped = replace(rnd, games=(Game(rnd.games[0].black, rnd.games[0].white), *rnd.games[1:]))
    a.save_round(cid, swapped, actor=ADMIN, action="late-repairing", read=rnd)
    with raises_in_english(StaleWriteError, "The pairing of round 4 changed"):
        b.save_results(cid, 4, [board(seen_b, 4, 1, None, WIN)], actor=ADMIN, action="results")


def test_a_round_written_from_a_stale_read_is_refused(two):
    """Publishing, attendance and undo carry the round as read: A changed round 4 since B
    read it, so B's whole-round write and B's undo are refused; with A's round they pass."""
    a, b, cid = two
    old = b.load(cid).round(4)
    newer = a.save_round(cid, replace(old, date="2025-01-07"), actor=ADMIN, action="edit", read=old)
    with raises_in_english(StaleWriteError, "Round 4 changed since you opened it"):
        b.save_round(cid, replace(old, date="2025-01-14"), actor=ADMIN, action="edit", read=old)
    with pytest.raises(StaleWriteError):
        b.delete_round(cid, 4, actor=ADMIN, read=old)
    assert b.load(cid).round(4).date == "2025-01-07"
    b.delete_round(cid, 4, actor=ADMIN, read=newer.round(4))
    assert [r.number for r in a.load(cid).rounds] == [1, 2, 3]
    # a new round that someone else created meanwhile (read: it was not there)
    a.save_round(cid, Round(4, present=("p01",)), actor=ADMIN, action="attendance", read=None)
    with pytest.raises(StaleWriteError):
        b.save_round(cid, Round(4, present=("p02",)), actor=ADMIN, action="attendance", read=None)


def test_player_edits_of_different_fields_merge_and_the_same_field_is_refused(two):
    """A sets p01's rating to 2001; B (form opened before) renames p01: both stay. C, also
    opened before, sets the rating to 1999: refused (A's 2001 stays)."""
    a, b, cid = two
    read = a.load(cid).player("p01")
    a.save_player(cid, replace(read, rating=2001), actor=ADMIN, read=read)
    b.save_player(cid, replace(read, name="Anna Nieuw"), actor=ADMIN, read=read)
    stored = a.load(cid).player("p01")
    assert (stored.name, stored.rating) == ("Anna Nieuw", 2001)
    with raises_in_english(StaleWriteError, "Player Anna Nieuw changed"):
        b.save_player(cid, replace(read, rating=1999), actor=ADMIN, read=read)
    assert a.load(cid).player("p01").rating == 2001
    # a new player under an id someone added meanwhile
    a.save_player(cid, Player("p77", "Eerste"), actor=ADMIN, read=None)
    with pytest.raises(StaleWriteError):
        b.save_player(cid, Player("p77", "Tweede"), actor=ADMIN, read=None)


def test_a_roster_import_keeps_the_rounds_and_merges_per_player(two):
    """Before the fix the CSV import saved the whole season as read: results entered
    meanwhile were lost. Now only the file's players are merged."""
    a, b, cid = two
    seen_b = b.load(cid)
    a.save_results(cid, 4, [board(a.load(cid), 4, 1, None, WIN)], actor=ADMIN, action="results")
    roster = {p.id: p for p in seen_b.players}
    b.save_players(cid, [replace(roster["p02"], rating=1234), Player("p50", "Nieuw")],
                   actor=ADMIN, action="import-players",
                   read={"p02": roster["p02"], "p50": None})  # fmt: skip
    after = a.load(cid)
    assert result(a, cid, 1) is WIN
    assert after.player("p02").rating == 1234 and after.player_ids[-1] == "p50"
    entry = a.log(cid, 1)[0]
    assert entry.action == "import-players"
    assert [p["id"] for p in entry.after] == ["p02", "p50"]


def test_rating_and_ruleset_changed_meanwhile_are_refused(two):
    a, b, cid = two
    seen = b.load(cid)
    a.save_rating(cid, RatingChange("p01", 5, 1900), actor=ADMIN, read=None)
    with raises_in_english(StaleWriteError, "rating change of Speler 1 from round 5"):
        b.save_rating(cid, RatingChange("p01", 5, 1950), actor=ADMIN, read=None)
    twelve = RulesetRef("keizer-classic", MappingProxyType({"display_decimals": 1}))
    a.set_ruleset(cid, twelve, actor=ADMIN, read=seen.ruleset)
    with raises_in_english(StaleWriteError, "The ruleset changed"):
        b.set_ruleset(cid, RulesetRef("keizer-classic"), actor=ADMIN, read=seen.ruleset)
    assert dict(a.load(cid).ruleset.overrides) == {"display_decimals": 1}


def test_correcting_a_finalized_round_needs_a_reason_which_is_logged(two):
    """Round 4 finalized with 1-0, ½-½, 0-1. Changing board 2 to 1-0 without a reason is
    refused (nothing changes); with one it is saved and the log keeps the reason. Entering
    results while the round is not finalized needs none."""
    repo, _, cid = two
    season = repo.load(cid)
    boards = [board(season, 4, n, None, r) for n, r in ((1, WIN), (2, DRAW), (3, LOSS))]
    repo.save_results(cid, 4, boards, actor=ADMIN, action="finalize-round", complete=True)
    finalized = repo.load(cid)
    correction = [board(finalized, 4, 2, DRAW, WIN)]
    with raises_in_english(ReasonRequiredError, "Round 4 was already finalized") as refused:
        repo.save_results(cid, 4, correction, actor=ADMIN, action="results")
    assert "geef een reden voor de correctie van bord 2" in refused.value.text("nl")
    assert repo.load(cid) == finalized
    repo.save_results(cid, 4, correction, actor=ADMIN, action="results", reason="scoresheet")
    assert result(repo, cid, 2) is WIN
    entry = repo.log(cid, 1)[0]
    assert entry.reason == "scoresheet"
    assert entry.before["games"][1]["result"] == "1/2-1/2"
    assert entry.after["games"][1]["result"] == "1-0"


def test_finalizing_needs_every_board(two):
    a, _, cid = two
    season = a.load(cid)
    with pytest.raises(IncompleteRoundError) as refused:
        a.save_results(cid, 4, [board(season, 4, 2, None, DRAW)], actor=ADMIN,
                       action="finalize-round", complete=True)  # fmt: skip
    assert refused.value.text("nl") == (
        "Nog geen uitslag op bord 1, 3: de ronde kan nog niet worden afgesloten."
    )
    assert a.load(cid) == season


def test_two_servers_writing_at_once_lose_nothing(open_again):
    """Three competitions, two stores (servers), four threads each: every thread adds its
    own players to one competition, one at a time, each write reading the season first.
    All 2 × 4 × 3 = 24 players are stored, 24 save-player entries logged, and the
    revision rose by exactly 24 (no write lost, none counted twice)."""
    first, second = open_again(), open_again()
    cids = [first.import_season(make_season(competition=f"c{i}"), actor=ADMIN) for i in range(3)]
    start = first.revision()
    errors: list[BaseException] = []

    def director(store: Repository, name: str) -> None:
        try:
            for i in range(3):
                cid = cids[i]
                store.save_player(cid, Player(f"{name}-{i}", f"Speler {name} {i}"), actor=ADMIN)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [
        threading.Thread(target=director, args=(store, f"s{s}t{t}"))
        for s, store in enumerate((first, second))
        for t in range(4)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    added = {p for cid in cids for p in second.load(cid).player_ids if "-" in p}
    assert len(added) == 24
    assert second.revision() == start + 24
    assert [e.action for e in first.log(None, 100)].count("save-player") == 24


def test_the_same_board_from_two_servers_at_once_is_stored_once(open_again):
    """Five directors on five stores (servers) enter five different results on board 1
    of round 4 at the same time, each from the same empty read: one result is stored, the
    four others are refused as stale (never "database in use"), and the log holds one
    result entry."""
    first = open_again()
    season = make_season(rounds=3, open_round=False)
    cid = first.import_season(season.with_round(published(season)), actor=ADMIN)
    stores = [first, open_again(), open_again(), open_again(), open_again()]
    seen = [store.load(cid) for store in stores]
    outcomes: list[str] = []
    gate = threading.Barrier(len(stores))

    def enter(n: int) -> None:
        gate.wait()
        new = FIVE[n]
        try:
            stores[n].save_results(
                cid, 4, [board(seen[n], 4, 1, None, new)], actor=ADMIN, action="results"
            )
            outcomes.append("stored")
        except StaleWriteError:
            outcomes.append("stale")
        except BaseException as exc:  # pragma: no cover - reported below
            outcomes.append(repr(exc))

    threads = [threading.Thread(target=enter, args=(n,)) for n in range(len(stores))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["stale"] * 4 + ["stored"]
    assert result(first, cid, 1) in FIVE
    assert [e.action for e in first.log(cid, 10)].count("results") == 1
