"""Ronde, before the pairing (a director's): the attendance form (who is there, the
members' own sign-offs, the linked competitions' boards, forced games), saved or saved and
paired in one click, and undoing the last stored round."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date as Date

import streamlit as st

from compcore.domain.model import ForcedGame, Player, Round
from compcore.services import attendance as attending
from compcore.services import linked as ln
from compcore.services import results
from compcore.services import round as rs
from compcore.services.setup import next_round_date
from compcore.services.vocabulary import Director
from ui import ladder_link, round_draft, signoff_links, state
from ui.markdown import md
from ui.round_view import RoundView, lazy_expander


def undo(v: RoundView) -> None:
    """Delete the last stored round after a confirmation (the log keeps it); offered on that
    round and on the new round after it."""
    last = results.undo_target(v.season, v.number)
    if last is None:
        return
    confirm_key = f"undo_confirm_{v.cid}_{last}"
    st.divider()
    if not st.session_state.get(confirm_key):
        if st.button(v.tr("app.round.undo", number=last), key="undo"):
            st.session_state[confirm_key] = True
            st.rerun()
        return
    read = state.seen(confirm_key, rs.stored_round(v.season, last))  # as the director confirmed
    st.warning(v.tr("app.round.undo_confirm", number=last))
    c1, c2 = st.columns(2)
    if c2.button(v.tr("app.cancel"), key="undo_cancel"):
        state.forget([confirm_key])
        st.rerun()
    c1.button(v.tr("app.round.undo_yes", number=last), type="primary", key="undo_yes",
              on_click=undo_now, args=(v, last, read, confirm_key))  # fmt: skip
    state.show_refused("undo_yes")


def undo_now(v: RoundView, last: int, read: Round | None, confirm_key: str) -> None:
    """The undo confirmation's callback: the next run shows the round gone."""

    def delete(actor: Director) -> None:
        results.undo(v.run.store, v.cid, last, read=read, actor=actor)
        st.session_state.pop(f"draft_{v.cid}_{last}", None)

    state.write_now(v.run, delete, v.tr("app.round.undone", number=last), where="undo_yes",
                    forget_keys=[confirm_key])  # fmt: skip


def attendance(v: RoundView) -> None:
    """Who is there (entry kind per player), forced games, then pair."""
    attending.prepare_pairing()  # the pairing engine imported now, not in the click
    options = rs.attendance_kinds(v.ruleset)
    players = rs.listed_players(v.season, v.number)
    ordered = rs.attendance_order(players, rs.standings_places(v.run.standings()))
    forced_key = f"forced_{v.cid}_{v.number}"
    part = ladder_link.evening(v.run, v.number)  # boards of competitions played within this one
    forced: list[ForcedGame] = st.session_state.setdefault(
        forced_key, ln.own_forced(v.stored.forced or (), part) if v.stored is not None else []
    )
    form = f"attendance_{v.cid}_{v.number}"
    date_key = state.widget_key(form, f"date_{v.cid}_{v.number}")
    read = state.seen(date_key, v.stored)  # the round as the form was opened
    st.subheader(v.tr("app.round.attendance"))
    # the members' own sign-offs (issue 10) since the list was saved; a linked board's
    # players play (MG-8)
    marking = attending.starting_marks(v.run.store, v.cid, v.number, part)
    marks, marked, starts = marking.marks, marking.marked, marking.starts
    query = st.text_input(v.tr("app.round.search"), key=f"att_search_{v.cid}_{v.number}",
                          placeholder=v.tr("app.round.search_placeholder"))  # fmt: skip
    listed = rs.find_players(ordered, query)
    if len(listed) < len(players):
        st.caption(v.tr("app.round.search_hidden", shown=len(listed), total=len(players)))
    with st.form(form):
        default_day = (
            Date.fromisoformat(v.stored.date)
            if v.stored is not None and v.stored.date
            else next_round_date(v.season, v.number, Date.today())
        )
        st.date_input(v.tr("app.round.date"), value=default_day, format=v.tr("app.date_format"),
                      key=date_key)  # fmt: skip
        engine = rs.away_engine(v.season, v.ruleset, v.number)
        engine_key = state.widget_key(form, f"engine_away_{v.cid}_{v.number}")
        if engine is not None:
            st.checkbox(
                v.tr("app.round.engine_away", engine=md(v.run.name(engine))),
                value=rs.engine_away_default(v.stored, engine),
                help=v.tr("app.round.engine_away_help"),
                key=engine_key,
            )
        columns = st.columns(3)
        per_column = max(1, -(-len(listed) // 3))  # down each column: a phone stacks them
        shown: dict[str, str] = {}
        boxes: dict[str, str] = {}  # player id -> the key of the box shown for them
        for i, player in enumerate(listed):
            default = rs.default_choice(player, v.stored, options, starts)
            boxes[player.id] = state.widget_key(form, f"att_{v.cid}_{v.number}_{player.id}")
            shown[player.id] = columns[i // per_column].selectbox(
                md(player.name),  # a label reads Markdown: a name is text
                options,
                index=options.index(default),
                format_func=lambda c: rs.kind_label(c, v.run.lang),
                key=boxes[player.id],
            )
        evening_key = state.widget_key(form, f"ladder_round_{v.cid}_{v.number}")
        evening_no = ladder_link.pick_evening(v.run, v.season, v.stored, evening_key)
        shown_form = AttendanceForm(
            form, date_key, engine, engine_key, boxes,
            evening_key if evening_no is not None else None, players, options, starts, read,
        )  # fmt: skip
        c1, c2 = st.columns(2)
        c1.form_submit_button(v.tr("app.round.save_attendance"), on_click=attendance_now,
                              args=(v, shown_form, False))  # fmt: skip
        c2.form_submit_button(v.tr("app.round.pair"), type="primary", on_click=attendance_now,
                              args=(v, shown_form, True))  # fmt: skip
    state.show_refused(form)
    chosen = rs.attendance_choices(players, shown, v.stored, options, starts)  # hidden ones kept
    signoff_links.show_marks(v.run, v.ruleset, marks, used=bool(marked))
    present = sum(1 for c in chosen.values() if c == rs.PRESENT)
    st.caption(v.tr("app.round.present_count", count=present, total=len(players)))

    st.markdown(f"#### {v.tr('app.round.forced')}")
    ladder_link.show_boards(v.run, part)
    for i, game in enumerate(forced):
        c1, c2 = st.columns([4, 1])
        why = rs.forced_why(game, v.run.lang)
        c1.markdown(md(f"{v.run.name(game.white)} – {v.run.name(game.black)} ({why})"))
        if c2.button(v.tr("app.remove"), key=f"forced_rm_{i}"):
            forced.pop(i)
            st.rerun()
    box, is_open = lazy_expander(v.tr("app.round.forced_add"), f"forced_open_{v.cid}_{v.number}")
    if not is_open:
        return
    with box:
        ids = [p.id for p in players]
        w = st.selectbox(v.tr("app.col.white"), ids, format_func=v.run.name, key="forced_w")
        b = st.selectbox(v.tr("app.col.black"), ids, index=min(1, len(ids) - 1),
                         format_func=v.run.name, key="forced_b")  # fmt: skip
        why = st.text_input(v.tr("app.round.forced_reason"), key="forced_why")
        if st.button(v.tr("app.add"), key="forced_add"):
            forced.append(ForcedGame(w, b, why.strip() or None))
            st.rerun()


@dataclass(frozen=True)
class AttendanceForm:
    """The attendance form as one run drew it: the keys of its widgets and what they were
    made from, for its buttons' callback (:func:`attendance_now`)."""

    form: str
    date_key: str
    engine: str | None
    engine_key: str
    boxes: dict[str, str]
    evening_key: str | None
    players: Sequence[Player]
    options: Sequence[str]
    starts: Mapping[str, str]
    read: Round | None


def attendance_now(v: RoundView, shown: AttendanceForm, pair_now: bool) -> None:
    """The attendance form's buttons' callback (save, or save and pair with ``pair_now``):
    the round from the boxes' values, stored, and the proposal kept; the run that follows
    shows it, so a click costs one script run (issue 19). A refusal is shown under the
    form (:func:`state.show_refused`)."""
    values = st.session_state
    boxes = {pid: values[key] for pid, key in shown.boxes.items() if key in values}
    chosen = rs.attendance_choices(shown.players, boxes, v.stored, shown.options, shown.starts)
    day = values.get(shown.date_key)
    engine_off = shown.engine is not None and bool(values.get(shown.engine_key))
    rnd = rs.open_round(
        v.number, chosen, values.get(f"forced_{v.cid}_{v.number}", []),
        date=day.isoformat() if day else None, cycle=v.cycle, previous=v.stored,
        engine_away=shown.engine if engine_off else None,
        ladder_round=values.get(shown.evening_key) if shown.evening_key else None,
    )  # fmt: skip
    taken: list[rs.Attendance] = []

    # the standings the round is paired on, from the cache (its attendance leaves them as they are)
    table = v.run.standings(*rs.paired_on(v.ruleset, rnd)) if pair_now else None

    def save(actor: Director) -> None:
        taken.append(rs.take_attendance(v.run.store, v.cid, rnd, actor=actor, read=shown.read,
                                        pair_now=pair_now, standings=table))  # fmt: skip

    done = v.tr("app.round.paired" if pair_now else "app.round.attendance_saved")
    state.write_now(v.run, save, done, where=shown.form, form=shown.form)
    if not taken:
        return
    if taken[0].draft is not None:
        round_draft.keep_draft(v, v.draft_key, taken[0].draft)
    if taken[0].pairing_error is not None:
        error = md(taken[0].pairing_error.describe(v.run.lang))
        state.flash("warning", v.tr("app.round.pair_failed", error=error))
