"""Standings: the pure function from (ruleset, season, round, cycle) to a ranked table.

The scope is the standings' set of rounds: for a ruleset that restarts per cycle (DS-17)
the rounds of one cycle, else every round of the season (PP-5), up to ``after_round``.
The ranking holds every registered player (withdrawn ones included, KC-13; the engine,
DS-9) from the round before they join.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import filterfalse
from operator import attrgetter, itemgetter

from compcore.domain.errors import CompcoreError, Phrase
from compcore.domain.model import Season
from compcore.rules.rulesets.schema import RankValues, Ruleset
from compcore.scoring import tiebreaks
from compcore.scoring.entries import Scored, Term, apply_caps, terms_of_round
from compcore.scoring.history import Entry, History, history
from compcore.scoring.idle import IdleRanking, idle_members
from compcore.scoring.keizer import chain
from compcore.scoring.rows import Row as Row  # ui/ reads Row from here too
from compcore.scoring.rows import columns, table_rows
from compcore.scoring.snapshot import Snapshot, Zeros, scale_for
from compcore.scoring.ties import LazyTies, TieReason
from compcore.scoring.values import Number, RankTable, RatingTable


class UnknownRound(CompcoreError):
    """Standings were asked for a round or cycle that has not been played."""


@dataclass(frozen=True, slots=True)
class Standings:
    """The ranked table after a round, with how it was computed."""

    ruleset: str
    after_round: int
    cycle: int | None
    rows: tuple[Row, ...]
    columns: tuple[str, ...]
    #: S(0), then one snapshot per round of the scope (for charts: values, ranks, scores)
    snapshots: tuple[Snapshot, ...]
    #: why the upper of two neighbours on equal points is ahead (:mod:`~.ties`)
    ties: Sequence[TieReason] = ()

    @property
    def final(self) -> Snapshot:
        return self.snapshots[-1]

    @property
    def mode(self) -> str:
        return self.final.method

    @property
    def iterations(self) -> int:
        return self.final.iterations

    @property
    def oscillated(self) -> bool:
        return self.final.oscillated

    @property
    def order(self) -> tuple[str, ...]:
        return self.final.order

    def row(self, player: str) -> Row:
        for r in self.rows:
            if r.player == player:
                return r
        raise KeyError(player)


# --------------------------------------------------------------------------- scope


def last_complete_round(season: Season) -> int:
    """The last played round whose boards all have a result (0 before any)."""
    last = 0
    for rnd in season.played_rounds:
        if rnd.all_results_in:
            last = rnd.number
    return last


def initial_order(season: Season, ruleset: Ruleset, at_round: int) -> tuple[str, ...]:
    """The order before any result: strength list, else rating (high first, as valid in
    ``at_round``), else name; the keys and their order are the ruleset's ``initial_order``
    (DS-2, KC-3, LA-2). ``club-rating``: the club rating valid for ``at_round``, computed from
    the rounds before it (DS-2, :func:`compcore.scoring.club_rating.club_rating_before`); the engine,
    which has none, after everyone."""
    club: Mapping[str, int] = {}
    if "club-rating" in ruleset.initial_order:
        # here: the other presets' standings do without the module (issue 19)
        from compcore.scoring.club_rating import club_rating_before

        club = club_rating_before(season, ruleset, at_round)

    # each key as a column, then one sort of the rows (keys, id): the same order as
    # sorting the ids on those keys, without a key call per member (issue 19)
    by_id = season.by_id
    ids = season.player_ids
    players = list(map(by_id.__getitem__, ids))
    columns: list[list[object]] = []
    for name in ruleset.initial_order:
        if name == "strength":
            columns.append(_missing_last(list(map(_STRENGTH, players)), down=False))
        elif name == "rating":
            # a player without a rating change has his own (most of a club, issue 19)
            changed = {c.player for c in season.ratings or ()}
            ratings = (
                [
                    season.rating_at(pid, at_round) if pid in changed else p.rating
                    for pid, p in zip(ids, players, strict=True)
                ]
                if changed
                else list(map(_RATING, players))
            )
            columns.append(_missing_last(ratings, down=True))
        elif name == "club-rating":
            columns.append([(pid not in club, -club.get(pid, 0)) for pid in ids])
        else:
            columns.append(list(map(str.casefold, map(_NAME, players))))
    ordered = sorted(zip(*columns, ids, strict=True))
    return tuple(map(itemgetter(-1), ordered))


_STRENGTH = attrgetter("strength")
_RATING = attrgetter("rating")
_NAME = attrgetter("name")


def _missing_last(values: list[int | None], *, down: bool) -> list[object]:
    """Each value's sort key: (missing, the number; negated when ``down``), so the
    missing come last. Made once per distinct value and shared (a club's members have a
    few ratings between them), so the sort compares the same key objects: fast."""
    keys = {v: (v is None, -(v or 0) if down else v or 0) for v in set(values)}
    return list(map(keys.__getitem__, values))


def in_ranking(season: Season, after_round: int) -> list[str]:
    """Who is in the ranking after ``after_round``: everyone registered by the next round
    (so a new member can be paired and valued), withdrawn players included (KC-13)."""
    return [
        p.id for p in season.players if p.joined_round is None or p.joined_round <= after_round + 1
    ]


def _played_round(season: Season, after_round: int | None) -> int:
    """``after_round``, or the last complete round; a round not played yet is refused."""
    last = last_complete_round(season)
    if after_round is None:
        return last
    if after_round < 0 or after_round > last:
        played_text = Phrase(
            "standings.played_none" if last == 0 else "standings.played_upto", last=last
        )
        raise UnknownRound.at((), "standings.round_unplayed", round=after_round, played=played_text)
    return after_round


def _known_cycle(ruleset: Ruleset, cycle: int, stored: set[int]) -> None:
    """Refuse a cycle that is neither a round's nor one of the ruleset's."""
    if cycle not in stored and not 0 <= cycle < ruleset.cycles:
        raise UnknownRound.at(
            (),
            "standings.no_cycle",
            cycle=ruleset.cycle_label(cycle),
            first=ruleset.cycle_label(0),
            last=ruleset.cycle_label(ruleset.cycles - 1),
        )


def resolve_scope(
    season: Season, ruleset: Ruleset, after_round: int | None, cycle: int | None
) -> tuple[int, int | None, list[int]]:
    """(after_round, cycle, rounds in scope); ``cycle`` is 0-based, but an unknown cycle is
    reported in the club's numbers (``Ruleset.cycle_label``), as people typed it."""
    after_round = _played_round(season, after_round)
    hist_cycles = {
        r.number: (r.cycle if r.cycle is not None else ruleset.cycle_of(r.number))
        for r in season.rounds
    }
    played = [r.number for r in season.played_rounds if r.number <= after_round]
    if cycle is not None:
        _known_cycle(ruleset, cycle, set(hist_cycles.values()))
    if ruleset.restarts_per_cycle:
        if cycle is None:
            cycle = hist_cycles.get(after_round, 0) if after_round else 0
        rounds = [k for k in played if hist_cycles[k] == cycle]
        if rounds:
            after_round = rounds[-1]
        return after_round, cycle, rounds
    if cycle is not None:
        played = [k for k in played if hist_cycles[k] <= cycle]
        after_round = played[-1] if played else 0
    return after_round, cycle, played


def _populations(season: Season) -> Callable[[int], tuple[str, ...]]:
    """:func:`in_ranking` after any round, each computed once (a chain asks per round and
    per value table), and the same tuple for every round between two rounds in which
    members join (a ranking of thousands is not rebuilt per round, issue 19)."""
    joins = sorted({p.joined_round for p in season.players if p.joined_round is not None})
    known: dict[int, tuple[str, ...]] = {}

    def population(after_round: int) -> tuple[str, ...]:
        # who is in depends only on how many of the join rounds are <= after_round + 1
        key = bisect_right(joins, after_round + 1)
        if key not in known:
            known[key] = tuple(in_ranking(season, after_round))
        return known[key]

    return population


# --------------------------------------------------------------------------- standings


def standings(
    season: Season,
    ruleset: Ruleset,
    *,
    after_round: int | None = None,
    cycle: int | None = None,
    detail: bool = True,
    every_round: bool = True,
    hist: History | None = None,
    terms: Mapping[int, Mapping[str, Sequence[Term]]] | None = None,
) -> Standings:
    """The standings after ``after_round`` (default: the last complete round), for ``cycle``
    where the ruleset restarts per cycle (default: the cycle of that round).

    ``rows`` hold the table (KC-14 columns, tie-breaks) and ``snapshots`` S(0) and the
    standings after every round of the scope (for charts). With ``detail=False`` only the
    ranking is computed (pairing needs no more): no rows, and only S(0) and the last
    snapshot (a Keizer ranking still runs through every round; a point system's does not
    need the earlier rankings at all). With ``every_round=False`` the rows are made and
    ``snapshots`` hold S(0) and the last two rounds' standings only, all the rows need (the
    final table and the change since the round before): for a table printed once, as the
    command line does, not for charts (a club's 8,000 members kept for every round of a
    season cost 25 MB, issue 19). ``hist``: the season's history if the caller has it
    already (any rounds up to ``after_round`` at least; pairing shares it with the rules).
    ``terms``: the scope's :func:`scored_terms`, if the caller has them (contributions).
    """
    after_round, cycle, rounds = resolve_scope(season, ruleset, after_round, cycle)
    hist = history(season, ruleset, upto=after_round) if hist is None else hist.upto(after_round)
    idle = idle_members(hist, ruleset)
    scope_entries, active_entries, active_hist = _in_scope(hist, set(rounds), idle)
    first = rounds[0] if rounds else after_round + 1
    start_order = initial_order(season, ruleset, first)
    tie_index = dict(zip(start_order, range(len(start_order)), strict=True))
    if terms is None:
        _, terms = scored_terms(apply_caps(active_hist, ruleset), ruleset, rounds)

    population = _populations(season)
    breaks = tiebreaks.TieBreaks(active_entries, ruleset, tie_index)
    blocks = IdleRanking(idle, tie_index)
    before_initial = ruleset.tie_breaks[
        : ruleset.tie_breaks.index("initial-order")
        if "initial-order" in ruleset.tie_breaks
        else len(ruleset.tie_breaks)
    ]
    zero = (0,) * (1 + len(before_initial))

    def rank(units: Mapping[str, Number], scale: int, k: int) -> tuple[str, ...]:
        if idle:
            active, block, block_index = blocks.split(population(k))
            if block and len(units) == len(active) + len(block):
                keys: Mapping[str, tuple[object, ...]]
                if not before_initial:
                    keys = {p: (-units[p],) for p in active}
                else:
                    keys = breaks.prefix_keys({p: units[p] for p in active}, k, before_initial)
                return blocks.merge(keys, block, block_index, zero)
        if ruleset.tie_breaks == ("initial-order",):
            return tuple(sorted(units, key=lambda p: (-units[p], tie_index[p])))
        # every tie-break is either independent of the scores or proportional to them, so
        # ranking on scores in units of 1/scale gives the same order as on the scores
        return breaks.ranking(units, upto=k)

    # the rounds whose snapshots are kept (None: every one): the rows need the last two
    keep_last = None if detail and every_round else (2 if detail else 1)
    in_first = set(population(first - 1))
    initial = [p for p in start_order if p in in_first]
    if ruleset.is_keizer:
        snapshots = _keizer_chain(
            season, ruleset, _Scope(cycle, rounds, first, initial, population), terms,
            rank, tie_index, blocks, keep_last=keep_last, idle=idle,
        )  # fmt: skip
    else:
        snapshots = _points_chain(rounds, terms, initial, population, rank, keep_last)
    rows = (
        table_rows(season, ruleset, snapshots, hist, scope_entries, tie_index, idle)
        if detail
        else ()
    )
    return Standings(
        ruleset=ruleset.name,
        after_round=after_round,
        cycle=cycle if ruleset.restarts_per_cycle or cycle is not None else None,
        rows=rows,
        columns=columns(ruleset),
        snapshots=tuple(snapshots),
        # made when first read (a table never reads them; issue 19)
        ties=LazyTies(rows, ruleset, season, first, tie_index),
    )


@dataclass(frozen=True)
class _Scope:
    """The rounds a table spans and who is in it from round to round."""

    cycle: int | None
    rounds: Sequence[int]
    first: int
    initial: Sequence[str]
    population: Callable[[int], Sequence[str]]


def _in_scope(
    hist: History, scope: set[int], idle: frozenset[str]
) -> tuple[dict[str, list[Entry]], dict[str, list[Entry]], History]:
    """Each player's entries in the scope's rounds; those of the active players alone and
    their history. The idle members share one entries tuple, so one scope list; their
    entries score nothing, so they add no terms (issue 19)."""
    by_player = hist.by_player
    if not idle:
        scope_entries = {
            pid: [e for e in entries if e.round in scope] for pid, entries in by_player.items()
        }
        return scope_entries, scope_entries, hist
    idle_scope = [e for e in hist.idle_entries if e.round in scope]
    active_ids = list(filterfalse(idle.__contains__, by_player))
    scope_entries = dict.fromkeys(by_player, idle_scope)
    active_entries: dict[str, list[Entry]] = {}
    for p in active_ids:
        active_entries[p] = scope_entries[p] = [e for e in by_player[p] if e.round in scope]
    return (
        scope_entries,
        active_entries,
        replace(hist, by_player={p: by_player[p] for p in active_ids}),
    )


def _keizer_chain(
    season: Season,
    ruleset: Ruleset,
    scope: _Scope,
    terms: Mapping[int, Mapping[str, Sequence[Term]]],
    rank: Callable[[Mapping[str, Number], int, int], tuple[str, ...]],
    tie_index: Mapping[str, int],
    blocks: IdleRanking,
    *,
    keep_last: int | None,
    idle: frozenset[str],
) -> list[Snapshot]:
    """The Keizer chain of the scope's rounds (KC-1 .. KC-5: values from the ranking, by
    rank or by rating, iterated where the ruleset says); ``keep_last`` as
    :func:`compcore.scoring.keizer.chain` takes it."""
    cycle, rounds, first, initial, population = (
        scope.cycle, scope.rounds, scope.first, scope.initial, scope.population
    )  # fmt: skip
    assert ruleset.keizer is not None
    keizer = ruleset.keizer
    values_rule = keizer.values
    last_of_scope = (
        ruleset.last_round_of_cycle(cycle or 0)
        if ruleset.restarts_per_cycle
        else ruleset.total_rounds
    )

    table: RankTable | RatingTable
    if isinstance(values_rule, RankValues):
        table = RankTable(values_rule)
        blocks.mark = table.mark_block
    else:
        # values for round k come from the pool ranked before it, with round k's ratings
        needed: dict[int, Sequence[str]] = {k: population(k - 1) for k in rounds}
        needed.update({k + 1: population(k) for k in rounds})
        needed[first] = initial
        changes = sorted({c.from_round for c in season.ratings or ()})
        table = RatingTable(values_rule, season.rating_at, needed, changes)

    def iterate_at(k: int) -> bool:
        return any(
            at == "every" or at == k or (at == "last" and k == last_of_scope)
            for at in keizer.iterate_rounds
        )

    return chain(
        mode=keizer.mode,
        rounds=rounds,
        terms=terms,
        initial=initial,
        population=population,
        values=table,
        rank=rank,
        iterate_at=iterate_at,
        tie_index=tie_index,
        max_iterations=keizer.max_iterations,
        positional=table.positional
        if isinstance(table, RankTable) and ruleset.tie_breaks == ("initial-order",)
        else None,
        keep_last=keep_last,
        idle=idle,
    )


def scored_terms(
    capped: Mapping[str, Sequence[Scored]], ruleset: Ruleset, rounds: Sequence[int]
) -> tuple[dict[int, list[Scored]], dict[int, dict[str, list[Term]]]]:
    """Every entry of the scope's ``rounds`` with its points rule after caps (``capped``:
    :func:`apply_caps` of a history covering them; caps count over the whole season in
    round order, DS-4, PP-2, LA-9, MG-4), and each round's linear terms per player (MG-5's
    evening average folded in): what the standings score."""
    scope = set(rounds)
    by_round: dict[int, list[Scored]] = {k: [] for k in rounds}
    for entries in capped.values():
        for s in entries:
            number = s[1][0]  # s.entry.round (tuple indexing: there is one a player a round)
            if number in scope:
                by_round[number].append(s)
    averaged = frozenset(ruleset.points.evening_average_kinds)
    return by_round, {k: terms_of_round(v, averaged) for k, v in by_round.items()}


def _points_chain(
    rounds: Sequence[int],
    terms: Mapping[int, Mapping[str, Sequence[Term]]],
    initial: Sequence[str],
    population: Callable[[int], Sequence[str]],
    rank: Callable[[Mapping[str, Number], int, int], tuple[str, ...]],
    keep_last: int | None = None,
) -> list[Snapshot]:
    """Point systems (PP, LA, MG youth): totals of plain numbers, ranked after every round
    (or, with ``keep_last``, only after the last ``keep_last`` rounds: the earlier rankings
    are not needed for any later one).

    Totals are whole numbers of 1/L points (L: the common denominator of the points table).
    """
    scale = scale_for(terms)
    zeros = Zeros()
    first = rounds[0] if rounds else 1
    snapshots = [Snapshot(first - 1, tuple(initial), {p: 0 for p in initial}, scale)]
    kept = frozenset(rounds if keep_last is None else rounds[len(rounds) - keep_last :])
    totals: dict[str, int] = {}
    for k in rounds:
        for player, player_terms in terms.get(k, {}).items():
            totals[player] = totals.get(player, 0) + sum(
                t.amount.numerator * (scale // t.amount.denominator) for t in player_terms
            )
        if keep_last is None or k in kept:
            units: dict[str, int] = zeros(population(k))  # issue 19: a copy, not a loop
            for player, total in totals.items():
                if player in units:
                    units[player] = total
            snapshots.append(Snapshot(k, rank(units, scale, k), units, scale, method="points"))
    return snapshots
