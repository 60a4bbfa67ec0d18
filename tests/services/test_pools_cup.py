"""The Meierij Cup (DS-21) as data: pools of four (round robin, two games an evening), the
pool tables by game points, the knock-out and the losers' cup drawn from them, a level tie
decided by the director's record, and the DS-5 4/6 entry in the ladder.

The worked example (8 entrants p1..p8, rated 2000, 1990, ..., 1930, seeded in that order):
snake pools A = p1 p4 p5 p8, B = p2 p3 p6 p7 (1 2 / 4 3 / 5 6 / 8 7 across the pools).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from compcore.domain.errors import SeasonError
from compcore.domain.model import Game, Kind, Result, Season
from compcore.formats.pools_cup import (
    CupStageError,
    cup_state,
    make_pools,
    next_knockout_games,
    tiebreak_decision,
)
from compcore.formats.validate import check_season
from compcore.pairing import linked
from compcore.ports.actors import Administrator
from compcore.rules.rulesets import load_ruleset
from compcore.services import pools_cup as svc
from tests.builders import RESULTS, load, parse_round
from tests.fakes import MemoryStore

ADMIN = Administrator("tests")
EIGHT = [f"p{i}" for i in range(1, 9)]
RULES = load_ruleset("ds-meierij-cup")

#: the pools' results, round by round (worked out in the tests' docstrings)
POOL_RESULTS = [
    # A: p1 2-0 p8, p4 1½-½ p5;  B: p7 1½-½ p2, p3 2-0 p6
    "p1-p8 1-0, p8-p1 0-1, p4-p5 1-0, p5-p4 =, p2-p7 0-1, p7-p2 =, p3-p6 1-0, p6-p3 0-1",
    # A: p5 2-0 p8, p1 1-1 p4;  B: p7 1-1 p6, p2 1½-½ p3
    "p8-p5 0-1, p5-p8 1-0, p1-p4 =, p4-p1 =, p7-p6 =, p6-p7 =, p2-p3 1-0, p3-p2 =",
    # A: p4 1-1 p8, p5 2-0 p1;  B: p3 1½-½ p7, p6 1-1 p2
    "p4-p8 1-0, p8-p4 1-0, p5-p1 1-0, p1-p5 0-1, p3-p7 1-0, p7-p3 =, p6-p2 =, p2-p6 =",
]


def ladder() -> Season:
    season, _ = load("dubbelschaak", [*EIGHT, "x"], [])
    return season


def cup() -> Season:
    return svc.build_cup(ladder(), "Meierij Cup", EIGHT, "ds-meierij-cup", (2, 4, 6))


def with_results(season: Season, number: int, text: str) -> Season:
    """Round ``number`` with the results of ``text`` (``"p1-p8 1-0, ..."``) on its boards."""
    given = {(g["white"], g["black"]): Result(RESULTS[g["result"]]) for g in parse_round(text)[0]}
    rnd = season.round(number)
    games = tuple(
        replace(g, result=given.get((g.white, g.black), g.result)) for g in rnd.games or ()
    )
    return season.with_round(replace(rnd, games=games))


def pools_played() -> Season:
    season = cup()
    for number, text in enumerate(POOL_RESULTS, start=1):
        season = with_results(season, number, text)
    return season


def pairs(games: tuple[Game, ...]) -> list[str]:
    return [f"{g.white}-{g.black}" for g in games]


def test_pools_are_filled_in_snake_order_or_as_listed():
    """DS-21 pools of four. 8 seeds, 2 pools, snake: A gets 1, 4, 5, 8 and B 2, 3, 6, 7;
    listed: 1-4 and 5-8. 10 seeds make 3 pools (ceil 10/4) of 3, 3, 4: snake rows
    1 2 3 / 6 5 4 / 7 8 9 / -- -- 10 give A = 1 6 7, B = 2 5 8, C = 3 4 9 10."""
    assert make_pools("12345678", 4, "snake") == (tuple("1458"), tuple("2367"))
    assert make_pools("12345678", 4, "listed") == (tuple("1234"), tuple("5678"))
    ten = [str(i) for i in range(1, 11)]
    assert make_pools(ten, 4, "snake") == (("1", "6", "7"), ("2", "5", "8"), ("3", "4", "9", "10"))
    assert [len(p) for p in make_pools(ten, 4, "listed")] == [4, 3, 3]


def test_the_pool_schedule_is_berger_with_two_games_an_evening():
    """DS-21, DS-20: pool A = p1 p4 p5 p8 by Berger: 1-4 2-3 / 4-3 1-2 / 2-4 3-1, i.e.
    p1-p8 p4-p5 / p8-p5 p1-p4 / p4-p8 p5-p1; each a meeting of two games, the first named
    White in the first game and Black in the second. Pool A's boards come first; the
    rounds are on ladder evenings 2, 4, 6 and the cup is played within the ladder."""
    season = cup()
    assert [p.id for p in season.players] == EIGHT  # seeded by rating
    assert season.ladder == "Test/2025/dubbelschaak"
    assert [r.ladder_round for r in season.rounds] == [2, 4, 6]
    assert pairs(season.round(1).games or ())[:4] == ["p1-p8", "p8-p1", "p4-p5", "p5-p4"]
    assert pairs(season.round(2).games or ())[:4] == ["p8-p5", "p5-p8", "p1-p4", "p4-p1"]
    assert pairs(season.round(3).games or ())[:4] == ["p4-p8", "p8-p4", "p5-p1", "p1-p5"]
    assert pairs(season.round(3).games or ())[4:] == ["p3-p7", "p7-p3", "p6-p2", "p2-p6"]
    assert all(g.result is None for r in season.rounds for g in r.games or ())


def test_pool_tables_count_game_points_and_break_a_tie_by_the_mutual_games():
    """DS-21 (a 1-1 is 1-1: game points). Pool A: p1 2+1+0 = 3, p4 1½+1+1 = 3½,
    p5 ½+2+2 = 4½, p8 0+0+1 = 1 -> p5, p4, p1, p8. Pool B: p2 ½+1½+1 = 3,
    p3 2+½+1½ = 4, p6 0+1+1 = 2, p7 1½+1+½ = 3 -> p3 first; p2 and p7 level on 3, and p7
    won their meeting 1½-½, so p7 is 2nd although p2 is seeded higher; p6 4th."""
    state = cup_state(pools_played(), RULES)
    a, b = state.pools
    assert [(r.player, r.points) for r in a.rows] == [
        ("p5", Fraction(9, 2)), ("p4", Fraction(7, 2)), ("p1", Fraction(3)), ("p8", Fraction(1))
    ]  # fmt: skip
    assert [r.player for r in b.rows] == ["p3", "p7", "p2", "p6"]
    assert (a.label, b.label) == ("A", "B") and a.complete and b.complete
    assert all(r.games == 6 for r in a.rows)


def test_the_knockout_and_the_losers_cup_are_drawn_from_the_pool_tables():
    """DS-21: 1st and 2nd to the knock-out: A1-B2 = p5-p7, B1-A2 = p3-p4; 3rd and 4th to
    the losers' cup: A3-B4 = p1-p6, B3-A4 = p2-p8; each a meeting of two games."""
    games = next_knockout_games(pools_played(), RULES)
    assert pairs(games) == [
        "p5-p7", "p7-p5", "p3-p4", "p4-p3", "p1-p6", "p6-p1", "p2-p8", "p8-p2"
    ]  # fmt: skip


def test_no_knockout_before_the_pools_are_finished():
    """A pool game without a result: the draw is refused in one sentence."""
    season = with_results(cup(), 1, POOL_RESULTS[0])
    with pytest.raises(CupStageError, match="voorronden zijn nog niet klaar"):
        next_knockout_games(season, RULES)


def knockout_round_4() -> Season:
    """Round 4: p5 1-1 p7 (level), p3 1½-½ p4, p1 2-0 p6, p2 1-1 p8 (level)."""
    season = pools_played()
    season = season.with_round(
        replace(season.round(3), number=4, games=next_knockout_games(season, RULES), ladder_round=8)
    )
    text = "p5-p7 1-0, p7-p5 1-0, p3-p4 1-0, p4-p3 =, p1-p6 1-0, p6-p1 0-1, p2-p8 =, p8-p2 ="
    return with_results(season, 4, text)


def test_a_level_knockout_tie_waits_for_the_directors_record():
    """DS-21: p5-p7 1-0 and p7-p5 1-0 is 1-1: open until the director records the decider
    (first the two 5-minute games); p3 wins 1½-½ and p1 2-0 by their games. The next
    round cannot be drawn while p5-p7 is open."""
    season = knockout_round_4()
    main, losers = cup_state(season, RULES).stages
    first, second = main.rounds[0].ties
    assert (first.through, first.why.key) == (None, "pools.ko.pending")
    assert "twee snelschaakpartijen" in first.why.text("nl")
    assert (second.through, second.score_a, second.score_b) == (
        "p3",
        Fraction(3, 2),
        Fraction(1, 2),
    )
    assert losers.rounds[0].ties[0].through == "p1"
    with pytest.raises(CupStageError, match="p5 - p7 is nog niet beslist"):
        next_knockout_games(season, RULES)


def test_an_armageddon_draw_sends_black_through():
    """DS-21: the 5-minute games of p5-p7 end 1-1 too (a level rapid pair decides
    nothing: refused); the Armageddon p7 (White) - p5 (Black) is drawn: White had to win,
    so Black, p5, goes through; p7 is out."""
    season = knockout_round_4()
    with pytest.raises(CupStageError, match="beslist niets"):
        tiebreak_decision(season, RULES, 4, "rapid-pair", "p5", "p7", Result.DRAW)
    decision = tiebreak_decision(season, RULES, 4, "armageddon", "p7", "p5", Result.DRAW)
    assert (decision.kind, decision.player, decision.round) == ("match-winner", "p5", 4)
    season = replace(season, decisions=(decision,))
    tie = cup_state(season, RULES).stages[0].rounds[0].ties[0]
    assert (tie.through, tie.out) == ("p5", ("p7",))
    assert tie.why.text("en", {"p5": "Piet", "p7": "Klaas"}).startswith(
        "1-1, the 5-minute games level too; Armageddon Klaas (White) - Piet (Black) ½-½: Piet"
    )


def test_an_armageddon_white_win_sends_white_through_and_unknown_steps_are_refused():
    """DS-21: White must win: p7 (White) wins the Armageddon 1-0 -> p7 through. A step
    the ruleset does not list, and a tie that is not level (p3 1½-½ p4), are refused."""
    season = knockout_round_4()
    assert (
        tiebreak_decision(season, RULES, 4, "armageddon", "p7", "p5", Result.WHITE_WINS).player
        == "p7"
    )
    with pytest.raises(CupStageError, match="Onbekende beslissing 'lot'"):
        tiebreak_decision(season, RULES, 4, "lot", "p7", "p5", Result.WHITE_WINS)
    with pytest.raises(CupStageError, match="staat niet gelijk"):
        tiebreak_decision(season, RULES, 4, "armageddon", "p3", "p4", Result.DRAW)
    with pytest.raises(CupStageError, match="geen knock-out"):
        tiebreak_decision(season, RULES, 4, "armageddon", "p5", "p3", Result.DRAW)


def test_the_finals_follow_and_the_cup_ends_with_two_winners():
    """DS-21: after round 4 (p5 by Armageddon, p3 on games; losers' cup: p1 2-0, p8 won the
    5-minute games 0-1 for p2, i.e. p8), round 5 pairs the winners in bracket order:
    p5-p3 and p1-p8. p5 wins 1½-½, p8 wins 2-0: the knock-out's winner is p5, the
    losers' cup's p8; no further round can be drawn."""
    season = knockout_round_4()
    season = replace(
        season,
        decisions=(
            tiebreak_decision(season, RULES, 4, "armageddon", "p7", "p5", Result.DRAW),
            tiebreak_decision(season, RULES, 4, "rapid-pair", "p2", "p8", Result.BLACK_WINS),
        ),
    )
    final = next_knockout_games(season, RULES)
    assert pairs(final) == ["p5-p3", "p3-p5", "p1-p8", "p8-p1"]
    season = season.with_round(replace(season.round(4), number=5, games=final))
    season = with_results(season, 5, "p5-p3 1-0, p3-p5 =, p1-p8 0-1, p8-p1 1-0")
    state = cup_state(season, RULES)
    assert [(s.name, s.winner) for s in state.stages] == [("main", "p5"), ("losers", "p8")]
    assert state.over
    with pytest.raises(CupStageError, match="afgelopen"):
        next_knockout_games(season, RULES)


def test_cup_evenings_give_ds5_external_in_the_ladder():
    """DS-21 + DS-5: the cup's games do not count for the championship; a cup evening gives
    its players the ladder's ``external`` (4/6 of the own value) instead of a ladder game.
    Pool round 1 is on ladder evening 2: all eight get ``external`` there, x nothing; on
    evening 3 (no cup round) nobody gets anything."""
    season, lad = cup(), ladder()
    part = linked.evening(season, RULES, lad, 2)
    assert part.forced == () and dict(part.entries) == {p: Kind.EXTERNAL for p in EIGHT}
    assert not linked.evening(season, RULES, lad, 3)
    assert str(load_ruleset("dubbelschaak").points.rule(Kind.EXTERNAL).points.text) == "4/6 own"


def test_two_games_of_one_meeting_on_one_evening_pass_the_season_checks():
    """games_per_meeting 2: p1-p8 and p8-p1 in one round are one meeting (accepted); a
    third game of the pair, or p1 against someone else as well, is two boards for p1
    (refused); with games_per_meeting 1 the second game is refused too."""
    season = cup()
    check_season(season, RULES)
    rnd = season.round(1)
    for extra in (Game("p1", "p8"), Game("p1", "p4")):
        bad = season.with_round(replace(rnd, games=(*(rnd.games or ()), extra)))
        with pytest.raises(SeasonError, match="p1"):
            check_season(bad, RULES)
    single = load_ruleset("ds-meierij-cup", {"round_robin": {"games_per_meeting": 1}})
    with pytest.raises(SeasonError, match="'p8' staat twee keer"):
        check_season(season, single)


# --------------------------------------------------------------------------- the service


def test_the_service_creates_draws_and_records_with_a_log():
    """Create (8 entrants from the ladder of 9), enter the pools' results, draw round 4
    (logged ``draw-knockout``), record the Armageddon (logged as a decision)."""
    repo = MemoryStore()
    lid = repo.import_season(ladder(), actor=ADMIN)
    cid = svc.create(repo, lid, "Meierij Cup", EIGHT, actor=ADMIN, evenings=(2, 4, 6))
    assert repo.load(cid) == cup()
    played = pools_played()
    repo.save_season(cid, played, actor=ADMIN, action="test")
    after = svc.draw_knockout(repo, cid, actor=ADMIN, evening=8)
    assert after.rounds[-1].number == 4 and after.rounds[-1].ladder_round == 8
    assert repo.log(cid, limit=1)[0].action == "draw-knockout"
    round4 = knockout_round_4()
    repo.save_season(cid, round4, actor=ADMIN, action="test")
    out = svc.record_tiebreak(repo, cid, 4, "armageddon", "p7", "p5", Result.DRAW, actor=ADMIN)
    assert out.decisions is not None and out.decisions[-1].player == "p5"


@pytest.mark.parametrize(
    ("entrants", "name", "evenings", "message"),
    [
        (["p1", "zz"], "Cup", (), "'zz' staat niet"),
        (["p1"], "Cup", (), "minstens twee"),
        (EIGHT, " ", (), "naam"),
        (EIGHT, "dubbelschaak", (), "al een competitie"),
        (EIGHT, "Cup", (2, 4), "elk van de 3 poulerondes"),
    ],
)
def test_bad_input_to_create_is_refused_and_nothing_changes(entrants, name, evenings, message):
    """Unknown entrant, too few, no name, a name the season has, a wrong number of ladder
    evenings: one sentence naming it; the store holds what it held."""
    repo = MemoryStore()
    lid = repo.import_season(ladder(), actor=ADMIN)
    before = repo.competitions()
    with pytest.raises(CupStageError, match=message):
        svc.create(repo, lid, name, entrants, actor=ADMIN, evenings=evenings)
    assert repo.competitions() == before


def test_ladder_evenings_are_parsed_or_refused():
    assert svc.parse_evenings("3, 5 7") == (3, 5, 7)
    assert svc.parse_evenings("  ") == ()
    with pytest.raises(CupStageError, match="rondenummers"):
        svc.parse_evenings("3 vijf")


# --------------------------------------------------------------------------- compcore winners


def finished() -> Season:
    """The cup of the worked example played to its end (p5 and p8 win, see above)."""
    season = knockout_round_4()
    season = replace(
        season,
        decisions=(
            tiebreak_decision(season, RULES, 4, "armageddon", "p7", "p5", Result.DRAW),
            tiebreak_decision(season, RULES, 4, "rapid-pair", "p2", "p8", Result.BLACK_WINS),
        ),
    )
    final = next_knockout_games(season, RULES)
    season = season.with_round(replace(season.round(4), number=5, games=final))
    return with_results(season, 5, "p5-p3 1-0, p3-p5 =, p1-p8 0-1, p8-p1 1-0")


def test_compcore_winners_prints_the_pools_the_ties_and_the_winners(tmp_path, capsys):
    """The text (Dutch): pool A's table with game points as decimals (p5 4.5); the
    Armageddon's reason; both winners (P5, P8 by name). JSON: the pools, the two stages
    with their winners, and no championship by points (the cup has none)."""
    import json

    from compcore.adapters.files import season_file
    from compcore.cli.main import main

    path = tmp_path / "cup.json"
    path.write_text(season_file.dumps(finished()), encoding="utf-8")
    assert main(["winners", str(path)]) == 0
    text = capsys.readouterr().out
    assert "Poule A" in text and "1. P5  4.5" in text and "4. P8  1" in text
    assert "Armageddon P7 (wit) - P5 (zwart) ½-½: P5 gaat door" in text
    assert "Knock-out fase: winnaar P5" in text and "Losers-cup: winnaar P8" in text
    assert main(["winners", str(path), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["champions"] == []
    cup_data = data["pools_cup"]
    assert [r["player"] for r in cup_data["pools"][1]["table"]] == ["p3", "p7", "p2", "p6"]
    assert [(s["stage"], s["winner"]) for s in cup_data["stages"]] == [
        ("main", "p5"),
        ("losers", "p8"),
    ]
    assert cup_data["stages"][0]["rounds"][0]["ties"][0]["results"] == ["1-0", "1-0"]


def test_the_cup_round_trips_through_the_season_file_and_the_store(tmp_path):
    """The cup needs no field of its own: the finished example (two games a meeting, the
    decisions with their notes, the ladder link) reads and writes back the same file."""
    from compcore.adapters.files import season_file
    from compcore.adapters.store import Store

    season = finished()
    text = season_file.dumps(season)
    assert season_file.loads(text) == season
    store = Store(tmp_path / "club.duckdb")
    assert season_file.dumps(store.load(store.import_season(season, actor=ADMIN))) == text
