"""Login sessions: a director stays logged in across a reload for a set time.

A successful login (:func:`compcore.adapters.access.auth.login`) may start a session here. Its
*token* is what the browser keeps (in a cookie)::

    <session id>.<expiry, Unix seconds>.<signature>

- the session id: 32 random bytes (URL-safe base64), new for every login;
- the signature: HMAC-SHA256 over the id and the expiry, keyed with the database's own
  secret (``login_secret``, made at random by schema migration 6). The token never holds
  the password or its hash, and nothing can be derived from them.

Server side, table ``login_sessions`` keeps each session: the sha256 of its id (so the
table alone lets nobody make a token), the director's configured name, a mark of his hash
(an HMAC of it under the secret), when it was issued, when it expires, and when it was
revoked. A token counts (:meth:`Sessions.director`) only when all of this holds: it is well
formed, its signature is right, it has not expired, its row exists and is not revoked, the
director is still configured, and his hash is still the one he logged in with. Anything
else is simply no session: a tampered, expired, revoked or unknown token logs nobody in
and is never an error. Logging out revokes the row (:meth:`Sessions.revoke`).

A database that cannot be read or written (busy, read-only, a schema before version 6)
costs the remembering, never the login: :meth:`Sessions.start` then returns None.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import re
import secrets
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from compcore.adapters.access.auth import Directors, resume
from compcore.adapters.store.address import database_at
from compcore.adapters.store.database import Connection, Database
from compcore.domain.errors import CompcoreError
from compcore.ports.actors import Director

logger = logging.getLogger("compcore.sessions")

#: the default time a login lasts (``COMPCORE_SESSION_HOURS``, see ``ui/config.py``)
DEFAULT_LIFETIME = timedelta(hours=12)
#: a token longer than this is not even parsed
MAX_TOKEN_LENGTH = 200
_TOKEN = re.compile(r"([A-Za-z0-9_-]{43})\.([0-9]{1,12})\.([0-9a-f]{64})")
_DOMAIN = b"compcore-session-v1"
#: expired and revoked rows are deleted this long after their end (at the next login)
KEEP_ENDED = timedelta(days=7)
#: how often a logout tries to store the revoke while another process holds the database
REVOKE_ATTEMPTS = 3

Clock = Callable[[], datetime]


def _utc_now() -> datetime:
    return datetime.now(UTC)


def _naive(moment: datetime) -> datetime:
    """A UTC moment as DuckDB's TIMESTAMP keeps it (no zone)."""
    return moment.astimezone(UTC).replace(tzinfo=None)


def _row_id(session_id: str) -> str:
    return hashlib.sha256(session_id.encode("ascii")).hexdigest()


def _mac(secret: bytes, *parts: str) -> str:
    message = b"\x1f".join((_DOMAIN, *(p.encode("utf-8") for p in parts)))
    return hmac.new(secret, message, hashlib.sha256).hexdigest()


@dataclass(frozen=True)
class Token:
    """A parsed token (its signature not yet checked)."""

    session_id: str
    expires: int
    signature: str

    @classmethod
    def parse(cls, text: object) -> Token | None:
        """The token in ``text``, or None when it is not one (any other value, any length)."""
        if not isinstance(text, str) or len(text) > MAX_TOKEN_LENGTH:
            return None
        match = _TOKEN.fullmatch(text)
        return cls(match[1], int(match[2]), match[3]) if match else None


class Sessions:
    """The login sessions of the database at ``address`` (``database.database_at``), shared
    by every app server on it; ``clock`` gives the UTC time."""

    def __init__(self, address: str | Path | Database, clock: Clock = _utc_now) -> None:
        self.database = database_at(address)
        self._errors: tuple[type[Exception], ...] = (CompcoreError, *self.database.errors)
        self._clock = clock

    # ------------------------------------------------------------------ public

    def start(self, director: Director, directors: Directors, lifetime: timedelta) -> str | None:
        """A new session for the logged-in ``director``, lasting ``lifetime``: its token, or
        None when the database cannot keep it (the login itself still holds)."""
        stored_hash = directors.hash_of(director.name)
        if stored_hash is None or lifetime <= timedelta(0):
            return None
        now = self._clock()
        expires = int((now + lifetime).timestamp())
        session_id = secrets.token_urlsafe(32)
        try:
            with self._writing() as con:
                secret = self._secret(con)
                con.execute(
                    "DELETE FROM login_sessions WHERE least(expires_at, "
                    "coalesce(revoked_at, expires_at)) < ?",
                    [_naive(now - KEEP_ENDED)],
                )
                con.execute(
                    "INSERT INTO login_sessions VALUES (?, ?, ?, ?, ?, NULL)",
                    [
                        _row_id(session_id),
                        director.name,
                        _mac(secret, "hash", stored_hash.strip()),
                        _naive(now),
                        _naive(datetime.fromtimestamp(expires, UTC)),
                    ],
                )
        except self._errors as exc:
            logger.warning("no login session kept in %s: %s", self.database.where, exc)
            return None
        signature = _mac(secret, "token", session_id, str(expires))
        return f"{session_id}.{expires}.{signature}"

    def name(self, token: object, directors: Directors) -> str | None:
        """The configured name of the director whose live session ``token`` is; None for
        anything else (see the module doc)."""
        parsed = Token.parse(token)
        if parsed is None or not directors:
            return None
        now = self._clock()
        if parsed.expires <= now.timestamp():
            return None
        try:
            with self._connect() as con:
                secret = self._secret(con)
                row = con.execute(
                    "SELECT director, hash_mark FROM login_sessions "
                    "WHERE id = ? AND revoked_at IS NULL AND expires_at > ?",
                    [_row_id(parsed.session_id), _naive(now)],
                ).fetchone()
        except self._errors as exc:
            logger.warning("login sessions of %s cannot be read: %s", self.database.where, exc)
            return None
        expected = _mac(secret, "token", parsed.session_id, str(parsed.expires))
        if not hmac.compare_digest(expected, parsed.signature) or row is None:
            return None
        name, mark = row
        stored_hash = directors.hash_of(name)
        if stored_hash is None or not hmac.compare_digest(
            mark, _mac(secret, "hash", stored_hash.strip())
        ):
            return None
        return str(name)

    def director(self, token: object, directors: Directors) -> Director | None:
        """The :class:`Director` a live session's ``token`` logs in again; None otherwise."""
        name = self.name(token, directors)
        return None if name is None else resume(name, directors)

    def revoke(self, token: object) -> bool:
        """End the session of ``token`` (logging out): whether that is stored, so it no
        longer logs in. A token that is no session's has nothing to end (True). While
        another process holds the database, each attempt waits for it
        (:data:`~compcore.adapters.store.connection.LOCK_TIMEOUT`), up to
        :data:`REVOKE_ATTEMPTS` attempts; a database that cannot be written, or is still
        held after them, gives False: the session still counts, and the caller must say
        so."""
        parsed = Token.parse(token)
        if parsed is None:
            return True
        for attempt in range(1, REVOKE_ATTEMPTS + 1):
            try:
                with self._writing() as con:
                    con.execute(
                        "UPDATE login_sessions SET revoked_at = ? "
                        "WHERE id = ? AND revoked_at IS NULL",
                        [_naive(self._clock()), _row_id(parsed.session_id)],
                    )
                return True
            except self._errors as exc:
                logger.warning(
                    "a login session in %s could not be revoked (attempt %d of %d): %s",
                    self.database.where,
                    attempt,
                    REVOKE_ATTEMPTS,
                    exc,
                )
        return False

    # ------------------------------------------------------------------ inside

    def _there(self) -> Database:
        if not self.database.exists():  # never create a database just for a session
            raise CompcoreError.at((self.database.where,), "store.missing")
        return self.database

    def _connect(self) -> AbstractContextManager[Connection]:
        return self._there().connect(read_only=False)

    def _writing(self) -> AbstractContextManager[Connection]:
        return self._there().transaction()

    def _secret(self, con: Connection) -> bytes:
        row = con.execute("SELECT secret FROM login_secret WHERE id = 1").fetchone()
        if row is None:  # not a compcore database of schema 6 or later
            raise CompcoreError.at((self.database.where,), "store.foreign")
        return bytes.fromhex(row[0])
