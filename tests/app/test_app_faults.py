"""The app's side of issue 8's smaller faults: a mistyped database path, a read-only
database, a full disk, where a fresh visitor lands, and the change log in words."""

from __future__ import annotations

from dataclasses import replace

import pytest

from compcore.adapters.store import Store
from compcore.services import round as rs
from tests.adapters.store.test_store_support import full_disk, read_only_file
from tests.app.test_app_director import as_director, submit
from tests.app.test_app_support import (
    ADMIN,
    DIRECTOR_HASH,
    app,
    entry_control,
    small_seasons,
    tap,
    texts,
)

pytestmark = pytest.mark.usefixtures("steady_app")


def test_a_mistyped_database_path_is_refused_and_nothing_is_created(tmp_path, monkeypatch):
    """Before the fix a typo in COMPCORE_DB quietly made a new database with the demo
    seasons. Now one sentence names the path; no file and no folder appear."""
    typo = tmp_path / "clbu" / "club.duckdb"
    monkeypatch.setenv("COMPCORE_DB", str(typo))
    monkeypatch.delenv("COMPCORE_CREATE", raising=False)
    at = app().run()
    assert [e.value for e in at.error] == [
        f"De database {typo} bestaat niet; controleer COMPCORE_DB of db_path (een tikfout?), "
        "of zet COMPCORE_CREATE=1 om daar een nieuwe database aan te maken."
    ]
    assert not typo.parent.exists()
    at = app()
    at.session_state["lang"] = "en"
    assert f"The database {typo} does not exist" in at.run().error[0].value
    monkeypatch.setenv("COMPCORE_CREATE", "1")  # said on purpose: created
    assert not app().run().error
    assert typo.exists()


def test_a_read_only_database_serves_members(club_db, monkeypatch):
    """The file may only be read: every page for members still works, the sidebar says so."""
    _, ids = club_db
    read_only_file(monkeypatch)
    at = app()
    at.session_state["competition"] = ids["Ladder"]
    at.run()
    assert not at.exception and not at.error
    assert "Koplopers" in texts(at)
    assert any("alleen-lezen" in i.value for i in at.sidebar.info)
    at.switch_page("pages/standings.py").run()
    assert not at.exception and "stand na ronde 3" in texts(at)


def test_a_full_disk_is_one_sentence_and_changes_nothing(club_db, monkeypatch):
    """Saving a result when the commit fails with ENOSPC: the director reads that the disk
    is full (not DuckDB's "no transaction is active"); the database is as before."""
    path, ids = club_db
    store, cid = Store(path, director_hash=DIRECTOR_HASH), ids["AB"]
    publish_round_4(store, cid)
    before = store.load(cid)
    at = as_director(cid, "round")
    game = before.round(4).games[0]
    full_disk(monkeypatch)
    tap(entry_control(at, cid, 4, 1, game), "1-0")
    submit(at, "Uitslagen opslaan")
    (error,) = [e.value for e in at.error]
    assert error.startswith("Niet opgeslagen, er is niets veranderd:")
    assert "de schijf is vol" in error and "\n" not in error
    monkeypatch.undo()
    assert store.load(cid) == before


def test_a_fresh_visitor_lands_on_the_newest_competition(club_db):
    """The template's competitions are of 2025-2026 (Ladder id 1, AB id 2). Club "Aardse
    Schaakvrienden" adds its 2019-2020 season (id 3), which sorts first. A fresh visitor
    lands on 2025-2026's competition added last, AB; before the fix on the first listed,
    the old 2019-2020 one."""
    path, ids = club_db
    old = replace(small_seasons()[1], club="Aardse Schaakvrienden", season="2019-2020")
    oldest = Store(path).import_season(old, actor=ADMIN)
    at = app().run()
    assert at.session_state["competition"] == ids["AB"] != oldest
    assert at.sidebar.selectbox(key="competition").value == ids["AB"]


def test_the_settings_log_shows_what_changed(club_db):
    """After a result and a rating change, the Settings log says per entry what changed,
    before → after, with names."""
    path, ids = club_db
    store, cid = Store(path, director_hash=DIRECTOR_HASH), ids["AB"]
    publish_round_4(store, cid)
    season = store.load(cid)
    game = season.round(4).games[0]
    white, black = (season.player(p).name for p in game.players)
    at = as_director(cid, "round")
    tap(entry_control(at, cid, 4, 1, game), "1-0")
    submit(at, "Uitslagen opslaan")
    at.switch_page("pages/settings.py").run()
    log = at.dataframe[0].value
    assert list(log.columns) == ["Wanneer (UTC)", "Wie", "Actie", "Reden",
                                 "Wat veranderde (voor → na)"]  # fmt: skip
    assert log.iloc[0]["Wat veranderde (voor → na)"] == "ronde 4 · bord 1 · uitslag: – → 1-0"
    assert log.iloc[1]["Actie"] == "indeling gepubliceerd"  # publish-round, in words
    assert log.iloc[1]["Wat veranderde (voor → na)"].startswith(
        f"ronde 4 · indeling: – → {white} – {black}"
    )


def publish_round_4(store: Store, cid: int) -> None:
    """Round 4 of the competition with everyone present, published by the service."""
    season = store.load(cid)
    options = rs.attendance_kinds(store.ruleset(cid))
    choices = {p.id: rs.default_choice(p, None, options) for p in rs.listed_players(season, 4)}
    rnd = rs.open_round(4, choices, [], date="2025-01-07", cycle=0, previous=None)
    draft = rs.take_attendance(store, cid, rnd, actor=ADMIN, read=None, pair_now=True).draft
    rs.publish(store, cid, draft, reason=None, actor=ADMIN)
