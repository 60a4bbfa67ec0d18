"""The static website (issue 11, item 1): valid HTML, every name escaped, links that
resolve, the numbers of the standings, and ``compcore publish``."""

from __future__ import annotations

import errno
import os
import posixpath
import re
import stat
from dataclasses import replace
from pathlib import Path

import html5lib
import pytest

from compcore.adapters.files import season_file
from compcore.adapters.store import Store
from compcore.cli import main as cli
from compcore.domain.errors import CompcoreError
from compcore.ports.actors import Administrator
from compcore.present import dates, site_files, site_parts, website
from compcore.present.reports import decimal
from compcore.scoring.standings import standings
from tests.builders import load

ROOT = Path(__file__).resolve().parents[2]
EVIL = "<script>alert(1)</script>"
DEMOS = ("dubbelschaak", "princenpaard", "magnus-senior")


def demo(name: str, rename: bool = True) -> website.Competition:
    """A demo season; its first player renamed to EVIL, the club too (titles, headings)."""
    season, ruleset = season_file.load(ROOT / "data" / f"{name}.json")
    if rename:
        first = replace(season.players[0], name=EVIL)
        season = replace(season, players=(first, *season.players[1:]), club=f"Club {EVIL}")
    return website.Competition(name, season, ruleset)


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    return website.site([demo(n) for n in DEMOS], "nl")


def test_every_page_is_valid_html(pages):
    """html5lib in strict mode raises on the first parse error (an unclosed or stray tag, a
    bad attribute, a missing doctype)."""
    parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False)
    for name, html in pages.items():
        try:
            parser.parse(html)
        except html5lib.html5parser.ParseError as exc:  # pragma: no cover - the failure
            pytest.fail(f"{name}: {exc}")


def test_a_script_name_stays_text_everywhere(pages):
    """No page holds a script element, and the name reads as text where it is shown."""
    parser = html5lib.HTMLParser(namespaceHTMLElements=False)
    shown = 0
    for name, html in pages.items():
        assert "<script" not in html.lower(), name
        tree = parser.parse(html)
        assert tree.findall(".//script") == [], name
        shown += EVIL in "".join(tree.itertext())
    # the front page (club in the titles), and in every competition at least its index
    # (standings, pairing or winners) and the player's own page
    assert shown >= 1 + 2 * len(DEMOS)


def test_links_resolve_to_pages_that_exist(pages):
    parser = html5lib.HTMLParser(namespaceHTMLElements=False)
    links = 0
    for name, html in pages.items():
        for a in parser.parse(html).iter("a"):
            target = posixpath.normpath(posixpath.join(posixpath.dirname(name), a.get("href")))
            assert target in pages, f"{name} links to missing {target}"
            links += 1
    assert links > len(pages)


def test_every_round_cycle_and_player_has_a_page(pages):
    """Dubbelschaak (DS-17): three cycles numbered 0-2, and each played round its page."""
    comp = demo("dubbelschaak")
    played = [r.number for r in comp.season.rounds if r.games is not None]
    for k in played:
        assert f"dubbelschaak/round-{k}.html" in pages
    assert {f"dubbelschaak/cycle-{c}.html" for c in range(3)} <= set(pages)
    for i in range(1, len(comp.season.players) + 1):
        assert f"dubbelschaak/player-{i}.html" in pages


def test_player_page_total_is_the_standings_score(pages):
    """The leader's page sums his rounds (contributions) to his score in the standings,
    shown as the standings show it (two decimals, Dutch comma)."""
    comp = demo("princenpaard")
    table = standings(comp.season, comp.ruleset)
    leader = table.rows[0]
    index = [p.id for p in comp.season.players].index(leader.player) + 1
    html = pages[f"princenpaard/player-{index}.html"]
    shown = decimal(leader.score, comp.ruleset.display_decimals, "nl")
    assert f"Totaal: {shown} punten" in html
    assert leader.score > 0


def test_chart_polyline_is_scaled_by_hand():
    """Two ranks, 1 after round 1 and 3 after round 2, in a 320x120 box with 20 padding:
    x 1 -> 20, 2 -> 300; inverted y (1 on top): 1 -> 20, 3 -> 20 + 80 = 100."""
    svg = site_parts.chart("Plaats", [(1, 1.0), (2, 3.0)], invert=True)
    assert 'points="20.0,20.0 300.0,100.0"' in svg
    # not inverted (values: high on top), the same points flip: 1 -> 100, 3 -> 20
    assert 'points="20.0,100.0 300.0,20.0"' in site_parts.chart("Wa", [(1, 1.0), (2, 3.0)])


def test_chart_title_is_escaped():
    assert "&lt;script&gt;" in site_parts.chart(EVIL, [(1, 1.0)])


def test_english_site_has_english_words():
    pages = website.site([demo("princenpaard", rename=False)], "en")
    assert "Standings after round" in pages["princenpaard/index.html"]
    assert 'lang="en"' in pages["index.html"]


def test_zip_holds_every_page(pages):
    import io
    import zipfile

    with zipfile.ZipFile(io.BytesIO(website.zipped(pages))) as archive:
        assert sorted(archive.namelist()) == sorted(pages)
        assert archive.read("index.html").decode("utf-8") == pages["index.html"]


# --------------------------------------------------------------------------- the CLI


@pytest.fixture
def club_db(tmp_path) -> Path:
    db = tmp_path / "club.duckdb"
    store = Store(db)
    for name in ("princenpaard", "dubbelschaak"):
        store.import_season(demo(name).season, actor=Administrator("test"))
    return db


def test_publish_writes_the_site(club_db, tmp_path, capsys):
    out = tmp_path / "site"
    assert cli.main(["publish", "--db", str(club_db), "--out", str(out)]) == 0
    written = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.html"))
    message = capsys.readouterr().out
    assert re.fullmatch(rf"{len(written)} pagina's geschreven in .*\n", message)
    assert "index.html" in written
    assert EVIL not in (out / "index.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;" in (out / "index.html").read_text(encoding="utf-8")


def test_publish_to_a_file_is_refused(club_db, tmp_path, capsys):
    out = tmp_path / "site.html"
    out.write_text("keep", encoding="utf-8")
    code = cli.main(["--lang", "en", "publish", "--db", str(club_db), "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and "is a file" in err
    assert out.read_text(encoding="utf-8") == "keep"


def test_publish_of_a_missing_database_is_one_line(tmp_path, capsys):
    code = cli.main(["publish", "--db", str(tmp_path / "none.duckdb"), "--out", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    # nothing is written: the folder stays empty
    assert not list(tmp_path.iterdir())


def test_pairing_sheet_prints_on_a4_as_valid_html():
    """The app's printable pairing sheet (ui/sheets.py) asks for A4 pages, repeats its header
    on a second page, keeps a board on one page, and is valid HTML with a hostile name.
    A4 is 29.7 cm high; 1 cm margins leave 27.7 cm: at 11pt (0.39 cm) plus 0.5em padding a
    board row is about 0.6 cm, so 40 boards (80 players) fit on one page."""
    from ui import sheets

    comp = demo("princenpaard")
    played = [r for r in comp.season.rounds if r.games][-1]
    html = sheets.to_html(comp.season, comp.ruleset, played, "nl")
    assert "@page { size: A4 portrait; margin: 1cm; }" in html
    assert "thead { display: table-header-group; }" in html
    assert "<script" not in html.lower()
    html5lib.HTMLParser(strict=True).parse(html)


# --------------------------------------------------------------------------- what clubs publish

PARSER = html5lib.HTMLParser(namespaceHTMLElements=False)


def grid(html: str, index: int = 0) -> list[list[str]]:
    """Table ``index`` of a page as text cells, its header row first."""
    found = PARSER.parse(html).findall(".//table")[index]
    return [["".join(c.itertext()) for c in tr] for tr in found.iter("tr")]


def tables(html: str) -> int:
    return len(PARSER.parse(html).findall(".//table"))


# A youth Swiss (magnus-youth: win 1, draw 1/2, loss 0, forfeit win 1, bye 1; ties by
# rating), five rated players, three Tuesdays:
#   R1 2025-09-09: a-b 1-0, c-d =, e bye
#   R2 2025-09-16: d-a 0-1, e-c 1-0, b bye
#   R3 2025-09-23: a-e =, b-c 0-1F (b did not come), d bye
# Points: a 1+1+1/2 = 2.5, e 1+1+1/2 = 2.5, c 1/2+0+1 = 1.5, d 1/2+0+1 = 1.5, b 0+1+0 = 1;
# ties by rating: a (1800) before e (1000), c (1400) before d (1200). Places: a e c d b.
SWISS_PLAYERS = [
    {"id": p, "name": p.upper(), "rating": r}
    for p, r in zip("abcde", (1800, 1600, 1400, 1200, 1000), strict=True)
]
SWISS_ROUNDS = [
    {"date": "2025-09-09", "games": "a-b 1-0, c-d =, e bye"},
    {"date": "2025-09-16", "games": "d-a 0-1, e-c 1-0, b bye"},
    {"date": "2025-09-23", "games": "a-e =, b-c 0-1F, d bye"},
]


@pytest.fixture(scope="module")
def swiss_pages() -> dict[str, str]:
    season, ruleset = load("magnus-youth", SWISS_PLAYERS, SWISS_ROUNDS)
    return website.site([website.Competition("y", season, ruleset)], "nl")


def test_swiss_crosstable_by_hand(swiss_pages):
    """One crosstable (one cycle): players by place, a column per place, each cell the row
    player's result and colour (w wit, z zwart; + and − by forfeit carry none), rating and
    the TPR (rule of 400 over games played against rated opponents, forfeits not counted):
      a: b 1600 W, d 1200 W, e 1000 D: (3800 + 400 x 2) / 3 = 1533.3 -> 1533
      e: c 1400 W, a 1800 D:           (3200 + 400 x 1) / 2 = 1800
      c: d 1200 D, e 1000 L:           (2200 - 400 x 1) / 2 = 900
      d: c 1400 D, a 1800 L:           (3200 - 400 x 1) / 2 = 1400
      b: a 1800 L:                     (1800 - 400) / 1     = 1400
    the total is the standings' score (one decimal, MG-1: byes count)."""
    assert "y/crosstable.html" in swiss_pages
    assert not any("crosstable-" in name for name in swiss_pages)
    rows = grid(swiss_pages["y/crosstable.html"])
    assert rows == [
        ["Pl", "Naam", "Rating", "TPR", "1", "2", "3", "4", "5", "Punten"],
        ["1", "A", "1800", "1533", "×", "½w", "", "1z", "1w", "2,5"],
        ["2", "E", "1000", "1800", "½z", "×", "1w", "", "", "2,5"],
        ["3", "C", "1400", "900", "", "0z", "×", "½w", "+", "1,5"],
        ["4", "D", "1200", "1400", "0w", "", "½z", "×", "", "1,5"],
        ["5", "B", "1600", "1400", "0z", "", "−", "", "×", "1,0"],
    ]
    assert 'href="crosstable.html"' in swiss_pages["y/index.html"]
    assert "TPR: de gemiddelde rating van de tegenstanders" in swiss_pages["y/crosstable.html"]


def test_standings_have_rating_and_tpr_after_the_name(swiss_pages):
    """The same numbers as the crosstable, in the standings on the index page."""
    rows = grid(swiss_pages["y/index.html"])
    head = rows[0]
    at = head.index("Naam")
    assert head[at + 1 : at + 3] == ["Rating", "TPR"]
    assert [r[at : at + 3] for r in rows[1:]] == [
        ["A", "1800", "1533"],
        ["E", "1000", "1800"],
        ["C", "1400", "900"],
        ["D", "1200", "1400"],
        ["B", "1600", "1400"],
    ]


def test_round_page_has_its_date_and_boards(swiss_pages):
    """2025-09-16 is a Tuesday ("di"); the page shows round 2's two boards and the
    standings after it: a 2, e 2 (a ahead on rating), b 1 (the bye), c 1/2, d 1/2."""
    html = swiss_pages["y/round-2.html"]
    assert "Gespeeld op di 16-09-2025" in html
    assert grid(html, 0) == [
        ["Bord", "Wit", "Zwart", "Uitslag"],
        ["1", "D", "A", "0-1"],
        ["2", "E", "C", "1-0"],
    ]
    assert [r[1:3] for r in grid(html, 1)[1:]] == [
        ["A", "2,0"], ["E", "2,0"], ["B", "1,0"], ["C", "0,5"], ["D", "0,5"]
    ]  # fmt: skip
    # b had the bye (the season's entry), in the preset's words
    shown = "".join(PARSER.parse(html).find(".//body").itertext())
    assert "Niet op een bord: B (oneven)" in shown
    for k, day in ((1, "di 09-09-2025"), (3, "di 23-09-2025")):
        assert f"Gespeeld op {day}" in swiss_pages[f"y/round-{k}.html"]
    # round 3's forfeit (b did not come: 0-1F) and draw in the app's notation (issue 22
    # item 9): "0-1 R" and "½-½", not the season file's "0-1F" and "1/2-1/2"
    round_3 = grid(swiss_pages["y/round-3.html"], 0)
    assert ["A", "E", "½-½"] in [r[1:] for r in round_3]
    assert ["B", "C", "0-1 R"] in [r[1:] for r in round_3]
    # the index's latest pairing too
    assert "Gespeeld op di 23-09-2025" in swiss_pages["y/index.html"]


def test_english_dates_and_marks():
    season, ruleset = load("magnus-youth", SWISS_PLAYERS, SWISS_ROUNDS)
    pages = website.site([website.Competition("y", season, ruleset)], "en")
    assert "Played on Tue 2025-09-16" in pages["y/round-2.html"]
    # b with black in round 1 lost to a: "0b"
    assert grid(pages["y/crosstable.html"])[5][4] == "0b"


def test_swiss_player_page_has_colours_and_no_value_column(swiss_pages):
    """a (player-1): R1 wit against B, won; R2 zwart against D, won; R3 wit against E,
    a draw; no Wa column (a Swiss has no Keizer value)."""
    rows = grid(swiss_pages["y/player-1.html"])
    assert rows[0] == ["Ronde", "Uitslag", "Tegenstander", "Kleur", "Punten"]
    assert [r[2:] for r in rows[1:]] == [
        ["B", "Wit", "1,0"],
        ["D", "Zwart", "1,0"],
        ["E", "Wit", "0,5"],
    ]
    # b's bye in round 2: no opponent, no colour
    assert grid(swiss_pages["y/player-2.html"])[2][2:4] == ["", ""]


def test_keizer_player_page_keeps_its_value_column(pages):
    """Dubbelschaak (Keizer): the value each round was scored with stays, with the colour."""
    head = grid(pages["dubbelschaak/player-2.html"])[0]
    assert head == ["Ronde", "Uitslag", "Tegenstander", "Kleur", "Wa", "Punten"]


def test_no_ratings_no_rating_columns():
    """Players without a rating (builders' "a b c d"): no Rating or TPR column anywhere."""
    season, ruleset = load("magnus-youth", "a b c d", ["a-b 1-0, c-d ="])
    pages = website.site([website.Competition("y", season, ruleset)], "nl")
    assert "TPR" not in pages["y/index.html"]
    assert "TPR" not in pages["y/crosstable.html"]  # nor its legend
    assert grid(pages["y/crosstable.html"])[0] == ["Pl", "Naam", "1", "2", "3", "4", "Punten"]


# Princenpaard with cycles of one round (tests/app/test_cycle_numbers.py's season): the club
# counts cycles 1, 2, 3 (PP-5), the standings accumulate, so cycle 2's table and crosstable
# cover rounds 1-2 (no ratings: builders' "a b c d", so no rating columns):
#   R1: a-b 1-0, c-d 1/2   R2: a-c 1/2, b-d 1-0   R3: d-a 1-0, b-c 1-0
#   after R2: a 3/2, b 1, c 1, d 1/2; b and c level, SB first (PP-6): b beat d (1/2) and
#   lost to a: 1/2; c drew d and a: 1/2 x 1/2 + 1/2 x 3/2 = 1; so a, c, b, d.
PP_ROUNDS = ["a-b 1-0, c-d 1/2", "a-c 1/2, b-d 1-0", "d-a 1-0, b-c 1-0"]


@pytest.fixture(scope="module")
def pp_pages() -> dict[str, str]:
    season, ruleset = load("princenpaard", "a b c d", PP_ROUNDS, {"rounds_per_cycle": 1})
    return website.site([website.Competition("pp", season, ruleset)], "nl")


def test_princenpaard_cycle_files_use_its_own_numbers(pp_pages):
    """cycle-1 is the first cycle (after round 1), headed "cyclus 1"; there is no cycle-0."""
    names = set(pp_pages)
    assert {"pp/cycle-1.html", "pp/cycle-2.html", "pp/cycle-3.html"} <= names
    assert "pp/cycle-0.html" not in names and "pp/crosstable-0.html" not in names
    for label in (1, 2, 3):
        h1 = "".join(PARSER.parse(pp_pages[f"pp/cycle-{label}.html"]).find(".//h1").itertext())
        assert h1.endswith(f"cyclus {label}")
        assert f'href="crosstable-{label}.html"' in pp_pages[f"pp/cycle-{label}.html"]
    assert 'href="cycle-1.html"' in pp_pages["pp/index.html"]


def test_princenpaard_crosstable_per_cycle(pp_pages):
    """Cycle 1 holds round 1 only: a beat b with white, c and d drew. Cycle 2 holds rounds
    1-2 (the standings accumulate, PP-5), in the order a, c, b, d worked out above; one
    decimal (PP), the totals the standings' scores."""
    assert grid(pp_pages["pp/crosstable-1.html"])[1:] == [
        ["1", "A", "×", "", "", "1w", "1,0"],
        ["2", "C", "", "×", "½w", "", "0,5"],
        ["3", "D", "", "½z", "×", "", "0,5"],
        ["4", "B", "0z", "", "", "×", "0,0"],
    ]
    assert grid(pp_pages["pp/crosstable-2.html"]) == [
        ["Pl", "Naam", "1", "2", "3", "4", "Punten"],
        ["1", "A", "×", "½w", "1w", "", "1,5"],
        ["2", "C", "½z", "×", "", "½w", "1,0"],
        ["3", "B", "0z", "", "×", "1w", "1,0"],
        ["4", "D", "", "½z", "0z", "×", "0,5"],
    ]


def test_no_crosstable_for_a_keizer_ladder(pages):
    assert not any("crosstable" in name for name in pages if name.startswith("dubbelschaak/"))


# a league (ds-rembrandt-league, round-robin): 4 players rated 2000, 1990, 1980, 1970
# (builders' list of ids), one Berger cycle:
#   R1: a-d 1-0, b-c =   R2: d-c 0-1, a-b =   R3: b-d 1-0, c-a 0-1
# points a 1 + 1/2 + 1 = 2.5, b 1/2 + 1/2 + 1 = 2, c 1/2 + 1 + 0 = 1.5, d 0 (two decimals)
# TPR: a (1970 + 1990 + 1980 + 400 x 2) / 3 = 6740 / 3 = 2246.7 -> 2247
#      b (1980 + 2000 + 1970 + 400 x 1) / 3 = 6350 / 3 = 2116.7 -> 2117
#      c (1990 + 1970 + 2000 + 0) / 3       = 5960 / 3 = 1986.7 -> 1987
#      d (2000 + 1980 + 1990 - 400 x 3) / 3 = 4770 / 3 = 1590
def test_round_robin_crosstable():
    rounds = ["a-d 1-0, b-c =", "d-c 0-1, a-b =", "b-d 1-0, c-a 0-1"]
    season, ruleset = load("ds-rembrandt-league", ["a", "b", "c", "d"], rounds)
    pages = website.site([website.Competition("rr", season, ruleset)], "nl")
    assert grid(pages["rr/crosstable.html"])[1:] == [
        ["1", "A", "2000", "2247", "×", "½w", "1z", "1w", "2,50"],
        ["2", "B", "1990", "2117", "½z", "×", "½w", "1w", "2,00"],
        ["3", "C", "1980", "1987", "0w", "½z", "×", "1z", "1,50"],
        ["4", "D", "1970", "1590", "0z", "0z", "0w", "×", "0,00"],
    ]


# --------------------------------------------------------------------------- the demo seasons

FLIP = {"1": "0", "0": "1", "½": "½", "+": "−", "−": "+"}
COLOUR = {"w": "z", "z": "w"}


def mirrored(mark: str) -> str:
    return FLIP[mark[0]] + (COLOUR[mark[1]] if len(mark) > 1 else "")


@pytest.mark.parametrize("name", ["princenpaard", "magnus-youth"])
def test_demo_crosstables_mirror_and_sum(name):
    """Every demo crosstable: cell (i, j) is cell (j, i) seen from the other side (1 <-> 0,
    + <-> −, w <-> z), the total is the standings' score, and the row's games are the
    player's games against the table's players in the scope."""
    comp = demo(name, rename=False)
    site_pages = website.competition_pages(comp, "nl")
    crosses = sorted(n for n in site_pages if n.startswith("crosstable"))
    assert crosses
    for file in crosses:
        rows = grid(site_pages[file])
        head = rows[0]
        first = head.index("1")
        n = len(rows) - 1
        for i in range(1, n + 1):
            for j in range(1, n + 1):
                mine = rows[i][first + j - 1].split()
                theirs = rows[j][first + i - 1].split()
                if i == j:
                    assert mine == ["×"]
                else:
                    assert [mirrored(m) for m in mine] == theirs, (file, i, j)
        cycle = None
        if file != "crosstable.html":
            cycle = comp.ruleset.cycle_from_label(int(file.split("-")[1].split(".")[0]))
        table = standings(comp.season, comp.ruleset, cycle=cycle)
        shown = [decimal(r.score, comp.ruleset.display_decimals, "nl") for r in table.rows]
        assert [r[-1] for r in rows[1:]] == shown
        assert [r[1] for r in rows[1:]] == [r.name for r in table.rows]


@pytest.mark.parametrize("name", (*DEMOS, "magnus-youth"))
def test_demo_round_pages_carry_their_dates(name):
    comp = demo(name, rename=False)
    site_pages = website.competition_pages(comp, "nl")
    dated = 0
    for rnd in comp.season.rounds:
        file = f"round-{rnd.number}.html"
        if file in site_pages and rnd.date:
            assert dates.day_text(rnd.date, "nl", weekday=True) in site_pages[file]
            dated += 1
    assert dated > 0


# --------------------------------------------------------------------------- publish, all or nothing


def files_of(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (hidden ones too) by its relative path, with its bytes."""
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()
    }


def publish(db: Path, out: Path, *more: str, lang: str = "nl") -> int:
    return cli.main(["--lang", lang, "publish", "--db", str(db), "--out", str(out), *more])


def test_a_full_disk_halfway_leaves_the_old_site(club_db, tmp_path, capsys, monkeypatch):
    """The second publish fails at its 5th page with ENOSPC: one sentence, exit 2, the old
    site byte for byte as it was, and no half-written folder left beside it."""
    out = tmp_path / "site"
    assert publish(club_db, out) == 0
    before = files_of(out)
    assert site_files.MARKER in before and before["index.html"]
    capsys.readouterr()
    real = Path.write_text
    calls = {"n": 0}

    def full_disk(self, *args, **kwargs):
        calls["n"] += 1
        if calls["n"] == 5:
            real(self, "<!DOCTYPE html><html><head><title>half", encoding="utf-8")
            raise OSError(errno.ENOSPC, "No space left on device", str(self))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", full_disk)
    code = publish(club_db, out)
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert "de schijf is vol" in err and "niet veranderd" in err
    assert files_of(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.duckdb", "site"]


def test_a_failed_swap_puts_the_old_site_back(tmp_path, monkeypatch):
    """The new folder is complete but renaming it into place fails (the second rename):
    the old site moves back, the new one is removed."""
    out = tmp_path / "site"
    site_files.write_site({"index.html": "old"}, out)
    real = os.rename

    def refuse_new(src, dst):
        if Path(src).name.startswith(".site.new-"):
            raise OSError(errno.EACCES, "Permission denied", str(dst))
        return real(src, dst)

    monkeypatch.setattr(os, "rename", refuse_new)
    with pytest.raises(CompcoreError, match="site"):
        site_files.write_site({"index.html": "new"}, out)
    assert (out / "index.html").read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["site"]


def test_republishing_replaces_the_whole_site(tmp_path):
    """A page the new site does not have (a competition deleted since) is gone after it,
    and the folder is readable by others as mkdir would make it (not mkdtemp's 0700)."""
    out = tmp_path / "site"
    site_files.write_site({"index.html": "1", "c9/index.html": "gone"}, out)
    site_files.write_site({"index.html": "2"}, out)
    assert files_of(out) == {
        "index.html": b"2",
        site_files.MARKER: files_of(out)[site_files.MARKER],
    }
    mask = os.umask(0)
    os.umask(mask)
    assert stat.S_IMODE(out.stat().st_mode) == 0o777 & ~mask


def test_a_folder_that_is_not_a_site_is_refused(club_db, tmp_path, capsys):
    """A folder with other files (no marker) is kept: exit 2, one sentence naming --force;
    with --force it becomes the site."""
    out = tmp_path / "docs"
    out.mkdir()
    (out / "notes.txt").write_text("mine", encoding="utf-8")
    assert publish(club_db, out, lang="en") == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "not a site compcore publish wrote" in err and "--force" in err
    assert files_of(out) == {"notes.txt": b"mine"}
    assert publish(club_db, out) == 2
    assert "geef --force" in capsys.readouterr().err
    assert publish(club_db, out, "--force") == 0
    written = files_of(out)
    assert "notes.txt" not in written and "index.html" in written and site_files.MARKER in written


def test_an_empty_folder_is_fine(club_db, tmp_path, capsys):
    out = tmp_path / "empty"
    out.mkdir()
    assert publish(club_db, out) == 0
    assert "index.html" in files_of(out)


def test_a_link_to_the_site_stays_a_link(tmp_path):
    """``out`` a symlink to the site's folder (a web server's document root): the folder it
    points to gets the new site, the link stays."""
    real = tmp_path / "www"
    site_files.write_site({"index.html": "old"}, real)
    link = tmp_path / "site"
    link.symlink_to(real, target_is_directory=True)
    site_files.write_site({"index.html": "new"}, link)
    assert link.is_symlink() and link.resolve() == real.resolve()
    assert (real / "index.html").read_text(encoding="utf-8") == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site", "www"]


def test_the_winners_are_a_table_and_lists_not_a_monospace_dump():
    """Issue 22 item 9: the Dubbelschaak demo's Winnaars on its index page: no <pre>; the
    cycle winners a table of (cycle, category, player, final/leader) rows, the same rows the
    app and the command line show; every other block a heading and a list."""
    from compcore.awards.winners import awards
    from compcore.present.winners_report import cycle_rows

    comp = demo("dubbelschaak", rename=False)
    html = website.competition_pages(comp, "nl")["index.html"]
    winners = html[html.index("Winnaars") :]
    assert "<pre>" not in winners
    rows = cycle_rows(awards(comp.season, comp.ruleset), comp.season, comp.ruleset, "nl")
    assert rows
    found = False
    for index in range(tables(html)):
        grid_rows = grid(html, index)
        if grid_rows[0][:3] == ["Cyclus", "Categorie", "Speler"]:
            assert [tuple(r) for r in grid_rows[1:]] == rows
            found = True
    assert found
    assert "<h3>" in winners
