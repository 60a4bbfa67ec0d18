"""The login log: every checked login attempt, in a table ``login_log`` of the club's database.

One row per password check: when (UTC), the name typed, from which client address and
browser session, failed or success, how many failures of that session or address counted at
that moment, and how long the client then had to wait. Never the password. Attempts refused
before their wait was over are not checked and not logged (they cost nothing, and a client
hammering the form would otherwise flood the table).

The table is apart from the season data and the change log: schema migration 12 makes it
(``compcore.adapters.store.schema``), and a login attempt does not change the app's revision
(the newest change-log id). A database that cannot be written (busy, read-only, a schema
before version 12) costs the row, not the login: the event still goes to Python's
``logging`` (logger ``compcore.login``), as every event does.
"""

from __future__ import annotations

import logging
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from compcore.adapters.store.address import database_at
from compcore.adapters.store.connection import first_line
from compcore.adapters.store.database import Database
from compcore.domain.errors import CompcoreError, StoreError

logger = logging.getLogger("compcore.login")

Outcome = Literal["failed", "success"]

#: a typed name is kept to this many characters (it is whatever a visitor typed)
MAX_LOGGED_NAME = 100


@dataclass(frozen=True)
class LoginEvent:
    """One checked login attempt."""

    at: datetime
    name: str
    address: str | None
    session: str
    outcome: Outcome
    failures: int
    wait_seconds: float
    id: int = 0


def clean_name(typed: object) -> str:
    """A typed name fit for the log: text, control characters replaced, at most
    :data:`MAX_LOGGED_NAME` characters."""
    text = typed if isinstance(typed, str) else ""
    text = "".join("?" if unicodedata.category(c).startswith("C") else c for c in text)
    return text.strip()[:MAX_LOGGED_NAME]


class LoginLog:
    """The ``login_log`` table of the database at ``address`` (``database.database_at``)."""

    def __init__(
        self,
        address: str | Path | Database,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self.database = database_at(address)
        self._clock = clock

    def record(
        self,
        *,
        name: str,
        address: str | None,
        session: str,
        outcome: Outcome,
        failures: int,
        wait_seconds: float,
    ) -> LoginEvent:
        """Log one checked attempt (to ``logging`` always, to the table when it can be
        written); the event as logged."""
        event = LoginEvent(
            self._clock(),
            clean_name(name),
            address,
            session,
            outcome,
            failures,
            round(wait_seconds, 3),
        )
        level = logging.INFO if outcome == "success" else logging.WARNING
        logger.log(
            level,
            "login %s: name %r from %s (session %s), %d failure(s), wait %.0f s",
            outcome,
            event.name,
            address or "local/unknown",
            session,
            failures,
            wait_seconds,
        )
        errors: tuple[type[Exception], ...] = (CompcoreError, *self.database.errors)
        try:
            self._insert(event)
        except errors as exc:
            logger.error("the login log could not be written to %s: %s", self.database.where, exc)
        return event

    def _insert(self, event: LoginEvent) -> None:
        if not self.database.exists():  # never create a database just to log a login
            raise CompcoreError.at((self.database.where,), "store.missing")
        with self.database.transaction() as con:
            con.execute(
                "INSERT INTO login_log SELECT coalesce(max(id), 0) + 1, ?, ?, ?, ?, ?, ?, ? "
                "FROM login_log",
                [
                    event.at.astimezone(UTC).replace(tzinfo=None),
                    event.name,
                    event.address,
                    event.session,
                    event.outcome,
                    event.failures,
                    event.wait_seconds,
                ],
            )

    def recent(self, limit: int = 100) -> list[LoginEvent]:
        """The newest ``limit`` events, newest first (none when nothing was logged yet)."""
        try:
            with self.database.connect(read_only=False) as con:
                tables = con.execute(
                    "SELECT 1 FROM information_schema.tables WHERE table_name = 'login_log' "
                    "AND table_schema = current_schema()"
                ).fetchall()
                if not tables:
                    return []
                rows = con.execute(
                    "SELECT id, logged_at, name, address, session, outcome, failures, wait_seconds "
                    "FROM login_log ORDER BY id DESC LIMIT ?",
                    [limit],
                ).fetchall()
        except self.database.errors as exc:
            raise StoreError.at(
                (self.database.where,), "store.database", detail=first_line(exc)
            ) from None
        return [
            LoginEvent(at.replace(tzinfo=UTC), name, address, session, outcome, failures, wait, id_)
            for id_, at, name, address, session, outcome, failures, wait in rows
        ]
