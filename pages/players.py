"""Spelers / Players: the roster; for the director adding and editing players, rating
changes, and a CSV import with a preview and an error per bad row (a bad row imports
nothing)."""

import pandas as pd
import streamlit as st

from compcore.adapters import players_csv
from compcore.model import RatingChange
from compcore.services import players as ps
from compcore.validate import RATING_HIGH, RATING_LOW
from ui import state
from ui.markdown import md
from ui.tables import flag_label, flags_text, players_frame

run = state.ctx()
tr = run.tr
st.title(tr("app.page.players"))
state.require_competition(run)
season, ruleset = run.season(), run.ruleset()
cid = run.cid
st.dataframe(players_frame(season, run.lang), hide_index=True, width="stretch")

if run.director is None:
    st.stop()

NEW = "\x00new"
# flags already in use plus the ones this ruleset reads (offered; new ones may be typed)
known_flags = set(ps.offered_flags(season, ruleset))

st.subheader(tr("app.players.edit"))
editable = [p.id for p in season.players if not p.is_engine]
chosen = state.linked_select(
    run,
    tr("app.players.choose"),
    [NEW, *editable],
    param=state.PARAM_PLAYER,
    key=f"pl_choice_{cid}",
    text=lambda pid: "" if pid == NEW else pid,
    default=NEW,
    format_func=lambda pid: tr("app.players.new") if pid == NEW else run.name(pid),
)
current = None if chosen == NEW else season.player(chosen)
k = f"{cid}_{chosen}"
form = f"player_{k}"


def field_key(field: str) -> str:
    return state.widget_key(form, f"pl_{field}_{k}")


read = state.seen(field_key("name"), current)  # the player as the form was opened
with st.form(form):
    pid = st.text_input(
        tr("app.players.col_id"), value=current.id if current else "", disabled=current is not None,
        key=field_key("id"),
    )  # fmt: skip
    name = st.text_input(tr("app.players.col_name"), value=current.name if current else "",
                         key=field_key("name"))  # fmt: skip
    c1, c2, c3 = st.columns(3)
    rating = c1.number_input(tr("app.players.col_rating"), min_value=RATING_LOW,
                             max_value=RATING_HIGH, step=1,
                             value=current.rating if current else None, key=field_key("rating"))  # fmt: skip
    strength = c2.number_input(tr("app.players.col_strength"), min_value=1, step=1,
                               value=current.strength if current else None,
                               key=field_key("strength"))  # fmt: skip
    level = c3.text_input(tr("app.players.col_level"),
                          value=(current.level or "") if current else "", key=field_key("level"))  # fmt: skip
    flags = st.multiselect(
        tr("app.players.col_flags"),
        sorted(known_flags | set(current.flags or ()) if current else known_flags),
        default=list(current.flags or ()) if current else [],
        format_func=lambda flag: flag_label(flag, run.lang),
        placeholder=tr("app.placeholder.flags"),
        accept_new_options=True,
        key=field_key("flags"),
    )
    c4, c5, c6 = st.columns(3)
    participation = c4.selectbox(
        tr("app.players.col_participation"),
        ["always", "never"],
        index=1 if current and current.participation == "never" else 0,
        format_func=lambda v: tr(f"app.participation.{v}"),
        key=field_key("part"),
    )
    joined = c5.number_input(tr("app.players.col_joined"), min_value=1, step=1,
                             value=current.joined_round if current else None,
                             key=field_key("joined"))  # fmt: skip
    withdrawn = c6.number_input(tr("app.players.col_withdrawn"), min_value=1, step=1,
                                value=current.withdrawn_round if current else None,
                                key=field_key("withdrawn"))  # fmt: skip
    saved = st.form_submit_button(tr("app.players.save"), type="primary")
if saved:
    player = ps.form_player(
        read,
        pid=pid or "",
        name=name or "",
        rating=None if rating is None else int(rating),
        strength=None if strength is None else int(strength),
        level=level or "",
        flags=flags,
        participation=participation,
        joined=None if joined is None else int(joined),
        withdrawn=None if withdrawn is None else int(withdrawn),
    )
    if not player.id or not player.name:
        st.error(tr("app.players.id_name_required"))
    else:
        state.write(
            run,
            lambda actor: ps.save_player(run.store, cid, player, read=read, actor=actor),
            tr("app.players.saved", name=md(player.name)),
            form=form,
        )

with st.expander(tr("app.players.rating_change")):
    rating_form = f"rating_{cid}"
    ratings_read = state.seen(state.widget_key(rating_form, "rc_rating"), season.ratings or ())
    with st.form(rating_form):
        who = st.selectbox(
            tr("app.col.player"),
            editable,
            format_func=run.name,
            key=state.widget_key(rating_form, "rc_player"),
        )
        c1, c2 = st.columns(2)
        from_round = c1.number_input(tr("app.players.from_round"), min_value=1, step=1,
                                     value=season.last_played + 1, key=state.widget_key(rating_form, "rc_round"))  # fmt: skip
        new_rating = c2.number_input(tr("app.players.col_rating"), min_value=RATING_LOW,
                                     max_value=RATING_HIGH, step=1,
                                     value=None, key=state.widget_key(rating_form, "rc_rating"))  # fmt: skip
        rated = st.form_submit_button(tr("app.players.save_rating"))
    if rated:
        if new_rating is None:
            st.error(tr("app.players.rating_required"))
        else:
            change = RatingChange(who, int(from_round), int(new_rating))
            state.write(
                run,
                lambda actor: ps.save_rating(run.store, cid, change, read=ratings_read,
                                             actor=actor),
                tr("app.players.rating_saved", name=md(run.name(who))),
                form=rating_form,
            )  # fmt: skip

st.subheader(tr("app.players.import"))
st.caption(tr("app.players.import_help"))
upload = st.file_uploader(tr("app.players.csv_file"), type=["csv", "txt"], key=f"csv_{cid}")
pasted = st.text_area(tr("app.players.csv_paste"), key=f"csv_text_{cid}", height=120)
text = upload.getvalue().decode("utf-8-sig", errors="replace") if upload is not None else pasted
if text and text.strip():
    parsed = players_csv.parse(text)
    if not parsed.ok:
        st.error(tr("app.players.csv_bad", count=len(parsed.errors)))
        st.dataframe(
            pd.DataFrame(
                [
                    {tr("app.col.line"): e.line, tr("app.col.problem"): e.text(run.lang)}
                    for e in parsed.errors
                ]
            ),
            hide_index=True,
            width="stretch",
        )
    else:
        kinds = players_csv.status(season.players, parsed)
        preview = pd.DataFrame(
            [
                {
                    tr("app.col.status"): tr(f"app.players.status.{kinds[p.id]}"),
                    tr("app.players.col_id"): p.id,
                    tr("app.players.col_name"): p.name,
                    tr("app.players.col_rating"): "" if p.rating is None else str(p.rating),
                    tr("app.players.col_strength"): "" if p.strength is None else str(p.strength),
                    tr("app.players.col_level"): p.level or "",
                    tr("app.players.col_flags"): flags_text(p.flags, run.lang),
                }
                for p in parsed.players
            ]
        )
        st.markdown(f"**{tr('app.players.preview', count=len(parsed.players))}**")
        st.dataframe(preview, hide_index=True, width="stretch")
        import_key = state.widget_key(f"csv_import_{cid}", "csv_import")
        roster_read = state.seen(import_key, season.players)  # as in this preview
        if st.button(tr("app.players.do_import"), type="primary", key=import_key):
            state.write(
                run,
                lambda actor: ps.import_roster(run.store, cid, parsed, read=roster_read,
                                               actor=actor),
                tr("app.players.imported", count=len(parsed.players)),
                form=f"csv_import_{cid}",
            )  # fmt: skip
