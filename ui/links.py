"""Links to a player's page (issue 10, item 1): tapping a name anywhere opens it.

The page's address holds the competition and the player (``?competitie=...&speler=...``,
the link parameters of :mod:`ui.state`), so the link works in a new tab and as a bookmark.
In a table the name is a ``LinkColumn`` whose cell holds that address with the name after
``#``; the column shows just the name (``display_text`` takes it out of the address).
Elsewhere the name is an ``st.page_link``, which opens the page in the same tab.
"""

from __future__ import annotations

from urllib.parse import quote, unquote, urlencode

import streamlit as st
from streamlit.elements.lib.column_types import ColumnConfig

from compcore.ports.values import CompetitionInfo
from compcore.services.competitions import link_key
from ui import state
from ui.state import Ctx

#: the player page's script and its address (``url_path`` of its ``st.Page`` in app.py)
#: the file is named after its address: a fresh server (Streamlit's legacy multipage mode,
#: ``ui.state._leave_legacy_pages_mode``) finds a first visit's page by its file name, and
#: showed its English "Page not found" over a shared ``/speler`` link until it was
PAGE = "pages/speler.py"
URL_PATH = "speler"  # Dutch, as the link parameters are
#: what a name cell shows: the text after ``#`` (decoded by the browser's table)
NAME_FROM_URL = r"#(.+)$"


def player_params(
    run: Ctx, pid: str, cycle: str | None = None, competition: CompetitionInfo | None = None
) -> dict[str, str]:
    """The link parameters that open ``pid``'s page in ``competition`` (default: the chosen
    one) and ``cycle``, as the club numbers it, where the standings show cycles."""
    info = competition if competition is not None else run.info
    params = {state.PARAM_COMPETITION: link_key(info)} if info is not None else {}
    if cycle is not None:
        params[state.PARAM_CYCLE] = cycle
    params[state.PARAM_PLAYER] = pid
    return params


def player_url(run: Ctx, pid: str, text: str, cycle: str | None = None) -> str:
    """The relative address of ``pid``'s page, carrying ``text`` (the name) to show."""
    return f"{URL_PATH}?{urlencode(player_params(run, pid, cycle))}#{quote(text)}"


def shown_name(url: str) -> str:
    """The name a :func:`player_url` carries (what its cell shows)."""
    return unquote(url.rpartition("#")[2])


def name_column(label: str, **options: object) -> ColumnConfig:
    """A table column of player links (:func:`player_url`) that shows the names."""
    return st.column_config.LinkColumn(label, display_text=NAME_FROM_URL, **options)  # type: ignore[arg-type]


def page_link(run: Ctx, pid: str, label: str, competition: CompetitionInfo | None = None) -> None:
    """``label`` as a link to ``pid``'s page (same tab), in ``competition`` (default: the
    chosen one)."""
    st.page_link(PAGE, label=label, query_params=player_params(run, pid, None, competition))
