"""A second app server on the database another one serves opens with one sentence saying
so, in Dutch, and nothing else (issue 21 item 4); once the first has stopped, it serves."""

from __future__ import annotations

import pytest

from tests.adapters.store.test_second_server import hold
from tests.app.test_app_support import app

pytestmark = pytest.mark.usefixtures("steady_app")


def test_the_second_server_says_who_serves_the_database_and_then_serves(club_db):
    path, _ = club_db
    first = hold(path)
    try:
        at = app().run()
        assert not at.exception
        [error] = [e.value for e in at.error]
        assert error.startswith(f"De database {path} kan niet worden geopend: ")
        assert f"een andere compcore-app gebruikt deze database al (proces {first.pid}," in error
        assert "Stop die eerst" in error
        assert not at.dataframe and not at.sidebar.button  # nothing served beside it
    finally:
        first.kill()
        first.wait()
    at = app().run()
    assert not at.exception and not at.error
