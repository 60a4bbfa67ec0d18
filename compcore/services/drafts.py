"""The unpublished proposal kept in the database (issue 9, item 6a): nothing is lost on a
reload, and another device sees the same edited proposal.

A :class:`~compcore.services.round.Draft` is stored as JSON (:func:`to_data`) per
competition and round, with who saved it, when, and a version that every save raises. A
save names the version the director's session read (None: he expects none): when another
director saved meanwhile, the save is refused (:class:`StaleWriteError`) and the session
keeps its edits. A draft made from a round that has changed since (``Draft.read`` is no
longer the stored round) is *stale*: :func:`restore` says so, and the page does not use it.
Publishing or discarding deletes it.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime
from types import MappingProxyType
from typing import Any

from compcore.adapters.files import season_file
from compcore.domain.errors import CompcoreError, SeasonError
from compcore.domain.model import Kind, Season
from compcore.pairing import Board, Pairing, Reason, Relaxation
from compcore.ports.actors import Actor
from compcore.ports.repository import Repository
from compcore.ports.values import StoredDraft
from compcore.services.round import Draft, stored_round
from compcore.services.round import publish as publish_round

#: the draft JSON's format marker (a future change of the form gets a new one)
FORMAT = "compcore-draft-1"


# --------------------------------------------------------------------------- JSON form


def _board(b: Board) -> dict[str, Any]:
    return {"white": b.white, "black": b.black, "placed": b.placed.encode(),
            "colour": b.colour.encode(), "forced": b.forced,
            **({"group": b.group} if b.group is not None else {})}  # fmt: skip


def _pairing_data(p: Pairing) -> dict[str, Any]:
    return {
        "round": season_file.round_data(p.round),
        "boards": [_board(b) for b in p.boards],
        "sitting_out": {pid: r.encode() for pid, r in p.sitting_out.items()},
        "relaxed": [{"rule": r.rule, "reason": r.reason.encode()} for r in p.relaxed],
    }


def to_data(draft: Draft) -> dict[str, Any]:
    """The draft as JSON-ready data: the proposal as compcore made it (with its reasons),
    the director's edits (boards, who sits out), and the round it was made from."""
    return {
        "format": FORMAT,
        "number": draft.number,
        "late": draft.late,
        "pairing": _pairing_data(draft.pairing),
        "boards": [list(b) for b in draft.boards],
        "sitters": {pid: kind.value for pid, kind in draft.sitters.items()},
        "read": None if draft.read is None else season_file.round_data(draft.read),
    }


def _pairing(data: Mapping[str, Any]) -> Pairing:
    boards = tuple(
        Board(
            b["white"],
            b["black"],
            Reason.decode(b["placed"]),
            Reason.decode(b["colour"]),
            bool(b.get("forced")),
            group=b.get("group"),
        )
        for b in data["boards"]
    )
    return Pairing(
        round=season_file.round_from_data(data["round"]),
        boards=boards,
        sitting_out=MappingProxyType(
            {pid: Reason.decode(r) for pid, r in data["sitting_out"].items()}
        ),
        relaxed=tuple(Relaxation(r["rule"], Reason.decode(r["reason"])) for r in data["relaxed"]),
    )


def from_data(data: Mapping[str, Any]) -> Draft:
    """The draft :func:`to_data` gave; SeasonError (one line) for anything else."""
    try:
        if data.get("format") != FORMAT:
            raise ValueError(data.get("format"))
        read = data.get("read")
        return Draft(
            number=int(data["number"]),
            pairing=_pairing(data["pairing"]),
            boards=[[str(w), str(b)] for w, b in data["boards"]],
            sitters={str(pid): Kind(k) for pid, k in data["sitters"].items()},
            late=bool(data["late"]),
            read=None if read is None else season_file.round_from_data(read),
        )
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise SeasonError.at((), "draft.unreadable", detail=type(exc).__name__) from None


# --------------------------------------------------------------------------- store


@dataclass(frozen=True)
class Restored:
    """A stored draft as the page gets it: the draft, who saved it and when, its version,
    and whether the round changed since it was made (``stale``: not to be used)."""

    draft: Draft
    saved_by: str
    saved_at: datetime
    version: int
    stale: bool


def save(
    repo: Repository, competition_id: int, draft: Draft, *, actor: Actor, read: int | None
) -> int:
    """Store ``draft`` for its round; its new version. ``read``: the version the session
    restored or saved last (None: none); refused when another save came in between."""
    return repo.save_draft(competition_id, draft.number, to_data(draft), actor=actor, read=read)


def restore(repo: Repository, season: Season, competition_id: int, number: int) -> Restored | None:
    """The stored draft of round ``number`` (None: there is none), and whether it is stale:
    the round it was made from is not the stored round any more."""
    stored: StoredDraft | None = repo.load_draft(competition_id, number)
    if stored is None:
        return None
    draft = from_data(stored.data)
    stale = draft.read != stored_round(season, number)
    return Restored(draft, stored.saved_by, stored.saved_at, stored.version, stale)


def discard(repo: Repository, competition_id: int, number: int, *, actor: Actor) -> None:
    """Delete the stored draft of round ``number`` (published, or thrown away)."""
    repo.discard_draft(competition_id, number, actor=actor)


def publish(
    repo: Repository, competition_id: int, draft: Draft, *, reason: str | None, actor: Actor
) -> Season:
    """Publish the draft (:func:`compcore.services.round.publish`), then delete its stored
    copy; a failed delete leaves a draft that is stale from now on, so it is never used."""
    season = publish_round(repo, competition_id, draft, reason=reason, actor=actor)
    with suppress(CompcoreError):
        discard(repo, competition_id, draft.number, actor=actor)
    return season
