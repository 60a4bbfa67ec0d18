"""Director login and the store's server-side check of who may write."""

from __future__ import annotations

import base64
import dataclasses
import io
from datetime import UTC, datetime

import pytest
from test_store_support import dump_tables, make_season

from compcore import cli
from compcore.adapters import auth
from compcore.adapters.auth import (
    Administrator,
    Director,
    HashFormatError,
    configured_hash,
    hash_password,
    login,
    verify,
)
from compcore.adapters.store import Store
from compcore.errors import NotAuthorized

FAST = 1_000  # iterations for tests; the default (600 000) is tested once
PASSWORD = "Zwarte Dame op d8!"


@pytest.fixture(scope="module")
def stored_hash() -> str:
    return hash_password(PASSWORD, iterations=FAST)


def test_hash_format_and_verify():
    h = hash_password(PASSWORD)
    algorithm, iterations, salt, digest = h.split("$")
    assert (algorithm, iterations) == ("pbkdf2_sha256", str(auth.DEFAULT_ITERATIONS))
    assert len(base64.b64decode(salt)) == 16 and len(base64.b64decode(digest)) == 32
    assert verify(PASSWORD, h)
    assert not verify(PASSWORD + " ", h)


def test_hashes_are_salted(stored_hash):
    other = hash_password(PASSWORD, iterations=FAST)
    assert other != stored_hash
    assert verify(PASSWORD, other) and verify(PASSWORD, stored_hash)


def test_wrong_or_empty_password(stored_hash):
    assert not verify("zwarte dame op d8!", stored_hash)
    assert not verify("", stored_hash)
    assert login("wrong", stored_hash) is None
    assert login("", stored_hash) is None


def test_unicode_forms_are_the_same_password():
    h = hash_password("Zo\u00eb", iterations=FAST)  # composed ë
    assert verify("Zoe\u0308", h)  # e + combining diaeresis


def test_hash_password_refuses_empty_and_silly_iterations():
    with pytest.raises(ValueError, match="empty"):
        hash_password("")
    with pytest.raises(ValueError, match="iterations"):
        hash_password("x" * 10, iterations=10)


@pytest.mark.parametrize("bad", [
    "", "secret", "pbkdf2_sha256$1000$abc", "md5$1000$c2FsdHNhbHQ=$" + "A" * 44,
    "pbkdf2_sha256$many$c2FsdHNhbHQ=$" + "A" * 44,
    "pbkdf2_sha256$10$c2FsdHNhbHQ=$" + "A" * 44,
    "pbkdf2_sha256$99999999999$c2FsdHNhbHQ=$" + "A" * 44,
    "pbkdf2_sha256$1000$not base64!$" + "A" * 44,
    "pbkdf2_sha256$1000$c2FsdA==$" + "A" * 44,  # salt too short
    "pbkdf2_sha256$1000$c2FsdHNhbHQ=$AAAA",  # digest too short
])  # fmt: skip
def test_malformed_hash_is_a_clear_error(bad, tmp_path):
    with pytest.raises(HashFormatError, match="director hash is malformed"):
        verify(PASSWORD, bad)
    if bad:
        with pytest.raises(HashFormatError):
            login(PASSWORD, bad)
        with pytest.raises(HashFormatError):
            Store(tmp_path / "club.duckdb", director_hash=bad)
        assert not (tmp_path / "club.duckdb").exists()


def test_no_hash_no_login():
    assert login(PASSWORD, None) is None
    assert login(PASSWORD, "") is None


def test_login_gives_a_director(stored_hash):
    director = login(PASSWORD, stored_hash, name="arbiter")
    assert isinstance(director, Director)
    assert director.label == "director:arbiter"
    assert PASSWORD not in repr(director) and director.proof not in repr(director)
    assert auth.is_valid_director(director, stored_hash)
    assert not auth.is_valid_director(director, hash_password(PASSWORD, iterations=FAST))


def test_configured_hash(monkeypatch, stored_hash):
    monkeypatch.delenv(auth.ENV_VAR, raising=False)
    assert configured_hash() is None
    assert configured_hash({}) is None
    monkeypatch.setenv(auth.ENV_VAR, stored_hash)
    assert configured_hash() == stored_hash
    other = hash_password("x" * 12, iterations=FAST)
    assert configured_hash({"director_hash": other}) == stored_hash  # the environment wins
    monkeypatch.delenv(auth.ENV_VAR)
    assert configured_hash({"director_hash": other}) == other
    monkeypatch.setenv(auth.ENV_VAR, "garbage")
    with pytest.raises(HashFormatError):
        configured_hash()


# --------------------------------------------------------------------------- the store


@pytest.fixture
def guarded(tmp_path, stored_hash):
    path = tmp_path / "club.duckdb"
    store = Store(path, director_hash=stored_hash)
    cid = store.import_season(make_season(rounds=2, open_round=False), actor=Administrator())
    return store, path, cid


class LooksLikeAdministrator:
    name = "local"
    label = "administrator:local"


class SubAdministrator(Administrator):
    pass


def forged_directors(stored_hash):
    real = login(PASSWORD, stored_hash)
    assert real is not None
    return [
        Director("director", datetime.now(UTC), "00" * 16, "ff" * 32),  # made by hand
        dataclasses.replace(real, name="someone else"),  # edited after login
        dataclasses.replace(real, nonce="11" * 16),
        dataclasses.replace(real, issued_at=datetime(2020, 1, 1, tzinfo=UTC)),
        dataclasses.replace(real, proof=real.proof[:-1] + ("0" if real.proof[-1] != "0" else "1")),
        login(PASSWORD, hash_password(PASSWORD, iterations=FAST)),  # minted under another hash
        dataclasses.replace(real, proof=123),  # wrong type
    ]


def test_anonymous_and_forged_actors_cannot_write(guarded, stored_hash):
    store, path, cid = guarded
    season = store.load(cid)
    before = dump_tables(path)
    actors = [None, "director", "administrator:local", {"name": "director"},
              LooksLikeAdministrator(), SubAdministrator(), *forged_directors(stored_hash)]  # fmt: skip
    for actor in actors:
        with pytest.raises(NotAuthorized):
            store.save_player(cid, season.players[0], actor=actor)
        with pytest.raises(NotAuthorized):
            store.import_season(make_season(competition="x"), actor=actor)
        with pytest.raises(NotAuthorized):
            store.delete_round(cid, 2, actor=actor)
        with pytest.raises(NotAuthorized):
            store.delete_competition(cid, actor=actor)
    assert dump_tables(path) == before


def test_a_valid_director_can_write_and_is_logged(guarded, stored_hash):
    store, path, cid = guarded
    director = login(PASSWORD, stored_hash, name="Jan")
    removed = store.delete_round(cid, 2, actor=director, reason="entered twice")
    entry = store.log(cid, 1)[0]
    assert (entry.actor, entry.action, entry.reason) == ("director:Jan", "delete-round",
                                                         "entered twice")  # fmt: skip
    # a store opened later with the same configured hash accepts the same login
    again = Store(path, director_hash=stored_hash)
    again.save_round(cid, removed, actor=director, action="redo")
    assert len(again.load(cid).rounds) == 2


def test_without_a_configured_hash_no_director_can_write(guarded, stored_hash):
    _, path, cid = guarded
    store = Store(path)  # no director_hash: read-only for directors
    assert not store.director_login_enabled
    director = login(PASSWORD, stored_hash)
    with pytest.raises(NotAuthorized, match="no director password is configured"):
        store.delete_round(cid, 2, actor=director)
    # the local administrator still can (the command line)
    store.delete_round(cid, 2, actor=Administrator())


def test_store_with_another_hash_refuses_the_director(guarded, stored_hash):
    _, path, cid = guarded
    other = Store(path, director_hash=hash_password("another one", iterations=FAST))
    with pytest.raises(NotAuthorized, match="not valid for this database"):
        other.delete_round(cid, 2, actor=login(PASSWORD, stored_hash))


# --------------------------------------------------------------------------- the CLI


def test_cli_hash_password_from_stdin(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO(PASSWORD + "\n"))
    assert cli.main(["hash-password"]) == 0
    out = capsys.readouterr().out.strip()
    assert out.startswith("pbkdf2_sha256$600000$") and "\n" not in out
    assert verify(PASSWORD, out)


def test_cli_hash_password_refuses_empty(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("\n"))
    assert cli.main(["hash-password"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "may not be empty" in captured.err


def test_cli_hash_password_warns_on_short(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("kort"))
    assert cli.main(["hash-password"]) == 0
    captured = capsys.readouterr()
    assert "fewer than 8" in captured.err and captured.out.startswith("pbkdf2_sha256$")
