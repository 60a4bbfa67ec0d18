"""The demo seasons a fresh app imports on its first start (issue 9, item 9): read from the
bundled files and imported in a thread of their own, so that the first page does not wait
for them. They go in as one transaction, so a reader sees all of them or none; when one is
refused they go in one by one, and each refusal says which file."""

from __future__ import annotations

import threading
from collections.abc import Iterable
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

    def __init__(self, repo: Repository, files: list[Path]) -> None:
        self.seeded: tuple[str, ...] = ()
        self.errors: tuple[CompcoreError, ...] = ()
        self._done = threading.Event()
        self._started = threading.Lock()
        self._thread = threading.Thread(
            target=self._run, args=(repo, files), name="compcore-demo-seasons", daemon=True
        )

    def start(self) -> None:
        """Start the import (once; later calls do nothing): after the first page is drawn,
        so that drawing it does not share the interpreter with the import."""
        with self._started:
            if self._thread.ident is None:
                self._thread.start()

    def _run(self, repo: Repository, files: list[Path]) -> None:
        try:
            seeded, errors = seed(repo, files)
            self.seeded, self.errors = tuple(seeded), tuple(errors)
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the demo seasons are in (or ``timeout`` seconds); whether they are."""
        return self._done.wait(timeout)


def seed(repo: Repository, files: list[Path]) -> tuple[list[str], list[CompcoreError]]:
    """Import the demo seasons: the names imported, and why the others were not."""
    seeded, seasons, errors = read_demos(files)
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
