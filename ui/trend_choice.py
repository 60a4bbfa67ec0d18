"""Which players the trends charts draw in colour (issue 13, item 4): chosen by name in a
multiselect that searches as you type (a tap adds a player, on a phone too), at most as many
as the palette has colours. The choice is kept in the session (across cycles and pages) and
in the address (``?spelers=p01,p07``); a link's unknown ids are dropped with a notice.
Default: the top 3 of the standings shown."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import streamlit as st

from ui import query, state
from ui.charts import PALETTE
from ui.markdown import md
from ui.state import Ctx

#: the query parameter: the chosen players' ids, comma-separated, in choice order
PARAM = state.PARAM_PLAYERS
#: at most one player per colour of the palette
LIMIT = len(PALETTE)
#: how many of the standings' top players are chosen when nobody chose yet
TOP = 3


@dataclass(frozen=True, slots=True)
class LinkChoice:
    """What a link's ``?spelers=`` names: the known ids (in order, at most ``limit``), the
    unknown ones, and the known ones beyond the limit."""

    chosen: tuple[str, ...]
    unknown: tuple[str, ...]
    beyond: tuple[str, ...]


def from_link(value: str, options: Sequence[str], limit: int = LIMIT) -> LinkChoice:
    """Split ``value`` at commas; ids among ``options`` are chosen in order (each once, the
    first ``limit``), the rest reported."""
    ids = list(dict.fromkeys(part.strip() for part in value.split(",") if part.strip()))
    known = [pid for pid in ids if pid in options]
    unknown = tuple(pid for pid in ids if pid not in options)
    return LinkChoice(tuple(known[:limit]), unknown, tuple(known[limit:]))


def widget_key(run: Ctx) -> str:
    """The multiselect's key: one per competition, not per cycle (the choice stays when
    the cycle changes)."""
    return f"tr_players_{run.cid}"


def _keep_key(run: Ctx) -> str:
    """Where the choice is kept while the page is not shown (widget state is dropped)."""
    return f"_keep_{widget_key(run)}"


def _apply_link(run: Ctx, options: Sequence[str], key: str) -> None:
    """A link's ``?spelers=`` (not written by this session) chooses its known players; the
    unknown ones and those beyond the palette are named in a notice."""
    wanted = run.incoming.pop(PARAM, None)
    if wanted is None:
        return
    link = from_link(wanted, options)
    if link.unknown:
        shown = ", ".join(link.unknown)
        shown = shown if len(shown) <= query.MAX_SHOWN else shown[: query.MAX_SHOWN] + "…"
        st.info(run.tr("app.trends.link_unknown", ids=md(shown)))
    if link.beyond:
        st.info(run.tr("app.trends.link_too_many", count=len(link.chosen) + len(link.beyond),
                       limit=LIMIT))  # fmt: skip
    if link.chosen:
        st.session_state[key] = list(link.chosen)


def choose(
    run: Ctx, options: Sequence[str], labels: Mapping[str, str], top: Sequence[str]
) -> list[str]:
    """The players chosen (ids, in choice order) from ``options`` (shown by their
    ``labels``): the link's, else this session's last choice, else the first :data:`TOP` of
    ``top`` (the standings' order). Written back to the address."""
    key = widget_key(run)
    _apply_link(run, options, key)
    if key not in st.session_state:
        kept = st.session_state.get(_keep_key(run), list(top[:TOP]))
        st.session_state[key] = [pid for pid in kept if pid in options][:LIMIT]
    chosen: list[str] = st.multiselect(
        run.tr("app.trends.choose"),
        options,
        format_func=lambda pid: labels.get(pid, pid),
        key=key,
        placeholder=run.tr("app.trends.placeholder"),
        filter_mode="contains",
        select_all=False,  # a tap on the first option adds one player, not every match
    )
    st.session_state[_keep_key(run)] = list(chosen)
    state.write_link(PARAM, ",".join(chosen))
    # no max_selections: Streamlit's own "maximum reached" text is English only; past the
    # palette the others stay grey (charts.colours_for) and the page says so
    if len(chosen) > LIMIT:
        st.caption(run.tr("app.trends.full", limit=LIMIT))
    return chosen
