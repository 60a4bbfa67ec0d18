"""A season file's players read (:mod:`compcore.adapters.files.season_file`): each checked
field by field, or read plainly when every field is plainly right (issue 19)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from compcore.adapters.files.season_fields import Fields, Where
from compcore.domain import federation_ids, jsondata, player_names
from compcore.domain.errors import Phrase, SeasonError, place
from compcore.domain.model import Participation, Player
from compcore.scoring import twins

PLAYER_KEYS = (
    "id", "name", "rating", "strength", "level", "flags", "participation", "virtual",
    "joined_round", "withdrawn_round", "knsb_id", "fide_id",
)  # fmt: skip


def read_player(data: Any, where: Where) -> Player:
    f = Fields(data, where, PLAYER_KEYS)
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


_PLAYER_FIELDS = frozenset(PLAYER_KEYS)
#: the words of ``participation``, to the model's constants
_PARTICIPATION: dict[str, Participation] = {"always": "always", "never": "never"}
#: ``Player(*fields)`` in the model's order, made as a twin (:mod:`compcore.scoring.twins`):
#: a club's file holds thousands (issue 19)
_new_player = twins.maker(Player)


def _plain_whole(minimum: int | None) -> Callable[[Any], bool]:
    """Whether a value is a whole number :meth:`Fields.whole` takes (64-bit, not a
    boolean, at least ``minimum``)."""
    low = jsondata.INT64_MIN if minimum is None else max(minimum, jsondata.INT64_MIN)
    return lambda v: type(v) is int and low <= v <= jsondata.INT64_MAX


def _plain_text(value: Any) -> bool:
    """Whether ``value`` is text :meth:`Fields.text` takes (not only spaces)."""
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


#: per field of a player, whether a value (not null) is plainly right (:func:`read_player`)
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


def plain_player(data: Any) -> Player | None:
    """The player ``data`` describes when it is plainly right (built-in types, every field
    as :func:`read_player` takes it), else None: :func:`read_player` then reads it, naming any
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


def _name(f: Fields) -> str:
    """The player's ``name``: text the rule in :mod:`compcore.domain.player_names` accepts (no
    control character, at most 100 characters), refused naming the player otherwise."""
    name = f.text("name", required=True) or ""
    problem = player_names.name_problem(name)
    if problem is not None:
        raise SeasonError(*place(f.where), problem)
    return name


def _number(f: Fields, key: str, problem: Callable[[str], Phrase | None]) -> str | None:
    """A federation number (``knsb_id``, ``fide_id``): text the rule in
    :mod:`compcore.domain.federation_ids` accepts, or absent."""
    value = f.text(key)
    found = None if value is None else problem(value)
    if found is not None:
        raise f.refuse("ids.field", field=key, problem=found)
    return value
