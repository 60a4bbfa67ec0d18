"""Archiving a competition and the season calendar in the store (issue 9, item 2), on every
store of the contract (``conftest.py``): archive and bring back (logged, refused without a
director, an unknown id refused), kept through a whole-season write and a replace; the
calendar kept without loss; a database of schema 2 migrated."""

from __future__ import annotations

from dataclasses import replace

import duckdb
import pytest

from compcore.adapters.files import season_file
from compcore.adapters.store import Store, schema
from compcore.domain.errors import NotAuthorized, StoreError
from compcore.domain.model import Calendar
from compcore.ports.actors import Administrator
from compcore.services import changelog
from tests.adapters.store.test_store_support import full_season, make_season, older_database

ADMIN = Administrator("tests")
CALENDAR = Calendar("tuesday", ("2025-09-16",), ("2025-09-02", "2025-09-09", "2025-09-23"))


@pytest.fixture
def repo(store):
    return store


def archived(repo, cid: int) -> bool:
    return next(c for c in repo.competitions() if c.id == cid).archived


def test_archive_and_bring_back_are_logged(repo):
    cid = repo.import_season(make_season("ladder-ab", rounds=1), actor=ADMIN)
    other = repo.import_season(make_season("ladder-ab", rounds=1, competition="b"), actor=ADMIN)
    assert not archived(repo, cid)
    repo.set_archived(cid, True, actor=ADMIN, reason="seizoen voorbij")
    assert archived(repo, cid) and not archived(repo, other)
    entry = repo.log(cid, 1)[0]
    assert (entry.action, entry.reason, entry.before, entry.after) == (
        "archive-competition", "seizoen voorbij", {"archived": False}, {"archived": True})  # fmt: skip
    assert repo.load(cid).competition == "intern"  # still readable
    repo.set_archived(cid, False, actor=ADMIN)
    assert not archived(repo, cid)
    entry = repo.log(cid, 1)[0]
    assert (entry.action, entry.before, entry.after) == (
        "unarchive-competition", {"archived": True}, {"archived": False})  # fmt: skip


def test_the_archive_log_entry_reads_in_words(repo):
    """The Settings page's log line: "competitie gearchiveerd", "gearchiveerd: nee → ja"."""
    cid = repo.import_season(make_season("ladder-ab", rounds=1), actor=ADMIN)
    repo.set_archived(cid, True, actor=ADMIN)
    entry = repo.log(cid, 1)[0]
    assert changelog.action_words(entry.action, "nl") == "competitie gearchiveerd"
    assert changelog.describe(entry.before, entry.after, "nl") == "gearchiveerd: nee → ja"
    assert changelog.describe(entry.before, entry.after, "en") == "archived: no → yes"


def test_archiving_is_kept_through_writes_of_the_season(repo):
    """A whole-season save and a replacing import keep the competition archived."""
    season = make_season("ladder-ab", rounds=1)
    cid = repo.import_season(season, actor=ADMIN)
    repo.set_archived(cid, True, actor=ADMIN)
    repo.save_season(cid, replace(season, calendar=CALENDAR), actor=ADMIN, action="test")
    assert archived(repo, cid)
    repo.import_season(season, actor=ADMIN, replace=True)
    assert archived(repo, cid)


def test_archiving_needs_a_director_and_a_known_competition(repo):
    cid = repo.import_season(make_season("ladder-ab", rounds=1), actor=ADMIN)
    revision = repo.revision()
    with pytest.raises(NotAuthorized):
        repo.set_archived(cid, True, actor=object())
    with pytest.raises(StoreError) as caught:
        repo.set_archived(cid + 99, True, actor=ADMIN)
    assert str(cid + 99) in caught.value.describe("nl")
    assert not archived(repo, cid) and repo.revision() == revision


def test_a_deleted_archived_competition_is_gone(repo):
    cid = repo.import_season(make_season("ladder-ab", rounds=1), actor=ADMIN)
    repo.set_archived(cid, True, actor=ADMIN)
    repo.delete_competition(cid, actor=ADMIN)
    assert repo.competitions() == []
    assert repo.log(cid, 1)[0].action == "delete-competition"


def test_the_calendar_is_stored_without_loss(repo):
    """With a calendar, an empty one, and none: each comes back as it went in, and the
    export -> import -> export file is the same text."""
    with_one = replace(make_season("ladder-ab", rounds=1), calendar=CALENDAR)
    empty = replace(make_season("ladder-ab", rounds=1, competition="leeg"),
                    calendar=Calendar("friday"))  # fmt: skip
    none = make_season("ladder-ab", rounds=1, competition="geen")
    for season in (with_one, empty, none, replace(full_season(), competition="vol")):
        out = repo.load(repo.import_season(season, actor=ADMIN))
        assert out == season and out.calendar == season.calendar
        text = season_file.dumps(out)
        again = season_file.loads(text)
        cid = repo.import_season(again, actor=ADMIN, replace=True)
        assert season_file.dumps(repo.load(cid)) == text


def test_a_schema_2_database_gets_the_calendar_and_archive_columns(tmp_path):
    """Made before migration 4 (no calendar, no archived column): opening it adds both; its
    competitions are not archived and have no calendar."""
    path = tmp_path / "oud.duckdb"
    season = make_season("ladder-ab", rounds=1)
    full = tmp_path / "nieuw.duckdb"
    cid = Store(full).import_season(season, actor=ADMIN)
    older_database(full, path, 2)
    store = Store(path)
    assert store.load(cid) == season
    assert not archived(store, cid)
    store.set_archived(cid, True, actor=ADMIN)
    assert archived(store, cid)
    with duckdb.connect(str(path)) as con:
        versions = [v for (v,) in con.execute("SELECT version FROM schema_version").fetchall()]
    assert 4 in versions and max(versions) == schema.latest()
