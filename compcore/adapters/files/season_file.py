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
from compcore.domain import federation_ids, jsondata, player_names
from compcore.domain.errors import (
    CompcoreError,
    Part,
    Phrase,
    SeasonError,
    choices,
    os_problem,
    place,
)
from compcore.domain.model import (
    ENTRY_KINDS,
    WEEKDAYS,
    Game,
    Kind,
    Participation,
    Player,
    Result,
    Round,
    RulesetRef,
    Season,
    freeze,
    thaw,
)
from compcore.formats.validate import SEASON, check_season
from compcore.rules.rulesets import Ruleset, load_ruleset
from compcore.scoring import twins

if TYPE_CHECKING:  # read where a file has them (:mod:`compcore.domain.season_parts`, a reason)
    from compcore.domain.reason import Reason
    from compcore.domain.season_parts import (
        Calendar,
        Decision,
        ForcedGame,
        PlayerChange,
        RatingChange,
    )

FORMAT = "compcore-season"
VERSION = 1

#: one of a field's allowed words (a Literal of them where the model names one)
Choice = TypeVar("Choice", bound=str)

_RESULTS = ", ".join(r.value for r in Result)
_KINDS = choices(k.value for k in ENTRY_KINDS)
#: the words a season file may write for a result and for an entry's kind
_RESULT_WORDS = frozenset(r.value for r in Result)
_KIND_WORDS = frozenset(k.value for k in ENTRY_KINDS)


#: where a mistake is: the steps of a place (a file, ``ronde 3``, ``bord 2``)
Where = tuple[Part, ...]


def _steps(source: Part | Where) -> Where:
    """A source as the first steps of a place: a file name, or the steps the caller gave."""
    return source if isinstance(source, tuple) else (source,)


def _refuse(where: Where, key: str, **params: object) -> SeasonError:
    return SeasonError.at(where, key, **params)


class _Fields:
    """Reads one JSON object's fields, each mistake named with where it is."""

    def __init__(self, data: Any, where: Where, allowed: tuple[str, ...]) -> None:
        if not isinstance(data, dict):
            raise _refuse(where, "season.object", got=_show(data))
        unknown = [k for k in data if k not in allowed]
        if unknown:
            raise _refuse(where, "season.field.unknown", field=unknown[0], allowed=choices(allowed))
        self.data = data
        self.where = where

    def refuse(self, key: str, **params: object) -> SeasonError:
        return _refuse(self.where, key, **params)

    def _get(self, key: str, required: bool) -> Any:
        if key not in self.data:
            if required:
                raise self.refuse("season.field.required", field=key)
            return None
        value = self.data[key]
        if value is None and required:
            raise self.refuse("season.field.null", field=key)
        return value

    def text(self, key: str, required: bool = False) -> str | None:
        value = self._get(key, required)
        if value is not None and (not isinstance(value, str) or not value.strip()):
            raise self.refuse("season.field.text", field=key, got=_show(value))
        return value

    def reason(self, key: str) -> str | Reason | None:
        """Plain text (the director's words, an older file), or a stored reason object."""
        value = self._get(key, False)
        if value is None or isinstance(value, str):
            return self.text(key)
        from compcore.domain.reason import Reason, problem  # here: plain text does without them

        found = problem(value)
        if found is not None:
            raise self.refuse("season.field.reason", field=key, problem=found)
        return Reason.decode(value)

    def whole(
        self, key: str, required: bool = False, minimum: int | None = None, wide: bool = False
    ) -> int | None:
        """A whole number; 64-bit as the database keeps it (``wide``: 128-bit, a seed)."""
        value = self._get(key, required)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.refuse("season.field.whole", field=key, got=_show(value))
        low, high = (
            (jsondata.INT_MIN, jsondata.INT_MAX)
            if wide
            else (jsondata.INT64_MIN, jsondata.INT64_MAX)
        )
        if not low <= value <= high:
            raise SeasonError(
                *place(self.where),
                Phrase("error.json.field", path=repr(key)),
                Phrase("error.json.int", low=low, high=high),
            )
        if minimum is not None and value < minimum:
            raise self.refuse("season.field.minimum", field=key, minimum=minimum, got=value)
        return value

    def listing(self, key: str, required: bool = False) -> list[Any] | None:
        value = self._get(key, required)
        if value is not None and not isinstance(value, list):
            raise self.refuse("season.field.list", field=key, got=_show(value))
        return value

    def choice(self, key: str, options: tuple[Choice, ...]) -> Choice | None:
        value = self._get(key, False)
        if value is None:
            return None
        for option in options:
            if value == option:
                return option
        raise self.refuse(
            "season.field.choice", field=key, got=_show(value), allowed=choices(options)
        )

    def flag(self, key: str) -> bool | None:
        """``true`` or ``false`` (a JSON boolean, not 0 or 1)."""
        value = self._get(key, False)
        if value is not None and not isinstance(value, bool):
            raise self.refuse(
                "season.field.choice", field=key, got=_show(value), allowed="true, false"
            )
        return value

    def ids(self, key: str) -> tuple[str, ...] | None:
        items = self.listing(key)
        if items is None:
            return None
        for item in items:
            if not isinstance(item, str) or not item:
                raise self.refuse("season.field.id", field=key, got=_show(item))
        return tuple(items)


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


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
    where = _steps(source)
    jsondata.check(data, where, SeasonError)
    season = _parse_shape(data, where, known_rounds or {})
    check_season(season, ruleset_of(season, where), where)
    return season


def ruleset_of(season: Season, source: Part | Where = SEASON) -> Ruleset:
    try:
        return load_ruleset(season.ruleset.preset, season.ruleset.overrides)
    except CompcoreError as exc:
        raise exc.located(_steps(source), SeasonError) from None


def loads(text: str, source: Part | Where = SEASON) -> Season:
    return _read(text, source)[0]


def _read(text: str, source: Part | Where) -> tuple[Season, Ruleset]:
    """:func:`parse` of the JSON text (checked once, by :func:`compcore.domain.jsondata.loads`),
    and the ruleset it was checked against (validated once)."""
    where = _steps(source)
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
            *place(_steps(source)), Phrase("error.upload.not_utf8", offset=exc.start)
        ) from None
    return loads(text, source)


def load(path: str | Path) -> tuple[Season, Ruleset]:
    """Read a season file: the season and its ruleset."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise _refuse((str(path),), "season.file.missing") from None
    except UnicodeDecodeError as exc:
        raise _refuse((str(path),), "season.file.not_utf8", offset=exc.start) from None
    except OSError as exc:
        raise _refuse((str(path),), "season.file.unreadable", problem=os_problem(exc)) from None
    return _read(text, str(path))


_TOP = (
    "format", "version", "club", "season", "competition", "ruleset", "players",
    "ratings", "rounds", "decisions", "calendar", "roster_changes", "ladder",
)  # fmt: skip
_PLAYER = (
    "id", "name", "rating", "strength", "level", "flags", "participation", "virtual",
    "joined_round", "withdrawn_round", "knsb_id", "fide_id",
)  # fmt: skip
_ROUND = (
    "round", "date", "cycle", "seed", "present", "late", "forced", "games", "entries",
    "finalized", "ladder_round",
)  # fmt: skip
_GAME = ("white", "black", "result", "group", "reason", "override")
_FORCED = ("white", "black", "reason", "group")
_DECISION = ("kind", "player", "cycle", "category", "round", "note")
_CALENDAR = ("weekday", "holidays", "dates")
_CHANGE = ("player", "from_round", "level", "flags")


def _parse_shape(data: Any, source: Where, known: Mapping[int, Round]) -> Season:
    top = _Fields(data, source, _TOP)
    if data.get("format") != FORMAT:
        raise top.refuse("season.format", expected=FORMAT, got=_show(data.get("format")))
    if data.get("version") != VERSION:
        raise top.refuse("season.version", got=_show(data.get("version")), supported=VERSION)
    ref = _Fields(
        top._get("ruleset", True), (*source, Phrase("at.ruleset")), ("preset", "overrides")
    )
    preset = ref.text("preset", required=True)
    overrides = ref._get("overrides", False)
    if overrides is not None and not isinstance(overrides, dict):
        raise ref.refuse("season.field.object", field="overrides")
    listing = top.listing("players", True) or []
    # a club's members read a field at a time, the others (or all, where any of those is
    # not plainly right) one by one (issue 19)
    bulk = plain_players(listing)
    players = tuple(
        bulk.get(i)
        or _plain_player(item)
        or _player(item, (*source, Phrase("at.player_index", index=i + 1)))
        for i, item in enumerate(listing)
    )
    ratings = top.listing("ratings")
    decisions = top.listing("decisions")
    history = top.listing("roster_changes")
    rounds = top.listing("rounds") or []
    return Season(
        club=top.text("club", required=True) or "",
        season=top.text("season", required=True) or "",
        competition=top.text("competition", required=True) or "",
        ruleset=RulesetRef(
            preset or "", freeze(overrides) if overrides is not None else MappingProxyType({})
        ),
        players=players,
        rounds=tuple(
            known[i - 1] if i - 1 in known else _round(item, source, i)
            for i, item in enumerate(rounds, 1)
        ),
        ratings=None
        if ratings is None
        else tuple(_rating(r, (*source, Phrase("at.ratings"))) for r in ratings),
        decisions=None
        if decisions is None
        else tuple(_decision(d, (*source, Phrase("at.decisions"))) for d in decisions),
        calendar=_calendar(top._get("calendar", False), (*source, Phrase("at.calendar"))),
        roster_changes=None
        if history is None
        else tuple(_change(c, (*source, Phrase("at.roster_changes"))) for c in history),
        ladder=top.text("ladder"),
    )


def _calendar(data: Any, where: Where) -> Calendar | None:
    """The optional ``calendar``: a weekday and two lists of ISO dates (all required)."""
    if data is None:
        return None
    from compcore.domain.season_parts import Calendar

    f = _Fields(data, where, _CALENDAR)
    weekday = f.choice("weekday", WEEKDAYS)
    if weekday is None:
        raise f.refuse("season.field.required", field="weekday")
    return Calendar(weekday, _dates(f, "holidays"), _dates(f, "dates"))


def _dates(f: _Fields, key: str) -> tuple[str, ...]:
    from datetime import date  # here: a season without dates does without the module

    items = f.listing(key, required=True) or []
    for item in items:
        try:
            date.fromisoformat(item)
        except (TypeError, ValueError):
            raise f.refuse("season.field.date", field=key, got=_show(item)) from None
    return tuple(items)


def _player(data: Any, where: Where) -> Player:
    f = _Fields(data, where, _PLAYER)
    pid = f.text("id", required=True)
    f.where = (*where[:-1], Phrase("at.player", player=pid))
    flags = f.listing("flags")
    if flags is not None and not all(isinstance(x, str) and x for x in flags):
        raise f.refuse("season.flags")
    joined = f.whole("joined_round", minimum=1)
    withdrawn = f.whole("withdrawn_round", minimum=1)
    if joined is not None and withdrawn is not None and withdrawn < joined:
        raise f.refuse("season.withdrew_first", withdrawn=withdrawn, joined=joined)
    return Player(
        id=pid or "",
        name=_name(f),
        rating=f.whole("rating", minimum=0),
        strength=f.whole("strength"),
        level=f.text("level"),
        flags=None if flags is None else tuple(flags),
        participation=f.choice("participation", ("always", "never")),
        virtual=f.choice("virtual", ("engine",)),
        joined_round=joined,
        withdrawn_round=withdrawn,
        knsb_id=_number(f, "knsb_id", federation_ids.knsb_id_problem),
        fide_id=_number(f, "fide_id", federation_ids.fide_id_problem),
    )


_PLAYER_FIELDS = frozenset(_PLAYER)
#: the words of ``participation``, to the model's constants
_PARTICIPATION: dict[str, Participation] = {"always": "always", "never": "never"}
#: ``Player(*fields)`` in the model's order, made as a twin (:mod:`compcore.scoring.twins`):
#: a club's file holds thousands (issue 19)
_new_player = twins.maker(Player)


def _plain_whole(minimum: int | None) -> Callable[[Any], bool]:
    """Whether a value is a whole number :meth:`_Fields.whole` takes (64-bit, not a
    boolean, at least ``minimum``)."""
    low = jsondata.INT64_MIN if minimum is None else max(minimum, jsondata.INT64_MIN)
    return lambda v: type(v) is int and low <= v <= jsondata.INT64_MAX


def _plain_text(value: Any) -> bool:
    """Whether ``value`` is text :meth:`_Fields.text` takes (not only spaces)."""
    return type(value) is str and bool(value.strip())


def _plain_name(value: Any) -> bool:
    """Whether ``value`` is a name :func:`_name` takes: printable text (no character of
    Unicode's control, format or separator categories, so none that
    :mod:`compcore.domain.player_names` refuses), not only spaces, not too long; any other
    text is judged by :func:`compcore.domain.player_names.name_problem` itself."""
    if type(value) is not str:
        return False
    if value.isprintable() and value.strip() and len(value) <= player_names.MAX_NAME_LENGTH:
        return True
    return player_names.name_problem(value) is None


#: per field of a player, whether a value (not null) is plainly right (:func:`_player`)
_PLAIN_PLAYER: dict[str, Callable[[Any], bool]] = {
    "id": _plain_text,
    "name": _plain_name,
    "rating": _plain_whole(0),
    "strength": _plain_whole(None),
    "level": _plain_text,
    "flags": lambda v: type(v) is list and all(type(x) is str and x for x in v),
    "participation": lambda v: type(v) is str and v in _PARTICIPATION,
    "virtual": lambda v: v == "engine",
    "joined_round": _plain_whole(1),
    "withdrawn_round": _plain_whole(1),
    "knsb_id": lambda v: _plain_text(v) and federation_ids.knsb_id_problem(v) is None,
    "fide_id": lambda v: _plain_text(v) and federation_ids.fide_id_problem(v) is None,
}


def _plain_player(data: Any) -> Player | None:
    """The player ``data`` describes when it is plainly right (built-in types, every field
    as :func:`_player` takes it), else None: :func:`_player` then reads it, naming any
    mistake. The same player either way, without a place built for every member and
    with the model's fields set positionally: a club's 8,000 members read in a fifth of
    the time (issue 19)."""
    if type(data) is not dict or not _PLAYER_FIELDS.issuperset(data):
        return None
    for key, value in data.items():
        if value is not None and not _PLAIN_PLAYER[key](value):
            return None
    get = data.get
    pid, name = get("id"), get("name")
    joined, withdrawn = get("joined_round"), get("withdrawn_round")
    if pid is None or name is None:
        return None
    if joined is not None and withdrawn is not None and withdrawn < joined:
        return None
    flags, participation = get("flags"), get("participation")
    return _new_player(
        pid,
        name,
        get("rating"),
        get("strength"),
        get("level"),
        None if flags is None else tuple(flags),
        None if participation is None else _PARTICIPATION[participation],
        None if get("virtual") is None else "engine",
        joined,
        withdrawn,
        get("knsb_id"),
        get("fide_id"),
    )


def _name(f: _Fields) -> str:
    """The player's ``name``: text the rule in :mod:`compcore.domain.player_names` accepts (no
    control character, at most 100 characters), refused naming the player otherwise."""
    name = f.text("name", required=True) or ""
    problem = player_names.name_problem(name)
    if problem is not None:
        raise SeasonError(*place(f.where), problem)
    return name


def _number(f: _Fields, key: str, problem: Callable[[str], Phrase | None]) -> str | None:
    """A federation number (``knsb_id``, ``fide_id``): text the rule in
    :mod:`compcore.domain.federation_ids` accepts, or absent."""
    value = f.text(key)
    found = None if value is None else problem(value)
    if found is not None:
        raise f.refuse("ids.field", field=key, problem=found)
    return value


def _rating(data: Any, where: Where) -> RatingChange:
    from compcore.domain.season_parts import RatingChange

    f = _Fields(data, where, ("player", "from_round", "rating"))
    return RatingChange(
        player=f.text("player", required=True) or "",
        from_round=f.whole("from_round", required=True, minimum=1) or 1,
        rating=f.whole("rating", required=True, minimum=0) or 0,
    )


def _change(data: Any, where: Where) -> PlayerChange:
    """A roster-history line: a level and/or flags from a round on (at least one of them)."""
    from compcore.domain.season_parts import PlayerChange

    f = _Fields(data, where, _CHANGE)
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

    f = _Fields(data, where, _DECISION)
    return Decision(
        kind=f.text("kind", required=True) or "",
        player=f.text("player", required=True) or "",
        cycle=f.whole("cycle", minimum=0),
        category=f.text("category"),
        round=f.whole("round", minimum=1),
        note=f.text("note"),
    )


def _round(data: Any, source: Where, index: int) -> Round:
    number = data.get("round") if isinstance(data, dict) else None
    step = (
        Phrase("at.round", number=number)
        if isinstance(number, int) and not isinstance(number, bool)
        else Phrase("at.round_index", index=index)
    )
    where = (*source, step)
    f = _Fields(data, where, _ROUND)
    number = f.whole("round", required=True, minimum=1)
    day = f.text("date")
    if day is not None:
        from datetime import date  # here: a season without dates does without the module

        try:
            date.fromisoformat(day)
        except ValueError:
            raise f.refuse("season.date", got=day) from None
    games = f.listing("games")
    entries = f._get("entries", False)
    if entries is not None and not isinstance(entries, dict):
        raise f.refuse("season.entries")
    forced = f.listing("forced")
    return Round(
        number=number or 0,
        date=day,
        cycle=f.whole("cycle", minimum=0),
        games=None
        if games is None
        else tuple(
            _plain_game(g) or _game(g, (*where, Phrase("at.board", board=b)))
            for b, g in enumerate(games, 1)
        ),
        entries=None
        if entries is None
        else MappingProxyType(
            {
                pid: (_KIND_OF.get(kind) if type(kind) is str else None)
                or _kind(kind, (*where, Phrase("at.player", player=pid)))
                for pid, kind in entries.items()
            }
        ),
        present=f.ids("present"),
        forced=None
        if forced is None
        else tuple(_forced(g, (*where, Phrase("at.forced"))) for g in forced),
        seed=f.whole("seed", wide=True),
        late=f.ids("late"),
        finalized=f.flag("finalized"),
        ladder_round=f.whole("ladder_round", minimum=1),
    )


def _kind(value: Any, where: Where) -> Kind:
    if not isinstance(value, str) or value not in _KIND_WORDS:
        raise _refuse(where, "season.kind", got=_show(value), allowed=_KINDS)
    return Kind(value)


#: the words of the results and entry kinds, to their values
_RESULT_OF = {r.value: r for r in Result}
_KIND_OF = {k.value: k for k in ENTRY_KINDS}
_GAME_FIELDS = frozenset(_GAME)


def _plain_game(data: Any) -> Game | None:
    """The game ``data`` describes when it is plainly right (built-in types, text where
    text belongs, a known result, no reason object), else None: :func:`_game` then reads
    it, naming any mistake. The same game either way, without building a place for every
    board of a season (a season file's reading in two thirds of the time, issue 19)."""
    if type(data) is not dict or not _GAME_FIELDS.issuperset(data):
        return None
    white, black, result = data.get("white"), data.get("black"), data.get("result")
    if type(white) is not str or type(black) is not str or not white.strip() or not black.strip():
        return None
    if result is not None:
        result = _RESULT_OF.get(result) if type(result) is str else None
        if result is None:
            return None
    for key in ("group", "reason", "override"):
        value = data.get(key)
        if value is not None and (type(value) is not str or not value.strip()):
            return None
    return _new_game(
        white, black, result, data.get("group"), data.get("reason"), data.get("override")
    )


#: ``Game(white, black, result, group, reason, override)``, made as its unfrozen twin
#: (:mod:`compcore.scoring.twins`): a season file's boards, by the thousand, in a fifth of
#: the time (issue 19)
_new_game = twins.maker(Game)


def _game(data: Any, where: Where) -> Game:
    f = _Fields(data, where, _GAME)
    result = f._get("result", False)
    if result is not None and (not isinstance(result, str) or result not in _RESULT_WORDS):
        raise f.refuse("season.result", got=_show(result), allowed=_RESULTS)
    return Game(
        white=f.text("white", required=True) or "",
        black=f.text("black", required=True) or "",
        result=None if result is None else Result(result),
        group=f.text("group"),
        reason=f.reason("reason"),
        override=f.reason("override"),
    )


def _forced(data: Any, where: Where) -> ForcedGame:
    from compcore.domain.season_parts import ForcedGame

    f = _Fields(data, where, _FORCED)
    return ForcedGame(
        white=f.text("white", required=True) or "",
        black=f.text("black", required=True) or "",
        reason=f.text("reason"),
        group=f.text("group"),
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
    data = _drop_none({f: getattr(p, f) for f in _PLAYER})
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
            else [_drop_none({f: getattr(g, f) for f in _FORCED}) for g in r.forced],
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

    data = _drop_none({f: getattr(g, f) for f in _GAME})
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
    return _round(data, _steps(source), 0)
