"""Ronde / Round: attendance, pairing (with the why of every board), edits checked live,
publishing, the pairing sheet, results, finalizing, late re-pairing (DS-14) and undo.

The workflow is :mod:`compcore.services.round`; this page collects the director's input,
calls it and shows the outcome. Each form remembers what it showed (``state.seen``), so a
save sends only what the director changed and is refused if someone else changed the same
thing meanwhile. Anyone who is not logged in sees the published pairing and the results.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date as Date
from typing import TypeVar

import pandas as pd
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from compcore.adapters.files.csv_text import csv_bytes
from compcore.domain.errors import CompcoreError
from compcore.domain.model import ForcedGame, Game, Player, Round, Season
from compcore.present.reports import decimal
from compcore.present.winners_report import cup_status
from compcore.services import attendance as attending
from compcore.services import changelog, corrections, drafts
from compcore.services import linked as ln
from compcore.services import published as pb
from compcore.services import round as rs
from compcore.services.setup import next_round_date
from compcore.services.vocabulary import BoardResult, Director, Violation
from ui import clock, ladder_link, links, printing, sheets, signoff_links, state, tables
from ui.markdown import md
from ui.tables import entries_frame, result_label

T = TypeVar("T")
run = state.ctx()
tr = run.tr
st.title(tr("app.page.round"))
state.require_competition(run)
season, ruleset = run.season(), run.ruleset()
names = run.names()
cid = run.cid
engines = rs.engines(season)

choices = rs.round_choices(season, ruleset)
cup = rs.finished_cup(season, ruleset)
if cup is not None:  # MG-7: one player is left; no round can be opened
    st.info(tr("cup.over", round=cup.over_after) + " " + md(cup_status(cup, run.lang, names)))
round_key = f"round_no_{cid}"
if st.session_state.get(f"{round_key}_director") != (run.director is not None):
    st.session_state.pop(round_key, None)  # logged in or out: open on that role's round
    st.session_state[f"{round_key}_director"] = run.director is not None
number = state.linked_select(
    run,
    tr("app.round.choose"),
    choices,
    param=state.PARAM_ROUND,
    key=round_key,
    text=str,
    default=rs.opening_round(season, choices, director=run.director is not None, ruleset=ruleset),
    format_func=lambda n: (
        tr("app.round.label", number=n)
        + (tr("app.round.label_new") if n not in {r.number for r in season.rounds} else "")
    ),
)
stage = rs.stage(season, number)
stored = rs.stored_round(season, number)
cycle = rs.round_cycle(season, ruleset, number)
if ruleset.shows_cycles:
    st.caption(tr("app.cycle_label", cycle=ruleset.cycle_label(cycle)))
draft_key = f"draft_{cid}_{number}"
late_key = f"late_{cid}_{number}"
director = run.director
#: DS-16: a round robin's schedule was made when it was created: its boards are not
#: edited and its rounds not deleted here; only results are entered
scheduled = ruleset.pairing.method == "round-robin"
if director is not None:
    st.caption(tr(f"app.round.stage.{stage}"))


def lazy_expander(label: str, key: str) -> tuple[DeltaGenerator, bool]:
    """An expander whose content is built only while it is open (issue 19): it tracks its
    open state in ``st.session_state[key]`` (opening or closing it reruns the page), so a
    closed one sends the browser nothing but its label. Returns the expander and whether
    it is open; the caller fills it only when it is."""
    box = st.expander(label, key=key, on_change="rerun")
    return box, bool(box.open)


def show_draft(draft: rs.Draft, key: str) -> None:
    """The proposed pairing, why each board is there, edits with the live rule check."""
    pairing = draft.pairing
    lang = run.lang
    if st.session_state.get(f"{key}_note"):
        st.caption(st.session_state[f"{key}_note"])
    if draft.read != stored:
        st.warning(tr("app.draft.round_changed", number=number))
    if st.session_state.get(f"{key}_unsaved"):
        st.warning(tr("app.draft.not_saved", error=st.session_state[f"{key}_unsaved"]))
    by_pair = {frozenset((b.white, b.black)): b for b in pairing.boards}
    rows = []
    for i, (white, black) in enumerate(draft.boards, start=1):
        board = by_pair.get(frozenset((white, black)))
        if board is None:
            why, colours = tr("app.round.by_director"), ""
        else:
            why = board.placed.text(lang, names)
            colours = (
                board.colour.text(lang, names)
                if board.white == white
                else tr("app.round.colours_swapped")
            )
        rows.append(
            {
                tr("app.col.board"): i,
                tr("app.col.white"): md(names.get(white, white)),
                tr("app.col.black"): md(names.get(black, black)),
                tr("app.col.why"): md(why),
                tr("app.col.colours"): md(colours),
            }
        )
    st.table(pd.DataFrame(rows), hide_index=True)  # st.table reads Markdown in its cells
    if draft.sitters:
        st.markdown(f"**{tr('sheet.sitting_out')}**")
        for pid, kind in draft.sitters.items():
            reason = pairing.sitting_out.get(pid)
            why = reason.text(lang, names) if reason is not None else tr("app.round.by_director")
            st.markdown(f"- {md(names.get(pid, pid))} ({tr(f'kind.{kind.value}')}): {md(why)}")
    if pairing.relaxed:
        st.markdown(f"**{tr('sheet.relaxed')}**")
        for relaxation in pairing.relaxed:
            st.markdown(f"- {md(relaxation.reason.text(lang, names))}")

    st.markdown(f"#### {tr('app.round.edit')}")
    col1, col2 = st.columns(2)
    if draft.boards:
        board_no = col1.selectbox(
            tr("app.round.board"), range(1, len(draft.boards) + 1), key=f"{key}_swap_board"
        )
        if col1.button(tr("app.round.swap_colours"), key=f"{key}_swap"):
            draft.swap_colours(board_no - 1)
            keep_draft(key, draft)
            st.rerun()
    movable = draft.movable(engines)
    if len(movable) > 1:
        a = col2.selectbox(tr("app.round.player_a"), movable, format_func=run.name, key=f"{key}_a")
        b = col2.selectbox(tr("app.round.player_b"), movable, index=1, format_func=run.name,
                           key=f"{key}_b")  # fmt: skip
        if col2.button(tr("app.round.exchange"), key=f"{key}_exchange"):
            draft.exchange(a, b)
            keep_draft(key, draft)
            st.rerun()
    if draft.edited() and st.button(tr("app.round.reset"), key=f"{key}_reset"):
        keep_draft(key, draft.reset())
        st.rerun()

    st.markdown(f"#### {tr('app.round.check')}")
    try:
        violations = rs.check(season, ruleset, draft)
    except CompcoreError as exc:
        st.error(state.refused(run, exc))
        return
    open_ones = rs.needs_override(violations)
    for v in violations:
        (st.warning if not v.overridden else st.info)(md(rs.violation_text(v, run.lang, names)))
    if not open_ones:
        st.success(tr("app.round.check_ok"))
    if open_ones:  # read by the publish button's callback
        st.text_input(tr("app.round.override_reason"), key=f"{key}_override")
    c1, c2 = st.columns(2)
    c1.button(tr("app.round.publish"), type="primary", key=f"{key}_publish",
              on_click=publish_now, args=(draft, key, bool(open_ones)))  # fmt: skip
    if c2.button(tr("app.round.discard"), key=f"{key}_discard"):
        drop_draft(key)
        st.rerun()
    state.show_refused(f"{key}_publish")


def publish_now(draft: rs.Draft, key: str, needs_reason: bool) -> None:
    """The publish button's callback: the next run shows the published round."""
    override = st.session_state.get(f"{key}_override", "") if needs_reason else ""

    def save(actor):
        drafts.publish(run.store, cid, draft, reason=override, actor=actor)
        state.forget(draft_session_keys(key))

    state.write_now(run, save, tr("app.round.published", number=number), where=f"{key}_publish")


# --------------------------------------------------------------------------- drafts kept


def draft_session_keys(key: str) -> list[str]:
    """The session keys of one draft: the draft, its stored version, its note, why it was
    not stored."""
    return [key, f"{key}_version", f"{key}_note", f"{key}_unsaved"]


def keep_draft(key: str, draft: rs.Draft) -> None:
    """Keep the draft in this session and in the database (another device sees it). A
    failed write keeps it here, and the proposal says so until a write succeeds."""
    st.session_state[key] = draft
    version = f"{key}_version"
    try:
        st.session_state[version] = drafts.save(
            run.store, cid, draft, actor=director, read=st.session_state.get(version)
        )
    except CompcoreError as exc:
        st.session_state[f"{key}_unsaved"] = state.refused(run, exc)
    else:
        st.session_state.pop(f"{key}_unsaved", None)


def drop_draft(key: str) -> None:
    """Throw the draft away, here and in the database."""
    state.forget(draft_session_keys(key))
    try:
        drafts.discard(run.store, cid, number, actor=director)
    except CompcoreError as exc:
        state.flash("warning", state.refused(run, exc))


def saved_by(restored: drafts.Restored) -> dict[str, str]:
    when = clock.local(restored.saved_at, run.lang)
    return {"director": md(changelog.actor_words(restored.saved_by, run.lang)), "time": when}


def restore_draft(key: str, *, late: bool) -> None:
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
        restored = drafts.restore(run.store, season, cid, number)
    except CompcoreError as exc:
        st.warning(state.refused(run, exc))
        return
    if restored is None or restored.draft.late != late:
        return
    if restored.stale:
        st.warning(tr("app.draft.stale", number=number, **saved_by(restored)))
        if st.button(tr("app.draft.discard_stale"), key=f"{key}_discard_stale"):
            drop_draft(key)
            st.rerun()
        return
    if not first_view:
        st.info(tr("app.draft.available", **saved_by(restored)))
        if not st.button(tr("app.draft.load"), key=f"{key}_load"):
            return
    st.session_state[key] = restored.draft
    st.session_state[f"{key}_version"] = restored.version
    st.session_state[f"{key}_note"] = tr("app.draft.restored", **saved_by(restored))


# --------------------------------------------------------------------------- after publishing

EDIT_FORM = f"published_edit_{cid}_{number}"


def published_changes() -> None:
    """A latecomer, a player who leaves before playing, a board by hand: the change is
    shown with the live rule check before it is saved (boards with a result never change)."""
    what_key = state.widget_key(EDIT_FORM, f"edit_what_{cid}_{number}")
    open_key, opened = f"edit_open_{cid}_{number}", f"edit_opened_{cid}_{number}"
    # the round as the director opened this page (the section drawn, open or not; a save
    # gives its widgets new keys): what ``state.seen(what_key, ...)`` kept while the radio
    # was drawn on every run, also when the section is closed and its radio is not drawn
    marker = state.SEEN_PREFIX + what_key
    if open_key not in st.session_state or marker not in st.session_state:
        st.session_state[marker] = stored
    read: Round = st.session_state[marker]
    basis = season.with_round(read)
    if read == stored:
        st.session_state.pop(opened, None)
    elif not st.session_state.get(opened):
        st.session_state[open_key] = True  # saved since: open (once), to say so
        st.session_state[opened] = True
    box, is_open = lazy_expander(tr("app.edit.title"), open_key)
    if not is_open:
        return
    with box:
        st.caption(tr("app.edit.help"))
        if read != stored:  # saved since (results too): start again from the stored round
            st.info(tr("app.edit.changed", number=number))
            if st.button(tr("app.edit.reload"), key=f"edit_reload_{cid}_{number}"):
                state.renew(EDIT_FORM)
                st.rerun()
        what = st.radio(tr("app.edit.what"), ["late", "leave", "hand"], key=what_key,
                        format_func=lambda w: tr(f"app.edit.what.{w}"))  # fmt: skip
        try:
            change = {"late": latecomer_change, "leave": leaver_change, "hand": hand_change}[what](
                basis, read
            )
        except CompcoreError as exc:
            st.error(state.refused(run, exc))
            return
        if change is not None:
            show_change(change, read)


def _pick(label: str, options: list[str], name: str, **kw: object) -> str | None:
    if not options:
        st.info(tr("app.edit.nobody"))
        return None
    key = state.widget_key(EDIT_FORM, f"edit_{name}_{cid}_{number}")
    return st.selectbox(label, options, key=key, **kw)  # type: ignore[arg-type]


def _free_label(read: Round, pid: str, template: str) -> str:
    kind = (read.entries or {}).get(pid)
    if kind is None:
        return tr("app.edit.how.engine", name=md(run.name(pid)))
    return tr(template, name=md(run.name(pid)), kind=tr(f"kind.{kind.value}"))


def stored_memo(read: Round, key: tuple[object, ...], compute: Callable[[], T]) -> T:
    """``compute()`` once per stored revision when the section shows the stored round
    (a preview is the engine's or the rule check's work, the same on every run)."""
    if read != stored:
        return compute()
    return state.memo(run, ("published_changes", cid, number, *key), compute)


def latecomer_change(basis: Season, read: Round) -> pb.Change | None:
    who = _pick(tr("app.edit.latecomer"), pb.latecomers(basis, read), "late", format_func=run.name)
    if who is None:
        return None
    free = stored_memo(read, ("free",), lambda: pb.free_players(basis, ruleset, read))
    labels = {f"pair:{pid}": _free_label(read, pid, "app.edit.how.pair") for pid in free}
    labels |= {"bye": tr("app.edit.how.bye"), "repair": tr("app.edit.how.repair")}
    how = _pick(tr("app.edit.how"), list(labels), "how", format_func=labels.get)
    if how == "bye":
        return pb.late_bye(basis, ruleset, number, who)
    if how == "repair":
        return stored_memo(read, ("repair", who),
                           lambda: pb.late_repaired(basis, ruleset, number, who))  # fmt: skip
    partner = str(how).removeprefix("pair:")
    return stored_memo(read, ("late", who, partner),
                       lambda: pb.late_paired(basis, ruleset, number, who, partner))  # fmt: skip


def leaver_change(basis: Season, read: Round) -> pb.Change | None:
    who = _pick(tr("app.edit.leaver"), pb.leavers(basis, read), "leave", format_func=run.name)
    if who is None:
        return None
    free = [p for p in stored_memo(read, ("free",), lambda: pb.free_players(basis, ruleset, read))
            if p != who]  # fmt: skip
    labels = {"bye": tr("app.edit.opponent.bye")}
    labels |= {f"pair:{p}": tr("app.edit.opponent.pair", name=md(run.name(p))) for p in free}
    how = _pick(tr("app.edit.opponent"), list(labels), "opponent", format_func=labels.get)
    partner = None if how in (None, "bye") else str(how).removeprefix("pair:")
    return stored_memo(read, ("left", who, partner),
                       lambda: pb.player_left(basis, ruleset, number, who, partner))  # fmt: skip


def hand_change(basis: Season, read: Round) -> pb.Change | None:
    labels = {"colours": tr("app.edit.hand.colours"), "exchange": tr("app.edit.hand.exchange")}
    how = _pick(tr("app.edit.hand.how"), list(labels), "hand", format_func=labels.get)
    if how == "colours":
        open_boards = [i for i, g in enumerate(read.games or (), 1) if g.result is None]
        board = _pick(tr("app.round.board"), open_boards, "board")
        return None if board is None else pb.swap_colours(basis, number, int(board))
    players = pb.movable(basis, read)
    a = _pick(tr("app.round.player_a"), players, "a", format_func=run.name)
    b = _pick(tr("app.round.player_b"), [p for p in players if p != a], "b", format_func=run.name)
    return None if a is None or b is None else pb.exchange(basis, number, a, b)


def show_change(change: pb.Change, read: Round) -> None:
    """The round as the change makes it, the rule check, the reason when a rule breaks,
    and the save button."""
    st.markdown(f"**{tr('app.edit.preview')}**")
    rows = [{tr("app.col.board"): i, tr("app.col.white"): md(run.name(g.white)),
             tr("app.col.black"): md(run.name(g.black)),
             tr("app.col.result"): tr(f"app.result.{g.result.value}") if g.result else "—"}
            for i, g in enumerate(change.round.games or (), 1)]  # fmt: skip
    st.table(pd.DataFrame(rows), hide_index=True)
    for pid, kind in (change.round.entries or {}).items():
        if (change.read.entries or {}).get(pid) != kind:
            st.markdown(f"- {md(run.name(pid))}: {tr(f'kind.{kind.value}')}")
    violations = checked(change, read)
    for v in violations:
        (st.warning if not v.overridden else st.info)(md(rs.violation_text(v, run.lang, names)))
    if not rs.needs_override(violations):
        st.success(tr("app.round.check_ok"))
        reason = ""
    else:
        reason = st.text_input(tr("app.round.override_reason"),
                               key=state.widget_key(EDIT_FORM, f"edit_reason_{cid}_{number}"))  # fmt: skip
    if st.button(tr("app.edit.save"), type="primary",
                 key=state.widget_key(EDIT_FORM, f"edit_save_{cid}_{number}")):  # fmt: skip
        state.write(
            run,
            lambda actor: pb.save(run.store, cid, change, reason=reason, actor=actor),
            tr("app.edit.saved", number=number),
            form=EDIT_FORM,
        )


def checked(change: pb.Change, read: Round) -> list[Violation]:
    """The rule check of ``change``: once per stored revision for a change the memo keeps
    (the same object on every run), else computed."""
    if read != stored:
        return pb.check(season, ruleset, change)
    made, violations = stored_memo(read, ("check", id(change)),
                                   lambda: (change, pb.check(season, ruleset, change)))  # fmt: skip
    return violations if made is change else pb.check(season, ruleset, change)


def show_sheet() -> None:
    """The published round: boards and results, print and download."""
    rows = sheets.rows(season, ruleset, stored, run.lang)
    white, black = tr("app.col.white"), tr("app.col.black")
    printed = pd.DataFrame(
        [
            {tr("app.col.board"): r.board, white: r.white, black: r.black,
             tr("app.col.result"): r.result}
            for r in rows
        ],
        columns=[tr("app.col.board"), white, black, tr("app.col.result")],
    )  # fmt: skip
    frame = printed.copy()  # on screen a name opens the player's page
    pairs = list(zip(stored.games or (), rows, strict=True))
    frame[white] = [links.player_url(run, g.white, r.white) for g, r in pairs]
    frame[black] = [links.player_url(run, g.black, r.black) for g, r in pairs]
    printing.table(printed, caption=tr("sheet.title", round=number))
    tables.dataframe(  # a name opens the player's page (issue 10, item 1)
        frame,
        hide_index=True,
        width="stretch",
        column_config={c: links.name_column(c) for c in (white, black)},
    )
    for r in rows:
        if r.note:
            st.caption(f"{tr('app.col.board')} {r.board}: {md(r.note)}")
    ladder_link.board_notes(run, stored)  # boards of a linked competition (MG-8)
    ladder_link.played_on(run, season, stored)
    others = entries_frame(stored, run.lang, names)
    if len(others):
        box, is_open = lazy_expander(tr("sheet.sitting_out"), f"sitting_out_open_{cid}_{number}")
        if is_open:
            with box:
                tables.dataframe(others, hide_index=True, width="stretch")
        printing.table(others, caption=tr("sheet.sitting_out"))
    c1, c2, c3 = st.columns(3)
    c1.download_button(
        tr("app.round.download_html"),
        sheets.to_html(season, ruleset, stored, run.lang),
        file_name=f"indeling-ronde-{number}.html",
        mime="text/html",
        key="sheet_html",
    )
    c2.download_button(
        tr("app.round.download_csv"),
        sheets.to_csv(season, ruleset, stored, run.lang),
        file_name=f"indeling-ronde-{number}.csv",
        mime="text/csv",
        key="sheet_csv",
    )
    c3.download_button(  # issue 18 item 6: ';', UTF-8 with a BOM
        tr("app.round.download_excel"),
        csv_bytes(sheets.to_csv(season, ruleset, stored, run.lang, excel=True), excel=True),
        file_name=f"indeling-ronde-{number}-excel.csv",
        mime="text/csv",
        help=tr("app.sheets.excel_help"),
        key="sheet_excel",
    )


def result_boxes(form: str) -> tuple[dict[int, str | None], dict[int, str | None]]:
    """One result box per board (inside ``form``): what the director entered, and what
    each box showed when the form was opened."""
    options = ["", *rs.RESULTS]
    entered: dict[int, str | None] = {}
    read: dict[int, str | None] = {}
    for i, game in enumerate(stored.games or ()):
        key = result_key(form, i, game)
        current = game.result.value if game.result else ""
        read[i] = state.seen(key, current)
        entered[i] = st.selectbox(
            f"{i + 1}. {md(names.get(game.white, game.white))} – "
            f"{md(names.get(game.black, game.black))}",
            options,
            index=options.index(current),
            format_func=lambda r: tr(f"app.result.{r}") if r else "—",
            key=key,
        )
    return entered, read


def result_key(form: str, i: int, game: Game) -> str:
    """The key of board ``i``'s result box (from 0) in the form's current generation."""
    return state.widget_key(form, f"res_{cid}_{number}_{i}_{game.white}_{game.black}")


def results_form() -> None:
    """Result per board; save (partial) or finalize (every board has a result). Only the
    boards the director changed are sent. A finalized round is corrected through a preview
    (:func:`correction`)."""
    st.subheader(tr("app.round.results"))
    form = f"results_{cid}_{number}"
    if stage == "complete":
        correction(form)
        return
    with st.form(form):
        result_boxes(form)
        c1, c2 = st.columns(2)
        c1.form_submit_button(tr("app.round.save_results"), on_click=save_results_now,
                              args=(form, stored, False))  # fmt: skip
        c2.form_submit_button(tr("app.round.finalize"), type="primary",
                              on_click=save_results_now, args=(form, stored, True))  # fmt: skip
    state.show_refused(form)


def save_results_now(form: str, shown: Round, final: bool) -> None:
    """The results form's callback (save, or finalize with ``final``): the boards whose
    box the director changed, from the boxes' values; the next run shows the outcome."""
    entered, read = {}, {}
    for i, game in enumerate(shown.games or ()):
        key = result_key(form, i, game)
        entered[i] = st.session_state.get(key)
        read[i] = st.session_state.get(state.SEEN_PREFIX + key)
    boards = rs.changed_boards(shown, entered, read)
    done = tr("app.round.finalized", number=number) if final else tr("app.round.results_saved")
    saved: list[Season] = []
    state.write_now(
        run,
        lambda actor: saved.append(rs.save_results(run.store, cid, number, boards,
                                                   finalize=final, reason=None, actor=actor)),
        done,
        where=form,
        form=form,
        kept=lambda: boxes_show(form, shown, saved[0]),
    )  # fmt: skip


def boxes_show(form: str, shown: Round, saved: Season) -> bool:
    """Whether every result box of ``form`` (drawn for ``shown``) shows the round as
    ``saved`` holds it (the usual case after a save: the director's boxes were stored);
    if so, that is now what each box read (``state.seen``), and the boxes keep their keys
    instead of being drawn afresh (:func:`state.write_now`)."""
    now = rs.stored_round(saved, number)
    games = shown.games or ()
    if now is None or len(now.games or ()) != len(games):
        return False
    keys = {}
    for i, (old, new) in enumerate(zip(games, now.games or (), strict=True)):
        key = result_key(form, i, old)
        value = new.result.value if new.result else ""
        if (old.white, old.black) != (new.white, new.black) or st.session_state.get(key) != value:
            return False
        keys[key] = value
    for key, value in keys.items():
        st.session_state[state.SEEN_PREFIX + key] = value
    return True


def correction(form: str) -> None:
    """Item 5: correcting a finalized round. "Bekijk gevolgen" shows what the changed
    boards do to the standings; "Correctie opslaan" with a reason stores them."""
    preview_key = f"correction_{cid}_{number}"
    with st.form(form):
        entered, read = result_boxes(form)
        look = st.form_submit_button(tr("app.round.preview_button"), type="primary")
    if look:
        boards = rs.changed_boards(stored, entered, read)
        if not boards:
            st.info(tr("app.round.no_change"))
            state.forget([preview_key])
            return
        st.session_state[preview_key] = boards
    boards = st.session_state.get(preview_key)
    if boards:
        correction_preview(form, preview_key, boards)


def correction_preview(form: str, preview_key: str, boards: list[BoardResult]) -> None:
    """The standings after the latest round before and after, then the reason and save."""
    try:
        shown = corrections.preview(season, ruleset, number, boards)
    except CompcoreError as exc:
        st.error(state.refused(run, exc))
        state.forget([preview_key])
        state.renew(form)
        return
    st.markdown(f"#### {tr('app.round.preview_title', round=shown.after_round)}")
    for b in boards:
        before, after = (result_label(r.value if r else None, run.lang) or "—"
                         for r in (b.read, b.new))  # fmt: skip
        st.markdown(tr("app.round.preview_board", board=b.board, before=before, after=after))
    if shown.moved:
        st.table(moved_frame(shown.moved), hide_index=True)
    else:
        st.info(tr("app.round.preview_none"))
    st.caption(tr("app.round.preview_kept"))
    st.text_input(tr("app.round.correction_reason"), key=f"{preview_key}_reason")  # read on save
    c1, c2 = st.columns(2)
    if c2.button(tr("app.cancel"), key=f"{preview_key}_cancel"):
        state.forget([preview_key])
        st.rerun()
    c1.button(tr("app.round.save_correction"), type="primary", key=f"{preview_key}_save",
              on_click=correct_now, args=(form, preview_key, boards))  # fmt: skip
    state.show_refused(f"{preview_key}_save")


def correct_now(form: str, preview_key: str, boards: list[BoardResult]) -> None:
    """The correction's save button's callback, with the reason typed beside it."""
    reason = st.session_state.get(f"{preview_key}_reason", "")
    saved: list[Season] = []
    state.write_now(
        run,
        lambda actor: saved.append(rs.correct_results(run.store, cid, number, boards,
                                                      reason=reason, actor=actor)),
        tr("app.round.corrected", number=number),
        where=f"{preview_key}_save",
        form=form,
        forget_keys=[preview_key],
        kept=lambda: stored is not None and boxes_show(form, stored, saved[0]),
    )  # fmt: skip


def moved_frame(moved: tuple[corrections.Moved, ...]) -> pd.DataFrame:
    """The players whose place or score the correction changes, as displayed."""
    decimals = ruleset.display_decimals
    return pd.DataFrame(
        [
            {
                tr("app.col.player"): md(m.name),
                tr("app.col.place_before"): m.place_before,
                tr("app.col.place_after"): m.place_after,
                tr("app.col.score_before"): decimal(m.score_before, decimals, run.lang),
                tr("app.col.score_after"): decimal(m.score_after, decimals, run.lang),
            }
            for m in moved
        ]
    )


def reopen() -> None:
    """Reopen the finalized round after a confirmation with a reason (logged)."""
    confirm_key = f"reopen_confirm_{cid}_{number}"
    if not st.session_state.get(confirm_key):
        if st.button(tr("app.round.reopen", number=number), key="reopen"):
            st.session_state[confirm_key] = True
            st.rerun()
        return
    read = state.seen(confirm_key, stored)  # the round as the director confirmed
    st.warning(tr("app.round.reopen_confirm", number=number))
    reason = st.text_input(tr("app.round.reopen_reason"), key="reopen_reason")
    c1, c2 = st.columns(2)
    if c2.button(tr("app.cancel"), key="reopen_cancel"):
        state.forget([confirm_key])
        st.rerun()
    if c1.button(tr("app.round.reopen_yes", number=number), type="primary", key="reopen_yes"):
        state.write(
            run,
            lambda actor: rs.reopen(run.store, cid, number, reason=reason, read=read,
                                    actor=actor),
            tr("app.round.reopened", number=number),
            forget_keys=[confirm_key],
        )  # fmt: skip


def late_repairing() -> None:
    """DS-14: re-pair the players whose opponent did not come."""
    if late_key in st.session_state:
        st.subheader(tr("app.round.late_title"))
        show_draft(st.session_state[late_key], late_key)
        return
    waiting = rs.late_candidates(season, stored)
    if not waiting:
        return
    box, is_open = lazy_expander(tr("app.round.late_title"), f"late_open_{cid}_{number}")
    if not is_open:
        return
    with box:
        st.caption(tr("app.round.late_help"))
        no_shows = st.multiselect(
            tr("app.round.no_shows"), waiting, format_func=run.name,
            placeholder=tr("app.placeholder.choose"), key=f"noshow_{cid}_{number}",
        )  # fmt: skip
        engine = rs.late_away_engine(season, ruleset, stored)
        engine_off = engine is not None and st.checkbox(
            tr("app.round.engine_away", engine=md(run.name(engine))),
            key=f"late_engine_away_{cid}_{number}",
        )
        if st.button(tr("app.round.late_pair"), key=f"late_pair_{cid}_{number}"):
            try:
                draft = rs.propose_late(season, ruleset, number, no_shows, engine_away=engine_off)
            except CompcoreError as exc:
                st.error(state.refused(run, exc))
                return
            keep_draft(late_key, draft)
            st.rerun()


def undo() -> None:
    """Delete the last stored round after a confirmation (the log keeps it); offered on that
    round and on the new round after it."""
    last = rs.undo_target(season, number)
    if last is None:
        return
    confirm_key = f"undo_confirm_{cid}_{last}"
    st.divider()
    if not st.session_state.get(confirm_key):
        if st.button(tr("app.round.undo", number=last), key="undo"):
            st.session_state[confirm_key] = True
            st.rerun()
        return
    read = state.seen(confirm_key, rs.stored_round(season, last))  # as the director confirmed
    st.warning(tr("app.round.undo_confirm", number=last))
    c1, c2 = st.columns(2)
    if c2.button(tr("app.cancel"), key="undo_cancel"):
        state.forget([confirm_key])
        st.rerun()
    c1.button(tr("app.round.undo_yes", number=last), type="primary", key="undo_yes",
              on_click=undo_now, args=(last, read, confirm_key))  # fmt: skip
    state.show_refused("undo_yes")


def undo_now(last: int, read: Round | None, confirm_key: str) -> None:
    """The undo confirmation's callback: the next run shows the round gone."""

    def delete(actor):
        rs.undo(run.store, cid, last, read=read, actor=actor)
        st.session_state.pop(f"draft_{cid}_{last}", None)

    state.write_now(run, delete, tr("app.round.undone", number=last), where="undo_yes",
                    forget_keys=[confirm_key])  # fmt: skip


def attendance() -> None:
    """Who is there (entry kind per player), forced games, then pair."""
    attending.prepare_pairing()  # the pairing engine imported now, not in the click
    options = rs.attendance_kinds(ruleset)
    players = rs.listed_players(season, number)
    ordered = rs.attendance_order(players, rs.standings_places(run.standings()))
    forced_key = f"forced_{cid}_{number}"
    part = ladder_link.evening(run, number)  # boards of competitions played within this one
    forced: list[ForcedGame] = st.session_state.setdefault(
        forced_key, ln.own_forced(stored.forced or (), part) if stored is not None else []
    )
    form = f"attendance_{cid}_{number}"
    date_key = state.widget_key(form, f"date_{cid}_{number}")
    read = state.seen(date_key, stored)  # the round as the form was opened
    st.subheader(tr("app.round.attendance"))
    # the members' own sign-offs (issue 10) since the list was saved; a linked board's
    # players play (MG-8)
    marking = attending.starting_marks(run.store, cid, number, part)
    marks, marked, starts = marking.marks, marking.marked, marking.starts
    query = st.text_input(tr("app.round.search"), key=f"att_search_{cid}_{number}",
                          placeholder=tr("app.round.search_placeholder"))  # fmt: skip
    listed = rs.find_players(ordered, query)
    if len(listed) < len(players):
        st.caption(tr("app.round.search_hidden", shown=len(listed), total=len(players)))
    with st.form(form):
        default_day = (
            Date.fromisoformat(stored.date)
            if stored is not None and stored.date
            else next_round_date(season, number, Date.today())
        )
        st.date_input(tr("app.round.date"), value=default_day, format=tr("app.date_format"),
                      key=date_key)  # fmt: skip
        engine = rs.away_engine(season, ruleset, number)
        engine_key = state.widget_key(form, f"engine_away_{cid}_{number}")
        if engine is not None:
            st.checkbox(
                tr("app.round.engine_away", engine=md(run.name(engine))),
                value=rs.engine_away_default(stored, engine),
                help=tr("app.round.engine_away_help"),
                key=engine_key,
            )
        columns = st.columns(3)
        per_column = max(1, -(-len(listed) // 3))  # down each column: a phone stacks them
        shown: dict[str, str] = {}
        boxes: dict[str, str] = {}  # player id -> the key of the box shown for them
        for i, player in enumerate(listed):
            default = rs.default_choice(player, stored, options, starts)
            boxes[player.id] = state.widget_key(form, f"att_{cid}_{number}_{player.id}")
            shown[player.id] = columns[i // per_column].selectbox(
                md(player.name),  # a label reads Markdown: a name is text
                options,
                index=options.index(default),
                format_func=lambda c: rs.kind_label(c, run.lang),
                key=boxes[player.id],
            )
        evening_key = state.widget_key(form, f"ladder_round_{cid}_{number}")
        evening_no = ladder_link.pick_evening(run, season, stored, evening_key)
        shown_form = AttendanceForm(
            form, date_key, engine, engine_key, boxes,
            evening_key if evening_no is not None else None, players, options, starts, read,
        )  # fmt: skip
        c1, c2 = st.columns(2)
        c1.form_submit_button(tr("app.round.save_attendance"), on_click=attendance_now,
                              args=(shown_form, False))  # fmt: skip
        c2.form_submit_button(tr("app.round.pair"), type="primary", on_click=attendance_now,
                              args=(shown_form, True))  # fmt: skip
    state.show_refused(form)
    chosen = rs.attendance_choices(players, shown, stored, options, starts)  # hidden ones kept
    signoff_links.show_marks(run, ruleset, marks, used=bool(marked))
    present = sum(1 for c in chosen.values() if c == rs.PRESENT)
    st.caption(tr("app.round.present_count", count=present, total=len(players)))

    st.markdown(f"#### {tr('app.round.forced')}")
    ladder_link.show_boards(run, part)
    for i, game in enumerate(forced):
        c1, c2 = st.columns([4, 1])
        why = rs.forced_why(game, run.lang)
        c1.markdown(md(f"{run.name(game.white)} – {run.name(game.black)} ({why})"))
        if c2.button(tr("app.remove"), key=f"forced_rm_{i}"):
            forced.pop(i)
            st.rerun()
    box, is_open = lazy_expander(tr("app.round.forced_add"), f"forced_open_{cid}_{number}")
    if not is_open:
        return
    with box:
        ids = [p.id for p in players]
        w = st.selectbox(tr("app.col.white"), ids, format_func=run.name, key="forced_w")
        b = st.selectbox(tr("app.col.black"), ids, index=min(1, len(ids) - 1),
                         format_func=run.name, key="forced_b")  # fmt: skip
        why = st.text_input(tr("app.round.forced_reason"), key="forced_why")
        if st.button(tr("app.add"), key="forced_add"):
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


def attendance_now(shown: AttendanceForm, pair_now: bool) -> None:
    """The attendance form's buttons' callback (save, or save and pair with ``pair_now``):
    the round from the boxes' values, stored, and the proposal kept; the run that follows
    shows it, so a click costs one script run (issue 19). A refusal is shown under the
    form (:func:`state.show_refused`)."""
    values = st.session_state
    boxes = {pid: values[key] for pid, key in shown.boxes.items() if key in values}
    chosen = rs.attendance_choices(shown.players, boxes, stored, shown.options, shown.starts)
    day = values.get(shown.date_key)
    engine_off = shown.engine is not None and bool(values.get(shown.engine_key))
    rnd = rs.open_round(
        number, chosen, values.get(f"forced_{cid}_{number}", []),
        date=day.isoformat() if day else None, cycle=cycle, previous=stored,
        engine_away=shown.engine if engine_off else None,
        ladder_round=values.get(shown.evening_key) if shown.evening_key else None,
    )  # fmt: skip
    taken: list[rs.Attendance] = []

    def save(actor: Director) -> None:
        taken.append(rs.take_attendance(run.store, cid, rnd, actor=actor, read=shown.read,
                                        pair_now=pair_now))  # fmt: skip

    done = tr("app.round.paired" if pair_now else "app.round.attendance_saved")
    state.write_now(run, save, done, where=shown.form, form=shown.form)
    if not taken:
        return
    if taken[0].draft is not None:
        keep_draft(draft_key, taken[0].draft)
    if taken[0].pairing_error is not None:
        error = md(taken[0].pairing_error.describe(run.lang))
        state.flash("warning", tr("app.round.pair_failed", error=error))


# --------------------------------------------------------------------------- the page

if director is None:
    if stage in ("new", "open"):
        st.info(tr("app.round.not_published", number=number))
    else:
        show_sheet()
    if run.login_enabled:
        st.caption(tr("app.round.login_hint"))
elif stage in ("new", "open") or draft_key in st.session_state:
    restore_draft(draft_key, late=False)
    if draft_key in st.session_state:
        st.subheader(tr("app.round.proposal", number=number))
        show_draft(st.session_state[draft_key], draft_key)
    else:
        attendance()
    undo()
    tables.warm_up()  # the sheet's table code loads now, not on the publish click
else:
    show_sheet()
    if stage == "published":
        restore_draft(late_key, late=True)
    if stage == "published" and (ruleset.pairing.late_repairing or late_key in st.session_state):
        late_repairing()
    if late_key not in st.session_state:
        if stage == "published" and not scheduled:
            published_changes()
        results_form()
    if stage == "complete":
        st.divider()
        reopen()
    if not scheduled:
        undo()
