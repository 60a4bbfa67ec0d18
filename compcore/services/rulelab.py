"""The Regellab page's logic (issue 13 item 1): the overrides its typed widgets make, and
the committee's proposals.

The page compares without storing anything (:mod:`compcore.lab.rulelab`). A logged-in director
may save the ruleset B he tried as a *proposal*: one change-log entry of the competition
(action ``rulelab-proposal``, ``after`` = ``{"preset", "overrides"}``, the reason = his
note). The season does not change; the committee reads the proposals on Instellingen
(:func:`proposals`) and in the change log, and adopts one there by hand if it wants.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from fractions import Fraction
from typing import Any, get_args

from compcore.domain.model import Season
from compcore.lab import rulelab as lab
from compcore.lab.rulelab import Comparison, preset_and_overrides
from compcore.ports.actors import Actor
from compcore.ports.repository import Repository
from compcore.ports.values import PROPOSAL_ACTION
from compcore.rules.rulesets import Ruleset, load_ruleset, merge
from compcore.rules.rulesets.schema import RankValues, TieBreak
from compcore.rules.rulesets.schema.base import Points
from compcore.scoring.values import top_value

#: how far back :func:`proposals` reads the change log
PROPOSAL_LOG_LIMIT = 1000

#: what the mode widget sets ``keizer.iterate_rounds`` to when it turns iterating on
ITERATE_EVERY: list[str] = ["every"]


@dataclass(frozen=True)
class LabForm:
    """The page's typed widgets as given (None: the widget is not shown or left alone)."""

    top: int | None = None
    absent: str | None = None
    cap: str | None = None
    mode: str | None = None
    tie_breaks: Sequence[str] | None = None


def top_shown(base: Ruleset, players: int | None) -> int | None:
    """The top value the Topwaarde field shows for ruleset ``base``: its fixed top value,
    or, where the top follows the number of players (``"players"``, a top/bottom ratio,
    DS-1), the top it gives for ``players`` players now (None: no rank values, or no count
    given for a top that needs one)."""
    values = base.keizer.values if base.is_keizer else None  # type: ignore[union-attr]
    if not isinstance(values, RankValues):
        return None
    if isinstance(values.top, int):
        return values.top
    return top_value(values, max(players, 2)) if players is not None else None


def typed_defaults(base: Ruleset, players: int | None = None) -> LabForm:
    """The typed widgets' starting values: what ruleset ``base`` says (a top value that
    follows the number of players: the one it gives ``players`` players, :func:`top_shown`)."""
    data = base.model_dump(mode="json", by_alias=True)
    keizer = data.get("keizer") or {}
    absent = data["points"].get("absent") or {}
    cap = absent.get("cap") or {}
    return LabForm(
        top=top_shown(base, players),
        absent=absent.get("points"),
        cap=cap.get("fraction_of_cycle_rounds"),
        mode=keizer.get("mode"),
        tie_breaks=tuple(data["tie_breaks"]),
    )


def form_overrides(
    base: Ruleset, form: LabForm, advanced: Mapping[str, Any], players: int | None = None
) -> dict[str, Any]:
    """The overrides the typed widgets make (each value that differs from ``base``), the
    advanced editor's fields on top: ``keizer.values.top``, ``points.absent.points``,
    ``points.absent.cap`` (a share of the cycle's rounds; empty: no limit),
    ``keizer.mode`` (turning iterating on iterates every round, off clears the rounds),
    ``tie_breaks``; ``players`` as for :func:`typed_defaults` (a top value the field shows
    for a top that follows the number of players is no change)."""
    start = typed_defaults(base, players)
    found: dict[str, Any] = {}
    if form.top is not None and form.top != start.top:
        found = merge(found, {"keizer": {"values": {"top": form.top}}})
    # no absence rule: the field shows 0, what an absence then earns (no change)
    if form.absent is not None and form.absent.strip() not in ("", start.absent or "0"):
        found = merge(found, {"points": {"absent": {"points": form.absent.strip()}}})
    cap = (form.cap or "").strip() or None
    if form.cap is not None and cap != start.cap:
        scope = {"fraction_of_cycle_rounds": cap, "count": None, "scope": "cycle"}
        found = merge(found, {"points": {"absent": {"cap": scope if cap else None}}})
    if form.mode is not None and form.mode != start.mode:
        rounds = ITERATE_EVERY if form.mode == "iterate" else []
        found = merge(found, {"keizer": {"mode": form.mode, "iterate_rounds": rounds}})
    if form.tie_breaks is not None and tuple(form.tie_breaks) != start.tie_breaks:
        found["tie_breaks"] = list(form.tie_breaks)
    return merge(found, advanced)


@dataclass(frozen=True)
class Proposal:
    """A ruleset B a director saved from the Regellab page."""

    at: datetime
    actor: str
    preset: str
    overrides: Mapping[str, Any]
    note: str | None


def save_proposal(
    repo: Repository,
    cid: int,
    season: Season,
    ruleset: Ruleset,
    preset: str,
    overrides: Mapping[str, Any],
    *,
    note: str | None,
    actor: Actor,
) -> None:
    """Log ruleset B (``preset`` with ``overrides``, as
    :func:`compcore.lab.rulelab.preset_and_overrides` makes it whole) as a proposal for
    competition ``cid``, after the ruleset loader accepted it (a RulesetError naming what is wrong; nothing stored)."""
    name, whole = preset_and_overrides(season, ruleset, preset, overrides)
    load_ruleset(name, whole)
    proposal = {"preset": name, "overrides": whole}
    repo.add_proposal(cid, proposal, actor=actor, reason=(note or "").strip() or None)


def proposals(repo: Repository, cid: int) -> list[Proposal]:
    """Competition ``cid``'s saved proposals, newest first."""
    return [
        Proposal(e.at, e.actor, e.after["preset"], e.after.get("overrides") or {}, e.reason)
        for e in repo.log(cid, limit=PROPOSAL_LOG_LIMIT)
        if e.action == PROPOSAL_ACTION and isinstance(e.after, Mapping)
    ]


def ruleset_b(
    season: Season, ruleset_a: Ruleset, preset: str | None, overrides: Mapping[str, Any]
) -> Ruleset:
    """Ruleset B of the lab: ``preset`` (None: A's own) with ``overrides`` (refused in words
    when they do not make a valid ruleset)."""
    return lab.ruleset_b(season, ruleset_a, preset, overrides)


def compare(season: Season, a: Ruleset, b: Ruleset) -> Comparison:
    """``season`` scored under ``a`` and under ``b``, places, winners and fairness."""
    return lab.compare(season, a, b)


def tie_break_names() -> list[str]:
    """Every tie-break the lab's form offers."""
    return list(get_args(TieBreak))


def suggested_absent(base: Ruleset) -> str:
    """The most common change to ruleset ``base``: what an absence earns, the rule clubs
    argue about most and that every kind of ruleset has. A Keizer ruleset's absence as a
    share of the own value is halved (``2/6 own`` → ``1/6 own``), a fixed amount halved
    (``9`` → ``9/2``), none becomes ``1/6 own``; a points ruleset's absence toggles between
    nothing and half a point (``0`` ↔ ``1/2``, any other amount → ``0``)."""
    rule = base.points.absent
    points = rule.points if rule is not None else None
    if not base.is_keizer:
        return "1/2" if points is None or points.is_zero else "0"
    if not isinstance(points, Points) or points.is_zero or points.basis == "evening-average":
        return "1/6 own"
    return points.times(Fraction(1, 2)).text


def suggested_form(base: Ruleset, players: int | None = None) -> LabForm:
    """Where the Regellab page opens: the club's own preset with the most common change
    (:func:`suggested_absent`), every other field as the preset says (a top value that
    follows the number of players shown as the top it gives ``players`` players). Not the
    next preset of a family: the bundled presets are different clubs' rulebooks, not steps
    of one, so one rule changed says more than a whole other club's ruleset."""
    return replace(typed_defaults(base, players), absent=suggested_absent(base))
