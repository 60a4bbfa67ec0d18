"""Instellingen, for a director: the club's own settings (issue 18 item 5), the time
control and the chief arbiter that head the KNSB rating submission. The page only shows
and collects: the check and the write are ``Store.save_club_settings``
(``compcore.rules.club_settings``)."""

from __future__ import annotations

import streamlit as st

from compcore.rules.club_settings import NAMES, ClubSettings
from ui import state
from ui.markdown import md


def render(run: state.Ctx, club: str) -> None:
    """The club's settings as a form: one text field per setting, saved together."""
    tr = run.tr
    st.subheader(tr("app.club.title"))
    st.caption(tr("app.club.help", club=md(club)))
    form = f"club_settings_{club}"
    current = run.store.club_settings(club)
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
        new = ClubSettings(**{n: values[n] or None for n in NAMES})
        state.write(
            run,
            lambda actor: run.store.save_club_settings(club, new, actor=actor, read=read),
            tr("app.club.saved", club=md(club)),
            form=form,
        )
