"""The FIDE colour allocation (C.04.3 E.1-E.5) and the players' inputs to it, read from a
:class:`~compcore.pairing.swiss.model.SwissTournament`: compcore redoes the colours of
caissify's Dutch pairing with these (:mod:`compcore.pairing.swiss.engine`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from compcore.domain.errors import PairingError, Phrase
from compcore.pairing.swiss.model import (
    OPPOSITE_RESULTS,
    RESULT_CODES,
    SwissPlayer,
    SwissTournament,
)

ColourRule = Literal["E.1", "E.2", "E.3", "E.4", "E.5"]


# ---------------------------------------------------------------------------
# Engine input from compcore's records
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerInput:
    """What the Dutch rules need to know about one player before the round."""

    number: int
    name: str
    rating: int
    score: Fraction
    colours: tuple[Literal["w", "b"], ...]  # games played over the board, in order
    floats: tuple[Literal["up", "down", "none"], ...]  # one per past round
    had_unplayed_win: bool  # PAB, full-point bye or forfeit win already (C.04.1 c)
    opponents: frozenset[int]  # played opponents inside the rematch window


def _validate(t: SwissTournament) -> int:
    """Check the records are consistent; return the number of past rounds."""
    if not t.players:
        raise PairingError.at((), "swiss.no_players")
    rounds = len(t.players[0].history)
    by_number: dict[int, SwissPlayer] = {}
    for p in t.players:
        if p.number < 1 or p.number in by_number:
            raise PairingError.at((), "swiss.bad_number", number=p.number)
        by_number[p.number] = p
        if len(p.history) != rounds:
            raise PairingError.at(
                (),
                "swiss.history_length",
                number=p.number,
                count=len(p.history),
                other=t.players[0].number,
                rounds=rounds,
            )
    for p in t.players:
        for r, rec in enumerate(p.history, start=1):
            if rec.result not in RESULT_CODES:
                raise PairingError.at(_at(p.number, r), "swiss.bad_result", result=rec.result)
            if rec.opponent is None:
                continue
            other = by_number.get(rec.opponent)
            back = other.history[r - 1] if other else None
            if back is None or back.opponent != p.number:
                raise PairingError.at(_at(p.number, r), "swiss.one_sided", opponent=rec.opponent)
            if back.result not in OPPOSITE_RESULTS.get(rec.result, ()):
                raise PairingError.at(
                    _at(p.number, r), "swiss.results_differ", result=rec.result, other=back.result
                )
            if rec.played and (rec.colour is None or rec.colour == back.colour):
                raise PairingError.at(_at(p.number, r), "swiss.colours_differ")
    return rounds


def player_inputs(t: SwissTournament, *, rematch_from_round: int = 1) -> dict[int, PlayerInput]:
    """Derive scores, colour and float histories, bye eligibility and rematch bans."""
    rounds = _validate(t)
    values = t.points
    # standard score of every player before each round (index r: before round r + 1)
    before: dict[int, list[Fraction]] = {}
    for p in t.players:
        running = [Fraction(0)]
        for rec in p.history:
            running.append(running[-1] + values.points(rec))
        before[p.number] = running
    inputs: dict[int, PlayerInput] = {}
    for p in t.players:
        colours: list[Literal["w", "b"]] = []
        floats: list[Literal["up", "down", "none"]] = []
        unplayed_win = False
        opponents: set[int] = set()
        for r, rec in enumerate(p.history):
            if rec.played:
                assert rec.opponent is not None and rec.colour is not None
                colours.append(rec.colour)
                mine, theirs = before[p.number][r], before[rec.opponent][r]
                floats.append("down" if mine > theirs else "up" if mine < theirs else "none")
                if r + 1 >= rematch_from_round:
                    opponents.add(rec.opponent)
            else:
                scored = values.points(rec)
                floats.append("down" if scored > values.loss else "none")
                if scored >= values.win and rec.result != "Z":
                    unplayed_win = True
        inputs[p.number] = PlayerInput(
            number=p.number,
            name=p.name,
            rating=p.rating or 0,
            score=before[p.number][rounds],
            colours=tuple(colours),
            floats=tuple(floats),
            had_unplayed_win=unplayed_win,
            opponents=frozenset(opponents),
        )
    return inputs


def _at(number: int, round_number: int) -> Phrase:
    """The place of a history record: a player's pairing number, a round."""
    return Phrase("swiss.at.record", number=number, round=round_number)


# ---------------------------------------------------------------------------
# Colour allocation (FIDE C.04.3 section E), ranked by score first (A.2)
# ---------------------------------------------------------------------------


#: why a colour rule decided, as a key (``why``) and the English words for it (``detail``,
#: with ``{n}``: the pairing number the reason names)
COLOUR_WHY: dict[str, str] = {
    "both-preferences": "both preferences granted",
    "stronger-preference": "stronger preference of {n}",
    "wider-difference": "wider colour difference of {n}",
    "alternation": "alternation",
    "higher-preference": "preference of higher-ranked {n}",
    "initial-colour": "initial colour by pairing number {n}",
}


@dataclass(frozen=True, slots=True)
class ColourDecision:
    """Who gets white, by which rule of C.04.3 E, and why: ``why`` a key of
    :data:`COLOUR_WHY`, ``player`` the pairing number it names (if any)."""

    white: int
    black: int
    rule: ColourRule
    why: str
    player: int | None = None

    @property
    def detail(self) -> str:
        """A few English words why (the engine's one-line board reason)."""
        return COLOUR_WHY[self.why].format(n=self.player)


def _preference(colours: tuple[str, ...]) -> tuple[str | None, int]:
    """Colour preference (A.7) as ``(colour, strength)``: 3 absolute, 2 strong, 1 mild."""
    if not colours:
        return None, 0
    difference = colours.count("w") - colours.count("b")
    last = colours[-1]
    other = "b" if last == "w" else "w"
    if len(colours) >= 2 and colours[-2] == last:
        return other, 3
    if difference > 0:
        return "b", 3 if difference > 1 else 2
    if difference < 0:
        return "w", 3 if difference < -1 else 2
    return other, 1


def effective_numbers(
    t: SwissTournament, unavailable: frozenset[int], taking_part: frozenset[int] = frozenset()
) -> dict[int, int]:
    """The pairing number each player has for the round to pair, the one E.5 goes by (the
    TPN of the 2026 text, C.04.3 1.1 and 1.2.2): players numbered 1, 2, ... in initial
    order, counting only those who take part in the tournament at this round, i.e. who are
    to be paired now or were paired in an earlier round (a game, a forfeit, the
    pairing-allocated bye).

    A player who has not yet been paired and is not there for this round (absent from
    round 1, a late entry still to come) holds no place: with pairing number 1 absent in
    round 1, number 2 is the first and gets the initial colour. This is bbpPairings v6's
    effective pairing number (``Tournament::updateRanks``: ``rankIndex`` over the
    ``isValid`` players); the order of the players is unchanged, only the parity of E.5
    can move. ``taking_part``: unavailable players who take part all the same (the
    pairing-allocated bye a club gave before pairing, PP-4: a ``U`` in the round).
    """
    numbers: dict[int, int] = {}
    for p in sorted(t.players, key=lambda p: p.number):
        here = p.number not in unavailable or p.number in taking_part
        if here or any(rec.paired for rec in p.history):
            numbers[p.number] = len(numbers) + 1
    return numbers


def allocate_colours(
    a: PlayerInput,
    b: PlayerInput,
    score_a: float,
    score_b: float,
    initial_white: bool,
    numbers: Mapping[int, int] | None = None,
) -> ColourDecision:
    """Who gets white, by FIDE C.04.3 E.1-E.5, ranking players by score, then number.

    E.1 grant both preferences; E.2 grant the stronger preference (both absolute: the wider
    colour difference); E.3 alternate from the most recent round in which one had white and
    the other black (games played over the board only); E.4 grant the higher-ranked
    player's preference; E.5 the higher-ranked player gets the initial colour if their
    pairing number is odd, the other colour if even. ``numbers``: the pairing numbers E.5
    goes by (:func:`effective_numbers`; default each player's own number).
    """
    higher, lower = (a, b) if (-score_a, a.number) < (-score_b, b.number) else (b, a)

    def give(
        player: PlayerInput, colour: str, rule: ColourRule, why: str, named: bool = True
    ) -> ColourDecision:
        other = lower if player is higher else higher
        number = player.number if named else None
        if colour == "w":
            return ColourDecision(player.number, other.number, rule, why, number)
        return ColourDecision(other.number, player.number, rule, why, number)

    pref_h, strength_h = _preference(higher.colours)
    pref_l, strength_l = _preference(lower.colours)
    if pref_h and pref_l and pref_h != pref_l:
        return give(higher, pref_h, "E.1", "both-preferences", named=False)
    if strength_h != strength_l:
        stronger, pref = (higher, pref_h) if strength_h > strength_l else (lower, pref_l)
        assert pref is not None
        return give(stronger, pref, "E.2", "stronger-preference")
    if strength_h == 3 and pref_h == pref_l:
        diff_h = abs(higher.colours.count("w") - higher.colours.count("b"))
        diff_l = abs(lower.colours.count("w") - lower.colours.count("b"))
        if diff_h != diff_l:
            wider, pref = (higher, pref_h) if diff_h > diff_l else (lower, pref_l)
            assert pref is not None
            return give(wider, pref, "E.2", "wider-difference")
    for back in range(1, min(len(higher.colours), len(lower.colours)) + 1):
        mine, theirs = higher.colours[-back], lower.colours[-back]
        if mine != theirs:
            return give(higher, theirs, "E.3", "alternation", named=False)
    if pref_h is not None:
        return give(higher, pref_h, "E.4", "higher-preference")
    odd = (higher.number if numbers is None else numbers[higher.number]) % 2 == 1
    initial = "w" if initial_white else "b"
    colour = initial if odd else ("b" if initial == "w" else "w")
    return give(higher, colour, "E.5", "initial-colour")


# ---------------------------------------------------------------------------
# The caissify subclass
# ---------------------------------------------------------------------------
