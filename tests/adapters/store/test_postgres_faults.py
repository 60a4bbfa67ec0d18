"""The PostgreSQL store when its server goes away (issue 21 item 5): while the server is
down every write is refused in words and every read too; nothing is half-written; once it
is back, the same store (its idle connections now dead) reads and writes again."""

from __future__ import annotations

from compcore.adapters.store import Store
from compcore.domain.errors import StoreError
from compcore.domain.model import Player
from compcore.ports.actors import Administrator
from tests.adapters.store.test_store_support import make_season
from tests.builders import raises_in_english
from tests.contract.conftest import state

ADMIN = Administrator("test")


def test_a_stopped_server_refuses_writes_and_a_restarted_one_serves_again(
    postgres_server, postgres_url
):
    store = Store(postgres_url)
    cid = store.import_season(make_season(rounds=2), actor=ADMIN)
    store.load(cid)  # leaves idle connections behind, which the stop kills
    before = state(store)
    postgres_server.halt()
    try:
        with raises_in_english(StoreError, "cannot open the database|refused the change"):
            store.save_player(cid, Player("new", "Nieuw Lid"), actor=ADMIN)
        with raises_in_english(StoreError, "cannot open the database"):
            store.load(cid)
    finally:
        postgres_server._start()
    assert state(store) == before  # nothing half-written
    store.save_player(cid, Player("new", "Nieuw Lid"), actor=ADMIN)
    assert "new" in Store(postgres_url).load(cid).player_ids


def test_the_first_write_after_a_restart_is_stored_whole(postgres_server, postgres_url):
    """The server restarted while the store held idle connections (dead now): the next
    write, a batch of 30 players in one transaction, is made on a fresh connection and
    stored whole, and the one after it too."""
    store = Store(postgres_url)
    cid = store.import_season(make_season(rounds=1), actor=ADMIN)
    players = [Player(f"x{i}", f"Speler {i}") for i in range(30)]
    postgres_server.restart()
    store.save_players(cid, players, actor=ADMIN)
    assert {p.id for p in players} <= set(Store(postgres_url).load(cid).player_ids)
    store.save_player(cid, Player("after", "Daarna"), actor=ADMIN)
    assert "after" in store.load(cid).player_ids
