"""Knock-out cup (MG-7, MG-8): a fresh seeded random draw each round among those still in.

* Entrants and who is still in: :mod:`compcore.formats.cup` (a won game or forfeit eliminates
  the loser, a double forfeit both, a drawn game goes by MG-8's rating gap or the
  recorded barrage; an entrant who was absent stays in).
* Once at most one entrant is left the cup is over: no further round is paired.
* Each round the present players still in are drawn with ``random.Random(seed)`` (the
  round's stored seed, or one derived from the season and stored); consecutive drawn
  players meet, the first drawn has white; with an odd number the last drawn goes through
  without a game (``bye``).
* Entrants already out, and non-entrants, get ``not-participating``.
"""

from __future__ import annotations

import random

from compcore.domain.boards import Board, Reason
from compcore.domain.errors import PairingError, Phrase
from compcore.domain.model import Kind
from compcore.formats.cup import bracket, eliminated, entrants
from compcore.pairing.context import Context, Outcome, derive_seed


def pair_knockout(ctx: Context, pool: list[str]) -> Outcome:
    season, ruleset = ctx.season, ctx.ruleset
    done = bracket(season.truncated(ctx.number - 1), ruleset)
    if done.over:
        raise PairingError.at(
            Phrase("at.round", number=ctx.number),
            "pairing.cup_over",
            round=done.over_after,
            winner=done.winner or Phrase("season.nobody"),
        )
    entered = set(entrants(season, ruleset, ctx.number))
    out = eliminated(season, ruleset, ctx.number)
    still_in = [pid for pid in pool if pid in entered and pid not in out]
    seed = derive_seed(ctx)
    drawn = sorted(still_in)
    random.Random(seed).shuffle(drawn)
    outcome = Outcome(seed=seed)
    rid = ctx.rid("knockout")
    for k in range(0, len(drawn) - 1, 2):
        outcome.boards.append(
            Board(
                drawn[k],
                drawn[k + 1],
                Reason("pair.knockout", rid, {"seed": seed}),
                Reason("colour.random", rid, {"white": drawn[k]}),
            )
        )
    if len(drawn) % 2 == 1:
        outcome.sitting_out[drawn[-1]] = (
            Kind.BYE,
            Reason("bye.knockout", ctx.rid("bye") or rid, {}),
        )
    for pid in pool:
        if pid not in entered or pid in out:
            outcome.entries[pid] = Kind.NOT_PARTICIPATING
    for p in season.players:
        if p.id not in pool and (p.id not in entered or p.id in out):
            outcome.entries.setdefault(p.id, Kind.NOT_PARTICIPATING)
    return outcome
