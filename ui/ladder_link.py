"""The Ronde page's part of the link between a ladder and the competitions played within it
(issue 12, MG-8): on a ladder evening, the boards and entries they put there; in a linked
competition (the Magnus cup), the evening its round is played on. The rules are
:mod:`compcore.services.linked`; this module only reads the cached seasons and shows."""

from __future__ import annotations

import streamlit as st

from compcore.domain.model import Round, Season
from compcore.services import linked as ln
from compcore.services.vocabulary import Evening
from ui.markdown import md
from ui.state import Ctx


def parts(run: Ctx) -> list[ln.Linked]:
    """The competitions played within the chosen one (a ladder), from the cached reads."""
    assert run.cid is not None
    return [
        ln.Linked(cid, run.season_of(cid), run.ruleset_of(cid))
        for cid in ln.linked_ids(run.competitions, run.cid)
    ]


def evening(run: Ctx, number: int) -> Evening:
    """What the linked competitions put on the chosen ladder's evening ``number``."""
    found = parts(run)
    return ln.evening_of(found, run.season(), number) if found else Evening()


def show_boards(run: Ctx, part: Evening) -> None:
    """The linked boards of the evening, with the competition they belong to (not
    removable here: they come from that competition's schedule or draw)."""
    for game in part.forced:
        why = run.tr("pair.forced", why=game.reason or "")
        st.markdown(md(f"{run.name(game.white)} – {run.name(game.black)} ({why})"))
    for pid, kind in part.entries.items():
        st.markdown(md(run.tr("link.entry", name=run.name(pid), kind=run.tr(f"kind.{kind.value}"))))


def ladder_info(run: Ctx, season: Season) -> tuple[int, Season, str] | None:
    """The ladder the chosen competition is played within: its id, season and name."""
    info = ln.ladder_of(run.competitions, season)
    if info is None:
        return None
    return info.id, run.season_of(info.id), info.competition


def pick_evening(run: Ctx, season: Season, stored: Round | None, key: str) -> int | None:
    """MG-8: in a competition whose games count as games in its ladder, the ladder evening
    this round is played on (inside the attendance form; default the ladder's open round);
    None for any other competition. A ladder not in this database is said, not offered."""
    link = run.ruleset().ladder_link
    if season.ladder is None or link is None or link.counts_as == "none":
        return None
    found = ladder_info(run, season)
    if found is None:
        st.caption(run.tr("link.no_ladder", ladder=md(season.ladder)))
        return None
    _, ladder, name = found
    options = ln.evenings_open(ladder)
    current = stored.ladder_round if stored is not None else None
    # the evening as stored, and as chosen on screen, stay offered when paired meanwhile:
    # saving then says so (EveningNotOpen) instead of silently taking another evening
    shown = st.session_state.get(key)
    kept = {n for n in (current, shown) if isinstance(n, int)}
    options = sorted({*options, *kept})
    default = current if current is not None else ln.default_evening(ladder)
    return st.selectbox(
        run.tr("link.evening", ladder=md(name)),
        options,
        index=options.index(default),
        format_func=lambda n: run.tr("app.round.label", number=n),
        help=run.tr("link.evening_help", ladder=md(name)),
        key=key,
    )


def played_on(run: Ctx, season: Season, rnd: Round | None) -> None:
    """Under a linked competition's round: the ladder evening it is played on."""
    if rnd is None or rnd.ladder_round is None:
        return
    found = ladder_info(run, season)
    name = found[2] if found is not None else season.ladder or ""
    st.caption(run.tr("link.played_on", number=rnd.ladder_round, ladder=md(name)))


def board_notes(run: Ctx, rnd: Round | None) -> None:
    """Under a ladder evening's boards: which come from a linked competition (their result
    counts there too)."""
    if rnd is None or not rnd.games:
        return
    part = evening(run, rnd.number)
    origin = {frozenset((f.white, f.black)): f.reason or "" for f in part.forced}
    for i, game in enumerate(rnd.games, start=1):
        name = origin.get(frozenset(game.players))
        if name:
            st.caption(run.tr("link.board_note", board=i, competition=md(name)))
