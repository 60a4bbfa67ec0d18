"""The ladder method for one round: the pool paired top-down with look-ahead
(:mod:`compcore.pairing.ladder`), byes, the engine entrant, the first-round schemes
(KC-5, DS-12, PP-5) and, when no legal pairing exists, the fewest rule-breaking boards
(:mod:`compcore.pairing.relaxed`). The Swiss method falls back on it too.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from compcore.domain.boards import Board, Reason, Relaxation
from compcore.domain.errors import PairingError, Phrase
from compcore.domain.model import Kind
from compcore.pairing.byes import (
    away_bye_reason,
    bye_reason,
    engine_away_reason,
    sit_out_kind,
    sitter_order,
)
from compcore.pairing.colours import allocate
from compcore.pairing.context import Context, Outcome, derive_seed, scheme_of
from compcore.pairing.ladder import Infeasible, Placed, Sitter, Solver
from compcore.pairing.relaxed import RelaxedSolver, relax_sequence


def blocks(players: Sequence[str], size: int) -> list[tuple[str, str, bool, int, int]]:
    """KC-5's block scheme over ``players`` (ranking order, even count): per block of
    ``size``, #1-#11, #12-#2, #3-#13, ... A last smaller block is split into its own top
    and bottom half the same way. Returns ``(top, bottom, top_has_white, #top, #bottom)``
    with 1-based positions in ``players``."""
    size = max(2, size - size % 2)
    out = []
    for start in range(0, len(players), size):
        block = players[start : start + size]
        half = len(block) // 2
        for k in range(half):
            out.append((block[k], block[half + k], k % 2 == 0, start + k + 1, start + half + k + 1))
    return out


# --------------------------------------------------------------------------- the ladder


@dataclass
class Solved:
    """The pool paired: boards (colours not yet given), who sits out, what was relaxed."""

    placed: list[Placed]
    sitter: Sitter | None
    #: the rules the boards break (empty: a legal pairing)
    relaxed: frozenset[str]
    #: who could not be paired before relaxing (the strict level's witness)
    strict_failure: Infeasible | None
    #: why the engine could not be paired (when it was tried and failed)
    engine_failure: Infeasible | None
    with_engine: bool


def solve_pool(
    ctx: Context,
    pool: Sequence[str],
    *,
    scheme: str | None = None,
    seed: int | None = None,
    engine: str | None = None,
) -> Solved:
    """Pair ``pool`` (humans, any order) by the ladder procedure.

    Odd pool: with ``engine``, first try the engine as an extra player at its ranking
    place (legal pairing only, DS-9); otherwise, and if that fails, one player sits out:
    the first in the bye order whose absence leaves a legal pairing (KC-8, PP-4, LA-8).
    No legal pairing at all: :func:`solve_relaxed`. :class:`PairingError` if the players
    cannot be seated even then.
    """
    p = ctx.ruleset.pairing
    pool = sorted(pool, key=ctx.rank)
    odd = len(pool) % 2 == 1
    prefer_unmet = p.prefer_unmet and scheme is None

    def attempt(with_engine: bool) -> tuple[Solver, Sitter | None]:
        players = list(pool)
        if with_engine:
            assert engine is not None
            players.append(engine)
            players.sort(key=ctx.rank)
        solver = Solver(ctx.rules, players, frozenset(), prefer_unmet=prefer_unmet)
        sitters = sitter_order(ctx, pool, seed=seed) if odd and not with_engine else None
        return solver, solver.prepare(sitters)

    strict_failure: Infeasible | None = None
    engine_failure: Infeasible | None = None
    for with_engine in [True, False] if odd and engine is not None else [False]:
        try:
            solver, sitter = attempt(with_engine)
        except Infeasible as exc:
            if with_engine:
                engine_failure = exc
            else:
                strict_failure = exc
            continue
        placed = _walk(ctx, solver, scheme, seed)
        return Solved(placed, sitter, frozenset(), None, engine_failure, with_engine)
    assert strict_failure is not None
    return solve_relaxed(ctx, pool, scheme, seed, strict_failure, engine_failure)


def solve_relaxed(
    ctx: Context,
    pool: Sequence[str],
    scheme: str | None,
    seed: int | None,
    strict_failure: Infeasible,
    engine_failure: Infeasible | None,
) -> Solved:
    """No legal pairing of ``pool`` (ranking order) exists ("pairing never dead-ends"): the
    round with the fewest rule-breaking boards, the sitter (odd pool) first in the bye order
    among those allowing that, rules broken in the relax sequence's order, the longest-ago
    meetings first (PP-5's reading), walked top-down as the ladder does
    (:mod:`compcore.pairing.relaxed`). The engine is not paired (DS-9: only legally)."""
    prefer_unmet = ctx.ruleset.pairing.prefer_unmet and scheme is None
    solver = RelaxedSolver(ctx.rules, pool, relax_sequence(ctx.ruleset), prefer_unmet=prefer_unmet)
    sitters = sitter_order(ctx, pool, seed=seed) if len(pool) % 2 == 1 else None
    try:
        sitter = solver.prepare(sitters)
    except Infeasible as exc:
        raise PairingError.at(
            Phrase("at.round", number=ctx.number), "pairing.none", players=", ".join(exc.unpaired)
        ) from None
    placed = _walk(ctx, solver, scheme, seed)
    broken = frozenset(
        rule for item in placed for rule in ctx.rules.violations(item.first, item.second)
    )
    return Solved(placed, sitter, broken, strict_failure, engine_failure, False)


def pair_ladder(ctx: Context, pool: list[str]) -> Outcome:
    """Ladder pairing (and the first-round schemes) of ``pool`` (present, not forced): top
    down, each player the nearest legal partner (DS-11, KC-6, LA-2, MG-3)."""
    p = ctx.ruleset.pairing
    scheme = scheme_of(ctx)
    outcome = Outcome()
    seed = derive_seed(ctx) if scheme == "random" or p.bye.method == "random" else None
    outcome.seed = seed
    solved = solve_pool(ctx, pool, scheme=scheme, seed=seed, engine=ctx.engine)
    outcome.boards.extend(board_of(ctx, item) for item in solved.placed)
    if ctx.engine_away is not None:
        outcome.sitting_out[ctx.engine_away] = (Kind.NOT_PARTICIPATING, engine_away_reason(ctx))
    if solved.sitter is not None:
        pid = solved.sitter.player
        outcome.sitting_out[pid] = sitting_out(ctx, pool, solved)
    outcome.relaxed.extend(relaxations(ctx, solved, outcome.boards))
    return outcome


def sitting_out(ctx: Context, pool: Sequence[str], solved: Solved) -> tuple[Kind, Reason]:
    """The entry and the reason of the player who sits out."""
    assert solved.sitter is not None
    pid = solved.sitter.player
    reason = bye_reason(ctx, pool, solved.sitter)
    if ctx.engine_away is not None:
        return Kind.BYE, away_bye_reason(ctx, solved.sitter, reason)
    if solved.engine_failure is not None:
        stuck = solved.engine_failure.unpaired
        outer = ctx.rid("engine")
        inner = replace(reason, rule=None) if outer == reason.rule else reason
        reason = Reason("bye.engine-fallback", outer, {"detail": inner, "stuck": stuck})
    kind = sit_out_kind(ctx, pid)
    if kind is Kind.DECLINED_ENGINE:
        reason = Reason("bye.declined-engine", ctx.rid("declined-engine"), {"detail": reason})
    return kind, reason


def relaxations(ctx: Context, solved: Solved, boards: Sequence[Board]) -> list[Relaxation]:
    """One :class:`Relaxation` per rule the boards break, in the relax sequence's order."""
    out = []
    witness = solved.strict_failure.unpaired if solved.strict_failure else ()
    for rule in [r for r in relax_sequence(ctx.ruleset) if r in solved.relaxed]:
        needed = tuple(
            Reason("board", None, {"white": b.white, "black": b.black})
            for b in boards
            if rule in ctx.rules.violations(b.white, b.black)
        )
        # one meeting at most (PP-5, MG-6): the rule is "no rematch", not a limit
        name = "rematch" if rule == "max-meetings" and ctx.rules.max_meetings == 1 else rule
        out.append(
            Relaxation(
                rule,
                Reason(
                    "relax",
                    ctx.rid(rule),
                    {"rule_name": name, "players": witness, "boards": needed},
                ),
            )
        )
    return out


def _walk(ctx: Context, solver: Solver, scheme: str | None, seed: int | None) -> list[Placed]:
    """The boards of a prepared solver: by ``scheme`` (KC-5, DS-12, PP-5) or the ladder.
    A scheme fixes the colours only with ``first_rounds.scheme_colours`` (KC-5: first named
    white; PP-5: first drawn white); otherwise the colour rules decide, as in every round
    (DS-12: only the pairs come from the scheme)."""
    alive = [i for i in range(solver.n) if solver.matcher.alive[i]]
    first = ctx.ruleset.pairing.first_rounds
    if scheme == "blocks":
        assert first is not None
        names = [solver.ids[i] for i in alive]
        plan = blocks(names, first.block_size)
        partner: dict[int, tuple[int, bool, int, int]] = {}
        choosers = []
        for top, bottom, top_white, ptop, pbottom in plan:
            t, b = solver.index[top], solver.index[bottom]
            partner[t] = (b, top_white, ptop, pbottom)
            choosers.append(t)
        position = {i: k + 1 for k, i in enumerate(alive)}

        def base(u: int) -> Iterator[int]:
            if u not in partner:
                yield from solver.below(u)
                return
            b = partner[u][0]
            yield b
            yield from range(b + 1, solver.n)
            yield from range(b - 1, -1, -1)

        def explain(u: int, v: int, infeasible: list[tuple[int, tuple[int, ...]]]) -> Reason:
            if u not in partner:
                return solver.explain_ladder(u, v, infeasible)
            b, _, pu, pb = partner[u]
            rid = ctx.rid("first-rounds")
            if v == b:
                return Reason("pair.block", rid, {"x": pu, "y": pb})
            why = _why_not(ctx, solver, u, b, infeasible)
            return Reason(
                "pair.block-next",
                rid,
                {"x": pu, "y": pb, "b": solver.ids[b], "z": position[v], "detail": why},
            )

        placed = solver.walk(choosers, base, explain)
        if not first.scheme_colours:
            return placed
        out = []
        for item in placed:
            u = solver.index[item.first]
            if u in partner:
                top_white = partner[u][1]
                white = item.first if top_white else item.second
                out.append(
                    replace(
                        item,
                        white=white,
                        colour=Reason("colour.scheme", ctx.rid("first-rounds"), {"white": white}),
                    )
                )
            else:
                out.append(item)
        return out
    if scheme == "random":
        assert first is not None
        drawn = list(alive)
        random.Random(seed).shuffle(drawn)
        at = {v: k for k, v in enumerate(drawn)}

        def base_random(u: int) -> Iterator[int]:
            k = at.get(u, -1)
            yield from drawn[k + 1 :]
            yield from reversed(drawn[: max(k, 0)])

        def explain_random(u: int, v: int, infeasible: list[tuple[int, tuple[int, ...]]]) -> Reason:
            own = solver.violations(u, v)
            if own:
                return solver.explain_ladder(u, v, infeasible)
            return Reason("pair.random", ctx.rid("first-rounds"), {"seed": seed})

        placed = solver.walk(drawn, base_random, explain_random)
        if not first.scheme_colours:
            return placed
        return [
            replace(
                item,
                white=item.first,
                colour=Reason("colour.random", ctx.rid("first-rounds"), {"white": item.first}),
            )
            for item in placed
        ]
    return solver.walk()


def _why_not(
    ctx: Context, solver: Solver, u: int, b: int, infeasible: list[tuple[int, tuple[int, ...]]]
) -> Reason:
    """Why ``u`` did not get ``b`` (a scheme partner): a rule, or the look-ahead."""
    if not solver.matcher.alive[b] and all(w != b for w, _ in infeasible):
        return Reason("pair.taken", None, {"b": solver.ids[b]})
    viol = solver.violations(u, b)
    if viol:
        return ctx.rules.detail(solver.ids[u], solver.ids[b], viol[0])
    for w, group in infeasible:
        if w == b:
            return Reason(
                "pair.lookahead-short",
                None,
                {"a": solver.ids[u], "b": solver.ids[b], "stuck": solver.names_of(group)},
            )
    return Reason("pair.taken", None, {"b": solver.ids[b]})


def board_of(ctx: Context, item: Placed) -> Board:
    """The board of a walk's pair: the scheme's colours if it fixed them, else the colour
    rules' (:func:`compcore.pairing.colours.allocate`)."""
    if item.white is not None:
        white = item.white
        black = item.second if white == item.first else item.first
        assert item.colour is not None
        return Board(white, black, item.reason, item.colour)
    higher, lower = sorted((item.first, item.second), key=ctx.rank)
    white, black, why = allocate(ctx.rules, higher, lower)
    return Board(white, black, item.reason, why)
