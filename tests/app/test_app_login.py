"""The sidebar's login form in AppTest: name and password, the wait after a wrong password,
attempts refused before their time, the lockout, several directors, and the login log."""

from __future__ import annotations

import re

import pytest

from compcore.adapters.access.auth import hash_password
from compcore.adapters.store.login_log import LoginLog
from tests.app.test_app_support import DIRECTOR_HASH, PASSWORD, app

pytestmark = pytest.mark.usefixtures("steady_app")

PIET_PASSWORD = "Piets eigen wachtwoord"


def try_login(at, name: str, password: str):
    at.sidebar.text_input(key="login_name").input(name)
    at.sidebar.text_input(key="password").input(password)
    at.sidebar.form_submit_button[0].click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def logged_in(at) -> bool:
    return "director" in at.session_state and at.session_state["director"] is not None


def errors(at) -> list[str]:
    return [e.value for e in at.sidebar.error]


def test_a_wrong_password_says_how_long_to_wait(club_db):
    """Defaults: the first failure brings a wait of 1 s, said in the message; the attempt
    is in the login log under the name typed, and nobody is logged in."""
    path, _ = club_db
    at = try_login(app().run(), "director", "verkeerd")
    assert errors(at) == ["Onjuiste naam of wachtwoord. Volgende poging over 1 s."]
    assert not logged_in(at)
    [event] = LoginLog(path).recent()
    assert (event.name, event.outcome, event.failures, event.wait_seconds) == (
        "director", "failed", 1, 1.0)  # fmt: skip


def test_an_attempt_before_the_wait_is_over_is_refused(club_db, monkeypatch):
    """First delay set to 120 s: right after the failure even the right password is
    refused with the seconds still to wait (at most 120, more than 100 on any machine), the
    password is not checked and nothing more is logged."""
    path, _ = club_db
    monkeypatch.setenv("COMPCORE_LOGIN_FIRST_DELAY_SECONDS", "120")
    monkeypatch.setenv("COMPCORE_LOGIN_MAX_DELAY_SECONDS", "120")
    at = try_login(app().run(), "director", "verkeerd")
    assert errors(at) == ["Onjuiste naam of wachtwoord. Volgende poging over 120 s."]
    at = try_login(at, "director", PASSWORD)
    [message] = errors(at)
    match = re.fullmatch(r"Te snel na een mislukte poging: wacht nog (\d+) s\. "
                         r"Het wachtwoord is niet gecontroleerd\.", message)  # fmt: skip
    assert match and 100 < int(match[1]) <= 120
    assert not logged_in(at)
    assert len(LoginLog(path).recent()) == 1


def test_the_lockout_in_both_languages(club_db, monkeypatch):
    """max_failures 2 and no delay: the 2nd wrong password locks logging in for 15 minutes
    (the default lockout); then the right password is refused too."""
    monkeypatch.setenv("COMPCORE_LOGIN_MAX_FAILURES", "2")
    monkeypatch.setenv("COMPCORE_LOGIN_FIRST_DELAY_SECONDS", "0")
    at = try_login(app().run(), "director", "fout")
    assert errors(at) == ["Onjuiste naam of wachtwoord."]
    at = try_login(at, "director", "nog eens fout")
    assert errors(at) == ["Onjuiste naam of wachtwoord. Te veel mislukte pogingen: inloggen is "
                          "geblokkeerd; probeer het over 15 min opnieuw."]  # fmt: skip
    at.sidebar.segmented_control(key="lang").set_value("en").run()
    at = try_login(at, "director", PASSWORD)
    assert errors(at) == ["Too many failed attempts: logging in is blocked; try again in 15 min."]
    assert "logout" not in [b.key for b in at.sidebar.button]


def test_several_directors_each_log_in_under_their_own_name(club_db, monkeypatch):
    path, _ = club_db
    piet = hash_password(PIET_PASSWORD, iterations=1_000)
    monkeypatch.delenv("COMPCORE_DIRECTOR_HASH")
    monkeypatch.setenv("COMPCORE_DIRECTORS", f"Jan={DIRECTOR_HASH};Piet={piet}")
    at = try_login(app().run(), "piet", PIET_PASSWORD)
    assert at.session_state["director"].name == "Piet"
    assert "Wedstrijdleider Piet: je kunt wijzigingen maken." in [
        s.value for s in at.sidebar.success
    ]
    assert at.success[0].value == "Ingelogd als wedstrijdleider Piet."
    assert [(e.name, e.outcome) for e in LoginLog(path).recent()] == [("Piet", "success")]
    # Jan's password does not open Piet's name
    other = try_login(app().run(), "Piet", PASSWORD)
    assert errors(other)[0].startswith("Onjuiste naam of wachtwoord.")


def test_bad_throttle_settings_are_reported_and_the_defaults_hold(club_db, monkeypatch):
    monkeypatch.setenv("COMPCORE_LOGIN_MAX_FAILURES", "veel")
    at = app().run()
    assert [w.value for w in at.sidebar.warning] == [
        "De instellingen van de inlogbeveiliging zijn ongeldig (inloginstelling max_failures "
        "moet een geheel getal zijn, maar is 'veel'); de standaardwaarden gelden."]  # fmt: skip
    at = try_login(at, "director", "fout")
    assert errors(at) == ["Onjuiste naam of wachtwoord. Volgende poging over 1 s."]
