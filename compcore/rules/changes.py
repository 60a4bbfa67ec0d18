"""A director's changes to a season, as pure functions that refuse a lost update.

A repository (the DuckDB :class:`~compcore.adapters.store.Store`, or the in-memory one of
the tests) runs one of these inside its transaction, on the season as it is stored *at
that moment*, and writes the :class:`Edit` it returns.

``read`` is what the director saw when he opened the form: the *revision* of the part he
changes (the round, a board's result, a player, a rating change, the ruleset). When that
part has changed since, so that saving would silently overwrite someone else's change, the
function raises :class:`~compcore.domain.errors.StaleWriteError` and nothing is written. Changes
that do not collide merge: two directors who enter results on different boards of one round
both keep theirs, and two edits of different fields of one player both count. A part that
already holds exactly what is being written is not a collision. ``UNCHECKED`` (the default)
skips the check: the command line and scripts that own the whole season.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any, Final

from compcore.domain.errors import (
    CompcoreError,
    IncompleteRoundError,
    NotFinalizedError,
    Phrase,
    ReasonRequiredError,
    RosterError,
    SeasonError,
    StaleWriteError,
    StoreError,
)
from compcore.domain.model import (
    Decision,
    Player,
    PlayerChange,
    RatingChange,
    Result,
    Round,
    RulesetRef,
    Season,
)
from compcore.rules.rulesets import load_ruleset


class Unchecked:
    """The type of :data:`UNCHECKED`."""

    _instance: Unchecked | None = None

    def __new__(cls) -> Unchecked:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "UNCHECKED"


#: ``read=UNCHECKED``: write without comparing with what was read (command line, scripts)
UNCHECKED: Final = Unchecked()


@dataclass(frozen=True)
class Edit:
    """The outcome of a change: the new season and what changed, for the change log.

    ``part`` names the season-file list the item belongs to (``rounds``, ``players``,
    ``ratings``, ``decisions``), or ``ruleset``, or ``season`` for the whole season;
    ``before``/``after`` are the item (a tuple of items for several), None for "none".
    """

    season: Season
    part: str
    before: Any
    after: Any


@dataclass(frozen=True)
class BoardResult:
    """One board's result as the director entered it: the board (from 1) and its players
    as he saw them, the result he read and the one he enters (None: no result)."""

    board: int
    white: str
    black: str
    read: Result | None
    new: Result | None


def name(season: Season) -> str:
    """``club / season / competition``: how messages name a competition."""
    return f"{season.club} / {season.season} / {season.competition}"


def _refuse_stale(current: object, read: object, new: object, what: Phrase) -> None:
    """The lost-update check: refuse when the part changed since it was read, unless it
    already is what is being written."""
    if read is UNCHECKED:
        return
    if current != read and current != new:
        raise StaleWriteError(what)


def _round_or_none(season: Season, number: int) -> Round | None:
    return next((r for r in season.rounds if r.number == number), None)


def _player_name(season: Season, pid: str) -> str:
    return next((p.name for p in season.players if p.id == pid), pid)


def _require(value: object, kind: type, what: str, season: Season) -> None:
    if not isinstance(value, kind):
        raise SeasonError.at((name(season),), "store.not_a", what=what, got=type(value).__name__)


# --------------------------------------------------------------------------- rounds


def put_round(season: Season, rnd: Round, read: Round | Unchecked | None = UNCHECKED) -> Edit:
    """Insert the round, or replace the round with its number (attendance, publishing, a
    late re-pairing); refused when that round is no longer as read (None: not there)."""
    _require(rnd, Round, "round", season)
    current = _round_or_none(season, rnd.number)
    _refuse_stale(current, read, rnd, Phrase("change.what.round", number=rnd.number))
    return Edit(season.with_round(rnd), "rounds", current, rnd)


def remove_last_round(
    season: Season, number: int, read: Round | Unchecked | None = UNCHECKED
) -> Edit:
    """Undo: remove the last round, which must be round ``number`` and still as read."""
    current = _round_or_none(season, number)
    if read is not UNCHECKED and current != read:
        raise StaleWriteError(Phrase("change.what.round", number=number))
    if not season.rounds:
        raise StoreError.at((name(season),), "store.no_round")
    last = season.rounds[-1]
    if last.number != number:
        raise StoreError.at((name(season),), "store.not_last", last=last.number, number=number)
    return Edit(season.without_round(number), "rounds", last, None)


def enter_results(
    season: Season,
    number: int,
    boards: Sequence[BoardResult],
    *,
    complete: bool = False,
    reason: str | None = None,
) -> Edit:
    """Merge the boards whose result the director changed into the stored round.

    Refused (:class:`StaleWriteError`) when the round's pairing changed, or a board's
    stored result is neither the one the director read nor the one he enters. Correcting a
    result of a finalized round (:attr:`Round.is_finalized`) needs a ``reason`` (for the
    change log) and keeps a result on every board; the round stays finalized.
    ``complete`` (finalizing) needs a result on every board afterwards and marks the round
    finalized; a round that is not finalized stays so (:func:`_finalized_after`) until the
    director finalizes it, even once every board has a result.
    """
    current = _round_or_none(season, number)
    new, corrected = merged_results(season, number, boards)
    assert current is not None  # merged_results refused a missing round
    was_final = current.is_finalized
    _require_correction_reason(number, corrected if was_final else [], reason)
    if complete or was_final:
        _require_complete(new)
    new = replace(new, finalized=_finalized_after(current, new, complete=complete))
    return Edit(season.with_round(new), "rounds", current, new)


def _finalized_after(current: Round, new: Round, *, complete: bool) -> bool | None:
    """A round's finalized state after a save of results: finalizing sets it; a correction
    keeps it; otherwise the round is not finalized: said explicitly once every board has a
    result (else a round that does not say would read as finalized), left unsaid before."""
    if complete:
        return True
    if current.is_finalized:
        return current.finalized
    if current.finalized is None and not new.is_finalized:
        return None
    return False


def merged_results(
    season: Season, number: int, boards: Sequence[BoardResult]
) -> tuple[Round, list[int]]:
    """The stored round with the director's results merged in, and the boards whose stored
    result changes; refused (:class:`StaleWriteError`) as :func:`enter_results` says."""
    current = _round_or_none(season, number)
    pairing = Phrase("change.what.pairing", number=number)
    if current is None or current.games is None:
        raise StaleWriteError(pairing)
    games = list(current.games)
    corrected = []
    for b in boards:
        i = b.board - 1
        if not 0 <= i < len(games) or (games[i].white, games[i].black) != (b.white, b.black):
            raise StaleWriteError(pairing)
        stored = games[i].result
        board = Phrase("change.what.board", board=b.board, number=number)
        _refuse_stale(stored, b.read, b.new, board)
        if stored != b.new:
            corrected.append(b.board)
            games[i] = replace(games[i], result=b.new)
    return replace(current, games=tuple(games)), corrected


def _require_correction_reason(number: int, corrected: Sequence[int], reason: str | None) -> None:
    """Correcting a result of a finalized round needs the director's reason."""
    if corrected and not (reason and reason.strip()):
        raise ReasonRequiredError(
            "change.reason.correction", number=number, boards=", ".join(map(str, corrected))
        )


def _require_complete(rnd: Round) -> None:
    """A round is finalized only with a result on every board."""
    missing = [i for i, g in enumerate(rnd.games or (), start=1) if g.result is None]
    if missing:
        raise IncompleteRoundError("change.missing_results", boards=", ".join(map(str, missing)))


def reopen_round(
    season: Season, number: int, reason: str | None, read: Round | Unchecked = UNCHECKED
) -> Edit:
    """Reopen a finalized round: it is no longer locked, its results can be changed and it
    must be finalized again. Needs the director's ``reason`` (for the change log); refused
    when the round is not finalized, or no longer as read."""
    current = _round_or_none(season, number)
    if current is None or not current.is_finalized:
        raise NotFinalizedError("change.not_finalized", number=number)
    if not (reason and reason.strip()):
        raise ReasonRequiredError("change.reason.reopen", number=number)
    new = replace(current, finalized=False)
    _refuse_stale(current, read, new, Phrase("change.what.round", number=number))
    return Edit(season.with_round(new), "rounds", current, new)


# --------------------------------------------------------------------------- players


def _merge_fields(current: Player, read: Player, new: Player, what: Phrase) -> Player:
    """The stored player with the fields the director changed (read -> new); refused when
    one of those fields changed meanwhile to something else."""
    changed = {}
    for f in fields(Player):
        was, wanted, now = (getattr(p, f.name) for p in (read, new, current))
        if was == wanted:
            continue
        _refuse_stale(now, was, wanted, what)
        changed[f.name] = wanted
    return replace(current, **changed)


def put_player(season: Season, player: Player, read: Player | Unchecked | None = UNCHECKED) -> Edit:
    """Add a player (at the end) or edit one (by id, keeping the order). With ``read`` only
    the fields the director changed are written; None: he added a new player."""
    _require(player, Player, "player", season)
    current = next((p for p in season.players if p.id == player.id), None)
    what = Phrase("change.what.player", player=_player_name(season, player.id))
    if isinstance(read, Unchecked) or current is None:
        merged = player
    elif read is None:  # added meanwhile under the same id
        _refuse_stale(current, read, player, what)
        merged = player
    else:
        merged = _merge_fields(current, read, player, what)
    players = (
        tuple(merged if p.id == player.id else p for p in season.players)
        if current is not None
        else (*season.players, merged)
    )
    return Edit(replace(season, players=players), "players", current, merged)


def put_players(
    season: Season,
    players: Sequence[Player],
    read: Mapping[str, Player | None] | Unchecked = UNCHECKED,
) -> Edit:
    """Several players at once (a roster import), each as :func:`put_player`; ``read``
    maps each id to the player as read (None or missing: new)."""
    before, after = [], []
    for player in players:
        _require(player, Player, "player", season)
        seen = UNCHECKED if isinstance(read, Unchecked) else read.get(player.id)
        edit = put_player(season, player, seen)
        season = edit.season
        if edit.before is not None:
            before.append(edit.before)
        after.append(edit.after)
    return Edit(season, "players", tuple(before), tuple(after))


def history_of(season: Season, player: str) -> tuple[PlayerChange, ...]:
    """The player's roster history (level and flag changes), as listed."""
    return tuple(c for c in season.roster_changes or () if c.player == player)


def _known(season: Season, player: str) -> Player:
    found = next((p for p in season.players if p.id == player), None)
    if found is None:
        raise SeasonError.at((name(season),), "season.unknown_player", player=player)
    return found


def add_player_change(
    season: Season,
    change: PlayerChange,
    read: Sequence[PlayerChange] | Unchecked = UNCHECKED,
) -> Edit:
    """Roster history: a level and/or flags from a round on, appended to the player's
    history (an earlier line is never overwritten). ``read``: his history as the form
    showed it; refused when it changed since."""
    _require(change, PlayerChange, "roster change", season)
    _known(season, change.player)
    current = history_of(season, change.player)
    what = Phrase("change.what.history", player=_player_name(season, change.player))
    seen = read if isinstance(read, Unchecked) else tuple(read)
    _refuse_stale(current, seen, (*current, change), what)
    history = (*(season.roster_changes or ()), change)
    return Edit(replace(season, roster_changes=history), "roster_changes", None, change)


def rounds_naming(season: Season, player: str) -> list[int]:
    """The rounds that name the player: a board, an entry, the attendance, a fixed game, a
    late arrival."""
    out = []
    for rnd in season.rounds:
        named = {pid for g in rnd.games or () for pid in g.players}
        named |= set(rnd.entries or ()) | set(rnd.present or ()) | set(rnd.late or ())
        named |= {pid for f in rnd.forced or () for pid in (f.white, f.black)}
        if player in named:
            out.append(rnd.number)
    return out


def first_appearance(season: Season, player: str) -> int | None:
    """The first round that names the player, or None: he has no entries yet."""
    return next(iter(rounds_naming(season, player)), None)


def remove_player(season: Season, player: str, read: Player | Unchecked = UNCHECKED) -> Edit:
    """Remove a player added by mistake, with his rating and roster history; refused while
    any round names him (then he withdraws instead) or a decision does."""
    current = _known(season, player)
    what = Phrase("change.what.player", player=current.name)
    _refuse_stale(current, read, None, what)
    appears = first_appearance(season, player)
    if appears is not None:
        raise RosterError("change.player_has_entries", player=current.name, round=appears)
    if any(d.player == player for d in season.decisions or ()):
        raise RosterError("change.player_has_decision", player=current.name)
    ratings, history = season.ratings, season.roster_changes
    new = replace(
        season,
        players=tuple(p for p in season.players if p.id != player),
        ratings=None if ratings is None else tuple(r for r in ratings if r.player != player),
        roster_changes=None if history is None else tuple(c for c in history if c.player != player),
    )
    return Edit(new, "players", current, None)


def put_rating(
    season: Season, change: RatingChange, read: RatingChange | Unchecked | None = UNCHECKED
) -> Edit:
    """Add a rating change, or replace the one of that player from that round."""
    _require(change, RatingChange, "rating change", season)
    ratings = season.ratings or ()
    key = (change.player, change.from_round)
    current = next((r for r in ratings if (r.player, r.from_round) == key), None)
    what = Phrase(
        "change.what.rating", player=_player_name(season, change.player), round=change.from_round
    )
    _refuse_stale(current, read, change, what)
    new = (
        tuple(change if (r.player, r.from_round) == key else r for r in ratings)
        if current is not None
        else (*ratings, change)
    )
    return Edit(replace(season, ratings=new), "ratings", current, change)


def put_ratings(
    season: Season,
    changes: Sequence[RatingChange],
    read: Sequence[RatingChange] | Unchecked = UNCHECKED,
) -> Edit:
    """Several rating changes at once (a rating list imported, issue 11), each as
    :func:`put_rating`; ``read`` is the season's rating changes as read, so a change of
    one of these players from that round made meanwhile refuses the whole import."""
    before: list[RatingChange] = []
    for change in changes:
        key = (change.player, change.from_round)
        seen = (
            read
            if isinstance(read, Unchecked)
            else next((r for r in read if (r.player, r.from_round) == key), None)
        )
        edit = put_rating(season, change, seen)
        before.extend([edit.before] if edit.before is not None else [])
        season = edit.season
    return Edit(season, "ratings", tuple(before) or None, tuple(changes) or None)


# --------------------------------------------------------------------------- the rest


def put_ruleset(season: Season, ref: RulesetRef, read: RulesetRef | Unchecked = UNCHECKED) -> Edit:
    """Change the preset or overrides; the ruleset must load (the store then checks the
    season under it)."""
    _require(ref, RulesetRef, "ruleset reference", season)
    _refuse_stale(season.ruleset, read, ref, Phrase("change.what.ruleset"))
    try:
        load_ruleset(ref.preset, ref.overrides)
    except CompcoreError as exc:
        raise SeasonError(name(season), ": ", Phrase("at.ruleset"), ": ", *exc.parts) from None
    return Edit(replace(season, ruleset=ref), "ruleset", season.ruleset, ref)


def add_decision(season: Season, decision: Decision) -> Edit:
    """Record a director's decision (a play-off or barrage winner, ...). Appending loses
    nobody's change, so there is nothing to compare."""
    _require(decision, Decision, "decision", season)
    decisions = (*(season.decisions or ()), decision)
    return Edit(replace(season, decisions=decisions), "decisions", None, decision)


def replace_season(season: Season, new: Season, read: Season | Unchecked = UNCHECKED) -> Edit:
    """A multi-part edit: the whole season at once."""
    _refuse_stale(season, read, new, Phrase("change.what.season"))
    return Edit(new, "season", season, new)


def replace_rounds(season: Season, new: Season, read: Season | Unchecked = UNCHECKED) -> Edit:
    """A whole-season write that changes rounds only (a result entered once in a linked
    competition and its ladder, :mod:`compcore.services.linked`): refused when the season
    changed since ``read``; logged as the rounds that changed (before and after), not the
    whole season. A ``new`` that differs elsewhere too is logged as the whole season."""
    _refuse_stale(season, read, new, Phrase("change.what.season"))
    if replace(new, rounds=season.rounds) != season:
        return Edit(new, "season", season, new)
    old = {r.number: r for r in season.rounds}
    now = {r.number: r for r in new.rounds}
    numbers = sorted(n for n in old.keys() | now.keys() if old.get(n) != now.get(n))
    before = tuple(old[n] for n in numbers if n in old)
    after = tuple(now[n] for n in numbers if n in now)
    return Edit(new, "rounds", before or None, after or None)


def changed_rounds(edit: Edit) -> list[int]:
    """The numbers of the rounds a :func:`replace_rounds` edit writes (None: every part)."""
    items = (edit.before or ()) + (edit.after or ())
    return sorted({r.number for r in items})


# --------------------------------------------------------------------------- subgroups (KC-12)


def put_subgroups(
    season: Season,
    from_round: int,
    lines: Sequence[PlayerChange],
    read: Sequence[PlayerChange] | Unchecked = UNCHECKED,
) -> Edit:
    """KC-12: store the director's subgroups as the roster history's levels from
    ``from_round``: the composition's lines replace every level from that round (a line
    that also set flags keeps its flags); other rounds are unchanged. ``read``: the
    composition's lines as the form showed them; refused when they changed since."""
    for line in lines:
        _require(line, PlayerChange, "roster change", season)
        _known(season, line.player)
        if line.from_round != from_round or line.level is None:
            raise SeasonError.at((name(season),), "subgroups.bad_line", player=line.player)
    history = season.roster_changes or ()
    current = tuple(c for c in history if c.from_round == from_round and c.level is not None)
    seen = read if isinstance(read, Unchecked) else tuple(read)
    _refuse_stale(current, seen, tuple(lines), Phrase("change.what.subgroups"))
    kept = []
    for c in history:
        if c.from_round == from_round and c.level is not None:
            if c.flags is None:
                continue
            c = replace(c, level=None)
        kept.append(c)
    new = replace(season, roster_changes=(*kept, *lines))
    return Edit(new, "roster_changes", current or None, tuple(lines))
