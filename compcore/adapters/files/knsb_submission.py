"""The KNSB rating submission (issue 11 item 3, issue 18 item 5; ``spec/formats.md``
"KNSB rating list").

A period's over-the-board games as a TRF-like file with the player's KNSB relatienummer
(7 digits) in the FIDE-id field: no forfeits, no byes, no Keizer points. Only players with a
relatienummer who gave their consent are submitted; a game against anyone else is left out.
:class:`Submission` carries the text and, as i18n phrases, who and what was left out and why.

The header, as TRF16 names its records: ``012`` the competition and the rounds, ``042`` and
``052`` the dates of the period's first and last round (``YYYY/MM/DD``), ``102`` the chief
arbiter and ``222`` the time control (TRF-2026's record; TRF16 had ``122``), each written
only where it is known (:class:`Heading`: the club's settings, ``compcore.rules.club_settings``).
A player's name is written as the federations write it
(:func:`compcore.adapters.files.federation_names.federation_name`, "Van der Linden, Hanneke");
a control character in any written text (a newline would start a record of its own)
becomes a space.

Where the data lives: the player's ``knsb_id`` field gives the relatienummer (an older
season's ``knsb:1234567`` flag where the field is empty, ``compcore.domain.federation_ids``), the
flag ``knsb-consent`` the consent (Magnus asks for it); both are set on the Spelers page,
and a KNSB rating-list import fills in the relatienummer of every player it finds.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from compcore.adapters.files.federation_names import federation_name
from compcore.domain.errors import Phrase
from compcore.domain.federation_ids import ID_FLAG, knsb_id_of
from compcore.domain.model import Game, Round, Season
from compcore.domain.player_names import without_control_characters
from compcore.pairing.swiss.model import FIDE_POINTS, PLAYED_RESULTS, Colour, SwissRecord

__all__ = [
    "CONSENT_FLAG",
    "ID_FLAG",
    "Heading",
    "Submission",
    "knsb_submission",
    "plain",
    "relatienummer",
]

#: the flag saying the player consents to having their games submitted for rating
CONSENT_FLAG = "knsb-consent"
_SEVEN_DIGITS = re.compile(r"^\d{7}$")
_CODES = {"1-0": ("1", "0"), "0-1": ("0", "1"), "1/2-1/2": ("=", "=")}


@dataclass(frozen=True, slots=True)
class Heading:
    """What the header says beyond the games: the time control and the chief arbiter
    (``None``: not known, the record is left out)."""

    tempo: str | None = None
    arbiter: str | None = None


def plain(text: str) -> str:
    """``text`` with every control character a space: one line of the file stays one."""
    return without_control_characters(text)


@dataclass(frozen=True, slots=True)
class Submission:
    """The file's text and what was left out (one phrase per player or game)."""

    text: str
    left_out: tuple[Phrase, ...]


def relatienummer(season: Season, pid: str) -> str | None:
    """The player's relatienummer: the field, else an older ``knsb:1234567`` flag, else
    ``None`` (:func:`compcore.domain.federation_ids.knsb_id_of`)."""
    return knsb_id_of(season.player(pid))


def _why(season: Season, pid: str) -> Phrase | None:
    """Why a player is not submitted (a phrase naming him), or ``None`` when he is."""
    player = season.player(pid)
    number = relatienummer(season, pid)
    if number is None:
        return Phrase("knsb.why.no_relatienummer", name=player.name)
    if not _SEVEN_DIGITS.match(number):
        return Phrase("knsb.why.bad_relatienummer", name=player.name, number=number)
    if not player.has_flag(CONSENT_FLAG):
        return Phrase("knsb.why.no_consent", name=player.name)
    return None


def knsb_submission(
    season: Season, first: int, last: int, heading: Heading | None = None
) -> Submission:
    """Rounds ``first``..``last``: every game played over the board between two submitted
    players, on one line per player who has such a game (numbered in name order). The
    report lists each player not submitted and each game left out, with the reason."""
    rounds = [r for r in season.played_rounds if first <= r.number <= last]
    humans = [p.id for p in season.players if not p.is_engine]
    refused = {pid: why for pid in humans if (why := _why(season, pid)) is not None}
    left: list[Phrase] = []
    games: dict[str, dict[int, tuple[str, Colour, str]]] = {}
    for index, rnd in enumerate(rounds):
        for game in rnd.games or ():
            why = _game_refusal(season, game, refused)
            if why is not None:
                left.append(_game_left(season, rnd.number, game, why))
                continue
            assert game.result is not None  # _game_refusal: a game without one is refused
            rw, rb = _CODES[game.result.value]
            games.setdefault(game.white, {})[index] = (game.black, "w", rw)
            games.setdefault(game.black, {})[index] = (game.white, "b", rb)
    players = sorted(games, key=lambda pid: federation_name(season.player(pid).name))
    number = {pid: i for i, pid in enumerate(players, start=1)}
    lines = _header(season, first, last, rounds, heading or Heading())
    for pid in players:
        lines.append(_line(season, pid, number, games[pid], len(rounds), last))
    report = [Phrase("knsb.left.player", why=why) for why in refused.values()]
    return Submission("\n".join(lines) + "\n", (*report, *left))


def _date(iso: str) -> str:
    """An ISO date (``2025-09-16``) as TRF16 writes it: ``2025/09/16``."""
    return iso.replace("-", "/")


def _header(
    season: Season, first: int, last: int, rounds: list[Round], heading: Heading
) -> list[str]:
    """``012`` always; ``042``/``052`` where the period's rounds have dates; ``102`` and
    ``222`` where the heading gives them."""
    lines = [plain(f"012 {season.club} / {season.competition}: ronden {first}-{last}")]
    dates = [r.date for r in rounds if r.date]
    if dates:
        lines += [f"042 {_date(dates[0])}", f"052 {_date(dates[-1])}"]
    if heading.arbiter:
        lines.append(plain(f"102 {heading.arbiter}"))
    if heading.tempo:
        lines.append(plain(f"222 {heading.tempo}"))
    return lines


def _game_refusal(season: Season, game: Game, refused: dict[str, Phrase]) -> Phrase | None:
    """Why a game is not sent (``None``: it is): no result yet, a forfeit (not played at
    the board), a game against the engine (DS-9), or a player who is not submitted."""
    if game.result is None:
        return Phrase("knsb.why.no_result")
    if game.result.value not in _CODES:
        return Phrase("knsb.why.forfeit")
    if any(season.player(p).is_engine for p in game.players):
        return Phrase("knsb.why.engine")
    return next((refused[p] for p in game.players if p in refused), None)


def _game_left(season: Season, rnd: int, game: Game, why: Phrase) -> Phrase:
    """A game not sent: its round, its players and why."""
    name = season.player
    return Phrase("knsb.left.game", round=rnd, white=name(game.white).name,
                  black=name(game.black).name, why=why)  # fmt: skip


def _line(
    season: Season,
    pid: str,
    number: dict[str, int],
    games: dict[int, tuple[str, Colour, str]],
    rounds: int,
    last: int,
) -> str:
    """A ``001`` line: relatienummer in the FIDE-id columns, points = the games' sum."""
    records = [
        SwissRecord(number[g[0]], g[1], g[2]) if (g := games.get(i)) else None
        for i in range(rounds)
    ]
    points = sum(
        (FIDE_POINTS.points(r) for r in records if r and r.result in PLAYED_RESULTS), Fraction(0)
    )
    rating = season.rating_at(pid, last)
    head = (
        f"001 {number[pid]:>4}      {_name(season, pid):<33} "
        f"{'' if rating is None else rating:>4} NED {relatienummer(season, pid):>11} {'':10} "
        f"{float(points):4.1f} {'':4}  "
    )
    blocks = "".join(f"{r.opponent:>4} {r.colour} {r.result}  " if r else " " * 10 for r in records)
    return (head + blocks).rstrip()


def _name(season: Season, pid: str) -> str:
    """The 001 line's name: as the federations write it, no control character, at most
    the field's 33 characters."""
    return federation_name(plain(season.player(pid).name))[:33]
