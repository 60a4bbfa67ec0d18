"""Every failure compcore reports, one class per kind of failure.

Each error carries a message that names what is wrong (file, round, player, field) in one
line, so the command line and the app can show it as is. Nothing that raises one of these
has changed any state.
"""

from __future__ import annotations


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
