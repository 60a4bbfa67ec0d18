"""Competities / Competitions: every competition of the database (current, older, archived),
each one can be opened to read; a logged-in director creates a new competition (typed fields
checked as he types, an advanced overrides editor, a calendar of club evenings, a roster
copied from an earlier competition with a preview) and archives or deletes one (the season
file offered for download first, deleting confirmed by typing the name, both logged)."""

from datetime import date as Date
from typing import Any

import pandas as pd
import streamlit as st

from compcore.domain.errors import CompcoreError, Part, render
from compcore.domain.model import WEEKDAYS
from compcore.ports.values import CompetitionInfo
from compcore.present.dates import day_text
from compcore.services import competitions, reading, settings, setup
from ui import federation, state, tables
from ui import groups as group_form
from ui import pools_cup as pools_cup_view
from ui.markdown import md
from ui.state import CHOOSE_KEY, COMPETITION_KEY

run = state.ctx()
tr = run.tr
st.title(tr("app.page.competitions"))
NEW_CLUB = None  # the club picker's "new club" option
#: the director tried to create with a field not filled in: now every empty one is named
TRIED_KEY = "new_tried"


def choose(cid: int) -> None:
    st.session_state[COMPETITION_KEY] = cid


def listing(title: str, infos: list[CompetitionInfo], key: str) -> None:
    """One section of the list: a table and a button per competition to open it."""
    st.subheader(title)
    if not infos:
        st.caption(tr("app.comps.none"))
        return
    tables.dataframe(
        pd.DataFrame([{tr("app.col.competition"): c.competition, tr("app.col.club"): c.club,
                       tr("app.col.season"): c.season, tr("app.col.preset"): c.preset,
                       tr("app.col.rounds"): c.rounds_played, tr("app.col.players"): c.players}
                      for c in infos]),
        hide_index=True, width="stretch",
    )  # fmt: skip
    for c in infos:
        label = tr("app.comps.open", name=f"{c.competition} · {c.season} · {c.club}")
        if st.button(label, key=f"{key}_open_{c.id}", on_click=choose, args=(c.id,)):
            st.switch_page("pages/standings.py")


listing(tr("app.comps.current"), competitions.current(run.competitions), "current")
listing(tr("app.comps.older"), competitions.older(run.competitions), "older")
listing(tr("app.comps.archive"), competitions.archived(run.competitions), "archive")


def problem(slot: Any, found: dict[str, Part], key: str) -> None:
    """The field's error under it (an empty slot when it is right)."""
    if key in found:
        slot.error(md(str(render(found[key], run.lang))))


def typed_widget(preset: str, override: setup.TypedOverride, default: Any) -> Any:
    label, key = tr(f"setup.override.{override.key}"), f"new_ov_{preset}_{override.key}"
    if override.kind == "bool":
        return st.checkbox(label, value=bool(default), key=key)
    if override.kind == "choice":
        options = list(override.options)
        return st.selectbox(label, options, index=options.index(default), key=key,
                            format_func=lambda v: tr(f"setup.choice.{v}"))  # fmt: skip
    return st.number_input(label, value=int(default), step=1, key=key)


def advanced_overrides(found: dict[str, Part]) -> dict[str, Any]:
    """The raw JSON/TOML editor; its syntax error goes with the overrides' field."""
    with st.expander(tr("app.comps.advanced")):
        fmt = st.radio(tr("app.settings.format"), ["json", "toml"], horizontal=True,
                       format_func=str.upper, key="new_fmt")  # fmt: skip
        text = st.text_area(tr("setup.field.overrides"), value="", height=120,
                            help=tr("app.comps.advanced_help"), key=f"new_text_{fmt}")  # fmt: skip
        try:
            return setup.parse_overrides(text or "", fmt)
        except CompcoreError as exc:
            found["overrides"] = exc
            return {}


def club_field() -> str:
    clubs = sorted({c.club for c in run.competitions})
    options = [*clubs, NEW_CLUB]
    chosen = st.selectbox(tr("setup.field.club"), options, key="new_club_choice",
                          format_func=lambda c: tr("app.comps.new_club") if c == NEW_CLUB else c)  # fmt: skip
    if chosen is not NEW_CLUB:
        return str(chosen)
    return st.text_input(tr("app.comps.club_name"), key="new_club") or ""


def roster_preview(source_id: int | None, preset: str, overrides: dict[str, Any]) -> None:
    if source_id is None:
        return
    try:
        players = setup.copy_roster(run.season_of(source_id), reading.ruleset_of(preset, overrides))
    except CompcoreError:  # the overrides' own error is shown under their field
        return
    st.caption(tr("app.comps.preview", count=len(players)))
    tables.dataframe(
        pd.DataFrame([{tr("app.players.col_id"): p.id, tr("app.players.col_name"): p.name,
                       tr("app.players.col_rating"): p.rating,
                       tr("app.players.col_level"): p.level or "",
                       tr("app.players.col_flags"): ", ".join(p.flags or ()),
                       tr("app.players.col_participation"):
                           tr(f"app.participation.{p.participation or 'always'}")}
                      for p in players]),
        hide_index=True, width="stretch",
    )  # fmt: skip


def identity_fields(slots: dict[str, Any]) -> tuple[str, str, str]:
    """The club, the season and the competition's name, each with its error slot."""
    club = club_field()
    slots["club"] = st.empty()
    season = st.text_input(tr("setup.field.season"), key="new_season")
    slots["season"] = st.empty()
    name = st.text_input(tr("setup.field.name"), key="new_name")
    slots["name"] = st.empty()
    return club, season or "", name or ""


def format_fields(
    slots: dict[str, Any], found: dict[str, Part]
) -> tuple[str, Any, Any, dict[str, Any]]:
    """The preset, the rounds per cycle and cycles (from the preset), and its overrides (the
    typed ones, then the advanced editor's, merged): ``(preset, rounds, cycles, overrides)``."""
    presets = setup.paired_presets()  # a round robin is made with its schedule, by its form
    preset = st.selectbox(tr("setup.field.preset"), presets, key="new_preset",
                          format_func=lambda p: reading.preset_title(p, run.lang))  # fmt: skip
    base = reading.ruleset_of(preset)
    c1, c2 = st.columns(2)
    rounds = c1.number_input(tr("setup.field.rounds_per_cycle"), value=base.rounds_per_cycle,
                             step=1, key=f"new_rounds_{preset}")  # fmt: skip
    slots["rounds_per_cycle"] = c1.empty()
    cycles = c2.number_input(tr("setup.field.cycles"), value=base.cycles, step=1,
                             key=f"new_cycles_{preset}")  # fmt: skip
    slots["cycles"] = c2.empty()
    defaults = setup.typed_defaults(preset)
    typed = {o.key: typed_widget(preset, o, defaults[o.key])
             for o in setup.TYPED_OVERRIDES if o.key in defaults}  # fmt: skip
    advanced = advanced_overrides(found)
    slots["overrides"] = st.empty()
    overrides: dict[str, Any] = {}
    if isinstance(rounds, int) and isinstance(cycles, int):
        overrides = setup.overrides_of(preset, rounds, cycles, typed, advanced)
    return preset, rounds, cycles, overrides


def calendar_fields(slots: dict[str, Any], club: str) -> tuple[Any, str, str]:
    """The first evening, the weekday (the club's usual one, else the first evening's) and
    the holidays: ``(start, weekday, holidays)``."""
    start = st.date_input(tr("setup.field.start"), value=Date.today(),
                          format=tr("app.date_format"), key="new_start")  # fmt: skip
    slots["start"] = st.empty()
    usual = setup.usual_weekday([run.season_of(c.id) for c in run.competitions if c.club == club])
    day_one = start if isinstance(start, Date) else None  # a single date is asked for
    first_day = WEEKDAYS.index(usual or WEEKDAYS[day_one.weekday() if day_one else 0])
    weekday = st.selectbox(tr("setup.field.weekday"), WEEKDAYS, key="new_weekday", index=first_day,
                           format_func=lambda d: tr(f"setup.weekday.{d}"))  # fmt: skip
    slots["weekday"] = st.empty()
    holidays = st.text_area(tr("setup.field.holidays"), key="new_holidays", height=100)
    slots["holidays"] = st.empty()
    return start, weekday, holidays or ""


def roster_field() -> int | None:
    """The competition whose roster is copied, or None."""
    source: int | None = st.selectbox(
        tr("setup.field.roster"), [None, *(c.id for c in run.competitions)],
        format_func=lambda c: tr("app.comps.roster_none") if c is None
        else next(f"{i.competition} · {i.season} · {i.club}" for i in run.competitions if i.id == c),
        key="new_roster",
    )  # fmt: skip
    return source


def show_problems(
    slots: dict[str, Any], found: dict[str, Part], form: setup.NewCompetition
) -> None:
    """Each field's error under it; a field not filled in yet is not an error until the
    director tries to create."""
    tried = st.session_state.get(TRIED_KEY)
    named = (("club", form.club), ("season", form.season), ("name", form.name))
    untouched = {key for key, value in named if not value and not tried}
    for key, slot in slots.items():
        if key not in untouched:
            problem(slot, found, key)


def calendar_preview(form: setup.NewCompetition) -> None:
    calendar = setup.preview_calendar(form)
    if calendar is not None:
        shown = [day_text(d, run.lang) for d in calendar.dates]
        st.caption(tr("app.comps.dates", count=len(calendar.dates), dates=", ".join(shown)))


def create_button(form: setup.NewCompetition, found: dict[str, Part]) -> None:
    """ "Competitie aanmaken": with a field wrong, every wrong one named; else created."""
    if st.session_state.get(TRIED_KEY) and found:
        st.error(tr("app.comps.fix"))
    if st.button(tr("app.comps.create"), type="primary", key="new_create"):
        if found:
            st.session_state[TRIED_KEY] = True
            st.rerun()
        created = setup.build(form, run.competitions)

        def create(actor: Any) -> int:
            cid = competitions.create(run.store, created, actor=actor, action=setup.CREATE_ACTION)
            st.session_state[CHOOSE_KEY] = cid
            return cid

        # after the success the form starts afresh: its fields empty, no error of this
        # attempt left beside the button (issue 22 item 2)
        fields = [k for k in st.session_state if str(k).startswith("new_")]
        state.write(run, create, tr("app.comps.created", name=md(created.competition)),
                    forget_keys=[*fields, TRIED_KEY])  # fmt: skip


def new_competition() -> None:
    """The form, checked as the director types (no st.form: every change reruns)."""
    st.subheader(tr("app.comps.new"))
    found: dict[str, Part] = {}
    slots: dict[str, Any] = {}
    club, season, name = identity_fields(slots)
    preset, rounds, cycles, overrides = format_fields(slots, found)
    start, weekday, holidays = calendar_fields(slots, club)
    source = roster_field()
    form = setup.NewCompetition(
        club=club, season=season, name=name, preset=preset, rounds_per_cycle=rounds,
        cycles=cycles, start=start, weekday=weekday, holidays=holidays,
        overrides=overrides, roster_from=run.season_of(source) if source is not None else None,
    )  # fmt: skip
    found = {**setup.problems(form, run.competitions), **found}
    show_problems(slots, found, form)
    roster_preview(source, preset, overrides)
    calendar_preview(form)
    create_button(form, found)


def manage() -> None:
    """Archive or bring back, or delete, one competition; the season file offered first."""
    st.subheader(tr("app.comps.manage"))
    infos = {c.id: c for c in run.competitions if run.may_write(c.club)}  # his clubs' only
    if not infos:
        st.caption(tr("app.comps.none"))
        return
    cid = st.selectbox(tr("app.comps.which"), list(infos), key="manage_which",
                       index=list(infos).index(run.cid) if run.cid in infos else 0,
                       format_func=lambda c: f"{infos[c].competition} · {infos[c].season} · "
                                             f"{infos[c].club}")  # fmt: skip
    info = infos[cid]
    season = run.season_of(cid)
    st.download_button(
        tr("app.comps.download"), lambda: settings.season_text(season),  # written on the click
        file_name=f"{season.competition}-{season.season}.json".replace(" ", "-").lower(),
        mime="application/json", key=f"manage_download_{cid}",
    )  # fmt: skip
    federation.exports(run, cid)
    label = tr("app.comps.unarchive_do" if info.archived else "app.comps.archive_do")
    if st.button(label, key=f"manage_archive_{cid}"):
        done = "app.comps.unarchived" if info.archived else "app.comps.archived"
        state.write(run, lambda actor: competitions.set_archived(run.store, cid, not info.archived, actor=actor),
                    tr(done, name=md(info.competition)))  # fmt: skip
    st.markdown(f"**{tr('app.comps.delete_title')}**")
    st.warning(tr("app.comps.delete_warning"))
    typed = st.text_input(tr("app.comps.delete_confirm", name=md(info.competition)),
                          key=f"manage_confirm_{cid}")  # fmt: skip
    if st.button(tr("app.comps.delete_do"), key=f"manage_delete_{cid}"):
        if (typed or "").strip() != info.competition:
            st.error(tr("app.comps.delete_wrong", name=md(info.competition)))
            return
        state.write(run, lambda actor: competitions.delete(run.store, cid, actor=actor),
                    tr("app.comps.deleted", name=md(info.competition)))  # fmt: skip


if run.director is not None:
    new_competition()
    federation.new_from_trf(run)
    group_form.new_group(run)  # DS-16: a round-robin group within a ladder
    pools_cup_view.create_form(run)  # DS-21: a cup of pools within the chosen ladder
    manage()
