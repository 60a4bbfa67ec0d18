"""A login attempt through the gate: throttled, checked, and logged in the database's
``login_log`` (who tried which name, when, from where; never the password)."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

import duckdb
import pytest

from compcore.adapters.access import auth
from compcore.adapters.access.auth import Directors, hash_password
from compcore.adapters.access.login import Client, LoginGate
from compcore.adapters.access.throttle import LoginThrottle, ThrottleSettings, Wait
from compcore.adapters.store import Store
from compcore.adapters.store.login_log import LoginLog
from compcore.ports.actors import Administrator
from tests.adapters.store.test_store_support import make_season

JAN_PASSWORD = "Jans eigen wachtwoord"
PIET_PASSWORD = "Piets eigen wachtwoord"
WHEN = datetime(2025, 10, 7, 20, 15, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(scope="module")
def directors() -> Directors:
    return Directors.of({"Jan": hash_password(JAN_PASSWORD, iterations=1_000),
                         "Piet": hash_password(PIET_PASSWORD, iterations=1_000)})  # fmt: skip


@pytest.fixture
def setup(tmp_path, directors):
    path = tmp_path / "club.duckdb"
    store = Store(path, directors=directors)
    cid = store.import_season(make_season(rounds=2, open_round=False), actor=Administrator())
    clock = Clock()
    gate = LoginGate(directors, LoginThrottle(ThrottleSettings(), clock=clock),
                     LoginLog(path, clock=lambda: WHEN))  # fmt: skip
    return gate, clock, store, cid, path


def rows(path) -> list[tuple]:
    with duckdb.connect(str(path), read_only=True) as con:
        return con.execute("SELECT * FROM login_log ORDER BY id").fetchall()


LAPTOP = Client("s1", "192.0.2.10")


def test_a_failed_login_is_logged_without_the_password(setup):
    gate, _, _, _, path = setup
    result = gate.attempt("Jan", "Jans verkeerde wachtwoord", LAPTOP)
    assert result.director is None and result.checked and result.wait == Wait(1)
    [row] = rows(path)
    assert row == (1, WHEN.replace(tzinfo=None), "Jan", "192.0.2.10", "s1", "failed", 1, 1.0)
    assert "verkeerde" not in repr(rows(path))
    # an unknown name is logged as typed (cleaned: no control characters, at most 100)
    gate.throttle.succeeded(LAPTOP.keys)  # (let the next attempt through at once)
    gate.attempt("Kl\x1b[31maas" + "x" * 200, "raden", LAPTOP)
    name = rows(path)[-1][2]
    assert name.startswith("Kl?[31maas") and len(name) == 100


def test_a_success_after_failures_is_logged_with_how_many_came_before(setup):
    """Two failures (waits 1 s and 2 s), then Piet's right password 3 s later: logged as a
    success of "Piet" with 2 failures before it; the session starts over."""
    gate, clock, _, _, path = setup
    assert gate.attempt("piet", "fout", LAPTOP).wait == Wait(1)
    clock.now = 1
    assert gate.attempt("piet", "nog eens fout", LAPTOP).wait == Wait(2)
    clock.now = 3
    result = gate.attempt(" piet", PIET_PASSWORD, LAPTOP)
    assert result.director is not None and result.director.name == "Piet"
    assert [(r[2], r[5], r[6], r[7]) for r in rows(path)] == [
        ("piet", "failed", 1, 1.0), ("piet", "failed", 2, 2.0), ("Piet", "success", 2, 0.0)]  # fmt: skip
    assert [(e.name, e.outcome) for e in gate.log.recent(2)] == [
        ("Piet", "success"), ("piet", "failed")]  # fmt: skip


def test_too_early_is_refused_unchecked_and_not_logged(setup, monkeypatch):
    """0.4 s after a failure (wait 1 s) even the right password is refused: 0.6 s left, the
    password never reaches PBKDF2, and no row is added."""
    gate, clock, _, _, path = setup
    gate.attempt("Jan", "fout", LAPTOP)
    clock.now = 0.4
    checks = []
    monkeypatch.setattr(auth, "verify", lambda *a: checks.append(a) or True)
    result = gate.attempt("Jan", JAN_PASSWORD, LAPTOP)
    assert (result.director, result.checked, checks) == (None, False, [])
    assert result.wait.seconds == pytest.approx(0.6)
    assert len(rows(path)) == 1


def test_the_address_is_throttled_across_sessions_and_a_lockout_holds(setup):
    """Five sessions from one address, one guess each as soon as allowed: the 5th failure
    locks the address for 15 minutes; a sixth session with the right password is refused,
    one from another address gets in. Its log row counts the 5 failures of the name Jan
    before it (the name's key, which every address shares, holds the most)."""
    gate, clock, _, _, path = setup
    for n in range(5):
        result = gate.attempt("Jan", f"gok {n}", Client(f"s{n}", "198.51.100.4"))
        assert result.checked
        clock.now += result.wait.seconds if not result.wait.locked else 0
    assert result.wait == Wait(900, locked=True)
    refused = gate.attempt("Jan", JAN_PASSWORD, Client("s6", "198.51.100.4"))
    assert refused.director is None and refused.wait.locked and not refused.checked
    assert gate.attempt("Jan", JAN_PASSWORD, Client("s7", "203.0.113.8")).director
    assert [r[6] for r in rows(path)] == [1, 2, 3, 4, 5, 5]


def test_knowing_one_password_does_not_reset_the_guessing_of_another(setup):
    """Jan guesses Piet's password from one address: 4 failures (1+2+4 s of waiting, then
    8 s), a login as himself in a fresh session, then a 5th guess from yet another session:
    the address still counts the 4 before, so the 5th locks it (a success forgets only
    its own session's failures)."""
    gate, clock, _, _, _ = setup
    club = "192.0.2.77"
    for n in range(4):
        clock.now += gate.attempt("Piet", f"gok {n}", Client(f"g{n}", club)).wait.seconds
    assert gate.attempt("Jan", JAN_PASSWORD, Client("jan", club)).director is not None
    assert gate.attempt("Piet", "gok 5", Client("g5", club)).wait == Wait(900, locked=True)


def test_unknown_addresses_are_throttled_as_one(setup):
    """Clients without an address (local, or a proxy that names none) share one address
    key: a fresh session per guess does not escape the delay (1 s after the first
    failure), where before each fresh session was checked at once."""
    gate, clock, _, _, path = setup
    local = Client("s1", None)
    assert local.keys == ("session:s1", "address:unknown")
    gate.attempt("Jan", "fout", local)
    assert not gate.attempt("Jan", JAN_PASSWORD, local).checked
    fresh = gate.attempt("Piet", "gok", Client("s2", None))
    assert not fresh.checked and fresh.wait.seconds == pytest.approx(1.0)
    clock.now += 1
    assert gate.attempt("Jan", JAN_PASSWORD, Client("s3", None)).director is not None
    assert rows(path)[0][3] is None  # address NULL: local or unknown


def test_many_addresses_cannot_guess_one_name_freely(setup):
    """20 guesses at Jan's password from 20 addresses, one each (so no address or session
    is ever delayed): the 20th locks the name Jan (name_max_failures = 20) for 15 minutes,
    from every address, the right password included; Piet's name is not locked, and
    Jan's lock ends after the 15 minutes."""
    gate, clock, _, _, _ = setup
    for n in range(19):
        result = gate.attempt("jan ", f"gok {n}", Client(f"s{n}", f"198.51.100.{n + 1}"))
        assert result.checked and result.wait.seconds <= 1, n
        clock.now += 1
    last = gate.attempt("Jan", "gok 19", Client("s19", "198.51.100.20"))
    assert last.checked and last.wait == Wait(900, locked=True)
    refused = gate.attempt("JAN", JAN_PASSWORD, Client("elsewhere", "203.0.113.9"))
    assert refused.director is None and not refused.checked and refused.wait.locked
    assert gate.attempt("Piet", PIET_PASSWORD, Client("piet", "203.0.113.10")).director
    clock.now += 900
    assert gate.attempt("Jan", JAN_PASSWORD, Client("later", "203.0.113.9")).director


def test_the_director_can_write_under_his_name(setup):
    gate, _, store, cid, _ = setup
    jan = gate.attempt("JAN", JAN_PASSWORD, LAPTOP).director
    store.delete_round(cid, 2, actor=jan, reason="dubbel ingevoerd")
    assert store.log(cid, 1)[0].actor == "director:Jan"


def test_a_log_that_cannot_be_written_costs_the_row_not_the_login(tmp_path, directors, caplog):
    missing = tmp_path / "nowhere.duckdb"
    gate = LoginGate(directors, LoginThrottle(), LoginLog(missing))
    with caplog.at_level(logging.WARNING, logger="compcore.login"):
        assert gate.attempt("Jan", "fout", LAPTOP).checked
    assert not missing.exists()  # no database is made just to log a login
    assert "login failed: name 'Jan' from 192.0.2.10" in caplog.text
    assert "could not be written" in caplog.text
    gate.throttle.succeeded(LAPTOP.keys)
    assert gate.attempt("Jan", JAN_PASSWORD, LAPTOP).director is not None


def test_a_broken_check_does_not_leave_the_client_waiting(setup, monkeypatch):
    gate, _, _, _, _ = setup

    def broken(*args):  # type: ignore[no-untyped-def]
        raise RuntimeError("boom")

    monkeypatch.setattr(auth, "verify", broken)
    with pytest.raises(RuntimeError):
        gate.attempt("Jan", JAN_PASSWORD, LAPTOP)
    assert gate.throttle.wait(LAPTOP.keys).allowed
