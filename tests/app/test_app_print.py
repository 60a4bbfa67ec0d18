"""Printing from the browser (issue 11): the app's print style sheet is on every page once,
and the standings and the round's pairing sheet each have a print copy, a real HTML table
(``ui/printing.py``) holding exactly what the screen's canvas table shows. The real
browser's A4 PDF of them is checked in ``tests/browser/test_browser_print.py``."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pandas as pd
import pytest

from compcore.adapters.store import Store
from compcore.rules.rulesets import ruleset_of
from tests.app.test_app_support import ALL_PAGES, app, shown
from ui import printing, sheets

pytestmark = pytest.mark.usefixtures("steady_app")

PAGES = ALL_PAGES


class _Tables(HTMLParser):
    """The tables of an HTML fragment: caption, header cells, body rows (texts unescaped;
    the header's row is left as an empty body row, dropped by :func:`parse_tables`)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tables: list[dict] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.tables.append({"caption": "", "head": [], "rows": []})
        elif tag == "tr" and self.tables:
            self.tables[-1]["rows"].append([])
        elif tag in ("th", "td", "caption"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag not in ("th", "td", "caption") or self._cell is None:
            return
        text, table = "".join(self._cell), self.tables[-1]
        if tag == "caption":
            table["caption"] = text
        elif tag == "th":
            table["head"].append(text)
        else:
            table["rows"][-1].append(text)
        self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def parse_tables(body: str) -> list[dict]:
    parser = _Tables()
    parser.feed(body)
    return [{**t, "rows": [r for r in t["rows"] if r]} for t in parser.tables]


def print_copies(at) -> list[dict]:
    """Every print-only table on the page."""
    bodies = [
        e.proto.body for e in at.get("html") if f'class="{printing.PRINT_ONLY}"' in e.proto.body
    ]
    return [t for body in bodies for t in parse_tables(body)]


def style_sheets(at) -> list[str]:
    return [e.proto.body for e in at.get("html") if e.proto.body.startswith("<style>")]


def open_page(page: str, competition: int, lang: str = "nl"):
    at = app()
    at.session_state["lang"] = lang
    at.session_state["competition"] = competition
    at.run()
    if page != "overview":
        at.switch_page(f"pages/{page}.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("page", PAGES)
def test_every_page_has_the_print_style_sheet_once(club_db, page):
    """A4 portrait, and in print no sidebar, menu or buttons: once per run, not per table."""
    _, ids = club_db
    at = open_page(page, ids["Ladder"])
    sheets_ = style_sheets(at)
    assert len(sheets_) == 1
    css = sheets_[0]
    assert "@page { size: A4 portrait;" in css
    assert "@media print" in css and '[data-testid="stSidebar"]' in css
    assert "has(button, input, select, textarea)" in css


@pytest.mark.parametrize("lang", ["nl", "en"])
@pytest.mark.parametrize("competition", ["Ladder", "AB"])
def test_the_standings_print_copy_is_the_screens_table(club_db, competition, lang):
    """Header for header and cell for cell the texts the screen's table shows (its display
    values: "25,50" with the Dutch comma, "▲2", a name, not its link)."""
    _, ids = club_db
    at = open_page("standings", ids[competition], lang)
    screen = shown(at.dataframe[0]).astype(str)
    (copy,) = print_copies(at)
    assert copy["head"] == list(screen.columns)
    assert copy["rows"] == screen.to_numpy().tolist()
    assert len(copy["rows"]) == len(Store(club_db[0]).load(ids[competition]).players)


def test_the_compact_standings_print_the_compact_columns(club_db):
    """Whatever the screen shows is printed: the toggle "alle kolommen" off gives the four
    compact columns (Keizer: Pl, Naam, Punten, Wa; no change column: ±Pl comes after Pl)."""
    _, ids = club_db
    at = open_page("standings", ids["Ladder"])
    at.toggle(key=f"st_all_{ids['Ladder']}").set_value(False).run()
    (copy,) = print_copies(at)
    assert copy["head"] == list(shown(at.dataframe[0]).columns)
    assert copy["head"] == ["Pl", "±Pl", "Naam", "Punten", "Wa"]


def test_the_pairing_sheet_print_copy(club_db):
    """The published round 3 (the member's view): board, white, black, result, the names
    as the sheet writes them (the engine with its strength), and who is not paired."""
    path, ids = club_db
    cid = ids["Ladder"]
    at = open_page("round", cid)
    season = Store(path).load(cid)
    rnd = season.rounds[-1]
    want = sheets.rows(season, ruleset_of(season), rnd, "nl")
    copy, *others = print_copies(at)
    assert copy["caption"] == f"Indeling ronde {rnd.number}"
    assert copy["head"] == ["Bord", "Wit", "Zwart", "Uitslag"]
    assert copy["rows"] == [[str(r.board), r.white, r.black, r.result] for r in want]
    assert len(at.dataframe[0].value) == len(copy["rows"])
    absent = [names for t in others for names in t["rows"]]
    names = {p.id: p.name for p in season.players}
    assert sorted(r[0] for r in absent) == sorted(
        names[pid] for pid, kind in (rnd.entries or {}).items() if kind.value != "not-participating"
    )


def test_a_name_in_the_print_copy_stays_text():
    """Escaped: a player named ``<script>`` or ``Anna & Bert`` prints as written."""
    frame = pd.DataFrame({"Naam": ["<script>alert(1)</script>", "Anna & Bert"], "Pl": [1, None]})
    body = printing.table_html(frame, caption="<b>Ronde</b>")
    assert "<script" not in body and "<b>" not in body
    (table,) = parse_tables(body)
    assert table == {"caption": "<b>Ronde</b>", "head": ["Naam", "Pl"],
                     "rows": [["<script>alert(1)</script>", "1.0"], ["Anna & Bert", ""]]}  # fmt: skip
    assert body.startswith(f'<div class="{printing.PRINT_ONLY}">')


def test_a_column_of_numbers_prints_right_aligned():
    """Pl "1", "2"; Punten "25,50", "+1,00"; ±Pl "▲2", "=", "-" (new): numbers, right.
    Naam and a colour balance "1Z" are text; one text cell makes its column text."""
    frame = pd.DataFrame({"Pl": ["1", "2"], "±Pl": ["▲2", "="], "Naam": ["Anna", "Bert"],
                          "Punten": ["25,50", "+1,00"], "Kl": ["1Z", "0"], "Perc": ["", "50"]})  # fmt: skip
    (row, _) = [r for r in re.findall(r"<tr>(.*?)</tr>", printing.table_html(frame)) if "<td" in r]
    classes = re.findall(r"<td( class=\"num\")?>", row)
    assert [bool(c) for c in classes] == [True, True, False, True, False, True]


def test_the_print_copy_is_hidden_on_screen():
    """On screen only the canvas table shows: the copy's block is display: none outside
    ``@media print`` and shown inside it."""
    screen, paper = printing.CSS.split("@media print", 1)
    assert f".{printing.PRINT_ONLY} {{ display: none; }}" in screen
    assert f".{printing.PRINT_ONLY} {{\n    display: block !important;" in paper
