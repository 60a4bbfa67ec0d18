"""Instellingen, for a director: the club's own settings (issue 18 item 5), the time
control and the chief arbiter that head the KNSB rating submission. The page only shows
and collects: the check and the write are ``Store.save_club_settings``
(``compcore.rules.club_settings``)."""

from __future__ import annotations

import streamlit as st

from compcore.services import settings
from compcore.services.vocabulary import CLUB_SETTING_NAMES as NAMES
from ui import state
from ui.markdown import md


def render(run: state.Ctx, club: str) -> None:
    """The club's settings as a form: one text field per setting, saved together."""
    tr = run.tr
    st.subheader(tr("app.club.title"))
    st.caption(tr("app.club.help", club=md(club)))
    form = f"club_settings_{club}"
    current = settings.club_settings(run.store, club)
    read = state.seen(state.widget_key(form, "club_tempo"), current)  # as the form showed it
    values: dict[str, str] = {}
    with st.form(form):
        for name in NAMES:
            values[name] = st.text_input(
                tr(f"club.setting.{name}").capitalize(),
                value=getattr(current, name) or "",
                key=state.widget_key(form, f"club_{name}"),
            )
        save = st.form_submit_button(tr("app.club.save"), type="primary")
    if save:
        state.write(
            run,
            lambda actor: settings.save_club_settings(
                run.store, club, values, actor=actor, read=read
            ),
            tr("app.club.saved", club=md(club)),
            form=form,
        )
