"""Changes to a published round before it is finalized (issue 9, item 4), and the proposal
kept in the database (item 6a), through the services over both repositories.

The hand-worked season (Keizer, KC-6: no rematch within 15 rounds): six players a-f.
Round 1: a-b 1-0, c-d ½, e-f 1-0 (so a-b, c-d and e-f may not meet again).
Round 2 is published: board 1 a-c already has 1-0, board 2 b-d is still being played,
e has the bye, f signed off (absent).
"""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from compcore.adapters.store import Store
from compcore.domain.errors import PairingError, ReasonRequiredError, StaleWriteError
from compcore.domain.model import Kind, Result, Season
from compcore.ports.actors import Administrator
from compcore.rules.changes import BoardResult
from compcore.services import drafts
from compcore.services import published as pb
from compcore.services import round as rs
from tests.adapters.store.test_store_support import older_database
from tests.builders import load, raises_in_english
from tests.fakes import MemoryStore

ADMIN = Administrator("tests")
PLAYED = ("a", "c", Result.WHITE_WINS)


def season() -> Season:
    return load("keizer-classic", "a b c d e f", [
        "a-b 1-0, c-d =, e-f 1-0",
        {"games": "a-c 1-0, b-d, e bye, f absent"},
    ])[0]  # fmt: skip


@pytest.fixture(params=["memory", "duckdb"])
def repo(request, tmp_path: Path) -> tuple[MemoryStore | Store, int]:
    store = MemoryStore() if request.param == "memory" else Store(tmp_path / "club.duckdb")
    return store, store.import_season(season(), actor=ADMIN)


def boards(rnd) -> list[tuple[str, str, Result | None]]:
    return [(g.white, g.black, g.result) for g in rnd.games]


# --------------------------------------------------------------------------- who is where


def test_who_is_free_late_leaving_or_movable():
    """e has the bye (free); f is absent (may still come); b, d (board 2) and e may leave;
    only b and d sit at a board without a result."""
    s = season()
    rnd, ruleset = s.round(2), load("keizer-classic", "a")[1]
    assert pb.free_players(s, ruleset, rnd) == ["e"]
    assert pb.latecomers(s, rnd) == ["f"]
    assert pb.leavers(s, rnd) == ["b", "d", "e"]
    assert pb.movable(s, rnd) == ["b", "d"]


def test_only_a_published_round_that_is_not_finalized_changes():
    """Round 1 has every result (finalized: locked); a round 3 does not exist."""
    s = season()
    with raises_in_english(PairingError, "round 1.*finalized"):
        pb.late_bye(s, load("keizer-classic", "a")[1], 1, "f")
    with raises_in_english(PairingError, "not been published"):
        pb.swap_colours(s, 3, 1)


# --------------------------------------------------------------------------- a latecomer


def test_a_latecomer_plays_the_bye_and_a_broken_rule_needs_a_reason(repo):
    """f comes late and plays e, who had the bye: a third board e-f, both entries gone,
    boards 1 and 2 untouched. e and f met in round 1, so KC-6 breaks: without a reason the
    save is refused and nothing changes; with one the new board carries it."""
    store, cid = repo
    s, ruleset = store.load(cid), store.ruleset(cid)
    change = pb.late_paired(s, ruleset, 2, "f", "e")
    assert boards(change.round) == [PLAYED, ("b", "d", None), ("e", "f", None)]
    assert dict(change.round.entries) == {}
    assert [v.reason.rule for v in pb.check(s, ruleset, change)] == ["KC-6"]
    with raises_in_english(ReasonRequiredError, "give a reason"):
        pb.save(store, cid, change, reason=" ", actor=ADMIN)
    assert store.load(cid) == s
    saved = pb.save(store, cid, change, reason="laat, afgesproken", actor=ADMIN).round(2)
    assert [g.override for g in saved.games] == [None, None, "laat, afgesproken"]
    entry = store.log(cid, 1)[0]
    assert (entry.action, entry.reason) == ("late-paired", "laat, afgesproken")


def test_the_form_offers_a_latecomer_a_board_that_breaks_no_rule_first():
    """Issue 22 item 3: f comes late and e has the bye. In the hand-worked season e and f
    met in round 1 (e-f 1-0), so e-f breaks KC-6 and the form's first offer is the bye
    (keizer-classic scores it) instead. When they had not met (round 1 c-e, d-f), e-f
    breaks nothing and is offered first."""
    s, ruleset = season(), load("keizer-classic", "a")[1]
    assert pb.late_default(s, ruleset, 2, "f", ["e"]) == "bye"
    other = load("keizer-classic", "a b c d e f", [
        "a-b 1-0, c-e =, d-f 1-0",
        {"games": "a-c 1-0, b-d, e bye, f absent"},
    ])[0]  # fmt: skip
    assert pb.late_default(other, ruleset, 2, "f", ["e"]) == "pair:e"


def test_a_latecomer_gets_the_bye_himself(repo):
    """Keizer scores a bye: f's entry becomes bye (e keeps his); no board changes, no rule
    breaks, logged as late-bye."""
    store, cid = repo
    s, ruleset = store.load(cid), store.ruleset(cid)
    change = pb.late_bye(s, ruleset, 2, "f")
    assert pb.check(s, ruleset, change) == []
    saved = pb.save(store, cid, change, reason=None, actor=ADMIN).round(2)
    assert boards(saved) == [PLAYED, ("b", "d", None)]
    assert dict(saved.entries) == {"e": Kind.BYE, "f": Kind.BYE}
    assert store.log(cid, 1)[0].action == "late-bye"


def test_a_latecomer_and_the_boards_without_a_result_are_paired_again(repo):
    """f comes: b, d (board 2), e (bye) and f are paired again by the engine; board 1 with
    its result stays. Four players make two boards, nobody sits out, and e-f (met in round
    1, KC-6) is not one of them, so the check finds nothing."""
    store, cid = repo
    s, ruleset = store.load(cid), store.ruleset(cid)
    change = pb.late_repaired(s, ruleset, 2, "f")
    games = change.round.games
    assert boards(change.round)[0] == PLAYED and len(games) == 3
    assert sorted(p for g in games[1:] for p in g.players) == ["b", "d", "e", "f"]
    assert {"e", "f"} not in [set(g.players) for g in games[1:]]
    assert dict(change.round.entries) == {} and pb.check(s, ruleset, change) == []
    pb.save(store, cid, change, reason=None, actor=ADMIN)
    assert store.load(cid).round(2) == change.round
    assert store.log(cid, 1)[0].action == "late-repaired"


def test_only_an_absent_player_is_a_latecomer_and_only_a_free_one_a_partner():
    s = season()
    ruleset = load("keizer-classic", "a")[1]
    with raises_in_english(PairingError, "'b' is paired"):
        pb.late_bye(s, ruleset, 2, "b")
    with raises_in_english(PairingError, "'d' is not free"):
        pb.late_paired(s, ruleset, 2, "f", "d")


# --------------------------------------------------------------------------- a leaver


def test_a_player_leaves_and_his_opponent_gets_the_bye(repo):
    """b leaves before playing: board 2 is dissolved, b gets Keizer's absent kind
    (``absent``), d the bye; board 1 stays; logged as player-left."""
    store, cid = repo
    s, ruleset = store.load(cid), store.ruleset(cid)
    change = pb.player_left(s, ruleset, 2, "b")
    saved = pb.save(store, cid, change, reason=None, actor=ADMIN).round(2)
    assert boards(saved) == [PLAYED]
    assert dict(saved.entries) == {"e": Kind.BYE, "f": Kind.ABSENT, "b": Kind.ABSENT,
                                   "d": Kind.BYE}  # fmt: skip
    assert store.log(cid, 1)[0].action == "player-left"


def test_a_player_leaves_and_his_opponent_plays_the_bye():
    """b leaves; the director pairs d with e (who had the bye): d and e never met, so no
    rule breaks; e's bye is gone."""
    s = season()
    ruleset = load("keizer-classic", "a")[1]
    change = pb.player_left(s, ruleset, 2, "b", partner="e")
    assert [set(g.players) for g in change.round.games] == [{"a", "c"}, {"d", "e"}]
    assert dict(change.round.entries) == {"f": Kind.ABSENT, "b": Kind.ABSENT}
    assert pb.check(s, ruleset, change) == []


# --------------------------------------------------------------------------- by hand


def test_a_board_changed_by_hand(repo):
    """Board 2 b-d becomes d-b; board 1 has a result and cannot be touched (neither its
    colours nor its players); exchanging b and d gives the same d-b."""
    store, cid = repo
    s = store.load(cid)
    change = pb.swap_colours(s, 2, 2)
    assert boards(change.round) == [PLAYED, ("d", "b", None)]
    assert change.round.games[1].reason == rs.DIRECTOR_REASON
    assert boards(pb.exchange(s, 2, "b", "d").round) == boards(change.round)
    with raises_in_english(PairingError, "board 1 has a result"):
        pb.swap_colours(s, 2, 1)
    with raises_in_english(PairingError, "'a' is not on a board without a result"):
        pb.exchange(s, 2, "a", "d")
    pb.save(store, cid, change, reason=None, actor=ADMIN)
    assert store.log(cid, 1)[0].action == "board-by-hand"


def test_a_change_to_a_round_changed_meanwhile_is_refused(repo):
    """Director 1 prepares 'b leaves'; director 2 enters 0-1 on board 2 meanwhile. Director
    1's save is refused (changed since you opened it) and round 2 keeps director 2's result."""
    store, cid = repo
    s, ruleset = store.load(cid), store.ruleset(cid)
    change = pb.player_left(s, ruleset, 2, "b")
    store.save_results(cid, 2, [BoardResult(2, "b", "d", None, Result.BLACK_WINS)],
                       actor=ADMIN, action="results")  # fmt: skip
    after = store.load(cid)
    with raises_in_english(StaleWriteError, "Round 2 changed since you opened it"):
        pb.save(store, cid, change, reason=None, actor=ADMIN)
    assert store.load(cid) == after


# --------------------------------------------------------------------------- drafts


def small_draft(store, cid: int) -> rs.Draft:
    """A round-3 proposal of the six players (round 2 finished first), with one edit."""
    store.save_results(cid, 2, [BoardResult(2, "b", "d", None, Result.DRAW)], actor=ADMIN,
                       action="results", complete=True)  # fmt: skip
    rnd = rs.open_round(3, {p: rs.PRESENT for p in "abcdef"}, [], date=None, cycle=None,
                        previous=None)  # fmt: skip
    draft = rs.take_attendance(store, cid, rnd, actor=ADMIN, read=None, pair_now=True).draft
    assert draft is not None
    draft.swap_colours(0)
    return draft


def test_a_draft_round_trips_through_its_json_form(repo):
    """The proposal with its reasons, the edit and the round it was made from come back
    equal; another director's save in between is refused (the draft stays as he saved it);
    discarding deletes it."""
    store, cid = repo
    draft = small_draft(store, cid)
    version = drafts.save(store, cid, draft, actor=ADMIN, read=None)
    back = drafts.restore(store, store.load(cid), cid, 3)
    assert back is not None and not back.stale and back.version == version
    assert back.draft == draft and back.draft.edited() and back.saved_by == ADMIN.label
    with raises_in_english(StaleWriteError, "The draft of round 3 changed since you opened"):
        drafts.save(store, cid, draft.reset(), actor=ADMIN, read=None)
    newer = drafts.save(store, cid, draft.reset(), actor=ADMIN, read=version)
    assert newer != version and not drafts.restore(store, store.load(cid), cid, 3).draft.edited()
    drafts.discard(store, cid, 3, actor=ADMIN)
    assert drafts.restore(store, store.load(cid), cid, 3) is None


def test_a_draft_of_a_changed_round_is_stale_and_publishing_deletes_it(repo):
    """The attendance of round 3 changes after the proposal (f signs off): the stored draft
    is stale. A fresh proposal, published through drafts.publish, leaves no draft behind."""
    store, cid = repo
    draft = small_draft(store, cid)
    drafts.save(store, cid, draft, actor=ADMIN, read=None)
    opened = store.load(cid).round(3)
    changed = rs.open_round(3, {**{p: rs.PRESENT for p in "abcde"}, "f": "absent"}, [],
                            date=None, cycle=None, previous=opened)  # fmt: skip
    fresh = rs.take_attendance(store, cid, changed, actor=ADMIN, read=opened, pair_now=True)
    assert drafts.restore(store, fresh.season, cid, 3).stale
    version = drafts.restore(store, fresh.season, cid, 3).version
    drafts.save(store, cid, fresh.draft, actor=ADMIN, read=version)
    drafts.publish(store, cid, fresh.draft, reason=None, actor=ADMIN)
    assert drafts.restore(store, store.load(cid), cid, 3) is None


def test_deleting_a_competition_deletes_its_drafts(repo):
    store, cid = repo
    drafts.save(store, cid, small_draft(store, cid), actor=ADMIN, read=None)
    store.delete_competition(cid, actor=ADMIN)
    assert store.load_draft(cid, 3) is None


def test_an_older_database_gets_the_drafts_table(tmp_path):
    """A database made before migration 7 (version 6) gets the drafts table when this code
    opens it; its season is kept."""
    full, path = tmp_path / "full.duckdb", tmp_path / "old.duckdb"
    cid = Store(full).import_season(season(), actor=ADMIN)
    older_database(full, path, 6)
    with duckdb.connect(str(path)) as con:
        rows = con.execute("SELECT table_name FROM information_schema.tables").fetchall()
    tables = {t for (t,) in rows}
    assert "drafts" not in tables
    store = Store(path)
    assert store.load(cid) == season() and store.load_draft(cid, 2) is None
