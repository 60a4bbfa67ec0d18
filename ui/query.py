"""The view in the address bar (issue 9 item 7, issue 22 items 4 and 6): the competition,
cycle, round, player, chosen players, the two rounds an explanation compares and language
as query parameters. A link opened in a new session shows that view; a picker writes its
choice back to the address; an unknown value shows a short notice and the default, never
an error. Re-exported by :mod:`ui.state`, where
the pages find it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, TypeVar

import streamlit as st

from compcore.i18n import LANGUAGES
from ui.boot import LANG_KEY
from ui.markdown import md

#: the link's query parameters (as the clubs say them): the competition (a readable key,
#: ``compcore.services.competitions.link_key``), the cycle as the club numbers it (DS-17),
#: the round number, and the player id
PARAM_COMPETITION = "competitie"
PARAM_CYCLE = "cyclus"
PARAM_ROUND = "ronde"
PARAM_PLAYER = "speler"
#: the trends page's chosen players, comma-separated ids (issue 13, item 4: ui/trend_choice)
PARAM_PLAYERS = "spelers"
#: the player page's "Waarom veranderde mijn score?": from the standings after round ``van``
#: (0: the start) to those after round ``tot`` (issue 22 item 6)
PARAM_FROM = "van"
PARAM_TO = "tot"
#: the screen's language when it is not Dutch (issue 22 item 4: a link and a reload keep it)
PARAM_LANG = "taal"
LINK_PARAMS = (
    PARAM_COMPETITION, PARAM_CYCLE, PARAM_ROUND, PARAM_PLAYER, PARAM_PLAYERS, PARAM_FROM,
    PARAM_TO, PARAM_LANG,
)  # fmt: skip
#: parameter -> the value this browser session last wrote to the address bar
WRITTEN_KEY = "_link_written"
#: longest piece of a link repeated in a notice
MAX_SHOWN = 60

T = TypeVar("T")


class LinkRun(Protocol):
    """What the links need of a run's context (:class:`ui.state.Ctx` is one)."""

    incoming: dict[str, str]

    def tr(self, key: str, **fields: object) -> str: ...


def incoming_links() -> dict[str, str]:
    """The link's parameters that this browser session did not write itself: a link opened
    in a new session (a bookmark, the club's website), or an address typed over. The ones
    it wrote are taken out of the address: the picker that shows that choice on this page
    writes it again, so the address holds exactly what the page shows."""
    written: dict[str, str] = st.session_state.setdefault(WRITTEN_KEY, {})
    incoming = {}
    for param in LINK_PARAMS:
        value = st.query_params.get(param)
        if value is None:
            continue
        if written.get(param) == value:
            del st.query_params[param]
        else:
            incoming[param] = value
    return incoming


def as_incoming(params: Mapping[str, str]) -> None:
    """Let the next run take ``params`` as a link opened (:func:`incoming_links`), not as
    choices this session wrote: a tap on a name opens the player's page with the address
    a link cell holds (``ui.links.follow_tap``)."""
    written: dict[str, str] = st.session_state.setdefault(WRITTEN_KEY, {})
    for param in params:
        written.pop(param, None)


def write_link(param: str, value: str) -> None:
    """Put the choice ``value`` in the address bar as ``param`` (empty: take it out)."""
    written: dict[str, str] = st.session_state.setdefault(WRITTEN_KEY, {})
    if value:
        if st.query_params.get(param) != value:
            st.query_params[param] = value
        written[param] = value
    else:
        if param in st.query_params:
            del st.query_params[param]
        written.pop(param, None)


def unknown_link(run: LinkRun, param: str, value: str) -> str:
    """The notice for a link naming a ``param`` that is not there (the default is shown)."""
    shown = value if len(value) <= MAX_SHOWN else value[:MAX_SHOWN] + "…"
    return run.tr("app.link.unknown", what=run.tr(f"app.link.{param}"), value=md(shown))


def _chosen_by_link(
    run: LinkRun, options: Sequence[T], *, param: str, key: str, text: Callable[[T], str],
    default: T,
) -> None:  # fmt: skip
    """Put the widget ``key``'s choice in the session before it is drawn: the option the
    link names (``text`` of it equals the parameter, outer spaces aside), once; an unknown
    one gives a notice; a choice not among ``options`` becomes ``default``."""
    wanted = run.incoming.pop(param, None)
    if wanted is not None:
        match = next((o for o in options if text(o) == wanted.strip()), None)
        if match is None:
            st.info(unknown_link(run, param, wanted))
        else:
            st.session_state[key] = match
    if key not in st.session_state or st.session_state[key] not in options:
        st.session_state[key] = default


def linked_select(
    run: LinkRun,
    label: str,
    options: Sequence[T],
    *,
    param: str,
    key: str,
    text: Callable[[T], str],
    default: T,
    format_func: Callable[[T], str] = str,
) -> T:
    """A selectbox whose choice is part of the link: a link naming an option (``text`` of
    it equals the parameter) chooses it once, an unknown one shows a short notice and the
    choice stays as it was (else ``default``); the choice shown is written to the link."""
    _chosen_by_link(run, options, param=param, key=key, text=text, default=default)
    value: T = st.selectbox(label, options, format_func=format_func, key=key)
    write_link(param, text(value))
    return value


def linked_slider(
    run: LinkRun, label: str, options: Sequence[int], *, param: str, key: str, default: int
) -> int:
    """A select slider of numbers (one option: no slider) whose choice is part of the
    link, as :func:`linked_select`: a link naming an option chooses it once, an unknown
    one shows a short notice; the choice shown is written to the link."""
    _chosen_by_link(run, options, param=param, key=key, text=str, default=default)
    value: int = (
        st.select_slider(label, options=list(options), key=key)
        if len(options) > 1
        else st.session_state[key]
    )
    write_link(param, str(value))
    return value


def linked_language(incoming: dict[str, str]) -> str | None:
    """The language a link names becomes the session's (before anything is drawn); the
    value when it names none of ours (for a notice), else None."""
    wanted = incoming.pop(PARAM_LANG, None)
    if wanted is None:
        return None
    if wanted.strip().lower() not in LANGUAGES:
        return wanted
    st.session_state[LANG_KEY] = wanted.strip().lower()
    return None
