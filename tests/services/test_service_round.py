"""The round workflow as a service (``compcore.services.round``) over the in-memory
repository: no Streamlit, no database file. Also the rules that moved out of the pages
(cycle of a new round, the finished cup, the current season, the newest competition, the
decision kinds) and the change log in words."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest

import compcore.pairing
from compcore.adapters.access import auth
from compcore.awards.winners import decision_kinds
from compcore.domain.errors import (
    NotAuthorized,
    PairingError,
    ReasonRequiredError,
    StaleWriteError,
)
from compcore.domain.model import Kind, Result
from compcore.ports.actors import Administrator
from compcore.ports.repository import Repository
from compcore.ports.values import CompetitionInfo
from compcore.rules.rulesets import load_ruleset, ruleset_of
from compcore.scoring.standings import standings
from compcore.services import changelog, competitions, results
from compcore.services import round as rs
from tests.app.test_app_support import small_seasons
from tests.builders import load, raises_in_english
from tests.fakes import MemoryStore
from tests.unit.formats.test_cup import BARRAGE, ROUNDS, cup_players

ADMIN = Administrator("tests")


@pytest.fixture
def repo() -> tuple[MemoryStore, int]:
    """The A/B ladder of the app tests (8 players, rounds 1-3 complete) in memory."""
    store = MemoryStore()
    return store, store.import_season(small_seasons()[1], actor=ADMIN)


def attendance_of(season, number: int, absent: str) -> dict[str, str]:
    options = rs.attendance_kinds(ruleset_of(season))
    choices = {p.id: rs.default_choice(p, None, options) for p in rs.listed_players(season, number)}
    return {**choices, absent: Kind.ABSENT.value}


def test_the_memory_store_is_a_repository():
    """Both implementations have every method of the protocol (checked at run time)."""
    from compcore.adapters.store import Store

    wanted = {n for n in dir(Repository) if not n.startswith("_")}
    assert wanted <= set(dir(MemoryStore)) and wanted <= set(dir(Store))


def test_the_evening_through_the_service(repo):
    """Round 4 of the A/B ladder: p08 signs off, seven present; the pairing gives three
    boards and a bye. Results go in two saves, the round is finalized, a correction needs a
    reason, then undo. The stage moves new -> open -> published -> complete."""
    store, cid = repo
    season = store.load(cid)
    assert rs.stage(season, 4) == "new" and rs.round_choices(season, store.ruleset(cid)) == [
        1, 2, 3, 4]  # fmt: skip
    rnd = rs.open_round(4, attendance_of(season, 4, "p08"), [], date="2025-01-07", cycle=0,
                        previous=None)  # fmt: skip
    taken = rs.take_attendance(store, cid, rnd, actor=ADMIN, read=None, pair_now=True)
    assert rs.stage(taken.season, 4) == "open" and taken.draft is not None
    assert taken.draft.read == taken.season.round(4)
    assert len(taken.draft.boards) == 3 and len(taken.draft.sitters) == 1  # 7 present: a bye

    published = rs.publish(store, cid, taken.draft, reason=None, actor=ADMIN)
    rnd = published.round(4)
    assert rs.stage(published, 4) == "published" and all(g.result is None for g in rnd.games)

    shown = {i: "" for i in range(3)}
    first = results.changed_boards(rnd, {**shown, 0: "1-0"}, shown)
    assert [(b.board, b.read, b.new) for b in first] == [(1, None, Result.WHITE_WINS)]
    results.save_results(store, cid, 4, first, finalize=False, reason=None, actor=ADMIN)
    rest = results.changed_boards(rnd, {**shown, 1: "1/2-1/2", 2: "0-1"}, shown)
    done = results.save_results(store, cid, 4, rest, finalize=True, reason=None, actor=ADMIN)
    assert [g.result.value for g in done.round(4).games] == ["1-0", "1/2-1/2", "0-1"]
    assert rs.stage(done, 4) == "complete" and results.needs_correction_reason(done, 4)

    fix = results.changed_boards(done.round(4), {0: "0-1"}, {0: "1-0"})
    with pytest.raises(ReasonRequiredError):
        results.save_results(store, cid, 4, fix, finalize=False, reason="  ", actor=ADMIN)
    results.save_results(store, cid, 4, fix, finalize=False, reason="wit gaf op", actor=ADMIN)
    assert store.log(cid, 1)[0].reason == "wit gaf op"

    assert (
        results.undo_target(store.load(cid), 5) == 4
        and results.undo_target(store.load(cid), 3) is None
    )
    removed = results.undo(store, cid, 4, read=store.load(cid).round(4), actor=ADMIN)
    assert removed.number == 4 and store.load(cid) == season
    assert [e.action for e in store.log(cid)][:6] == [
        "undo-round", "results", "finalize-round", "results", "publish-round", "attendance"]  # fmt: skip


def test_publishing_after_the_attendance_changed_is_refused(repo):
    """Director A pairs; director B then marks p01 absent too. A's proposal was made from
    the old attendance, so publishing it is refused (and nothing is published)."""
    store, cid = repo
    season = store.load(cid)
    rnd = rs.open_round(4, attendance_of(season, 4, "p08"), [], date=None, cycle=0,
                        previous=None)  # fmt: skip
    draft = rs.take_attendance(store, cid, rnd, actor=ADMIN, read=None, pair_now=True).draft
    opened = store.load(cid).round(4)
    other = rs.open_round(4, {**attendance_of(season, 4, "p08"), "p01": "absent"}, [],
                          date=None, cycle=0, previous=opened)  # fmt: skip
    rs.take_attendance(store, cid, other, actor=ADMIN, read=opened)
    with raises_in_english(StaleWriteError, "Round 4 changed since you opened it"):
        rs.publish(store, cid, draft, reason=None, actor=ADMIN)
    assert store.load(cid).round(4).is_open


def test_a_rule_breaking_edit_needs_a_reason(repo):
    """Exchanging two players of different boards so that a hard rule breaks (the first
    such exchange check_round finds):
    without a reason publishing is refused; with one the boards carry it as override."""
    store, cid = repo
    season = store.load(cid)
    rnd = rs.open_round(4, attendance_of(season, 4, "p08"), [], date=None, cycle=0,
                        previous=None)  # fmt: skip
    draft = rs.take_attendance(store, cid, rnd, actor=ADMIN, read=None, pair_now=True).draft
    season, ruleset = store.load(cid), store.ruleset(cid)
    movable = draft.movable(set())
    opponents = {frozenset(board) for board in draft.boards}  # exchanging them swaps colours
    pairs = [(a, b) for i, a in enumerate(movable) for b in movable[i + 1 :]
             if frozenset((a, b)) not in opponents]  # fmt: skip
    for a, b in pairs:
        draft.exchange(a, b)
        if rs.needs_override(rs.check(season, ruleset, draft)):
            break
        draft.exchange(a, b)  # back
    else:
        pytest.fail("no exchange breaks a rule")
    with raises_in_english(ReasonRequiredError, "give a reason"):
        rs.publish(store, cid, draft, reason="", actor=ADMIN)
    assert store.load(cid).round(4).is_open
    games = rs.publish(store, cid, draft, reason="afgesproken", actor=ADMIN).round(4).games
    assert any(g.override == "afgesproken" and g.reason == rs.DIRECTOR_REASON for g in games)
    assert store.log(cid, 1)[0].reason == "afgesproken"


def test_a_pairing_error_keeps_the_attendance(repo, monkeypatch):
    def fail(season, ruleset, *, standings=None):
        raise PairingError("no legal pairing exists (test)")

    monkeypatch.setattr(compcore.pairing, "pair", fail)
    store, cid = repo
    rnd = rs.open_round(4, attendance_of(store.load(cid), 4, "p08"), [], date=None, cycle=0,
                        previous=None)  # fmt: skip
    taken = rs.take_attendance(store, cid, rnd, actor=ADMIN, read=None, pair_now=True)
    assert taken.draft is None and "no legal pairing" in str(taken.pairing_error)
    assert store.load(cid).round(4).is_open


def test_late_repairing_through_the_service():
    """DS-14 on the Keizer ladder: p09 signs off, eight humans play four boards (the engine
    is not needed). Board 1's white and board 2's black do not come: their two opponents
    are re-paired against each other, the no-shows get absent-unexcused."""
    store = MemoryStore()
    cid = store.import_season(small_seasons()[0], actor=ADMIN)
    season = store.load(cid)
    rnd = rs.open_round(4, attendance_of(season, 4, "p09"), [], date=None, cycle=0,
                        previous=None)  # fmt: skip
    draft = rs.take_attendance(store, cid, rnd, actor=ADMIN, read=None, pair_now=True).draft
    published = rs.publish(store, cid, draft, reason=None, actor=ADMIN)
    games = published.round(4).games
    assert len(games) == 4 and len(rs.late_candidates(published, published.round(4))) == 8
    no_shows = [games[0].white, games[1].black]
    late = rs.propose_late(published, store.ruleset(cid), 4, no_shows, engine_away=False)
    assert late.late and late.read == published.round(4)
    rs.publish(store, cid, late, reason=None, actor=ADMIN)
    repaired = store.load(cid).round(4)
    assert all(repaired.entries[p] is Kind.ABSENT_UNEXCUSED for p in no_shows)
    assert {games[0].black, games[1].white} in [set(g.players) for g in repaired.games]
    assert store.log(cid, 1)[0].action == "late-repairing"


def test_writes_need_a_director():
    """The service writes through the repository, which refuses anyone but a valid
    director or the administrator."""
    store = MemoryStore(director_hash=auth.hash_password("x", iterations=1_000))
    cid = store.import_season(small_seasons()[1], actor=ADMIN)
    rnd = rs.open_round(4, {"p01": "present"}, [], date=None, cycle=0, previous=None)
    forged = auth.Director("director", datetime.now(UTC), "00", "f" * 64)
    for actor in (None, "director", forged):
        with pytest.raises(NotAuthorized):
            rs.take_attendance(store, cid, rnd, actor=actor, read=None)
    director = auth.login("x", store.director_hash)
    rs.take_attendance(store, cid, rnd, actor=director, read=None)
    assert store.log(cid, 1)[0].actor == "director:director"


# --------------------------------------------------------------------------- moved rules


def test_the_cycle_of_a_round():
    """Three rounds per cycle: a new round 4 is in cycle 1 (0-based: rounds 1-3 are cycle
    0). A stored round keeps the cycle it was stored with (round 3 stored as cycle 1)."""
    season, ruleset = load("dubbelschaak", "a b c d", [
        "a-b 1-0, c-d =", "a-c 1-0, b-d =", {"games": "a-d 1-0, b-c =", "cycle": 1},
    ], overrides={"rounds_per_cycle": 3})  # fmt: skip
    assert rs.round_cycle(season, ruleset, 2) == 0
    assert rs.round_cycle(season, ruleset, 3) == 1  # as stored
    assert rs.round_cycle(season, ruleset, 4) == 1  # from the ruleset
    assert rs.round_cycle(season, ruleset, 7) == 2


def test_no_new_round_once_the_cup_is_over():
    """MG-7: the cup of test_cup is decided in round 3 (one player left): the rounds to
    choose are 1-3 only. Two rounds in, round 3 is still offered."""
    season, ruleset = load("magnus-cup", cup_players(), ROUNDS, decisions=BARRAGE)
    assert rs.finished_cup(season, ruleset).winner == "c4"
    assert rs.round_choices(season, ruleset) == [1, 2, 3]
    early, _ = load("magnus-cup", cup_players(), ROUNDS[:2], decisions=BARRAGE)
    assert rs.finished_cup(early, ruleset) is None
    assert rs.round_choices(early, ruleset) == [1, 2, 3]


def info(cid: int, club: str, season: str, name: str = "intern") -> CompetitionInfo:
    return CompetitionInfo(cid, club, season, name, "keizer-classic", 0, 10)


def test_current_season_and_where_a_fresh_visitor_lands():
    """Club A has 2023-2024 (id 1) and 2024-2025 (ids 2, 5); club B has 2025-2026 (id 3)
    and 2024-2025 (id 4). Current: A's 2024-2025 and B's 2025-2026; the newest season
    overall is 2025-2026, so a visitor lands on id 3, not on the oldest (id 1)."""
    infos = [info(1, "A", "2023-2024"), info(2, "A", "2024-2025"), info(5, "A", "2024-2025", "b"),
             info(3, "B", "2025-2026"), info(4, "B", "2024-2025")]  # fmt: skip
    assert [i.id for i in competitions.current(infos)] == [2, 5, 3]
    assert [i.id for i in competitions.older(infos)] == [1, 4]
    assert competitions.default_competition(infos) == 3
    # the same season twice: the one added last
    assert competitions.default_competition(infos[:3]) == 5
    assert competitions.default_competition([]) is None


@pytest.mark.parametrize(
    ("preset", "kinds"),
    [
        ("dubbelschaak", ["playoff-winner", "playoff-unavailable"]),  # DS-19, DS-20
        ("ladder-ab", ["playoff-winner"]),  # LA-11
        ("magnus-cup", ["playoff-winner", "barrage-winner"]),  # MG-8
    ],
)
def test_decision_kinds(preset, kinds):
    assert decision_kinds(load_ruleset(preset)) == kinds


def test_the_change_log_in_words():
    """Round 4's board 1 result (1-0 -> 0-1), a published pairing, a player's rating and
    a new override, in Dutch and English, with names for ids."""
    names = {"p1": "Anna", "p2": "Bram", "p3": "Cees", "p4": "Dirk"}
    games = [{"white": "p1", "black": "p2", "result": "1-0"}, {"white": "p3", "black": "p4"}]
    played = {"round": 4, "present": ["p1", "p2", "p3", "p4"], "games": games}
    fixed = replace_board(played, 0, "0-1")
    assert changelog.describe(played, fixed, "nl", names) == "ronde 4 · bord 1 · uitslag: 1-0 → 0-1"
    assert changelog.describe(played, fixed, "en", names) == "round 4 · board 1 · result: 1-0 → 0-1"
    opened = {"round": 4, "present": ["p1", "p2", "p3", "p4"]}
    assert changelog.describe(opened, played, "nl", names) == (
        "ronde 4 · indeling: – → Anna – Bram 1-0, Cees – Dirk"
    )
    player = {"id": "p1", "name": "Anna", "rating": 1800}
    assert changelog.describe(player, {**player, "rating": 1850}, "nl", names) == (
        "speler Anna · rating: 1800 → 1850"
    )
    ruleset = {"preset": "dubbelschaak", "overrides": {}}
    assert changelog.describe(ruleset, {**ruleset, "overrides": {"rounds_per_cycle": 12}},
                              "nl") == "afwijkingen van het reglement · rounds_per_cycle: – → 12"  # fmt: skip
    assert changelog.describe(None, opened, "nl", names) == "ronde 4: toegevoegd"
    many = [{"id": f"p{i}", "name": f"N{i}"} for i in range(10)]
    assert changelog.describe([], many, "en").endswith("… and 4 more")


def replace_board(rnd: dict, index: int, result: str) -> dict:
    games = [dict(g) for g in rnd["games"]]
    games[index]["result"] = result
    return {**rnd, "games": games}


def test_the_player_form_offers_the_flags_the_ruleset_reads() -> None:
    """The flags offered: in use, plus what the ruleset reads. magnus-cup reads MG-7's
    entrant flags ``cup`` and ``senior``; dubbelschaak reads DS-9's ``engine-opt-in``;
    ladder-ab reads LA-3's ``own-level-only``. A player flagged ``youth`` adds that one."""
    from compcore.domain.model import Player, RulesetRef, Season
    from compcore.rules.rulesets import load_ruleset
    from compcore.services.players import offered_flags

    def season(preset: str) -> Season:
        return Season(club="c", season="s", competition="x", ruleset=RulesetRef(preset),
                      players=(Player("p1", "An", flags=("youth",)),), rounds=())  # fmt: skip

    assert offered_flags(season("magnus-cup"), load_ruleset("magnus-cup")) == [
        "cup", "senior", "youth"]  # fmt: skip
    assert offered_flags(season("dubbelschaak"), load_ruleset("dubbelschaak")) == [
        "engine-opt-in", "youth"]  # fmt: skip
    assert offered_flags(season("ladder-ab"), load_ruleset("ladder-ab")) == [
        "own-level-only", "youth"]  # fmt: skip


def test_the_round_page_opens_members_on_the_newest_round_with_boards(repo):
    """Item 8 (issue 9). The A/B ladder has rounds 1-3 complete; the choices are 1-4 (4 is
    new). A director lands on 4, the round to work on; a member on 3, the newest round with
    boards. With round 4 open (attendance, no boards yet) the same. Once round 4 is
    published (boards, no results) a member lands on 4 too. A season without rounds: 1."""
    store, cid = repo
    season = store.load(cid)
    choices = rs.round_choices(season, store.ruleset(cid))
    assert choices == [1, 2, 3, 4]
    assert rs.opening_round(season, choices, director=True) == 4
    assert rs.opening_round(season, choices, director=False) == 3
    rnd = rs.open_round(4, attendance_of(season, 4, "p08"), [], date="2025-01-07", cycle=0,
                        previous=None)  # fmt: skip
    taken = rs.take_attendance(store, cid, rnd, actor=ADMIN, read=None, pair_now=True)
    assert rs.stage(taken.season, 4) == "open"
    choices = rs.round_choices(taken.season, store.ruleset(cid))
    assert choices == [1, 2, 3, 4]
    assert rs.opening_round(taken.season, choices, director=True) == 4
    assert rs.opening_round(taken.season, choices, director=False) == 3
    published = rs.publish(store, cid, taken.draft, reason=None, actor=ADMIN)
    assert rs.stage(published, 4) == "published"
    assert rs.opening_round(published, [1, 2, 3, 4], director=False) == 4
    empty = replace(season, rounds=())
    assert rs.opening_round(empty, [1], director=False) == 1
    assert rs.opening_round(empty, [1], director=True) == 1


def test_the_attendance_list_in_standings_order_then_by_rating_and_name(repo):
    """Item 8 (issue 9). The A/B ladder after round 3 ranks p07, p01, p04, p05, p02, p08,
    p06, p03 (as the standings page lists them). With only p07 and p04 placed (lines 1 and
    2), the others follow by rating: p01 2638, p02 2046, p03 1790, then p06 and p05 both
    made 1705 (by name: Daan van Dijk before Niels Dijkstra), then p08 without a rating."""
    store, cid = repo
    season = store.load(cid)
    places = rs.standings_places(standings(season, store.ruleset(cid)))
    assert sorted(places, key=places.__getitem__) == [
        "p07", "p01", "p04", "p05", "p02", "p08", "p06", "p03"]  # fmt: skip
    order = rs.attendance_order(season.players, places)
    assert [p.id for p in order] == ["p07", "p01", "p04", "p05", "p02", "p08", "p06", "p03"]
    players = [
        replace(p, rating=1705) if p.id == "p05" else replace(p, rating=None) if p.id == "p08"
        else p for p in season.players
    ]  # fmt: skip
    order = rs.attendance_order(players, {"p07": 1, "p04": 2})
    assert [p.id for p in order] == ["p07", "p04", "p01", "p02", "p03", "p06", "p05", "p08"]


def test_a_search_narrows_the_list_and_a_save_keeps_the_hidden_choices(repo):
    """Item 8 (issue 9). "de vries" finds Quinten de Vries (p01) and Greet de Vries (p07),
    in any case. Round 4 is open with p08 absent; the director searches "de vries" and
    marks p01 absent: the choices sent are p01 and p08 absent (p08 hidden, kept as stored),
    the other six present (hidden, their stored choice)."""
    store, cid = repo
    season = store.load(cid)
    assert [p.id for p in rs.find_players(season.players, "  DE VRIES ")] == ["p01", "p07"]
    assert len(rs.find_players(season.players, "")) == 8
    rnd = rs.open_round(4, attendance_of(season, 4, "p08"), [], date="2025-01-07", cycle=0,
                        previous=None)  # fmt: skip
    season = rs.take_attendance(store, cid, rnd, actor=ADMIN, read=None).season
    stored = season.round(4)
    options = rs.attendance_kinds(store.ruleset(cid))
    players = rs.listed_players(season, 4)
    shown = {"p01": Kind.ABSENT.value, "p07": rs.PRESENT}
    chosen = rs.attendance_choices(players, shown, stored, options)
    assert list(chosen) == [p.id for p in players]  # the season's order, as before
    assert {pid for pid, c in chosen.items() if c == Kind.ABSENT.value} == {"p01", "p08"}
    assert [pid for pid, c in chosen.items() if c == rs.PRESENT] == [
        "p02", "p03", "p04", "p05", "p06", "p07"]  # fmt: skip
