"""Round-robin competitions: the round-robin groups (DS-16: Topcompetitie, Rembrandt League,
Weihenstephaner League), also the play-off (DS-20) and the Meierij Cup's pools (DS-21).

Such a competition (``pairing.method = "round-robin"``) is never paired: its whole schedule
is made once, when it is created, by Berger tables (:func:`schedule`). Its table
(:func:`table`) counts every board that has a result, in whichever round (a postponed game
may be played later): points, then the ruleset's tie-breaks (DS-16: Sonneborn-Berger, then
the mutual result); players level on all of them share a place. The winner of a lower
group is promoted (``awards.promotes_to``, :func:`promotion`).

Pure functions over a :class:`~compcore.domain.model.Season`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from compcore.domain.model import Game, Kind, Season
from compcore.formats.kind import format_of
from compcore.rules.rulesets import Ruleset
from compcore.rules.rulesets.schema import TieBreak
from compcore.scoring import tiebreaks
from compcore.scoring.entries import apply_caps
from compcore.scoring.history import Entry, history

#: the schedule: rounds in order, each the boards of that round (unplayed games)
Schedule = tuple[tuple[Game, ...], ...]


def berger(seeds: Sequence[str]) -> tuple[tuple[int, str, str], ...]:
    """DS-20: the single round robin by Berger tables, as (round, white, black).

    Four players: 1-4 2-3 / 4-3 1-2 / 2-4 3-1 (whites: seeds 1 and 2 twice, 3 and 4 once).
    In general, for n players (an odd number gets a "bye" seat n, whose opponent rests that
    round): round 1 is 1-n, 2-(n-1), ...; each next round adds n/2 to every number but n
    (counting 1..n-1 round and round), and the board with n switches colours every round.
    """
    seats: list[str | None] = [*seeds, None] if len(seeds) % 2 else list(seeds)
    n = len(seats)
    if n < 2:
        return ()
    pairs = [(i, n - 1 - i) for i in range(n // 2)]  # 0-based seats; seat n-1 is "n"
    out: list[tuple[int, str, str]] = []
    for rnd in range(1, n):
        for board, (w, b) in enumerate(pairs):
            if board == 0 and rnd % 2 == 0:
                w, b = b, w
            white, black = seats[w], seats[b]
            if white is not None and black is not None:
                out.append((rnd, white, black))
        pairs = [(_turn(w, n), _turn(b, n)) for w, b in pairs]
    return tuple(out)


def _turn(seat: int, n: int) -> int:
    """Berger tables: seat ``seat`` (0-based) in the next round; the last seat stays."""
    return seat if seat == n - 1 else (seat + n // 2) % (n - 1)


def schedule(seeds: Sequence[str], double: bool = False, games_per_meeting: int = 1) -> Schedule:
    """The Berger schedule of ``seeds`` (in seed order) as rounds of boards (games without a
    result); a stable signature, shared by every round-robin format.

    * single: :func:`compcore.formats.round_robin.berger`'s rounds 1 to n-1 (an odd number of players
      adds a "bye" seat: its opponent rests that round and is on no board);
    * ``double`` (DS-16): a second half of as many rounds, the same boards in the same
      order with the colours reversed;
    * ``games_per_meeting`` 2 (DS-21, "bij de indeling 4-1 heeft speler 4 in de eerste
      partij wit en in de tweede partij zwart"): each board is followed in its round by a
      second game between the same two players, colours reversed.
    """
    boards = berger(seeds)
    count = max((r for r, _, _ in boards), default=0)
    single = [tuple(Game(w, b) for r, w, b in boards if r == n) for n in range(1, count + 1)]
    rounds = single + ([tuple(_reversed(g) for g in rnd) for rnd in single] if double else [])
    if games_per_meeting == 2:
        rounds = [tuple(game for g in rnd for game in (g, _reversed(g))) for rnd in rounds]
    return tuple(rounds)


def _reversed(game: Game) -> Game:
    return Game(game.black, game.white)


# --------------------------------------------------------------------------- the table


@dataclass(frozen=True, slots=True)
class TableRow:
    """One player's line: place (shared when level on points and every tie-break), points,
    games played (with a result), won, drawn, lost, and the tie-breaks' values (in points:
    Sonneborn-Berger, the mutual result among those level with him)."""

    place: int
    player: str
    name: str
    points: Fraction
    games: int
    won: int
    drawn: int
    lost: int
    tie_breaks: Mapping[str, Fraction]


@dataclass(frozen=True, slots=True)
class GroupTable:
    """The table of a round-robin competition (DS-16)."""

    rows: tuple[TableRow, ...]
    #: the tie-breaks shown (the ruleset's, the initial order left out)
    breaks: tuple[TieBreak, ...]
    #: every scheduled board has a result
    complete: bool

    @property
    def leader(self) -> str | None:
        """The one player in first place (None: first place is shared, or no result yet)."""
        top = [r for r in self.rows if r.place == 1]
        if len(top) != 1 or not any(r.games for r in self.rows):
            return None
        return top[0].player

    @property
    def winner(self) -> str | None:
        """DS-16: the group's winner: its leader once every board has a result."""
        return self.leader if self.complete else None


@dataclass(frozen=True, slots=True)
class Order:
    """A table's order: each line's place and player, best first, and the mutual results
    counted on the way (:func:`order`)."""

    #: (place, player): a place is shared by players level on points and every tie-break
    lines: tuple[tuple[int, str], ...]
    #: the mutual result per player, counted among those level with him (0: level with
    #: nobody, or no mutual-result tie-break)
    mutual: Mapping[str, tiebreaks.Score]


def order(
    players: Sequence[str],
    points: Mapping[str, Fraction],
    breaks: Sequence[TieBreak],
    column: Callable[[TieBreak], Mapping[str, tiebreaks.Score]],
    mutual: Callable[[str, frozenset[str]], tiebreaks.Score],
) -> Order:
    """The one table order of a set of players (a round-robin group, the play-off, a pool
    of the cup of pools): most points first, then the tie-breaks ``breaks`` in order
    (:func:`compcore.scoring.tiebreaks.tie_keys`: ``column(name)`` a tie-break's values,
    ``mutual(player, level)`` the mutual result among the players still level), then the
    order of ``players`` (the seeding); players level on points and every tie-break share
    a place."""
    keys, mutuals = tiebreaks.tie_keys(points, breaks, column, mutual)
    index = {pid: i for i, pid in enumerate(players)}
    ranked = sorted(players, key=lambda p: (keys[p], index[p]))
    lines: list[tuple[int, str]] = []
    for i, pid in enumerate(ranked):
        place = lines[-1][0] if lines and keys[ranked[i - 1]] == keys[pid] else i + 1
        lines.append((place, pid))
    return Order(tuple(lines), mutuals)


def table(season: Season, ruleset: Ruleset) -> GroupTable:
    """The group table (DS-16): points over every board with a result, in any round; then
    the ruleset's tie-breaks in order (DS-16: Sonneborn-Berger, then the mutual result, the
    points scored against the players still level); players level on all of them share a
    place (the initial order is no tie-break here: it only orders the lines).

    Worked example (tests/unit/formats/test_round_robin.py): a 1-0 b, c 1-0 a, b 1-0 c: all 1 point, SB
    1 each, mutual 1 each: all three share place 1.
    """
    hist = history(season, ruleset)
    scored = apply_caps(hist, ruleset)
    points = {
        pid: sum((s.points.amount for s in scored.get(pid, ())), Fraction(0))
        for pid in season.player_ids
    }
    index = {pid: i for i, pid in enumerate(season.player_ids)}
    breaks = tuple(b for b in ruleset.tie_breaks if b != "initial-order")
    found = tiebreaks.TieBreaks(hist.by_player, ruleset, index)
    ranked = order(
        season.player_ids,
        points,
        breaks,
        lambda b: found.column(b, points),
        lambda p, among: tiebreaks.mutual_result(hist.by_player.get(p, ()), among),
    )
    values = _values(breaks, hist.by_player, points, ruleset, index, ranked.mutual)
    rows: list[TableRow] = []
    for place, pid in ranked.lines:
        kinds = [e.kind for e in hist.entries(pid)]
        won, drawn, lost = (kinds.count(k) for k in (Kind.WIN, Kind.DRAW, Kind.LOSS))
        forfeits = kinds.count(Kind.FORFEIT_WIN) + kinds.count(Kind.FORFEIT_LOSS)
        rows.append(
            TableRow(
                place=place,
                player=pid,
                name=season.player(pid).name,
                points=points[pid],
                games=won + drawn + lost + forfeits,
                won=won + kinds.count(Kind.FORFEIT_WIN),
                drawn=drawn,
                lost=lost + kinds.count(Kind.FORFEIT_LOSS),
                tie_breaks={b: values[b][pid] for b in breaks},
            )
        )
    return GroupTable(tuple(rows), breaks, season.all_results_in and bool(season.rounds))


def _values(
    breaks: Sequence[TieBreak],
    entries: Mapping[str, Sequence[Entry]],
    points: Mapping[str, Fraction],
    ruleset: Ruleset,
    index: Mapping[str, int],
    mutual: Mapping[str, Fraction | int],
) -> dict[str, dict[str, Fraction]]:
    """Each tie-break's value per player, in points (the mutual result as counted among
    those level with him)."""
    out: dict[str, dict[str, Fraction]] = {}
    for name in breaks:
        if name == tiebreaks.MUTUAL:
            out[name] = {p: Fraction(mutual.get(p, 0), 2) for p in points}
        else:
            found = tiebreaks.compute(name, entries, points, ruleset, index)
            out[name] = {p: Fraction(v) for p, v in found.items()}
    return out


# --------------------------------------------------------------------------- promotion


@dataclass(frozen=True, slots=True)
class Promotion:
    """DS-16: the winner of a lower group is promoted to the group ``to`` for next season;
    ``player`` once the group is decided (every board has a result, one player first),
    else None with the current ``leader`` (None: first place shared or nothing played)."""

    to: str
    player: str | None
    leader: str | None


def promotion(season: Season, ruleset: Ruleset) -> Promotion | None:
    """DS-16: who is promoted, and to which group (``awards.promotes_to``); None for a
    competition without promotion (not a round robin, or the top group)."""
    to = ruleset.awards.promotes_to
    if to is None or not format_of(ruleset).scheduled:
        return None
    found = table(season, ruleset)
    return Promotion(to, found.winner, found.leader)


# --------------------------------------------------------------------------- the schedule


def postponed(season: Season) -> frozenset[tuple[int, int]]:
    """The boards (round number, board index from 0) still without a result while a later
    round already has one: a postponed game, which may be played in any round (DS-16)."""
    last_result = max(
        (r.number for r in season.rounds if any(g.result is not None for g in r.games or ())),
        default=0,
    )
    return frozenset(
        (r.number, i)
        for r in season.rounds
        if r.number < last_result
        for i, g in enumerate(r.games or ())
        if g.result is None
    )
