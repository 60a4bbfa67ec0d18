"""The login throttle kept in the database (issue 21 item 4): several app servers on one
PostgreSQL database throttle password guesses as one server does.

:class:`SharedThrottle` is the :class:`~compcore.adapters.access.throttle.LoginThrottle`
(the same numbers, keys and rules) with its records in the table ``login_throttle`` (schema
step 13) instead of the process's memory. Each admit, failure, success or release is one
write transaction (under the database's write lock, so two servers take turns), reading
the records of the attempt's keys and writing them back; the clock is the wall clock
(seconds since the epoch), which every server shares. An attempt whose server died while
checking it stops counting as in flight after
:data:`~compcore.adapters.access.throttle.IN_FLIGHT_LIMIT` seconds.
"""

from __future__ import annotations

import json
import math
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from compcore.adapters.access.throttle import LoginThrottle, Record, ThrottleSettings
from compcore.adapters.store.database import Connection, Database


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None


def _read(con: Connection, keys: list[str]) -> dict[str, Record]:
    if not keys:
        return {}
    marks = ", ".join("?" for _ in keys)
    found = con.execute(
        "SELECT key, failures, not_before, locked, in_flight_until FROM login_throttle "
        f"WHERE key IN ({marks})",
        keys,
    ).fetchall()
    return {
        key: Record(
            [float(t) for t in json.loads(failures)],
            -math.inf if not_before is None else float(not_before),
            bool(locked),
            -math.inf if in_flight is None else float(in_flight),
        )
        for key, failures, not_before, locked, in_flight in found
    }


def _write(con: Connection, keys: list[str], records: dict[str, Record], now: float,
           window: float) -> None:  # fmt: skip
    """The records of ``keys`` as the throttle left them (a key it forgot: deleted), and
    every other key that no longer counts for anything deleted too."""
    marks = ", ".join("?" for _ in keys)
    con.execute(f"DELETE FROM login_throttle WHERE key IN ({marks})", keys)
    con.execute(
        "DELETE FROM login_throttle WHERE coalesce(last_failure, 0) <= ? "
        "AND coalesce(not_before, 0) <= ? AND coalesce(in_flight_until, 0) <= ?",
        [now - window, now, now],
    )
    for key in keys:
        record = records.get(key)
        if record is None:
            continue
        con.execute(
            "INSERT INTO login_throttle VALUES (?, ?, ?, ?, ?, ?)",
            [key, json.dumps(record.failures), record.failures[-1] if record.failures else None,
             _finite(record.not_before), record.locked, _finite(record.in_flight_until)],
        )  # fmt: skip


class SharedThrottle(LoginThrottle):
    """The login throttle in ``database``'s ``login_throttle`` table (see the module doc)."""

    def __init__(
        self,
        database: Database,
        settings: ThrottleSettings | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        super().__init__(settings, clock)
        self.database = database
        self._turn = threading.RLock()  # this process's threads take turns on _records

    @contextmanager
    def _holding(self, keys: list[str], *, write: bool = True) -> Iterator[None]:
        with self._turn:
            try:
                if not write:
                    with self.database.connect(read_only=True) as con:
                        self._records = _read(con, keys)
                    yield
                    return
                with self.database.transaction() as con:
                    self._records = _read(con, keys)
                    yield
                    _write(con, keys, self._records, self._clock(), self.settings.window)
            finally:
                self._records = {}

    def forget_all(self) -> None:
        """Forget every key (the tests, between tests)."""
        with self._turn, self.database.transaction() as con:
            con.execute("DELETE FROM login_throttle")
