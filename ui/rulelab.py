"""The Regellab page's tables and slope chart, from a :class:`compcore.lab.rulelab.Comparison`."""

from __future__ import annotations

import json
from collections.abc import Sequence

import altair as alt
import pandas as pd
import streamlit as st

from compcore.i18n import Lang, t
from compcore.present.rulelab_report import fairness_lines, number, span_text, winner_label
from compcore.services import changelog
from compcore.services.rulelab import Proposal
from compcore.services.vocabulary import Comparison
from ui import clock
from ui.markdown import md


def places_frame(result: Comparison, lang: Lang) -> pd.DataFrame:
    """One row per player in B's order: place A, place B, the move, name, points A and B."""
    columns = ["rank_a", "rank_b", "moved", "name", "score_a", "score_b"]
    rows = [
        [
            p.rank_a,
            p.rank_b,
            f"{p.moved:+d}" if p.moved else "0",
            p.name,
            number(p.score_a, lang),
            number(p.score_b, lang),
        ]
        for p in result.placings
    ]
    return pd.DataFrame(rows, columns=[t(f"rulelab.col.{c}", lang) for c in columns])


def winners_frame(result: Comparison, lang: Lang) -> pd.DataFrame:
    """Per award: its name, the winner under A and under B."""
    names = result.names
    rows = [
        [winner_label(w, lang), names.get(w.player_a or "", ""), names.get(w.player_b or "", "")]
        for w in result.winners
    ]
    columns = [t(f"rulelab.col.{c}", lang) for c in ("what", "winner_a", "winner_b")]
    return pd.DataFrame(rows, columns=columns)


def fairness_frame(result: Comparison, lang: Lang) -> pd.DataFrame:
    """The three fairness measures under A and B."""
    columns = [t(f"rulelab.col.{c}", lang) for c in ("measure", "a", "b")]
    return pd.DataFrame([list(line) for line in fairness_lines(result, lang)], columns=columns)


def slope_frame(result: Comparison) -> pd.DataFrame:
    """Two rows per player: his place under A and under B (the slope chart's ends)."""
    rows = []
    for p in result.placings:
        trend = "up" if p.moved > 0 else "down" if p.moved < 0 else "same"
        rows.append({"player": p.name, "side": "A", "place": p.rank_a, "trend": trend})
        rows.append({"player": p.name, "side": "B", "place": p.rank_b, "trend": trend})
    return pd.DataFrame(rows, columns=["player", "side", "place", "trend"])


#: the room beside the two ends of the slope chart, in steps between them: names in full
#: on a laptop (little) and on a phone (more: the chart is narrow)
SLOPE_PADDING = 0.35
SLOPE_PADDING_PHONE = 1.9


#: the slope chart's colours, the Okabe–Ito palette (safe for colour-blind members):
#: up blue, down orange (vermilion), unchanged grey (dark enough for its names)
SLOPE_COLOURS = {"up": "#0072B2", "down": "#D55E00", "same": "#6E6E6E"}
#: a second cue besides the colour: up solid, down dashed, unchanged dotted
SLOPE_DASHES = {"up": [1, 0], "down": [6, 3], "same": [2, 2]}
#: every text of the slope chart this big (px; on a phone 11, the least that reads well,
#: so that two names in full fit beside a 390 px wide chart)
SLOPE_FONT = 13
SLOPE_FONT_PHONE = 11


def slope_chart(
    result: Comparison, lang: Lang, *, narrow: bool = False
) -> alt.LayerChart | alt.FacetChart:
    """A slope chart: each player's place under A (left) joined to his place under B
    (right), place 1 on top; a player who moves up is a solid blue line with a triangle
    pointing up, down a dashed orange line with a triangle pointing down (Okabe–Ito
    colours: safe for colour-blind members, and never colour alone), the others a dotted
    grey line; names in full at both ends, every text :data:`SLOPE_FONT` px (``narrow``, a
    phone: :data:`SLOPE_FONT_PHONE`, with more room beside the ends)."""
    frame = slope_frame(result)
    font = SLOPE_FONT_PHONE if narrow else SLOPE_FONT
    height = max(240, (19 if narrow else 22) * len(result.placings))
    axis = alt.Axis(labelAngle=0, orient="top", labelFontSize=font + 1,
                    labelFontWeight="bold", labelColor="#31333F", ticks=False, domain=False)  # fmt: skip
    x = alt.X("side:N", title=None, axis=axis,
              scale=alt.Scale(padding=SLOPE_PADDING_PHONE if narrow else SLOPE_PADDING))  # fmt: skip
    y = alt.Y("place:Q", title=t("rulelab.col.rank_a", lang).split()[0],
              scale=alt.Scale(reverse=True, zero=False, nice=False), axis=None)  # fmt: skip
    trends = list(SLOPE_COLOURS)
    colour = alt.Color(
        "trend:N", legend=None, scale=alt.Scale(domain=trends, range=list(SLOPE_COLOURS.values()))
    )
    dash = alt.StrokeDash(
        "trend:N", legend=None, scale=alt.Scale(domain=trends, range=list(SLOPE_DASHES.values()))
    )
    shape = alt.Shape(
        "trend:N", legend=None,
        scale=alt.Scale(domain=trends, range=["triangle-up", "triangle-down", "circle"]),
    )  # fmt: skip
    base = alt.Chart(frame).encode(x=x, y=y, detail="player:N", color=colour)
    tooltip = [alt.Tooltip("player:N", title=t("rulelab.col.name", lang)),
               alt.Tooltip("side:N", title=t("rulelab.side", lang)),
               alt.Tooltip("place:Q", title=t("rulelab.place", lang))]  # fmt: skip
    lines = base.mark_line(strokeWidth=2).encode(strokeDash=dash, tooltip=tooltip)
    points = base.mark_point(filled=True, size=60).encode(shape=shape, tooltip=tooltip)
    left = (
        alt.Chart(frame[frame["side"] == "A"])
        .mark_text(align="right", dx=-9, fontSize=font)
        .encode(x=x, y=y, text=alt.Text("label:N"), color=colour)
        .transform_calculate(label="datum.place + '. ' + datum.player")
    )
    right = (
        alt.Chart(frame[frame["side"] == "B"])
        .mark_text(align="left", dx=9, fontSize=font)
        .encode(x=x, y=y, text=alt.Text("label:N"), color=colour)
        .transform_calculate(label="datum.place + '. ' + datum.player")
    )
    return alt.layer(lines, points, left, right).properties(
        height=height, autosize=alt.AutoSizeParams(type="fit-x", contains="padding")
    )


def show_proposals(proposals: Sequence[Proposal], lang: Lang) -> None:
    """The rule lab's saved proposals (Instellingen): when, who, the note, and ruleset B as
    a preset with its overrides (JSON, as the settings form takes them)."""
    if not proposals:
        st.caption(t("rulelab.no_proposals", lang))
    for p in proposals:
        who = changelog.actor_words(p.actor, lang)
        note = f" · {md(p.note)}" if p.note else ""
        st.markdown(f"**{clock.local(p.at, lang)}** · {md(who)}{note}")
        st.code(json.dumps({"preset": p.preset, "overrides": dict(p.overrides)},
                           ensure_ascii=False, indent=2), language="json")  # fmt: skip


def span(result: Comparison, lang: Lang) -> str:
    """Which rounds both standings count, said above them (issue 22 item 7)."""
    return span_text(result, lang)
