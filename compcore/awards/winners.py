"""Winners: of each cycle per rating category, the champion or the play-off needed,
subgroup winners, a level's top N and the cup's bracket and winner (DS-18, DS-19, DS-20,
KC-12, LA-11, PP-7, MG-7).

What no arithmetic decides (a play-off or barrage result) the director records as a
:class:`~compcore.domain.model.Decision` in the season; this module reads those and otherwise
says what is still to be played.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from fractions import Fraction

from compcore.domain.model import Season
from compcore.formats.cup import BARRAGE_WINNER, bracket
from compcore.formats.kind import Format, format_of
from compcore.formats.knockout import Bracket
from compcore.formats.round_robin import berger
from compcore.formats.subgroups import subgroups_of
from compcore.rules.rulesets import Ruleset
from compcore.rules.rulesets.schema import Category
from compcore.scoring.history import cycle_of
from compcore.scoring.standings import Standings, last_complete_round, resolve_scope, standings

#: Decision kinds the director records
PLAYOFF_WINNER = "playoff-winner"  # DS-20, LA-11: the play-off (or its barrage) is decided
PLAYOFF_UNAVAILABLE = "playoff-unavailable"  # DS-19: a seeded player cannot play


def decision_kinds(ruleset: Ruleset) -> list[str]:
    """The decisions a director can record under this ruleset: always a play-off winner
    (DS-20, LA-11); a seed who cannot play where the champion is decided by all cycles or
    a play-off (DS-19); a barrage winner in a knock-out (MG-8)."""
    kinds = [PLAYOFF_WINNER]
    if ruleset.awards.champion == "all-cycles-or-playoff":
        kinds.append(PLAYOFF_UNAVAILABLE)
    if format_of(ruleset) is Format.CUP:
        kinds.append(BARRAGE_WINNER)
    return kinds


@dataclass(frozen=True, slots=True)
class CycleWinner:
    """DS-18: the best-placed player of a category in a cycle's standings."""

    cycle: int
    category: str | None
    player: str | None
    final: bool  # the cycle is complete; otherwise this is the current leader


@dataclass(frozen=True, slots=True)
class Playoff:
    """DS-19/DS-20: four seeds and the single round robin by Berger tables."""

    seeds: tuple[str, ...]
    #: (round, white, black); seeds 1 and 2 have white twice, 3 and 4 once
    schedule: tuple[tuple[int, str, str], ...]


@dataclass(frozen=True, slots=True)
class Championship:
    category: str | None
    #: settled: "champion" (a player), else "playoff" (to play), "pending" (season not over)
    status: str
    champion: str | None = None
    #: why: "all-cycles" (DS-19), "first" (PP-7), "playoff-winner" (recorded),
    #: "small-category" (a play-off of all the category's players, fewer than its size), ...
    reason: str = ""
    playoff: Playoff | None = None
    #: LA-11: the players level on points at the top
    tied: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Subgroup:
    """KC-12: a subgroup (composed by the director, or made from the ranking after the
    cut-off round), and its leader."""

    number: int
    members: tuple[str, ...]
    leader: str | None


@dataclass(frozen=True, slots=True)
class FinalRow:
    """DS-19: one line of a category's final list: the score of each cycle (None: not in
    that cycle's table), their sum, and the play-off seed (None: not seeded)."""

    place: int
    player: str
    cycles: tuple[Fraction | None, ...]
    total: Fraction
    seed: int | None


@dataclass(frozen=True, slots=True)
class FinalList:
    """DS-19: a category's final list over the cycles played so far."""

    category: str
    rows: tuple[FinalRow, ...]


@dataclass(frozen=True, slots=True)
class Awards:
    cycle_winners: tuple[CycleWinner, ...]
    championships: tuple[Championship, ...]
    subgroups: tuple[Subgroup, ...]
    #: LA-11: (level, the top N of that level in the overall standings)
    level_top: tuple[str, tuple[str, ...]] | None
    #: MG-7: the knock-out's bracket (None: the ruleset runs no knock-out)
    cup: Bracket | None = None
    #: DS-19: the final list over the cycles per category (empty: the ruleset has none)
    final_lists: tuple[FinalList, ...] = ()


def category_of(rating: int | None, categories: Sequence[Category]) -> str | None:
    """DS-18: the category of a rating (an unrated player counts as rating 0)."""
    r = rating or 0
    for cat in categories:
        if (cat.min_rating is None or r >= cat.min_rating) and (
            cat.below_rating is None or r < cat.below_rating
        ):
            return cat.name
    return None


def _cycles(season: Season, ruleset: Ruleset) -> list[int]:
    return list(range(ruleset.cycles))


def _cycle_complete(season: Season, ruleset: Ruleset, cycle: int) -> bool:
    last = last_complete_round(season)
    later = any(cycle_of(r, ruleset) > cycle for r in season.played_rounds if r.number <= last)
    return later or last >= ruleset.last_round_of_cycle(cycle)


def club_championships(result: Awards, ruleset: Ruleset) -> tuple[Championship, ...]:
    """The club-championship blocks a competition shows: none for a knock-out cup (MG-7: its
    winner is the final's), a cup of pools (DS-21: its stages' winners) or a round-robin
    group whose champion is its first (DS-16: the group table, shared places and all, says
    who that is); otherwise ``result.championships``."""
    kind = format_of(ruleset)
    group = kind.scheduled and ruleset.awards.champion == "first"
    if result.cup is not None or kind is Format.POOLS_CUP or group:
        return ()
    return result.championships


def awards(season: Season, ruleset: Ruleset, after_round: int | None = None) -> Awards:
    """Every award the ruleset knows, as far as the season has got (or as it stood after
    ``after_round``, a complete round; :class:`UnknownRound` otherwise)."""
    if after_round is not None:
        resolve_scope(season, ruleset, after_round, None)
        season = season.truncated(after_round)
    a = ruleset.awards
    non_engine = {p.id for p in season.players if not p.is_engine}
    winners: list[CycleWinner] = []
    cycle_tables: dict[int, Standings] = {}
    played = last_complete_round(season)
    if ruleset.restarts_per_cycle and a.categories:
        for cycle in _cycles(season, ruleset):
            started = [
                r
                for r in season.played_rounds
                if cycle_of(r, ruleset) == cycle and r.number <= played
            ]
            if not started:
                continue
            table = standings(season, ruleset, after_round=started[-1].number, cycle=cycle)
            cycle_tables[cycle] = table
            first_round = started[0].number
            for cat in a.categories:
                members = [
                    pid
                    for pid in table.order
                    if pid in non_engine
                    and category_of(season.rating_at(pid, first_round), a.categories) == cat.name
                ]
                winners.append(
                    CycleWinner(
                        cycle,
                        cat.name,
                        members[0] if members else None,
                        _cycle_complete(season, ruleset, cycle),
                    )
                )
    cup = bracket(season, ruleset) if format_of(ruleset) is Format.CUP else None
    championships = _championships(season, ruleset, winners, cycle_tables, non_engine, cup)
    return Awards(
        cycle_winners=tuple(winners),
        championships=tuple(championships),
        subgroups=_subgroups(season, ruleset),
        level_top=_level_top(season, ruleset, non_engine),
        cup=cup,
        final_lists=_final_lists(season, ruleset, cycle_tables, non_engine, championships),
    )


def _decided(season: Season, category: str | None, players: Sequence[str] = ()) -> str | None:
    """The play-off (or barrage) winner the director recorded for ``category``; a decision
    recorded without a category counts for the category whose play-off that player is in
    (one of ``players``)."""
    for d in season.decisions or ():
        if d.kind == PLAYOFF_WINNER and (
            d.category == category or (d.category is None and d.player in players)
        ):
            return d.player
    return None


def _unavailable(season: Season, category: str | None) -> set[str]:
    return {
        d.player
        for d in season.decisions or ()
        if d.kind == PLAYOFF_UNAVAILABLE and d.category in (None, category)
    }


def _championships(
    season: Season,
    ruleset: Ruleset,
    winners: list[CycleWinner],
    cycle_tables: dict[int, Standings],
    non_engine: set[str],
    cup: Bracket | None,
) -> list[Championship]:
    """The championships the ruleset's ``awards.champion`` names: the cup's final (MG-7),
    all cycles or a play-off (DS-19), or the first after the last round (PP-7)."""
    a = ruleset.awards
    if a.champion == "cup-final":
        assert cup is not None  # the ruleset validator: cup-final needs a knock-out
        return [_cup_final(cup)]
    season_over = _cycle_complete(season, ruleset, ruleset.cycles - 1)
    if a.champion == "all-cycles-or-playoff":
        out = []
        for cat in a.categories:
            out.append(
                _ds19(season, ruleset, cat.name, winners, cycle_tables, non_engine, season_over)
            )
        return out
    overall = (
        standings(season, ruleset, after_round=last_complete_round(season))
        if season.played_rounds
        else None
    )
    if overall is None:
        return [Championship(None, "pending")]
    rows = [r for r in overall.rows if r.player in non_engine]
    if not season_over:
        return [
            Championship(
                None, "pending", champion=rows[0].player if rows else None, reason="leader"
            )
        ]
    if a.champion == "first-or-playoff":
        top = rows[0].score
        tied = tuple(r.player for r in rows if r.score == top)
        if len(tied) > 1:
            recorded = _decided(season, None)
            if recorded:
                return [Championship(None, "champion", recorded, PLAYOFF_WINNER, tied=tied)]
            return [Championship(None, "playoff", reason="tie-for-first", tied=tied)]
    return [Championship(None, "champion", rows[0].player, "first")]


def _cup_final(done: Bracket) -> Championship:
    """MG-7: the cup's winner is the winner of its final (the one player left), whatever
    the points; until then, and after a final nobody won (a double forfeit), pending."""
    if done.winner is not None:
        return Championship(None, "champion", done.winner, "cup-final")
    return Championship(None, "pending", reason="cup-no-winner" if done.over else "")


def _ds19(
    season: Season,
    ruleset: Ruleset,
    category: str,
    winners: list[CycleWinner],
    cycle_tables: dict[int, Standings],
    non_engine: set[str],
    season_over: bool,
) -> Championship:
    """DS-19: champion if one player won every cycle; else a play-off of four seeds.

    A category with fewer players than ``awards.playoff_size`` (that can play) has a
    play-off of all of them. Whatever the size, the winner the director recorded
    (``playoff-winner`` for the category: the play-off or its barrage, DS-20) is champion.
    """
    by_cycle = {w.cycle: w.player for w in winners if w.category == category and w.final}
    cycles = _cycles(season, ruleset)
    if not season_over or any(c not in by_cycle for c in cycles):
        return Championship(category, "pending")
    cycle_winners = [by_cycle[c] for c in cycles]
    if cycle_winners[0] is not None and all(w == cycle_winners[0] for w in cycle_winners):
        return Championship(category, "champion", cycle_winners[0], "all-cycles")
    final_list = _final_list(season, ruleset, category, cycle_tables, non_engine)
    unavailable = _unavailable(season, category)
    size = ruleset.awards.playoff_size
    filled = _seeds(cycle_winners, final_list, unavailable, size)
    # a category with fewer players than the play-off's size: all of them play it
    seeded = tuple(s for s in filled if s is not None)
    small = "small-category" if len(seeded) < size else ""
    playoff = Playoff(seeds=seeded, schedule=berger(seeded)) if len(seeded) > 1 else None
    recorded = _decided(season, category, seeded)
    if recorded:
        return Championship(category, "champion", recorded, PLAYOFF_WINNER, playoff=playoff)
    if playoff is None:
        return Championship(category, "pending", reason="too-few-players")
    return Championship(category, "playoff", reason=small, playoff=playoff)


def _seeds(
    cycle_winners: list[str | None], final_list: list[str], unavailable: Collection[str], size: int
) -> list[str | None]:
    """DS-19's play-off seeds: the winner of cycle c takes seed c+1; a double winner keeps
    the earlier seed; freed seeds, and seeds of players who cannot play, go down the final
    list (``None``: nobody left for that seed)."""
    seeds: list[str | None] = []
    for w in cycle_winners:
        seeds.append(w if w is not None and w not in seeds and w not in unavailable else None)
    seeds += [None] * (size - len(seeds))
    rest = iter(p for p in final_list if p not in seeds and p not in unavailable)
    return [s if s is not None else next(rest, None) for s in seeds[:size]]


def _final_list(
    season: Season,
    ruleset: Ruleset,
    category: str,
    cycle_tables: dict[int, Standings],
    non_engine: set[str],
) -> list[str]:
    """DS-19 reading: the final list is the sum of the three cycles' scores, for the players
    in the category at the start of the last cycle; ties by the last cycle's initial order."""
    last_cycle = max(cycle_tables)
    first_round = next(r.number for r in season.played_rounds if cycle_of(r, ruleset) == last_cycle)
    members = [
        pid
        for pid in cycle_tables[last_cycle].snapshots[0].order
        if pid in non_engine
        and category_of(season.rating_at(pid, first_round), ruleset.awards.categories) == category
    ]
    total = {
        pid: sum((t.final.scores.get(pid, Fraction(0)) for t in cycle_tables.values()), Fraction(0))
        for pid in members
    }
    index = {pid: i for i, pid in enumerate(members)}
    return sorted(members, key=lambda p: (-total[p], index[p]))


def _subgroups(season: Season, ruleset: Ruleset) -> tuple[Subgroup, ...]:
    """KC-12: the subgroups in force (the director's stored composition, else groups of
    ``size`` from the ranking after ``after_round``: :func:`compcore.formats.subgroups.subgroups_of`);
    the leader of each is its member placed highest in the current standings (the most
    points)."""
    groups = subgroups_of(season, ruleset)
    if not groups:
        return ()
    now = standings(season, ruleset, after_round=last_complete_round(season))
    position = {pid: i for i, pid in enumerate(now.order)}
    return tuple(
        Subgroup(number, members, min(members, key=lambda p: position.get(p, len(position))))
        for number, members in enumerate(groups, start=1)
        if members
    )


def _level_top(
    season: Season, ruleset: Ruleset, non_engine: set[str]
) -> tuple[str, tuple[str, ...]] | None:
    """LA-11: the top N players of one level in the overall standings (the level each
    player has in the standings' last round: the roster history)."""
    top = ruleset.awards.level_top
    if top is None or not season.played_rounds:
        return None
    after = last_complete_round(season)
    table = standings(season, ruleset, after_round=after)
    players = [
        pid
        for pid in table.order
        if pid in non_engine and season.player_at(pid, after).level == top.level
    ]
    return top.level, tuple(players[: top.count])


def _final_lists(
    season: Season,
    ruleset: Ruleset,
    cycle_tables: dict[int, Standings],
    non_engine: set[str],
    championships: Sequence[Championship],
) -> tuple[FinalList, ...]:
    """DS-19 reading: per category, the final list (:func:`_final_list`: the sum of the
    cycles' scores) with each cycle's score and the play-off seeds marked."""
    if ruleset.awards.champion != "all-cycles-or-playoff" or not cycle_tables:
        return ()
    seeded = {
        c.category: {pid: i for i, pid in enumerate(c.playoff.seeds, start=1)}
        for c in championships
        if c.playoff is not None
    }
    out = []
    for cat in ruleset.awards.categories:
        order = _final_list(season, ruleset, cat.name, cycle_tables, non_engine)
        seeds = seeded.get(cat.name, {})
        rows = []
        for place, pid in enumerate(order, start=1):
            scores = tuple(
                cycle_tables[c].final.scores.get(pid) if c in cycle_tables else None
                for c in _cycles(season, ruleset)
            )
            total = sum((x for x in scores if x is not None), Fraction(0))
            rows.append(FinalRow(place, pid, scores, total, seeds.get(pid)))
        out.append(FinalList(cat.name, tuple(rows)))
    return tuple(out)
