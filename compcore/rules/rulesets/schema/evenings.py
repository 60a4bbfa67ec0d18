"""The club evening: members signing off before a deadline, the evening's start and length,
and the club rating's numbers."""

from __future__ import annotations

from typing import Literal

from compcore.rules.rulesets.schema.base import RuleTextError, _Rules, rule_field

# --------------------------------------------------------------------------- attendance

#: a time of day as ``"HH:MM"`` (24 hours); the text's check: :mod:`compcore.rules.rulesets.models`
ClockTime = str


class SignoffDeadline(_Rules):
    """The last moment a member may sign off or on for a club evening himself: ``days_before``
    days before the evening, at ``time`` (the club's local time, ``timezone``). DS-15 (seed
    000: "op de betreffende dinsdag tot 18:30"): the evening itself, 18:30; PP-2: 19:00;
    KC-9: 20:00 (everyone present at 20:00 is paired). A rulebook that names no time: the
    evening itself at 18:00, two hours before the clocks start."""

    days_before: int = rule_field(default=0, ge=0, le=14)
    time: ClockTime = "18:00"
    timezone: str = "Europe/Amsterdam"

    def check(self) -> None:
        from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

        try:
            ZoneInfo(self.timezone)
        except (ZoneInfoNotFoundError, ValueError):
            raise RuleTextError(
                "error.ruleset.timezone",
                "{value} is not a time zone (such as 'Europe/Amsterdam')",
                {"value": repr(self.timezone)},
            ) from None


class AttendanceRules(_Rules):
    """Members' own sign-off and sign-up for the coming club evenings (issue 10)."""

    deadline: SignoffDeadline = rule_field(default_factory=SignoffDeadline)


class EveningRules(_Rules):
    """The club evening as a member's calendar shows it (issue 18 item 7,
    :mod:`compcore.adapters.files.club_calendar`): it starts at ``start`` (the club's local time)
    and lasts ``minutes``. The rulebooks name no start time; KC-9 pairs everyone present at
    20:00, and the deadlines (DS-15 18:30, PP-2 19:00) lie before it, so the default is
    20:00, with 3.5 hours for a game and the analysis after it."""

    start: ClockTime = "20:00"
    minutes: int = rule_field(default=210, ge=15, le=720)


# --------------------------------------------------------------------------- club rating


class ClubRatingRules(_Rules):
    """The club's own Elo-style rating (issue 13; DS-2 "Dubbelschaak rating", Keizer
    classic's weekly internal rating list): computed by :mod:`compcore.scoring.club_rating` from the
    games played over the board, updated per round."""

    #: the K factor: a player's change is K x (score - expected score) per game
    k: int = rule_field(default=20, ge=1, le=200)
    #: the K factor while a player is provisional; None: ``k``
    provisional_k: int | None = rule_field(default=None, ge=1, le=200)
    #: the first N games a player is provisional (marked on the list)
    provisional_games: int = rule_field(default=10, ge=0)
    #: a player's rating before his first game: a number, or ``"rating"``: his own rating
    #: (as valid in the round of his first game), else ``unrated``
    initial: int | Literal["rating"] = "rating"
    #: the initial club rating of a player without a rating (``initial = "rating"``)
    unrated: int = rule_field(default=1500, ge=0)
