"""DS-9, the rulebook's FAQ 7: the engine unavailable for one evening (its e-board is needed at
an away match). The open round's ``entries`` give the engine ``not-participating``; the odd
one out then gets a plain bye (DS-7, not DS-10's declined-engine), chosen outside the top 5
of the ranking as far as a legal pairing allows (``away_bye_avoid_top = 5``).

Players p1..p7 are rated 2000, 1900, ... 1400; the engine ``komodo`` has no rating, so it is
last in the initial order (DS-2). Eight in the ranking (DS-1): top = ceil(3 * 7 / 2) = 11,
values 11, 10, ..., 4.
"""

from __future__ import annotations

import json
from typing import Any, get_args

from compcore.cli.main import main
from compcore.domain.errors import SeasonError
from compcore.domain.model import Kind
from compcore.pairing import pair, repair_late
from compcore.pairing.check import check
from compcore.rules.rulesets.schema import ColourRule
from compcore.scoring.standings import standings
from tests.builders import load, raises_in_english, season_data

COLOUR_RULES = frozenset(get_args(ColourRule))

AWAY = {"komodo": "not-participating"}
ALL = "p1 p2 p3 p4 p5 p6 p7"


def players(opt_in: tuple[str, ...] = ()) -> list[str | dict[str, Any]]:
    out: list[str | dict[str, Any]] = []
    for i in range(1, 8):
        player: dict[str, Any] = {"id": f"p{i}", "name": f"P{i}", "rating": 2100 - 100 * i}
        if f"p{i}" in opt_in:
            player["flags"] = ["engine-opt-in"]
        out.append(player)
    out.append({"id": "komodo", "name": "Komodo", "virtual": "engine"})
    return out


#: cycle 0 (three rounds, the engine away each time): byes for p7, p6 and p4. Cycle 1,
#: round 4: the engine beats p7 (the only one who opted in), the first named wins every
#: other board.
HISTORY = [
    "p1-p2 1-0, p3-p4 1-0, p5-p6 1-0, p7 bye, komodo not-participating",
    "p1-p3 1-0, p2-p7 1-0, p4-p5 1-0, p6 bye, komodo not-participating",
    "p1-p5 1-0, p2-p6 1-0, p3-p7 1-0, p4 bye, komodo not-participating",
    "p1-p2 1-0, p3-p4 1-0, p5-p6 1-0, p7-komodo 0-1",
]
THREE_PER_CYCLE = {"rounds_per_cycle": 3}
OPT_IN = ("p7",)


def pairs(result) -> set[frozenset[str]]:
    return {frozenset((b.white, b.black)) for b in result.boards}


def test_engine_away_bye_goes_outside_the_top_5():
    """(a) DS-9 FAQ 7. Round 5 (cycle 1) is paired on the standings after round 4, which
    restart per cycle (DS-17): values from the initial order p1 11, p2 10, ..., p7 5,
    komodo 4. Round 4: p1 beat p2 (+10), p3 beat p4 (+8), p5 beat p6 (+6), komodo beat p7
    (+5); the losers have 0 and keep their initial order. Ranking: p1 10, p3 8, p5 6,
    komodo 5, p2 0, p4 0, p6 0, p7 0. The top 5 places: p1, p3, p5, komodo, p2.
    Byes this season: p4, p6, p7 one each (cycle 0), everyone else none.

    Seven present, the engine away: the normal order (fewest byes, then lowest placed)
    would give the bye to p2 (0 byes, place 5: top 5). Avoiding the top 5: p4, p6 and p7
    (one bye each); lowest placed is p7, who gets a plain bye. No engine board; the
    engine's entry is not-participating, with its reason.
    """
    season, ruleset = load(
        "dubbelschaak",
        players(OPT_IN),
        [*HISTORY, {"present": ALL, "entries": AWAY}],
        overrides=THREE_PER_CYCLE,
    )
    assert standings(season, ruleset, after_round=4).order == (
        "p1", "p3", "p5", "komodo", "p2", "p4", "p6", "p7")  # fmt: skip
    result = pair(season, ruleset)
    assert all("komodo" not in (b.white, b.black) for b in result.boards)
    assert list(result.sitting_out) == ["komodo", "p7"]
    entries = result.round.entries
    assert entries is not None
    assert entries["p7"] is Kind.BYE
    assert entries["komodo"] is Kind.NOT_PARTICIPATING
    assert pairs(result) == {
        frozenset(("p1", "p3")), frozenset(("p5", "p2")), frozenset(("p4", "p6"))}  # fmt: skip
    why = result.sitting_out["p7"]
    assert why.key == "bye.engine-away" and why.rule == "DS-9"
    assert why.params["detail"].key == "bye.outside-top"  # type: ignore[union-attr]
    assert "plain bye" in why.text("en") and "outside the top 5" in why.text("en")
    assert "buiten de top 5 van de ranglijst" in why.text("nl")
    engine = result.sitting_out["komodo"]
    assert engine.key == "engine.away" and engine.rule == "DS-9"
    assert engine.text("nl", {"komodo": "Komodo"}).startswith("Komodo is vanavond niet beschikbaar")


def test_without_the_top_avoidance_the_normal_bye_order_applies():
    """The same evening with ``away_bye_avoid_top = 0``: the normal order gives p2 the bye
    (no bye yet, lowest placed of those: place 5), a plain bye although p2 did not opt in
    (with the engine there, DS-10 would make it declined-engine)."""
    overrides = {**THREE_PER_CYCLE, "pairing": {"engine": {"away_bye_avoid_top": 0}}}
    season, ruleset = load(
        "dubbelschaak", players(OPT_IN), [*HISTORY, {"present": ALL, "entries": AWAY}], overrides
    )
    result = pair(season, ruleset)
    assert list(result.sitting_out) == ["komodo", "p2"]
    assert result.round.entries is not None and result.round.entries["p2"] is Kind.BYE
    assert result.sitting_out["p2"].params["detail"].key == "bye.lowest"  # type: ignore[union-attr]


def test_engine_there_on_other_evenings():
    """Without the engine's entry the same round pairs the engine as DS-9 says. Only p7
    opted in and already played it (once a season), so the engine cannot be paired: the
    fallback gives the normal bye order's p2 (place 5: the top 5 is avoided only when the
    engine is away) a declined-engine (DS-10)."""
    season, ruleset = load(
        "dubbelschaak", players(OPT_IN), [*HISTORY, {"present": ALL}], overrides=THREE_PER_CYCLE
    )
    result = pair(season, ruleset)
    assert list(result.sitting_out) == ["p2"]
    assert result.round.entries is not None
    assert result.round.entries["p2"] is Kind.DECLINED_ENGINE


def test_played_round_with_the_engine_away_is_accepted_and_scores_nothing():
    """(b) Rounds 1-3 store the engine as not-participating although seven humans were
    present: accepted (the loader validates), no pairing rule broken (the hand-made colours
    do not keep DS-13; colours are check's business in test_check_colours.py), and the
    engine scores 0.
    After round 1 (values 11..4 from the initial order): p1 beat p2 (+10), p3 beat p4
    (+8), p5 beat p6 (+6), p7's bye is 6/6 of own value 5 (DS-7): p1 10, p3 8, p5 6, p7 5,
    then p2, p4, p6 and komodo with 0. After round 3 the engine still has 0 in cycle 0."""
    season, ruleset = load("dubbelschaak", players(OPT_IN), HISTORY, overrides=THREE_PER_CYCLE)
    assert [v for v in check(season, ruleset) if v.rule not in COLOUR_RULES] == []
    after1 = standings(season, ruleset, after_round=1)
    assert [(row.player, row.score) for row in after1.rows] == [
        ("p1", 10), ("p3", 8), ("p5", 6), ("p7", 5),
        ("p2", 0), ("p4", 0), ("p6", 0), ("komodo", 0)]  # fmt: skip
    after3 = standings(season, ruleset, after_round=3, cycle=0)
    assert next(r.score for r in after3.rows if r.player == "komodo") == 0


#: cycle 0 (five rounds): p6 and p7 each met p1..p5; the others were absent
BLOCKED = [
    "p1-p6 1-0, p2-p7 1-0, p3 absent, p4 absent, p5 absent, komodo not-participating",
    "p2-p6 1-0, p3-p7 1-0, p1 absent, p4 absent, p5 absent, komodo not-participating",
    "p3-p6 1-0, p4-p7 1-0, p1 absent, p2 absent, p5 absent, komodo not-participating",
    "p4-p6 1-0, p5-p7 1-0, p1 absent, p2 absent, p3 absent, komodo not-participating",
    "p5-p6 1-0, p1-p7 1-0, p2 absent, p3 absent, p4 absent, komodo not-participating",
]


def test_top_avoidance_yields_when_no_legal_pairing_allows_otherwise():
    """(c) Overrides: at most one meeting per season. Round 6 opens cycle 1, so the ranking
    is the initial order p1..p7, komodo: the top 5 are p1..p5. p6 and p7 met all of them,
    so each can only play the other: if p7 sits out p6 has no legal partner, and the same
    for p6. Nobody has a bye, so the order is p7, p6 (outside the top 5), then p5, p4, ...
    p5 is the first whose absence leaves a legal pairing (p6-p7, and p1..p4 never met):
    the avoidance yields, and the reason names p7 and p6. No rule is relaxed."""
    overrides = {"rounds_per_cycle": 5, "pairing": {"meetings_scope": "season", "max_meetings": 1}}
    season, ruleset = load(
        "dubbelschaak", players(), [*BLOCKED, {"present": ALL, "entries": AWAY}], overrides
    )
    result = pair(season, ruleset)
    assert list(result.sitting_out) == ["komodo", "p5"]
    assert frozenset(("p6", "p7")) in pairs(result)
    assert not result.relaxed
    detail = result.sitting_out["p5"].params["detail"]
    assert detail.key == "bye.top-yields"  # type: ignore[union-attr]
    assert detail.params["outside"] == ("p7", "p6")  # type: ignore[union-attr]
    assert "p7 and p6 (outside the top 5) could not sit out" in result.sitting_out["p5"].text("en")


def test_top_avoidance_yields_when_only_the_top_is_present():
    """(c) Five humans and the engine: the top 5 places are p1..p5 (the engine, without a
    rating, is sixth). Round 1, the engine away: nobody outside the top 5 is present, so
    the lowest placed without a bye sits out: p5, and the reason says why."""
    season, ruleset = load(
        "dubbelschaak",
        players()[:5] + players()[7:],
        [{"present": "p1 p2 p3 p4 p5", "entries": AWAY}],
    )
    result = pair(season, ruleset)
    assert list(result.sitting_out) == ["komodo", "p5"]
    assert result.sitting_out["p5"].params["detail"].key == "bye.top-none"  # type: ignore[union-attr]
    assert "niemand buiten de top 5" in result.sitting_out["p5"].text("nl")


def test_even_evening_with_the_engine_away_says_so():
    """Six present (p7 absent), the engine away: nobody sits out; the engine's line still
    says why it has no game."""
    season, ruleset = load(
        "dubbelschaak",
        players(OPT_IN),
        [*HISTORY, {"present": "p1 p2 p3 p4 p5 p6", "entries": {**AWAY, "p7": "absent"}}],
        overrides=THREE_PER_CYCLE,
    )
    result = pair(season, ruleset)
    assert len(result.boards) == 3
    assert list(result.sitting_out) == ["komodo"]


def test_the_engine_entrant_has_no_other_entry():
    """Only not-participating says anything about the engine; any other kind is refused with
    one line naming the round and the engine."""
    data = season_data(
        "dubbelschaak", players(), [{"present": ALL, "entries": {"komodo": "absent"}}]
    )
    from compcore.adapters.files import season_file

    with raises_in_english(SeasonError, r"round 1: 'komodo' is the engine entrant"):
        season_file.parse(data, "test")


def test_cli_pair_shows_why_there_is_no_engine_game(tmp_path, capsys):
    """``compcore pair FILE``: the sheet's "not paired" lines name the engine's absence and
    p7's plain bye (the numbers of the first test); ``--format json`` has both entries."""
    path = tmp_path / "season.json"
    data = season_data(
        "dubbelschaak",
        players(OPT_IN),
        [*HISTORY, {"present": ALL, "entries": AWAY}],
        THREE_PER_CYCLE,
    )
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["pair", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Komodo (doet niet mee): Komodo is vanavond niet beschikbaar" in out
    assert "P7 (oneven): de schaakcomputer is vanavond niet beschikbaar, dus gewoon oneven" in out
    assert main(["pair", str(path), "--format", "json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    kinds = {item["player"]: item["kind"] for item in printed["sitting_out"]}
    assert kinds == {"komodo": "not-participating", "p7": "bye"}
    assert printed["round"]["entries"]["komodo"] == "not-participating"
    assert all("komodo" not in (b["white"], b["black"]) for b in printed["boards"])


def test_bad_engine_entry_in_the_cli_exits_2(tmp_path, capsys):
    path = tmp_path / "season.json"
    data = season_data("dubbelschaak", players(), [{"present": ALL, "entries": {"komodo": "bye"}}])
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["pair", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "'komodo' is de schaakcomputer" in err[0]


def test_store_keeps_the_engine_away_in_played_and_open_rounds(tmp_path):
    """(b) The store takes the season of the first test (three played rounds and the open
    round with the engine not-participating) and gives it back unchanged; pairing the
    loaded season still leaves the engine out."""
    from compcore.adapters.files import season_file
    from compcore.adapters.store import Store
    from compcore.ports.actors import Administrator

    season, ruleset = load(
        "dubbelschaak",
        players(OPT_IN),
        [*HISTORY, {"present": ALL, "entries": AWAY}],
        overrides=THREE_PER_CYCLE,
    )
    store = Store(tmp_path / "club.duckdb")
    cid = store.import_season(season, actor=Administrator("test"))
    loaded = store.load(cid)
    assert season_file.dumps(loaded) == season_file.dumps(season)
    assert list(pair(loaded, ruleset).sitting_out) == ["komodo", "p7"]


def test_late_repairing_on_an_evening_without_the_engine():
    """DS-14 with the engine away (DS-9 FAQ 7): the published round no longer says so, so
    the director tells ``repair_late``. Round 5 of the first test, published: p3-p1, p2-p5,
    p6-p4, p7 bye (p1, p5 and p7 opted in here). p3 and p2 do not come: p1, p5 and p7
    wait. With the engine it would join (4 waiting): ranking p1, p3, p5, komodo, ...: p1's
    nearest not yet met this cycle is p5, but then komodo-p7 breaks DS-9's once a season
    (p7 played it in round 4); next is komodo, then p5-p7. With the engine away: three wait,
    one keeps their board or bye; outside the top 5 first: p7 keeps the bye, p1-p5 (not
    yet met this cycle) is the new board, p3 and p2 are absent-unexcused."""
    season, ruleset = load(
        "dubbelschaak",
        players(("p1", "p5", "p7")),
        [*HISTORY, {"present": ALL, "entries": AWAY}],
        overrides=THREE_PER_CYCLE,
    )
    published = season.with_round(pair(season, ruleset).round)
    assert {g.players for g in published.round(5).games} == {
        ("p3", "p1"), ("p2", "p5"), ("p6", "p4")}  # fmt: skip
    with_engine = repair_late(published, ruleset, ["p3", "p2"])
    assert pairs(with_engine) >= {frozenset(("p1", "komodo")), frozenset(("p5", "p7"))}
    away = repair_late(published, ruleset, ["p3", "p2"], engine_away=True)
    assert pairs(away) == {frozenset(("p6", "p4")), frozenset(("p1", "p5"))}
    assert list(away.sitting_out) == ["p7"]
    entries = away.round.entries
    assert entries is not None
    assert entries["p7"] is Kind.BYE and entries["komodo"] is Kind.NOT_PARTICIPATING
    assert entries["p3"] is Kind.ABSENT_UNEXCUSED and entries["p2"] is Kind.ABSENT_UNEXCUSED
