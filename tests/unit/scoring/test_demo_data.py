"""The bundled demo seasons: valid, realistic, and exactly what the script makes."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

from compcore.adapters.files import season_file
from compcore.awards.winners import awards
from compcore.domain.model import Kind
from compcore.formats.cup import bracket
from compcore.formats.playoff import state as playoff_state
from compcore.formats.pools_cup import cup_state
from compcore.rules.rulesets import preset_names
from compcore.scoring.standings import standings

DATA = Path(__file__).resolve().parents[3] / "data"
SCRIPTS = DATA.parent / "scripts"
FILES = sorted(DATA.glob("*.json"))
CUP = DATA / "magnus-cup.json"
#: the Dubbelschaak club as a whole (issue 22, item 8): last season's ladder, and the
#: play-off, meerkamp group and Meierij Cup played within this season's ladder
DS_LADDER = DATA / "dubbelschaak.json"
DS_LAST = DATA / "dubbelschaak-2024-2025.json"
DS_PLAYOFF = DATA / "dubbelschaak-playoff.json"
DS_GROUP = DATA / "dubbelschaak-topcompetitie.json"
DS_CUP = DATA / "dubbelschaak-meierij-cup.json"
DS_WITHIN = (DS_PLAYOFF, DS_GROUP, DS_CUP)
LADDERS = [f for f in FILES if f not in (CUP, DS_LAST, *DS_WITHIN)]


def test_one_demo_season_per_preset() -> None:
    presets = {season_file.load(f)[0].ruleset.preset for f in FILES}
    assert {
        "dubbelschaak",
        "keizer-classic",
        "princenpaard",
        "ladder-ab",
        "magnus-senior",
        "magnus-youth",
        "magnus-cup",
        "ds-topcompetitie",
        "ds-meierij-cup",
        "ds-playoff",
    } <= presets
    assert presets <= set(preset_names())


@pytest.mark.parametrize("path", LADDERS, ids=[f.stem for f in LADDERS])
def test_demo_season_is_realistic(path: Path) -> None:
    season, ruleset = season_file.load(path)
    humans = [p for p in season.players if not p.is_engine]
    assert 20 <= len(humans) <= 30
    assert season.last_played >= 12
    assert season.open_round is not None  # the director can pair the next evening at once
    kinds: Counter[Kind] = Counter()
    forfeits = 0
    for rnd in season.played_rounds:
        kinds.update((rnd.entries or {}).values())
        forfeits += sum(1 for g in rnd.games or () if g.result is not None and g.result.is_forfeit)
    assert kinds[Kind.ABSENT] > 0 and kinds[Kind.EXTERNAL] > 0 and forfeits > 0
    assert any(p.withdrawn_round for p in season.players)
    if ruleset.pairing.engine is not None:  # dubbelschaak: the engine plays when odd
        engine = next(p.id for p in season.players if p.is_engine)
        assert any(engine in g.players for r in season.played_rounds for g in r.games or ())
    else:
        assert kinds[Kind.BYE] > 0
    if ruleset.keizer is not None and ruleset.keizer.values.basis == "rating":
        assert season.ratings  # magnus: rating updates during the season
    if Kind.JOKER in ruleset.points.kinds:
        assert kinds[Kind.JOKER] > 0
    assert standings(season, ruleset).rows


def test_cup_demo_is_at_its_final() -> None:
    """The cup demo (MG-7): 16 members, of whom the cup-and-senior flagged entrants are
    drawn round by round; after three played rounds two are left and the final is the open
    round, so the Winnaars page shows a bracket with results and no winner yet."""
    season, ruleset = season_file.load(CUP)
    cup = bracket(season, ruleset)
    assert [r.number for r in cup.rounds] == [1, 2, 3]
    assert all(t.decided for r in cup.rounds for t in r.ties)
    assert len(cup.still_in) == 2 and cup.winner is None and not cup.over
    assert season.open_round is not None and set(season.open_round.present or ()) >= set(
        cup.still_in
    )


def test_demo_files_are_what_the_script_makes() -> None:
    sys.path.insert(0, str(SCRIPTS))
    try:
        import make_demo_data
    finally:
        sys.path.remove(str(SCRIPTS))
    assert make_demo_data.main(["--check"]) == 0, "run: python scripts/make_demo_data.py"


def test_dubbelschaak_last_season_is_over_and_needs_a_play_off() -> None:
    """Last season's ladder: all 36 evenings played (DS-17: three cycles of 12), the same
    members as this season's, and a category whose three cycle winners differ (DS-19)."""
    last, ruleset = season_file.load(DS_LAST)
    this, _ = season_file.load(DS_LADDER)
    assert (last.season, this.season) == ("2024-2025", "2025-2026")
    assert last.last_played == ruleset.total_rounds == 36 and last.open_round is None
    assert last.all_results_in
    assert {p.id for p in last.players} == {p.id for p in this.players}
    playoffs = [c for c in awards(last, ruleset).championships if c.status == "playoff"]
    assert playoffs and all(c.playoff is not None for c in playoffs)


def test_dubbelschaak_competitions_are_played_within_the_ladder() -> None:
    """The play-off, the group and the cup name this season's ladder, and each of their
    rounds one of its evenings, dated as that evening; the boards of the play-off and the
    group are on those evenings with the same result (DS-16, DS-20); the cup's players
    have DS-5's ``external`` there instead (DS-21)."""
    ladder, _ = season_file.load(DS_LADDER)
    key = f"{ladder.club}/{ladder.season}/{ladder.competition}"
    assert ladder.calendar is not None and len(ladder.calendar.dates) == 36
    for path in DS_WITHIN:
        part, _ = season_file.load(path)
        assert part.ladder == key and part.club == ladder.club, path.name
        for rnd in part.rounds:
            assert rnd.ladder_round is not None and rnd.ladder_round <= 36, path.name
            assert rnd.date == ladder.calendar.dates[rnd.ladder_round - 1], path.name
            if rnd.ladder_round > ladder.last_played:
                assert not any(g.result for g in rnd.games or ()), path.name  # still to come
                continue
            there = ladder.round(rnd.ladder_round)
            results = {(g.white, g.black): g.result for g in there.games or ()}
            for game in rnd.games or ():
                if path == DS_CUP:
                    assert (there.entries or {}).get(game.white) is Kind.EXTERNAL
                else:
                    assert results[(game.white, game.black)] == game.result is not None
    # the open evening: the group's boards are forced there, the cup's players external
    group, _ = season_file.load(DS_GROUP)
    evening = ladder.open_round
    assert evening is not None and evening.number == 31
    forced = {(f.white, f.black) for f in evening.forced or ()}
    assert forced == {g.players for g in group.round(4).games or ()}


def test_dubbelschaak_group_cup_and_play_off_show_their_state() -> None:
    """The group (DS-16) halfway: a table with points; the cup (DS-21): its pools played,
    the knock-out and losers' cup drawn on the open evening; the play-off (DS-19, DS-20):
    last season's four seeds of its category, played, its champion known."""
    group, group_rules = season_file.load(DS_GROUP)
    table = standings(group, group_rules)
    assert len(table.rows) == 6 and sum(r.score for r in table.rows) == 3 * 3
    cup, cup_rules = season_file.load(DS_CUP)
    now = cup_state(cup, cup_rules)
    assert len(now.pools) == 2 and all(p.complete for p in now.pools)
    assert [b.name for b in now.stages] == ["main", "losers"]
    assert all(len(b.rounds) == 1 and len(b.still_in) == 4 for b in now.stages)
    assert {b.rounds[0].ladder_round for b in now.stages} == {31}
    last, last_rules = season_file.load(DS_LAST)
    final, final_rules = season_file.load(DS_PLAYOFF)
    play = playoff_state(final, final_rules)
    champ = next(c for c in awards(last, last_rules).championships if c.category == play.category)
    assert champ.playoff is not None and play.seeds == champ.playoff.seeds
    assert play.source == f"{last.club}/{last.season}/{last.competition}"
    assert play.complete and play.champion in play.seeds
