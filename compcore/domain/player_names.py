"""A player's name: the one rule every way in keeps (issue 18 item 1).

A name goes into files other programs read line by line and column by column (the TRF's
``001`` line, the KNSB submission, the website, CSV): a line break in it would start a new
record there (a fake ``001`` line), a tab or NUL would shift or cut a field. So a name

- is not empty and not only spaces;
- holds no control character: none of Unicode category ``Cc`` (U+0000-U+001F, U+007F-U+009F:
  line feed, carriage return, tab, NUL, escape, ...) and no line or paragraph separator
  (categories ``Zl`` and ``Zp``: U+2028, U+2029);
- is at most :data:`MAX_NAME_LENGTH` characters long (Unicode code points, as Python counts).

:func:`name_problem` says why a name breaks the rule (the first control character by its
position, counted from 1), or ``None``. The season-file reader (and so every write to the
store, which checks a season as a season file), the Spelers form, the players-CSV import
and the TRF import all call it, and refuse the player with that reason.
"""

from __future__ import annotations

import re

from compcore.domain.errors import Phrase

__all__ = [
    "MAX_NAME_LENGTH",
    "first_control_character",
    "name_problem",
    "without_control_characters",
]

#: the longest name accepted, in characters: room for the longest real names with every
#: tussenvoegsel and a double surname, far below what breaks a page or a file
MAX_NAME_LENGTH = 100

#: every character of Unicode categories Cc, Zl and Zp (the test checks this against
#: ``unicodedata`` for all code points)
CONTROL_CHARACTER = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
#: the characters ``str.splitlines`` ends a line at (LF, VT, FF, CR, FS, GS, RS, NEL,
#: U+2028, U+2029): shown as "a line break"
_LINE_BREAKS = frozenset("\n\x0b\x0c\r\x1c\x1d\x1e\x85\u2028\u2029")


def name_problem(name: str) -> Phrase | None:
    """Why ``name`` cannot be a player's name, or ``None`` when it can."""
    if not name.strip():
        return Phrase("name.empty")
    found = first_control_character(name)
    if found is not None:
        char, position = found
        if char in _LINE_BREAKS:
            return Phrase("name.line_break", position=position)
        if char == "\t":
            return Phrase("name.tab", position=position)
        if char == "\x00":
            return Phrase("name.nul", position=position)
        return Phrase("name.control", code=f"U+{ord(char):04X}", position=position)
    if len(name) > MAX_NAME_LENGTH:
        return Phrase("name.too_long", length=len(name), limit=MAX_NAME_LENGTH)
    return None


def first_control_character(text: str) -> tuple[str, int] | None:
    """The first character of categories Cc, Zl or Zp in ``text`` and its position (from 1),
    or ``None``: the one test of a control character, for names and every other field a file
    holds on one line (the club settings)."""
    found = CONTROL_CHARACTER.search(text)
    return None if found is None else (found.group(), found.start() + 1)


def without_control_characters(text: str) -> str:
    """``text`` with every control character a space, so a record of a file another program
    reads line by line (TRF, the KNSB submission) stays one line, whatever was stored."""
    return CONTROL_CHARACTER.sub(" ", text)
