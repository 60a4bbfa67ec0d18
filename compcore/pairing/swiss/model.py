"""Immutable input and output types of compcore's FIDE Dutch Swiss pairing.

These types are plain data: no I/O, no engine. The TRF reader
(:mod:`compcore.adapters.files.trf`) produces them, :func:`compcore.pairing.swiss.pair_dutch`
consumes them, and the club's own domain can build them from a season as well.

Result codes are the TRF16 ones (see ``spec/formats.md``):

* played over the board: ``1`` ``=`` ``0``, and ``W`` ``D`` ``L`` (games of less than one
  move: paired and played for pairing purposes, not rated);
* forfeits: ``+`` (win), ``-`` (loss); the game was not played;
* byes: ``H`` half point, ``F`` full point, ``U`` pairing-allocated bye (full point),
  ``Z`` zero points (also absence; a blank TRF result reads as ``Z``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Literal

Colour = Literal["w", "b"]

#: Results of games played over the board (they count for colours and forbid rematches).
PLAYED_RESULTS: Final = frozenset({"1", "=", "0", "W", "D", "L"})
#: Results that need an opponent.
GAME_RESULTS: Final = PLAYED_RESULTS | {"+", "-"}
#: Results of rounds without an opponent.
BYE_RESULTS: Final = frozenset({"H", "F", "U", "Z"})
#: Every result code a :class:`SwissRecord` may carry.
RESULT_CODES: Final = GAME_RESULTS | BYE_RESULTS
#: The results the opponent of a game may have recorded (``- -``: double forfeit).
OPPOSITE_RESULTS: Final = {
    "1": frozenset({"0"}),
    "0": frozenset({"1"}),
    "=": frozenset({"="}),
    "W": frozenset({"L"}),
    "L": frozenset({"W"}),
    "D": frozenset({"D"}),
    "+": frozenset({"-"}),
    "-": frozenset({"+", "-"}),
}


@dataclass(frozen=True, slots=True)
class PointValues:
    """Points per result, as bbpPairings reads TRF's ``BBW BBD BBL BBZ BBF BBU`` (FIDE
    default: 1, 1/2, 0).

    ``win`` (``BBW``) counts for ``1 W``, a forfeit win ``+`` against an opponent and a
    full-point bye ``F``; ``draw`` (``BBD``) for ``= D H``; ``loss`` (``BBL``) for ``0 L``;
    ``forfeit_loss`` (``BBF``) for ``-`` against an opponent; ``zero_bye`` (``BBZ``) for
    ``Z``, a blank and ``-`` without an opponent; ``pab`` (``BBU``) for the pairing-allocated
    bye ``U`` (and ``+`` without an opponent), the win value when ``None`` (no ``BBU``).
    """

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    zero_bye: Fraction = Fraction(0)
    forfeit_loss: Fraction = Fraction(0)
    pab: Fraction | None = None

    @property
    def pab_points(self) -> Fraction:
        """Points for the pairing-allocated bye: ``BBU``, else the win value."""
        return self.win if self.pab is None else self.pab

    def points(self, record: SwissRecord) -> Fraction:
        """Points a player scores for one round's record (bbpPairings' reading)."""
        result, paired = record.result, record.opponent is not None
        if result in ("1", "W", "F") or (result == "+" and paired):
            return self.win
        if result in ("=", "D", "H"):
            return self.draw
        if result in ("0", "L"):
            return self.loss
        if result == "-":
            return self.forfeit_loss if paired else self.zero_bye
        if result == "Z":
            return self.zero_bye
        if result in ("U", "+"):
            return self.pab_points
        raise ValueError(f"unknown TRF result code {result!r}")


FIDE_POINTS: Final = PointValues()


@dataclass(frozen=True, slots=True)
class SwissRecord:
    """One past round of one player.

    ``opponent`` is the opponent's pairing number, ``None`` for a bye or an absence.
    ``colour`` is the colour recorded for that round; it is ``None`` when the player had no
    opponent. A forfeit may carry the colour it was paired with (as TRF files record it);
    the engine counts colours of games played over the board only (FIDE C.04.3 A.6, and
    the rule that unplayed games do not count for colours).
    """

    opponent: int | None
    colour: Colour | None
    result: str

    @property
    def played(self) -> bool:
        """True when the game was played over the board (colour and rematch count)."""
        return self.opponent is not None and self.result in PLAYED_RESULTS

    @property
    def paired(self) -> bool:
        """True when the pairing program paired this round (a game, a forfeit or the PAB)."""
        return self.opponent is not None or self.result in ("U", "+")


@dataclass(frozen=True, slots=True)
class SwissPlayer:
    """A player: pairing number (1-based initial rank), name, rating, past rounds."""

    number: int
    name: str
    rating: int | None
    history: tuple[SwissRecord, ...]


@dataclass(frozen=True, slots=True)
class SwissTournament:
    """A Swiss tournament up to (not including) the round to pair.

    Every player's ``history`` has one record per past round, so the round to pair is
    ``len(history) + 1``. ``first_colour_white`` is TRF ``XXC white1`` (the initial colour
    of FIDE C.04.3 E.5); ``total_rounds`` is TRF ``XXR`` (``None``: unknown, then no round
    is treated as the last one).
    """

    players: tuple[SwissPlayer, ...]
    total_rounds: int | None
    first_colour_white: bool
    points: PointValues = FIDE_POINTS

    @property
    def rounds_played(self) -> int:
        """Number of past rounds (the same for every player)."""
        return len(self.players[0].history) if self.players else 0


@dataclass(frozen=True, slots=True)
class SwissBoard:
    """One board of a pairing: pairing numbers and a short English reason; the same reason
    as data for other languages: both players' scores before the round, and the colour rule
    (``E.1``..``E.5``), why it decided (a key of ``engine.COLOUR_WHY``) and the pairing
    number it names."""

    white: int
    black: int
    reason: str
    scores: tuple[Fraction, Fraction] | None = None
    colour_rule: str | None = None
    colour_why: str | None = None
    colour_player: int | None = None


@dataclass(frozen=True, slots=True)
class SwissPairing:
    """A round's pairing: boards in the reference engine's board order, and the PAB.

    ``slow_matchings``: why each matching that did not fit the fast backend ran on
    networkx (pure Python: the same pairing, but seconds instead of milliseconds at a
    few hundred players); each is also logged as a warning. Empty when all ran fast.
    """

    boards: tuple[SwissBoard, ...]
    bye: int | None
    slow_matchings: tuple[str, ...] = ()
