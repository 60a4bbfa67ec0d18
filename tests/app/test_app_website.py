"""The website ZIP on Instellingen (issue 11, item 1): offered to a director and to an
anonymous member, made on the click (a callable), holding every competition's pages."""

from __future__ import annotations

import io
import zipfile

from compcore.adapters.store import Store
from compcore.services.settings import site_zip
from tests.app.test_app_director import as_director, ok
from tests.app.test_app_support import app


def labels(at) -> list[str]:
    return [d.proto.label for d in at.download_button]


def test_director_sees_the_website_download(club_db, steady_app):
    _, ids = club_db
    at = as_director(next(iter(ids.values())), "settings")
    assert "Website van alle competities (ZIP)" in labels(at)


def test_anonymous_member_sees_it_too(club_db, steady_app):
    _, ids = club_db
    at = app()
    at.session_state["competition"] = next(iter(ids.values()))
    at.run()
    at.switch_page("pages/settings.py").run()
    ok(at)
    assert "Website van alle competities (ZIP)" in labels(at)


def test_the_zip_holds_every_competition(club_db):
    """One folder c<id> with an index per competition in the database, and the front page
    linking each of them."""
    path, ids = club_db
    store = Store(path)
    with zipfile.ZipFile(io.BytesIO(site_zip(store, "nl"))) as archive:
        names = set(archive.namelist())
        front = archive.read("index.html").decode("utf-8")
    for info in store.competitions():
        assert f"c{info.id}/index.html" in names
        assert f'href="c{info.id}/index.html"' in front
    assert len(store.competitions()) == len(ids)
