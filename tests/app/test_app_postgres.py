"""The app on a PostgreSQL database (issue 21): ``COMPCORE_DB=postgresql://...`` serves the
club as its DuckDB file does (the same page, word for word), names the database without its
password when it cannot be opened, and never offers to create one."""

from __future__ import annotations

import pytest

from compcore.adapters.store import copy_database
from tests.app.test_app_support import app, texts

pytestmark = pytest.mark.usefixtures("steady_app")


def test_the_app_serves_a_postgresql_database_as_it_serves_the_file(
    club_db, postgres_url, monkeypatch
):
    path, _ = club_db
    on_file = app().run()
    assert not on_file.exception
    copy_database(path, postgres_url)
    monkeypatch.setenv("COMPCORE_DB", postgres_url)
    on_server = app().run()
    assert not on_server.exception and not on_server.error
    assert texts(on_server) == texts(on_file)
    assert [f.value.to_dict() for f in on_server.dataframe] == [
        f.value.to_dict() for f in on_file.dataframe
    ]


def test_a_database_that_cannot_be_opened_is_named_without_its_password(
    postgres_server, monkeypatch
):
    url = postgres_server.url("no_such_database").replace("compcore@", "compcore:geheim@", 1)
    monkeypatch.setenv("COMPCORE_DB", url)
    at = app().run()
    assert not at.exception
    [error] = [e.value.replace("\\", "") for e in at.error]  # as markdown shows it
    assert error.startswith("De database postgresql://compcore@/no_such_database")
    assert "geheim" not in error
    assert not at.dataframe
