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
from compcore.pairing.context import Context, build_context
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
    _check_no_shows(season, missing, on_board, here)
    ctx = build_context(season, ruleset, rnd)
    if engine_away:  # DS-9 FAQ 7: as in the open round, the engine is out and the bye order
        if ctx.engine in on_board:  # avoids the top of the ranking
            raise PairingError.at(here, "late.engine_has_board", player=ctx.engine)
        ctx = replace(ctx, engine=None, engine_away=ctx.engine)
    entries = dict(rnd.entries or EMPTY)
    kept, waiting, abandoned = _split_boards(games, missing)
    for pid, kind in list(entries.items()):
        if kind in (Kind.BYE, Kind.DECLINED_ENGINE):
            waiting.append(pid)
    engine = _free_engine(ctx, kept, waiting)
    humans = [pid for pid in waiting if not season.player(pid).is_engine]
    solved = solve_pool(ctx, humans, engine=engine)
    new_boards = [board_of(ctx, item) for item in solved.placed]
    rid = ctx.rid("late-repairing")
    boards = [_kept_board(g, rid) for g in kept]
    stored = list(kept)
    _place_new_boards(ctx, new_boards, rid, boards, stored, entries)
    sitting_out: dict[str, Reason] = {}
    if solved.sitter is not None:
        _leave_out(solved.sitter.player, abandoned, rid, boards, stored, sitting_out)
    _mark_no_shows(new_boards, abandoned, engine, entries)
    if ctx.engine is not None and ctx.engine not in {p for g in stored for p in g.players}:
        entries[ctx.engine] = Kind.NOT_PARTICIPATING
    new_round = replace(rnd, games=tuple(stored), entries=MappingProxyType(entries))
    return Pairing(
        round=new_round,
        boards=tuple(boards),
        sitting_out=MappingProxyType(sitting_out),
        relaxed=tuple(relaxations(ctx, solved, boards)),
    )


def _check_no_shows(
    season: Season, missing: set[str], on_board: dict[str, Game], here: Phrase
) -> None:
    """Every no-show has a published board without a result, and is not the engine."""
    for pid in missing:
        if pid not in on_board:
            raise PairingError.at(here, "late.no_board", player=pid)
        if on_board[pid].result is not None:
            raise PairingError.at(here, "late.has_result", player=pid)
        if season.player(pid).is_engine:
            raise PairingError.at(here, "late.engine_no_show", player=pid)


def _split_boards(
    games: list[Game], missing: set[str]
) -> tuple[list[Game], list[str], dict[str, Game]]:
    """The boards kept, the players whose opponent did not come, and the board each of them
    may fall back to."""
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
    return kept, waiting, abandoned


def _free_engine(ctx: Context, kept: list[Game], waiting: list[str]) -> str | None:
    """The engine if it may join the re-pairing (taken out of ``waiting`` if it was there)."""
    if ctx.engine is None:
        return None
    if ctx.engine in waiting:
        waiting.remove(ctx.engine)  # its opponent did not come: free again
        return ctx.engine
    if not any(ctx.engine in g.players for g in kept):
        return ctx.engine
    return None


def _kept_board(game: Game, rid: str | None) -> Board:
    """A published board that stays as it was."""
    return Board(
        game.white,
        game.black,
        Reason("pair.kept", rid, {}),
        Reason("colour.kept", None, {}),
    )


def _place_new_boards(
    ctx: Context,
    new_boards: list[Board],
    rid: str | None,
    boards: list[Board],
    stored: list[Game],
    entries: dict[str, Kind],
) -> None:
    """Add the re-paired boards to ``boards`` and ``stored``; their players lose their entry."""
    for b in new_boards:
        placed = Reason("pair.repaired", rid, {"detail": b.placed})
        boards.append(replace(b, placed=placed))
        override = None
        if ctx.rules.violations(b.white, b.black):  # DS-11: a re-pairing may repeat a 4th time
            override = relaxed_override(placed)
        stored.append(Game(b.white, b.black, reason=placed, override=override))
        for pid in (b.white, b.black):
            entries.pop(pid, None)


def _leave_out(
    pid: str,
    abandoned: dict[str, Game],
    rid: str | None,
    boards: list[Board],
    stored: list[Game],
    sitting_out: dict[str, Reason],
) -> None:
    """The player left over keeps the published board (a forfeit win when recorded) or
    their bye."""
    if pid in abandoned:
        game = abandoned[pid]
        stored.append(game)
        boards.append(_kept_board(game, rid))
    else:
        sitting_out[pid] = Reason("bye.kept", rid, {})


def _mark_no_shows(
    new_boards: list[Board],
    abandoned: dict[str, Game],
    engine: str | None,
    entries: dict[str, Kind],
) -> None:
    """A no-show whose opponent got a new board (or the engine) is absent-unexcused."""
    repaired_players = {pid for b in new_boards for pid in (b.white, b.black)}
    for pid, game in abandoned.items():
        if pid in repaired_players or pid == engine:
            noshow = game.opponent_of(pid)
            entries[noshow] = Kind.ABSENT_UNEXCUSED
