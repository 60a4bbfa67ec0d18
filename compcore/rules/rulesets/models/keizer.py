"""The Keizer values' and the Sonneborn-Berger adjustment's refusals (mirrors
:mod:`compcore.rules.rulesets.schema.keizer`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from compcore.domain.model import Kind
from compcore.rules.rulesets.models.base import ExactNumber, _Frozen
from compcore.rules.rulesets.schema import IterateAt

# --------------------------------------------------------------------------- Keizer values


class TopRatio(_Frozen):
    """DS-1 reading: the top value is ``ratio`` times the bottom one (top = ratio(N-1)/(ratio-1),
    rounded up)."""

    ratio: ExactNumber = Field(gt=1)


class RankValues(_Frozen):
    """Values linear in rank: top, top - step, ..., never below ``min`` (DS-1, KC-2)."""

    basis: Literal["rank"] = "rank"
    top: int | Literal["players"] | TopRatio
    step: int = Field(default=1, ge=1)
    min: int = Field(default=1, ge=0)


class RatingValues(_Frozen):
    """Values linear in rating between ``low`` (lowest-rated player) and ``high``
    (highest-rated), following rating updates (MG-1)."""

    basis: Literal["rating"]
    low: ExactNumber = Fraction(10)
    high: ExactNumber = Fraction(30)


class KeizerRules(_Frozen):
    """How Keizer scores are computed (the three modes of ``spec/rulesets.md``)."""

    mode: Literal["at-time", "recompute", "iterate"]
    #: rounds after which ``iterate`` runs to a fixed point; ``recompute`` in the others.
    iterate_rounds: tuple[IterateAt, ...] = ()
    values: RankValues | RatingValues = Field(discriminator="basis")
    #: safety bound on iteration steps (oscillations are detected long before).
    max_iterations: int = Field(default=200, ge=1)

    @model_validator(mode="after")
    def _iterate_rounds_only_when_iterating(self) -> KeizerRules:
        if self.mode == "iterate" and not self.iterate_rounds:
            raise PydanticCustomError(
                "error.ruleset.iterate_needs_rounds",
                "mode 'iterate' needs iterate_rounds (e.g. ['every'] or [19, 'last'])",
            )
        if self.mode != "iterate" and self.iterate_rounds:
            raise PydanticCustomError(
                "error.ruleset.rounds_need_iterate",
                "iterate_rounds is only used with mode 'iterate', not {mode}",
                {"mode": repr(self.mode)},
            )
        return self


# --------------------------------------------------------------------------- tie-breaks


class SbAdjustment(_Frozen):
    """PP-6: for a joker round, and for an absence after the jokers are used up, add ``share``
    of the player's average Sonneborn-Berger per game."""

    kinds: tuple[Kind, ...] = (Kind.JOKER,)
    after_cap_kinds: tuple[Kind, ...] = (Kind.ABSENT,)
    cap_kind: Kind = Kind.JOKER
    share: ExactNumber = Fraction(1, 2)
