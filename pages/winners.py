"""Winnaars / Winners: compcore's awards (cycle winners per rating category DS-18, the
champion or the play-off with seeds and Berger schedule DS-19/20, subgroup leaders KC-12,
a level's top N LA-11, the cup's bracket and winner MG-7/MG-8), and the director's form to
record what no arithmetic decides."""

import pandas as pd
import streamlit as st

from compcore.domain.model import Decision
from compcore.present.winners_report import group_lines
from compcore.services import playoff as playoff_service
from compcore.services import reading, settings
from compcore.services.vocabulary import BARRAGE_WINNER, Format
from ui import context, links, playoff, state, tables
from ui import cup as cup_view
from ui import pools_cup as pools_cup_view
from ui import subgroups as subgroups_ui
from ui.markdown import md

run = state.ctx()
tr = run.tr
st.title(tr("app.page.winners"))
cid = context.page(run).cid
season, ruleset = run.season(), run.ruleset()
result = run.awards()
name = run.name
shown = False

if (
    reading.format_of(ruleset) is Format.PLAYOFF
):  # a play-off competition (DS-19, DS-20): its own state
    playoff.show_playoff(run)
    st.stop()
# the play-offs of this ladder's categories: created, or to create (DS-19)
plans = (  # what the page has read and computed already: no season read again
    playoff_service.plans(
        run.store,
        cid,
        competitions=run.competitions,
        read=lambda cid: (run.season_of(cid), run.ruleset_of(cid)),
        result=result,
    )
    if result.final_lists
    else ()
)


if result.cup is not None:
    shown = True
    cup_view.show(run, result.cup)

if (
    reading.format_of(ruleset) is Format.POOLS_CUP
):  # DS-21: pools, then the knock-out and the losers' cup
    shown = True
    pools_cup_view.show(run, season, ruleset)

if result.cycle_winners:
    shown = True
    st.subheader(tr("app.winners.cycles"))
    tables.dataframe(
        pd.DataFrame(
            [
                {
                    tr("app.col.cycle"): tr("app.cycle_label", cycle=ruleset.cycle_label(w.cycle)),
                    tr("app.col.category"): w.category or "",
                    tr("app.col.player"): links.player_url(
                        run, w.player, name(w.player), str(ruleset.cycle_label(w.cycle))
                    )
                    if w.player
                    else None,
                    tr("app.col.status"): tr(
                        "app.winners.final" if w.final else "app.winners.leader"
                    ),
                }
                for w in result.cycle_winners
            ]
        ),
        hide_index=True,
        width="stretch",
        # a name opens the player's page (issue 10, item 1)
        column_config={tr("app.col.player"): links.name_column(tr("app.col.player"))},
    )

group = group_lines(season, ruleset, run.lang, run.names())  # DS-16: a round-robin group
if group:
    shown = True
    st.subheader(tr("group.title"))
    for line in group:
        st.markdown(md(line))
# a cup, a cup of pools, a group: their winners above (compcore.awards.winners.club_championships)
champions = reading.club_championships(result, ruleset)
for champ in champions:
    shown = True
    title = tr("app.winners.champion")
    if champ.category:
        title += f" {md(champ.category)}"
    st.subheader(title)
    if playoff.created(plans, champ.category):  # its play-off decides (DS-19, DS-20)
        playoff.category_playoff(run, champ.category, plans)
        playoff.final_list(run, result, champ.category)
        continue
    if champ.status == "champion":
        st.success(tr("app.winners.champion_is", player=md(name(champ.champion)))
                   + f" ({tr(f'app.winners.reason.{champ.reason}')})")  # fmt: skip
    elif champ.status == "playoff" and champ.playoff is not None:
        text = tr("app.winners.playoff_needed")
        if champ.reason == "small-category":
            text += " " + tr("winners.small_category", size=ruleset.awards.playoff_size,
                             count=len(champ.playoff.seeds))  # fmt: skip
        st.warning(text)
    elif champ.status == "playoff":
        tied = ", ".join(md(name(p)) for p in champ.tied)
        st.warning(tr("app.winners.tie", players=tied))
    else:
        text = tr("app.winners.pending")
        if champ.champion:
            text += " " + tr("app.winners.current_leader", player=md(name(champ.champion)))
        if champ.reason == "too-few-players":
            text += " " + tr("app.winners.reason.too-few-players")
        st.info(text)
    if champ.playoff is not None:
        seeds = pd.DataFrame(
            [
                {tr("app.col.seed"): i, tr("app.col.player"): name(pid)}
                for i, pid in enumerate(champ.playoff.seeds, start=1)
            ]
        )
        st.markdown(f"**{tr('app.winners.seeds')}**")
        tables.dataframe(seeds, hide_index=True)
        if champ.playoff.schedule:
            st.markdown(f"**{tr('app.winners.schedule')}**")
            tables.dataframe(
                pd.DataFrame(
                    [
                        {
                            tr("app.col.round"): rnd,
                            tr("app.col.white"): name(w),
                            tr("app.col.black"): name(b),
                        }
                        for rnd, w, b in champ.playoff.schedule
                    ]
                ),
                hide_index=True,
            )
    playoff.final_list(run, result, champ.category)  # DS-19: the final list, per category
    if champ.category and champ.status == "playoff":
        playoff.category_playoff(run, champ.category, plans)

# KC-12: the subgroups and their winners; the director composes them (ui/subgroups.py)
shown = subgroups_ui.show(run, season, ruleset, result) or shown

if result.level_top is not None:
    shown = True
    level, top = result.level_top
    st.subheader(tr("app.winners.level_top", count=len(top), level=md(level)))
    for place, pid in enumerate(top, start=1):
        links.page_link(run, pid, f"{place}. {md(name(pid))}")

if not shown:
    st.info(tr("app.winners.nothing"))

if season.decisions:
    st.subheader(tr("app.winners.decisions"))
    decisions = pd.DataFrame(
        [
            {
                tr("app.col.kind"): tr(f"app.decision.{d.kind}"),
                tr("app.col.player"): name(d.player),
                tr("app.col.category"): d.category or "",
                tr("app.col.round"): None,
                tr("app.col.note"): d.note or "",
            }
            for d in season.decisions
        ]
    )
    rounds = [d.round for d in season.decisions]  # a number column, empty without a round
    decisions[tr("app.col.round")] = pd.array(rounds, dtype="Int64")
    tables.dataframe(decisions, hide_index=True, width="stretch")

# the director records play-off / barrage winners and unavailable seeds (a cup of pools
# records its own deciders above, DS-21)
if run.director is not None and reading.format_of(ruleset) is not Format.POOLS_CUP:
    kinds = reading.decision_kinds(ruleset)
    categories = [None] + [c.name for c in ruleset.awards.categories]
    humans = [p.id for p in season.players if not p.is_engine]
    st.subheader(tr("app.winners.record"))
    with st.form("decision", clear_on_submit=True):
        kind = st.selectbox(tr("app.col.kind"), kinds, format_func=lambda k: tr(f"app.decision.{k}"),
                            key="decision_kind")  # fmt: skip
        player = st.selectbox(tr("app.col.player"), humans, format_func=name, key="decision_player")
        category = None
        if len(categories) > 1:
            category = st.selectbox(tr("app.col.category"), categories,
                                    format_func=lambda c: c or "—", key="decision_category")  # fmt: skip
        round_no = None
        if BARRAGE_WINNER in kinds:
            round_no = st.number_input(tr("app.col.round"), min_value=1, step=1, value=None,
                                       key="decision_round")  # fmt: skip
        note = st.text_input(tr("app.col.note"), key="decision_note")
        submitted = st.form_submit_button(tr("app.winners.save_decision"), type="primary")
    if submitted:
        decision = Decision(
            kind=kind,
            player=player,
            category=category,
            round=int(round_no) if round_no is not None and kind == BARRAGE_WINNER else None,
            note=note.strip() or None,
        )
        state.write(
            run,
            lambda actor: settings.add_decision(run.store, cid, decision, actor=actor),
            tr("app.winners.saved"),
        )
