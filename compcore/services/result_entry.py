"""Results entered but not saved yet (issue 22 item 1): every result the director taps or
types is kept at once as the round's *results draft* in the database, so a reload or
another device shows it, until "Uitslagen opslaan" or "Ronde afsluiten" stores the round
(:func:`compcore.services.results.save_results`) and drops the draft.

An entry is a :class:`~compcore.rules.changes.BoardResult`: the board with its players, the
result the director read (as stored when he entered his) and the one he entered. So an
entry holds only while its board is what he saw: when the stored round changed under it (a
result saved from another device, a late re-pairing), the entry is a *conflict*: shown,
never applied (:func:`apply`). A tap changes its own board's entry only, so directors on
several devices enter at once; it is refused when that board no longer shows what the
director saw (someone entered another result there meanwhile).

:func:`quick_entry` reads the keyboard line: one sign per board, in board order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, replace
from datetime import datetime

from compcore.domain.errors import LocalizedError, Phrase, SeasonError, StaleWriteError
from compcore.domain.model import Result, Round, Season
from compcore.ports.actors import Actor
from compcore.ports.repository import Repository
from compcore.ports.values import DraftPart
from compcore.rules.changes import BoardResult
from compcore.services import results

#: the results draft's JSON format marker
FORMAT = "compcore-results-draft-1"
#: the draft part the store keeps them in, beside the round's pairing draft
PART: DraftPart = "results"

#: the keyboard line's signs (:func:`quick_entry`): one per board; ``.`` leaves a board
SIGNS: Mapping[str, Result] = {
    "1": Result.WHITE_WINS,
    "0": Result.BLACK_WINS,
    "=": Result.DRAW,
    "½": Result.DRAW,
    "r": Result.DRAW,
    "+": Result.WHITE_FORFEIT_WIN,
    "-": Result.BLACK_FORFEIT_WIN,
    "x": Result.DOUBLE_FORFEIT,
}
SKIP = "."


class QuickEntryError(LocalizedError):
    """A keyboard line that does not read as one sign per board; nothing is entered."""


@dataclass(frozen=True)
class Entered:
    """The round's results draft: the entries (one per board at most, in board order), its
    version (None: no draft stored), and who saved it last, when."""

    entries: tuple[BoardResult, ...] = ()
    version: int | None = None
    saved_by: str | None = None
    saved_at: datetime | None = None


@dataclass(frozen=True)
class Applied:
    """The draft on the stored round: the result each board shows (by index from 0; absent:
    the stored one), the entries that still hold (to save), and the conflicts (entries whose
    board changed in the store since they were made: shown, not used)."""

    shown: Mapping[int, Result | None]
    pending: tuple[BoardResult, ...]
    conflicts: tuple[BoardResult, ...]


# --------------------------------------------------------------------------- JSON form


def _result(text: object) -> Result | None:
    return None if text is None else Result(str(text))


def to_data(number: int, entries: Sequence[BoardResult]) -> dict[str, object]:
    return {
        "format": FORMAT,
        "number": number,
        "boards": [
            {"board": e.board, "white": e.white, "black": e.black,
             "read": e.read.value if e.read else None, "new": e.new.value if e.new else None}
            for e in entries
        ],
    }  # fmt: skip


def from_data(data: Mapping[str, object]) -> tuple[BoardResult, ...]:
    """The entries :func:`to_data` stored; SeasonError (one line) for anything else."""
    try:
        if data.get("format") != FORMAT or not isinstance(data["boards"], list):
            raise ValueError(data.get("format"))
        return tuple(
            BoardResult(
                int(b["board"]),
                str(b["white"]),
                str(b["black"]),
                _result(b["read"]),
                _result(b["new"]),
            )
            for b in data["boards"]
        )
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise SeasonError.at((), "draft.unreadable", detail=type(exc).__name__) from None


# --------------------------------------------------------------------------- store


def entered(repo: Repository, competition_id: int, number: int) -> Entered:
    """Round ``number``'s results draft (empty when there is none)."""
    stored = repo.load_draft(competition_id, number, PART)
    if stored is None:
        return Entered()
    return Entered(from_data(stored.data), stored.version, stored.saved_by, stored.saved_at)


def enter(
    repo: Repository,
    competition_id: int,
    rnd: Round,
    choices: Mapping[int, Result | None],
    *,
    seen: Mapping[int, Result | None],
    actor: Actor,
) -> Entered:
    """Keep the director's results for boards ``choices`` (index from 0 → result; None:
    no result) of the published round ``rnd`` as he sees it, in the stored draft: those
    boards' entries are replaced (dropped when they are what is stored); other boards'
    entries, from other devices too, stay. Refused (StaleWriteError) when a chosen board no
    longer shows what he saw (``seen``: per board, what his screen showed), because someone
    entered another result there meanwhile."""
    games = rnd.games or ()
    for attempt in range(_TRIES):
        draft = entered(repo, competition_id, rnd.number)
        shown = apply(rnd, draft).shown
        for i in choices:
            now = shown.get(i, games[i].result)
            if i in seen and seen[i] != now:
                raise StaleWriteError(Phrase("change.what.board", board=i + 1, number=rnd.number))
        kept = {e.board: e for e in draft.entries}
        for i, new in choices.items():
            game = games[i]
            if new == game.result:
                kept.pop(i + 1, None)
            else:
                kept[i + 1] = BoardResult(i + 1, game.white, game.black, game.result, new)
        entries = tuple(kept[b] for b in sorted(kept))
        try:
            version = repo.save_draft(competition_id, rnd.number, to_data(rnd.number, entries),
                                      actor=actor, read=draft.version, part=PART)  # fmt: skip
        except StaleWriteError:  # another board's entry came in between: read it, again
            if attempt == _TRIES - 1:
                raise
            continue
        return Entered(entries, version)
    raise AssertionError("unreachable")  # pragma: no cover


#: how often a tap reads the draft again when another device saved it in between
_TRIES = 3


def discard(repo: Repository, competition_id: int, number: int, *, actor: Actor) -> None:
    """Throw the entered results away (saved, or not wanted)."""
    repo.discard_draft(competition_id, number, actor=actor, part=PART)


def save(
    repo: Repository,
    competition_id: int,
    number: int,
    draft: Entered,
    pending: Sequence[BoardResult],
    *,
    finalize: bool,
    actor: Actor,
) -> Season:
    """Store the ``pending`` entries of ``draft`` in the round (``finalize``: and finalize
    it, which needs a result on every board), then empty the draft, unless another session
    entered more meanwhile: those stay (what this save stored reads as done). A refusal (a
    board changed meanwhile, a board without a result) keeps the draft as it was."""
    season = results.save_results(
        repo, competition_id, number, pending, finalize=finalize, reason=None, actor=actor
    )
    with suppress(StaleWriteError):
        repo.save_draft(competition_id, number, to_data(number, ()), actor=actor,
                        read=draft.version, part=PART)  # fmt: skip
    return season


# --------------------------------------------------------------------------- reading


def apply(rnd: Round, draft: Entered) -> Applied:
    """The draft on the stored round ``rnd``. An entry holds while its board has the same
    players and the result it read; one whose board now holds what it entered is simply
    done; any other is a conflict (someone stored another result, or re-paired)."""
    games = rnd.games or ()
    shown: dict[int, Result | None] = {}
    pending: list[BoardResult] = []
    conflicts: list[BoardResult] = []
    for e in draft.entries:
        i = e.board - 1
        game = games[i] if 0 <= i < len(games) else None
        if game is None or (game.white, game.black) != (e.white, e.black):
            conflicts.append(e)
        elif game.result == e.new:
            continue  # stored meanwhile as entered
        elif game.result != e.read:
            conflicts.append(replace(e, read=game.result))
        else:
            shown[i] = e.new
            pending.append(e)
    return Applied(shown, tuple(pending), tuple(conflicts))


def quick_entry(text: str, rnd: Round) -> dict[int, Result]:
    """The keyboard line as results per board (index from 0): one sign per board in board
    order (``1`` 1-0, ``0`` 0-1, ``=``/``½``/``r`` remise, ``+`` 1-0 reglementair, ``-``
    0-1 reglementair, ``x`` 0-0 reglementair, ``.`` leaves the board as it is); spaces
    are ignored. A line with an unknown sign or more signs than boards is refused
    (:class:`QuickEntryError`, naming the sign and its place)."""
    signs = [c for c in text.lower() if not c.isspace()]
    boards = len(rnd.games or ())
    if len(signs) > boards:
        raise QuickEntryError("results.quick.too_many", signs=len(signs), boards=boards)
    out: dict[int, Result] = {}
    for i, sign in enumerate(signs):
        if sign == SKIP:
            continue
        if sign not in SIGNS:
            raise QuickEntryError("results.quick.unknown", sign=sign, board=i + 1)
        out[i] = SIGNS[sign]
    return out
