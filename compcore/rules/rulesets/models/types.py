"""How pydantic reads the schema's own value types from a ruleset's text: the strict frozen
base of every model, exact numbers, points rules, times of day, the rule ids and a kind's
points written as a bare rule (:data:`TYPES`, by the name the schema's annotations use)."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, PlainSerializer
from pydantic_core import PydanticCustomError

from compcore.rules.rulesets.schema import (
    _EXACT_RE,
    Points,
    RuleIds,
    RuleTextError,
    exact_fraction,
    fraction_data,
)


class _Frozen(BaseModel):
    model_config = ConfigDict(
        extra="forbid", frozen=True, populate_by_name=True, strict=True, defer_build=True
    )


def refusal(exc: RuleTextError) -> PydanticCustomError:
    """The schema's refusal ``exc`` as pydantic's error for the field (or object) at hand."""
    return PydanticCustomError(exc.key, exc.message, exc.fields or None)


# --------------------------------------------------------------------------- numbers


def _to_fraction(value: Any) -> Fraction:
    """Exact numbers from TOML/JSON: ints, decimal strings ("0.33") and fractions ("2/6").

    Floats are refused: a ruleset is exact (0.33 must mean 33/100, not a binary float).
    """
    if isinstance(value, bool):
        raise PydanticCustomError("error.ruleset.boolean", "expected a number, got a boolean")
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, Fraction):
        return value
    if isinstance(value, str) and _EXACT_RE.match(value.strip()):
        try:
            return exact_fraction(value.strip())
        except RuleTextError as exc:
            raise refusal(exc) from None
    raise PydanticCustomError(
        "error.ruleset.exact",
        "expected an exact number such as 3, '0.33' or '2/6', got {value}",
        {"value": repr(value)},
    )


ExactNumber = Annotated[
    Fraction,
    BeforeValidator(_to_fraction),
    PlainSerializer(fraction_data),
]


# --------------------------------------------------------------------------- points


def _points(value: Any) -> Points:
    try:
        return Points.parse(value)
    except RuleTextError as exc:
        raise refusal(exc) from None


PointsField = Annotated[Points, BeforeValidator(_points), PlainSerializer(lambda p: p.text)]


def kind_rule_shorthand(value: Any) -> Any:
    """A kind's points written as the bare rule (``win = "1"``): its ``points``."""
    return {"points": value} if isinstance(value, str | int) else value


# --------------------------------------------------------------------------- times of day

_CLOCK_RE = re.compile(r"^(?:[01]\d|2[0-3]):[0-5]\d$")


def _clock_time(value: Any) -> str:
    """A time of day as ``"HH:MM"`` (24 hours)."""
    if not isinstance(value, str) or not _CLOCK_RE.match(value):
        raise PydanticCustomError(
            "error.ruleset.clock_time",
            "expected a time of day such as '18:30', got {value}",
            {"value": repr(value)},
        )
    return value


ClockTimeField = Annotated[str, BeforeValidator(_clock_time)]

# --------------------------------------------------------------------------- rule ids

RuleIdsField = Annotated[
    dict[str, str], AfterValidator(lambda d: RuleIds(d)), PlainSerializer(lambda d: dict(d))
]

#: the schema's value types (by the names its annotations give them) as pydantic reads them
TYPES: dict[str, Any] = {
    "Fraction": ExactNumber,
    "Points": PointsField,
    "ClockTime": ClockTimeField,
    "RuleIds": RuleIdsField,
}
