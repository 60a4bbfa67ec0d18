"""A login that survives a reload, in AppTest: the login writes the cookie (a script in the
sidebar); a new browser session that brings it is logged in; logging out revokes it and
clears the cookie; a tampered token, a new hash, or another session's logout log out.

AppTest has no browser, so no cookies: the tests hand ``ui.remember.browser_token`` the
token the first session's script wrote (``tests/browser/test_browser.py`` does it for real)."""

from __future__ import annotations

import re

import pytest

from compcore.adapters.access.auth import hash_password
from tests.app.test_app_support import PASSWORD, app, texts

pytestmark = pytest.mark.usefixtures("steady_app")

COOKIE_SET = re.compile(
    r"document\.cookie = 'compcore_login=([A-Za-z0-9_.-]+); Path=/; Max-Age=(\d+); SameSite=Strict'"
)


def logged_in(at) -> bool:
    return "logout" in [b.key for b in at.sidebar.button]


def log_in(at):
    at.sidebar.text_input(key="login_name").input("director")
    at.sidebar.text_input(key="password").input(PASSWORD)
    at.sidebar.form_submit_button[0].click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def scripts(at) -> list[str]:
    return [h.proto.body for h in at.sidebar.html]


def cookie_of(at) -> tuple[str, int]:
    [script] = scripts(at)
    match = COOKIE_SET.search(script)
    assert match, script
    return match[1], int(match[2])


def reload(monkeypatch, token: str | None):
    """A new browser session that sends ``token`` as its login cookie."""
    monkeypatch.setattr("ui.remember.browser_token", lambda: token)
    at = app().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_a_reload_with_the_cookie_is_still_logged_in(club_db, monkeypatch):
    """The login writes the cookie once, with Max-Age the default 12 h = 43200 s; a new
    session with that cookie is logged in as the same director without a password."""
    at = log_in(app().run())
    assert logged_in(at)
    token, seconds = cookie_of(at)
    assert seconds == 12 * 3600
    assert PASSWORD not in scripts(at)[0]
    assert scripts(at.run()) == []  # written once, not on every run
    again = reload(monkeypatch, token)
    assert logged_in(again)
    assert "Wedstrijdleider director: je kunt wijzigingen maken." in [
        s.value for s in again.sidebar.success
    ]


def test_after_logout_the_cookie_no_longer_logs_in(club_db, monkeypatch):
    """Logging out clears the cookie (Max-Age=0) and revokes the session: a browser that
    kept the cookie anyway is not logged in, and sees no error."""
    at = log_in(app().run())
    token, _ = cookie_of(at)
    at.sidebar.button(key="logout").click().run()
    assert not logged_in(at)
    [script] = scripts(at)
    assert "compcore_login=; Path=/; Max-Age=0; SameSite=Strict" in script
    again = reload(monkeypatch, token)
    assert not logged_in(again)
    assert not again.error and not again.sidebar.error


def test_logging_out_in_one_tab_logs_out_the_other(club_db, monkeypatch):
    """Two browser sessions with the same login session: the second logs out, and the
    first's next run finds its session revoked."""
    first = log_in(app().run())
    token, _ = cookie_of(first)
    second = reload(monkeypatch, token)
    assert logged_in(second)
    second.sidebar.button(key="logout").click().run()
    assert not logged_in(first.run())


def test_a_tampered_or_unknown_cookie_is_ignored(club_db, monkeypatch):
    """A changed signature, garbage, or a well-formed token nobody issued: logged out,
    the login form shown, no error on the page."""
    at = log_in(app().run())
    token, _ = cookie_of(at)
    session_id, expires, signature = token.split(".")
    flipped = ("0" if signature[0] != "0" else "1") + signature[1:]
    for bad in (f"{session_id}.{expires}.{flipped}", "<script>alert(1)</script>",
                f"{'A' * 43}.{expires}.{signature}"):  # fmt: skip
        again = reload(monkeypatch, bad)
        assert not logged_in(again), bad
        assert [t.key for t in again.sidebar.text_input] == ["login_name", "password"]
        assert not again.error and not again.sidebar.error


def test_a_new_hash_ends_the_remembered_login(club_db, monkeypatch):
    """The director's password (hash) changes after the login: his cookie no longer logs
    him in."""
    at = log_in(app().run())
    token, _ = cookie_of(at)
    monkeypatch.setenv("COMPCORE_DIRECTOR_HASH", hash_password("nieuw", iterations=1_000))
    assert not logged_in(reload(monkeypatch, token))


def test_the_lifetime_is_a_setting(club_db, monkeypatch):
    """COMPCORE_SESSION_HOURS=1.5: Max-Age 5400 s. Zero: no cookie at all, the login holds
    for this browser session only."""
    monkeypatch.setenv("COMPCORE_SESSION_HOURS", "1.5")
    assert cookie_of(log_in(app().run()))[1] == 5400
    monkeypatch.setenv("COMPCORE_SESSION_HOURS", "0")
    at = log_in(app().run())
    assert logged_in(at) and scripts(at) == []


def test_a_bad_lifetime_says_so_and_keeps_the_default(club_db, monkeypatch):
    """COMPCORE_SESSION_HOURS=lang: a warning naming the setting, in both languages; the
    login is remembered for the default 12 h."""
    monkeypatch.setenv("COMPCORE_SESSION_HOURS", "lang")
    at = app().run()
    assert (
        "COMPCORE_SESSION_HOURS moet een aantal uren van 0 tot en met 720 zijn, maar is 'lang'"
        in texts(at.sidebar)
    )
    at.sidebar.segmented_control(key="lang").set_value("en").run()
    assert "COMPCORE_SESSION_HOURS must be a number of hours from 0 to 720" in texts(at.sidebar)
    assert cookie_of(log_in(at))[1] == 12 * 3600


def test_a_logout_the_database_cannot_store_says_so_and_keeps_the_login(club_db, monkeypatch):
    """While another program holds the database past every attempt, the revoke is not
    stored: the page says the director is not logged out (in Dutch), the login and the
    cookie stay, and the token still logs in. Once the database is free, logging out
    works and the token no longer logs in."""
    from compcore.adapters.store import sessions

    at = log_in(app().run())
    token, _ = cookie_of(at)
    tried = []
    real = sessions.Sessions.revoke

    def held(self, token):  # every attempt refused, as by a held file
        tried.append(token)
        return False

    monkeypatch.setattr(sessions.Sessions, "revoke", held)
    at.sidebar.button(key="logout").click().run()
    assert tried == [token]
    assert logged_in(at)
    assert [e.value for e in at.sidebar.error] == [
        "Niet uitgelogd: de database kon het uitloggen niet opslaan (een ander programma"
        " houdt haar bezet, of ze is niet schrijfbaar). U bent nog ingelogd; probeer het"
        " zo opnieuw."
    ]
    assert scripts(at) == []  # the cookie is not cleared
    assert logged_in(reload(monkeypatch, token))
    monkeypatch.setattr(sessions.Sessions, "revoke", real)
    at.sidebar.button(key="logout").click().run()
    assert not logged_in(at) and not at.sidebar.error
    assert not logged_in(reload(monkeypatch, token))
