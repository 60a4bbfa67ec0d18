"""Pairing one round: who is there, forced boards, the method, and the round as it would
be stored.

One general engine; every behaviour comes from the ruleset's ``[pairing]`` data (see
``docs/pairing.md``). :func:`pair_round` is the whole procedure for any round; the public
:func:`compcore.pairing.pair` calls it for the season's open round. The round's context
is :mod:`compcore.pairing.context`; the methods are :mod:`compcore.pairing.ladder_round`
(with the byes of :mod:`compcore.pairing.byes`), :mod:`compcore.pairing.club_swiss` and
:mod:`compcore.pairing.knockout`.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from types import MappingProxyType

from compcore.domain.boards import Board, Pairing, Reason, forced_override, relaxed_override
from compcore.domain.errors import PairingError, Phrase
from compcore.domain.model import EMPTY, Game, Kind, Round, Season
from compcore.formats.kind import Format, format_of
from compcore.pairing.club_swiss import pair_swiss
from compcore.pairing.context import Context, Outcome, build_context
from compcore.pairing.knockout import pair_knockout
from compcore.pairing.ladder_round import pair_ladder
from compcore.rules.rulesets import Ruleset
from compcore.scoring.standings import Standings

_paused = threading.Lock()
_pausing = 0  # how many pairings are running with the collector paused
_was_enabled = False


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused while a round is paired, as it was before
    afterwards (also after an error; nested and concurrent pairings share one pause).

    Pairing builds the history, standings and rules of the whole season: hundreds of
    thousands of small tuples, lists and dicts, none of them in a reference cycle, each
    counted towards the collector's next run, which then walks everything alive. With
    10,000 present players that was half of ``pair``'s time, and growing faster than the
    season (issue 19). Memory is still freed as it always is (reference counting); the few
    cycles made meanwhile are collected on the collector's next run."""
    global _pausing, _was_enabled
    with _paused:
        if _pausing == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _pausing += 1
    try:
        yield
    finally:
        with _paused:
            _pausing -= 1
            if _pausing == 0 and _was_enabled:
                gc.enable()


def pair_round(
    season: Season, ruleset: Ruleset, rnd: Round, table: Standings | None = None
) -> Pairing:
    """Pair ``rnd`` (an open round of ``season``) by the ruleset's method; ``table`` is the
    standings after the previous round if the caller has them already."""
    with collector_paused():
        return _pair_round(season, ruleset, rnd, table)


def _pair_round(season: Season, ruleset: Ruleset, rnd: Round, table: Standings | None) -> Pairing:
    kind = format_of(ruleset)
    if kind.scheduled:
        raise PairingError.at(Phrase("at.round", number=rnd.number), "pairing.round_robin")
    ctx = build_context(season, ruleset, rnd, table)
    forced_boards, pool = forced(ctx)
    if kind is Format.SWISS:
        outcome = pair_swiss(ctx, pool)
    elif kind is Format.CUP:
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
                group=game.group,
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
        games.append(
            Game(
                board.white, board.black, group=board.group, reason=board.placed, override=override
            )
        )
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
