"""Ronde, entering a published round's results (issue 22 item 1): one tap per board, or one
key per board in the keyboard line; each choice is kept at once as the round's results
draft (:mod:`compcore.services.result_entry`), so a reload or another device shows it, and
the round's buttons save or finalize what was entered.

The boards are a fragment: a tap reruns them alone, not the page. Each run draws every
board's control from the stored round with the draft on it, so what the screen shows is
what the database holds (another device's entries too). A director who leaves the round
with results entered but not saved is told so on every page (:mod:`ui.unsaved`).
"""

from __future__ import annotations

import streamlit as st

from compcore.domain.errors import CompcoreError
from compcore.domain.model import Result, Round
from compcore.present.reports import result_text
from compcore.services import changelog, results
from compcore.services import result_entry as entry
from compcore.services.vocabulary import BoardResult
from ui import clock, state
from ui.markdown import md
from ui.round_view import RoundView

#: session key of a refusal of the boards' fragment (a tap, the keyboard line)
_TAP = "entry_tap"


def _key(v: RoundView, i: int, rnd: Round) -> str:
    game = (rnd.games or ())[i]
    return f"entry_{v.cid}_{v.number}_{i}_{game.white}_{game.black}"


def _quick_key(v: RoundView) -> str:
    return f"entry_quick_{v.cid}_{v.number}"


def entry_form(v: RoundView) -> None:
    """The results of the published round: the boards (a fragment), then save, finalize
    and clear, each reading the draft as stored when clicked."""
    st.subheader(v.tr("app.round.results"))
    st.caption(v.tr("app.entry.help"))
    boards(v)
    where = f"entry_buttons_{v.cid}_{v.number}"
    c1, c2, c3 = st.columns(3)
    c1.button(v.tr("app.round.save_results"), key=f"{where}_save", on_click=save_now,
              args=(v, where, False))  # fmt: skip
    c2.button(v.tr("app.round.finalize"), key=f"{where}_final", type="primary",
              on_click=save_now, args=(v, where, True))  # fmt: skip
    c3.button(v.tr("app.entry.discard"), key=f"{where}_discard", on_click=discard_now,
              args=(v, where))  # fmt: skip
    state.show_refused(where)


@st.fragment
def boards(v: RoundView) -> None:
    """Each board's control and the keyboard line, with what is entered and not saved."""
    rnd = v.published
    draft = entry.entered(v.run.store, v.cid, v.number)
    applied = entry.apply(rnd, draft)
    options = list(results.RESULTS)
    for i, game in enumerate(rnd.games or ()):
        key = _key(v, i, rnd)
        shown = applied.shown.get(i, game.result)
        value = shown.value if shown is not None else None
        if st.session_state.get(key) != value:  # the store's state, before the control
            st.session_state[key] = value
        st.session_state[state.SEEN_PREFIX + key] = value  # what the director sees
        st.segmented_control(
            v.tr("app.entry.board", board=i + 1, white=md(v.names.get(game.white, game.white)),
                 black=md(v.names.get(game.black, game.black))),
            options,
            format_func=lambda r: result_text(r, v.run.lang),
            key=key,
            on_change=tap_now,
            args=(v, i, key),
        )  # fmt: skip
    st.text_input(
        v.tr("app.entry.quick"),
        key=_quick_key(v),
        help=v.tr("app.entry.quick_help"),
        on_change=quick_now,
        args=(v,),
    )
    state.show_refused(_TAP)
    _status(v, draft, applied)


def _status(v: RoundView, draft: entry.Entered, applied: entry.Applied) -> None:
    """What is entered and not saved, and the entries that no longer hold."""
    count = len(applied.pending)
    if count:
        said = v.tr("app.entry.pending", count=count)
        if draft.saved_by and draft.saved_at:
            by = md(changelog.actor_words(draft.saved_by, v.run.lang))
            when = clock.local(draft.saved_at, v.run.lang)
            said += f" ({v.tr('app.entry.kept_by', by=by, time=when)})"
        st.warning(said)
    for e in applied.conflicts:
        st.warning(_conflict(v, e))


def _conflict(v: RoundView, e: BoardResult) -> str:
    def label(r: Result | None) -> str:
        return result_text(r.value, v.run.lang) if r else v.tr("app.entry.no_result")

    words = dict(board=e.board, white=md(v.names.get(e.white, e.white)),
                 black=md(v.names.get(e.black, e.black)), new=label(e.new))  # fmt: skip
    games = v.published.games or ()
    i = e.board - 1
    if 0 <= i < len(games) and (games[i].white, games[i].black) == (e.white, e.black):
        return v.tr("app.entry.conflict", stored=label(games[i].result), **words)
    return v.tr("app.entry.conflict_repaired", **words)


def _enter(v: RoundView, choices: dict[int, Result | None]) -> bool:
    """Keep ``choices`` in the draft, each board checked against what this session's
    last run showed there; whether they were kept. A refusal is shown by the boards'
    next run, which draws the stored state again."""
    if v.run.director is None:
        st.session_state[state.REFUSED_PREFIX + _TAP] = v.tr("app.error.not_director")
        return False
    seen = {}
    for i in choices:
        shown = st.session_state.get(state.SEEN_PREFIX + _key(v, i, v.published))
        seen[i] = Result(shown) if shown else None
    try:
        entry.enter(v.run.store, v.cid, v.published, choices, seen=seen,
                    actor=v.run.director)  # fmt: skip
    except CompcoreError as exc:
        st.session_state[state.REFUSED_PREFIX + _TAP] = state.refused(v.run, exc)
        return False
    return True


def tap_now(v: RoundView, i: int, key: str) -> None:
    """A board's control changed: keep its result."""
    value = st.session_state.get(key)
    _enter(v, {i: Result(value) if value else None})


def quick_now(v: RoundView) -> None:
    """The keyboard line was entered: keep its results, then empty it."""
    text = st.session_state.get(_quick_key(v), "")
    if not text.strip():
        return
    try:
        choices = entry.quick_entry(text, v.published)
    except CompcoreError as exc:
        st.session_state[state.REFUSED_PREFIX + _TAP] = state.refused(v.run, exc)
        return  # the line stays, to be mended
    if _enter(v, dict(choices)):
        st.session_state[_quick_key(v)] = ""


def save_now(v: RoundView, where: str, final: bool) -> None:
    """Save (``final``: and finalize) the entries that hold on the round as this page
    showed it; the entries that no longer hold are named beside the success."""
    try:
        draft = entry.entered(v.run.store, v.cid, v.number)
    except CompcoreError as exc:
        st.session_state[state.REFUSED_PREFIX + where] = state.refused(v.run, exc)
        return
    applied = entry.apply(v.published, draft)
    done = (
        v.tr("app.round.finalized", number=v.number) if final else v.tr("app.round.results_saved")
    )
    done = " ".join([done, *(_conflict(v, e) for e in applied.conflicts)])
    state.write_now(
        v.run,
        lambda actor: entry.save(v.run.store, v.cid, v.number, draft, applied.pending,
                                 finalize=final, actor=actor),
        done,
        where=where,
        form=v.edit_form,  # his own save: "Wijzigen na publiceren" starts from it
        beside=not final,  # beside the buttons at the bottom (finalized: they are gone)
    )  # fmt: skip


def discard_now(v: RoundView, where: str) -> None:
    """Throw away the results entered and not saved."""
    state.write_now(
        v.run,
        lambda actor: entry.discard(v.run.store, v.cid, v.number, actor=actor),
        v.tr("app.entry.discarded", number=v.number),
        where=where,
        beside=True,
    )
