"""Limits on JSON-like data from outside (season files, ruleset overrides, uploads).

JSON itself allows what compcore cannot keep: nesting deep enough to exhaust Python's
recursion, ``NaN`` and ``Infinity`` (not JSON at all, but Python's reader takes them),
integers beyond the database's widest column (128 bits; most fields take 64, which the
season-file reader checks per field), and text with a lone UTF-16 surrogate (``"\\ud800"``
is valid JSON, but no UTF-8 encoder writes it). :func:`loads` and :func:`check` refuse each
with one line naming the field, before anything is parsed further or stored.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Mapping
from typing import Any

from compcore.domain.errors import CompcoreError, Part, Phrase, phrase, place

#: Deepest nesting accepted (a season file needs 7: overrides' tables in a round's list).
MAX_DEPTH = 32
#: The database's widest whole numbers (HUGEINT, a round's seed); most columns are 64-bit.
INT_MIN, INT_MAX = -(2**127), 2**127 - 1
#: The range of the database's ordinary whole-number columns (BIGINT).
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1


def loads(text: str, where: Part, error: type[CompcoreError]) -> Any:
    """JSON text as plain data, checked by :func:`check`; ``error`` (one line) if not.
    ``where`` is the place (a file name, or a tuple of steps)."""
    try:
        data = json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        raise error(
            *place(where),
            phrase("error.json.syntax", line=exc.lineno, column=exc.colno, detail=exc.msg),
        ) from None
    except RecursionError:
        raise error(*place(where), phrase("error.json.depth", limit=MAX_DEPTH)) from None
    except _Constant as exc:
        raise error(*place(where), phrase("error.json.constant", name=exc.name)) from None
    except ValueError:  # Python reads no integer of more than 4300 digits
        raise error(*place(where), phrase("error.json.digits")) from None
    if _plain_text(text) and _parsed_fine(data):
        return data
    check(data, where, error)
    return data


class _Constant(ValueError):
    """``NaN``, ``Infinity`` or ``-Infinity`` in JSON text (Python's reader takes them)."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


def _refuse_constant(name: str) -> Any:
    raise _Constant(name)


def check(data: Any, where: Part, error: type[CompcoreError]) -> None:
    """Refuse nesting deeper than :data:`MAX_DEPTH`, values JSON does not have (a TOML
    date), whole numbers outside 128 bits, non-finite numbers and text (values or keys)
    with a lone surrogate, naming the field.

    Data that plainly keeps every limit (built-in types only) passes one quick walk
    without field paths (:func:`_plainly_fine`); anything else takes the walk that names
    the field, so a refusal reads the same either way."""
    if _plainly_fine(data):
        return
    for path, depth, value in _walk(data):
        problem = _problem(value, depth)
        if problem is not None:
            raise error(*place(where), phrase("error.json.field", path=_show(path)), problem)


def _plain_text(text: str) -> bool:
    """Whether JSON ``text`` holds no ``\\u`` escape and no surrogate of its own (a file
    read as UTF-8 has none): then no string ``json.loads`` reads from it has a lone
    surrogate (:func:`_parsed_fine`)."""
    return "\\u" not in text and (text.isascii() or _encodes(text))


def _parsed_fine(data: Any) -> bool:
    """Whether ``data``, ``json.loads``' own reading of a :func:`_plain_text`, keeps every
    limit of :func:`check`, judged faster than :func:`_plainly_fine` judges any data: what
    JSON reads is dicts with text keys, lists, text, numbers, booleans and null, and such
    a text's strings need no look, so only depth and numbers are left to judge (a club's
    season file of 8,000 members in half the time, issue 19). False when it cannot tell
    so quickly: :func:`check` judges then."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    pop, push = stack.pop, stack.append
    while stack:
        value, depth = pop()
        kind = type(value)
        if kind is dict:
            if value and depth >= MAX_DEPTH:
                return False  # its items are nested too deep
            for item in value.values():
                kind = type(item)
                if kind is str or kind is bool or item is None:
                    continue
                if kind is int:
                    if not INT_MIN <= item <= INT_MAX:
                        return False
                else:
                    push((item, depth + 1))
        elif kind is list:
            if value and depth >= MAX_DEPTH:
                return False
            for item in value:
                if type(item) is not str:
                    push((item, depth + 1))
        elif kind is int:
            if not INT_MIN <= value <= INT_MAX:
                return False
        elif kind is float and not math.isfinite(value):
            return False
    return True


def _encodes(text: str) -> bool:
    """Whether ``text`` has no lone surrogate (UTF-8 can write it)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _plainly_fine(data: Any) -> bool:
    """Whether ``data`` keeps every limit of :func:`check`, judged on built-in types only
    (dict, list, tuple, str, int, float, bool, None): False for anything else, which
    :func:`check` then judges value by value. A season file's check in a fifth of the
    time (issue 19)."""
    strings: list[str] = []
    keep = strings.append
    stack: list[tuple[Any, int]] = [(data, 1)]
    pop, push = stack.pop, stack.append
    while stack:
        value, depth = pop()
        if depth > MAX_DEPTH:
            return False
        kind = type(value)
        if (kind is dict or kind is list or kind is tuple) and value and depth == MAX_DEPTH:
            return False  # its items are nested too deep (judged here, they are not pushed)
        if kind is dict:
            # text and whole numbers are judged here, not pushed: a club's file holds
            # thousands of objects of a few such fields (issue 19)
            for key, item in value.items():
                if type(key) is not str:
                    return False
                keep(key)
                kind = type(item)
                if kind is str:
                    keep(item)
                elif kind is int:
                    if not INT_MIN <= item <= INT_MAX:
                        return False
                elif item is not None and kind is not bool:
                    push((item, depth + 1))
        elif kind is list or kind is tuple:
            for item in value:
                if type(item) is str:
                    keep(item)
                else:
                    push((item, depth + 1))
        elif kind is str:
            keep(value)
        elif kind is int:
            if not INT_MIN <= value <= INT_MAX:
                return False
        elif kind is float:
            if not math.isfinite(value):
                return False
        elif kind is not bool and value is not None:
            return False
    try:  # a lone surrogate is code point of its own in a str: joining pairs none up
        "\n".join(strings).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


#: What JSON holds (TOML adds dates and times, which no compcore field takes).
_JSON_TYPES = (str, int, float, bool, type(None), Mapping, list, tuple)


def _problem(value: Any, depth: int) -> Phrase | None:
    if depth > MAX_DEPTH:
        return phrase("error.json.depth", limit=MAX_DEPTH)
    if not isinstance(value, _JSON_TYPES):
        return phrase("error.json.type", kind=type(value).__name__)
    if isinstance(value, bool):
        return None
    if isinstance(value, int) and not INT_MIN <= value <= INT_MAX:
        return phrase("error.json.int", low=INT_MIN, high=INT_MAX)
    if isinstance(value, float) and not math.isfinite(value):
        return phrase("error.json.float", value=value)
    if isinstance(value, str):
        bad = lone_surrogate(value)
        if bad is not None:
            return phrase("error.json.surrogate", char=f"U+{ord(bad):04X}")
    return None


def lone_surrogate(text: str) -> str | None:
    """The first lone UTF-16 surrogate in ``text`` (it cannot be written as UTF-8), if any."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        return text[exc.start]
    return None


def _walk(data: Any) -> Iterator[tuple[str, int, Any]]:
    """(path, depth, value) of every value and key, parents first, without recursion."""
    stack: list[tuple[str, int, Any]] = [("", 1, data)]
    while stack:
        path, depth, value = stack.pop()
        yield path, depth, value
        if depth > MAX_DEPTH:
            return
        if isinstance(value, Mapping):
            for key, item in reversed(list(value.items())):
                child = f"{path}.{key}" if path else str(key)
                yield child, depth, key
                stack.append((child, depth + 1, item))
        elif isinstance(value, list | tuple):
            for i in reversed(range(len(value))):
                stack.append((f"{path}[{i}]", depth + 1, value[i]))


def _show(path: str) -> str:
    """The path as a message shows it: quoted, shortened in the middle when long, and with
    any lone surrogate written as its code (the message itself must be writable)."""
    text = path or "(top)"
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    if len(text) > 60:
        text = text[:28] + "…" + text[-28:]
    return repr(text)
