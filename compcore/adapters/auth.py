"""Director login: a password hash in the configuration, and actors the store can check.

The director's password is never stored, only a self-describing PBKDF2-SHA256 hash::

    pbkdf2_sha256$<iterations>$<salt, base64>$<hash, base64>

made by :func:`hash_password` (``compcore hash-password``) and configured as the environment
variable ``COMPCORE_DIRECTOR_HASH`` or as ``director_hash`` in ``.streamlit/secrets.toml``
(:func:`configured_hash`). There is no default password: with no hash configured nobody can
log in.

Writes to the store need an *actor*:

- :class:`Director`, minted only by :func:`login` with the right password. It carries a
  proof, an HMAC over its fields keyed with (a key derived from) the configured hash. The
  store recomputes the proof with its own configured hash (:func:`is_valid_director`), so a
  Director made by hand, edited, or minted under another hash is refused.
- :class:`Administrator`: the local command line (``compcore import``) and the app's
  first-start seeding. Whoever can run Python on the server can make one; see
  ``docs/store.md`` for the threat model.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import os
import secrets
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from compcore.errors import HashFormatError

ALGORITHM = "pbkdf2_sha256"
#: OWASP's 2023 recommendation for PBKDF2-HMAC-SHA256 (about 0.3 s on the club's server)
DEFAULT_ITERATIONS = 600_000
MIN_ITERATIONS = 1_000
MAX_ITERATIONS = 10_000_000  # a hash asking for more is refused rather than hanging the app
SALT_BYTES = 16
ENV_VAR = "COMPCORE_DIRECTOR_HASH"
SECRETS_KEY = "director_hash"


def _normalise(password: str) -> bytes:
    # the same password typed on different keyboards may arrive composed or decomposed
    return unicodedata.normalize("NFC", password).encode("utf-8")


def _b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode("ascii")


def hash_password(password: str, *, iterations: int = DEFAULT_ITERATIONS) -> str:
    """A new salted PBKDF2-SHA256 hash of ``password`` in the self-describing format."""
    if not isinstance(password, str) or not password:
        raise ValueError("the password may not be empty")
    if not MIN_ITERATIONS <= iterations <= MAX_ITERATIONS:
        raise ValueError(f"iterations must be between {MIN_ITERATIONS} and {MAX_ITERATIONS}")
    salt = secrets.token_bytes(SALT_BYTES)
    digest = hashlib.pbkdf2_hmac("sha256", _normalise(password), salt, iterations)
    return f"{ALGORITHM}${iterations}${_b64(salt)}${_b64(digest)}"


@dataclass(frozen=True)
class _Parsed:
    iterations: int
    salt: bytes
    digest: bytes


def _parse(stored_hash: str) -> _Parsed:
    def bad(why: str) -> HashFormatError:
        return HashFormatError(
            f"the configured director hash is malformed ({why}); "
            f"make one with `compcore hash-password` (format {ALGORITHM}$<iterations>$<salt>$<hash>)"
        )

    if not isinstance(stored_hash, str):
        raise bad(f"expected text, got {type(stored_hash).__name__}")
    parts = stored_hash.strip().split("$")
    if len(parts) != 4:
        raise bad(f"expected 4 fields separated by '$', got {len(parts)}")
    algorithm, iterations_text, salt_text, digest_text = parts
    if algorithm != ALGORITHM:
        raise bad(f"unknown algorithm {algorithm[:20]!r}, expected {ALGORITHM!r}")
    if not iterations_text.isdigit() or not (
        MIN_ITERATIONS <= int(iterations_text) <= MAX_ITERATIONS
    ):
        raise bad(f"iterations must be a number from {MIN_ITERATIONS} to {MAX_ITERATIONS}")
    try:
        salt = base64.b64decode(salt_text, validate=True)
        digest = base64.b64decode(digest_text, validate=True)
    except (binascii.Error, ValueError):
        raise bad("salt or hash is not base64") from None
    if len(salt) < 8:
        raise bad("the salt is shorter than 8 bytes")
    if len(digest) != hashlib.sha256().digest_size:
        raise bad("the hash is not 32 bytes")
    return _Parsed(int(iterations_text), salt, digest)


def check_hash(stored_hash: str) -> str:
    """``stored_hash`` if it is well formed; :class:`HashFormatError` otherwise."""
    _parse(stored_hash)
    return stored_hash.strip()


def verify(password: str, stored_hash: str) -> bool:
    """Whether ``password`` matches ``stored_hash`` (constant-time comparison).

    A malformed hash raises :class:`HashFormatError`: that is a configuration mistake, not a
    wrong password.
    """
    parsed = _parse(stored_hash)
    if not isinstance(password, str) or not password:
        return False
    digest = hashlib.pbkdf2_hmac("sha256", _normalise(password), parsed.salt, parsed.iterations)
    return hmac.compare_digest(digest, parsed.digest)


# --------------------------------------------------------------------------- actors


def _proof_key(stored_hash: str) -> bytes:
    # a key of its own, so the proof never equals anything derived from the password hash
    return hmac.new(
        b"compcore-director-proof-v1", stored_hash.strip().encode("utf-8"), hashlib.sha256
    ).digest()


def _proof_message(name: str, issued_at: datetime, nonce: str) -> bytes:
    return "\x1f".join((name, issued_at.isoformat(), nonce)).encode("utf-8")


@dataclass(frozen=True)
class Director:
    """A logged-in tournament director. Make one with :func:`login`, never by hand."""

    name: str
    issued_at: datetime
    nonce: str
    proof: str = field(repr=False)

    @property
    def label(self) -> str:
        """How the change log names this actor."""
        return f"director:{self.name}"


@dataclass(frozen=True)
class Administrator:
    """The local administrator: the command line and the app's first-start seeding."""

    name: str = "local"

    @property
    def label(self) -> str:
        return f"administrator:{self.name}"


Actor = Director | Administrator


def _mint(name: str, stored_hash: str) -> Director:
    issued = datetime.now(UTC)
    nonce = secrets.token_hex(16)
    proof = hmac.new(_proof_key(stored_hash), _proof_message(name, issued, nonce), hashlib.sha256)
    return Director(name=name, issued_at=issued, nonce=nonce, proof=proof.hexdigest())


def login(password: str, stored_hash: str | None, *, name: str = "director") -> Director | None:
    """A :class:`Director` when ``password`` matches ``stored_hash``; None otherwise.

    With no hash configured (None or empty) nobody can log in. A malformed hash raises
    :class:`HashFormatError`.
    """
    if not stored_hash:
        return None
    if not verify(password, stored_hash):
        return None
    return _mint(name, stored_hash)


def is_valid_director(actor: Any, stored_hash: str | None) -> bool:
    """Whether ``actor`` is a Director minted by :func:`login` under ``stored_hash``."""
    if type(actor) is not Director or not stored_hash:
        return False
    if not all(isinstance(x, str) for x in (actor.name, actor.nonce, actor.proof)):
        return False
    if not isinstance(actor.issued_at, datetime):
        return False
    expected = hmac.new(
        _proof_key(stored_hash),
        _proof_message(actor.name, actor.issued_at, actor.nonce),
        hashlib.sha256,
    ).hexdigest()
    return hmac.compare_digest(expected, actor.proof)


def configured_hash(secrets_: Mapping[str, Any] | None = None) -> str | None:
    """The configured director hash: the environment variable ``COMPCORE_DIRECTOR_HASH``,
    else ``director_hash`` in the app's secrets (the environment wins, as it does for the
    database path); None when neither is set.

    Pass ``st.secrets`` from the app. The value is checked: a malformed hash raises
    :class:`HashFormatError` at start-up rather than at the first login.
    """
    value: Any = os.environ.get(ENV_VAR)
    if not value and secrets_ is not None:
        try:
            value = secrets_.get(SECRETS_KEY)
        except Exception:  # streamlit's secrets raise when no secrets.toml exists
            value = None
    if not value:
        return None
    return check_hash(str(value))
