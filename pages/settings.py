"""Instellingen / Competition settings: the preset and its overrides (edited as JSON or TOML,
validated by compcore on save), the club's own settings (time control, arbiter: the KNSB
submission's header), the preset's TOML, the change log, and the season file (download as
a backup; the director can import one as a new competition)."""

import json

import pandas as pd
import streamlit as st

from compcore.domain.errors import CompcoreError
from compcore.domain.model import thaw
from compcore.services import changelog, logins, reading
from compcore.services import settings as cs
from compcore.services.rulelab import proposals
from ui import clock, club_settings, context, rulelab, state, tables, toml_text
from ui.markdown import md

run = state.ctx()
tr = run.tr
st.title(tr("app.page.settings"))
here = context.page(run)
season, ruleset = run.season(), run.ruleset()
cid = here.cid
ref = season.ruleset
overrides = thaw(ref.overrides)

st.markdown(f"**{tr('app.settings.preset')}:** {md(reading.preset_title(ref.preset, run.lang))} "
            f"(`{ref.preset}`)")  # fmt: skip
description = (
    ruleset.description_nl if run.lang == "nl" and ruleset.description_nl else ruleset.description
)
st.caption(md(description))
st.markdown(f"**{tr('app.settings.overrides')}:**")
st.code(json.dumps(overrides, ensure_ascii=False, indent=2) if overrides else "{}", language="json")


if run.director is not None:
    st.subheader(tr("app.settings.change"))
    form = f"ruleset_{cid}"
    preset_key = state.widget_key(form, f"set_preset_{cid}")
    read = state.seen(preset_key, ref)  # the ruleset as the form was opened
    presets = list(reading.preset_names())
    formats = ["json", "toml"] if toml_text.roundtrips(overrides) else ["json"]
    fmt = st.radio(tr("app.settings.format"), formats, horizontal=True,
                   format_func=str.upper, key=f"set_fmt_{cid}")  # fmt: skip
    with st.form(form):
        preset = st.selectbox(
            tr("app.settings.preset"),
            presets,
            index=presets.index(ref.preset) if ref.preset in presets else 0,
            format_func=lambda p: reading.preset_title(p, run.lang),
            key=preset_key,
        )
        if fmt == "toml":
            start = toml_text.dumps(overrides)
        else:
            start = json.dumps(overrides, ensure_ascii=False, indent=2) if overrides else "{}"
        text = st.text_area(tr("app.settings.overrides"), value=start, height=180,
                            key=state.widget_key(form, f"set_text_{cid}_{fmt}"))  # fmt: skip
        reason = st.text_input(tr("app.settings.reason"),
                               key=state.widget_key(form, f"set_reason_{cid}"))  # fmt: skip
        c1, c2 = st.columns(2)
        check = c1.form_submit_button(tr("app.settings.validate"))
        save = c2.form_submit_button(tr("app.settings.save"), type="primary")
    if check or save:
        try:
            data = cs.checked_overrides(preset, text or "", fmt)
        except CompcoreError as exc:
            st.error(tr("app.settings.invalid", error=md(exc.describe(run.lang))))
        else:
            if check:
                st.success(tr("app.settings.valid"))
            else:
                state.write(
                    run,
                    lambda actor: cs.set_ruleset(
                        run.store,
                        cid,
                        preset,
                        data,
                        actor=actor,
                        reason=(reason or "").strip() or None,
                        read=read,
                    ),
                    tr("app.settings.saved"),
                    form=form,
                )

if run.director is not None:  # the club's own settings: the KNSB submission's header
    club_settings.render(run, season.club)

with st.expander(tr("app.settings.source", preset=ref.preset)):
    st.code(reading.preset_source(ref.preset), language="toml")

with st.expander(tr("app.settings.log")):
    entries = cs.change_log(run.store, cid, limit=50)
    columns = ["app.col.when", "app.col.who", "app.col.action", "app.col.reason", "app.col.change"]
    tables.dataframe(
        pd.DataFrame(
            [
                [
                    clock.local(e.at, run.lang),
                    changelog.actor_words(e.actor, run.lang),
                    changelog.action_words(e.action, run.lang),
                    changelog.reason_words(e.reason, run.lang),
                    changelog.describe(e.before, e.after, run.lang, run.names()),
                ]
                for e in entries
            ],
            columns=[tr(c) for c in columns],
        ),
        hide_index=True,
        width="stretch",
    )

with st.expander(tr("rulelab.proposals")):  # the rule lab's proposals (issue 13 item 1)
    rulelab.show_proposals(proposals(run.store, cid), run.lang)

if run.director is not None:  # who tried to log in: addresses and names, for directors only
    with st.expander(tr("app.settings.login_log")):
        attempts = logins.recent_attempts(run.address, 50)  # a file this cannot open: none
        login_columns = ["app.col.when", "app.col.login_name", "app.col.address",
                         "app.col.outcome", "app.col.failures", "app.col.wait"]  # fmt: skip
        tables.dataframe(
            pd.DataFrame(
                [
                    [
                        clock.local(a.at, run.lang, seconds=True),
                        a.name,
                        a.address or "",
                        tr(f"login.outcome.{a.outcome}"),
                        a.failures,
                        f"{a.wait_seconds:g}",
                    ]
                    for a in attempts
                ],
                columns=[tr(c) for c in login_columns],
            ),
            hide_index=True,
            width="stretch",
        )

st.subheader(tr("app.settings.file"))
st.download_button(
    tr("app.settings.export"),
    lambda: cs.season_text(season),  # written on the click, not on every run
    file_name=f"{season.competition}-{season.season}.json".replace(" ", "-").lower(),
    mime="application/json",
    key="export_season",
)
st.download_button(
    tr("app.settings.site"),
    lambda: cs.site_zip(run.store, run.lang),  # made on the click, not on every run
    file_name="website.zip",
    mime="application/zip",
    help=tr("app.settings.site_help"),
    key="export_site",
)
if run.director is not None:
    upload = st.file_uploader(tr("app.settings.import"), type=["json"], key="import_season")
    if upload is not None and st.button(tr("app.settings.do_import"), key="do_import_season"):
        try:
            new_season = cs.uploaded_season(upload.getvalue(), upload.name)
        except CompcoreError as exc:
            st.error(tr("app.error.refused", error=md(exc.describe(run.lang))))
        else:
            state.write(
                run,
                lambda actor: cs.import_season(run.store, new_season, actor=actor),
                tr("app.settings.imported", name=md(new_season.competition)),
            )
