"""The points table: a points rule (a constant or a fraction of a Keizer value), caps, and
the points of every entry kind."""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from compcore.domain.model import Kind
from compcore.rules.rulesets.schema.base import ZERO, Points, RuleTextError, _Rules, rule_field

# --------------------------------------------------------------------------- points


class Cap(_Rules):
    """ "At most N such entries per scope, then ``then``" (DS-4, PP-2, LA-9, MG-4)."""

    count: int | None = rule_field(default=None, ge=0)
    #: DS-4: the cap is this fraction of the rounds in a cycle, rounded up (0.33 x 12 -> 4).
    fraction_of_cycle_rounds: Fraction | None = None
    scope: Literal["cycle", "season"] = "season"
    #: kinds with the same group share one counter (LA: club-duty counts as an absence).
    group: str | None = None
    then: Points = ZERO

    def check(self) -> None:
        if (self.count is None) == (self.fraction_of_cycle_rounds is None):
            raise RuleTextError(
                "error.ruleset.cap", "give exactly one of 'count' and 'fraction_of_cycle_rounds'"
            )

    def limit(self, rounds_per_cycle: int) -> int:
        if self.count is not None:
            return self.count
        assert self.fraction_of_cycle_rounds is not None
        exact = self.fraction_of_cycle_rounds * rounds_per_cycle
        return -(-exact.numerator // exact.denominator)  # rounded up


class KindRule(_Rules):
    """The points of one entry kind, and its cap if it has one."""

    points: Points
    cap: Cap | None = None


def _zero_rule() -> KindRule:
    return KindRule(points=ZERO)


class PointsTable(_Rules):
    """Points per entry kind. A kind left out is not used by the ruleset: entering it is an
    error (the spec's tables mark those with a dash)."""

    win: KindRule
    draw: KindRule
    loss: KindRule
    forfeit_win: KindRule = rule_field(text_name="forfeit-win")
    forfeit_loss: KindRule = rule_field(text_name="forfeit-loss")
    bye: KindRule | None = None
    absent: KindRule | None = None
    absent_unexcused: KindRule = rule_field(
        default_factory=_zero_rule, text_name="absent-unexcused"
    )
    not_participating: KindRule = rule_field(
        default_factory=_zero_rule, text_name="not-participating"
    )
    external: KindRule | None = None
    club_duty: KindRule | None = rule_field(default=None, text_name="club-duty")
    cup_win: KindRule | None = rule_field(default=None, text_name="cup-win")
    cup_draw: KindRule | None = rule_field(default=None, text_name="cup-draw")
    cup_loss: KindRule | None = rule_field(default=None, text_name="cup-loss")
    joker: KindRule | None = None
    declined_engine: KindRule | None = rule_field(default=None, text_name="declined-engine")
    #: MG-5: whose points make up an ``evening-average`` entry: the players with one of
    #: these kinds that evening. Default: those present who played or won by forfeit; the
    #: no-show (``forfeit-loss``) was not there and is left out.
    evening_average_kinds: tuple[Kind, ...] = rule_field(
        default=(Kind.WIN, Kind.DRAW, Kind.LOSS, Kind.FORFEIT_WIN),
        text_name="evening-average-kinds",
    )

    def check(self) -> None:
        wrong = [k.value for k in self.evening_average_kinds if not k.is_game_outcome]
        if wrong:
            raise RuleTextError(
                "error.ruleset.evening_kinds",
                "evening-average-kinds: {kinds} is not a game result "
                "(allowed: 'win', 'draw', 'loss', 'forfeit-win', 'forfeit-loss')",
                {"kinds": ", ".join(wrong)},
            )

    def rule(self, kind: Kind) -> KindRule | None:
        rule = getattr(self, kind.value.replace("-", "_"))
        # every kind names a field of this table: a KindRule, or None where the kind is unused
        assert rule is None or isinstance(rule, KindRule)
        return rule

    @property
    def kinds(self) -> tuple[Kind, ...]:
        """The kinds this ruleset uses."""
        return tuple(k for k in Kind if self.rule(k) is not None)
