"""Ronde, the proposed pairing (a director's): the boards with why each is there, edits
(colours, an exchange) with the live rule check, publishing; the draft kept in the session
and in the database (another device sees it, a reload restores it); the late re-pairing of
the players whose opponent did not come (DS-14)."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from compcore.domain.errors import CompcoreError
from compcore.services import changelog, drafts
from compcore.services import round as rs
from compcore.services.vocabulary import Director
from ui import clock, state
from ui.markdown import md
from ui.round_view import RoundView, lazy_expander


def show_draft(v: RoundView, draft: rs.Draft, key: str) -> None:
    """The proposed pairing, why each board is there, edits with the live rule check."""
    if st.session_state.get(f"{key}_note"):
        st.caption(st.session_state[f"{key}_note"])
    if draft.read != v.stored:
        st.warning(v.tr("app.draft.round_changed", number=v.number))
    if st.session_state.get(f"{key}_unsaved"):
        st.warning(v.tr("app.draft.not_saved", error=st.session_state[f"{key}_unsaved"]))
    st.table(pd.DataFrame(_board_rows(v, draft)), hide_index=True)  # Markdown in its cells
    _sitters_and_relaxed(v, draft)
    st.markdown(f"#### {v.tr('app.round.edit')}")
    _edits(v, draft, key)
    st.markdown(f"#### {v.tr('app.round.check')}")
    _check_and_publish(v, draft, key)


def _board_rows(v: RoundView, draft: rs.Draft) -> list[dict[str, object]]:
    """One row per board of the draft: the players, why they meet, why these colours."""
    pairing, lang = draft.pairing, v.run.lang
    by_pair = {frozenset((b.white, b.black)): b for b in pairing.boards}
    rows: list[dict[str, object]] = []
    for i, (white, black) in enumerate(draft.boards, start=1):
        board = by_pair.get(frozenset((white, black)))
        if board is None:
            why, colours = v.tr("app.round.by_director"), ""
        else:
            why = board.placed.text(lang, v.names)
            colours = (
                board.colour.text(lang, v.names)
                if board.white == white
                else v.tr("app.round.colours_swapped")
            )
        rows.append(
            {
                v.tr("app.col.board"): i,
                v.tr("app.col.white"): md(v.names.get(white, white)),
                v.tr("app.col.black"): md(v.names.get(black, black)),
                v.tr("app.col.why"): md(why),
                v.tr("app.col.colours"): md(colours),
            }
        )
    return rows


def _sitters_and_relaxed(v: RoundView, draft: rs.Draft) -> None:
    """Who sits out and why, and every soft rule the pairing had to relax."""
    pairing, lang = draft.pairing, v.run.lang
    if draft.sitters:
        st.markdown(f"**{v.tr('sheet.sitting_out')}**")
        for pid, kind in draft.sitters.items():
            reason = pairing.sitting_out.get(pid)
            why = (
                reason.text(lang, v.names) if reason is not None else v.tr("app.round.by_director")
            )
            st.markdown(f"- {md(v.names.get(pid, pid))} ({v.tr(f'kind.{kind.value}')}): {md(why)}")
    if pairing.relaxed:
        st.markdown(f"**{v.tr('sheet.relaxed')}**")
        for relaxation in pairing.relaxed:
            st.markdown(f"- {md(relaxation.reason.text(lang, v.names))}")


def _edits(v: RoundView, draft: rs.Draft, key: str) -> None:
    """The director's edits: swap a board's colours, exchange two players, reset."""
    col1, col2 = st.columns(2)
    if draft.boards:
        board_no = col1.selectbox(
            v.tr("app.round.board"), range(1, len(draft.boards) + 1), key=f"{key}_swap_board"
        )
        if col1.button(v.tr("app.round.swap_colours"), key=f"{key}_swap"):
            draft.swap_colours(board_no - 1)
            keep_draft(v, key, draft)
            st.rerun()
    movable = draft.movable(v.engines)
    if len(movable) > 1:
        a = col2.selectbox(
            v.tr("app.round.player_a"), movable, format_func=v.run.name, key=f"{key}_a"
        )
        b = col2.selectbox(v.tr("app.round.player_b"), movable, index=1, format_func=v.run.name,
                           key=f"{key}_b")  # fmt: skip
        if col2.button(v.tr("app.round.exchange"), key=f"{key}_exchange"):
            draft.exchange(a, b)
            keep_draft(v, key, draft)
            st.rerun()
    if draft.edited() and st.button(v.tr("app.round.reset"), key=f"{key}_reset"):
        keep_draft(v, key, draft.reset())
        st.rerun()


def _check_and_publish(v: RoundView, draft: rs.Draft, key: str) -> None:
    """The live rule check of the draft, the override reason it needs, publish or discard."""
    try:
        violations = rs.check(v.season, v.ruleset, draft)
    except CompcoreError as exc:
        st.error(state.refused(v.run, exc))
        return
    open_ones = rs.needs_override(violations)
    for violation in violations:
        shown = md(rs.violation_text(violation, v.run.lang, v.names))
        (st.warning if not violation.overridden else st.info)(shown)
    if not open_ones:
        st.success(v.tr("app.round.check_ok"))
    if open_ones:  # read by the publish button's callback
        st.text_input(v.tr("app.round.override_reason"), key=f"{key}_override")
    c1, c2 = st.columns(2)
    c1.button(v.tr("app.round.publish"), type="primary", key=f"{key}_publish",
              on_click=publish_now, args=(v, draft, key, bool(open_ones)))  # fmt: skip
    if c2.button(v.tr("app.round.discard"), key=f"{key}_discard"):
        drop_draft(v, key)
        st.rerun()
    state.show_refused(f"{key}_publish")


def publish_now(v: RoundView, draft: rs.Draft, key: str, needs_reason: bool) -> None:
    """The publish button's callback: the next run shows the published round."""
    override = st.session_state.get(f"{key}_override", "") if needs_reason else ""

    def save(actor: Director) -> None:
        drafts.publish(v.run.store, v.cid, draft, reason=override, actor=actor)
        state.forget(draft_session_keys(v, key))

    state.write_now(
        v.run, save, v.tr("app.round.published", number=v.number), where=f"{key}_publish"
    )


# --------------------------------------------------------------------------- drafts kept


def draft_session_keys(v: RoundView, key: str) -> list[str]:
    """The session keys of one draft: the draft, its stored version, its note, why it was
    not stored."""
    return [key, f"{key}_version", f"{key}_note", f"{key}_unsaved"]


def keep_draft(v: RoundView, key: str, draft: rs.Draft) -> None:
    """Keep the draft in this session and in the database (another device sees it). A
    failed write keeps it here, and the proposal says so until a write succeeds."""
    st.session_state[key] = draft
    version = f"{key}_version"
    try:
        st.session_state[version] = drafts.save(
            v.run.store, v.cid, draft, actor=v.actor, read=st.session_state.get(version)
        )
    except CompcoreError as exc:
        st.session_state[f"{key}_unsaved"] = state.refused(v.run, exc)
    else:
        st.session_state.pop(f"{key}_unsaved", None)


def drop_draft(v: RoundView, key: str) -> None:
    """Throw the draft away, here and in the database."""
    state.forget(draft_session_keys(v, key))
    try:
        drafts.discard(v.run.store, v.cid, v.number, actor=v.actor)
    except CompcoreError as exc:
        state.flash("warning", state.refused(v.run, exc))


def saved_by(v: RoundView, restored: drafts.Restored) -> dict[str, str]:
    when = clock.local(restored.saved_at, v.run.lang)
    return {"director": md(changelog.actor_words(restored.saved_by, v.run.lang)), "time": when}


def restore_draft(v: RoundView, key: str, *, late: bool) -> None:
    """The draft stored for this round (saved on any device), when this session has none:
    used with a note "concept van ..." when the session opens the round (a reload, another
    device), offered with a button when it came in while the round was open here (a form
    on screen is never taken away); a stale one (the round changed since) is shown as such
    and not used."""
    if key in st.session_state:
        return
    opened = f"{key}_opened"
    first_view = not st.session_state.get(opened)
    st.session_state[opened] = True
    try:
        restored = drafts.restore(v.run.store, v.season, v.cid, v.number)
    except CompcoreError as exc:
        st.warning(state.refused(v.run, exc))
        return
    if restored is None or restored.draft.late != late:
        return
    if restored.stale:
        st.warning(v.tr("app.draft.stale", number=v.number, **saved_by(v, restored)))
        if st.button(v.tr("app.draft.discard_stale"), key=f"{key}_discard_stale"):
            drop_draft(v, key)
            st.rerun()
        return
    if not first_view:
        st.info(v.tr("app.draft.available", **saved_by(v, restored)))
        if not st.button(v.tr("app.draft.load"), key=f"{key}_load"):
            return
    st.session_state[key] = restored.draft
    st.session_state[f"{key}_version"] = restored.version
    st.session_state[f"{key}_note"] = v.tr("app.draft.restored", **saved_by(v, restored))


def late_repairing(v: RoundView) -> None:
    """DS-14: re-pair the players whose opponent did not come."""
    if v.late_key in st.session_state:
        st.subheader(v.tr("app.round.late_title"))
        show_draft(v, st.session_state[v.late_key], v.late_key)
        return
    waiting = rs.late_candidates(v.season, v.published)
    if not waiting:
        return
    box, is_open = lazy_expander(v.tr("app.round.late_title"), f"late_open_{v.cid}_{v.number}")
    if not is_open:
        return
    with box:
        st.caption(v.tr("app.round.late_help"))
        no_shows = st.multiselect(
            v.tr("app.round.no_shows"), waiting, format_func=v.run.name,
            placeholder=v.tr("app.placeholder.choose"), key=f"noshow_{v.cid}_{v.number}",
        )  # fmt: skip
        engine = rs.late_away_engine(v.season, v.ruleset, v.published)
        engine_off = engine is not None and st.checkbox(
            v.tr("app.round.engine_away", engine=md(v.run.name(engine))),
            key=f"late_engine_away_{v.cid}_{v.number}",
        )
        if st.button(v.tr("app.round.late_pair"), key=f"late_pair_{v.cid}_{v.number}"):
            try:
                draft = rs.propose_late(
                    v.season, v.ruleset, v.number, no_shows, engine_away=engine_off
                )
            except CompcoreError as exc:
                st.error(state.refused(v.run, exc))
                return
            keep_draft(v, v.late_key, draft)
            st.rerun()
