"""A player's federation numbers (issue 11): the KNSB relatienummer and the FIDE id.

Both are optional typed fields of :class:`~compcore.domain.model.Player` (``knsb_id``,
``fide_id``), checked here, in one place, wherever they come in (season file, Spelers
form, players CSV). A relatienummer is 7 digits (``spec/formats.md``, "KNSB rating
list"); a FIDE id is 1 to 10 digits (the TRF's FIDE-id field is 11 wide).

Older seasons carry the relatienummer as the flag ``knsb:1234567``: such files are kept
as they are (lossless), and :func:`knsb_id_of` reads the field first, then the flag.
"""

from __future__ import annotations

import re

from compcore.domain.errors import Phrase
from compcore.domain.model import Player

__all__ = [
    "ID_FLAG",
    "fide_id_of",
    "fide_id_problem",
    "knsb_id_of",
    "knsb_id_problem",
    "number_problems",
]

#: the older flag prefix carrying a player's relatienummer: ``knsb:1234567``
ID_FLAG = "knsb:"
_KNSB = re.compile(r"\d{7}")
_FIDE = re.compile(r"\d{1,10}")


def knsb_id_problem(value: str) -> Phrase | None:
    """Why ``value`` is not a relatienummer (7 digits, ASCII), or ``None`` when it is."""
    if value.isascii() and _KNSB.fullmatch(value):
        return None
    return Phrase("ids.knsb_bad", got=value)


def fide_id_problem(value: str) -> Phrase | None:
    """Why ``value`` is not a FIDE id (1 to 10 digits, ASCII), or ``None`` when it is."""
    if value.isascii() and _FIDE.fullmatch(value):
        return None
    return Phrase("ids.fide_bad", got=value)


def number_problems(player: Player) -> list[tuple[str, Phrase]]:
    """What is wrong with the player's numbers: (field, problem) for each bad one."""
    found = [
        (field, problem(value))
        for field, value, problem in (
            ("knsb_id", player.knsb_id, knsb_id_problem),
            ("fide_id", player.fide_id, fide_id_problem),
        )
        if value is not None
    ]
    return [(field, p) for field, p in found if p is not None]


def knsb_id_of(player: Player) -> str | None:
    """The player's relatienummer: the ``knsb_id`` field, else an older ``knsb:NNN``
    flag (as written, perhaps not 7 digits), else ``None``."""
    if player.knsb_id is not None:
        return player.knsb_id
    for flag in player.flags or ():
        if flag.startswith(ID_FLAG):
            return flag[len(ID_FLAG) :].strip()
    return None


def fide_id_of(player: Player) -> str | None:
    """The player's FIDE id (the ``fide_id`` field), else ``None``."""
    return player.fide_id
