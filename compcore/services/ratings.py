"""A federation rating list matched against the roster, and applied from a round on (issue 11).

A player is matched **by number** first: in a KNSB list by his relatienummer (the
``knsb_id`` field, else an older ``knsb:NNN`` flag), in a FIDE list by his ``fide_id``
(:func:`list_number`), or, where he has none, by an all-digit player id (as a club importing
from the federation gets); otherwise **by name**, aware of diacritics and of the lists'
``Achternaam, Voornaam`` order ("Van der Aa, Quinten" is "Quinten van der Aa"; "Müller" is
"Muller"), and of FIDE's transliterations ("Mueller, Bjoern" is "Björn Müller",
:func:`name_keys`). A name two players of the roster share is a duplicate in the roster
(:attr:`Ambiguous.where` ``"roster"``), a name the list has twice a duplicate in the list.

A player matched by name gets the list's number (issue 18 item 5): his relatienummer from
a KNSB list, his FIDE id from a FIDE list (:attr:`RatingMatch.number`, stored with the
ratings by :func:`import_ratings`), so the KNSB submission that follows carries it. A
player who already has a different number is not matched: the conflict is reported
(:class:`NumberConflict`) and neither his number nor his rating changes.

:func:`match` reads the rows once (a generator of a million rows is fine), and keeps only
the rows that concern a player. :func:`apply` turns the matches into rating changes from a
round on (MG-1): earlier rounds keep the rating they had.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import BinaryIO, Literal

from compcore.adapters.files import rating_lists
from compcore.adapters.files.rating_lists import BadRow, ListKind, ListRow
from compcore.domain.federation_ids import fide_id_of, fide_id_problem, knsb_id_of, knsb_id_problem
from compcore.domain.model import Player, RatingChange, Season
from compcore.ports.actors import Actor
from compcore.ports.repository import Repository
from compcore.rules.changes import UNCHECKED, Unchecked
from compcore.services.players import check_round

How = Literal["id", "name"]
#: where a name is found more than once: in the list, or among the club's own players
Where = Literal["list", "roster"]


@dataclass(frozen=True, slots=True)
class RatingMatch:
    """A player found in the list: his rating in the round the import starts (``old``),
    the list's rating (``new``), how he was found, the list's line, and the list's number
    where the player has none yet and it is a valid one (``number``: stored with the
    ratings; ``None``: nothing to store)."""

    player: Player
    old: int | None
    new: int | None
    how: How
    line: int
    number: str | None = None


@dataclass(frozen=True, slots=True)
class Ambiguous:
    """A player who cannot be told apart: the list names him more than once (``where``
    ``"list"``), or another player of the roster has his name (``"roster"``); the lines."""

    player: Player
    lines: tuple[int, ...]
    where: Where = "list"


@dataclass(frozen=True, slots=True)
class NumberConflict:
    """A player found by name whose own number (``ours``) is not the list's (``theirs``,
    on ``line``): perhaps a namesake; nothing of his is changed."""

    player: Player
    ours: str
    theirs: str
    line: int


@dataclass(frozen=True, slots=True)
class BadNumber:
    """A player found whose number in the list cannot be his (not 7 digits for a
    relatienummer, more than 10 for a FIDE id): his rating is taken, the number not."""

    player: Player
    number: str
    line: int


@dataclass(frozen=True, slots=True)
class MatchResult:
    """What the list says about the roster: ``matches`` (one row each), ``unmatched``
    (players the list does not name), ``ambiguous`` (players it names more than once, or
    names shared in the roster), ``conflicts`` (a different number than the player's),
    ``bad_numbers`` (a listed number that cannot be stored)."""

    matches: tuple[RatingMatch, ...]
    unmatched: tuple[Player, ...]
    ambiguous: tuple[Ambiguous, ...]
    rows: int
    conflicts: tuple[NumberConflict, ...] = ()
    bad_numbers: tuple[BadNumber, ...] = ()

    @property
    def numbers(self) -> int:
        """How many matched players get a number from the list."""
        return sum(1 for m in self.matches if m.number is not None)


#: FIDE's transliterations of letters with a diacritic (a FIDE list writes "Mueller,
#: Bjoern" for Björn Müller); other diacritics are dropped (é -> e). Keys are case-folded.
TRANSLITERATION = str.maketrans(
    {"ü": "ue", "ö": "oe", "ä": "ae", "ß": "ss", "ø": "oe", "å": "aa", "æ": "ae", "œ": "oe",
     "é": "e", "è": "e", "ê": "e", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i"}
)  # fmt: skip
_TRANSLITERATED = re.compile("[" + "".join(chr(c) for c in TRANSLITERATION) + "]")
#: letters NFKD does not split into a base letter and an accent, as the lists write them
_PLAIN = str.maketrans({"ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "đ": "d", "ð": "d",
                        "þ": "th", "ı": "i", "ß": "ss"})  # fmt: skip


_SEPARATORS = re.compile(r"[^a-z0-9]+")


def _words(name: str) -> str:
    """Lower case ASCII words, one space between them: anything else is a separator."""
    if not name.isascii():  # most listed names are ASCII: no decomposition needed
        name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    return " ".join(_SEPARATORS.split(name.lower())).strip()


def _turned(name: str) -> str:
    """``Achternaam, Voornaam`` as ``Voornaam Achternaam``; a name without a comma as it is."""
    if "," in name:
        last, _, first = name.partition(",")
        return f"{first} {last}"
    return name


def name_key(name: str) -> str:
    """A name as compared: ``Achternaam, Voornaam`` turned round, diacritics dropped, case
    folded, one space between words: ``"Van der Aa, Quinten"`` -> ``"quinten van der aa"``,
    ``"Müller, Éric"`` -> ``"eric muller"``."""
    turned = _turned(name)
    return _words(turned if turned.isascii() else turned.casefold().translate(_PLAIN))


def name_keys(name: str) -> frozenset[str]:
    """Every key a name is found under: :func:`name_key`, and the key of FIDE's
    transliteration (``"Björn Müller"`` -> ``{"bjorn muller", "bjoern mueller"}``), so
    "Mueller, Bjoern", "Muller, Bjorn" and "Müller, Björn" all find Björn Müller. The
    order ``Achternaam, Voornaam`` is turned round whichever side writes it; the Dutch
    prefixes stay words of the surname ("Van der Aa, Quinten", "Aa, Quinten van der" and
    "Quinten van der Aa" are one key). An ASCII name has the one key."""
    if name.isascii() or not _TRANSLITERATED.search(name.casefold()):
        return frozenset((name_key(name),))
    turned = _turned(name).casefold()
    return frozenset({name_key(name), _words(turned.translate(TRANSLITERATION))})


def _by_name(players: Sequence[Player]) -> dict[str, list[Player]]:
    index: dict[str, list[Player]] = {}
    for p in players:
        for key in name_keys(p.name):
            index.setdefault(key, []).append(p)
    return index


def _named(by_name: dict[str, list[Player]], name: str) -> list[Player]:
    """The players of the roster a listed name finds (each once, in roster order)."""
    keys = name_keys(name)
    if len(keys) == 1:
        return by_name.get(next(iter(keys)), [])
    found: dict[str, Player] = {}
    for key in sorted(keys):
        for p in by_name.get(key, ()):
            found.setdefault(p.id, p)
    return list(found.values())


def _twins(by_name: dict[str, list[Player]], player: Player) -> bool:
    """Whether another player of the roster has a name this player's name is found under."""
    return any(q.id != player.id for q in _named(by_name, player.name))


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
        for p in _named(by_name, row.name):
            found.setdefault(p.id, []).append(("name", row))
    return _result(season, players, by_name, found, from_round, count, kind)


def _result(
    season: Season,
    players: Sequence[Player],
    by_name: dict[str, list[Player]],
    found: dict[str, list[tuple[How, ListRow]]],
    from_round: int,
    count: int,
    kind: ListKind = "knsb",
) -> MatchResult:
    matches: list[RatingMatch] = []
    ambiguous: list[Ambiguous] = []
    unmatched: list[Player] = []
    conflicts: list[NumberConflict] = []
    bad_numbers: list[BadNumber] = []
    for p in players:
        hits = found.get(p.id, [])
        by_id = [h for h in hits if h[0] == "id"]
        hits = by_id or hits
        if not hits:
            unmatched.append(p)
        elif not by_id and _twins(by_name, p):
            ambiguous.append(Ambiguous(p, tuple(r.line for _, r in hits), "roster"))
        elif len(hits) > 1:
            ambiguous.append(Ambiguous(p, tuple(r.line for _, r in hits), "list"))
        else:
            how, row = hits[0]
            ours = knsb_id_of(p) if kind == "knsb" else fide_id_of(p)
            if ours is not None and ours != row.number:
                conflicts.append(NumberConflict(p, ours, row.number, row.line))
                continue
            number = None
            if ours is None:
                problem = knsb_id_problem if kind == "knsb" else fide_id_problem
                if problem(row.number) is None:
                    number = row.number
                else:
                    bad_numbers.append(BadNumber(p, row.number, row.line))
            old = season.rating_at(p.id, from_round)
            matches.append(RatingMatch(p, old, row.rating, how, row.line, number))
    return MatchResult(tuple(matches), tuple(unmatched), tuple(ambiguous), count,
                       tuple(conflicts), tuple(bad_numbers))  # fmt: skip


def numbered(matches: Iterable[RatingMatch], kind: ListKind) -> tuple[Player, ...]:
    """The matched players with the list's number in their field (``knsb_id`` from a KNSB
    list, ``fide_id`` from a FIDE list), where they get one (:attr:`RatingMatch.number`)."""
    return tuple(
        replace(m.player, knsb_id=m.number) if kind == "knsb"
        else replace(m.player, fide_id=m.number)
        for m in matches
        if m.number is not None
    )  # fmt: skip


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
    who chooses to go on without the bad rows (``--skip-bad-rows``, the page's checkbox).
    ``numbers`` are the players who get the list's number (:func:`numbered`), under the
    same rule."""

    kind: ListKind
    result: MatchResult
    changes: tuple[RatingChange, ...]
    bad: tuple[BadRow, ...]
    good_changes: tuple[RatingChange, ...] = ()
    numbers: tuple[Player, ...] = ()

    def to_store(self, skip_bad_rows: bool) -> tuple[RatingChange, ...]:
        """The changes to store: none with a bad row, unless the director skips them."""
        return self.good_changes if skip_bad_rows else self.changes

    def numbers_to_store(self, skip_bad_rows: bool) -> tuple[Player, ...]:
        """The players whose new number is stored: none with a bad row, unless skipped."""
        return self.numbers if skip_bad_rows or not self.bad else ()


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
    return Preview(kind, result, () if bad else good, tuple(bad), good,
                   numbered(result.matches, kind))  # fmt: skip


def import_ratings(
    repo: Repository,
    competition_id: int,
    changes: Sequence[RatingChange],
    *,
    read: Sequence[RatingChange],
    actor: Actor,
    numbers: Sequence[Player] = (),
    read_players: Sequence[Player] | None = None,
) -> Season:
    """Store the rating changes and the players' new numbers (``numbers``: the players
    as :func:`numbered` made them) in one transaction, refused whole if a rating of these
    players from that round changed since ``read`` (the list of rating changes as read),
    if one of these players changed since ``read_players`` (the roster as read: a number
    typed meanwhile is not overwritten), or if a change names a round outside the season
    (``players.check_round``)."""
    season, ruleset = repo.load(competition_id), repo.ruleset(competition_id)
    for number in sorted({c.from_round for c in changes}):
        check_round(season, ruleset, number)
    if not numbers:
        return repo.save_ratings(competition_id, changes, actor=actor, read=tuple(read))
    seen: Mapping[str, Player | None] | Unchecked = UNCHECKED
    if read_players is not None:
        as_read = {p.id: p for p in read_players}
        seen = {p.id: as_read.get(p.id) for p in numbers}
    return repo.save_rating_list(competition_id, changes, numbers, actor=actor,
                                 read=tuple(read), read_players=seen)  # fmt: skip
