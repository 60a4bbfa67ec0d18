"""The rule lab (issue 13 item 1): a season replayed under another ruleset.

The games stay as they were played: the season's rounds, pairings, results and entries are
scored again under ruleset B (another preset, or the same one with overrides), nothing is
paired again. :func:`compare` returns, per player, the place and score under A (the
season's own ruleset) and under B, who would have won each cycle and category, and three
fairness measures per ruleset (:class:`Fairness`).

Overrides are written as dotted keys (``keizer.values.top=60``), their values read as JSON,
else as a TOML value, else as plain text (:func:`parse_assignment`); the ruleset loader
validates the result, so a bad key or value is one sentence naming it.
"""

from __future__ import annotations

import json
import math
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Literal

from compcore.awards.winners import awards
from compcore.domain.errors import CompcoreError, Phrase, RulesetError
from compcore.domain.model import Season, thaw
from compcore.rules.rulesets import Ruleset, load_ruleset, merge
from compcore.scoring.contributions import Breakdown, contributions
from compcore.scoring.history import History, history
from compcore.scoring.standings import last_complete_round, resolve_scope

#: the ruleset fields that describe the season's calendar: a season replayed under another
#: preset keeps its own, so its rounds fall in the same cycles
CALENDAR_FIELDS = ("rounds_per_cycle", "cycles", "first_cycle_number")

#: the linear performance rating's step: each point above 50% is worth 400/n rating points
TPR_STEP = 400


# --------------------------------------------------------------------------- overrides


def parse_value(text: str) -> Any:
    """A ``--set`` value: JSON (``60``, ``[\"buchholz\"]``, ``true``), else a TOML value
    (``'2/6 own'``, ``0.5``), else the text itself (``iterate``)."""
    try:
        return json.loads(text)
    except ValueError:
        pass
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except (tomllib.TOMLDecodeError, ValueError, RecursionError):
        return text


def parse_assignment(text: str) -> tuple[tuple[str, ...], Any]:
    """``"keizer.values.top=60"`` -> ``(("keizer", "values", "top"), 60)``; a RulesetError
    naming the text when it has no ``=`` or an empty key part."""
    key, equals, value = text.partition("=")
    path = tuple(part.strip() for part in key.split("."))
    if not equals or not all(path):
        raise RulesetError(Phrase("rulelab.bad_assignment", text=text))
    return path, parse_value(value.strip())


def overrides_from(assignments: Sequence[str]) -> dict[str, Any]:
    """The nested overrides of several ``key=value`` texts (later ones win)."""
    result: dict[str, Any] = {}
    for text in assignments:
        path, value = parse_assignment(text)
        nested: Any = value
        for step in reversed(path):
            nested = {step: nested}
        result = merge(result, nested)
    return result


def preset_and_overrides(
    season: Season, ruleset_a: Ruleset, preset: str | None, overrides: Mapping[str, Any]
) -> tuple[str, dict[str, Any]]:
    """Ruleset B as a preset and its whole overrides: ``preset`` (default: the season's own,
    with its own overrides) with the season's calendar (:data:`CALENDAR_FIELDS`), then
    ``overrides`` on top."""
    if preset is None or preset == season.ruleset.preset:
        return season.ruleset.preset, merge(thaw(season.ruleset.overrides), overrides)
    calendar = {field: getattr(ruleset_a, field) for field in CALENDAR_FIELDS}
    return preset, merge(calendar, overrides)


def ruleset_b(
    season: Season, ruleset_a: Ruleset, preset: str | None, overrides: Mapping[str, Any]
) -> Ruleset:
    """Ruleset B (:func:`preset_and_overrides`), validated by the ruleset loader: a
    RulesetError naming a bad field or value."""
    return load_ruleset(*preset_and_overrides(season, ruleset_a, preset, overrides))


# --------------------------------------------------------------------------- the result


@dataclass(frozen=True, slots=True)
class Placing:
    """One player's place and score under ruleset A and ruleset B."""

    player: str
    name: str
    rank_a: int
    rank_b: int
    score_a: Fraction
    score_b: Fraction

    @property
    def moved(self) -> int:
        """Places gained under B (positive: higher up)."""
        return self.rank_a - self.rank_b


@dataclass(frozen=True, slots=True)
class Winner:
    """Who wins one award under A and under B: a cycle's category winner, a champion (per
    category), or the leader of the final ranking."""

    kind: Literal["cycle", "champion", "leader"]
    #: the club's number of the cycle (``Ruleset.cycle_label``)
    cycle: int | None
    category: str | None
    player_a: str | None
    player_b: str | None

    @property
    def changed(self) -> bool:
        return self.player_a != self.player_b


@dataclass(frozen=True, slots=True)
class Fairness:
    """How fair a final ranking looks (issue 13 item 1).

    ``tau``: Kendall's tau-b between the ranking and the players' performance ratings
    (:func:`performance`; 1: the same order, -1: reversed); ``absence_share``: the part of
    all points not earned at the board (:func:`absence_share`); ``spread``: the standard
    deviation of the final Keizer values (None in a points system)."""

    tau: float | None
    absence_share: Fraction | None
    spread: float | None


@dataclass(frozen=True, slots=True)
class Comparison:
    """A season scored under ruleset A and ruleset B, after the same round."""

    after_round: int
    ruleset_a: str
    ruleset_b: str
    placings: tuple[Placing, ...]
    winners: tuple[Winner, ...]
    fairness_a: Fairness
    fairness_b: Fairness
    #: every player's name (winners may have left the ranking)
    names: Mapping[str, str]
    #: the played rounds both standings count (issue 22 item 7: A and B over one span)
    rounds: tuple[int, ...] = ()

    @property
    def identical(self) -> bool:
        """Every place the same under A and B."""
        return all(p.rank_a == p.rank_b for p in self.placings)


# --------------------------------------------------------------------------- measures


def performance(hist: History, season: Season) -> dict[str, Fraction]:
    """Each player's performance rating (TPR) from the games played over the board: the
    average rating of his rated opponents plus 400 x (wins - losses) / games (the linear
    "rule of 400"). Players without a game against a rated opponent have none."""
    found: dict[str, Fraction] = {}
    for player, entries in hist.by_player.items():
        total, balance, games = 0, 0, 0
        for e in entries:
            rating = None if e.opponent is None else season.rating_at(e.opponent, e.round)
            if not e.played or rating is None:
                continue
            total, games = total + rating, games + 1
            balance += {"win": 1, "loss": -1}.get(e.kind.value, 0)
        if games:
            found[player] = Fraction(total + TPR_STEP * balance, games)
    return found


def kendall_tau_b(xs: Sequence[Fraction | int], ys: Sequence[Fraction | int]) -> float | None:
    """Kendall's tau-b of two paired sequences: (concordant - discordant) pairs over
    sqrt((pairs - pairs tied in x) x (pairs - pairs tied in y)); None when either side is
    all ties (or fewer than two pairs)."""
    n = len(xs)
    concordant = discordant = tied_x = tied_y = 0
    for i in range(n):
        for j in range(i + 1, n):
            dx, dy = xs[i] - xs[j], ys[i] - ys[j]
            if dx == 0:
                tied_x += 1
            if dy == 0:
                tied_y += 1
            if dx * dy > 0:
                concordant += 1
            elif dx * dy < 0:
                discordant += 1
    pairs = n * (n - 1) // 2
    denominator = (pairs - tied_x) * (pairs - tied_y)
    return None if denominator == 0 else (concordant - discordant) / math.sqrt(denominator)


def ranking_tau(order: Sequence[str], tpr: Mapping[str, Fraction]) -> float | None:
    """Kendall's tau-b between the places in ``order`` and the performance ratings of the
    players who have one (a higher place and a higher TPR agree)."""
    rated = [p for p in order if p in tpr]
    return kendall_tau_b([-order.index(p) for p in rated], [tpr[p] for p in rated])


def absence_share(breakdown: Breakdown) -> Fraction | None:
    """The part of all ranked players' points earned by rounds that were not games
    (absences, byes, external games, club duty, cup evenings, jokers: every entry kind
    but a game's result, forfeits included as games); None when nobody has points."""
    total = away = Fraction(0)
    for entries in breakdown.entries.values():
        for c in entries:
            total += c.points
            if not c.entry.kind.is_game_outcome:
                away += c.points
    return None if total == 0 else away / total


def spread(breakdown: Breakdown) -> float | None:
    """The (population) standard deviation of the final Keizer values of the ranked
    players; None in a points system (no values)."""
    values = [row.value for row in breakdown.standings.rows if row.value is not None]
    if not values:
        return None
    mean = sum(values, Fraction(0)) / len(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))


def fairness(breakdown: Breakdown, tpr: Mapping[str, Fraction]) -> Fairness:
    """The three fairness measures of one scored season."""
    return Fairness(
        tau=ranking_tau(breakdown.standings.order, tpr),
        absence_share=absence_share(breakdown),
        spread=spread(breakdown),
    )


# --------------------------------------------------------------------------- comparing


def winners(
    season: Season, a: Ruleset, b: Ruleset, order_a: Sequence[str], order_b: Sequence[str]
) -> tuple[Winner, ...]:
    """Each cycle's category winners and each champion under A and B (``compcore.awards.winners``),
    and the leader of the final ranking."""
    won_a, won_b = awards(season, a), awards(season, b)
    cycles_a = {(w.cycle, w.category): w.player for w in won_a.cycle_winners}
    cycles_b = {(w.cycle, w.category): w.player for w in won_b.cycle_winners}
    champs_a = {c.category: c.champion for c in won_a.championships}
    champs_b = {c.category: c.champion for c in won_b.championships}
    found = [
        Winner(
            "cycle",
            a.cycle_label(cycle),
            cat,
            cycles_a.get((cycle, cat)),
            cycles_b.get((cycle, cat)),
        )
        for cycle, cat in sorted({*cycles_a, *cycles_b}, key=lambda k: (k[0], k[1] or ""))
    ]
    found += [
        Winner("champion", None, cat, champs_a.get(cat), champs_b.get(cat))
        for cat in sorted({*champs_a, *champs_b}, key=lambda c: c or "")
    ]
    leader = Winner("leader", None, None, next(iter(order_a), None), next(iter(order_b), None))
    return (*found, leader)


def shared_span(season: Season, a: Ruleset, b: Ruleset, after: int) -> tuple[int, ...]:
    """The played rounds the comparison's standings count, the same for A and B (issue 22
    item 7): each ruleset's own scope after round ``after`` (a ladder that restarts per
    cycle counts the current cycle's rounds, another the whole season); where they differ,
    the shorter, so that neither counts rounds the other leaves out."""
    scope_a = tuple(resolve_scope(season, a, after, None)[2])
    scope_b = tuple(resolve_scope(season, b, after, None)[2])
    return min(scope_a, scope_b, key=len)


def _within(season: Season, ruleset: Ruleset, after: int, span: tuple[int, ...]) -> Season:
    """The season as ``ruleset`` scores it over ``span``: as is when its own scope is that
    span, else only the span's rounds (and the rounds not played yet)."""
    if tuple(resolve_scope(season, ruleset, after, None)[2]) == span:
        return season
    kept = tuple(r for r in season.rounds if r.number in span or r.number > after)
    return replace(season, rounds=kept)


def compare(season: Season, a: Ruleset, b: Ruleset) -> Comparison:
    """``season`` scored under ``a`` and under ``b`` after its last complete round, the
    games as played (issue 13 item 1), both over the same rounds (:func:`shared_span`); a
    CompcoreError before any complete round."""
    after = last_complete_round(season)
    if after == 0:
        raise CompcoreError(Phrase("rulelab.no_rounds"))
    span = shared_span(season, a, b, after)
    scored_a = contributions(_within(season, a, after, span), a, after_round=after)
    scored_b = contributions(_within(season, b, after, span), b, after_round=after)
    tpr = performance(history(season, a, upto=after), season)
    rows_a = {row.player: row for row in scored_a.standings.rows}
    placings = tuple(
        Placing(
            row.player,
            row.name,
            rows_a[row.player].rank,
            row.rank,
            rows_a[row.player].score,
            row.score,
        )
        for row in scored_b.standings.rows
        if row.player in rows_a
    )
    return Comparison(
        after_round=after,
        ruleset_a=a.name,
        ruleset_b=b.name,
        placings=placings,
        winners=winners(season, a, b, scored_a.standings.order, scored_b.standings.order),
        fairness_a=fairness(scored_a, tpr),
        fairness_b=fairness(scored_b, tpr),
        names=MappingProxyType(season.names()),
        rounds=span,
    )
