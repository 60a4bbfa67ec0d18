"""What kind of screen asks for the page: a phone gets the compact views first (issue 9,
item 8). The browser's User-Agent is the only hint the server has; "Mobi" is in the
User-Agent of the phones' browsers (Safari on iPhone, Chrome and Firefox on Android), not
in a tablet's or a laptop's."""

from __future__ import annotations

import streamlit as st


def is_phone(user_agent: str | None) -> bool:
    """Whether ``user_agent`` is a phone's browser."""
    return "Mobi" in (user_agent or "")


def on_phone() -> bool:
    """Whether this session's browser is a phone's (False when unknown, as in tests)."""
    try:
        return is_phone(st.context.headers.get("User-Agent"))
    except Exception:
        return False
