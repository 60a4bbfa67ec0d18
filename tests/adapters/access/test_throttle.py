"""The login throttle with a fake clock: growing delays, the lockout, the window, keys per
session and per address, and the numbers as settings. Nothing here sleeps.

Each rule is checked on the throttle in the process's memory and on the one kept in the
database (``SharedThrottle``, issue 21 item 4: a DuckDB file and a real PostgreSQL server),
so the app servers sharing a database throttle exactly as one server does."""

from __future__ import annotations

import pytest

from compcore.adapters.access.throttle import (
    IN_FLIGHT_WAIT,
    LoginSettingError,
    LoginThrottle,
    ThrottleSettings,
    Wait,
    address_key,
    session_key,
)
from compcore.adapters.store import Store
from compcore.adapters.store.throttle_table import SharedThrottle
from tests.builders import raises_in_english

A = ("session:a", "address:192.0.2.1")


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now

    def tick(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture(params=["memory", "duckdb", "postgres"])
def make(request, clock: Clock, tmp_path):
    """Makes a throttle of the parameter's kind with the given settings, on ``clock``."""
    if request.param == "memory":
        return lambda settings=None: LoginThrottle(settings or ThrottleSettings(), clock=clock)
    address = (
        tmp_path / "club.duckdb" if request.param == "duckdb"
        else request.getfixturevalue("postgres_url")
    )  # fmt: skip
    database = Store(address).database  # the store makes the tables
    return lambda settings=None: SharedThrottle(database, settings, clock=clock)


@pytest.fixture
def throttle(make) -> LoginThrottle:
    return make()


def fail(throttle: LoginThrottle, keys=A) -> Wait:
    assert throttle.admit(keys).allowed
    return throttle.failed(keys)


def fail_times(throttle: LoginThrottle, clock: Clock, n: int) -> Wait:
    """``n`` failures, each as soon as the previous one's wait is over; the last wait."""
    for _ in range(n - 1):
        clock.tick(fail(throttle).seconds)
    return fail(throttle)


def test_delays_double_after_each_failure_then_lock(throttle, clock):
    """Defaults: 1 s after the 1st failure, 2, 4, 8 s after the next ones (first_delay *
    2^(n-1)); the 5th failure within 15 minutes locks for 15 minutes = 900 s."""
    waits = []
    for _ in range(4):
        wait = fail(throttle)
        waits.append(wait.seconds)
        assert not wait.locked
        clock.tick(wait.seconds)  # the client waits exactly as long as it was told
    assert waits == [1, 2, 4, 8]
    assert fail(throttle) == Wait(900, locked=True)


def test_an_attempt_before_its_time_is_refused_with_the_wait_left(throttle, clock):
    """After 3 failures the wait is 4 s; 1.5 s later 2.5 s are left and the attempt is
    refused (not taken: refusing twice does not lengthen the wait); at 4 s it is taken."""
    assert fail_times(throttle, clock, 3) == Wait(4)
    clock.tick(1.5)
    assert throttle.admit(A) == Wait(2.5)
    assert throttle.admit(A) == Wait(2.5)
    assert throttle.failures("session:a") == 3  # refusals are not failures
    clock.tick(2.5)
    assert throttle.admit(A).allowed


def test_the_lockout_lasts_its_minutes(throttle, clock):
    """5 failures, each after its wait (1+2+4+8 = 15 s in all), lock the key for 900 s
    from the 5th: refused at 899 s (1 s left), taken at 900 s."""
    fail_times(throttle, clock, 5)
    assert throttle.wait(A) == Wait(900, locked=True)
    clock.tick(899)
    assert throttle.admit(A) == Wait(1, locked=True)
    clock.tick(1)
    assert throttle.admit(A).allowed


def test_failures_older_than_the_window_no_longer_count(throttle, clock, make):
    """Failures at t = 0, 300, 600, 800 s: four within 15 minutes (wait 8 s after the 4th).
    At t = 950 the one at 0 is older than 900 s, so the failure then is the 4th that counts,
    not the 5th: wait 8 s, no lockout."""
    for at in (0, 300, 600, 800):
        clock.now = 1_000.0 + at
        fail(throttle)
    assert throttle.wait(A) == Wait(8)
    clock.now = 1_000.0 + 950
    assert throttle.failures("session:a") == 3
    assert fail(throttle) == Wait(8)
    # without the window the same five failures would have locked it
    forgetful = make(ThrottleSettings(window_minutes=60))  # (on the same database: other keys)
    for at in (0, 300, 600, 800, 950):
        clock.now = 1_000.0 + at
        last = fail(forgetful, ("session:z", "address:192.0.2.9"))
    assert last.locked


def test_after_the_lockout_the_count_starts_again(throttle, clock):
    """Lockout (15 min) = window (15 min): when the lock ends the failures that caused it
    have left the window, so the next failure waits 1 s again."""
    assert fail_times(throttle, clock, 5).locked
    clock.tick(900)
    assert fail(throttle) == Wait(1)


def test_a_shorter_lockout_than_the_window_locks_again_at_once(clock, make):
    """Lockout 5 min, window 15 min: after the lock the 5 failures still count, so one more
    failure locks again (300 s) instead of starting over at 1 s."""
    throttle = make(ThrottleSettings(lockout_minutes=5))
    assert fail_times(throttle, clock, 5) == Wait(300, locked=True)
    clock.tick(300)
    assert fail(throttle) == Wait(300, locked=True)


def test_per_session_and_per_address(throttle, clock):
    """The wait is the longest of the session's and the address's. A new session from the
    same address waits too (the address key); the same session from another address waits
    too (the session key); another session from another address does not."""
    one = (session_key("one"), address_key("198.51.100.7"))
    fail(throttle, one)
    fail_again = throttle.admit((session_key("two"), address_key("198.51.100.7")))
    assert fail_again == Wait(1)
    assert throttle.admit((session_key("one"), address_key("203.0.113.9"))) == Wait(1)
    other = (session_key("three"), address_key("203.0.113.9"))
    assert throttle.admit(other).allowed


def test_many_sessions_from_one_address_are_throttled_together(throttle, clock):
    """A guesser who opens a new session for every guess still meets the address's delays:
    1, 2, 4, 8 s, then the lockout, exactly as one session would."""
    waits = []
    for n in range(5):
        keys = (session_key(f"s{n}"), address_key("192.0.2.50"))
        assert throttle.admit(keys).allowed
        waits.append(throttle.failed(keys))
        clock.tick(waits[-1].seconds if not waits[-1].locked else 0)
    assert [w.seconds for w in waits] == [1, 2, 4, 8, 900] and waits[-1].locked
    assert not throttle.admit((session_key("s9"), address_key("192.0.2.50"))).allowed


def test_a_success_forgets_the_failures(throttle, clock):
    clock.tick(fail_times(throttle, clock, 3).seconds)
    assert throttle.admit(A).allowed
    assert throttle.succeeded(A) == 3  # three failures came before it
    assert fail(throttle) == Wait(1)  # counting starts over


def test_a_success_may_forget_some_keys_only(throttle, clock):
    """Two failures of session a at one address; a success forgetting only the session:
    the address still has its 2 failures, so its next failure is the 3rd (wait 4 s)."""
    clock.tick(fail_times(throttle, clock, 2).seconds)
    assert throttle.admit(A).allowed
    assert throttle.succeeded(A, forget=["session:a"]) == 2
    assert throttle.failures("session:a") == 0 and throttle.failures(A[1]) == 2
    assert fail(throttle, ("session:b", A[1])) == Wait(4)


def test_simultaneous_attempts_are_taken_one_at_a_time(throttle, clock):
    """While one attempt is being checked (taken, no verdict yet), another of the same
    address is refused, so a burst of guesses sent at once cannot slip past the delay."""
    assert throttle.admit(A).allowed
    assert throttle.admit(("session:b", A[1])) == Wait(IN_FLIGHT_WAIT)
    throttle.release(A)
    assert throttle.admit(("session:b", A[1])).allowed


def test_the_delay_is_capped(clock, make):
    """first 1 s, max 3 s: 1, 2, 3, 3 (not 4), with the lockout still at the 5th."""
    throttle = make(ThrottleSettings(max_delay_seconds=3))
    waits = []
    for _ in range(5):
        waits.append(fail(throttle))
        clock.tick(waits[-1].seconds)
    assert [w.seconds for w in waits] == [1, 2, 3, 3, 900]


def test_memory_stays_bounded(clock):
    """At most max_keys keys: idle ones (no failure in the window, no wait) go first."""
    throttle = LoginThrottle(ThrottleSettings(), clock=clock, max_keys=4)
    for n in range(3):
        fail(throttle, (f"address:old{n}",))
    clock.tick(901)  # all three idle now
    for n in range(10):
        fail(throttle, (f"address:new{n}",))
        assert len(throttle) <= 4
    assert throttle.failures("address:new9") == 1


def test_settings_from_text():
    settings = ThrottleSettings.parse({"max_failures": "3", "lockout_minutes": "30",
                                       "first_delay_seconds": 0.5})  # fmt: skip
    assert (settings.max_failures, settings.lockout, settings.first_delay_seconds) == (3, 1800, 0.5)
    assert settings.delay_after(2) == 1.0 and settings.delay_after(3) == 1800
    assert ThrottleSettings.parse({}) == ThrottleSettings()


@pytest.mark.parametrize(("values", "message"), [
    ({"max_failures": "2.5"}, "max_failures must be a whole number"),
    ({"window_minutes": "soon"}, "window_minutes must be a number"),
    ({"window_minutes": "nan"}, "window_minutes must be a number"),
    ({"lockout_minutes": 0}, "lockout_minutes must be more than 0"),
    ({"first_delay_seconds": -1}, "first_delay_seconds must be 0 or more"),
    ({"first_delay_seconds": 9, "max_delay_seconds": 5}, "at least first_delay_seconds"),
    ({"max_failures": 0}, "max_failures must be 1 or more"),
    ({"max_failure": 3}, "unknown login setting 'max_failure'"),
])  # fmt: skip
def test_bad_settings_name_the_field(values, message):
    with raises_in_english(LoginSettingError, message) as caught:
        ThrottleSettings.parse(values)
    assert isinstance(caught.value, ValueError)
    assert caught.value.describe("nl").startswith(("inloginstelling ", "onbekende inloginstelling"))


def test_address_keys():
    assert address_key("192.0.2.1") == "address:192.0.2.1"
    assert address_key("::ffff:192.0.2.1") == "address:192.0.2.1"
    # one /64: stepping through the last 64 bits of an IPv6 address is the same client
    assert address_key("2001:db8:1:2::1") == address_key("2001:db8:1:2:ffff::9")
    assert address_key("2001:db8:1:2::1") == "address:2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::1") != address_key("2001:db8:1:2::1")
    assert address_key("not an address") == "address:not an address"


def test_an_attempt_whose_check_never_ended_stops_blocking(throttle, clock):
    """A server that died while checking a password never reports its verdict: its attempt
    blocks the keys (1 s per try) for IN_FLIGHT_LIMIT = 30 s at most, then counts no more."""
    assert throttle.admit(A).allowed  # ... and no failed/succeeded/release follows
    clock.tick(29)
    assert throttle.admit(A) == Wait(IN_FLIGHT_WAIT)
    clock.tick(2)
    assert throttle.admit(A).allowed


def test_two_servers_on_one_database_throttle_as_one(clock, tmp_path, postgres_url):
    """Issue 21: two servers used to allow 8 checks in a 10-try burst where one allows 5.
    Now the failures one server records set the wait on the other: a burst of 10 tries,
    alternating servers, each sent as soon as the last wait is over, gets waits 1, 2, 4, 8
    s and the lockout at the 5th failure (the same as one server); tries 6-10 are refused
    unchecked. And 20 failures for one name from 20 addresses, spread over both, lock the
    name for everybody (name_max_failures = 20)."""
    database = Store(postgres_url).database
    servers = [SharedThrottle(database, clock=clock) for _ in range(2)]
    checked, waits = 0, []
    for attempt in range(10):
        server = servers[attempt % 2]
        if server.admit(A).allowed:
            checked += 1
            waits.append(server.failed(A))
            if not waits[-1].locked:
                clock.tick(waits[-1].seconds)
    assert checked == 5
    assert waits == [Wait(1), Wait(2), Wait(4), Wait(8), Wait(900, locked=True)]
    name = "name:jan"
    for n in range(20):
        keys = (f"session:{n}", f"address:198.51.100.{n}", name)
        assert servers[n % 2].admit(keys).allowed
        servers[n % 2].failed(keys)
    assert servers[0].wait(("session:new", "address:203.0.113.9", name)).locked


def test_the_app_keeps_the_throttle_in_a_postgresql_database_and_in_memory_beside_a_file(
    postgres_url, tmp_path
):
    from compcore.services import logins

    assert isinstance(logins.throttle(ThrottleSettings(), postgres_url), SharedThrottle)
    beside_file = logins.throttle(ThrottleSettings(), tmp_path / "club.duckdb")
    assert not isinstance(beside_file, SharedThrottle)
