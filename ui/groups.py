"""Round-robin groups in the app (DS-16): the director's "Nieuwe meerkamp" form on the
Competities page, the group table and schedule on the Ranglijst page, and the winner and
promotion on the Winnaars page. Input and display only; the work is
:mod:`compcore.services.groups` and :mod:`compcore.formats.round_robin`."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pandas as pd
import streamlit as st

from compcore.domain.errors import Phrase, render
from compcore.domain.model import Season
from compcore.present.winners_report import group_lines
from compcore.services import groups, reading
from compcore.services.vocabulary import Figure, Format, Ruleset
from ui import device, links, state, tables
from ui.markdown import md
from ui.state import CHOOSE_KEY, Ctx

#: the director tried to create the group with something wrong: now every problem is named
TRIED_KEY = "group_tried"


# --------------------------------------------------------------------------- the form


def _ladders(run: Ctx) -> list[int]:
    """The competitions a group can be played within: the ladders (paired evening by
    evening), the chosen one first."""
    found = [
        c.id for c in run.competitions if reading.format_of(run.ruleset_of(c.id)) is Format.LADDER
    ]
    return sorted(found, key=lambda cid: cid != run.cid)


def _label(run: Ctx, cid: int) -> str:
    info = next(c for c in run.competitions if c.id == cid)
    return f"{info.competition} · {info.season} · {info.club}"


def _members(run: Ctx, ladder_id: int, ladder: Season) -> list[str]:
    """The multiselect of members, offered in ladder order (the ladder's current
    standings); the seeds are the chosen players in that order."""
    order = [p for p in run.standings_of(ladder_id).order if p in groups.ladder_members(ladder)]
    order += [p for p in groups.ladder_members(ladder) if p not in order]
    names = ladder.names()
    chosen = st.multiselect(
        run.tr("group.field.members"), order, format_func=lambda p: names.get(p, p),
        placeholder=run.tr("app.placeholder.choose"), key=f"group_members_{ladder_id}",
    )  # fmt: skip
    return [p for p in order if p in chosen]


def _evenings(run: Ctx, form: groups.NewGroup, ladder: Season, ladder_id: int) -> tuple[int, ...]:
    """One number per group round: the ladder evening it is played on (default: the
    ladder's next evenings, one each)."""
    count = len(groups.group_schedule(form))
    if count == 0:
        return ()
    defaults = groups.default_evenings(ladder, count)
    st.markdown(f"**{run.tr('group.field.evenings')}**")
    found = []
    for start in range(0, count, 4):  # rows of four: a phone stacks them in round order
        columns = st.columns(4)
        for i in range(start, min(start + 4, count)):
            label = run.tr("group.evening", round=i + 1)
            key = f"group_evening_{ladder_id}_{count}_{i}"
            value = columns[i - start].number_input(label, value=defaults[i], step=1, key=key)
            found.append(int(value or 0))
    return tuple(found)


def _preview(run: Ctx, form: groups.NewGroup, ladder: Season) -> None:
    names = ladder.names()
    lines = groups.preview(form, ladder)
    if not lines:
        return
    st.markdown(f"**{run.tr('group.preview')}**")
    tables.dataframe(
        pd.DataFrame([{run.tr("group.col.round"): r, run.tr("group.col.evening"): e,
                       **_board(run, names, w, b)} for r, e, w, b in lines]),
        hide_index=True, width="stretch",
    )  # fmt: skip


def _board(run: Ctx, names: dict[str, str], white: str, black: str) -> dict[str, str]:
    """A board's columns: white and black, or on a phone one column "Wit – Zwart"."""
    w, b = names.get(white, white), names.get(black, black)
    if device.on_phone():
        return {run.tr("group.col.game"): f"{w} – {b}"}
    return {run.tr("app.col.white"): w, run.tr("app.col.black"): b}


def new_group(run: Ctx) -> None:
    """The director's form: the ladder, the name and preset, the members, single or
    double, the evenings; a preview of the Berger schedule; create (the service checks and
    refuses bad input in one sentence, nothing stored)."""
    st.subheader(run.tr("group.new"))
    st.caption(run.tr("group.new_help"))
    ladders = _ladders(run)
    if not ladders:
        st.info(run.tr("group.no_ladder"))
        return
    ladder_id = st.selectbox(run.tr("group.field.ladder"), ladders,
                             format_func=lambda c: _label(run, c), key="group_ladder")  # fmt: skip
    ladder = run.season_of(ladder_id)
    name = st.text_input(run.tr("group.field.name"), key="group_name")
    presets = groups.group_presets()
    preset = st.selectbox(run.tr("group.field.preset"), presets, key="group_preset",
                          format_func=lambda p: reading.preset_title(p, run.lang))  # fmt: skip
    members = _members(run, ladder_id, ladder)
    double = st.checkbox(run.tr("group.field.double"),
                         value=reading.ruleset_of(preset).round_robin.double, key=f"group_double_{preset}")  # fmt: skip
    form = groups.NewGroup(name=name or "", preset=preset, members=members, double=double)
    form = replace(form, evenings=_evenings(run, form, ladder, ladder_id))
    _preview(run, form, ladder)
    found = groups.problems(form, ladder, run.ruleset_of(ladder_id), run.competitions)
    tried = bool(st.session_state.get(TRIED_KEY))
    for key, problem in found.items():
        if _shown(key, form, tried):
            text = render(Phrase("group.error.field", field=Phrase(f"group.field.{key}"),
                                 error=problem), run.lang)  # fmt: skip
            st.error(md(str(text)))
    if st.button(run.tr("group.create"), type="primary", key="group_create"):
        if found:  # named above; nothing is stored
            st.session_state[TRIED_KEY] = True
            st.rerun()

        def create(actor: Any) -> int:
            cid = groups.create(run.store, ladder_id, form, actor=actor)
            st.session_state[CHOOSE_KEY] = cid
            return cid

        done = run.tr("group.created", name=md(form.name.strip()))
        state.write(run, create, done, forget_keys=[TRIED_KEY])


def _shown(key: str, form: groups.NewGroup, tried: bool) -> bool:
    """Whether a field's problem is named yet: all of them once the director tried to
    create; before that the name once typed, the others once a member is chosen."""
    if tried:
        return True
    return bool(form.name.strip()) if key == "name" else bool(form.members)


# --------------------------------------------------------------------------- the table


def _figure(value: object, run: Ctx) -> str:
    return Figure(value).render(run.lang)  # type: ignore[arg-type]


def show_group(run: Ctx, season: Season, ruleset: Ruleset) -> None:
    """DS-16: the group table (place, points, SB, mutual result, games, W/D/L; a shared
    place shown on each line) and the schedule per round with its ladder evening and the
    results (a board without one: to be played, or postponed when a later round is)."""
    found = reading.group_table(season, ruleset)
    phone = device.on_phone()  # a phone: place, name, points and the tie-breaks only
    st.subheader(run.tr("group.table"))
    for line in group_lines(season, ruleset, run.lang, run.names()):
        st.markdown(md(line))
    rows = [
        {
            run.tr("group.col.place"): r.place,
            run.tr("app.col.player"): links.player_url(run, r.player, r.name),
            run.tr("group.col.points"): _figure(r.points, run),
            **{run.tr(f"col.{b}"): _figure(r.tie_breaks[b], run) for b in found.breaks},
            **(
                {}
                if phone
                else {
                    run.tr("group.col.games"): r.games,
                    run.tr("group.col.won"): r.won,
                    run.tr("group.col.drawn"): r.drawn,
                    run.tr("group.col.lost"): r.lost,
                }
            ),
        }
        for r in found.rows
    ]
    tables.dataframe(
        pd.DataFrame(rows), hide_index=True, width="stretch",
        column_config={run.tr("app.col.player"): links.name_column(run.tr("app.col.player"))},
    )  # fmt: skip
    st.caption(run.tr("group.table_help"))
    _schedule(run, season)


def _schedule(run: Ctx, season: Season) -> None:
    waiting = reading.postponed(season)
    names = run.names()
    st.subheader(run.tr("group.schedule"))

    def result(rnd: int, i: int, value: str | None) -> str:
        if value is not None:
            return tables.result_label(value, run.lang)
        return run.tr("group.postponed" if (rnd, i) in waiting else "group.open")

    rows = [
        {
            run.tr("group.col.round"): r.number,
            **_board(run, names, g.white, g.black),
            run.tr("app.col.result"): result(r.number, i, g.result.value if g.result else None),
        }
        for r in season.rounds
        for i, g in enumerate(r.games or ())
    ]
    frame = pd.DataFrame(rows)
    if not device.on_phone():  # the ladder's evening (a number column, empty where none is named)
        evenings = [r.ladder_round for r in season.rounds for _ in r.games or ()]
        frame.insert(1, run.tr("group.col.evening"), pd.array(evenings, dtype="Int64"))
    tables.dataframe(frame, hide_index=True, width="stretch")
