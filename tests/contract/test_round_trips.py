"""The repository contract (``conftest.py``): seasons in and out without loss, the same
on every store."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, assume, given, settings

from compcore.adapters.files import season_file
from compcore.domain.errors import StoreError
from compcore.ports.actors import Administrator
from tests.adapters.store.test_store_support import (
    bare_season,
    full_season,
    make_season,
    seasons,
)
from tests.builders import raises_in_english
from tests.contract.conftest import Unchanged, is_postgres

ADMIN = Administrator("test")


def text(season) -> str:
    return season_file.dumps(season)


@pytest.mark.parametrize(
    "make",
    [
        full_season,
        bare_season,
        make_season,
        lambda: make_season("princenpaard", open_round=False),
        lambda: make_season("ladder-ab", players=3, rounds=1),
    ],
)
def test_hand_made_seasons_round_trip(store, make):
    season = make()
    cid = store.import_season(season, actor=ADMIN)
    out = store.load(cid)
    assert season_file.to_data(out) == season_file.to_data(season)
    assert text(out) == text(season)  # also the order of players, boards, entries and keys
    assert out == season


def test_presence_is_kept(store):
    """Absent, empty and filled optional fields stay as they were."""
    season = full_season()
    out = store.load(store.import_season(season, actor=ADMIN))
    p = {pl.id: pl for pl in out.players}
    assert p["p01"].flags == ("engine-opt-in", "cup") and p["p02"].flags == ()
    assert p["p03"].flags is None
    r1, r2, r3, r4 = out.rounds
    assert r1.late == () and r2.late and r3.late is None
    assert r2.entries == {} and r3.entries is None and r1.entries
    assert r2.date == "20240910"  # written as the file wrote it
    assert r1.seed == 2**63 + 12345 and r4.seed == -3
    assert r4.is_open and r4.games is None and r4.forced[1].reason is None
    bare = store.load(store.import_season(bare_season(), actor=ADMIN))
    assert bare.ratings == () and bare.decisions == () and bare.rounds == ()
    plain = store.load(store.import_season(make_season(competition="x"), actor=ADMIN))
    assert plain.ratings is None and plain.decisions is None
    assert "overrides" not in season_file.to_data(plain)["ruleset"]


def test_unicode_and_odd_text_survive(store):
    season = make_season(club="Schaakvereniging 'De Pion' — Zoë & Ĳsbrand ♞",
                         competition='intern "A"; DROP TABLE players; --')  # fmt: skip
    players = (replace(season.players[0], name="Zoë Ĳ \U0001F600", level="  A\t "),
               *season.players[1:])  # fmt: skip
    season = replace(season, players=players)
    out = store.load(store.import_season(season, actor=ADMIN))
    assert text(out) == text(season)


def test_a_nul_in_text_is_kept_or_refused_in_words(store):
    """A NUL in a name is refused everywhere (``compcore.domain.player_names``); in a level
    DuckDB and the fake keep it as it is, and PostgreSQL, which keeps no NUL in text,
    refuses the season saying so, changing nothing."""
    season = make_season()
    players = (replace(season.players[0], level="  A\u0000 "), *season.players[1:])
    season = replace(season, players=players)
    if is_postgres(store):
        with Unchanged(store), raises_in_english(StoreError, "cannot keep a NUL character"):
            store.import_season(season, actor=ADMIN)
        return
    assert text(store.load(store.import_season(season, actor=ADMIN))) == text(season)


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(season=seasons())
def test_generated_seasons_round_trip(store, season):
    # PostgreSQL keeps no NUL in text: refused in words (the test above)
    assume(not is_postgres(store) or "\\u0000" not in text(season))
    cid = store.import_season(season, actor=ADMIN, replace=True)
    out = store.load(cid)
    assert season_file.to_data(out) == season_file.to_data(season)
    assert text(out) == text(season)
    # load -> import -> load: the same file text
    cid2 = store.import_season(season_file.loads(text(out)), actor=ADMIN, replace=True)
    assert cid2 == cid
    assert text(store.load(cid)) == text(out)
