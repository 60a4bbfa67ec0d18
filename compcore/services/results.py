"""The round's results: which boards the director changed, entering and finalizing them,
correcting a finalized round (with a reason), reopening it, and undo (the last round
deleted, the log keeps it).

The part of the club evening's workflow after the pairing is published
(:mod:`compcore.services.round` holds the attendance, the proposal and publishing). A result
entered once holds in a linked competition and its ladder (issue 12, MG-8:
:func:`compcore.services.linked.save_results`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from compcore.domain.model import Result, Round, Season
from compcore.ports.actors import Actor
from compcore.ports.repository import Repository
from compcore.rules.changes import BoardResult
from compcore.services import linked
from compcore.services.round import stage

#: the change log's action for an undo from the app
UNDO_ACTION = "undo-round"

#: the change log's actions for reopening a finalized round and correcting its results
REOPEN_ACTION = "reopen-round"
CORRECT_ACTION = "correct-results"

#: results offered per board, in the order the clubs write them
RESULTS: tuple[str, ...] = tuple(r.value for r in (
    Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS,
    Result.WHITE_FORFEIT_WIN, Result.BLACK_FORFEIT_WIN, Result.DOUBLE_FORFEIT,
))  # fmt: skip


# --------------------------------------------------------------------------- results


def changed_boards(
    rnd: Round, entered: Mapping[int, str | None], read: Mapping[int, str | None]
) -> list[BoardResult]:
    """The boards whose result the director changed: ``entered`` and ``read`` map a board
    index (from 0) to a result text (or None/"": no result), as shown and as read."""
    out = []
    for i, game in enumerate(rnd.games or ()):
        new, was = entered.get(i) or None, read.get(i) or None
        if new != was:
            out.append(BoardResult(i + 1, game.white, game.black, _result(was), _result(new)))
    return out


def _result(text: str | None) -> Result | None:
    return None if text is None else Result(text)


def save_results(
    repo: Repository,
    competition_id: int,
    number: int,
    boards: Sequence[BoardResult],
    *,
    finalize: bool,
    reason: str | None,
    actor: Actor,
) -> Season:
    """Merge the changed boards into the stored round; ``finalize`` needs a result on every
    board; correcting a finalized round needs a ``reason`` (``compcore.rules.changes``). A result
    entered once holds in a linked competition and its ladder (issue 12, MG-8)."""
    action = "finalize-round" if finalize else "results"
    return linked.save_results(repo, competition_id, number, boards, actor=actor, action=action,
                               complete=finalize, reason=_given(reason))  # fmt: skip


def needs_correction_reason(season: Season, number: int) -> bool:
    """Whether the results form must ask for a reason: the round is finalized already."""
    return stage(season, number) == "complete"


def correct_results(
    repo: Repository,
    competition_id: int,
    number: int,
    boards: Sequence[BoardResult],
    *,
    reason: str | None,
    actor: Actor,
) -> Season:
    """Correct results of a finalized round (item 5): needs a ``reason``; the round stays
    finalized, later rounds keep their pairings, the standings follow from the new results.
    Logged as ``correct-results``; copied to the other side of a link (issue 12)."""
    return linked.save_results(repo, competition_id, number, boards, actor=actor,
                               action=CORRECT_ACTION, reason=_given(reason))  # fmt: skip


def reopen(
    repo: Repository,
    competition_id: int,
    number: int,
    *,
    reason: str | None,
    read: Round,
    actor: Actor,
) -> Season:
    """Reopen the finalized round ``number`` (needs a ``reason``; refused when it changed
    since ``read``): its results can be entered again and it must be finalized again."""
    return repo.reopen_round(
        competition_id,
        number,
        actor=actor,
        reason=_given(reason),
        read=read,
        action=REOPEN_ACTION,
    )


# --------------------------------------------------------------------------- undo


def undo_target(season: Season, number: int) -> int | None:
    """The round undo deletes, offered on that round's page and on the new round after it:
    always the last stored round."""
    if not season.rounds or season.rounds[-1].number not in (number, number - 1):
        return None
    return season.rounds[-1].number


def undo(
    repo: Repository, competition_id: int, number: int, *, read: Round | None, actor: Actor
) -> Round:
    """Delete the last round (the log keeps it); refused when it changed since ``read``."""
    return repo.delete_round(competition_id, number, actor=actor, read=read, action=UNDO_ACTION)


def _given(reason: str | None) -> str | None:
    """The director's reason as the log keeps it: trimmed; nothing but spaces is none."""
    return (reason or "").strip() or None
