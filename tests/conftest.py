"""Shared fixtures."""

from __future__ import annotations

import pytest


@pytest.fixture
def steady_app(monkeypatch):
    """AppTest runs as a server does once ``app.py`` has routed a first request.

    AppTest resets Streamlit's "legacy ``pages/`` folder" mode before every run, so every
    run would start as a fresh server's first request (a page nested in Streamlit's own
    navigation, where an in-script ``st.switch_page`` is lost). A real server leaves that
    mode for good the first time ``app.py`` calls ``st.navigation``; ``ui.state`` makes
    sure it does, and ``tests/test_browser.py`` checks that first request on a real server.
    """
    from streamlit.runtime.pages_manager import PagesManager

    original = PagesManager.__init__

    def init(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        original(self, *args, **kwargs)
        PagesManager.uses_pages_directory = False

    monkeypatch.setattr(PagesManager, "__init__", init)
