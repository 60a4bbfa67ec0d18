"""The lines of a standings table: :class:`Row` (KC-14's columns where they mean
something, PP-3's no-shows, the tie-breaks and info columns), which columns a ruleset
shows, and :func:`table_rows`, the lines of a computed ranking (the idle members'
columns made once, issue 19).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import filterfalse
from operator import attrgetter
from typing import TypeVar

from compcore.domain.model import Kind, Season
from compcore.rules.rulesets.schema import Ruleset
from compcore.scoring import tiebreaks, twins
from compcore.scoring.entries import ABSENT_KINDS, BYE_KINDS, NO_FAULT_KINDS
from compcore.scoring.history import Entry, History, alternation, colour_balance
from compcore.scoring.movement import changes
from compcore.scoring.snapshot import Snapshot
from compcore.scoring.values import Number

T = TypeVar("T")


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


#: the columns of a standings line after its rank, name, score and value: :class:`Row`'s
#: fields from ``games`` to ``info``, in that order (positional: one tuple per member)
_Columns = tuple[
    int, int, int, int, Fraction | None, int, str, int, int, int, int, int,
    Mapping[str, Fraction | int], Mapping[str, Fraction | int],
]  # fmt: skip


def _counted(
    final: Snapshot, scope_entries: Mapping[str, Sequence[Entry]], idle: frozenset[str]
) -> tuple[Mapping[str, Number], Mapping[str, Sequence[Entry]], str | None]:
    """The units and entries the columns are computed on, and the one idle member who
    stands for all of them: the idle members' columns are one player's (any of them),
    computed once, on the others and him (their entries count for nobody else's, issue 19)."""
    one = next((p for p in final.order if p in idle), None) if idle else None
    if one is None:
        return final.units, scope_entries, None
    units = {p: final.units[p] for p in final.units.keys() - idle}
    units[one] = final.units[one]
    return units, {p: scope_entries.get(p, ()) for p in units}, one


def _break_values(
    ruleset: Ruleset,
    final: Snapshot,
    units: Mapping[str, Number],
    entries: Mapping[str, Sequence[Entry]],
    tie_index: Mapping[str, int],
) -> dict[str, dict[str, Fraction | int]]:
    """Every tie-break and info column's value per player (DS-16's mutual result among
    those level on the breaks before it)."""
    extra = {b for b in ruleset.tie_breaks if b != "initial-order"} | set(ruleset.info_columns)
    computed: dict[str, dict[str, Fraction | int]] = {}
    for name in extra:
        # computed on whole units (fast); proportional ones are scaled back once
        values = tiebreaks.compute(name, entries, units, ruleset, tie_index)
        if name in tiebreaks.PROPORTIONAL:
            values = {p: Fraction(v) / final.scale for p, v in values.items()}
        computed[name] = values
    if tiebreaks.MUTUAL in ruleset.tie_breaks:
        _, mutual = tiebreaks.TieBreaks(entries, ruleset, tie_index).keys(units)
        computed[tiebreaks.MUTUAL] = {p: Fraction(mutual.get(p, 0), 2) for p in units}
    return computed


def _shown_values(ruleset: Ruleset, final: Snapshot) -> list[Fraction | None]:
    """Each line's Keizer value as shown (:meth:`Snapshot.shown_value`), in the standings'
    order, one Fraction per distinct value (whole units, ints); no values outside Keizer."""
    order = final.order
    if not ruleset.is_keizer:
        return [None] * len(order)
    shown_units: Mapping[str, Number] = final.values
    if final.method == "iterate" and final.scored_with:
        shown_units = {**final.values, **final.scored_with}
    raw = list(map(shown_units.__getitem__, order))
    value_scale = final.value_scale
    shown: dict[Number, Fraction] = {}
    for v in set(raw):
        # Fraction(v) of an int is the constructor's fast path (the same number)
        whole = value_scale == 1 and type(v) is int
        shown[v] = Fraction(v) if whole else Fraction(v, value_scale)
    return list(map(shown.__getitem__, raw))


def table_rows(
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
    units, entries, one = _counted(final, scope_entries, idle)
    computed = _break_values(ruleset, final, units, entries, tie_index)

    def columns_of(pid: str) -> _Columns:
        """Everything of ``pid``'s line that is not his own place, name or change."""
        colours = hist.colours(pid)
        kinds = Counter(e.kind for e in scope_entries.get(pid, ()) if not e.played)
        played = Counter(e.kind for e in scope_entries.get(pid, ()) if e.played)
        won, drawn, lost = played[Kind.WIN], played[Kind.DRAW], played[Kind.LOSS]
        games = won + drawn + lost
        return (
            games,
            won,
            drawn,
            lost,
            Fraction(2 * won + drawn, 2 * games) * 100 if games else None,  # percentage
            colour_balance(colours),
            alternation(colours),
            sum(kinds[k] for k in BYE_KINDS),  # byes
            sum(kinds[k] for k in ABSENT_KINDS),  # absences
            sum(kinds[k] for k in NO_FAULT_KINDS),  # no fault
            hist.count(pid, (Kind.ABSENT_UNEXCUSED,)),  # no-shows
            kinds[Kind.JOKER],  # jokers
            {b: computed[b][pid] for b in ruleset.tie_breaks if b in computed},  # tie-breaks
            {c: computed[c][pid] for c in ruleset.info_columns},  # info
        )

    # the idle members share one line's columns (and its two mappings: read-only)
    shared = columns_of(one) if one is not None else None
    order = final.order
    scores = final.scores
    by_id = season.by_id
    players = list(map(by_id.__getitem__, order))
    line_values = _shown_values(ruleset, final)
    after = final.round
    if shared is not None:  # the idle members' lines looked up, the others' made
        by_player = dict.fromkeys(idle, shared)
        by_player.update((pid, columns_of(pid)) for pid in filterfalse(idle.__contains__, order))
        cols = list(map(by_player.__getitem__, order))
    else:
        cols = list(map(columns_of, order))
    places: Iterable[int | None]
    points: Iterable[Fraction | None]
    if len(moved) == len(order):  # every line has its change (:func:`changes`)
        moves = list(map(moved.__getitem__, order))
        places, points = map(_PLACES, moves), map(_POINTS, moves)
    else:
        maybe = list(map(moved.get, order))
        places = [None if m is None else m.places for m in maybe]
        points = [None if m is None else m.points for m in maybe]
    # positional, as its twin, a column at a time: there is one line per member (:data:`_row`)
    return tuple(
        map(
            _row,
            range(1, len(order) + 1),
            order,
            map(_NAME, players),
            map(scores.__getitem__, order),
            line_values,
            *zip(*cols, strict=True),
            _each(list(map(_WITHDRAWN, players)), lambda w: w is not None and w <= after),
            _each(list(map(_VIRTUAL, players)), lambda v: v == "engine"),
            places,
            points,
        )
    )


def _each(values: list[T], test: Callable[[T], bool]) -> list[bool]:
    """``test`` of each of ``values``, asked once per distinct value (a club's members
    share a few)."""
    told = {v: test(v) for v in set(values)}
    return list(map(told.__getitem__, values))


_PLACES = attrgetter("places")
_POINTS = attrgetter("points")
_NAME = attrgetter("name")
_WITHDRAWN = attrgetter("withdrawn_round")
_VIRTUAL = attrgetter("virtual")
