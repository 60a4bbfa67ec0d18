"""The club rating (issue 13 item 3): an Elo-style rating from the games played over the
board, updated per round. DS-2 ("Dubbelschaak rating") orders the players by it at a cycle's
start (``initial_order = ["club-rating", ...]``); Keizer classic's weekly internal rating
list is this list. The ruleset's ``[club_rating]`` section (:class:`ClubRatingRules`) holds
K, the initial rating and the provisional games.

The formula, per round, from the ratings *before* the round (a round's games do not see each
other's changes):

* expected score of A against B: ``E = 1 / (1 + 10 ** ((Rb - Ra) / 400))``;
* a player's change is ``K x (S - E)`` summed over his games of the round (S: 1 win,
  1/2 draw, 0 loss), with ``provisional_k`` (if set) while he is provisional;
* the sum is rounded once per round to a whole point, halves away from zero
  (+7.5 -> +8, -7.5 -> -8); ratings are whole numbers.

Counted: games with a result that were played over the board. Not counted: forfeits, byes,
absences and every other entry, boards without a result, games against the engine (DS-9:
it plays at a rating set from its opponent's). A player is *provisional* while he has fewer
than ``provisional_games`` counted games. Before his first counted game a player's rating is
``initial``: a number, or (``"rating"``) his own rating as valid in the coming round
(``Season.rating_at``), else ``unrated``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from compcore.domain.model import Game, Kind, Season
from compcore.rules.rulesets.schema import ClubRatingRules, Ruleset

_SCORE: Mapping[Kind, float] = MappingProxyType({Kind.WIN: 1.0, Kind.DRAW: 0.5, Kind.LOSS: 0.0})


@dataclass(frozen=True, slots=True)
class RatingRow:
    """One player on a club rating list: his rating after the round, counted games so far,
    whether he is still provisional, and the change since the list before."""

    player: str
    rating: int
    games: int
    provisional: bool
    change: int


@dataclass(frozen=True, slots=True)
class RatingList:
    """The club rating list after a round (``after_round`` 0: before any game), best first
    (rating high to low, then name)."""

    after_round: int
    rows: tuple[RatingRow, ...]

    def row(self, player: str) -> RatingRow:
        for row in self.rows:
            if row.player == player:
                return row
        raise KeyError(player)

    @property
    def ratings(self) -> Mapping[str, int]:
        return MappingProxyType({r.player: r.rating for r in self.rows})


@dataclass(frozen=True, slots=True)
class ClubRatings:
    """Every list of a season: ``lists[0]`` before any round, then one per played round."""

    lists: tuple[RatingList, ...]

    def after(self, round_no: int) -> RatingList:
        """The list after ``round_no`` (the last list of a round up to it)."""
        return [lst for lst in self.lists if lst.after_round <= round_no][-1]

    def before(self, round_no: int) -> RatingList:
        """The list valid for ``round_no``: after the last round before it (DS-2)."""
        return self.after(round_no - 1)

    @property
    def latest(self) -> RatingList:
        return self.lists[-1]

    def history(self, player: str) -> tuple[tuple[int, int], ...]:
        """(after round, rating) of every list the player is on (a trend)."""
        return tuple(
            (lst.after_round, lst.row(player).rating)
            for lst in self.lists
            if any(r.player == player for r in lst.rows)
        )


def round_half_away(value: float) -> int:
    """``value`` rounded to a whole number, halves away from zero (7.5 -> 8, -7.5 -> -8)."""
    return int(math.copysign(math.floor(abs(value) + 0.5), value))


def expected_score(own: int, opponent: int) -> float:
    """Elo's expected score: ``1 / (1 + 10 ** ((opponent - own) / 400))``."""
    return 1.0 / (1.0 + math.pow(10.0, (opponent - own) / 400.0))


def rated_games(season: Season, round_no: int) -> tuple[Game, ...]:
    """The round's games that count: played over the board, with a result, no engine."""
    games = season.round(round_no).games or ()
    return tuple(
        g
        for g in games
        if g.played and not (season.player(g.white).is_engine or season.player(g.black).is_engine)
    )


def club_ratings(season: Season, ruleset: Ruleset, upto: int | None = None) -> ClubRatings:
    """The club rating list before the first round and after every played round (up to
    round ``upto`` if given), by the module's formula and the ruleset's ``club_rating``."""
    rules = ruleset.club_rating
    elo: dict[str, int] = {}
    games: dict[str, int] = {}
    previous = _list(season, rules, 0, elo, games, None)
    lists = [previous]
    for rnd in season.played_rounds:
        if upto is not None and rnd.number > upto:
            break
        deltas = _round_changes(season, rules, rnd.number, elo, games)
        for pid, delta in deltas.items():
            elo[pid] = _rating(season, rules, pid, rnd.number, elo) + round_half_away(delta)
        previous = _list(season, rules, rnd.number, elo, games, previous)
        lists.append(previous)
    return ClubRatings(tuple(lists))


def club_rating_before(season: Season, ruleset: Ruleset, round_no: int) -> Mapping[str, int]:
    """Every player's club rating valid for ``round_no`` (DS-2's initial order)."""
    return club_ratings(season, ruleset, upto=round_no - 1).before(round_no).ratings


def _rating(
    season: Season, rules: ClubRatingRules, pid: str, round_no: int, elo: Mapping[str, int]
) -> int:
    """The rating a player brings into ``round_no``: his club rating, else the initial."""
    if pid in elo:
        return elo[pid]
    if rules.initial != "rating":
        return rules.initial
    own = season.rating_at(pid, round_no)
    return rules.unrated if own is None else own


def _round_changes(
    season: Season,
    rules: ClubRatingRules,
    round_no: int,
    elo: dict[str, int],
    games: dict[str, int],
) -> dict[str, float]:
    """K x (S - E) summed per player over the round's counted games (unrounded); counts the
    games. Every expectation uses the ratings before the round."""
    deltas: dict[str, float] = {}
    counted: dict[str, int] = {}
    for game in rated_games(season, round_no):
        for pid in game.players:
            opponent = game.opponent_of(pid)
            own = _rating(season, rules, pid, round_no, elo)
            other = _rating(season, rules, opponent, round_no, elo)
            provisional = games.get(pid, 0) < rules.provisional_games
            k = rules.provisional_k if provisional and rules.provisional_k else rules.k
            score = _SCORE[game.kind_for(pid)]
            deltas[pid] = deltas.get(pid, 0.0) + k * (score - expected_score(own, other))
            counted[pid] = counted.get(pid, 0) + 1
    for pid, n in counted.items():
        games[pid] = games.get(pid, 0) + n
    return deltas


def _list(
    season: Season,
    rules: ClubRatingRules,
    after_round: int,
    elo: Mapping[str, int],
    games: Mapping[str, int],
    previous: RatingList | None,
) -> RatingList:
    """The list after ``after_round``: every non-engine player registered by the next round
    (one who has not played yet at his initial rating for that round)."""
    before = previous.ratings if previous is not None else {}
    rows = []
    for player in season.players:
        if player.is_engine or (
            player.joined_round is not None and player.joined_round > after_round + 1
        ):
            continue
        rating = _rating(season, rules, player.id, after_round + 1, elo)
        played = games.get(player.id, 0)
        change = rating - before[player.id] if player.id in before and player.id in elo else 0
        rows.append(RatingRow(player.id, rating, played, played < rules.provisional_games, change))
    names = {p.id: p.name.casefold() for p in season.players}
    rows.sort(key=lambda r: (-r.rating, names[r.player], r.player))
    return RatingList(after_round, tuple(rows))
