"""The whole ruleset: every section in one object, and the club's own rule ids."""

from __future__ import annotations

from typing import Literal

from compcore.rules.rulesets.schema.awards import Awards, LadderLink, PlayoffRules
from compcore.rules.rulesets.schema.base import RuleIds, RuleTextError, _Rules, rule_field
from compcore.rules.rulesets.schema.evenings import AttendanceRules, ClubRatingRules, EveningRules
from compcore.rules.rulesets.schema.keizer import KeizerRules, SbAdjustment, TieBreak
from compcore.rules.rulesets.schema.pairing import PairingRules, PoolsCupRules, RoundRobinRules
from compcore.rules.rulesets.schema.points import PointsTable

# --------------------------------------------------------------------------- the ruleset


#: ``club-rating``: the club rating before the round (``compcore.scoring.club_rating``; DS-2)
InitialOrderKey = Literal["strength", "rating", "club-rating", "name"]


class Ruleset(_Rules):
    """One club's competition rules. Built from a preset plus a season's overrides."""

    name: str
    version: int = rule_field(default=1, ge=1)
    description: str
    description_nl: str | None = None
    system: Literal["keizer", "points"]
    keizer: KeizerRules | None = None
    points: PointsTable
    cycles: int = rule_field(default=1, ge=1)
    #: how the club numbers its cycles on every screen, in the CLI and in exports (DS-17:
    #: cyclus 0, 1, 2; PP-5: 1, 2, 3). The season file's ``cycle`` field stays 0-based.
    first_cycle_number: int = rule_field(default=0, ge=0)
    rounds_per_cycle: int = rule_field(ge=1)
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
    display_decimals: int = rule_field(default=2, ge=0, le=6)
    pairing: PairingRules
    #: the Berger schedule of a ``round-robin`` competition (DS-16, DS-20, DS-21)
    round_robin: RoundRobinRules = rule_field(default_factory=RoundRobinRules)
    #: a cup of pools, then knock-outs (DS-21); None: not such a cup
    pools_cup: PoolsCupRules | None = None
    awards: Awards = rule_field(default_factory=Awards)
    #: a competition played within a ladder: how it counts there (DS-16, DS-20, DS-21, MG-8)
    ladder_link: LadderLink | None = None
    #: a championship play-off played as a competition (DS-19, DS-20): its barrages
    playoff: PlayoffRules | None = None
    #: members signing off themselves: the deadline per club evening (DS-15, PP-2, KC-9)
    attendance: AttendanceRules = rule_field(default_factory=AttendanceRules)
    #: the club evening's start and length, for the calendar file (issue 18 item 7)
    evening: EveningRules = rule_field(default_factory=EveningRules)
    #: the club rating's K, initial rating and provisional games (issue 13, DS-2)
    club_rating: ClubRatingRules = rule_field(default_factory=ClubRatingRules)
    #: the club's rule ids for generic rule names, for explanations ("max-meetings" ->
    #: "DS-11", "repeat-reversed" -> "DS-13.1"); names: see docs/pairing.md
    rule_ids: RuleIds = rule_field(default_factory=RuleIds)

    def check(self) -> None:
        if self.system == "keizer" and self.keizer is None:
            raise RuleTextError(
                "error.ruleset.keizer_missing", "system 'keizer' needs a [keizer] section"
            )
        if self.system == "points" and self.keizer is not None:
            raise RuleTextError(
                "error.ruleset.keizer_extra", "system 'points' has no [keizer] section"
            )
        if self.system == "points":
            for kind in self.points.kinds:
                rule = self.points.rule(kind)
                assert rule is not None
                if rule.points.basis != "constant":
                    raise RuleTextError(
                        "error.ruleset.points_plain",
                        "points.{kind}: system 'points' needs plain numbers, not {text}",
                        {"kind": kind.value, "text": repr(rule.points.text)},
                    )
        if self.awards.champion == "cup-final" and self.pairing.method != "knockout":
            raise RuleTextError(
                "error.ruleset.cup_final",
                "awards.champion 'cup-final' needs pairing.method 'knockout'",
            )
        if self.pairing.method == "round-robin" and self.system != "points":
            raise RuleTextError(
                "error.ruleset.round_robin_points",
                "pairing.method 'round-robin' needs system 'points' (its table counts plain points)",
            )
        if self.pairing.bye.method == "engine" and self.pairing.engine is None:
            raise RuleTextError(
                "error.ruleset.engine_missing",
                "pairing.bye.method 'engine' needs a [pairing.engine] section",
            )

    @property
    def total_rounds(self) -> int:
        """Rounds in the season: cycles times rounds per cycle (KC-1: one cycle of 23)."""
        return self.cycles * self.rounds_per_cycle

    @property
    def is_keizer(self) -> bool:
        return self.system == "keizer"

    @property
    def restarts_per_cycle(self) -> bool:
        return self.cycle_standings == "restart"

    def cycle_of(self, round_no: int) -> int:
        """The cycle (0-based) of a round that does not say its cycle itself."""
        return min((round_no - 1) // self.rounds_per_cycle, self.cycles - 1)

    def cycle_label(self, cycle: int) -> int:
        """The club's number for the 0-based ``cycle`` (``first_cycle_number`` + cycle)."""
        return cycle + self.first_cycle_number

    def cycle_from_label(self, label: int) -> int:
        """The 0-based cycle for the club's number ``label`` (inverse of cycle_label)."""
        return label - self.first_cycle_number

    @property
    def shows_cycles(self) -> bool:
        """Whether people see cycle numbers: standings restart per cycle (DS-17) or the
        season has more than one cycle (PP-5, PP-7: "after the last round of cycle 3")."""
        return self.restarts_per_cycle or self.cycles > 1

    def last_round_of_cycle(self, cycle: int) -> int:
        return (cycle + 1) * self.rounds_per_cycle
