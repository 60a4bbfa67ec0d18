"""The app's error boundary (issue 9): no page ever shows a traceback.

:func:`guarded` runs one part of a run (the sidebar, the page). An exception nobody
expected shows one short sentence in the session's language (``app.error.unexpected``: no
path, no class name) and goes with its whole traceback to the server log (the
``compcore.app`` logger). Streamlit's own control flow (``st.rerun``, ``st.stop``,
``st.switch_page``) raises ``BaseException``s that are not errors and pass through. With
``COMPCORE_DEBUG`` set the error is raised as it is (Streamlit shows it), as the command
line does; the tests set it, so that a page that breaks fails its test.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable

import streamlit as st

from compcore.i18n import Lang, t

log = logging.getLogger("compcore.app")


def guarded(part: Callable[[], object], lang: Lang, where: str) -> bool:
    """Run ``part``; on an unexpected exception log it (``where`` names the part) and show
    one sentence instead. True when it ran without one."""
    try:
        part()
    except Exception:
        log.exception("unexpected error in %s", where)
        if os.environ.get("COMPCORE_DEBUG"):
            raise
        st.error(t("app.error.unexpected", lang))
        return False
    return True
