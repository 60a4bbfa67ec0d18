"""A reason as data: an i18n key, the club's rule id and parameters, rendered per language.

Why a board was made, why these colours, why a rule was overridden: compcore stores these as
a :class:`Reason`, never as English text, so every screen and the command line show them in
the reader's language (Dutch or English). A reason is plain data: :meth:`Reason.encode`
gives its JSON form (``{"key", "rule", "params"}``, as season files and the database keep
it), :meth:`Reason.decode` reads it back, and the two round-trip exactly.

Stored texts may also be plain text: a director's own words (an override reason) or a reason
from a file written before compcore stored keys. :func:`words` shows either kind, plain text
as it is in both languages.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import Any

from compcore.domain.errors import Phrase
from compcore.i18n import Lang, catalog, t

#: parameter names whose value is one player id (shown as a name when names are given)
_PLAYER_KEYS = frozenset({"a", "b", "player", "white", "black", "other", "engine", "human"})

#: parameter names whose value is a score written with a decimal point ("2.5")
_NUMBER_KEYS = frozenset({"score", "high", "low"})

#: a parameter value as stored: a scalar, a nested reason, or a list of either
Param = Any


def shown_name(value: object, names: Mapping[str, str] | None) -> str:
    """A player id as the player's name where ``names`` knows it."""
    text = str(value)
    return names.get(text, text) if names else text


def _join(
    items: tuple[object, ...] | list[object], lang: Lang, names: Mapping[str, str] | None
) -> str:
    shown = [x.text(lang, names) if isinstance(x, Reason) else shown_name(x, names) for x in items]
    if len(shown) <= 1:
        return "".join(shown)
    return ", ".join(shown[:-1]) + t("list.and", lang) + shown[-1]


def forced_words(why: str, lang: Lang) -> str:
    """A forced game's reason in words: a word compcore knows (``cup``: "bekerpartij",
    ``director``: "vastgelegd door de wedstrijdleider"), else the director's own words."""
    key = f"forced.why.{why}"
    return t(key, lang) if key in catalog(lang) else why


@dataclass(frozen=True, slots=True)
class Reason:
    """An explanation, renderable in Dutch and English via :mod:`compcore.i18n`.

    ``key`` is a catalogue key (``pair.nearest``, ``colour.repeat-reversed``, ...), ``rule``
    the club's rule id (``DS-11``) or ``None``, ``params`` the values the text needs.
    Parameter conventions: a tuple is a list of player ids; ``scope`` is ``cycle`` or
    ``season``; ``rule_name`` a generic rule name; ``colour`` ``w``/``b``; ``kind`` an entry
    kind; ``why`` a forced game's reason (a known word such as ``cup`` is translated, other
    text is the director's own); a nested :class:`Reason` renders as its own text; any other
    value with a ``text(lang)`` method (an error's words) renders as that.
    """

    key: str
    rule: str | None = None
    params: Mapping[str, Param] = field(default_factory=lambda: MappingProxyType({}))

    def __post_init__(self) -> None:
        if not isinstance(self.params, MappingProxyType):
            object.__setattr__(self, "params", MappingProxyType(dict(self.params)))

    def __hash__(self) -> int:
        return hash(
            (self.key, self.rule, tuple(sorted((k, repr(v)) for k, v in self.params.items())))
        )

    def fields(self, lang: Lang = "nl", names: Mapping[str, str] | None = None) -> dict[str, Any]:
        """The parameters as the text shows them in ``lang``."""
        return {k: self._field(k, v, lang, names) for k, v in self.params.items()}

    @staticmethod
    def _field(k: str, v: Param, lang: Lang, names: Mapping[str, str] | None) -> Any:
        if isinstance(v, Reason):
            return v.text(lang, names)
        if isinstance(v, tuple | list):
            return _join(v, lang, names)
        if hasattr(v, "text") and not isinstance(v, str):
            return v.text(lang)
        if k == "scope":
            return t(f"scope.{v}", lang)
        if k == "rule_name":
            return t(f"rule.{v}", lang)
        if k in ("colour", "need"):
            return t(f"colour.name.{v}", lang)
        if k == "kind":
            return t(f"kind.{v}", lang)
        if k == "why" and isinstance(v, str):
            return forced_words(v, lang)
        if k in _NUMBER_KEYS and isinstance(v, str) and lang == "nl":
            return v.replace(".", ",")
        if k in _PLAYER_KEYS:
            return shown_name(v, names)
        return v

    def text(self, lang: Lang = "nl", names: Mapping[str, str] | None = None) -> str:
        """The explanation in ``lang`` (``nl`` or ``en``), ending with the rule id if any.

        A reason read from a file whose parameters do not fit its text (a hand-edited file)
        still shows: the key with its parameters, never an exception."""
        try:
            body = t(self.key, lang, **self.fields(lang, names))
        except (KeyError, IndexError, ValueError, TypeError, AttributeError):
            body = f"{self.key} {json.dumps(self.encode().get('params', {}), default=str)}"
        return f"{body} ({self.rule})" if self.rule else body

    def to_data(self) -> dict[str, Any]:
        """For reports: the rule id and the text in both languages."""
        return {"rule": self.rule, "text": self.text("en"), "text_nl": self.text("nl")}

    # ------------------------------------------------------------------ stored form

    def encode(self) -> dict[str, Any]:
        """JSON-ready: ``{"key", "rule", "params"}`` (``rule`` and ``params`` only when
        set), nested reasons as the same objects, lists as lists, enums as their values."""
        data: dict[str, Any] = {"key": self.key}
        if self.rule is not None:
            data["rule"] = self.rule
        if self.params:
            data["params"] = {k: _encode(v) for k, v in self.params.items()}
        return data

    @classmethod
    def decode(cls, data: Mapping[str, Any]) -> Reason:
        """The inverse of :meth:`encode` (the data is assumed checked: see
        :func:`problem`)."""
        params = data.get("params") or {}
        return cls(data["key"], data.get("rule"), {k: _decode(v) for k, v in params.items()})


def _encode(value: Param) -> Any:
    if isinstance(value, Reason):
        return value.encode()
    if isinstance(value, tuple | list):
        return [_encode(v) for v in value]
    if isinstance(value, Enum):
        return value.value
    if value is None or isinstance(value, str | int | float | bool):
        return value
    raise TypeError(f"a reason's parameter cannot be stored: {value!r}")


def _decode(value: Any) -> Param:
    if isinstance(value, Mapping):
        return Reason.decode(value)
    if isinstance(value, list):
        return tuple(_decode(v) for v in value)
    return value


_SCALARS = (str, int, float, bool, type(None))


def problem(data: Any) -> Phrase | None:
    """What is wrong with a stored reason's JSON form, or None when :meth:`Reason.decode`
    can read it: an object with a non-empty text ``key``, an optional text ``rule``, an
    optional object ``params`` whose values are text, numbers, true/false, null, reasons
    or lists of these."""
    if not isinstance(data, Mapping):
        return Phrase("reason.data.shape")
    unknown = [k for k in data if k not in ("key", "rule", "params")]
    if unknown:
        return Phrase("reason.data.unknown", field=unknown[0])
    key = data.get("key")
    if not isinstance(key, str) or not key.strip():
        return Phrase("reason.data.key")
    if data.get("rule") is not None and not isinstance(data["rule"], str):
        return Phrase("reason.data.rule")
    params = data.get("params", {})
    if not isinstance(params, Mapping):
        return Phrase("reason.data.params")
    for value in params.values():
        found = _param_problem(value)
        if found:
            return found
    return None


def _param_problem(value: Any) -> Phrase | None:
    if isinstance(value, Mapping):
        return problem(value)
    if isinstance(value, list):
        return next((p for p in map(_param_problem, value) if p), None)
    if not isinstance(value, _SCALARS):
        return Phrase("reason.data.value", value=repr(value))
    return None


def words(
    value: str | Reason | None, lang: Lang = "nl", names: Mapping[str, str] | None = None
) -> str:
    """A stored reason as text: a :class:`Reason` in ``lang``, plain text (the director's
    own words, or a file written before reasons were keys) as it is, None as ``""``."""
    if value is None:
        return ""
    if isinstance(value, Reason):
        return value.text(lang, names)
    return value
