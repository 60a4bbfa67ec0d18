"""The knock-out model the formats share: a tie, a round of ties, a bracket, and what is
generic about them (who went through, who is out, which ties are open, the next round's
pairs in bracket order).

Three formats knock players out, each by rules of its own, kept in its own module:

* the cup (MG-7, MG-8; :mod:`compcore.formats.cup`): a tie is one game; a draw goes by the
  rating gap or a barrage; every round is drawn by lot among those still in;
* the cup of pools' knock-outs (DS-21; :mod:`compcore.formats.pools_cup`): a tie is the
  games of one meeting, decided on game points, level by the director's decider; the
  winners go on in bracket order;
* the play-off's barrages (DS-20; :mod:`compcore.formats.playoff`): a tie is one barrage
  whose winner the director records; stages leave a power of two.

They all read their state as :class:`Tie`, :class:`KoRound` and :class:`Bracket` values.
The properties named after one format's words (``white``/``black`` of a cup game, ``a``/``b``
and ``score_a``/``score_b`` of a meeting, ``winner``, ``matches`` and ``waiting`` of a
barrage stage) are the same fields under the names its screens use.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from compcore.domain.model import Game, Result
from compcore.domain.reason import Reason


@dataclass(frozen=True, slots=True)
class Tie:
    """One knock-out tie between two players: its games, who went through, who went out,
    and why. ``players`` in board order (the first had White in the first game)."""

    players: tuple[str, str]
    #: the games played for it (a cup game: one; a pools-cup meeting: one or two; a
    #: play-off barrage: none stored, its winner is recorded)
    games: tuple[Game, ...]
    #: the player who went through; None while the tie is open (or after a double forfeit)
    through: str | None
    #: the players who went out (empty while the tie is open)
    out: tuple[str, ...]
    why: Reason
    #: game points of ``players`` over ``games`` where a tie is decided on them (DS-21)
    score: tuple[Fraction, Fraction] | None = None
    #: the play-off numbers its barrages (DS-20)
    number: int | None = None

    @property
    def decided(self) -> bool:
        return bool(self.out)

    @property
    def white(self) -> str:
        return self.players[0]

    @property
    def black(self) -> str:
        return self.players[1]

    a = white
    b = black

    @property
    def result(self) -> Result | None:
        """The result of the tie's (first) game: a cup tie is one game."""
        return self.games[0].result if self.games else None

    @property
    def score_a(self) -> Fraction:
        return self.score[0] if self.score is not None else Fraction(0)

    @property
    def score_b(self) -> Fraction:
        return self.score[1] if self.score is not None else Fraction(0)

    @property
    def winner(self) -> str | None:
        return self.through

    def other(self, player: str) -> str:
        """The opponent of ``player`` in this tie."""
        return self.players[1] if player == self.players[0] else self.players[0]


def won(
    players: tuple[str, str],
    games: Sequence[Game],
    winner: str,
    why: Reason,
    score: tuple[Fraction, Fraction] | None = None,
    number: int | None = None,
) -> Tie:
    """A tie ``winner`` won: the other player is out."""
    loser = players[1] if winner == players[0] else players[0]
    return Tie(players, tuple(games), winner, (loser,), why, score, number)


def undecided(
    players: tuple[str, str],
    games: Sequence[Game],
    why: Reason,
    score: tuple[Fraction, Fraction] | None = None,
    number: int | None = None,
) -> Tie:
    """A tie still open: nobody through, nobody out."""
    return Tie(players, tuple(games), None, (), why, score, number)


def both_out(
    players: tuple[str, str],
    games: Sequence[Game],
    why: Reason,
    score: tuple[Fraction, Fraction] | None = None,
) -> Tie:
    """A tie that sends both players out (a double forfeit)."""
    return Tie(players, tuple(games), None, players, why, score)


@dataclass(frozen=True, slots=True)
class KoRound:
    """One round of a knock-out (a cup round, a knock-out evening, a stage of barrages)."""

    number: int
    ties: tuple[Tie, ...]
    #: through to the next round without a game (drawn, the odd one out, waiting for the
    #: next barrage)
    byes: tuple[str, ...]
    #: the cup: the seed of the round's random draw (MG-7), if stored
    seed: int | None = None
    #: the cup of pools: the ladder evening the round is played on
    ladder_round: int | None = None
    #: the cup: entrants still in who were not there this round (they stay in)
    away: tuple[str, ...] = ()

    @property
    def matches(self) -> tuple[Tie, ...]:
        """The play-off's word for a stage's ties (its barrages)."""
        return self.ties

    @property
    def waiting(self) -> tuple[str, ...]:
        """The play-off's word for a stage's byes (they wait for the next stage)."""
        return self.byes

    @property
    def decided(self) -> bool:
        """Every tie of the round is decided."""
        return all(t.decided for t in self.ties)


@dataclass(frozen=True, slots=True)
class Bracket:
    """A knock-out so far: its rounds, who is still in, and the winner once one is left."""

    rounds: tuple[KoRound, ...]
    #: still in (the cup of pools: in bracket order)
    still_in: tuple[str, ...]
    #: the round after which at most one entrant was left; None while it goes on (the cup)
    over_after: int | None
    winner: str | None
    #: the cup of pools: which knock-out (``main``, ``losers``) and who entered it
    name: str = ""
    entrants: tuple[str, ...] = ()

    @property
    def over(self) -> bool:
        return self.over_after is not None or self.winner is not None


def survivors(rnd: KoRound) -> list[str]:
    """Who goes on after ``rnd``, in bracket order: each tie's winner (both players while
    it is open), then the byes."""
    return [p for t in rnd.ties for p in t.players if p not in t.out] + list(rnd.byes)


def knocked_out(rounds: Iterable[KoRound]) -> set[str]:
    """Every player a tie of ``rounds`` sent out."""
    return {p for r in rounds for t in r.ties for p in t.out}


def open_ties(rounds: Iterable[KoRound]) -> tuple[tuple[int, Tie], ...]:
    """The ties of ``rounds`` still open, each with its round's number."""
    return tuple((r.number, t) for r in rounds for t in r.ties if not t.decided)


def pairs_in_order(players: Sequence[str]) -> list[tuple[str, str]]:
    """The next round from those still in, in bracket order: 1-2, 3-4, ...; an odd last
    one goes through without a game."""
    return [(players[i], players[i + 1]) for i in range(0, len(players) - 1, 2)]
