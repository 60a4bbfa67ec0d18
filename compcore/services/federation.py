"""The federation's files from the app (issue 11): a competition as TRF16, its KNSB rating
submission for a period, and a TRF16 upload as a new competition.

The adapters do the work (:mod:`compcore.adapters.files.trf_export`,
:mod:`compcore.adapters.files.knsb_submission`, :mod:`compcore.adapters.files.trf_import`); this module
holds what the Competities page and the command line share: the files' names, the period's
check, which presets take a TRF file, and the checks before a TRF file is stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from compcore.adapters.files.knsb_submission import Heading, Submission, knsb_submission
from compcore.adapters.files.trf import TrfDocument, read_trf, trf_text
from compcore.adapters.files.trf_export import season_trf
from compcore.adapters.files.trf_import import season_from_trf
from compcore.domain.errors import CompcoreError, Phrase
from compcore.domain.model import Season
from compcore.formats.kind import Format, format_of
from compcore.ports.values import CompetitionInfo
from compcore.rules.club_settings import ClubSettings, check_settings
from compcore.rules.rulesets import Ruleset, load_ruleset, preset_names, ruleset_of

__all__ = [
    "Download",
    "TrfPlayerRow",
    "heading_of",
    "knsb_download",
    "read_upload",
    "swiss_presets",
    "trf_competition",
    "trf_download",
    "trf_players",
]


@dataclass(frozen=True, slots=True)
class Download:
    """A file to offer: its name and text."""

    name: str
    text: str


@dataclass(frozen=True, slots=True)
class TrfPlayerRow:
    """One player of an uploaded TRF file, as the preview shows him."""

    number: int
    name: str
    rating: int | None
    points: Fraction


def file_stem(season: Season) -> str:
    """``competition-season`` in lower case without spaces, as the season file's download."""
    return f"{season.competition}-{season.season}".replace(" ", "-").lower()


def trf_download(season: Season, ruleset: Ruleset) -> Download:
    """The competition as the TRF16 file ``compcore export --format trf`` writes."""
    return Download(f"{file_stem(season)}.trf", season_trf(season, ruleset))


def heading_of(settings: ClubSettings) -> Heading:
    """The submission's header fields from the club's settings (checked: a value with a
    control character or too long is refused with one sentence)."""
    checked = check_settings(settings)
    return Heading(tempo=checked.tempo, arbiter=checked.arbiter)


def knsb_submission_of(
    season: Season, first: int, last: int, settings: ClubSettings | None = None
) -> Submission:
    """The KNSB submission of rounds ``first``..``last``, headed by the club's
    ``settings`` (time control, arbiter); a period that is none (the first round before
    1, the last before the first) is refused with ``knsb.bad_period``."""
    if first < 1 or last < first:
        raise CompcoreError(Phrase("knsb.bad_period", first=first, last=last))
    return knsb_submission(season, first, last, heading_of(settings or ClubSettings()))


def knsb_download(
    season: Season, first: int, last: int, settings: ClubSettings | None = None
) -> tuple[Download, Submission]:
    """The submission of rounds ``first``..``last`` and its file (``...-knsb-1-5.trf``)."""
    submission = knsb_submission_of(season, first, last, settings)
    return Download(f"{file_stem(season)}-knsb-{first}-{last}.trf", submission.text), submission


def swiss_presets() -> tuple[str, ...]:
    """The bundled presets that pair by the Swiss system: a TRF file's competition needs one."""
    return tuple(p for p in preset_names() if format_of(load_ruleset(p)) is Format.SWISS)


def read_upload(data: bytes) -> TrfDocument:
    """An uploaded TRF16 file read strictly; a bad one raises :class:`TrfError` naming
    its line."""
    return read_trf(trf_text(data))


def trf_players(document: TrfDocument) -> list[TrfPlayerRow]:
    """The preview's rows: every ``001`` line's number, name, rating and points."""
    return [TrfPlayerRow(p.number, p.name, p.rating, p.points) for p in document.players]


def trf_competition(
    document: TrfDocument,
    *,
    club: str,
    season: str,
    name: str,
    preset: str,
    existing: Sequence[CompetitionInfo],
) -> Season:
    """The TRF file as a new competition named ``name`` of ``club`` in ``season``, with a
    Swiss ``preset``. Refused (:class:`CompcoreError`, one line) when a field is empty,
    the preset is not Swiss, or the club already has that competition in that season."""
    club, season, name = club.strip(), season.strip(), name.strip()
    for key, value in (("club", club), ("season", season), ("name", name)):
        if not value:
            raise CompcoreError(Phrase("app.fed.empty", field=Phrase(f"setup.field.{key}")))
    if preset not in swiss_presets():
        raise CompcoreError(Phrase("app.fed.not_swiss", preset=preset))
    wanted = (club.casefold(), season.casefold(), name.casefold())
    for info in existing:
        if (info.club.casefold(), info.season.casefold(), info.competition.casefold()) == wanted:
            raise CompcoreError(Phrase("setup.error.exists", name=info.qualified_name))
    new = season_from_trf(document, club=club, season=season, preset=preset)
    new = replace(new, competition=name)
    ruleset_of(new)  # the preset checks the season as any season file
    return new
