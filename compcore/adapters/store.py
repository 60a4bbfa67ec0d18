"""The DuckDB store: every competition of a club, its change log, and the schema migrations.

One database file holds any number of competitions (a club's seasons and groups). A season
goes in and comes out without loss: ``export_season(import_season(x))`` is ``x`` field for
field, including which optional fields a file left out (``docs/store.md``).

Rules every public method keeps:

- **No idle lock.** A :class:`Store` holds no connection between calls: each call opens a
  short-lived connection and closes it, so ``compcore export --db`` (another process, read
  only) works beside a running app. A call that meets another process's lock retries for a
  few seconds, then fails with a clear :class:`StoreError`.
- **One transaction per write.** A write reads the competition, builds the new season,
  checks it exactly as a season file is checked (``season_file.parse``, which runs
  ``check_season`` with the season's ruleset), writes, reads back what it wrote and compares
  it, logs before/after in ``change_log``, and commits. Any failure rolls everything back.
- **Writes need an actor** (:mod:`compcore.adapters.auth`): a Director whose proof matches
  the hash configured for his name, or the local Administrator. Anything else raises
  :class:`NotAuthorized` before the database is touched.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime
from pathlib import Path
from types import MappingProxyType
from typing import Any

import duckdb

from compcore.adapters import auth, season_file
from compcore.adapters.auth import Actor, Administrator, Director
from compcore.errors import CompcoreError, NotAuthorized, SeasonError, StoreError
from compcore.model import (
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
    freeze,
    thaw,
)
from compcore.rulesets import Ruleset

__all__ = [
    "LATEST_VERSION",
    "MIGRATIONS",
    "Administrator",
    "CompetitionInfo",
    "Director",
    "LogEntry",
    "Reader",
    "Store",
    "import_season_file",
    "load_season_readonly",
]

#: how long a call waits for another process's lock on the file before giving up
LOCK_TIMEOUT = 10.0

Connection = duckdb.DuckDBPyConnection

# --------------------------------------------------------------------------- schema

_V1 = """
CREATE TABLE clubs (
    id          BIGINT PRIMARY KEY,
    name        VARCHAR NOT NULL UNIQUE
);
CREATE TABLE competitions (
    id            BIGINT PRIMARY KEY,
    club_id       BIGINT NOT NULL,
    season        VARCHAR NOT NULL,
    competition   VARCHAR NOT NULL,
    preset        VARCHAR NOT NULL,
    overrides     JSON NOT NULL,          -- {} when the file has none
    format        VARCHAR NOT NULL,
    version       BIGINT NOT NULL,
    has_ratings   BOOLEAN NOT NULL,       -- presence markers: "ratings": [] vs no field
    has_decisions BOOLEAN NOT NULL,
    created_at    TIMESTAMP NOT NULL,     -- UTC
    updated_at    TIMESTAMP NOT NULL,
    UNIQUE (club_id, season, competition)
);
CREATE TABLE players (
    competition_id  BIGINT NOT NULL,
    position        INTEGER NOT NULL,     -- order in the file
    id              VARCHAR NOT NULL,
    name            VARCHAR NOT NULL,
    rating          BIGINT,
    strength        BIGINT,
    level           VARCHAR,
    flags           VARCHAR[],            -- NULL: no field; []: "flags": []
    participation   VARCHAR,
    virtual         VARCHAR,
    joined_round    BIGINT,
    withdrawn_round BIGINT,
    PRIMARY KEY (competition_id, id),
    UNIQUE (competition_id, position)
);
CREATE TABLE rating_changes (
    competition_id BIGINT NOT NULL,
    position       INTEGER NOT NULL,
    player         VARCHAR NOT NULL,
    from_round     BIGINT NOT NULL,
    rating         BIGINT NOT NULL,
    PRIMARY KEY (competition_id, position)
);
CREATE TABLE rounds (
    competition_id BIGINT NOT NULL,
    number         BIGINT NOT NULL,
    date           DATE,
    date_text      VARCHAR,               -- only when the file wrote the date unusually
    cycle          BIGINT,
    seed           HUGEINT,
    status         VARCHAR NOT NULL CHECK (status IN ('played', 'open')),  -- games present?
    present        VARCHAR[],
    late           VARCHAR[],
    forced         STRUCT(white VARCHAR, black VARCHAR, reason VARCHAR)[],
    has_entries    BOOLEAN NOT NULL,
    PRIMARY KEY (competition_id, number)
);
CREATE TABLE games (
    competition_id BIGINT NOT NULL,
    round          BIGINT NOT NULL,
    board          INTEGER NOT NULL,      -- order in the round, from 1
    white          VARCHAR NOT NULL,
    black          VARCHAR NOT NULL,
    result         VARCHAR,               -- NULL: not played yet
    "group"        VARCHAR,
    reason         VARCHAR,
    override       VARCHAR,
    PRIMARY KEY (competition_id, round, board)
);
CREATE TABLE entries (
    competition_id BIGINT NOT NULL,
    round          BIGINT NOT NULL,
    position       INTEGER NOT NULL,      -- order in the file
    player         VARCHAR NOT NULL,
    kind           VARCHAR NOT NULL,
    PRIMARY KEY (competition_id, round, player)
);
CREATE TABLE decisions (
    competition_id BIGINT NOT NULL,
    position       INTEGER NOT NULL,
    kind           VARCHAR NOT NULL,
    player         VARCHAR NOT NULL,
    cycle          BIGINT,
    category       VARCHAR,
    round          BIGINT,
    note           VARCHAR,
    PRIMARY KEY (competition_id, position)
);
CREATE TABLE change_log (
    id             BIGINT PRIMARY KEY,
    logged_at      TIMESTAMP NOT NULL,    -- UTC
    actor          VARCHAR NOT NULL,
    competition_id BIGINT,                -- kept after the competition is deleted
    action         VARCHAR NOT NULL,
    reason         VARCHAR,
    before         JSON,                  -- season-file JSON of what changed
    after          JSON
);
"""

Migration = tuple[int, str | Callable[[Connection], None]]

#: Ordered (version, SQL or function). Append, never edit a released step.
MIGRATIONS: list[Migration] = [(1, _V1)]


def _latest() -> int:
    return MIGRATIONS[-1][0]


#: the schema version this code writes (the functions below read MIGRATIONS itself)
LATEST_VERSION = _latest()

# --------------------------------------------------------------------------- public records


@dataclass(frozen=True)
class CompetitionInfo:
    id: int
    club: str
    season: str
    competition: str
    preset: str
    rounds_played: int
    players: int

    @property
    def qualified_name(self) -> str:
        """``club/season/competition``: accepted by ``--competition``."""
        return f"{self.club}/{self.season}/{self.competition}"


@dataclass(frozen=True)
class LogEntry:
    id: int
    at: datetime
    actor: str
    competition_id: int | None
    action: str
    reason: str | None
    before: Any
    after: Any


# --------------------------------------------------------------------------- connections

_write_locks: dict[str, threading.Lock] = {}
_write_locks_guard = threading.Lock()


def _write_lock(path: Path) -> threading.Lock:
    """One lock per database file: writes in one process never interleave."""
    key = str(path.resolve())
    with _write_locks_guard:
        return _write_locks.setdefault(key, threading.Lock())


def _is_busy(exc: duckdb.Error) -> bool:
    text = str(exc)
    return "Could not set lock" in text or "different configuration" in text


@contextmanager
def _connect(path: Path, *, read_only: bool) -> Iterator[Connection]:
    """A short-lived connection, closed on exit; waits while another process holds the file."""
    if read_only:
        if not path.exists():
            raise StoreError(f"{path}: no such database")
        if path.stat().st_size == 0:
            raise StoreError(f"{path}: the database is empty (no competitions)")
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() and path.stat().st_size == 0:
            path.unlink()  # an empty file (e.g. from `touch`) becomes a new database
    deadline = time.monotonic() + LOCK_TIMEOUT
    pause = 0.02
    while True:
        try:
            con = duckdb.connect(str(path), read_only=read_only)
            break
        except duckdb.Error as exc:
            if _is_busy(exc) and time.monotonic() < deadline:
                time.sleep(pause)
                pause = min(pause * 2, 0.1)
                continue
            if _is_busy(exc):
                raise StoreError(
                    f"{path}: the database is in use by another process; try again "
                    f"(waited {LOCK_TIMEOUT:.0f} s)"
                ) from None
            raise StoreError(f"{path}: cannot open the database ({_first_line(exc)})") from None
    try:
        yield con
    finally:
        con.close()


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


# --------------------------------------------------------------------------- migrations


def _schema_version(con: Connection) -> int | None:
    """The schema version, 0 for a database with no tables, None for someone else's data."""
    tables = {
        r[0]
        for r in con.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'main'"
        ).fetchall()
    }
    if "schema_version" not in tables:
        return 0 if not tables else None
    row = con.execute("SELECT max(version) FROM schema_version").fetchone()
    return int(row[0]) if row and row[0] is not None else 0


def _check_version(path: Path, version: int | None) -> int:
    if version is None:
        raise StoreError(f"{path}: not a compcore database (it has tables but no schema_version)")
    if version > _latest():
        raise StoreError(
            f"{path}: database schema version {version} is newer than this compcore knows "
            f"({_latest()}); upgrade compcore to open it"
        )
    return version


def _migrate(con: Connection, path: Path) -> None:
    """Bring the schema up to the last version of :data:`MIGRATIONS` in one transaction."""
    version = _check_version(path, _schema_version(con))
    if version == _latest():
        return
    con.begin()
    try:
        if version == 0:
            con.execute(
                "CREATE TABLE schema_version (version BIGINT PRIMARY KEY, "
                "applied_at TIMESTAMP NOT NULL)"
            )
        for step_version, step in MIGRATIONS:
            if step_version <= version:
                continue
            if callable(step):
                step(con)
            else:
                con.execute(step)
            con.execute("INSERT INTO schema_version VALUES (?, ?)", [step_version, _now()])
        _log(
            con,
            "system:migration",
            None,
            "migrate",
            None,
            {"schema_version": version},
            {"schema_version": _latest()},
        )
        con.commit()
    except Exception as exc:
        con.rollback()
        # another thread of this process may have migrated meanwhile
        if _schema_version(con) == _latest():
            return
        raise StoreError(
            f"{path}: migrating the schema from version {version} to {_latest()} failed "
            f"({_first_line(exc)}); the database is unchanged"
        ) from None


# --------------------------------------------------------------------------- reading


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def _tuple(values: Sequence[Any] | None) -> tuple[Any, ...] | None:
    return None if values is None else tuple(values)


def _read_season(con: Connection, competition_id: int) -> Season:
    """The whole season in seven queries, whatever its size."""
    head = con.execute(
        """SELECT cl.name, c.season, c.competition, c.preset, c.overrides, c.format,
                  c.version, c.has_ratings, c.has_decisions
           FROM competitions c JOIN clubs cl ON cl.id = c.club_id WHERE c.id = ?""",
        [competition_id],
    ).fetchone()
    if head is None:
        raise StoreError(f"no competition with id {competition_id}")
    club, season_name, competition, preset, overrides, fmt, version, has_r, has_d = head
    players = tuple(
        Player(pid, name, rating, strength, level, _tuple(flags), participation, virtual,
               joined, withdrawn)
        for pid, name, rating, strength, level, flags, participation, virtual, joined, withdrawn
        in con.execute(
            """SELECT id, name, rating, strength, level, flags, participation, virtual,
                      joined_round, withdrawn_round
               FROM players WHERE competition_id = ? ORDER BY position""",
            [competition_id],
        ).fetchall()
    )  # fmt: skip
    ratings = tuple(
        RatingChange(player, from_round, rating)
        for player, from_round, rating in con.execute(
            "SELECT player, from_round, rating FROM rating_changes "
            "WHERE competition_id = ? ORDER BY position",
            [competition_id],
        ).fetchall()
    )
    decisions = tuple(
        Decision(*row)
        for row in con.execute(
            "SELECT kind, player, cycle, category, round, note FROM decisions "
            "WHERE competition_id = ? ORDER BY position",
            [competition_id],
        ).fetchall()
    )
    games: dict[int, list[Game]] = {}
    for number, white, black, result, group, reason, override in con.execute(
        """SELECT round, white, black, result, "group", reason, override FROM games
           WHERE competition_id = ? ORDER BY round, board""",
        [competition_id],
    ).fetchall():
        games.setdefault(number, []).append(
            Game(white, black, None if result is None else Result(result), group, reason, override)
        )
    entries: dict[int, dict[str, Kind]] = {}
    for number, player, kind in con.execute(
        "SELECT round, player, kind FROM entries WHERE competition_id = ? ORDER BY round, position",
        [competition_id],
    ).fetchall():
        entries.setdefault(number, {})[player] = Kind(kind)
    rounds = []
    for (number, day, day_text, cycle, seed, status, present, late, forced,
         has_entries) in con.execute(
        """SELECT number, date, date_text, cycle, seed, status, present, late, forced,
                  has_entries
           FROM rounds WHERE competition_id = ? ORDER BY number""",
        [competition_id],
    ).fetchall():  # fmt: skip
        rounds.append(
            Round(
                number=number,
                date=day_text
                if day_text is not None
                else (None if day is None else day.isoformat()),
                cycle=cycle,
                games=tuple(games.get(number, ())) if status == "played" else None,
                entries=MappingProxyType(entries.get(number, {})) if has_entries else None,
                present=_tuple(present),
                forced=None
                if forced is None
                else tuple(ForcedGame(g["white"], g["black"], g["reason"]) for g in forced),
                seed=None if seed is None else int(seed),
                late=_tuple(late),
            )
        )
    return Season(
        club=club,
        season=season_name,
        competition=competition,
        ruleset=RulesetRef(preset, freeze(json.loads(overrides))),
        players=players,
        rounds=tuple(rounds),
        ratings=ratings if has_r else None,
        decisions=decisions if has_d else None,
        format=fmt,
        version=version,
    )


def _competitions(con: Connection) -> list[CompetitionInfo]:
    rows = con.execute(
        """SELECT c.id, cl.name, c.season, c.competition, c.preset,
                  (SELECT count(*) FROM rounds r
                   WHERE r.competition_id = c.id AND r.status = 'played'),
                  (SELECT count(*) FROM players p WHERE p.competition_id = c.id)
           FROM competitions c JOIN clubs cl ON cl.id = c.club_id
           ORDER BY cl.name, c.season, c.competition, c.id"""
    ).fetchall()
    return [CompetitionInfo(*row) for row in rows]


def _read_log(con: Connection, competition_id: int | None, limit: int) -> list[LogEntry]:
    where, params = (
        ("", []) if competition_id is None else ("WHERE competition_id = ?", [competition_id])
    )
    rows = con.execute(
        f"SELECT id, logged_at, actor, competition_id, action, reason, before, after "
        f"FROM change_log {where} ORDER BY id DESC LIMIT ?",
        [*params, limit],
    ).fetchall()
    return [
        LogEntry(id_, at.replace(tzinfo=UTC), actor, cid, action, reason,
                 None if before is None else json.loads(before),
                 None if after is None else json.loads(after))
        for id_, at, actor, cid, action, reason, before, after in rows
    ]  # fmt: skip


# --------------------------------------------------------------------------- writing


def _insert(
    con: Connection, table: str, columns: Sequence[tuple[str, str]], rows: Sequence[Sequence[Any]]
) -> None:
    """Insert ``rows`` with one statement: each column goes in as one list parameter."""
    if not rows:
        return
    names = ", ".join(f'"{name}"' for name, _ in columns)
    select = ", ".join(f"unnest(?::{kind}[])" for _, kind in columns)
    con.execute(
        f"INSERT INTO {table} ({names}) SELECT {select}",
        [list(column) for column in zip(*rows, strict=True)],
    )


_PLAYER_COLUMNS = (
    ("competition_id", "BIGINT"), ("position", "INTEGER"), ("id", "VARCHAR"),
    ("name", "VARCHAR"), ("rating", "BIGINT"), ("strength", "BIGINT"), ("level", "VARCHAR"),
    ("flags", "VARCHAR[]"), ("participation", "VARCHAR"), ("virtual", "VARCHAR"),
    ("joined_round", "BIGINT"), ("withdrawn_round", "BIGINT"),
)  # fmt: skip
_RATING_COLUMNS = (
    ("competition_id", "BIGINT"), ("position", "INTEGER"), ("player", "VARCHAR"),
    ("from_round", "BIGINT"), ("rating", "BIGINT"),
)  # fmt: skip
_DECISION_COLUMNS = (
    ("competition_id", "BIGINT"), ("position", "INTEGER"), ("kind", "VARCHAR"),
    ("player", "VARCHAR"), ("cycle", "BIGINT"), ("category", "VARCHAR"), ("round", "BIGINT"),
    ("note", "VARCHAR"),
)  # fmt: skip
_ROUND_COLUMNS = (
    ("competition_id", "BIGINT"), ("number", "BIGINT"), ("date", "DATE"),
    ("date_text", "VARCHAR"), ("cycle", "BIGINT"), ("seed", "HUGEINT"), ("status", "VARCHAR"),
    ("present", "VARCHAR[]"), ("late", "VARCHAR[]"),
    ("forced", "STRUCT(white VARCHAR, black VARCHAR, reason VARCHAR)[]"),
    ("has_entries", "BOOLEAN"),
)  # fmt: skip
_GAME_COLUMNS = (
    ("competition_id", "BIGINT"), ("round", "BIGINT"), ("board", "INTEGER"),
    ("white", "VARCHAR"), ("black", "VARCHAR"), ("result", "VARCHAR"), ("group", "VARCHAR"),
    ("reason", "VARCHAR"), ("override", "VARCHAR"),
)  # fmt: skip
_ENTRY_COLUMNS = (
    ("competition_id", "BIGINT"), ("round", "BIGINT"), ("position", "INTEGER"),
    ("player", "VARCHAR"), ("kind", "VARCHAR"),
)  # fmt: skip


def _put_players(con: Connection, cid: int, players: Sequence[Player]) -> None:
    con.execute("DELETE FROM players WHERE competition_id = ?", [cid])
    _insert(con, "players", _PLAYER_COLUMNS, [
        (cid, i, p.id, p.name, p.rating, p.strength, p.level, _list(p.flags), p.participation,
         p.virtual, p.joined_round, p.withdrawn_round)
        for i, p in enumerate(players)
    ])  # fmt: skip


def _put_ratings(con: Connection, cid: int, ratings: Sequence[RatingChange] | None) -> None:
    con.execute("DELETE FROM rating_changes WHERE competition_id = ?", [cid])
    _insert(con, "rating_changes", _RATING_COLUMNS, [
        (cid, i, r.player, r.from_round, r.rating) for i, r in enumerate(ratings or ())
    ])  # fmt: skip


def _put_decisions(con: Connection, cid: int, decisions: Sequence[Decision] | None) -> None:
    con.execute("DELETE FROM decisions WHERE competition_id = ?", [cid])
    _insert(con, "decisions", _DECISION_COLUMNS, [
        (cid, i, d.kind, d.player, d.cycle, d.category, d.round, d.note)
        for i, d in enumerate(decisions or ())
    ])  # fmt: skip


def _list(values: Sequence[Any] | None) -> list[Any] | None:
    return None if values is None else list(values)


def _date_columns(text: str | None) -> tuple[date | None, str | None]:
    if text is None:
        return None, None
    day = date.fromisoformat(text)  # checked by season_file.parse before we get here
    return day, None if day.isoformat() == text else text


def _put_rounds(con: Connection, cid: int, rounds: Sequence[Round]) -> None:
    """Insert rounds (their old rows must be gone) with their games and entries."""
    round_rows, game_rows, entry_rows = [], [], []
    for r in rounds:
        day, day_text = _date_columns(r.date)
        round_rows.append((
            cid, r.number, day, day_text, r.cycle, r.seed,
            "open" if r.games is None else "played", _list(r.present), _list(r.late),
            None if r.forced is None
            else [{"white": g.white, "black": g.black, "reason": g.reason} for g in r.forced],
            r.entries is not None,
        ))  # fmt: skip
        for board, g in enumerate(r.games or (), start=1):
            game_rows.append((
                cid, r.number, board, g.white, g.black,
                None if g.result is None else g.result.value, g.group, g.reason, g.override,
            ))  # fmt: skip
        for i, (player, kind) in enumerate((r.entries or {}).items()):
            entry_rows.append((cid, r.number, i, player, kind.value))
    _insert(con, "rounds", _ROUND_COLUMNS, round_rows)
    _insert(con, "games", _GAME_COLUMNS, game_rows)
    _insert(con, "entries", _ENTRY_COLUMNS, entry_rows)


def _delete_rounds(con: Connection, cid: int, number: int | None = None) -> None:
    """Delete one round (or all) of a competition with its games and entries."""
    where, params = (
        ("competition_id = ?", [cid])
        if number is None
        else ("competition_id = ? AND round = ?", [cid, number])
    )
    con.execute(f"DELETE FROM games WHERE {where}", params)
    con.execute(f"DELETE FROM entries WHERE {where}", params)
    con.execute(f"DELETE FROM rounds WHERE {where.replace('round =', 'number =')}", params)


def _club_id(con: Connection, name: str) -> int:
    row = con.execute("SELECT id FROM clubs WHERE name = ?", [name]).fetchone()
    if row:
        return int(row[0])
    new = int(con.execute("SELECT coalesce(max(id), 0) + 1 FROM clubs").fetchone()[0])
    con.execute("INSERT INTO clubs VALUES (?, ?)", [new, name])
    return new


def _drop_unused_clubs(con: Connection) -> None:
    con.execute("DELETE FROM clubs WHERE id NOT IN (SELECT club_id FROM competitions)")


def _put_head(con: Connection, cid: int, season: Season) -> None:
    """Insert or replace the competitions row (never reusing another competition's name)."""
    row = con.execute("SELECT created_at FROM competitions WHERE id = ?", [cid]).fetchone()
    club = _club_id(con, season.club)
    clash = con.execute(
        "SELECT id FROM competitions WHERE club_id = ? AND season = ? AND competition = ? "
        "AND id <> ?",
        [club, season.season, season.competition, cid],
    ).fetchone()
    if clash:
        raise StoreError(
            f"{_name(season)} already exists in this database (competition id {clash[0]})"
        )
    now = _now()
    con.execute("DELETE FROM competitions WHERE id = ?", [cid])
    con.execute(
        "INSERT INTO competitions VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [cid, club, season.season, season.competition, season.ruleset.preset,
         json.dumps(thaw(season.ruleset.overrides), ensure_ascii=False), season.format,
         season.version, season.ratings is not None, season.decisions is not None,
         row[0] if row else now, now],
    )  # fmt: skip
    _drop_unused_clubs(con)


def _touch(con: Connection, cid: int) -> None:
    con.execute("UPDATE competitions SET updated_at = ? WHERE id = ?", [_now(), cid])


def _put_season(con: Connection, cid: int, season: Season) -> None:
    _delete_competition_rows(con, cid)
    _put_head(con, cid, season)
    _put_players(con, cid, season.players)
    _put_ratings(con, cid, season.ratings)
    _put_decisions(con, cid, season.decisions)
    _put_rounds(con, cid, season.rounds)


def _delete_competition_rows(con: Connection, cid: int) -> None:
    for table in ("players", "rating_changes", "decisions"):
        con.execute(f"DELETE FROM {table} WHERE competition_id = ?", [cid])
    _delete_rounds(con, cid)


def _new_competition_id(con: Connection) -> int:
    # never reuse an id, not even a deleted competition's: its log rows keep pointing at it
    row = con.execute(
        """SELECT coalesce(max(id), 0) + 1 FROM (
               SELECT id FROM competitions UNION ALL
               SELECT competition_id FROM change_log WHERE competition_id IS NOT NULL)"""
    ).fetchone()
    return int(row[0])


def _log(
    con: Connection,
    actor: str,
    cid: int | None,
    action: str,
    reason: str | None,
    before: Any,
    after: Any,
) -> None:
    new = int(con.execute("SELECT coalesce(max(id), 0) + 1 FROM change_log").fetchone()[0])
    con.execute(
        "INSERT INTO change_log VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [new, _now(), actor, cid, action, reason,
         None if before is None else json.dumps(before, ensure_ascii=False),
         None if after is None else json.dumps(after, ensure_ascii=False)],
    )  # fmt: skip


# --------------------------------------------------------------------------- checking


def _name(season: Season) -> str:
    return f"{season.club} / {season.season} / {season.competition}"


def _validated(season: Season, source: str) -> Season:
    """The season as a season file would give it, checked like one; SeasonError if not.

    ``season_file.parse`` checks the shape (types, required fields, known results and
    kinds) and runs ``check_season`` with the season's ruleset.
    """
    try:
        data = season_file.to_data(season)
        json.dumps(data)
    except Exception as exc:
        raise SeasonError(
            f"{source}: not a valid season ({type(exc).__name__}: {_first_line(exc)})"
        ) from None
    return season_file.parse(data, source)


def _same(a: Season, b: Season) -> bool:
    """Equal as season files: fields, and the order of entries and override keys too."""
    return (
        a == b
        and [list(r.entries or ()) for r in a.rounds] == [list(r.entries or ()) for r in b.rounds]
        and json.dumps(thaw(a.ruleset.overrides)) == json.dumps(thaw(b.ruleset.overrides))
    )


def _part(season: Season, what: str, item: Any) -> Any:
    """One player, round, rating or decision as season-file JSON (for the change log)."""
    if item is None:
        return None
    return season_file.to_data(replace(season, **{what: (item,)}))[what][0]


def _ruleset_data(ref: RulesetRef) -> dict[str, Any]:
    return {"preset": ref.preset, "overrides": thaw(ref.overrides)}


# --------------------------------------------------------------------------- the store


class Reader:
    """Reads over one open connection (:meth:`Store.reader`); each read sees one snapshot."""

    def __init__(self, con: Connection, path: Path) -> None:
        self._con = con
        self._path = path

    def _snapshot(self, read: Callable[[Connection], Any]) -> Any:
        # several queries in one transaction: a write in another thread of this process
        # cannot land between them
        self._con.begin()
        try:
            return read(self._con)
        except duckdb.Error as exc:
            raise StoreError(f"{self._path}: {_first_line(exc)}") from None
        finally:
            self._con.rollback()

    def competitions(self) -> list[CompetitionInfo]:
        return self._snapshot(_competitions)

    def load(self, competition_id: int) -> Season:
        return self._snapshot(lambda con: _read_season(con, competition_id))

    def export_season(self, competition_id: int) -> Season:
        return self.load(competition_id)

    def log(self, competition_id: int | None = None, limit: int = 100) -> list[LogEntry]:
        return self._snapshot(lambda con: _read_log(con, competition_id, limit))


class Store:
    """A compcore database file. Cheap to create; holds no connection between calls."""

    def __init__(
        self,
        path: str | Path,
        *,
        director_hash: str | None = None,
        directors: auth.Directors | None = None,
    ) -> None:
        self.path = Path(path)
        # a malformed hash is a configuration mistake: say so now, not at the first login
        self._directors = auth.configure(directors.entries if directors else None, director_hash)
        try:
            with self._lock, _connect(self.path, read_only=False) as con:
                _migrate(con, self.path)
        except duckdb.Error as exc:
            raise StoreError(f"{self.path}: {_first_line(exc)}") from None

    @property
    def _lock(self) -> threading.Lock:
        return _write_lock(self.path)

    @property
    def director_login_enabled(self) -> bool:
        """Whether any director is configured (else every page is read-only)."""
        return bool(self._directors)

    # ---------------------------------------------------------------- reads

    @contextmanager
    def reader(self) -> Iterator[Reader]:
        """One short-lived connection for several reads (e.g. one page's script run).

        Opening a DuckDB file costs tens of milliseconds; a page that needs the list of
        competitions, a season and its log saves that twice. Keep it only for the run: the
        file stays locked for other processes while it is open.
        """
        try:
            with _connect(self.path, read_only=False) as con:
                yield Reader(con, self.path)
        except duckdb.Error as exc:
            raise StoreError(f"{self.path}: {_first_line(exc)}") from None

    def competitions(self) -> list[CompetitionInfo]:
        with self.reader() as r:
            return r.competitions()

    def load(self, competition_id: int) -> Season:
        with self.reader() as r:
            return r.load(competition_id)

    def export_season(self, competition_id: int) -> Season:
        """The season as stored, ready for ``season_file.dump``."""
        return self.load(competition_id)

    def ruleset(self, competition_id: int) -> Ruleset:
        """The competition's ruleset (its preset with its overrides)."""
        season = self.load(competition_id)
        return season_file.ruleset_of(season, _name(season))

    def log(self, competition_id: int | None = None, limit: int = 100) -> list[LogEntry]:
        """The newest ``limit`` log entries, newest first (of one competition, or all)."""
        with self.reader() as r:
            return r.log(competition_id, limit)

    # ---------------------------------------------------------------- writes

    def _authorize(self, actor: Any) -> str:
        if type(actor) is Administrator:
            return actor.label
        if type(actor) is Director:
            if auth.is_valid_director(actor, self._directors):
                return actor.label
            raise NotAuthorized(
                "this director login is not valid for this database; log in again"
                if self._directors
                else "no director password is configured: the app is read-only"
            )
        raise NotAuthorized("only a logged-in tournament director can change the competition")

    @contextmanager
    def _transaction(self, actor: Any) -> Iterator[tuple[Connection, str]]:
        """Authorize, then one transaction: commit on success, roll back on any error."""
        label = self._authorize(actor)
        with self._lock, _connect(self.path, read_only=False) as con:
            con.begin()
            try:
                yield con, label
                con.commit()
            except CompcoreError:
                con.rollback()
                raise
            except duckdb.Error as exc:
                con.rollback()
                raise StoreError(
                    f"{self.path}: the database refused the change ({_first_line(exc)}); "
                    "nothing was changed"
                ) from None
            except BaseException:
                con.rollback()
                raise

    @staticmethod
    def _verify_written(con: Connection, cid: int, expected: Season) -> None:
        """Read back what was written: the store never keeps a season it cannot give back."""
        stored = _read_season(con, cid)
        if not _same(stored, expected):
            raise StoreError(
                f"{_name(expected)}: the stored season differs from the one written "
                "(a bug in compcore's store); nothing was changed"
            )

    def _change(
        self,
        competition_id: int,
        actor: Any,
        action: str,
        reason: str | None,
        edit: Callable[[Season], tuple[Season, Any, Any]],  # new season, before, after
        write: Callable[[Connection, Season], None],
    ) -> Season:
        """The common write: read, edit, validate, write, verify, log; returns the new season."""
        if not isinstance(action, str) or not action.strip():
            raise StoreError("a change needs an action name")
        with self._transaction(actor) as (con, label):
            old = _read_season(con, competition_id)
            edited, before, after = edit(old)
            new = _validated(edited, f"{_name(old)}: {action}")
            write(con, new)
            _touch(con, competition_id)
            self._verify_written(con, competition_id, new)
            after_data = after(new) if callable(after) else after
            _log(con, label, competition_id, action, reason, before, after_data)
        return new

    def import_season(self, season: Season, *, actor: Actor, replace: bool = False) -> int:
        """Store a whole season; its competition id. An existing (club, season, competition)
        is refused unless ``replace`` (which keeps its id and logs what was replaced)."""
        self._authorize(actor)  # before anything else, even the validation
        new = _validated(season, _name(season) if isinstance(season, Season) else "season")
        with self._transaction(actor) as (con, label):
            row = con.execute(
                """SELECT c.id FROM competitions c JOIN clubs cl ON cl.id = c.club_id
                   WHERE cl.name = ? AND c.season = ? AND c.competition = ?""",
                [new.club, new.season, new.competition],
            ).fetchone()
            if row and not replace:
                raise StoreError(
                    f"{_name(new)} already exists in {self.path} (competition id {row[0]}); "
                    "use --replace to overwrite it"
                )
            before = season_file.to_data(_read_season(con, row[0])) if row else None
            cid = int(row[0]) if row else _new_competition_id(con)
            _put_season(con, cid, new)
            self._verify_written(con, cid, new)
            action = "replace" if row else "import"
            _log(con, label, cid, action, None, before, season_file.to_data(new))
        return cid

    def save_season(
        self,
        competition_id: int,
        season: Season,
        *,
        actor: Actor,
        action: str,
        reason: str | None = None,
    ) -> None:
        """Replace a competition's whole season (a multi-part edit) in one logged write."""
        self._change(
            competition_id, actor, action, reason,
            lambda old: (season, season_file.to_data(old), season_file.to_data),
            lambda con, new: _put_season(con, competition_id, new),
        )  # fmt: skip

    def save_round(
        self,
        competition_id: int,
        rnd: Round,
        *,
        actor: Actor,
        action: str,
        reason: str | None = None,
    ) -> None:
        """Insert the round, or replace the round with the same number."""
        number = getattr(rnd, "number", None)

        def edit(old: Season) -> tuple[Season, Any, Any]:
            if not isinstance(rnd, Round):
                raise SeasonError(f"{_name(old)}: not a round: {type(rnd).__name__}")
            previous = next((r for r in old.rounds if r.number == number), None)
            return (old.with_round(rnd), _part(old, "rounds", previous),
                    lambda new: _part(new, "rounds", new.round(number)))  # fmt: skip

        def write(con: Connection, new: Season) -> None:
            _delete_rounds(con, competition_id, number)
            _put_rounds(con, competition_id, [new.round(number)])

        self._change(competition_id, actor, action, reason, edit, write)

    def delete_round(
        self, competition_id: int, number: int, *, actor: Actor, reason: str | None = None
    ) -> Round:
        """Remove the last round (undo); returns it. The log keeps what was removed."""
        removed: list[Round] = []

        def edit(old: Season) -> tuple[Season, Any, Any]:
            if not old.rounds:
                raise StoreError(f"{_name(old)}: there is no round to delete")
            last = old.rounds[-1]
            if last.number != number:
                raise StoreError(
                    f"{_name(old)}: only the last round ({last.number}) can be deleted, "
                    f"not round {number}"
                )
            removed.append(last)
            return old.without_round(number), _part(old, "rounds", last), None

        def write(con: Connection, new: Season) -> None:
            _delete_rounds(con, competition_id, number)

        self._change(competition_id, actor, "delete-round", reason, edit, write)
        return removed[0]

    def save_player(
        self, competition_id: int, player: Player, *, actor: Actor, reason: str | None = None
    ) -> None:
        """Add a player (at the end) or edit one (by id, keeping the order)."""

        def edit(old: Season) -> tuple[Season, Any, Any]:
            if not isinstance(player, Player):
                raise SeasonError(f"{_name(old)}: not a player: {type(player).__name__}")
            previous = next((p for p in old.players if p.id == player.id), None)
            players = (
                tuple(player if p.id == player.id else p for p in old.players)
                if previous else (*old.players, player)
            )  # fmt: skip
            return (replace(old, players=players), _part(old, "players", previous),
                    _part(old, "players", player))  # fmt: skip

        self._change(
            competition_id, actor, "save-player", reason, edit,
            lambda con, new: _put_players(con, competition_id, new.players),
        )  # fmt: skip

    def save_rating(
        self, competition_id: int, change: RatingChange, *, actor: Actor, reason: str | None = None
    ) -> None:
        """Add a rating change, or replace the one of that player from that round."""

        def edit(old: Season) -> tuple[Season, Any, Any]:
            if not isinstance(change, RatingChange):
                raise SeasonError(f"{_name(old)}: not a rating change: {type(change).__name__}")
            ratings = old.ratings or ()
            same = lambda r: (r.player, r.from_round) == (change.player, change.from_round)  # noqa: E731
            previous = next((r for r in ratings if same(r)), None)
            new = (tuple(change if same(r) else r for r in ratings) if previous
                   else (*ratings, change))  # fmt: skip
            return (replace(old, ratings=new), _part(old, "ratings", previous),
                    _part(old, "ratings", change))  # fmt: skip

        def write(con: Connection, new: Season) -> None:
            _put_ratings(con, competition_id, new.ratings)
            con.execute("UPDATE competitions SET has_ratings = true WHERE id = ?", [competition_id])

        self._change(competition_id, actor, "save-rating", reason, edit, write)

    def set_ruleset(
        self, competition_id: int, ref: RulesetRef, *, actor: Actor, reason: str | None = None
    ) -> None:
        """Change the preset or overrides; refused if the ruleset, or the season under it,
        is not valid."""

        def edit(old: Season) -> tuple[Season, Any, Any]:
            if not isinstance(ref, RulesetRef):
                raise SeasonError(f"{_name(old)}: not a ruleset reference: {type(ref).__name__}")
            new = replace(old, ruleset=ref)
            season_file.ruleset_of(new, f"{_name(old)}: ruleset")  # load_ruleset, named error
            return new, _ruleset_data(old.ruleset), _ruleset_data(ref)

        def write(con: Connection, new: Season) -> None:
            con.execute(
                "UPDATE competitions SET preset = ?, overrides = ? WHERE id = ?",
                [new.ruleset.preset, json.dumps(thaw(new.ruleset.overrides), ensure_ascii=False),
                 competition_id],
            )  # fmt: skip

        self._change(competition_id, actor, "set-ruleset", reason, edit, write)

    def add_decision(
        self, competition_id: int, decision: Decision, *, actor: Actor, reason: str | None = None
    ) -> None:
        """Record a director's decision (barrage or play-off winner, ...)."""

        def edit(old: Season) -> tuple[Season, Any, Any]:
            if not isinstance(decision, Decision):
                raise SeasonError(f"{_name(old)}: not a decision: {type(decision).__name__}")
            return (replace(old, decisions=(*(old.decisions or ()), decision)), None,
                    _part(old, "decisions", decision))  # fmt: skip

        def write(con: Connection, new: Season) -> None:
            _put_decisions(con, competition_id, new.decisions)
            con.execute(
                "UPDATE competitions SET has_decisions = true WHERE id = ?", [competition_id]
            )

        self._change(competition_id, actor, "add-decision", reason, edit, write)

    def delete_competition(
        self, competition_id: int, *, actor: Actor, reason: str | None = None
    ) -> Season:
        """Remove a whole competition; returns it. The log keeps it (``before``)."""
        with self._transaction(actor) as (con, label):
            old = _read_season(con, competition_id)
            _delete_competition_rows(con, competition_id)
            con.execute("DELETE FROM competitions WHERE id = ?", [competition_id])
            _drop_unused_clubs(con)
            before = season_file.to_data(old)
            _log(con, label, competition_id, "delete-competition", reason, before, None)
        return old


# --------------------------------------------------------------------------- for the CLI


def _choose(path: Path, infos: list[CompetitionInfo], competition: str | None) -> CompetitionInfo:
    if not infos:
        raise StoreError(f"{path}: the database holds no competitions")
    names = ", ".join(i.qualified_name for i in infos)
    if competition is None:
        if len(infos) == 1:
            return infos[0]
        raise StoreError(f"{path}: holds {len(infos)} competitions; choose one with "
                         f"--competition (one of: {names})")  # fmt: skip
    for form in (
        lambda i: i.competition,
        lambda i: f"{i.season}/{i.competition}",
        lambda i: i.qualified_name,
        lambda i: str(i.id),
    ):
        found = [i for i in infos if form(i) == competition]
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            choices = ", ".join(i.qualified_name for i in found)
            raise StoreError(f"{path}: competition {competition!r} is ambiguous; "
                             f"name it as season/competition or club/season/competition "
                             f"(one of: {choices})")  # fmt: skip
    raise StoreError(f"{path}: no competition {competition!r} (there are: {names})")


def load_season_readonly(
    path: str | Path, competition: str | None = None
) -> tuple[Season, Ruleset]:
    """A competition's season and ruleset, opening the file read-only (works beside the app).

    ``competition`` is a competition name, ``season/competition``,
    ``club/season/competition`` or the numeric id; None picks the only competition.
    """
    path = Path(path)
    try:
        with _connect(path, read_only=True) as con:
            version = _check_version(path, _schema_version(con))
            if version == 0:
                raise StoreError(f"{path}: the database holds no competitions")
            if version < _latest():
                raise StoreError(
                    f"{path}: database schema version {version} is older than this compcore's "
                    f"({_latest()}); open it once read-write (the app, or compcore import) "
                    "to migrate it"
                )
            chosen = _choose(path, _competitions(con), competition)
            season = _read_season(con, chosen.id)
    except duckdb.Error as exc:
        raise StoreError(f"{path}: {_first_line(exc)}") from None
    return season, season_file.ruleset_of(season, f"{path}: {chosen.qualified_name}")


def import_season_file(path: str | Path, season: Season, *, replace: bool = False) -> int:
    """``compcore import``: store ``season`` as the local administrator; its competition id."""
    return Store(path).import_season(season, actor=Administrator("command-line"), replace=replace)
