"""The session: language, the store, the chosen competition, the logged-in director, and
cached reads of compcore's results.

``app.py`` calls :func:`begin_run` once per script run; pages call :func:`ctx` to get the
:class:`Ctx` of that run. Reads are cached per database *revision* (the newest change-log
id), so a page reads the database once per run (the revision, one query over a connection
to the file the process keeps open; the list of competitions once per revision) and
recomputes standings only after something changed; :func:`memo` keeps a page's own
computations per revision. The writes (:func:`write`, :func:`write_now`, :func:`seen`, ...)
live in :mod:`ui.writes` and are found here too; a write in a button's callback
(:func:`write_now`) is shown by the one run that follows it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NoReturn, TypeVar

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from compcore.domain.errors import CompcoreError
from compcore.domain.model import Season
from compcore.i18n import DEFAULT as DEFAULT_LANG
from compcore.i18n import Lang, t
from compcore.services import logins, opening, reading
from compcore.services.competitions import by_link_key, default_competition, link_key, of_club
from compcore.services.opening import Opened
from compcore.services.vocabulary import (
    Awards,
    CompetitionInfo,
    Director,
    Directors,
    Repository,
    Ruleset,
    Standings,
)
from ui import boot, clock, config, remember
from ui.boot import LANG_KEY as LANG_KEY  # the session's language: read before the imports
from ui.boot import lang as lang
from ui.markdown import md
from ui.query import LINK_PARAMS as LINK_PARAMS
from ui.query import PARAM_COMPETITION as PARAM_COMPETITION
from ui.query import PARAM_CYCLE as PARAM_CYCLE
from ui.query import PARAM_FROM as PARAM_FROM
from ui.query import PARAM_LANG as PARAM_LANG
from ui.query import PARAM_PLAYER as PARAM_PLAYER
from ui.query import PARAM_PLAYERS as PARAM_PLAYERS
from ui.query import PARAM_ROUND as PARAM_ROUND
from ui.query import PARAM_TO as PARAM_TO
from ui.query import incoming_links, linked_language
from ui.query import linked_select as linked_select
from ui.query import linked_slider as linked_slider
from ui.query import unknown_link as unknown_link
from ui.query import write_link as write_link
from ui.writes import FLASH_KEY as FLASH_KEY
from ui.writes import GENERATION_PREFIX as GENERATION_PREFIX
from ui.writes import REFUSED_PREFIX as REFUSED_PREFIX
from ui.writes import SEEN_PREFIX as SEEN_PREFIX
from ui.writes import flash as flash
from ui.writes import forget as forget
from ui.writes import refused as refused
from ui.writes import renew as renew
from ui.writes import seen as seen
from ui.writes import show_flash as show_flash
from ui.writes import show_refused as show_refused
from ui.writes import widget_key as widget_key
from ui.writes import write as write
from ui.writes import write_now as write_now

COMPETITION_KEY = "competition"
DIRECTOR_KEY = "director"
CTX_KEY = "_ctx"
#: a competition to choose at the start of the next run (one just created): the picker's
#: own key cannot change once the sidebar has drawn it
CHOOSE_KEY = "_choose_competition"

T = TypeVar("T")


# --------------------------------------------------------------------------- language


def tr(key: str, **fields: object) -> str:
    """The app's text for ``key`` in the session's language."""
    return t(key, lang(), **fields)


# --------------------------------------------------------------------------- the store


@st.cache_resource(show_spinner=False)
def _open(address: str, directors: Directors) -> Opened:
    """The store at ``address``, once per process; on a first start (no file yet) with the
    demo seasons to import in the background (:func:`wait_for_demo_seasons` starts it),
    their dates following today's."""
    return opening.open_store(address, directors, config.demo_files(), clock.today())


# --------------------------------------------------------------------------- cached reads


@st.cache_resource(show_spinner=False, max_entries=64)
def _season(path: str, directors: Directors, cid: int, revision: int) -> Season:
    return opening.season(_open(path, directors), cid)


@st.cache_resource(show_spinner=False, max_entries=64)
def _ruleset(path: str, directors: Directors, cid: int, revision: int) -> Ruleset:
    return opening.ruleset(_season(path, directors, cid, revision))


@st.cache_resource(show_spinner=False, max_entries=256)
def _standings(
    path: str,
    directors: Directors,
    cid: int,
    revision: int,
    after_round: int | None,
    cycle: int | None,
) -> Standings:
    season = _season(path, directors, cid, revision)
    ruleset = _ruleset(path, directors, cid, revision)
    return reading.standings(season, ruleset, after_round=after_round, cycle=cycle)


@st.cache_resource(show_spinner=False, max_entries=64)
def _awards(path: str, directors: Directors, cid: int, revision: int) -> Awards:
    season = _season(path, directors, cid, revision)
    return reading.awards(season, _ruleset(path, directors, cid, revision))


class Memo:
    """A small read cache shared by every session of the process: key -> value, the newest
    ``entries`` kept. The app keys it on the database path and the stored *revision*
    (:func:`memo`), never on a guess of this session, so two sessions see each other's
    writes; a value must not be changed by whoever gets it."""

    def __init__(self, entries: int) -> None:
        self.entries = entries
        self._items: OrderedDict[tuple[object, ...], object] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[object, ...], compute: Callable[[], T]) -> T:
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]  # type: ignore[return-value]
        value = compute()  # outside the lock: another session may compute the same
        with self._lock:
            self._items[key] = value
            while len(self._items) > self.entries:
                self._items.popitem(last=False)
        return value

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


#: what the pages compute from one stored state (a change's preview and its rule check)
_memo = Memo(64)


def memo(run: Ctx, key: tuple[object, ...], compute: Callable[[], T]) -> T:
    """``compute()`` once per stored revision of the database and ``key`` (which must name
    everything else it depends on: the competition, the round, the choices made)."""
    return _memo.get((str(run.address), run.revision, *key), compute)


# --------------------------------------------------------------------------- the run


@dataclass
class Ctx:
    """What one script run knows: language, store, competitions, choice, director."""

    lang: Lang
    #: the database (a DuckDB file's path or a PostgreSQL URL: ``config.db_address``)
    address: config.Address
    opened: Opened
    directors: Directors
    hash_problem: CompcoreError | None
    revision: int
    competitions: list[CompetitionInfo]
    #: the director logged in in this session (whichever competition is chosen)
    login: Director | None = None
    cid: int | None = None
    #: the link's parameters this run has still to apply (see :func:`linked_select`)
    incoming: dict[str, str] = field(default_factory=dict)
    #: short notices about the link (an unknown competition), shown above the page
    notices: list[str] = field(default_factory=list)
    _memo: dict[str, Any] = field(default_factory=dict)

    @property
    def store(self) -> Repository:
        """The store, for the pages to pass to the services (never to call themselves)."""
        return self.opened.store

    @property
    def login_enabled(self) -> bool:
        return bool(self.directors)

    @property
    def director(self) -> Director | None:
        """The logged-in director when he may write the chosen competition's club (issue
        21 item 3); None otherwise, so the pages are read-only for him there."""
        info = self.info
        return self.login if info is None or self.may_write(info.club) else None

    def may_write(self, club: str) -> bool:
        """Whether the logged-in director may write ``club``'s competitions."""
        return logins.may_write(self.directors, self.login, club)

    @property
    def info(self) -> CompetitionInfo | None:
        return next((c for c in self.competitions if c.id == self.cid), None)

    def tr(self, key: str, **fields: object) -> str:
        return t(key, self.lang, **fields)

    def _key(self) -> tuple[str, Directors, int, int]:
        assert self.cid is not None, "no competition chosen"
        return (str(self.address), self.directors, self.cid, self.revision)

    def season(self) -> Season:
        return _season(*self._key())

    def ruleset(self) -> Ruleset:
        return _ruleset(*self._key())

    def standings(self, after_round: int | None = None, cycle: int | None = None) -> Standings:
        return _standings(*self._key(), after_round, cycle)

    def awards(self) -> Awards:
        return _awards(*self._key())

    def season_of(self, cid: int) -> Season:
        return _season(str(self.address), self.directors, cid, self.revision)

    def ruleset_of(self, cid: int) -> Ruleset:
        return _ruleset(str(self.address), self.directors, cid, self.revision)

    def standings_of(self, cid: int) -> Standings:
        return _standings(str(self.address), self.directors, cid, self.revision, None, None)

    def names(self) -> dict[str, str]:
        """Player id -> name of the chosen competition."""
        if "names" not in self._memo:
            self._memo["names"] = self.season().names()
        names: dict[str, str] = self._memo["names"]
        return names

    def name(self, pid: str | None) -> str:
        if pid is None:
            return ""
        return self.names().get(pid, pid)


def begin_run() -> Ctx:
    """Open the store and read the competitions and the revision: once per script run."""
    address = config.db_address()
    setting = config.directors()
    if config.missing_file(address) and not config.may_create(address):
        _refuse(t("app.error.no_database", lang(), path=str(address)))
    try:
        opened = _open(str(address), setting.value)
        competitions, revision = opening.competitions(opened)
    except CompcoreError as exc:
        where = md(opening.where(address))
        _refuse(t("app.error.database", lang(), path=where, error=md(exc.describe(lang()))))
    director = _director(address, setting.value)
    incoming = incoming_links()
    language_notice = linked_language(incoming)
    run = Ctx(
        lang=lang(),
        address=address,
        opened=opened,
        directors=setting.value,
        hash_problem=setting.problem,
        revision=revision,
        competitions=of_club(competitions, config.club()),
        login=director,
    )
    run.incoming = incoming
    if language_notice is not None:
        run.notices.append(unknown_link(run, PARAM_LANG, language_notice))
    write_link(PARAM_LANG, "" if run.lang == DEFAULT_LANG else run.lang)
    run.cid = _chosen_competition(run)
    st.session_state[CTX_KEY] = run
    return run


def _refuse(message: str) -> NoReturn:
    """No store to serve: the message alone. A hidden one-page menu is routed so Streamlit
    does not list the ``pages/`` files by their (English) file names beside it."""
    st.error(message)
    st.navigation([st.Page(_no_page, title="compcore")], position="hidden")
    st.stop()


def _no_page() -> None:
    """The page of :func:`_refuse`'s menu: nothing beyond the message."""


def _chosen_competition(run: Ctx) -> int | None:
    """The competition the link names (once), else the one chosen in this session, else
    the default; written back to the link."""
    key = run.incoming.pop(PARAM_COMPETITION, None)
    if key is not None:
        named = by_link_key(run.competitions, key)
        if named is None:
            run.notices.append(unknown_link(run, PARAM_COMPETITION, key))
        else:
            st.session_state[COMPETITION_KEY] = named.id
    chosen = st.session_state.get(COMPETITION_KEY)
    ids = [c.id for c in run.competitions]
    created = st.session_state.pop(CHOOSE_KEY, None)
    if created in ids:
        chosen = st.session_state[COMPETITION_KEY] = created
    if chosen not in ids:
        chosen = default_competition(run.competitions)
        if chosen is None:
            st.session_state.pop(COMPETITION_KEY, None)
        else:
            st.session_state[COMPETITION_KEY] = chosen
    info = next((c for c in run.competitions if c.id == chosen), None)
    write_link(PARAM_COMPETITION, link_key(info) if info is not None else "")
    return chosen


# --------------------------------------------------------------------------- links


def show_notices(run: Ctx) -> None:
    """The run's notices about the link, above the page."""
    for notice in run.notices:
        st.info(notice)


def _director(address: config.Address, directors: Directors) -> Director | None:
    """The director logged in in this browser session: kept in the session, or logged in
    again by the browser's login cookie (``ui.remember``) on the session's first run. A
    login whose session was ended (logged out elsewhere) or whose director was removed or
    given a new hash no longer counts."""
    director: Director | None = st.session_state.get(DIRECTOR_KEY)
    if director is None:
        director = remember.resumed(address, directors)
        if director is not None:
            st.session_state[DIRECTOR_KEY] = director
        return director
    if not logins.is_valid_director(director, directors) or not remember.still_live(
        address, directors
    ):
        del st.session_state[DIRECTOR_KEY]
        return None
    return director


def wait_for_demo_seasons(run: Ctx, note: DeltaGenerator | None = None) -> None:
    """On a first start: the page so far (navigation, sidebar) and a note are on screen
    while the demo seasons go in; then the run starts again with them (issue 9, item 9).
    ``note``: the note already drawn (``ui.boot.first_start_note``, before the heavy
    imports), taken away here whether or not the seasons were still going in."""
    if run.opened.seeding is None or not run.opened.importing:
        if note is not None:
            note.empty()
        return
    if note is None:
        note = boot.seeding_note()
    run.opened.seeding.start()
    run.opened.seeding.wait()
    note.empty()
    st.rerun()


def ctx() -> Ctx:
    """The context of this run (made by ``app.py``). Every page starts with this."""
    _leave_legacy_pages_mode()
    run = st.session_state.get(CTX_KEY)
    if run is None:  # a page run on its own (never in the app): make one
        run = begin_run()
    return run


def _leave_legacy_pages_mode() -> None:
    """Route a page that Streamlit ran by itself through ``app.py``.

    With a ``pages/`` folder next to ``app.py``, a fresh Streamlit server starts in its
    legacy multipage mode and runs a page file directly when its URL is the first one
    visited, skipping ``app.py`` (so no sidebar, language or login). Streamlit leaves that
    mode the first time ``app.py`` calls ``st.navigation``. A page that finds the server
    still in it switches it off and reruns; the rerun runs ``app.py``, whose
    ``st.navigation`` routes to this same page (page identity is the URL path).
    Streamlit keeps the mode in a class attribute (``PagesManager.uses_pages_directory``);
    ``tests/browser/test_browser.py`` checks the deep link on a fresh server.
    """
    from streamlit.runtime.pages_manager import PagesManager

    if PagesManager.uses_pages_directory:
        PagesManager.uses_pages_directory = False
        st.rerun()


def require_competition(run: Ctx) -> None:
    """Stop the page with a message when the database holds no competition; otherwise say
    which competition the page shows (on a phone the picker is in the folded sidebar)."""
    if run.cid is None:
        st.info(run.tr("app.no_competitions"))
        st.stop()
    info = run.info
    if info is not None:
        st.caption(f"{md(info.competition)} · {md(info.season)} · {md(info.club)}")
