"""The domain: players, rounds, games and entries of one competition's season.

Everything here is immutable plain data with no I/O. A :class:`Season` is exactly what a
season file holds (``spec/season-format.md``); optional fields that a file leaves out are
``None`` so that writing a season back gives the same file. Derived facts (who played whom,
colour histories, scores) are computed elsewhere by pure functions over these objects.

The parts a season file may leave out (``RatingChange``, ``PlayerChange``, ``ForcedGame``,
``Decision``, ``Calendar``) are defined in :mod:`compcore.domain.season_parts` and given here by
name on first use, so that a command on a season without them does not build their classes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from operator import attrgetter
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal

#: a player's id (:attr:`Season.player_ids`, read in C)
_ID = attrgetter("id")

if TYPE_CHECKING:
    from compcore.domain.reason import Reason
    from compcore.domain.season_parts import Calendar as Calendar
    from compcore.domain.season_parts import Decision as Decision
    from compcore.domain.season_parts import ForcedGame as ForcedGame
    from compcore.domain.season_parts import PlayerChange as PlayerChange
    from compcore.domain.season_parts import RatingChange as RatingChange
else:
    #: the season's optional parts, defined in :mod:`compcore.domain.season_parts`
    _PARTS = frozenset({"Calendar", "Decision", "ForcedGame", "PlayerChange", "RatingChange"})

    def __getattr__(name: str) -> Any:
        """A season's optional part (``RatingChange``, ``PlayerChange``, ``ForcedGame``,
        ``Decision``, ``Calendar``) on first use: :mod:`compcore.domain.season_parts`."""
        if name in _PARTS:
            from compcore.domain import season_parts

            return getattr(season_parts, name)
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


Colour = Literal["w", "b"]


class Result(StrEnum):
    """A game's result as written in season files."""

    WHITE_WINS = "1-0"
    BLACK_WINS = "0-1"
    DRAW = "1/2-1/2"
    WHITE_FORFEIT_WIN = "1-0F"  # black did not come
    BLACK_FORFEIT_WIN = "0-1F"  # white did not come
    DOUBLE_FORFEIT = "0-0F"

    @property
    def is_forfeit(self) -> bool:
        return self.value.endswith("F")


class Kind(StrEnum):
    """What one player's round was: the unit every scoring rule is written in.

    ``WIN``/``DRAW``/``LOSS`` come from played games; all others are the entry kinds of
    ``spec/rulesets.md`` ("Entry kinds").
    """

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"
    FORFEIT_WIN = "forfeit-win"
    FORFEIT_LOSS = "forfeit-loss"
    BYE = "bye"
    ABSENT = "absent"
    ABSENT_UNEXCUSED = "absent-unexcused"
    EXTERNAL = "external"
    CLUB_DUTY = "club-duty"
    CUP_WIN = "cup-win"
    CUP_DRAW = "cup-draw"
    CUP_LOSS = "cup-loss"
    JOKER = "joker"
    DECLINED_ENGINE = "declined-engine"
    NOT_PARTICIPATING = "not-participating"

    @property
    def is_game_outcome(self) -> bool:
        """A result of a game against a named opponent (played or forfeited)."""
        return self in _GAME_OUTCOMES


_GAME_OUTCOMES = frozenset({Kind.WIN, Kind.DRAW, Kind.LOSS, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS})

#: Kinds a season file may put in a round's ``entries`` (games carry the others).
ENTRY_KINDS: tuple[Kind, ...] = tuple(k for k in Kind if k not in (Kind.WIN, Kind.DRAW, Kind.LOSS))


def freeze(value: Any) -> Any:
    """A deep read-only copy of JSON-like data: dicts become mapping proxies, lists tuples."""
    if isinstance(value, Mapping):
        return MappingProxyType({k: freeze(v) for k, v in value.items()})
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """The inverse of :func:`freeze`: plain dicts and lists, ready for ``json.dumps``."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [thaw(v) for v in value]
    return value


EMPTY: Mapping[str, Any] = MappingProxyType({})

#: DS-15: a player's default attendance (``always``: present, ``never``: not participating)
Participation = Literal["always", "never"]


@dataclass(frozen=True, slots=True)
class Player:
    """A registered player (or the engine entrant, DS-9)."""

    id: str
    name: str
    rating: int | None = None
    strength: int | None = None
    level: str | None = None
    flags: tuple[str, ...] | None = None
    participation: Participation | None = None
    virtual: Literal["engine"] | None = None
    joined_round: int | None = None
    withdrawn_round: int | None = None
    #: the KNSB relatienummer (7 digits, ``compcore.domain.federation_ids``); None: not known
    knsb_id: str | None = None
    #: the FIDE id (digits, ``compcore.domain.federation_ids``); None: not known
    fide_id: str | None = None

    @property
    def is_engine(self) -> bool:
        return self.virtual == "engine"

    def has_flag(self, flag: str) -> bool:
        return flag in (self.flags or ())

    @property
    def participates_by_default(self) -> bool:
        """DS-15: ``always`` players are paired unless they sign off."""
        return (self.participation or "always") == "always"

    def registered_in(self, round_no: int) -> bool:
        """Whether the player belongs to the competition in that round (joined, not withdrawn)."""
        if self.joined_round is not None and round_no < self.joined_round:
            return False
        return not (self.withdrawn_round is not None and round_no >= self.withdrawn_round)


@dataclass(frozen=True, slots=True)
class Game:
    """A board: white, black and (once played) the result.

    ``group`` marks a game from a round-robin group (DS-16): it scores in the ladder but does
    not count towards meeting limits. ``reason`` says why the board was made (the pairing's
    explanation, a :class:`~compcore.domain.reason.Reason`); ``override`` why it may break a hard
    rule (KC-7): the director's own words, or a reason (a forced game, a rule the pairing had
    to relax). Plain text in either is shown as it is (files from before reasons were keys).
    """

    white: str
    black: str
    result: Result | None = None
    group: str | None = None
    reason: str | Reason | None = None
    override: str | Reason | None = None

    @property
    def players(self) -> tuple[str, str]:
        return (self.white, self.black)

    def opponent_of(self, player: str) -> str:
        return self.black if player == self.white else self.white

    def colour_of(self, player: str) -> Colour:
        return "w" if player == self.white else "b"

    def kind_for(self, player: str) -> Kind:
        """The scoring kind this game gives ``player`` (requires a result)."""
        if self.result is None:
            raise ValueError("an unplayed board has no result yet")
        white = player == self.white
        match self.result:
            case Result.WHITE_WINS:
                return Kind.WIN if white else Kind.LOSS
            case Result.BLACK_WINS:
                return Kind.LOSS if white else Kind.WIN
            case Result.DRAW:
                return Kind.DRAW
            case Result.WHITE_FORFEIT_WIN:
                return Kind.FORFEIT_WIN if white else Kind.FORFEIT_LOSS
            case Result.BLACK_FORFEIT_WIN:
                return Kind.FORFEIT_LOSS if white else Kind.FORFEIT_WIN
            case Result.DOUBLE_FORFEIT:
                return Kind.FORFEIT_LOSS

    @property
    def played(self) -> bool:
        """Played over the board (not a forfeit, and a result is known)."""
        return self.result is not None and not self.result.is_forfeit


@dataclass(frozen=True, slots=True)
class Round:
    """One club evening. Played when ``games`` is set; open (to be paired) otherwise."""

    number: int
    date: str | None = None
    cycle: int | None = None
    games: tuple[Game, ...] | None = None
    entries: Mapping[str, Kind] | None = None
    present: tuple[str, ...] | None = None
    forced: tuple[ForcedGame, ...] | None = None
    seed: int | None = None
    late: tuple[str, ...] | None = None
    #: the director finalized the round (locked: a correction needs a reason); None: not
    #: said (a season file from before the field), read as "every board has a result"
    finalized: bool | None = None
    #: in a competition played within a ladder (``Season.ladder``): the ladder's round (club
    #: evening) this round is played on (DS-16, DS-20, DS-21, MG-8); None: not scheduled
    ladder_round: int | None = None

    @property
    def is_open(self) -> bool:
        return self.games is None

    @property
    def is_finalized(self) -> bool:
        """Whether the round is finalized (locked): as stored, else, for a round that does not
        say, whether it is played and every board has a result (the old meaning)."""
        if self.finalized is not None:
            return self.finalized
        return self.games is not None and self.all_results_in

    @property
    def is_played(self) -> bool:
        return self.games is not None

    @property
    def all_results_in(self) -> bool:
        """Every board of the round has a result (so does an open round: it has none)."""
        return all(g.result is not None for g in self.games or ())


@dataclass(frozen=True, slots=True)
class RulesetRef:
    """Which preset a season uses and the fields it overrides (JSON-like, frozen)."""

    preset: str
    overrides: Mapping[str, Any] = field(default_factory=lambda: EMPTY)


#: club-evening weekdays as a season file writes them (``Calendar.weekday``)
WEEKDAYS: tuple[str, ...] = (
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Season:
    """A whole competition season: the content of one season file."""

    club: str
    season: str
    competition: str
    ruleset: RulesetRef
    players: tuple[Player, ...]
    rounds: tuple[Round, ...] = ()
    ratings: tuple[RatingChange, ...] | None = None
    decisions: tuple[Decision, ...] | None = None
    roster_changes: tuple[PlayerChange, ...] | None = None
    format: str = "compcore-season"
    version: int = 1
    #: the planned club evenings (an optional extension: absent in older files)
    calendar: Calendar | None = None
    #: the ladder competition this one is played within, as ``club/season/competition``
    #: (round-robin groups DS-16, the play-off DS-20, the Meierij Cup DS-21, the Magnus cup
    #: MG-8): its rounds name their ladder evening (``Round.ladder_round``) and its games
    #: count there as the ruleset's ``ladder_link`` says; None: a competition of its own
    ladder: str | None = None
    _by_id: Mapping[str, Player] = field(init=False, repr=False, compare=False)
    _ratings: Mapping[str, tuple[tuple[int, int], ...]] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        # lookups by id and rating timelines are asked for constantly: index them once
        by_id = dict(zip(map(_ID, self.players), self.players, strict=True))
        object.__setattr__(self, "_by_id", by_id)
        timeline: dict[str, list[tuple[int, int]]] = {}
        for change in self.ratings or ():
            timeline.setdefault(change.player, []).append((change.from_round, change.rating))
        object.__setattr__(
            self,
            "_ratings",
            {pid: tuple(sorted(changes, key=lambda c: c[0])) for pid, changes in timeline.items()},
        )

    def player(self, player_id: str) -> Player:
        return self._by_id[player_id]

    @property
    def by_id(self) -> Mapping[str, Player]:
        """Every player by id (the last of an id, as :meth:`player`): made once, read only."""
        return self._by_id

    def name_of(self, player_id: str) -> str:
        """The player's name; an id not on the roster as it is."""
        found = self._by_id.get(player_id)
        return found.name if found is not None else player_id

    def names(self) -> dict[str, str]:
        """Every player's name by id, in roster order."""
        return {p.id: p.name for p in self.players}

    @property
    def all_results_in(self) -> bool:
        """Every board of every round has a result (:attr:`Round.all_results_in`)."""
        return all(r.all_results_in for r in self.rounds)

    @property
    def player_ids(self) -> tuple[str, ...]:
        return tuple(map(_ID, self.players))

    @property
    def played_rounds(self) -> tuple[Round, ...]:
        return tuple(r for r in self.rounds if r.is_played)

    @property
    def open_round(self) -> Round | None:
        return next((r for r in self.rounds if r.is_open), None)

    @property
    def last_played(self) -> int:
        """Number of the last played round, 0 before the first."""
        played = self.played_rounds
        return played[-1].number if played else 0

    def round(self, number: int) -> Round:
        for r in self.rounds:
            if r.number == number:
                return r
        raise KeyError(number)

    def rating_at(self, player_id: str, round_no: int) -> int | None:
        """The player's rating valid in ``round_no`` (MG-1: updates apply from their round;
        of two changes from the same round the later listed one counts)."""
        rating = self._by_id[player_id].rating
        for from_round, changed in self._ratings.get(player_id, ()):
            if from_round > round_no:
                break
            rating = changed
        return rating

    def player_at(self, player_id: str, round_no: int) -> Player:
        """The player as of ``round_no``: the level and flags of the roster history
        (changes from that round or earlier, in order; of two from the same round the later
        listed one counts) and the rating of :meth:`rating_at`."""
        player = self._by_id[player_id]
        level, flags = player.level, player.flags
        changes = sorted(
            (c for c in self.roster_changes or () if c.player == player_id),
            key=lambda c: c.from_round,
        )
        for change in changes:
            if change.from_round > round_no:
                break
            level = change.level if change.level is not None else level
            flags = change.flags if change.flags is not None else flags
        return replace(player, level=level, flags=flags, rating=self.rating_at(player_id, round_no))

    def players_at(self, round_no: int) -> tuple[Player, ...]:
        """Every player as of ``round_no`` (:meth:`player_at`), in roster order; a player
        without roster or rating changes is the roster's own (a 10,000-member ladder's
        pairing made 10,000 copies of the unchanged)."""
        changed = {c.player for c in self.roster_changes or ()} | set(self._ratings)
        return tuple(self.player_at(p.id, round_no) if p.id in changed else p for p in self.players)

    def with_round(self, new: Round) -> Season:
        """A copy with ``new`` replacing the round of the same number, or appended."""
        rounds = [r for r in self.rounds if r.number != new.number]
        rounds.append(new)
        rounds.sort(key=lambda r: r.number)
        return replace(self, rounds=tuple(rounds))

    def without_round(self, number: int) -> Season:
        return replace(self, rounds=tuple(r for r in self.rounds if r.number != number))

    def truncated(self, after_round: int) -> Season:
        """The season as it was after ``after_round`` was played (later rounds dropped)."""
        return replace(self, rounds=tuple(r for r in self.rounds if r.number <= after_round))
