"""Shared set-up for the app tests: a small club database, a director password, and an
AppTest started from ``app.py`` with them. (No tests here.)"""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pandas as pd
from streamlit.dataframe_util import convert_arrow_bytes_to_pandas_df
from streamlit.testing.v1 import AppTest

from compcore.adapters.access.auth import hash_password
from compcore.adapters.store import Store
from compcore.domain.model import Season
from compcore.lab import synthetic
from compcore.pairing import pair
from compcore.ports.actors import Administrator
from compcore.rules.rulesets import ruleset_of

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")
PASSWORD = "schaakmat-42"
#: a cheap hash (few iterations) so logging in costs nothing in tests
DIRECTOR_HASH = hash_password(PASSWORD, iterations=1_000)
ADMIN = Administrator("tests")


#: every page of the menu (file names under pages/), in menu order, for the tests that walk
#: them all; ``signoff`` is reached by a member's own link only.
#: ``test_every_menu_page_is_walked`` keeps it in step with the pages folder.
ALL_PAGES = ("overview", "round", "standings", "speler", "trends", "rulelab", "simulation",
             "club_rating", "winners", "players", "settings", "competitions")  # fmt: skip


def engine_pairer(season: Season, ruleset) -> object:
    return pair(season, ruleset).round


def small_seasons() -> list[Season]:
    """A Keizer ladder with the engine (DS) and an A/B points ladder (LA), a few rounds each,
    both ending with their last round complete (so the round page offers a new round)."""
    ds = synthetic.season(
        "dubbelschaak", n_players=9, n_rounds=3, seed=7, pairer=engine_pairer,
        club="Testclub", competition="Ladder", season_name="2025-2026", withdraw=False,
    )  # fmt: skip
    la = synthetic.season(
        "ladder-ab", n_players=8, n_rounds=3, seed=8, pairer=engine_pairer,
        club="Testclub", competition="AB", season_name="2025-2026", withdraw=False,
    )  # fmt: skip
    return [ds, la]


def build_template(path: Path) -> dict[str, int]:
    """Create the database at ``path``; competition ids by name."""
    store = Store(path)
    ids = {}
    for season in small_seasons():
        ids[season.competition] = store.import_season(season, actor=ADMIN)
    return ids


def build_two_cycles(path: Path) -> int:
    """A database with only the Keizer ladder (DS, cycles numbered from 0, DS-17), its
    rounds 1-2 in Cyclus 0 and round 3 in Cyclus 1 (the season file names each round's
    cycle); the competition's id."""
    season = small_seasons()[0]
    rounds = tuple(replace(r, cycle=0 if r.number <= 2 else 1) for r in season.rounds)
    return Store(path).import_season(replace(season, rounds=rounds), actor=ADMIN)


def copy_db(template: Path, target: Path) -> Path:
    shutil.copyfile(template, target)
    wal = template.with_name(template.name + ".wal")
    if wal.exists():
        shutil.copyfile(wal, target.with_name(target.name + ".wal"))
    return target


def app(timeout: float = 60) -> AppTest:
    return AppTest.from_file(APP, default_timeout=timeout)


def texts(at: AppTest) -> str:
    """Everything written on the page (markdown, captions, headings, alerts), one string."""
    parts = []
    for kind in ("title", "header", "subheader", "markdown", "caption", "info", "success",
                 "warning", "error", "text"):  # fmt: skip
        parts.extend(str(e.value) for e in getattr(at, kind))
    return "\n".join(parts)


def shown(frame) -> pd.DataFrame:
    """A dataframe element's cells as the browser shows them (a styled frame's display
    texts, e.g. "12,5"); ``frame.value`` holds the numbers the table sorts by."""
    display = frame.proto.arrow_data.styler.display_values
    return convert_arrow_bytes_to_pandas_df(display) if display else frame.value


def form_widget(widgets, key: str):
    """A form's widget by its key in the form's current generation: after a save the
    form's widgets get new keys (``key~1``, ``key~2``, ...) so that they show the stored
    state again (``ui.state.widget_key``)."""
    return next(w for w in widgets if w.key == key or (w.key or "").startswith(key + "~"))


def breaking_exchange(store: Store, cid: int) -> tuple[str, str]:
    """Two players on different boards whose exchange in the engine's proposal breaks a hard
    rule (found with compcore on the attendance the page stored, exactly as the page pairs
    it). Two opponents are skipped: exchanging them only swaps their board's colours."""
    from compcore.pairing import check_round
    from compcore.services.round import Draft, needs_override

    season = store.load(cid)
    ruleset = ruleset_of(season)
    proposal = pair(season, ruleset)
    movable = Draft.of(proposal).movable(set())
    opponents = {frozenset((board.white, board.black)) for board in proposal.boards}
    for i, a in enumerate(movable):
        for b in movable[i + 1 :]:
            if frozenset((a, b)) in opponents:
                continue
            draft = Draft.of(proposal)
            draft.exchange(a, b)
            if needs_override(check_round(season, ruleset, draft.round())):
                return a, b
    raise AssertionError("no exchange breaks a rule in this proposal")


def open_page(page: str, competition: int, lang: str = "nl", director: bool = False) -> AppTest:
    """The app on ``page`` (a file of ``pages/``; ``overview`` is the start page) for
    ``competition``, in ``lang``, logged in as the test director where ``director``."""
    from compcore.adapters.access import auth

    at = app()
    at.session_state["lang"] = lang
    at.session_state["competition"] = competition
    if director:
        at.session_state["director"] = auth.login(PASSWORD, DIRECTOR_HASH)
    at.run()
    if page != "overview":
        at.switch_page(f"pages/{page}.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def tap(control, value) -> None:
    """A tap on a board's result (``ui.round_entry``: one segmented control per board,
    ``value`` a result text or None to clear it), and the run it causes."""
    control.set_value(value).run()


def entry_control(at, cid: int, number: int, board: int, game) -> object:
    """Board ``board`` (from 1)'s result control on the Ronde page."""
    return at.button_group(key=f"entry_{cid}_{number}_{board - 1}_{game.white}_{game.black}")
