"""Logins shared by every app server on one database (issue 21 item 4), on DuckDB and on
PostgreSQL: a session started through one server logs the director in on another, a logout
on either ends it on both, and the login log of both servers is one log."""

from __future__ import annotations

from compcore.adapters.store.login_log import LoginLog
from compcore.adapters.store.sessions import Sessions
from tests.adapters.store.test_sessions import DIRECTORS, TWELVE_HOURS, Clock, logged_in


def test_a_session_of_one_server_counts_on_the_other_until_either_ends_it(sql_store):
    address = sql_store.database
    clock = Clock()
    one, other = Sessions(address, clock), Sessions(address, clock)
    token = one.start(logged_in(), DIRECTORS, TWELVE_HOURS)
    assert token is not None
    assert other.name(token, DIRECTORS) == "Anna"
    assert other.revoke(token) is True
    assert one.name(token, DIRECTORS) is None and other.name(token, DIRECTORS) is None


def test_both_servers_write_one_login_log(sql_store):
    """Three failures through one server, a success through the other: one log of four,
    newest first, numbered 1 to 4."""
    one, other = LoginLog(sql_store.database), LoginLog(sql_store.database)
    for n in (1, 2, 3):
        one.record(name="anna", address="10.0.0.1", session="s1", outcome="failed",
                   failures=n, wait_seconds=0.0)  # fmt: skip
    other.record(name="Anna", address="10.0.0.2", session="s2", outcome="success",
                 failures=3, wait_seconds=0.0)  # fmt: skip
    events = one.recent(10)
    assert [e.outcome for e in events] == ["success", "failed", "failed", "failed"]
    assert [e.id for e in events] == [4, 3, 2, 1]
    assert [e.address for e in other.recent(10)] == ["10.0.0.2", *["10.0.0.1"] * 3]
