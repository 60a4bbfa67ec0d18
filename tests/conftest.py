"""Shared fixtures."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def debug(monkeypatch) -> None:
    """Unexpected errors are raised, not hidden: the app's error boundary (``ui/guard.py``)
    re-raises with ``COMPCORE_DEBUG``, so a page that breaks sets ``at.exception`` (its own
    test removes the variable); the command line raises instead of exiting with 70."""
    monkeypatch.setenv("COMPCORE_DEBUG", "1")


@pytest.fixture(autouse=True)
def serves_nothing_after():
    """Each test's app servers end with it: their claims on the database files they served
    (``connection.claim_for_server``) are given up, as a server's end gives them up, and
    their login throttle is forgotten."""
    yield
    import sys

    from compcore.adapters.store import connection

    connection.release_claims()
    # and the server's login throttle with them (clients without an address, as in
    # AppTest, share one of its keys)
    login = sys.modules.get("ui.login")
    if login is not None:
        login._throttle.clear()


@pytest.fixture
def steady_app(monkeypatch):
    """AppTest runs as a server does once ``app.py`` has routed a first request.

    AppTest resets Streamlit's "legacy ``pages/`` folder" mode before every run, so every
    run would start as a fresh server's first request (a page nested in Streamlit's own
    navigation, where an in-script ``st.switch_page`` is lost). A real server leaves that
    mode for good the first time ``app.py`` calls ``st.navigation``; ``ui.state`` makes
    sure it does, and ``tests/browser/test_browser.py`` checks that first request on a real server.
    """
    from streamlit.runtime.pages_manager import PagesManager

    original = PagesManager.__init__

    def init(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        original(self, *args, **kwargs)
        PagesManager.uses_pages_directory = False

    monkeypatch.setattr(PagesManager, "__init__", init)


@pytest.fixture(scope="module")
def template_db(tmp_path_factory) -> tuple[Path, dict[str, int]]:
    """A small club database (a few seasons), built once per module."""
    from tests.app.test_app_support import build_template

    path = tmp_path_factory.mktemp("template") / "club.duckdb"
    return path, build_template(path)


@pytest.fixture
def club_db(template_db, tmp_path, monkeypatch) -> tuple[Path, dict[str, int]]:
    """A fresh copy of the template database, which the app is pointed at (with the test
    director's password hash configured)."""
    from tests.app.test_app_support import DIRECTOR_HASH, copy_db

    path, ids = template_db
    target = copy_db(path, tmp_path / "club.duckdb")
    monkeypatch.setenv("COMPCORE_DB", str(target))
    monkeypatch.setenv("COMPCORE_DIRECTOR_HASH", DIRECTOR_HASH)
    return target, ids


@pytest.fixture(scope="session")
def bbppairings():
    """The real bbpPairings v6 (``tests/bbp.py``), built once; skips with the reason where it
    cannot be had (no ``../shared``, no g++ or make)."""
    from tests.bbp import Bbp, locate

    exe, why = locate()
    if exe is None:
        pytest.skip(why)
    return Bbp(exe)


@pytest.fixture(scope="session")
def postgres_server():
    """A throw-away PostgreSQL server for this test process (``tests/postgres_server.py``);
    the test skips, saying why, where none can be had."""
    from tests import postgres_server as pg

    why = pg.reason()
    if why is not None:
        pytest.skip(why)
    server = pg.start()
    yield server
    from compcore.adapters.store import postgres

    postgres.forget_all()
    server.stop()


@pytest.fixture
def postgres_url(postgres_server) -> str:
    """The URL of a new empty PostgreSQL database, dropped after the test."""
    url = postgres_server.create_database()
    yield url
    from compcore.adapters.store import postgres

    postgres.forget_all()
    postgres_server.drop_database(url)
