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
from types import MappingProxyType
from typing import TYPE_CHECKING, Self

if TYPE_CHECKING:
    from compcore.i18n import Lang


class Phrase:
    """Words of a message: an i18n key (``compcore/i18n/``) and its fields. A field that is
    itself a :class:`Phrase` is rendered in the same language.

    ``Phrase("change.what.round", number=4)`` or ``Phrase(key, {"number": 4})``.
    """

    __slots__ = ("fields", "key")

    def __init__(
        self, key: str, fields: Mapping[str, object] | None = None, /, **more: object
    ) -> None:
        self.key = key
        self.fields: Mapping[str, object] = MappingProxyType({**(fields or {}), **more})

    def render(self, lang: Lang) -> str:
        from compcore.i18n import t

        values = {k: v.render(lang) if isinstance(v, Phrase) else v for k, v in self.fields.items()}
        return t(self.key, lang, **values)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Phrase) and (self.key, dict(self.fields)) == (
            other.key,
            dict(other.fields),
        )

    def __hash__(self) -> int:
        return hash((self.key, tuple(sorted(self.fields.items(), key=lambda kv: kv[0]))))

    def __repr__(self) -> str:
        return f"Phrase({self.key!r}, {dict(self.fields)!r})"


def phrase(key: str, **fields: object) -> Phrase:
    """``Phrase(key, fields)``, written as a call: ``phrase("error.json.depth", limit=32)``."""
    return Phrase(key, fields)


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


class DirectorConfigError(CompcoreError, ValueError):
    """The configured directors (``COMPCORE_DIRECTORS``, ``[directors]`` in the secrets, or
    the single ``COMPCORE_DIRECTOR_HASH``) cannot be read: a bad name, a name given twice, a
    line that is not ``name=hash``."""


class HashFormatError(DirectorConfigError):
    """The configured director password hash is not a ``pbkdf2_sha256$...`` string made by
    ``compcore hash-password``."""


class NotAuthorized(StoreError):
    """A write did not come from a logged-in tournament director."""


class CsvImportError(CompcoreError):
    """A CSV import has bad rows; nothing was imported."""


class LocalizedError(CompcoreError):
    """An error that is one i18n key with its parameters (a :class:`Phrase`); :meth:`text`
    renders it in a language, ``str(error)`` in the default one (Dutch)."""

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(Phrase(key, params))

    def text(self, lang: Lang = "nl") -> str:
        return self.describe(lang)


class StaleWriteError(LocalizedError, StoreError):
    """A lost update refused: what the director changes was changed by someone else since he
    opened the form (``what`` names it). Nothing was saved; reloading shows the new state."""

    def __init__(self, what: Phrase) -> None:
        self.what = what
        super().__init__("change.stale", what=what)


class ReasonRequiredError(LocalizedError):
    """A change that needs the director's reason (in the change log) came without one: a
    pairing that breaks a rule, or the correction of a finalized round's result."""


class IncompleteRoundError(LocalizedError):
    """A round cannot be finalized while a board has no result."""
