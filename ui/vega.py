"""Charts as plain Vega-Lite specs (dicts), drawn with ``st.vega_lite_chart``.

The app's charts used to be built with Altair and drawn with ``st.altair_chart``. Altair
checks every piece of a chart against the Vega-Lite JSON schema as it is built and again
when it is drawn (jsonschema): about 0.1 s of processor time per chart on the club's
machine, three charts on *Trends*, and 26 MB of memory for Altair, jsonschema and the
loaded schema in every server process (issue 19). The specs here are what Altair wrote for
the same charts (compared spec by spec and data set by data set on every demo competition
when they replaced Altair), so the browser draws the same charts; they are not checked
against the schema at run time.

A :class:`Chart` holds its spec, whose ``data`` entries name data sets (``{"name": ...}``),
and the data frames by name. :func:`show` draws it as ``st.altair_chart`` did: each frame
sent once, in Arrow, under a name that is a hash of its bytes; :meth:`Chart.to_dict` gives
the spec with the data inline, as Altair's ``to_dict`` does.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pandas as pd
import streamlit as st

#: the Vega-Lite version of the specs (the one Altair 6 writes)
SCHEMA = "https://vega.github.io/schema/vega-lite/v6.4.1.json"
#: the charts follow the page's width; their padding is inside it
AUTOSIZE = {"type": "fit-x", "contains": "padding"}

_TYPES = {"N": "nominal", "O": "ordinal", "Q": "quantitative", "T": "temporal"}


def field(shorthand: str, **props: Any) -> dict[str, Any]:
    """An encoding channel from Altair's shorthand (``"round:O"``) and its properties."""
    name, _, kind = shorthand.partition(":")
    return {"field": name, "type": _TYPES[kind], **props}


@dataclass(frozen=True)
class Chart:
    """A Vega-Lite spec whose ``data`` entries are ``{"name": key}`` of ``frames``."""

    spec: dict[str, Any]
    frames: Mapping[str, pd.DataFrame]

    def to_dict(self) -> dict[str, Any]:
        """The spec with its data sets inline (lists of records), as Altair's ``to_dict``."""
        spec = dict(self.spec)
        spec["datasets"] = {name: frame.to_dict("records") for name, frame in self.frames.items()}
        return spec


def show(chart: Chart, *, key: str | None = None, width: str = "stretch") -> None:
    """Draw ``chart`` on the page (the data sets in Arrow, named by a hash of their bytes)."""
    from streamlit import dataframe_util

    names: dict[str, str] = {}
    datasets: dict[str, bytes] = {}
    for name, frame in chart.frames.items():
        data = dataframe_util.convert_anything_to_arrow_bytes(frame)
        names[name] = hashlib.md5(data, usedforsecurity=False).hexdigest()
        datasets[names[name]] = data
    spec = _renamed(chart.spec, names)
    spec["datasets"] = datasets
    st.vega_lite_chart(spec, key=key, width=width)  # type: ignore[arg-type]


def _renamed(spec: Any, names: Mapping[str, str]) -> Any:
    """``spec`` with every data reference ``{"name": key}`` renamed by ``names``."""
    if isinstance(spec, dict):
        if set(spec) == {"name"} and spec["name"] in names:
            return {"name": names[spec["name"]]}
        return {k: (_renamed(v, names) if k == "data" or k == "layer" else v)
                for k, v in spec.items()}  # fmt: skip
    if isinstance(spec, list):
        return [_renamed(v, names) for v in spec]
    return spec
