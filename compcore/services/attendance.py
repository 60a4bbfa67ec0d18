"""The attendance form of a club evening (Ronde): where its boxes start and what the
director is told about the members' own sign-offs, and the pairing's preparation.

The form starts from the stored round, the members' marks made since the director last
saved the list (issue 10) and the players a linked competition puts on the evening (MG-8):
:func:`starting_marks` reads those from the store; :mod:`compcore.services.round` takes the
attendance."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from compcore.pairing.linked import Evening
from compcore.ports.repository import Repository
from compcore.ports.values import Mark
from compcore.services import linked, signoff

#: how far back in the change log the last save of an attendance list is looked for
LOG_DEPTH = 1000


@dataclass(frozen=True)
class StartingMarks:
    """What the attendance form of one round starts from."""

    #: the members' own sign-offs of the competition's round (every one, for the list shown)
    marks: tuple[Mark, ...]
    #: player id -> his newest mark since the director's last save of the list
    marked: Mapping[str, str]
    #: player id -> the choice his box starts from (the marks and the linked boards)
    starts: Mapping[str, str]


def starting_marks(
    repo: Repository, competition_id: int, number: int, part: Evening
) -> StartingMarks:
    """Round ``number``'s members' marks, those made since the director last saved its
    attendance list, and with the linked competitions' players (``part``) the choices the
    form's boxes start from (a linked board's players play)."""
    marks = repo.marks(competition_id, number)
    since = signoff.attendance_saved_at(repo.log(competition_id, LOG_DEPTH), number)
    marked = signoff.marked_choices(marks, number, since)
    return StartingMarks(tuple(marks), marked, marked | linked.attendance_marks(part))


def prepare_pairing() -> None:
    """Import the pairing engine now: compcore imports it when it first pairs (the command
    line seldom does); the director who opens the attendance will, so not in the click."""
    import compcore.pairing.engine  # noqa: F401
