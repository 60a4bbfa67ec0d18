"""What changed since the previous round (issue 10, item 3): places up or down, points
gained, for the standings' change columns."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import repeat
from operator import sub

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
    # who never play, issue 19) share one Change; read a column at a time (in C)
    scale, now, was, order = after.scale, after.units, before.units, after.order
    at = range(1, len(order) + 1)
    earlier = list(map(then.get, order))
    if None in earlier:  # a new member: no places
        places = [None if t is None else t - place for t, place in zip(earlier, at, strict=True)]
    else:
        places = list(map(sub, earlier, at))
    gained = map(sub, map(now.__getitem__, order), map(was.get, order, repeat(0)))
    keys = list(zip(places, gained, strict=True))
    made = {key: Change(key[0], Fraction(key[1], scale)) for key in set(keys)}
    return dict(zip(order, map(made.__getitem__, keys), strict=True))
