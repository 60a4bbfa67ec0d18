"""Roster changes never crash (issue 9, item 1): a property test over generated seasons of
every preset and the demo seasons.

Random roster edits at random rounds go through the services a director's forms call (a new
player from any round, the open one and later ones included; withdrawing from a round; a
rename; a rating from a round; level and flags from a round; removing a player without
entries). An edit may be refused, but only as a compcore error in one line, with nothing
changed. After the edits, and again after the open round is paired, published, played and
the next round opened and paired: standings after every complete round and for every
cycle, the trends' frames, awards and winners, the pairing of the open round, the command
line (standings, winners, pair, check, import, export) and the season file's round trip all
run without an unexpected exception. The AppTest part renders every page, as a director and
as a member, after such edits.

The default run takes a few examples; the run marked ``slow`` many more, and the demo
seasons (``data/*.json``).
"""

from __future__ import annotations

import contextlib
import io
import random
import tempfile
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compcore.adapters.files import season_file
from compcore.adapters.store import Store
from compcore.awards.winners import awards
from compcore.cli import main as cli
from compcore.domain.errors import CompcoreError
from compcore.domain.model import PlayerChange, RatingChange, Result, Season
from compcore.ports.actors import Administrator
from compcore.ports.repository import Repository
from compcore.rules.changes import BoardResult
from compcore.rules.rulesets import Ruleset, preset_names
from compcore.scoring.history import cycle_of
from compcore.scoring.standings import last_complete_round, standings
from compcore.services import players as ps
from compcore.services import results
from compcore.services import round as rs
from tests.app.test_app_support import ALL_PAGES
from tests.builders import generated
from tests.fakes import MemoryStore
from ui import charts

ROOT = Path(__file__).resolve().parents[2]
ADMIN = Administrator("roster-properties")
#: the demo files named after their preset (the rest of the Dubbelschaak club is not)
PRESETS = sorted(p.stem for p in (ROOT / "data").glob("*.json") if p.stem in preset_names())
KINDS = ("add", "withdraw", "rename", "rerate", "level", "remove")
NAMES = ("Anna de Vries", "Bram Bakker", "Anna de Vries", "Çem Öztürk", "x")

#: one edit: (kind, which player, round offset from the open round, a free number)
edit_steps = st.lists(
    st.tuples(
        st.sampled_from(KINDS),
        st.integers(0, 60),
        st.integers(-4, 4),
        st.integers(0, 10**6),
    ),
    min_size=1,
    max_size=6,
)


# --------------------------------------------------------------------------- the edits


def _next_round(season: Season) -> int:
    rnd = season.open_round
    return rnd.number if rnd is not None else season.last_played + 1


def _edit(store: Repository, cid: int, step: tuple[str, int, int, int]) -> None:
    """One roster edit through the services (what the Spelers page calls)."""
    kind, which, offset, value = step
    season, ruleset = store.load(cid), store.ruleset(cid)
    humans = [p for p in season.players if not p.is_engine]
    player = humans[which % len(humans)]
    at = max(1, _next_round(season) + offset)
    name = NAMES[value % len(NAMES)]
    if kind == "add":
        new = ps.form_player(
            None, pid=ps.automatic_id(season, name), name=name, rating=1000 + value % 1500,
            strength=None, level="", flags=(), participation="always", joined=at, withdrawn=None,
        )  # fmt: skip
        ps.save_player(store, cid, new, read=None, actor=ADMIN)
    elif kind == "withdraw":
        ps.withdraw(store, cid, player.id, at, read=player, actor=ADMIN)
    elif kind == "rename":
        renamed = replace(player, name=f"{name} {value % 7}")
        ps.save_player(store, cid, renamed, read=player, actor=ADMIN)
    elif kind == "rerate":
        change = RatingChange(player.id, at, 800 + value % 2000)
        ps.save_rating(store, cid, change, read=season.ratings or (), actor=ADMIN)
    elif kind == "level":
        flags = ps.offered_flags(season, ruleset)
        chosen = tuple(f for i, f in enumerate(flags) if value >> i & 1)
        line = PlayerChange(player.id, at, ("A", "B", None)[value % 3], chosen or None)
        ps.save_change(store, cid, line, read=ps.history(season, player.id), actor=ADMIN)
    else:
        free = [p for p in humans if ps.first_round(season, p.id) is None] or [player]
        target = free[which % len(free)]
        ps.remove(store, cid, target.id, read=target, actor=ADMIN)


def apply_edits(store: MemoryStore, cid: int, steps: list[tuple[str, int, int, int]]) -> None:
    """Every edit either counts or is refused in one line with nothing changed."""
    for step in steps:
        before, logged = store.load(cid), len(store.log(cid))
        try:
            _edit(store, cid, step)
        except CompcoreError as exc:
            for lang in ("nl", "en"):
                words = exc.describe(lang)
                assert words.strip() and "\n" not in words, (step, words)
            assert store.load(cid) == before and len(store.log(cid)) == logged, step


# --------------------------------------------------------------------------- what must run


def every_view(season: Season, ruleset: Ruleset) -> None:
    """Standings after every complete round and per cycle, the trends' frames, awards."""
    names = {p.id: p.name for p in season.players}
    last = last_complete_round(season)
    for after in range(1, last + 1):
        standings(season, ruleset, after_round=after)
    complete = [r for r in season.played_rounds if r.number <= last]
    for cycle in sorted({cycle_of(r, ruleset) for r in complete}):
        numbers = [r.number for r in complete if cycle_of(r, ruleset) == cycle]
        table = standings(season, ruleset, after_round=numbers[-1], cycle=cycle)
        charts.trend_frame(table, names, ruleset.is_keizer)
    awards(season, ruleset)


def command_line(season: Season, folder: Path, database: bool) -> None:
    """The CLI on the season file and (``database``) on a database: never a crash (exit
    70), at most one line on standard error; import -> export gives the same season."""
    path = folder / "season.json"
    season_file.dump(season, path)
    db, out = folder / "club.duckdb", folder / "x.json"
    runs = [["standings", str(path)], ["standings", str(path), "--format", "csv"],
            ["standings", str(path), "--format", "json"], ["winners", str(path)],
            ["winners", str(path), "--format", "json"], ["pair", str(path)],
            ["check", str(path)]]  # fmt: skip
    if database:
        runs += [["import", str(path), "--db", str(db), "--replace"],
                 ["standings", "--db", str(db)], ["export", "--db", str(db), "--out", str(out)]]  # fmt: skip
    for argv in runs:
        err = io.StringIO()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            code = cli.main(argv)
        assert code in (0, 1, 2), (argv, code, err.getvalue())
        assert err.getvalue().count("\n") <= 1, (argv, err.getvalue())
    if database:
        assert season_file.loads(out.read_text(encoding="utf-8")) == season
    assert season_file.loads(season_file.dumps(season)) == season


def play_open_round(store: MemoryStore, cid: int) -> None:
    """Pair, publish, play (white wins everywhere) and finalize the open round, then open
    the next one with everyone registered present and pair it (a pairing may be refused)."""
    season, ruleset = store.load(cid), store.ruleset(cid)
    rnd = season.open_round
    if rnd is None:
        return
    try:
        draft = rs.propose(season, ruleset)
    except CompcoreError:
        return
    season = rs.publish(store, cid, draft, reason="test", actor=ADMIN)
    games = season.round(rnd.number).games or ()
    boards = [
        BoardResult(i, g.white, g.black, g.result, g.result or Result.WHITE_WINS)
        for i, g in enumerate(games, start=1)
    ]
    season = results.save_results(
        store, cid, rnd.number, boards, finalize=True, reason=None, actor=ADMIN
    )
    number = rnd.number + 1
    choices = {p.id: rs.PRESENT for p in rs.listed_players(season, number)}
    nxt = rs.open_round(
        number, choices, [], date=None, cycle=rs.round_cycle(season, ruleset, number),
        previous=season.round(rnd.number),
    )  # fmt: skip
    with contextlib.suppress(CompcoreError):
        rs.take_attendance(store, cid, nxt, actor=ADMIN, read=None, pair_now=True)


def check_everything(store: MemoryStore, cid: int, folder: Path, database: bool) -> None:
    season, ruleset = store.load(cid), store.ruleset(cid)
    every_view(season, ruleset)
    if season.open_round is not None:
        with contextlib.suppress(CompcoreError):  # a refusal in words is fine
            rs.propose(season, ruleset)
    command_line(season, folder, database)


def scenario(season: Season, steps: list[tuple[str, int, int, int]]) -> None:
    store = MemoryStore()
    cid = store.import_season(season, actor=ADMIN)
    apply_edits(store, cid, steps)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        check_everything(store, cid, folder, database=False)
        play_open_round(store, cid)
        check_everything(store, cid, folder, database=True)


def small(preset: str, seed: int) -> Season:
    return generated(preset, 6 + seed % 3, 3, seed=seed, realistic=True)


# --------------------------------------------------------------------------- the properties


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=edit_steps, seed=st.integers(1, 50))
def test_roster_edits_never_crash_a_generated_season(preset, steps, seed):
    scenario(small(preset, seed), steps)


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=edit_steps, seed=st.integers(1, 500))
def test_roster_edits_never_crash_many_generated_seasons(preset, steps, seed):
    scenario(small(preset, seed), steps)


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=edit_steps)
def test_roster_edits_never_crash_a_demo_season(preset, steps):
    season, _ = season_file.load(ROOT / "data" / f"{preset}.json")
    scenario(season, steps)


@pytest.mark.parametrize("preset", [
    "dubbelschaak",
    pytest.param("keizer-classic", marks=pytest.mark.slow),
    pytest.param("princenpaard", marks=pytest.mark.slow),
])  # fmt: skip
def test_the_reported_case_a_player_from_the_round_after_the_open_one(preset):
    """The report: Dubbelschaak, a new player from round 32 while round 31 is open; then
    round 31 is paired, played and round 32 paired with him. The other Keizer presets in
    the slow run."""
    season, _ = season_file.load(ROOT / "data" / f"{preset}.json")
    scenario(season, [("add", 0, 1, 0)])  # offset 1: the round after the open one


# --------------------------------------------------------------------------- every page


PAGES = ALL_PAGES


def edit_stored(store: Store, cid: int, seed: int) -> None:
    """Random roster edits on a database competition (as the forms make them)."""
    rng = random.Random(seed)
    for _ in range(5):
        step = (rng.choice(KINDS), rng.randrange(60), rng.randrange(-3, 4), rng.randrange(10**6))
        with contextlib.suppress(CompcoreError):
            _edit(store, cid, step)


def pages_render(path: Path, cid: int, seed: int) -> None:
    from compcore.adapters.access import auth
    from tests.app.test_app_support import DIRECTOR_HASH, PASSWORD, app

    edit_stored(Store(path, director_hash=DIRECTOR_HASH), cid, seed)
    for director in (False, True):
        for page in PAGES:
            at = app()
            if director:
                at.session_state["director"] = auth.login(PASSWORD, DIRECTOR_HASH)
            at.session_state["competition"] = cid
            at.run()
            if page != "overview":
                at.switch_page(f"pages/{page}.py").run()
            assert not at.exception, (page, director, [e.value for e in at.exception])
            shown = [str(e.value) for e in at.error]
            assert not any("Traceback" in text for text in shown), shown


@pytest.mark.usefixtures("steady_app")
@pytest.mark.parametrize("competition", ["Ladder", pytest.param("AB", marks=pytest.mark.slow)])
def test_every_page_renders_after_roster_edits(club_db, competition):
    path, ids = club_db
    pages_render(path, ids[competition], seed=1)


@pytest.mark.slow
@pytest.mark.usefixtures("steady_app")
@pytest.mark.parametrize("seed", range(2, 5))
@pytest.mark.parametrize("competition", ["Ladder", "AB"])
def test_every_page_renders_after_many_roster_edits(club_db, competition, seed):
    path, ids = club_db
    pages_render(path, ids[competition], seed=seed)
