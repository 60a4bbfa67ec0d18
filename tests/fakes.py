"""The tests' fake store: an in-memory :class:`~compcore.ports.repository.Repository`,
kept here and not in the package, which only the tests use.

It keeps the DuckDB store's rules without a file: every write checks the actor, applies the
same pure change of :mod:`compcore.rules.changes` (so a stale write is refused the same way),
validates the new season as a season file, and logs what changed; a failed write changes
nothing. Seasons are immutable, so a write either replaces one or not at all.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from functools import partial
from typing import Any

from compcore.adapters.files import season_file
from compcore.adapters.store.transactions import (
    archive_action,
    authorize,
    part_data,
    validated,
)
from compcore.domain.errors import Label, Phrase, StaleWriteError, StoreError
from compcore.domain.model import (
    Decision,
    Player,
    PlayerChange,
    RatingChange,
    Round,
    RulesetRef,
    Season,
)
from compcore.formats.validate import SEASON
from compcore.ports.actors import Actor
from compcore.ports.values import (
    PROPOSAL_ACTION,
    CompetitionInfo,
    LogEntry,
    Mark,
    MemberToken,
    StoredDraft,
    check_draft_version,
    check_member_mark,
    next_draft_version,
)
from compcore.rules import changes
from compcore.rules.changes import UNCHECKED, BoardResult, Edit, Unchecked
from compcore.rules.club_settings import ClubSettings, check_settings
from compcore.rules.rulesets import Ruleset


@dataclass
class MemoryStore:
    """Competitions in a dict, the change log in a list; ``director_hash`` as the Store's."""

    director_hash: str | None = None
    _seasons: dict[int, Season] = field(default_factory=dict)
    _log: list[LogEntry] = field(default_factory=list)
    _archived: set[int] = field(default_factory=set)
    _next_id: int = 1
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _drafts: dict[tuple[int, int], StoredDraft] = field(default_factory=dict)
    _tokens: dict[str, MemberToken] = field(default_factory=dict)
    _marks: list[Mark] = field(default_factory=list)
    _club_settings: dict[str, ClubSettings] = field(default_factory=dict)

    # ---------------------------------------------------------------- reads

    def competitions(self) -> list[CompetitionInfo]:
        infos = [
            CompetitionInfo(cid, s.club, s.season, s.competition, s.ruleset.preset,
                            len([r for r in s.rounds if not r.is_open]), len(s.players),
                            cid in self._archived, s.ladder)
            for cid, s in self._seasons.items()
        ]  # fmt: skip
        return sorted(infos, key=lambda i: (i.club, i.season, i.competition, i.id))

    def load(self, competition_id: int) -> Season:
        try:
            return self._seasons[competition_id]
        except KeyError:
            raise StoreError.at((), "store.no_id", id=competition_id) from None

    def ruleset(self, competition_id: int) -> Ruleset:
        season = self.load(competition_id)
        return season_file.ruleset_of(season, changes.name(season))

    def log(self, competition_id: int | None = None, limit: int = 100) -> list[LogEntry]:
        entries = [e for e in reversed(self._log)
                   if competition_id is None or e.competition_id == competition_id]  # fmt: skip
        return entries[:limit]

    def revision(self) -> int:
        return self._log[-1].id if self._log else 0

    # ---------------------------------------------------------------- writes

    def _write_log(self, label: str, cid: int | None, action: str, reason: str | None,
                   before: Any, after: Any) -> None:  # fmt: skip
        entry_id = len(self._log) + 1
        at = datetime.now(UTC)
        self._log.append(LogEntry(entry_id, at, label, cid, action, reason, before, after))

    def _change(
        self,
        competition_id: int,
        actor: Actor,
        action: str,
        reason: str | None,
        edit: Callable[[Season], Edit],
    ) -> Season:
        label = authorize(actor, self.director_hash)
        if not isinstance(action, str) or not action.strip():
            raise StoreError.at((), "store.no_action")
        with self._lock:
            return self._apply(label, competition_id, action, reason, edit)

    def _apply(self, label: str, competition_id: int, action: str, reason: str | None,
               edit: Callable[[Season], Edit]) -> Season:  # fmt: skip
        """One competition's change, the lock held: edit, validate, store, log."""
        old = self.load(competition_id)
        done = edit(old)
        new = validated(done.season, (changes.name(old), Label("log.action", action)))
        before = part_data(old, done.part, done.before)
        after = part_data(new, done.part, done.after)
        self._seasons[competition_id] = new
        self._write_log(label, competition_id, action, reason, before, after)
        return new

    def import_season(
        self,
        season: Season,
        *,
        actor: Actor,
        replace: bool = False,
        action: str = "import",
        reason: str | None = None,
    ) -> int:
        label = authorize(actor, self.director_hash)
        new = validated(season, changes.name(season) if isinstance(season, Season) else SEASON)
        with self._lock:
            key = (new.club, new.season, new.competition)
            cid = next((i for i, s in self._seasons.items()
                        if (s.club, s.season, s.competition) == key), None)  # fmt: skip
            if cid is not None and not replace:
                raise StoreError.at((changes.name(new),), "store.exists", id=cid)
            before = season_file.to_data(self._seasons[cid]) if cid is not None else None
            if cid is None:
                cid, self._next_id = self._next_id, self._next_id + 1
            self._seasons[cid] = new
            logged = action if before is None else "replace"
            self._write_log(label, cid, logged, reason, before, season_file.to_data(new))
        return cid

    def import_seasons(self, seasons: Sequence[Season], *, actor: Actor) -> list[int]:
        """Several new seasons at once; any refusal stores none of them (as the Store)."""
        authorize(actor, self.director_hash)
        checked = [validated(s, changes.name(s) if isinstance(s, Season) else SEASON)
                   for s in seasons]  # fmt: skip
        kept = dict(self._seasons), self._next_id, list(self._log)
        try:
            return [self.import_season(new, actor=actor) for new in checked]
        except BaseException:
            self._seasons, self._next_id, self._log = kept
            raise

    def save_season(self, competition_id: int, season: Season, *, actor: Actor, action: str,
                    reason: str | None = None, read: Season | Unchecked = UNCHECKED) -> Season:  # fmt: skip
        return self._change(competition_id, actor, action, reason,
                            lambda old: changes.replace_season(old, season, read))  # fmt: skip

    def save_seasons(self, seasons: Sequence[tuple[int, Season, Season | Unchecked]], *,
                     actor: Actor, action: str, reason: str | None = None) -> list[Season]:  # fmt: skip
        """Several seasons at once (as the Store): any refusal stores none of them."""
        label = authorize(actor, self.director_hash)
        if not isinstance(action, str) or not action.strip():
            raise StoreError.at((), "store.no_action")
        with self._lock:
            kept = dict(self._seasons), list(self._log)
            try:
                return [self._apply(label, cid, action, reason,
                                    partial(changes.replace_rounds, new=season, read=read))
                        for cid, season, read in seasons]  # fmt: skip
            except BaseException:
                self._seasons, self._log = kept
                raise

    def save_round(self, competition_id: int, rnd: Round, *, actor: Actor, action: str,
                   reason: str | None = None,
                   read: Round | Unchecked | None = UNCHECKED) -> Season:  # fmt: skip
        return self._change(competition_id, actor, action, reason,
                            lambda old: changes.put_round(old, rnd, read))  # fmt: skip

    def save_results(self, competition_id: int, number: int, boards: Sequence[BoardResult], *,
                     actor: Actor, action: str, complete: bool = False,
                     reason: str | None = None) -> Season:  # fmt: skip
        return self._change(
            competition_id, actor, action, reason,
            lambda old: changes.enter_results(old, number, boards, complete=complete,
                                              reason=reason),
        )  # fmt: skip

    def reopen_round(self, competition_id: int, number: int, *, actor: Actor,
                     reason: str | None, read: Round | Unchecked = UNCHECKED,
                     action: str = "reopen-round") -> Season:  # fmt: skip
        return self._change(competition_id, actor, action, reason,
                            lambda old: changes.reopen_round(old, number, reason, read))  # fmt: skip

    def delete_round(self, competition_id: int, number: int, *, actor: Actor,
                     reason: str | None = None, read: Round | Unchecked | None = UNCHECKED,
                     action: str = "delete-round") -> Round:  # fmt: skip
        removed: list[Round] = []

        def edit(old: Season) -> Edit:
            done = changes.remove_last_round(old, number, read)
            removed.append(done.before)
            return done

        self._change(competition_id, actor, action, reason, edit)
        return removed[0]

    def save_player(self, competition_id: int, player: Player, *, actor: Actor,
                    reason: str | None = None,
                    read: Player | Unchecked | None = UNCHECKED) -> Season:  # fmt: skip
        return self._change(competition_id, actor, "save-player", reason,
                            lambda old: changes.put_player(old, player, read))  # fmt: skip

    def save_players(self, competition_id: int, players: Sequence[Player], *, actor: Actor,
                     action: str = "save-players", reason: str | None = None,
                     read: Mapping[str, Player | None] | Unchecked = UNCHECKED) -> Season:  # fmt: skip
        return self._change(competition_id, actor, action, reason,
                            lambda old: changes.put_players(old, players, read))  # fmt: skip

    def save_rating(self, competition_id: int, change: RatingChange, *, actor: Actor,
                    reason: str | None = None,
                    read: RatingChange | Unchecked | None = UNCHECKED) -> Season:  # fmt: skip
        return self._change(competition_id, actor, "save-rating", reason,
                            lambda old: changes.put_rating(old, change, read))  # fmt: skip

    def save_ratings(self, competition_id: int, ratings: Sequence[RatingChange], *,
                     actor: Actor, reason: str | None = None,
                     read: Sequence[RatingChange] | Unchecked = UNCHECKED) -> Season:  # fmt: skip
        return self._change(competition_id, actor, "import-ratings", reason,
                            lambda old: changes.put_ratings(old, ratings, read))  # fmt: skip

    def club_settings(self, club: str) -> ClubSettings:
        return self._club_settings.get(club, ClubSettings())

    def save_club_settings(self, club: str, settings: ClubSettings, *, actor: Actor,
                           read: ClubSettings | Unchecked = UNCHECKED) -> ClubSettings:  # fmt: skip
        label = authorize(actor, self.director_hash)
        new = check_settings(settings)
        with self._lock:
            current = self.club_settings(club)
            if not isinstance(read, Unchecked) and current != read and current != new:
                raise StaleWriteError(Phrase("change.what.club_settings", club=club))
            self._club_settings[club] = new
            self._write_log(label, None, "club-settings", None,
                            {"club": club, **current.as_dict()},
                            {"club": club, **new.as_dict()})  # fmt: skip
            return new

    def save_rating_list(self, competition_id: int, ratings: Sequence[RatingChange],
                         players: Sequence[Player], *, actor: Actor,
                         reason: str | None = None,
                         read: Sequence[RatingChange] | Unchecked = UNCHECKED,
                         read_players: Mapping[str, Player | None] | Unchecked = UNCHECKED,
                         ) -> Season:  # fmt: skip
        """Numbers and ratings at once (as the Store): any refusal stores neither."""
        label = authorize(actor, self.director_hash)
        with self._lock:
            kept = dict(self._seasons), list(self._log)
            try:
                new = self._apply(label, competition_id, "import-numbers", reason,
                                  lambda old: changes.put_players(old, players, read_players))  # fmt: skip
                if ratings:
                    new = self._apply(label, competition_id, "import-ratings", reason,
                                      lambda old: changes.put_ratings(old, ratings, read))  # fmt: skip
                return new
            except BaseException:
                self._seasons, self._log = kept
                raise

    def save_roster_change(self, competition_id: int, change: PlayerChange, *, actor: Actor,
                           reason: str | None = None,
                           read: Sequence[PlayerChange] | Unchecked = UNCHECKED) -> Season:  # fmt: skip
        return self._change(competition_id, actor, "save-roster-change", reason,
                            lambda old: changes.add_player_change(old, change, read))  # fmt: skip

    def save_subgroups(self, competition_id: int, from_round: int,
                       lines: Sequence[PlayerChange], *, actor: Actor,
                       reason: str | None = None,
                       read: Sequence[PlayerChange] | Unchecked = UNCHECKED) -> Season:  # fmt: skip
        return self._change(competition_id, actor, "save-subgroups", reason,
                            lambda old: changes.put_subgroups(old, from_round, lines, read))  # fmt: skip

    def remove_player(self, competition_id: int, player: str, *, actor: Actor,
                      reason: str | None = None,
                      read: Player | Unchecked = UNCHECKED) -> Season:  # fmt: skip
        return self._change(competition_id, actor, "remove-player", reason,
                            lambda old: changes.remove_player(old, player, read))  # fmt: skip

    def set_ruleset(self, competition_id: int, ref: RulesetRef, *, actor: Actor,
                    reason: str | None = None,
                    read: RulesetRef | Unchecked = UNCHECKED) -> Season:  # fmt: skip
        return self._change(competition_id, actor, "set-ruleset", reason,
                            lambda old: changes.put_ruleset(old, ref, read))  # fmt: skip

    def add_decision(self, competition_id: int, decision: Decision, *, actor: Actor,
                     reason: str | None = None) -> Season:  # fmt: skip
        return self._change(competition_id, actor, "add-decision", reason,
                            lambda old: changes.add_decision(old, decision))  # fmt: skip

    def delete_competition(self, competition_id: int, *, actor: Actor,
                           reason: str | None = None) -> Season:  # fmt: skip
        label = authorize(actor, self.director_hash)
        with self._lock:
            old = self.load(competition_id)
            del self._seasons[competition_id]
            self._archived.discard(competition_id)
            self._drafts = {k: d for k, d in self._drafts.items() if k[0] != competition_id}
            self._tokens = {h: t for h, t in self._tokens.items()
                            if t.competition_id != competition_id}  # fmt: skip
            self._marks = [m for m in self._marks if m.competition_id != competition_id]
            self._write_log(label, competition_id, "delete-competition", reason,
                            season_file.to_data(old), None)  # fmt: skip
        return old

    def set_archived(self, competition_id: int, archived: bool, *, actor: Actor,
                     reason: str | None = None) -> None:  # fmt: skip
        label = authorize(actor, self.director_hash)
        with self._lock:
            self.load(competition_id)  # refuses an unknown id
            was = competition_id in self._archived
            if archived:
                self._archived.add(competition_id)
            else:
                self._archived.discard(competition_id)
            self._write_log(label, competition_id, archive_action(archived), reason,
                            {"archived": was}, {"archived": bool(archived)})  # fmt: skip

    # ---------------------------------------------------------------- rule lab proposals

    def add_proposal(self, competition_id: int, proposal: Mapping[str, Any], *, actor: Actor,
                     reason: str | None = None) -> None:  # fmt: skip
        label = authorize(actor, self.director_hash)
        with self._lock:
            self.load(competition_id)  # refuses an unknown id
            self._write_log(label, competition_id, PROPOSAL_ACTION, reason, None,
                            dict(proposal))  # fmt: skip

    # ---------------------------------------------------------------- drafts

    def save_draft(self, competition_id: int, number: int, data: Mapping[str, Any], *,
                   actor: Actor, read: int | None) -> int:  # fmt: skip
        label = authorize(actor, self.director_hash)
        payload = json.loads(json.dumps(dict(data)))  # as the database keeps it: JSON
        with self._lock:
            self.load(competition_id)
            current = self._drafts.get((competition_id, number))
            check_draft_version(current, read, number)
            at = datetime.now(UTC)
            version = next_draft_version(current, at)
            self._drafts[(competition_id, number)] = StoredDraft(
                competition_id, number, payload, label, at, version
            )
        return version

    def load_draft(self, competition_id: int, number: int) -> StoredDraft | None:
        return self._drafts.get((competition_id, number))

    def discard_draft(self, competition_id: int, number: int, *, actor: Actor) -> None:
        authorize(actor, self.director_hash)
        with self._lock:
            self._drafts.pop((competition_id, number), None)

    # ---------------------------------------------------------------- member links

    def add_member_token(self, token: MemberToken, *, actor: Actor) -> None:
        authorize(actor, self.director_hash)
        with self._lock:
            self.load(token.competition_id)
            if token.token_hash in self._tokens:
                raise StoreError.at((), "store.database", detail="token exists")
            self._tokens[token.token_hash] = token

    def revoke_member_tokens(self, competition_id: int, player: str, at: datetime, *,
                             actor: Actor) -> int:  # fmt: skip
        authorize(actor, self.director_hash)
        with self._lock:
            live = [t for t in self._tokens.values() if t.revoked_at is None
                    and (t.competition_id, t.player) == (competition_id, player)]  # fmt: skip
            for token in live:
                self._tokens[token.token_hash] = replace(token, revoked_at=at)
        return len(live)

    def member_token(self, token_hash: str) -> MemberToken | None:
        return self._tokens.get(token_hash)

    def member_tokens(self, competition_id: int) -> list[MemberToken]:
        found = [t for t in self._tokens.values() if t.competition_id == competition_id]
        return sorted(found, key=lambda t: (t.created_at, t.token_hash))

    def competitions_with_decision(self, kind: str, note: str) -> set[int]:
        return {cid for cid, s in self._seasons.items()
                if any(d.kind == kind and d.note == note for d in s.decisions or ())}  # fmt: skip

    def add_mark(self, mark: Mark, *, token_hash: str) -> None:
        with self._lock:
            check_member_mark(self._tokens.get(token_hash), mark)
            self._marks.append(mark)

    def marks(self, competition_id: int, number: int | None = None) -> list[Mark]:
        return [m for m in self._marks if m.competition_id == competition_id
                and (number is None or m.round == number)]  # fmt: skip
