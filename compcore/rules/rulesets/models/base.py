"""The models' shared machinery: the strict frozen base model, and exact numbers and points
rules as pydantic reads them from a ruleset's text (the refusals of :mod:`compcore.rules.rulesets.schema.base`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, PlainSerializer
from pydantic_core import PydanticCustomError

from compcore.rules.rulesets.schema import (
    _EXACT_RE,
    Points,
    RuleTextError,
    exact_fraction,
    fraction_data,
)


class _Frozen(BaseModel):
    model_config = ConfigDict(
        extra="forbid", frozen=True, populate_by_name=True, strict=True, defer_build=True
    )


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
            raise PydanticCustomError(exc.key, exc.message, exc.fields) from None
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
        raise PydanticCustomError(exc.key, exc.message, exc.fields) from None


PointsField = Annotated[Points, BeforeValidator(_points), PlainSerializer(lambda p: p.text)]
