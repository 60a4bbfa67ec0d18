"""The ruleset schema: every number and switch of a club's rulebook as a typed, frozen field.

A ruleset is data (a preset TOML file, plus a season file's overrides). This package says
which fields exist and their types, as light frozen classes the engine reads, one module per
section of the ruleset: :mod:`~.base` (exact numbers, points rules, the objects' machinery),
:mod:`~.points` (the points table), :mod:`~.keizer` (Keizer values, tie-breaks),
:mod:`~.pairing`, :mod:`~.awards` (categories, subgroups, the ladder link, the play-off),
:mod:`~.evenings` (signing off, the evening, the club rating) and :mod:`~.ruleset` (the whole).
Each field is declared once, here, with its limits (``rule_field(ge=1)``) and each class's
checks across its fields (``check``); :mod:`compcore.rules.rulesets.models` makes pydantic
models of these classes to refuse a text (imported only where ruleset text is validated,
so this package imports no pydantic). :mod:`compcore.rules.rulesets`
loads, validates (or finds the text validated before: :mod:`compcore.rules.rulesets.validated`)
and builds these objects with :func:`build`. Rule ids in the field comments point to
``spec/rulesets.md``. Import the names from here.
"""

from compcore.rules.rulesets.schema.awards import (
    Awards,
    Barrage,
    Category,
    LadderLink,
    LevelTop,
    PlayoffRules,
    Subgroups,
)
from compcore.rules.rulesets.schema.base import (
    _EXACT_RE,
    EXACT_TEXT,
    ZERO,
    FrozenRuleError,
    Points,
    PointsBasis,
    R,
    RuleIds,
    RuleTextError,
    build,
    dump,
    exact_fraction,
    fraction_data,
    rule_field,
)
from compcore.rules.rulesets.schema.evenings import (
    AttendanceRules,
    ClockTime,
    ClubRatingRules,
    EveningRules,
    SignoffDeadline,
)
from compcore.rules.rulesets.schema.keizer import (
    IterateAt,
    KeizerRules,
    RankValues,
    RatingValues,
    SbAdjustment,
    TieBreak,
    TopRatio,
)
from compcore.rules.rulesets.schema.pairing import (
    ByeRules,
    ColourRule,
    EngineRules,
    FirstRounds,
    PairingRules,
    PoolsCupRules,
    RelaxableRule,
    RoundRobinRules,
)
from compcore.rules.rulesets.schema.points import (
    Cap,
    KindRule,
    PointsTable,
)
from compcore.rules.rulesets.schema.ruleset import (
    InitialOrderKey,
    Ruleset,
)

__all__ = [
    "EXACT_TEXT",
    "ZERO",
    "_EXACT_RE",
    "AttendanceRules",
    "Awards",
    "Barrage",
    "ByeRules",
    "Cap",
    "Category",
    "ClockTime",
    "ClubRatingRules",
    "ColourRule",
    "EngineRules",
    "EveningRules",
    "FirstRounds",
    "FrozenRuleError",
    "InitialOrderKey",
    "IterateAt",
    "KeizerRules",
    "KindRule",
    "LadderLink",
    "LevelTop",
    "PairingRules",
    "PlayoffRules",
    "Points",
    "PointsBasis",
    "PointsTable",
    "PoolsCupRules",
    "R",
    "RankValues",
    "RatingValues",
    "RelaxableRule",
    "RoundRobinRules",
    "RuleIds",
    "RuleTextError",
    "Ruleset",
    "SbAdjustment",
    "SignoffDeadline",
    "Subgroups",
    "TieBreak",
    "TopRatio",
    "build",
    "dump",
    "exact_fraction",
    "fraction_data",
    "rule_field",
]
