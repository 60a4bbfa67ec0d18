"""Dutch (default) and English words for everything compcore shows, in the clubs' own terms.

Plain data, one module per area (``standings``, ``pairing``, ``app``), each with an ``NL``
and an ``EN`` dict. The command line and the app look labels up with :func:`t`. A key
missing in one language falls back to the other, then to the key itself, so a missing
translation shows up as a visible key rather than an error (``tests`` check that both
languages have the same keys).
"""

from __future__ import annotations

import importlib
import os
from functools import cache
from typing import Literal

Lang = Literal["nl", "en"]
LANGUAGES: tuple[Lang, ...] = ("nl", "en")
DEFAULT: Lang = "nl"


@cache
def catalog(lang: Lang) -> dict[str, str]:
    """Every area's words in one language."""
    merged: dict[str, str] = {}
    for name in _areas():
        module = importlib.import_module(f"{__name__}.{name}")
        merged.update(getattr(module, lang.upper()))
    return merged


@cache
def _areas() -> tuple[str, ...]:
    """The area modules beside this one, by name (what ``pkgutil.iter_modules`` lists, in
    its order, without the ~19 ms of ``inspect`` it imports: every command's help pays it)."""
    return tuple(
        sorted(
            entry.name.removesuffix(".py")
            for folder in __path__
            for entry in os.scandir(folder)
            if entry.name.endswith(".py") and not entry.name.startswith("_")
        )
    )


class _Keep(dict[str, object]):
    """Fields for ``str.format_map``: a field the text names but the caller did not give
    stays visible as ``{name}`` instead of raising."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


#: the field that chooses a text's singular: ``key.one`` is the text when it is 1
COUNT = "count"


def t(key: str, lang: Lang = DEFAULT, **fields: object) -> str:
    """The text for ``key`` in ``lang``, with ``{fields}`` filled in. With ``count=1`` a
    text that has a singular (``key.one``: "1 speler", beside "{count} spelers") takes it,
    so no screen says "speler(s)"."""
    other: Lang = "en" if lang == "nl" else "nl"
    if fields.get(COUNT) == 1 and (key + ".one") in catalog(lang):
        key += ".one"
    text = catalog(lang).get(key) or catalog(other).get(key) or key
    return text.format_map(_Keep(fields)) if fields else text
