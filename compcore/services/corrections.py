"""Correcting an old result (issue 9, item 5): what the correction changes, shown before it
is saved.

The director changes a result of a finalized round. The later rounds' pairings stay as they
were played (a correction never re-pairs), but every score and place after the latest round
is computed afresh from the corrected results. :func:`preview` gives, before anything is
stored, the standings after the latest complete round as they are and as they would be: for
each player whose place or score changes, both. The Ronde page shows it; saving is
:func:`compcore.services.round.correct_results`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from compcore.domain.model import Season
from compcore.rules.changes import BoardResult, merged_results
from compcore.rules.rulesets import Ruleset
from compcore.scoring.standings import Standings, last_complete_round, standings


@dataclass(frozen=True, slots=True)
class Moved:
    """One player whose place or score the correction changes."""

    player: str
    name: str
    place_before: int
    place_after: int
    score_before: Fraction
    score_after: Fraction


@dataclass(frozen=True, slots=True)
class Preview:
    """The standings after round ``after_round`` before and after the correction: the
    players whose place or score changes (sorted by their new place), and the season as it
    would be stored."""

    after_round: int
    moved: tuple[Moved, ...]
    corrected: Season


def corrected_season(season: Season, number: int, boards: Sequence[BoardResult]) -> Season:
    """The season with round ``number``'s boards changed as the director entered them; every
    other round (later pairings included) as played. Refused like the save itself when a
    board changed since it was read (:func:`compcore.rules.changes.merged_results`)."""
    new_round, _ = merged_results(season, number, boards)
    return season.with_round(new_round)


def preview(
    season: Season, ruleset: Ruleset, number: int, boards: Sequence[BoardResult]
) -> Preview:
    """What correcting round ``number``'s ``boards`` does to the standings after the latest
    complete round (compcore's standings on the corrected season; nothing is stored)."""
    corrected = corrected_season(season, number, boards)
    latest = last_complete_round(season)
    before = standings(season, ruleset, after_round=latest)
    after = standings(corrected, ruleset, after_round=latest)
    return Preview(latest, moved_players(before, after), corrected)


def moved_players(before: Standings, after: Standings) -> tuple[Moved, ...]:
    """The players whose place (rank) or score differs between two standings, by their new
    place."""
    old = {row.player: row for row in before.rows}
    out = []
    for row in after.rows:
        was = old.get(row.player)
        if was is None or (was.rank, was.score) == (row.rank, row.score):
            continue
        out.append(Moved(row.player, row.name, was.rank, row.rank, was.score, row.score))
    return tuple(sorted(out, key=lambda m: m.place_after))
