"""What each entry is worth, as a linear term in the Keizer values (caps applied).

An entry's points are ``amount`` times a value (the opponent's or the player's own), a
constant, or the evening's average (MG-5). Caps ("at most N per cycle/season, then X":
DS-4, PP-2, LA-9, MG-4) depend only on the order of entries, never on values, so they are
settled once here and scoring just multiplies.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Mapping, Sequence
from fractions import Fraction
from typing import NamedTuple

from compcore.domain.model import Kind
from compcore.rules.rulesets.schema import ZERO, Points, Ruleset
from compcore.scoring.history import Entry, History


class Term(NamedTuple):
    """``amount`` x value of ``target`` (a player id), or ``amount`` points when target is None."""

    amount: Fraction
    target: str | None


class Scored(NamedTuple):
    """One entry with the points rule that applies to it after caps."""

    player: str
    entry: Entry
    points: Points
    #: True when the cap was used up and the cap's ``then`` rule applied instead
    over_cap: bool = False


def apply_caps(hist: History, ruleset: Ruleset) -> dict[str, tuple[Scored, ...]]:
    """Each player's entries with their points rule, over the whole season (DS-4, PP-2, LA-9,
    MG-4).

    The rule of every kind is the ruleset's points table (DS-3, DS-5, DS-6, DS-7, KC-10, KC-11, PP-1:
    the preset's ``[points]`` values, read here and nowhere else).

    Counting runs over every entry of the season in round order, so a per-season cap counts
    across cycles even when standings restart per cycle. Kinds in the same cap ``group``
    share one counter (LA: club duty counts as an absence).
    """
    result: dict[str, tuple[Scored, ...]] = {}
    rules = {kind: ruleset.points.rule(kind) for kind in Kind}
    # the points of each kind without a cap (a kind the ruleset does not use: ZERO;
    # validation refuses these in season files), so most entries cost one lookup
    uncapped = {
        kind: ZERO if rule is None else rule.points
        for kind, rule in rules.items()
        if rule is None or rule.cap is None
    }
    for pid, entries in hist.by_player.items():
        counters: dict[tuple[str, int | None], int] = defaultdict(int)
        scored = []
        for entry in entries:
            points = uncapped.get(entry[2])  # entry.kind
            if points is not None:
                scored.append(Scored(pid, entry, points, False))
                continue
            rule = rules[entry.kind]
            assert rule is not None and rule.cap is not None
            cap = rule.cap
            key = (cap.group or entry.kind.value, entry.cycle if cap.scope == "cycle" else None)
            counters[key] += 1
            if counters[key] > cap.limit(ruleset.rounds_per_cycle):
                scored.append(Scored(pid, entry, cap.then, over_cap=True))
            else:
                scored.append(Scored(pid, entry, rule.points))
        result[pid] = tuple(scored)
    return result


def terms_of_round(scored: list[Scored], averaged: Collection[Kind]) -> dict[str, list[Term]]:
    """The linear terms of every player's entry in one round.

    MG-5: an ``evening-average`` entry is the mean of the points of the players whose entry
    kind that evening is one of ``averaged`` (the ruleset's ``evening-average-kinds``: those
    present who played or won by forfeit, losers' zeros included, the no-show left out).
    The mean is itself linear in the values, so it is folded into terms too.
    """
    terms: dict[str, list[Term]] = {}
    averaging: list[Scored] = []
    for s in scored:
        player, entry, points, _ = s
        basis = points.basis
        if basis == "evening-average":
            averaging.append(s)
        elif points.is_zero:
            terms[player] = []
        else:  # the opponent's value, one's own, or a constant
            target = entry.opponent if basis == "opponent" else player if basis == "own" else None
            terms[player] = [Term(points.amount, target)]
    if averaging:
        evening = evening_average(terms, [s.player for s in scored if s.entry.kind in averaged])
        for s in averaging:
            terms[s.player] = [Term(t.amount * s.points.amount, t.target) for t in evening]
    return terms


def evening_average(terms: Mapping[str, list[Term]], players: Sequence[str]) -> list[Term]:
    """MG-5: the mean of ``players``' points that evening, as terms (none: no points)."""
    return [Term(term.amount / len(players), term.target) for pid in players for term in terms[pid]]


#: Kinds counted in the KC-14 columns
BYE_KINDS = (Kind.BYE, Kind.DECLINED_ENGINE)  # On (oneven)
ABSENT_KINDS = (Kind.ABSENT, Kind.JOKER)  # Ng (afwezig met geldige reden)
NO_FAULT_KINDS = (  # Nbs (niet gespeeld buiten schuld)
    Kind.EXTERNAL,
    Kind.CLUB_DUTY,
    Kind.CUP_WIN,
    Kind.CUP_DRAW,
    Kind.CUP_LOSS,
    Kind.FORFEIT_WIN,
)
