"""The ruleset objects' machinery: exact numbers as rulesets write them, and the light
frozen classes every section of the schema is made of (fields with defaults, compared by
value, built back from validated data and dumped as the ruleset's text)."""

from __future__ import annotations

import inspect
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar, Literal, TypeVar, dataclass_transform, get_args

from compcore.domain.model import Kind

# --------------------------------------------------------------------------- numbers

#: An exact number as rulesets write it: digits, a decimal part, a fraction bar. No exponent
#: ("1e100000000" would take minutes to expand) and at most 12 digits a part, which is far
#: more than any rulebook needs.
EXACT_TEXT = r"\d{1,12}(?:\.\d{1,12})?(?:/\d{1,12})?"
_EXACT_RE = re.compile(rf"^[+-]?{EXACT_TEXT}$")


class RuleTextError(ValueError):
    """A ruleset's text that is not a number or points rule: an i18n ``key``, pydantic's
    English ``message`` template and its ``fields`` (the validation edge,
    :mod:`compcore.rules.rulesets.models`, reports it as pydantic's error for the field)."""

    def __init__(self, key: str, message: str, fields: dict[str, Any] | None = None) -> None:
        super().__init__(message.format(**(fields or {})))
        self.key = key
        self.message = message
        self.fields = fields or {}


def exact_fraction(text: str) -> Fraction:
    """The exact number ``text`` (an :data:`EXACT_TEXT`); a fraction whose denominator is 0
    is refused with the i18n error ``error.points.zero_denominator`` (pydantic reports it
    for the field that holds it)."""
    _, bar, denominator = text.partition("/")
    if bar and int(denominator) == 0:
        raise RuleTextError(
            "error.points.zero_denominator", "'{text}' divides by zero", {"text": text}
        )
    return Fraction(text)


def fraction_data(value: Fraction) -> int | str:
    """An exact number as a ruleset writes it back: a whole number, else ``"p/q"``."""
    return value.numerator if value.denominator == 1 else str(value)


# --------------------------------------------------------------------------- the objects

#: a ruleset object (any of this module's classes but :class:`Points`)
R = TypeVar("R", bound="_Rules")

_NO_DEFAULT: Any = object()


class _Field:
    """A field's default (a value, or a factory called per object), the name the ruleset's
    text gives it (``forfeit-win``) where that differs, and the limits its value must keep
    (``ge=1``; checked where the text is validated, :mod:`compcore.rules.rulesets.models`)."""

    __slots__ = ("default", "factory", "limits", "text_name")

    def __init__(
        self,
        default: Any,
        factory: Callable[[], Any] | None,
        text_name: str | None,
        limits: dict[str, Any],
    ):
        self.default, self.factory, self.text_name = default, factory, text_name
        self.limits = limits


def rule_field(
    *,
    default: Any = _NO_DEFAULT,
    default_factory: Callable[[], Any] | None = None,
    text_name: str | None = None,
    **limits: Any,
) -> Any:
    """A field with a default made per object (``default_factory``), a name of its own
    in the ruleset's text (``text_name``: the points table's ``forfeit-win``) or limits its
    value must keep (``ge``, ``gt``, ``le``, ``min_length``: as pydantic's ``Field`` names
    them; ``discriminator``: the field that tells a union's members apart)."""
    return _Field(default, default_factory, text_name, limits)


class FrozenRuleError(AttributeError):
    """A ruleset object's field was assigned: rulesets are immutable."""


@dataclass_transform(kw_only_default=True, frozen_default=True, field_specifiers=(rule_field,))
class _Rules:
    """A frozen ruleset object: keyword fields with defaults, compared and hashed by value
    (a light dataclass: 27 of them are built at import, and ``dataclasses`` would take
    three times as long, issue 19). Besides its fields it has a changed copy
    (``model_copy``) and its data as the ruleset's text writes it (``model_dump``), named
    as pydantic names them (the objects were pydantic models before issue 19)."""

    #: the fields in order; their defaults and factories; their names in the text
    _fields: ClassVar[tuple[str, ...]] = ()
    _defaults: ClassVar[dict[str, Any]] = {}
    _factories: ClassVar[dict[str, Callable[[], Any]]] = {}
    _text_names: ClassVar[dict[str, str]] = {}
    _limits: ClassVar[dict[str, dict[str, Any]]] = {}

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        names = tuple(inspect.get_annotations(cls))
        defaults, factories, text_names, limits = {}, {}, {}, {}
        for name in names:
            if name not in cls.__dict__:
                continue
            value = cls.__dict__[name]
            if isinstance(value, _Field):
                if value.text_name is not None:
                    text_names[name] = value.text_name
                if value.limits:
                    limits[name] = value.limits
                if value.factory is not None:
                    factories[name] = value.factory
                elif value.default is not _NO_DEFAULT:
                    defaults[name] = value.default
            else:
                defaults[name] = value
            delattr(cls, name)  # the value lives in each object, not in the class
        cls._fields, cls._defaults = names, defaults
        cls._factories, cls._text_names, cls._limits = factories, text_names, limits
        _CLASSES[cls.__name__] = cls

    def __init__(self, **values: Any) -> None:
        own = self.__dict__
        for name in self._fields:
            if name in values:
                own[name] = values.pop(name)
            elif name in self._defaults:
                own[name] = self._defaults[name]
            elif name in self._factories:
                own[name] = self._factories[name]()
            else:
                raise TypeError(f"{type(self).__name__}() needs the field {name!r}")
        if values:
            raise TypeError(f"{type(self).__name__}() has no field {next(iter(values))!r}")

    def _values(self) -> tuple[Any, ...]:
        own = self.__dict__
        return tuple(own[name] for name in self._fields)

    def _items(self) -> dict[str, Any]:
        own = self.__dict__
        return {name: own[name] for name in self._fields}

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenRuleError(f"cannot assign to field {name!r}: a ruleset is frozen")

    def __delattr__(self, name: str) -> None:
        raise FrozenRuleError(f"cannot delete field {name!r}: a ruleset is frozen")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, _Rules)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash((self.__class__.__name__, self._values()))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in self._items().items())
        return f"{type(self).__name__}({shown})"

    def __reduce__(self) -> tuple[Any, ...]:  # pickle and deepcopy
        return (_rebuild, (type(self), self._items()))

    def check(self) -> None:
        """The checks across this object's fields (:class:`RuleTextError` if one fails), run
        where the text is validated, after each field was found good; none by default."""

    def model_copy(self: R, *, update: dict[str, Any] | None = None) -> R:
        """A copy with the fields in ``update`` replaced (not validated again)."""
        return type(self)(**{**self._items(), **(update or {})})

    def model_dump(self, *, mode: str = "python", by_alias: bool = False) -> dict[str, Any]:
        """Every field as data (:func:`dump`): exact numbers as ``3`` or ``"1/3"``, points
        rules as their text; ``mode="json"``: lists and the kinds' words too; ``by_alias``:
        the points table's kinds as the ruleset writes them (``forfeit-win``)."""
        data = dump(self, json=mode == "json", by_alias=by_alias)
        assert isinstance(data, dict)
        return data


def _rebuild(kind: type[R], values: dict[str, Any]) -> R:
    return kind(**values)


def dump(value: Any, *, json: bool = True, by_alias: bool = False) -> Any:
    """A ruleset object (or one of its values) as plain data, the inverse of :func:`build`."""
    if isinstance(value, _Rules):
        names = value._text_names if by_alias else {}
        return {
            names.get(name, name): dump(item, json=json, by_alias=by_alias)
            for name, item in value._items().items()
        }
    if isinstance(value, Points):
        return value.text
    if isinstance(value, Fraction):
        return fraction_data(value)
    if isinstance(value, Kind):
        return value.value if json else value
    if isinstance(value, RuleIds):
        return dict(value)
    if isinstance(value, tuple):
        items = [dump(v, json=json, by_alias=by_alias) for v in value]
        return items if json else tuple(items)
    return value


def build(kind: type[R], data: dict[str, Any]) -> R:
    """The object ``kind`` from validated data keyed by field name (``dump(x, json=True)``
    of such an object, as :mod:`compcore.rules.rulesets.models` gives it): numbers, points rules,
    kinds and tables back to their types. The data is trusted: it was validated."""
    return kind(**{name: convert(data[name]) for name, convert in _converters(kind)})


def _same(value: Any) -> Any:
    return value


def _converter(text: str, space: dict[str, Any]) -> Any:
    """How a field annotated ``text`` (the schema's annotations are text) is read back from
    validated data. The text is read here rather than evaluated (``typing.get_type_hints``
    took 4 ms for the 27 classes, a tenth of a cached ruleset's load, issue 19): a
    ``tuple[X, ...]``, a union of names with ``None``, a ``Literal[...]``, or one name."""
    text = text.strip()
    if text.startswith("Literal["):
        return _same
    if text.startswith("tuple[") and text.endswith(", ...]"):
        item = _converter(text[len("tuple[") : -len(", ...]")], space)
        return tuple if item is _same else lambda value: tuple(item(v) for v in value)
    members = [m.strip() for m in text.split("|")]
    if len(members) == 1:
        return _named(text, space)
    objects = [_CLASSES[m] for m in members if m in _CLASSES]
    plain = [_converter(m, space) for m in members if m not in _CLASSES and m != "None"]
    assert len(plain) <= 1 or all(c is _same for c in plain), text
    other = plain[0] if len(plain) == 1 else _same

    def either(value: Any) -> Any:
        if value is None:
            return None
        if not isinstance(value, dict):
            return other(value)
        if len(objects) == 1:
            return build(objects[0], value)
        # a discriminated union (keizer.values): the member whose ``basis`` it names
        for kind in objects:
            if repr(value.get("basis")) in inspect.get_annotations(kind)["basis"]:
                return build(kind, value)
        raise ValueError(f"no member of {text} for {value!r}")

    return either


def _named(name: str, space: dict[str, Any]) -> Any:
    """The converter of one name: a ruleset class, an exact number, a points rule, a kind,
    the rule ids; else (``int``, ``str``, ``bool``, an alias of literals) the value."""
    if name in _CLASSES:
        kind = _CLASSES[name]
        return lambda value: build(kind, value)
    special = {"Fraction": Fraction, "Points": Points.parse, "Kind": Kind, "RuleIds": RuleIds}
    if name in special:
        return special[name]
    if name not in ("int", "str", "bool"):  # an alias such as TieBreak: literals, numbers
        alias = space[name]
        assert all(isinstance(a, int | str) or a in (int, str) for a in _leaves(alias)), name
    return _same


def _leaves(alias: Any) -> list[Any]:
    args = get_args(alias)
    return [leaf for arg in args for leaf in _leaves(arg)] if args else [alias]


#: the ruleset classes by name, for :func:`_converter` (each registers itself when made)
_CLASSES: dict[str, type[_Rules]] = {}

#: each class's fields with their converters, made on first use
_CONVERTERS: dict[type[_Rules], tuple[tuple[str, Any], ...]] = {}


def _converters(kind: type[_Rules]) -> tuple[tuple[str, Any], ...]:
    found = _CONVERTERS.get(kind)
    if found is None:
        texts = inspect.get_annotations(kind)
        space = vars(sys.modules[kind.__module__])  # the names its annotations use
        found = tuple((name, _converter(texts[name], space)) for name in kind._fields)
        _CONVERTERS[kind] = found
    return found


# --------------------------------------------------------------------------- points rules

PointsBasis = Literal["constant", "opponent", "own", "evening-average"]

#: a points rule's ``opp``/``own`` suffix (none: a constant amount)
_BASIS_OF: dict[str | None, PointsBasis] = {"opp": "opponent", "own": "own", None: "constant"}
_POINTS_RE = re.compile(rf"^\s*(?P<num>{EXACT_TEXT})\s*(?P<of>opp|own)?\s*$")


@dataclass(frozen=True, slots=True)
class Points:
    """How many points an entry gives: a constant, or a fraction of a Keizer value.

    Written as text in rulesets: ``"1"``, ``"1/2"``, ``"9"`` (constants), ``"6/6 opp"``
    (a fraction of the opponent's value), ``"2/6 own"`` (of the player's own value) or
    ``"evening-average"`` (MG-5: the average score of that evening's players).
    """

    basis: PointsBasis
    amount: Fraction
    text: str
    #: scores nothing (read in every scoring loop, so computed once)
    is_zero: bool = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_zero", self.basis != "evening-average" and self.amount == 0)

    @classmethod
    def parse(cls, text: Any) -> Points:
        if isinstance(text, Points):
            return text
        if isinstance(text, bool) or not isinstance(text, str | int):
            raise RuleTextError(
                "error.ruleset.points_text",
                "expected points as text such as '6/6 opp', got {value}",
                {"value": repr(text)},
            )
        text = str(text)
        if text.strip() == "evening-average":
            return cls("evening-average", Fraction(1), "evening-average")
        match = _POINTS_RE.match(text)
        if not match:
            raise RuleTextError(
                "error.ruleset.points_rule",
                "{value} is not a points rule (allowed: a number such as '1' or '1/2', "
                "'p/q opp', 'p/q own', 'evening-average')",
                {"value": repr(text)},
            )
        amount = exact_fraction(match["num"])
        return cls(_BASIS_OF[match["of"]], amount, text.strip())

    def times(self, factor: Fraction) -> Points:
        """These points times ``factor``, written as a ruleset writes them (``"2/6 own"``
        halved: ``"1/6 own"``); evening-average stays as it is."""
        if self.basis == "evening-average":
            return self
        amount = self.amount * factor
        of = next(k for k, v in _BASIS_OF.items() if v == self.basis)
        return Points(self.basis, amount, f"{amount} {of}" if of else str(amount))


ZERO = Points("constant", Fraction(0), "0")


# --------------------------------------------------------------------------- rule ids


class RuleIds(dict[str, str]):
    """A read-only ``dict`` of generic rule name to the club's rule id (hashable, so a
    ruleset stays hashable)."""

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items())))

    def __reduce__(self) -> tuple[type[RuleIds], tuple[dict[str, str]]]:
        return (RuleIds, (dict(self),))  # pickle and deepcopy without item assignment

    def _refuse(self, *args: object, **kwargs: object) -> None:
        raise TypeError("rule_ids is read-only")

    __setitem__ = __delitem__ = update = pop = popitem = clear = setdefault = _refuse  # type: ignore[assignment]
