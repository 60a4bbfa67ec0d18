"""The winners as JSON and as a readable table (``compcore winners``): what the Winnaars
page shows, from :func:`compcore.awards.winners.awards`.

JSON (the contract keys, then extras)::

    {"cycles": [{"cycle": <the club's number>, "categories": [{"category", "winner", ...}]}],
     "champions": [{"category", "status", "player", "seeds", ...}],
     "cup": {"winner", "rounds", ...},
     "subgroups": [...], "level_top": {...} | null, "after_round": N}

Values are player ids, ``null`` where there is none yet. ``cycle`` is the club's own
number (``ruleset.cycle_label``). A category is named as in the ruleset; a ruleset without
rating categories has one, named ``null``. A cycle's ``winner`` is set once the cycle is
complete (``leader``: the best-placed so far). ``status`` is ``champion``, ``play-off``
(``seeds`` in seed order and the Berger ``schedule``; for LA-11's tie the tied players)
or ``pending``. A ruleset without a knock-out has ``"cup": {"winner": null, "rounds": []}``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from compcore.awards.winners import Awards, Championship, club_championships
from compcore.domain.boards import Reason
from compcore.domain.model import Season
from compcore.formats.kind import format_of
from compcore.formats.knockout import Bracket, KoRound, Tie
from compcore.formats.round_robin import promotion, table
from compcore.i18n import Lang, t
from compcore.present import playoff_report
from compcore.rules.rulesets import Ruleset

#: the JSON's status words for awards' statuses
STATUS = {"champion": "champion", "playoff": "play-off", "pending": "pending"}


# --------------------------------------------------------------------------- JSON


def to_data(result: Awards, ruleset: Ruleset, after_round: int) -> dict[str, Any]:
    return {
        "cycles": _cycles(result, ruleset),
        "champions": [_champion(c) for c in result.championships],
        "cup": _cup(result.cup),
        "subgroups": [
            {"group": g.number, "leader": g.leader, "members": list(g.members)}
            for g in result.subgroups
        ],
        "level_top": (
            None
            if result.level_top is None
            else {"level": result.level_top[0], "players": list(result.level_top[1])}
        ),
        "after_round": after_round,
        "final_lists": playoff_report.final_lists_data(result),  # DS-19
    }


def to_json(result: Awards, ruleset: Ruleset, after_round: int) -> str:
    return json.dumps(to_data(result, ruleset, after_round), ensure_ascii=False, indent=2)


def _cycles(result: Awards, ruleset: Ruleset) -> list[dict[str, Any]]:
    by_cycle: dict[int, list[dict[str, Any]]] = {}
    for w in result.cycle_winners:
        by_cycle.setdefault(w.cycle, []).append(
            {
                "category": w.category,
                "winner": w.player if w.final else None,
                "leader": w.player,
                "final": w.final,
            }
        )
    return [
        {"cycle": ruleset.cycle_label(cycle), "categories": categories}
        for cycle, categories in by_cycle.items()
    ]


def _champion(c: Championship) -> dict[str, Any]:
    playoff = c.playoff
    return {
        "category": c.category,
        "status": STATUS[c.status],
        "player": c.champion if c.status == "champion" else None,
        "seeds": list(playoff.seeds) if playoff is not None else list(c.tied),
        "schedule": [
            {"round": rnd, "white": white, "black": black}
            for rnd, white, black in (playoff.schedule if playoff is not None else ())
        ],
        "reason": c.reason or None,
        "leader": c.champion if c.status == "pending" else None,
    }


def _cup(bracket: Bracket | None) -> dict[str, Any]:
    if bracket is None:
        return {"winner": None, "rounds": []}
    return {
        "winner": bracket.winner,
        "rounds": [_cup_round(r) for r in bracket.rounds],
        "still_in": list(bracket.still_in),
        "over_after": bracket.over_after,
    }


def _cup_round(rnd: KoRound) -> dict[str, Any]:
    return {
        "round": rnd.number,
        "seed": rnd.seed,
        "ties": [_tie(tie) for tie in rnd.ties],
        "byes": list(rnd.byes),
        "away": list(rnd.away),
    }


def _tie(tie: Tie) -> dict[str, Any]:
    return {
        "white": tie.white,
        "black": tie.black,
        "result": tie.result.value if tie.result is not None else None,
        "through": tie.through,
        "out": list(tie.out),
        "why": _reason(tie.why),
    }


def _reason(reason: Reason) -> dict[str, Any]:
    return {"key": reason.key, "params": dict(reason.params), **reason.to_data()}


# --------------------------------------------------------------------------- table


def to_table(
    result: Awards, season: Season, ruleset: Ruleset, after_round: int, lang: Lang = "nl"
) -> str:
    """Everything the Winnaars page shows, as plain text in ``lang``."""
    names = season.names()

    def name(pid: str | None) -> str:
        return names.get(pid, pid) if pid else t("winners.nobody", lang)

    title = (
        t("winners.title", lang, competition=season.competition, round=after_round)
        if after_round
        else t("winners.none_played", lang, competition=season.competition)
    )
    lines = [title]
    if result.cycle_winners:
        lines += ["", t("app.winners.cycles", lang)]
        lines += _aligned(cycle_rows(result, season, ruleset, lang))
    group = group_lines(season, ruleset, lang, names)  # DS-16: a round-robin group
    if group:
        lines += ["", t("group.title", lang), *("  " + line for line in group)]
    for champ in club_championships(result, ruleset):
        lines += ["", *_champion_lines(champ, ruleset, lang, name)]
    lines += playoff_report.final_list_lines(result, names, lang)  # DS-19
    if result.subgroups:
        lines += ["", t("app.winners.subgroups", lang)]
        for g in result.subgroups:
            members = ", ".join(name(p) for p in g.members)
            line = t("winners.group_line", lang, group=g.number, leader=name(g.leader),
                     members=members)  # fmt: skip
            lines.append("  " + line)
    if result.level_top is not None:
        level, top = result.level_top
        lines += ["", t("app.winners.level_top", lang, count=len(top), level=level)]
        lines += [f"  {place}. {name(pid)}" for place, pid in enumerate(top, start=1)]
    if result.cup is not None:
        lines += ["", *cup_lines(result.cup, lang, names)]
    return "\n".join(lines) + "\n"


def cycle_rows(
    result: Awards, season: Season, ruleset: Ruleset, lang: Lang
) -> list[tuple[str, str, str, str]]:
    """The cycle winners as (cycle, category, player, final or leader so far) rows."""
    names = season.names()
    return [
        (
            t("app.cycle_label", lang, cycle=ruleset.cycle_label(w.cycle)),
            w.category or "",
            names.get(w.player, w.player) if w.player else t("winners.nobody", lang),
            t("app.winners.final" if w.final else "app.winners.leader", lang),
        )
        for w in result.cycle_winners
    ]


def sections(text: str) -> list[tuple[str, list[tuple[int, str]]]]:
    """:func:`to_table`'s text as (heading, [(depth, line), ...]) blocks after its title
    (a block: a line at the margin, then its indented lines), for a page to lay out."""
    blocks: list[tuple[str, list[tuple[int, str]]]] = []
    for line in text.splitlines()[1:]:
        if not line.strip():
            continue
        depth = (len(line) - len(line.lstrip(" "))) // 2
        if depth == 0 or not blocks:
            blocks.append((line.strip(), []))
        else:
            blocks[-1][1].append((depth, line.strip()))
    return blocks


def _champion_lines(
    champ: Championship, ruleset: Ruleset, lang: Lang, name: Callable[[str | None], str]
) -> list[str]:
    title = t("app.winners.champion", lang) + (f" {champ.category}" if champ.category else "")
    lines = [title]
    if champ.status == "champion":
        reason = t(f"app.winners.reason.{champ.reason}", lang)
        lines.append("  " + t("winners.champion_line", lang, player=name(champ.champion),
                                reason=reason))  # fmt: skip
    elif champ.status == "playoff" and champ.playoff is None:
        lines.append("  " + t("app.winners.tie", lang, players=", ".join(map(name, champ.tied))))
    elif champ.status == "playoff":
        lines.append("  " + t("app.winners.playoff_needed", lang))
    else:
        text = t("app.winners.pending", lang)
        if champ.champion:
            text += " " + t("app.winners.current_leader", lang, player=name(champ.champion))
        lines.append("  " + text)
    if champ.reason == "small-category" and champ.playoff is not None:
        size, count = ruleset.awards.playoff_size, len(champ.playoff.seeds)
        lines.append("  " + t("winners.small_category", lang, size=size, count=count))
    if champ.playoff is not None:
        lines.append("  " + t("app.winners.seeds", lang) + ":")
        lines += [
            "    " + t("winners.seed_line", lang, seed=i, player=name(pid))
            for i, pid in enumerate(champ.playoff.seeds, start=1)
        ]
        lines.append("  " + t("app.winners.schedule", lang) + ":")
        lines += [
            "    " + t("winners.schedule_line", lang, round=r, white=name(w), black=name(b))
            for r, w, b in champ.playoff.schedule
        ]
    return lines


def cup_status(bracket: Bracket, lang: Lang, names: dict[str, str]) -> str:
    """The cup in one sentence: its winner, or who is still in."""
    if bracket.winner is not None:
        return t("cup.winner", lang, player=names.get(bracket.winner, bracket.winner))
    if bracket.over:
        return t("cup.no_winner", lang)
    if not bracket.rounds:
        return t("cup.not_started", lang)
    still_in = ", ".join(names.get(p, p) for p in bracket.still_in)
    return t("cup.running", lang, players=still_in)


def cup_lines(bracket: Bracket, lang: Lang, names: dict[str, str]) -> list[str]:
    """MG-7, MG-8: the bracket round by round: the draw, the results, who went through and
    why, the byes and who stayed in while away; then the winner."""
    lines = [t("cup.title", lang)]
    for rnd in bracket.rounds:
        head = t("cup.round", lang, round=rnd.number)
        if rnd.seed is not None:
            head += f" ({t('cup.draw_seed', lang, seed=rnd.seed)})"
        lines.append("  " + head)
        rows = [
            (
                f"{names.get(tie.white, tie.white)} - {names.get(tie.black, tie.black)}",
                tie.result.value if tie.result is not None else "",
                tie.why.text(lang, names),
            )
            for tie in rnd.ties
        ]
        lines += ["  " + line for line in _aligned(rows)]
        if rnd.byes:
            byes = ", ".join(names.get(p, p) for p in rnd.byes)
            lines.append(f"    {t('cup.byes', lang)}: {byes}")
        if rnd.away:
            away = ", ".join(names.get(p, p) for p in rnd.away)
            lines.append(f"    {t('cup.away', lang)}: {away}")
    lines.append("  " + cup_status(bracket, lang, names))
    return lines


def _aligned(rows: Sequence[tuple[str, ...]]) -> list[str]:
    """Rows as left-aligned columns, indented by two spaces."""
    if not rows:
        return []
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [
        "  " + "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]


# --------------------------------------------------------------------------- round-robin groups


def group_data(season: Season, ruleset: Ruleset) -> dict[str, Any] | None:
    """DS-16: a round-robin competition's table leader, winner (once every board has a
    result) and promotion (``promotes_to``, the promoted player or null); None for any
    other competition. The JSON's ``group``."""
    if not format_of(ruleset).scheduled:
        return None
    found = table(season, ruleset)
    promoted = promotion(season, ruleset)
    return {
        "leader": found.leader,
        "winner": found.winner,
        "complete": found.complete,
        "shared_first": [r.player for r in found.rows if r.place == 1]
        if found.leader is None
        else [],
        "promotes_to": promoted.to if promoted is not None else None,
        "promoted": promoted.player if promoted is not None else None,
    }


def group_lines(season: Season, ruleset: Ruleset, lang: Lang, names: dict[str, str]) -> list[str]:
    """DS-16 in sentences: the group's winner, else its leader or who share first place
    (nothing played: no result yet); then who is promoted to which group, or that the
    winner will be. Empty for a competition that is no round robin."""
    if not format_of(ruleset).scheduled:
        return []
    found = table(season, ruleset)
    first = [names.get(r.player, r.player) for r in found.rows if r.place == 1]
    if found.winner is not None:
        lines = [t("group.winner", lang, player=names.get(found.winner, found.winner))]
    elif found.leader is not None:
        lines = [t("group.leader", lang, player=names.get(found.leader, found.leader))]
    elif any(r.games for r in found.rows):
        lines = [t("group.shared", lang, players=", ".join(first))]
    else:
        lines = [t("group.nothing", lang)]
    promoted = promotion(season, ruleset)
    if promoted is not None and promoted.player is not None:
        player = names.get(promoted.player, promoted.player)
        lines.append(t("group.promotes", lang, player=player, to=promoted.to))
    elif promoted is not None:
        lines.append(t("group.promotes_pending", lang, to=promoted.to))
    return lines
