"""The sidebar every page shares: language, competition picker, director login/logout."""

from __future__ import annotations

import math

import streamlit as st

from compcore.domain import errors
from compcore.domain.errors import CompcoreError
from compcore.services import competitions, logins, opening
from compcore.services.vocabulary import Wait
from ui import config, login, remember, state
from ui.markdown import md
from ui.state import COMPETITION_KEY, DIRECTOR_KEY, LANG_KEY, Ctx


def competition_label(run: Ctx, cid: int) -> str:
    info = next((c for c in run.competitions if c.id == cid), None)
    if info is None:
        return str(cid)
    return f"{info.competition} · {info.season} · {info.club}"


def render(run: Ctx) -> None:
    bar = st.sidebar
    bar.segmented_control(
        run.tr("app.sidebar.language"),
        options=["nl", "en"],
        format_func=lambda code: {"nl": "NL", "en": "EN"}[code],
        key=LANG_KEY,
        required=True,
        default=None if LANG_KEY in st.session_state else "nl",
    )
    if run.competitions:
        bar.selectbox(
            run.tr("app.sidebar.competition"),
            options=[c.id for c in competitions.picker(run.competitions, run.cid)],
            format_func=lambda cid: competition_label(run, cid),
            key=COMPETITION_KEY,
        )
    if run.opened.seeded:
        bar.caption(run.tr("app.sidebar.seeded", count=len(run.opened.seeded)))
    for problem in run.opened.seed_errors:
        bar.warning(run.tr("app.sidebar.seed_error", error=md(problem.describe(run.lang))))
    read_only = opening.read_only_words(run.opened)
    if read_only is not None:
        reason = errors.render(read_only, run.lang)
        bar.info(run.tr("app.error.read_only", reason=md(reason)))
    bar.divider()
    remember.write_cookie()
    _login(run)


def _login(run: Ctx) -> None:
    bar = st.sidebar
    if run.hash_problem:
        bar.error(run.tr("app.login.bad_hash", error=md(run.hash_problem.describe(run.lang))))
    if not run.login_enabled:
        bar.info(run.tr("app.login.disabled"))
        return
    if run.login is not None:
        if run.director is not None:
            bar.success(run.tr("app.login.logged_in", name=run.login.name))
        else:  # another club's competition (issue 21 item 3)
            info = run.info
            bar.info(run.tr("app.login.other_club", name=run.login.name,
                            club=md(info.club if info else "")))  # fmt: skip
        clubs = logins.writes_for(run.directors, run.login)
        if clubs is not None:
            bar.caption(run.tr("app.login.writes_for", clubs=md(", ".join(clubs))))
        if bar.button(run.tr("app.login.logout"), key="logout"):
            if not remember.end(run.address):
                bar.error(run.tr("app.login.logout_failed"))
                return
            st.session_state.pop(DIRECTOR_KEY, None)
            state.flash("success", run.tr("app.login.logged_out"))
            st.rerun()
        return
    gate, problem = login.gate(run)
    for wrong in (problem, config.session_lifetime().problem):
        if wrong is not None:
            bar.warning(run.tr("app.login.bad_settings", error=md(wrong.describe(run.lang))))
    with bar.form("login", clear_on_submit=True, border=False):
        name = st.text_input(run.tr("app.login.name"), key="login_name")
        password = st.text_input(run.tr("app.login.password"), type="password", key="password")
        submitted = st.form_submit_button(run.tr("app.login.submit"))
    if not submitted:
        return
    try:
        result = gate.attempt(name or "", password or "", login.client())
    except CompcoreError as exc:  # a malformed hash (checked at start, so rare)
        bar.error(md(exc.describe(run.lang)))
        return
    if result.director is None:
        bar.error(_refusal(run, result.wait, checked=result.checked))
        return
    st.session_state[DIRECTOR_KEY] = result.director
    remember.start(run.address, result.director, run.directors)
    state.flash("success", run.tr("app.login.welcome", name=result.director.name))
    st.rerun()


def _refusal(run: Ctx, wait: Wait, *, checked: bool) -> str:
    """Why no login: a wrong name or password and how long to wait, or too early."""
    seconds = math.ceil(round(wait.seconds, 3))  # round: 900.0000001 s is 900 s
    if wait.locked:
        locked = run.tr("app.login.locked", minutes=math.ceil(seconds / 60))
        return f"{run.tr('app.login.wrong')} {locked}" if checked else locked
    if not checked:
        return run.tr("app.login.too_soon", seconds=seconds)
    if seconds <= 0:
        return run.tr("app.login.wrong")
    return f"{run.tr('app.login.wrong')} {run.tr('app.login.wait', seconds=seconds)}"
