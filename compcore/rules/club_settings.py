"""A club's own settings, kept per club in the store (issue 18 item 5).

``tempo`` (the time control, e.g. "90 min + 30 s per zet") and ``arbiter`` (the chief
arbiter's name) head the KNSB rating submission (records ``222`` and ``102``) when the
season does not say them. Both are free text, stored exactly as typed (lossless: no
trimming, no case change); empty means "not set". A value is refused, with one sentence
naming the field, when it is longer than :data:`LONGEST` characters or holds a control
character (a newline would start a new record in the file it heads).
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from compcore.domain.errors import CompcoreError, Phrase
from compcore.domain.player_names import first_control_character

__all__ = ["LONGEST", "ClubSettings", "check_settings", "setting_problem"]

#: the longest value a setting may have (a TRF header line stays readable)
LONGEST = 100


@dataclass(frozen=True, slots=True)
class ClubSettings:
    """The club's settings; ``None``: not set."""

    tempo: str | None = None
    arbiter: str | None = None

    def as_dict(self) -> dict[str, str]:
        """The settings that are set, by name (how the store keeps them)."""
        return {f.name: v for f in fields(self) if (v := getattr(self, f.name)) is not None}


#: the settings' names, in the order the Instellingen page shows them
NAMES: tuple[str, ...] = tuple(f.name for f in fields(ClubSettings))


def setting_problem(name: str, value: str) -> Phrase | None:
    """Why ``value`` cannot be the setting ``name``, or ``None`` when it can."""
    field = Phrase(f"club.setting.{name}")
    if len(value) > LONGEST:
        return Phrase("club.setting.too_long", field=field, count=len(value), most=LONGEST)
    found = first_control_character(value)
    if found is not None:
        bad, at = found
        return Phrase("club.setting.control", field=field, code=f"U+{ord(bad):04X}", at=at)
    return None


def check_settings(settings: ClubSettings) -> ClubSettings:
    """``settings`` when every value can be stored; else :class:`CompcoreError` naming the
    first field that cannot. An empty value is "not set" (``None``)."""
    cleaned: dict[str, str | None] = {}
    for name in NAMES:
        value = getattr(settings, name)
        if value is not None and not isinstance(value, str):
            raise CompcoreError(
                Phrase("club.setting.not_text", field=Phrase(f"club.setting.{name}"))
            )
        if value is not None and (problem := setting_problem(name, value)) is not None:
            raise CompcoreError(problem)
        cleaned[name] = value if value else None
    return ClubSettings(**cleaned)
