"""Row mapping: a :class:`~compcore.domain.model.Season` as rows of the schema's tables and back,
the list of competitions, and the change log.

The store keeps an absent optional field apart from an empty one (``docs/store.md``,
"Lossless"): a NULL column is an absent field, ``[]`` an empty one; ``has_*`` columns and
``rounds.status`` say whether a list was present; ``position`` columns keep every order.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, date, datetime
from types import MappingProxyType
from typing import Any

from compcore.adapters.store.database import Connection, RowInserts
from compcore.domain.errors import StoreError
from compcore.domain.model import (
    Calendar,
    Decision,
    ForcedGame,
    Game,
    Kind,
    Player,
    PlayerChange,
    RatingChange,
    Result,
    Round,
    RulesetRef,
    Season,
    freeze,
    thaw,
)
from compcore.domain.reason import Reason
from compcore.ports.values import CompetitionInfo, LogEntry
from compcore.rules.changes import name


def now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def _tuple(values: Sequence[Any] | None) -> tuple[Any, ...] | None:
    return None if values is None else tuple(values)


def read_season(con: Connection, competition_id: int) -> Season:
    """The whole season in seven queries, whatever its size."""
    head = con.execute(
        """SELECT cl.name, c.season, c.competition, c.preset, c.overrides, c.format,
                  c.version, c.has_ratings, c.has_decisions, c.calendar, c.ladder
           FROM competitions c JOIN clubs cl ON cl.id = c.club_id WHERE c.id = ?""",
        [competition_id],
    ).fetchone()
    if head is None:
        raise StoreError.at((), "store.no_id", id=competition_id)
    club, season_name, competition, preset, overrides, fmt, version, has_r, has_d, cal, ladder = (
        head
    )
    players = tuple(
        Player(pid, name, rating, strength, level, _tuple(flags), participation, virtual,
               joined, withdrawn, knsb_id, fide_id)
        for (pid, name, rating, strength, level, flags, participation, virtual, joined,
             withdrawn, knsb_id, fide_id)
        in con.execute(
            """SELECT id, name, rating, strength, level, flags, participation, virtual,
                      joined_round, withdrawn_round, knsb_id, fide_id
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
    history = read_roster_changes(con, competition_id)
    games: dict[int, list[Game]] = {}
    for number, white, black, result, group, *why in con.execute(
        """SELECT round, white, black, result, "group", reason, reason_message, override,
                  override_message FROM games
           WHERE competition_id = ? ORDER BY round, board""",
        [competition_id],
    ).fetchall():
        reason, override = _stored(*why[:2]), _stored(*why[2:])
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
         has_entries, finalized, ladder_round, forced_groups) in con.execute(
        """SELECT number, date, date_text, cycle, seed, status, present, late, forced,
                  has_entries, finalized, ladder_round, forced_groups
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
                forced=_forced(forced, forced_groups),
                seed=None if seed is None else int(seed),
                late=_tuple(late),
                finalized=finalized,
                ladder_round=ladder_round,
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
        roster_changes=history,
        format=fmt,
        version=version,
        calendar=_calendar(cal),
        ladder=ladder,
    )


def _forced(
    forced: str | Sequence[dict[str, Any]] | None, groups: Sequence[str | None] | None
) -> tuple[ForcedGame, ...] | None:
    """The forced column (on PostgreSQL its JSON) with its tags (``forced_groups``)."""
    if forced is None:
        return None
    forced = json.loads(forced) if isinstance(forced, str) else forced
    tags = list(groups) if groups is not None else [None] * len(forced)
    return tuple(
        ForcedGame(g["white"], g["black"], g["reason"], tag)
        for g, tag in zip(forced, tags, strict=True)
    )


def _calendar(text: str | None) -> Calendar | None:
    """The calendar column (JSON as the season file writes it) as a :class:`Calendar`."""
    if text is None:
        return None
    data = json.loads(text)
    return Calendar(data["weekday"], tuple(data["holidays"]), tuple(data["dates"]))


def _calendar_json(calendar: Calendar | None) -> str | None:
    if calendar is None:
        return None
    data = {"weekday": calendar.weekday, "holidays": list(calendar.holidays),
            "dates": list(calendar.dates)}  # fmt: skip
    return json.dumps(data)


def read_roster_changes(con: Connection, cid: int) -> tuple[PlayerChange, ...] | None:
    """The roster history (None: the season has no such field)."""
    marked = con.execute(
        "SELECT 1 FROM roster_histories WHERE competition_id = ?", [cid]
    ).fetchone()
    if marked is None:
        return None
    return tuple(
        PlayerChange(player, from_round, level, _tuple(flags))
        for player, from_round, level, flags in con.execute(
            "SELECT player, from_round, level, flags FROM player_changes "
            "WHERE competition_id = ? ORDER BY position",
            [cid],
        ).fetchall()
    )


def competitions(con: Connection) -> list[CompetitionInfo]:
    """Every competition, sorted here (by code points, whatever the collation)."""
    rows = con.execute(
        """SELECT c.id, cl.name, c.season, c.competition, c.preset,
                  (SELECT count(*) FROM rounds r
                   WHERE r.competition_id = c.id AND r.status = 'played'),
                  (SELECT count(*) FROM players p WHERE p.competition_id = c.id),
                  coalesce(c.archived, false), c.ladder
           FROM competitions c JOIN clubs cl ON cl.id = c.club_id"""
    ).fetchall()
    return [CompetitionInfo(*r) for r in sorted(rows, key=lambda r: (*r[1:4], r[0]))]


def competitions_with_decision(con: Connection, kind: str, note: str) -> set[int]:
    """The competitions holding a decision of ``kind`` whose note is ``note``."""
    found = con.execute(
        "SELECT DISTINCT competition_id FROM decisions WHERE kind = ? AND note = ?", [kind, note]
    ).fetchall()
    return {cid for (cid,) in found}


def revision(con: Connection) -> int:
    """The newest change-log id (0: nothing logged yet)."""
    row = con.execute("SELECT coalesce(max(id), 0) FROM change_log").fetchone()
    return int(row[0]) if row else 0


def read_log(con: Connection, competition_id: int | None, limit: int) -> list[LogEntry]:
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
    """Insert ``rows`` in one statement, a column as one list (PostgreSQL: its own way)."""
    if not rows:
        return
    if isinstance(con, RowInserts):
        return con.insert_rows(table, columns, rows)
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
    ("joined_round", "BIGINT"), ("withdrawn_round", "BIGINT"), ("knsb_id", "VARCHAR"),
    ("fide_id", "VARCHAR"),
)  # fmt: skip
_RATING_COLUMNS = (
    ("competition_id", "BIGINT"), ("position", "INTEGER"), ("player", "VARCHAR"),
    ("from_round", "BIGINT"), ("rating", "BIGINT"),
)  # fmt: skip
_CHANGE_COLUMNS = (
    ("competition_id", "BIGINT"), ("position", "INTEGER"), ("player", "VARCHAR"),
    ("from_round", "BIGINT"), ("level", "VARCHAR"), ("flags", "VARCHAR[]"),
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
    ("has_entries", "BOOLEAN"), ("finalized", "BOOLEAN"), ("ladder_round", "BIGINT"),
    ("forced_groups", "VARCHAR[]"),
)  # fmt: skip
_GAME_COLUMNS = (
    ("competition_id", "BIGINT"), ("round", "BIGINT"), ("board", "INTEGER"),
    ("white", "VARCHAR"), ("black", "VARCHAR"), ("result", "VARCHAR"), ("group", "VARCHAR"),
    ("reason", "VARCHAR"), ("reason_message", "JSON"), ("override", "VARCHAR"),
    ("override_message", "JSON"),
)  # fmt: skip
_ENTRY_COLUMNS = (
    ("competition_id", "BIGINT"), ("round", "BIGINT"), ("position", "INTEGER"),
    ("player", "VARCHAR"), ("kind", "VARCHAR"),
)  # fmt: skip


def put_players(con: Connection, cid: int, players: Sequence[Player]) -> None:
    con.execute("DELETE FROM players WHERE competition_id = ?", [cid])
    _insert(con, "players", _PLAYER_COLUMNS, [
        (cid, i, p.id, p.name, p.rating, p.strength, p.level, _list(p.flags), p.participation,
         p.virtual, p.joined_round, p.withdrawn_round, p.knsb_id, p.fide_id)
        for i, p in enumerate(players)
    ])  # fmt: skip


def put_ratings(con: Connection, cid: int, ratings: Sequence[RatingChange] | None) -> None:
    con.execute("DELETE FROM rating_changes WHERE competition_id = ?", [cid])
    _insert(con, "rating_changes", _RATING_COLUMNS, [
        (cid, i, r.player, r.from_round, r.rating) for i, r in enumerate(ratings or ())
    ])  # fmt: skip


def put_roster_changes(con: Connection, cid: int, history: Sequence[PlayerChange] | None) -> None:
    con.execute("DELETE FROM player_changes WHERE competition_id = ?", [cid])
    con.execute("DELETE FROM roster_histories WHERE competition_id = ?", [cid])
    if history is None:
        return
    con.execute("INSERT INTO roster_histories VALUES (?)", [cid])
    _insert(con, "player_changes", _CHANGE_COLUMNS, [
        (cid, i, c.player, c.from_round, c.level, _list(c.flags)) for i, c in enumerate(history)
    ])  # fmt: skip


def put_decisions(con: Connection, cid: int, decisions: Sequence[Decision] | None) -> None:
    con.execute("DELETE FROM decisions WHERE competition_id = ?", [cid])
    _insert(con, "decisions", _DECISION_COLUMNS, [
        (cid, i, d.kind, d.player, d.cycle, d.category, d.round, d.note)
        for i, d in enumerate(decisions or ())
    ])  # fmt: skip


def _columns(value: str | Reason | None) -> tuple[str | None, str | None]:
    """A game's reason or override as its two columns: plain text, or a reason's JSON."""
    if isinstance(value, Reason):
        return None, json.dumps(value.encode(), ensure_ascii=False)
    return value, None


def _stored(text: str | None, message: str | None) -> str | Reason | None:
    """The inverse of :func:`_columns`."""
    return Reason.decode(json.loads(message)) if message is not None else text


def _list(values: Sequence[Any] | None) -> list[Any] | None:
    return None if values is None else list(values)


def _date_columns(text: str | None) -> tuple[date | None, str | None]:
    if text is None:
        return None, None
    day = date.fromisoformat(text)  # checked by season_file.parse before we get here
    return day, None if day.isoformat() == text else text


def put_rounds(con: Connection, cid: int, rounds: Sequence[Round]) -> None:
    """Insert rounds (their old rows must be gone) with their games and entries."""
    round_rows, game_rows, entry_rows = [], [], []
    for r in rounds:
        day, day_text = _date_columns(r.date)
        round_rows.append((
            cid, r.number, day, day_text, r.cycle, r.seed,
            "open" if r.games is None else "played", _list(r.present), _list(r.late),
            None if r.forced is None
            else [{"white": g.white, "black": g.black, "reason": g.reason} for g in r.forced],
            r.entries is not None, r.finalized, r.ladder_round,
            None if not any(g.group for g in r.forced or ()) else [g.group for g in r.forced or ()],
        ))  # fmt: skip
        for board, g in enumerate(r.games or (), start=1):
            game_rows.append((
                cid, r.number, board, g.white, g.black,
                None if g.result is None else g.result.value, g.group,
                *_columns(g.reason), *_columns(g.override),
            ))  # fmt: skip
        for i, (player, kind) in enumerate((r.entries or {}).items()):
            entry_rows.append((cid, r.number, i, player, kind.value))
    _insert(con, "rounds", _ROUND_COLUMNS, round_rows)
    _insert(con, "games", _GAME_COLUMNS, game_rows)
    _insert(con, "entries", _ENTRY_COLUMNS, entry_rows)


def delete_rounds(con: Connection, cid: int, number: int | None = None) -> None:
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
    new = _next_id(con, "clubs")
    con.execute("INSERT INTO clubs VALUES (?, ?)", [new, name])
    return new


def drop_unused_clubs(con: Connection) -> None:
    con.execute("DELETE FROM clubs WHERE id NOT IN (SELECT club_id FROM competitions)")


def _put_head(con: Connection, cid: int, season: Season) -> None:
    """Insert or replace the competitions row (never reusing another competition's name)."""
    row = con.execute(
        "SELECT created_at, coalesce(archived, false) FROM competitions WHERE id = ?", [cid]
    ).fetchone()
    club = _club_id(con, season.club)
    clash = con.execute(
        "SELECT id FROM competitions WHERE club_id = ? AND season = ? AND competition = ? "
        "AND id <> ?",
        [club, season.season, season.competition, cid],
    ).fetchone()
    if clash:
        raise StoreError.at((name(season),), "store.exists", id=clash[0])
    stamp = now()
    con.execute("DELETE FROM competitions WHERE id = ?", [cid])
    con.execute(
        """INSERT INTO competitions (id, club_id, season, competition, preset, overrides,
               format, version, has_ratings, has_decisions, created_at, updated_at, calendar,
               archived, ladder)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
        [cid, club, season.season, season.competition, season.ruleset.preset,
         json.dumps(thaw(season.ruleset.overrides), ensure_ascii=False), season.format,
         season.version, season.ratings is not None, season.decisions is not None,
         row[0] if row else stamp, stamp, _calendar_json(season.calendar),
         bool(row[1]) if row else False, season.ladder],
    )  # fmt: skip
    drop_unused_clubs(con)


def touch(con: Connection, cid: int) -> None:
    con.execute("UPDATE competitions SET updated_at = ? WHERE id = ?", [now(), cid])


def put_season(con: Connection, cid: int, season: Season) -> None:
    delete_competition_rows(con, cid)
    _put_head(con, cid, season)
    put_players(con, cid, season.players)
    put_ratings(con, cid, season.ratings)
    put_decisions(con, cid, season.decisions)
    put_roster_changes(con, cid, season.roster_changes)
    put_rounds(con, cid, season.rounds)


def delete_competition_rows(con: Connection, cid: int) -> None:
    for table in ("players", "rating_changes", "decisions", "player_changes", "roster_histories"):
        con.execute(f"DELETE FROM {table} WHERE competition_id = ?", [cid])
    delete_rounds(con, cid)


def new_competition_id(con: Connection) -> int:
    # never reuse an id, not even a deleted competition's: its log rows keep pointing at it
    return _aggregate(
        con,
        """SELECT coalesce(max(id), 0) + 1 FROM (
               SELECT id FROM competitions UNION ALL
               SELECT competition_id FROM change_log WHERE competition_id IS NOT NULL) AS ids""",
    )


def _next_id(con: Connection, table: str) -> int:
    """One more than the table's highest id (1 for an empty table)."""
    return _aggregate(con, f"SELECT coalesce(max(id), 0) + 1 FROM {table}")


def _aggregate(con: Connection, sql: str) -> int:
    """The whole number an aggregate query gives: such a query always gives one row."""
    row = con.execute(sql).fetchone()
    assert row is not None, sql
    return int(row[0])


def write_log(con: Connection, actor: str, cid: int | None, action: str, reason: str | None,
              before: Any, after: Any) -> int:  # fmt: skip
    """Log one change; its id (the revision it makes)."""
    new = _next_id(con, "change_log")
    con.execute(
        "INSERT INTO change_log VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [new, now(), actor, cid, action, reason,
         None if before is None else json.dumps(before, ensure_ascii=False),
         None if after is None else json.dumps(after, ensure_ascii=False)],
    )  # fmt: skip
    return int(new)


def club_of(con: Connection, cid: int) -> str | None:
    """The club of competition ``cid``; None: there is none."""
    sql = "SELECT cl.name FROM competitions c JOIN clubs cl ON cl.id = c.club_id WHERE c.id = ?"
    row = con.execute(sql, [cid]).fetchone()
    return None if row is None else str(row[0])
