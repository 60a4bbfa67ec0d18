"""The app's side of a login: who is asking (session and address), the one throttle of the
server process (of every server, kept in the database, on PostgreSQL), and the login gate over the run's database (``compcore.adapters.access.login``).

The client address is ``st.context.ip_address``: the address of the WebSocket peer, or, when
the app runs behind a reverse proxy on the same machine, the client that proxy names in
``X-Forwarded-For`` (Streamlit's server, uvicorn, trusts that header only from 127.0.0.1 and
::1 unless ``FORWARDED_ALLOW_IPS`` says otherwise; a header sent by the client itself is
ignored). Streamlit gives None for a connection from the machine itself, and there is none in
AppTest: then the browser session and the one key of all unknown addresses are throttled.
"""

from __future__ import annotations

import secrets

import streamlit as st

from compcore.domain.errors import CompcoreError
from compcore.services import logins
from compcore.services.vocabulary import Client, LoginGate, LoginThrottle, ThrottleSettings
from ui import config
from ui.state import Ctx

SESSION_KEY = "_login_session"


@st.cache_resource(show_spinner=False)
def _throttle(settings: ThrottleSettings, address: str) -> LoginThrottle:
    """One throttle per server process (per settings and database), shared by every
    session; on PostgreSQL it lives in the database, shared by every server."""
    return logins.throttle(settings, address)


def _address() -> str | None:
    try:
        value = st.context.ip_address
    except Exception:  # no client context (a bare script run): unknown
        return None
    return value if isinstance(value, str) and value else None  # AppTest gives a mock


def client() -> Client:
    """This browser session (a random id kept in its session state) and its address."""
    if SESSION_KEY not in st.session_state:
        st.session_state[SESSION_KEY] = secrets.token_hex(8)
    return Client(st.session_state[SESSION_KEY], _address())


def gate(run: Ctx) -> tuple[LoginGate, CompcoreError | None]:
    """The login gate of this run, and a problem with the throttle's settings (if any)."""
    setting = config.login_throttle()
    throttle = _throttle(setting.value, str(run.address))
    return logins.gate(run.directors, throttle, run.address), setting.problem
