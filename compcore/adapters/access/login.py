"""One login attempt: the throttle, the password check and the login log together.

The app calls :meth:`LoginGate.attempt` with what the form sent and who sent it
(:class:`Client`: the browser session and, when known, the client address). The order is
what keeps guessing slow and the log honest:

1. the throttle admits the attempt or refuses it with the seconds still to wait (the
   password is then not checked, and nothing is logged);
2. the name and password are checked (:func:`compcore.adapters.access.auth.login`: an unknown
   name costs what a wrong password costs);
3. a failure is recorded for the session and the address, which sets their next wait, and
   logged; a success forgets the session's failures (not the address's) and is logged with
   how many came before it.
"""

from __future__ import annotations

from dataclasses import dataclass

from compcore.adapters.access import auth
from compcore.adapters.access.auth import Directors
from compcore.adapters.access.throttle import (
    UNKNOWN_ADDRESS,
    LoginThrottle,
    Wait,
    address_key,
    name_key,
    session_key,
)
from compcore.adapters.store.login_log import LoginEvent, LoginLog, Outcome
from compcore.ports.actors import Director


@dataclass(frozen=True)
class Client:
    """Who attempts a login: a browser session id and the client address (None when the
    connection is local or the address is unknown: all such clients are then throttled as
    one address, :data:`~compcore.adapters.access.throttle.UNKNOWN_ADDRESS`)."""

    session: str
    address: str | None = None

    @property
    def keys(self) -> tuple[str, ...]:
        """The throttle keys of this client: its session and its address (the shared
        unknown one when not known)."""
        address = address_key(self.address) if self.address else UNKNOWN_ADDRESS
        return (session_key(self.session), address)


@dataclass(frozen=True)
class LoginResult:
    """What an attempt came to: a Director on success; otherwise the wait before the next
    attempt, and whether the password was checked at all (False: refused as too early)."""

    director: Director | None
    wait: Wait
    checked: bool
    event: LoginEvent | None = None


class LoginGate:
    """The directors, the (process-wide) throttle and the login log of one database."""

    def __init__(self, directors: Directors, throttle: LoginThrottle, log: LoginLog) -> None:
        self.directors = directors
        self.throttle = throttle
        self.log = log

    def attempt(self, name: str, password: str, client: Client) -> LoginResult:
        """Try to log in as ``name`` with ``password``; never sleeps. Throttled per
        session, per address and per name (the name's cap counts every client's
        failures: many addresses cannot guess one director's password freely)."""
        keys = (*client.keys, name_key(name))
        early = self.throttle.admit(keys)
        if not early.allowed:
            return LoginResult(None, early, checked=False)
        try:
            director = auth.login(password, self.directors, name=name)
        except BaseException:
            self.throttle.release(keys)
            raise
        if director is None:
            wait = self.throttle.failed(keys)
            failures = max(self.throttle.failures(k) for k in keys)
            event = self._log(name, client, "failed", failures, wait.seconds)
            return LoginResult(None, wait, checked=True, event=event)
        # forget the session's failures only: a success proves one password, so it must
        # not clear the address for guessing another director's
        before = self.throttle.succeeded(keys, forget=[session_key(client.session)])
        event = self._log(director.name, client, "success", before, 0.0)
        return LoginResult(director, Wait(), checked=True, event=event)

    def _log(
        self, name: str, client: Client, outcome: Outcome, failures: int, wait: float
    ) -> LoginEvent:
        return self.log.record(
            name=name,
            address=client.address,
            session=client.session,
            outcome=outcome,
            failures=failures,
            wait_seconds=wait,
        )
