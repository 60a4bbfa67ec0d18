"""Pairing one round: who is there, forced boards, byes, the engine entrant, relaxation,
first-round schemes, colours, and the round as it would be stored.

One general engine; every behaviour comes from the ruleset's ``[pairing]`` data (see
``docs/pairing.md``). :func:`pair_round` is the whole procedure for any round; the public
:func:`compcore.pairing.pair` calls it for the season's open round.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from compcore.errors import PairingError, Phrase
from compcore.history import cycle_of
from compcore.model import EMPTY, Game, Kind, Round, Season
from compcore.pairing.base import (
    Board,
    Pairing,
    Reason,
    Relaxation,
    forced_override,
    relaxed_override,
)
from compcore.pairing.colours import allocate
from compcore.pairing.ladder import Infeasible, Placed, Sitter, Solver
from compcore.pairing.relaxed import RelaxedSolver, relax_sequence
from compcore.pairing.rules import Rules, rule_id
from compcore.rulesets import Ruleset
from compcore.scoring.standings import Standings
from compcore.validate import registration

# --------------------------------------------------------------------------- context


@dataclass
class Context:
    """What pairing one round needs: the season before it, the rules, the ranking."""

    season: Season
    ruleset: Ruleset
    round: Round
    cycle: int
    rules: Rules
    #: the ranking the round is paired on (standings after the previous round), every
    #: registered player and the engine
    order: tuple[str, ...]
    #: present humans, in ranking order
    present: tuple[str, ...]
    #: the engine entrant available this round, if the ruleset uses one
    engine: str | None
    position: dict[str, int] = field(default_factory=dict)
    standings: Standings | None = None
    #: the engine entrant when it is unavailable this evening (DS-9, FAQ 7: e-board away)
    engine_away: str | None = None

    @property
    def number(self) -> int:
        return self.round.number

    def rank(self, pid: str) -> int:
        return self.position.get(pid, len(self.position))

    def rid(self, name: str) -> str | None:
        return rule_id(self.ruleset, name)


def build_context(
    season: Season, ruleset: Ruleset, rnd: Round, table: Standings | None = None
) -> Context:
    """The context for pairing ``rnd``: the rules as they stand before it and the ranking
    (``table``: the standings after the previous round, computed if not given)."""
    number = rnd.number
    cycle = cycle_of(rnd, ruleset)
    rules = Rules(season, ruleset, number, cycle)
    if table is None:
        table = ranking_table(season, ruleset, number, cycle)
    order = ranking(season, table)
    position = {pid: i for i, pid in enumerate(order)}
    present = present_players(season, rnd)
    engine = engine_entrant(season, ruleset, number)
    away = engine if engine is not None and engine_is_away(rnd, engine) else None
    ctx = Context(
        season=season,
        ruleset=ruleset,
        round=rnd,
        cycle=cycle,
        rules=rules,
        order=order,
        present=tuple(sorted(present, key=lambda pid: position[pid])),
        engine=None if away else engine,
        position=position,
        engine_away=away,
    )
    ctx.standings = table
    return ctx


def ranking_table(season: Season, ruleset: Ruleset, number: int, cycle: int) -> Standings:
    """The standings round ``number`` is paired on: after the previous round, for the
    round's cycle where standings restart per cycle (DS-17)."""
    from compcore.scoring.standings import standings

    return standings(
        season.truncated(number - 1),
        ruleset,
        after_round=number - 1,
        cycle=cycle if ruleset.restarts_per_cycle else None,
        detail=False,
    )


def ranking(season: Season, table: Standings) -> tuple[str, ...]:
    """The pairing order: the standings, then every registered player not in them."""
    order = list(table.order)
    known = set(order)
    order += [p.id for p in season.players if p.id not in known]
    return tuple(order)


def engine_entrant(season: Season, ruleset: Ruleset, number: int) -> str | None:
    """DS-9: the computer entrant registered in round ``number``, if the ruleset pairs one."""
    p = ruleset.pairing
    if p.engine is None or p.bye.method != "engine":
        return None
    return next((pl.id for pl in season.players if pl.is_engine and pl.registered_in(number)), None)


def engine_is_away(rnd: Round, engine: str) -> bool:
    """DS-9 (rulebook FAQ 7): the engine is unavailable this evening (its e-board is needed at
    an away match) when the open round's entries give it ``not-participating``. Only an open
    round says so: a paired round lists the engine so whenever it has no board."""
    return rnd.is_open and (rnd.entries or EMPTY).get(engine) is Kind.NOT_PARTICIPATING


def present_players(season: Season, rnd: Round) -> list[str]:
    """The humans to pair: the round's ``present`` list (LA-1, KC-9), or, when a round does
    not list them, every registered ``always`` player without an entry (DS-15)."""
    entries = rnd.entries or EMPTY
    if rnd.present is not None:
        players = {p.id: p for p in season.players}
        listed = list(dict.fromkeys([*rnd.present, *(rnd.late or ())]))
        out = []
        for pid in listed:
            player = players.get(pid)
            if player is None or player.is_engine or pid in entries:
                continue
            if not player.registered_in(rnd.number):
                raise PairingError.at(
                    Phrase("at.round", number=rnd.number),
                    "season.present_not_registered",
                    player=pid,
                    registration=registration(player.joined_round, player.withdrawn_round),
                )
            out.append(pid)
        return out
    return [
        p.id
        for p in season.players
        if not p.is_engine
        and p.registered_in(rnd.number)
        and p.participates_by_default
        and p.id not in entries
    ]


# --------------------------------------------------------------------------- results


@dataclass
class Outcome:
    """A method's answer before it becomes a stored round."""

    boards: list[Board] = field(default_factory=list)
    #: player -> (entry kind, why)
    sitting_out: dict[str, tuple[Kind, Reason]] = field(default_factory=dict)
    relaxed: list[Relaxation] = field(default_factory=list)
    seed: int | None = None
    #: other entries the method decides (knock-out: players already out)
    entries: dict[str, Kind] = field(default_factory=dict)


def pair_round(
    season: Season, ruleset: Ruleset, rnd: Round, table: Standings | None = None
) -> Pairing:
    """Pair ``rnd`` (an open round of ``season``) by the ruleset's method; ``table`` is the
    standings after the previous round if the caller has them already."""
    ctx = build_context(season, ruleset, rnd, table)
    forced_boards, pool = forced(ctx)
    method = ruleset.pairing.method
    if method == "swiss":
        from compcore.pairing.club_swiss import pair_swiss

        outcome = pair_swiss(ctx, pool)
    elif method == "knockout":
        from compcore.pairing.knockout import pair_knockout

        outcome = pair_knockout(ctx, pool)
    else:
        outcome = pair_ladder(ctx, pool)
    outcome.boards[:0] = forced_boards
    return assemble(ctx, outcome)


def forced(ctx: Context) -> tuple[list[Board], list[str]]:
    """Boards the director fixed (``Round.forced``, MG-3, MG-8) and the players left."""
    boards = []
    taken: set[str] = set()
    for game in ctx.round.forced or ():
        reason = game.reason or "director"
        rule = ctx.rid(f"forced-{reason}") or ctx.rid("forced")
        boards.append(
            Board(
                white=game.white,
                black=game.black,
                placed=Reason("pair.forced", rule, {"why": reason}),
                colour=Reason("colour.forced", None, {}),
                forced=True,
            )
        )
        taken.update((game.white, game.black))
    return boards, [pid for pid in ctx.present if pid not in taken]


def assemble(ctx: Context, outcome: Outcome) -> Pairing:
    """The round as it would be stored: games without results, bye / declined-engine /
    other entries, ``present`` and ``seed`` kept; players neither present nor with an entry
    get the ruleset's ``missing_kind`` (participation ``always``) or ``not-participating``."""
    season, ruleset, rnd = ctx.season, ctx.ruleset, ctx.round
    games = []
    for board in outcome.boards:
        override = None
        broken = ctx.rules.violations(board.white, board.black)
        if broken and board.forced:
            override = forced_override(board.placed.params.get("why"))
        elif broken:
            # a relaxation the engine had to make: logged on the board, so check shows it
            # as overridden with this reason
            override = relaxed_override(board.placed)
        games.append(Game(board.white, board.black, reason=board.placed, override=override))
    entries: dict[str, Kind] = dict(rnd.entries or EMPTY)
    for pid, (kind, _) in outcome.sitting_out.items():
        entries[pid] = kind
    on_board = {pid for b in outcome.boards for pid in (b.white, b.black)}
    for pid, kind in outcome.entries.items():
        if pid not in on_board:
            entries.setdefault(pid, kind)
    present = set(ctx.present)
    missing = ruleset.pairing.missing_kind
    for player in season.players:
        pid = player.id
        if pid in on_board or pid in entries:
            continue
        if player.is_engine or not player.registered_in(rnd.number):
            entries[pid] = Kind.NOT_PARTICIPATING
        elif pid in present:  # pragma: no cover - every present player is placed
            raise PairingError.at(
                Phrase("at.round", number=rnd.number), "pairing.not_placed", player=pid
            )
        elif player.participates_by_default:
            entries[pid] = missing
        else:
            entries[pid] = Kind.NOT_PARTICIPATING
    stored = replace(
        rnd,
        games=tuple(games),
        entries=MappingProxyType(entries),
        seed=outcome.seed if outcome.seed is not None else rnd.seed,
    )
    return Pairing(
        round=stored,
        boards=tuple(outcome.boards),
        sitting_out=MappingProxyType({pid: why for pid, (_, why) in outcome.sitting_out.items()}),
        relaxed=tuple(outcome.relaxed),
    )


# --------------------------------------------------------------------------- byes


def protected(ctx: Context, pid: str) -> bool:
    """LA-8: fewer than ``min_games`` games played, outside ``protect_except_rounds``."""
    bye = ctx.ruleset.pairing.bye
    return (
        bye.min_games > 0
        and ctx.number not in bye.protect_except_rounds
        and ctx.rules.games_played.get(pid, 0) < bye.min_games
    )


def away_avoid_top(ctx: Context) -> int:
    """DS-9 (FAQ 7): how many places at the top of the ranking the bye avoids while the
    engine is away this evening (``away_bye_avoid_top``); 0 on any other evening."""
    engine = ctx.ruleset.pairing.engine
    return engine.away_bye_avoid_top if ctx.engine_away is not None and engine else 0


def sitter_order(ctx: Context, pool: Sequence[str], *, seed: int | None = None) -> list[str]:
    """Bye candidates, best first (KC-8, PP-4, LA-8): with the engine away, players outside
    the top N of the ranking before those in it (DS-9, FAQ 7); then eligible before
    protected, fewest byes first, lowest placed first. ``random``: a seeded draw."""
    if ctx.ruleset.pairing.bye.method == "random":
        drawn = list(pool)
        random.Random(seed if seed is not None else derive_seed(ctx)).shuffle(drawn)
        return drawn
    top = away_avoid_top(ctx)
    return sorted(
        pool,
        key=lambda pid: (
            ctx.rank(pid) < top,
            protected(ctx, pid),
            ctx.rules.byes.get(pid, 0),
            -ctx.rank(pid),
        ),
    )


def bye_reason(ctx: Context, pool: Sequence[str], sitter: Sitter) -> Reason:
    pid = sitter.player
    rid = ctx.rid("bye")
    if ctx.ruleset.pairing.bye.method == "random":
        return Reason("bye.random", rid, {"player": pid})
    if sitter.skipped:
        key = "bye.fewest-breaks" if sitter.relaxed else "bye.lookahead"
        return Reason(key, rid, {"player": pid, "skipped": sitter.skipped})
    min_games = ctx.ruleset.pairing.bye.min_games
    if protected(ctx, pid):
        return Reason(
            "bye.protected-fallback",
            ctx.rid("bye-protection") or rid,
            {"player": pid, "min": min_games},
        )
    byes = ctx.rules.byes.get(pid, 0)
    shielded = tuple(
        q
        for q in pool
        if ctx.rank(q) > ctx.rank(pid) and protected(ctx, q) and ctx.rules.byes.get(q, 0) <= byes
    )
    if shielded:
        return Reason(
            "bye.protected",
            ctx.rid("bye-protection") or rid,
            {"player": pid, "protected": shielded, "min": min_games},
        )
    if byes == 0:
        return Reason("bye.lowest", rid, {"player": pid})
    return Reason("bye.fewest", rid, {"player": pid, "count": byes})


def away_bye_reason(ctx: Context, sitter: Sitter, detail: Reason) -> Reason:
    """DS-9 (FAQ 7): why ``sitter`` sits out while the engine is away. A plain bye (DS-7):
    nobody declined the engine, so DS-10's ``declined-engine`` does not apply. With
    ``away_bye_avoid_top`` the sitter is outside the top N of the ranking, or (when nobody
    outside it could sit out with a legal pairing for the rest) the avoidance yields.
    ``detail`` is the normal bye order's reason."""
    top = away_avoid_top(ctx)
    rule = ctx.rid("bye-avoid-top") or ctx.rid("bye")
    if top and ctx.rank(sitter.player) >= top:
        detail = Reason("bye.outside-top", rule, {"top": top, "detail": detail})
    elif top:  # the order puts everyone outside the top first: all of them were skipped
        outside = tuple(q for q in sitter.skipped if ctx.rank(q) >= top)
        key = "bye.top-yields" if outside else "bye.top-none"
        detail = Reason(key, rule, {"top": top, "outside": outside})
    outer = ctx.rid("engine-away") or ctx.rid("engine")
    return Reason("bye.engine-away", outer, {"detail": unrepeated(detail, outer)})


def engine_away_reason(ctx: Context) -> Reason:
    """DS-9 (FAQ 7): the engine's own line: unavailable this evening, so no engine game."""
    rule = ctx.rid("engine-away") or ctx.rid("engine")
    return Reason("engine.away", rule, {"engine": ctx.engine_away})


def unrepeated(reason: Reason, rule: str | None) -> Reason:
    """``reason`` without ``rule`` wherever it (or a nested reason) repeats the outer
    reason's rule id, so the id is shown once."""
    params = {
        k: unrepeated(v, rule) if isinstance(v, Reason) else v for k, v in reason.params.items()
    }
    return Reason(reason.key, None if reason.rule == rule else reason.rule, params)


def sit_out_kind(ctx: Context, pid: str) -> Kind:
    """DS-10: with an engine competition, an odd one out who did not opt in declines it."""
    p = ctx.ruleset.pairing
    if (
        p.bye.method == "engine"
        and p.engine is not None
        and not ctx.season.player(pid).has_flag(p.engine.opt_in_flag)
        and Kind.DECLINED_ENGINE in ctx.ruleset.points.kinds
    ):
        return Kind.DECLINED_ENGINE
    return Kind.BYE


# --------------------------------------------------------------------------- schemes


def derive_seed(ctx: Context) -> int:
    """The open round's seed if stored, else one derived from the season (reproducible)."""
    if ctx.round.seed is not None:
        return ctx.round.seed
    s = ctx.season
    text = f"{s.club}|{s.season}|{s.competition}|{ctx.number}"
    return int(hashlib.sha256(text.encode("utf-8")).hexdigest()[:12], 16)


def scheme_of(ctx: Context) -> str | None:
    """The first-round scheme that pairs this round, if any (KC-5, DS-12, PP-5)."""
    return scheme_for(ctx.season, ctx.ruleset, ctx.number, ctx.cycle)


def scheme_for(season: Season, ruleset: Ruleset, number: int, cycle: int) -> str | None:
    """The first-round scheme that pairs round ``number`` (of ``cycle``), if any: a listed
    round, or with ``cycle-start`` the first round of every cycle (KC-5, DS-12, PP-5)."""
    first = ruleset.pairing.first_rounds
    if first is None:
        return None
    if number in first.rounds:
        return first.scheme
    if "cycle-start" in first.rounds:
        previous = [r for r in season.rounds if r.number < number]
        if not previous or cycle_of(previous[-1], ruleset) != cycle:
            return first.scheme
    return None


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
    """Ladder pairing (and the first-round schemes) of ``pool`` (present, not forced)."""
    p = ctx.ruleset.pairing
    scheme = scheme_of(ctx)
    outcome = Outcome()
    seed = derive_seed(ctx) if scheme == "random" or p.bye.method == "random" else None
    outcome.seed = seed
    solved = solve_pool(ctx, pool, scheme=scheme, seed=seed, engine=ctx.engine)
    outcome.boards.extend(_board(ctx, item) for item in solved.placed)
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


def _board(ctx: Context, item: Placed) -> Board:
    if item.white is not None:
        white = item.white
        black = item.second if white == item.first else item.first
        assert item.colour is not None
        return Board(white, black, item.reason, item.colour)
    higher, lower = sorted((item.first, item.second), key=ctx.rank)
    white, black, why = allocate(ctx.rules, higher, lower)
    return Board(white, black, item.reason, why)
