"""KC-12: subgroups composed by the director after the cut-off round.

After ``awards.subgroups.after_round`` the players are placed in subgroups "from the
ranking, possibly with the rating" (seed 001, artikel 2). Pairing stays one group; the
winner of a subgroup is its member with the most points.

**Stored as data.** The composition is the roster history (:class:`PlayerChange`): each
player gets his subgroup's number as ``level`` from the round after the cut-off
(:func:`composition_round`), so the season file carries it and earlier rounds are
unchanged. The lines with a level from that round are the composition; a season without
them keeps the old fixed blocks of ``size`` by the ranking (:func:`propose_subgroups` with
``by=("ranking",)``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Literal

from compcore.domain.errors import RosterError
from compcore.domain.model import PlayerChange, Season
from compcore.rules.rulesets import Ruleset
from compcore.rules.rulesets.schema import Subgroups
from compcore.scoring.standings import last_complete_round, standings

Order = Literal["ranking", "rating"]
#: a composition: the groups in order (group 1 first), each its members in order
Groups = tuple[tuple[str, ...], ...]


def composition_round(rule: Subgroups) -> int:
    """KC-12: the round from which a stored composition holds (the one after the cut-off)."""
    return rule.after_round + 1


def ranking_at_cut(season: Season, ruleset: Ruleset, after_round: int) -> list[str]:
    """KC-12: the ranking after the cut-off round, without the engine entrant."""
    cut = standings(season, ruleset, after_round=after_round)
    return [pid for pid in cut.order if not season.player(pid).is_engine]


def _places(order: Sequence[str]) -> dict[str, int]:
    return {pid: i for i, pid in enumerate(order, start=1)}


def ordered(season: Season, ranked: Sequence[str], round_no: int, by: Iterable[Order]) -> list[str]:
    """KC-12 "from the ranking, possibly with the rating": the players ordered by the sum
    of their places in the lists ``by`` names: the ranking (``ranked``) and/or the rating
    list (rating in ``round_no``, highest first; unrated counts as 0, a tie in rating goes
    by the ranking). An equal sum goes by the ranking. ``("ranking",)`` is the ranking."""
    ranking = _places(ranked)
    lists: dict[str, dict[str, int]] = {"ranking": ranking}
    rating_list = sorted(ranked, key=lambda p: (-(season.rating_at(p, round_no) or 0), ranking[p]))
    lists["rating"] = _places(rating_list)
    chosen = [lists[name] for name in dict.fromkeys(by)] or [ranking]
    return sorted(ranked, key=lambda p: (sum(places[p] for places in chosen), ranking[p]))


def blocks(order: Sequence[str], size: int) -> Groups:
    """Consecutive groups of ``size`` (the last one may be smaller)."""
    return tuple(tuple(order[i : i + size]) for i in range(0, len(order), size))


def propose_subgroups(
    season: Season,
    ruleset: Ruleset,
    after_round: int,
    size: int,
    by: Iterable[Order] = ("ranking",),
) -> Groups:
    """KC-12: the default split, groups of ``size`` from the order of :func:`ordered`
    after ``after_round`` (``by=("ranking",)``: the old fixed blocks by the ranking)."""
    ranked = ranking_at_cut(season, ruleset, after_round)
    return blocks(ordered(season, ranked, after_round, by), size)


def stored_lines(season: Season, rule: Subgroups) -> tuple[PlayerChange, ...]:
    """The roster-history lines that hold a stored composition: a level from
    :func:`composition_round` (empty: none stored)."""
    start = composition_round(rule)
    return tuple(
        c for c in season.roster_changes or () if c.from_round == start and c.level is not None
    )


def _label_key(label: str) -> tuple[int, str]:
    return (int(label), "") if label.isdigit() else (10**9, label)


def stored_subgroups(season: Season, rule: Subgroups) -> Groups | None:
    """KC-12: the composition the director saved (groups by their number, members in the
    order saved; of two lines for one player the later counts), or None."""
    label: dict[str, str] = {}
    for line in stored_lines(season, rule):
        label.pop(line.player, None)  # the later line counts, in its place
        label[line.player] = line.level or ""
    if not label:
        return None
    names = sorted(set(label.values()), key=_label_key)
    return tuple(tuple(p for p, lb in label.items() if lb == name) for name in names)


def completed(stored: Groups, proposal: Groups) -> Groups:
    """The stored composition with every player of ``proposal`` it lacks (one added to the
    roster after it was saved) put in his proposal group's number, or the last group when
    there are fewer; the form starts from this, so everybody has a select."""
    placed = {pid for members in stored for pid in members}
    groups = [list(members) for members in stored]
    for number, members in enumerate(proposal):
        for pid in members:
            if pid not in placed and groups:
                groups[min(number, len(groups) - 1)].append(pid)
    return tuple(tuple(members) for members in groups)


def subgroups_of(season: Season, ruleset: Ruleset) -> Groups:
    """KC-12: the subgroups in force: the stored composition, else the fixed blocks by the
    ranking after the cut-off; none before the cut-off round is complete."""
    rule = ruleset.awards.subgroups
    if rule is None or last_complete_round(season) < rule.after_round:
        return ()
    stored = stored_subgroups(season, rule)
    if stored is not None:
        return stored
    return propose_subgroups(season, ruleset, rule.after_round, rule.size)


def check_composition(season: Season, ruleset: Ruleset, groups: Sequence[Sequence[str]]) -> None:
    """Refuse a composition the director cannot mean: subgroups not in the ruleset, the
    cut-off round not complete, an empty group, an unknown player, a player in two groups,
    or a ranked player in none (KC-12: everybody plays in a subgroup)."""
    rule = ruleset.awards.subgroups
    if rule is None:
        raise RosterError("subgroups.none")
    if last_complete_round(season) < rule.after_round:
        raise RosterError("subgroups.too_early", round=rule.after_round)
    placed: dict[str, int] = {}
    for number, members in enumerate(groups, start=1):
        if not members:
            raise RosterError("subgroups.empty", group=number)
        for pid in members:
            if pid not in season.player_ids:
                raise RosterError("subgroups.unknown", player=pid)
            if pid in placed:
                raise RosterError("subgroups.twice", player=season.player(pid).name)
            placed[pid] = number
    for pid in ranking_at_cut(season, ruleset, rule.after_round):
        if pid not in placed:
            raise RosterError("subgroups.missing", player=season.player(pid).name)


def composition_lines(rule: Subgroups, groups: Sequence[Sequence[str]]) -> tuple[PlayerChange, ...]:
    """The roster-history lines that store ``groups``: each member's group number as his
    level from :func:`composition_round`."""
    start = composition_round(rule)
    return tuple(
        PlayerChange(player=pid, from_round=start, level=str(number))
        for number, members in enumerate(groups, start=1)
        for pid in members
    )


def moved(base: Groups, choice: Mapping[str, int | None]) -> Groups:
    """The groups after the director's moves: ``choice`` maps a player to his group number
    (None: no group); members keep the order of ``base``; group numbers up to the largest
    of ``base`` and ``choice`` (a group nobody chose stays, empty)."""
    order = [pid for members in base for pid in members]
    count = max([len(base), *(n for n in choice.values() if n is not None)])
    at: dict[str, int | None] = {
        pid: number for number, members in enumerate(base, start=1) for pid in members
    }
    at.update(choice)
    return tuple(tuple(p for p in order if at.get(p) == n) for n in range(1, count + 1))
