"""A TRF16 file as a new competition (issue 11 item 5, issue 18 item 4): a Swiss club moving
from another program brings its tournament as TRF.

The file is read strictly (:func:`compcore.adapters.files.trf.read_trf`), then every round before
the round to pair becomes a played round: a game (``1 = 0 W D L``) with its result, a forfeit
(``+ -``, ``- -``) as a forfeit result, ``U`` and ``F`` a bye, ``H`` a joker, ``Z`` an
absence; the ``132`` record's dates become the rounds' dates. The round to pair becomes the
open round: its pre-assigned players (``H``: a joker, others absent) are not present,
everyone else is.

Players: ids are made from the names (:func:`compcore.domain.player_ids.new_player_id`); ratings
and FIDE ids are kept as in the file. A name must pass :mod:`compcore.domain.player_names` (else a
:class:`TrfError` naming the line); it is stored as people say it where the file's
``Lastname, Firstname`` turns back exactly (:func:`stored_name`: "Van der Linden, Hanneke"
is "Hanneke van der Linden"), else as written. The pairing number becomes the player's
``strength`` (his place on the club's strength list), so the initial order (rating, then
strength, ...: :func:`compcore.scoring.standings.initial_order`) gives every player the
pairing number he had in the file, equal ratings included, and an export writes the same
numbers again.

The ``012`` record of compcore's own export is ``club / season / competition``:
:func:`name_parts` reads the three back apart, so a re-import does not nest the name.
"""

from __future__ import annotations

from typing import NamedTuple

from compcore.adapters.files.federation_names import PREFIXES, federation_name
from compcore.adapters.files.trf import TrfDocument, TrfPlayer
from compcore.domain.errors import Phrase, TrfError, place
from compcore.domain.federation_ids import fide_id_problem
from compcore.domain.model import Game, Kind, Player, Result, Round, RulesetRef, Season
from compcore.domain.player_ids import new_player_id
from compcore.domain.player_names import name_problem
from compcore.pairing.swiss.model import SwissRecord

__all__ = ["NameParts", "name_parts", "season_from_trf", "stored_name"]

_RESULTS = {
    "1": Result.WHITE_WINS, "W": Result.WHITE_WINS, "0": Result.BLACK_WINS,
    "L": Result.BLACK_WINS, "=": Result.DRAW, "D": Result.DRAW,
}  # fmt: skip
_BYES = {"U": Kind.BYE, "F": Kind.BYE, "H": Kind.JOKER, "Z": Kind.ABSENT, "-": Kind.ABSENT}


class NameParts(NamedTuple):
    """The ``012`` record's club, season and competition (``None`` where it does not say)."""

    club: str | None
    season: str | None
    competition: str | None


def name_parts(document: TrfDocument) -> NameParts:
    """``012 Magnus / 2025-2026 / Jeugd A`` (compcore's export) -> its club, season and
    competition; a name of another form (not three non-empty parts between ``" / "``) is
    the competition's name alone."""
    name = (document.name or "").strip()
    parts = [part.strip() for part in name.split(" / ")]
    if len(parts) == 3 and all(parts):
        return NameParts(parts[0], parts[1], parts[2])
    return NameParts(None, None, name or None)


def stored_name(name: str) -> str:
    """The file's ``Lastname, Firstname`` as compcore stores a name (first names first, a
    surname's prefix in lower case: "Van der Linden, Hanneke" -> "Hanneke van der
    Linden"), where :func:`federation_name` turns that back into exactly ``name``;
    otherwise (no comma, a surname of two words) the name as written."""
    surname, comma, first = name.partition(",")
    surname, first = surname.strip(), first.strip()
    if not comma or not surname or not first:
        return name
    words = surname.split()
    prefix = words[0].lower()
    if prefix in PREFIXES and len(words) > 1:
        words[0] = prefix
    spoken = " ".join([first, *words])
    return spoken if federation_name(spoken) == name else name


def _fide_id(text: str) -> str | None:
    """A ``001`` line's FIDE id as the player's ``fide_id``: kept when it is one
    (``federation_ids``); empty, ``0`` or anything else is "not known"."""
    value = text.strip()
    if fide_id_problem(value) is not None or not value.strip("0"):
        return None
    return value


def season_from_trf(document: TrfDocument, *, club: str, season: str, preset: str) -> Season:
    """The document as a season of ``club``, named by its ``012`` record's competition
    (:func:`name_parts`; else the club). A ``001`` line whose name the rule of
    :mod:`compcore.domain.player_names` refuses (empty, a tab or NUL inside, ...) is a
    :class:`TrfError` naming that line."""
    ids: dict[int, str] = {}
    names: dict[int, str] = {}
    for p in document.players:
        problem = name_problem(p.name)
        if problem is not None:
            raise TrfError(*place(Phrase("trf.at.line", line=p.line)), problem)
        names[p.number] = stored_name(p.name)
        ids[p.number] = new_player_id(names[p.number], ids.values())
    players = tuple(
        Player(
            ids[p.number],
            names[p.number],
            rating=p.rating,
            strength=p.number,
            fide_id=_fide_id(p.fide_id),
        )
        for p in document.players
    )
    past = document.round_to_pair - 1
    dates = document.round_dates
    rounds = [_played(document.players, ids, r, dates.get(r)) for r in range(1, past + 1)]
    if document.total_rounds is None or past < document.total_rounds:
        rounds.append(_open(document, ids))
    return Season(
        club=club,
        season=season,
        competition=name_parts(document).competition or club,
        ruleset=RulesetRef(preset),
        players=players,
        rounds=tuple(rounds),
    )


def _record(p: TrfPlayer, number: int) -> SwissRecord:
    return p.rounds[number - 1] if number <= len(p.rounds) else SwissRecord(None, None, "Z")


def _played(
    players: tuple[TrfPlayer, ...], ids: dict[int, str], number: int, day: str | None
) -> Round:
    """Round ``number``: the games from White's line, everyone else's bye kind."""
    by_number = {p.number: p for p in players}
    games: list[Game] = []
    entries: dict[str, Kind] = {}
    for p in players:
        rec = _record(p, number)
        if rec.opponent is None:
            entries[ids[p.number]] = _BYES.get(rec.result, Kind.ABSENT)
        elif rec.colour == "w":
            back = _record(by_number[rec.opponent], number).result
            games.append(Game(ids[p.number], ids[rec.opponent], _result(rec.result, back)))
    return Round(number, date=day, games=tuple(games), entries=entries or None, finalized=True)


def _result(white: str, black: str) -> Result:
    """White's and Black's TRF results as a game result (the reader checked they match)."""
    if white == "+":
        return Result.WHITE_FORFEIT_WIN
    if white == "-":
        return Result.BLACK_FORFEIT_WIN if black == "+" else Result.DOUBLE_FORFEIT
    return _RESULTS[white]


def _open(document: TrfDocument, ids: dict[int, str]) -> Round:
    """The round to pair: pre-assigned players not present (a joker or absent)."""
    pre = document.preassigned
    entries = {ids[n]: Kind.JOKER if r.result == "H" else Kind.ABSENT for n, r in pre.items()}
    present = tuple(ids[p.number] for p in document.players if p.number not in pre)
    number = document.round_to_pair
    return Round(
        number,
        date=document.round_dates.get(number),
        present=present,
        entries=entries or None,
    )
