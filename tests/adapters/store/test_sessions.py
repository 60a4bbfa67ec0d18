"""Login sessions (``compcore.adapters.store.sessions``): a signed, expiring token that logs
the director in again after a reload; tampered, expired, revoked or unknown tokens, and a
director removed or given a new hash, log nobody in. The clock is injected."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import duckdb
import pytest

from compcore.adapters.access import auth
from compcore.adapters.access.auth import Directors, hash_password
from compcore.adapters.store import Store
from compcore.adapters.store.sessions import Sessions, Token
from tests.app.test_app_support import DIRECTOR_HASH, PASSWORD

START = datetime(2026, 1, 6, 19, 30, tzinfo=UTC)
TWELVE_HOURS = timedelta(hours=12)


class Clock:
    def __init__(self, now: datetime = START) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def db(tmp_path) -> Path:
    path = tmp_path / "club.duckdb"
    Store(path)  # creates the schema, with migration 6's tables and secret
    return path


DIRECTORS = Directors.of({"Anna": DIRECTOR_HASH})


def logged_in() -> auth.Director:
    director = auth.login(PASSWORD, DIRECTORS, name="anna")
    assert director is not None
    return director


def started(db: Path, clock: Clock, lifetime: timedelta = TWELVE_HOURS) -> str:
    token = Sessions(db, clock).start(logged_in(), DIRECTORS, lifetime)
    assert token is not None
    return token


def test_a_token_logs_the_director_in_again_with_a_valid_proof(db):
    """The token names the session; the Director it gives is Anna's, and the store accepts
    him as a logged-in director (his proof is made under his configured hash)."""
    clock = Clock()
    token = started(db, clock)
    director = Sessions(db, clock).director(token, DIRECTORS)
    assert director is not None and director.name == "Anna"
    assert auth.is_valid_director(director, DIRECTORS)


def test_the_token_holds_neither_password_nor_hash(db):
    """id (43 characters) . expiry (Unix seconds) . signature (64 hex): started at
    2026-01-06 19:30 UTC with 12 h, it expires at 2026-01-07 07:30 UTC = 1767771000."""
    token = started(db, Clock())
    session_id, expires, signature = token.split(".")
    assert (len(session_id), expires, len(signature)) == (43, "1767771000", 64)
    assert PASSWORD not in token
    _, _, salt, digest = DIRECTOR_HASH.split("$")
    assert salt not in token and digest not in token


def test_a_token_ends_when_its_time_is_over(db):
    """Lifetime 12 h: 11 h 59 min later it counts, at 12 h it no longer does."""
    clock = Clock()
    token = started(db, clock)
    clock.now = START + timedelta(hours=11, minutes=59)
    assert Sessions(db, clock).name(token, DIRECTORS) == "Anna"
    clock.now = START + TWELVE_HOURS
    assert Sessions(db, clock).name(token, DIRECTORS) is None


def test_a_tampered_token_counts_for_nothing(db):
    """Changing any part breaks the signature: a later expiry (+1 day), another id, another
    signature, or garbage; none of them logs anybody in, and none raises."""
    clock = Clock()
    token = started(db, clock)
    session_id, expires, signature = token.split(".")
    flipped = ("0" if signature[0] != "0" else "1") + signature[1:]
    other_id = ("A" if session_id[0] != "A" else "B") + session_id[1:]
    for bad in (
        f"{session_id}.{int(expires) + 86400}.{signature}",
        f"{other_id}.{expires}.{signature}",
        f"{session_id}.{expires}.{flipped}",
        token + "x",
        "",
        None,
        12,
        "x" * 10_000,
    ):
        assert Sessions(db, clock).name(bad, DIRECTORS) is None, bad
    assert Sessions(db, clock).name(token, DIRECTORS) == "Anna"


def test_a_token_signed_with_another_databases_secret_counts_for_nothing(db, tmp_path):
    """Each database makes its own secret: a token of one is unknown in another."""
    other = tmp_path / "other.duckdb"
    Store(other)
    clock = Clock()
    token = started(other, clock)
    assert Sessions(other, clock).name(token, DIRECTORS) == "Anna"
    assert Sessions(db, clock).name(token, DIRECTORS) is None


def test_logging_out_revokes_the_session(db):
    """After revoke the same token is no session; another session of Anna stays live."""
    clock = Clock()
    first, second = started(db, clock), started(db, clock)
    Sessions(db, clock).revoke(first)
    assert Sessions(db, clock).name(first, DIRECTORS) is None
    assert Sessions(db, clock).name(second, DIRECTORS) == "Anna"
    with duckdb.connect(str(db)) as con:
        rows = con.execute(
            "SELECT director, revoked_at FROM login_sessions ORDER BY revoked_at NULLS LAST"
        ).fetchall()
    assert rows == [("Anna", START.replace(tzinfo=None)), ("Anna", None)]


def test_a_removed_director_or_a_new_hash_ends_the_session(db):
    """The session keeps a mark of Anna's hash: with Anna removed, or configured with a new
    hash (a new password), her token no longer counts; with the old hash back it does."""
    clock = Clock()
    token = started(db, clock)
    sessions = Sessions(db, clock)
    assert sessions.name(token, Directors.of({"Bram": DIRECTOR_HASH})) is None
    new_hash = hash_password("nieuw wachtwoord", iterations=1_000)
    assert sessions.name(token, Directors.of({"Anna": new_hash})) is None
    assert sessions.director(token, Directors()) is None
    assert sessions.name(token, DIRECTORS) == "Anna"


def test_the_table_keeps_no_token_and_no_hash(db):
    """Stored: sha256 of the session id (not the id), the name, an HMAC mark of the hash."""
    token = started(db, Clock())
    session_id = Token.parse(token).session_id  # type: ignore[union-attr]
    with duckdb.connect(str(db)) as con:
        [row] = con.execute("SELECT id, director, hash_mark FROM login_sessions").fetchall()
    assert row[0] != session_id and session_id not in "".join(row)
    assert DIRECTOR_HASH not in row and row[1] == "Anna"


def test_ended_sessions_are_cleared_a_week_later(db):
    """A session that expired 12 h after START is deleted at the first login more than 7
    days after its end (START + 12 h + 7 days + 1 min), not at one before."""
    clock = Clock()
    started(db, clock)
    clock.now = START + TWELVE_HOURS + timedelta(days=7) - timedelta(minutes=1)
    started(db, clock)
    with duckdb.connect(str(db)) as con:
        assert con.execute("SELECT count(*) FROM login_sessions").fetchone() == (2,)
    clock.now = START + TWELVE_HOURS + timedelta(days=7, minutes=1)
    started(db, clock)
    with duckdb.connect(str(db)) as con:
        assert con.execute("SELECT count(*) FROM login_sessions").fetchone() == (2,)


def test_no_database_no_session_and_no_error(tmp_path):
    """A missing file (or one from before migration 6) keeps no session; nothing is made."""
    missing = tmp_path / "missing.duckdb"
    assert Sessions(missing).start(logged_in(), DIRECTORS, TWELVE_HOURS) is None
    assert not missing.exists()
    assert Sessions(missing).name("a.1.b", DIRECTORS) is None
    old = tmp_path / "old.duckdb"
    with duckdb.connect(str(old)) as con:
        con.execute("CREATE TABLE t (x INTEGER)")
    assert Sessions(old).start(logged_in(), DIRECTORS, TWELVE_HOURS) is None


def test_migration_6_may_run_again_and_keeps_the_secret(db):
    """Step 6 run again over its own tables keeps the secret (issued tokens stay valid);
    over a database without them it makes both tables and a new secret."""
    from compcore.adapters.store.schema import MIGRATIONS

    step = dict(MIGRATIONS)[6]
    assert callable(step)
    clock = Clock()
    token = started(db, clock)
    with duckdb.connect(str(db)) as con:
        step(con)
    assert Sessions(db, clock).name(token, DIRECTORS) == "Anna"
    with duckdb.connect(str(db)) as con:
        con.execute("DROP TABLE login_sessions")
        con.execute("DROP TABLE login_secret")
        step(con)
        assert con.execute("SELECT count(*) FROM login_secret").fetchone() == (1,)
    assert Sessions(db, clock).name(token, DIRECTORS) is None  # a new secret, no rows
    assert started(db, clock)


def test_only_a_token_goes_into_the_cookie_script():
    """The script that writes the cookie refuses anything but a token (no markup can get
    into it); an empty token clears the cookie (Max-Age=0)."""
    from ui.remember import cookie_script

    with pytest.raises(ValueError):
        cookie_script("x'; alert(1); '", 60)
    assert "compcore_login=; Path=/; Max-Age=0; SameSite=Strict" in cookie_script("", 60)


def test_a_revoke_waits_for_a_held_database_and_says_when_it_could_not(db, monkeypatch):
    """Another process holds the file: each attempt waits (here 0.05 s instead of 10 s),
    REVOKE_ATTEMPTS = 3 attempts, then False and the session still logs in. Freed during
    the attempts (the held file lets go after two of them), the revoke is stored: True,
    and the token no longer logs in."""
    from compcore.adapters.store import connection, sessions

    clock = Clock()
    token = started(db, clock)
    real = connection.open_duckdb
    monkeypatch.setattr(connection, "LOCK_TIMEOUT", 0.05)
    attempts = []

    def held(path, *, read_only):
        attempts.append(read_only)
        raise duckdb.IOException('Could not set lock on file "club.duckdb": Conflicting lock')

    monkeypatch.setattr(connection, "open_duckdb", held)
    assert Sessions(db, clock).revoke(token) is False
    assert len(attempts) >= sessions.REVOKE_ATTEMPTS == 3
    monkeypatch.setattr(connection, "open_duckdb", real)
    assert Sessions(db, clock).name(token, DIRECTORS) == "Anna"

    calls = []

    def freed_later(path, *, read_only):
        calls.append(read_only)
        if connection.time.monotonic() < freed_at:
            raise duckdb.IOException('Could not set lock on file "club.duckdb": Conflicting lock')
        return real(path, read_only=read_only)

    freed_at = connection.time.monotonic() + 0.08  # during the second attempt's wait
    monkeypatch.setattr(connection, "open_duckdb", freed_later)
    assert Sessions(db, clock).revoke(token) is True
    monkeypatch.setattr(connection, "open_duckdb", real)
    assert Sessions(db, clock).name(token, DIRECTORS) is None


def test_a_token_that_is_no_session_has_nothing_to_revoke(db):
    assert Sessions(db, Clock()).revoke("not a token") is True
