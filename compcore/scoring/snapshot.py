"""The standings after one round (:class:`Snapshot`), and what the ranking chains share.

A chain (:func:`compcore.scoring.keizer.chain` for Keizer rulesets, the points chain of
:mod:`compcore.scoring.standings` for point systems) makes one snapshot per round; this
module holds it, the value tables' protocol, the rankers' signature and two small helpers
both chains and the place-valued forms (:mod:`compcore.scoring.place_forms`) use.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from math import lcm
from typing import Literal, Protocol

from compcore.scoring.entries import Term
from compcore.scoring.values import Number

Method = Literal["initial", "at-time", "recompute", "iterate", "points"]


@dataclass(frozen=True)
class Snapshot:
    """The standings after one round: ranking, exact scores and the values it gives.

    Scores are held as ``units`` of 1/``scale`` points and values as units of
    1/``value_scale`` (whole numbers, so the engine never does fraction arithmetic);
    :attr:`scores` and :meth:`value` give exact fractions when asked.
    """

    round: int
    order: tuple[str, ...]
    units: Mapping[str, Number]
    scale: int = 1
    #: each player's value from this ranking (what beating them is worth next round)
    values: Mapping[str, int] = field(default_factory=dict)
    value_scale: int = 1
    method: Method = "initial"
    iterations: int = 0
    oscillated: bool = False
    period: int = 0
    swapping: tuple[str, ...] = ()
    #: the values (units of 1/``value_scale``) the scores were computed with: for round k's
    #: entries in at-time mode, for every entry of the scope in recompute and iterate mode
    #: (in an oscillation, those of the ranking before the chosen one); empty for S(0) and
    #: point systems. ``values`` is what the ranking gives for the next round.
    scored_with: Mapping[str, int] = field(default_factory=dict)

    @cached_property
    def scores(self) -> dict[str, Fraction]:
        # one Fraction per distinct score (a club's members who never play share the 0)
        # (made per distinct value, then looked up in C: a club has 8,000, issue 19)
        scale, units = self.scale, self.units
        made: dict[Number, Fraction] = {u: Fraction(u, scale) for u in set(units.values())}
        return dict(zip(units, map(made.__getitem__, units.values()), strict=True))

    def value(self, player: str) -> Fraction:
        return Fraction(self.values[player], self.value_scale)

    def shown_value(self, player: str) -> Fraction:
        """The value the standings show (KC-14 Wa; issue 10, item 3: values and scores agree).

        After an iterated round: the value the scores were computed with. At a fixed point
        that is the ranking's own value; at an oscillation (KC-4) the chosen ranking's own
        values would give other scores, so the column shows the values actually used and
        the diagnostics the ranking's own (:attr:`values`). Otherwise (recompute, DS-1 "op
        basis van de actuele ranglijst"; at-time) the value from this ranking, the one the
        next round is scored with.
        """
        if self.method == "iterate" and player in self.scored_with:
            return Fraction(self.scored_with[player], self.value_scale)
        return self.value(player)


#: rank(scores in units of 1/scale, scale, round) -> players in order
Ranker = Callable[[Mapping[str, Number], int, int], tuple[str, ...]]


class Zeros:
    """``dict.fromkeys(players, 0)``, made once per population (by identity) and copied
    after: copying a dict of a club's 8,000 members costs a tenth of building it (issue 19)."""

    def __init__(self) -> None:
        self._made: dict[int, tuple[Sequence[str], dict[str, int]]] = {}

    def __call__(self, players: Sequence[str]) -> dict[str, int]:
        got = self._made.get(id(players))
        if got is None or got[0] is not players:
            got = self._made[id(players)] = (players, dict.fromkeys(players, 0))
        return got[1].copy()


class ValueTable(Protocol):
    """Values as whole numbers of 1/``scale``: ``units(order, k)`` are the values for
    scoring round k when the ranking is ``order``."""

    scale: int

    def units(self, order: Sequence[str], k: int) -> Mapping[str, int]: ...


def scale_for(rounds: Mapping[int, Mapping[str, Sequence[Term]]]) -> int:
    """L: the least common denominator of every amount, so coefficients are whole numbers."""
    denominators = {
        a.denominator for terms in rounds.values() for ts in terms.values() for a, _ in ts
    }
    return lcm(1, *denominators)
