"""Issue 22 item 7: the Regellab opens on the club's preset with its most common change,
what an absence earns (``compcore.services.rulelab.suggested_absent``), and the points
text that change writes (``Points.times``)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from compcore.rules.rulesets import load_ruleset
from compcore.rules.rulesets.schema.base import Points
from compcore.services.rulelab import suggested_absent


@pytest.mark.parametrize(
    ("preset", "absence", "suggested"),
    [
        ("dubbelschaak", "2/6 own", "1/6 own"),  # a share of the own value, halved: 2/6 / 2
        ("magnus-senior", "9", "9/2"),  # a fixed amount, halved: 9 / 2
        ("ladder-ab", "1/2", "0"),  # a points ladder: half a point -> nothing
        ("princenpaard", "0", "1/2"),  # nothing -> half a point
    ],
)
def test_the_suggested_change_is_the_absence_halved_or_toggled(preset, absence, suggested):
    ruleset = load_ruleset(preset)
    assert ruleset.points.absent is not None and ruleset.points.absent.points.text == absence
    assert suggested_absent(ruleset) == suggested


def test_points_times_writes_the_ruleset_text():
    assert Points.parse("6/6 opp").times(Fraction(1, 2)) == Points.parse("1/2 opp")
    assert Points.parse("6/6 opp").times(Fraction(1, 2)).text == "1/2 opp"
    assert Points.parse("3").times(Fraction(1, 3)).text == "1"
    evening = Points.parse("evening-average")
    assert evening.times(Fraction(1, 2)) is evening
