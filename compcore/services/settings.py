"""Instellingen and the director's other one-click writes: the competition's ruleset
(validated before it is stored), the club's own settings, a recorded decision (Winnaars),
the change log, and the season file and the club's website as downloads or an import.

Each write goes through the :class:`~compcore.ports.repository.Repository` in one
authorised, validated, logged transaction; the pages call these, not the store."""

from __future__ import annotations

from typing import Any

from compcore.adapters.files import season_file
from compcore.domain.model import Decision, RulesetRef, Season, freeze
from compcore.i18n import Lang
from compcore.ports.actors import Actor
from compcore.ports.repository import Repository
from compcore.ports.values import LogEntry
from compcore.present import website
from compcore.rules.changes import UNCHECKED, Unchecked
from compcore.rules.club_settings import ClubSettings
from compcore.rules.rulesets import load_ruleset
from compcore.services.setup import parse_overrides

# --------------------------------------------------------------------------- the ruleset


def checked_overrides(preset: str, text: str, fmt: str) -> dict[str, Any]:
    """The overrides typed as ``fmt`` (JSON or TOML), checked against ``preset``: refused
    in words (a :class:`~compcore.domain.errors.CompcoreError`) when they do not read or do
    not make a valid ruleset."""
    data = parse_overrides(text, fmt)
    load_ruleset(preset, data)
    return data


def set_ruleset(
    repo: Repository,
    competition_id: int,
    preset: str,
    overrides: dict[str, Any],
    *,
    actor: Actor,
    reason: str | None,
    read: RulesetRef | Unchecked = UNCHECKED,
) -> Season:
    """Store ``preset`` with ``overrides`` as the competition's ruleset (``read``: the one
    the director's form showed; refused if it changed since)."""
    ref = RulesetRef(preset, freeze(overrides))
    return repo.set_ruleset(competition_id, ref, actor=actor, reason=reason, read=read)


# --------------------------------------------------------------------------- the club


def club_settings(repo: Repository, club: str) -> ClubSettings:
    """The club's own settings (time control, chief arbiter)."""
    return repo.club_settings(club)


def save_club_settings(
    repo: Repository,
    club: str,
    values: dict[str, str],
    *,
    actor: Actor,
    read: ClubSettings | Unchecked = UNCHECKED,
) -> ClubSettings:
    """Store the club's settings from the form's texts (an empty text: not set)."""
    new = ClubSettings(**{name: value or None for name, value in values.items()})
    return repo.save_club_settings(club, new, actor=actor, read=read)


# --------------------------------------------------------------------------- decisions


def add_decision(
    repo: Repository, competition_id: int, decision: Decision, *, actor: Actor
) -> Season:
    """Record what no arithmetic decides (a play-off's or a barrage's winner, ...)."""
    return repo.add_decision(competition_id, decision, actor=actor)


# --------------------------------------------------------------------------- the log and files


def change_log(repo: Repository, competition_id: int, limit: int = 50) -> list[LogEntry]:
    """The competition's newest change-log entries."""
    return repo.log(competition_id, limit=limit)


def season_text(season: Season) -> str:
    """The season file's text (a backup download)."""
    return season_file.dumps(season)


def uploaded_season(data: bytes, name: str) -> Season:
    """An uploaded season file (refused in words when it does not read)."""
    return season_file.loads_bytes(data, name)


def import_season(repo: Repository, season: Season, *, actor: Actor, action: str = "import") -> int:
    """Store ``season`` as a new competition; its id."""
    return repo.import_season(season, actor=actor, action=action)


def site_zip(repo: Repository, lang: Lang) -> bytes:
    """Every competition in ``repo`` as the website ``compcore publish`` writes, zipped."""
    comps = [
        website.Competition(f"c{info.id}", repo.load(info.id), repo.ruleset(info.id))
        for info in repo.competitions()
    ]
    return website.zipped(website.site(comps, lang))
