"""The whole ruleset's refusals: every section and the checks across them, and
:func:`validate`, the validation's entry (mirrors :mod:`compcore.rules.rulesets.schema.ruleset`).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field, PlainSerializer, model_validator
from pydantic_core import PydanticCustomError

from compcore.rules.rulesets.models.awards import Awards, LadderLink, PlayoffRules
from compcore.rules.rulesets.models.base import _Frozen
from compcore.rules.rulesets.models.evenings import AttendanceRules, ClubRatingRules, EveningRules
from compcore.rules.rulesets.models.keizer import KeizerRules, SbAdjustment
from compcore.rules.rulesets.models.pairing import PairingRules, PoolsCupRules, RoundRobinRules
from compcore.rules.rulesets.models.points import PointsTable
from compcore.rules.rulesets.schema import InitialOrderKey, RuleIds, TieBreak

# --------------------------------------------------------------------------- the ruleset


RuleIdsField = Annotated[
    dict[str, str], AfterValidator(lambda d: RuleIds(d)), PlainSerializer(lambda d: dict(d))
]


class Ruleset(_Frozen):
    """One club's competition rules. Built from a preset plus a season's overrides."""

    name: str
    version: int = Field(default=1, ge=1)
    description: str
    description_nl: str | None = None
    system: Literal["keizer", "points"]
    keizer: KeizerRules | None = None
    points: PointsTable
    cycles: int = Field(default=1, ge=1)
    #: how the club numbers its cycles on every screen, in the CLI and in exports (DS-17:
    #: cyclus 0, 1, 2; PP-5: 1, 2, 3). The season file's ``cycle`` field stays 0-based.
    first_cycle_number: int = Field(default=0, ge=0)
    rounds_per_cycle: int = Field(ge=1)
    #: DS-17 restart: each cycle's standings start from zero and the initial order;
    #: PP-5 accumulate: one standings table over the season
    cycle_standings: Literal["restart", "accumulate"] = "accumulate"
    initial_order: tuple[InitialOrderKey, ...] = ("strength", "rating", "name")
    tie_breaks: tuple[TieBreak, ...] = ("initial-order",)
    #: columns shown as information only (LA-10: Buchholz, SB)
    info_columns: tuple[TieBreak, ...] = ()
    sb_adjustment: SbAdjustment | None = None
    #: PP-3: the count of unexcused no-shows shown per player, with these warnings
    no_show_warnings: tuple[str, ...] = ()
    #: decimals shown for scores and values (MG-1: one decimal); scoring is exact
    display_decimals: int = Field(default=2, ge=0, le=6)
    pairing: PairingRules
    #: the Berger schedule of a ``round-robin`` competition (DS-16, DS-20, DS-21)
    round_robin: RoundRobinRules = Field(default_factory=lambda: RoundRobinRules())
    #: a cup of pools, then knock-outs (DS-21); None: not such a cup
    pools_cup: PoolsCupRules | None = None
    awards: Awards = Field(default_factory=lambda: Awards())
    #: a competition played within a ladder: how it counts there (DS-16, DS-20, DS-21, MG-8)
    ladder_link: LadderLink | None = None
    #: a championship play-off played as a competition (DS-19, DS-20): its barrages
    playoff: PlayoffRules | None = None
    #: members signing off themselves: the deadline per club evening (DS-15, PP-2, KC-9)
    attendance: AttendanceRules = Field(default_factory=lambda: AttendanceRules())
    #: the club evening's start and length, for the calendar file (issue 18 item 7)
    evening: EveningRules = Field(default_factory=lambda: EveningRules())
    #: the club rating's K, initial rating and provisional games (issue 13, DS-2)
    club_rating: ClubRatingRules = Field(default_factory=lambda: ClubRatingRules())
    #: the club's rule ids for generic rule names, for explanations ("max-meetings" ->
    #: "DS-11", "repeat-reversed" -> "DS-13.1"); names: see docs/pairing.md
    rule_ids: RuleIdsField = Field(default_factory=lambda: RuleIds())

    @model_validator(mode="after")
    def _consistent(self) -> Ruleset:
        if self.system == "keizer" and self.keizer is None:
            raise PydanticCustomError(
                "error.ruleset.keizer_missing", "system 'keizer' needs a [keizer] section"
            )
        if self.system == "points" and self.keizer is not None:
            raise PydanticCustomError(
                "error.ruleset.keizer_extra", "system 'points' has no [keizer] section"
            )
        if self.system == "points":
            for kind in self.points.kinds:
                rule = self.points.rule(kind)
                assert rule is not None
                if rule.points.basis != "constant":
                    raise PydanticCustomError(
                        "error.ruleset.points_plain",
                        "points.{kind}: system 'points' needs plain numbers, not {text}",
                        {"kind": kind.value, "text": repr(rule.points.text)},
                    )
        if self.awards.champion == "cup-final" and self.pairing.method != "knockout":
            raise PydanticCustomError(
                "error.ruleset.cup_final",
                "awards.champion 'cup-final' needs pairing.method 'knockout'",
            )
        if self.pairing.method == "round-robin" and self.system != "points":
            raise PydanticCustomError(
                "error.ruleset.round_robin_points",
                "pairing.method 'round-robin' needs system 'points' (its table counts plain points)",
            )
        if self.pairing.bye.method == "engine" and self.pairing.engine is None:
            raise PydanticCustomError(
                "error.ruleset.engine_missing",
                "pairing.bye.method 'engine' needs a [pairing.engine] section",
            )
        return self


def validate(text: str) -> dict[str, Any]:
    """The ruleset JSON ``text`` validated (pydantic's ``ValidationError`` if not) and
    given back as data keyed by field name, every default filled in: what
    :func:`compcore.rules.rulesets.schema.build` reads."""
    return Ruleset.model_validate_json(text).model_dump(mode="json")
