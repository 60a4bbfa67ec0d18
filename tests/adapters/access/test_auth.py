"""Director login and the store's server-side check of who may write."""

from __future__ import annotations

import base64
import dataclasses
import io
from datetime import UTC, datetime

import pytest

from compcore.adapters.access import auth
from compcore.adapters.access.auth import (
    Directors,
    HashFormatError,
    configured_directors,
    hash_password,
    login,
    verify,
)
from compcore.adapters.store import Store
from compcore.cli import main as cli
from compcore.domain.errors import DirectorConfigError, NotAuthorized
from compcore.ports.actors import Administrator, Director
from tests.adapters.store.test_store_support import dump_tables, make_season
from tests.builders import raises_in_english

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
    with raises_in_english(HashFormatError, "director hash is malformed"):
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
    directors = Directors.of({"arbiter": stored_hash})
    director = login(PASSWORD, directors, name="arbiter")
    assert isinstance(director, Director)
    assert director.label == "director:arbiter"
    assert PASSWORD not in repr(director) and director.proof not in repr(director)
    assert auth.is_valid_director(director, directors)
    other = Directors.of({"arbiter": hash_password(PASSWORD, iterations=FAST)})
    assert not auth.is_valid_director(director, other)


def test_a_single_hash_is_the_director_named_director(stored_hash):
    director = login(PASSWORD, stored_hash)
    assert director is not None and director.label == "director:director"
    assert auth.is_valid_director(director, stored_hash)
    assert login(PASSWORD, stored_hash, name="arbiter") is None  # no such director


def test_configured_legacy_hash(monkeypatch, stored_hash):
    monkeypatch.delenv(auth.ENV_VAR, raising=False)
    monkeypatch.delenv(auth.DIRECTORS_ENV, raising=False)
    assert not configured_directors()
    assert not configured_directors({})
    monkeypatch.setenv(auth.ENV_VAR, stored_hash)
    assert configured_directors().entries == (("director", stored_hash),)
    other = hash_password("x" * 12, iterations=FAST)
    # the environment wins
    assert configured_directors({"director_hash": other}).hash_of("director") == stored_hash
    monkeypatch.delenv(auth.ENV_VAR)
    assert configured_directors({"director_hash": other}).hash_of("director") == other
    monkeypatch.setenv(auth.ENV_VAR, "garbage")
    with pytest.raises(HashFormatError):
        configured_directors()


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
    director = login(PASSWORD, stored_hash)
    removed = store.delete_round(cid, 2, actor=director, reason="entered twice")
    entry = store.log(cid, 1)[0]
    assert (entry.actor, entry.action, entry.reason) == ("director:director", "delete-round",
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
    with raises_in_english(NotAuthorized, "no director password is configured"):
        store.delete_round(cid, 2, actor=director)
    # the local administrator still can (the command line)
    store.delete_round(cid, 2, actor=Administrator())


def test_store_with_another_hash_refuses_the_director(guarded, stored_hash):
    _, path, cid = guarded
    other = Store(path, director_hash=hash_password("another one", iterations=FAST))
    with raises_in_english(NotAuthorized, "not valid for this database"):
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
    assert captured.out == "" and "het wachtwoord mag niet leeg zijn" in captured.err


def test_cli_hash_password_warns_on_short(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("kort"))
    assert cli.main(["hash-password"]) == 0
    captured = capsys.readouterr()
    assert "minder dan 8 tekens" in captured.err and captured.out.startswith("pbkdf2_sha256$")


# --------------------------------------------------------------------------- several directors

JAN, PIET = "Jan", "Piet"
JAN_PASSWORD, PIET_PASSWORD = "Jans eigen wachtwoord", "Piets eigen wachtwoord"


@pytest.fixture(scope="module")
def two() -> Directors:
    return Directors.of({JAN: hash_password(JAN_PASSWORD, iterations=FAST),
                         PIET: hash_password(PIET_PASSWORD, iterations=FAST)})  # fmt: skip


def test_each_director_logs_in_with_his_own_name_and_password(two):
    jan = login(JAN_PASSWORD, two, name=JAN)
    assert jan is not None and jan.name == JAN
    # the name is matched regardless of case and surrounding spaces; the log uses his own
    piet = login(PIET_PASSWORD, two, name="  piet ")
    assert piet is not None and piet.label == "director:Piet"
    assert login(JAN_PASSWORD, two, name=PIET) is None  # Jan's password is not Piet's
    assert login(JAN_PASSWORD, two, name="Klaas") is None  # no such director
    assert login(JAN_PASSWORD, two) is None  # "director" is not configured here
    assert two.names == (JAN, PIET)


def test_an_unknown_name_costs_what_a_wrong_password_costs(two, monkeypatch):
    """Both run exactly one PBKDF2 of the configured strength (1 000 iterations here);
    without the dummy hash an unknown name would return at once, telling a guesser which
    names exist. Mixed strengths: the dummy takes the strongest (600 000)."""
    calls: list[int] = []
    real = auth.hashlib.pbkdf2_hmac

    def spy(name, password, salt, iterations, *rest):  # type: ignore[no-untyped-def]
        calls.append(iterations)
        return real(name, password, salt, 1_000, *rest)  # fast: only the count matters

    monkeypatch.setattr(auth.hashlib, "pbkdf2_hmac", spy)
    assert login("wrong", two, name=JAN) is None
    assert login("wrong", two, name="Klaas") is None
    assert calls == [FAST, FAST]
    mixed = Directors.of({JAN: two.hash_of(JAN), "Kees": "pbkdf2_sha256$600000$"
                          + base64.b64encode(b"s" * 16).decode() + "$" + "A" * 43 + "="})  # fmt: skip
    calls.clear()
    assert login("wrong", mixed, name="Klaas") is None
    assert calls == [600_000]


def test_directors_from_the_environment(monkeypatch, two):
    jan, piet = two.hash_of(JAN), two.hash_of(PIET)
    monkeypatch.delenv(auth.ENV_VAR, raising=False)
    monkeypatch.setenv(auth.DIRECTORS_ENV, f" Jan={jan} ; Piet={piet};")
    assert configured_directors() == two
    monkeypatch.setenv(auth.DIRECTORS_ENV, f'{{"Jan": "{jan}", "Piet": "{piet}"}}')
    assert configured_directors() == two
    # the old single hash joins them as the director named "director"
    monkeypatch.setenv(auth.ENV_VAR, jan)
    assert configured_directors().names == ("Jan", "Piet", "director")
    # the environment wins: the secrets are then not read at all
    secrets = {"directors": {"Klaas": piet}}
    assert "Klaas" not in configured_directors(secrets).names
    monkeypatch.delenv(auth.ENV_VAR)
    monkeypatch.delenv(auth.DIRECTORS_ENV)
    assert configured_directors(secrets).names == ("Klaas",)
    secrets["director_hash"] = jan
    assert configured_directors(secrets).names == ("Klaas", "director")


@pytest.mark.parametrize(("value", "message"), [
    ("Jan", "part 1 is not name=hash"),
    ("Jan=pbkdf2_sha256$1000$x", "director 'Jan': the configured director hash is malformed"),
    ("=HASH", "may not be empty"),
    ("Jan=HASH;jan =HASH", "director 'jan' is configured twice"),
    ("Ja\x07n=HASH", "control character"),
    ("X" * 65 + "=HASH", "longer than 64 characters"),
    ('{"Jan": 1}', "must map each name to a hash"),
    ('{"Jan": ', "not valid JSON"),
    ('{"Jan": "HASH", "Jan": "HASH"}', "configured twice"),
    ("director=HASH", "configured twice: by the single hash"),
])  # fmt: skip
def test_bad_director_configuration_is_one_clear_line(monkeypatch, stored_hash, value, message):
    monkeypatch.setenv(auth.ENV_VAR, stored_hash)
    monkeypatch.setenv(auth.DIRECTORS_ENV, value.replace("HASH", stored_hash))
    with raises_in_english(DirectorConfigError, message) as caught:
        configured_directors()
    assert "\n" not in str(caught.value) and stored_hash not in str(caught.value)


def test_two_directors_writes_are_logged_under_their_own_names(tmp_path, two):
    path = tmp_path / "club.duckdb"
    store = Store(path, directors=two)
    cid = store.import_season(make_season(rounds=2, open_round=False), actor=Administrator())
    jan, piet = login(JAN_PASSWORD, two, name=JAN), login(PIET_PASSWORD, two, name=PIET)
    removed = store.delete_round(cid, 2, actor=jan, reason="entered twice")
    store.save_round(cid, removed, actor=piet, action="redo", reason="it was right")
    assert [(e.actor, e.action) for e in store.log(cid, 2)] == [
        ("director:Piet", "redo"), ("director:Jan", "delete-round")]  # fmt: skip
    # Jan's login renamed to Piet is refused (the proof is over the name, keyed by Piet's
    # hash); a director taken out of the configuration can no longer write
    with pytest.raises(NotAuthorized):
        store.delete_round(cid, 2, actor=dataclasses.replace(jan, name=PIET))
    only_piet = Store(path, directors=Directors.of({PIET: two.hash_of(PIET)}))
    with raises_in_english(NotAuthorized, "not valid for this database"):
        only_piet.delete_round(cid, 2, actor=jan)
    only_piet.delete_round(cid, 2, actor=piet)
    assert len(store.load(cid).rounds) == 1


def test_directors_limited_to_their_clubs_from_the_environment_and_the_secrets(monkeypatch, two):
    """Issue 21 item 3: Jan writes De Toren's and Het Paard's competitions; Piet, not
    named, every club's."""
    jan, piet = two.hash_of(JAN), two.hash_of(PIET)
    monkeypatch.delenv(auth.ENV_VAR, raising=False)
    monkeypatch.setenv(auth.DIRECTORS_ENV, f"Jan={jan};Piet={piet}")
    monkeypatch.setenv(auth.CLUBS_ENV, " jan = De Toren, Het Paard ;")
    limited = configured_directors()
    assert limited.clubs_of(JAN) == {"De Toren", "Het Paard"} and limited.clubs_of(PIET) is None
    assert limited.may_write(JAN, "De Toren") and not limited.may_write(JAN, "De Zwarte Loper")
    assert limited.may_write(PIET, "De Zwarte Loper")
    monkeypatch.setenv(auth.CLUBS_ENV, '{"Jan": ["De Toren, Utrecht"]}')  # a comma in a name
    assert configured_directors().clubs_of(JAN) == {"De Toren, Utrecht"}
    monkeypatch.delenv(auth.DIRECTORS_ENV)
    monkeypatch.delenv(auth.CLUBS_ENV)
    secrets = {"directors": {"Jan": jan}, "director_clubs": {"Jan": ["De Toren"]}}
    assert configured_directors(secrets).clubs_of(JAN) == {"De Toren"}


@pytest.mark.parametrize(("value", "message"), [
    ("Klaas=De Toren", "COMPCORE_DIRECTOR_CLUBS names 'Klaas', who is not a configured director"),
    ("Jan=De Toren;jan=Het Paard", "names director 'Jan' twice"),
    ("Jan= , ", "gives director 'Jan' no club at all"),
    ("Jan", "part 1 is not name=club,club"),
    ('{"Jan": [1]}', "director 'Jan''s clubs must be names"),
    ('{"Jan": {"De Toren": true}}', "director 'Jan''s clubs must be names"),
])  # fmt: skip
def test_bad_club_limits_are_one_clear_line(monkeypatch, two, value, message):
    monkeypatch.delenv(auth.ENV_VAR, raising=False)
    monkeypatch.setenv(auth.DIRECTORS_ENV, f"Jan={two.hash_of(JAN)}")
    monkeypatch.setenv(auth.CLUBS_ENV, value)
    with raises_in_english(DirectorConfigError, message):
        configured_directors()
