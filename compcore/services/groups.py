"""A round-robin group (DS-16: Topcompetitie, Rembrandt League, Weihenstephaner League) made
from a ladder: its members (the ladder's players, same ids and names) in seed order, single
or double, and the ladder's club evening each group round is played on.

No Streamlit: ``pages/competitions.py`` collects the director's choices in a
:class:`NewGroup`, shows :func:`problems` and :func:`preview`, and calls :func:`create`,
which stores the whole schedule at once (every round's boards, no results, each round
naming its ladder evening) as a new competition played within the ladder
(``Season.ladder``), logged as ``create-group``. The forced boards on the ladder's evening
and the results entered once are the link's business (``compcore.pairing.linked``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from compcore.domain.errors import LocalizedError, Part, Phrase, choices
from compcore.domain.model import Round, RulesetRef, Season, freeze
from compcore.formats.kind import Format, format_of
from compcore.formats.round_robin import Schedule, schedule
from compcore.ports.actors import Actor
from compcore.ports.repository import Repository
from compcore.ports.values import CompetitionInfo
from compcore.rules.rulesets import Ruleset, load_ruleset, preset_names
from compcore.services.setup import copied_player

#: the change log's action for a group made with the app's form
CREATE_ACTION = "create-group"

#: a round robin of fewer players is no group
MIN_MEMBERS = 3

#: the fields of the form, in the order the page shows them (the keys of :func:`problems`)
FIELDS = ("name", "preset", "members", "evenings")


class GroupError(LocalizedError):
    """A group that cannot be made (too few members, a member not in the ladder, an
    evening outside the ladder's rounds, a name in use): nothing is stored."""


@dataclass(frozen=True)
class NewGroup:
    """The director's choices: the group's name and preset, its members (ladder player ids)
    in seed order, single or double, and per group round the ladder evening (round number)
    it is played on (None: :func:`default_evenings`)."""

    name: str
    preset: str
    members: Sequence[str]
    double: bool = False
    evenings: Sequence[int] | None = None
    overrides: Mapping[str, Any] = field(default_factory=dict)


def group_presets() -> list[str]:
    """The presets of round-robin competitions (``pairing.method = "round-robin"``) played
    within a ladder whose games count there as games (DS-16's groups); not the play-off
    (a ``playoff`` section: made from the Winnaars page, DS-19) nor a cup of pools
    (``pools_cup``: its own form, DS-21)."""
    found = []
    for name in preset_names():
        rules = load_ruleset(name)
        link = rules.ladder_link
        if format_of(rules) is Format.ROUND_ROBIN and link is not None and link.counts_as == "game":
            found.append(name)
    return found


def ladder_key(ladder: Season) -> str:
    """How a competition names the ladder it is played within: ``club/season/competition``."""
    return f"{ladder.club}/{ladder.season}/{ladder.competition}"


def ladder_members(ladder: Season) -> list[str]:
    """Who may play in a group: the ladder's players (not the engine entrant, DS-9), in the
    ladder's order."""
    return [p.id for p in ladder.players if not p.is_engine]


def _overrides(form: NewGroup, count: int) -> dict[str, Any]:
    """The group's ruleset overrides: single/double where it differs from the preset, and
    rounds_per_cycle set to the schedule's length."""
    base = load_ruleset(form.preset)
    out: dict[str, Any] = dict(form.overrides)
    if form.double != base.round_robin.double:
        out["round_robin"] = {**out.get("round_robin", {}), "double": form.double}
    if count and count != base.rounds_per_cycle:
        out["rounds_per_cycle"] = count
    return out


def group_schedule(form: NewGroup) -> Schedule:
    """The Berger schedule of the form's members (DS-16), single or double, with the
    preset's games per meeting."""
    rules = load_ruleset(form.preset)
    return schedule(list(form.members), form.double, rules.round_robin.games_per_meeting)


def default_evenings(ladder: Season, count: int) -> tuple[int, ...]:
    """The ladder's next ``count`` club evenings, one group round each: from the first
    round after the last one with boards on."""
    last = max((r.number for r in ladder.rounds if r.games is not None), default=0)
    return tuple(range(last + 1, last + 1 + count))


def evenings_of(form: NewGroup, ladder: Season) -> tuple[int, ...]:
    """The evening of every group round: the form's, else :func:`default_evenings`."""
    count = len(group_schedule(form)) if form.preset in preset_names() else 0
    if form.evenings is None:
        return default_evenings(ladder, count)
    return tuple(form.evenings)


# --------------------------------------------------------------------------- the checks


def _name_problem(
    form: NewGroup, ladder: Season, existing: Sequence[CompetitionInfo]
) -> Part | None:
    name = form.name.strip()
    if not name:
        return Phrase("setup.error.empty")
    wanted = (ladder.club.casefold(), ladder.season.casefold(), name.casefold())
    for info in existing:
        if (info.club.casefold(), info.season.casefold(), info.competition.casefold()) == wanted:
            return Phrase("setup.error.exists", name=info.qualified_name)
    return None


def _members_problem(form: NewGroup, ladder: Season) -> Part | None:
    allowed = set(ladder_members(ladder))
    for pid in form.members:
        if pid not in allowed:
            return Phrase("group.error.member", player=pid, ladder=ladder.competition)
    if len(set(form.members)) != len(form.members):
        twice = next(p for p in form.members if list(form.members).count(p) > 1)
        return Phrase("group.error.member_twice", player=ladder.player(twice).name)
    if len(form.members) < MIN_MEMBERS:
        return Phrase("group.error.few", least=MIN_MEMBERS, count=len(form.members))
    return None


def _evenings_problem(form: NewGroup, ladder: Season, ladder_rules: Ruleset) -> Part | None:
    evenings = evenings_of(form, ladder)
    needed = len(group_schedule(form))
    if len(evenings) != needed:
        return Phrase("group.error.evening_count", needed=needed, count=len(evenings))
    last = max(ladder_rules.total_rounds, *(r.number for r in ladder.rounds), 0)
    for evening in evenings:
        if not 1 <= evening <= last:
            return Phrase("group.error.evening", evening=evening, ladder=ladder.competition,
                          last=last)  # fmt: skip
    if len(set(evenings)) != len(evenings):
        twice = next(e for e in evenings if evenings.count(e) > 1)
        return Phrase("group.error.evening_twice", evening=twice)
    return None


def problems(
    form: NewGroup, ladder: Season, ladder_rules: Ruleset, existing: Sequence[CompetitionInfo]
) -> dict[str, Part]:
    """What is wrong with the form, per field (:data:`FIELDS`): an empty name or one the
    ladder's club already uses that season; a preset that is not a group's; a member not
    a player of the ladder, twice, or fewer than three members; not one evening per round,
    an evening outside the ladder's rounds, or one evening twice. Empty: none."""
    found: dict[str, Part] = {}
    name = _name_problem(form, ladder, existing)
    if name is not None:
        found["name"] = name
    if form.preset not in group_presets():
        found["preset"] = Phrase("group.error.preset", got=form.preset,
                                 allowed=choices(group_presets()))  # fmt: skip
        return found
    members = _members_problem(form, ladder)
    if members is not None:
        found["members"] = members
        return found
    evenings = _evenings_problem(form, ladder, ladder_rules)
    if evenings is not None:
        found["evenings"] = evenings
    return found


# --------------------------------------------------------------------------- the group


def preview(form: NewGroup, ladder: Season) -> list[tuple[int, int, str, str]]:
    """The schedule as (group round, ladder evening, white, black), one line per board."""
    rounds = group_schedule(form)
    evenings = evenings_of(form, ladder)
    return [
        (i, evenings[i - 1] if i <= len(evenings) else 0, g.white, g.black)
        for i, games in enumerate(rounds, start=1)
        for g in games
    ]


def build(
    form: NewGroup, ladder: Season, ladder_rules: Ruleset, existing: Sequence[CompetitionInfo]
) -> Season:
    """The group's season (DS-16): the ladder's club and season, the members as the
    ladder's players (seed number as their strength, so the initial order is the seeds'),
    every round of the Berger schedule with its boards (no results) and its ladder
    evening, and ``ladder`` naming the ladder. :class:`GroupError` naming the first wrong
    field when :func:`problems` finds any."""
    wrong = problems(form, ladder, ladder_rules, existing)
    if wrong:
        key, message = next(iter(wrong.items()))
        raise GroupError("group.error.field", field=Phrase(f"group.field.{key}"), error=message)
    rounds = group_schedule(form)
    evenings = evenings_of(form, ladder)
    dates = ladder.calendar.dates if ladder.calendar is not None else ()
    players = tuple(
        replace(copied_player(ladder, ladder.player(pid)), strength=seed)
        for seed, pid in enumerate(form.members, start=1)
    )
    return Season(
        club=ladder.club,
        season=ladder.season,
        competition=form.name.strip(),
        ruleset=RulesetRef(form.preset, freeze(_overrides(form, len(rounds)))),
        players=players,
        rounds=tuple(
            Round(
                number=i,
                games=games,
                ladder_round=evening,
                date=dates[evening - 1] if evening <= len(dates) else None,
            )
            for i, (games, evening) in enumerate(zip(rounds, evenings, strict=True), start=1)
        ),
        ladder=ladder_key(ladder),
    )


def create(repo: Repository, ladder_id: int, form: NewGroup, *, actor: Actor) -> int:
    """Make the group from the ladder ``ladder_id`` and store it (logged as
    ``create-group``); its competition id. Bad input: :class:`GroupError`, nothing stored."""
    ladder = repo.load(ladder_id)
    season = build(form, ladder, repo.ruleset(ladder_id), repo.competitions())
    return repo.import_season(season, actor=actor, action=CREATE_ACTION)
