"""Keizer value tables: what each player is worth for a given ranking or rating list."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from math import lcm

from compcore.rules.rulesets.schema import RankValues, RatingValues, TopRatio

Number = int | Fraction


def top_value(values: RankValues, players: int) -> int:
    """The value of rank 1 (DS-1, KC-2).

    A fixed number (KC-2: 30), the number of players, or a top/bottom ratio r:
    top = r x bottom with bottom = top - (N - 1) gives top = r(N-1)/(r-1), rounded up
    (DS-1: r = 3, so N = 25 gives top 36 and bottom 12).
    """
    if isinstance(values.top, int):
        return values.top
    if values.top == "players":
        return players
    assert isinstance(values.top, TopRatio)
    r = values.top.ratio
    exact = r * (players - 1) * values.step / (r - 1)
    return -(-exact.numerator // exact.denominator)


def rank_values(values: RankValues, order: Sequence[str]) -> dict[str, int]:
    """Values by rank: top, top - step, ..., never below ``min`` (DS-1, KC-2)."""
    return dict(zip(order, place_values(values, len(order)), strict=True))


def place_values(values: RankValues, n: int) -> list[int]:
    """The values of places 1..n: top, top - step, ..., never below ``min``; built in
    two ranges rather than place by place (a club with 8,000 members who never play
    ranks them all every round, issue 19)."""
    top, step, low = top_value(values, n), values.step, values.min
    above = 0 if top < low else min(n, (top - low) // step + 1)  # places valued above min
    return [*range(top, top - above * step, -step), *([low] * (n - above))]


def rating_values(values: RatingValues, ratings: Mapping[str, int | None]) -> dict[str, Fraction]:
    """MG-1: linear in rating, ``low`` for the lowest-rated player of the pool and ``high``
    for the highest. Not rounded. A player without any rating (not even the director's
    estimate) is valued as the lowest-rated; if everyone has the same rating, everyone gets
    the middle of the range."""
    known = [r for r in ratings.values() if r is not None]
    if not known:
        middle = (values.low + values.high) / 2
        return dict.fromkeys(ratings, middle)
    lo, hi = min(known), max(known)
    if hi == lo:
        return dict.fromkeys(ratings, (values.low + values.high) / 2)
    # one Fraction per distinct rating (a club's members share a handful, issue 19)
    made: dict[int | None, Fraction] = {}
    out: dict[str, Fraction] = {}
    for pid, rating in ratings.items():
        value = made.get(rating)
        if value is None:
            r = lo if rating is None else rating
            value = made[rating] = values.low + (values.high - values.low) * Fraction(
                r - lo, hi - lo
            )
        out[pid] = value
    return out


class RankTable:
    """Rank-based values as whole numbers (scale 1)."""

    scale = 1

    def __init__(self, values: RankValues) -> None:
        self.values = values
        #: the last ranking asked for and its values (the chain asks for the values of one
        #: ranking up to three times: to score the next round, to show, to explain)
        self._last: tuple[Sequence[str], dict[str, int]] | None = None
        self._places: dict[int, list[int]] = {}
        #: rankings known to hold a block of players from some place on (by identity:
        #: ranking, block, its first place), and the block's values per (block, place, n)
        self._blocks: dict[int, tuple[Sequence[str], tuple[str, ...], int]] = {}
        self._block_values: dict[tuple[int, int, int], tuple[tuple[str, ...], dict[str, int]]] = {}

    def units(self, order: Sequence[str], k: int) -> Mapping[str, int]:
        last = self._last
        if last is not None and (last[0] is order or last[0] == order):
            return last[1]
        units = self._by_block(order)
        if units is None:
            units = dict(zip(order, self.positional(len(order)), strict=True))
        if type(order) is tuple:  # a ranking that cannot change after this
            self._last = (order, units)
        return units

    def positional(self, n: int) -> list[int]:
        """The values of places 1..n (one list per n: read only)."""
        got = self._places.get(n)
        if got is None:
            got = self._places[n] = place_values(self.values, n)
        return got

    def mark_block(self, order: tuple[str, ...], block: tuple[str, ...], start: int) -> None:
        """Say that ``order`` holds ``block`` as it is from place ``start`` (from 0) on:
        members who never play, whose values then come from one table per place of the
        block, copied (issue 19: building a table of 8,000 values for every ranking cost
        more than the rest of a club's standings)."""
        self._blocks[id(order)] = (order, block, start)

    def _by_block(self, order: Sequence[str]) -> dict[str, int] | None:
        known = self._blocks.get(id(order))
        if known is None or known[0] is not order:
            return None
        _, block, start = known
        n = len(order)
        places = self.positional(n)
        end = start + len(block)
        key = (id(block), start, n)
        got = self._block_values.get(key)
        if got is None or got[0] is not block:
            got = self._block_values[key] = (
                block,
                dict(zip(block, places[start:end], strict=True)),
            )
        units = got[1].copy()
        units.update(zip(order[:start], places[:start], strict=True))
        units.update(zip(order[end:], places[end:], strict=True))
        return units


class RatingTable:
    """MG-1 values for every round that needs them, as whole numbers of 1/``scale``.

    The values depend only on the ratings valid in round k and on who is in the pool, so
    there are few distinct tables in a season; they are computed once and put on one common
    denominator, which keeps at-time scoring in integer arithmetic.
    """

    def __init__(
        self,
        values: RatingValues,
        rating_at: Callable[[str, int], int | None],
        pools: Mapping[int, Sequence[str]],
        changes: Sequence[int] | None = None,
    ) -> None:
        """``changes``: the rounds from which ratings change, sorted, if known: between
        two of them a pool's ratings are the same, and its table is read once (a club's
        8,000 members are not looked up again for every round, issue 19)."""
        tables: dict[int, dict[str, Fraction]] = {}
        memo: dict[tuple[tuple[str, int | None], ...], dict[str, Fraction]] = {}
        same: dict[tuple[int, int], dict[str, Fraction]] = {}
        for k, pool in pools.items():
            key = (id(pool), bisect_right(changes, k)) if changes is not None else None
            if key is not None and key in same:
                tables[k] = same[key]
                continue
            ratings = tuple((p, rating_at(p, k)) for p in pool)
            if ratings not in memo:
                memo[ratings] = rating_values(values, dict(ratings))
            tables[k] = memo[ratings]
            if key is not None:
                same[key] = tables[k]
        # each distinct value once (by identity: a table shares its Fractions)
        distinct: dict[int, Fraction] = {}
        for table in memo.values():
            for value in table.values():
                distinct[id(value)] = value
        scale = 1
        for denominator in {v.denominator for v in distinct.values()}:
            scale = lcm(scale, denominator)
        self.scale = scale
        whole = {i: (v * scale).numerator for i, v in distinct.items()}
        converted = {
            id(table): {p: whole[id(v)] for p, v in table.items()} for table in memo.values()
        }
        self._units = {k: converted[id(table)] for k, table in tables.items()}

    def units(self, order: Sequence[str], k: int) -> Mapping[str, int]:
        return self._units[k]
