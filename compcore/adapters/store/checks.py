"""What every store checks on a write: who writes (:func:`authorize`) and for which club
(:func:`check_club`), whether the new
season is one a season file could hold (:func:`validated`), whether what was written reads
back the same (:func:`same_season`), and what the change log keeps of a change
(:func:`part_data`). The DuckDB :class:`~compcore.adapters.store.Store` and the tests' fake
both use them, so a write is refused and logged the same way by either.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from compcore.adapters.access import auth
from compcore.adapters.files import season_file
from compcore.adapters.files.season_file import Where
from compcore.adapters.store.connection import (
    first_line,
)
from compcore.domain.errors import (
    NotAuthorized,
    Part,
    SeasonError,
)
from compcore.domain.model import (
    Season,
    thaw,
)
from compcore.formats.validate import SEASON
from compcore.ports.actors import Actor, Administrator, Director
from compcore.rules import changes

# --------------------------------------------------------------------------- authorisation


def authorize(actor: Actor, directors: auth.Directors | str | None) -> str:
    """The actor's label for the log, or :class:`NotAuthorized`: a Director whose proof
    matches the hash configured for his name in ``directors``, or the local Administrator;
    nothing else: an actor forged in code (any other object, whatever its type hint) is refused
    here at run time."""
    if type(actor) is Administrator:
        return actor.label
    if type(actor) is Director:
        if auth.is_valid_director(actor, directors):
            return actor.label
        raise NotAuthorized.at((), "store.login_invalid" if directors else "store.no_directors")
    raise NotAuthorized.at((), "store.not_director")


def check_club(actor: Actor, directors: auth.Directors | str | None, *clubs: str) -> None:
    """Refuse (:class:`NotAuthorized`) a director who may not write competitions of one of
    ``clubs`` (issue 21 item 3: clubs kept apart on a server of many clubs); the
    administrator and a director of every club pass. Checked after :func:`authorize`,
    inside the write's transaction, with the club as stored there."""
    if type(actor) is not Director:
        return
    allowed = auth.as_directors(directors).clubs_of(actor.name)
    for club in clubs:
        if allowed is not None and club not in allowed:
            raise NotAuthorized.at(
                (), "store.other_club", name=actor.name, club=club, clubs=", ".join(sorted(allowed))
            )


# --------------------------------------------------------------------------- checking


def where_of(season: Season) -> Part | Where:
    """Where a season to import is named in a refusal: by its name, or as "the season" when
    it is not even a :class:`Season`."""
    return changes.name(season) if isinstance(season, Season) else SEASON


def validated(season: Season, source: Part | Where, stored: Season | None = None) -> Season:
    """The season as a season file would give it, checked like one; SeasonError if not.

    ``season_file.parse`` checks the shape (types, required fields, known results and
    kinds) and runs ``check_season`` with the season's ruleset. A write passes the season
    as ``stored`` before its change: the rounds the change left as they were (the same
    objects, at the same place) were checked in shape when they were written, so only the
    other rounds are written out and parsed again (a season of 31 rounds: one instead of
    31); the whole season is checked in meaning all the same.
    """
    known = {} if stored is None else {
        i: r for i, (r, was) in enumerate(zip(season.rounds, stored.rounds, strict=False))
        if r is was
    }  # fmt: skip
    try:
        data = season_file.to_data(season, placeholders=known)
        json.dumps(data)
    except Exception as exc:
        raise SeasonError.at(
            source if isinstance(source, tuple) else (source,),
            "store.invalid_season",
            detail=f"{type(exc).__name__}: {first_line(exc)}",
        ) from None
    return season_file.parse(data, source, known_rounds=known)


def same_season(a: Season, b: Season) -> bool:
    """Equal as season files: fields, and the order of entries and override keys too."""
    return (
        a == b
        and [list(r.entries or ()) for r in a.rounds] == [list(r.entries or ()) for r in b.rounds]
        and json.dumps(thaw(a.ruleset.overrides)) == json.dumps(thaw(b.ruleset.overrides))
    )


def part_data(season: Season, part: str, item: Any) -> Any:
    """What changed as season-file JSON, for the change log: one player, round, rating
    change or decision (a list for several), the ruleset, or the whole season."""
    if item is None:
        return None
    if part == "season":
        return season_file.to_data(item)
    if part == "ruleset":
        return {"preset": item.preset, "overrides": thaw(item.overrides)}
    # ``part`` names one of the season's tuple fields (players, rounds, ratings, decisions)
    only: dict[str, Any] = {part: item if isinstance(item, tuple) else (item,)}
    data = season_file.to_data(replace(season, **only))[part]
    return data if isinstance(item, tuple) else data[0]


def archive_action(archived: bool) -> str:
    """The change log's action for archiving (True) or bringing back (False)."""
    return "archive-competition" if archived else "unarchive-competition"
