"""The link between a ladder and the competitions played within it (issue 12: DS-16 groups,
DS-20 play-off, DS-21 Meierij Cup, MG-8 Magnus cup), read and written through a repository.

* :func:`linked_to`: the competitions whose ``Season.ladder`` names a ladder.
* :func:`evening` / :func:`with_evening`: what they put on one open ladder evening (forced
  boards named after the competition, or entries), and the round with them on it; the round
  workflow (:func:`compcore.services.round.take_attendance`) stores it so.
* :func:`save_results`: a result is entered once. Saved on a ladder evening, it is copied
  into the linked competitions' boards of that evening; saved in a linked competition, it
  is copied onto its ladder evening; both seasons in one atomic write
  (:meth:`~compcore.ports.repository.Repository.save_seasons`), a correction of a
  finalized round included. A competition with no link is saved as before.

The pure rules are :mod:`compcore.pairing.linked`; nothing here imports Streamlit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from compcore.domain.errors import LocalizedError, ReasonRequiredError
from compcore.domain.model import ForcedGame, Round, Season
from compcore.pairing import linked
from compcore.pairing.linked import Evening
from compcore.ports.actors import Actor
from compcore.ports.repository import Repository
from compcore.ports.values import CompetitionInfo
from compcore.rules import changes
from compcore.rules.changes import BoardResult
from compcore.rules.rulesets import Ruleset, ruleset_of


@dataclass(frozen=True)
class Linked:
    """A competition played within a ladder: its id, season and ruleset."""

    id: int
    season: Season
    ruleset: Ruleset


def _info(infos: Sequence[CompetitionInfo], cid: int) -> CompetitionInfo | None:
    return next((i for i in infos if i.id == cid), None)


def _load(repo: Repository, cid: int) -> Linked:
    season = repo.load(cid)
    return Linked(cid, season, ruleset_of(season, changes.name(season)))


def linked_ids(infos: Sequence[CompetitionInfo], ladder_cid: int) -> list[int]:
    """The ids of the competitions played within the ladder ``ladder_cid`` (their
    ``Season.ladder`` is its qualified name), in the store's order."""
    me = _info(infos, ladder_cid)
    if me is None:
        return []
    return [i.id for i in infos if i.ladder == me.qualified_name and i.id != me.id]


def linked_to(repo: Repository, ladder_cid: int) -> list[Linked]:
    """The competitions played within the ladder ``ladder_cid``, read from ``repo``."""
    return [_load(repo, cid) for cid in linked_ids(repo.competitions(), ladder_cid)]


def ladder_of(infos: Sequence[CompetitionInfo], season: Season) -> CompetitionInfo | None:
    """The ladder ``season`` is played within (None: none, or not in the store)."""
    if season.ladder is None:
        return None
    return next((i for i in infos if i.qualified_name == season.ladder), None)


def ladder_id(repo: Repository, season: Season) -> int | None:
    """The id of the ladder ``season`` is played within (None: none, or not in the store)."""
    found = ladder_of(repo.competitions(), season)
    return found.id if found is not None else None


def attendance_marks(part: Evening) -> dict[str, str]:
    """The attendance list's choice for the players the linked competitions put on an
    evening: ``present`` for a linked board's players (they play), the link's entry kind
    (DS-21: ``external``) for an entry; the list starts from these."""
    out = {pid: kind.value for pid, kind in part.entries.items()}
    return out | {pid: "present" for f in part.forced for pid in (f.white, f.black)}


def own_forced(forced: Sequence[ForcedGame], part: Evening) -> list[ForcedGame]:
    """The forced boards the director made himself (those the linked competitions put on the
    evening are shown apart and put back on every save)."""
    return [f for f in forced if f not in part.forced]


def evening_of(parts: Sequence[Linked], ladder: Season, number: int) -> Evening:
    """What the competitions ``parts`` put together on ladder evening ``number``."""
    return linked.combine([linked.evening(p.season, p.ruleset, ladder, number) for p in parts])


def evening(repo: Repository, ladder_cid: int, number: int) -> Evening:
    """What the linked competitions put on the ladder's evening ``number`` (DS-16, DS-20,
    MG-8: forced boards; DS-21: entries)."""
    parts = linked_to(repo, ladder_cid)
    if not parts:
        return Evening()
    return evening_of(parts, repo.load(ladder_cid), number)


def with_evening(repo: Repository, ladder_cid: int, ladder: Season, rnd: Round) -> Round:
    """The open ladder round ``rnd`` with the linked competitions' boards and entries of that
    evening put on it (:func:`compcore.pairing.linked.with_evening`); unchanged without any."""
    parts = linked_to(repo, ladder_cid)
    if not parts:
        return rnd
    return linked.with_evening(ladder, rnd, evening_of(parts, ladder, rnd.number))


def evenings_open(ladder: Season) -> list[int]:
    """The ladder evenings a linked round can still be put on (MG-8: the director picks one
    when he draws a cup round): the ladder's stored open rounds, and the next new round
    when the last stored one is played."""
    numbers = [r.number for r in ladder.rounds if r.is_open]
    last = ladder.rounds[-1] if ladder.rounds else None
    if last is None or not last.is_open:
        numbers.append((last.number if last else 0) + 1)
    return numbers


def default_evening(ladder: Season) -> int:
    """MG-8: the evening a cup round is drawn onto unless the director picks another: the
    ladder's open round (the first of :func:`evenings_open`)."""
    return evenings_open(ladder)[0]


class EveningNotOpen(LocalizedError):
    """A linked round put on a ladder evening that is already paired (or played): its
    boards could no longer be forced there. Nothing is stored."""


def check_evening(repo: Repository, season: Season, rnd: Round) -> None:
    """MG-8: the ladder evening a linked round is drawn onto must still be open (or new);
    refused in one sentence naming the ladder and the round otherwise (another director
    paired it since the form was opened). A round that names no evening passes."""
    if season.ladder is None or rnd.ladder_round is None:
        return
    info = ladder_of(repo.competitions(), season)
    if info is None:
        return
    if rnd.ladder_round not in evenings_open(repo.load(info.id)):
        raise EveningNotOpen("link.evening_taken", ladder=info.competition, number=rnd.ladder_round)


class BoardsMissing(LocalizedError):
    """A ladder pairing without a board a linked competition put on that evening (a
    proposal made before the cup was drawn, or edited away). Nothing is stored."""


def check_boards(repo: Repository, ladder_cid: int, ladder: Season, rnd: Round) -> None:
    """MG-8, DS-16: a ladder round is published only with every board the linked
    competitions put on that evening (same white, same black); refused in one sentence
    naming the missing boards otherwise (pair again)."""
    part = evening(repo, ladder_cid, rnd.number)
    have = {(g.white, g.black) for g in rnd.games or ()}
    missing = [f for f in part.forced if (f.white, f.black) not in have]
    if missing:
        boards = ", ".join(
            f"{ladder.name_of(f.white)} – {ladder.name_of(f.black)} ({f.reason})" for f in missing
        )
        raise BoardsMissing("link.boards_missing", number=rnd.number, boards=boards)


# --------------------------------------------------------------------------- results


def _counts_as_game(part: Linked) -> bool:
    link = part.ruleset.ladder_link
    return link is not None and link.counts_as == "game"


def _finalized(rnd: Round, was: Round, *, final: bool) -> Round:
    """A round whose results were copied from the other side: finalized when that side's
    round is finalized (``final``) and every board has a result; a round that did not say
    and now has every result says it is not finalized (as
    :func:`compcore.rules.changes.enter_results` keeps it), so it is not read as finalized."""
    complete = rnd.all_results_in
    if rnd == was:
        return rnd
    if final and complete:
        return replace(rnd, finalized=True)
    if was.finalized is None and complete and not was.is_finalized:
        return replace(rnd, finalized=False)
    return rnd


def from_ladder(part: Season, ladder: Season, number: int) -> Season:
    """``part`` with the results of its boards on ladder evening ``number`` taken from the
    ladder (its other rounds unchanged); a round of that evening is finalized with the
    ladder's round (:func:`_finalized`)."""
    copied = linked.results_from_ladder(part, ladder)
    final = ladder.round(number).is_finalized
    rounds = tuple(
        _finalized(new, old, final=final) if old.ladder_round == number else old
        for old, new in zip(part.rounds, copied.rounds, strict=True)
    )
    return replace(part, rounds=rounds)


def into_ladder(ladder: Season, part: Season, number: int) -> Season:
    """The ladder with the results of ``part``'s round ``number`` copied onto the evening
    it is played on (unchanged when it names none, or that evening has no boards yet)."""
    evening_no = part.round(number).ladder_round
    there = next((r for r in ladder.rounds if r.number == evening_no), None)
    if there is None or there.games is None:
        return ladder
    copied = linked.results_into_ladder(there, part)
    return ladder.with_round(_finalized(copied, there, final=False))


def require_reason(old: Season, new: Season, reason: str | None) -> None:
    """A result copied into a finalized round of the other competition is a correction
    there: it needs the director's reason, as one entered there would
    (:class:`~compcore.domain.errors.ReasonRequiredError`, naming that round and its boards)."""
    if reason and reason.strip():
        return
    for was in old.rounds:
        now = new.round(was.number)
        if not was.is_finalized or now.games is None or was.games is None:
            continue
        changed = [i for i, (a, b) in enumerate(zip(was.games, now.games, strict=True), 1)
                   if a.result != b.result]  # fmt: skip
        if changed:
            raise ReasonRequiredError(
                "link.reason.correction",
                competition=new.competition,
                number=was.number,
                boards=", ".join(map(str, changed)),
            )


def _writes(
    repo: Repository, cid: int, new: Season, number: int, reason: str | None
) -> list[tuple[int, Season, Season]]:
    """The other competitions a results save in ``cid`` changes: the linked competitions'
    boards of that evening (``cid`` a ladder), or the ladder evening (``cid`` linked);
    refused without a reason where that changes a finalized round (:func:`require_reason`)."""
    out: list[tuple[int, Season, Season]] = []
    for part in linked_to(repo, cid):
        if _counts_as_game(part):
            out.append((part.id, from_ladder(part.season, new, number), part.season))
    ladder_cid = ladder_id(repo, new)
    own = Linked(cid, new, ruleset_of(new, changes.name(new)))
    if ladder_cid is not None and ladder_cid != cid and _counts_as_game(own):
        ladder = repo.load(ladder_cid)
        out.append((ladder_cid, into_ladder(ladder, new, number), ladder))
    out = [(other, synced, read) for other, synced, read in out if synced != read]
    for _, synced, read in out:
        require_reason(read, synced, reason)
    return out


def save_results(
    repo: Repository,
    competition_id: int,
    number: int,
    boards: Sequence[BoardResult],
    *,
    actor: Actor,
    action: str,
    complete: bool = False,
    reason: str | None = None,
) -> Season:
    """Save results of round ``number`` (:func:`compcore.rules.changes.enter_results`: only the
    boards the director changed, refused when stale) and copy them to the other side of a
    link, all in one write, logged as ``action`` in each competition. Without a link
    (nothing to copy) this is :meth:`Repository.save_results`."""
    old = repo.load(competition_id)
    edit = changes.enter_results(old, number, boards, complete=complete, reason=reason)
    others = _writes(repo, competition_id, edit.season, number, reason)
    if not others:
        return repo.save_results(competition_id, number, boards, actor=actor, action=action,
                                 complete=complete, reason=reason)  # fmt: skip
    saved = repo.save_seasons(
        [(competition_id, edit.season, old), *others], actor=actor, action=action, reason=reason
    )
    return saved[0]
