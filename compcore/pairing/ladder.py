"""Ladder pairing with look-ahead: greedy top-down, but never into a dead end.

Normative semantics (``docs/pairing.md``): in ranking order, the highest-placed unpaired
player gets the first partner in their preference order (nearest below first; with
``prefer_unmet`` those not yet met in the meetings scope first) **for which all remaining
players can still be paired legally**. Feasibility is decided with a perfect matching of
the legality graph (:mod:`compcore.pairing.blossom`), not by backtracking. When plain
greedy succeeds this gives exactly greedy's pairing.

The same walk pairs the first-round schemes: the block scheme (KC-5, DS-12) walks the
scheme's first-named players, each preferring its scheme partner and then the next players
below it; the random draw (PP-5) walks the drawn order.

A :class:`Solver` works on one set of players and one set of relaxed rules; the round-level
logic (byes, the engine, relaxation) is in :mod:`compcore.pairing.ladder_round`, forced
boards in :mod:`compcore.pairing.engine`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from compcore.domain.boards import Reason
from compcore.pairing.blossom import NONE, Matcher
from compcore.pairing.rules import Rules, rule_id

#: a pass over the candidates: (allow relaxed violations, met before) - met None: either
Pass = tuple[bool, bool | None]


@dataclass(frozen=True, slots=True)
class Placed:
    """A board found by the walk: ``first`` chose ``second``; ``white`` is set when the
    scheme fixes the colours (else the colour rules decide)."""

    first: str
    second: str
    reason: Reason
    white: str | None = None
    colour: Reason | None = None


@dataclass(frozen=True, slots=True)
class Sitter:
    """The player who sits out (bye), and the candidates skipped because the rest would
    have been unpairable without them (``relaxed``: when no legal pairing exists, because
    the rest would have needed more rule-breaking boards)."""

    player: str
    skipped: tuple[str, ...]
    relaxed: bool = False


class Infeasible(Exception):
    """No perfect matching: ``unpaired`` are left over by a maximum matching."""

    def __init__(self, unpaired: Sequence[str]) -> None:
        super().__init__(", ".join(unpaired))
        self.unpaired = tuple(unpaired)


class Solver:
    """Pairs ``players`` (in ranking order) under ``rules`` with ``relaxed`` rules allowed."""

    def __init__(
        self,
        rules: Rules,
        players: Sequence[str],
        relaxed: frozenset[str] = frozenset(),
        *,
        prefer_unmet: bool = False,
    ) -> None:
        self.rules = rules
        self.ids = list(players)
        self.n = len(self.ids)
        self.index = {pid: i for i, pid in enumerate(self.ids)}
        self.relaxed = relaxed
        self.prefer_unmet = prefer_unmet
        self._viol: dict[tuple[int, int], tuple[str, ...]] = {}
        self._suspects: list[list[int] | None] = [None] * self.n
        self.matcher = Matcher(self.n, self.adjacent, self.row)
        if relaxed:
            self.passes: list[Pass] = [(False, False), (False, True), (True, False), (True, True)]
        else:
            self.passes = [(False, False), (False, True)]
        if not prefer_unmet:
            self.passes = [(ok, None) for ok, met in self.passes if met is not True]

    # ------------------------------------------------------------------ the graph

    def violations(self, i: int, j: int) -> tuple[str, ...]:
        key = (i, j) if i < j else (j, i)
        found = self._viol.get(key)
        if found is None:
            found = self.rules.violations(self.ids[i], self.ids[j])
            self._viol[key] = found
        return found

    def adjacent(self, i: int, j: int) -> bool:
        relaxed = self.relaxed
        return all(rule in relaxed for rule in self.violations(i, j))

    def row(self, v: int) -> list[int]:
        """All legal partners of ``v``: everyone but the few the rules may forbid
        (:meth:`Rules.suspects`), which are checked one by one."""
        suspects = self._suspects[v]
        if suspects is None:
            index = self.index
            suspects = [index[x] for x in self.rules.suspects(self.ids[v]) if x in index]
            self._suspects[v] = suspects
        banned = {w for w in suspects if not self.adjacent(v, w)}
        banned.add(v)
        # nearest first: augmenting paths then stay close to where they are needed and
        # leave the (greedy) matching of far-away players alone
        below = [w for w in range(v + 1, self.n) if w not in banned]
        above = [w for w in range(v - 1, -1, -1) if w not in banned]
        row = [w for pair in zip(below, above, strict=False) for w in pair]
        k = min(len(below), len(above))
        row += below[k:] or above[k:]
        return row

    def met(self, i: int, j: int) -> bool:
        return self.rules.met(self.ids[i], self.ids[j])

    def _category(self, i: int, j: int) -> Pass | None:
        """Which pass ``j`` belongs to as ``i``'s partner (``None``: not allowed)."""
        v = self.violations(i, j)
        if v and not all(rule in self.relaxed for rule in v):
            return None
        met = self.met(i, j) if self.prefer_unmet else None
        return (bool(v), met)

    def candidates(self, u: int, base: Callable[[int], Iterator[int]]) -> Iterator[int]:
        """``u``'s alive partners in preference order: pass by pass over ``base(u)``."""
        alive = self.matcher.alive
        for wanted in self.passes:
            for w in base(u):
                if alive[w] and w != u and self._category(u, w) == wanted:
                    yield w

    def below(self, u: int) -> Iterator[int]:
        """Nearest below first, then (if any are left) nearest above."""
        yield from range(u + 1, self.n)
        yield from range(u - 1, -1, -1)

    # ------------------------------------------------------------------ feasibility

    def _greedy(self) -> list[int]:
        """Greedy top-down start (usually the final answer already), then augment to a
        maximum matching; returns the vertices left unmatched."""
        m = self.matcher
        alive = m.alive
        mate = m.mate
        for u in range(self.n):
            if not alive[u] or mate[u] != NONE:
                continue
            for w in self.candidates(u, self.below):
                if mate[w] == NONE:
                    m.match(u, w)
                    break
        return m.maximise()

    def prepare(self, sitters: Sequence[str] | None = None) -> Sitter | None:
        """Find a perfect matching (or, with ``sitters``, choose the first sitter whose
        absence leaves one). Raises :class:`Infeasible` naming who cannot be paired."""
        m = self.matcher
        unmatched = self._greedy()
        if sitters is None:
            if unmatched:
                raise Infeasible([self.ids[v] for v in unmatched])
            return None
        if len(unmatched) != 1:
            raise Infeasible([self.ids[v] for v in unmatched])
        root = unmatched[0]
        skipped: list[str] = []
        for pid in sitters:
            c = self.index[pid]
            if m.try_exclude(c, root):
                # start the walk from greedy's own matching of the others, so that the
                # walk needs no search wherever greedy succeeds
                for v in range(self.n):
                    m.mate[v] = NONE
                left = self._greedy()
                assert not left, "a sitter that leaves a perfect matching"
                return Sitter(pid, tuple(skipped))
            skipped.append(pid)
        raise Infeasible([self.ids[root]])

    # ------------------------------------------------------------------ the walk

    def walk(
        self,
        choosers: Sequence[int] | None = None,
        base: Callable[[int], Iterator[int]] | None = None,
        explain: Callable[[int, int, list[tuple[int, tuple[int, ...]]]], Reason] | None = None,
    ) -> list[Placed]:
        """Pair every alive player: each chooser (default: ranking order) takes its first
        feasible candidate. Requires :meth:`prepare` first."""
        m = self.matcher
        base = base or self.below
        explain = explain or self.explain_ladder
        order = list(choosers) if choosers is not None else list(range(self.n))
        listed = set(order)
        order += [v for v in range(self.n) if v not in listed]
        out: list[Placed] = []
        for u in order:
            if not m.alive[u]:
                continue
            infeasible: list[tuple[int, tuple[int, ...]]] = []
            chosen = NONE
            for w in self.candidates(u, base):
                ok, stuck = m.try_pair(u, w)
                if ok:
                    chosen = w
                    break
                assert stuck is not None
                infeasible.append((w, stuck))
            if chosen == NONE:  # pragma: no cover - a perfect matching always has M(u)
                raise Infeasible([self.ids[u]])
            out.append(Placed(self.ids[u], self.ids[chosen], explain(u, chosen, infeasible)))
        return out

    # ------------------------------------------------------------------ explanations

    def explain_ladder(
        self, u: int, v: int, infeasible: list[tuple[int, tuple[int, ...]]]
    ) -> Reason:
        rules = self.rules
        ruleset = rules.ruleset
        a, b = self.ids[u], self.ids[v]
        own = self.violations(u, v)
        if own:
            details = tuple(rules.detail(a, b, rule) for rule in own)
            return Reason("pair.relaxed", None, {"a": a, "b": b, "detail": details})
        if rules.is_engine(a) or rules.is_engine(b):
            human, engine = (b, a) if rules.is_engine(a) else (a, b)
            return Reason(
                "pair.engine", rule_id(ruleset, "engine"), {"human": human, "engine": engine}
            )
        if infeasible:
            w, group = infeasible[0]
            return Reason(
                "pair.lookahead",
                rule_id(ruleset, "ladder"),
                {"a": a, "b": self.ids[w], "stuck": self.names_of(group)},
            )
        nearer = [w for w in range(u + 1, v) if self._was_alive(w)]
        for w in nearer:
            viol = self.violations(u, w)
            if viol:
                return Reason(
                    "pair.skip",
                    None,
                    {"a": a, "b": b, "detail": rules.detail(a, self.ids[w], viol[0])},
                )
        prefer = rule_id(ruleset, "prefer-unmet")
        if self.prefer_unmet and self.met(u, v):
            return Reason("pair.met", prefer, {"a": a, "b": b, "scope": rules.scope})
        skipped = tuple(self.ids[w] for w in nearer if self.prefer_unmet and self.met(u, w))
        if skipped:
            return Reason(
                "pair.unmet", prefer, {"a": a, "b": b, "scope": rules.scope, "skipped": skipped}
            )
        return Reason("pair.nearest", rule_id(ruleset, "ladder"), {"a": a, "b": b})

    def names_of(self, group: Sequence[int], limit: int = 4) -> tuple[str, ...]:
        """Player ids of a group in ranking order, at most ``limit`` (then "+N")."""
        ids = [self.ids[i] for i in sorted(group)]
        return tuple(ids) if len(ids) <= limit else (*ids[:limit], f"+{len(ids) - limit}")

    def _was_alive(self, w: int) -> bool:
        """Alive before the current board was accepted: accepting a board removes only
        its two players, so for anyone else the present state is that state."""
        return self.matcher.alive[w]
