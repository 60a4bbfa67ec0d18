"""Rows of the tables beside the seasons: a club's settings, the round drafts, members' links
and their marks (none of them season data, none in the change log but the settings; the
season's own rows are :mod:`compcore.adapters.store.rows`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from compcore.adapters.store.connection import Connection
from compcore.adapters.store.rows import now
from compcore.ports.values import DraftPart, Mark, MemberToken, StoredDraft
from compcore.rules.club_settings import NAMES as CLUB_SETTINGS
from compcore.rules.club_settings import ClubSettings

# --------------------------------------------------------------------------- club settings


def read_club_settings(con: Connection, club: str) -> ClubSettings:
    """The club's settings as stored (``compcore.rules.club_settings``); none set: all ``None``."""
    found = dict(
        con.execute("SELECT name, value FROM club_settings WHERE club = ?", [club]).fetchall()
    )
    return ClubSettings(**{n: found.get(n) for n in CLUB_SETTINGS})


def put_club_settings(con: Connection, club: str, settings: ClubSettings) -> None:
    """Replace the club's settings: one row per setting that is set."""
    con.execute("DELETE FROM club_settings WHERE club = ?", [club])
    for setting, value in settings.as_dict().items():
        con.execute("INSERT INTO club_settings VALUES (?, ?, ?)", [club, setting, value])


# --------------------------------------------------------------------------- drafts


def read_draft(
    con: Connection, cid: int, number: int, part: DraftPart = "pairing"
) -> StoredDraft | None:
    row = con.execute(
        "SELECT data, saved_by, saved_at, version FROM drafts WHERE competition_id = ? "
        "AND round = ? AND part = ?",
        [cid, number, part],
    ).fetchone()
    if row is None:
        return None
    data, by, at, version = row
    return StoredDraft(cid, number, json.loads(data), by, at.replace(tzinfo=UTC), int(version))


def put_draft(
    con: Connection, cid: int, number: int, part: DraftPart, data: Any, actor: str, version: int
) -> None:
    delete_draft(con, cid, number, part)
    con.execute(
        "INSERT INTO drafts VALUES (?, ?, ?, ?, ?, ?, ?)",
        [cid, number, part, json.dumps(data, ensure_ascii=False), actor, now(), version],
    )


def delete_draft(
    con: Connection, cid: int, number: int | None = None, part: DraftPart = "pairing"
) -> None:
    """Delete round ``number``'s draft (its ``part``), or every draft of the competition."""
    if number is None:
        con.execute("DELETE FROM drafts WHERE competition_id = ?", [cid])
    else:
        con.execute(
            "DELETE FROM drafts WHERE competition_id = ? AND round = ? AND part = ?",
            [cid, number, part],
        )


# --------------------------------------------------------------------------- member links


def _naive_utc(moment: datetime) -> datetime:
    """A moment as a TIMESTAMP column keeps it: UTC, no zone."""
    return moment.astimezone(UTC).replace(tzinfo=None)


def _utc(moment: datetime | None) -> datetime | None:
    return None if moment is None else moment.replace(tzinfo=UTC)


_TOKEN_COLUMNS = "competition_id, player, token_hash, created_at, expires_at, revoked_at"


def _token(row: Sequence[Any]) -> MemberToken:
    cid, player, token_hash, created, expires, revoked = row
    return MemberToken(int(cid), player, token_hash, created.replace(tzinfo=UTC),
                       expires.replace(tzinfo=UTC), _utc(revoked))  # fmt: skip


def put_member_token(con: Connection, token: MemberToken) -> None:
    con.execute(
        "INSERT INTO member_tokens (token_hash, competition_id, player, created_at, expires_at, "
        "revoked_at) VALUES (?, ?, ?, ?, ?, NULL)",
        [token.token_hash, token.competition_id, token.player,
         _naive_utc(token.created_at), _naive_utc(token.expires_at)],
    )  # fmt: skip


def revoke_member_tokens(con: Connection, cid: int, player: str, at: datetime) -> int:
    live = con.execute(
        "SELECT count(*) FROM member_tokens WHERE competition_id = ? AND player = ? "
        "AND revoked_at IS NULL",
        [cid, player],
    ).fetchone()
    con.execute(
        "UPDATE member_tokens SET revoked_at = ? WHERE competition_id = ? AND player = ? "
        "AND revoked_at IS NULL",
        [_naive_utc(at), cid, player],
    )
    return int(live[0]) if live else 0


def read_member_token(con: Connection, token_hash: str) -> MemberToken | None:
    row = con.execute(
        f"SELECT {_TOKEN_COLUMNS} FROM member_tokens WHERE token_hash = ?", [token_hash]
    ).fetchone()
    return None if row is None else _token(row)


def read_member_tokens(con: Connection, cid: int) -> list[MemberToken]:
    found = con.execute(
        f"SELECT {_TOKEN_COLUMNS} FROM member_tokens WHERE competition_id = ? "
        "ORDER BY created_at, token_hash",
        [cid],
    ).fetchall()
    return [_token(row) for row in found]


def put_mark(con: Connection, mark: Mark) -> None:
    row = con.execute(
        "SELECT coalesce(max(position), 0) FROM attendance_marks WHERE competition_id = ?",
        [mark.competition_id],
    ).fetchone()
    position = (int(row[0]) if row else 0) + 1
    con.execute(
        "INSERT INTO attendance_marks VALUES (?, ?, ?, ?, ?, ?, ?)",
        [mark.competition_id, mark.round, mark.player, mark.choice,
         _naive_utc(mark.marked_at), mark.by, position],
    )  # fmt: skip


def read_marks(con: Connection, cid: int, number: int | None) -> list[Mark]:
    found = con.execute(
        "SELECT round, player, choice, marked_at, marked_by FROM attendance_marks "
        "WHERE competition_id = ? AND (? IS NULL OR round = ?) ORDER BY position",
        [cid, number, number],
    ).fetchall()
    return [Mark(cid, int(r), p, c, at.replace(tzinfo=UTC), by) for r, p, c, at, by in found]


def delete_member_data(con: Connection, cid: int) -> None:
    """A deleted competition's links and marks."""
    con.execute("DELETE FROM member_tokens WHERE competition_id = ?", [cid])
    con.execute("DELETE FROM attendance_marks WHERE competition_id = ?", [cid])
