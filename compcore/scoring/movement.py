"""What changed since the previous round (issue 10, item 3): places up or down, points
gained, for the standings' change columns."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from compcore.scoring.snapshot import Snapshot


@dataclass(frozen=True, slots=True)
class Change:
    """One player's change since the previous standings of the same scope."""

    #: places gained (+) or lost (-); None for a player not in the previous ranking
    places: int | None
    #: score now minus score then (exact; negative where a recompute lowered it)
    points: Fraction


def changes(snapshots: Sequence[Snapshot]) -> dict[str, Change]:
    """Each player's change from the previous snapshot of the scope to the last one.

    The previous snapshot is the standings after the previous complete round of the same
    scope (one cycle where standings restart per cycle, DS-17); after the scope's first
    round it is the start, S(0): the initial order with every score 0. ``snapshots`` must be
    the whole chain (``standings(..., detail=True)``); with fewer than two there is nothing
    to compare and the answer is empty. A player not ranked before (a new member) has
    ``places`` None and gained his whole score.
    """
    if len(snapshots) < 2:
        return {}
    before, after = snapshots[-2], snapshots[-1]
    then = dict(zip(before.order, range(1, len(before.order) + 1), strict=True))
    if before.scale != after.scale:
        old = before.scores
        return {
            p: Change(
                places=then[p] - place if p in then else None,
                points=after.scores[p] - old.get(p, Fraction(0)),
            )
            for place, p in enumerate(after.order, start=1)
        }
    # on one scale the difference of the units is exact; equal changes (a club's members
    # who never play, issue 19) share one Change
    scale, now, was = after.scale, after.units, before.units
    made: dict[tuple[int | None, object], Change] = {}
    out: dict[str, Change] = {}
    for place, p in enumerate(after.order, start=1):
        places = then[p] - place if p in then else None
        units = now[p] - was.get(p, 0)
        change = made.get((places, units))
        if change is None:
            change = made[(places, units)] = Change(places, Fraction(units, scale))
        out[p] = change
    return out
