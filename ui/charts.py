"""Altair chart specs for the trends page, built from compcore's standings snapshots.

One row per (round, player) of a standings' scope: rank, score and (Keizer presets) value,
exactly as the snapshots hold them (floats only for drawing). The trends charts draw the
players the user chose (issue 13, item 4) each in a colour of its own, in the order chosen
(:func:`colours_for`), over thin grey lines of everyone else; the legend lists the chosen
players with their names in full.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

import altair as alt
import pandas as pd

from compcore.services.vocabulary import Standings

_NO_LOCK = nullcontext()

#: a fixed qualitative palette (Tableau 10, its grey swapped for near-black so that no
#: chosen player looks like the grey rest): the chosen players get these in choice order
PALETTE: tuple[str, ...] = (
    "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
    "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#222222",
)  # fmt: skip
#: the players not chosen: thin light grey lines underneath
GREY = "#c8c8c8"
#: a legend label longer than 30 characters as two lines, broken at its last space within
#: the first 30 (a Vega expression; an array of strings is drawn as lines)
_CUT = "lastindexof(slice(datum.label, 0, 30), ' ')"
#: every chart's axis and legend text this big (px, never below 11: Streamlit's theme
#: draws smaller, grey; the specs carry their own sizes, as they send no ``config``)
TEXT_SIZE = 12
AXIS_TEXT: dict[str, Any] = {"labelFontSize": TEXT_SIZE, "titleFontSize": TEXT_SIZE}
LEGEND_TEXT: dict[str, Any] = {"labelFontSize": TEXT_SIZE, "titleFontSize": TEXT_SIZE}
WRAP = (
    f"length(datum.label) > 30 && {_CUT} > 0"
    f" ? [slice(datum.label, 0, {_CUT}), slice(datum.label, {_CUT} + 1)] : datum.label"
)


@dataclass(frozen=True, slots=True)
class Colours:
    """The chosen players' colours, in choice order, and the chosen players beyond the
    palette (drawn grey, like the rest)."""

    chosen: tuple[tuple[str, str], ...]
    beyond: tuple[str, ...] = ()

    def of(self, player: str) -> str:
        """``player``'s colour: his own if he has one, else grey."""
        return dict(self.chosen).get(player, GREY)


def colours_for(chosen: Sequence[str], palette: Sequence[str] = PALETTE) -> Colours:
    """The ``palette``'s colours given to the ``chosen`` players in order (a repeated player
    counts once), so no colour repeats among them; the players after the palette's last
    colour are listed in ``beyond`` and get none."""
    order = list(dict.fromkeys(chosen))
    coloured = tuple(zip(order, palette, strict=False))
    return Colours(coloured, tuple(order[len(palette) :]))


def spec(chart: alt.TopLevelMixin) -> dict[str, Any]:
    """``chart`` (built with one data frame at its top level) as the Vega-Lite spec that
    ``st.altair_chart`` would send, not checked against the schema: the frame as an Arrow
    dataset named by its hash, which every layer reads.

    ``st.altair_chart`` checks every chart against Vega-Lite's JSON schema on every script
    run (``to_dict()``): most of the trends page's processor time, for charts whose shape
    never changes (``tests/app/test_trends_choice.py`` and ``tests/test_app_*.py`` check them
    with the schema). The default theme's ``config`` is left out, as ``st.altair_chart``
    leaves it out (Streamlit draws in its own theme); the charts here configure nothing."""
    from streamlit import dataframe_util

    frame = chart.data
    if not isinstance(frame, pd.DataFrame):
        raise TypeError("charts.spec takes a chart with one data frame at its top level")
    bare = cast(alt.Chart, chart).copy(deep=False)  # every chart here is a SchemaBase
    bare.data = alt.NamedData(name="data")  # a name only: the layers read the top level's
    out: dict[str, Any] = bare.to_dict(validate=False)
    out.pop("config", None)
    arrow = dataframe_util.convert_anything_to_arrow_bytes(frame)
    name = "data-" + hashlib.sha256(arrow).hexdigest()[:32]
    out["data"] = {"name": name}
    out["datasets"] = {name: arrow}
    return out


def spec_with_data(chart: alt.TopLevelMixin) -> dict[str, Any]:
    """``chart``'s Vega-Lite spec with its data (each layer's own), not checked against the
    schema (see :func:`spec`): the datasets as Arrow, as ``st.altair_chart`` sends them, for
    ``st.vega_lite_chart(spec=...)``. Altair's data transformer is global to the process, so
    this runs under the lock ``st.altair_chart`` holds while it swaps it for its own."""
    from streamlit import dataframe_util
    from streamlit.elements import vega_charts

    with getattr(vega_charts, "_altair_globals_lock", _NO_LOCK):
        out = chart.to_dict(validate=False)
    out.pop("config", None)
    out["datasets"] = {
        name: dataframe_util.convert_anything_to_arrow_bytes(pd.DataFrame(rows))
        for name, rows in out.get("datasets", {}).items()
    }
    return out


def player_labels(names: Mapping[str, str]) -> dict[str, str]:
    """Each player's label: his name, or, where two players have the same name, the name
    with the id (the legend keys on the label)."""
    counts: dict[str, int] = {}
    for name in names.values():
        counts[name] = counts.get(name, 0) + 1
    return {pid: f"{n} ({pid})" if counts[n] > 1 else n for pid, n in names.items()}


def trend_frame(table: Standings, names: Mapping[str, str], keizer: bool) -> pd.DataFrame:
    """round, player (label, :func:`player_labels`), player_id, rank, score and value per
    round of the scope."""
    label = player_labels(names)
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


def player_frame(
    table: Standings,
    player: str,
    keizer: bool,
    written: tuple[Callable[[Fraction], str], Callable[[Fraction], str]] | None = None,
) -> pd.DataFrame:
    """:func:`trend_frame`'s rows of one player (round, rank, score, value), made directly:
    the player page needs one line, not the whole club's. With ``written`` (how to write a
    score, a value): also the score and the value as texts (``score_text``, ``value_text``,
    for the tooltips)."""
    rows = []
    for snap in table.snapshots[1:]:
        if player not in snap.units:
            continue
        score = Fraction(snap.units[player], snap.scale)
        value = snap.value(player) if keizer and player in snap.values else None
        row: dict[str, object] = {
            "round": snap.round,
            "rank": snap.order.index(player) + 1,
            "score": float(score),
            "value": None if value is None else float(value),
        }
        if written is not None:
            row["score_text"] = written[0](score)
            row["value_text"] = None if value is None else written[1](value)
        rows.append(row)
    columns = ["round", "rank", "score", "value"]
    return pd.DataFrame(rows, columns=columns + (["score_text", "value_text"] if written else []))


def _tooltip(frame: pd.DataFrame, labels: Mapping[str, str]) -> list[alt.Tooltip]:
    """Name, round, place, score and (where there are values) value of a point."""
    return [
        alt.Tooltip("player:N", title=labels["player"]),
        alt.Tooltip("round:O", title=labels["round"]),
        alt.Tooltip("rank:Q", title=labels["rank"]),
        alt.Tooltip("score:Q", title=labels["score"], format=".2f"),
        *(
            [alt.Tooltip("value:Q", title=labels["value"], format=".1f")]
            if frame["value"].notna().any()
            else []
        ),
    ]


def _shown(frame: pd.DataFrame, colours: Colours) -> list[tuple[str, str, str]]:
    """(id, label, colour) of the chosen players who are in ``frame``, in choice order."""
    label = dict(zip(frame["player_id"], frame["player"], strict=True))
    return [(pid, label[pid], colour) for pid, colour in colours.chosen if pid in label]


def _lines(
    frame: pd.DataFrame, y: alt.Y, labels: Mapping[str, str], colours: Colours, columns: int
) -> alt.LayerChart:
    """Everyone's line in thin grey, the chosen players' lines on top in their colours with
    a legend of their full names (``labelLimit=0``: no label is cut off) in ``columns``
    columns; in one column (a phone) a long name goes on two lines (:data:`WRAP`)."""
    x = alt.X("round:O", title=labels["round"], axis=alt.Axis(labelAngle=0, **AXIS_TEXT))
    tooltip = _tooltip(frame, labels)
    shown = _shown(frame, colours)
    ids = [pid for pid, _, _ in shown]
    rest = (
        alt.Chart()
        .mark_line(color=GREY, strokeWidth=1)
        .encode(x=x, y=y, detail="player_id:N", tooltip=tooltip)
    )
    if not ids:
        layers = [rest]
    else:
        one_of = alt.FieldOneOfPredicate(field="player_id", oneOf=ids)
        wrapped: dict[str, Any] = {"labelExpr": WRAP} if columns == 1 else {}
        legend = alt.Legend(
            orient="bottom", columns=columns, labelLimit=0, symbolLimit=0, title=labels["player"],
            **LEGEND_TEXT, **wrapped,
        )  # fmt: skip
        scale = alt.Scale(domain=[n for _, n, _ in shown], range=[c for _, _, c in shown])
        chosen = (
            alt.Chart()
            .mark_line(point=alt.OverlayMarkDef(size=28), strokeWidth=2.5)
            .encode(x=x, y=y, color=alt.Color("player:N", scale=scale, legend=legend),
                    tooltip=tooltip)
            .transform_filter(one_of)
        )  # fmt: skip
        rest = rest.transform_filter(alt.LogicalNotPredicate(**{"not": one_of}))  # type: ignore[no-untyped-call]
        layers = [rest, chosen]
    # the plot is 320 px high whatever the legend's length; the width follows the page
    layered = alt.layer(*layers, data=frame).properties(
        height=320, autosize=alt.AutoSizeParams(type="fit-x", contains="padding")
    )
    return cast(alt.LayerChart, layered)  # properties() keeps the layer chart's kind


def value_chart(
    frame: pd.DataFrame, labels: Mapping[str, str], colours: Colours, columns: int = 2
) -> alt.LayerChart:
    """Each player's Keizer value over the rounds."""
    y = alt.Y(
        "value:Q", title=labels["value"], scale=alt.Scale(zero=False), axis=alt.Axis(**AXIS_TEXT)
    )
    return _lines(frame, y, labels, colours, columns)


def bump_chart(
    frame: pd.DataFrame, labels: Mapping[str, str], colours: Colours, columns: int = 2
) -> alt.LayerChart:
    """Rank per round (a bump chart: place 1 on top)."""
    y = alt.Y("rank:O", title=labels["rank"], axis=alt.Axis(**AXIS_TEXT))
    return _lines(frame, y, labels, colours, columns)


def score_chart(
    frame: pd.DataFrame, labels: Mapping[str, str], colours: Colours, columns: int = 2
) -> alt.LayerChart:
    """Score progression: the total after each round."""
    y = alt.Y("score:Q", title=labels["score"], axis=alt.Axis(**AXIS_TEXT))
    return _lines(frame, y, labels, colours, columns)


#: the player page's charts (issue 22 item 6): one above the other, each this high, the y
#: axis of both this wide (so that their plots, and so their rounds, line up), text this big
PLAYER_HEIGHT = 170
_Y_AXIS_WIDTH = 44
PLACE_COLOUR, VALUE_COLOUR = "#4c78a8", "#e45756"


def player_charts(
    frame: pd.DataFrame, labels: Mapping[str, str], keizer: bool, lang: str = "nl"
) -> tuple[alt.Chart, ...]:
    """One player's place after each round of the scope (place 1 on top) and, for a Keizer
    ruleset, his value under it: two charts over the same rounds (the same round axis,
    their plots the same width), so the two lines never lie on top of each other. A point's
    tooltip says the round, the place, the score and the value as the page writes them
    (``score_text``, ``value_text`` of :func:`player_frame`); a value axis with decimals
    writes them with a comma on a Dutch screen."""
    rounds = [int(r) for r in frame["round"]]
    x = alt.X("round:O", title=labels["round"], scale=alt.Scale(domain=rounds),
              axis=alt.Axis(labelAngle=0, labelOverlap=True, **AXIS_TEXT))  # fmt: skip
    tooltip = [
        alt.Tooltip("round:O", title=labels["round"]),
        alt.Tooltip("rank:Q", title=labels["rank"]),
        *([alt.Tooltip("score_text:N", title=labels["score"])] if "score_text" in frame else []),
        *([alt.Tooltip("value_text:N", title=labels["value"])]
          if keizer and "value_text" in frame else []),
    ]  # fmt: skip
    worst = max(int(frame["rank"].max()), 2)
    place = _player_line(
        frame, x, tooltip, PLACE_COLOUR,
        alt.Y("rank:Q", title=labels["rank"],
              scale=alt.Scale(reverse=True, zero=False, nice=False, domain=[1, worst]),
              axis=alt.Axis(values=place_ticks(worst), format="d", titleColor=PLACE_COLOUR,
                            minExtent=_Y_AXIS_WIDTH, **AXIS_TEXT)),
    )  # fmt: skip
    if not keizer:
        return (place,)
    comma: dict[str, Any] = {"labelExpr": "replace(datum.label, '.', ',')"} if lang == "nl" else {}
    value = _player_line(
        frame, x, tooltip, VALUE_COLOUR,
        alt.Y("value:Q", title=labels["value"], scale=alt.Scale(zero=False),
              axis=alt.Axis(format="~f", titleColor=VALUE_COLOUR, minExtent=_Y_AXIS_WIDTH,
                            **AXIS_TEXT, **comma)),
    )  # fmt: skip
    return (place, value)


def place_ticks(worst: int) -> list[int]:
    """The place axis's labels down to place ``worst``: 1 (on top) always, at most 8 of
    them on a chart :data:`PLAYER_HEIGHT` high (more overlap on a phone): every place up
    to 8, every odd one up to 15, else 1 and every 5th, 10th, ... place."""
    if worst <= 8:
        return list(range(1, worst + 1))
    if worst <= 15:
        return list(range(1, worst + 1, 2))
    step = next((s for s in (5, 10, 20, 50, 100, 200, 500) if worst / s <= 7), 1000)
    return [1, *range(step, worst + 1, step)]


def _player_line(
    frame: pd.DataFrame, x: alt.X, tooltip: list[alt.Tooltip], colour: str, y: alt.Y
) -> alt.Chart:
    """One line of :func:`player_charts`, its points marked, its text :data:`AXIS_TEXT` big."""
    chart: alt.Chart = (
        alt.Chart(frame)
        .mark_line(
            point=alt.OverlayMarkDef(size=40, filled=True, color=colour),
            color=colour,
            strokeWidth=2.5,
        )
        .encode(x=x, y=y, tooltip=tooltip)
        .properties(
            height=PLAYER_HEIGHT, autosize=alt.AutoSizeParams(type="fit-x", contains="padding")
        )
    )
    return chart
