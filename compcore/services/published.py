"""Changes to a published round that is not finalized yet (issue 9, item 4): a latecomer,
a player who leaves before playing, a board changed by hand.

Each function here is pure: from the season as the director read it, it gives a
:class:`Change` (the round as it would be stored, the round as read, the change log's
action). :func:`save` runs the live rule check (``check_round``) on it, asks for the
director's reason when a hard rule breaks (:class:`ReasonRequiredError`), and stores it with
``read=`` so a round someone else changed meanwhile is refused. Boards that have a result
are never touched; a finalized round (every board has a result) is locked.

A player is *free* when he sits out with a kind the pairing gave (the bye, declined-engine)
or is the competition's engine without a board: only a free player can be given a new
opponent. A *latecomer* is a registered human with another entry (absent, not
participating, ...): he may still join.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType

from compcore import pairing
from compcore.domain.errors import PairingError, Phrase, ReasonRequiredError
from compcore.domain.model import EMPTY, Game, Kind, Round, Season
from compcore.pairing import Pairing, Violation
from compcore.pairing.context import engine_entrant
from compcore.ports.actors import Actor
from compcore.ports.repository import Repository
from compcore.rules.changes import put_round
from compcore.rules.rulesets import Ruleset
from compcore.services.round import DIRECTOR_REASON, needs_override, stage, stored_round

#: the change log's action per kind of change
LATE_PAIRED = "late-paired"
LATE_BYE = "late-bye"
LATE_REPAIRED = "late-repaired"
PLAYER_LEFT = "player-left"
BOARD_BY_HAND = "board-by-hand"
ACTIONS = (LATE_PAIRED, LATE_BYE, LATE_REPAIRED, PLAYER_LEFT, BOARD_BY_HAND)

#: entry kinds of a player who sits out but can still be given an opponent
_FREE_KINDS = (Kind.BYE, Kind.DECLINED_ENGINE)


@dataclass(frozen=True)
class Change:
    """A published round as a change would store it; ``read`` is the round it was made
    from (saving is refused when the stored round is no longer that), ``pairing`` the
    engine's explanation when the engine re-paired boards."""

    round: Round
    read: Round
    action: str
    pairing: Pairing | None = None


# --------------------------------------------------------------------------- who is where


def _refuse(number: int, key: str, **fields: object) -> PairingError:
    return PairingError.at(Phrase("at.round", number=number), key, **fields)


def editable(season: Season, number: int) -> Round:
    """The published round ``number``; refused when it is not published or is finalized
    (every board has a result: locked)."""
    now = stage(season, number)
    if now == "complete":
        raise _refuse(number, "edit.locked")
    rnd = stored_round(season, number)
    if now != "published" or rnd is None:
        raise _refuse(number, "edit.not_published")
    return rnd


def unplayed(rnd: Round) -> list[Game]:
    """The boards without a result (the only ones a change may touch)."""
    return [g for g in rnd.games or () if g.result is None]


def _board_of(rnd: Round, pid: str) -> Game | None:
    return next((g for g in rnd.games or () if pid in g.players), None)


def free_players(season: Season, ruleset: Ruleset, rnd: Round) -> list[str]:
    """Who sits out but can still play: the bye or declined-engine entries, and the
    competition's engine (DS-9) when it has no board."""
    entries = rnd.entries or EMPTY
    free = [pid for pid, kind in entries.items() if kind in _FREE_KINDS]
    engine = engine_entrant(season, ruleset, rnd.number)
    if engine is not None and _board_of(rnd, engine) is None and engine not in free:
        free.append(engine)
    return free


def latecomers(season: Season, rnd: Round) -> list[str]:
    """The registered humans who are not playing and not free (absent, signed off, ...):
    they may still come."""
    entries = rnd.entries or EMPTY
    return [
        p.id
        for p in season.players
        if not p.is_engine
        and p.registered_in(rnd.number)
        and _board_of(rnd, p.id) is None
        and entries.get(p.id) not in _FREE_KINDS
    ]


def leavers(season: Season, rnd: Round) -> list[str]:
    """The humans who may still leave before playing: on a board without a result, or
    sitting out with the bye."""
    machines = {p.id for p in season.players if p.is_engine}
    on_board = [pid for g in unplayed(rnd) for pid in g.players if pid not in machines]
    sitting = [pid for pid, k in (rnd.entries or EMPTY).items() if k in _FREE_KINDS]
    return on_board + [pid for pid in sitting if pid not in machines]


def movable(season: Season, rnd: Round) -> list[str]:
    """The humans on boards without a result (a hand change exchanges two of them)."""
    machines = {p.id for p in season.players if p.is_engine}
    return [pid for g in unplayed(rnd) for pid in g.players if pid not in machines]


def _without(entries: dict[str, Kind], pids: Collection[str]) -> dict[str, Kind]:
    return {pid: kind for pid, kind in entries.items() if pid not in pids}


def _present(rnd: Round, pid: str) -> tuple[str, ...] | None:
    """The round's ``present`` list with ``pid`` added (when the round keeps one)."""
    if rnd.present is None or pid in rnd.present:
        return rnd.present
    return (*rnd.present, pid)


def _with(rnd: Round, games: Sequence[Game], entries: dict[str, Kind]) -> Round:
    return replace(rnd, games=tuple(games), entries=MappingProxyType(entries))


def oriented(season: Season, ruleset: Ruleset, rnd: Round, a: str, b: str) -> Game:
    """A new board of ``a`` and ``b`` in the colours that break fewer rules of the check
    (``check_round``: the colour rules of the ruleset); ``a`` gets white on a tie."""

    def broken(game: Game) -> int:
        trial = replace(rnd, games=(*(rnd.games or ()), game))
        return sum(1 for v in pairing.check_round(season, ruleset, trial) if v.white == game.white
                   and v.black == game.black)  # fmt: skip

    first, second = Game(a, b, reason=DIRECTOR_REASON), Game(b, a, reason=DIRECTOR_REASON)
    return second if broken(second) < broken(first) else first


# --------------------------------------------------------------------------- a latecomer


def _latecomer(season: Season, rnd: Round, pid: str) -> None:
    if pid not in latecomers(season, rnd):
        raise _refuse(rnd.number, "edit.not_latecomer", player=pid)


def late_paired(season: Season, ruleset: Ruleset, number: int, latecomer: str,
                partner: str) -> Change:  # fmt: skip
    """A latecomer plays the player who has the bye (or declined the engine), or the
    engine when it is free: one new board, both their entries gone."""
    rnd = editable(season, number)
    _latecomer(season, rnd, latecomer)
    if partner not in free_players(season, ruleset, rnd):
        raise _refuse(number, "edit.not_free", player=partner)
    game = oriented(season, ruleset, rnd, partner, latecomer)
    entries = _without(dict(rnd.entries or EMPTY), (latecomer, partner))
    new = replace(_with(rnd, [*(rnd.games or ()), game], entries),
                  present=_present(rnd, latecomer))  # fmt: skip
    return Change(new, rnd, LATE_PAIRED)


def late_default(season: Season, ruleset: Ruleset, number: int, latecomer: str,
                 free: Sequence[str]) -> str:  # fmt: skip
    """The latecomer's option a form offers first (issue 22 item 3): never one that breaks
    a hard rule when another does not. The first of the ``free`` players whose board with
    him breaks none (``pair:<id>``), else the bye when the ruleset scores one, else the
    engine's re-pairing (``repair``), which keeps the rules where it can."""
    for partner in free:
        change = late_paired(season, ruleset, number, latecomer, partner)
        if not needs_override(check(season, ruleset, change)):
            return f"pair:{partner}"
    return "bye" if Kind.BYE in ruleset.points.kinds else "repair"


def late_bye(season: Season, ruleset: Ruleset, number: int, latecomer: str) -> Change:
    """A latecomer gets the bye himself (his entry becomes ``bye``), when the ruleset
    scores a bye."""
    rnd = editable(season, number)
    _latecomer(season, rnd, latecomer)
    if Kind.BYE not in ruleset.points.kinds:
        raise _refuse(number, "edit.no_bye", name=ruleset.name)
    entries = {**dict(rnd.entries or EMPTY), latecomer: Kind.BYE}
    new = replace(_with(rnd, rnd.games or (), entries), present=_present(rnd, latecomer))
    return Change(new, rnd, LATE_BYE)


def late_repaired(season: Season, ruleset: Ruleset, number: int, latecomer: str) -> Change:
    """The boards without a result, the free players and the latecomer are paired again by
    the engine (the ruleset's own pairing, as for a new round); boards with a result stay."""
    rnd = editable(season, number)
    _latecomer(season, rnd, latecomer)
    open_rnd = _open_again(season, ruleset, rnd, latecomer)
    made = pairing.pair(season.with_round(open_rnd), ruleset)
    kept = [g for g in rnd.games or () if g.result is not None]
    games = [*kept, *(made.round.games or ())]
    seated = {pid for g in games for pid in g.players}
    entries = {pid: kind for pid, kind in (made.round.entries or EMPTY).items()
               if pid not in seated}  # fmt: skip
    new = replace(_with(rnd, games, entries), present=_present(rnd, latecomer))
    return Change(new, rnd, LATE_REPAIRED, made)


def _open_again(season: Season, ruleset: Ruleset, rnd: Round, latecomer: str) -> Round:
    """The published round as an open round of the players still to be paired: those on
    boards without a result, the free humans and the latecomer. The others keep their
    entries; an engine with a result board is kept out (``not-participating``)."""
    machines = {p.id for p in season.players if p.is_engine}
    free = [p for p in free_players(season, ruleset, rnd) if p not in machines]
    to_pair = [pid for g in unplayed(rnd) for pid in g.players if pid not in machines]
    present = tuple(dict.fromkeys([*to_pair, *free, latecomer]))
    played = {pid for g in rnd.games or () if g.result is not None for pid in g.players}
    entries = _without(dict(rnd.entries or EMPTY), [*present, *machines])
    for pid in played:
        entries[pid] = Kind.NOT_PARTICIPATING
    engine = engine_entrant(season, ruleset, rnd.number)
    if engine is not None and engine in played:
        entries[engine] = Kind.NOT_PARTICIPATING
    forced = tuple(f for f in rnd.forced or () if {f.white, f.black} <= set(present)) or None
    return replace(rnd, games=None, present=present, entries=MappingProxyType(entries),
                   forced=forced)  # fmt: skip


# --------------------------------------------------------------------------- a leaver


def player_left(season: Season, ruleset: Ruleset, number: int, leaver: str,
                partner: str | None = None) -> Change:  # fmt: skip
    """A player leaves before playing: his board is dissolved and he gets the ruleset's
    absent kind (``missing_kind``). His opponent plays ``partner`` (a free player), or,
    without one, gets the bye (the engine, which never has a bye, is just not playing)."""
    rnd = editable(season, number)
    if leaver not in leavers(season, rnd):
        raise _refuse(number, "edit.not_leaver", player=leaver)
    entries = dict(rnd.entries or EMPTY)
    entries[leaver] = ruleset.pairing.missing_kind
    board = _board_of(rnd, leaver)
    games = [g for g in rnd.games or () if g is not board]
    if board is None:  # he had the bye: nobody else is affected
        return Change(_with(rnd, games, entries), rnd, PLAYER_LEFT)
    opponent = board.opponent_of(leaver)
    if partner is not None:
        if partner not in free_players(season, ruleset, rnd):
            raise _refuse(number, "edit.not_free", player=partner)
        trial = _with(rnd, games, entries)
        games.append(oriented(season, ruleset, trial, opponent, partner))
        entries.pop(partner, None)
    elif season.player(opponent).is_engine:
        entries[opponent] = Kind.NOT_PARTICIPATING
    elif Kind.BYE in ruleset.points.kinds:
        entries[opponent] = Kind.BYE
    else:
        raise _refuse(number, "edit.no_bye", name=ruleset.name)
    return Change(_with(rnd, games, entries), rnd, PLAYER_LEFT)


# --------------------------------------------------------------------------- by hand


def _unplayed_index(rnd: Round, board: int) -> int:
    games = rnd.games or ()
    if not 1 <= board <= len(games):
        raise _refuse(rnd.number, "edit.no_board", board=board)
    if games[board - 1].result is not None:
        raise _refuse(rnd.number, "edit.has_result", board=board)
    return board - 1


def swap_colours(season: Season, number: int, board: int) -> Change:
    """The director swaps the colours of a board without a result (``board`` from 1). The
    same two players still meet, so an override of their meeting stays."""
    rnd = editable(season, number)
    i = _unplayed_index(rnd, board)
    games = list(rnd.games or ())
    g = games[i]
    games[i] = replace(g, white=g.black, black=g.white, reason=DIRECTOR_REASON)
    return Change(_with(rnd, games, dict(rnd.entries or EMPTY)), rnd, BOARD_BY_HAND)


def exchange(season: Season, number: int, a: str, b: str) -> Change:
    """The director puts ``a`` where ``b`` sits and ``b`` where ``a`` sits, both on boards
    without a result (the engine is placed by the pairing only)."""
    rnd = editable(season, number)
    allowed = movable(season, rnd)
    for pid in (a, b):
        if pid not in allowed:
            raise _refuse(number, "edit.not_movable", player=pid)
    if a == b:
        raise _refuse(number, "edit.same_player", player=a)
    seat = {a: b, b: a}
    games = []
    for g in rnd.games or ():
        if a in g.players or b in g.players:
            g = Game(seat.get(g.white, g.white), seat.get(g.black, g.black),
                     reason=DIRECTOR_REASON)  # fmt: skip
        games.append(g)
    return Change(_with(rnd, games, dict(rnd.entries or EMPTY)), rnd, BOARD_BY_HAND)


# --------------------------------------------------------------------------- check, save


def check(season: Season, ruleset: Ruleset, change: Change) -> list[Violation]:
    """The live rule check of the changed round: the boards without a result that break a
    hard rule or a colour rule (boards with a result are never touched)."""
    open_boards = {g.players for g in unplayed(change.round)}
    return [v for v in pairing.check_round(season, ruleset, change.round)
            if (v.white, v.black) in open_boards]  # fmt: skip


def marked(rnd: Round, reason: str | None, breaking: Collection[tuple[str, str]]) -> Round:
    """The round with the director's ``reason`` as override on the ``breaking`` boards."""
    if not reason:
        return rnd
    games = [replace(g, override=reason) if g.result is None and g.players in breaking else g
             for g in rnd.games or ()]  # fmt: skip
    return replace(rnd, games=tuple(games))


def save(
    repo: Repository, competition_id: int, change: Change, *, reason: str | None, actor: Actor
) -> Season:
    """Store the change: a board that breaks a rule needs the director's ``reason`` (its
    override, and in the log); refused when the round changed since ``change.read``."""
    season = repo.load(competition_id)
    put_round(season, change.round, change.read)  # a round changed meanwhile: say that first
    open_ones = needs_override(check(season, repo.ruleset(competition_id), change))
    reason = (reason or "").strip() or None
    if open_ones and reason is None:
        raise ReasonRequiredError("change.reason.override")
    breaking = {(v.white, v.black) for v in open_ones}
    return repo.save_round(
        competition_id,
        marked(change.round, reason, breaking),
        actor=actor,
        action=change.action,
        reason=reason,
        read=change.read,
    )
