"""Who sits out an odd round, and why (KC-8, PP-4, LA-8, DS-7, DS-9, DS-10).

:func:`sitter_order` is the bye candidates' order (the ladder's look-ahead then takes the
first whose absence leaves a legal pairing); :func:`bye_reason` and friends say why in
words; :func:`sit_out_kind` is the entry the sitter gets (a bye, or DS-10's
``declined-engine``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from compcore.domain.boards import Reason
from compcore.domain.model import Kind
from compcore.pairing.context import Context, derive_seed
from compcore.pairing.ladder import Sitter


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
        and not ctx.season.player_at(pid, ctx.number).has_flag(p.engine.opt_in_flag)
        and Kind.DECLINED_ENGINE in ctx.ruleset.points.kinds
    ):
        return Kind.DECLINED_ENGINE
    return Kind.BYE
