"""Clubs kept apart in the app (issue 21 item 3): a director limited to his club
(``COMPCORE_DIRECTOR_CLUBS``) gets the write controls on his club's competitions only; on
another club's the page is read-only and says so, and a forged request (a click on a
control drawn for his own competition, sent after the other one was chosen) changes
nothing of the other club's; a service call for him is refused by the store. ``COMPCORE_CLUB`` shows one club;
the overview picks a club when there are several."""

from __future__ import annotations

from dataclasses import replace

import pytest

from compcore.adapters.access import auth
from compcore.adapters.store import Store
from compcore.domain.errors import NotAuthorized
from compcore.domain.model import Player
from compcore.services import players
from tests.app.test_app_support import ADMIN, DIRECTOR_HASH, PASSWORD, app, small_seasons, texts
from tests.builders import raises_in_english

pytestmark = pytest.mark.usefixtures("steady_app")
PAARD = "Het Witte Paard"


@pytest.fixture
def clubs(club_db, monkeypatch):
    """The test database plus Het Witte Paard's ladder; Jan directs Testclub only."""
    path, ids = club_db
    monkeypatch.delenv("COMPCORE_DIRECTOR_HASH")
    monkeypatch.setenv("COMPCORE_DIRECTORS", f"Jan={DIRECTOR_HASH}")
    monkeypatch.setenv("COMPCORE_DIRECTOR_CLUBS", "Jan=Testclub")
    other = replace(small_seasons()[1], club=PAARD)
    ids["Paard"] = Store(path).import_season(other, actor=ADMIN)
    directors = auth.Directors.of({"Jan": DIRECTOR_HASH}).with_clubs([("Jan", ["Testclub"])])
    return Store(path, directors=directors), ids, directors


def jan(directors):
    return auth.login(PASSWORD, directors, name="Jan")


def round_page(directors, cid):
    at = app()
    at.session_state["director"] = jan(directors)
    at.session_state["competition"] = cid
    at.run()
    at.switch_page("pages/round.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def has_pair_button(at) -> bool:
    return any(b.label == "Indelen" for b in at.form_submit_button)


def test_the_director_writes_his_clubs_competition_and_only_views_the_other(clubs):
    _, ids, directors = clubs
    own = round_page(directors, ids["AB"])
    assert has_pair_button(own)
    assert "Je wijzigt competities van: Testclub" in texts(own.sidebar)
    other = round_page(directors, ids["Paard"])
    assert not has_pair_button(other)
    assert "deze competitie is van Het Witte Paard" in texts(other.sidebar)
    assert "logt in via de zijbalk" not in texts(other)  # he is logged in: no such hint
    assert other.sidebar.button(key="logout")  # still logged in


def test_a_forged_click_on_the_other_clubs_competition_changes_nothing(clubs):
    store, ids, directors = clubs
    at = round_page(directors, ids["AB"])
    button = next(b for b in at.form_submit_button if b.label == "Indelen")
    before = store.log(ids["Paard"]), store.load(ids["Paard"])
    at.session_state["competition"] = ids["Paard"]  # the other club's, then the old click
    button.click().run()
    assert not at.exception
    assert (store.log(ids["Paard"]), store.load(ids["Paard"])) == before
    assert not has_pair_button(at)


def test_a_service_call_for_the_other_club_is_refused_by_the_store(clubs):
    store, ids, directors = clubs
    before = store.revision()
    with raises_in_english(NotAuthorized, "not of Het Witte Paard"):
        players.save_player(store, ids["Paard"], Player("x", "Nieuw"), read=None,
                            actor=jan(directors))  # fmt: skip
    assert store.revision() == before
    players.save_player(store, ids["AB"], Player("x", "Nieuw"), read=None, actor=jan(directors))
    assert "x" in store.load(ids["AB"]).player_ids


def test_the_overview_picks_a_club_and_one_club_servers_show_only_theirs(clubs, monkeypatch):
    _, ids, _ = clubs
    at = app()
    at.session_state["competition"] = ids["Paard"]
    at.run()
    [picker] = [s for s in at.selectbox if s.label.startswith("Club")]
    assert picker.options == ["Het Witte Paard", "Testclub"] and picker.value == PAARD
    assert "Testclub" not in " ".join(str(c.value) for c in at.caption)
    monkeypatch.setenv("COMPCORE_CLUB", "Testclub")
    one = app().run()
    assert not one.exception
    assert not [s for s in one.selectbox if s.label.startswith("Club")]
    assert PAARD not in texts(one) and "Testclub" in texts(one)
    assert PAARD not in str(one.sidebar.selectbox(key="competition").options)


def test_the_competitions_page_manages_his_clubs_competitions_only(clubs):
    _, ids, directors = clubs
    at = app()
    at.session_state["director"] = jan(directors)
    at.session_state["competition"] = ids["AB"]
    at.run()
    at.switch_page("pages/competitions.py").run()
    assert not at.exception
    which = at.selectbox(key="manage_which")
    assert sorted(which.options) == sorted(
        ["AB · 2025-2026 · Testclub", "Ladder · 2025-2026 · Testclub"]
    )
