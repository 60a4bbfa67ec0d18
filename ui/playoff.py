"""The Winnaars page's play-off parts (DS-19, DS-20): a ladder's final list per category,
the form that creates a category's play-off (and the link to it once it exists), and a
play-off competition's own state (seeds, table, barrages, champion) with the director's
form for a barrage's winner. Every write goes through :mod:`compcore.services.playoff`."""

from __future__ import annotations

import re
from fractions import Fraction

import pandas as pd
import streamlit as st

from compcore.ports.values import CompetitionInfo
from compcore.present import reports
from compcore.scoring.explain import number_text  # pure number formatting
from compcore.services import playoff as svc
from compcore.services import reading
from compcore.services.competitions import link_key
from compcore.services.vocabulary import Awards, FinalList, PlayoffState
from ui import context, state, tables
from ui.markdown import md
from ui.state import Ctx
from ui.tables import result_label

WINNERS = "pages/winners.py"


def _link(run: Ctx, info: CompetitionInfo, label: str) -> None:
    """``label`` as a link to ``info``'s Winnaars page."""
    st.page_link(WINNERS, label=label, query_params={state.PARAM_COMPETITION: link_key(info)})


# --------------------------------------------------------------------------- the ladder


def final_list(run: Ctx, result: Awards, category: str | None) -> None:
    """DS-19: the category's final list: place, name, each cycle's score, the sum, and
    the play-off seed (nothing where the ruleset has no final list)."""
    final = next((f for f in result.final_lists if f.category == category), None)
    if final is None:
        return
    st.markdown(f"**{run.tr('playoff.final_list', category=md(final.category))}**")
    st.caption(run.tr("playoff.final_list_caption"))
    tables.dataframe(_final_frame(run, final), hide_index=True, width="stretch")


def created(plans: tuple[svc.Plan, ...], category: str | None) -> bool:
    """Whether the category's play-off has been created as a competition."""
    return any(p.category == category and p.existing is not None for p in plans)


def _final_frame(run: Ctx, final: FinalList) -> pd.DataFrame:
    ruleset = run.ruleset()

    def score(value: Fraction | None) -> str:
        if value is None:
            return "—"
        return reports.decimal(value, ruleset.display_decimals, run.lang)

    rows = []
    for row in final.rows:
        line: dict[str, object] = {
            run.tr("playoff.col.place"): row.place,
            run.tr("app.col.player"): run.name(row.player),
        }
        for cycle, value in enumerate(row.cycles):
            label = run.tr("playoff.col.cycle", cycle=ruleset.cycle_label(cycle))
            line[label] = score(value)
        line[run.tr("playoff.col.total")] = score(row.total)
        line[run.tr("playoff.col.seed")] = str(row.seed) if row.seed is not None else ""
        rows.append(line)
    return pd.DataFrame(rows)


def category_playoff(run: Ctx, category: str | None, plans: tuple[svc.Plan, ...]) -> None:
    """Under a category that needs a play-off: the link to it (and its champion) once it
    exists; else, for the director, the form that creates it."""
    plan = next((p for p in plans if p.category == category), None)
    if plan is None:
        return
    if plan.existing is not None:
        info = next(i for i in run.competitions if i.id == plan.existing)
        now = reading.playoff_state(run.season_of(info.id), run.ruleset_of(info.id))
        if now.champion is not None:
            names = run.season_of(info.id).names()
            champion = names.get(now.champion, now.champion)
            st.success(
                run.tr("playoff.champion", category=md(category), player=md(champion))
                + f" ({run.tr('playoff.decided_by', name=md(info.competition))})"
            )
        else:
            st.info(run.tr("playoff.created_as", category=md(category), name=md(info.competition)))
        _link(run, info, run.tr("playoff.see", name=info.competition))
        return
    if run.director is not None:
        create_form(run, plan)


def _rounds_text(rounds: tuple[int, ...]) -> str:
    return ", ".join(str(n) for n in rounds)


def _parse_rounds(text: str) -> tuple[int, ...] | None:
    parts = [p for p in re.split(r"[,\s]+", text.strip()) if p]
    if not parts or not all(p.isdigit() for p in parts):
        return None
    return tuple(int(p) for p in parts)


def create_form(run: Ctx, plan: svc.Plan) -> None:
    """DS-19, DS-20: create the category's play-off: the ladder it is played within, the
    ladder round of each play-off round, and a replacement (with a reason) for a seed who
    cannot play."""
    key = f"playoff_{run.cid}_{plan.category}"
    st.markdown(f"**{run.tr('playoff.create', category=md(plan.category))}**")
    ladder = st.selectbox(
        run.tr("playoff.played_in"),
        plan.ladders,
        format_func=lambda i: i.qualified_name,
        key=f"{key}_ladder",
    )
    count = svc.round_count(len(plan.seeds))
    default = svc.first_free_rounds(run.season_of(ladder.id), run.ruleset_of(ladder.id), count)
    # a replacement comes from the final list (the next ones not yet seeded first, DS-19);
    # anyone else can be chosen too, and is refused in one sentence
    free = [p for p in plan.final_list if p not in plan.seeds]
    humans = free + [p.id for p in run.season().players if not p.is_engine and p.id not in free]
    form = f"{key}_form"
    with st.form(form):
        rounds = st.text_input(
            run.tr("playoff.ladder_rounds"),
            value=_rounds_text(default),
            key=state.widget_key(form, f"{key}_rounds_{ladder.id}"),
        )
        chosen: dict[str, str] = {}
        for seed, pid in enumerate(plan.seeds, start=1):
            chosen[pid] = st.selectbox(
                run.tr("playoff.seed_label", seed=seed, player=md(run.name(pid))),
                [pid] + [p for p in humans if p != pid],
                format_func=run.name,
                key=state.widget_key(form, f"{key}_seed_{seed}"),
            )
        reason = st.text_input(run.tr("playoff.reason"), key=state.widget_key(form, f"{key}_why"))
        submitted = st.form_submit_button(run.tr("playoff.create_button"), type="primary")
    if not submitted:
        return
    numbers = _parse_rounds(rounds)
    if numbers is None:
        st.error(run.tr("playoff.rounds_text", got=md(rounds)))
        return
    request = svc.Request(
        category=plan.category,
        played_in=ladder.id,
        ladder_rounds=numbers,
        replacements={out: into for out, into in chosen.items() if into != out},
        reason=reason,
    )
    state.write(
        run,
        lambda actor: svc.create(run.store, plan.source.id, request, actor=actor),
        run.tr("playoff.created"),
        form=form,
    )


# --------------------------------------------------------------------------- the play-off


def show_playoff(run: Ctx) -> None:
    """A play-off competition's Winnaars page: what it decides, the champion (or what is
    still to play), the seeds, the table, the schedule and the barrages."""
    season, ruleset = run.season(), run.ruleset()
    now = reading.playoff_state(season, ruleset)
    category = now.category or ""
    st.subheader(run.tr("playoff.title", category=md(category)))
    if now.source:
        st.caption(run.tr("playoff.of", source=md(now.source), category=md(category)))
    if now.champion is not None:
        st.success(run.tr("playoff.champion", category=md(category),
                          player=md(run.name(now.champion))))  # fmt: skip
    elif not now.complete:
        st.info(run.tr("playoff.running"))
    _seeds(run, now)
    st.markdown(f"**{run.tr('playoff.table')}**")
    tables.dataframe(
        pd.DataFrame(
            [
                {
                    run.tr("playoff.col.place"): place,
                    run.tr("app.col.player"): run.name(row.player),
                    run.tr("playoff.col.seed"): row.seed,
                    run.tr("playoff.col.points"): number_text(row.points),
                    run.tr("playoff.col.played"): row.played,
                }
                for place, row in enumerate(now.table, start=1)
            ]
        ),
        hide_index=True,
        width="stretch",
    )
    _schedule(run)
    if run.director is not None and season.ladder is not None:
        move_form(run)
    if len(now.leaders) > 1:
        _barrages(run, now)


def move_form(run: Ctx) -> None:
    """The ladder evenings of the play-off's rounds, editable (a round with a result keeps
    its evening)."""
    season = run.season()
    form = f"playoff_move_{run.cid}"
    current = tuple(r.ladder_round or 0 for r in season.rounds)
    with st.expander(run.tr("playoff.move")), st.form(form):
        key = state.widget_key(form, f"{form}_rounds")
        read = state.seen(key, season)
        text = st.text_input(run.tr("playoff.ladder_rounds"), value=_rounds_text(current),
                             key=key)  # fmt: skip
        submitted = st.form_submit_button(run.tr("playoff.move_button"))
    if not submitted:
        return
    numbers = _parse_rounds(text)
    if numbers is None:
        st.error(run.tr("playoff.rounds_text", got=md(text)))
        return
    state.write(
        run,
        lambda actor: svc.move(run.store, context.chosen(run), numbers, actor=actor, read=read),
        run.tr("playoff.moved"),
        form=form,
    )


def _seeds(run: Ctx, now: PlayoffState) -> None:
    st.markdown(f"**{run.tr('playoff.seeds')}**")
    st.markdown(
        "  \n".join(f"{i}. {md(run.name(pid))}" for i, pid in enumerate(now.seeds, start=1))
    )
    for moved in now.replacements:
        st.caption(run.tr("playoff.replacement", seed=moved.round, player=md(run.name(moved.player)),
                          note=md(moved.note or "")))  # fmt: skip


def _schedule(run: Ctx) -> None:
    season = run.season()
    st.markdown(f"**{run.tr('app.winners.schedule')}**")
    rows = [
        {
            run.tr("app.col.round"): rnd.number,
            run.tr("playoff.col.ladder_round"): rnd.ladder_round,
            run.tr("app.col.white"): run.name(g.white),
            run.tr("app.col.black"): run.name(g.black),
            run.tr("app.col.result"): result_label(g.result.value if g.result else None, run.lang),
        }
        for rnd in season.rounds
        for g in rnd.games or ()
    ]
    frame = pd.DataFrame(rows)
    ladder = run.tr("playoff.col.ladder_round")
    frame[ladder] = pd.array([r[ladder] for r in rows], dtype="Int64")
    tables.dataframe(frame, hide_index=True, width="stretch")


def _barrages(run: Ctx, now: PlayoffState) -> None:
    """DS-20: the leaders, the draw by lot, each barrage and its winner; the director's
    form for an open barrage."""
    barrage = run.ruleset().playoff
    assert barrage is not None  # a play-off ruleset
    rules = barrage.barrage
    st.markdown(f"**{run.tr('playoff.barrages')}**")
    st.warning(run.tr("playoff.leaders", players=", ".join(md(run.name(p)) for p in now.leaders)))
    key = "playoff.barrage_format" if rules.armageddon else "playoff.barrage_format_plain"
    st.caption(run.tr(key, games=rules.games, minutes=rules.minutes,
                      white=rules.armageddon_white, black=rules.armageddon_black))  # fmt: skip
    if len(now.leaders) > 2 and now.draw_seed is not None:
        drawn = reading.barrage_draw(now.leaders, now.draw_seed)
        st.caption(run.tr("playoff.draw", seed=now.draw_seed,
                          players=", ".join(md(run.name(p)) for p in drawn)))  # fmt: skip
    for stage in now.stages:
        st.markdown(run.tr("playoff.stage", stage=stage.number))
        rows = [
            {
                run.tr("playoff.col.barrage"): m.number,
                run.tr("playoff.col.players"): " – ".join(run.name(p) for p in m.players),
                run.tr("playoff.col.winner"): run.name(m.winner)
                if m.winner
                else run.tr("playoff.open"),
            }
            for m in stage.matches
        ]
        tables.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")
        if stage.waiting:
            st.caption(run.tr("playoff.waiting",
                              players=", ".join(md(run.name(p)) for p in stage.waiting)))  # fmt: skip
    if run.director is not None and reading.open_barrages(now.stages):
        record_form(run, now)


def record_form(run: Ctx, now: PlayoffState) -> None:
    """DS-20: the director records the winner of an open barrage."""
    form = f"barrage_{run.cid}"
    options = [(m.number, p) for m in reading.open_barrages(now.stages) for p in m.players]
    st.markdown(f"**{run.tr('playoff.record')}**")
    with st.form(form):
        key = state.widget_key(form, f"{form}_winner")
        read = state.seen(key, run.season())
        chosen = st.selectbox(
            run.tr("playoff.col.winner"),
            options,
            format_func=lambda o: f"{run.name(o[1])} ({run.tr('playoff.col.barrage')} {o[0]})",
            key=key,
        )
        submitted = st.form_submit_button(run.tr("playoff.record_button"), type="primary")
    if submitted and chosen is not None:
        state.write(
            run,
            lambda actor: svc.record_barrage(
                run.store, context.chosen(run), chosen[1], actor=actor, read=read
            ),
            run.tr("playoff.recorded"),
            form=form,
        )
