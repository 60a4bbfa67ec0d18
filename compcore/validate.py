"""The season's integrity rules: what makes a season consistent with itself and its ruleset.

These are the error cases of ``spec/season-format.md`` that are about meaning rather than
shape: unknown player ids, a player twice in one round, a game against oneself, a round
number out of order, a played round after an open one, an entry kind the ruleset does not
use, a cup round after the cup was decided, a rating no rating list gives. The season-file
reader, the store and the app all call :func:`check_season` before accepting data, so a bad
season never gets in.
"""

from __future__ import annotations

from compcore.errors import Phrase, SeasonError, phrase
from compcore.model import EMPTY, ENTRY_KINDS, Kind, Round, Season
from compcore.rulesets import Ruleset

#: Ratings a player can have (KNSB and FIDE lists run from about 100 to under 2900): outside
#: this range a rating is a typing error, and the pairing and the rating-based values
#: (MG-2, the engine's DS-9 offset) would silently use it.
RATING_LOW, RATING_HIGH = 0, 3500


def implausible_rating(player: str, rating: int | None) -> Phrase | None:
    """Why ``rating`` cannot be ``player``'s (outside 0-3500), or None when it can."""
    if rating is None or RATING_LOW <= rating <= RATING_HIGH:
        return None
    return phrase(
        "error.rating.range", player=repr(player), rating=rating, low=RATING_LOW, high=RATING_HIGH
    )


def _check_ratings(season: Season, source: str) -> None:
    """Every rating, the players' own and every rating change, within 0-3500."""
    changes = [(f"{source}: ", p.id, p.rating) for p in season.players]
    changes += [(f"{source}: ratings: ", r.player, r.rating) for r in season.ratings or ()]
    for where, player, rating in changes:
        problem = implausible_rating(player, rating)
        if problem is not None:
            raise SeasonError(where, problem)


def check_season(season: Season, ruleset: Ruleset, source: str = "season") -> None:
    """Raise :class:`SeasonError` naming the first problem (file, round, player)."""
    known: set[str] = set()
    for player in season.players:
        if player.id in known:
            raise SeasonError(f"{source}: player id {player.id!r} is used twice")
        known.add(player.id)
    for change in season.ratings or ():
        if change.player not in known:
            raise SeasonError(f"{source}: ratings: unknown player {change.player!r}")
    for decision in season.decisions or ():
        if decision.player not in known:
            raise SeasonError(f"{source}: decisions: unknown player {decision.player!r}")
    _check_ratings(season, source)
    allowed = set(ruleset.points.kinds)
    open_round: int | None = None
    last_cycle = -1
    for expected, rnd in enumerate(season.rounds, start=1):
        where = f"{source}: round {rnd.number}"
        if rnd.number != expected:
            raise SeasonError(f"{where}: round number out of order (expected round {expected})")
        if open_round is not None:
            raise SeasonError(
                f"{where}: comes after open round {open_round}; only the last round may be open"
            )
        if rnd.is_open:
            open_round = rnd.number
        elif rnd is not season.rounds[-1] and any(g.result is None for g in rnd.games or ()):
            raise SeasonError(
                f"{where}: a game has no result; only the last round may be unfinished"
            )
        cycle = rnd.cycle if rnd.cycle is not None else ruleset.cycle_of(rnd.number)
        if cycle < last_cycle:
            raise SeasonError(f"{where}: cycle {cycle} comes after cycle {last_cycle}")
        last_cycle = cycle
        _check_round(rnd, season, known, allowed, where)
    if ruleset.pairing.method == "knockout":
        _check_cup_not_over(season, ruleset, source)


def _check_cup_not_over(season: Season, ruleset: Ruleset, source: str) -> None:
    """MG-7: the cup ends when one player is left; no round may follow (opened or played)."""
    from compcore.cup import bracket

    done = bracket(season, ruleset)
    if done.over_after is not None and season.rounds[-1].number > done.over_after:
        raise SeasonError(
            f"{source}: round {done.over_after + 1}: the cup is over after round "
            f"{done.over_after} (winner: {done.winner or 'nobody'}); no further round (MG-7)"
        )


def _check_round(
    rnd: Round, season: Season, known: set[str], allowed: set[Kind], where: str
) -> None:
    placed: dict[str, str] = {}

    def place(pid: str, how: str) -> None:
        if pid not in known:
            raise SeasonError(f"{where}: unknown player {pid!r} ({how})")
        if pid in placed:
            raise SeasonError(f"{where}: player {pid!r} appears twice ({placed[pid]} and {how})")
        placed[pid] = how

    entries = rnd.entries or EMPTY
    for board, game in enumerate(rnd.games or (), start=1):
        if game.white == game.black:
            raise SeasonError(
                f"{where}: board {board}: player {game.white!r} plays against themself"
            )
        place(game.white, f"board {board}")
        place(game.black, f"board {board}")
    for pid, kind in entries.items():
        if kind not in ENTRY_KINDS:
            raise SeasonError(f"{where}: player {pid!r}: {kind.value!r} belongs in a game")
        if kind not in allowed:
            names = ", ".join(k.value for k in ENTRY_KINDS if k in allowed)
            raise SeasonError(
                f"{where}: player {pid!r}: entry kind {kind.value!r} is not used by this "
                f"ruleset (allowed: {names})"
            )
        place(pid, f"entry {kind.value!r}")
        if kind is not Kind.NOT_PARTICIPATING and season.player(pid).is_engine:
            raise SeasonError(
                f"{where}: {pid!r} is the engine entrant: its only entry is 'not-participating' "
                f"(not paired, or unavailable this evening: DS-9), not {kind.value!r}"
            )
    for pid in placed:
        player = season.player(pid)
        if entries.get(pid) is not Kind.NOT_PARTICIPATING and not player.registered_in(rnd.number):
            raise SeasonError(
                f"{where}: player {pid!r} takes part but is not registered in this round "
                f"(joined in round {player.joined_round}, "
                f"withdrew in round {player.withdrawn_round})"
            )
    present: set[str] = set()
    for pid in rnd.present or ():
        if pid not in known:
            raise SeasonError(f"{where}: unknown player {pid!r} (present)")
        if pid in present:
            raise SeasonError(f"{where}: player {pid!r} is listed twice as present")
        if rnd.is_open and pid in placed:
            raise SeasonError(f"{where}: player {pid!r} is present and also has an entry")
        player = season.player(pid)
        if player.is_engine:
            raise SeasonError(
                f"{where}: {pid!r} is the engine entrant; it is paired when needed, "
                "not marked present"
            )
        if not player.registered_in(rnd.number):
            raise SeasonError(
                f"{where}: player {pid!r} is present but not registered in this round "
                f"(joined in round {player.joined_round}, "
                f"withdrew in round {player.withdrawn_round})"
            )
        present.add(pid)
    in_forced: set[str] = set()
    for game in rnd.forced or ():
        if game.white == game.black:
            raise SeasonError(f"{where}: forced game: {game.white!r} against themself")
        for pid in (game.white, game.black):
            if pid not in present:
                raise SeasonError(f"{where}: forced game: player {pid!r} is not present")
            if pid in in_forced:
                raise SeasonError(f"{where}: player {pid!r} is in two forced games")
            in_forced.add(pid)
