"""The roster: a player edited in the form, a rating change, a CSV import.

Each write carries what the director read, and sends only what he changed: the store merges
it into the roster as stored then, and refuses it (``StaleWriteError``) where someone else
changed the same field meanwhile.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from compcore.adapters import players_csv
from compcore.adapters.auth import Actor
from compcore.adapters.players_csv import ParsedPlayers
from compcore.model import Participation, Player, RatingChange, Season
from compcore.rulesets import Ruleset
from compcore.services.repository import Repository


def form_player(
    read: Player | None,
    *,
    pid: str,
    name: str,
    rating: int | None,
    strength: int | None,
    level: str,
    flags: Sequence[str],
    participation: Participation,
    joined: int | None,
    withdrawn: int | None,
) -> Player:
    """The player the form describes, on top of the player as read (None: a new one). A
    field the stored player left out stays out when the form shows its default (no flags,
    participation ``always``), so saving an untouched form changes nothing."""
    base = read or Player(id=pid.strip(), name="")
    return replace(
        base,
        name=name.strip(),
        rating=rating,
        strength=strength,
        level=level.strip() or None,
        flags=tuple(flags) or (None if read is None or read.flags is None else ()),
        participation=participation
        if (read is None or read.participation is not None or participation != "always")
        else None,
        joined_round=joined,
        withdrawn_round=withdrawn,
    )


def save_player(
    repo: Repository, competition_id: int, player: Player, *, read: Player | None, actor: Actor
) -> Season:
    """Add the player, or write the fields the director changed since ``read``."""
    return repo.save_player(competition_id, player, actor=actor, read=read)


def save_rating(
    repo: Repository,
    competition_id: int,
    change: RatingChange,
    *,
    read: Sequence[RatingChange],
    actor: Actor,
) -> Season:
    """Add a rating change or replace the one of that player from that round; ``read`` is
    the list of rating changes as the form was opened."""
    key = (change.player, change.from_round)
    before = next((r for r in read if (r.player, r.from_round) == key), None)
    return repo.save_rating(competition_id, change, actor=actor, read=before)


def import_roster(
    repo: Repository,
    competition_id: int,
    parsed: ParsedPlayers,
    *,
    read: Sequence[Player],
    actor: Actor,
) -> Season:
    """Apply a checked CSV (``players_csv.parse``) to the roster as read: only the players
    in the file, only the columns it has, merged into the roster as stored now."""
    roster = players_csv.merge(read, parsed)
    ids = {p.id for p in parsed.players}
    known = {p.id: p for p in read}
    changed = [p for p in roster if p.id in ids]
    return repo.save_players(
        competition_id,
        changed,
        actor=actor,
        action="import-players",
        read={p.id: known.get(p.id) for p in changed},
    )


def offered_flags(season: Season, ruleset: Ruleset) -> list[str]:
    """The flags the player form offers: those already in use plus every flag the ruleset
    reads (MG-7's entrant flags, DS-9's engine opt-in, LA-3's own-level flag), sorted."""
    rules = ruleset.pairing
    flags = {f for p in season.players for f in p.flags or ()} | set(rules.entrant_flags)
    if rules.engine is not None:
        flags.add(rules.engine.opt_in_flag)
    if rules.level_only_flag:
        flags.add(rules.level_only_flag)
    return sorted(flags)
