"""Printing from the browser (issue 11): the app's print style sheet, and print-only HTML
tables.

``st.dataframe`` draws on a canvas: it prints badly and is cut off at the page's edge. A
page that should print well (the standings, the round's pairing sheet) also writes its
table as plain HTML with :func:`table`; that copy is hidden on screen and is the only
table on paper. :data:`CSS` (injected once per run by ``app.py``, :func:`inject`) hides
the app's chrome in print (sidebar, menu, header, buttons, inputs, expanders; on a page
with a print copy, its canvas tables) and
lays the page out on A4 without horizontal cut-off. One screen rule beside them: on a touch
screen a table's toolbar gets room above the table.
"""

from __future__ import annotations

import html
import re

import pandas as pd
import streamlit as st

#: the class of a print-only block (hidden on screen, shown on paper)
PRINT_ONLY = "cc-print"

CSS = f"""
.{PRINT_ONLY} {{ display: none; }}
.st-key-cc-warm-up, [data-testid="stElementContainer"]:has(.st-key-cc-warm-up) {{
  display: none !important; }}
[data-testid="stElementContainer"]:has(.{PRINT_ONLY}) {{ display: none; }}
/* a touch screen shows a table's toolbar at all times, in the 44 px above the table: room
   for it there, so it covers neither the line above nor a round picker's arrow (issue 22) */
@media (hover: none) {{
  [data-testid="stElementContainer"]:has(> [data-testid="stFullScreenFrame"] > [data-testid="stDataFrame"]) {{
    margin-top: 2rem; }}
}}
@page {{ size: A4 portrait; margin: 1.2cm 1cm; }}
@media print {{
  [data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"],
  [data-testid="stHeader"], [data-testid="stToolbar"], [data-testid="stDecoration"],
  [data-testid="stStatusWidget"], [data-testid="stBottom"], header, nav, footer,
  [data-testid="stMain"]:has(.{PRINT_ONLY}) [data-testid="stDataFrame"],
  [data-testid="stExpander"], [data-testid="stForm"], [data-testid="stElementToolbar"],
  [data-testid="stElementContainer"]:has(button, input, select, textarea),
  [data-testid="stColumn"]:has(button, input, select, textarea),
  [data-testid="stElementContainer"]:has([role="slider"], [role="combobox"]) {{
    display: none !important;
  }}
  [data-testid="stElementContainer"]:has(.{PRINT_ONLY}), .{PRINT_ONLY} {{
    display: block !important; width: 100% !important;
  }}
  html, body, [data-testid="stApp"], [data-testid="stAppViewContainer"],
  [data-testid="stMain"], [data-testid="stMainBlockContainer"] {{
    position: static !important; overflow: visible !important; height: auto !important;
    min-height: 0 !important; width: 100% !important; max-width: 100% !important;
    margin: 0 !important; padding: 0 !important; background: #fff !important;
  }}
  .{PRINT_ONLY} table {{ width: 100%; border-collapse: collapse; font-size: 10pt;
    color: #000; }}
  .{PRINT_ONLY} caption {{ text-align: left; font-weight: bold; padding-bottom: .3em; }}
  .{PRINT_ONLY} th, .{PRINT_ONLY} td {{ border: 1px solid #888; padding: .15em .4em;
    text-align: left; overflow-wrap: anywhere; }}
  .{PRINT_ONLY} .num {{ text-align: right; }}
  .{PRINT_ONLY} th {{ background: #eee; }}
  .{PRINT_ONLY} thead {{ display: table-header-group; }}
  .{PRINT_ONLY} tr {{ break-inside: avoid; }}
}}
"""


def inject() -> None:
    """Add :data:`CSS` to the page (``app.py``, once per run). A ``<style>``-only block
    takes no room: Streamlit puts it in the page's event container."""
    st.html(f"<style>{CSS}</style>")


#: a cell that reads as a number ("12", "25,50", "+1", "▲2", "=", "-"): right-aligned
_NUMBER = re.compile(r"[-+▲▼]?\d+(?:[.,]\d+)?%?|[=-]?")


def _cell(value: object) -> str:
    return "" if value is None or (not isinstance(value, str) and pd.isna(value)) else str(value)


def table_html(frame: pd.DataFrame, caption: str | None = None) -> str:
    """``frame`` (its cells the texts the screen shows) as a print-only HTML table, every
    header and cell escaped: a player named ``<script>`` stays text. A column of numbers
    (:data:`_NUMBER`) is right-aligned."""
    esc = html.escape
    cells = [[_cell(v) for v in row] for row in frame.itertuples(index=False, name=None)]
    numeric = [all(_NUMBER.fullmatch(row[i]) for row in cells) for i in range(len(frame.columns))]
    head = "".join(
        f'<th class="num">{esc(str(c))}</th>' if numeric[i] else f"<th>{esc(str(c))}</th>"
        for i, c in enumerate(frame.columns)
    )
    body = "".join(
        "<tr>"
        + "".join(
            f'<td class="num">{esc(v)}</td>' if numeric[i] else f"<td>{esc(v)}</td>"
            for i, v in enumerate(row)
        )
        + "</tr>"
        for row in cells
    )
    title = f"<caption>{esc(caption)}</caption>" if caption else ""
    return (
        f'<div class="{PRINT_ONLY}"><table>{title}<thead><tr>{head}</tr></thead>'
        f"<tbody>{body}</tbody></table></div>"
    )


def table(frame: pd.DataFrame, caption: str | None = None) -> None:
    """Show ``frame`` on paper only (:func:`table_html`)."""
    st.html(table_html(frame, caption))
