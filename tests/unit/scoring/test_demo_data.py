"""The bundled demo seasons: valid, realistic, and exactly what the script makes."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

from compcore.adapters.files import season_file
from compcore.domain.model import Kind
from compcore.formats.cup import bracket
from compcore.rules.rulesets import preset_names
from compcore.scoring.standings import standings

DATA = Path(__file__).resolve().parents[3] / "data"
SCRIPTS = DATA.parent / "scripts"
FILES = sorted(DATA.glob("*.json"))
CUP = DATA / "magnus-cup.json"
LADDERS = [f for f in FILES if f != CUP]


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
