"""Seasons for the store's tests: a hand-made builder, a Hypothesis strategy, table dumps.

Imported by the other ``test_store*`` / CLI test modules; its own tests check that what it
builds really is a valid season (so the store's tests test the store, not the builder).
"""

from __future__ import annotations

import errno
import random
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

import duckdb
from hypothesis import given, settings
from hypothesis import strategies as st

from compcore.adapters.files import season_file
from compcore.domain.model import (
    ENTRY_KINDS,
    Calendar,
    Decision,
    ForcedGame,
    Game,
    Kind,
    Player,
    RatingChange,
    Result,
    Round,
    RulesetRef,
    Season,
)
from compcore.domain.reason import Reason
from compcore.rules.rulesets import load_ruleset

PRESETS = ("dubbelschaak", "keizer-classic", "ladder-ab", "magnus-senior", "magnus-youth",
           "princenpaard")  # fmt: skip


def entry_kinds(preset: str, overrides=None) -> list[Kind]:
    allowed = set(load_ruleset(preset, overrides).points.kinds)
    return [k for k in ENTRY_KINDS if k in allowed]


def make_season(
    preset: str = "keizer-classic",
    *,
    players: int = 10,
    rounds: int = 4,
    open_round: bool = True,
    seed: int = 1,
    club: str = "Schaakclub De Toren",
    season: str = "2024-2025",
    competition: str = "intern",
    overrides=None,
) -> Season:
    """A valid season: ``rounds`` played rounds (plus an open one), deterministic in ``seed``."""
    rng = random.Random(seed)
    kinds = entry_kinds(preset, overrides)
    plist = tuple(
        Player(id=f"p{i:02d}", name=f"Speler {i}", rating=1400 + 17 * i % 600,
               strength=i if i % 3 else None, level="A" if i % 2 else None)
        for i in range(1, players + 1)
    )  # fmt: skip
    ids = [p.id for p in plist]
    rlist = []
    for n in range(1, rounds + 1):
        pool = ids[:]
        rng.shuffle(pool)
        out = pool[: rng.randint(0, min(3, len(pool)))]
        playing = pool[len(out) :]
        if len(playing) % 2:
            out.append(playing.pop())
        games = tuple(
            Game(playing[i], playing[i + 1], rng.choice(list(Result)))
            for i in range(0, len(playing), 2)
        )
        entries = {pid: rng.choice(kinds) for pid in out}
        rlist.append(Round(number=n, date=f"2024-09-{n:02d}" if n < 29 else None,
                           games=games, entries=MappingProxyType(entries)))  # fmt: skip
    if open_round:
        present = tuple(ids[:-2])
        rlist.append(Round(number=rounds + 1, present=present,
                           entries=MappingProxyType({ids[-1]: kinds[0]})))  # fmt: skip
    ref = RulesetRef(preset, MappingProxyType(dict(overrides or {})))
    return Season(club=club, season=season, competition=competition, ruleset=ref,
                  players=plist, rounds=tuple(rlist))  # fmt: skip


def full_season() -> Season:
    """Every optional field present, with empty and non-empty lists mixed."""
    base = make_season("dubbelschaak", players=8, rounds=3, open_round=False,
                       overrides={"rounds_per_cycle": 12, "display_decimals": 1})  # fmt: skip
    p = list(base.players)
    p[0] = replace(p[0], flags=("engine-opt-in", "cup"), participation="always",
                   joined_round=1, withdrawn_round=9)  # fmt: skip
    p[1] = replace(p[1], flags=(), participation="never")
    p.append(Player(id="komodo", name="Komodo", virtual="engine", flags=()))
    r1, r2, r3 = base.rounds
    g = r1.games[0]
    r1 = replace(r1, cycle=0, seed=2**63 + 12345, late=(), games=(
        replace(g, group="A", reason="pairing: top-down", override="director: cup"),
        *r1.games[1:]))  # fmt: skip
    # a date written unusually (still ISO 8601), entries present but empty, one late player
    r2 = replace(r2, date="20240910", entries=MappingProxyType({}), late=(r2.games[0].white,))
    r3 = replace(r3, date=None, entries=None)  # entries absent: missing players sat out
    ids = [pl.id for pl in p[:6]]
    r4 = Round(number=4, date="2024-10-01", cycle=0, seed=-3, present=tuple(ids),
               late=(ids[0],), entries=MappingProxyType({}),
               forced=(ForcedGame(ids[0], ids[1], "cup"), ForcedGame(ids[2], ids[3])))  # fmt: skip
    return replace(
        base, players=tuple(p), rounds=(r1, r2, r3, r4),
        ratings=(RatingChange("p01", 2, 1900), RatingChange("p02", 3, 1500)),
        decisions=(Decision("barrage", "p01", cycle=0, category="A", round=3, note="won"),
                   Decision("play-off", "p02")),
        calendar=Calendar("tuesday", ("2024-09-24",), ("2024-09-03", "2024-09-10")),
    )  # fmt: skip


def bare_season() -> Season:
    """Only the required fields; empty optional lists present as empty (not absent)."""
    return Season(club="C", season="S", competition="K", ruleset=RulesetRef("magnus-youth"),
                  players=(Player("a", "A"), Player("b", "B")),
                  rounds=(), ratings=(), decisions=())  # fmt: skip


# --------------------------------------------------------------------------- faults


class FullDisk:
    """A DuckDB connection whose commit fails as on a full disk: DuckDB gives up the
    transaction (nothing is written) and the OS error comes up; a rollback after that finds
    no transaction and raises too, as DuckDB's does."""

    def __init__(self, con) -> None:
        self._con = con

    def __getattr__(self, name):
        return getattr(self._con, name)

    def commit(self):
        self._con.rollback()
        raise OSError(errno.ENOSPC, "No space left on device")


def full_disk(monkeypatch) -> None:
    """From now on every connection's commit fails with ENOSPC."""
    from compcore.adapters.store import connection

    real = connection.open_duckdb
    monkeypatch.setattr(connection, "open_duckdb", lambda path, *, read_only: FullDisk(
        real(path, read_only=read_only)))  # fmt: skip


def read_only_file(monkeypatch) -> None:
    """From now on the process may only read database files (as with ``chmod 444`` for a
    user who is not root): a read-write open fails as DuckDB's does."""
    from compcore.adapters.store import connection

    real = connection.open_duckdb

    def open_duckdb(path, *, read_only):
        if not read_only:
            raise duckdb.IOException(f'IO Error: Cannot open file "{path}": Permission denied')
        return real(path, read_only=True)

    monkeypatch.setattr(connection, "open_duckdb", open_duckdb)


# --------------------------------------------------------------------------- Hypothesis

_text = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=8
).filter(lambda s: s.strip() != "")
#: a player's name: text without the control characters ``compcore.domain.player_names`` refuses
_name = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zl", "Zp")),
    min_size=1,
    max_size=8,
).filter(lambda s: s.strip() != "")
_maybe = lambda strategy: st.none() | strategy  # noqa: E731
_scalar = st.one_of(_text, st.integers(-(2**63), 2**63 - 1), st.booleans(), st.none())
#: stored reasons (a game's reason or override): a key, a rule id, parameters that are text,
#: numbers, true/false, null, nested reasons or lists of these
_reasons = st.recursive(
    st.builds(Reason, _text, _maybe(_text), st.dictionaries(_text, _scalar, max_size=2)),
    lambda inner: st.builds(
        Reason, _text, _maybe(_text),
        st.dictionaries(_text, st.one_of(
            _scalar, inner, st.lists(st.one_of(_scalar, inner), max_size=2).map(tuple)),
            max_size=2),
    ),
    max_leaves=4,
)  # fmt: skip
#: a game's reason or override: none, plain text (the director's words, older files), a reason
_why = _maybe(st.one_of(_text, _reasons))


@st.composite
def seasons(draw) -> Season:
    """Small valid seasons with every optional field present, empty or absent at random."""
    preset = draw(st.sampled_from(PRESETS))
    overrides = draw(st.sampled_from([{}, {"display_decimals": 3}, {"rounds_per_cycle": 2}]))
    ruleset = load_ruleset(preset, overrides)
    kinds = entry_kinds(preset, overrides)
    n_players = draw(st.integers(2, 6))
    ids = draw(st.lists(_text, min_size=n_players, max_size=n_players, unique=True))
    players = []
    for pid in ids:
        joined = draw(_maybe(st.integers(1, 3)))
        withdrawn = draw(_maybe(st.integers(joined or 1, 5)))
        players.append(Player(
            id=pid, name=draw(_name), rating=draw(_maybe(st.integers(0, 3000))),
            strength=draw(_maybe(st.integers(-5, 50))), level=draw(_maybe(_text)),
            flags=draw(_maybe(st.lists(_text, max_size=2).map(tuple))),
            participation=draw(_maybe(st.sampled_from(["always", "never"]))),
            virtual=draw(_maybe(st.just("engine"))),
            joined_round=joined, withdrawn_round=withdrawn,
        ))  # fmt: skip
    n_rounds = draw(st.integers(0, 4))
    engines = {p.id for p in players if p.is_engine}

    def kind(pid: str) -> Kind:  # the engine's only entry is not-participating (DS-9)
        return Kind.NOT_PARTICIPATING if pid in engines else draw(st.sampled_from(kinds))

    has_open = draw(st.booleans())
    rounds = []
    for n in range(1, n_rounds + 1):
        last = n == n_rounds and not has_open
        registered = [p.id for p in players if p.registered_in(n)]
        order = draw(st.permutations(registered))
        n_games = draw(st.integers(0, len(order) // 2))
        games = tuple(
            Game(order[2 * i], order[2 * i + 1],
                 draw(_maybe(st.sampled_from(list(Result))) if last
                      else st.sampled_from(list(Result))),
                 draw(_maybe(_text)), draw(_why), draw(_why))
            for i in range(n_games)
        )  # fmt: skip
        rest = order[2 * n_games :]
        listed = rest[: draw(st.integers(0, len(rest)))]
        entries = {pid: kind(pid) for pid in listed}
        rounds.append(Round(
            number=n, date=draw(_maybe(st.dates().map(lambda d: d.isoformat()))),
            cycle=draw(_maybe(st.just(ruleset.cycle_of(n)))), games=games,
            entries=None if not entries and draw(st.booleans()) else MappingProxyType(entries),
            seed=draw(_maybe(st.integers(-(2**70), 2**70))),
            late=draw(_maybe(st.lists(st.sampled_from(ids), max_size=2, unique=True).map(tuple))),
        ))  # fmt: skip
    if has_open:
        n = n_rounds + 1
        # only registered humans can be present; the engine is paired when needed
        available = [p.id for p in players if p.registered_in(n) and not p.is_engine]
        present = (
            draw(st.lists(st.sampled_from(available), max_size=len(available), unique=True))
            if available
            else []
        )
        others = [i for i in ids if i not in present]
        pairs = [present[i : i + 2] for i in range(0, len(present) - 1, 2)]
        forced = draw(_maybe(st.just(tuple(
            ForcedGame(a, b, draw(_maybe(_text))) for a, b in pairs[: draw(st.integers(0, 2))]
        ))))  # fmt: skip
        entries = draw(_maybe(st.just({
            pid: kind(pid) for pid in others
            if next(p for p in players if p.id == pid).registered_in(n)
        })))  # fmt: skip
        rounds.append(Round(
            number=n, present=tuple(present), forced=forced,
            entries=None if entries is None else MappingProxyType(entries),
            date=draw(_maybe(st.just("2025-01-07"))),
        ))  # fmt: skip
    # a rating change names a round of the season (``validate.last_round``)
    last = max(ruleset.total_rounds, len(rounds) + 1)
    ratings = draw(_maybe(st.lists(st.builds(
        RatingChange, st.sampled_from(ids), st.integers(1, min(9, last)), st.integers(0, 3000)),
        max_size=3).map(tuple)))  # fmt: skip
    decisions = draw(_maybe(st.lists(st.builds(
        Decision, _text, st.sampled_from(ids), _maybe(st.integers(0, 2)), _maybe(_text),
        _maybe(st.integers(1, 9)), _maybe(_text)), max_size=2).map(tuple)))  # fmt: skip
    return Season(
        club=draw(_text), season=draw(_text), competition=draw(_text),
        ruleset=RulesetRef(preset, MappingProxyType(overrides)), players=tuple(players),
        rounds=tuple(rounds), ratings=ratings, decisions=decisions,
    )  # fmt: skip


# --------------------------------------------------------------------------- dumps


def dump_tables(path: Path) -> str:
    """Every table's full content as text, rows sorted: equal text = equal database."""
    con = duckdb.connect(str(path), read_only=True)
    try:
        tables = [r[0] for r in con.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'main' "
            "ORDER BY table_name").fetchall()]  # fmt: skip
        parts = []
        for t in tables:
            rows = con.execute(f'SELECT * FROM "{t}" ORDER BY ALL').fetchall()
            parts.append(f"== {t}\n" + "\n".join(repr(r) for r in rows))
        return "\n".join(parts)
    finally:
        con.close()


# --------------------------------------------------------------------------- self-checks


def test_make_season_is_valid_for_every_preset():
    for preset in PRESETS:
        s = make_season(preset, players=9, rounds=5, seed=len(preset))
        assert season_file.parse(season_file.to_data(s)) == s


def test_full_and_bare_seasons_are_valid():
    for s in (full_season(), bare_season()):
        assert season_file.loads(season_file.dumps(s)) == s


@settings(max_examples=40, deadline=None)
@given(seasons())
def test_generated_seasons_are_valid(s):
    assert season_file.parse(season_file.to_data(s)) == s


def older_database(full: Path, path: Path, version: int) -> None:
    """Write at ``path`` the database an older compcore (schema ``version``) would hold for
    ``full``: the migration steps up to ``version`` only, each of their tables filled with
    their columns from ``full``. Generic, so a later migration (a new column or table) needs
    no change in the tests that open an older database."""
    from compcore.adapters.store import schema

    with duckdb.connect(str(path)) as con:
        con.execute("CREATE TABLE schema_version (version BIGINT PRIMARY KEY, "
                    "applied_at TIMESTAMP NOT NULL)")  # fmt: skip
        for step_version, step in schema.MIGRATIONS:
            if step_version > version:
                break
            step(con) if callable(step) else con.execute(step)  # type: ignore[func-returns-value]
            con.execute("INSERT INTO schema_version VALUES (?, now())", [step_version])
        con.execute(f"ATTACH '{full}' AS full_db (READ_ONLY)")
        tables = [r[0] for r in con.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_catalog = "
            "current_database() AND table_schema = 'main' AND table_name <> 'schema_version'"
        ).fetchall()]  # fmt: skip
        for table in tables:
            columns = ", ".join(f'"{r[0]}"' for r in con.execute(
                "SELECT column_name FROM information_schema.columns "
                "WHERE table_catalog = current_database() AND table_name = ?", [table],
            ).fetchall())  # fmt: skip
            con.execute(f"DELETE FROM main.{table}")  # a step may have made rows (a secret)
            con.execute(f"INSERT INTO main.{table} ({columns}) "
                        f"SELECT {columns} FROM full_db.main.{table}")  # fmt: skip
