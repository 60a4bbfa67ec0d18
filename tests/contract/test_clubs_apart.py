"""Clubs kept apart on one server (issue 21 item 3), the same on every store: a director
limited to some clubs (``COMPCORE_DIRECTOR_CLUBS``) writes their competitions only; every
other write he tries is refused inside the store's transaction, naming the club, and leaves
the database as it was. A director not limited, and the administrator, write every club's.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from compcore.adapters.access import auth
from compcore.domain.errors import NotAuthorized
from compcore.domain.model import Player
from compcore.ports.actors import Administrator
from compcore.ports.values import MemberToken
from compcore.rules.club_settings import ClubSettings
from tests.adapters.store.test_store_support import make_season
from tests.builders import raises_in_english
from tests.contract.conftest import Unchanged

ADMIN = Administrator("test")
TOREN, PAARD = "Schaakclub De Toren", "Het Witte Paard"
HASH = auth.hash_password("geheim", iterations=1_000)
#: Jan writes De Toren's competitions only; Piet is not limited
DIRECTORS = auth.Directors.of({"Jan": HASH, "Piet": HASH}).with_clubs([("Jan", [TOREN])])
OTHER_CLUB = "may change competitions of Schaakclub De Toren only, not of Het Witte Paard"


@pytest.fixture
def two_clubs(open_again):
    """(store, De Toren's competition id, Het Witte Paard's)."""
    store = open_again(directors=DIRECTORS)
    toren = store.import_season(make_season(rounds=2, club=TOREN), actor=ADMIN)
    paard = store.import_season(make_season(rounds=2, club=PAARD), actor=ADMIN)
    return store, toren, paard


def director(name: str):
    found = auth.login("geheim", DIRECTORS, name=name)
    assert found is not None
    return found


def test_a_director_of_one_club_writes_its_competitions(two_clubs):
    store, toren, _ = two_clubs
    store.save_player(toren, Player("new", "Nieuw Lid"), actor=director("Jan"))
    assert "new" in store.load(toren).player_ids
    assert store.log(toren, 1)[0].actor == "director:Jan"


def test_every_write_to_another_clubs_competition_is_refused_and_changes_nothing(two_clubs):
    store, _, paard = two_clubs
    jan = director("Jan")
    now = datetime.now(UTC)
    token = MemberToken(paard, "p01", "ab" * 32, now, now + timedelta(days=1))
    writes = {
        "player": lambda: store.save_player(paard, Player("new", "Nieuw"), actor=jan),
        "archive": lambda: store.set_archived(paard, True, actor=jan),
        "delete": lambda: store.delete_competition(paard, actor=jan),
        "proposal": lambda: store.add_proposal(paard, {"preset": "x"}, actor=jan),
        "draft": lambda: store.save_draft(paard, 3, {"a": 1}, actor=jan, read=None),
        "link": lambda: store.add_member_token(token, actor=jan),
        "revoke": lambda: store.revoke_member_tokens(paard, "p01", now, actor=jan),
        "settings": lambda: store.save_club_settings(PAARD, ClubSettings(), actor=jan),
        "import": lambda: store.import_season(
            make_season(club=PAARD, season="2025-2026"), actor=jan
        ),
    }
    for what, write in writes.items():
        with Unchanged(store), raises_in_english(NotAuthorized, OTHER_CLUB):
            write()
        assert what  # (the name says which write failed, in pytest's report)


def test_a_director_may_not_move_his_competition_to_another_club(two_clubs):
    """Renaming the club of his own competition would hand it to the other club: refused."""
    store, toren, _ = two_clubs
    season = store.load(toren)
    moved = replace(season, club=PAARD, season="2030-2031")
    with Unchanged(store), raises_in_english(NotAuthorized, "not of Het Witte Paard"):
        store.save_season(toren, moved, actor=director("Jan"), action="edit", read=season)


def test_a_director_not_limited_and_the_administrator_write_every_club(two_clubs):
    store, toren, paard = two_clubs
    piet = director("Piet")
    store.save_player(toren, Player("a", "Een"), actor=piet)
    store.save_player(paard, Player("b", "Twee"), actor=piet)
    store.save_player(paard, Player("c", "Drie"), actor=ADMIN)
    assert {"b", "c"} <= set(store.load(paard).player_ids)
