"""What happened to each player, round by round: the facts scoring and pairing both read.

:func:`history` turns a season's played rounds into one :class:`Entry` per registered
player per round (a player missing from a played round is ``not-participating``), in round
order. Everything else (scores, colour balances, meetings, byes) is computed from these.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from compcore.domain.model import EMPTY, Colour, Kind, Result, Round, Season
from compcore.rules.rulesets import Ruleset


class Entry(NamedTuple):
    """One player's round (a named tuple: there are many, and they are made often)."""

    round: int
    cycle: int
    kind: Kind
    opponent: str | None = None
    colour: Colour | None = None
    #: played over the board (a result, not a forfeit)
    played: bool = False
    #: a round-robin group game (DS-16): scores, but does not count for meeting limits
    group: str | None = None


class Meeting(NamedTuple):
    """The meetings of two players that count for the pairing rules (in some scope)."""

    #: how many meetings
    times: int
    last_round: int
    #: white of the last meeting played over the board in scope
    last_white: str | None
    #: how many of the meetings were played over the board (forfeits carry no colour)
    played: int
    #: the round of the last meeting played over the board, if any
    last_played_round: int | None


@dataclass(frozen=True, slots=True)
class History:
    """Every player's entries over a season's played rounds (up to some round)."""

    rounds: tuple[int, ...]
    cycles: dict[int, int]
    by_player: dict[str, tuple[Entry, ...]]
    #: the players with nothing but ``not-participating`` in every round (no board, no
    #: other mark): their entries are all one shared tuple, :attr:`idle_entries`
    idle: frozenset[str] = frozenset()
    idle_entries: tuple[Entry, ...] = ()

    def entries(self, player: str) -> tuple[Entry, ...]:
        return self.by_player.get(player, ())

    def games(self, player: str) -> Iterable[Entry]:
        """Played games (over the board), in round order."""
        return (e for e in self.entries(player) if e.played)

    def colours(self, player: str) -> list[Colour]:
        """Colours of the player's played games, in order (forfeits carry no colour)."""
        return [e.colour for e in self.entries(player) if e.played and e.colour is not None]

    def colour_balance(self, player: str) -> int:
        """Whites minus blacks over played games (KC-14 Kl, DS-13.2, LA-6)."""
        return colour_balance(self.colours(player))

    def alternation(self, player: str) -> str:
        """KC-14 Al: the colour of the last played game and how many in a row, e.g. ``3W``."""
        return alternation(self.colours(player))

    def count(self, player: str, kinds: Sequence[Kind], *, cycle: int | None = None) -> int:
        return sum(
            1
            for e in self.entries(player)
            if e.kind in kinds and (cycle is None or e.cycle == cycle)
        )

    def upto(self, round_no: int) -> History:
        """The history of the rounds up to ``round_no`` only (every player has one entry
        per round, so this cuts each player's entries at the same place)."""
        cut = bisect_right(self.rounds, round_no)
        if cut == len(self.rounds):
            return self
        shared = self.idle_entries
        idle = shared[:cut]
        return History(
            rounds=self.rounds[:cut],
            cycles={k: self.cycles[k] for k in self.rounds[:cut]},
            by_player={
                pid: idle if entries is shared else entries[:cut]
                for pid, entries in self.by_player.items()
            },
            idle=self.idle,
            idle_entries=idle,
        )

    def meeting_index(
        self, *, cycle: int | None = None, played_only: bool = False
    ) -> dict[tuple[str, str], Meeting]:
        """Every pair's :class:`Meeting`, keyed ``(a, b)`` with ``a < b``. A meeting is a
        game with a result, played or forfeited; round-robin group games (DS-16) do not
        count. With ``cycle`` only that cycle's (DS-11, PP-5: meetings per cycle), with
        ``played_only`` only games played over the board (FIDE's rematch rule: a forfeit
        is no game, PP-5 and MG-6)."""
        # per pair: [count, last round, last white, played, last played round]
        found: dict[tuple[str, str], list[Any]] = {}
        for a, entries in self.by_player.items():
            # an entry with an opponent is a game with a result (a game outcome); each game
            # is read once, from the player whose id sorts first
            for number, in_cycle, _, b, colour, played, group in entries:
                if (
                    b is None
                    or b < a
                    or group is not None
                    or (cycle is not None and in_cycle != cycle)
                    or (played_only and not played)
                ):
                    continue
                m = found.get((a, b))
                if m is None:
                    m = found[(a, b)] = [0, 0, None, 0, None]
                m[0] += 1
                m[1] = number
                if played:
                    m[2] = a if colour == "w" else b
                    m[3] += 1
                    m[4] = number
        return {pair: Meeting(*m) for pair, m in found.items()}

    def games_against(self, player: str, opponents: Collection[str]) -> int:
        """How many meetings (see :meth:`meeting_index`) ``player`` had with any of
        ``opponents`` (DS-9: games against the engine)."""
        return sum(
            1
            for e in self.entries(player)
            if e.opponent in opponents and e.group is None and e.kind.is_game_outcome
        )


def colour_balance(colours: Sequence[Colour]) -> int:
    """Whites minus blacks."""
    return colours.count("w") - colours.count("b")


def alternation(colours: Sequence[Colour]) -> str:
    """The last colour and how many times in a row: ``3W`` (wit), ``2Z`` (zwart)."""
    if not colours:
        return ""
    last, streak = colours[-1], 0
    for colour in reversed(colours):
        if colour != last:
            break
        streak += 1
    return f"{streak}{'W' if last == 'w' else 'Z'}"


NOT_PARTICIPATING = Kind.NOT_PARTICIPATING

#: a result's (white's kind, black's kind, played over the board)
_OUTCOMES: dict[Result, tuple[Kind, Kind, bool]] = {
    Result.WHITE_WINS: (Kind.WIN, Kind.LOSS, True),
    Result.BLACK_WINS: (Kind.LOSS, Kind.WIN, True),
    Result.DRAW: (Kind.DRAW, Kind.DRAW, True),
    Result.WHITE_FORFEIT_WIN: (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, False),
    Result.BLACK_FORFEIT_WIN: (Kind.FORFEIT_LOSS, Kind.FORFEIT_WIN, False),
    Result.DOUBLE_FORFEIT: (Kind.FORFEIT_LOSS, Kind.FORFEIT_LOSS, False),
}


def cycle_of(rnd: Round, ruleset: Ruleset) -> int:
    """A round's cycle: as the season file says, else from the ruleset's cycle length."""
    return rnd.cycle if rnd.cycle is not None else ruleset.cycle_of(rnd.number)


def history(season: Season, ruleset: Ruleset, upto: int | None = None) -> History:
    """The entries of every played round up to ``upto`` (default: all played rounds).

    Boards without a result yet (a round being played) give their players nothing:
    they count as not having played that round so far.

    A member with nothing in any of these rounds (no board, no mark but
    ``not-participating``) gets one shared tuple of ``not-participating`` entries, the same
    object for all of them (:attr:`History.idle`): a club's thousands of members who never
    play cost a dict entry each, not an entry per round (issue 19).
    """
    rounds: list[int] = []
    cycles: dict[int, int] = {}
    #: each round's not-participating entry, in order
    absents: list[Entry] = []
    #: the players placed in some round so far, each with his entries up to ``filled[pid]``
    by_player: dict[str, list[Entry]] = {}
    filled: dict[str, int] = {}
    known = season.by_id

    def entries_of(pid: str, at: int) -> list[Entry]:
        """``pid``'s entries, not-participating filled in for the rounds before ``at``."""
        entries = by_player.get(pid)
        if entries is None:
            if pid not in known:
                raise KeyError(pid)
            entries = by_player[pid] = []
            filled[pid] = 0
        done = filled[pid]
        if done < at:
            entries.extend(absents[done:at])
        filled[pid] = at + 1
        return entries

    for rnd in season.rounds:
        if rnd.is_open or (upto is not None and rnd.number > upto):
            continue
        cycle = cycle_of(rnd, ruleset)
        at = len(rounds)
        rounds.append(rnd.number)
        cycles[rnd.number] = cycle
        number = rnd.number
        placed: set[str] = set()
        for game in rnd.games or ():
            result = game.result
            if result is None:
                continue
            white_kind, black_kind, played = _OUTCOMES[result]
            white, black, group = game.white, game.black, game.group
            entries_of(white, at).append(
                Entry(number, cycle, white_kind, black, "w", played, group)
            )
            entries_of(black, at).append(
                Entry(number, cycle, black_kind, white, "b", played, group)
            )
            placed.add(white)
            placed.add(black)
        for pid, kind in (rnd.entries or EMPTY).items():
            if kind == NOT_PARTICIPATING and pid not in placed and pid in known:
                continue  # the entry he gets anyway, where he is not placed
            entries_of(pid, at).append(Entry(round=rnd.number, cycle=cycle, kind=kind))
            placed.add(pid)
        absents.append(Entry(rnd.number, cycle, NOT_PARTICIPATING))
    count = len(rounds)
    idle = tuple(absents)
    # every member in roster order, the idle sharing one tuple (set in C: a club's 8,000)
    out: dict[str, tuple[Entry, ...]] = dict.fromkeys(season.player_ids, idle)
    for pid, entries in by_player.items():
        done = filled[pid]
        if done < count:
            entries.extend(absents[done:count])
        out[pid] = tuple(entries)
    return History(
        rounds=tuple(rounds),
        cycles=cycles,
        by_player=out,
        idle=frozenset(out.keys() - by_player.keys()),
        idle_entries=idle,
    )
