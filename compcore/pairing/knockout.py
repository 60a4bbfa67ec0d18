"""Knock-out cup (MG-7, MG-8): a fresh seeded random draw each round among those still in.

* Entrants: registered players carrying every flag of ``pairing.entrant_flags`` (MG-7:
  ``cup`` and ``senior``).
* Still in: entrants who have not lost a cup game. A won game or forfeit eliminates the
  loser (a double forfeit both). A drawn game is decided by MG-8: a rating gap (ratings
  valid in that round) above ``awards.cup_rating_gap`` sends the lower-rated player
  through; otherwise the director records the barrage winner as
  ``Decision(kind="barrage-winner", round=r, player=...)``. An entrant who was absent in a
  round stays in.
* Each round the present players still in are drawn with ``random.Random(seed)`` (the
  round's stored seed, or one derived from the season and stored); consecutive drawn
  players meet, the first drawn has white; with an odd number the last drawn goes through
  without a game (``bye``).
* Entrants already out, and non-entrants, get ``not-participating``.
"""

from __future__ import annotations

import random

from compcore.errors import PairingError
from compcore.model import Kind, Result, Season
from compcore.pairing.base import Board, Reason
from compcore.pairing.engine import Context, Outcome, derive_seed
from compcore.rulesets import Ruleset


def entrants(season: Season, ruleset: Ruleset, round_no: int) -> list[str]:
    flags = ruleset.pairing.entrant_flags
    return [
        p.id
        for p in season.players
        if not p.is_engine and p.registered_in(round_no) and all(p.has_flag(f) for f in flags)
    ]


def eliminated(season: Season, ruleset: Ruleset, before_round: int) -> dict[str, int]:
    """Who is out, and in which round, from the cup games of rounds before ``before_round``."""
    out: dict[str, int] = {}
    gap = ruleset.awards.cup_rating_gap
    for rnd in season.rounds:
        if rnd.number >= before_round:
            break
        for game in rnd.games or ():
            if game.result is None:
                continue
            w, b = game.white, game.black
            match game.result:
                case Result.WHITE_WINS | Result.WHITE_FORFEIT_WIN:
                    out[b] = rnd.number
                case Result.BLACK_WINS | Result.BLACK_FORFEIT_WIN:
                    out[w] = rnd.number
                case Result.DOUBLE_FORFEIT:
                    out[w] = out[b] = rnd.number
                case Result.DRAW:
                    out[draw_loser(season, gap, rnd.number, w, b)] = rnd.number
    return out


def draw_loser(season: Season, gap: int | None, round_no: int, w: str, b: str) -> str:
    """MG-8: who goes out after a drawn cup game."""
    rw, rb = season.rating_at(w, round_no), season.rating_at(b, round_no)
    if gap is not None and rw is not None and rb is not None and abs(rw - rb) > gap:
        return w if rw > rb else b  # the lower-rated player goes through
    for d in season.decisions or ():
        if d.kind == "barrage-winner" and d.round == round_no and d.player in (w, b):
            return b if d.player == w else w
    raise PairingError(
        f"round {round_no}: {w}-{b} was drawn and the barrage winner is not recorded "
        "(add a decision of kind 'barrage-winner' for that round)"
    )


def pair_knockout(ctx: Context, pool: list[str]) -> Outcome:
    season, ruleset = ctx.season, ctx.ruleset
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
