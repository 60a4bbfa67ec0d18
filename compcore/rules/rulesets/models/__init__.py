"""The ruleset schema's refusals: pydantic models made from the schema's own classes.

The engine reads the plain frozen classes of :mod:`compcore.rules.rulesets.schema`, which
declare every field once: its type, default, name in the text (``forfeit-win``), limits
(``ge=1``) and the checks across fields (``check``). This package makes a pydantic model of
each class from those declarations (:func:`model_of`; the schema's value types as
:mod:`~.types` reads them), so that a ruleset's text is refused field by field, with each
refusal's i18n key. It is imported only where ruleset text is validated
(:func:`compcore.rules.rulesets.load_ruleset` on a text it has not validated before), so
pydantic stays out of the processes that only read rulesets.
"""

from __future__ import annotations

import inspect
import json
import sys
from collections.abc import Callable
from typing import Annotated, Any

from pydantic import BeforeValidator, Field, create_model, model_validator

from compcore.rules.rulesets import schema
from compcore.rules.rulesets.models.types import TYPES, _Frozen, kind_rule_shorthand, refusal
from compcore.rules.rulesets.schema.base import _Rules

__all__ = ["Ruleset", "_Frozen", "model_of", "validate"]

#: the model made of each schema class
_MODELS: dict[type[_Rules], type[_Frozen]] = {}


class _Names(dict[str, Any]):
    """The names an annotation's text uses, where pydantic reads them otherwise than the
    schema: its value types (:data:`~.types.TYPES`) and its classes (their models); every
    other name is the schema module's own."""

    def __missing__(self, name: str) -> Any:
        if name in TYPES:
            return TYPES[name]
        if name == "KindRule":  # the points table's kinds may be written as the bare rule
            return Annotated[model_of(schema.KindRule), BeforeValidator(kind_rule_shorthand)]
        kind = getattr(schema, name, None)
        if isinstance(kind, type) and issubclass(kind, _Rules):
            return model_of(kind)
        raise KeyError(name)


def model_of(kind: type[_Rules]) -> type[_Frozen]:
    """The pydantic model of the schema class ``kind``: its fields with their types, defaults,
    names in the text and limits, and its ``check`` run once every field is good."""
    made = _MODELS.get(kind)
    if made is None:
        texts = inspect.get_annotations(kind)
        space = vars(sys.modules[kind.__module__])
        fields: dict[str, Any] = {
            name: (eval(texts[name], space, _Names()), _field(kind, name)) for name in kind._fields
        }
        validators: dict[str, Callable[..., Any]] = {}
        if kind.check is not _Rules.check:
            # pydantic's decorator gives a descriptor create_model reads as a validator
            validators["_check"] = model_validator(mode="after")(_checked(kind))  # type: ignore[assignment]
        made = create_model(
            kind.__name__,
            __base__=_Frozen,
            __module__=__name__,
            __doc__=kind.__doc__,
            __validators__=validators,
            **fields,
        )
        _MODELS[kind] = made
    return made


def _field(kind: type[_Rules], name: str) -> Any:
    """The pydantic ``Field`` of ``kind``'s field ``name``."""
    given: dict[str, Any] = dict(kind._limits.get(name, {}))
    if name in kind._text_names:
        given["alias"] = kind._text_names[name]
    if name in kind._defaults:
        given["default"] = kind._defaults[name]
    elif name in kind._factories:
        given["default_factory"] = _as_model(kind._factories[name])
    return Field(**given)


def _as_model(factory: Callable[[], Any]) -> Callable[[], Any]:
    """A default factory giving the model of what the schema's ``factory`` makes."""

    def made() -> Any:
        value = factory()
        if not isinstance(value, _Rules):
            return value
        data = json.dumps(schema.dump(value, by_alias=True))
        return model_of(type(value)).model_validate_json(data)

    return made


def _checked(kind: type[_Rules]) -> Callable[[Any], Any]:
    """The model validator that runs ``kind.check`` on the object the model's data makes."""

    def check(self: Any) -> Any:
        try:
            schema.build(kind, self.model_dump(mode="json")).check()
        except schema.RuleTextError as exc:
            raise refusal(exc) from None
        return self

    return check


#: the whole ruleset's model (every other model is made with it)
Ruleset = model_of(schema.Ruleset)

globals().update({model.__name__: model for model in _MODELS.values()})


def validate(text: str) -> dict[str, Any]:
    """The ruleset JSON ``text`` validated (pydantic's ``ValidationError`` if not) and
    given back as data keyed by field name, every default filled in: what
    :func:`compcore.rules.rulesets.schema.build` reads."""
    return Ruleset.model_validate_json(text).model_dump(mode="json")
