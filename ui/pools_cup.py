"""A cup of pools and knock-outs (DS-21, the Meierij Cup) in the app: the bracket view (the
pools' tables, then the knock-out and the losers' cup as rounds of ties: who played whom,
the two results, who went through and why) on the Winnaars page, the director's draw of the
next knock-out round and record of a level tie's decider there, and the form that creates
the cup within a ladder on the Competities page. Thin: every rule is
:mod:`compcore.formats.pools_cup`'s, every write :mod:`compcore.services.pools_cup`'s."""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from compcore.domain.model import Result, Season
from compcore.present.pools_cup_report import points_text, results_text, stage_status
from compcore.services import pools_cup as service
from compcore.services import reading
from compcore.services.vocabulary import ARMAGEDDON_RESULTS, CupState, KoRound, Ruleset
from ui import state, tables
from ui.markdown import md
from ui.state import CHOOSE_KEY, Ctx
from ui.tables import result_label


def show(run: Ctx, season: Season, ruleset: Ruleset, director_tools: bool = True) -> None:
    """The bracket view, and the director's two steps under it (``director_tools``: the
    Winnaars page; the Ranglijst shows the bracket alone)."""
    tr = run.tr
    cup = reading.pools_cup_state(season, ruleset)
    st.subheader(tr("pools.title"))
    _pools(run, cup)
    for stage in cup.stages:
        st.markdown(f"**{tr(f'pools.stage.{stage.name}')}**")
        (st.success if stage.winner else st.info)(md(stage_status(stage, run.lang, run.names())))
        for rnd in stage.rounds:
            _ko_round(run, rnd)
    if director_tools and run.director is not None:
        _director(run, season, ruleset, cup)


def _pools(run: Ctx, cup: CupState) -> None:
    tr = run.tr
    for pool in cup.pools:
        st.markdown(f"**{tr('pools.pool', label=pool.label)}**")
        rows = [
            {
                tr("pools.col.place"): r.place,
                tr("app.col.player"): run.name(r.player),
                tr("pools.col.points"): points_text(r.points).replace(".", ","),
                tr("pools.col.games"): r.games,
            }
            for r in pool.rows
        ]
        tables.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")
    if not cup.pools_complete:
        st.caption(tr("pools.pools_running"))


def _ko_round(run: Ctx, rnd: KoRound) -> None:
    tr = run.tr
    head = (
        tr("pools.round_evening", round=rnd.number, evening=rnd.ladder_round)
        if rnd.ladder_round
        else tr("pools.round", round=rnd.number)
    )
    st.caption(head)
    rows = [
        {
            tr("pools.col.tie"): f"{run.name(t.a)} - {run.name(t.b)}",
            tr("pools.col.games_results"): results_text(t),
            tr("cup.through"): run.name(t.through) if t.through else "—",
        }
        for t in rnd.ties
    ]
    tables.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")
    # why, under the table: a long reason wraps on a phone instead of being cut off
    why = [f"{md(run.name(t.a))} - {md(run.name(t.b))}: {md(t.why.text(run.lang, run.names()))}"
           for t in rnd.ties]  # fmt: skip
    st.caption("  \n".join(why))
    if rnd.byes:
        st.caption(f"{tr('pools.byes')}: {', '.join(md(run.name(p)) for p in rnd.byes)}")


def _director(run: Ctx, season: Season, ruleset: Ruleset, cup: CupState) -> None:
    """Draw the next knock-out round; record the decider of a level tie."""
    tr = run.tr
    st.subheader(tr("pools.director"))
    evening = st.number_input(tr("pools.evening"), min_value=1, step=1, value=None,
                              key="pools_evening")  # fmt: skip
    if st.button(tr("pools.draw"), key="pools_draw"):
        chosen = int(evening) if evening is not None else None
        state.write(run, lambda actor: service.draw_knockout(run.store, _cid(run), actor=actor,
                                                             evening=chosen),
                    tr("pools.drawn"))  # fmt: skip
    level = [(n, t) for n, t in reading.open_ties(cup) if t.why.key == "pools.ko.pending"]
    st.markdown(f"**{tr('pools.record')}**")
    if not level:
        st.caption(tr("pools.no_open_tie"))
        return
    choices = {f"{n}:{t.a}:{t.b}": (n, t) for n, t in level}
    with st.form("pools_tiebreak", clear_on_submit=False):
        key = st.selectbox(tr("pools.tie_choice"), list(choices), key="pools_tie",
                           format_func=lambda k: tr("pools.round", round=choices[k][0]) + ": "
                           + f"{run.name(choices[k][1].a)} - {run.name(choices[k][1].b)}")  # fmt: skip
        step = st.selectbox(tr("pools.step"), list(ruleset.pools_cup.tiebreaks if
                            ruleset.pools_cup else ()), key="pools_step",
                            format_func=lambda s: tr(f"pools.step.{s}"))  # fmt: skip
        white = st.radio(tr("pools.white_first"), ["a", "b"], key="pools_white", horizontal=True,
                         format_func=lambda w: run.name(getattr(choices[key][1], w)))  # fmt: skip
        result = st.radio(tr("pools.result"), [r.value for r in ARMAGEDDON_RESULTS],
                          key="pools_result", horizontal=True,
                          format_func=lambda r: result_label(r, run.lang))  # fmt: skip
        submitted = st.form_submit_button(tr("pools.save"), type="primary")
    if submitted:
        number, tie = choices[key]
        first, second = (tie.a, tie.b) if white == "a" else (tie.b, tie.a)
        state.write(
            run,
            lambda actor: service.record_tiebreak(
                run.store,
                _cid(run),
                number,
                step or "",
                first,
                second,
                Result(result),
                actor=actor,
            ),
            tr("pools.saved"),
        )


def _cid(run: Ctx) -> int:
    assert run.cid is not None
    return run.cid


def create_form(run: Ctx) -> None:
    """Competities: a new cup within the chosen competition (a ladder): its ruleset, name,
    entrants (the ladder's players) and the ladder evenings of the pool rounds."""
    tr = run.tr
    presets = service.cup_presets()
    if run.cid is None or not presets:
        return
    ladder = run.season_of(run.cid)
    if ladder.ladder is not None or reading.format_of(run.ruleset_of(run.cid)).scheduled:
        return  # not a ladder: a cup is created within the ladder itself
    st.subheader(tr("pools.create"))
    st.caption(f"{md(ladder.competition)} · {md(ladder.season)} · {md(ladder.club)}")
    humans = [p.id for p in ladder.players if not p.is_engine]
    with st.form("pools_create"):
        preset = st.selectbox(tr("pools.create.preset"), presets, key="pools_create_preset",
                              format_func=lambda p: reading.preset_title(p, run.lang))  # fmt: skip
        name = st.text_input(tr("pools.create.name"), key="pools_create_name")
        entrants = st.multiselect(tr("pools.create.entrants"), humans, key="pools_create_who",
                                  format_func=lambda p: ladder.player(p).name,
                                  placeholder=tr("app.placeholder.choose"))  # fmt: skip
        evenings = st.text_input(tr("pools.create.evenings"), key="pools_create_evenings")
        submitted = st.form_submit_button(tr("pools.create.submit"), type="primary")
    if submitted:
        ladder_id = run.cid

        def create(actor: Any) -> int:
            cid = service.create(run.store, ladder_id, name, entrants, actor=actor,
                                 preset=preset, evenings=service.parse_evenings(evenings))  # fmt: skip
            st.session_state[CHOOSE_KEY] = cid
            return cid

        state.write(run, create, tr("pools.create.done", name=md(name.strip())))
