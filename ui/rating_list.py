"""Spelers: a federation rating list (KNSB CSV, FIDE TXT/XML) uploaded, previewed with a
progress bar while it is read, and applied from a round on (issue 11 item 4). The page
only shows: reading and matching is ``compcore.services.ratings.preview``."""

from __future__ import annotations

import pandas as pd
import streamlit as st
from streamlit.runtime.uploaded_file_manager import UploadedFile

from compcore.domain.errors import CompcoreError
from compcore.domain.model import RatingChange, Season
from compcore.services import players as ps
from compcore.services import ratings
from compcore.services.vocabulary import Ruleset
from ui import state, tables
from ui.markdown import md


def render(run: state.Ctx, cid: int, season: Season, ruleset: Ruleset) -> None:
    """The upload, the round the ratings apply from, the preview and the apply button."""
    tr = run.tr
    st.subheader(tr("app.ratings.title"))
    st.caption(tr("app.ratings.help"))
    form = f"rating_form_{cid}"  # after a save it starts afresh: no file, no old errors
    upload = st.file_uploader(tr("app.ratings.file"), type=["csv", "txt", "xml"],
                              key=state.widget_key(form, f"rating_list_{cid}"))  # fmt: skip
    last = ps.last_round(season, ruleset)
    first = min(season.last_played + 1, last)
    from_round = st.number_input(tr("app.players.from_round"), min_value=1, max_value=last,
                                 value=first, step=1, key=f"rating_round_{cid}")  # fmt: skip
    if upload is None:
        return
    try:
        seen = _preview(run, season, upload, int(from_round))
    except CompcoreError as exc:
        st.error(exc.describe(run.lang))
        return
    skip = False
    if seen.bad:
        _bad_rows(run, seen)
        skip = st.checkbox(tr("app.ratings.skip_bad"),
                           key=state.widget_key(form, f"rating_skip_bad_{cid}"))  # fmt: skip
        if not skip:
            return
    changes, numbers = seen.to_store(skip), seen.numbers_to_store(skip)
    _show(run, seen, changes, int(from_round))
    apply_key = f"rating_apply_{cid}"
    read = state.seen(apply_key, (season.ratings or (), season.players))
    if not (changes or numbers):
        return
    label = (tr("app.ratings.save", count=len(changes), numbers=len(numbers)) if numbers
             else tr("app.ratings.apply", count=len(changes)))  # fmt: skip
    if st.button(label, type="primary", key=apply_key):
        done = (tr("app.ratings.saved", count=len(changes), round=int(from_round),
                   numbers=len(numbers)) if numbers
                else tr("app.ratings.applied", count=len(changes), round=int(from_round)))  # fmt: skip
        state.write(
            run,
            lambda actor: ratings.import_ratings(run.store, cid, changes, read=read[0],
                                                 actor=actor, numbers=numbers,
                                                 read_players=read[1]),
            done,
            form=form,
            forget_keys=[apply_key],
        )  # fmt: skip


def _preview(
    run: state.Ctx, season: Season, upload: UploadedFile, from_round: int
) -> ratings.Preview:
    """The list read and matched, with a progress bar; kept in the session for this upload,
    round and database revision, so a rerun (another widget) does not read a big list again."""
    key = f"rating_preview_{run.cid}"
    stamp = (upload.file_id, from_round, run.revision)
    kept = st.session_state.get(key)
    if kept is not None and kept[0] == stamp:
        known: ratings.Preview = kept[1]
        return known
    bar = st.progress(0.0, text=run.tr("app.ratings.reading"))

    def show(fraction: float) -> None:
        bar.progress(fraction)

    try:
        seen = ratings.preview(season, upload, from_round, show)
    finally:
        bar.empty()
    st.session_state[key] = (stamp, seen)
    return seen


def _bad_rows(run: state.Ctx, seen: ratings.Preview) -> None:
    tr = run.tr
    st.error(tr("ratings.bad_rows", count=len(seen.bad)))
    rows = [{tr("app.col.line"): b.line, tr("app.col.problem"): b.problem.render(run.lang)}
            for b in seen.bad]  # fmt: skip
    tables.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")


def _show(
    run: state.Ctx, seen: ratings.Preview, changes: tuple[RatingChange, ...], from_round: int
) -> None:
    """The summary, one row per player found, and who is missing or named twice."""
    tr, result = run.tr, seen.result
    st.info(tr("ratings.summary", rows=result.rows, matched=len(result.matches),
               changed=len(changes), round=from_round, unmatched=len(result.unmatched),
               ambiguous=len(result.ambiguous)))  # fmt: skip
    changed = {c.player for c in changes}
    yes_no = {True: "yes", False: "no"}
    rows = [
        {
            tr("app.col.player"): m.player.name,
            tr("app.ratings.col_old"): "" if m.old is None else str(m.old),
            tr("app.ratings.col_new"): "" if m.new is None else str(m.new),
            tr("app.ratings.col_how"): tr(f"ratings.how.{m.how}"),
            tr("app.col.line"): m.line,
            tr("app.ratings.col_changes"): tr(f"app.ratings.{yes_no[m.player.id in changed]}"),
            tr("app.ratings.col_number"): m.number or "",
        }
        for m in result.matches
    ]
    if rows:
        tables.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")
    for p in result.unmatched:
        st.caption(tr("ratings.unmatched", name=md(p.name)))
    for a in result.ambiguous:
        lines = ", ".join(map(str, a.lines))
        key = "ratings.ambiguous_roster" if a.where == "roster" else "ratings.ambiguous"
        st.warning(tr(key, name=md(a.player.name), lines=lines))
    family = "knsb" if seen.kind == "knsb" else "fide"
    for c in result.conflicts:
        st.warning(tr(f"ratings.conflict.{family}", name=md(c.player.name), ours=c.ours,
                      theirs=c.theirs, line=c.line))  # fmt: skip
    for b in result.bad_numbers:
        st.warning(tr(f"ratings.bad_number.{family}", name=md(b.player.name),
                      number=md(b.number), line=b.line))  # fmt: skip
