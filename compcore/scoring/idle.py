"""Members who never play (issue 19), as the standings treat them: who they are
(:func:`idle_members`) and rankings with them as one block (:class:`IdleRanking`).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Mapping
from itertools import filterfalse

from compcore.domain.model import Kind
from compcore.rules.rulesets.schema import Ruleset
from compcore.scoring.history import History


def idle_members(hist: History, ruleset: Ruleset) -> frozenset[str]:
    """The members the standings may treat as one (issue 19): those with nothing but
    ``not-participating`` in every round (:attr:`History.idle`), where that kind scores
    nothing (no points, none after a cap) and is not averaged (MG-5). Each of them then
    has score 0, every tie-break 0 and no entry that counts, so they rank as one block in
    the initial order and share one computed standings line but for their place.
    Empty where the ruleset scores ``not-participating``: the full computation then."""
    if not hist.idle:
        return frozenset()
    rule = ruleset.points.rule(Kind.NOT_PARTICIPATING)
    if rule is not None and not (
        rule.points.is_zero and (rule.cap is None or rule.cap.then.is_zero)
    ):
        return frozenset()
    if Kind.NOT_PARTICIPATING in ruleset.points.evening_average_kinds:
        return frozenset()
    return hist.idle


_Split = tuple[tuple[str, ...], tuple[str, ...], list[int]]


class IdleRanking:
    """Rankings where the idle members (:func:`idle_members`) are a block: the others are
    sorted on their keys, the block (already in the initial order) goes in as a whole, and
    only an active player whose key equals theirs (score 0, every tie-break 0) is merged
    into it by the initial order. The same order as sorting everyone."""

    def __init__(self, idle: frozenset[str], tie_index: Mapping[str, int]) -> None:
        """``tie_index``: every member's place (from 0) in the initial order, kept in
        that order (a dict built from it: :func:`~compcore.scoring.standings.standings`)."""
        self.idle = idle
        self.tie_index = tie_index
        #: told of every ranking with the block whole (:meth:`RankTable.mark_block`)
        self.mark: Callable[[tuple[str, ...], tuple[str, ...], int], None] | None = None
        #: per population (by identity): it, its active players, the idle ones in the
        #: initial order and their places in it
        self._split: dict[int, tuple[tuple[str, ...], _Split]] = {}

    def split(self, players: tuple[str, ...]) -> _Split:
        """(the active players, the idle ones in the initial order, their places in it)
        of a population (kept per population: there are few)."""
        got = self._split.get(id(players))
        if got is not None and got[0] is players:
            return got[1]
        idle = self.idle
        members = idle.intersection(players)
        # in the initial order: read off the index's own order, not sorted (a club's
        # 8,000: 0.2 ms, not 1.5)
        block = tuple(filter(members.__contains__, self.tie_index))
        split = (
            tuple(filterfalse(idle.__contains__, players)),
            block,
            list(map(self.tie_index.__getitem__, block)),
        )
        self._split[id(players)] = (players, split)
        return split

    def merge(
        self,
        keys: Mapping[str, tuple[object, ...]],
        block: tuple[str, ...],
        block_index: list[int],
        zero: tuple[object, ...],
    ) -> tuple[str, ...]:
        """The ranking of the active players' ``keys`` (lower first, then the initial
        order) with ``block``, whose key is ``zero``."""
        index = self.tie_index
        ordered = sorted(keys, key=lambda p: (keys[p], index[p]))
        before = [p for p in ordered if keys[p] < zero]
        after = [p for p in ordered if keys[p] > zero]
        if len(before) + len(after) == len(ordered):
            order = (*before, *block, *after)
            if self.mark is not None:
                self.mark(order, block, len(before))
            return order
        out = before
        at = 0
        for p in ordered[len(before) : len(ordered) - len(after)]:
            place = bisect_right(block_index, index[p], lo=at)
            out.extend(block[at:place])
            out.append(p)
            at = place
        out.extend(block[at:])
        out.extend(after)
        return tuple(out)
