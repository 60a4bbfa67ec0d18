"""Standings: the pure function from (ruleset, season, round, cycle) to a ranked table.

The scope is the standings' set of rounds: for a ruleset that restarts per cycle (DS-17)
the rounds of one cycle, else every round of the season (PP-5), up to ``after_round``.
The ranking holds every registered player (withdrawn ones included, KC-13; the engine,
DS-9) from the round before they join.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import NamedTuple

from compcore.domain.errors import CompcoreError, Phrase
from compcore.domain.model import Kind, Season
from compcore.rules.rulesets.schema import RankValues, Ruleset
from compcore.scoring import tiebreaks, twins
from compcore.scoring.entries import (
    ABSENT_KINDS,
    BYE_KINDS,
    NO_FAULT_KINDS,
    Scored,
    Term,
    apply_caps,
    terms_of_round,
)
from compcore.scoring.history import Entry, History, alternation, colour_balance, history
from compcore.scoring.keizer import Snapshot, Zeros, chain, scale_for
from compcore.scoring.movement import changes
from compcore.scoring.ties import TieReason, tie_reasons
from compcore.scoring.values import Number, RankTable, RatingTable


class UnknownRound(CompcoreError):
    """Standings were asked for a round or cycle that has not been played."""


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the standings (KC-14's columns where they mean something)."""

    rank: int
    player: str
    name: str
    score: Fraction
    value: Fraction | None
    games: int
    won: int
    drawn: int
    lost: int
    percentage: Fraction | None
    colour_balance: int
    alternation: str
    byes: int
    absences: int
    no_fault: int
    no_shows: int
    jokers: int
    tie_breaks: Mapping[str, Fraction | int] = field(default_factory=dict)
    info: Mapping[str, Fraction | int] = field(default_factory=dict)
    withdrawn: bool = False
    virtual: bool = False
    #: places gained (+) or lost (-) since the previous round of the scope; None: not ranked
    #: then (a new member) or no previous standings (:func:`compcore.scoring.movement.changes`)
    place_change: int | None = None
    #: points gained since the previous round of the scope (exact; may be negative)
    points_change: Fraction | None = None


#: ``Row(*values)``, made as a twin (:mod:`~compcore.scoring.twins`): 5 ms for a club's
#: 8,000 lines, not 23 (issue 19)
_row = twins.maker(Row)


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
    ties: tuple[TieReason, ...] = ()

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
    by_id = {p.id: p for p in season.players}  # as season.player: the last of an id
    ids = season.player_ids
    players = [by_id[pid] for pid in ids]
    columns: list[list[object]] = []
    for name in ruleset.initial_order:
        if name == "strength":
            columns.append([(p.strength is None, p.strength or 0) for p in players])
        elif name == "rating":
            ratings = [season.rating_at(pid, at_round) for pid in ids]
            columns.append([(r is None, -(r or 0)) for r in ratings])
        elif name == "club-rating":
            columns.append([(pid not in club, -club.get(pid, 0)) for pid in ids])
        else:
            columns.append([p.name.casefold() for p in players])
    ordered = sorted(zip(*columns, ids, strict=True))
    return tuple(row[-1] for row in ordered)


def in_ranking(season: Season, after_round: int) -> list[str]:
    """Who is in the ranking after ``after_round``: everyone registered by the next round
    (so a new member can be paired and valued), withdrawn players included (KC-13)."""
    return [
        p.id for p in season.players if p.joined_round is None or p.joined_round <= after_round + 1
    ]


def resolve_scope(
    season: Season, ruleset: Ruleset, after_round: int | None, cycle: int | None
) -> tuple[int, int | None, list[int]]:
    """(after_round, cycle, rounds in scope); ``cycle`` is 0-based, but an unknown cycle is
    reported in the club's numbers (``Ruleset.cycle_label``), as people typed it."""
    last = last_complete_round(season)
    if after_round is None:
        after_round = last
    if after_round < 0 or after_round > last:
        played_text = Phrase(
            "standings.played_none" if last == 0 else "standings.played_upto", last=last
        )
        raise UnknownRound.at((), "standings.round_unplayed", round=after_round, played=played_text)
    hist_cycles = {
        r.number: (r.cycle if r.cycle is not None else ruleset.cycle_of(r.number))
        for r in season.rounds
    }
    played = [r.number for r in season.played_rounds if r.number <= after_round]
    if (
        cycle is not None
        and cycle not in set(hist_cycles.values())
        and not 0 <= cycle < ruleset.cycles
    ):
        raise UnknownRound.at(
            (),
            "standings.no_cycle",
            cycle=ruleset.cycle_label(cycle),
            first=ruleset.cycle_label(0),
            last=ruleset.cycle_label(ruleset.cycles - 1),
        )
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


def idle_members(hist: History, ruleset: Ruleset) -> frozenset[str]:
    """The members the standings may treat as one (issue 19): those with nothing but
    ``not-participating`` in every round (:attr:`History.idle`), where that kind scores
    nothing (no points, none after a cap) and is not averaged (MG-5). Each of them then
    has score 0, every tie-break 0 and no entry that counts, so they rank as one block in
    the initial order and share one computed standings line but for their place.
    Empty where the ruleset scores ``not-participating``: the full computation then."""
    if not hist.idle:
        return frozenset()
    rule = ruleset.points.rule(Kind.NOT_PARTICIPATING)
    if rule is not None and not (
        rule.points.is_zero and (rule.cap is None or rule.cap.then.is_zero)
    ):
        return frozenset()
    if Kind.NOT_PARTICIPATING in ruleset.points.evening_average_kinds:
        return frozenset()
    return hist.idle


_Split = tuple[tuple[str, ...], tuple[str, ...], list[int]]


class _IdleRanking:
    """Rankings where the idle members (:func:`idle_members`) are a block: the others are
    sorted on their keys, the block (already in the initial order) goes in as a whole, and
    only an active player whose key equals theirs (score 0, every tie-break 0) is merged
    into it by the initial order. The same order as sorting everyone."""

    def __init__(self, idle: frozenset[str], tie_index: Mapping[str, int]) -> None:
        self.idle = idle
        self.tie_index = tie_index
        #: told of every ranking with the block whole (:meth:`RankTable.mark_block`)
        self.mark: Callable[[tuple[str, ...], tuple[str, ...], int], None] | None = None
        #: per population (by identity): it, its active players, the idle ones in the
        #: initial order and their places in it
        self._split: dict[int, tuple[tuple[str, ...], _Split]] = {}

    def split(self, players: tuple[str, ...]) -> _Split:
        """(the active players, the idle ones in the initial order, their places in it)
        of a population (kept per population: there are few)."""
        got = self._split.get(id(players))
        if got is not None and got[0] is players:
            return got[1]
        idle = self.idle
        index = self.tie_index
        block = sorted(idle.intersection(players), key=index.__getitem__)
        split = (
            tuple(p for p in players if p not in idle),
            tuple(block),
            [index[p] for p in block],
        )
        self._split[id(players)] = (players, split)
        return split

    def merge(
        self,
        keys: Mapping[str, tuple[object, ...]],
        block: tuple[str, ...],
        block_index: list[int],
        zero: tuple[object, ...],
    ) -> tuple[str, ...]:
        """The ranking of the active players' ``keys`` (lower first, then the initial
        order) with ``block``, whose key is ``zero``."""
        index = self.tie_index
        ordered = sorted(keys, key=lambda p: (keys[p], index[p]))
        before = [p for p in ordered if keys[p] < zero]
        after = [p for p in ordered if keys[p] > zero]
        if len(before) + len(after) == len(ordered):
            order = (*before, *block, *after)
            if self.mark is not None:
                self.mark(order, block, len(before))
            return order
        out = before
        at = 0
        for p in ordered[len(before) : len(ordered) - len(after)]:
            place = bisect_right(block_index, index[p], lo=at)
            out.extend(block[at:place])
            out.append(p)
            at = place
        out.extend(block[at:])
        out.extend(after)
        return tuple(out)


# --------------------------------------------------------------------------- standings


def standings(
    season: Season,
    ruleset: Ruleset,
    *,
    after_round: int | None = None,
    cycle: int | None = None,
    detail: bool = True,
    hist: History | None = None,
    terms: Mapping[int, Mapping[str, Sequence[Term]]] | None = None,
) -> Standings:
    """The standings after ``after_round`` (default: the last complete round), for ``cycle``
    where the ruleset restarts per cycle (default: the cycle of that round).

    ``rows`` hold the table (KC-14 columns, tie-breaks) and ``snapshots`` S(0) and the
    standings after every round of the scope (for charts). With ``detail=False`` only the
    ranking is computed (pairing needs no more): no rows, and only S(0) and the last
    snapshot (a Keizer ranking still runs through every round; a point system's does not
    need the earlier rankings at all). ``hist``: the season's history if the caller has it
    already (any rounds up to ``after_round`` at least; pairing shares it with the rules).
    ``terms``: the scope's :func:`scored_terms`, if the caller has them (contributions).
    """
    after_round, cycle, rounds = resolve_scope(season, ruleset, after_round, cycle)
    hist = history(season, ruleset, upto=after_round) if hist is None else hist.upto(after_round)
    scope = set(rounds)
    idle = idle_members(hist, ruleset)
    by_player = hist.by_player
    scope_entries: dict[str, list[Entry]]
    if idle:
        # the idle members share one entries tuple, so one scope list; their entries
        # score nothing, so they add no terms (issue 19)
        idle_scope = [e for e in hist.idle_entries if e.round in scope]
        active_ids = [p for p in by_player if p not in idle]
        scope_entries = dict.fromkeys(by_player, idle_scope)
        active_entries: dict[str, list[Entry]] = {}
        for p in active_ids:
            active_entries[p] = scope_entries[p] = [e for e in by_player[p] if e.round in scope]
        active_hist = replace(hist, by_player={p: by_player[p] for p in active_ids})
    else:
        scope_entries = {
            pid: [e for e in entries if e.round in scope] for pid, entries in by_player.items()
        }
        active_entries, active_hist = scope_entries, hist
    first = rounds[0] if rounds else after_round + 1
    start_order = initial_order(season, ruleset, first)
    tie_index = dict(zip(start_order, range(len(start_order)), strict=True))
    if terms is None:
        _, terms = scored_terms(apply_caps(active_hist, ruleset), ruleset, rounds)

    population = _populations(season)
    breaks = tiebreaks.TieBreaks(active_entries, ruleset, tie_index)
    blocks = _IdleRanking(idle, tie_index)
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

    in_first = set(population(first - 1))
    initial = [p for p in start_order if p in in_first]
    if ruleset.is_keizer:
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

        snapshots = chain(
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
            progression=detail,
            idle=idle,
        )
    else:
        snapshots = _points_chain(rounds, terms, initial, population, rank, detail)
    rows = _rows(season, ruleset, snapshots, hist, scope_entries, tie_index, idle) if detail else ()
    return Standings(
        ruleset=ruleset.name,
        after_round=after_round,
        cycle=cycle if ruleset.restarts_per_cycle or cycle is not None else None,
        rows=rows,
        columns=columns(ruleset),
        snapshots=tuple(snapshots),
        ties=tie_reasons(rows, ruleset, season, first, tie_index),
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
    progression: bool = True,
) -> list[Snapshot]:
    """Point systems (PP, LA, MG youth): totals of plain numbers, ranked after every round
    (or only after the last one without ``progression``).

    Totals are whole numbers of 1/L points (L: the common denominator of the points table).
    """
    scale = scale_for(terms)
    zeros = Zeros()
    first = rounds[0] if rounds else 1
    snapshots = [Snapshot(first - 1, tuple(initial), {p: 0 for p in initial}, scale)]
    totals: dict[str, int] = {}
    for k in rounds:
        for player, player_terms in terms.get(k, {}).items():
            totals[player] = totals.get(player, 0) + sum(
                t.amount.numerator * (scale // t.amount.denominator) for t in player_terms
            )
        if progression or k == rounds[-1]:
            units: dict[str, int] = zeros(population(k))  # issue 19: a copy, not a loop
            for player, total in totals.items():
                if player in units:
                    units[player] = total
            snapshots.append(Snapshot(k, rank(units, scale, k), units, scale, method="points"))
    return snapshots


def columns(ruleset: Ruleset) -> tuple[str, ...]:
    """The columns that mean something for this ruleset (KC-14 for Keizer presets; PP-3's
    count of unexcused no-shows where the ruleset has ``no_show_warnings``)."""
    cols = ["rank", "name", "score"]
    if ruleset.is_keizer:
        cols.append("value")
    cols += ["games", "won", "drawn", "lost", "percentage", "colour_balance", "alternation"]
    kinds = set(ruleset.points.kinds)
    if kinds & set(BYE_KINDS):
        cols.append("byes")
    cols.append("absences")
    if ruleset.is_keizer:
        cols.append("no_fault")
    if Kind.JOKER in kinds:
        cols.append("jokers")
    if ruleset.no_show_warnings:
        cols.append("no_shows")
    cols += [b for b in ruleset.tie_breaks if b != "initial-order"]
    cols += [c for c in ruleset.info_columns if c not in cols]
    return tuple(cols)


class _Columns(NamedTuple):
    """The columns of a standings line after its rank, name, score and value, in
    :class:`Row`'s order, up to ``withdrawn``."""

    games: int
    won: int
    drawn: int
    lost: int
    percentage: Fraction | None
    colour_balance: int
    alternation: str
    byes: int
    absences: int
    no_fault: int
    no_shows: int
    jokers: int
    tie_breaks: Mapping[str, Fraction | int]
    info: Mapping[str, Fraction | int]


def _rows(
    season: Season,
    ruleset: Ruleset,
    snapshots: Sequence[Snapshot],
    hist: History,
    scope_entries: Mapping[str, Sequence[Entry]],
    tie_index: Mapping[str, int],
    idle: frozenset[str] = frozenset(),
) -> tuple[Row, ...]:
    final = snapshots[-1]
    moved = changes(snapshots)
    extra = {b for b in ruleset.tie_breaks if b != "initial-order"} | set(ruleset.info_columns)
    scores = final.scores
    # the idle members' columns are one player's (any of them): computed once, on the
    # others and him (their entries count for nobody else's, issue 19)
    units = final.units
    one = next((p for p in final.order if p in idle), None) if idle else None
    entries: Mapping[str, Sequence[Entry]] = scope_entries
    if one is not None:
        units = {p: units[p] for p in units.keys() - idle}
        units[one] = final.units[one]
        entries = {p: scope_entries.get(p, ()) for p in units}
    computed: dict[str, dict[str, Fraction | int]] = {}
    for name in extra:
        # computed on whole units (fast); proportional ones are scaled back once
        values = tiebreaks.compute(name, entries, units, ruleset, tie_index)
        if name in tiebreaks.PROPORTIONAL:
            values = {p: Fraction(v) / final.scale for p, v in values.items()}
        computed[name] = values
    if tiebreaks.MUTUAL in ruleset.tie_breaks:  # DS-16: among those level on the breaks before
        _, mutual = tiebreaks.TieBreaks(entries, ruleset, tie_index).keys(units)
        computed[tiebreaks.MUTUAL] = {p: Fraction(mutual.get(p, 0), 2) for p in units}
    # Snapshot.shown_value for everyone, one Fraction per distinct value
    shown_units: Mapping[str, Number] = final.values
    if final.method == "iterate" and final.scored_with:
        shown_units = {**final.values, **final.scored_with}
    shown: dict[Number, Fraction] = {}
    value_scale = final.value_scale

    def columns_of(pid: str) -> _Columns:
        """Everything of ``pid``'s line that is not his own place, name or change."""
        colours = hist.colours(pid)
        kinds = Counter(e.kind for e in scope_entries.get(pid, ()) if not e.played)
        played = Counter(e.kind for e in scope_entries.get(pid, ()) if e.played)
        won, drawn, lost = played[Kind.WIN], played[Kind.DRAW], played[Kind.LOSS]
        games = won + drawn + lost
        return _Columns(
            games,
            won,
            drawn,
            lost,
            Fraction(2 * won + drawn, 2 * games) * 100 if games else None,
            colour_balance(colours),
            alternation(colours),
            sum(kinds[k] for k in BYE_KINDS),
            sum(kinds[k] for k in ABSENT_KINDS),
            sum(kinds[k] for k in NO_FAULT_KINDS),
            hist.count(pid, (Kind.ABSENT_UNEXCUSED,)),
            kinds[Kind.JOKER],
            {b: computed[b][pid] for b in ruleset.tie_breaks if b in computed},
            {c: computed[c][pid] for c in ruleset.info_columns},
        )

    # the idle members share one line's columns (and its two mappings: read-only)
    shared = columns_of(one) if one is not None else None
    is_keizer = ruleset.is_keizer
    after = final.round
    rows = []
    by_id = {p.id: p for p in season.players}  # as season.player: the last of an id
    for rank, pid in enumerate(final.order, start=1):
        player = by_id[pid]
        cols = shared if shared is not None and pid in idle else columns_of(pid)
        value: Fraction | None = None
        if is_keizer:
            v = shown_units[pid]
            value = shown.get(v)
            if value is None:
                # Fraction(v) of an int is the constructor's fast path (the same number)
                whole = value_scale == 1 and type(v) is int
                value = shown[v] = Fraction(v) if whole else Fraction(v, value_scale)
        move = moved.get(pid)
        withdrawn = player.withdrawn_round
        # positional, as its twin: there is one per member (:data:`_row`)
        rows.append(
            _row(
                rank,
                pid,
                player.name,
                scores[pid],
                value,
                *cols,
                withdrawn is not None and withdrawn <= after,
                player.virtual == "engine",
                None if move is None else move.places,
                None if move is None else move.points,
            )
        )
    return tuple(rows)
