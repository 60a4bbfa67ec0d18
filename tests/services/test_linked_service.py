"""The link service (issue 12 item 6, MG-8; the wiring every linked competition uses): the
atomic write of several competitions, a cup round drawn onto a senior evening, and a result
entered once that holds in the cup's bracket and in the senior Keizer."""

from __future__ import annotations

from dataclasses import replace

import pytest

from compcore.adapters.store import Store
from compcore.domain.errors import ReasonRequiredError, StaleWriteError
from compcore.domain.model import Decision, ForcedGame, Result, Season
from compcore.formats.cup import bracket
from compcore.ports.actors import Administrator
from compcore.ports.repository import Repository
from compcore.rules.changes import BoardResult
from compcore.scoring.history import history
from compcore.services import linked as ln
from compcore.services import results as round_results
from compcore.services import round as rs
from tests.builders import load
from tests.fakes import MemoryStore

ADMIN = Administrator("tests")
SENIOR = "Test/2025/Senioren"


def player(pid: str, rating: int, cup: bool) -> dict[str, object]:
    flags = ["cup", "senior"] if cup else ["senior"]
    return {"id": pid, "name": pid.upper(), "rating": rating, "flags": flags}


#: a and b are 300 apart (> MG-8's 200), c and d 50; e and f play the senior Keizer only
PLAYERS = [
    player("a", 2300, True), player("b", 2000, True), player("c", 1950, True),
    player("d", 1900, True), player("e", 1800, False), player("f", 1700, False),
]  # fmt: skip


def magnus(
    cup_rounds: list[object], senior_rounds: list[object], repo: Repository | None = None
) -> tuple[Repository, int, int]:
    """The senior Keizer (two evenings played) and the cup played within it."""
    repo = repo if repo is not None else MemoryStore()
    senior, _ = load("magnus-senior", PLAYERS, senior_rounds, competition="Senioren")
    cup, _ = load("magnus-cup", PLAYERS[:4], cup_rounds, competition="Beker", ladder=SENIOR)
    return repo, repo.import_season(senior, actor=ADMIN), repo.import_season(cup, actor=ADMIN)


PLAYED = ["a-e 1-0, b-f 1-0, c-d =", "e-a 0-1, f-c 0-1, d-b ="]


def everyone(season: Season) -> dict[str, str]:
    return {p.id: rs.PRESENT for p in season.players}


def results(rnd_games: object, wanted: dict[tuple[str, str], Result]) -> list[BoardResult]:
    """The boards of ``rnd_games`` whose pair is in ``wanted``, as the results form sends."""
    return [
        BoardResult(i, g.white, g.black, g.result, wanted[(g.white, g.black)])
        for i, g in enumerate(rnd_games, start=1)  # type: ignore[attr-defined]
        if (g.white, g.black) in wanted
    ]


# --------------------------------------------------------------------------- the atomic write


@pytest.mark.parametrize("kind", ["memory", "duckdb"])
def test_save_seasons_writes_all_or_none(tmp_path, kind):
    """Two competitions in one write: both saved and each logged once. When the second was
    changed since it was read (a decision added), the write is refused and the first is not
    written either: both seasons and the change log are as before."""
    repo = MemoryStore() if kind == "memory" else Store(tmp_path / "club.duckdb")
    repo, sid, cid = magnus([{"games": "a-b, c-d", "ladder_round": 3}],
                            [*PLAYED, "a-b, c-d, e-f"], repo)  # fmt: skip
    senior, cup = repo.load(sid), repo.load(cid)
    s2 = senior.with_round(replace(senior.round(3), games=tuple(
        replace(g, result=Result.DRAW) for g in senior.round(3).games or ())))  # fmt: skip
    c2 = cup.with_round(replace(cup.round(1), finalized=False))
    done = repo.save_seasons([(sid, s2, senior), (cid, c2, cup)], actor=ADMIN, action="results")
    assert done == [s2, c2] and (repo.load(sid), repo.load(cid)) == (s2, c2)
    assert (
        [e.action for e in repo.log(sid, 1)] == [e.action for e in repo.log(cid, 1)] == ["results"]
    )
    assert [r["round"] for r in repo.log(sid, 1)[0].before] == [3]  # only the changed round
    repo.add_decision(cid, Decision("barrage-winner", "c", 1), actor=ADMIN)
    before = (repo.load(sid), repo.load(cid), repo.revision())
    s3 = s2.with_round(replace(s2.round(3), finalized=True))
    with pytest.raises(StaleWriteError):
        repo.save_seasons([(sid, s3, s2), (cid, c2, c2)], actor=ADMIN, action="results")
    assert (repo.load(sid), repo.load(cid), repo.revision()) == before


# --------------------------------------------------------------------------- the draw (MG-8)


def test_a_cup_round_drawn_onto_a_senior_evening_is_put_there_as_forced_boards():
    """MG-8. The senior Keizer has played 2 evenings, so the cup round's default evening is
    3 (the senior's next round). The director draws cup round 1 (a b c d present): it is
    stored with ladder_round 3. On senior evening 3 (a..f present, b signed off) the two
    cup boards are forced boards named "Beker", with the cup's colours; b plays his cup
    game (the sign-off gives way), and e-f is the only board the Keizer pairs."""
    repo, sid, cid = magnus([], PLAYED)
    assert ln.default_evening(repo.load(sid)) == 3 and ln.evenings_open(repo.load(sid)) == [3]
    cup = repo.load(cid)
    draw = rs.open_round(1, everyone(cup), [], date=None, cycle=None, previous=None,
                         ladder_round=ln.default_evening(repo.load(sid)))  # fmt: skip
    taken = rs.take_attendance(repo, cid, draw, actor=ADMIN, read=None, pair_now=True)
    assert taken.draft is not None
    drawn = rs.publish(repo, cid, taken.draft, reason=None, actor=ADMIN).round(1)
    assert drawn.ladder_round == 3 and drawn.games is not None and len(drawn.games) == 2

    senior = repo.load(sid)
    choices = everyone(senior) | {"b": "absent"}
    evening = rs.open_round(3, choices, [], date=None, cycle=None, previous=None)
    taken = rs.take_attendance(repo, sid, evening, actor=ADMIN, read=None, pair_now=True)
    stored = repo.load(sid).round(3)
    cup_boards = [(g.white, g.black) for g in drawn.games]
    assert [(f.white, f.black, f.reason) for f in stored.forced or ()] == [
        (w, b, "Beker") for w, b in cup_boards
    ]
    assert "b" not in dict(stored.entries or {}) and "b" in (stored.present or ())
    assert taken.draft is not None
    paired = rs.publish(repo, sid, taken.draft, reason=None, actor=ADMIN).round(3)
    assert [(g.white, g.black) for g in (paired.games or ())[:2]] == cup_boards
    assert {frozenset(g.players) for g in (paired.games or ())[2:]} == {frozenset("ef")}
    assert paired.games is not None and paired.games[0].reason is not None
    assert "verplichte partij: Beker" in paired.games[0].reason.text("nl")


# --------------------------------------------------------------------------- results, once


def test_results_entered_on_the_senior_evening_feed_the_bracket_by_mg8():
    """Senior evening 3 holds the cup boards a-b and c-d and the Keizer board e-f. The
    director enters a-b ½-½, c-d ½-½, e-f 1-0 there and finalizes. In the cup: a-b is
    drawn with a rating gap of 2300 - 2000 = 300 > 200, so b (lower-rated) goes through
    (MG-8); c-d's gap 1950 - 1900 = 50 is not > 200, so it waits for the barrage. The
    cup round is finalized with the senior evening, and both results count in the Keizer
    round (they are its games)."""
    repo, sid, cid = magnus([{"games": "a-b, c-d", "ladder_round": 3}],
                            [*PLAYED, "a-b, c-d, e-f"])  # fmt: skip
    games = repo.load(sid).round(3).games
    wanted = {("a", "b"): Result.DRAW, ("c", "d"): Result.DRAW, ("e", "f"): Result.WHITE_WINS}
    round_results.save_results(repo, sid, 3, results(games, wanted), finalize=True, reason=None,
                    actor=ADMIN)  # fmt: skip
    cup = repo.load(cid)
    ruleset = repo.ruleset(cid)
    ties = bracket(cup, ruleset).rounds[0].ties
    assert [(t.through, t.out, t.why.key) for t in ties] == [
        ("b", ("a",), "cup.rating-gap"),
        (None, (), "cup.barrage-pending"),
    ]
    assert ties[0].why.params["gap"] == 300
    assert cup.round(1).finalized is True
    senior_games = repo.load(sid).round(3).games or ()
    assert [g.result for g in senior_games] == [Result.DRAW, Result.DRAW, Result.WHITE_WINS]
    assert [e.action for e in repo.log(cid, 1)] == ["finalize-round"]


def test_a_result_entered_in_the_cup_appears_on_the_senior_evening():
    """The director enters a-b 0-1 in the cup round (played on senior evening 3): the
    senior board a-b reads 0-1, the other boards keep theirs (none yet), the senior round
    is still not finalized (it says so now), and the bracket sends b through."""
    repo, sid, cid = magnus([{"games": "a-b, c-d", "ladder_round": 3}],
                            [*PLAYED, "a-b, c-d, e-f"])  # fmt: skip
    games = repo.load(cid).round(1).games
    round_results.save_results(repo, cid, 1, results(games, {("a", "b"): Result.BLACK_WINS}),
                    finalize=False, reason=None, actor=ADMIN)  # fmt: skip
    evening = repo.load(sid).round(3)
    assert [g.result for g in evening.games or ()] == [Result.BLACK_WINS, None, None]
    assert not evening.is_finalized
    assert bracket(repo.load(cid), repo.ruleset(cid)).rounds[0].ties[0].through == "b"
    assert [e.action for e in repo.log(sid, 1)] == ["results"]


def test_a_correction_of_a_finalized_round_holds_on_both_sides():
    """Both rounds are finalized with a-b ½-½ (b through by the 300 gap). Correcting a-b
    to 1-0 in the cup needs a reason: without one nothing changes anywhere; with one the
    senior evening reads 1-0 too, stays finalized, and both logs keep the reason; a now
    goes through instead of b."""
    repo, sid, cid = magnus([{"games": "a-b =, c-d 1-0", "ladder_round": 3}],
                            [*PLAYED, "a-b =, c-d 1-0, e-f 0-1"])  # fmt: skip
    before = (repo.load(sid), repo.load(cid))
    fix = results(before[1].round(1).games, {("a", "b"): Result.WHITE_WINS})
    with pytest.raises(ReasonRequiredError):
        round_results.correct_results(repo, cid, 1, fix, reason=" ", actor=ADMIN)
    assert (repo.load(sid), repo.load(cid)) == before
    round_results.correct_results(repo, cid, 1, fix, reason="verkeerd genoteerd", actor=ADMIN)
    evening = repo.load(sid).round(3)
    assert evening.games is not None and evening.games[0].result is Result.WHITE_WINS
    assert evening.is_finalized
    assert [(e.action, e.reason) for e in repo.log(sid, 1) + repo.log(cid, 1)] == [
        ("correct-results", "verkeerd genoteerd")
    ] * 2
    assert bracket(repo.load(cid), repo.ruleset(cid)).rounds[0].ties[0].through == "a"


def test_a_competition_without_a_link_saves_results_as_before():
    """A senior evening with no cup board on it: one write, in the senior Keizer only."""
    repo, sid, cid = magnus([{"games": "a-b, c-d", "ladder_round": 4}],
                            [*PLAYED, "a-b, c-d, e-f"])  # fmt: skip
    cup = repo.load(cid)
    games = repo.load(sid).round(3).games
    round_results.save_results(repo, sid, 3, results(games, {("a", "b"): Result.DRAW}), finalize=False,
                    reason=None, actor=ADMIN)  # fmt: skip
    assert repo.load(cid) == cup and repo.log(cid, 1)[0].action == "import"


# --------------------------------------------------------------------------- DS-16 after sync


def test_a_group_board_synced_into_the_ladder_is_not_a_meeting_for_ds11():
    """DS-16: the group Topcompetitie (counts_for_meetings false, tag "top") plays a-b on
    ladder evening 2. Taking attendance for evening 2 (a..f present) puts a-b there as a
    forced board tagged "top"; after the pairing is published the group's result a-b 1-0
    is entered in the group and lands on the ladder. The ladder's meeting index (DS-11's
    count) then has a-c (round 1's game) but not a-b."""
    repo = MemoryStore()
    lad, _ = load("dubbelschaak", "a b c d e f", ["a-c 1-0, b-d 1-0, e-f 1-0"])
    group, _ = load(
        "ladder-ab", "a b c d", [{"games": "a-b", "ladder_round": 2}],
        {"pairing": {"method": "round-robin"},
         "ladder_link": {"counts_as": "game", "counts_for_meetings": False, "tag": "top"}},
        ladder="Test/2025/dubbelschaak", competition="Topcompetitie",
    )  # fmt: skip
    lid, gid = repo.import_season(lad, actor=ADMIN), repo.import_season(group, actor=ADMIN)
    evening = rs.open_round(2, {p: rs.PRESENT for p in "abcdef"}, [], date=None, cycle=0,
                            previous=None)  # fmt: skip
    taken = rs.take_attendance(repo, lid, evening, actor=ADMIN, read=None, pair_now=True)
    assert repo.load(lid).round(2).forced == (ForcedGame("a", "b", "Topcompetitie", "top"),)
    assert taken.draft is not None
    rs.publish(repo, lid, taken.draft, reason=None, actor=ADMIN)
    games = repo.load(gid).round(1).games
    round_results.save_results(repo, gid, 1, results(games, {("a", "b"): Result.WHITE_WINS}),
                    finalize=False, reason=None, actor=ADMIN)  # fmt: skip
    ladder = repo.load(lid)
    first = (ladder.round(2).games or ())[0]
    assert (first.white, first.black, first.result, first.group) == (
        "a", "b", Result.WHITE_WINS, "top"
    )  # fmt: skip
    meetings = history(ladder, repo.ruleset(lid)).meeting_index()
    assert ("a", "c") in meetings and ("a", "b") not in meetings


def test_a_result_copied_into_a_finalized_round_needs_a_reason():
    """The cup round (a-b 1-0, c-d 1-0) is finalized; senior evening 3 is not (e-f still
    open). Changing a-b to 0-1 on the senior evening would correct the finalized cup
    round: without a reason it is refused, naming cup round 1's board 1, and neither
    competition changes; with a reason both hold 0-1 and the cup round stays finalized."""
    repo, sid, cid = magnus(
        [{"games": "a-b 1-0, c-d 1-0", "ladder_round": 3, "finalized": True}],
        [*PLAYED, "a-b 1-0, c-d 1-0, e-f"],
    )
    before = (repo.load(sid), repo.load(cid), repo.revision())
    fix = results(before[0].round(3).games, {("a", "b"): Result.BLACK_WINS})
    with pytest.raises(ReasonRequiredError) as refused:
        round_results.save_results(repo, sid, 3, fix, finalize=False, reason=None, actor=ADMIN)
    assert refused.value.text("nl") == (
        "Ronde 1 van Beker was al afgesloten en deze uitslag telt daar ook (bord 1): "
        "corrigeer hem daar, met een reden voor het logboek. Er is niets opgeslagen."
    )
    assert (repo.load(sid), repo.load(cid), repo.revision()) == before
    round_results.save_results(
        repo, sid, 3, fix, finalize=False, reason="bord verwisseld", actor=ADMIN
    )
    cup = repo.load(cid).round(1)
    assert cup.games is not None and cup.games[0].result is Result.BLACK_WINS
    assert cup.is_finalized and repo.log(cid, 1)[0].reason == "bord verwisseld"


def test_a_cup_round_cannot_be_drawn_onto_an_evening_already_paired():
    """MG-8: senior evening 3 is published (a-b, c-d, e-f) while the cup form still offered
    it: drawing cup round 1 onto it is refused in one sentence naming the senior round,
    and the cup is unchanged. Evening 4 (the next new one) is accepted."""
    repo, sid, cid = magnus([], [*PLAYED, "a-b, c-d, e-f"])
    before = repo.load(cid)
    draw = rs.open_round(1, everyone(before), [], date=None, cycle=None, previous=None,
                         ladder_round=3)  # fmt: skip
    with pytest.raises(ln.EveningNotOpen) as refused:
        rs.take_attendance(repo, cid, draw, actor=ADMIN, read=None, pair_now=True)
    assert refused.value.text("nl") == (
        "Ronde 3 van Senioren is al ingedeeld: kies een andere avond. Er is niets opgeslagen."
    )
    assert repo.load(cid) == before
    assert ln.evenings_open(repo.load(sid)) == [4]
    taken = rs.take_attendance(repo, cid, replace(draw, ladder_round=4), actor=ADMIN,
                               read=None)  # fmt: skip
    assert taken.season.round(1).ladder_round == 4


def test_a_proposal_made_before_the_draw_is_not_published_without_the_cup_boards():
    """The senior proposal for evening 3 was made before cup round 1 (a-b, c-d) was drawn
    onto it, so it lacks both cup boards: publishing it is refused in one sentence naming
    A – B and C – D, nothing is stored; pairing again puts them on and publishes."""
    repo, sid, cid = magnus([], PLAYED)
    evening = rs.open_round(3, everyone(repo.load(sid)), [], date=None, cycle=None,
                            previous=None)  # fmt: skip
    early = rs.take_attendance(repo, sid, evening, actor=ADMIN, read=None, pair_now=True).draft
    assert early is not None and not early.round().forced
    drawn = load("magnus-cup", PLAYERS[:4], [{"games": "a-b, c-d", "ladder_round": 3}],
                 competition="Beker", ladder=SENIOR)[0]  # fmt: skip
    repo.save_round(cid, drawn.round(1), actor=ADMIN, action="publish-round", read=None)
    before = repo.load(sid)
    with pytest.raises(ln.BoardsMissing) as refused:
        rs.publish(repo, sid, early, reason=None, actor=ADMIN)
    assert refused.value.text("nl") == (
        "De indeling van ronde 3 mist verplichte partijen uit een andere competitie: "
        "A – B (Beker), C – D (Beker). Deel opnieuw in. Er is niets opgeslagen."
    )
    assert repo.load(sid) == before
    again = rs.take_attendance(repo, sid, before.round(3), actor=ADMIN, read=before.round(3),
                               pair_now=True).draft  # fmt: skip
    assert again is not None
    games = rs.publish(repo, sid, again, reason=None, actor=ADMIN).round(3).games or ()
    assert [(g.white, g.black) for g in games[:2]] == [("a", "b"), ("c", "d")]
