"""The static website (issue 11, item 1): valid HTML, every name escaped, links that
resolve, the numbers of the standings, and ``compcore publish``."""

from __future__ import annotations

import posixpath
import re
from dataclasses import replace
from pathlib import Path

import html5lib
import pytest

from compcore import cli
from compcore.adapters import season_file, website
from compcore.adapters.auth import Administrator
from compcore.adapters.reports import decimal
from compcore.adapters.store import Store
from compcore.scoring.standings import standings

ROOT = Path(__file__).resolve().parent.parent
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
    svg = website.chart("Plaats", [(1, 1.0), (2, 3.0)], invert=True)
    assert 'points="20.0,20.0 300.0,100.0"' in svg
    # not inverted (values: high on top), the same points flip: 1 -> 100, 3 -> 20
    assert 'points="20.0,100.0 300.0,20.0"' in website.chart("Wa", [(1, 1.0), (2, 3.0)])


def test_chart_title_is_escaped():
    assert "&lt;script&gt;" in website.chart(EVIL, [(1, 1.0)])


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
