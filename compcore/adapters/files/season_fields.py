"""The season-file reader's means (:mod:`compcore.adapters.files.season_file`): one JSON
object's fields read and checked, each mistake named with where it is."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, TypeVar

from compcore.domain import jsondata
from compcore.domain.errors import Part, Phrase, SeasonError, choices, place

if TYPE_CHECKING:  # a stored reason object, read where a file has one
    from compcore.domain.reason import Reason

#: one of a field's allowed words (a Literal of them where the model names one)
Choice = TypeVar("Choice", bound=str)


#: where a mistake is: the steps of a place (a file, ``ronde 3``, ``bord 2``)
Where = tuple[Part, ...]


def steps(source: Part | Where) -> Where:
    """A source as the first steps of a place: a file name, or the steps the caller gave."""
    return source if isinstance(source, tuple) else (source,)


def refusal(where: Where, key: str, **params: object) -> SeasonError:
    return SeasonError.at(where, key, **params)


class Fields:
    """Reads one JSON object's fields, each mistake named with where it is."""

    def __init__(self, data: Any, where: Where, allowed: tuple[str, ...]) -> None:
        if not isinstance(data, dict):
            raise refusal(where, "season.object", got=show(data))
        unknown = [k for k in data if k not in allowed]
        if unknown:
            raise refusal(where, "season.field.unknown", field=unknown[0], allowed=choices(allowed))
        self.data = data
        self.where = where

    def refuse(self, key: str, **params: object) -> SeasonError:
        return refusal(self.where, key, **params)

    def _get(self, key: str, required: bool) -> Any:
        if key not in self.data:
            if required:
                raise self.refuse("season.field.required", field=key)
            return None
        value = self.data[key]
        if value is None and required:
            raise self.refuse("season.field.null", field=key)
        return value

    def text(self, key: str, required: bool = False) -> str | None:
        value = self._get(key, required)
        if value is not None and (not isinstance(value, str) or not value.strip()):
            raise self.refuse("season.field.text", field=key, got=show(value))
        return value

    def reason(self, key: str) -> str | Reason | None:
        """Plain text (the director's words, an older file), or a stored reason object."""
        value = self._get(key, False)
        if value is None or isinstance(value, str):
            return self.text(key)
        from compcore.domain.reason import Reason, problem  # here: plain text does without them

        found = problem(value)
        if found is not None:
            raise self.refuse("season.field.reason", field=key, problem=found)
        return Reason.decode(value)

    def whole(
        self, key: str, required: bool = False, minimum: int | None = None, wide: bool = False
    ) -> int | None:
        """A whole number; 64-bit as the database keeps it (``wide``: 128-bit, a seed)."""
        value = self._get(key, required)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.refuse("season.field.whole", field=key, got=show(value))
        low, high = (
            (jsondata.INT_MIN, jsondata.INT_MAX)
            if wide
            else (jsondata.INT64_MIN, jsondata.INT64_MAX)
        )
        if not low <= value <= high:
            raise SeasonError(
                *place(self.where),
                Phrase("error.json.field", path=repr(key)),
                Phrase("error.json.int", low=low, high=high),
            )
        if minimum is not None and value < minimum:
            raise self.refuse("season.field.minimum", field=key, minimum=minimum, got=value)
        return value

    def listing(self, key: str, required: bool = False) -> list[Any] | None:
        value = self._get(key, required)
        if value is not None and not isinstance(value, list):
            raise self.refuse("season.field.list", field=key, got=show(value))
        return value

    def choice(self, key: str, options: tuple[Choice, ...]) -> Choice | None:
        value = self._get(key, False)
        if value is None:
            return None
        for option in options:
            if value == option:
                return option
        raise self.refuse(
            "season.field.choice", field=key, got=show(value), allowed=choices(options)
        )

    def flag(self, key: str) -> bool | None:
        """``true`` or ``false`` (a JSON boolean, not 0 or 1)."""
        value = self._get(key, False)
        if value is not None and not isinstance(value, bool):
            raise self.refuse(
                "season.field.choice", field=key, got=show(value), allowed="true, false"
            )
        return value

    def ids(self, key: str) -> tuple[str, ...] | None:
        items = self.listing(key)
        if items is None:
            return None
        for item in items:
            if not isinstance(item, str) or not item:
                raise self.refuse("season.field.id", field=key, got=show(item))
        return tuple(items)


def show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
