"""``format_of``: the one answer to "which format is this competition?", pinned for every
bundled preset, and the method-first rule for a section a method does not use."""

from __future__ import annotations

import pytest

from compcore.formats.kind import Format, format_of, is_cup, is_playoff, is_pools_cup
from compcore.rules.rulesets import load_ruleset, preset_names

EXPECTED = {
    "ds-meierij-cup": Format.POOLS_CUP,
    "ds-playoff": Format.PLAYOFF,
    "ds-rembrandt-league": Format.ROUND_ROBIN,
    "ds-topcompetitie": Format.ROUND_ROBIN,
    "ds-weihenstephaner-league": Format.ROUND_ROBIN,
    "dubbelschaak": Format.LADDER,
    "keizer-classic": Format.LADDER,
    "ladder-ab": Format.LADDER,
    "magnus-cup": Format.CUP,
    "magnus-senior": Format.LADDER,
    "magnus-youth": Format.SWISS,
    "princenpaard": Format.SWISS,
}


def test_every_preset_is_pinned() -> None:
    assert set(preset_names()) == set(EXPECTED)


@pytest.mark.parametrize("preset", sorted(EXPECTED))
def test_format_of_each_preset(preset: str) -> None:
    ruleset = load_ruleset(preset)
    kind = format_of(ruleset)
    assert kind is EXPECTED[preset]
    # the round robins (schedule made at creation) are exactly pairing.method "round-robin"
    assert kind.scheduled is (ruleset.pairing.method == "round-robin")
    assert kind.paired is not kind.scheduled
    assert is_cup(ruleset) is (kind is Format.CUP)
    assert is_playoff(ruleset) is (kind is Format.PLAYOFF)
    assert is_pools_cup(ruleset) is (kind is Format.POOLS_CUP)


def test_the_old_questions_answer_as_before_for_every_preset() -> None:
    for preset in preset_names():
        ruleset = load_ruleset(preset)
        assert is_cup(ruleset) is (ruleset.pairing.method == "knockout")
        assert is_playoff(ruleset) is (ruleset.playoff is not None)
        assert is_pools_cup(ruleset) is (ruleset.pools_cup is not None)


def test_the_method_decides_first() -> None:
    # a play-off section on a ladder makes no play-off: the ladder is paired as a ladder
    ladder = load_ruleset("dubbelschaak", {"playoff": {}})
    assert ladder.playoff is not None
    assert format_of(ladder) is Format.LADDER
    group = load_ruleset("ds-topcompetitie", {"playoff": {}})
    assert format_of(group) is Format.PLAYOFF
