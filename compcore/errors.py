"""Every failure compcore reports, one class per kind of failure.

Each error carries a message that names what is wrong (file, round, player, field) in one
line, so the command line and the app can show it as is. Nothing that raises one of these
has changed any state.

A message is a sequence of parts: plain text, or a :class:`Phrase` (an i18n key with its
fields) that :meth:`CompcoreError.describe` renders in the reader's language. ``str(error)``
is the message in the default language (Dutch), as every screen shows it by default.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Self

if TYPE_CHECKING:
    from compcore.i18n import Lang


@dataclass(frozen=True, slots=True)
class Phrase:
    """Words of an error message: an i18n key (``compcore/i18n/errors.py``) and its fields."""

    key: str
    fields: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}))

    def render(self, lang: Lang) -> str:
        from compcore.i18n import t

        return t(self.key, lang, **self.fields)


def phrase(key: str, **fields: object) -> Phrase:
    """``Phrase(key, fields)``, written as a call: ``phrase("error.json.depth", limit=32)``."""
    return Phrase(key, MappingProxyType(fields))


class CompcoreError(Exception):
    """Base class: a clear one-line message about bad input or an impossible request."""

    def __init__(self, *parts: str | Phrase) -> None:
        self.parts: tuple[str | Phrase, ...] = parts
        super().__init__(self.describe())

    def describe(self, lang: Lang | None = None) -> str:
        """The message in ``lang`` (default: the default language). One line."""
        from compcore.i18n import DEFAULT

        text = "".join(
            p.render(lang or DEFAULT) if isinstance(p, Phrase) else p for p in self.parts
        )
        return " ".join(text.splitlines())

    def located(self, where: str, kind: type[CompcoreError] | None = None) -> CompcoreError:
        """The same message after ``where: `` (as ``kind``, default this error's class)."""
        return (kind or type(self))(f"{where}: ", *self.parts)

    def __reduce__(self) -> tuple[type[Self], tuple[str | Phrase, ...]]:
        return (type(self), self.parts)


class RulesetError(CompcoreError):
    """A ruleset (preset or override) is unknown, has an unknown field, a wrong type or an
    impossible value."""


class SeasonError(CompcoreError):
    """A season file does not follow the contract (``spec/season-format.md``)."""


class TrfError(CompcoreError):
    """A TRF16 file cannot be read."""


class PairingError(CompcoreError):
    """No pairing can be made (for example: no legal pairing exists and no rule may be relaxed)."""


class StoreError(CompcoreError):
    """The database refused a write, or holds something it cannot read."""


class HashFormatError(CompcoreError, ValueError):
    """The configured director password hash is not a ``pbkdf2_sha256$...`` string made by
    ``compcore hash-password``."""


class NotAuthorized(StoreError):
    """A write did not come from a logged-in tournament director."""


class CsvImportError(CompcoreError):
    """A CSV import has bad rows; nothing was imported."""
