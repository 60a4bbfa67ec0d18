"""'Why did my score change?' for a late joiner whose ``not-participating`` rounds score a
share of his own value (a club's override; no preset scores them).

Before he is in the ranking a player has no value: the engine counts his own-value entries
of those rounds with 0 (a place-valued ranking gives an unranked player nothing), and the
explanation must name the same 0, not fail on the missing value (a KeyError was raised).
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from compcore.scoring.explain import ExplainError, explain
from compcore.scoring.standings import standings
from tests.builders import load

PLAYERS = [
    "a",
    "b",
    "c",
    "d",
    {"id": "e", "name": "E", "rating": 1500, "joined_round": 3, "participation": "never"},
]
ROUNDS = ["a-b 1-0, c-d 1/2", "a-c 1-0, b-d 0-1", "a-d 1-0, b-c 1/2", "a-b 1-0, c-d 1/2"]
OWN = {"points": {"not-participating": "1/6 own"}}


@pytest.mark.parametrize("preset", ["keizer-classic", "dubbelschaak"])
@pytest.mark.parametrize("after", [2, 3, 4])
def test_the_explanation_adds_up_to_the_standings(preset: str, after: int) -> None:
    season, ruleset = load(preset, PLAYERS, ROUNDS, overrides=OWN)
    table = standings(season, ruleset, after_round=after)
    result = explain(season, ruleset, "e", round=after)
    assert result.score_after == table.row("e").score
    assert sum((i.points for i in result.items), F(0)) == result.difference


def test_own_value_before_joining_counts_with_0_then_with_his_value() -> None:
    """keizer-classic (recompute until the last round): after round 2 e (joining in round
    3) is ranked last with nothing, his rounds 1 and 2 counted with the value he had
    before, none: 0. After round 4 all four rounds count with his value 26 from S(3):
    4 x 26/6 = 52/3."""
    season, ruleset = load("keizer-classic", PLAYERS, ROUNDS, overrides=OWN)
    early = explain(season, ruleset, "e", round=2)
    assert early.score_after == 0
    assert all(item.points == 0 for item in early.items)
    late = explain(season, ruleset, "e", round=4)
    assert late.score_after == F(52, 3)
    assert "1/6 of your own value 26" in late.items[0].text("en")


@pytest.mark.parametrize("preset", ["keizer-classic", "dubbelschaak"])
def test_before_he_is_ranked_the_standings_stand_and_the_explanation_says_so(
    preset: str,
) -> None:
    """After round 1 e (joining in round 3) is not in the ranking yet, but has an own-value
    entry: the standings are the others' (they raised a KeyError), the explanation refuses
    in words."""
    season, ruleset = load(preset, PLAYERS, ROUNDS, overrides=OWN)
    table = standings(season, ruleset, after_round=1)
    assert "e" not in table.order and len(table.rows) == 4
    with pytest.raises(ExplainError) as refused:
        explain(season, ruleset, "e", round=1)
    assert "e" in refused.value.describe("en")
