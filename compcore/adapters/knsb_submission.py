"""The KNSB rating submission (issue 11 item 3, ``spec/formats.md`` "KNSB rating list").

A period's over-the-board games as a TRF-like file with the player's KNSB relatienummer
(7 digits) in the FIDE-id field: no forfeits, no byes, no Keizer points. Only players with a
relatienummer who gave their consent are submitted; a game against anyone else is left out.
:class:`Submission` carries the text and, as i18n phrases, who and what was left out and why.

Where the data lives: the player's ``knsb_id`` field gives the relatienummer (an older
season's ``knsb:1234567`` flag where the field is empty, ``compcore.federation_ids``), the
flag ``knsb-consent`` the consent (Magnus asks for it); both are set on the Spelers page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from compcore.errors import Phrase
from compcore.federation_ids import ID_FLAG, knsb_id_of
from compcore.model import Season
from compcore.pairing.swiss.model import FIDE_POINTS, PLAYED_RESULTS, Colour, SwissRecord

__all__ = ["CONSENT_FLAG", "ID_FLAG", "Submission", "knsb_submission", "relatienummer"]

#: the flag saying the player consents to having their games submitted for rating
CONSENT_FLAG = "knsb-consent"
_SEVEN_DIGITS = re.compile(r"^\d{7}$")
_CODES = {"1-0": ("1", "0"), "0-1": ("0", "1"), "1/2-1/2": ("=", "=")}


@dataclass(frozen=True, slots=True)
class Submission:
    """The file's text and what was left out (one phrase per player or game)."""

    text: str
    left_out: tuple[Phrase, ...]


def relatienummer(season: Season, pid: str) -> str | None:
    """The player's relatienummer: the field, else an older ``knsb:1234567`` flag, else
    ``None`` (:func:`compcore.federation_ids.knsb_id_of`)."""
    return knsb_id_of(season.player(pid))


def _refusal(season: Season, pid: str) -> Phrase | None:
    """Why a player is not submitted, or ``None`` when they are."""
    player = season.player(pid)
    number = relatienummer(season, pid)
    if number is None:
        return Phrase("knsb.left.no_relatienummer", name=player.name)
    if not _SEVEN_DIGITS.match(number):
        return Phrase("knsb.left.bad_relatienummer", name=player.name, number=number)
    if not player.has_flag(CONSENT_FLAG):
        return Phrase("knsb.left.no_consent", name=player.name)
    return None


def knsb_submission(season: Season, first: int, last: int) -> Submission:
    """Rounds ``first``..``last``: every game played over the board between two submitted
    players, on one line per player who has such a game (numbered in name order)."""
    rounds = [r for r in season.played_rounds if first <= r.number <= last]
    humans = [p.id for p in season.players if not p.is_engine]
    refused = {pid: why for pid in humans if (why := _refusal(season, pid)) is not None}
    left: list[Phrase] = []
    games: dict[str, dict[int, tuple[str, Colour, str]]] = {}
    for index, rnd in enumerate(rounds):
        for game in rnd.games or ():
            if game.result is None or game.result.value not in _CODES:
                continue  # no result yet, or a forfeit: not over the board
            if any(season.player(p).is_engine for p in game.players):
                left.append(_game_left(season, rnd.number, game.white, game.black, None))
                continue  # a game against the engine (DS-9) is no rated game
            out = next((p for p in game.players if p in refused), None)
            if out is not None:
                left.append(_game_left(season, rnd.number, game.white, game.black, out))
                continue
            rw, rb = _CODES[game.result.value]
            games.setdefault(game.white, {})[index] = (game.black, "w", rw)
            games.setdefault(game.black, {})[index] = (game.white, "b", rb)
    players = sorted(games, key=lambda pid: season.player(pid).name)
    number = {pid: i for i, pid in enumerate(players, start=1)}
    lines = [f"012 {season.club} / {season.competition}: ronden {first}-{last}"]
    for pid in players:
        lines.append(_line(season, pid, number, games[pid], len(rounds), last))
    return Submission("\n".join(lines) + "\n", (*refused.values(), *left))


def _game_left(season: Season, rnd: int, white: str, black: str, out: str | None) -> Phrase:
    """Why a game is not sent: player ``out`` is not submitted (``None``: the engine played)."""
    name = season.player
    if out is None:
        return Phrase("knsb.left.engine_game", round=rnd, white=name(white).name,
                      black=name(black).name)  # fmt: skip
    return Phrase(
        "knsb.left.game", round=rnd, white=name(white).name, black=name(black).name,
        name=name(out).name,
    )  # fmt: skip


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
        f"001 {number[pid]:>4}      {season.player(pid).name[:33]:<33} "
        f"{'' if rating is None else rating:>4} NED {relatienummer(season, pid):>11} {'':10} "
        f"{float(points):4.1f} {'':4}  "
    )
    blocks = "".join(f"{r.opponent:>4} {r.colour} {r.result}  " if r else " " * 10 for r in records)
    return (head + blocks).rstrip()
