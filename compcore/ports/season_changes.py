"""The season writes of the store port, written once for every store.

A write of season data is one pure change of :mod:`compcore.rules.changes` (which refuses a
lost update) on the season as stored at that moment, under an action name for the change
log. :class:`SeasonChanges` is the part of the store port
(:class:`compcore.ports.repository.Repository`) that holds those writes (the rounds, the
players, the ratings, the ruleset, the decisions, whole seasons), each as a :class:`Change`,
and the imports of new seasons (:class:`NewSeason`); a store supplies only how it runs them
(:meth:`SeasonChanges._run` and :meth:`SeasonChanges._import`: check the actor, read, edit,
validate, write, log, all or nothing). The DuckDB :class:`~compcore.adapters.store.Store`
and the tests' in-memory fake both inherit it, so a write cannot differ between them (the
abstract-base-class way of a repository port: the public methods are the port's, written
once; a store implements the primitives).

:class:`Change` also says which stored part the change rewrites (:data:`Rewrite`), so a
store that keeps a season in parts (DuckDB's tables) writes only those; a store that keeps
whole seasons ignores it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Literal

from compcore.domain.errors import StoreError
from compcore.domain.model import (
    Decision,
    Player,
    PlayerChange,
    RatingChange,
    Round,
    RulesetRef,
    Season,
)
from compcore.ports.actors import Actor
from compcore.rules import changes
from compcore.rules.changes import UNCHECKED, BoardResult, Edit, Unchecked

#: which stored part a change rewrites: the whole season, the rounds the edit names, one
#: round (:attr:`Change.number`), the players, the ratings, the roster history, the ruleset,
#: the decisions, or a player's removal (players, ratings and roster history)
Rewrite = Literal[
    "season", "rounds", "round", "players", "ratings", "roster", "ruleset", "decisions", "removal"
]


@dataclass(frozen=True)
class Change:
    """One competition's change: the edit of its stored season, logged as ``action``."""

    competition_id: int
    action: str
    reason: str | None
    edit: Callable[[Season], Edit]
    rewrite: Rewrite
    #: the round a ``"round"`` rewrite rewrites
    number: int | None = None


@dataclass(frozen=True)
class NewSeason:
    """A whole season to store: new, or (``replace``) over the one of the same name."""

    season: Season
    replace: bool = False
    #: the log's action for a new one (``import``; ``create-competition`` from the app's form)
    action: str = "import"
    reason: str | None = None


class SeasonChanges(ABC):
    """The season writes of the store port, each one :class:`Change` (or several at once),
    and the imports of whole seasons."""

    @abstractmethod
    def _run(self, actor: Actor, batch: Sequence[Change]) -> list[Season]:
        """Run the changes in one write, all or none (the actor checked first); the new
        seasons, in order."""

    @abstractmethod
    def _import(self, actor: Actor, batch: Sequence[NewSeason]) -> list[int]:
        """Store the seasons in one write, all or none (the actor checked first, before even
        the validation); their competition ids, in order. Each is validated as a season
        file, read back and logged (``replace`` as ``replace``, keeping the id and the
        season it replaced); an existing (club, season, competition) is refused unless
        ``replace``."""

    def _one(self, actor: Actor, change: Change) -> Season:
        return self._run(actor, [_named(change)])[0]

    def import_season(
        self,
        season: Season,
        *,
        actor: Actor,
        replace: bool = False,
        action: str = "import",
        reason: str | None = None,
    ) -> int:
        """Store a whole season; its competition id. An existing (club, season, competition)
        is refused unless ``replace`` (which keeps its id and logs what was replaced). A new
        one is logged as ``action`` (``import``; ``create-competition`` from the app's form)
        with ``reason`` (a play-off's replaced seed, DS-19)."""
        return self._import(actor, [NewSeason(season, replace, action, reason)])[0]

    def import_seasons(self, seasons: Sequence[Season], *, actor: Actor) -> list[int]:
        """Several new seasons in one write (the demo seasons on a first start: one
        transaction instead of one per season); their ids. Any refusal stores none."""
        return self._import(actor, [NewSeason(season) for season in seasons])

    def save_season(
        self,
        competition_id: int,
        season: Season,
        *,
        actor: Actor,
        action: str,
        reason: str | None = None,
        read: Season | Unchecked = UNCHECKED,
    ) -> Season:
        """Replace a competition's whole season (a multi-part edit) in one logged write."""

        def edit(old: Season) -> Edit:
            return changes.replace_season(old, season, read)

        return self._one(actor, Change(competition_id, action, reason, edit, "season"))

    def save_seasons(
        self,
        seasons: Sequence[tuple[int, Season, Season | Unchecked]],
        *,
        actor: Actor,
        action: str,
        reason: str | None = None,
    ) -> list[Season]:
        """Several competitions' seasons ``(id, season, read)`` in one write, all or none (a
        result entered once in a linked competition and its ladder, issue 12): each refused
        when stale (:func:`compcore.rules.changes.replace_rounds`), validated and logged as
        ``action``; the new seasons."""
        batch = [
            _named(Change(cid, action, reason,
                          partial(changes.replace_rounds, new=season, read=read), "rounds"))
            for cid, season, read in seasons
        ]  # fmt: skip
        return self._run(actor, batch)

    def save_round(
        self,
        competition_id: int,
        rnd: Round,
        *,
        actor: Actor,
        action: str,
        reason: str | None = None,
        read: Round | Unchecked | None = UNCHECKED,
    ) -> Season:
        """Insert the round, or replace the round with the same number."""
        number = getattr(rnd, "number", None)  # a malformed round: put_round refuses it

        def edit(old: Season) -> Edit:
            return changes.put_round(old, rnd, read)

        return self._one(actor, Change(competition_id, action, reason, edit, "round", number))

    def save_results(
        self,
        competition_id: int,
        number: int,
        boards: Sequence[BoardResult],
        *,
        actor: Actor,
        action: str,
        complete: bool = False,
        reason: str | None = None,
    ) -> Season:
        """Merge the results of the boards the director changed into the stored round
        (:func:`compcore.rules.changes.enter_results`); ``complete`` finalizes the round."""

        def edit(old: Season) -> Edit:
            return changes.enter_results(old, number, boards, complete=complete, reason=reason)

        return self._one(actor, Change(competition_id, action, reason, edit, "round", number))

    def reopen_round(
        self,
        competition_id: int,
        number: int,
        *,
        actor: Actor,
        reason: str | None,
        read: Round | Unchecked = UNCHECKED,
        action: str = "reopen-round",
    ) -> Season:
        """Reopen a finalized round (:func:`compcore.rules.changes.reopen_round`: needs a
        reason, which the log keeps)."""

        def edit(old: Season) -> Edit:
            return changes.reopen_round(old, number, reason, read)

        return self._one(actor, Change(competition_id, action, reason, edit, "round", number))

    def delete_round(
        self,
        competition_id: int,
        number: int,
        *,
        actor: Actor,
        reason: str | None = None,
        read: Round | Unchecked | None = UNCHECKED,
        action: str = "delete-round",
    ) -> Round:
        """Remove the last round (undo); returns it. The log keeps what was removed, under
        ``action`` (``undo-round`` from the app)."""
        removed: list[Round] = []

        def edit(old: Season) -> Edit:
            done = changes.remove_last_round(old, number, read)
            removed.append(done.before)
            return done

        self._one(actor, Change(competition_id, action, reason, edit, "round", number))
        return removed[-1]

    def save_player(
        self,
        competition_id: int,
        player: Player,
        *,
        actor: Actor,
        reason: str | None = None,
        read: Player | Unchecked | None = UNCHECKED,
    ) -> Season:
        """Add a player (at the end) or edit one (by id, keeping the order)."""

        def edit(old: Season) -> Edit:
            return changes.put_player(old, player, read)

        return self._one(actor, Change(competition_id, "save-player", reason, edit, "players"))

    def save_players(
        self,
        competition_id: int,
        players: Sequence[Player],
        *,
        actor: Actor,
        action: str = "save-players",
        reason: str | None = None,
        read: Mapping[str, Player | None] | Unchecked = UNCHECKED,
    ) -> Season:
        """Add or edit several players at once (a roster import)."""

        def edit(old: Season) -> Edit:
            return changes.put_players(old, players, read)

        return self._one(actor, Change(competition_id, action, reason, edit, "players"))

    def save_rating(
        self,
        competition_id: int,
        change: RatingChange,
        *,
        actor: Actor,
        reason: str | None = None,
        read: RatingChange | Unchecked | None = UNCHECKED,
    ) -> Season:
        """Add a rating change, or replace the one of that player from that round."""

        def edit(old: Season) -> Edit:
            return changes.put_rating(old, change, read)

        return self._one(actor, Change(competition_id, "save-rating", reason, edit, "ratings"))

    def save_ratings(
        self,
        competition_id: int,
        ratings: Sequence[RatingChange],
        *,
        actor: Actor,
        reason: str | None = None,
        read: Sequence[RatingChange] | Unchecked = UNCHECKED,
    ) -> Season:
        """Several rating changes in one write and one log line (a rating list)."""

        def edit(old: Season) -> Edit:
            return changes.put_ratings(old, ratings, read)

        return self._one(actor, Change(competition_id, "import-ratings", reason, edit, "ratings"))

    def save_rating_list(
        self,
        competition_id: int,
        ratings: Sequence[RatingChange],
        players: Sequence[Player],
        *,
        actor: Actor,
        reason: str | None = None,
        read: Sequence[RatingChange] | Unchecked = UNCHECKED,
        read_players: Mapping[str, Player | None] | Unchecked = UNCHECKED,
    ) -> Season:
        """A rating list imported: the players' new numbers (``import-numbers``) and the
        rating changes (``import-ratings``, when there are any) in one write."""

        def numbers(old: Season) -> Edit:
            return changes.put_players(old, players, read_players)

        batch = [Change(competition_id, "import-numbers", reason, numbers, "players")]
        if ratings:

            def edit(old: Season) -> Edit:
                return changes.put_ratings(old, ratings, read)

            batch.append(Change(competition_id, "import-ratings", reason, edit, "ratings"))
        return self._run(actor, batch)[-1]

    def save_roster_change(
        self,
        competition_id: int,
        change: PlayerChange,
        *,
        actor: Actor,
        reason: str | None = None,
        read: Sequence[PlayerChange] | Unchecked = UNCHECKED,
    ) -> Season:
        """Append a level/flags change from a round on to the player's roster history."""

        def edit(old: Season) -> Edit:
            return changes.add_player_change(old, change, read)

        return self._one(
            actor, Change(competition_id, "save-roster-change", reason, edit, "roster")
        )

    def save_subgroups(
        self,
        competition_id: int,
        from_round: int,
        lines: Sequence[PlayerChange],
        *,
        actor: Actor,
        reason: str | None = None,
        read: Sequence[PlayerChange] | Unchecked = UNCHECKED,
    ) -> Season:
        """KC-12: the director's subgroups, as the roster history's levels from a round."""

        def edit(old: Season) -> Edit:
            return changes.put_subgroups(old, from_round, lines, read)

        return self._one(actor, Change(competition_id, "save-subgroups", reason, edit, "roster"))

    def remove_player(
        self,
        competition_id: int,
        player: str,
        *,
        actor: Actor,
        reason: str | None = None,
        read: Player | Unchecked = UNCHECKED,
    ) -> Season:
        """Remove a player who is in no round yet (added by mistake)."""

        def edit(old: Season) -> Edit:
            return changes.remove_player(old, player, read)

        return self._one(actor, Change(competition_id, "remove-player", reason, edit, "removal"))

    def set_ruleset(
        self,
        competition_id: int,
        ref: RulesetRef,
        *,
        actor: Actor,
        reason: str | None = None,
        read: RulesetRef | Unchecked = UNCHECKED,
    ) -> Season:
        """Change the preset or overrides; refused if the ruleset, or the season under it,
        is not valid."""

        def edit(old: Season) -> Edit:
            return changes.put_ruleset(old, ref, read)

        return self._one(actor, Change(competition_id, "set-ruleset", reason, edit, "ruleset"))

    def add_decision(
        self, competition_id: int, decision: Decision, *, actor: Actor, reason: str | None = None
    ) -> Season:
        """Record a director's decision (barrage or play-off winner, ...)."""

        def edit(old: Season) -> Edit:
            return changes.add_decision(old, decision)

        return self._one(actor, Change(competition_id, "add-decision", reason, edit, "decisions"))


def _named(change: Change) -> Change:
    """The change, once its action is a name (the log needs one); else StoreError."""
    if not isinstance(change.action, str) or not change.action.strip():
        raise StoreError.at((), "store.no_action")
    return change
