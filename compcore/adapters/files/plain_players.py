"""A season file's players read a field at a time (issue 19: a club's 8,000 members).

Most players of a club's file have a few plain fields (id, name, rating, participation,
...). :func:`plain_players` reads those players together: each field is taken from all of
them at once and judged at once (in C, with ``map``), exactly as the season file's own
reader judges one player's field plainly right (``season_players.plain_player``). Where any
of them is not plainly right the answer is empty, and the reader reads every player one by
one as before: so a refusal reads the same either way, naming the player.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress, repeat
from typing import Any

from compcore.domain import jsondata, player_names
from compcore.domain.model import Participation, Player
from compcore.scoring import twins

#: the fields read a field at a time; a player with any other is read on his own
FIELDS = frozenset(
    ("id", "name", "rating", "strength", "participation", "joined_round", "withdrawn_round")
)
#: fewer players than this are read one by one (the columns cost more than they save)
FROM = 100

_PARTICIPATION: dict[str | None, Participation | None] = {
    None: None,
    "always": "always",
    "never": "never",
}
_new_player = twins.maker(Player)
_NONE = type(None)


def plain_players(items: Sequence[Any]) -> dict[int, Player]:
    """The players (by their place in ``items``, from 0) of those items that are dicts of
    :data:`FIELDS` only, when every one of them is plainly right; else (or for fewer than
    :data:`FROM` of them) nothing."""
    if len(items) < FROM:
        return {}
    if set(map(type, items)) == {dict}:  # which have only those fields, asked in C
        places = list(compress(range(len(items)), map(FIELDS.issuperset, items)))
    else:
        places = [i for i, it in enumerate(items) if type(it) is dict and FIELDS.issuperset(it)]
    if len(places) < FROM:
        return {}
    batch = [items[i] for i in places]
    made = _read(batch)
    return {} if made is None else dict(zip(places, made, strict=True))


def _read(batch: list[dict[str, Any]]) -> list[Player] | None:
    """Every player of ``batch`` if each field of each is plainly right, else None."""
    get = dict.get

    def column(key: str) -> list[Any]:
        return list(map(get, batch, repeat(key)))

    ids, names = column("id"), column("name")
    if not (_texts(ids) and _texts(names)):
        return None
    if not all(map(str.isprintable, names)):
        return None
    if max(map(len, names)) > player_names.MAX_NAME_LENGTH:
        return None
    ratings, strengths = column("rating"), column("strength")
    joined, withdrawn = column("joined_round"), column("withdrawn_round")
    if not (
        _whole(ratings, 0)
        and _whole(strengths, None)
        and _whole(joined, 1)
        and _whole(withdrawn, 1)
    ):
        return None
    pairs = [(j, w) for j, w in zip(joined, withdrawn, strict=True) if j is not None]
    if any(w is not None and w < j for j, w in pairs):
        return None
    participation = column("participation")
    if not set(participation) <= _PARTICIPATION.keys():
        return None
    nothing = repeat(None)
    return list(
        map(
            _new_player,
            ids,
            names,
            ratings,
            strengths,
            nothing,  # level
            nothing,  # flags
            map(_PARTICIPATION.__getitem__, participation),
            nothing,  # virtual
            joined,
            withdrawn,
            nothing,  # knsb_id
            nothing,  # fide_id
        )
    )


def _texts(values: list[Any]) -> bool:
    """Whether every value is text that is not only spaces (none missing)."""
    return set(map(type, values)) == {str} and all(map(str.strip, values))


def _whole(values: list[Any], minimum: int | None) -> bool:
    """Whether every value is missing or a whole number (not a boolean) of 64 bits, at
    least ``minimum``."""
    kinds = set(map(type, values))
    if not kinds <= {int, _NONE}:
        return False
    numbers = values if _NONE not in kinds else [v for v in values if v is not None]
    if not numbers:
        return True
    low = jsondata.INT64_MIN if minimum is None else max(minimum, jsondata.INT64_MIN)
    return bool(low <= min(numbers) and max(numbers) <= jsondata.INT64_MAX)
