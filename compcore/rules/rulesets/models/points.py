"""The points table's refusals: caps, one kind's rule (and its shorthand), the table itself
(mirrors :mod:`compcore.rules.rulesets.schema.points`).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, model_validator
from pydantic_core import PydanticCustomError

from compcore.domain.model import Kind
from compcore.rules.rulesets.models.base import ExactNumber, PointsField, _Frozen
from compcore.rules.rulesets.schema import ZERO


class Cap(_Frozen):
    """ "At most N such entries per scope, then ``then``" (DS-4, PP-2, LA-9, MG-4)."""

    count: int | None = Field(default=None, ge=0)
    #: DS-4: the cap is this fraction of the rounds in a cycle, rounded up (0.33 x 12 -> 4).
    fraction_of_cycle_rounds: ExactNumber | None = None
    scope: Literal["cycle", "season"] = "season"
    #: kinds with the same group share one counter (LA: club-duty counts as an absence).
    group: str | None = None
    then: PointsField = ZERO

    @model_validator(mode="after")
    def _one_count(self) -> Cap:
        if (self.count is None) == (self.fraction_of_cycle_rounds is None):
            raise PydanticCustomError(
                "error.ruleset.cap", "give exactly one of 'count' and 'fraction_of_cycle_rounds'"
            )
        return self


def _kind_rule_shorthand(value: Any) -> Any:
    return {"points": value} if isinstance(value, str | int) else value


class KindRule(_Frozen):
    """The points of one entry kind, and its cap if it has one."""

    points: PointsField
    cap: Cap | None = None


KindRuleField = Annotated[KindRule, BeforeValidator(_kind_rule_shorthand)]


class PointsTable(_Frozen):
    """Points per entry kind. A kind left out is not used by the ruleset: entering it is an
    error (the spec's tables mark those with a dash)."""

    win: KindRuleField
    draw: KindRuleField
    loss: KindRuleField
    forfeit_win: KindRuleField = Field(alias="forfeit-win")
    forfeit_loss: KindRuleField = Field(alias="forfeit-loss")
    bye: KindRuleField | None = None
    absent: KindRuleField | None = None
    absent_unexcused: KindRuleField = Field(
        default_factory=lambda: KindRule(points=ZERO), alias="absent-unexcused"
    )
    not_participating: KindRuleField = Field(
        default_factory=lambda: KindRule(points=ZERO), alias="not-participating"
    )
    external: KindRuleField | None = None
    club_duty: KindRuleField | None = Field(default=None, alias="club-duty")
    cup_win: KindRuleField | None = Field(default=None, alias="cup-win")
    cup_draw: KindRuleField | None = Field(default=None, alias="cup-draw")
    cup_loss: KindRuleField | None = Field(default=None, alias="cup-loss")
    joker: KindRuleField | None = None
    declined_engine: KindRuleField | None = Field(default=None, alias="declined-engine")
    #: MG-5: whose points make up an ``evening-average`` entry: the players with one of
    #: these kinds that evening. Default: those present who played or won by forfeit; the
    #: no-show (``forfeit-loss``) was not there and is left out.
    evening_average_kinds: tuple[Kind, ...] = Field(
        default=(Kind.WIN, Kind.DRAW, Kind.LOSS, Kind.FORFEIT_WIN), alias="evening-average-kinds"
    )

    @model_validator(mode="after")
    def _averaged_kinds_are_game_results(self) -> PointsTable:
        wrong = [k.value for k in self.evening_average_kinds if not k.is_game_outcome]
        if wrong:
            raise PydanticCustomError(
                "error.ruleset.evening_kinds",
                "evening-average-kinds: {kinds} is not a game result "
                "(allowed: 'win', 'draw', 'loss', 'forfeit-win', 'forfeit-loss')",
                {"kinds": ", ".join(wrong)},
            )
        return self

    def rule(self, kind: Kind) -> KindRule | None:
        rule = getattr(self, kind.value.replace("-", "_"))
        # every kind names a field of this table: a KindRule, or None where the kind is unused
        assert rule is None or isinstance(rule, KindRule)
        return rule

    @property
    def kinds(self) -> tuple[Kind, ...]:
        """The kinds this ruleset uses."""
        return tuple(k for k in Kind if self.rule(k) is not None)
