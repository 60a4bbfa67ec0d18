"""Every failure compcore reports, one class per kind of failure.

Each error carries a message that names what is wrong (file, round, player, field) in one
line, so the command line and the app can show it as is. Nothing that raises one of these
has changed any state.
"""

from __future__ import annotations

from compcore.i18n import Lang, t


class CompcoreError(Exception):
    """Base class: a clear one-line message about bad input or an impossible request."""


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
    """An error with a Dutch and an English text: an i18n key and its parameters.

    ``str(error)`` is the English text (the command line and logs); the app shows
    :meth:`text` in the session's language. A parameter that is itself a :class:`Phrase`
    is rendered in the same language.
    """

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(self.text("en"))

    def text(self, lang: Lang = "nl") -> str:
        fields = {k: v.text(lang) if isinstance(v, Phrase) else v for k, v in self.params.items()}
        return t(self.key, lang, **fields)


class Phrase:
    """A piece of a :class:`LocalizedError`'s text: an i18n key with parameters."""

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params

    def text(self, lang: Lang = "nl") -> str:
        return t(self.key, lang, **self.params)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Phrase) and (self.key, self.params) == (other.key, other.params)

    def __hash__(self) -> int:
        return hash((self.key, tuple(sorted(self.params.items()))))

    def __repr__(self) -> str:
        return f"Phrase({self.key!r}, {self.params!r})"


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
