"""Every failure compcore reports, one class per kind of failure.

Each error carries a message that names what is wrong (file, round, player, field) in one
line, so the command line and the app can show it as is. Nothing that raises one of these
has changed any state.

A message is a sequence of parts: plain text (a file path, a competition's name), or words
with a ``render(lang)`` method: a :class:`Phrase` (an i18n key with its fields), a
:class:`Label`, a :class:`~compcore.domain.reason.Reason`. :meth:`CompcoreError.describe` renders
them in the reader's language; ``str(error)`` is the message in the default language
(Dutch), as every screen shows it by default. A place is written as steps (a file,
``ronde 3``, ``bord 2``) joined by ``": "``: :meth:`CompcoreError.at` takes the steps, the
message's key and its fields.
"""

from __future__ import annotations

import errno
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Self

if TYPE_CHECKING:
    from compcore.i18n import Lang

#: one part of a message or a place: plain text, or words with ``render(lang)``/``text(lang)``
Part = Any


def render(part: Part, lang: Lang) -> Any:
    """A part in ``lang``: words rendered, anything else (text, a number) as it is."""
    if isinstance(part, str):
        return part
    if hasattr(part, "render"):
        return part.render(lang)
    if hasattr(part, "text") and callable(part.text):
        return part.text(lang)
    return part


class Phrase:
    """Words of a message: an i18n key (``compcore/i18n/``) and its fields. A field that has
    words of its own (another phrase, a label, a reason) is rendered in the same language.

    ``Phrase("change.what.round", number=4)`` or ``Phrase(key, {"number": 4})``.
    """

    __slots__ = ("fields", "key")

    def __init__(
        self, key: str, fields: Mapping[str, object] | None = None, /, **more: object
    ) -> None:
        self.key = key
        self.fields: Mapping[str, object] = MappingProxyType({**(fields or {}), **more})

    @property
    def params(self) -> Mapping[str, object]:
        return self.fields

    def render(self, lang: Lang) -> str:
        from compcore.i18n import t

        return t(self.key, lang, **{k: render(v, lang) for k, v in self.fields.items()})

    def text(self, lang: Lang = "nl") -> str:
        return self.render(lang)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Phrase) and (self.key, dict(self.fields)) == (
            other.key,
            dict(other.fields),
        )

    def __hash__(self) -> int:
        return hash((self.key, tuple(sorted((k, repr(v)) for k, v in self.fields.items()))))

    def __repr__(self) -> str:
        return f"Phrase({self.key!r}, {dict(self.fields)!r})"


def phrase(key: str, **fields: object) -> Phrase:
    """``Phrase(key, fields)``, written as a call: ``phrase("error.json.depth", limit=32)``."""
    return Phrase(key, fields)


class Label:
    """A value the catalogue may have a word for (``{prefix}.{value}``: an action, an entry
    kind, a flag): shown as that word, or as the value itself when there is none."""

    __slots__ = ("prefix", "value")

    def __init__(self, prefix: str, value: str) -> None:
        self.prefix, self.value = prefix, value

    def render(self, lang: Lang) -> str:
        from compcore.i18n import catalog, t

        key = f"{self.prefix}.{self.value}"
        return t(key, lang) if key in catalog(lang) else self.value

    def text(self, lang: Lang = "nl") -> str:
        return self.render(lang)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Label) and (self.prefix, self.value) == (other.prefix, other.value)

    def __hash__(self) -> int:
        return hash((self.prefix, self.value))

    def __repr__(self) -> str:
        return f"Label({self.prefix!r}, {self.value!r})"


def os_problem(exc: OSError) -> Phrase:
    """What the operating system refused, in words: a known cause (a missing file, no
    permission, a full disk, ...) in Dutch, and in English the system's own text."""
    from compcore.i18n import catalog

    key = f"os.{errno.errorcode.get(exc.errno or -1, '')}"
    detail = exc.strerror or str(exc)
    return Phrase(key if key in catalog("en") else "os.other", detail=detail)


def choices(values: Iterable[str]) -> str:
    """Names a message lists as allowed (fields, kinds, columns), each in quotes: they are
    the file's or the setting's own words, written as they must be typed."""
    return ", ".join(repr(v) for v in values)


def joined(steps: Iterable[Part], separator: str = ": ") -> tuple[Part, ...]:
    """The steps of a place with ``separator`` between them (empty steps left out)."""
    out: list[Part] = []
    for step in steps:
        if step is None or step == "":
            continue
        if out:
            out.append(separator)
        out.append(step)
    return tuple(out)


def place(where: Part | Iterable[Part]) -> tuple[Part, ...]:
    """A place (one step, or a tuple of steps) as the start of a message: its steps joined
    by ``": "`` and followed by one; nothing for no place."""
    steps = joined(where if isinstance(where, tuple) else (where,))
    return (*steps, ": ") if steps else ()


class CompcoreError(Exception):
    """Base class: a clear one-line message about bad input or an impossible request."""

    def __init__(self, *parts: Part) -> None:
        self.parts: tuple[Part, ...] = parts
        super().__init__(self.describe())

    @classmethod
    def at(cls, where: Part | Iterable[Part], key: str, **fields: object) -> Self:
        """The error ``key`` (with ``fields``) at the place ``where`` (a step, or a tuple of
        steps: ``(path, Phrase("at.round", number=3))``)."""
        return cls(*place(where), Phrase(key, fields))

    def describe(self, lang: Lang | None = None) -> str:
        """The message in ``lang`` (default: the default language). One line."""
        from compcore.i18n import DEFAULT

        text = "".join(str(render(p, lang or DEFAULT)) for p in self.parts)
        return " ".join(text.splitlines())

    def text(self, lang: Lang = "nl") -> str:
        """The message in ``lang`` (Dutch by default)."""
        return self.describe(lang)

    def located(self, where: Part, kind: type[CompcoreError] | None = None) -> CompcoreError:
        """The same message after ``where: `` (as ``kind``, default this error's class; an
        error class with its own constructor gives its nearest plain base class)."""
        cls = kind or type(self)
        plain = CompcoreError.__init__
        cls = next(c for c in cls.__mro__ if getattr(c, "__init__", None) is plain)
        return cls(*place(where), *self.parts)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self.parts), self.__dict__)


def _rebuild(cls: type[CompcoreError], parts: tuple[Part, ...]) -> CompcoreError:
    """An error of ``cls`` with ``parts`` (unpickling; ``cls`` may have its own constructor)."""
    error = cls.__new__(cls)
    CompcoreError.__init__(error, *parts)
    return error


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


class SignoffRefused(LocalizedError):
    """A member's sign-off link or mark refused (unknown, revoked or expired link; another
    player; a played round; a kind the rulebook lacks; after the deadline). Nothing stored."""


class NotFinalizedError(LocalizedError):
    """Only a finalized round can be reopened."""


class RosterError(LocalizedError):
    """A roster change with bad input (an empty name, a round out of range, withdrawing
    before joining): refused before anything is written."""


class RatingListError(LocalizedError):
    """A rating list (KNSB CSV, FIDE TXT or XML) that cannot be read at all: no header, the
    wrong encoding, broken XML. Nothing is imported."""
