"""The ruleset schema's refusals: the pydantic models that validate a ruleset's text.

The engine reads the plain frozen classes of :mod:`compcore.rules.rulesets.schema`; these
models mirror them field by field (``tests/unit/rules/test_ruleset_cache.py`` holds the two to the
same fields, aliases and defaults) and say what is allowed, one module per section as in
``schema/``: :mod:`~.base` (the frozen base model, exact numbers, points rules),
:mod:`~.points`, :mod:`~.keizer`, :mod:`~.pairing`, :mod:`~.awards`, :mod:`~.evenings` and
:mod:`~.ruleset` (the whole, and :func:`validate`). They are imported only where ruleset text
is validated (:func:`compcore.rules.rulesets.load_ruleset` on a text it has not validated
before), so pydantic stays out of the processes that only read rulesets. Import the names
from here.
"""

from compcore.rules.rulesets.models.awards import (
    Awards,
    Barrage,
    Category,
    LadderLink,
    LevelTop,
    PlayoffRules,
    Subgroups,
)
from compcore.rules.rulesets.models.base import ExactNumber, PointsField, _Frozen
from compcore.rules.rulesets.models.evenings import (
    AttendanceRules,
    ClockTime,
    ClubRatingRules,
    EveningRules,
    SignoffDeadline,
)
from compcore.rules.rulesets.models.keizer import (
    KeizerRules,
    RankValues,
    RatingValues,
    SbAdjustment,
    TopRatio,
)
from compcore.rules.rulesets.models.pairing import (
    ByeRules,
    EngineRules,
    FirstRounds,
    PairingRules,
    PoolsCupRules,
    RoundRobinRules,
)
from compcore.rules.rulesets.models.points import Cap, KindRule, KindRuleField, PointsTable
from compcore.rules.rulesets.models.ruleset import RuleIdsField, Ruleset, validate

__all__ = [
    "AttendanceRules",
    "Awards",
    "Barrage",
    "ByeRules",
    "Cap",
    "Category",
    "ClockTime",
    "ClubRatingRules",
    "EngineRules",
    "EveningRules",
    "ExactNumber",
    "FirstRounds",
    "KeizerRules",
    "KindRule",
    "KindRuleField",
    "LadderLink",
    "LevelTop",
    "PairingRules",
    "PlayoffRules",
    "PointsField",
    "PointsTable",
    "PoolsCupRules",
    "RankValues",
    "RatingValues",
    "RoundRobinRules",
    "RuleIdsField",
    "Ruleset",
    "SbAdjustment",
    "SignoffDeadline",
    "Subgroups",
    "TopRatio",
    "_Frozen",
    "validate",
]
