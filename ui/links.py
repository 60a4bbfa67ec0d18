"""Links to a player's page (issue 10, item 1): tapping a name anywhere opens it.

The page's address holds the competition and the player (``?competitie=...&speler=...``,
the link parameters of :mod:`ui.state`), so the link works in a new tab and as a bookmark.
In a table the name is a ``LinkColumn`` whose cell holds that address with the name after
``#``; the column shows just the name (``display_text`` takes it out of the address).
Elsewhere the name is an ``st.page_link``, which opens the page in the same tab.

On a phone a link cell does not open with a tap: the first tap in the browser's table
selects the cell, a second does nothing (issue 22 item 5, chromium's touch emulation and
members' phones alike). There the table answers the selection instead
(:func:`tap_options`): the tap selects the name's cell, the script reruns and opens the
player's page (:func:`follow_tap`) in the same tab.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import parse_qsl, quote, unquote, urlencode, urlsplit

import pandas as pd
import streamlit as st
from streamlit.elements.lib.column_types import ColumnConfig

from compcore.ports.values import CompetitionInfo
from compcore.services.competitions import link_key
from ui import query, state
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


#: where a tap on a name leaves the page to open (the parameters of the player's page)
TAPPED = "cc_tapped_player"


def link_columns(config: Mapping[str, Any]) -> list[str]:
    """The columns of ``config`` that are link columns (:func:`name_column`)."""
    return [
        column
        for column, entry in config.items()
        if isinstance(entry, dict) and (entry.get("type_config") or {}).get("type") == "link"
    ]


def url_params(url: object) -> dict[str, str] | None:
    """The link parameters of a :func:`player_url` (None for any other value)."""
    if not isinstance(url, str) or not url.startswith(f"{URL_PATH}?"):
        return None
    return dict(parse_qsl(urlsplit(url).query))


def tap_options(frame: pd.DataFrame, config: Mapping[str, Any]) -> dict[str, Any]:
    """``st.dataframe`` options with which a tap on a player's link cell in ``frame`` opens
    the player's page (none where the table has no link column): the selection of one
    cell, answered by :func:`follow_tap`. The key names the table by its columns and
    links, the same on every rerun."""
    names = [c for c in link_columns(config) if c in frame.columns]
    if not names:
        return {}
    cells = tuple(tuple(frame[c].astype(str)) for c in names)
    key = f"cc_taps_{abs(hash((tuple(map(str, frame.columns)), cells)))}"

    def tapped() -> None:
        chosen = st.session_state.get(key)
        for row, column in getattr(getattr(chosen, "selection", None), "cells", None) or ():
            if column in names and 0 <= row < len(frame):
                params = url_params(frame[column].iloc[row])
                if params is not None:
                    st.session_state[TAPPED] = params

    action: Callable[[], None] = tapped
    return {"key": key, "on_select": action, "selection_mode": "single-cell"}


def follow_tap() -> None:
    """Open the player's page a tap chose (:func:`tap_options`), if any."""
    params = st.session_state.pop(TAPPED, None)
    if params is not None:
        query.as_incoming(params)  # as a link cell's address opens: the competition it names
        st.switch_page(PAGE, query_params=params)
