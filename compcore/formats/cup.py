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

The rounds and ties are :mod:`compcore.formats.knockout`'s values (shared with the cup of
pools and the play-off's barrages). Pure functions of the season; the pairing (:mod:`compcore.pairing.knockout`), the season
checks, the awards and the app's Winnaars page all read the cup from here.
"""

from __future__ import annotations

from compcore.domain.boards import Reason
from compcore.domain.model import Game, Kind, Result, Round, Season
from compcore.formats.knockout import (
    Bracket,
    KoRound,
    Tie,
    both_out,
    knocked_out,
    undecided,
    won,
)
from compcore.rules.rulesets import Ruleset

#: the decision kind the director records for a drawn cup game's barrage (MG-8)
BARRAGE_WINNER = "barrage-winner"


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
            return undecided((w, b), (game,), Reason("cup.unplayed", None, {}))
        case Result.WHITE_WINS | Result.BLACK_WINS:
            winner = w if game.result is Result.WHITE_WINS else b
            return won((w, b), (game,), winner, Reason("cup.won", knockout, {"player": winner}))
        case Result.WHITE_FORFEIT_WIN | Result.BLACK_FORFEIT_WIN:
            winner, loser = (w, b) if game.result is Result.WHITE_FORFEIT_WIN else (b, w)
            return won((w, b), (game,), winner,
                       Reason("cup.forfeit", knockout, {"player": winner, "other": loser}))  # fmt: skip
        case Result.DOUBLE_FORFEIT:
            return both_out((w, b), (game,), Reason("cup.double-forfeit", knockout, {}))
    return _drawn(season, ruleset, round_no, game)


def _drawn(season: Season, ruleset: Ruleset, round_no: int, game: Game) -> Tie:
    """MG-8: a drawn cup game: a rating gap above ``awards.cup_rating_gap`` sends the
    lower-rated player through; otherwise the barrage winner the director recorded."""
    w, b = game.white, game.black
    rule = ruleset.rule_ids.get("cup-draw")
    limit = ruleset.awards.cup_rating_gap
    rw, rb = season.rating_at(w, round_no), season.rating_at(b, round_no)
    if limit is not None and rw is not None and rb is not None and abs(rw - rb) > limit:
        lower = w if rw < rb else b
        params = {"player": lower, "gap": abs(rw - rb), "limit": limit}
        return won((w, b), (game,), lower, Reason("cup.rating-gap", rule, params))
    barrage = next(
        (
            d.player
            for d in season.decisions or ()
            if d.kind == BARRAGE_WINNER and d.round == round_no and d.player in (w, b)
        ),
        None,
    )
    if barrage is None:
        return undecided((w, b), (game,), Reason("cup.barrage-pending", rule, {}))
    return won((w, b), (game,), barrage, Reason("cup.barrage", rule, {"player": barrage}))


def cup_round(season: Season, ruleset: Ruleset, rnd: Round, still_in: set[str]) -> KoRound:
    """One played (or published) round of the cup, for the entrants ``still_in`` before it."""
    ties = tuple(decide(season, ruleset, rnd.number, g) for g in rnd.games or ())
    entries = rnd.entries or {}
    byes = tuple(pid for pid, kind in entries.items() if kind is Kind.BYE)
    on_board = {pid for g in rnd.games or () for pid in g.players}
    away = tuple(sorted(still_in - on_board - set(byes)))
    return KoRound(rnd.number, ties, byes, seed=rnd.seed, away=away)


def bracket(season: Season, ruleset: Ruleset) -> Bracket:
    """The cup round by round (the played and published rounds; an open round is not drawn
    yet), who is still in, and when at most one entrant was left (the winner)."""
    rounds: list[KoRound] = []
    out: set[str] = set()
    over_after: int | None = None
    for rnd in season.played_rounds:
        alive = set(entrants(season, ruleset, rnd.number)) - out
        played = cup_round(season, ruleset, rnd, alive)
        rounds.append(played)
        out |= knocked_out((played,))
        left = set(entrants(season, ruleset, rnd.number + 1)) - out
        if over_after is None and len(left) <= 1 and played.decided:
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
