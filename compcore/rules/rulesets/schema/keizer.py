"""Keizer values (by rank or by rating) and how they are computed; the tie-breaks."""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from compcore.domain.model import Kind
from compcore.rules.rulesets.schema.base import RuleTextError, _Rules, rule_field

# --------------------------------------------------------------------------- Keizer values


class TopRatio(_Rules):
    """DS-1 reading: the top value is ``ratio`` times the bottom one (top = ratio(N-1)/(ratio-1),
    rounded up)."""

    ratio: Fraction = rule_field(gt=1)


class RankValues(_Rules):
    """Values linear in rank: top, top - step, ..., never below ``min`` (DS-1, KC-2)."""

    basis: Literal["rank"] = "rank"
    top: int | Literal["players"] | TopRatio
    step: int = rule_field(default=1, ge=1)
    min: int = rule_field(default=1, ge=0)


class RatingValues(_Rules):
    """Values linear in rating between ``low`` (lowest-rated player) and ``high``
    (highest-rated), following rating updates (MG-1)."""

    basis: Literal["rating"]
    low: Fraction = Fraction(10)
    high: Fraction = Fraction(30)


IterateAt = int | Literal["every", "last"]


class KeizerRules(_Rules):
    """How Keizer scores are computed (the three modes of ``spec/rulesets.md``)."""

    mode: Literal["at-time", "recompute", "iterate"]
    #: rounds after which ``iterate`` runs to a fixed point; ``recompute`` in the others.
    iterate_rounds: tuple[IterateAt, ...] = ()
    values: RankValues | RatingValues = rule_field(discriminator="basis")
    #: safety bound on iteration steps (oscillations are detected long before).
    max_iterations: int = rule_field(default=200, ge=1)

    def check(self) -> None:
        if self.mode == "iterate" and not self.iterate_rounds:
            raise RuleTextError(
                "error.ruleset.iterate_needs_rounds",
                "mode 'iterate' needs iterate_rounds (e.g. ['every'] or [19, 'last'])",
            )
        if self.mode != "iterate" and self.iterate_rounds:
            raise RuleTextError(
                "error.ruleset.rounds_need_iterate",
                "iterate_rounds is only used with mode 'iterate', not {mode}",
                {"mode": repr(self.mode)},
            )


# --------------------------------------------------------------------------- tie-breaks

TieBreak = Literal[
    "initial-order",  # the order before any result (KC-3, LA-2, ...)
    "wins",  # number of won games (LA-10)
    "sonneborn-berger",  # PP-6 weerstandspunten (with sb_adjustment if set)
    "fewest-jokers",  # PP-6
    "buchholz",
    "mutual-result",  # DS-16: the result among the players still level (the group table)
]


class SbAdjustment(_Rules):
    """PP-6: for a joker round, and for an absence after the jokers are used up, add ``share``
    of the player's average Sonneborn-Berger per game."""

    kinds: tuple[Kind, ...] = (Kind.JOKER,)
    after_cap_kinds: tuple[Kind, ...] = (Kind.ABSENT,)
    cap_kind: Kind = Kind.JOKER
    share: Fraction = Fraction(1, 2)
