"""KC-12: the director composes the subgroups (Winnaars page): the proposal, his moves,
one logged write. The rule itself lives in :mod:`compcore.formats.subgroups`."""

from __future__ import annotations

from collections.abc import Sequence

from compcore.domain.errors import RosterError
from compcore.domain.model import PlayerChange, Season
from compcore.formats.subgroups import check_composition, composition_lines, composition_round
from compcore.ports.actors import Actor
from compcore.ports.repository import Repository


def save_subgroups(
    repo: Repository,
    competition_id: int,
    groups: Sequence[Sequence[str]],
    *,
    read: Sequence[PlayerChange],
    actor: Actor,
) -> Season:
    """Store ``groups`` (group 1 first) as the players' levels from the round after the
    cut-off; bad input (an empty group, a player in none or in two) refused first, in one
    sentence, with nothing stored. ``read``: the stored composition's lines as shown."""
    season, ruleset = repo.load(competition_id), repo.ruleset(competition_id)
    check_composition(season, ruleset, groups)
    rule = ruleset.awards.subgroups
    if rule is None:  # pragma: no cover - check_composition refused it
        raise RosterError("subgroups.none")
    lines = composition_lines(rule, groups)
    return repo.save_subgroups(
        competition_id, composition_round(rule), lines, read=read, actor=actor
    )
