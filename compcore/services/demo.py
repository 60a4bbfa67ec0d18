"""The demo seasons a fresh app imports on its first start (issue 9, item 9): read from the
bundled files and imported in a thread of their own, so that the first page does not wait
for them. They go in as one transaction, so a reader sees all of them or none; when one is
refused they go in one by one, and each refusal says which file.

The files are made once (``scripts/make_demo_data.py``, reproducible) and their dates grow
old; on import every season is moved by whole weeks so that its played rounds stay in the
past and its first unplayed club evening is on or after the day of the first start
(:func:`shift_demos`, issue 22 item 8): a member can sign off for the next evening at once."""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from dataclasses import replace
from datetime import date, timedelta
from pathlib import Path

from compcore.adapters.files import season_file
from compcore.domain.errors import CompcoreError
from compcore.domain.model import Season
from compcore.ports.actors import Administrator
from compcore.ports.repository import Repository

#: the actor the demo seasons are imported as
FIRST_START = "first-start"


class Seeding:
    """The demo seasons imported on a first start, in a thread of their own (started by
    :meth:`start`, after the first page is drawn); :attr:`seeded` and :attr:`errors` once
    :attr:`done`."""

    def __init__(self, repo: Repository, files: list[Path], today: date | None = None) -> None:
        self.seeded: tuple[str, ...] = ()
        self.errors: tuple[CompcoreError, ...] = ()
        self._done = threading.Event()
        self._started = threading.Lock()
        self._thread = threading.Thread(
            target=self._run, args=(repo, files, today), name="compcore-demo-seasons", daemon=True
        )

    def start(self) -> None:
        """Start the import (once; later calls do nothing): after the first page is drawn,
        so that drawing it does not share the interpreter with the import."""
        with self._started:
            if self._thread.ident is None:
                self._thread.start()

    def _run(self, repo: Repository, files: list[Path], today: date | None) -> None:
        try:
            seeded, errors = seed(repo, files, today)
            self.seeded, self.errors = tuple(seeded), tuple(errors)
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the demo seasons are in (or ``timeout`` seconds); whether they are."""
        return self._done.wait(timeout)


def seed(
    repo: Repository, files: list[Path], today: date | None = None
) -> tuple[list[str], list[CompcoreError]]:
    """Import the demo seasons, their dates following ``today`` (:func:`shift_demos`; None:
    as in the files): the names imported, and why the others were not."""
    seeded, seasons, errors = read_demos(files)
    if today is not None:
        seasons = shift_demos(seasons, today)
    admin = Administrator(FIRST_START)
    try:  # one transaction for all of them: one connection, and all or none visible
        repo.import_seasons(seasons, actor=admin)
    except CompcoreError:  # one of them is refused: import one by one to say which
        seeded, errors = _import_one_by_one(repo, seeded, seasons, errors, admin)
    return seeded, errors


def read_demos(files: Iterable[Path]) -> tuple[list[str], list[Season], list[CompcoreError]]:
    """The demo files that read as seasons (their names and seasons), and why the others
    did not."""
    names: list[str] = []
    seasons: list[Season] = []
    errors: list[CompcoreError] = []
    for demo in files:
        try:
            seasons.append(season_file.load(demo)[0])
            names.append(demo.name)
        except CompcoreError as exc:
            errors.append(exc.located(demo.name))
    return names, seasons, errors


def _import_one_by_one(
    repo: Repository,
    names: list[str],
    seasons: list[Season],
    errors: list[CompcoreError],
    admin: Administrator,
) -> tuple[list[str], list[CompcoreError]]:
    seeded = []
    for name, season in zip(names, seasons, strict=True):
        try:
            repo.import_season(season, actor=admin)
            seeded.append(name)
        except CompcoreError as exc:
            errors.append(exc.located(name))
    return seeded, errors


# --------------------------------------------------------------------------- dates


def _day(text: str, weeks: int) -> str:
    return (date.fromisoformat(text) + timedelta(weeks=weeks)).isoformat()


def shift_dates(season: Season, weeks: int) -> Season:
    """``season`` with every date (its rounds', its calendar's evenings and holidays) moved
    by ``weeks`` whole weeks: each evening keeps its weekday."""
    if weeks == 0:
        return season
    rounds = tuple(replace(r, date=_day(r.date, weeks)) if r.date else r for r in season.rounds)
    calendar = season.calendar
    if calendar is not None:
        calendar = replace(
            calendar,
            holidays=tuple(_day(d, weeks) for d in calendar.holidays),
            dates=tuple(_day(d, weeks) for d in calendar.dates),
        )
    return replace(season, rounds=rounds, calendar=calendar)


def first_unplayed(season: Season) -> date | None:
    """The season's first club evening not played yet: the first unplayed round's date, else
    the calendar's date of the round after the last, else a week after the last dated round
    (a finished season: the evening after its last). None: a season without dates."""
    for rnd in season.rounds:
        if not rnd.is_played and rnd.date:
            return date.fromisoformat(rnd.date)
    planned = season.calendar.dates if season.calendar is not None else ()
    following = (season.rounds[-1].number if season.rounds else 0) + 1
    if following <= len(planned):
        return date.fromisoformat(planned[following - 1])
    dated = [r.date for r in season.rounds if r.date]
    return date.fromisoformat(dated[-1]) + timedelta(weeks=1) if dated else None


def weeks_until(first: date, today: date) -> int:
    """The whole weeks that move ``first`` to the first day of its weekday on or after
    ``today`` (negative when ``first`` is later than a week after ``today``)."""
    return -((first - today).days // 7)


def _key(season: Season) -> str:
    return f"{season.club}/{season.season}/{season.competition}"


def shift_demos(seasons: Sequence[Season], today: date) -> list[Season]:
    """The demo seasons with their dates following ``today`` (:func:`shift_dates`): a season
    of its own moves by :func:`weeks_until` its :func:`first_unplayed` evening, so its played
    rounds stay in the past and its next evening is on or after ``today``. A competition
    played within a ladder (``Season.ladder``) moves with that ladder, and a finished season
    (no round to come: last year's) with the season of the same club and competition that
    has one, so their evenings stay the ladder's. A season without dates stays as it is."""
    own: dict[str, int] = {}
    running: dict[tuple[str, str], int] = {}
    for season in seasons:
        first = first_unplayed(season)
        if first is None:
            continue
        own[_key(season)] = weeks_until(first, today)
        if season.ladder is None and season.open_round is not None:
            running.setdefault((season.club, season.competition), own[_key(season)])
    out = []
    for season in seasons:
        weeks = own.get(season.ladder) if season.ladder is not None else None
        if weeks is None and season.ladder is None and season.open_round is None:
            weeks = running.get((season.club, season.competition))
        if weeks is None:
            weeks = own.get(_key(season), 0)
        out.append(shift_dates(season, weeks))
    return out
