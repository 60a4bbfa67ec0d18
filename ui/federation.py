"""Competities, for a director: the federation's files (issue 11). Per competition the TRF16
download and the KNSB rating submission (a round range, the report of who is left out,
the file); and a new competition from an uploaded TRF16 file (preview, then create). The
work is :mod:`compcore.services.federation`; this module only shows it."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from compcore.domain.errors import CompcoreError
from compcore.services import federation, reading
from compcore.services import settings as stored_settings
from compcore.services.vocabulary import Director, TrfDocument
from ui import state, tables
from ui.markdown import md


def exports(run: state.Ctx, cid: int) -> None:
    """The chosen competition's TRF download and its KNSB rating submission."""
    tr = run.tr
    season, ruleset = run.season_of(cid), run.ruleset_of(cid)
    st.markdown(f"**{tr('app.fed.title')}**")
    # the files once per stored revision (state.memo), not on every run of the page
    trf = state.memo(run, ("fed_trf", cid), lambda: federation.trf_download(season, ruleset))
    st.download_button(tr("app.fed.trf_download"), trf.text, file_name=trf.name,
                       mime="text/plain", key=f"fed_trf_{cid}")  # fmt: skip
    st.markdown(f"**{tr('app.fed.knsb')}**")
    st.caption(tr("app.fed.knsb_help"))
    if season.last_played < 1:
        st.info(tr("app.fed.knsb_none_played"))
        return
    c1, c2 = st.columns(2)
    first = c1.number_input(tr("app.fed.knsb_from"), value=1, step=1, key=f"fed_knsb_from_{cid}")
    last = c2.number_input(tr("app.fed.knsb_to"), value=season.last_played, step=1,
                           key=f"fed_knsb_to_{cid}")  # fmt: skip

    def submission_of() -> tuple[federation.Download, int, str]:
        settings = stored_settings.club_settings(run.store, season.club)
        knsb, submission = federation.knsb_download(season, int(first), int(last), settings)
        left_out = "\n".join(f"- {md(p.render(run.lang))}" for p in submission.left_out)
        return knsb, len(submission.left_out), left_out

    try:
        knsb, count, left_out = state.memo(
            run, ("fed_knsb", cid, int(first), int(last), run.lang), submission_of
        )
    except CompcoreError as exc:
        st.error(md(exc.describe(run.lang)))
        return
    if count:
        # a season's report runs to hundreds of lines: folded, the count on the fold
        with st.expander(tr("app.fed.knsb_left_out", count=count)):
            st.markdown(left_out)
    else:
        st.caption(tr("app.fed.knsb_all_in"))
    st.download_button(tr("app.fed.knsb_download", first=int(first), last=int(last)), knsb.text,
                       file_name=knsb.name, mime="text/plain", key=f"fed_knsb_{cid}")  # fmt: skip


def new_from_trf(run: state.Ctx) -> None:
    """Upload a TRF file, see its players and rounds, name the competition, create it."""
    tr = run.tr
    st.subheader(tr("app.fed.import_title"))
    st.caption(tr("app.fed.import_help"))
    upload = st.file_uploader(tr("app.fed.import_file"), type=["trf", "txt"], key="fed_upload")
    if upload is None:
        return
    try:
        document = federation.read_upload(upload.getvalue())
    except CompcoreError as exc:
        st.error(tr("app.fed.import_bad", error=md(exc.describe(run.lang))))
        return
    _preview(run, document)
    clubs = sorted({c.club for c in run.competitions})
    club = st.text_input(tr("setup.field.club"), value=clubs[0] if clubs else "",
                         key="fed_club")  # fmt: skip
    season = st.text_input(tr("setup.field.season"), key="fed_season")
    name = st.text_input(tr("setup.field.name"), key="fed_name")
    preset = st.selectbox(tr("setup.field.preset"), federation.swiss_presets(), key="fed_preset",
                          format_func=lambda p: reading.preset_title(p, run.lang))  # fmt: skip
    if not st.button(tr("app.fed.import_create"), type="primary", key="fed_create"):
        return
    try:
        new = federation.trf_competition(
            document, club=club or "", season=season or "", name=name or "", preset=str(preset),
            existing=run.competitions,
        )  # fmt: skip
    except CompcoreError as exc:
        st.error(md(exc.describe(run.lang)))
        return

    def create(actor: Director) -> int:
        cid = stored_settings.import_season(run.store, new, actor=actor)
        st.session_state[state.CHOOSE_KEY] = cid
        return cid

    state.write(run, create, tr("app.fed.import_created", name=md(new.competition)))


def _preview(run: state.Ctx, document: TrfDocument) -> None:
    """How many players and rounds, and each player's number, name, rating and points."""
    tr = run.tr
    played = document.round_to_pair - 1
    st.caption(tr("app.fed.import_preview", players=len(document.players), rounds=played,
                  next=document.round_to_pair))  # fmt: skip
    tables.dataframe(
        pd.DataFrame([{tr("app.fed.col_number"): r.number, tr("app.players.col_name"): r.name,
                       tr("app.players.col_rating"): r.rating,
                       tr("app.fed.col_points"): float(r.points)}
                      for r in federation.trf_players(document)]),
        hide_index=True, width="stretch",
    )  # fmt: skip
