"""The championship play-off as a competition (DS-19, DS-20) and the final list over the
cycles (DS-19's reading), worked out by hand on the small season of test_awards."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from compcore.adapters.files import season_file
from compcore.awards.winners import awards
from compcore.domain.model import Decision, Result
from compcore.formats import playoff as po
from compcore.formats.cup import BARRAGE_WINNER
from compcore.ports.actors import Administrator
from compcore.rules.rulesets import load_ruleset
from compcore.services import playoff as svc
from compcore.services.playoff import PlayoffError, Request
from tests.builders import load, season_data
from tests.fakes import MemoryStore
from tests.unit.awards.test_awards import A_WINS, B_WINS, ONE_CATEGORY, RATED

ADMIN = Administrator("tests")
PLAYOFF = load_ruleset("ds-playoff")


def test_ds19_final_list_sums_the_three_cycles_and_marks_the_seeds() -> None:
    """Cycles of one round, values each cycle a8 b7 c6 d5 e4 f3 (test_awards):
    cycle 0 and 1: b beats a (8), c beats d (5), e beats f (3); cycle 2: a beats b (7),
    c 5, e 3. Per cycle: b 8 8 0 = 16, c 5 5 5 = 15, e 3 3 3 = 9, a 0 0 7 = 7, d 0, f 0.
    Seeds (DS-19): b 1 (cycle 0; won cycle 1 too, keeps the earlier seed), a 3 (cycle 2),
    the freed seed 2 and seed 4 down the final list: c 2, e 4; d and f unseeded."""
    s, r = load("dubbelschaak", RATED, [B_WINS, B_WINS, A_WINS], overrides=ONE_CATEGORY)
    (final,) = awards(s, r).final_lists
    assert final.category == "alle"
    got = [(row.place, row.player, row.cycles, row.total, row.seed) for row in final.rows]
    assert got == [
        (1, "b", (8, 8, 0), 16, 1),
        (2, "c", (5, 5, 5), 15, 2),
        (3, "e", (3, 3, 3), 9, 4),
        (4, "a", (0, 0, 7), 7, 3),
        (5, "d", (0, 0, 0), 0, None),
        (6, "f", (0, 0, 0), 0, None),
    ]


def test_no_final_list_where_the_champion_is_not_decided_by_cycles() -> None:
    s, r = load("ladder-ab", "a b c d", ["a-b 1-0, c-d 1-0"])
    assert awards(s, r).final_lists == ()


# --------------------------------------------------------------------------- pure play-off


def playoff(rounds: list[str], decisions: list[dict] | None = None, seed: int = 7):
    """A play-off of seeds 1..4 = s1..s4 under ds-playoff, Berger rounds as given."""
    players = [{"id": f"s{i}", "name": f"S{i}", "strength": i} for i in range(1, 5)]
    data = season_data("ds-playoff", players, rounds, decisions=decisions)
    data["rounds"][0]["seed"] = seed
    return season_file.parse(data, "test"), PLAYOFF


def test_ds20_berger_colours_seeds_one_and_two_white_twice() -> None:
    """DS-20, 4 players: 1-4 2-3 / 4-3 1-2 / 2-4 3-1. Whites: s1 in rounds 1 and 2, s2 in
    rounds 1 and 3 (twice each), s4 in round 2, s3 in round 3 (once each)."""
    from compcore.formats.round_robin import berger

    schedule = berger(("s1", "s2", "s3", "s4"))
    assert schedule == (
        (1, "s1", "s4"), (1, "s2", "s3"), (2, "s4", "s3"), (2, "s1", "s2"),
        (3, "s2", "s4"), (3, "s3", "s1"),
    )  # fmt: skip
    whites = [w for _, w, _ in schedule]
    assert [whites.count(f"s{i}") for i in range(1, 5)] == [2, 2, 1, 1]


TWO_LEADERS = ["s1-s4 1-0, s2-s3 1-0", "s4-s3 0-1, s1-s2 =", "s2-s4 1-0, s3-s1 0-1"]


def test_ds20_two_leaders_play_one_barrage_and_its_recorded_winner_is_champion() -> None:
    """Points: s1 1 + ½ + 1 = 2½, s2 1 + ½ + 1 = 2½, s3 0 + 1 + 0 = 1, s4 0. Two leaders
    (s1, s2): one barrage s1-s2, no draw by lot. Until its winner is recorded there is no
    champion; with 'barrage-winner' s2 for barrage 1, s2 is champion."""
    season, ruleset = playoff(TWO_LEADERS)
    now = po.state(season, ruleset)
    assert [(r.player, r.points) for r in now.table] == [
        ("s1", Fraction(5, 2)), ("s2", Fraction(5, 2)), ("s3", 1), ("s4", 0),
    ]  # fmt: skip
    assert now.complete and now.leaders == ("s1", "s2")
    assert [(m.number, m.players, m.winner) for s in now.stages for m in s.matches] == [
        (1, ("s1", "s2"), None)
    ]
    assert now.champion is None
    decided = [{"kind": BARRAGE_WINNER, "player": "s2", "round": 1}]
    season, ruleset = playoff(TWO_LEADERS, decided)
    assert po.state(season, ruleset).champion == "s2"


def test_ds20_a_single_leader_is_champion_and_an_unfinished_table_has_none() -> None:
    """s1 wins all three (3 points): champion without a barrage. With round 3's boards
    still open the table is not complete: no leaders, no champion yet (s1 has 2)."""
    season, ruleset = playoff(["s1-s4 1-0, s2-s3 =", "s4-s3 =, s1-s2 1-0", "s2-s4 =, s3-s1 0-1"])
    now = po.state(season, ruleset)
    assert (now.leaders, now.stages, now.champion) == (("s1",), (), "s1")
    season, ruleset = playoff(["s1-s4 1-0, s2-s3 =", "s4-s3 =, s1-s2 1-0", "s2-s4, s3-s1"])
    now = po.state(season, ruleset)
    assert not now.complete and now.champion is None and now.table[0].points == 2


# s1, s2 and s3 each beat s4 and beat one another in a circle (s1 > s2 > s3 > s1)
THREE_LEADERS = ["s1-s4 1-0, s2-s3 1-0", "s4-s3 0-1, s1-s2 1-0", "s2-s4 1-0, s3-s1 1-0"]


def test_ds20_three_leaders_drawn_by_lot_the_first_barrage_eliminates_one() -> None:
    """Points: s1 1 (s4) + 1 (s2) + 0 (s3) = 2, s2 1 (s3) + 0 + 1 (s4) = 2, s3 0 + 1 (s4)
    + 1 (s1) = 2, s4 0: three leaders. The draw by lot (seed 7 on round 1) gives an order
    p1 p2 p3: barrage 1 is p1-p2, p3 waits; once barrage 1's winner W is recorded,
    barrage 2 is W-p3, and its winner is champion. The same seed gives the same draw."""
    season, ruleset = playoff(THREE_LEADERS, seed=7)
    now = po.state(season, ruleset)
    assert now.leaders == ("s1", "s2", "s3") and now.draw_seed == 7
    drawn = po.draw(("s1", "s2", "s3"), 7)
    assert sorted(drawn) == ["s1", "s2", "s3"] and drawn == po.draw(("s1", "s2", "s3"), 7)
    (stage,) = now.stages
    assert [(m.number, m.players) for m in stage.matches] == [(1, drawn[:2])]
    assert stage.waiting == (drawn[2],) and now.champion is None
    first = drawn[1]
    season, ruleset = playoff(THREE_LEADERS, [{"kind": BARRAGE_WINNER, "player": first,
                                               "round": 1}], seed=7)  # fmt: skip
    now = po.state(season, ruleset)
    assert [(m.number, m.players, m.winner) for m in now.stages[1].matches] == [
        (2, (first, drawn[2]), None)
    ]
    assert now.champion is None
    decided = [{"kind": BARRAGE_WINNER, "player": first, "round": 1},
               {"kind": BARRAGE_WINNER, "player": drawn[2], "round": 2}]  # fmt: skip
    season, ruleset = playoff(THREE_LEADERS, decided, seed=7)
    assert po.state(season, ruleset).champion == drawn[2]


def test_ds20_the_draw_depends_on_the_seed_only() -> None:
    """Among the seeds 1..20 at least two different orders come out (a draw, not a fixed
    order), and each seed gives its order every time (reproducible)."""
    orders = {po.draw(("s1", "s2", "s3", "s4"), seed) for seed in range(1, 21)}
    assert len(orders) > 1
    assert all(po.draw(("s1", "s2", "s3", "s4"), s) == po.draw(("s1", "s2", "s3", "s4"), s)
               for s in range(1, 21))  # fmt: skip


def test_ds20_four_leaders_two_barrages_then_their_winners_meet() -> None:
    """Every game drawn: each player ½ + ½ + ½ = 1½: four leaders. Drawn order p1..p4:
    barrage 1 p1-p2 and barrage 2 p3-p4 (nobody waits); then barrage 3 between their
    winners decides the title."""
    draws = ["s1-s4 =, s2-s3 =", "s4-s3 =, s1-s2 =", "s2-s4 =, s3-s1 ="]
    season, ruleset = playoff(draws, seed=3)
    now = po.state(season, ruleset)
    assert now.leaders == ("s1", "s2", "s3", "s4")
    p = po.draw(now.leaders, 3)
    assert [(m.number, m.players) for m in now.stages[0].matches] == [(1, p[:2]), (2, p[2:])]
    won = [{"kind": BARRAGE_WINNER, "player": p[0], "round": 1},
           {"kind": BARRAGE_WINNER, "player": p[3], "round": 2},
           {"kind": BARRAGE_WINNER, "player": p[3], "round": 3}]  # fmt: skip
    season, ruleset = playoff(draws, won, seed=3)
    now = po.state(season, ruleset)
    assert [(m.number, m.players) for m in now.stages[1].matches] == [(3, (p[0], p[3]))]
    assert now.champion == p[3]


# --------------------------------------------------------------------------- the service


def source_store(next_season: bool = True) -> tuple[MemoryStore, int, int | None]:
    """The ladder of the final-list test (seeds b c a e, final list b c e a d f) as
    'DS/2025/Ladder', and (optionally) next season's fresh ladder 'DS/2026/Ladder'."""
    store = MemoryStore()
    data = season_data("dubbelschaak", RATED, [B_WINS, B_WINS, A_WINS], overrides=ONE_CATEGORY,
                       club="DS", competition="Ladder")  # fmt: skip
    source = store.import_season(season_file.parse(data, "test"), actor=ADMIN)
    later = None
    if next_season:
        fresh = season_data("dubbelschaak", RATED, [], overrides=ONE_CATEGORY, club="DS",
                            competition="Ladder", season="2026")  # fmt: skip
        later = store.import_season(season_file.parse(fresh, "test"), actor=ADMIN)
    return store, source, later


def test_plan_offers_the_seeds_the_final_list_and_next_seasons_ladder_first() -> None:
    store, source, later = source_store()
    (plan,) = svc.plans(store, source)
    assert (plan.category, plan.seeds, plan.final_list) == (
        "alle", ("b", "c", "a", "e"), ("b", "c", "e", "a", "d", "f"),
    )  # fmt: skip
    assert [i.id for i in plan.ladders] == [later, source]
    # the next season's ladder has not started: its first cycle's first three rounds
    fresh = store.load(later)
    assert svc.first_free_rounds(fresh, store.ruleset(later), 3) == (1, 2, 3)
    # the same ladder, all its three cycles (of one round) played: the rounds after it
    assert svc.first_free_rounds(store.load(source), store.ruleset(source), 3) == (4, 5, 6)


def test_create_builds_the_berger_rounds_on_the_ladder_evenings() -> None:
    """Seeds b c a e: Berger 1-4 2-3 / 4-3 1-2 / 2-4 3-1 = b-e c-a / e-a b-c / c-e a-b, on
    next season's ladder rounds 1, 2, 3; the barrage draw's seed on round 1; players with
    the ladder's ids and names, strength = seed."""
    store, source, later = source_store()
    cid = svc.create(store, source, Request("alle", later, (1, 2, 3)), actor=ADMIN, draw_seed=5)
    made = store.load(cid)
    assert (made.club, made.season, made.competition) == ("DS", "2026", "Play-off alle 2025")
    assert made.ladder == "DS/2026/Ladder" and made.ruleset.preset == "ds-playoff"
    assert [(p.id, p.name, p.strength) for p in made.players] == [
        ("b", "B", 1), ("c", "C", 2), ("a", "A", 3), ("e", "E", 4),
    ]  # fmt: skip
    assert [(r.number, r.ladder_round, [(g.white, g.black) for g in r.games or ()])
            for r in made.rounds] == [
        (1, 1, [("b", "e"), ("c", "a")]), (2, 2, [("e", "a"), ("b", "c")]),
        (3, 3, [("c", "e"), ("a", "b")]),
    ]  # fmt: skip
    now = po.state(made, store.ruleset(cid))
    assert (now.source, now.category, now.draw_seed) == ("DS/2025/Ladder", "alle", 5)
    assert store.log(cid, 1)[0].action == svc.CREATE_ACTION
    # found again from the ladder: the plan knows it exists, a second one is refused
    assert svc.plans(store, source)[0].existing == cid
    before = store.competitions()
    with pytest.raises(PlayoffError) as twice:
        svc.create(store, source, Request("alle", later, (1, 2, 3)), actor=ADMIN)
    assert twice.value.text("nl") == "De play-off van categorie alle is al aangemaakt."
    assert store.competitions() == before


def test_ds19_a_seed_who_cannot_play_is_replaced_from_the_final_list_and_logged() -> None:
    """c (seed 2) cannot play: the director takes d from the final list (b c e a d f; b,
    c, a, e are seeded, so d is the next one). The play-off's seeds are b d a e; the change
    log's entry of the creation carries the reason, and the play-off keeps a
    'playoff-replacement' decision for seed 2."""
    store, source, later = source_store()
    request = Request("alle", later, (1, 2, 3), {"c": "d"}, "op vakantie")
    cid = svc.create(store, source, request, actor=ADMIN, draw_seed=5)
    made = store.load(cid)
    assert [p.id for p in made.players] == ["b", "d", "a", "e"]
    (entry,) = [e for e in store.log(cid) if e.action == svc.CREATE_ACTION]
    assert entry.reason == "DS-19: C -> D: op vakantie"
    (moved,) = po.state(made, store.ruleset(cid)).replacements
    assert (moved.player, moved.round, moved.note) == ("d", 2, "C: op vakantie")


@pytest.mark.parametrize(
    ("replacements", "reason", "message"),
    [
        ({"c": "z"}, "ziek", "z staat niet op de eindranglijst van categorie alle."),
        ({"c": "e"}, "ziek", "E heeft al een startnummer in de play-off."),
        ({"d": "f"}, "ziek", "D heeft geen startnummer in deze play-off."),
        ({"c": "d"}, " ", "Geef een reden waarom een geplaatste speler vervangen wordt."),
    ],
)
def test_a_bad_replacement_is_refused_and_nothing_is_created(replacements, reason, message):
    store, source, later = source_store()
    before = store.competitions()
    with pytest.raises(PlayoffError) as refused:
        svc.create(store, source, Request("alle", later, (1, 2, 3), replacements, reason),
                   actor=ADMIN)  # fmt: skip
    assert refused.value.text("nl") == message
    assert store.competitions() == before


@pytest.mark.parametrize(
    ("rounds", "message"),
    [
        (
            (1, 2),
            "Geef voor elk van de 3 play-off-ronden één ladderronde (een geheel getal vanaf 1).",
        ),
        ((1, 1, 2), "Twee play-off-ronden staan op dezelfde ladderronde."),
        # three cycles of one round: the ladder has rounds 1-3
        ((2, 3, 4), "Ladderronde 4 bestaat niet: de ladder heeft ronden 1 tot en met 3."),
    ],
)
def test_bad_ladder_rounds_are_refused(rounds, message) -> None:
    store, source, later = source_store()
    with pytest.raises(PlayoffError) as refused:
        svc.create(store, source, Request("alle", later, rounds), actor=ADMIN)
    assert refused.value.text("nl") == message


def test_a_played_ladder_round_is_refused_in_the_same_ladder() -> None:
    """Without a next season the play-off is played in the same ladder; its round 3 is
    played already."""
    store, source, _ = source_store(next_season=False)
    (plan,) = svc.plans(store, source)
    assert [i.id for i in plan.ladders] == [source]
    with pytest.raises(PlayoffError) as refused:
        svc.create(store, source, Request("alle", source, (3, 4, 5)), actor=ADMIN)
    assert (
        refused.value.text("en") == "Ladder round 3 has been played already: choose a later round."
    )


def test_record_barrage_only_for_a_player_in_an_open_barrage() -> None:
    """Seeds b c a e play TWO_LEADERS' results with b as s1, c as s2: b and c lead on
    2½ each; barrage 1 b-c. Recording e (not in a barrage) is refused; recording c makes c
    champion, and the decision is logged."""
    store, source, later = source_store()
    cid = svc.create(store, source, Request("alle", later, (1, 2, 3)), actor=ADMIN, draw_seed=5)
    made = store.load(cid)
    results = {("b", "e"): "1-0", ("c", "a"): "1-0", ("e", "a"): "0-1", ("b", "c"): "1/2-1/2",
               ("c", "e"): "1-0", ("a", "b"): "0-1"}  # fmt: skip
    for rnd in made.rounds:
        games = tuple(replace(g, result=Result(results[g.players])) for g in rnd.games or ())
        made = made.with_round(replace(rnd, games=games))
    made = store.save_season(cid, made, actor=ADMIN, action="results")
    with pytest.raises(PlayoffError) as refused:
        svc.record_barrage(store, cid, "e", actor=ADMIN, read=made)
    assert refused.value.text("nl") == (
        "E speelt geen barrage waarvan de winnaar nog vastgelegd moet worden."
    )
    after = svc.record_barrage(store, cid, "c", actor=ADMIN, read=made)
    assert po.state(after, store.ruleset(cid)).champion == "c"
    assert Decision(BARRAGE_WINNER, "c", category="alle", round=1) in (after.decisions or ())


def test_cli_winners_prints_the_playoff_state(tmp_path, capsys) -> None:
    """compcore winners on a play-off: TWO_LEADERS' table (s1 2½, s2 2½, s3 1, s4 0), the
    barrage s1-s2 and, once recorded, the champion; JSON with exact points."""
    import json

    from compcore.cli.main import main

    players = [{"id": f"s{i}", "name": f"S{i}", "strength": i} for i in range(1, 5)]
    decided = [{"kind": BARRAGE_WINNER, "player": "s2", "round": 1},
               {"kind": po.PLAYOFF_OF, "player": "s1", "category": "1900+", "note": "DS/2025/L"}]  # fmt: skip
    data = season_data("ds-playoff", players, TWO_LEADERS, decisions=decided)
    path = tmp_path / "playoff.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["winners", str(path)]) == 0
    text = capsys.readouterr().out
    assert "Play-off om het clubkampioenschap van DS/2025/L, categorie 1900+." in text
    assert "  1. S1  2½  (3)" in text and "  4. S4  0  (3)" in text
    assert "Gelijk geëindigde koplopers: S1, S2." in text
    assert "Barrage 1: S1 – S2: S2" in text and "Clubkampioen 1900+: S2" in text
    assert main(["--lang", "en", "winners", str(path)]) == 0
    assert "Leaders level on points: S1, S2." in capsys.readouterr().out
    assert main(["winners", str(path), "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)["playoff"]
    assert [(r["player"], r["points"]) for r in out["table"]] == [
        ("s1", "5/2"), ("s2", "5/2"), ("s3", "1"), ("s4", "0"),
    ]  # fmt: skip
    assert out["barrages"] == [{"number": 1, "stage": 1, "players": ["s1", "s2"], "winner": "s2"}]
    assert (out["champion"], out["of"], out["category"]) == ("s2", "DS/2025/L", "1900+")


def test_the_playoff_rounds_take_the_dates_of_their_ladder_evenings() -> None:
    """The ladder plans rounds 1-3 on 2 Sep, 9 Sep, 16 Sep; play-off rounds on ladder
    rounds 2 and 3 get 9 and 16 Sep; one on ladder round 5 (not planned) stays undated."""
    from compcore.domain.model import Calendar, Round

    ladder, _ = load("dubbelschaak", RATED, [], overrides=ONE_CATEGORY)
    ladder = replace(ladder, calendar=Calendar("tuesday", (), ("2025-09-02", "2025-09-09",
                                                               "2025-09-16")))  # fmt: skip
    made, _ = playoff(TWO_LEADERS)
    made = replace(made, rounds=tuple(
        replace(r, ladder_round=n) for r, n in zip(made.rounds, (2, 3, 5), strict=True)))  # fmt: skip
    dated = svc.with_dates(made, ladder)
    assert [r.date for r in dated.rounds] == ["2025-09-09", "2025-09-16", None]
    assert isinstance(dated.rounds[0], Round)


def test_a_playoff_season_file_reads_and_writes_the_same() -> None:
    """Export -> import -> export of a created play-off gives the same file (its
    ladder, ladder rounds, the draw's seed and its decisions are kept)."""
    store, source, later = source_store()
    request = Request("alle", later, (1, 2, 3), {"c": "d"}, "ziek")
    cid = svc.create(store, source, request, actor=ADMIN, draw_seed=9)
    data = season_file.to_data(store.load(cid))
    assert season_file.to_data(season_file.parse(data, "again")) == data
    assert data["ladder"] == "DS/2026/Ladder" and data["rounds"][0]["seed"] == 9


def test_the_ladder_rounds_can_be_moved_until_a_round_has_a_result() -> None:
    """Created on next season's rounds 1, 2, 3; round 1 (b-e, c-a) gets its results. Moving
    rounds 2 and 3 onto ladder rounds 3 and 2 is stored (logged); moving round 1 away from
    ladder round 1 is refused: it has a result. Nothing changes on a refusal."""
    store, source, later = source_store()
    cid = svc.create(store, source, Request("alle", later, (1, 2, 3)), actor=ADMIN, draw_seed=5)
    made = store.load(cid)
    first = made.rounds[0]
    games = tuple(replace(g, result=Result.WHITE_WINS) for g in first.games or ())
    made = store.save_season(cid, made.with_round(replace(first, games=games)), actor=ADMIN,
                             action="results")  # fmt: skip
    moved = svc.move(store, cid, (1, 3, 2), actor=ADMIN, read=made)
    assert [r.ladder_round for r in moved.rounds] == [1, 3, 2]
    assert store.log(cid, 1)[0].action == svc.MOVE_ACTION
    with pytest.raises(PlayoffError) as refused:
        svc.move(store, cid, (2, 3, 1), actor=ADMIN, read=moved)
    assert refused.value.text("nl") == (
        "Ronde 1 van de play-off heeft al een uitslag: die blijft op haar ladderronde."
    )
    assert store.load(cid) == moved


def test_cli_winners_prints_the_final_list(tmp_path, capsys) -> None:
    """The final-list season above: B 8 + 8 + 0 = 16 (seed 1) ... D 0 + 0 + 0 = 0; in JSON
    with exact scores as strings."""
    import json

    from compcore.cli.main import main

    path = tmp_path / "ladder.json"
    data = season_data("dubbelschaak", RATED, [B_WINS, B_WINS, A_WINS], overrides=ONE_CATEGORY)
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["winners", str(path)]) == 0
    text = capsys.readouterr().out
    assert "Eindranglijst over drie cycli: alle" in text
    assert "  1. B  8 + 8 + 0 = 16  (Startnr 1)" in text and "  5. D  0 + 0 + 0 = 0\n" in text
    assert main(["winners", str(path), "--format", "json"]) == 0
    (final,) = json.loads(capsys.readouterr().out)["final_lists"]
    assert final["rows"][3] == {"place": 4, "player": "a", "total": "7", "seed": 3,
                                "cycles": ["0", "0", "7"]}  # fmt: skip
