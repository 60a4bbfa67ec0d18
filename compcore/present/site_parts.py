"""The parts of the club website's pages (:mod:`compcore.present.website`): the page frame and
its style sheet, tables, the standings (with ratings and TPR where the ruleset goes by
ratings), a round's boards and sitters, the crosstable, a player's chart. Every name and
text passes through :func:`esc`."""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from html import escape

from compcore.domain.model import Kind, Round, Season
from compcore.formats.kind import Format, format_of
from compcore.i18n import Lang, t
from compcore.lab.rulelab import performance
from compcore.present import dates
from compcore.present.reports import cell, decimal, header, result_text
from compcore.rules.rulesets import Ruleset
from compcore.rules.rulesets.schema import RatingValues
from compcore.scoring.history import Entry, History, history
from compcore.scoring.snapshot import Snapshot
from compcore.scoring.standings import Standings, last_complete_round

#: the formats whose competitions get a crosstable (players meet as in a tournament)
CROSSTABLE_FORMATS = frozenset({Format.SWISS, Format.ROUND_ROBIN, Format.PLAYOFF, Format.POOLS_CUP})
#: a game's result from one player's view, as crosstables write it (+ and -: by forfeit)
MARKS = {Kind.WIN: "1", Kind.DRAW: "½", Kind.LOSS: "0", Kind.FORFEIT_WIN: "+",
         Kind.FORFEIT_LOSS: "−"}  # fmt: skip

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
body.full{max-width:none}
table.x{font-size:.85rem;width:auto}
table.x th,table.x td{text-align:center;white-space:nowrap;padding:.2rem .2rem}
table.x th.name,table.x td.name{text-align:left;position:sticky;left:0;background:#fff}
table.x td.self{background:#ddd}
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


def page(title: str, body: str, lang: Lang, home: str = "", *, full_width: bool = False) -> str:
    """A whole HTML document; ``home``: the relative link to the site's index, if any;
    ``full_width``: the page may use the whole window (a crosstable on a laptop)."""
    nav = f'<nav><a href="{esc(home)}">{esc(t("site.home", lang))}</a></nav>' if home else ""
    own = ' class="full"' if full_width else ""
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(title)}</title><style>{STYLE}</style></head>"
        f"<body{own}>{nav}<h1>{esc(title)}</h1>{body}</body></html>\n"
    )


def table(
    heads: Sequence[str],
    rows: Iterable[Sequence[str]],
    numeric: Sequence[bool],
    classes: Sequence[str] = (),
    kind: str = "",
) -> str:
    """A table; ``heads`` are escaped here, the cells must be HTML already. ``classes``: a
    class per column (overrides ``numeric``'s ``n``); ``kind``: the table's own class."""

    def cls(i: int) -> str:
        name = classes[i] if i < len(classes) and classes[i] else ("n" if numeric[i] else "")
        return f' class="{name}"' if name else ""

    head = "".join(f"<th{cls(i)}>{esc(h)}</th>" for i, h in enumerate(heads))
    body = "".join(
        "<tr>" + "".join(f"<td{cls(i)}>{c}</td>" for i, c in enumerate(r)) + "</tr>" for r in rows
    )
    own = f' class="{kind}"' if kind else ""
    return (
        f'<div class="wide"><table{own}><thead><tr>{head}</tr></thead>'
        f"<tbody>{body}</tbody></table></div>"
    )


def title_of(season: Season) -> str:
    return f"{season.competition} · {season.season} · {season.club}"


def player_files(season: Season) -> dict[str, str]:
    """Each player's page file name (by position: ids may hold any character)."""
    return {p.id: f"player-{i}.html" for i, p in enumerate(season.players, start=1)}


def name_link(season: Season, player: str, files: Mapping[str, str]) -> str:
    """The player's name linked to his page (``files``: :func:`player_files`, every player
    of the season); an id that is not a player's as it is."""
    if player not in files:
        return esc(player)
    return f'<a href="{esc(files[player])}">{esc(season.player(player).name)}</a>'


# --------------------------------------------------------------------------- dates


def round_of(season: Season, number: int) -> Round | None:
    return next((r for r in season.rounds if r.number == number), None)


def date_line(season: Season, number: int, lang: Lang) -> str:
    """``<p>`` with round ``number``'s date ("Gespeeld op di 09-09-2025"), if known."""
    rnd = round_of(season, number)
    when = dates.day_text(rnd.date if rnd else None, lang, weekday=True)
    return f'<p class="date">{esc(t("site.played_on", lang, date=when))}</p>' if when else ""


# --------------------------------------------------------------------------- ratings


def shows_ratings(comp: Competition) -> bool:
    """Whether the standings show a rating and a TPR column: the ruleset goes by ratings (its
    initial order, Keizer values from ratings, rating categories) and a player has one."""
    rules = comp.ruleset
    uses = (
        "rating" in rules.initial_order
        or (rules.keizer is not None and isinstance(rules.keizer.values, RatingValues))
        or any(c.min_rating is not None or c.below_rating is not None
               for c in rules.awards.categories)
    )  # fmt: skip
    last = last_complete_round(comp.season)
    return uses and any(comp.season.rating_at(p.id, last) is not None for p in comp.season.players)


def within(hist: History, rounds: Collection[int]) -> History:
    """``hist`` restricted to ``rounds`` (a standings' scope)."""
    return History(
        rounds=tuple(k for k in hist.rounds if k in rounds),
        cycles={k: c for k, c in hist.cycles.items() if k in rounds},
        by_player={
            p: tuple(e for e in es if e.round in rounds) for p, es in hist.by_player.items()
        },
    )


def scope_of(table_: Standings) -> set[int]:
    """The rounds a standings table counts (one snapshot per round after S(0))."""
    return {s.round for s in table_.snapshots[1:]}


def rating_cells(comp: Competition, table_: Standings, hist: History) -> dict[str, tuple[str, str]]:
    """Per player of ``table_``: his rating (valid in its last round) and his TPR over its
    rounds (:func:`compcore.lab.rulelab.performance`, rounded half up; empty without a game
    against a rated opponent)."""
    tpr = performance(within(hist, scope_of(table_)), comp.season)
    cells = {}
    for row in table_.rows:
        rating = comp.season.rating_at(row.player, table_.after_round)
        perf = tpr.get(row.player)
        cells[row.player] = (
            "" if rating is None else str(rating),
            "" if perf is None else str(math.floor(perf + Fraction(1, 2))),
        )
    return cells


# --------------------------------------------------------------------------- tables


def standings_table(
    table_: Standings, comp: Competition, lang: Lang, hist: History | None = None
) -> str:
    """The full standings (the ruleset's columns), names linked to the players' pages; a
    rating and a TPR column after the name where :func:`shows_ratings` (``hist``: the
    season's history, if the caller has it)."""
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
    if shows_ratings(comp) and "name" in columns:
        at = columns.index("name") + 1
        ratings = rating_cells(comp, table_, hist or history(comp.season, comp.ruleset))
        heads[at:at] = [t("site.rating", lang), t("site.tpr", lang)]
        numeric[at:at] = [True, True]
        for line, row in zip(body, table_.rows, strict=True):
            line[at:at] = [esc(v) for v in ratings[row.player]]
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


def boards_table(comp: Competition, rnd: Round, lang: Lang) -> str:
    """A round's boards: board, white, black, result."""
    files = player_files(comp.season)
    rows = [
        [
            str(board),
            name_link(comp.season, g.white, files),
            name_link(comp.season, g.black, files),
            esc(result_text(g.result.value if g.result else None, lang)),
        ]
        for board, g in enumerate(rnd.games or (), start=1)
    ]
    heads = [t("site.board", lang), t("site.white", lang), t("site.black", lang)]
    heads.append(t("site.result", lang))
    return table(heads, rows, [True, False, False, False])


def off_board(comp: Competition, rnd: Round, lang: Lang) -> str:
    """``<p>`` naming who was not on a board in ``rnd`` and why, as the season stores it
    ("Niet op een bord: B (oneven), E (joker)"), in the order of the roster; empty if none."""
    entries = rnd.entries or {}
    if not entries:
        return ""
    files = player_files(comp.season)
    named = [
        f"{name_link(comp.season, p.id, files)} ({esc(t(f'kind.{entries[p.id].value}', lang))})"
        for p in comp.season.players
        if p.id in entries
    ]
    return f"<p>{esc(t('site.off_board', lang))}: {', '.join(named)}</p>"


def pairing_html(comp: Competition, lang: Lang) -> str:
    """The latest round that has boards, with its date."""
    rounds = [r for r in comp.season.rounds if r.games]
    if not rounds:
        return f"<p>{esc(t('site.no_pairing', lang))}</p>"
    last = rounds[-1]
    caption = esc(t("site.pairing_of", lang, round=last.number))
    return (
        f"<h2>{caption}</h2>"
        + date_line(comp.season, last.number, lang)
        + boards_table(comp, last, lang)
        + off_board(comp, last, lang)
    )


def mark(entry: Entry, lang: Lang) -> str:
    """One game in a crosstable cell, from the row player's view: ``1``, ``½``, ``0`` (``+``
    and ``−`` by forfeit), then his colour where the game was played (``1w``, ``½z``)."""
    text = MARKS[entry.kind]
    if entry.played and entry.colour is not None:
        text += t(f"site.colour_mark.{entry.colour}", lang)
    return text


def crosstable(table_: Standings, comp: Competition, hist: History, lang: Lang) -> str:
    """The crosstable of ``table_``'s rounds: its players by place, a column per opponent
    (numbered by place) with every game between the two in those rounds, from the row
    player's view, with his colour; rating and TPR where :func:`shows_ratings`; the total
    (the standings' score, byes and other entries included)."""
    season, decimals = comp.season, comp.ruleset.display_decimals
    files = player_files(season)
    order = [row.player for row in table_.rows]
    place = {p: i for i, p in enumerate(order, start=1)}
    rounds = scope_of(table_)
    games: dict[tuple[str, str], list[str]] = {}
    for pid in order:
        for e in hist.entries(pid):
            if e.round in rounds and e.opponent in place and e.kind in MARKS:
                games.setdefault((pid, e.opponent), []).append(mark(e, lang))
    rated = shows_ratings(comp)
    ratings = rating_cells(comp, table_, hist) if rated else {}
    heads = [t("col.rank", lang), t("col.name", lang)]
    heads += [t("site.rating", lang), t("site.tpr", lang)] if rated else []
    heads += [str(i) for i in range(1, len(order) + 1)] + [t("col.score", lang)]
    classes = ["", "name"] + [""] * (len(heads) - 2)
    rows = []
    for row in table_.rows:
        line = [str(place[row.player]), name_link(season, row.player, files)]
        line += [esc(v) for v in ratings[row.player]] if rated else []
        line += [
            "×" if other == row.player else esc(" ".join(games.get((row.player, other), ())))
            for other in order
        ]
        line.append(esc(decimal(row.score, decimals, lang)))
        rows.append(line)
    numeric = [False] * len(heads)
    legend = f"<p>{esc(t('site.crosstable_legend', lang))}</p>"
    legend += f"<p>{esc(t('site.tpr_legend', lang))}</p>" if rated else ""
    html = table(heads, rows, numeric, classes, kind="x")
    # the diagonal (the only cells holding ×, names are escaped text in links) greyed too
    return html.replace("<td>×</td>", '<td class="self">×</td>') + legend


def uses_crosstable(ruleset: Ruleset) -> bool:
    return format_of(ruleset) in CROSSTABLE_FORMATS


def crosstable_file(ruleset: Ruleset, cycle: int | None) -> str:
    """``crosstable-C.html`` (C: the club's cycle number) where the ruleset shows cycles,
    else ``crosstable.html``."""
    return "crosstable.html" if cycle is None else f"crosstable-{ruleset.cycle_label(cycle)}.html"


def cycle_file(ruleset: Ruleset, cycle: int) -> str:
    """``cycle-C.html``, C the club's own number for the 0-based ``cycle``."""
    return f"cycle-{ruleset.cycle_label(cycle)}.html"


# --------------------------------------------------------------------------- charts, players


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


def colour_word(entry: Entry, lang: Lang) -> str:
    """The player's colour on the board ("Wit", "Zwart"), empty without a board."""
    if entry.colour is None:
        return ""
    return t("site.white" if entry.colour == "w" else "site.black", lang)
