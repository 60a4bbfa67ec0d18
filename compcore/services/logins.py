"""The directors' logins as the app needs them: the configured directors, whether a login
still counts, the login gate (throttle and log), the remembered login sessions (the login
cookie's tokens), and the recent login attempts a director may read (Instellingen).

The adapters (``compcore.adapters.access``, ``compcore.adapters.store.sessions``) do the
work; the pages and ``ui/`` call these instead of opening them themselves."""

from __future__ import annotations

import time
from collections.abc import Mapping
from datetime import timedelta
from pathlib import Path
from typing import Any

from compcore.adapters.access import auth
from compcore.adapters.access.auth import Directors
from compcore.adapters.access.login import LoginGate
from compcore.adapters.access.throttle import LoginThrottle, ThrottleSettings
from compcore.adapters.store.address import POSTGRES_SCHEMES, database_at
from compcore.adapters.store.login_log import LoginEvent, LoginLog
from compcore.adapters.store.sessions import Sessions, Token
from compcore.adapters.store.throttle_table import SharedThrottle
from compcore.domain.errors import CompcoreError
from compcore.ports.actors import Director


def configured_directors(secrets: Mapping[str, Any] | None) -> Directors:
    """The directors from the environment, else from ``secrets`` (refused in words when
    malformed: :class:`~compcore.domain.errors.DirectorConfigError`)."""
    return auth.configured_directors(secrets)


def no_directors() -> Directors:
    """No director configured: logins are off."""
    return Directors()


def is_valid_director(director: object, directors: Directors) -> bool:
    """Whether ``director`` is a login minted under the current ``directors``."""
    return auth.is_valid_director(director, directors)


def may_write(directors: Directors, director: Director | None, club: str) -> bool:
    """Whether ``director`` (None: nobody logged in) may write the competitions of ``club``
    (issue 21 item 3: a director limited to some clubs writes theirs only). The store
    checks it again inside every write."""
    return director is not None and directors.may_write(director.name, club)


def writes_for(directors: Directors, director: Director) -> tuple[str, ...] | None:
    """The clubs ``director`` writes for, sorted; None: every club."""
    clubs = directors.clubs_of(director.name)
    return None if clubs is None else tuple(sorted(clubs))


def throttle_settings(values: Mapping[str, object] | None = None) -> ThrottleSettings:
    """The login throttle's numbers from ``values`` (None: the defaults; refused in words
    when bad: :class:`~compcore.adapters.access.throttle.LoginSettingError`)."""
    return ThrottleSettings() if values is None else ThrottleSettings.parse(dict(values))


def throttle(settings: ThrottleSettings, address: str | Path | None = None) -> LoginThrottle:
    """The login throttle for the database at ``address``: one in the database itself when
    it is a PostgreSQL database (several app servers then throttle as one, issue 21 item
    4), else one in this process on its monotonic clock (a DuckDB file has one server)."""
    if address is not None and str(address).startswith(POSTGRES_SCHEMES):
        return SharedThrottle(database_at(str(address)), settings)
    return LoginThrottle(settings, clock=time.monotonic)


def gate(directors: Directors, throttle: LoginThrottle, address: str | Path) -> LoginGate:
    """The login gate: ``directors`` behind ``throttle``, each attempt logged next to the
    database at ``address``."""
    return LoginGate(directors, throttle, LoginLog(address))


def recent_attempts(address: str | Path, limit: int = 50) -> list[LoginEvent]:
    """The newest login attempts of the database at ``address`` (none when its log cannot be
    read: a file this cannot open)."""
    try:
        return LoginLog(address).recent(limit)
    except (CompcoreError, OSError):
        return []


# --------------------------------------------------------------------------- remembered logins


def resumed_director(address: str | Path, token: str, directors: Directors) -> Director | None:
    """The director a live login token logs in again (None: not live)."""
    return Sessions(address).director(token, directors)


def token_is_live(address: str | Path, token: str, directors: Directors) -> bool:
    """Whether the login session of ``token`` still counts."""
    return Sessions(address).name(token, directors) is not None


def remember(
    address: str | Path, director: Director, directors: Directors, lifetime: timedelta
) -> str | None:
    """A new login session for ``director`` lasting ``lifetime``: its token (None: not
    remembered, a zero lifetime)."""
    return Sessions(address).start(director, directors, lifetime)


def forget(address: str | Path, token: str) -> bool:
    """End the login session of ``token`` (a logout): whether that is stored (False: the
    database could not be written, and the session still logs in)."""
    return Sessions(address).revoke(token)


def is_token(text: str) -> bool:
    """Whether ``text`` has the form of one of our login tokens."""
    return Token.parse(text) is not None
