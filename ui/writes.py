"""The director's writes as the pages make them (re-exported by :mod:`ui.state`, where the
pages find them): one store write as the logged-in director with its message and rerun
(:func:`write`), or in a widget's callback (:func:`write_now`); a refusal in one sentence
(:func:`refused`); the flash message of the next run; and the forms' memory of what they
showed (:func:`seen`, :func:`widget_key`, :func:`renew`, :func:`forget`), so that a save
sends only what the director changed and is refused if someone else changed it meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol, TypeVar

import streamlit as st

from compcore.domain.errors import CompcoreError, LocalizedError, StaleWriteError
from compcore.i18n import Lang
from compcore.services.vocabulary import Director
from ui.markdown import md


class Ctx(Protocol):
    """What a write needs of the run's context (:class:`ui.state.Ctx` is one): its language,
    its words and the logged-in director, if any."""

    @property
    def lang(self) -> Lang: ...

    @property
    def director(self) -> Director | None: ...

    def tr(self, key: str, **fields: object) -> str: ...


FLASH_KEY = "_flash"
SEEN_PREFIX = "_seen_"
GENERATION_PREFIX = "_generation_"

T = TypeVar("T")


# --------------------------------------------------------------------------- writes


def flash(kind: str, text: str) -> None:
    """A message shown at the top of the next run (after a write and its rerun); Markdown,
    so names in it go through :func:`ui.markdown.md`."""
    st.session_state[FLASH_KEY] = (kind, text)


def show_flash() -> None:
    item = st.session_state.pop(FLASH_KEY, None)
    if item:
        kind, text = item
        (st.success if kind == "success" else st.warning)(text)


def seen(key: str, value: T) -> T:
    """What the widget (or flag) ``key`` showed when it was made: the ``value`` the director
    read. It is kept while the key lives in the session, so the run that handles a submit
    still knows what the director saw, not what the database holds by then; a widget made
    afresh (see :func:`renew`) starts from the current ``value``."""
    marker = SEEN_PREFIX + key
    if key not in st.session_state or marker not in st.session_state:
        st.session_state[marker] = value
    kept: T = st.session_state[marker]
    return kept


def widget_key(form: str, key: str) -> str:
    """The key of a widget of ``form``, in the form's current generation: a widget keeps
    the director's value as long as its key lives, so after a save the form's widgets get
    new keys (:func:`renew`) and show the stored state again, in the browser too."""
    generation = st.session_state.get(GENERATION_PREFIX + form, 0)
    return key if generation == 0 else f"{key}~{generation}"


def renew(form: str) -> None:
    """Give ``form``'s widgets new keys from the next run on (they start from the stored
    state, and so does what they read)."""
    st.session_state[GENERATION_PREFIX + form] = (
        st.session_state.get(GENERATION_PREFIX + form, 0) + 1
    )


def forget(keys: Iterable[str]) -> None:
    """Drop session flags (not widgets) and what they read."""
    for key in keys:
        st.session_state.pop(key, None)
        st.session_state.pop(SEEN_PREFIX + key, None)


def refused(run: Ctx, exc: CompcoreError) -> str:
    """A refused change in one sentence: compcore's own words in the session's language
    where it has them (a stale write, a missing reason), else the store's message."""
    if isinstance(exc, LocalizedError):
        return md(exc.describe(run.lang))
    return run.tr("app.error.refused", error=md(exc.describe(run.lang)))


def write(
    run: Ctx,
    change: Callable[[Director], object],
    done: str,
    *,
    form: str | None = None,
    forget_keys: Iterable[str] = (),
) -> bool:
    """Run one store write as the logged-in director.

    On success: a flash message and a rerun (so every page shows the new state); ``form``
    starts afresh (:func:`renew`) and the session flags ``forget_keys`` are dropped. On any
    compcore error: ``st.error`` with the reason; nothing changed. After a stale write
    (someone else changed it since this form was opened) the form starts afresh too, so
    that reloading shows the current state. Returns False (success reruns, never returns).
    """
    if run.director is None:
        st.error(run.tr("app.error.not_director"))
        return False
    try:
        change(run.director)
    except CompcoreError as exc:
        st.error(refused(run, exc))
        if isinstance(exc, StaleWriteError) and form is not None:
            renew(form)
        return False
    if form is not None:
        renew(form)
    forget(forget_keys)
    flash("success", done)
    st.rerun()
    return True  # pragma: no cover - st.rerun raises


#: session key prefix of a refusal a callback write keeps for its place on the page
REFUSED_PREFIX = "_refused_"
#: and of a success it keeps there (``write_now(beside=True)``)
DONE_PREFIX = "_done_"


def write_now(
    run: Ctx,
    change: Callable[[Director], object],
    done: str,
    *,
    where: str,
    form: str | None = None,
    forget_keys: Iterable[str] = (),
    kept: Callable[[], bool] | None = None,
    beside: bool = False,
) -> bool:
    """:func:`write` in a widget's callback (``on_click``), which Streamlit runs before the
    next script run: that run shows the result, so a click costs one script run, not a
    write, a rerun and a second run (issue 19). ``run`` is the context of the run that drew
    the button (what the director saw; the write refuses what changed since). A refusal
    is kept for :func:`show_refused` at ``where`` on the page; the rest as :func:`write`,
    except that after a success ``kept()`` (when given) may say that ``form``'s widgets
    already show what is now stored (it then makes what they read that), so they keep
    their keys: the browser redraws a widget with a new key from scratch (issue 19).
    With ``beside`` the success, too, is kept for its place (:func:`show_refused` shows it
    there): a button at the bottom of a phone's page says it beside itself, not at the top
    (issue 22 item 2). Whether the write was made."""
    if run.director is None:
        st.session_state[REFUSED_PREFIX + where] = run.tr("app.error.not_director")
        return False
    try:
        change(run.director)
    except CompcoreError as exc:
        st.session_state[REFUSED_PREFIX + where] = refused(run, exc)
        if isinstance(exc, StaleWriteError) and form is not None:
            renew(form)
        return False
    if form is not None and (kept is None or not kept()):
        renew(form)
    forget(forget_keys)
    if beside:
        st.session_state[DONE_PREFIX + where] = done
    else:
        flash("success", done)
    return True


def show_refused(where: str) -> None:
    """The refusal a callback write (:func:`write_now`) kept for ``where``, or its success
    kept there (``beside``), once."""
    text = st.session_state.pop(REFUSED_PREFIX + where, None)
    if text:
        st.error(text)
    done = st.session_state.pop(DONE_PREFIX + where, None)
    if done:
        st.success(done)
