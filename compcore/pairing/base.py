"""The pairing engine's result types: boards, reasons, relaxations, a round's pairing.

Every board carries two :class:`Reason` objects: why these two players meet (``placed``)
and why the colours are as they are (``colour``). A reason is a key into the
``compcore.i18n.pairing`` catalogue plus the club's rule id and parameters, so the same
explanation renders in Dutch and English.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from compcore.i18n import Lang, t
from compcore.model import EMPTY, Round

#: parameter names whose value is one player id (shown as a name when names are given)
_PLAYER_KEYS = frozenset({"a", "b", "player", "white", "black", "other", "engine", "human"})


def _names(value: object, names: Mapping[str, str] | None) -> str:
    text = str(value)
    return names.get(text, text) if names else text


def _join(
    items: tuple[object, ...] | list[object], lang: Lang, names: Mapping[str, str] | None
) -> str:
    shown = [x.text(lang, names) if isinstance(x, Reason) else _names(x, names) for x in items]
    if len(shown) <= 1:
        return "".join(shown)
    return ", ".join(shown[:-1]) + t("list.and", lang) + shown[-1]


@dataclass(frozen=True, slots=True)
class Reason:
    """An explanation, renderable in Dutch and English via :mod:`compcore.i18n`.

    ``key`` is a catalogue key (``pair.nearest``, ``colour.repeat-reversed``, ...), ``rule``
    the club's rule id (``DS-11``) or ``None``, ``params`` the values the text needs.
    Parameter conventions: a tuple is a list of player ids; ``scope`` is ``cycle`` or
    ``season``; ``rule_name`` a generic rule name; ``colour`` ``w``/``b``; a nested
    :class:`Reason` renders as its own text.
    """

    key: str
    rule: str | None = None
    params: Mapping[str, object] = field(default_factory=lambda: EMPTY)

    def __post_init__(self) -> None:
        if not isinstance(self.params, MappingProxyType):
            object.__setattr__(self, "params", MappingProxyType(dict(self.params)))

    def fields(self, lang: Lang = "nl", names: Mapping[str, str] | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, v in self.params.items():
            if isinstance(v, Reason):
                out[k] = v.text(lang, names)
            elif isinstance(v, tuple | list):
                out[k] = _join(v, lang, names)
            elif k == "scope":
                out[k] = t(f"scope.{v}", lang)
            elif k == "rule_name":
                out[k] = t(f"rule.{v}", lang)
            elif k in ("colour", "need"):
                out[k] = t(f"colour.name.{v}", lang)
            elif k == "kind":
                out[k] = t(f"kind.{v}", lang)
            elif k in _PLAYER_KEYS:
                out[k] = _names(v, names)
            else:
                out[k] = v
        return out

    def text(self, lang: Lang = "nl", names: Mapping[str, str] | None = None) -> str:
        """The explanation in ``lang`` (``nl`` or ``en``), ending with the rule id if any."""
        body = t(self.key, lang, **self.fields(lang, names))
        return f"{body} ({self.rule})" if self.rule else body

    def to_data(self) -> dict[str, Any]:
        """JSON-ready: the rule id and the text in both languages."""
        return {"rule": self.rule, "text": self.text("en"), "text_nl": self.text("nl")}


@dataclass(frozen=True, slots=True)
class Board:
    """One board of a pairing: white, black, why they meet and why these colours."""

    white: str
    black: str
    placed: Reason
    colour: Reason
    forced: bool = False


@dataclass(frozen=True, slots=True)
class Relaxation:
    """A soft rule relaxed because no legal pairing existed (``rule`` is its generic name,
    e.g. ``max-meetings``; the reason names the club's rule id and who could not be paired).
    """

    rule: str
    reason: Reason


@dataclass(frozen=True, slots=True)
class Pairing:
    """A round's pairing: the round as it would be stored plus the explanations."""

    round: Round
    boards: tuple[Board, ...]
    sitting_out: Mapping[str, Reason]
    relaxed: tuple[Relaxation, ...] = ()

    def explain(self, lang: Lang = "nl", names: Mapping[str, str] | None = None) -> str:
        """A plain-text explanation, board by board."""
        lines = []
        for number, board in enumerate(self.boards, start=1):
            white, black = _names(board.white, names), _names(board.black, names)
            lines.append(
                f"{number}. {white} - {black}: {board.placed.text(lang, names)}; "
                f"{board.colour.text(lang, names)}"
            )
        for player, reason in self.sitting_out.items():
            lines.append(f"{_names(player, names)}: {reason.text(lang, names)}")
        for relaxation in self.relaxed:
            lines.append(relaxation.reason.text(lang, names))
        return "\n".join(lines)
