"""Pairing when the hard rules leave no legal pairing: as few rule-breaking boards as possible.

Spec, "What every ruleset shares": pairing never dead-ends. Whenever the present players
can be seated at all (only the never-relaxable rules, ``engine-opt-in`` and ``engine-pair``,
constrain), a round comes out, with as few boards that break a rule as possible, relaxing
in the ruleset's order; PP-5's reading adds: the longest-ago meetings first.

One maximum-weight perfect matching (``rustworkx.max_weight_matching`` with
``max_cardinality=True``) finds the best round. Its integer weights rank the rounds
lexicographically, most important first:

1. fewest rule-breaking boards (a legal board weighs more than every lower layer together);
2. an odd pool: the sitter earliest in the bye order (KC-8, PP-4, LA-8) among those that
   allow (1) (a dummy player takes the sitter; its edge weighs more the earlier the sitter
   is in the bye order);
3. rules broken as early in the relax sequence as possible (:func:`relax_sequence`: the
   ruleset's ``relax_order``, then every other relaxable rule);
4. the longest-ago meetings: a board's weight grows with the rounds since the pair's last
   meeting in the rules' scope (a pair that never met, e.g. a colour-critical break, counts
   as longest ago).

The ladder's character stays: the highest unpaired player takes the first partner in the
preference order (legal partners first) for which the rest can still be completed as well
as the best round (:class:`CostMatcher`, the walk's oracle, which keeps one best matching
and re-solves only when exchanging partners within it cannot confirm a board).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import get_args

import rustworkx as rx

from compcore.domain.boards import Reason
from compcore.pairing.blossom import NONE, Matcher
from compcore.pairing.ladder import Infeasible, Sitter, Solver
from compcore.pairing.rules import NEVER_RELAXABLE, Rules, rule_id
from compcore.rules.rulesets import Ruleset
from compcore.rules.rulesets.schema import RelaxableRule

#: an edge of the cost graph: (vertex, vertex, weight)
Edge = tuple[int, int, int]


def relax_sequence(ruleset: Ruleset) -> tuple[str, ...]:
    """The rules that may break, cheapest first: the ruleset's ``relax_order`` ("relaxing in
    the ruleset's order"), then every other relaxable rule (a last resort: pairing never
    dead-ends); never ``engine-opt-in`` or ``engine-pair``."""
    listed = [r for r in ruleset.pairing.relax_order if r not in NEVER_RELAXABLE]
    return (*listed, *(r for r in get_args(RelaxableRule) if r not in listed))


@dataclass(frozen=True, slots=True)
class Layers:
    """The weight layers for ``n`` players and ``m`` bye candidates (see the module doc).

    Every layer is larger than the largest sum the layers below can differ by over the
    at most ``n // 2`` boards of a round, so the comparison is lexicographic."""

    n: int
    m: int
    rules: int  # number of relaxable rules
    oldest: int  # the age of a pair that never met (the round number)

    @property
    def severity(self) -> int:
        """One step in the relax sequence outweighs any ages: (boards + 1) * (ages + 1)."""
        return (self.n // 2 + 1) * (self.oldest + 1)

    @property
    def worst_break(self) -> int:
        return self.rules * self.severity

    @property
    def bye(self) -> int:
        return (self.n // 2 + 1) * self.worst_break + 1

    @property
    def legal(self) -> int:
        return (self.m + 1) * self.bye

    def breaking(self, severity: int, age: int) -> int:
        """A rule-breaking board: ``severity`` is the position of the latest rule it breaks
        in the relax sequence (0 = cheapest), ``age`` the rounds since the last meeting."""
        return (self.rules - 1 - severity) * self.severity + min(age, self.oldest) + 1

    def sitter(self, position: int) -> int:
        """The dummy's edge to the bye candidate at ``position`` (0 = first choice)."""
        return self.legal + (self.m - position) * self.bye


@dataclass(frozen=True, slots=True)
class Optimum:
    """A maximum-weight matching of some players: partners and its total weight."""

    mate: dict[int, int]
    total: int


def optimum(vertices: int, edges: Sequence[Edge]) -> Optimum:
    """The maximum-weight maximum-cardinality matching of ``edges`` (rustworkx)."""
    graph = rx.PyGraph()
    graph.add_nodes_from(range(vertices))
    graph.add_edges_from(edges)
    matched = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
    mate: dict[int, int] = {}
    total = 0
    for a, b in matched:
        mate[a], mate[b] = b, a
        total += int(graph.get_edge_data(a, b))
    return Optimum(mate, total)


class CostMatcher(Matcher):
    """The walk's oracle when rules must break: accept a board when some best round of the
    alive players contains it. Keeps one best matching of the alive players in ``mate``.

    ``weight(a, b)`` is a pair's weight (``None``: they may never meet). A board ``(u, v)``
    is in a best round when it is in the kept one; or when exchanging partners keeps the
    total (``(u, v)`` and ``(M(u), M(v))`` weigh what ``(u, M(u))`` and ``(v, M(v))`` did;
    the usual case among legal boards); else a new best matching of the others decides."""

    __slots__ = ("_breaks", "_total", "_weight")

    def __init__(
        self,
        n: int,
        weight: Callable[[int, int], int | None],
        breaks: Callable[[int, int], bool],
    ) -> None:
        super().__init__(n, lambda a, b: weight(a, b) is not None)
        self._weight = weight
        self._breaks = breaks
        self._total = 0

    def start(self, mate: dict[int, int]) -> None:
        """Take a best matching of the alive players (the sitter's matching without it)."""
        self._adopt(mate)
        self._total = sum(self._edge(v, w) for v, w in mate.items() if v < w)

    def _adopt(self, mate: dict[int, int]) -> None:
        for v in range(self.n):
            self.mate[v] = mate.get(v, NONE) if self.alive[v] else NONE

    def _edge(self, a: int, b: int) -> int:
        weight = self._weight(a, b)
        assert weight is not None
        return weight

    def try_pair(self, u: int, v: int) -> tuple[bool, tuple[int, ...] | None]:
        """Accept ``(u, v)`` if the rest can still be completed as well as the best round;
        on failure nothing changes and the players on the rule-breaking boards of the best
        completion (or those it cannot seat) are returned."""
        own = self._edge(u, v)
        mate = self.mate
        u2, v2 = mate[u], mate[v]
        if u2 == v:
            self._take(u, v, own)
            return True, None
        swap = self._weight(u2, v2)
        if swap is not None and own + swap == self._edge(u, u2) + self._edge(v, v2):
            self.match(u2, v2)
            self._take(u, v, own)
            return True, None
        rest = [w for w in range(self.n) if self.alive[w] and w not in (u, v)]
        best = optimum(self.n, self.edges_among(rest))
        unseated = tuple(w for w in rest if w not in best.mate)
        if not unseated and best.total + own == self._total:
            self.alive[u] = self.alive[v] = False
            self._adopt(best.mate)
            self._total -= own
            return True, None
        return False, unseated or tuple(w for w in rest if self._breaks(w, best.mate[w]))

    def _take(self, u: int, v: int, own: int) -> None:
        self.mate[u] = self.mate[v] = NONE
        self.alive[u] = self.alive[v] = False
        self._total -= own

    def edges_among(self, players: Sequence[int]) -> list[Edge]:
        """Every allowed pair of ``players`` with its weight."""
        edges = []
        for k, a in enumerate(players):
            for b in players[k + 1 :]:
                weight = self._weight(a, b)
                if weight is not None:
                    edges.append((a, b, weight))
        return edges


class RelaxedSolver(Solver):
    """A :class:`Solver` for a pool with no legal pairing: every relaxable rule may break,
    and the walk's oracle is the best round (:class:`CostMatcher`) instead of a perfect
    matching of the legality graph."""

    def __init__(
        self,
        rules: Rules,
        players: Sequence[str],
        sequence: Sequence[str],
        *,
        prefer_unmet: bool = False,
    ) -> None:
        super().__init__(rules, players, frozenset(sequence), prefer_unmet=prefer_unmet)
        self.sequence = tuple(sequence)
        #: weights of the pairs that are not plainly legal (``None``: never allowed)
        self._special: dict[tuple[int, int], int | None] = {}
        self._legal = 0

    # ------------------------------------------------------------------ the weights

    def _age(self, i: int, j: int) -> int:
        """Rounds since the pair's last meeting in scope (the round number if never met)."""
        meeting = self.rules.meeting(self.ids[i], self.ids[j])
        if meeting is None:
            return self.rules.round_no
        return self.rules.round_no - meeting.last_round

    def _weigh(self, layers: Layers) -> None:
        """The weight of every pair that may break a rule (the rules' suspects); all other
        pairs are legal and weigh ``layers.legal``."""
        self._legal = layers.legal
        index = self.index
        for i, pid in enumerate(self.ids):
            for other in self.rules.suspects(pid):
                j = index.get(other, -1)
                if j <= i:
                    continue
                broken = self.violations(i, j)
                if not broken:
                    continue
                if any(rule not in self.relaxed for rule in broken):
                    self._special[(i, j)] = None
                    continue
                severity = max(self.sequence.index(rule) for rule in broken)
                self._special[(i, j)] = layers.breaking(severity, self._age(i, j))

    def weight(self, a: int, b: int) -> int | None:
        """The weight of the board ``(a, b)`` (``None``: never allowed)."""
        return self._special.get((a, b) if a < b else (b, a), self._legal)

    # ------------------------------------------------------------------ the round

    def prepare(self, sitters: Sequence[str] | None = None) -> Sitter | None:
        """Find the best round (and, with ``sitters`` in bye order, the sitter: the first
        who allows the fewest rule-breaking boards). Raises :class:`Infeasible` naming who
        cannot be seated even with every relaxable rule broken."""
        layers = Layers(
            n=self.n + (1 if sitters is not None else 0),
            m=len(sitters or ()),
            rules=len(self.sequence),
            oldest=max(self.rules.round_no, 1),
        )
        self._weigh(layers)
        matcher = CostMatcher(self.n, self.weight, self._breaks)
        edges = matcher.edges_among(range(self.n))
        dummy = self.n
        for position, pid in enumerate(sitters or ()):
            edges.append((self.index[pid], dummy, layers.sitter(position)))
        best = optimum(self.n + 1, edges)
        unseated = [v for v in range(self.n) if v not in best.mate]
        if unseated or (sitters is not None and dummy not in best.mate):
            raise Infeasible([self.ids[v] for v in unseated])
        sitter = None
        if sitters is not None:
            chosen = best.mate[dummy]
            matcher.alive[chosen] = False
            pid = self.ids[chosen]
            skipped = tuple(sitters[: list(sitters).index(pid)])
            sitter = Sitter(pid, skipped, relaxed=True)
        matcher.start({v: w for v, w in best.mate.items() if dummy not in (v, w)})
        self.matcher = matcher
        return sitter

    def _breaks(self, i: int, j: int) -> bool:
        return bool(self.violations(i, j))

    def explain_ladder(
        self, u: int, v: int, infeasible: list[tuple[int, tuple[int, ...]]]
    ) -> Reason:
        """As the ladder's, but a partner passed over because the rest would then need more
        or worse rule breaks says so."""
        if infeasible and not self.violations(u, v):
            w, group = infeasible[0]
            return Reason(
                "pair.lookahead-relaxed",
                rule_id(self.rules.ruleset, "ladder"),
                {"a": self.ids[u], "b": self.ids[w], "stuck": self.names_of(group)},
            )
        return super().explain_ladder(u, v, infeasible)
