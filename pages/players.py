"""Spelers / Players: the roster; for the director adding (an automatic readable id) and
editing players, withdrawing one from a round, level/flags from a round (kept as history),
removing one added by mistake, rating changes, and a CSV import with a preview and an error
per bad row (a bad row imports nothing)."""

import pandas as pd
import streamlit as st

from compcore.adapters.files.csv_text import csv_bytes
from compcore.domain.model import Participation, PlayerChange, RatingChange
from compcore.services import players as ps
from compcore.services.vocabulary import RATING_HIGH, RATING_LOW
from ui import context, rating_list, signoff_links, state, tables
from ui.markdown import md
from ui.tables import flag_label, flags_text, players_view

run = state.ctx()
tr = run.tr
st.title(tr("app.page.players"))
here = context.page(run)
season, ruleset = run.season(), run.ruleset()
cid = here.cid
tables.dataframe(players_view(season, run.lang), hide_index=True, width="stretch")

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
        key=field_key("id"), help=tr("app.players.id_help"),
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
    kinds: list[Participation] = ["always", "never"]
    participation = c4.selectbox(
        tr("app.players.col_participation"),
        kinds,
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
    c7, c8 = st.columns(2)
    knsb_id = c7.text_input(tr("app.players.col_knsb_id"), key=field_key("knsb_id"),
                            value=(current.knsb_id or "") if current else "",
                            help=tr("app.players.knsb_id_help"))  # fmt: skip
    fide_id = c8.text_input(tr("app.players.col_fide_id"), key=field_key("fide_id"),
                            value=(current.fide_id or "") if current else "",
                            help=tr("app.players.fide_id_help"))  # fmt: skip
    saved = st.form_submit_button(tr("app.players.save"), type="primary")
if saved:
    typed_id = (pid or "").strip()
    player = ps.form_player(
        read,
        pid=typed_id or ("" if current else ps.automatic_id(season, name or "")),
        name=name or "",
        rating=None if rating is None else int(rating),
        strength=None if strength is None else int(strength),
        level=level or "",
        flags=flags,
        participation=participation,
        joined=None if joined is None else int(joined),
        withdrawn=None if withdrawn is None else int(withdrawn),
        knsb_id=knsb_id or "",
        fide_id=fide_id or "",
    )
    done = tr("app.players.saved", name=md(player.name.strip() or player.id))
    same = ps.namesakes(season, player)
    if same:  # a warning, not a refusal: two members may share a name
        done += " " + tr("app.players.namesake", name=md(player.name.strip()),
                         ids=md(", ".join(p.id for p in same)))  # fmt: skip
    state.write(
        run,
        lambda actor: ps.save_player(run.store, cid, player, read=read, actor=actor),
        done,
        form=form,
    )

if current is not None and read is not None:
    editing, as_read = current, read  # both there (the lambdas below see them so typed)
    # the player's own actions share the player form's generation: a save renews them all
    upcoming = season.open_round.number if season.open_round else season.last_played + 1
    with st.expander(tr("app.players.withdraw")), st.form(f"withdraw_{k}"):
        st.caption(tr("app.players.withdraw_help"))
        stop_at = st.number_input(tr("app.players.withdraw_round"), min_value=1, step=1,
                                  value=current.withdrawn_round or upcoming,
                                  key=field_key("stop"))  # fmt: skip
        stop = st.form_submit_button(tr("app.players.do_withdraw"))
    if stop:
        state.write(
            run,
            lambda actor: ps.withdraw(run.store, cid, editing.id, int(stop_at), read=as_read,
                                      actor=actor),
            tr("app.players.withdrawn", name=md(current.name), round=int(stop_at)),
            form=form,
        )  # fmt: skip

    history = ps.history(season, current.id)
    history_read = state.seen(field_key("ch_round"), history)
    with st.expander(tr("app.players.change")):
        st.caption(tr("app.players.change_help"))
        if history:
            tables.dataframe(
                pd.DataFrame([{
                    tr("app.players.from_round"): c.from_round,
                    tr("app.players.col_level"): c.level or "",
                    tr("app.players.col_flags"): "" if c.flags is None
                    else flags_text(c.flags, run.lang) or "–",
                } for c in history]),
                hide_index=True,
            )  # fmt: skip
        else:
            st.caption(tr("app.players.history_none"))
        with st.form(f"change_{k}"):
            c1, c2 = st.columns(2)
            change_round = c1.number_input(tr("app.players.from_round"), min_value=1, step=1,
                                           value=upcoming, key=field_key("ch_round"))  # fmt: skip
            new_level = c2.text_input(tr("app.players.change_level"), key=field_key("ch_level"))
            change_flags = st.checkbox(tr("app.players.change_flags"), key=field_key("ch_do"))
            new_flags = st.multiselect(
                tr("app.players.col_flags"),
                sorted(known_flags | set(current.flags or ())),
                format_func=lambda flag: flag_label(flag, run.lang),
                accept_new_options=True,
                key=field_key("ch_flags"),
            )
            changed = st.form_submit_button(tr("app.players.do_change"))
    if changed:
        line = PlayerChange(current.id, int(change_round), new_level or None,
                            tuple(new_flags) if change_flags else None)  # fmt: skip
        state.write(
            run,
            lambda actor: ps.save_change(run.store, cid, line, read=history_read, actor=actor),
            tr("app.players.change_saved", name=md(current.name), round=line.from_round),
            form=form,
        )

    with st.expander(tr("app.players.remove")):
        appears = ps.first_round(season, current.id)
        if appears is not None:
            st.caption(tr("app.players.not_removable", name=md(current.name), round=appears))
        else:
            st.caption(tr("app.players.remove_help"))
            if st.button(tr("app.players.do_remove"), key=field_key("remove")):
                state.write(
                    run,
                    lambda actor: ps.remove(run.store, cid, editing.id, read=as_read, actor=actor),
                    tr("app.players.removed", name=md(current.name)),
                    form=form,
                    forget_keys=[f"pl_choice_{cid}"],
                )

with st.expander(tr("app.players.rating_change")):
    st.caption(tr("app.players.category_help"))
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

if current is not None:
    signoff_links.render(run, current)  # the member's own sign-off link and card

rating_list.render(run, cid, season, ruleset)  # a KNSB or FIDE rating list, from a round on

st.subheader(tr("app.players.import"))
st.caption(tr("app.players.import_help"))
st.download_button(tr("app.players.csv_download"), ps.roster_csv(season.players),
                   file_name="spelers.csv", mime="text/csv", key=f"csv_out_{cid}")  # fmt: skip
st.download_button(tr("app.players.excel_download"),  # issue 18 item 6: ';', with a BOM
                   csv_bytes(ps.roster_csv(season.players, excel=True), excel=True),
                   file_name="spelers-excel.csv", mime="text/csv",
                   help=tr("app.sheets.excel_help"), key=f"excel_out_{cid}")  # fmt: skip
upload = st.file_uploader(tr("app.players.csv_file"), type=["csv", "txt"], key=f"csv_{cid}")
pasted = st.text_area(tr("app.players.csv_paste"), key=f"csv_text_{cid}", height=120)
text = upload.getvalue().decode("utf-8-sig", errors="replace") if upload is not None else pasted
if text and text.strip():
    parsed = ps.parse_roster(text)
    if not parsed.ok:
        st.error(tr("app.players.csv_bad", count=len(parsed.errors)))
        tables.dataframe(
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
        statuses = ps.roster_status(season.players, parsed)
        preview = pd.DataFrame(
            [
                {
                    tr("app.col.status"): tr(f"app.players.status.{statuses[p.id]}"),
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
        tables.dataframe(preview, hide_index=True, width="stretch")
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
