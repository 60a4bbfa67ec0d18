"""The round's pairing takes the standings it is paired on from its caller (issue 20 item 3):
the app hands in the standings it has cached (:func:`compcore.services.round.paired_on`), so
the pairing does not compute them again. These tests hold that handing them in changes
nothing: for rounds of every demo season, reopened as the director found them (the rounds
before it played, its own attendance taken), the proposal with the cached standings is the
proposal the pairing makes on its own."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from compcore.adapters.files import season_file
from compcore.domain.errors import CompcoreError
from compcore.domain.model import Season
from compcore.rules.rulesets import Ruleset
from compcore.scoring.standings import Standings
from compcore.services import reading
from compcore.services import round as rs

DATA = Path(__file__).resolve().parents[2] / "data"


def _opened(season: Season, number: int) -> Season:
    """The season as it stood when round ``number`` was open: the rounds before it, and
    round ``number`` with its attendance but no boards yet."""
    rnd = season.round(number)
    before = season.truncated(number - 1)
    return replace(before, rounds=(*before.rounds, replace(rnd, games=None)))


def test_paired_on_is_after_the_previous_round_of_the_rounds_cycle_where_it_restarts() -> None:
    # DS-17 (Dubbelschaak: standings restart per cycle): round 13 is the first of the second
    # cycle (12 rounds a cycle), so it is paired on the standings after round 12 of cycle 1
    # (0-based: the new cycle, where nobody has points yet).
    season, ruleset = season_file.load(DATA / "dubbelschaak.json")
    assert ruleset.restarts_per_cycle
    assert rs.paired_on(ruleset, season.round(13)) == (12, 1)
    assert rs.paired_on(ruleset, season.round(12)) == (11, 0)
    # KC (Keizer over the whole season): round 13 on the standings after 12, no cycle
    keizer, kc = season_file.load(DATA / "keizer-classic.json")
    assert rs.paired_on(kc, keizer.round(13)) == (12, None)


@pytest.mark.parametrize("path", sorted(DATA.glob("*.json")), ids=lambda p: p.stem)
def test_a_proposal_with_the_cached_standings_is_the_pairings_own(path: Path) -> None:
    season, ruleset = season_file.load(path)
    # played: every result in (a round-robin group stores its whole schedule at once)
    played = [r.number for r in season.rounds if not r.is_open and r.all_results_in]
    assert played, f"{path.name}: a demo season with no played round"
    # the first rounds, a cycle's start and the last: where a ranking's scope changes
    for number in sorted({played[0], played[min(1, len(played) - 1)], played[-1],
                          *(n for n in played if ruleset.cycle_of(n) != ruleset.cycle_of(n - 1))}):  # fmt: skip
        opened = _opened(season, number)
        try:
            own = rs.propose(opened, ruleset)
        except CompcoreError as exc:  # a round this format does not pair: refused both ways
            with pytest.raises(type(exc)):
                rs.propose(opened, ruleset, standings=_cached(season, ruleset, number))
            continue
        handed = rs.propose(opened, ruleset, standings=_cached(season, ruleset, number))
        assert handed.boards == own.boards, f"{path.name} round {number}"
        assert handed.sitters == own.sitters, f"{path.name} round {number}"


def _cached(season: Season, ruleset: Ruleset, number: int) -> Standings:
    """What the app's cache gives for the round: the standings of the whole season (as
    the page read it before the attendance was saved) at the round's ``paired_on``."""
    after_round, cycle = rs.paired_on(ruleset, season.round(number))
    return reading.standings(season, ruleset, after_round=after_round, cycle=cycle)
