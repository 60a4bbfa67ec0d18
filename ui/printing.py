"""Print styles for the app's pages (issue 11, item 1): the browser's print to PDF puts the
standings on A4 without the sidebar, the header and the buttons."""

from __future__ import annotations

import streamlit as st

PRINT_CSS = (
    "<style>@media print{"
    "@page{size:A4 portrait;margin:1cm}"
    '[data-testid="stSidebar"],[data-testid="stHeader"],[data-testid="stToolbar"],'
    '[data-testid="stDownloadButton"],[data-testid="stBaseButton-secondary"]'
    "{display:none !important}"
    '[data-testid="stMainBlockContainer"]{padding:0 !important;max-width:none !important}'
    "}</style>"
)


def print_styles() -> None:
    """Add the print styles to this run's page (a style-only ``st.html`` takes no space)."""
    st.html(PRINT_CSS)
