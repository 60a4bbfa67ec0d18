"""Login throttling: a growing delay after each failed login, and a lockout after too many.

Pure and clock-injected: :class:`LoginThrottle` keeps, per *key* (the app uses one key per
browser session and one per client address), the times of the recent failures and the
moment before which no new attempt is taken. It never sleeps: an attempt made too early is
refused at once with the number of seconds still to wait (:meth:`LoginThrottle.admit`), so a
waiting client blocks no server thread. Tests drive it with a fake clock.

With the defaults (:class:`ThrottleSettings`): after the 1st failure the next attempt may
come 1 s later, after the 2nd 2 s, the 3rd 4 s, the 4th 8 s (doubling, at most
``max_delay``); the 5th failure within 15 minutes locks the key for 15 minutes. A failure
older than the window no longer counts. A successful login forgets the failures of the keys
it names (:mod:`compcore.adapters.access.login`: the session's, not the address's).
"""

from __future__ import annotations

import ipaddress
import math
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, fields, replace
from typing import Any

from compcore.domain.errors import CompcoreError, choices

#: how long a key waits while another attempt of it is being checked (a password check
#: takes well under this); attempts sent at the same moment are thereby taken one at a time
IN_FLIGHT_WAIT = 1.0
#: an attempt still in flight after this many seconds is taken as ended (its server died
#: while checking it): a throttle kept in a shared database never stays blocked by it
IN_FLIGHT_LIMIT = 30.0
#: keys kept before idle ones are forgotten (bounds memory under a flood of addresses)
MAX_KEYS = 10_000


class LoginSettingError(CompcoreError, ValueError):
    """A login setting (``[login]`` in the secrets, ``COMPCORE_LOGIN_*``) that cannot be
    used: an unknown field, not a number, or numbers that do not fit together."""


@dataclass(frozen=True)
class ThrottleSettings:
    """The numbers of the throttle; each can be configured (``[login]`` in the secrets or
    ``COMPCORE_LOGIN_<FIELD>``, see ``ui/config.py``)."""

    #: seconds to wait after the first failure; doubles with each further failure
    first_delay_seconds: float = 1.0
    #: the longest wait between two attempts before the lockout
    max_delay_seconds: float = 60.0
    #: this many failures within the window lock the key
    max_failures: int = 5
    #: minutes a failure keeps counting
    window_minutes: float = 15.0
    #: minutes a locked key waits
    lockout_minutes: float = 15.0
    #: this many failures for one director's name within the window, from any sessions and
    #: addresses together, lock the name (no delays before: a guesser who spreads his
    #: guesses over many addresses still gets this many in all)
    name_max_failures: int = 20

    def __post_init__(self) -> None:
        problems = [
            (self.first_delay_seconds >= 0, "login.setting.first_delay"),
            (self.max_delay_seconds >= self.first_delay_seconds, "login.setting.max_delay"),
            (self.max_failures >= 1, "login.setting.max_failures"),
            (self.window_minutes > 0, "login.setting.window"),
            (self.lockout_minutes > 0, "login.setting.lockout"),
            (self.name_max_failures >= 1, "login.setting.name_max_failures"),
        ]
        for ok, key in problems:
            if not ok:
                raise LoginSettingError.at((), key)

    @classmethod
    def parse(cls, values: Mapping[str, Any]) -> ThrottleSettings:
        """Settings from text or numbers by field name (missing fields keep their default).

        An unknown field or a value that is not a finite number raises ValueError naming it.
        """
        known = {f.name: f for f in fields(cls)}
        chosen: dict[str, Any] = {}
        for name, raw in values.items():
            if name not in known:
                raise LoginSettingError.at(
                    (), "login.setting.unknown", name=name, known=choices(known)
                )
            chosen[name] = _number(name, raw, whole=name.endswith("max_failures"))
        return cls(**chosen)

    @property
    def window(self) -> float:
        return self.window_minutes * 60

    @property
    def lockout(self) -> float:
        return self.lockout_minutes * 60

    def for_names(self) -> ThrottleSettings:
        """The numbers of a name's key: no delay, the lockout at ``name_max_failures``."""
        return replace(
            self,
            first_delay_seconds=0.0,
            max_delay_seconds=0.0,
            max_failures=self.name_max_failures,
        )

    def delay_after(self, failures: int) -> float:
        """Seconds before the next attempt after ``failures`` failures within the window:
        0 for none; ``first_delay * 2^(failures-1)`` up to ``max_delay``; the lockout from
        ``max_failures`` on."""
        if failures <= 0:
            return 0.0
        if failures >= self.max_failures:
            return self.lockout
        return min(self.first_delay_seconds * 2.0 ** (failures - 1), self.max_delay_seconds)


def _number(name: str, raw: Any, *, whole: bool) -> float | int:
    try:
        value = float(raw) if not isinstance(raw, bool) else math.nan
    except (TypeError, ValueError):
        value = math.nan
    if not math.isfinite(value) or (whole and value != int(value)):
        key = "login.setting.whole" if whole else "login.setting.number"
        raise LoginSettingError.at((), key, name=name, got=str(raw)[:20])
    return int(value) if whole else value


@dataclass(frozen=True)
class Wait:
    """How long before the next attempt is taken; ``locked`` when that is a lockout."""

    seconds: float = 0.0
    locked: bool = False

    @property
    def allowed(self) -> bool:
        return self.seconds <= 0


@dataclass
class Record:
    """One key's state: its recent failures, the wait it brought, an attempt in flight."""

    failures: list[float] = field(default_factory=list)  # times, oldest first
    not_before: float = -math.inf
    locked: bool = False
    #: an attempt of this key is being checked until then (-inf: none)
    in_flight_until: float = -math.inf


class LoginThrottle:
    """Failed-login bookkeeping per key; thread-safe, clock-injected, never sleeps.

    Use: ``wait = admit(keys)``; when ``wait.allowed`` check the password and then call
    exactly one of :meth:`failed`, :meth:`succeeded` or :meth:`release` with the same keys.

    The records live in this process; a subclass keeps them elsewhere by overriding
    :meth:`_holding` (``compcore.adapters.store.throttle_table``: in the shared database,
    so that several app servers throttle as one).
    """

    def __init__(
        self,
        settings: ThrottleSettings | None = None,
        clock: Callable[[], float] = time.monotonic,
        *,
        max_keys: int = MAX_KEYS,
    ) -> None:
        self.settings = settings or ThrottleSettings()
        self._names = self.settings.for_names()
        self._clock = clock
        self._max_keys = max_keys
        self._records: dict[str, Record] = {}
        self._lock = threading.Lock()

    @contextmanager
    def _holding(self, keys: list[str], *, write: bool = True) -> Iterator[None]:
        """While the block runs, ``self._records`` holds (at least) the records of
        ``keys`` and nobody else changes them; what the block leaves there is kept."""
        with self._lock:
            yield

    # ---------------------------------------------------------------- queries

    def wait(self, keys: Iterable[str]) -> Wait:
        """How long the longest-waiting of ``keys`` must still wait (nothing is recorded)."""
        keys = list(keys)
        with self._holding(keys, write=False):
            return self._wait(keys, self._clock())

    def failures(self, key: str) -> int:
        """Failures of ``key`` that still count (within the window)."""
        with self._holding([key], write=False):
            record = self._records.get(key)
            return len(self._expire(record, self._clock())) if record else 0

    def __len__(self) -> int:
        return len(self._records)

    # ---------------------------------------------------------------- an attempt

    def admit(self, keys: Iterable[str]) -> Wait:
        """Take an attempt now, or refuse it: the wait left (``allowed`` when taken).

        A taken attempt is *in flight* until :meth:`failed`, :meth:`succeeded` or
        :meth:`release`; meanwhile other attempts of the same keys are refused for
        :data:`IN_FLIGHT_WAIT` seconds, so simultaneous guesses cannot slip past the delay.
        """
        keys = list(keys)
        with self._holding(keys):
            now = self._clock()
            wait = self._wait(keys, now)
            if wait.allowed:
                self._prune(now)
                for key in keys:
                    self._records.setdefault(key, Record()).in_flight_until = now + IN_FLIGHT_LIMIT
            return wait

    def failed(self, keys: Iterable[str]) -> Wait:
        """Record a failed attempt of ``keys`` (taken by :meth:`admit`); the wait it brings."""
        keys = list(keys)
        with self._holding(keys):
            now = self._clock()
            longest = Wait()
            for key in keys:
                record = self._records.setdefault(key, Record())
                record.in_flight_until = -math.inf
                count = len(self._expire(record, now)) + 1
                record.failures.append(now)
                settings = self._names if key.startswith(NAME_PREFIX) else self.settings
                delay = settings.delay_after(count)
                record.locked = count >= settings.max_failures
                record.not_before = now + delay
                longest = max(longest, Wait(delay, record.locked), key=_order)
            return longest

    def succeeded(self, keys: Iterable[str], *, forget: Iterable[str] | None = None) -> int:
        """Record a successful login of ``keys``: the failures of ``forget`` (default: all
        the keys) are forgotten; the other keys keep theirs. Returns how many failures (of
        the key with the most) came before it within the window."""
        keys = list(keys)
        forgotten = set(keys if forget is None else forget)
        with self._holding(keys):
            now = self._clock()
            before = 0
            for key in keys:
                record = self._records.get(key)
                if record is None:
                    continue
                record.in_flight_until = -math.inf
                before = max(before, len(self._expire(record, now)))
                if key in forgotten or self._idle(record, now):
                    del self._records[key]
            return before

    def release(self, keys: Iterable[str]) -> None:
        """End an attempt without a verdict (the check itself broke)."""
        keys = list(keys)
        with self._holding(keys):
            for key in keys:
                record = self._records.get(key)
                if record is not None:
                    record.in_flight_until = -math.inf

    # ---------------------------------------------------------------- inside

    def _expire(self, record: Record, now: float) -> list[float]:
        cutoff = now - self.settings.window
        record.failures = [at for at in record.failures if at > cutoff]
        return record.failures

    def _wait(self, keys: list[str], now: float) -> Wait:
        longest = Wait()
        for key in keys:
            record = self._records.get(key)
            if record is None:
                continue
            if record.in_flight_until > now:
                longest = max(longest, Wait(IN_FLIGHT_WAIT), key=_order)
            if record.not_before > now:
                longest = max(longest, Wait(record.not_before - now, record.locked), key=_order)
        return longest

    def _idle(self, record: Record, now: float) -> bool:
        return (
            record.in_flight_until <= now
            and record.not_before <= now
            and not self._expire(record, now)
        )

    def _prune(self, now: float) -> None:
        """Keep at most ``max_keys`` keys: forget idle ones first, then the quietest."""
        if len(self._records) < self._max_keys:
            return
        for key in [k for k, r in self._records.items() if self._idle(r, now)]:
            del self._records[key]
        if len(self._records) >= self._max_keys:
            by_last = sorted(self._records, key=lambda k: self._records[k].not_before)
            for key in by_last[: len(self._records) - self._max_keys + 1]:
                del self._records[key]


def _order(wait: Wait) -> tuple[float, bool]:
    return (wait.seconds, wait.locked)


# --------------------------------------------------------------------------- keys


NAME_PREFIX = "name:"
#: the address key of every client whose address is not known (a connection from the
#: machine itself, a proxy that names no client): they are throttled as one address
UNKNOWN_ADDRESS = "address:unknown"


def name_key(name: str) -> str:
    """The throttle key of a director's name as typed (case and outer spaces aside, as
    the login matches it): its failures count from every session and address."""
    return f"{NAME_PREFIX}{name.strip().casefold()[:200]}"


def session_key(session: str) -> str:
    """The throttle key of one browser session."""
    return f"session:{session}"


def address_key(address: str) -> str:
    """The throttle key of a client address. An IPv6 address counts as its /64 network (one
    household or server gets a whole /64, so a guesser cannot step around the delay by
    changing the last 64 bits); an IPv4-mapped IPv6 address counts as the IPv4 address."""
    try:
        ip = ipaddress.ip_address(address.strip().split("%")[0])
    except ValueError:
        return f"address:{address.strip()[:64]}"
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if isinstance(ip, ipaddress.IPv6Address):
        return f"address:{ipaddress.IPv6Network((ip, 64), strict=False)}"
    return f"address:{ip}"
