"""A login that survives a reload: the browser keeps the token of a login session
(:mod:`compcore.adapters.store.sessions`) in a cookie, and a new browser session (a reload,
a new tab) that brings a live token is logged in again.

- On login :func:`start` starts a session and the next run writes the cookie
  ``compcore_login`` with a small script (:func:`write_cookie`): ``Path=/``,
  ``SameSite=Strict``, ``Max-Age`` the session's lifetime, ``Secure`` over https. A script
  cannot make it HttpOnly, so the token is worth only what the server still accepts.
- A new browser session reads the cookie once (``st.context.cookies``, the cookies of the
  page request) in :func:`resumed`.
- Every run of a logged-in session checks that its session is still live
  (:func:`still_live`): logging out elsewhere, or the director removed or given a new hash,
  logs it out.
- Logging out (:func:`end`) revokes the session and clears the cookie; a revoke that
  cannot be stored leaves the director logged in and says so.

No cookie, or one that is tampered, expired, revoked or unknown: simply not logged in.
"""

from __future__ import annotations

import streamlit as st

from compcore.services import logins
from compcore.services.vocabulary import Director, Directors
from ui import config
from ui.config import Address

COOKIE = "compcore_login"
#: the token of this browser session's login session (none when it is not remembered)
TOKEN_KEY = "_login_token"
#: the cookie was read once in this browser session
CHECKED_KEY = "_login_cookie_read"
#: the cookie to write in the next run: (token, seconds); ("", 0) clears it
PENDING_KEY = "_login_cookie_pending"


def browser_token() -> str | None:
    """The token the browser sent with the page request (None: no cookie; AppTest has none
    and tests replace this function)."""
    try:
        value = st.context.cookies.get(COOKIE)
    except Exception:  # no client context (a bare script run)
        return None
    return value if isinstance(value, str) and value else None


def resumed(address: Address, directors: Directors) -> Director | None:
    """The director a live token of the browser logs in again; read once per browser
    session (later runs keep the director in the session, or know there is none)."""
    if st.session_state.get(CHECKED_KEY):
        return None
    st.session_state[CHECKED_KEY] = True
    token = browser_token()
    if token is None or not directors:
        return None
    director = logins.resumed_director(address, token, directors)
    if director is not None:
        st.session_state[TOKEN_KEY] = token
    return director


def still_live(address: Address, directors: Directors) -> bool:
    """Whether this browser session's login session still counts (a login that was not
    remembered has none, and counts as long as the browser session lives)."""
    token = st.session_state.get(TOKEN_KEY)
    if token is None:
        return True
    if logins.token_is_live(address, token, directors):
        return True
    st.session_state.pop(TOKEN_KEY, None)
    return False


def start(address: Address, director: Director, directors: Directors) -> None:
    """Remember ``director``'s login for the configured lifetime (zero: not at all)."""
    lifetime = config.session_lifetime().value
    token = logins.remember(address, director, directors, lifetime)
    if token is None:
        return
    st.session_state[TOKEN_KEY] = token
    st.session_state[PENDING_KEY] = (token, int(lifetime.total_seconds()))


def end(address: Address) -> bool:
    """Log out: revoke this browser session's login session and clear the cookie; whether
    that was done. When the revoke could not be stored (the database is held or cannot be
    written) nothing changes: the session and its cookie stay, and the caller says so."""
    token = st.session_state.get(TOKEN_KEY)
    if token is not None and not logins.forget(address, token):
        return False
    st.session_state.pop(TOKEN_KEY, None)
    st.session_state[PENDING_KEY] = ("", 0)
    return True


def cookie_script(token: str, seconds: int) -> str:
    """The script that sets (or, with no token, clears) the login cookie."""
    if token and not logins.is_token(token):  # only ever a token of ours goes into a script
        raise ValueError("not a login token")
    attributes = f"Path=/; Max-Age={max(seconds, 0) if token else 0}; SameSite=Strict"
    return (
        "<script>(function () {"
        "var secure = window.location.protocol === 'https:' ? '; Secure' : '';"
        f"document.cookie = '{COOKIE}={token}; {attributes}' + secure;"
        "})();</script>"
    )


def write_cookie() -> None:
    """Write the cookie a login or logout of the previous run asked for (once)."""
    pending = st.session_state.pop(PENDING_KEY, None)
    if pending is not None:
        st.sidebar.html(cookie_script(*pending), unsafe_allow_javascript=True)
