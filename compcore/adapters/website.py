"""A static website of the club's competitions (``compcore publish``, issue 11 item 1).

Pure functions from seasons to HTML strings: :func:`site` gives every page by its path
relative to the site's folder. No JavaScript; one small inline style sheet that reads on a
phone and prints on A4. Every name and text passes through :func:`html.escape` (``esc``), so
a player named ``<script>alert(1)</script>`` stays text on every page and in every chart.

Pages: ``index.html`` (the competitions), and per competition ``cN/index.html`` (the latest
standings, the latest pairing, the winners, links to the rest), ``cN/round-K.html`` (the
standings after round K, from the standings' snapshots), ``cN/cycle-C.html`` (a cycle's
final standings) and ``cN/player-P.html`` (a player's rounds and totals, from
:mod:`compcore.scoring.contributions`, with his value and rank per round as inline SVG).
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from pathlib import Path

from compcore.adapters.reports import cell, decimal, header
from compcore.adapters.winners_report import to_table as winners_table
from compcore.awards import awards
from compcore.i18n import Lang, t
from compcore.model import Season
from compcore.rulesets import Ruleset
from compcore.scoring.contributions import PlayerRounds, contributions
from compcore.scoring.keizer import Snapshot
from compcore.scoring.standings import Standings, last_complete_round, standings

STYLE = """
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:.5rem;
line-height:1.4;color:#111}
table{border-collapse:collapse;width:100%;margin:.5rem 0}
th,td{border-bottom:1px solid #ccc;padding:.2rem .4rem;text-align:left}
td.n,th.n{text-align:right}
.wide{overflow-x:auto}
nav a{margin-right:.6rem}
svg{max-width:100%;height:auto}
pre{white-space:pre-wrap}
@media (max-width:40rem){body{font-size:.9rem}th,td{padding:.15rem .25rem}}
@media print{@page{size:A4;margin:12mm}nav{display:none}body{max-width:none;font-size:10pt}
a{color:inherit;text-decoration:none}table{page-break-inside:auto}
tr{page-break-inside:avoid}}
"""


@dataclass(frozen=True, slots=True)
class Competition:
    """One competition to publish: its folder name, season and ruleset."""

    folder: str
    season: Season
    ruleset: Ruleset


def esc(text: object) -> str:
    """``text`` as HTML text (quotes too: safe in attributes)."""
    return escape(str(text), quote=True)


def page(title: str, body: str, lang: Lang, home: str = "") -> str:
    """A whole HTML document; ``home``: the relative link to the site's index, if any."""
    nav = f'<nav><a href="{esc(home)}">{esc(t("site.home", lang))}</a></nav>' if home else ""
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(title)}</title><style>{STYLE}</style></head>"
        f"<body>{nav}<h1>{esc(title)}</h1>{body}</body></html>\n"
    )


def table(heads: Sequence[str], rows: Iterable[Sequence[str]], numeric: Sequence[bool]) -> str:
    """A table; ``heads`` are escaped here, the cells must be HTML already."""

    def cls(i: int) -> str:
        return ' class="n"' if numeric[i] else ""

    head = "".join(f"<th{cls(i)}>{esc(h)}</th>" for i, h in enumerate(heads))
    body = "".join(
        "<tr>" + "".join(f"<td{cls(i)}>{c}</td>" for i, c in enumerate(r)) + "</tr>" for r in rows
    )
    return f'<div class="wide"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


def title_of(season: Season) -> str:
    return f"{season.competition} · {season.season} · {season.club}"


def index_page(competitions: Sequence[Competition], lang: Lang) -> str:
    """The site's front page: every competition, linked."""
    items = "".join(
        f'<li><a href="{esc(c.folder)}/index.html">{esc(title_of(c.season))}</a></li>'
        for c in competitions
    )
    return page(t("site.title", lang), f"<ul>{items}</ul>", lang)


def player_files(season: Season) -> dict[str, str]:
    """Each player's page file name (by position: ids may hold any character)."""
    return {p.id: f"player-{i}.html" for i, p in enumerate(season.players, start=1)}


def name_link(season: Season, player: str, files: Mapping[str, str]) -> str:
    name = season.player(player).name if player in season.player_ids else player
    return f'<a href="{esc(files[player])}">{esc(name)}</a>' if player in files else esc(name)


def standings_table(table_: Standings, comp: Competition, lang: Lang) -> str:
    """The full standings (the ruleset's columns), names linked to the players' pages."""
    files = player_files(comp.season)
    decimals = comp.ruleset.display_decimals
    columns = list(table_.columns)
    heads = [header(c, lang) for c in columns]
    numeric = [c not in ("name", "alternation") for c in columns]
    body = [
        [
            name_link(comp.season, row.player, files)
            if c == "name"
            else esc(cell(row, c, decimals, lang))
            for c in columns
        ]
        for row in table_.rows
    ]
    return table(heads, body, numeric)


def snapshot_table(snap: Snapshot, comp: Competition, lang: Lang) -> str:
    """The standings after one round, from its snapshot: place, name, points, value."""
    files = player_files(comp.season)
    decimals = comp.ruleset.display_decimals
    keizer = comp.ruleset.is_keizer
    heads = [t("col.rank", lang), t("col.name", lang), t("col.score", lang)]
    heads += [t("col.value", lang)] if keizer else []
    rows = []
    for place, pid in enumerate(snap.order, start=1):
        line = [str(place), name_link(comp.season, pid, files)]
        line.append(esc(decimal(snap.scores.get(pid, Fraction(0)), decimals, lang)))
        if keizer:
            line.append(esc(decimal(snap.value(pid), decimals, lang)))
        rows.append(line)
    return table(heads, rows, [True, False, True, True])


def pairing_html(comp: Competition, lang: Lang) -> str:
    """The latest round that has boards: board, white, black, result."""
    rounds = [r for r in comp.season.rounds if r.games]
    if not rounds:
        return f"<p>{esc(t('site.no_pairing', lang))}</p>"
    last = rounds[-1]
    files = player_files(comp.season)
    rows = [
        [
            str(board),
            name_link(comp.season, g.white, files),
            name_link(comp.season, g.black, files),
            esc(g.result.value if g.result else ""),
        ]
        for board, g in enumerate(last.games or (), start=1)
    ]
    heads = [t("site.board", lang), t("site.white", lang), t("site.black", lang)]
    heads.append(t("site.result", lang))
    caption = esc(t("site.pairing_of", lang, round=last.number))
    return f"<h2>{caption}</h2>" + table(heads, rows, [True, False, False, False])


def chart(title: str, points: Sequence[tuple[int, float]], invert: bool = False) -> str:
    """A small line chart as inline SVG (round on x); ``invert``: 1 at the top (ranks)."""
    if not points:
        return ""
    width, height, pad = 320, 120, 20
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    x0, x1 = min(xs), max(max(xs), min(xs) + 1)
    y0, y1 = min(ys), max(max(ys), min(ys) + 1)

    def sx(x: float) -> float:
        return pad + (x - x0) * (width - 2 * pad) / (x1 - x0)

    def sy(y: float) -> float:
        share = (y - y0) / (y1 - y0)
        return pad + (share if invert else 1 - share) * (height - 2 * pad)

    line = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y in points)
    top, bottom = (y0, y1) if invert else (y1, y0)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img"><title>{esc(title)}</title>'
        f'<polyline fill="none" stroke="#1565c0" stroke-width="2" points="{line}"/>'
        f'<text x="2" y="14" font-size="10">{esc(f"{top:g}")}</text>'
        f'<text x="2" y="{height - 4}" font-size="10">{esc(f"{bottom:g}")}</text>'
        "</svg>"
    )


def player_page(comp: Competition, table_: Standings, rounds: PlayerRounds, lang: Lang) -> str:
    """A player's rounds (kind, opponent, value used, points) and total, and his charts."""
    season, decimals = comp.season, comp.ruleset.display_decimals
    files = player_files(season)
    lines = [
        [
            str(c.round),
            esc(t(f"kind.{c.entry.kind.value}", lang)),
            name_link(season, c.entry.opponent, files) if c.entry.opponent else "",
            esc(decimal(c.value, decimals, lang)),
            esc(decimal(c.points, decimals, lang)),
        ]
        for c in rounds.lines
    ]
    heads = [t("site.round", lang), t("site.kind", lang), t("site.opponent", lang)]
    heads += [t("col.value", lang), t("col.score", lang)]
    total = esc(t("site.total", lang, points=decimal(rounds.total, decimals, lang)))
    snaps = [s for s in table_.snapshots[1:] if rounds.player in s.order]
    name = season.player(rounds.player).name
    charts = chart(
        t("site.rank_chart", lang, name=name),
        [(s.round, float(s.order.index(rounds.player) + 1)) for s in snaps],
        invert=True,
    )
    if comp.ruleset.is_keizer:
        values = [(s.round, float(s.value(rounds.player))) for s in snaps]
        charts = chart(t("site.value_chart", lang, name=name), values) + charts
    body = table(heads, lines, [True, False, False, True, True]) + f"<p>{total}</p>" + charts
    return page(f"{name} · {comp.season.competition}", body, lang, home="../index.html")


def scope_links(comp: Competition, rounds: Sequence[int], cycles: Sequence[int], lang: Lang) -> str:
    """Links to the standings after each round and per cycle."""
    links = " ".join(f'<a href="round-{k}.html">{k}</a>' for k in rounds)
    html = f"<p>{esc(t('site.after_round', lang))}: {links}</p>"
    if cycles:
        labels = " ".join(
            f'<a href="cycle-{c}.html">{comp.ruleset.cycle_label(c)}</a>' for c in cycles
        )
        html += f"<p>{esc(t('site.cycles', lang))}: {labels}</p>"
    return html


def competition_pages(comp: Competition, lang: Lang) -> dict[str, str]:
    """Every page of one competition, by file name inside its folder."""
    season, ruleset = comp.season, comp.ruleset
    title = title_of(season)
    if last_complete_round(season) == 0:
        body = f"<p>{esc(t('site.not_started', lang))}</p>" + pairing_html(comp, lang)
        return {"index.html": page(title, body, lang, home="../index.html")}
    latest = standings(season, ruleset)
    cycles = _cycles(season, ruleset)
    pages: dict[str, str] = {}
    snaps = {s.round: s for s in latest.snapshots[1:]}
    for c in cycles:
        scoped = standings(season, ruleset, cycle=c)
        snaps = {s.round: s for s in scoped.snapshots[1:]} | snaps
        heading = t("site.cycle", lang, cycle=ruleset.cycle_label(c))
        pages[f"cycle-{c}.html"] = page(
            f"{title} · {heading}", standings_table(scoped, comp, lang), lang, home="index.html"
        )
    for k, snap in sorted(snaps.items()):
        heading = t("site.standings_after", lang, round=k)
        pages[f"round-{k}.html"] = page(
            f"{title} · {heading}", snapshot_table(snap, comp, lang), lang, home="index.html"
        )
    winners = winners_table(awards(season, ruleset), season, ruleset, latest.after_round, lang)
    body = (
        f"<h2>{esc(t('site.standings_after', lang, round=latest.after_round))}</h2>"
        + standings_table(latest, comp, lang)
        + scope_links(comp, sorted(snaps), cycles, lang)
        + pairing_html(comp, lang)
        + f"<h2>{esc(t('site.winners', lang))}</h2><pre>{esc(winners)}</pre>"
    )
    pages["index.html"] = page(title, body, lang, home="../index.html")
    breakdown = contributions(season, ruleset, after_round=latest.after_round, cycle=latest.cycle)
    for pid, file in player_files(season).items():
        rounds = PlayerRounds(pid, breakdown.entries.get(pid, ()))
        pages[file] = player_page(comp, latest, rounds, lang)
    return pages


def _cycles(season: Season, ruleset: Ruleset) -> list[int]:
    """The cycles with a complete round, where the ruleset shows cycles."""
    if not ruleset.shows_cycles:
        return []
    last = last_complete_round(season)
    played = {r.cycle if r.cycle is not None else ruleset.cycle_of(r.number) for r in
              season.rounds if r.number <= last and r.games is not None}  # fmt: skip
    return sorted(played)


def site(competitions: Sequence[Competition], lang: Lang = "nl") -> dict[str, str]:
    """Every page of the site, by its path relative to the site's folder."""
    pages = {"index.html": index_page(competitions, lang)}
    for comp in competitions:
        for name, html in competition_pages(comp, lang).items():
            pages[f"{comp.folder}/{name}"] = html
    return pages


def write_site(pages: Mapping[str, str], out: Path) -> None:
    """Write ``pages`` under the folder ``out`` (made if missing), as UTF-8."""
    for name, html in pages.items():
        target = out / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(html, encoding="utf-8")


def zipped(pages: Mapping[str, str]) -> bytes:
    """The site as a ZIP file's bytes (the download on Instellingen)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, html in sorted(pages.items()):
            archive.writestr(name, html.encode("utf-8"))
    return buffer.getvalue()
