"""A static website of the club's competitions (``compcore publish``, issue 11 item 1).

Pure functions from seasons to HTML strings: :func:`site` gives every page by its path
relative to the site's folder. No JavaScript; one small inline style sheet that reads on a
phone and prints on A4. Every name and text passes through :func:`html.escape` (:func:`~compcore.present.site_parts.esc`), so
a player named ``<script>alert(1)</script>`` stays text on every page and in every chart.

Pages: ``index.html`` (the competitions), and per competition ``cN/index.html`` (the latest
standings, the latest pairing, the winners, links to the rest), ``cN/round-K.html`` (round
K's date and boards, and the standings after it, from the standings' snapshots),
``cN/cycle-C.html`` (a cycle's final standings; C is the club's own cycle number,
``Ruleset.cycle_label``: Princenpaard's first is ``cycle-1.html``, Dubbelschaak's
``cycle-0.html``), ``cN/crosstable.html`` or, where the ruleset shows cycles,
``cN/crosstable-C.html`` (Swiss and round-robin competitions: who scored what against whom)
and ``cN/player-P.html`` (a player's rounds with his colours, and totals, from
:mod:`compcore.scoring.contributions`, with his value and rank per round as inline SVG).

Where the ruleset goes by ratings (:func:`~compcore.present.site_parts.shows_ratings`) the standings and crosstables have a
rating and a TPR column; the TPR is :func:`compcore.lab.rulelab.performance` over the table's
rounds (one definition for the rule lab and the site).

:func:`compcore.present.site_files.write_site` writes the pages to a folder beside the target
and moves it into place only when every page is written, so a full disk or an error halfway
leaves the old site. The pages' parts (frame, tables, crosstable, chart) are in
:mod:`compcore.present.site_parts`.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Mapping, Sequence

from compcore.awards.winners import Awards, awards
from compcore.domain.model import Season
from compcore.i18n import Lang, t
from compcore.present.reports import decimal
from compcore.present.site_parts import (
    Competition,
    boards_table,
    chart,
    colour_word,
    crosstable,
    crosstable_file,
    cycle_file,
    date_line,
    esc,
    name_link,
    off_board,
    page,
    pairing_html,
    player_files,
    round_of,
    snapshot_table,
    standings_table,
    table,
    title_of,
    uses_crosstable,
)
from compcore.present.winners_report import cycle_rows, sections
from compcore.present.winners_report import to_table as winners_table
from compcore.rules.rulesets import Ruleset
from compcore.scoring.contributions import PlayerRounds, contributions
from compcore.scoring.history import history
from compcore.scoring.snapshot import Snapshot
from compcore.scoring.standings import Standings, last_complete_round, standings

__all__ = ["Competition", "competition_pages", "index_page", "site", "zipped"]


def winners_html(result: Awards, season: Season, ruleset: Ruleset, text: str, lang: Lang) -> str:
    """The Winnaars block as the page lays it out (issue 22 item 9, no monospace dump): the
    cycle winners as a table, every other block a heading with its lines as a list."""
    cycles = t("app.winners.cycles", lang)
    parts = []
    for heading, lines in sections(text):
        parts.append(f"<h3>{esc(heading)}</h3>")
        if heading == cycles and result.cycle_winners:
            heads = [t("app.col.cycle", lang), t("app.col.category", lang),
                     t("app.col.player", lang), ""]  # fmt: skip
            rows = [[esc(c) for c in row] for row in cycle_rows(result, season, ruleset, lang)]
            parts.append(table(heads, rows, [False] * 4))
        elif lines:
            parts.append("<ul>" + "".join(
                f'<li style="margin-left:{(depth - 1) * 1.5}em">{esc(line)}</li>'
                for depth, line in lines
            ) + "</ul>")  # fmt: skip
    return "".join(parts)


def index_page(competitions: Sequence[Competition], lang: Lang) -> str:
    """The site's front page: every competition, linked."""
    items = "".join(
        f'<li><a href="{esc(c.folder)}/index.html">{esc(title_of(c.season))}</a></li>'
        for c in competitions
    )
    return page(t("site.title", lang), f"<ul>{items}</ul>", lang)


def player_page(comp: Competition, table_: Standings, rounds: PlayerRounds, lang: Lang) -> str:
    """A player's rounds (kind, opponent, colour, the value used where the ruleset has
    values, points) and total, and his charts."""
    season, decimals = comp.season, comp.ruleset.display_decimals
    keizer = comp.ruleset.is_keizer
    files = player_files(season)
    lines = []
    for c in rounds.lines:
        line = [
            str(c.round),
            esc(t(f"kind.{c.entry.kind.value}", lang)),
            name_link(season, c.entry.opponent, files) if c.entry.opponent else "",
            esc(colour_word(c.entry, lang)),
        ]
        line += [esc(decimal(c.value, decimals, lang))] if keizer else []
        line.append(esc(decimal(c.points, decimals, lang)))
        lines.append(line)
    heads = [t("site.round", lang), t("site.kind", lang), t("site.opponent", lang)]
    heads += [t("site.colour", lang)]
    heads += [t("col.value", lang)] if keizer else []
    heads += [t("col.score", lang)]
    numeric = [True, False, False, False] + ([True] if keizer else []) + [True]
    total = esc(t("site.total", lang, points=decimal(rounds.total, decimals, lang)))
    snaps = [s for s in table_.snapshots[1:] if rounds.player in s.order]
    name = season.player(rounds.player).name
    charts = chart(
        t("site.rank_chart", lang, name=name),
        [(s.round, float(s.order.index(rounds.player) + 1)) for s in snaps],
        invert=True,
    )
    if keizer:
        values = [(s.round, float(s.value(rounds.player))) for s in snaps]
        charts = chart(t("site.value_chart", lang, name=name), values) + charts
    body = table(heads, lines, numeric) + f"<p>{total}</p>" + charts
    return page(f"{name} · {comp.season.competition}", body, lang, home="../index.html")


# --------------------------------------------------------------------------- pages


def scope_links(comp: Competition, rounds: Sequence[int], cycles: Sequence[int], lang: Lang) -> str:
    """Links to the standings after each round and per cycle, and to the crosstables."""
    ruleset = comp.ruleset
    links = " ".join(f'<a href="round-{k}.html">{k}</a>' for k in rounds)
    html = f"<p>{esc(t('site.after_round', lang))}: {links}</p>"
    if cycles:
        labels = " ".join(
            f'<a href="{cycle_file(ruleset, c)}">{ruleset.cycle_label(c)}</a>' for c in cycles
        )
        html += f"<p>{esc(t('site.cycles', lang))}: {labels}</p>"
    if uses_crosstable(ruleset):
        if cycles:
            labels = " ".join(
                f'<a href="{crosstable_file(ruleset, c)}">{ruleset.cycle_label(c)}</a>'
                for c in cycles
            )
            html += f"<p>{esc(t('site.crosstables', lang))}: {labels}</p>"
        else:
            html += f'<p><a href="crosstable.html">{esc(t("site.crosstable", lang))}</a></p>'
    return html


def round_page(comp: Competition, snap: Snapshot, lang: Lang) -> str:
    """Round K: its date, its boards, who was not on one, and the standings after it."""
    season, k = comp.season, snap.round
    heading = t("site.standings_after", lang, round=k)
    rnd = round_of(season, k)
    boards = ""
    if rnd is not None and rnd.games:
        boards = (
            f"<h2>{esc(t('site.results_of', lang, round=k))}</h2>"
            + boards_table(comp, rnd, lang)
            + off_board(comp, rnd, lang)
        )
    body = (
        date_line(season, k, lang)
        + boards
        + f"<h2>{esc(heading)}</h2>"
        + snapshot_table(snap, comp, lang)
    )
    return page(f"{title_of(season)} · {heading}", body, lang, home="index.html")


def competition_pages(comp: Competition, lang: Lang) -> dict[str, str]:
    """Every page of one competition, by file name inside its folder."""
    season, ruleset = comp.season, comp.ruleset
    title = title_of(season)
    if last_complete_round(season) == 0:
        body = f"<p>{esc(t('site.not_started', lang))}</p>" + pairing_html(comp, lang)
        return {"index.html": page(title, body, lang, home="../index.html")}
    hist = history(season, ruleset)
    latest = standings(season, ruleset)
    cycles = _cycles(season, ruleset)
    crosstables = uses_crosstable(ruleset)
    pages: dict[str, str] = {}

    def add_crosstable(of: Standings, cycle: int | None, heading: str) -> None:
        pages[crosstable_file(ruleset, cycle)] = page(
            f"{title} · {heading}", crosstable(of, comp, hist, lang), lang, "index.html",
            full_width=True,
        )  # fmt: skip

    snaps = {s.round: s for s in latest.snapshots[1:]}
    for c in cycles:
        scoped = standings(season, ruleset, cycle=c)
        snaps = {s.round: s for s in scoped.snapshots[1:]} | snaps
        heading = t("site.cycle", lang, cycle=ruleset.cycle_label(c))
        body = standings_table(scoped, comp, lang, hist)
        if crosstables:
            body += f'<p><a href="{crosstable_file(ruleset, c)}">'
            body += f"{esc(t('site.crosstable', lang))}</a></p>"
            add_crosstable(scoped, c, f"{t('site.crosstable', lang)} · {heading}")
        pages[cycle_file(ruleset, c)] = page(f"{title} · {heading}", body, lang, "index.html")
    if crosstables and not cycles:
        add_crosstable(latest, None, t("site.crosstable", lang))
    for k, snap in sorted(snaps.items()):
        pages[f"round-{k}.html"] = round_page(comp, snap, lang)
    won = awards(season, ruleset)
    winners = winners_table(won, season, ruleset, latest.after_round, lang)
    body = (
        f"<h2>{esc(t('site.standings_after', lang, round=latest.after_round))}</h2>"
        + standings_table(latest, comp, lang, hist)
        + scope_links(comp, sorted(snaps), cycles, lang)
        + pairing_html(comp, lang)
        + f"<h2>{esc(t('site.winners', lang))}</h2>"
        + winners_html(won, season, ruleset, winners, lang)
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


# --------------------------------------------------------------------------- writing


def zipped(pages: Mapping[str, str]) -> bytes:
    """The site as a ZIP file's bytes (the download on Instellingen)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, html in sorted(pages.items()):
            archive.writestr(name, html.encode("utf-8"))
    return buffer.getvalue()
