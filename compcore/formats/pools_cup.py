"""A cup of pools and knock-outs (DS-21, the Meierij Cup), read from the ruleset's
``pools_cup`` and ``round_robin`` sections; nothing here names a club.

The cup is one season (``pairing.method = "round-robin"``):

* **Pools.** The entrants, strongest first (the roster's order), are split into pools of at
  most ``pool_size`` (:func:`make_pools`); every pool plays a Berger round robin
  (:func:`compcore.formats.round_robin.schedule`), ``games_per_meeting`` games against the same opponent
  on one evening, the first named White in the first game and Black in the second (DS-21:
  "bij de indeling 4-1 heeft speler 4 in de eerste partij wit"). The first
  :func:`pool_rounds` rounds of the season are the pools' rounds; a pool is read back from
  them (the players that meet there), so the season needs no field of its own.
* **Pool table** (:func:`pool_table`): game points, a 1-1 simply 1-1 (DS-21: "in de
  voorronden wordt bij een gelijkspel gewoon 1-1 genoteerd"); level players by the game
  points among themselves, then by the seeding (reading: the rulebook names no tie-break).
* **Knock-outs.** Places ``1..to_main`` of every pool go to the main knock-out, the next
  ``to_losers`` to the losers' cup. The first knock-out round pairs place ``j`` of a pool
  with place ``to_main + 1 - j`` of the next pool (A1-B2, B1-A2); later rounds pair the
  winners in bracket order; an odd one out goes through without a game. A tie is the games
  of one meeting, decided by game points; level, the director records the outcome of the
  ``tiebreaks`` steps (:func:`tiebreak_decision`, a :class:`~compcore.domain.model.Decision` of
  kind ``match-winner`` whose note names the step).

Pure functions of the season; the service :mod:`compcore.services.pools_cup` writes.
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from fractions import Fraction
from math import ceil

from compcore.domain.errors import LocalizedError
from compcore.domain.model import Decision, Game, Result, Round, Season
from compcore.domain.reason import Reason
from compcore.formats import knockout
from compcore.formats.knockout import Bracket, KoRound, Tie
from compcore.formats.round_robin import order, schedule
from compcore.rules.rulesets import Ruleset
from compcore.rules.rulesets.schema import PoolsCupRules, RoundRobinRules
from compcore.scoring.tiebreaks import MUTUAL

#: the decision the director records for a level knock-out tie (DS-21)
MATCH_WINNER = "match-winner"
RAPID_PAIR = "rapid-pair"
ARMAGEDDON = "armageddon"
#: the Armageddon results a director can record (DS-21)
ARMAGEDDON_RESULTS = (Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS)
MAIN, LOSERS = "main", "losers"


class CupStageError(LocalizedError):
    """A cup step that cannot be taken now (one sentence naming why)."""


def _rules(ruleset: Ruleset) -> PoolsCupRules:
    if ruleset.pools_cup is None:
        raise CupStageError("pools.error.not_a_cup")
    return ruleset.pools_cup


# --------------------------------------------------------------------------- pools


def make_pools(entrants: Sequence[str], size: int, order: str) -> tuple[tuple[str, ...], ...]:
    """DS-21: the entrants (strongest first) in ``ceil(n / size)`` pools, as even in size as
    possible. ``snake``: seeds 1..k one per pool, k+1..2k back again (8 players, 2 pools:
    A = 1 4 5 8, B = 2 3 6 7); ``listed``: consecutive blocks (A = 1-4, B = 5-8)."""
    n = len(entrants)
    k = ceil(n / size)
    if order == "snake":
        pools: list[list[str]] = [[] for _ in range(k)]
        for i, pid in enumerate(entrants):
            row, col = divmod(i, k)
            pools[col if row % 2 == 0 else k - 1 - col].append(pid)
        return tuple(tuple(p) for p in pools)
    small, extra = divmod(n, k)
    out, start = [], 0
    for i in range(k):
        end = start + small + (1 if i < extra else 0)
        out.append(tuple(entrants[start:end]))
        start = end
    return tuple(out)


def meeting(white: str, black: str, games_per_meeting: int) -> tuple[Game, ...]:
    """DS-21: one evening against the same opponent: the first named has White in the
    first game and Black in the second."""
    first = Game(white, black)
    return (first, Game(black, white)) if games_per_meeting == 2 else (first,)


def pool_rounds(ruleset: Ruleset) -> int:
    """How many rounds the pools play: Berger rounds of a full pool (4 players: 3), twice
    for a double round robin."""
    size = _rules(ruleset).pool_size
    single = size - 1 if size % 2 == 0 else size
    return single * (2 if ruleset.round_robin.double else 1)


def pool_schedule(
    pools: Sequence[Sequence[str]], rules: RoundRobinRules, rounds: int
) -> tuple[tuple[Game, ...], ...]:
    """The pools' games per round (``rounds`` rounds): every pool's Berger table, each
    pairing a meeting of ``games_per_meeting`` games; a double round robin plays it again
    with the first named reversed. Pool A's games come first in every round."""
    out: list[list[Game]] = [[] for _ in range(rounds)]
    for pool in pools:
        for r, games in enumerate(schedule(list(pool), rules.double, rules.games_per_meeting)):
            out[r].extend(games)
    return tuple(tuple(games) for games in out)


def pools_of(season: Season, ruleset: Ruleset) -> tuple[tuple[str, ...], ...]:
    """The pools as the pool rounds have them: players who meet there belong together;
    pools in the order of their first board, players in roster (seeding) order."""
    parent: dict[str, str] = {}

    def root(p: str) -> str:
        while parent.setdefault(p, p) != p:
            p = parent[p]
        return p

    first: list[str] = []
    for rnd in season.rounds[: pool_rounds(ruleset)]:
        for game in rnd.games or ():
            for pid in game.players:
                if pid not in parent:
                    first.append(pid)
                root(pid)
            parent[root(game.black)] = root(game.white)
    order = {p.id: i for i, p in enumerate(season.players)}
    groups: dict[str, list[str]] = {}
    for pid in first:
        groups.setdefault(root(pid), []).append(pid)
    return tuple(tuple(sorted(g, key=order.__getitem__)) for g in groups.values())


def pool_label(index: int) -> str:
    """Pool A, B, C, ..."""
    return chr(ord("A") + index) if index < 26 else str(index + 1)


# --------------------------------------------------------------------------- tables


def game_points(game: Game, player: str) -> Fraction:
    """DS-21: a game's points for ``player``: a win (also by forfeit) 1, a draw 1/2."""
    if game.result is None or game.result is Result.DOUBLE_FORFEIT:
        return Fraction(0)
    if game.result is Result.DRAW:
        return Fraction(1, 2)
    white_won = game.result in (Result.WHITE_WINS, Result.WHITE_FORFEIT_WIN)
    return Fraction(1) if white_won == (player == game.white) else Fraction(0)


@dataclass(frozen=True, slots=True)
class PoolRow:
    place: int
    player: str
    points: Fraction
    games: int


@dataclass(frozen=True, slots=True)
class Pool:
    label: str
    members: tuple[str, ...]
    rows: tuple[PoolRow, ...]
    #: every pool game has a result
    complete: bool


def _pool_games(season: Season, ruleset: Ruleset, members: Sequence[str]) -> list[Game]:
    inside = set(members)
    return [
        g
        for rnd in season.rounds[: pool_rounds(ruleset)]
        for g in rnd.games or ()
        if set(g.players) <= inside
    ]


def pool_table(season: Season, ruleset: Ruleset, label: str, members: Sequence[str]) -> Pool:
    """DS-21: a pool's table by game points (a 1-1 is 1-1); level players by the game points
    among themselves, then the seeding (the roster's order)."""
    games = _pool_games(season, ruleset, members)

    def points(pid: str, among: AbstractSet[str]) -> Fraction:
        return sum(
            (game_points(g, pid) for g in games if pid in g.players and set(g.players) <= among),
            Fraction(0),
        )

    everyone = set(members)
    total = {pid: points(pid, everyone) for pid in members}
    # the round robins' one table order: points, the mutual result (here: game points among
    # the level players), the seeding; a pool numbers its places 1, 2, 3, ... regardless
    ranked = order(members, total, (MUTUAL,), lambda _name: {}, points)
    rows = tuple(
        PoolRow(
            place,
            pid,
            total[pid],
            sum(1 for g in games if pid in g.players and g.result is not None),
        )
        for place, (_shared, pid) in enumerate(ranked.lines, start=1)
    )
    return Pool(label, tuple(members), rows, all(g.result is not None for g in games))


def pool_tables(season: Season, ruleset: Ruleset) -> tuple[Pool, ...]:
    return tuple(
        pool_table(season, ruleset, pool_label(i), members)
        for i, members in enumerate(pools_of(season, ruleset))
    )


# --------------------------------------------------------------------------- knock-outs


@dataclass(frozen=True, slots=True)
class CupState:
    pools: tuple[Pool, ...]
    #: the main knock-out and the losers' cup (``name``: main, losers)
    stages: tuple[Bracket, ...]

    @property
    def pools_complete(self) -> bool:
        return bool(self.pools) and all(p.complete for p in self.pools)

    @property
    def over(self) -> bool:
        return bool(self.stages) and all(s.winner is not None for s in self.stages)


def tiebreak_decision(
    season: Season,
    ruleset: Ruleset,
    round_no: int,
    step: str,
    white: str,
    black: str,
    result: Result,
) -> Decision:
    """DS-21: the director's record of how a level knock-out meeting of ``white`` and
    ``black`` in round ``round_no`` was decided, as a ``match-winner`` decision whose note
    names the step and its result.

    ``rapid-pair`` (the two 5-minute games): ``result`` is the pair's outcome from
    ``white``'s side (1-0: ``white`` won it, 0-1: ``black``); level there, the next step is
    played, so a draw is refused. ``armageddon``: ``white`` had White and must win: 1-0
    sends White through, a draw or 0-1 sends Black through.

    Raises :class:`CupStageError` for a step the ruleset does not have, a meeting not in
    that round, or one that is not level (its games decide it)."""
    steps = _rules(ruleset).tiebreaks
    if step not in steps:
        raise CupStageError("pools.error.step_unknown", step=step, steps=", ".join(steps) or "-")
    tie = _knockout_tie(season, ruleset, round_no, white, black)
    if tie is None:
        raise CupStageError("pools.error.no_tie", round=round_no, white=white, black=black)
    if tie.score_a != tie.score_b or any(g.result is None for g in tie.games):
        raise CupStageError("pools.error.not_level", white=white, black=black)
    if step == ARMAGEDDON:
        if result not in ARMAGEDDON_RESULTS:
            raise CupStageError("pools.error.armageddon_result", result=result.value)
        winner = white if result is Result.WHITE_WINS else black
    elif result in (Result.WHITE_WINS, Result.BLACK_WINS):
        winner = white if result is Result.WHITE_WINS else black
    else:
        raise CupStageError("pools.error.step_level", step=step)
    return Decision(MATCH_WINNER, winner, round=round_no, note=f"{step} {result.value}")


def _knockout_tie(season: Season, ruleset: Ruleset, round_no: int, a: str, b: str) -> Tie | None:
    """The knock-out meeting of ``a`` and ``b`` in round ``round_no``, if there is one."""
    for stage in cup_state(season, ruleset).stages:
        for rnd in stage.rounds:
            for tie in rnd.ties:
                if rnd.number == round_no and {tie.a, tie.b} == {a, b}:
                    return tie
    return None


def open_ties(state: CupState) -> tuple[tuple[int, Tie], ...]:
    """The knock-out meetings still open (a result or the decider missing), with their
    round."""
    return knockout.open_ties(r for s in state.stages for r in s.rounds)


def _recorded(season: Season, round_no: int, a: str, b: str) -> Decision | None:
    return next(
        (
            d
            for d in reversed(season.decisions or ())
            if d.kind == MATCH_WINNER and d.round == round_no and d.player in (a, b)
        ),
        None,
    )


def decide_tie(
    season: Season, ruleset: Ruleset, round_no: int, a: str, b: str, games: Sequence[Game]
) -> Tie:
    """DS-21: a knock-out meeting: the higher game-point total goes through; level, the
    decider the director recorded (:func:`tiebreak_decision`); until then it is open."""
    rule = ruleset.rule_ids.get("knockout")
    score_a = sum((game_points(g, a) for g in games), Fraction(0))
    score_b = sum((game_points(g, b) for g in games), Fraction(0))
    score = f"{_num(score_a)}-{_num(score_b)}"

    pair, points = (a, b), (score_a, score_b)
    if any(g.result is None for g in games):
        return knockout.undecided(pair, games, Reason("pools.ko.unplayed", None, {}), points)
    if score_a != score_b:
        win = a if score_a > score_b else b
        why = Reason("pools.ko.won", rule, {"player": win, "score": score})
        return knockout.won(pair, games, win, why, points)
    if all(g.result is Result.DOUBLE_FORFEIT for g in games):
        return knockout.both_out(pair, games, Reason("pools.ko.double-forfeit", rule, {}), points)
    tiebreak = ruleset.rule_ids.get("tiebreak")
    record = _recorded(season, round_no, a, b)
    if record is None:
        steps = _rules(ruleset).tiebreaks
        first = Reason(f"pools.step.{steps[0]}" if steps else "pools.step.none")
        why = Reason("pools.ko.pending", tiebreak, {"score": score, "step": first})
        return knockout.undecided(pair, games, why, points)
    loser = b if record.player == a else a
    step, _, result = (record.note or "").partition(" ")
    white = record.player if result == Result.WHITE_WINS.value else loser
    params = {
        "player": record.player,
        "score": score,
        "result": result.replace("1/2", "½"),
        "white": white,
        "black": loser if white == record.player else record.player,
    }
    known = step if step in (RAPID_PAIR, ARMAGEDDON) else "other"
    why = Reason(f"pools.ko.{known}", tiebreak, params)
    return knockout.won(pair, games, record.player, why, points)


def _num(x: Fraction) -> str:
    """A score as the club writes it: 1, 1½, ½."""
    whole, half = divmod(x, 1)
    if half == 0:
        return str(int(whole))
    return ("" if whole == 0 else str(int(whole))) + "½"


def _ties_in(games: Sequence[Game], players: set[str]) -> list[tuple[str, str, list[Game]]]:
    """The round's meetings among ``players``, in board order (a, b: the first board's
    white and black)."""
    found: dict[frozenset[str], tuple[str, str, list[Game]]] = {}
    for game in games:
        if not set(game.players) <= players:
            continue
        key = frozenset(game.players)
        if key not in found:
            found[key] = (game.white, game.black, [])
        found[key][2].append(game)
    return list(found.values())


def _stage(
    season: Season, ruleset: Ruleset, name: str, entrants: tuple[str, ...], rounds: Sequence[Round]
) -> Bracket:
    alive = list(entrants)
    played: list[KoRound] = []
    for rnd in rounds:
        ties = [
            decide_tie(season, ruleset, rnd.number, a, b, games)
            for a, b, games in _ties_in(rnd.games or (), set(alive))
        ]
        if not ties:
            continue
        on_board = {p for t in ties for p in t.players}
        byes = tuple(p for p in alive if p not in on_board)
        ko = KoRound(rnd.number, tuple(ties), byes, ladder_round=rnd.ladder_round)
        played.append(ko)
        # bracket order: each tie's winner (or both while open), then the byes
        alive = knockout.survivors(ko)
    decided = all(r.decided for r in played)
    winner = alive[0] if len(alive) == 1 and decided and played else None
    return Bracket(tuple(played), tuple(alive), None, winner, name=name, entrants=entrants)


def qualifiers(pools: Sequence[Pool], first: int, count: int) -> tuple[str, ...]:
    """DS-21: places ``first+1 .. first+count`` of every pool, in the first round's draw
    order: place j of pool i against place ``count+1-j`` of the next pool (A1-B2, B1-A2);
    with an odd count the middle places follow, pool by pool. A place a small pool does not
    have is left out (the draw closes up; an odd last one goes through without a game)."""
    places = [[row.player for row in p.rows[first : first + count]] for p in pools]
    k = len(places)

    def at(i: int, j: int) -> list[str]:
        row = places[i % k]
        return [row[j]] if j < len(row) else []

    order: list[str] = []
    for i in range(k):
        for j in range(count // 2):
            order += at(i, j) + at(i + 1 if k > 1 else i, count - 1 - j)
    if count % 2:
        order += [p for i in range(k) for p in at(i, count // 2)]
    return tuple(order)


def cup_state(season: Season, ruleset: Ruleset) -> CupState:
    """The cup so far: the pool tables, then the main knock-out and the losers' cup."""
    rules = _rules(ruleset)
    pools = pool_tables(season, ruleset)
    if not pools or not all(p.complete for p in pools):
        return CupState(pools, ())
    ko_rounds = [r for r in season.rounds[pool_rounds(ruleset) :] if r.games is not None]
    stages = [_stage(season, ruleset, MAIN, qualifiers(pools, 0, rules.to_main), ko_rounds)]
    if rules.to_losers:
        losers = qualifiers(pools, rules.to_main, rules.to_losers)
        if len(losers) > 1:
            stages.append(_stage(season, ruleset, LOSERS, losers, ko_rounds))
    return CupState(pools, tuple(stages))


def next_knockout_games(season: Season, ruleset: Ruleset) -> tuple[Game, ...]:
    """DS-21: the next knock-out round's games, both stages: those still in paired in
    bracket order (1-2, 3-4, ...; an odd last one goes through without a game), each pair
    a meeting of ``games_per_meeting`` games.

    Raises :class:`CupStageError` while the pools are not finished, while a tie is open
    (a result or the director's decider missing), or when both stages have a winner."""
    state = cup_state(season, ruleset)
    if not state.pools_complete:
        raise CupStageError("pools.error.pools_open")
    still_open = open_ties(state)
    if still_open:
        number, tie = still_open[0]
        raise CupStageError("pools.error.tie_open", round=number, white=tie.a, black=tie.b)
    if state.over:
        raise CupStageError("pools.error.over")
    per = ruleset.round_robin.games_per_meeting
    games: list[Game] = []
    for stage in state.stages:
        if stage.winner is not None:
            continue
        for white, black in knockout.pairs_in_order(stage.still_in):
            games.extend(meeting(white, black, per))
    return tuple(games)
