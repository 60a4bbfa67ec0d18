"""Season files (``spec/season-format.md``): read, check and write them back without loss.

``load(path)`` gives a :class:`Season` and its :class:`Ruleset`, or raises
:class:`SeasonError` with one line naming the file, round, player and field (in Dutch or
English: ``error.text(lang)``). ``dumps`` writes a season so that ``dumps(parse(x))`` has the
same content as ``x``: optional fields a file left out stay out.

A game's ``reason`` and ``override`` are plain text (a director's own words, or a file from
before reasons were keys) or a reason object ``{"key", "rule", "params"}``
(:meth:`compcore.domain.reason.Reason.encode`), read back as a :class:`~compcore.domain.reason.Reason`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar

from compcore.adapters.files.plain_players import plain_players
from compcore.adapters.files.season_fields import Fields, refusal, show, steps

# the store names a place in a season as the season file does
from compcore.adapters.files.season_fields import Where as Where
from compcore.adapters.files.season_players import PLAYER_KEYS, plain_player, read_player
from compcore.adapters.files.season_rounds import FORCED_KEYS, GAME_KEYS, read_round
from compcore.domain import jsondata
from compcore.domain.errors import (
    Part,
    Phrase,
    SeasonError,
    os_problem,
    place,
)
from compcore.domain.model import (
    WEEKDAYS,
    Game,
    Player,
    Round,
    RulesetRef,
    Season,
    freeze,
    thaw,
)
from compcore.formats.validate import SEASON, check_season
from compcore.rules.rulesets import Ruleset, ruleset_of

if TYPE_CHECKING:  # read where a file has them (:mod:`compcore.domain.season_parts`, a reason)
    from compcore.domain.season_parts import (
        Calendar,
        Decision,
        PlayerChange,
        RatingChange,
    )

FORMAT = "compcore-season"
VERSION = 1

_T = TypeVar("_T")


# --------------------------------------------------------------------------- reading


def parse(
    data: Any, source: Part | Where = SEASON, *, known_rounds: Mapping[int, Round] | None = None
) -> Season:
    """A :class:`Season` from JSON data, checked in shape and in meaning against its ruleset.
    ``source`` names where it came from (a file name, or the steps of a place).

    First the limits any stored data keeps (:func:`compcore.domain.jsondata.check`: nesting depth,
    whole numbers within 128 bits, finite numbers, text that UTF-8 can write), each refused
    naming its field; the reader then holds each whole-number field to 64 bits (a seed:
    128).

    ``known_rounds`` (index from 0 -> round) are rounds already checked in shape (a write's
    rounds it did not change, as stored): their place in ``data["rounds"]`` holds a
    placeholder (:func:`to_data`'s ``placeholders``) and the round is taken as it is; the
    meaning (``check_season``) is checked over the whole season all the same."""
    where = steps(source)
    jsondata.check(data, where, SeasonError)
    season = _parse_shape(data, where, known_rounds or {})
    check_season(season, ruleset_of(season, where), where)
    return season


def loads(text: str, source: Part | Where = SEASON) -> Season:
    return _read(text, source)[0]


def _read(text: str, source: Part | Where) -> tuple[Season, Ruleset]:
    """:func:`parse` of the JSON text (checked once, by :func:`compcore.domain.jsondata.loads`),
    and the ruleset it was checked against (validated once)."""
    where = steps(source)
    data = jsondata.loads(text, where, SeasonError)
    season = _parse_shape(data, where, {})
    ruleset = ruleset_of(season, where)
    check_season(season, ruleset, where)
    return season, ruleset


def loads_bytes(data: bytes, source: Part | Where = SEASON) -> Season:
    """A season file's bytes (an upload): UTF-8 text, then :func:`loads`."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SeasonError(
            *place(steps(source)), Phrase("error.upload.not_utf8", offset=exc.start)
        ) from None
    return loads(text, source)


def load(path: str | Path) -> tuple[Season, Ruleset]:
    """Read a season file: the season and its ruleset."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise refusal((str(path),), "season.file.missing") from None
    except UnicodeDecodeError as exc:
        raise refusal((str(path),), "season.file.not_utf8", offset=exc.start) from None
    except OSError as exc:
        raise refusal((str(path),), "season.file.unreadable", problem=os_problem(exc)) from None
    return _read(text, str(path))


_TOP = (
    "format", "version", "club", "season", "competition", "ruleset", "players",
    "ratings", "rounds", "decisions", "calendar", "roster_changes", "ladder",
)  # fmt: skip
_DECISION = ("kind", "player", "cycle", "category", "round", "note")
_CALENDAR = ("weekday", "holidays", "dates")
_CHANGE = ("player", "from_round", "level", "flags")


def _parse_shape(data: Any, source: Where, known: Mapping[int, Round]) -> Season:
    top = Fields(data, source, _TOP)
    if data.get("format") != FORMAT:
        raise top.refuse("season.format", expected=FORMAT, got=show(data.get("format")))
    if data.get("version") != VERSION:
        raise top.refuse("season.version", got=show(data.get("version")), supported=VERSION)
    ruleset = _ruleset_ref(top, source)
    listing = top.listing("players", True) or []
    # a club's members read a field at a time, the others (or all, where any of those is
    # not plainly right) one by one (issue 19)
    bulk = plain_players(listing)
    for i in sorted(set(range(len(listing))).difference(bulk)):  # the others, one by one
        item = listing[i]
        bulk[i] = plain_player(item) or read_player(
            item, (*source, Phrase("at.player_index", index=i + 1))
        )
    players = tuple(map(bulk.__getitem__, range(len(listing))))
    ratings = top.listing("ratings")
    decisions = top.listing("decisions")
    history = top.listing("roster_changes")
    rounds = top.listing("rounds") or []
    return Season(
        club=top.text("club", required=True) or "",
        season=top.text("season", required=True) or "",
        competition=top.text("competition", required=True) or "",
        ruleset=ruleset,
        players=players,
        rounds=tuple(
            known[i - 1] if i - 1 in known else read_round(item, source, i)
            for i, item in enumerate(rounds, 1)
        ),
        ratings=_each(ratings, _rating, (*source, Phrase("at.ratings"))),
        decisions=_each(decisions, _decision, (*source, Phrase("at.decisions"))),
        calendar=_calendar(top._get("calendar", False), (*source, Phrase("at.calendar"))),
        roster_changes=_each(history, _change, (*source, Phrase("at.roster_changes"))),
        ladder=top.text("ladder"),
    )


def _ruleset_ref(top: Fields, source: Where) -> RulesetRef:
    """The ``ruleset`` object: a preset's name and the overrides (an object, if given)."""
    ref = Fields(
        top._get("ruleset", True), (*source, Phrase("at.ruleset")), ("preset", "overrides")
    )
    preset = ref.text("preset", required=True)
    overrides = ref._get("overrides", False)
    if overrides is not None and not isinstance(overrides, dict):
        raise ref.refuse("season.field.object", field="overrides")
    return RulesetRef(
        preset or "", freeze(overrides) if overrides is not None else MappingProxyType({})
    )


def _each(
    items: list[Any] | None, parse: Callable[[Any, Where], _T], where: Where
) -> tuple[_T, ...] | None:
    """Each item of an optional list parsed (``None``: the list is not in the file)."""
    return None if items is None else tuple(parse(item, where) for item in items)


def _calendar(data: Any, where: Where) -> Calendar | None:
    """The optional ``calendar``: a weekday and two lists of ISO dates (all required)."""
    if data is None:
        return None
    from compcore.domain.season_parts import Calendar

    f = Fields(data, where, _CALENDAR)
    weekday = f.choice("weekday", WEEKDAYS)
    if weekday is None:
        raise f.refuse("season.field.required", field="weekday")
    return Calendar(weekday, _dates(f, "holidays"), _dates(f, "dates"))


def _dates(f: Fields, key: str) -> tuple[str, ...]:
    from datetime import date  # here: a season without dates does without the module

    items = f.listing(key, required=True) or []
    for item in items:
        try:
            date.fromisoformat(item)
        except (TypeError, ValueError):
            raise f.refuse("season.field.date", field=key, got=show(item)) from None
    return tuple(items)


def _rating(data: Any, where: Where) -> RatingChange:
    from compcore.domain.season_parts import RatingChange

    f = Fields(data, where, ("player", "from_round", "rating"))
    return RatingChange(
        player=f.text("player", required=True) or "",
        from_round=f.whole("from_round", required=True, minimum=1) or 1,
        rating=f.whole("rating", required=True, minimum=0) or 0,
    )


def _change(data: Any, where: Where) -> PlayerChange:
    """A roster-history line: a level and/or flags from a round on (at least one of them)."""
    from compcore.domain.season_parts import PlayerChange

    f = Fields(data, where, _CHANGE)
    flags = f.listing("flags")
    if flags is not None and not all(isinstance(x, str) and x for x in flags):
        raise f.refuse("season.flags")
    level = f.text("level")
    if level is None and flags is None:
        raise f.refuse("season.change_empty")
    return PlayerChange(
        player=f.text("player", required=True) or "",
        from_round=f.whole("from_round", required=True, minimum=1) or 1,
        level=level,
        flags=None if flags is None else tuple(flags),
    )


def _decision(data: Any, where: Where) -> Decision:
    from compcore.domain.season_parts import Decision

    f = Fields(data, where, _DECISION)
    return Decision(
        kind=f.text("kind", required=True) or "",
        player=f.text("player", required=True) or "",
        cycle=f.whole("cycle", minimum=0),
        category=f.text("category"),
        round=f.whole("round", minimum=1),
        note=f.text("note"),
    )


# --------------------------------------------------------------------------- writing


def _drop_none(pairs: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in pairs.items() if v is not None}


def to_data(season: Season, *, placeholders: Collection[int] = ()) -> dict[str, Any]:
    """The season as JSON data, the inverse of :func:`parse`; the rounds at the indexes
    ``placeholders`` (from 0) as an empty object (see :func:`parse`'s ``known_rounds``)."""
    ruleset: dict[str, Any] = {"preset": season.ruleset.preset}
    if season.ruleset.overrides:
        ruleset["overrides"] = thaw(season.ruleset.overrides)
    return _drop_none(
        {
            "format": season.format,
            "version": season.version,
            "club": season.club,
            "season": season.season,
            "competition": season.competition,
            "ruleset": ruleset,
            "players": [_player_data(p) for p in season.players],
            "ratings": None
            if season.ratings is None
            else [
                {"player": r.player, "from_round": r.from_round, "rating": r.rating}
                for r in season.ratings
            ],
            "rounds": [
                {} if i in placeholders else _round_data(r) for i, r in enumerate(season.rounds)
            ],
            "decisions": None
            if season.decisions is None
            else [_drop_none({f: getattr(d, f) for f in _DECISION}) for d in season.decisions],
            "calendar": None if season.calendar is None else _calendar_data(season.calendar),
            "roster_changes": None
            if season.roster_changes is None
            else [_change_data(c) for c in season.roster_changes],
            "ladder": season.ladder,
        }
    )


def _calendar_data(c: Calendar) -> dict[str, Any]:
    return {"weekday": c.weekday, "holidays": list(c.holidays), "dates": list(c.dates)}


def _change_data(c: PlayerChange) -> dict[str, Any]:
    data = _drop_none({"player": c.player, "from_round": c.from_round, "level": c.level})
    if c.flags is not None:
        data["flags"] = list(c.flags)
    return data


def _player_data(p: Player) -> dict[str, Any]:
    data = _drop_none({f: getattr(p, f) for f in PLAYER_KEYS})
    if p.flags is not None:
        data["flags"] = list(p.flags)
    return data


def _round_data(r: Round) -> dict[str, Any]:
    return _drop_none(
        {
            "round": r.number,
            "date": r.date,
            "cycle": r.cycle,
            "seed": r.seed,
            "present": None if r.present is None else list(r.present),
            "late": None if r.late is None else list(r.late),
            "forced": None
            if r.forced is None
            else [_drop_none({f: getattr(g, f) for f in FORCED_KEYS}) for g in r.forced],
            "games": None if r.games is None else [_game_data(g) for g in r.games],
            "entries": None
            if r.entries is None
            else {pid: kind.value for pid, kind in r.entries.items()},
            "finalized": r.finalized,
            "ladder_round": r.ladder_round,
        }
    )


def _game_data(g: Game) -> dict[str, Any]:
    from compcore.domain.reason import Reason

    data = _drop_none({f: getattr(g, f) for f in GAME_KEYS})
    if g.result is not None:
        data["result"] = g.result.value
    for key in ("reason", "override"):
        if isinstance(data.get(key), Reason):
            data[key] = data[key].encode()
    return data


def dumps(season: Season) -> str:
    """The season file's text: UTF-8 JSON, two-space indent, a newline at the end."""
    return json.dumps(to_data(season), ensure_ascii=False, indent=2) + "\n"


def dump(season: Season, path: str | Path) -> None:
    """Write the season file next to its place and move it in, so a failed write loses
    nothing; a failed write or move (``path`` is a folder, the disk is full) leaves no
    ``.tmp`` file behind."""
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    try:
        tmp.write_text(dumps(season), encoding="utf-8")
        tmp.replace(path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def round_data(rnd: Round) -> dict[str, Any]:
    """One round as the season file writes it (a stored draft keeps its rounds so)."""
    return _round_data(rnd)


def round_from_data(data: Any, source: Part | Where = SEASON) -> Round:
    """One round from its season-file form (:func:`round_data`); SeasonError if malformed."""
    return read_round(data, steps(source), 0)
