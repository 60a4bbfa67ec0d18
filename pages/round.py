"""Ronde / Round: attendance, pairing (with the why of every board), edits checked live,
publishing, the pairing sheet, results, finalizing, late re-pairing (DS-14) and undo.

The workflow is :mod:`compcore.services.round`; this page collects the director's input,
calls it and shows the outcome. Each form remembers what it showed (``state.seen``), so a
save sends only what the director changed and is refused if someone else changed the same
thing meanwhile. Anyone who is not logged in sees the published pairing and the results.
"""

from datetime import date as Date

import pandas as pd
import streamlit as st

from compcore.adapters.winners_report import cup_status
from compcore.errors import CompcoreError, StaleWriteError
from compcore.model import ForcedGame
from compcore.services import round as rs
from ui import sheets, state
from ui.markdown import md
from ui.tables import entries_frame

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
number = st.selectbox(
    tr("app.round.choose"),
    choices,
    index=choices.index(rs.opening_round(season, choices, director=run.director is not None)),
    format_func=lambda n: (
        tr("app.round.label", number=n)
        + (tr("app.round.label_new") if n not in {r.number for r in season.rounds} else "")
    ),
    key=round_key,
)
stage = rs.stage(season, number)
stored = rs.stored_round(season, number)
cycle = rs.round_cycle(season, ruleset, number)
if ruleset.shows_cycles:
    st.caption(tr("app.cycle_label", cycle=ruleset.cycle_label(cycle)))
draft_key = f"draft_{cid}_{number}"
late_key = f"late_{cid}_{number}"
director = run.director
if director is not None:
    st.caption(tr(f"app.round.stage.{stage}"))


def show_draft(draft: rs.Draft, key: str) -> None:
    """The proposed pairing, why each board is there, edits with the live rule check."""
    pairing = draft.pairing
    lang = run.lang
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
            st.rerun()
    movable = draft.movable(engines)
    if len(movable) > 1:
        a = col2.selectbox(tr("app.round.player_a"), movable, format_func=run.name, key=f"{key}_a")
        b = col2.selectbox(tr("app.round.player_b"), movable, index=1, format_func=run.name,
                           key=f"{key}_b")  # fmt: skip
        if col2.button(tr("app.round.exchange"), key=f"{key}_exchange"):
            draft.exchange(a, b)
            st.rerun()
    if draft.edited() and st.button(tr("app.round.reset"), key=f"{key}_reset"):
        st.session_state[key] = draft.reset()
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
    override = ""
    if open_ones:
        override = st.text_input(tr("app.round.override_reason"), key=f"{key}_override")
    c1, c2 = st.columns(2)
    publish = c1.button(tr("app.round.publish"), type="primary", key=f"{key}_publish")
    if c2.button(tr("app.round.discard"), key=f"{key}_discard"):
        st.session_state.pop(key, None)
        st.rerun()
    if publish:

        def save(actor):
            rs.publish(run.store, cid, draft, reason=override, actor=actor)
            st.session_state.pop(key, None)

        state.write(run, save, tr("app.round.published", number=number))


def show_sheet() -> None:
    """The published round: boards and results, print and download."""
    rows = sheets.rows(season, ruleset, stored, run.lang)
    frame = pd.DataFrame(
        [
            {
                tr("app.col.board"): r.board,
                tr("app.col.white"): r.white,
                tr("app.col.black"): r.black,
                tr("app.col.result"): r.result,
            }
            for r in rows
        ]
    )
    st.dataframe(frame, hide_index=True, width="stretch")
    for r in rows:
        if r.note:
            st.caption(f"{tr('app.col.board')} {r.board}: {md(r.note)}")
    others = entries_frame(stored, run.lang, names)
    if len(others):
        with st.expander(tr("sheet.sitting_out")):
            st.dataframe(others, hide_index=True, width="stretch")
    c1, c2 = st.columns(2)
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


def results_form() -> None:
    """Result per board; save (partial) or finalize (every board has a result). Only the
    boards the director changed are sent; correcting a finalized round needs a reason."""
    st.subheader(tr("app.round.results"))
    options = ["", *rs.RESULTS]
    entered: dict[int, str | None] = {}
    read: dict[int, str | None] = {}
    form = f"results_{cid}_{number}"
    correction = rs.needs_correction_reason(season, number)
    with st.form(form):
        for i, game in enumerate(stored.games or ()):
            key = state.widget_key(form, f"res_{cid}_{number}_{i}_{game.white}_{game.black}")
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
        reason = ""
        if correction:
            reason = st.text_input(tr("app.round.correction_reason"),
                                   key=state.widget_key(form, f"correction_{cid}_{number}"))  # fmt: skip
        c1, c2 = st.columns(2)
        save = c1.form_submit_button(tr("app.round.save_results"))
        final = c2.form_submit_button(tr("app.round.finalize"), type="primary")
    if not (save or final):
        return
    boards = rs.changed_boards(stored, entered, read)
    done = tr("app.round.finalized", number=number) if final else tr("app.round.results_saved")
    state.write(
        run,
        lambda actor: rs.save_results(run.store, cid, number, boards, finalize=final,
                                      reason=reason, actor=actor),
        done,
        form=form,
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
    with st.expander(tr("app.round.late_title")):
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
            st.session_state[late_key] = draft
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
    if c1.button(tr("app.round.undo_yes", number=last), type="primary", key="undo_yes"):

        def delete(actor):
            rs.undo(run.store, cid, last, read=read, actor=actor)
            st.session_state.pop(f"draft_{cid}_{last}", None)

        state.write(run, delete, tr("app.round.undone", number=last), forget_keys=[confirm_key])


def attendance() -> None:
    """Who is there (entry kind per player), forced games, then pair."""
    options = rs.attendance_kinds(ruleset)
    players = rs.listed_players(season, number)
    ordered = rs.attendance_order(players, rs.standings_places(run.standings()))
    forced_key = f"forced_{cid}_{number}"
    forced: list[ForcedGame] = st.session_state.setdefault(
        forced_key, list(stored.forced or ()) if stored is not None else []
    )
    form = f"attendance_{cid}_{number}"
    date_key = state.widget_key(form, f"date_{cid}_{number}")
    read = state.seen(date_key, stored)  # the round as the form was opened
    st.subheader(tr("app.round.attendance"))
    query = st.text_input(tr("app.round.search"), key=f"att_search_{cid}_{number}",
                          placeholder=tr("app.round.search_placeholder"))  # fmt: skip
    listed = rs.find_players(ordered, query)
    if len(listed) < len(players):
        st.caption(tr("app.round.search_hidden", shown=len(listed), total=len(players)))
    with st.form(form):
        default_day = (
            Date.fromisoformat(stored.date) if stored is not None and stored.date else Date.today()
        )
        day = st.date_input(tr("app.round.date"), value=default_day, format=tr("app.date_format"),
                            key=date_key)  # fmt: skip
        engine = rs.away_engine(season, ruleset, number)
        engine_off = engine is not None and st.checkbox(
            tr("app.round.engine_away", engine=md(run.name(engine))),
            value=rs.engine_away_default(stored, engine),
            help=tr("app.round.engine_away_help"),
            key=state.widget_key(form, f"engine_away_{cid}_{number}"),
        )
        columns = st.columns(3)
        per_column = max(1, -(-len(listed) // 3))  # down each column: a phone stacks them
        shown: dict[str, str] = {}
        for i, player in enumerate(listed):
            default = rs.default_choice(player, stored, options)
            shown[player.id] = columns[i // per_column].selectbox(
                md(player.name),  # a label reads Markdown: a name is text
                options,
                index=options.index(default),
                format_func=lambda c: rs.kind_label(c, run.lang),
                key=state.widget_key(form, f"att_{cid}_{number}_{player.id}"),
            )
        c1, c2 = st.columns(2)
        save = c1.form_submit_button(tr("app.round.save_attendance"))
        pair_now = c2.form_submit_button(tr("app.round.pair"), type="primary")
    chosen = rs.attendance_choices(players, shown, stored, options)  # the hidden ones kept
    present = sum(1 for c in chosen.values() if c == rs.PRESENT)
    st.caption(tr("app.round.present_count", count=present, total=len(players)))

    st.markdown(f"#### {tr('app.round.forced')}")
    for i, game in enumerate(forced):
        c1, c2 = st.columns([4, 1])
        why = rs.forced_why(game, run.lang)
        c1.markdown(md(f"{run.name(game.white)} – {run.name(game.black)} ({why})"))
        if c2.button(tr("app.remove"), key=f"forced_rm_{i}"):
            forced.pop(i)
            st.rerun()
    with st.expander(tr("app.round.forced_add")):
        ids = [p.id for p in players]
        w = st.selectbox(tr("app.col.white"), ids, format_func=run.name, key="forced_w")
        b = st.selectbox(tr("app.col.black"), ids, index=min(1, len(ids) - 1),
                         format_func=run.name, key="forced_b")  # fmt: skip
        why = st.text_input(tr("app.round.forced_reason"), key="forced_why")
        if st.button(tr("app.add"), key="forced_add"):
            forced.append(ForcedGame(w, b, why.strip() or None))
            st.rerun()

    if not (save or pair_now):
        return
    rnd = rs.open_round(
        number, chosen, forced, date=day.isoformat() if day else None,
        cycle=cycle, previous=stored, engine_away=engine if engine_off else None,
    )  # fmt: skip
    try:
        taken = rs.take_attendance(run.store, cid, rnd, actor=director, read=read,
                                   pair_now=pair_now)  # fmt: skip
    except CompcoreError as exc:
        st.error(state.refused(run, exc))
        if isinstance(exc, StaleWriteError):
            state.renew(form)
        return
    state.renew(form)  # the form now shows what was stored
    if taken.draft is not None:
        st.session_state[draft_key] = taken.draft
    if taken.pairing_error is not None:
        state.flash(
            "warning", tr("app.round.pair_failed", error=md(taken.pairing_error.describe(run.lang)))
        )
        st.rerun()
    state.flash("success", tr("app.round.paired" if pair_now else "app.round.attendance_saved"))
    st.rerun()


# --------------------------------------------------------------------------- the page

if director is None:
    if stage in ("new", "open"):
        st.info(tr("app.round.not_published", number=number))
    else:
        show_sheet()
    if run.login_enabled:
        st.caption(tr("app.round.login_hint"))
elif stage in ("new", "open"):
    if draft_key in st.session_state:
        st.subheader(tr("app.round.proposal", number=number))
        show_draft(st.session_state[draft_key], draft_key)
    else:
        attendance()
    undo()
else:
    show_sheet()
    if stage == "published" and ruleset.pairing.late_repairing:
        late_repairing()
    if late_key not in st.session_state:
        results_form()
    undo()
