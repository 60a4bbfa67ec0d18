"""Issue 22 item 1: results entered a tap (or a key) per board, kept as the round's results
draft until saved (``compcore.services.result_entry``), on the fake and the DuckDB store."""

from __future__ import annotations

import pytest

from compcore.adapters.store import Store
from compcore.domain.errors import IncompleteRoundError, SeasonError, StaleWriteError
from compcore.domain.model import Result
from compcore.ports.actors import Administrator
from compcore.rules.changes import BoardResult
from compcore.services import result_entry as entry
from compcore.services import results
from tests.builders import load, raises_in_english
from tests.fakes import MemoryStore

ADMIN = Administrator("tests")
WIN, LOSS, DRAW = Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW
FWIN, FLOSS, FBOTH = Result.WHITE_FORFEIT_WIN, Result.BLACK_FORFEIT_WIN, Result.DOUBLE_FORFEIT

#: round 1 played; round 2 published with three boards, board 2 already 1-0
ROUNDS = ["a-b 1-0, c-d 1-0, e-f =", "a-c, b-e 1-0, d-f"]


@pytest.fixture(params=["memory", "duckdb"])
def published(request, tmp_path):
    season, _ = load("keizer-classic", "a b c d e f", ROUNDS)
    store = MemoryStore() if request.param == "memory" else Store(tmp_path / "club.duckdb")
    cid = store.import_season(season, actor=ADMIN)
    return store, cid


def rnd(store, cid):
    return store.load(cid).round(2)


def test_the_keyboard_line_is_one_sign_per_board():
    """``1=.`` on three boards: board 1 1-0, board 2 remise, board 3 left; ``+ - x``
    are the three forfeits; spaces and capitals do not count."""
    three, _ = load("keizer-classic", "a b c d e f", ["a-b, c-d, e-f"])
    r = three.round(1)
    assert entry.quick_entry("1=.", r) == {0: WIN, 1: DRAW}
    assert entry.quick_entry(" + - X ", r) == {0: FWIN, 1: FLOSS, 2: FBOTH}
    assert entry.quick_entry("0½R", r) == {0: LOSS, 1: DRAW, 2: DRAW}
    with raises_in_english(entry.QuickEntryError, "4 signs for 3 boards"):
        entry.quick_entry("1111", r)
    with raises_in_english(entry.QuickEntryError, "board 2: '7' is not a result"):
        entry.quick_entry("17", r)


def test_taps_are_kept_and_shown_but_not_stored_until_saved(published):
    """Board 1 1-0 and board 3 0-1 tapped: the draft holds both, the round neither; a tap
    on board 2 of what it holds (1-0) is no entry; clearing board 3 drops its entry."""
    store, cid = published
    r = rnd(store, cid)
    entry.enter(store, cid, r, {0: WIN}, seen={0: None}, actor=ADMIN)
    entry.enter(store, cid, r, {2: LOSS, 1: WIN}, seen={2: None, 1: WIN}, actor=ADMIN)
    applied = entry.apply(rnd(store, cid), entry.entered(store, cid, 2))
    assert applied.shown == {0: WIN, 2: LOSS}
    assert [(e.board, e.read, e.new) for e in applied.pending] == [(1, None, WIN), (3, None, LOSS)]
    assert [g.result for g in rnd(store, cid).games] == [None, WIN, None]  # not yet stored
    entry.enter(store, cid, r, {2: None}, seen={2: LOSS}, actor=ADMIN)
    assert [e.board for e in entry.entered(store, cid, 2).entries] == [1]


def test_a_tap_is_refused_when_its_board_changed_since_the_screen_showed_it(published):
    """Two devices: the first enters ½-½ on board 1; the second, whose screen still shows
    board 1 empty, taps 0-1 there: refused, the first's entry stays. His tap on board 3,
    which nobody touched, is kept beside it."""
    store, cid = published
    r = rnd(store, cid)
    entry.enter(store, cid, r, {0: DRAW}, seen={0: None}, actor=ADMIN)
    with raises_in_english(StaleWriteError, "Board 1 of round 2"):
        entry.enter(store, cid, r, {0: LOSS}, seen={0: None}, actor=ADMIN)
    entry.enter(store, cid, r, {2: WIN}, seen={2: None}, actor=ADMIN)
    kept = entry.entered(store, cid, 2).entries
    assert [(e.board, e.new) for e in kept] == [(1, DRAW), (3, WIN)]


def test_saving_stores_the_entries_and_empties_the_draft(published):
    store, cid = published
    r = rnd(store, cid)
    entry.enter(store, cid, r, {0: WIN, 2: FBOTH}, seen={}, actor=ADMIN)
    draft = entry.entered(store, cid, 2)
    pending = entry.apply(r, draft).pending
    entry.save(store, cid, 2, draft, pending, finalize=False, actor=ADMIN)
    assert [g.result for g in rnd(store, cid).games] == [WIN, WIN, FBOTH]
    assert entry.entered(store, cid, 2).entries == ()
    assert not rnd(store, cid).finalized


def test_finalizing_with_a_board_left_is_refused_and_keeps_the_draft(published):
    store, cid = published
    r = rnd(store, cid)
    entry.enter(store, cid, r, {0: WIN}, seen={}, actor=ADMIN)
    draft = entry.entered(store, cid, 2)
    with pytest.raises(IncompleteRoundError):
        entry.save(store, cid, 2, draft, entry.apply(r, draft).pending, finalize=True,
                   actor=ADMIN)  # fmt: skip
    assert [g.result for g in rnd(store, cid).games] == [None, WIN, None]
    assert entry.entered(store, cid, 2).entries == draft.entries


def test_an_entry_made_meanwhile_on_another_device_survives_a_save(published):
    """Device 1 read the draft with board 1; device 2 then adds board 3; device 1 saves
    what it read: board 1 is stored, board 3 stays entered for the next save."""
    store, cid = published
    r = rnd(store, cid)
    entry.enter(store, cid, r, {0: WIN}, seen={}, actor=ADMIN)
    read = entry.entered(store, cid, 2)
    entry.enter(store, cid, r, {2: DRAW}, seen={}, actor=ADMIN)
    entry.save(store, cid, 2, read, entry.apply(r, read).pending, finalize=False, actor=ADMIN)
    now = rnd(store, cid)
    assert [g.result for g in now.games] == [WIN, WIN, None]
    applied = entry.apply(now, entry.entered(store, cid, 2))
    assert [(e.board, e.new) for e in applied.pending] == [(3, DRAW)]  # board 1: done


def test_an_entry_whose_board_was_stored_otherwise_is_a_conflict(published):
    """Board 1 entered ½-½ from an empty board; then 1-0 is stored there (another way):
    the entry is a conflict (shown with what is stored now), not pending; one stored as
    entered is simply done."""
    store, cid = published
    r = rnd(store, cid)
    entry.enter(store, cid, r, {0: DRAW, 2: LOSS}, seen={}, actor=ADMIN)
    a, c = r.games[0], r.games[2]
    results.save_results(store, cid, 2, [BoardResult(1, a.white, a.black, None, WIN),
                         BoardResult(3, c.white, c.black, None, LOSS)], finalize=False,
                         reason=None, actor=ADMIN)  # fmt: skip
    applied = entry.apply(rnd(store, cid), entry.entered(store, cid, 2))
    assert applied.pending == () and applied.shown == {}
    assert [(e.board, e.read, e.new) for e in applied.conflicts] == [(1, WIN, DRAW)]


def test_a_repaired_board_makes_the_entry_a_conflict():
    season, _ = load("keizer-classic", "a b c d", ["a-b, c-d"])
    old = entry.Entered((BoardResult(1, "a", "c", None, WIN),))
    applied = entry.apply(season.round(1), old)  # board 1 is a-b now
    assert applied.conflicts == old.entries and applied.pending == ()


def test_an_unreadable_draft_says_so():
    with raises_in_english(SeasonError, "draft"):
        entry.from_data({"format": "something else"})
