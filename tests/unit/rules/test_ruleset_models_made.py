"""The pydantic models are made from the schema's classes (issue 20: one declaration of each
field): a field's limits and a class's checks across its fields are declared in the schema,
and the models refuse a text by them."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import ValidationError

from compcore.rules.rulesets import load_ruleset, models, schema
from compcore.rules.rulesets.schema.base import _Rules

CLASSES = [
    value
    for value in vars(schema).values()
    if isinstance(value, type) and issubclass(value, _Rules) and value is not _Rules
]


@pytest.mark.parametrize("kind", CLASSES, ids=lambda kind: kind.__name__)
def test_each_model_keeps_the_limits_its_schema_class_declares(kind: type[_Rules]) -> None:
    fields = models.model_of(kind).model_fields
    for name, limits in kind._limits.items():
        for limit, value in limits.items():
            if limit == "discriminator":
                assert fields[name].discriminator == value
            else:
                assert [getattr(m, limit) for m in fields[name].metadata if hasattr(m, limit)] == [
                    value
                ], (name, limit)


def _errors(data: dict[str, Any]) -> list[tuple[str, tuple[Any, ...]]]:
    with pytest.raises(ValidationError) as caught:
        models.validate(json.dumps(data))
    return [(err["type"], err["loc"]) for err in caught.value.errors()]


def test_a_schema_check_refuses_the_object_it_is_declared_on() -> None:
    data = schema.dump(load_ruleset("dubbelschaak"))
    data["attendance"]["deadline"]["timezone"] = "Mars/Olympus"
    assert _errors(data) == [("error.ruleset.timezone", ("attendance", "deadline"))]


def test_a_schema_limit_refuses_the_field_it_is_declared_on() -> None:
    data = schema.dump(load_ruleset("dubbelschaak"))
    data["club_rating"]["k"] = 0
    assert _errors(data) == [("greater_than_equal", ("club_rating", "k"))]


def test_the_validated_data_builds_the_ruleset_it_came_from() -> None:
    ruleset = load_ruleset("keizer-classic")
    again = schema.build(schema.Ruleset, models.validate(json.dumps(schema.dump(ruleset))))
    assert again == ruleset and hash(again) == hash(ruleset)
