"""The roster: a player edited in the form, a rating change, a CSV import.

Each write carries what the director read, and sends only what he changed: the store merges
it into the roster as stored then, and refuses it (``StaleWriteError``) where someone else
changed the same field meanwhile.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from compcore.adapters.files import players_csv
from compcore.adapters.files.players_csv import ParsedPlayers
from compcore.domain.errors import RosterError
from compcore.domain.federation_ids import number_problems
from compcore.domain.model import Participation, Player, PlayerChange, RatingChange, Season
from compcore.domain.player_ids import new_player_id
from compcore.domain.player_names import name_problem
from compcore.formats import validate
from compcore.ports.actors import Actor
from compcore.ports.repository import Repository
from compcore.rules.changes import first_appearance, history_of, rounds_naming
from compcore.rules.rulesets import Ruleset


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
    knsb_id: str = "",
    fide_id: str = "",
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
        knsb_id=knsb_id.strip() or None,
        fide_id=fide_id.strip() or None,
    )


def namesakes(season: Season, player: Player) -> list[Player]:
    """The other players of the roster with ``player``'s name, case and outer spaces aside
    (issue 22 item 3: the form warns, it does not refuse: two members may share a name)."""
    key = player.name.strip().casefold()
    return [p for p in season.players if p.id != player.id and p.name.strip().casefold() == key]


def automatic_id(season: Season, name: str) -> str:
    """The id a new player gets when the director types none: a readable slug of the name,
    never one in use (``compcore.domain.player_ids``)."""
    return new_player_id(name, season.player_ids)


def last_round(season: Season, ruleset: Ruleset) -> int:
    """The last round a rating or roster change may name (the season's length, or the
    round after the last stored one when the season runs longer)."""
    return validate.last_round(season, ruleset)


def check_round(season: Season, ruleset: Ruleset, number: int) -> None:
    """Refuse a round number outside 1 .. :func:`last_round`."""
    last = validate.last_round(season, ruleset)
    if not 1 <= number <= last:
        raise RosterError("roster.round_range", round=number, last=last)


def check_player(season: Season, ruleset: Ruleset, player: Player) -> None:
    """Refuse a player the form cannot mean: no name, a name the rule of
    :mod:`compcore.domain.player_names` refuses (a control character, over 100 characters), a bad
    relatienummer or FIDE id, a round out of range, withdrawing before joining."""
    if not player.name.strip():
        raise RosterError("roster.name_required")
    problem = name_problem(player.name)
    if problem is not None:
        raise RosterError("name.roster", player=player.id, problem=problem)
    for _, problem in number_problems(player):
        raise RosterError("ids.roster", name=player.name, problem=problem)
    for number in (player.joined_round, player.withdrawn_round):
        if number is not None:
            check_round(season, ruleset, number)
    joined, withdrawn = player.joined_round, player.withdrawn_round
    if joined is not None and withdrawn is not None and withdrawn < joined:
        raise RosterError("roster.withdrawn_before_joined", withdrawn=withdrawn, joined=joined)


def save_player(
    repo: Repository, competition_id: int, player: Player, *, read: Player | None, actor: Actor
) -> Season:
    """Add the player, or write the fields the director changed since ``read`` (a rename,
    a new rating, joining or withdrawing from a round); bad input refused first."""
    check_player(repo.load(competition_id), repo.ruleset(competition_id), player)
    return repo.save_player(competition_id, player, actor=actor, read=read)


def withdraw(
    repo: Repository,
    competition_id: int,
    player: str,
    from_round: int,
    *,
    read: Player,
    actor: Actor,
) -> Season:
    """The player withdraws from ``from_round`` on: he is no longer paired, and stays in
    the ranking with what he scored (KC-13). Refused while a round from then on names him
    (he played it, or is on its attendance list: take him off it first)."""
    season = repo.load(competition_id)
    check_round(season, repo.ruleset(competition_id), from_round)
    later = [n for n in rounds_naming(season, player) if n >= from_round]
    if later:
        raise RosterError("roster.withdraw_named", player=read.name, round=later[0])
    return save_player(
        repo, competition_id, replace(read, withdrawn_round=from_round), read=read, actor=actor
    )


def save_change(
    repo: Repository,
    competition_id: int,
    change: PlayerChange,
    *,
    read: Sequence[PlayerChange],
    actor: Actor,
) -> Season:
    """A level and/or flags from a round on, added to the player's roster history (never
    overwriting a line); ``read``: his history as the form showed it."""
    check_round(repo.load(competition_id), repo.ruleset(competition_id), change.from_round)
    level = (change.level or "").strip() or None
    if level is None and change.flags is None:
        raise RosterError("roster.change_empty")
    done = replace(change, level=level)
    return repo.save_roster_change(competition_id, done, read=read, actor=actor)


def remove(
    repo: Repository, competition_id: int, player: str, *, read: Player, actor: Actor
) -> Season:
    """Remove a player added by mistake; refused once a round names him."""
    return repo.remove_player(competition_id, player, read=read, actor=actor)


def first_round(season: Season, player: str) -> int | None:
    """The first round that names the player (then he cannot be removed), or None."""
    return first_appearance(season, player)


def history(season: Season, player: str) -> tuple[PlayerChange, ...]:
    """The player's roster history (level and flag changes), by round."""
    return tuple(sorted(history_of(season, player), key=lambda c: c.from_round))


def save_rating(
    repo: Repository,
    competition_id: int,
    change: RatingChange,
    *,
    read: Sequence[RatingChange],
    actor: Actor,
) -> Season:
    """Add a rating change or replace the one of that player from that round; ``read`` is
    the list of rating changes as the form was opened. A round outside the season is
    refused (:func:`check_round`), as the season file and the rating-list import refuse it."""
    check_round(repo.load(competition_id), repo.ruleset(competition_id), change.from_round)
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
    """The flags the player form offers: those already in use (the roster history's too)
    plus every flag the ruleset reads (MG-7's entrant flags, DS-9's engine opt-in, LA-3's
    own-level flag), sorted."""
    rules = ruleset.pairing
    flags = {f for p in season.players for f in p.flags or ()} | set(rules.entrant_flags)
    flags |= {f for c in season.roster_changes or () for f in c.flags or ()}
    if rules.engine is not None:
        flags.add(rules.engine.opt_in_flag)
    if rules.level_only_flag:
        flags.add(rules.level_only_flag)
    return sorted(flags)


# --------------------------------------------------------------------------- the roster as CSV


def roster_csv(players: Sequence[Player], *, excel: bool = False) -> str:
    """The roster as the CSV text the import reads back (``excel``: ``;`` for Dutch Excel)."""
    return players_csv.dumps(players, excel=excel)


def parse_roster(text: str) -> ParsedPlayers:
    """The players of a CSV text, or the errors of its bad rows."""
    return players_csv.parse(text)


def roster_status(existing: Sequence[Player], parsed: ParsedPlayers) -> dict[str, str]:
    """Per parsed player id: ``new`` or ``update`` (the import's preview)."""
    return players_csv.status(existing, parsed)
