"""Rulesets as data: the club presets (TOML files in ``presets/``) and their overrides.

``load_ruleset("dubbelschaak", {"rounds_per_cycle": 10})`` reads the preset, merges the
overrides field by field and validates the result into a frozen :class:`Ruleset`. Every
mistake (unknown preset or field, wrong type, impossible value) raises :class:`RulesetError`
naming the field and what is allowed.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Mapping
from contextlib import suppress
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, get_args

from compcore.domain import jsondata
from compcore.domain.errors import (
    CompcoreError,
    Part,
    Phrase,
    RulesetError,
    SeasonError,
    choices,
    place,
)
from compcore.i18n import Lang, catalog, t

if TYPE_CHECKING:
    from pydantic import BaseModel, ValidationError

    from compcore.domain.model import Season
    from compcore.rules.rulesets.schema import Ruleset
else:

    def __getattr__(name: str) -> Any:
        """``Ruleset`` on first use: the schema (and pydantic, a third of a second-long
        command's start-up) loads only for what validates or reads a ruleset, so listing
        the presets (:func:`preset_summaries`) does without it."""
        if name == "Ruleset":
            from compcore.rules.rulesets.schema import Ruleset

            return Ruleset
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "PresetSummary",
    "Ruleset",
    "load_ruleset",
    "preset_names",
    "preset_source",
    "preset_summaries",
    "presets",
    "ruleset_of",
]


#: the bundled presets' folder (a plain folder: compcore is not installed zipped)
PRESETS = Path(__file__).parent / "presets"


@cache
def preset_names() -> tuple[str, ...]:
    """The names of the bundled presets, sorted."""
    return tuple(
        sorted(n.removesuffix(".toml") for n in os.listdir(PRESETS) if n.endswith(".toml"))
    )


@cache
def preset_source(name: str) -> str:
    """The preset's TOML text, for a club that wants to copy and change it; an unknown
    name is refused naming the presets there are."""
    if name not in preset_names():
        raise RulesetError.at(
            (), "ruleset.unknown_preset", name=name, allowed=", ".join(preset_names())
        )
    return (PRESETS / f"{name}.toml").read_text(encoding="utf-8")


@cache
def _preset_data(name: str) -> dict[str, Any]:
    import tomllib  # here: a preset seen before is built without parsing its text

    return tomllib.loads(preset_source(name))


def merge(base: Mapping[str, Any], overrides: Mapping[str, Any]) -> dict[str, Any]:
    """Overrides win field by field; nested tables merge, everything else is replaced."""
    merged = dict(base)
    for key, value in overrides.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), Mapping):
            merged[key] = merge(merged[key], value)
        else:
            merged[key] = value
    return merged


#: the place :func:`ruleset_of` names when the caller gives none
_SEASON = Phrase("at.season")


def load_ruleset(preset: str, overrides: Mapping[str, Any] | None = None) -> Ruleset:
    """The validated ruleset of ``preset`` with ``overrides`` applied. The overrides first
    keep the limits of any outside data (:func:`compcore.domain.jsondata.check`)."""
    from compcore.domain.model import thaw

    where = Phrase("at.ruleset_named", name=preset)
    jsondata.check(overrides or {}, (where, Phrase("at.overrides")), RulesetError)
    source = preset_source(preset)  # an unknown preset: refused here
    plain = thaw(overrides or {})
    # what the ruleset is made of, exactly: the preset's text and the overrides
    made_of = json.dumps([preset, source, plain], ensure_ascii=False)
    found = _BUILT.get(made_of)
    if found is None:
        found = _ruleset(made_of, lambda: json.dumps(merge(_preset_data(preset), plain)), where)
        if len(_BUILT) >= _KEEP:
            # the oldest out (another thread may be doing the same)
            with suppress(RuntimeError, StopIteration, KeyError):
                del _BUILT[next(iter(_BUILT))]
        _BUILT[made_of] = found
    return found


def ruleset_of(season: Season, where: Part | tuple[Part, ...] = _SEASON) -> Ruleset:
    """A season's ruleset: its preset with its overrides (:class:`RulesetRef`), the one way
    every layer asks it. A refusal (an unknown preset, a bad override) is a
    :class:`SeasonError` placed at ``where`` (a file name, or the steps of a place)."""
    try:
        return load_ruleset(season.ruleset.preset, season.ruleset.overrides)
    except CompcoreError as exc:
        raise exc.located(where if isinstance(where, tuple) else (where,), SeasonError) from None


#: the rulesets this process built, by what they are made of (at most :data:`_KEEP`)
_BUILT: dict[str, Ruleset] = {}
_KEEP = 256


def _ruleset(made_of: str, text: Callable[[], str], where: Part) -> Ruleset:
    """The ruleset ``made_of`` a preset's text and overrides: built from the data
    validated from exactly these before (:mod:`compcore.rules.rulesets.validated`: no TOML
    parsing, no pydantic), else validated now from its merged JSON ``text()`` and kept for
    the next time. A refused ruleset raises :class:`RulesetError` every time."""
    from compcore.rules.rulesets import validated
    from compcore.rules.rulesets.schema import Ruleset, build

    data = validated.read(made_of)
    if data is not None:
        try:
            return build(Ruleset, data)
        except Exception:  # a file that is not what it should be: validate the text
            pass
    data = _validate(text(), where)
    validated.write(made_of, data)
    return build(Ruleset, data)


def _validate(text: str, where: Part) -> dict[str, Any]:
    """Pydantic's check of the ruleset JSON ``text`` (:mod:`compcore.rules.rulesets.models`):
    its data, or :class:`RulesetError` naming every wrong field."""
    from pydantic import ValidationError

    from compcore.rules.rulesets import models

    try:
        # JSON mode with strict types: "12" is not a number, but arrays may fill tuples
        return models.validate(text)
    except ValidationError as exc:
        raise RulesetError(*describe_validation_error(exc, models.Ruleset, where)) from None


@cache
def presets() -> tuple[Ruleset, ...]:
    """Every bundled preset, validated."""
    return tuple(load_ruleset(name) for name in preset_names())


class PresetSummary(NamedTuple):
    """What ``compcore presets`` lists: a preset's name and descriptions."""

    name: str
    description: str
    description_nl: str | None


def preset_summaries() -> tuple[PresetSummary, ...]:
    """Every bundled preset's name and descriptions, read from its TOML file without
    validating the rest (the tests validate every preset; listing needs no pydantic).
    Kept with the presets' texts (:mod:`compcore.rules.rulesets.validated`), so a listing of
    presets seen before parses no TOML."""
    from compcore.rules.rulesets import validated

    made_of = json.dumps(["summaries", [[n, preset_source(n)] for n in preset_names()]])
    data = validated.read(made_of)
    rows = data.get("presets") if data is not None else None
    if not (
        isinstance(rows, list)
        and len(rows) == len(preset_names())
        and all(isinstance(r, list) and len(r) == 3 for r in rows)
    ):
        rows = []
        for name in preset_names():
            preset = _preset_data(name)
            rows.append([preset["name"], preset["description"], preset.get("description_nl")])
        validated.write(made_of, {"presets": rows})
    return tuple(PresetSummary(*row) for row in rows)


def _field_names(model: type[BaseModel]) -> list[str]:
    return [f.alias or name for name, f in model.model_fields.items()]


def _model_at(model: type[BaseModel], loc: tuple[Any, ...]) -> type[BaseModel] | None:
    """The sub-model a validation error location points into (for listing allowed fields)."""
    from pydantic import BaseModel

    current: Any = model
    for part in loc:
        if not (isinstance(current, type) and issubclass(current, BaseModel)):
            return None
        field = next((f for n, f in current.model_fields.items() if part in (n, f.alias)), None)
        if field is None:
            return None
        current = _first_model(field.annotation)
    return current if isinstance(current, type) and issubclass(current, BaseModel) else None


def _first_model(annotation: Any) -> Any:
    """The first pydantic model inside an annotation (``X | None``, ``Annotated[X, ...]``)."""
    from pydantic import BaseModel

    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in get_args(annotation):
        found = _first_model(arg)
        if found is not None:
            return found
    return None


#: the steps pydantic adds to an error's place for a union's member (left out of the path)
_UNION_TAG = r"^(int|str|bool|function-.*|literal\[.*\]|[A-Z]\w*|rank|rating)$"


class _Either:
    """Pydantic's list of allowed values ("'a', 'b' or 'c'") with its last "or" in the
    reader's language."""

    def __init__(self, text: str) -> None:
        self.value = text

    def render(self, lang: Lang) -> str:
        head, sep, tail = self.value.rpartition(" or ")
        return f"{head}{t('ruleset.or', lang)}{tail}" if sep else self.value


def _problem(err: Any) -> Phrase | str:
    """One of pydantic's complaints in words: a compcore error (``error.*``) or a pydantic
    error type the catalogue knows (``pydantic.<type>``) in the reader's language, else
    pydantic's English."""
    kind, fields = err["type"], dict(err.get("ctx") or {})
    if kind.startswith("error."):
        return Phrase(kind, fields)
    if f"pydantic.{kind}" in catalog("en"):
        if isinstance(fields.get("expected"), str):
            fields["expected"] = _Either(fields["expected"])
        return Phrase(f"pydantic.{kind}", fields)
    message = str(err["msg"]).removeprefix("Value error, ")
    if message.startswith("Input should be "):
        message = "expected " + message.removeprefix("Input should be ")
    return message


def describe_validation_error(
    exc: ValidationError, model: type[BaseModel], where: Part
) -> tuple[Part, ...]:
    """One part per wrong field, naming the field path and what is allowed (the parts of a
    :class:`RulesetError`, joined by ``; ``), in the reader's language.

    Pydantic reports each member of a union separately; those are folded into one
    "expected A or B" line for the field the user wrote. A compcore error raised inside a
    validator (an ``error.*`` type) keeps its i18n key; pydantic's own error types have
    words in ``compcore/i18n/rulesets.py`` (``pydantic.<type>``).
    """
    problems, got = _field_problems(exc, model)
    return _problem_parts(problems, got, where)


def _field_problems(
    exc: ValidationError, model: type[BaseModel]
) -> tuple[dict[str, list[Phrase | str]], dict[str, Any]]:
    """Each wrong field's problems by field path, and the value written where it is shown."""
    problems: dict[str, list[Phrase | str]] = {}
    got: dict[str, Any] = {}
    for err in exc.errors():
        loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and re.match(_UNION_TAG, p)))
        path = ".".join(str(p) for p in loc)
        if err["type"] == "extra_forbidden":
            parent = _model_at(model, loc[:-1])
            problems.setdefault(path, []).append(
                Phrase("ruleset.unknown_field_allowed", allowed=choices(_field_names(parent)))
                if parent
                else Phrase("ruleset.unknown_field")
            )
            continue
        message = Phrase("ruleset.required") if err["type"] == "missing" else _problem(err)
        problems.setdefault(path, []).append(message)
        if not isinstance(err.get("input"), dict | list) and not (
            isinstance(message, Phrase) and message.key.startswith("error.")
        ):
            got[path] = err.get("input")
    return problems, got


def _problem_parts(
    problems: dict[str, list[Phrase | str]], got: dict[str, Any], where: Part
) -> tuple[Part, ...]:
    """One part per wrong field: its place, its problems joined by "or", the value written."""
    parts: list[Part] = []
    for path, messages in problems.items():
        if parts:
            parts.append("; ")
        parts.extend(place(where if not path else (where, Phrase("ruleset.field", path=path))))
        unique: list[Phrase | str] = []
        for message in messages:
            if message not in unique:
                unique.append(message)
        for i, message in enumerate(unique):
            parts.extend([Phrase("ruleset.or"), message] if i else [message])
        if path in got:
            shown = repr(got[path])
            parts.append(
                Phrase("ruleset.got", value=shown if len(shown) <= 40 else shown[:37] + "...")
            )
    return tuple(parts)
