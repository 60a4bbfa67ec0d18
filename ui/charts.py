"""Altair chart specs for the trends page, built from compcore's standings snapshots.

One row per (round, player) of a standings' scope: rank, score and (Keizer presets) value,
exactly as the snapshots hold them (floats only for drawing). Every chart highlights the
players clicked in its legend (``alt.selection_point(fields=["player"], bind="legend")``).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import altair as alt
import pandas as pd

from compcore.scoring.standings import Standings

#: the selection parameter's name in every chart (Streamlit returns it under this name)
PICK = "pick"


def trend_frame(table: Standings, names: Mapping[str, str], keizer: bool) -> pd.DataFrame:
    """round, player (name), player_id, rank, score and value per round of the scope. Two
    players with the same name are told apart by their id (the legend keys on the name)."""
    counts: dict[str, int] = {}
    for name in names.values():
        counts[name] = counts.get(name, 0) + 1
    label = {pid: f"{n} ({pid})" if counts[n] > 1 else n for pid, n in names.items()}
    rows = []
    for snap in table.snapshots[1:]:
        scores = snap.scores
        for rank, pid in enumerate(snap.order, start=1):
            rows.append(
                {
                    "round": snap.round,
                    "player": label.get(pid, pid),
                    "player_id": pid,
                    "rank": rank,
                    "score": float(scores.get(pid, 0)),
                    "value": float(snap.value(pid)) if keizer and pid in snap.values else None,
                }
            )
    return pd.DataFrame(rows, columns=["round", "player", "player_id", "rank", "score", "value"])


def player_frame(table: Standings, player: str, keizer: bool) -> pd.DataFrame:
    """:func:`trend_frame`'s rows of one player (round, rank, score, value), made directly:
    the player page needs one line, not the whole club's."""
    rows = []
    for snap in table.snapshots[1:]:
        if player not in snap.units:
            continue
        rows.append(
            {
                "round": snap.round,
                "rank": snap.order.index(player) + 1,
                "score": float(Fraction(snap.units[player], snap.scale)),
                "value": float(snap.value(player)) if keizer and player in snap.values else None,
            }
        )
    return pd.DataFrame(rows, columns=["round", "rank", "score", "value"])


def _base(frame: pd.DataFrame, y: alt.Y, labels: Mapping[str, str]) -> alt.Chart:
    pick = alt.selection_point(name=PICK, fields=["player"], bind="legend")
    legend = alt.Legend(
        orient="bottom", columns=2, symbolLimit=0, labelLimit=130, title=labels["player"]
    )
    return (
        alt.Chart(frame)
        .mark_line(point=alt.OverlayMarkDef(size=28))
        .encode(
            x=alt.X("round:O", title=labels["round"], axis=alt.Axis(labelAngle=0)),
            y=y,
            color=alt.Color("player:N", legend=legend, scale=alt.Scale(scheme="tableau20")),
            opacity=alt.condition(pick, alt.value(1.0), alt.value(0.12)),
            strokeWidth=alt.condition(pick, alt.value(2.5), alt.value(1.0)),
            tooltip=[
                alt.Tooltip("player:N", title=labels["player"]),
                alt.Tooltip("round:O", title=labels["round"]),
                alt.Tooltip("rank:Q", title=labels["rank"]),
                alt.Tooltip("score:Q", title=labels["score"], format=".2f"),
                *(
                    [alt.Tooltip("value:Q", title=labels["value"], format=".1f")]
                    if frame["value"].notna().any()
                    else []
                ),
            ],
        )
        .add_params(pick)
        # the plot is 320 px high whatever the legend's length (40 players make a long
        # legend below the plot); the width follows the page (phone or laptop)
        .properties(height=320, autosize=alt.AutoSizeParams(type="fit-x", contains="padding"))
    )


def value_chart(frame: pd.DataFrame, labels: Mapping[str, str]) -> alt.Chart:
    """Each player's Keizer value over the rounds."""
    return _base(
        frame, alt.Y("value:Q", title=labels["value"], scale=alt.Scale(zero=False)), labels
    )


def bump_chart(frame: pd.DataFrame, labels: Mapping[str, str]) -> alt.Chart:
    """Rank per round (a bump chart: place 1 on top)."""
    return _base(frame, alt.Y("rank:O", title=labels["rank"]), labels)


def score_chart(frame: pd.DataFrame, labels: Mapping[str, str]) -> alt.Chart:
    """Score progression: the total after each round."""
    return _base(frame, alt.Y("score:Q", title=labels["score"]), labels)


def player_chart(frame: pd.DataFrame, labels: Mapping[str, str], keizer: bool) -> alt.LayerChart:
    """One player's place (place 1 on top, left axis) and, for a Keizer ruleset, value (right
    axis) after each round of the scope: two lines over the same rounds."""
    x = alt.X("round:O", title=labels["round"], axis=alt.Axis(labelAngle=0))
    place = (
        alt.Chart(frame)
        .mark_line(point=True, color="#4c78a8")
        .encode(
            x=x,
            y=alt.Y("rank:Q", title=labels["rank"], scale=alt.Scale(reverse=True, zero=False),
                    axis=alt.Axis(tickMinStep=1, titleColor="#4c78a8")),
            tooltip=[alt.Tooltip("round:O", title=labels["round"]),
                     alt.Tooltip("rank:Q", title=labels["rank"])],
        )
    )  # fmt: skip
    layers: list[alt.Chart] = [place]
    if keizer:
        layers.append(
            alt.Chart(frame)
            .mark_line(point=True, color="#f58518", strokeDash=[4, 2])
            .encode(
                x=x,
                y=alt.Y("value:Q", title=labels["value"], scale=alt.Scale(zero=False),
                        axis=alt.Axis(orient="right", titleColor="#f58518")),
                tooltip=[alt.Tooltip("round:O", title=labels["round"]),
                         alt.Tooltip("value:Q", title=labels["value"], format=".1f")],
            )
        )  # fmt: skip
    return (
        alt.layer(*layers)
        .resolve_scale(y="independent")
        .properties(height=240, autosize=alt.AutoSizeParams(type="fit-x", contains="padding"))
    )
