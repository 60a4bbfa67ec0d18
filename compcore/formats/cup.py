"""The knock-out cup's bracket (MG-7, MG-8): round by round the draw, the results, who went
through and why; the winner is the winner of the final.

* Entrants: registered players carrying every flag of ``pairing.entrant_flags`` (MG-7:
  ``cup`` and ``senior``).
* A tie (one cup game) is decided by :func:`decide`: a win or a forfeit sends the winner
  through (a double forfeit puts both out); a draw goes by MG-8: a rating gap (ratings
  valid in that round) above ``awards.cup_rating_gap`` sends the lower-rated player
  through, otherwise the barrage the director records as
  ``Decision(kind="barrage-winner", round=r, player=...)``. Until then the tie is open.
* A player drawn without an opponent goes through (``bye``, MG-7); an entrant who was
  absent stays in.
* The cup is over when at most one entrant is left: that one is the winner, whatever the
  ruleset's nominal number of rounds, and no further round may be opened or paired.

Pure functions of the season; the pairing (:mod:`compcore.pairing.knockout`), the season
checks, the awards and the app's Winnaars page all read the cup from here.
"""

from __future__ import annotations

from dataclasses import dataclass

from compcore.domain.boards import Reason
from compcore.domain.model import Game, Kind, Result, Round, Season
from compcore.formats.kind import is_cup as is_cup  # the pages ask here (kept for them)
from compcore.rules.rulesets import Ruleset

#: the decision kind the director records for a drawn cup game's barrage (MG-8)
BARRAGE_WINNER = "barrage-winner"


@dataclass(frozen=True, slots=True)
class Tie:
    """One cup game: who went through, who went out, and why."""

    white: str
    black: str
    result: Result | None
    #: the player who went through; None while the tie is open (or after a double forfeit)
    through: str | None
    #: the players who went out (empty while the tie is open)
    out: tuple[str, ...]
    why: Reason

    @property
    def decided(self) -> bool:
        return bool(self.out)


@dataclass(frozen=True, slots=True)
class CupRound:
    """One round of the cup as played (or being played)."""

    number: int
    #: the seed of the random draw (MG-7), if stored
    seed: int | None
    ties: tuple[Tie, ...]
    #: drawn to go through without a game (MG-7)
    byes: tuple[str, ...]
    #: entrants still in who were not there this round (they stay in)
    away: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Bracket:
    """The cup so far: its rounds, who is still in, and the winner once one is left."""

    rounds: tuple[CupRound, ...]
    still_in: tuple[str, ...]
    #: the round after which at most one entrant was left; None while the cup goes on
    over_after: int | None
    winner: str | None

    @property
    def over(self) -> bool:
        return self.over_after is not None


def entrants(season: Season, ruleset: Ruleset, round_no: int) -> list[str]:
    """MG-7: the players registered in ``round_no`` who carry every entrant flag (as of
    that round: the roster history)."""
    flags = ruleset.pairing.entrant_flags
    return [
        p.id
        for p in season.players_at(round_no)
        if not p.is_engine and p.registered_in(round_no) and all(p.has_flag(f) for f in flags)
    ]


def decide(season: Season, ruleset: Ruleset, round_no: int, game: Game) -> Tie:
    """MG-7, MG-8: who goes through after one cup game, and why."""
    w, b = game.white, game.black
    knockout = ruleset.rule_ids.get("knockout")
    match game.result:
        case None:
            return Tie(w, b, None, None, (), Reason("cup.unplayed", None, {}))
        case Result.WHITE_WINS | Result.BLACK_WINS:
            winner, loser = (w, b) if game.result is Result.WHITE_WINS else (b, w)
            return Tie(w, b, game.result, winner, (loser,),
                       Reason("cup.won", knockout, {"player": winner}))  # fmt: skip
        case Result.WHITE_FORFEIT_WIN | Result.BLACK_FORFEIT_WIN:
            winner, loser = (w, b) if game.result is Result.WHITE_FORFEIT_WIN else (b, w)
            return Tie(w, b, game.result, winner, (loser,),
                       Reason("cup.forfeit", knockout, {"player": winner, "other": loser}))  # fmt: skip
        case Result.DOUBLE_FORFEIT:
            return Tie(w, b, game.result, None, (w, b), Reason("cup.double-forfeit", knockout, {}))
    return _drawn(season, ruleset, round_no, game)


def _drawn(season: Season, ruleset: Ruleset, round_no: int, game: Game) -> Tie:
    """MG-8: a drawn cup game: a rating gap above ``awards.cup_rating_gap`` sends the
    lower-rated player through; otherwise the barrage winner the director recorded."""
    w, b = game.white, game.black
    rule = ruleset.rule_ids.get("cup-draw")
    limit = ruleset.awards.cup_rating_gap
    rw, rb = season.rating_at(w, round_no), season.rating_at(b, round_no)
    if limit is not None and rw is not None and rb is not None and abs(rw - rb) > limit:
        lower, higher = (w, b) if rw < rb else (b, w)
        params = {"player": lower, "gap": abs(rw - rb), "limit": limit}
        return Tie(w, b, game.result, lower, (higher,), Reason("cup.rating-gap", rule, params))
    barrage = next(
        (
            d.player
            for d in season.decisions or ()
            if d.kind == BARRAGE_WINNER and d.round == round_no and d.player in (w, b)
        ),
        None,
    )
    if barrage is None:
        return Tie(w, b, game.result, None, (), Reason("cup.barrage-pending", rule, {}))
    loser = b if barrage == w else w
    return Tie(w, b, game.result, barrage, (loser,),
               Reason("cup.barrage", rule, {"player": barrage}))  # fmt: skip


def cup_round(season: Season, ruleset: Ruleset, rnd: Round, still_in: set[str]) -> CupRound:
    """One played (or published) round of the cup, for the entrants ``still_in`` before it."""
    ties = tuple(decide(season, ruleset, rnd.number, g) for g in rnd.games or ())
    entries = rnd.entries or {}
    byes = tuple(pid for pid, kind in entries.items() if kind is Kind.BYE)
    on_board = {pid for g in rnd.games or () for pid in g.players}
    away = tuple(sorted(still_in - on_board - set(byes)))
    return CupRound(rnd.number, rnd.seed, ties, byes, away)


def bracket(season: Season, ruleset: Ruleset) -> Bracket:
    """The cup round by round (the played and published rounds; an open round is not drawn
    yet), who is still in, and when at most one entrant was left (the winner)."""
    rounds: list[CupRound] = []
    out: set[str] = set()
    over_after: int | None = None
    for rnd in season.played_rounds:
        alive = set(entrants(season, ruleset, rnd.number)) - out
        played = cup_round(season, ruleset, rnd, alive)
        rounds.append(played)
        for tie in played.ties:
            out.update(tie.out)
        left = set(entrants(season, ruleset, rnd.number + 1)) - out
        if over_after is None and len(left) <= 1 and all(t.decided for t in played.ties):
            over_after = rnd.number
    last = season.played_rounds[-1].number if season.played_rounds else 0
    still_in = tuple(pid for pid in entrants(season, ruleset, last + 1) if pid not in out)
    winner = still_in[0] if over_after is not None and len(still_in) == 1 else None
    return Bracket(tuple(rounds), still_in, over_after, winner)


def eliminated(season: Season, ruleset: Ruleset, before_round: int) -> set[str]:
    """Who is out of the cup before ``before_round`` (for pairing it).

    Raises :class:`PairingError` for a drawn tie whose barrage winner is not recorded: the
    draw cannot be made before the director records it (MG-8).
    """
    from compcore.domain.errors import PairingError, Phrase

    out: set[str] = set()
    for rnd in bracket(season.truncated(before_round - 1), ruleset).rounds:
        for tie in rnd.ties:
            if tie.why.key == "cup.barrage-pending":
                raise PairingError.at(
                    Phrase("at.round", number=rnd.number),
                    "pairing.barrage_missing",
                    white=tie.white,
                    black=tie.black,
                    kind=BARRAGE_WINNER,
                )
            out.update(tie.out)
    return out
