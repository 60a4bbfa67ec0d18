"""The pairing engine's result types: boards, reasons, relaxations, a round's pairing.

Every board carries two :class:`Reason` objects: why these two players meet (``placed``)
and why the colours are as they are (``colour``). A reason (:mod:`compcore.domain.reason`) is a
key into the ``compcore.i18n.pairing`` catalogue plus the club's rule id and parameters, so
the same explanation renders in Dutch and English, and is stored as such on the games.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from compcore.domain.model import Round
from compcore.domain.reason import Reason, shown_name
from compcore.i18n import Lang

__all__ = ["Board", "Pairing", "Reason", "Relaxation", "forced_override", "relaxed_override"]


def forced_override(why: object) -> Reason:
    """A forced game's override (KC-7, MG-8): the director fixed the board, for ``why`` (the
    forced game's reason: a word such as ``cup``, or his own)."""
    return Reason("override.forced", None, {"why": why or "director"})


def relaxed_override(placed: Reason) -> Reason:
    """The override of a board that breaks a rule the pairing had to relax: why it was
    made (``placed``)."""
    return Reason("override.relaxed", None, {"detail": placed})


@dataclass(frozen=True, slots=True)
class Board:
    """One board of a pairing: white, black, why they meet and why these colours."""

    white: str
    black: str
    placed: Reason
    colour: Reason
    forced: bool = False
    #: a linked competition's tag (``ForcedGame.group``, DS-16), carried onto the game
    group: str | None = None


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
            white, black = shown_name(board.white, names), shown_name(board.black, names)
            lines.append(
                f"{number}. {white} - {black}: {board.placed.text(lang, names)}; "
                f"{board.colour.text(lang, names)}"
            )
        for player, reason in self.sitting_out.items():
            lines.append(f"{shown_name(player, names)}: {reason.text(lang, names)}")
        for relaxation in self.relaxed:
            lines.append(relaxation.reason.text(lang, names))
        return "\n".join(lines)
