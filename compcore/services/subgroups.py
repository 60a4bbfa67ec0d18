"""KC-12: the director composes the subgroups (Winnaars page): the proposal, his moves,
one logged write, and where the director's form starts from. The rule itself lives in
:mod:`compcore.formats.subgroups`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from compcore.domain.errors import RosterError
from compcore.domain.model import PlayerChange, Season
from compcore.formats.subgroups import (
    Groups,
    Order,
    check_composition,
    completed,
    composition_lines,
    composition_round,
    moved,
    propose_subgroups,
    stored_lines,
    stored_subgroups,
)
from compcore.ports.actors import Actor
from compcore.ports.repository import Repository
from compcore.rules.rulesets import Ruleset
from compcore.rules.rulesets.schema import Subgroups
from compcore.scoring.standings import last_complete_round


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


# --------------------------------------------------------------------------- the director's form

#: the proposal's orders the director can start from, by their label key
BASES: dict[str, tuple[Order, ...]] = {
    "ranking": ("ranking",),
    "ranking+rating": ("ranking", "rating"),
}


def is_stored(season: Season, rule: Subgroups) -> bool:
    """Whether the director has saved a composition."""
    return stored_subgroups(season, rule) is not None


def ready(season: Season, rule: Subgroups) -> bool:
    """Whether the cut-off round is complete (the composition can be made)."""
    return last_complete_round(season) >= rule.after_round


def first_round(rule: Subgroups) -> int:
    """The round from which a stored composition holds (the one after the cut-off)."""
    return composition_round(rule)


def read_lines(season: Season, rule: Subgroups) -> tuple[PlayerChange, ...]:
    """The stored composition's lines, as the form shows them (its ``read``)."""
    return stored_lines(season, rule)


def basis_options(season: Season, rule: Subgroups) -> list[str]:
    """What the form may start from: the stored composition (if any), the rule's own
    order, then the other orders."""
    stored = ["stored"] if is_stored(season, rule) else []
    default = "ranking+rating" if "rating" in rule.by else "ranking"
    return stored + [default] + [b for b in BASES if b != default]


def base_groups(season: Season, ruleset: Ruleset, rule: Subgroups, basis: str) -> Groups:
    """The groups the form starts from: the proposal in the order of ``basis``, or the
    stored composition (with the players added since in their proposal's group)."""
    proposal = propose_subgroups(season, ruleset, rule.after_round, rule.size,
                                 by=BASES.get(basis, rule.by))  # fmt: skip
    if basis == "stored":
        return completed(stored_subgroups(season, rule) or (), proposal)
    return proposal


def moved_groups(base: Groups, choice: Mapping[str, int | None]) -> Groups:
    """The groups after the director's moves (a player -> his group number, None: none)."""
    return moved(base, choice)
