"""Simulated seasons for the committee (issue 13 item 2): how often would the strongest
player win, and how often would a chronic absentee end in the top 3, under ruleset A and
under ruleset B?

The model comes from a stored season (:func:`model_of`): each player's attendance rate, his
playing strength as an Elo rating, and the club's draw rate. :func:`simulate` then plays
``seasons`` seasons from one seeded :class:`random.Random` (the same seed gives the same
result) and ranks every simulated season under both rulesets with the real scoring engine.

A lighter pairing (documented in ``docs/simulation.md``): the real pairing engine for every
round of every season under both rulesets costs about 3-40 ms a round, far too slow for the
target (1,000 seasons of 30 players and 30 rounds in 60 s). So each simulated round is paired
once, the same for both rulesets, by :func:`pair_by_score`: the present players in order of
their game points so far, neighbours paired, a rematch of the previous round avoided where a
swap allows. Both rulesets therefore score the very same games: the comparison measures the
scoring rules (values, absence points and caps, revaluation, tie-breaks), not the difference
their own pairings would make.
"""

from __future__ import annotations

import json
import random
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from math import log10

from compcore.domain.errors import CompcoreError, Phrase
from compcore.domain.model import Game, Kind, Player, Result, Round, RulesetRef, Season
from compcore.rules.rulesets import Ruleset
from compcore.scoring.history import history
from compcore.scoring.standings import standings

#: on_progress(done, total): called once after every simulated season
Progress = Callable[[int, int], None]

#: the app's limit on the number of seasons (the command line has none)
MAX_SEASONS_APP = 2000
#: draw rate when the stored season has no played game to measure it from
DEFAULT_DRAW_RATE = 0.25
#: strength of a player without rating and without games: the Elo scale's usual middle
DEFAULT_STRENGTH = 1500.0
#: a score share is clipped to [CLIP, 1 - CLIP] before it becomes a rating difference
CLIP = 0.05

_ATTENDED = frozenset({Kind.WIN, Kind.DRAW, Kind.LOSS, Kind.FORFEIT_WIN, Kind.BYE})


@dataclass(frozen=True, slots=True)
class Profile:
    """One player as the simulation sees him."""

    player: str
    name: str
    #: Elo rating used for the expected score
    strength: float
    #: share of his registered rounds he came to play (a game, a forfeit win or a bye)
    attendance: float


@dataclass(frozen=True, slots=True)
class Model:
    """What the club looks like: the players (strongest first), draw rate, rounds."""

    players: tuple[Profile, ...]
    draw_rate: float
    rounds: int


@dataclass(frozen=True, slots=True)
class Outcome:
    """One ruleset's figures over all simulated seasons."""

    ruleset: str
    #: how many final tables were counted: one per season, or one per cycle where the
    #: ruleset's standings restart per cycle (:func:`final_orders`)
    tables: int
    #: share of the tables the strongest player won
    strongest_wins: float
    #: share of the tables in which at least one chronic absentee finished in the top 3
    absentee_top3: float
    #: mean final place of the players in each strength decile (strongest decile first)
    mean_rank_by_decile: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class Simulation:
    """The result of :func:`simulate`: the inputs that matter and both rulesets' figures."""

    seasons: int
    seed: int
    threshold: float
    strongest: str
    #: the chronic absentees: attendance below ``threshold``
    absentees: tuple[str, ...]
    a: Outcome
    b: Outcome


def model_of(season: Season, ruleset: Ruleset, rounds: int | None = None) -> Model:
    """The model of a stored season: attendance per player (the share of the played rounds
    he was registered for in which he played, won by forfeit or had a bye; a round he did
    not take part in counts as not coming), strength from his rating (Elo expectation),
    else from his score share in the season's games, and the draw rate of the games played
    over the board. ``rounds``: how many rounds a simulated season has (default:
    the played rounds of the stored season)."""
    hist = history(season, ruleset)
    played = [r.number for r in season.played_rounds]
    profiles = []
    for player in season.players:
        if player.is_engine:
            continue
        entries = hist.entries(player.id)
        registered = [r for r in played if player.registered_in(r)]
        if not registered:
            continue
        came = sum(1 for e in entries if e.kind in _ATTENDED)
        profiles.append(
            Profile(
                player=player.id,
                name=player.name,
                strength=_strength(player, [e.kind for e in entries if e.played]),
                attendance=min(1.0, came / len(registered)),
            )
        )
    profiles.sort(key=lambda p: (-p.strength, p.name))
    games = [e.kind for es in hist.by_player.values() for e in es if e.played]
    draws = sum(1 for k in games if k is Kind.DRAW)
    draw_rate = draws / len(games) if games else DEFAULT_DRAW_RATE
    n_rounds = rounds if rounds is not None else len(played)
    if len(profiles) < 2 or n_rounds < 1:
        raise CompcoreError(Phrase("sim.error.too_small"))
    return Model(tuple(profiles), draw_rate, n_rounds)


def _strength(player: Player, results: Sequence[Kind]) -> float:
    """The rating, else ``1500 + 400 log10(s / (1 - s))`` for his score share ``s`` over
    the board (clipped to 5-95 %), else 1500."""
    if player.rating is not None:
        return float(player.rating)
    if not results:
        return DEFAULT_STRENGTH
    score = sum(1.0 if k is Kind.WIN else 0.5 if k is Kind.DRAW else 0.0 for k in results)
    share = min(1 - CLIP, max(CLIP, score / len(results)))
    return DEFAULT_STRENGTH + 400 * log10(share / (1 - share))


def expected(a: float, b: float) -> float:
    """Elo expectation of a player rated ``a`` against one rated ``b``."""
    return 1 / (1 + 10 ** ((b - a) / 400))


def draw_result(rng: random.Random, white: float, black: float, draw_rate: float) -> Result:
    """A result with expected score exactly the Elo expectation ``E`` of white where it can:
    a draw with probability ``d`` (the draw rate), a white win with ``E - d/2`` (clipped to
    [0, 1 - d]), else a black win."""
    e = expected(white, black)
    win = min(1 - draw_rate, max(0.0, e - draw_rate / 2))
    x = rng.random()
    if x < win:
        return Result.WHITE_WINS
    if x < win + draw_rate:
        return Result.DRAW
    return Result.BLACK_WINS


def pair_by_score(
    present: Sequence[str],
    points: Mapping[str, float],
    last: Mapping[str, str],
    byes: Mapping[str, int],
) -> tuple[list[tuple[str, str]], str | None]:
    """The simulation's light pairing, the same for both rulesets: the present players by
    game points so far (ties keep the order given), neighbours paired; where a pair met in
    the previous round (``last``) the second swaps with the next player. An odd one out gets
    a bye: the lowest placed of those with the fewest byes so far (``byes``)."""
    order = sorted(present, key=lambda p: -points[p])
    bye = None
    if len(order) % 2:
        fewest = min(byes.get(p, 0) for p in order)
        bye = next(p for p in reversed(order) if byes.get(p, 0) == fewest)
        order.remove(bye)
    pairs = []
    while order:
        first = order.pop(0)
        pick = 0
        if last.get(first) == order[0] and len(order) > 1:
            pick = 1
        pairs.append((first, order.pop(pick)))
    return pairs, bye


def one_season(rng: random.Random, model: Model) -> Season:
    """One simulated season: each round every player comes with his attendance rate (else
    an excused absence), paired by :func:`pair_by_score`, results by :func:`draw_result`."""
    points = {p.player: 0.0 for p in model.players}
    strength = {p.player: p.strength for p in model.players}
    last: dict[str, str] = {}
    byes: dict[str, int] = {}
    rounds = []
    for number in range(1, model.rounds + 1):
        present = [p.player for p in model.players if rng.random() < p.attendance]
        pairs, bye = pair_by_score(present, points, last, byes)
        entries = {p.player: Kind.ABSENT for p in model.players if p.player not in present}
        if bye is not None:
            entries[bye] = Kind.BYE
            byes[bye] = byes.get(bye, 0) + 1
        games = []
        last = {}
        for i, (x, y) in enumerate(pairs):
            white, black = (x, y) if (number + i) % 2 else (y, x)
            result = draw_result(rng, strength[white], strength[black], model.draw_rate)
            games.append(Game(white, black, result))
            points[white] += _WHITE_POINTS[result]
            points[black] += 1 - _WHITE_POINTS[result]
            last[x], last[y] = y, x
        rounds.append(Round(number=number, games=tuple(games), entries=entries))
    roster = tuple(
        Player(id=p.player, name=p.name, rating=round(p.strength), strength=i)
        for i, p in enumerate(model.players, start=1)
    )
    return Season(
        club="simulation",
        season="simulation",
        competition="simulation",
        ruleset=RulesetRef("simulation"),
        players=roster,
        rounds=tuple(rounds),
        ratings=(),
    )


_WHITE_POINTS = {Result.WHITE_WINS: 1.0, Result.DRAW: 0.5, Result.BLACK_WINS: 0.0}


def simulate(
    model: Model,
    ruleset_a: Ruleset,
    ruleset_b: Ruleset,
    *,
    seasons: int,
    seed: int,
    threshold: float = 0.5,
    on_progress: Progress | None = None,
) -> Simulation:
    """``seasons`` simulated seasons ranked under both rulesets (the final standings after
    the last round, as the standings page shows them). ``threshold``: a chronic absentee
    comes to fewer than this share of the rounds."""
    if seasons < 1:
        raise CompcoreError(Phrase("sim.error.seasons", seasons=seasons))
    if not 0 <= threshold <= 1:
        raise CompcoreError(Phrase("sim.error.threshold", threshold=threshold))
    rng = random.Random(seed)
    ids = [p.player for p in model.players]
    absentees = tuple(p.player for p in model.players if p.attendance < threshold)
    tally = {"a": _Tally(ids, absentees), "b": _Tally(ids, absentees)}
    for done in range(1, seasons + 1):
        sim = one_season(rng, model)
        for side, ruleset in (("a", ruleset_a), ("b", ruleset_b)):
            for order in final_orders(sim, ruleset):
                tally[side].add(order)
        if on_progress is not None:
            on_progress(done, seasons)
    return Simulation(
        seasons=seasons,
        seed=seed,
        threshold=threshold,
        strongest=ids[0],
        absentees=absentees,
        a=tally["a"].outcome(ruleset_a.name),
        b=tally["b"].outcome(ruleset_b.name),
    )


def final_orders(season: Season, ruleset: Ruleset) -> list[tuple[str, ...]]:
    """The final ranking after the last round; for a ruleset whose standings restart per
    cycle (DS-17) the final ranking of every cycle the season reached, each one a table the
    strongest player can win."""
    if not ruleset.restarts_per_cycle:
        return [standings(season, ruleset, detail=False).order]
    cycles = sorted({ruleset.cycle_of(r.number) for r in season.rounds})
    return [standings(season, ruleset, cycle=c, detail=False).order for c in cycles]


class _Tally:
    """Counts over the simulated seasons for one ruleset."""

    def __init__(self, ids: Sequence[str], absentees: Sequence[str]) -> None:
        self.ids = list(ids)
        self.absentees = set(absentees)
        self.tables = 0
        self.wins = 0
        self.top3 = 0
        self.rank_sum = [0] * len(ids)

    def add(self, order: Sequence[str]) -> None:
        self.tables += 1
        place = {pid: i for i, pid in enumerate(order, start=1)}
        self.wins += bool(order) and order[0] == self.ids[0]
        self.top3 += any(pid in self.absentees for pid in order[:3])
        for i, pid in enumerate(self.ids):
            self.rank_sum[i] += place.get(pid, len(self.ids))

    def outcome(self, name: str) -> Outcome:
        n = len(self.ids)
        deciles: list[list[int]] = [[] for _ in range(min(10, n))]
        for i in range(n):
            deciles[i * len(deciles) // n].append(i)
        means = tuple(
            sum(self.rank_sum[i] for i in group) / (len(group) * self.tables) for group in deciles
        )
        return Outcome(name, self.tables, self.wins / self.tables, self.top3 / self.tables, means)


def overrides_from_set(items: Sequence[str]) -> dict[str, object]:
    """Ruleset overrides from ``--set key=value`` words: a dotted key is a nested table
    (``keizer.values.top=40`` -> ``{"keizer": {"values": {"top": 40}}}``), a value is read
    as JSON where it is JSON (numbers, true/false, lists) and as text otherwise."""
    out: dict[str, object] = {}
    for item in items:
        key, sep, text = item.partition("=")
        parts = key.strip().split(".")
        if not sep or not all(parts):
            raise CompcoreError(Phrase("sim.error.set", item=item))
        try:
            value: object = json.loads(text)
        except ValueError:
            value = text
        node = out
        for part in parts[:-1]:
            child = node.setdefault(part, {})
            if not isinstance(child, dict):
                raise CompcoreError(Phrase("sim.error.set", item=item))
            node = child
        node[parts[-1]] = value
    return out


def overrides_from_text(text: str) -> dict[str, object]:
    """Ruleset overrides typed in the app: empty for none, a JSON object when it starts
    with ``{``, TOML otherwise (``keizer.values.top = 40``)."""
    if not text.strip():
        return {}
    try:
        data: object = json.loads(text) if text.lstrip().startswith("{") else tomllib.loads(text)
    except ValueError as exc:  # JSONDecodeError and TOMLDecodeError are ValueErrors
        detail = " ".join(str(exc).splitlines())
        raise CompcoreError(Phrase("sim.error.overrides", detail=detail)) from None
    assert isinstance(data, dict)  # a JSON text starting with "{" is an object
    return data
