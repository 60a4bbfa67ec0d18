"""DS-14: late re-pairing. Keep every published board whose players both came; re-pair the
players whose opponent did not come among themselves.

**The published round.** Once the director publishes a pairing, the round is stored as
:func:`compcore.pairing.pair` returns it: its ``games`` without results, its entries (bye,
declined-engine, absences). That is the season's last round, with games lacking results
(a round being played). :func:`repair` works on that round.

**Who is re-paired.** The players whose opponent is a no-show, plus whoever sat out with a
bye or declined-engine entry (they are "without a game" too, as the rulebook says). They
are paired by the normal ladder procedure among themselves (standings and hard rules as
before the round; relaxable rules may be relaxed, as DS-11 allows for a re-pairing). With
an odd number, the engine (if the ruleset has one, it is free and the director did not say
it is unavailable this evening, DS-9 FAQ 7: a published round no longer says so) may join;
otherwise one player is left as the bye order says: they keep their published board (the director
records the forfeit win) or their bye.

**No-shows** whose opponent got a new board get ``absent-unexcused``; a board whose two
players both did not come stays (the director records ``0-0F``).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from types import MappingProxyType

from compcore.domain.boards import Board, Pairing, Reason, relaxed_override
from compcore.domain.errors import PairingError, Phrase
from compcore.domain.model import EMPTY, Game, Kind, Round, Season
from compcore.pairing.context import build_context
from compcore.pairing.ladder_round import board_of, relaxations, solve_pool
from compcore.rules.rulesets import Ruleset


def published_round(season: Season) -> Round:
    """The round being played: the last one, with games that have no result yet."""
    if season.open_round is not None:
        raise PairingError.at(
            Phrase("at.round", number=season.open_round.number), "late.not_published"
        )
    if not season.rounds or season.rounds[-1].all_results_in:
        raise PairingError.at((), "late.no_round")
    return season.rounds[-1]


def repair(
    season: Season, ruleset: Ruleset, no_shows: Collection[str], *, engine_away: bool = False
) -> Pairing:
    if not ruleset.pairing.late_repairing:
        raise PairingError.at((), "late.not_allowed", name=ruleset.name)
    rnd = published_round(season)
    games = list(rnd.games or ())
    missing = set(no_shows)
    on_board = {pid: g for g in games for pid in (g.white, g.black)}
    here = Phrase("at.round", number=rnd.number)
    for pid in missing:
        if pid not in on_board:
            raise PairingError.at(here, "late.no_board", player=pid)
        if on_board[pid].result is not None:
            raise PairingError.at(here, "late.has_result", player=pid)
        if season.player(pid).is_engine:
            raise PairingError.at(here, "late.engine_no_show", player=pid)
    ctx = build_context(season, ruleset, rnd)
    if engine_away:  # DS-9 FAQ 7: as in the open round, the engine is out and the bye order
        if ctx.engine in on_board:  # avoids the top of the ranking
            raise PairingError.at(here, "late.engine_has_board", player=ctx.engine)
        ctx = replace(ctx, engine=None, engine_away=ctx.engine)
    entries = dict(rnd.entries or EMPTY)
    kept: list[Game] = []
    waiting: list[str] = []
    abandoned: dict[str, Game] = {}  # waiting player -> the board they may fall back to
    for game in games:
        gone = [pid for pid in game.players if pid in missing]
        if len(gone) == 1:
            stays = game.opponent_of(gone[0])
            waiting.append(stays)
            abandoned[stays] = game
        else:
            kept.append(game)
    for pid, kind in list(entries.items()):
        if kind in (Kind.BYE, Kind.DECLINED_ENGINE):
            waiting.append(pid)
    engine = None
    if ctx.engine is not None:
        engine_busy = any(ctx.engine in g.players for g in kept)
        if ctx.engine in waiting:
            waiting.remove(ctx.engine)  # its opponent did not come: free again
            engine = ctx.engine
        elif not engine_busy:
            engine = ctx.engine
    humans = [pid for pid in waiting if not season.player(pid).is_engine]
    solved = solve_pool(ctx, humans, engine=engine)
    new_boards = [board_of(ctx, item) for item in solved.placed]
    rid = ctx.rid("late-repairing")
    boards = [
        Board(
            g.white,
            g.black,
            Reason("pair.kept", rid, {}),
            Reason("colour.kept", None, {}),
        )
        for g in kept
    ]
    stored = list(kept)
    for b in new_boards:
        placed = Reason("pair.repaired", rid, {"detail": b.placed})
        boards.append(replace(b, placed=placed))
        override = None
        if ctx.rules.violations(b.white, b.black):  # DS-11: a re-pairing may repeat a 4th time
            override = relaxed_override(placed)
        stored.append(Game(b.white, b.black, reason=placed, override=override))
        for pid in (b.white, b.black):
            entries.pop(pid, None)
    sitting_out = {}
    if solved.sitter is not None:
        pid = solved.sitter.player
        if pid in abandoned:  # keeps the published board: a forfeit win when recorded
            game = abandoned[pid]
            stored.append(game)
            boards.append(
                Board(
                    game.white,
                    game.black,
                    Reason("pair.kept", rid, {}),
                    Reason("colour.kept", None, {}),
                )
            )
        else:
            sitting_out[pid] = Reason("bye.kept", rid, {})
    repaired_players = {pid for b in new_boards for pid in (b.white, b.black)}
    for pid, game in abandoned.items():
        if pid in repaired_players or pid == engine:
            noshow = game.opponent_of(pid)
            entries[noshow] = Kind.ABSENT_UNEXCUSED
    if ctx.engine is not None and ctx.engine not in {p for g in stored for p in g.players}:
        entries[ctx.engine] = Kind.NOT_PARTICIPATING
    new_round = replace(rnd, games=tuple(stored), entries=MappingProxyType(entries))
    return Pairing(
        round=new_round,
        boards=tuple(boards),
        sitting_out=MappingProxyType(sitting_out),
        relaxed=tuple(relaxations(ctx, solved, boards)),
    )
