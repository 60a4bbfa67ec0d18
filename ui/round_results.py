"""Ronde, the published round: the pairing sheet (print and download), the results form
(save, finalize), the correction of a finalized round through a preview of what it does
to the standings, and reopening a finalized round."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from compcore.adapters.files.csv_text import csv_bytes
from compcore.domain.errors import CompcoreError
from compcore.domain.model import Game, Round, Season
from compcore.present.reports import decimal
from compcore.services import corrections, results
from compcore.services import round as rs
from compcore.services.vocabulary import BoardResult
from ui import ladder_link, links, printing, round_entry, sheets, state, tables
from ui.markdown import md
from ui.round_view import RoundView, lazy_expander
from ui.tables import entries_frame, result_label


def show_sheet(v: RoundView) -> None:
    """The published round: boards and results, print and download."""
    rows = sheets.rows(v.season, v.ruleset, v.published, v.run.lang)
    white, black = v.tr("app.col.white"), v.tr("app.col.black")
    printed = pd.DataFrame(
        [
            {v.tr("app.col.board"): r.board, white: r.white, black: r.black,
             v.tr("app.col.result"): r.result}
            for r in rows
        ],
        columns=[v.tr("app.col.board"), white, black, v.tr("app.col.result")],
    )  # fmt: skip
    frame = printed.copy()  # on screen a name opens the player's page
    pairs = list(zip(v.published.games or (), rows, strict=True))
    frame[white] = [links.player_url(v.run, g.white, r.white) for g, r in pairs]
    frame[black] = [links.player_url(v.run, g.black, r.black) for g, r in pairs]
    printing.table(printed, caption=v.tr("sheet.title", round=v.number))
    tables.dataframe(  # a name opens the player's page (issue 10, item 1)
        frame,
        hide_index=True,
        width="stretch",
        column_config={c: links.name_column(c) for c in (white, black)},
    )
    for r in rows:
        if r.note:
            st.caption(f"{v.tr('app.col.board')} {r.board}: {md(r.note)}")
    ladder_link.board_notes(v.run, v.published)  # boards of a linked competition (MG-8)
    ladder_link.played_on(v.run, v.season, v.published)
    others = entries_frame(v.published, v.run.lang, v.names)
    if len(others):
        box, is_open = lazy_expander(
            v.tr("sheet.sitting_out"), f"sitting_out_open_{v.cid}_{v.number}"
        )
        if is_open:
            with box:
                tables.dataframe(others, hide_index=True, width="stretch")
        printing.table(others, caption=v.tr("sheet.sitting_out"))
    c1, c2, c3 = st.columns(3)
    c1.download_button(
        v.tr("app.round.download_html"),
        sheets.to_html(v.season, v.ruleset, v.published, v.run.lang),
        file_name=f"indeling-ronde-{v.number}.html",
        mime="text/html",
        key="sheet_html",
    )
    c2.download_button(
        v.tr("app.round.download_csv"),
        sheets.to_csv(v.season, v.ruleset, v.published, v.run.lang),
        file_name=f"indeling-ronde-{v.number}.csv",
        mime="text/csv",
        key="sheet_csv",
    )
    c3.download_button(  # issue 18 item 6: ';', UTF-8 with a BOM
        v.tr("app.round.download_excel"),
        csv_bytes(
            sheets.to_csv(v.season, v.ruleset, v.published, v.run.lang, excel=True), excel=True
        ),
        file_name=f"indeling-ronde-{v.number}-excel.csv",
        mime="text/csv",
        help=v.tr("app.sheets.excel_help"),
        key="sheet_excel",
    )


def result_boxes(v: RoundView, form: str) -> tuple[dict[int, str | None], dict[int, str | None]]:
    """One result box per board (inside ``form``): what the director entered, and what
    each box showed when the form was opened."""
    options = ["", *results.RESULTS]
    entered: dict[int, str | None] = {}
    read: dict[int, str | None] = {}
    for i, game in enumerate(v.published.games or ()):
        key = result_key(v, form, i, game)
        current = game.result.value if game.result else ""
        read[i] = state.seen(key, current)
        entered[i] = st.selectbox(
            f"{i + 1}. {md(v.names.get(game.white, game.white))} – "
            f"{md(v.names.get(game.black, game.black))}",
            options,
            index=options.index(current),
            format_func=lambda r: v.tr(f"app.result.{r}") if r else "—",
            key=key,
        )
    return entered, read


def result_key(v: RoundView, form: str, i: int, game: Game) -> str:
    """The key of board ``i``'s result box (from 0) in the form's current generation."""
    return state.widget_key(form, f"res_{v.cid}_{v.number}_{i}_{game.white}_{game.black}")


def results_form(v: RoundView) -> None:
    """The round's results: entered a tap per board (:mod:`ui.round_entry`) until the round
    is finalized; a finalized round is corrected through a preview (:func:`correction`)."""
    if v.stage != "complete":
        round_entry.entry_form(v)  # a tap per board, kept at once (issue 22 item 1)
        return
    st.subheader(v.tr("app.round.results"))
    correction(v, f"results_{v.cid}_{v.number}")


def boxes_show(v: RoundView, form: str, shown: Round, saved: Season) -> bool:
    """Whether every result box of ``form`` (drawn for ``shown``) shows the round as
    ``saved`` holds it (the usual case after a save: the director's boxes were stored);
    if so, that is now what each box read (``state.seen``), and the boxes keep their keys
    instead of being drawn afresh (:func:`state.write_now`)."""
    now = rs.stored_round(saved, v.number)
    games = shown.games or ()
    if now is None or len(now.games or ()) != len(games):
        return False
    keys = {}
    for i, (old, new) in enumerate(zip(games, now.games or (), strict=True)):
        key = result_key(v, form, i, old)
        value = new.result.value if new.result else ""
        if (old.white, old.black) != (new.white, new.black) or st.session_state.get(key) != value:
            return False
        keys[key] = value
    for key, value in keys.items():
        st.session_state[state.SEEN_PREFIX + key] = value
    return True


def correction(v: RoundView, form: str) -> None:
    """Item 5: correcting a finalized round. "Bekijk gevolgen" shows what the changed
    boards do to the standings; "Correctie opslaan" with a reason stores them."""
    preview_key = f"correction_{v.cid}_{v.number}"
    with st.form(form):
        entered, read = result_boxes(v, form)
        look = st.form_submit_button(v.tr("app.round.preview_button"), type="primary")
    if look:
        boards = results.changed_boards(v.published, entered, read)
        if not boards:
            st.info(v.tr("app.round.no_change"))
            state.forget([preview_key])
            return
        st.session_state[preview_key] = boards
    kept: list[BoardResult] | None = st.session_state.get(preview_key)
    if kept:
        correction_preview(v, form, preview_key, kept)


def correction_preview(
    v: RoundView, form: str, preview_key: str, boards: list[BoardResult]
) -> None:
    """The standings after the latest round before and after, then the reason and save."""
    try:
        shown = corrections.preview(v.season, v.ruleset, v.number, boards)
    except CompcoreError as exc:
        st.error(state.refused(v.run, exc))
        state.forget([preview_key])
        state.renew(form)
        return
    st.markdown(f"#### {v.tr('app.round.preview_title', round=shown.after_round)}")
    for b in boards:
        before, after = (result_label(r.value if r else None, v.run.lang) or "—"
                         for r in (b.read, b.new))  # fmt: skip
        st.markdown(v.tr("app.round.preview_board", board=b.board, before=before, after=after))
    if shown.moved:
        st.table(moved_frame(v, shown.moved), hide_index=True)
    else:
        st.info(v.tr("app.round.preview_none"))
    st.caption(v.tr("app.round.preview_kept"))
    st.text_input(v.tr("app.round.correction_reason"), key=f"{preview_key}_reason")  # read on save
    c1, c2 = st.columns(2)
    if c2.button(v.tr("app.cancel"), key=f"{preview_key}_cancel"):
        state.forget([preview_key])
        st.rerun()
    c1.button(v.tr("app.round.save_correction"), type="primary", key=f"{preview_key}_save",
              on_click=correct_now, args=(v, form, preview_key, boards))  # fmt: skip
    state.show_refused(f"{preview_key}_save")


def correct_now(v: RoundView, form: str, preview_key: str, boards: list[BoardResult]) -> None:
    """The correction's save button's callback, with the reason typed beside it."""
    reason = st.session_state.get(f"{preview_key}_reason", "")
    saved: list[Season] = []
    state.write_now(
        v.run,
        lambda actor: saved.append(results.correct_results(v.run.store, v.cid, v.number, boards,
                                                      reason=reason, actor=actor)),
        v.tr("app.round.corrected", number=v.number),
        where=f"{preview_key}_save",
        form=form,
        forget_keys=[preview_key],
        kept=lambda: v.stored is not None and boxes_show(v, form, v.published, saved[0]),
    )  # fmt: skip


def moved_frame(v: RoundView, moved: tuple[corrections.Moved, ...]) -> pd.DataFrame:
    """The players whose place or score the correction changes, as displayed."""
    decimals = v.ruleset.display_decimals
    return pd.DataFrame(
        [
            {
                v.tr("app.col.player"): md(m.name),
                v.tr("app.col.place_before"): m.place_before,
                v.tr("app.col.place_after"): m.place_after,
                v.tr("app.col.score_before"): decimal(m.score_before, decimals, v.run.lang),
                v.tr("app.col.score_after"): decimal(m.score_after, decimals, v.run.lang),
            }
            for m in moved
        ]
    )


def reopen(v: RoundView) -> None:
    """Reopen the finalized round after a confirmation with a reason (logged)."""
    confirm_key = f"reopen_confirm_{v.cid}_{v.number}"
    if not st.session_state.get(confirm_key):
        if st.button(v.tr("app.round.reopen", number=v.number), key="reopen"):
            st.session_state[confirm_key] = True
            st.rerun()
        return
    read = state.seen(confirm_key, v.published)  # the round as the director confirmed
    st.warning(v.tr("app.round.reopen_confirm", number=v.number))
    reason = st.text_input(v.tr("app.round.reopen_reason"), key="reopen_reason")
    c1, c2 = st.columns(2)
    if c2.button(v.tr("app.cancel"), key="reopen_cancel"):
        state.forget([confirm_key])
        st.rerun()
    if c1.button(v.tr("app.round.reopen_yes", number=v.number), type="primary", key="reopen_yes"):
        state.write(
            v.run,
            lambda actor: results.reopen(v.run.store, v.cid, v.number, reason=reason, read=read,
                                    actor=actor),
            v.tr("app.round.reopened", number=v.number),
            forget_keys=[confirm_key],
        )  # fmt: skip
