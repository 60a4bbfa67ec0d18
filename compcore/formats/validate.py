"""The season's integrity rules: what makes a season consistent with itself and its ruleset.

These are the error cases of ``spec/season-format.md`` that are about meaning rather than
shape: unknown player ids, a player twice in one round, a game against oneself, a round
number out of order, a played round after an open one, an entry kind the ruleset does not
use, a cup round after the cup was decided, a rating no rating list gives, a rating change
from a round outside the season. The season-file reader, the store and the app all call
:func:`check_season` before accepting data, so a bad season never gets in. Each problem is a :class:`SeasonError` in Dutch and English
(``compcore/i18n/season.py``).
"""

from __future__ import annotations

from collections.abc import Mapping

from compcore.domain.errors import Part, Phrase, SeasonError, choices, phrase, place
from compcore.domain.federation_ids import number_problems
from compcore.domain.model import EMPTY, ENTRY_KINDS, Kind, Round, Season
from compcore.formats.kind import Format, format_of
from compcore.rules.rulesets import Ruleset

#: where a problem is: the steps of a place (a file, ``ronde 3``)
Where = tuple[Part, ...]

#: the place named when the caller gives none
SEASON = Phrase("at.season")

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


def _check_ratings(season: Season, top: Where) -> None:
    """Every rating, the players' own and every rating change, within 0-3500."""
    # the players' own first, judged in one pass (a club's file holds thousands)
    low, high = RATING_LOW, RATING_HIGH
    changes = [
        (top, p.id, p.rating)
        for p in season.players
        if p.rating is not None and not low <= p.rating <= high
    ]
    ratings = (*top, Phrase("at.ratings"))
    changes += [(ratings, r.player, r.rating) for r in season.ratings or ()]
    for where, player, rating in changes:
        problem = implausible_rating(player, rating)
        if problem is not None:
            raise SeasonError(*place(where), problem)


def last_round(season: Season, ruleset: Ruleset) -> int:
    """The last round a rating or roster change may name: the season's length (cycles
    times rounds per cycle), or the round after the last stored one when the season runs
    longer."""
    stored = season.rounds[-1].number + 1 if season.rounds else 1
    return max(ruleset.total_rounds, stored)


def _check_rating_rounds(season: Season, ruleset: Ruleset, top: Where) -> None:
    """Every rating change from a round of the season (1 .. :func:`last_round`), as
    ``compcore ratings import --from-round`` and the Spelers form require, in their words."""
    last = last_round(season, ruleset)
    for change in season.ratings or ():
        if not 1 <= change.from_round <= last:
            at_player = (*top, Phrase("at.ratings"), Phrase("at.player", player=change.player))
            raise SeasonError.at(
                at_player, "roster.round_range", round=change.from_round, last=last
            )


def _check_numbers(season: Season, top: Where) -> None:
    """Every player's KNSB relatienummer and FIDE id well formed (``federation_ids``)."""
    for player in season.players:
        if player.knsb_id is None and player.fide_id is None:
            continue  # nothing to check (most members)
        for field, problem in number_problems(player):
            at_player = (*top, Phrase("at.player", player=player.id))
            raise SeasonError.at(at_player, "ids.field", field=field, problem=problem)


def check_season(season: Season, ruleset: Ruleset, source: Part | Where = SEASON) -> None:
    """Raise :class:`SeasonError` naming the first problem (file, round, player)."""
    top: Where = source if isinstance(source, tuple) else (source,)
    known = {player.id for player in season.players}
    if len(known) < len(season.players):  # the first id seen twice, named
        _check_ids_once(season, top)
    _check_players_known(season, known, top)
    _check_ratings(season, top)
    _check_rating_rounds(season, ruleset, top)
    _check_numbers(season, top)
    _check_rounds(season, ruleset, known, top)
    if format_of(ruleset) is Format.CUP:
        _check_cup_not_over(season, ruleset, top)


def _check_ids_once(season: Season, top: Where) -> None:
    """No player id twice: the first one seen twice, named."""
    seen: set[str] = set()
    for player in season.players:
        if player.id in seen:
            raise SeasonError.at(top, "season.player_twice", player=player.id)
        seen.add(player.id)


def _check_players_known(season: Season, known: set[str], top: Where) -> None:
    """The rating changes, roster changes and decisions name registered players only."""
    for change in season.ratings or ():
        if change.player not in known:
            raise SeasonError.at(
                (*top, Phrase("at.ratings")), "season.unknown_player", player=change.player
            )
    for history in season.roster_changes or ():
        if history.player not in known:
            raise SeasonError.at(
                (*top, Phrase("at.roster_changes")), "season.unknown_player", player=history.player
            )
    for decision in season.decisions or ():
        if decision.player not in known:
            raise SeasonError.at(
                (*top, Phrase("at.decisions")), "season.unknown_player", player=decision.player
            )


def _check_rounds(season: Season, ruleset: Ruleset, known: set[str], top: Where) -> None:
    """The rounds in order (numbers, cycles), nothing after an open round, each one sound."""
    allowed = set(ruleset.points.kinds)
    open_round: int | None = None
    last_cycle = -1
    for expected, rnd in enumerate(season.rounds, start=1):
        where = (*top, Phrase("at.round", number=rnd.number))
        if rnd.number != expected:
            raise SeasonError.at(where, "season.round_order", expected=expected)
        if open_round is not None:
            raise SeasonError.at(where, "season.after_open", open=open_round)
        if rnd.is_open:
            open_round = rnd.number
        elif (
            rnd is not season.rounds[-1]
            and format_of(ruleset).paired  # a postponed game waits (DS-16)
            and not rnd.all_results_in
        ):
            raise SeasonError.at(where, "season.unfinished")
        _check_finalized(rnd, where)
        cycle = rnd.cycle if rnd.cycle is not None else ruleset.cycle_of(rnd.number)
        if cycle < last_cycle:
            raise SeasonError.at(where, "season.cycle_order", cycle=cycle, last=last_cycle)
        last_cycle = cycle
        _check_round(rnd, season, known, allowed, where, ruleset.round_robin.games_per_meeting)


def _check_finalized(rnd: Round, where: Where) -> None:
    """A round marked finalized is played and has a result on every board."""
    if rnd.finalized and (rnd.is_open or not rnd.all_results_in):
        raise SeasonError.at(where, "season.finalized_unfinished")


def _check_cup_not_over(season: Season, ruleset: Ruleset, top: Where) -> None:
    """MG-7: the cup ends when one player is left; no round may follow (opened or played)."""
    from compcore.formats.cup import bracket

    done = bracket(season, ruleset)
    if done.over_after is not None and season.rounds[-1].number > done.over_after:
        raise SeasonError.at(
            (*top, Phrase("at.round", number=done.over_after + 1)),
            "season.cup_over",
            round=done.over_after,
            winner=done.winner or Phrase("season.nobody"),
        )


def registration(joined: int | None, withdrawn: int | None) -> Phrase:
    """When a player belongs to the competition: joined and/or withdrew in which round."""
    if joined is not None and withdrawn is not None:
        return Phrase("season.registration.both", joined=joined, withdrawn=withdrawn)
    if joined is not None:
        return Phrase("season.registration.joined", joined=joined)
    return Phrase("season.registration.withdrawn", withdrawn=withdrawn)


def _same_meeting(meetings: dict[frozenset[str], int], pair: frozenset[str], limit: int) -> bool:
    """DS-21 (``round_robin.games_per_meeting`` 2): a further game of two players already on
    a board of this round, within the games of one meeting; counted in ``meetings``. A
    player on a second board against someone else is still two boards (refused)."""
    count = meetings.get(pair, 0)
    if 0 < count < limit:
        meetings[pair] = count + 1
        return True
    meetings[pair] = count + 1
    return False


def _check_round(
    rnd: Round,
    season: Season,
    known: set[str],
    allowed: set[Kind],
    where: Where,
    per_meeting: int = 1,
) -> None:
    placed = _Placements(known, where)
    entries = rnd.entries or EMPTY
    _place_boards(rnd, placed, where, per_meeting)
    _place_entries(season, entries, allowed, placed, where)
    _check_placed_registered(rnd, season, entries, placed.spots, where)
    present = _check_present(rnd, season, known, placed.spots, where)
    _check_forced(rnd, present, where)


def _how(spot: int | Kind) -> Phrase:
    """Where a player is placed, in words: a board's number or an entry's kind."""
    if isinstance(spot, Kind):
        return Phrase("season.how.entry", kind=spot.value)
    return Phrase("at.board", board=spot)


class _Placements:
    """Where each player of a round is placed: a board's number or an entry's kind, in words
    only for a refusal (a phrase for every board and entry was a third of the check,
    issue 19)."""

    def __init__(self, known: set[str], where: Where) -> None:
        self.known = known
        self.where = where
        self.spots: dict[str, int | Kind] = {}

    def place(self, pid: str, spot: int | Kind) -> None:
        """Place a registered player once; else the refusal naming both places."""
        if pid not in self.known:
            raise SeasonError.at(self.where, "season.unknown_player_in", player=pid, how=_how(spot))
        if pid in self.spots:
            raise SeasonError.at(
                self.where,
                "season.twice",
                player=pid,
                first=_how(self.spots[pid]),
                then=_how(spot),
            )
        self.spots[pid] = spot


def _place_boards(rnd: Round, placed: _Placements, where: Where, per_meeting: int) -> None:
    """Each board's two players (not the same one), a meeting's further games once."""
    meetings: dict[frozenset[str], int] = {}
    for board, game in enumerate(rnd.games or (), start=1):
        if game.white == game.black:
            raise SeasonError.at(
                (*where, Phrase("at.board", board=board)), "season.self_game", player=game.white
            )
        # one game a meeting (the usual): no board is a further game of a meeting
        if per_meeting > 1 and _same_meeting(meetings, frozenset(game.players), per_meeting):
            continue
        placed.place(game.white, board)
        placed.place(game.black, board)


def _place_entries(
    season: Season,
    entries: Mapping[str, Kind],
    allowed: set[Kind],
    placed: _Placements,
    where: Where,
) -> None:
    """Each entry a kind for an entry the ruleset uses; the engine only not participating."""
    for pid, kind in entries.items():
        if kind not in ENTRY_KINDS:
            at_player = (*where, Phrase("at.player", player=pid))
            raise SeasonError.at(at_player, "season.kind_in_game", kind=kind.value)
        if kind not in allowed:
            at_player = (*where, Phrase("at.player", player=pid))
            names = choices(k.value for k in ENTRY_KINDS if k in allowed)
            raise SeasonError.at(at_player, "season.kind_unused", kind=kind.value, allowed=names)
        placed.place(pid, kind)
        if kind is not Kind.NOT_PARTICIPATING and season.player(pid).is_engine:
            raise SeasonError.at(where, "season.engine_entry", player=pid, kind=kind.value)


def _check_placed_registered(
    rnd: Round,
    season: Season,
    entries: Mapping[str, Kind],
    placed: dict[str, int | Kind],
    where: Where,
) -> None:
    """Everyone placed (but not participating) belongs to the competition in this round."""
    for pid in placed:
        player = season.player(pid)
        if entries.get(pid) is not Kind.NOT_PARTICIPATING and not player.registered_in(rnd.number):
            raise SeasonError.at(
                where,
                "season.not_registered",
                player=pid,
                registration=registration(player.joined_round, player.withdrawn_round),
            )


def _check_present(
    rnd: Round, season: Season, known: set[str], placed: dict[str, int | Kind], where: Where
) -> set[str]:
    """The present list: registered humans, once each, not placed yet in an open round."""
    present: set[str] = set()
    for pid in rnd.present or ():
        if pid not in known:
            raise SeasonError.at(
                where, "season.unknown_player_in", player=pid, how=Phrase("season.how.present")
            )
        if pid in present:
            raise SeasonError.at(where, "season.present_twice", player=pid)
        if rnd.is_open and pid in placed:
            raise SeasonError.at(where, "season.present_and_entry", player=pid)
        player = season.player(pid)
        if player.is_engine:
            raise SeasonError.at(where, "season.engine_present", player=pid)
        if not player.registered_in(rnd.number):
            raise SeasonError.at(
                where,
                "season.present_not_registered",
                player=pid,
                registration=registration(player.joined_round, player.withdrawn_round),
            )
        present.add(pid)
    return present


def _check_forced(rnd: Round, present: set[str], where: Where) -> None:
    """Forced pairings: two different present players, each in one forced pairing."""
    in_forced: set[str] = set()
    forced_at = (*where, Phrase("at.forced"))
    for forced in rnd.forced or ():
        if forced.white == forced.black:
            raise SeasonError.at(forced_at, "season.forced_self", player=forced.white)
        for pid in (forced.white, forced.black):
            if pid not in present:
                raise SeasonError.at(forced_at, "season.forced_absent", player=pid)
            if pid in in_forced:
                raise SeasonError.at(where, "season.forced_twice", player=pid)
            in_forced.add(pid)
