"""KC-12 on the Winnaars page: the subgroups and their winners for everyone, and for the
director "Subgroepen samenstellen": the proposal (or the stored composition) as a table, a
select per player to move him, one save (``compcore.services.subgroups``)."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from compcore.domain.model import Season
from compcore.services import subgroups as composing
from compcore.services.vocabulary import Awards, Groups, Ruleset, Subgroups
from ui import context, state, tables
from ui.markdown import md

FORM = "subgroups"


def show(run: state.Ctx, season: Season, ruleset: Ruleset, result: Awards) -> bool:
    """Everyone: the subgroups in force and their winners (KC-12); the director also
    composes them. Whether anything was shown."""
    rule = ruleset.awards.subgroups
    if rule is None:
        return False
    if result.subgroups:
        _table(run, season, rule, result)
    if run.director is not None:
        _compose(run, season, ruleset, rule)
    return bool(result.subgroups) or run.director is not None


def _table(run: state.Ctx, season: Season, rule: Subgroups, result: Awards) -> None:
    tr, name = run.tr, run.name
    st.subheader(tr("app.winners.subgroups"))
    if composing.is_stored(season, rule):
        st.caption(tr("subgroups.stored"))
    else:
        st.caption(tr("subgroups.blocks", size=rule.size, round=rule.after_round))
    rows = [
        {
            tr("app.col.group"): g.number,
            tr("app.winners.group_leader"): name(g.leader) if g.leader else "—",
            tr("app.winners.members"): ", ".join(name(p) for p in g.members),
        }
        for g in result.subgroups
    ]
    tables.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")


def _compose(run: state.Ctx, season: Season, ruleset: Ruleset, rule: Subgroups) -> None:
    """The director's form: start from the stored composition or a proposal, move
    players with a select each, save once."""
    tr = run.tr
    st.subheader(tr("subgroups.compose"))
    if not composing.ready(season, rule):
        st.info(tr("subgroups.wait", round=rule.after_round))
        return
    st.caption(tr("subgroups.intro", round=rule.after_round, size=rule.size,
                  start=composing.first_round(rule)))  # fmt: skip
    basis_key = state.widget_key(FORM, "subgroups_basis")
    read = state.seen(basis_key, composing.read_lines(season, rule))
    basis = st.radio(tr("subgroups.basis"), composing.basis_options(season, rule),
                     format_func=lambda b: tr(f"subgroups.basis.{b}"), key=basis_key,
                     horizontal=True, help=tr("subgroups.basis.help", round=rule.after_round))  # fmt: skip
    base = composing.base_groups(season, ruleset, rule, basis)
    _proposal_table(run, season, rule, base)
    options: list[int | None] = [*range(1, len(base) + 2), None]
    choice: dict[str, int | None] = {}
    with st.form(state.widget_key(FORM, f"subgroups_form_{basis}")):
        for number, group in enumerate(base, start=1):
            st.markdown(f"**{tr('subgroups.col.group')} {number}**")
            for start in range(0, len(group), 3):  # rows of 3: a phone stacks them in order
                for column, pid in zip(st.columns(3), group[start : start + 3], strict=False):
                    choice[pid] = column.selectbox(
                        md(run.name(pid)), options, index=number - 1,
                        key=state.widget_key(FORM, f"subgroup_{basis}_{pid}"),
                        format_func=lambda n: tr("subgroups.none_option") if n is None else str(n),
                    )  # fmt: skip
        submitted = st.form_submit_button(tr("subgroups.save"), type="primary")
    if submitted:
        groups = composing.moved_groups(base, choice)
        state.write(
            run,
            lambda actor: composing.save_subgroups(
                run.store, context.chosen(run), groups, read=read, actor=actor
            ),
            md(tr("subgroups.saved")),
            form=FORM,
        )


def _proposal_table(run: state.Ctx, season: Season, rule: Subgroups, base: Groups) -> None:
    """The groups as the form starts from them: subgroup, place, name, rating."""
    tr = run.tr
    rows = [
        {
            tr("subgroups.col.group"): number,
            tr("subgroups.col.place"): place,
            tr("app.col.player"): run.name(pid),
            tr("app.players.col_rating"): season.rating_at(pid, rule.after_round),
        }
        for number, group in enumerate(base, start=1)
        for place, pid in enumerate(group, start=1)
    ]
    frame = pd.DataFrame(rows)
    frame[tr("app.players.col_rating")] = pd.array(
        frame[tr("app.players.col_rating")], dtype="Int64"
    )
    tables.dataframe(frame, hide_index=True, width="stretch")
