"""A new competition: its calendar of club evenings, its roster copied from an earlier
season, its ruleset (a preset with overrides), and the checks of the director's form.

Pure functions, no Streamlit: ``pages/competitions.py`` collects the form's values in a
:class:`NewCompetition`, shows :func:`problems` under the fields as they are typed, and
stores :func:`build`'s season. :func:`next_round_date` is the round page's default date.
"""

from __future__ import annotations

import contextlib
import json
import re
import tomllib
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any, Literal

from compcore.domain import jsondata
from compcore.domain.errors import CompcoreError, Part, Phrase, RulesetError, choices
from compcore.domain.model import WEEKDAYS, Calendar, Player, RulesetRef, Season, freeze
from compcore.formats.kind import format_of
from compcore.ports.values import CompetitionInfo
from compcore.rules.rulesets import Ruleset, load_ruleset, merge, preset_names

#: the change log's action for a competition made with the app's form
CREATE_ACTION = "create-competition"

#: the most rounds a cycle, and the most cycles, a new competition may have
MAX_ROUNDS_PER_CYCLE = 99
MAX_CYCLES = 9

#: the fields of the form, in the order the page shows them (the keys of :func:`problems`)
FIELDS = ("club", "season", "name", "preset", "rounds_per_cycle", "cycles", "overrides",
          "start", "weekday", "holidays")  # fmt: skip


# --------------------------------------------------------------------------- the calendar


def paired_presets() -> list[str]:
    """The presets a competition is made from with the general form: every preset but the
    round robins (``pairing.method = "round-robin"``: DS-16 groups, the DS-20 play-off, the
    DS-21 pools), whose whole schedule is made by their own forms when they are created."""
    return [p for p in preset_names() if format_of(load_ruleset(p)).paired]


def club_evenings(
    start: date, weekday: str, holidays: Collection[date], count: int
) -> tuple[date, ...]:
    """The dates of ``count`` rounds: the first ``weekday`` on or after ``start``, then
    weekly, each holiday skipped (the round moves to the next week)."""
    day = start + timedelta(days=(WEEKDAYS.index(weekday) - start.weekday()) % 7)
    dates: list[date] = []
    while len(dates) < count:
        if day not in holidays:
            dates.append(day)
        day += timedelta(weeks=1)
    return tuple(dates)


def season_calendar(start: date, weekday: str, holidays: Sequence[date], count: int) -> Calendar:
    """The season file's ``calendar``: weekday, holidays and the ``count`` round dates."""
    return Calendar(
        weekday=weekday,
        holidays=tuple(d.isoformat() for d in sorted(set(holidays))),
        dates=tuple(d.isoformat() for d in club_evenings(start, weekday, set(holidays), count)),
    )


def usual_weekday(seasons: Sequence[Season]) -> str | None:
    """The club's usual club evening, for a new competition's form: the calendar weekday of
    its newest season that has one, else the weekday of the newest dated round; None when
    no season says."""
    for season in sorted(seasons, key=lambda s: s.season, reverse=True):
        if season.calendar is not None:
            return season.calendar.weekday
        dated = [r.date for r in season.rounds if r.date]
        if dated:
            with contextlib.suppress(ValueError):
                return WEEKDAYS[date.fromisoformat(dated[-1]).weekday()]
    return None


def next_round_date(season: Season, number: int, today: date) -> date:
    """The date a new round ``number`` starts with: its planned date in the calendar; else a
    week after the last earlier round that has a date; else the first club evening from
    ``today`` on (holidays skipped); else ``today``."""
    calendar = season.calendar
    if calendar is not None and 0 < number <= len(calendar.dates):
        return date.fromisoformat(calendar.dates[number - 1])
    dated = [r.date for r in season.rounds if r.number < number and r.date]
    if dated:
        return date.fromisoformat(dated[-1]) + timedelta(weeks=1)
    if calendar is not None:
        holidays = {date.fromisoformat(d) for d in calendar.holidays}
        return club_evenings(today, calendar.weekday, holidays, 1)[0]
    return today


# --------------------------------------------------------------------------- the roster


def copied_player(source: Season, player: Player) -> Player:
    """A player of an earlier season as he enters the new one: the same id, name, strength,
    level, flags, participation and engine mark; the rating he carries into the round after
    the source's last (``rating_at``, MG-1: later rating changes count); no joined or
    withdrawn round."""
    after = max((r.number for r in source.rounds), default=0) + 1
    return Player(
        id=player.id,
        name=player.name,
        rating=source.rating_at(player.id, after),
        strength=player.strength,
        level=player.level,
        flags=player.flags,
        participation=player.participation,
        virtual=player.virtual,
    )


def copy_roster(source: Season, ruleset: Ruleset) -> tuple[Player, ...]:
    """The roster of a new season copied from ``source``: every player who had not withdrawn
    by its end, in its order. The engine entrant (DS-9) comes along only when the new
    ruleset has one (``pairing.engine``); a ruleset without an engine leaves it out."""
    end = max((r.number for r in source.rounds), default=0) + 1
    keep_engine = ruleset.pairing.engine is not None
    return tuple(
        copied_player(source, p)
        for p in source.players
        if (keep_engine or not p.is_engine)
        and (p.withdrawn_round is None or p.withdrawn_round > end)
    )


# --------------------------------------------------------------------------- overrides


WidgetKind = Literal["int", "bool", "choice"]


@dataclass(frozen=True)
class TypedOverride:
    """A ruleset field the new-competition form offers as a typed widget, where its preset
    sets it (``path`` into the ruleset's data, e.g. ``("pairing", "max_meetings")``)."""

    path: tuple[str, ...]
    kind: WidgetKind
    options: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        return ".".join(self.path)


#: the overrides clubs change most, besides rounds and cycles (``rulesets.md``)
TYPED_OVERRIDES: tuple[TypedOverride, ...] = (
    TypedOverride(("pairing", "max_meetings"), "int"),
    TypedOverride(("pairing", "min_rounds_between_meetings"), "int"),
    TypedOverride(("pairing", "late_repairing"), "bool"),
    TypedOverride(("cycle_standings",), "choice", ("restart", "accumulate")),
    TypedOverride(("display_decimals",), "int"),
)


def _at(data: Mapping[str, Any], path: Sequence[str]) -> Any:
    for step in path:
        if not isinstance(data, Mapping):
            return None
        data = data.get(step)  # type: ignore[assignment]
    return data


def typed_defaults(preset: str) -> dict[str, Any]:
    """The typed overrides ``preset`` sets, with the preset's value (key: the dotted path)."""
    data = load_ruleset(preset).model_dump(mode="json")
    found = {o.key: _at(data, o.path) for o in TYPED_OVERRIDES}
    return {key: value for key, value in found.items() if value is not None}


def overrides_of(
    preset: str, rounds_per_cycle: int, cycles: int, typed: Mapping[str, Any],
    advanced: Mapping[str, Any],
) -> dict[str, Any]:  # fmt: skip
    """The overrides the form's values make: each typed value that differs from the preset
    (rounds and cycles included), then the advanced editor's fields on top."""
    base = load_ruleset(preset)
    data = base.model_dump(mode="json")
    result: dict[str, Any] = {}
    if rounds_per_cycle != base.rounds_per_cycle:
        result["rounds_per_cycle"] = rounds_per_cycle
    if cycles != base.cycles:
        result["cycles"] = cycles
    for override in TYPED_OVERRIDES:
        value = typed.get(override.key)
        if value is None or value == _at(data, override.path):
            continue
        table = result
        for step in override.path[:-1]:
            table = table.setdefault(step, {})
        table[override.path[-1]] = value
    return merge(result, advanced)


def parse_overrides(text: str, fmt: str) -> dict[str, Any]:
    """The overrides a director typed as JSON or TOML, as plain data; a RulesetError (one
    line, naming the line and column where the reader says) when the text is not that.
    ``load_ruleset`` then checks the data's limits and fields."""
    if not text.strip():
        return {}
    try:
        data = json.loads(text) if fmt == "json" else tomllib.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as exc:
        raise RulesetError(_syntax_error(exc, fmt)) from None
    except RecursionError:  # the readers recurse per nesting level
        error: Part = Phrase("error.json.depth", limit=jsondata.MAX_DEPTH)
    except ValueError:  # a number of thousands of digits
        error = Phrase("error.json.digits")
    else:
        if not isinstance(data, dict):
            raise RulesetError(Phrase("app.settings.not_table"))
        return data
    raise RulesetError(Phrase("app.settings.syntax", fmt=fmt.upper(), error=error))


def _syntax_error(exc: ValueError, fmt: str) -> Phrase:
    found = re.search(r"line (\d+),? column (\d+)", str(exc))
    detail = " ".join(str(exc).split())
    if found is None:
        return Phrase("app.settings.syntax", fmt=fmt.upper(), error=detail)
    line, column = found.groups()
    return Phrase("app.settings.syntax_at", fmt=fmt.upper(), line=line, column=column,
                  error=detail)  # fmt: skip


# --------------------------------------------------------------------------- the form


@dataclass(frozen=True)
class NewCompetition:
    """The director's form as typed: texts, numbers and dates as the widgets give them."""

    club: str
    season: str
    name: str
    preset: str
    rounds_per_cycle: object
    cycles: object
    start: object
    weekday: str
    holidays: str = ""
    overrides: Mapping[str, Any] = field(default_factory=dict)
    roster_from: Season | None = None


def parse_day(value: object) -> date | None:
    """A date from a date widget, or typed as ``2025-09-16`` or ``16-09-2025``; None if
    it is none of these."""
    if isinstance(value, date):
        return value
    if not isinstance(value, str):
        return None
    text = value.strip()
    try:
        if re.fullmatch(r"\d{1,2}-\d{1,2}-\d{4}", text):
            day, month, year = map(int, text.split("-"))
            return date(year, month, day)
        return date.fromisoformat(text)
    except ValueError:
        return None


def parse_holidays(text: str) -> tuple[list[date], str | None]:
    """The holidays typed one a line (or separated by commas or spaces), and the first one
    that is not a date (None: all are)."""
    days: list[date] = []
    for item in re.split(r"[\s,;]+", text or ""):
        if not item:
            continue
        day = parse_day(item)
        if day is None:
            return days, item
        days.append(day)
    return days, None


def _whole(value: object, low: int, high: int) -> Phrase | None:
    if isinstance(value, bool) or not isinstance(value, int):
        return Phrase("setup.error.whole", low=low, high=high, got=str(value))
    if not low <= value <= high:
        return Phrase("setup.error.range", low=low, high=high, got=value)
    return None


def season_problem(text: str) -> Phrase | None:
    """Why ``text`` is not a season as the clubs write it (issue 22 item 3): two
    consecutive years joined by a hyphen (``2026-2027``), or one year (``2026``, a
    competition of a calendar year); None when it is one."""
    found = re.fullmatch(r"(\d{4})(?:-(\d{4}))?", text.strip())
    if found is None or (found[2] is not None and int(found[2]) != int(found[1]) + 1):
        return Phrase("setup.error.season", got=text.strip()[:40])
    return None


def _name_problems(form: NewCompetition, existing: Sequence[CompetitionInfo]) -> dict[str, Part]:
    found: dict[str, Part] = {}
    for key in ("club", "season", "name"):
        if not str(getattr(form, key) or "").strip():
            found[key] = Phrase("setup.error.empty")
    season = season_problem(str(form.season or "")) if "season" not in found else None
    if season is not None:
        found["season"] = season
    if not found:
        wanted = tuple(str(getattr(form, k)).strip().casefold() for k in ("club", "season", "name"))
        clash = next((i for i in existing if (i.club.casefold(), i.season.casefold(),
                                              i.competition.casefold()) == wanted), None)  # fmt: skip
        if clash is not None:
            found["name"] = Phrase("setup.error.exists", name=clash.qualified_name)
    return found


def _ruleset_problems(form: NewCompetition) -> dict[str, Part]:
    if form.preset not in preset_names():
        return {"preset": Phrase("setup.error.preset", got=form.preset,
                                 allowed=choices(preset_names()))}  # fmt: skip
    found: dict[str, Part] = {}
    rounds = _whole(form.rounds_per_cycle, 1, MAX_ROUNDS_PER_CYCLE)
    cycles = _whole(form.cycles, 1, MAX_CYCLES)
    if rounds:
        found["rounds_per_cycle"] = rounds
    if cycles:
        found["cycles"] = cycles
    if not found:
        try:
            ruleset = load_ruleset(form.preset, form.overrides)
        except CompcoreError as exc:
            found["overrides"] = exc
        else:  # the advanced editor may set rounds and cycles too: the same limits
            total = _whole(ruleset.total_rounds, 1, MAX_ROUNDS_PER_CYCLE * MAX_CYCLES)
            if total:
                found["overrides"] = Phrase("setup.error.total", error=total)
    return found


def _calendar_problems(form: NewCompetition) -> dict[str, Part]:
    found: dict[str, Part] = {}
    if parse_day(form.start) is None:
        found["start"] = Phrase("setup.error.date", got=str(form.start or ""))
    if form.weekday not in WEEKDAYS:
        found["weekday"] = Phrase("setup.error.weekday", got=str(form.weekday),
                                  allowed=choices(WEEKDAYS))  # fmt: skip
    _, bad = parse_holidays(form.holidays)
    if bad is not None:
        found["holidays"] = Phrase("setup.error.date", got=bad)
    return found


def problems(form: NewCompetition, existing: Sequence[CompetitionInfo]) -> dict[str, Part]:
    """What is wrong with the form, per field (:data:`FIELDS`): an empty name, a name the
    club already uses in that season, an unknown preset, rounds or cycles not a whole
    number in range, overrides the ruleset schema refuses (its own message naming the
    field), a start date or holiday that is not a date, an unknown weekday. Empty: none."""
    return {**_name_problems(form, existing), **_ruleset_problems(form),
            **_calendar_problems(form)}  # fmt: skip


def preview_calendar(form: NewCompetition) -> Calendar | None:
    """The calendar the form would give, as soon as its ruleset and calendar fields are
    right (the names may still be missing); None until then."""
    if _ruleset_problems(form) or _calendar_problems(form):
        return None
    start = parse_day(form.start)
    assert start is not None
    holidays, _ = parse_holidays(form.holidays)
    count = load_ruleset(form.preset, form.overrides).total_rounds
    return season_calendar(start, form.weekday, holidays, count)


def build(form: NewCompetition, existing: Sequence[CompetitionInfo]) -> Season:
    """The new season the form describes (no rounds yet); RulesetError naming the first
    wrong field when :func:`problems` finds any."""
    wrong = problems(form, existing)
    if wrong:
        key, message = next(iter(wrong.items()))
        raise RulesetError(Phrase(f"setup.field.{key}"), ": ", message)
    ruleset = load_ruleset(form.preset, form.overrides)
    source = form.roster_from
    return Season(
        club=form.club.strip(),
        season=form.season.strip(),
        competition=form.name.strip(),
        ruleset=RulesetRef(form.preset, freeze(dict(form.overrides))),
        players=copy_roster(source, ruleset) if source is not None else (),
        calendar=preview_calendar(form),
    )
