"""What each entry adds to a player's score, and the value it was scored with.

The standings' engine (``compcore.scoring.keizer``) sums linear terms in whole units; this
module reads the same terms back per entry, with the values the engine actually used
(``Snapshot.scored_with``): in at-time mode (MG-2) the values of the ranking before the
entry's round, in recompute and iterate mode (DS-8, KC-4) the values every entry of the
scope was last scored with. So a player's contributions sum exactly to his standings score,
by construction, and a player page or an explanation ("why did my score change?") never
computes points in a second way.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from compcore.domain.model import Season
from compcore.rules.rulesets.schema import Points, Ruleset
from compcore.scoring.entries import Scored, Term, apply_caps
from compcore.scoring.history import Entry, History, history
from compcore.scoring.snapshot import Snapshot
from compcore.scoring.standings import Standings, resolve_scope, scored_terms, standings


@dataclass(frozen=True, slots=True)
class Contribution:
    """One entry's points in the standings, and how they came about."""

    entry: Entry
    points: Fraction
    #: the points rule applied (the cap's ``then`` rule when ``over_cap``)
    rule: Points
    #: True when a cap was used up and the cap's ``then`` rule applied (DS-4, PP-2, LA-9, MG-4)
    over_cap: bool
    #: whose value the points are a fraction of (the opponent, or the player himself), None
    #: for fixed points and for an evening average (MG-5: many values)
    valued: str | None = None
    #: that value, as the engine used it
    value: Fraction | None = None

    @property
    def round(self) -> int:
        return self.entry.round

    @property
    def averaged(self) -> bool:
        """MG-5: the points are the evening's average."""
        return self.rule.basis == "evening-average"


@dataclass(frozen=True, slots=True)
class Breakdown:
    """The standings and, for the players asked for, every entry of the scope's points."""

    standings: Standings
    entries: Mapping[str, tuple[Contribution, ...]]

    def total(self, player: str) -> Fraction:
        """The sum of ``player``'s contributions (equal to his standings score)."""
        return sum((c.points for c in self.entries.get(player, ())), Fraction(0))


@dataclass(frozen=True, slots=True)
class PlayerRounds:
    """One player's rounds in a standings' scope and their total: the player page."""

    player: str
    lines: tuple[Contribution, ...]

    @property
    def total(self) -> Fraction:
        """The sum of the lines: exactly the player's score in the standings."""
        return sum((line.points for line in self.lines), Fraction(0))


def player_rounds(season: Season, ruleset: Ruleset, table: Standings, player: str) -> PlayerRounds:
    """``player``'s entries in ``table``'s scope (its round and cycle), each with the value
    it was scored with and its points; their total is his score in ``table``."""
    breakdown = contributions(
        season, ruleset, after_round=table.after_round, cycle=table.cycle, players=[player]
    )
    return PlayerRounds(player, breakdown.entries.get(player, ()))


class Capped:
    """A season's entries with their points rules after caps, and each round's terms,
    computed once and shared by several :func:`contributions` calls (an explanation reads
    two rounds' standings). Caps count in round order, so the rules of a later history
    hold for every earlier round too."""

    def __init__(self, hist: History, ruleset: Ruleset) -> None:
        self.hist, self.ruleset = hist, ruleset
        self._capped = apply_caps(hist, ruleset)
        self._rounds: dict[int, tuple[list[Scored], dict[str, list[Term]]]] = {}

    def terms(
        self, rounds: Sequence[int]
    ) -> tuple[dict[int, list[Scored]], dict[int, dict[str, list[Term]]]]:
        """:func:`scored_terms` of ``rounds``, each round computed once."""
        missing = [k for k in rounds if k not in self._rounds]
        if missing:
            by_round, terms = scored_terms(self._capped, self.ruleset, missing)
            self._rounds.update({k: (by_round[k], terms[k]) for k in missing})
        return {k: self._rounds[k][0] for k in rounds}, {k: self._rounds[k][1] for k in rounds}


def contributions(
    season: Season,
    ruleset: Ruleset,
    *,
    after_round: int | None = None,
    cycle: int | None = None,
    players: Collection[str] | None = None,
    capped: Capped | None = None,
) -> Breakdown:
    """The standings after ``after_round`` (as :func:`standings` reads its arguments) and,
    for ``players`` (default: everyone in the ranking), each entry of the scope with its
    points and the value they were computed with. ``capped``: shared between calls, from a
    history up to ``after_round`` at least."""
    last, _, rounds = resolve_scope(season, ruleset, after_round, cycle)
    if capped is None:
        capped = Capped(history(season, ruleset, upto=last), ruleset)
    by_round, terms = capped.terms(rounds)
    result = standings(
        season,
        ruleset,
        after_round=after_round,
        cycle=cycle,
        hist=capped.hist,
        terms=terms,
    )
    snaps = result.snapshots[1:]
    wanted = set(result.order if players is None else players)
    entries: dict[str, list[Contribution]] = {p: [] for p in wanted}
    for snap in snaps:
        values = _values_for(snap, result.final)
        round_terms = terms.get(snap.round, {})
        for s in by_round[snap.round]:
            if s.player in wanted:
                contribution = _contribution(s, round_terms.get(s.player, ()), values)
                entries[s.player].append(contribution)
    return Breakdown(result, {p: tuple(cs) for p, cs in entries.items()})


def _values_for(snap: Snapshot, final: Snapshot) -> Mapping[str, Fraction]:
    """The values round ``snap.round``'s entries count with in the final standings:
    at-time keeps each round's own (MG-2); recompute and iterate use the final ones."""
    used = snap if snap.method == "at-time" else final
    scale = used.value_scale
    return _Exact(used.scored_with, scale)


class _Exact(Mapping[str, Fraction]):
    """Whole units of 1/``scale`` read as exact fractions, converted only when asked."""

    def __init__(self, units: Mapping[str, int], scale: int) -> None:
        self._units, self._scale = units, scale

    def __getitem__(self, player: str) -> Fraction:
        # a player not in the ranking has no value: the engine counts him with 0 (a late
        # joiner's own-value rounds before he joins)
        return Fraction(self._units.get(player, 0), self._scale)

    def __iter__(self) -> Iterator[str]:
        return iter(self._units)

    def __len__(self) -> int:
        return len(self._units)


def _contribution(
    scored: Scored, terms: Sequence[Term], values: Mapping[str, Fraction]
) -> Contribution:
    """One entry's points: the sum of its terms (amount x value, or amount points)."""
    points = sum(
        (t.amount * (1 if t.target is None else values[t.target]) for t in terms), Fraction(0)
    )
    targets = {t.target for t in terms}
    valued = targets.pop() if len(targets) == 1 else None
    if scored.points.basis == "evening-average":
        valued = None
    return Contribution(
        entry=scored.entry,
        points=points,
        rule=scored.points,
        over_cap=scored.over_cap,
        valued=valued,
        value=None if valued is None else values[valued],
    )
