"""compcore's FIDE Dutch pairing: caissify's engine, fed correctly, with two gaps closed.

What this module adds around ``caissify_pairings.engines.dutch.DutchEngine`` (Apache-2.0;
imported and subclassed, none of its code is copied here):

* **Input.** The engine's input is derived from compcore's own history records, in the
  conventions of the reference engine: pairing numbers are passed explicitly (otherwise it
  renumbers the present players every round); colour histories list games played over
  the board only (unplayed rounds have no colour, FIDE C.04.3 A.6 and the unplayed-game
  rule); a previous float (C.04.3 A.4) is "down" or "up" from the two players' scores before
  a played game, "down" for an unplayed round that scored more than a loss (bye, forfeit
  win) and none otherwise; only games played over the board forbid a rematch (C.04.1 b;
  a forfeited pairing may be repeated); a player who already scored a win-sized point
  without playing (pairing-allocated bye, full-point bye, forfeit win) may not receive
  the pairing-allocated bye again (C.04.1 c); criterion C.9 (the bye assignee's unplayed
  games) counts every game the player played over the board (:class:`_Opponents`), not
  only the opponents still banned and present.
* **E.5's pairing number** is the effective one: players who
  are not there and were never paired hold no place in it, as in bbpPairings v6
  (:func:`compcore.pairing.swiss.allocation.effective_numbers`).
* **Colours (E.1-E.5).** caissify decides who is the "higher ranked" player by pairing
  number alone; C.04.3 A.2 ranks by score first, then pairing number. The colour allocation
  is therefore redone (:func:`compcore.pairing.swiss.allocation.allocate_colours`), written from the rules, with the
  rank by score.
* **Speed.** caissify calls ``networkx.max_weight_matching`` dozens of times per round on
  integers several hundred bits wide. Our subclass runs caissify's own bracket loop
  (``_pair_iterative_mwm``, its code unchanged but for three nested helpers:
  in :mod:`compcore.pairing.swiss.shim`) with its ``import networkx`` resolved to
  :func:`compcore.pairing.swiss.matching.networkx_shim`: exact weight compression plus
  rustworkx. Only that function of our subclass sees the shim; networkx itself is not
  patched. Between two matchings the weight table is tracked (compcore's ``_set_w`` logs
  the entries it changes, :class:`~compcore.pairing.swiss.tracker.TableTracker`), and a
  matching the last one provably answers is not computed again.
* **Board order and reasons.** Boards are ordered as the reference engine prints them
  (higher score of the pair, then lower score, then rank of the higher-ranked player),
  with a one-line English reason per board.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from fractions import Fraction
from typing import Any, cast

from caissify_pairings.engines import dutch as _caissify_dutch

from compcore.domain.errors import PairingError
from compcore.pairing.swiss.allocation import (
    ColourDecision,
    PlayerInput,
    allocate_colours,
    effective_numbers,
    player_inputs,
)
from compcore.pairing.swiss.counters import counting_pure_python
from compcore.pairing.swiss.model import (
    SwissBoard,
    SwissPairing,
    SwissTournament,
)
from compcore.pairing.swiss.shim import _compcore_tracker, _shimmed
from compcore.pairing.swiss.tracker import TableTracker
from compcore.pairing.swiss.weights import bracket_edge_weight

__all__ = ["completable", "pair_dutch"]


# caissify-pairings ships no types (pyproject's [tool.mypy] override): its classes are Any to
# mypy, so subclassing them is allowed here, by name, and nowhere else
class _Player(_caissify_dutch.DutchPlayer):  # type: ignore[misc]
    """caissify's player with its colour facts computed once.

    The engine recomputes them from the colour history for every candidate edge; the
    history does not change while a round is paired, so each is cached per player.
    """

    @functools.cached_property
    def color_diff(self) -> int:
        history: list[str] = self.color_hist
        return history.count("white") - history.count("black")

    @functools.cached_property
    def color_preference(self) -> Any:
        return _caissify_dutch.DutchPlayer.color_preference.fget(self)

    @functools.cached_property
    def preference_strength(self) -> int:
        # caissify's property is typed ``-> int`` in its (untyped to mypy) source
        return cast(int, _caissify_dutch.DutchPlayer.preference_strength.fget(self))

    def would_violate_absolute_color(self, color: str) -> bool:
        cache = self.__dict__.setdefault("_violates", {})
        if color not in cache:
            cache[color] = super().would_violate_absolute_color(color)
        return bool(cache[color])

    @functools.cached_property
    def colours_allowed(self) -> tuple[bool, bool]:
        """(white allowed, black allowed) by the absolute colour criteria."""
        return (
            not self.would_violate_absolute_color("white"),
            not self.would_violate_absolute_color("black"),
        )


class _Opponents(set[int]):
    """A player's previous opponents (inside the rematch window, present this round) whose
    size is the number of games the player has played over the board in the whole
    tournament.

    caissify reads ``len(player.opponents)`` in one place only: as the played-games count
    of C.04.3 criterion C.9 ("minimise the number of unplayed games of the assignee of the
    pairing-allocated bye"; bbpPairings' ``playedGames``), where the set itself (for the
    rematch ban) holds only the opponents that may not be met again. Every other use is
    membership (``id in opponents``), which this set answers as a plain set.
    """

    played: int

    def __init__(self, opponents: set[int], played: int) -> None:
        super().__init__(opponents)
        self.played = played

    def __len__(self) -> int:
        return self.played


class _DutchEngine(_caissify_dutch.DutchEngine):  # type: ignore[misc]  # caissify: untyped
    """caissify's Dutch engine with the fast matching backend and FIDE colour ranking."""

    _pair_iterative_mwm = _shimmed(_caissify_dutch.DutchEngine._pair_iterative_mwm)

    def _build_players(self, raw: list[dict[str, Any]]) -> list[Any]:
        players: list[Any] = super()._build_players(raw)
        played = {entry["id"]: int(entry["played_games"]) for entry in raw}
        for player in players:
            player.__class__ = _Player
            player.opponents = _Opponents(player.opponents, played[player.id])
        return players

    def __init__(
        self,
        *args: Any,
        inputs: Mapping[int, PlayerInput],
        numbers: Mapping[int, int],
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self._inputs = inputs
        self._numbers = numbers
        self.colour_decisions: dict[frozenset[int], ColourDecision] = {}
        #: (id, id) -> :meth:`_can_pair`'s answer, for this engine's one round
        self._pairable: dict[tuple[int, int], bool] = {}

    def generate_pairings(self) -> list[dict[str, Any]]:
        token = _compcore_tracker.set(TableTracker())
        try:
            return cast("list[dict[str, Any]]", super().generate_pairings())
        finally:
            _compcore_tracker.reset(token)

    def _backtrack_match(self, players: list[Any], relaxed: bool = False) -> Any:
        """caissify's last resort, without its exponential search.

        caissify backtracks for the first complete matching (the first unpaired player,
        in list order, takes the first partner in list order that leads to a solution;
        in an odd group the one left at the end sits out). With no solution, that search
        is exponential (a 40-player round on a random history ran for minutes). The same
        matching is found here with a completion oracle on maximum-cardinality matchings:
        a partner is taken only if the rest can still be completed (see
        :func:`completable`).
        """
        n = len(players)
        if n < 2:
            return None

        def ok(a: Any, b: Any) -> bool:
            return b.id not in a.opponents if relaxed else bool(self._can_pair(a, b))

        edges = {(i, j) for i in range(n) for j in range(i + 1, n) if ok(players[i], players[j])}
        remaining = list(range(n))
        if not completable(remaining, edges):
            return None
        pairs = []
        while len(remaining) >= 2:
            first, rest = remaining[0], remaining[1:]
            for j in rest:
                after = [x for x in rest if x != j]
                if (first, j) in edges and completable(after, edges):
                    pairs.append((players[first], players[j]))
                    remaining = after
                    break
            else:  # pragma: no cover - completable(remaining) promised a way on
                raise AssertionError("completion oracle and search disagree")
        return pairs

    #: caissify's base edge weight, the same integer, cheaper
    #: (:func:`compcore.pairing.swiss.weights.bracket_edge_weight`)
    _compute_bracket_edge_weight = bracket_edge_weight

    def _can_pair(self, p1: Any, p2: Any) -> bool:
        """caissify's absolute criteria (no rematch; a colour assignment within the
        absolute colour criteria, or the last round's relaxation for topscorers) on each
        player's allowed colours computed once, and each pair's answer kept: it is asked
        tens of thousands of times a round (every weight of every bracket step), about
        four times per pair, and nothing it reads changes while a round is paired."""
        key = (p1.id, p2.id)
        found = self._pairable.get(key)
        if found is None:
            found = self._pairable[key] = self._absolute_criteria_allow(p1, p2)
        return found

    def _absolute_criteria_allow(self, p1: Any, p2: Any) -> bool:
        if not (isinstance(p1, _Player) and isinstance(p2, _Player)):
            return bool(super()._can_pair(p1, p2))
        if p1.id == p2.id or p2.id in p1.opponents:
            return False
        white1, black1 = p1.colours_allowed
        white2, black2 = p2.colours_allowed
        if (white1 and black2) or (black1 and white2):
            return True
        if self._is_last_round:
            top = (self.round_number - 1) / 2.0
            return bool(p1.score > top or p2.score > top)
        return False

    def _assign_colors(self, p1: Any, p2: Any) -> tuple[Any, Any]:
        decision = allocate_colours(
            self._inputs[p1.id],
            self._inputs[p2.id],
            p1.score,
            p2.score,
            self.initial_color == "white",
            self._numbers,
        )
        self.colour_decisions[frozenset((p1.id, p2.id))] = decision
        return (p1, p2) if decision.white == p1.id else (p2, p1)


def completable(vertices: list[int], edges: set[tuple[int, int]]) -> bool:
    """Whether "the first unpaired vertex (in order) takes a partner, until at most one is
    left" can succeed on ``vertices`` (sorted) with these (i < j) edges.

    Even count: exactly when a perfect matching exists. Odd count: when some vertex v can be
    the one left over, which needs a perfect matching of the others in which no pair lies
    entirely above v (otherwise v would become the first unpaired vertex while others are
    still waiting). Each test is one maximum-cardinality matching (rustworkx, Edmonds).
    """
    if len(vertices) <= 1:
        return True
    if len(vertices) % 2 == 0:
        return _perfect(vertices, edges)
    for v in reversed(vertices[1:]):  # the first vertex always takes a partner
        others = [x for x in vertices if x != v]
        allowed = {(a, b) for (a, b) in edges if not (a > v and b > v)}
        if _perfect(others, allowed):
            return True
    return False


def _perfect(vertices: list[int], edges: set[tuple[int, int]]) -> bool:
    import rustworkx as rx

    index = {v: i for i, v in enumerate(vertices)}
    graph = rx.PyGraph()
    graph.add_nodes_from(vertices)
    graph.add_edges_from_no_data(
        [(index[a], index[b]) for (a, b) in edges if a in index and b in index]
    )
    matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda _: 1)
    return 2 * len(matching) == len(vertices)


# ---------------------------------------------------------------------------
# Public entry point
# ---------------------------------------------------------------------------


def _fmt(score: Fraction) -> str:
    if score.denominator == 1:
        return str(score.numerator)
    if score.denominator == 2:
        return f"{float(score):g}"
    return str(score)


@contextmanager
def _quiet() -> Iterator[None]:
    """caissify's engine logs warnings while it searches (e.g. when a round has no pairing);
    compcore reports the outcome itself (the command line: the result or one error line)."""
    logger = logging.getLogger("caissify_pairings")
    level = logger.level
    logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        logger.setLevel(level)


def pair_dutch(
    t: SwissTournament,
    *,
    unavailable: frozenset[int] = frozenset(),
    rematch_from_round: int = 1,
    scores: Mapping[int, Fraction] | None = None,
    taking_part: frozenset[int] = frozenset(),
) -> SwissPairing:
    """Pair the next round of ``t`` by the FIDE Dutch system (C.04.3, rules in force 2026).

    ``unavailable``: players not to be paired this round (absent, or a bye the club granted
    beforehand); they do not get the pairing-allocated bye either.
    ``rematch_from_round``: only games played in this round or later forbid a rematch
    (a club season in cycles); the default 1 is FIDE's C.04.1 b.
    ``scores``: the score each available player is paired on (C.04.3 A.1/A.2 score
    groups, the rank in E.4/E.5 and the board order); default the TRF-standard score.
    Previous floats are always judged on the standard scores.
    ``taking_part``: unavailable players who still count in E.5's numbering this round
    (a bye given beforehand by the club: see :func:`effective_numbers`).

    Raises :class:`compcore.domain.errors.PairingError` for inconsistent input or when no pairing
    exists.
    """
    if rematch_from_round < 1:
        raise PairingError.at((), "swiss.rematch_from", value=rematch_from_round)
    inputs = player_inputs(t, rematch_from_round=rematch_from_round)
    unknown = sorted(set(unavailable) - set(inputs))
    if unknown:
        raise PairingError.at((), "swiss.unknown_unavailable", number=unknown[0])
    present = [inputs[p.number] for p in t.players if p.number not in unavailable]
    pairing_score = _pairing_scores(present, scores)
    round_number = t.rounds_played + 1
    if not present:
        return SwissPairing(boards=(), bye=None)
    if len(present) == 1:
        alone = SwissPairing(boards=(), bye=present[0].number)
        _check_legal(alone, inputs, pairing_score, round_number, False, t.points.win)
        return alone
    total = t.total_rounds if t.total_rounds is not None else round_number + 1
    unit = t.points.win if t.points.win > 0 else Fraction(1)
    engine_players = [_engine_player(p, pairing_score[p.number] / unit) for p in present]
    present_numbers = {p.number for p in present}
    previous = {
        (min(p.number, o), max(p.number, o))
        for p in present
        for o in p.opponents
        if o in present_numbers
    }
    engine = _DutchEngine(
        players=engine_players,
        previous_pairings=previous,
        round_number=round_number,
        total_rounds=max(total, round_number),
        initial_color="white" if t.first_colour_white else "black",
        inputs=inputs,
        numbers=effective_numbers(t, unavailable, taking_part),
    )
    with _quiet(), counting_pure_python() as slow:
        output = engine.generate_pairings()
    pairing = _result(output, engine.colour_decisions, pairing_score, len(present))
    last_round = t.total_rounds is not None and round_number >= t.total_rounds
    _check_legal(pairing, inputs, pairing_score, round_number, last_round, t.points.win)
    return replace(pairing, slow_matchings=tuple(slow)) if slow else pairing


def _pairing_scores(
    present: list[PlayerInput], scores: Mapping[int, Fraction] | None
) -> dict[int, Fraction]:
    """The score each present player is paired on: ``scores``' (each must have one), or the
    TRF-standard score."""
    pairing_score: dict[int, Fraction] = {}
    for p in present:
        if scores is None:
            pairing_score[p.number] = p.score
        elif p.number in scores:
            pairing_score[p.number] = Fraction(scores[p.number])
        else:
            raise PairingError.at((), "swiss.no_score", number=p.number)
    return pairing_score


def _engine_player(p: PlayerInput, wins: Fraction) -> dict[str, Any]:
    """One present player as caissify's engine takes it (``wins``: the score in wins)."""
    return {
        "id": p.number,
        "pairing_number": p.number,
        "starting_number": p.number,
        "name": p.name,
        "rating": p.rating,
        # in wins: caissify's final-round topscorer test assumes one point per win
        "score": float(wins),
        "color_hist": ["white" if c == "w" else "black" for c in p.colours],
        "float_history": list(p.floats),
        # C.9: games played over the board, the whole tournament (see _Opponents)
        "played_games": len(p.colours),
        "bye_count": int(p.had_unplayed_win),
        "forfeit_win_count": 0,
    }


def _violates_absolute(colours: tuple[str, ...], colour: str) -> bool:
    """Would ``colour`` break an absolute colour preference (A.7: colour difference beyond
    +-2, or the same colour three times running)?"""
    if len(colours) >= 2 and colours[-1] == colours[-2] == colour:
        return True
    difference = colours.count("w") - colours.count("b") + (1 if colour == "w" else -1)
    return abs(difference) > 2


def _check_legal(
    pairing: SwissPairing,
    inputs: Mapping[int, PlayerInput],
    score: Mapping[int, Fraction],
    round_number: int,
    last_round: bool,
    win: Fraction,
) -> None:
    """Refuse what caissify's last-resort fallbacks may return: a rematch (C.04.1 b, C1),
    a clash of absolute colour preferences (C3) outside the final-round exception for
    topscorers (A.7: more than half the maximum score), or the pairing-allocated bye to a
    player who already had it or scored a win without playing (C.04.1 d; caissify hands
    out a second one when no eligible player is left, bbpPairings finds no pairing)."""
    if pairing.bye is not None and inputs[pairing.bye].had_unplayed_win:
        raise PairingError.at((), "swiss.second_bye", player=pairing.bye)
    top = (round_number - 1) * win / 2
    for board in pairing.boards:
        white, black = inputs[board.white], inputs[board.black]
        if board.black in white.opponents:
            raise PairingError.at((), "swiss.rematch", white=board.white, black=board.black)
        clash = _violates_absolute(white.colours, "w") or _violates_absolute(black.colours, "b")
        topscorer = score[board.white] > top or score[board.black] > top
        if clash and not (last_round and topscorer):
            raise PairingError.at((), "swiss.absolute_colour", white=board.white, black=board.black)


def _result(
    output: list[dict[str, Any]],
    decisions: Mapping[frozenset[int], ColourDecision],
    score: Mapping[int, Fraction],
    present: int,
) -> SwissPairing:
    games = [(o["white_id"], o["black_id"]) for o in output if o.get("black_id") is not None]
    byes = [o["white_id"] for o in output if o.get("black_id") is None]
    if len(byes) > 1 or len(games) * 2 + len(byes) != present:
        raise PairingError.at((), "swiss.no_pairing")

    def rank(n: int) -> tuple[Fraction, int]:
        return (-score[n], n)

    def board_key(game: tuple[int, int]) -> tuple[Fraction, Fraction, tuple[Fraction, int]]:
        a, b = game
        return (-max(score[a], score[b]), -min(score[a], score[b]), min(rank(a), rank(b)))

    boards = []
    for white, black in sorted(games, key=board_key):
        sw, sb = score[white], score[black]
        if sw == sb:
            why = f"score group {_fmt(sw)}"
        else:
            high, low = max(sw, sb), min(sw, sb)
            floater = white if sw > sb else black
            why = f"downfloater {floater}: {_fmt(high)} -> {_fmt(low)}"
        decision = decisions.get(frozenset((white, black)))
        if decision is not None:
            why += f"; colour {decision.rule}: {decision.detail}"
        boards.append(
            SwissBoard(
                white=white,
                black=black,
                reason=why,
                scores=(sw, sb),
                colour_rule=None if decision is None else decision.rule,
                colour_why=None if decision is None else decision.why,
                colour_player=None if decision is None else decision.player,
            )
        )
    return SwissPairing(boards=tuple(boards), bye=byes[0] if byes else None)
