"""Ronde, after publishing (a director's): a latecomer, a player who leaves before playing,
a board by hand; each change shown with the live rule check before it is saved (boards with
a result never change)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import pandas as pd
import streamlit as st

from compcore.domain.errors import CompcoreError
from compcore.domain.model import Round, Season
from compcore.services import published as pb
from compcore.services import round as rs
from compcore.services.vocabulary import Violation
from ui import state
from ui.markdown import md
from ui.round_view import RoundView, lazy_expander

T = TypeVar("T")


def published_changes(v: RoundView) -> None:
    """A latecomer, a player who leaves before playing, a board by hand: the change is
    shown with the live rule check before it is saved (boards with a result never change)."""
    what_key = state.widget_key(v.edit_form, f"edit_what_{v.cid}_{v.number}")
    open_key, opened = f"edit_open_{v.cid}_{v.number}", f"edit_opened_{v.cid}_{v.number}"
    # the round as the director opened this page (the section drawn, open or not; a save
    # gives its widgets new keys): what ``state.seen(what_key, ...)`` kept while the radio
    # was drawn on every run, also when the section is closed and its radio is not drawn
    marker = state.SEEN_PREFIX + what_key
    if open_key not in st.session_state or marker not in st.session_state:
        st.session_state[marker] = v.stored
    read: Round = st.session_state[marker]
    basis = v.season.with_round(read)
    if read == v.stored:
        st.session_state.pop(opened, None)
    elif not st.session_state.get(opened):
        st.session_state[open_key] = True  # saved since: open (once), to say so
        st.session_state[opened] = True
    box, is_open = lazy_expander(v.tr("app.edit.title"), open_key)
    if not is_open:
        return
    with box:
        st.caption(v.tr("app.edit.help"))
        if read != v.stored:  # saved since (results too): start again from the stored round
            st.info(v.tr("app.edit.changed", number=v.number))
            if st.button(v.tr("app.edit.reload"), key=f"edit_reload_{v.cid}_{v.number}"):
                state.renew(v.edit_form)
                st.rerun()
        what = st.radio(v.tr("app.edit.what"), ["late", "leave", "hand"], key=what_key,
                        format_func=lambda w: v.tr(f"app.edit.what.{w}"))  # fmt: skip
        try:
            change = {"late": latecomer_change, "leave": leaver_change, "hand": hand_change}[what](
                v, basis, read
            )
        except CompcoreError as exc:
            st.error(state.refused(v.run, exc))
            return
        if change is not None:
            show_change(v, change, read)


def _pick(v: RoundView, label: str, options: Sequence[Any], name: str, **kw: Any) -> Any:
    """The choice of a select box of the form (None: nothing to choose from)."""
    if not options:
        st.info(v.tr("app.edit.nobody"))
        return None
    key = state.widget_key(v.edit_form, f"edit_{name}_{v.cid}_{v.number}")
    return st.selectbox(label, options, key=key, **kw)


def _free_label(v: RoundView, read: Round, pid: str, template: str) -> str:
    kind = (read.entries or {}).get(pid)
    if kind is None:
        return v.tr("app.edit.how.engine", name=md(v.run.name(pid)))
    return v.tr(template, name=md(v.run.name(pid)), kind=v.tr(f"kind.{kind.value}"))


def stored_memo(v: RoundView, read: Round, key: tuple[object, ...], compute: Callable[[], T]) -> T:
    """``compute()`` once per stored revision when the section shows the stored round
    (a preview is the engine's or the rule check's work, the same on every run)."""
    if read != v.stored:
        return compute()
    return state.memo(v.run, ("published_changes", v.cid, v.number, *key), compute)


def latecomer_change(v: RoundView, basis: Season, read: Round) -> pb.Change | None:
    who = _pick(
        v, v.tr("app.edit.latecomer"), pb.latecomers(basis, read), "late", format_func=v.run.name
    )
    if who is None:
        return None
    free = stored_memo(v, read, ("free",), lambda: pb.free_players(basis, v.ruleset, read))
    labels = {f"pair:{pid}": _free_label(v, read, pid, "app.edit.how.pair") for pid in free}
    labels |= {"bye": v.tr("app.edit.how.bye"), "repair": v.tr("app.edit.how.repair")}
    first = stored_memo(v, read, ("late_default", who),
                        lambda: pb.late_default(basis, v.ruleset, v.number, who, free))  # fmt: skip
    options = list(labels)
    how = _pick(v, v.tr("app.edit.how"), options, f"how_{who}", format_func=labels.get,
                index=options.index(first) if first in options else 0)  # fmt: skip
    if how == "bye":
        return pb.late_bye(basis, v.ruleset, v.number, who)
    if how == "repair":
        return stored_memo(v, read, ("repair", who),
                           lambda: pb.late_repaired(basis, v.ruleset, v.number, who))  # fmt: skip
    partner = str(how).removeprefix("pair:")
    return stored_memo(v, read, ("late", who, partner),
                       lambda: pb.late_paired(basis, v.ruleset, v.number, who, partner))  # fmt: skip


def leaver_change(v: RoundView, basis: Season, read: Round) -> pb.Change | None:
    who = _pick(
        v, v.tr("app.edit.leaver"), pb.leavers(basis, read), "leave", format_func=v.run.name
    )
    if who is None:
        return None
    free = [p for p in stored_memo(v, read, ("free",), lambda: pb.free_players(basis, v.ruleset, read))
            if p != who]  # fmt: skip
    labels = {"bye": v.tr("app.edit.opponent.bye")}
    labels |= {f"pair:{p}": v.tr("app.edit.opponent.pair", name=md(v.run.name(p))) for p in free}
    how = _pick(v, v.tr("app.edit.opponent"), list(labels), "opponent", format_func=labels.get)
    partner = None if how in (None, "bye") else str(how).removeprefix("pair:")
    return stored_memo(v, read, ("left", who, partner),
                       lambda: pb.player_left(basis, v.ruleset, v.number, who, partner))  # fmt: skip


def hand_change(v: RoundView, basis: Season, read: Round) -> pb.Change | None:
    labels = {"colours": v.tr("app.edit.hand.colours"), "exchange": v.tr("app.edit.hand.exchange")}
    how = _pick(v, v.tr("app.edit.hand.how"), list(labels), "hand", format_func=labels.get)
    if how == "colours":
        open_boards = [i for i, g in enumerate(read.games or (), 1) if g.result is None]
        board = _pick(v, v.tr("app.round.board"), open_boards, "board")
        return None if board is None else pb.swap_colours(basis, v.number, int(board))
    players = pb.movable(basis, read)
    a = _pick(v, v.tr("app.round.player_a"), players, "a", format_func=v.run.name)
    b = _pick(
        v, v.tr("app.round.player_b"), [p for p in players if p != a], "b", format_func=v.run.name
    )
    return None if a is None or b is None else pb.exchange(basis, v.number, a, b)


def show_change(v: RoundView, change: pb.Change, read: Round) -> None:
    """The round as the change makes it, the rule check, the reason when a rule breaks,
    and the save button."""
    st.markdown(f"**{v.tr('app.edit.preview')}**")
    rows = [{v.tr("app.col.board"): i, v.tr("app.col.white"): md(v.run.name(g.white)),
             v.tr("app.col.black"): md(v.run.name(g.black)),
             v.tr("app.col.result"): v.tr(f"app.result.{g.result.value}") if g.result else "—"}
            for i, g in enumerate(change.round.games or (), 1)]  # fmt: skip
    st.table(pd.DataFrame(rows), hide_index=True)
    for pid, kind in (change.round.entries or {}).items():
        if (change.read.entries or {}).get(pid) != kind:
            st.markdown(f"- {md(v.run.name(pid))}: {v.tr(f'kind.{kind.value}')}")
    violations = checked(v, change, read)
    for violation in violations:
        shown = md(rs.violation_text(violation, v.run.lang, v.names))
        (st.warning if not violation.overridden else st.info)(shown)
    if not rs.needs_override(violations):
        st.success(v.tr("app.round.check_ok"))
        reason = ""
    else:
        reason = st.text_input(v.tr("app.round.override_reason"),
                               key=state.widget_key(v.edit_form, f"edit_reason_{v.cid}_{v.number}"))  # fmt: skip
    if st.button(v.tr("app.edit.save"), type="primary",
                 key=state.widget_key(v.edit_form, f"edit_save_{v.cid}_{v.number}")):  # fmt: skip
        state.write(
            v.run,
            lambda actor: pb.save(v.run.store, v.cid, change, reason=reason, actor=actor),
            v.tr("app.edit.saved", number=v.number),
            form=v.edit_form,
        )


def checked(v: RoundView, change: pb.Change, read: Round) -> list[Violation]:
    """The rule check of ``change``: once per stored revision for a change the memo keeps
    (the same object on every run), else computed."""
    if read != v.stored:
        return pb.check(v.season, v.ruleset, change)
    made, violations = stored_memo(v, read, ("check", id(change)),
                                   lambda: (change, pb.check(v.season, v.ruleset, change)))  # fmt: skip
    return violations if made is change else pb.check(v.season, v.ruleset, change)
