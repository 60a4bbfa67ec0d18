"""A federation rating list matched against the roster, and applied from a round on (issue 11).

A player is matched **by number** first: in a KNSB list by his relatienummer (the
``knsb_id`` field, else an older ``knsb:NNN`` flag), in a FIDE list by his ``fide_id``
(:func:`list_number`), or, where he has none, by an all-digit player id (as a club importing
from the federation gets); otherwise **by name**, aware of diacritics and of the lists'
``Achternaam, Voornaam`` order ("Van der Aa, Quinten" is "Quinten van der Aa"; "Müller" is
"Muller").

:func:`match` reads the rows once (a generator of a million rows is fine), and keeps only
the rows that concern a player. :func:`apply` turns the matches into rating changes from a
round on (MG-1): earlier rounds keep the rating they had.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import BinaryIO, Literal

from compcore.adapters import rating_lists
from compcore.adapters.auth import Actor
from compcore.adapters.rating_lists import BadRow, ListKind, ListRow
from compcore.federation_ids import fide_id_of, knsb_id_of
from compcore.model import Player, RatingChange, Season
from compcore.services.players import check_round
from compcore.services.repository import Repository

How = Literal["id", "name"]


@dataclass(frozen=True, slots=True)
class RatingMatch:
    """A player found in the list: his rating in the round the import starts (``old``),
    the list's rating (``new``), how he was found, and the list's line."""

    player: Player
    old: int | None
    new: int | None
    how: How
    line: int


@dataclass(frozen=True, slots=True)
class Ambiguous:
    """A player the list names more than once (or two players of one name): the lines."""

    player: Player
    lines: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MatchResult:
    """What the list says about the roster: ``matches`` (one row each), ``unmatched``
    (players the list does not name), ``ambiguous`` (players it names more than once)."""

    matches: tuple[RatingMatch, ...]
    unmatched: tuple[Player, ...]
    ambiguous: tuple[Ambiguous, ...]
    rows: int


def name_key(name: str) -> str:
    """A name as compared: ``Achternaam, Voornaam`` turned round, diacritics dropped, lower
    case, one space between words: ``"Van der Aa, Quinten"`` -> ``"quinten van der aa"``."""
    if "," in name:
        last, _, first = name.partition(",")
        name = f"{first} {last}"
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    return " ".join(re.sub(r"[^a-z0-9]+", " ", plain.lower()).split())


def _by_name(players: Sequence[Player]) -> dict[str, list[Player]]:
    index: dict[str, list[Player]] = {}
    for p in players:
        index.setdefault(name_key(p.name), []).append(p)
    return index


def list_number(player: Player, kind: ListKind) -> str | None:
    """The number a list of ``kind`` knows the player by: the relatienummer in a KNSB list,
    the FIDE id in a FIDE list; without one, an all-digit player id; else ``None``."""
    number = knsb_id_of(player) if kind == "knsb" else fide_id_of(player)
    if number is None and player.id.isdigit():
        return player.id
    return number


def match(
    season: Season, rows: Iterable[ListRow], from_round: int, kind: ListKind = "knsb"
) -> MatchResult:
    """Match the rows of a list of ``kind`` to the season's players: by number where the
    list's number is the player's (:func:`list_number`), else by name; a player found by
    number ignores rows found by name."""
    players = [p for p in season.players if not p.is_engine]
    numbered = ((list_number(p, kind), p) for p in players)
    by_id = {number: p for number, p in numbered if number is not None}
    by_name = _by_name(players)
    found: dict[str, list[tuple[How, ListRow]]] = {}
    count = 0
    for row in rows:
        count += 1
        player = by_id.get(row.number)
        if player is not None:
            found.setdefault(player.id, []).append(("id", row))
            continue
        for p in by_name.get(name_key(row.name), ()):
            found.setdefault(p.id, []).append(("name", row))
    return _result(season, players, by_name, found, from_round, count)


def _result(
    season: Season,
    players: Sequence[Player],
    by_name: dict[str, list[Player]],
    found: dict[str, list[tuple[How, ListRow]]],
    from_round: int,
    count: int,
) -> MatchResult:
    matches: list[RatingMatch] = []
    ambiguous: list[Ambiguous] = []
    unmatched: list[Player] = []
    for p in players:
        hits = found.get(p.id, [])
        by_id = [h for h in hits if h[0] == "id"]
        hits = by_id or hits
        twins = not by_id and len(by_name[name_key(p.name)]) > 1
        if not hits:
            unmatched.append(p)
        elif len(hits) > 1 or twins:
            ambiguous.append(Ambiguous(p, tuple(r.line for _, r in hits)))
        else:
            how, row = hits[0]
            old = season.rating_at(p.id, from_round)
            matches.append(RatingMatch(p, old, row.rating, how, row.line))
    return MatchResult(tuple(matches), tuple(unmatched), tuple(ambiguous), count)


def apply(
    season: Season, matches: Iterable[RatingMatch], from_round: int
) -> tuple[RatingChange, ...]:
    """The rating changes the matches make from ``from_round`` on (MG-1): one per player
    whose listed rating differs from his rating in that round; an empty listed rating
    changes nothing. Earlier rounds keep their rating (``Season.rating_at``)."""
    return tuple(
        RatingChange(m.player.id, from_round, m.new)
        for m in matches
        if m.new is not None and m.new != season.rating_at(m.player.id, from_round)
    )


@dataclass(frozen=True, slots=True)
class Preview:
    """A rating list read and matched, before anything is stored: what the director sees
    (the list's kind, the matches, the rating changes from the round on, the bad rows).

    ``changes`` is empty when the list has a bad row (issue 11: nothing changes on an
    error); ``good_changes`` are the changes of the rows that could be read, for a director
    who chooses to go on without the bad rows (``--skip-bad-rows``, the page's checkbox)."""

    kind: ListKind
    result: MatchResult
    changes: tuple[RatingChange, ...]
    bad: tuple[BadRow, ...]
    good_changes: tuple[RatingChange, ...] = ()

    def to_store(self, skip_bad_rows: bool) -> tuple[RatingChange, ...]:
        """The changes to store: none with a bad row, unless the director skips them."""
        return self.good_changes if skip_bad_rows else self.changes


#: the progress callback is told the fraction read every this many rows
PROGRESS_EVERY = 20_000


def _reported(
    rows: Iterable[ListRow], stream: BinaryIO, size: int, progress: Callable[[float], None]
) -> Iterator[ListRow]:
    for n, row in enumerate(rows, start=1):
        if n % PROGRESS_EVERY == 0:
            progress(min(stream.tell() / size, 1.0))
        yield row
    progress(1.0)


def preview(
    season: Season,
    stream: BinaryIO,
    from_round: int,
    progress: Callable[[float], None] | None = None,
) -> Preview:
    """Read the list in ``stream`` (seekable, at its start; ``rating_lists.rows_of``) and
    match it: the rating changes it would make from ``from_round`` on, none where the
    list has a bad row (it is refused whole). ``progress`` hears the fraction read."""
    bad: list[BadRow] = []
    kind, rows = rating_lists.rows_of(stream, bad)
    if progress is not None:
        size = max(stream.seek(0, 2), 1)
        stream.seek(0)
        rows = _reported(rows, stream, size, progress)
    result = match(season, rows, from_round, kind)
    good = apply(season, result.matches, from_round)
    return Preview(kind, result, () if bad else good, tuple(bad), good)


def import_ratings(
    repo: Repository,
    competition_id: int,
    changes: Sequence[RatingChange],
    *,
    read: Sequence[RatingChange],
    actor: Actor,
) -> Season:
    """Store the rating changes in one write (one log line), refused if a rating of these
    players from that round changed since ``read`` (the list of rating changes as read),
    or if a change names a round outside the season (``players.check_round``)."""
    season, ruleset = repo.load(competition_id), repo.ruleset(competition_id)
    for number in sorted({c.from_round for c in changes}):
        check_round(season, ruleset, number)
    return repo.save_ratings(competition_id, changes, actor=actor, read=tuple(read))
