"""The database schema and its migrations.

:data:`MIGRATIONS` is an ordered list of ``(version, SQL text or function(connection))``;
append, never edit a released step. Opening a file creates the schema, or runs every missing
step in one transaction (with its ``schema_version`` rows and a ``migrate`` log entry), or
refuses a newer schema or someone else's database (``docs/store.md``, "Migrations").
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from pathlib import Path

from compcore.adapters.store import rows
from compcore.adapters.store.connection import first_line
from compcore.adapters.store.database import Connection, Database
from compcore.domain.errors import StoreError

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

#: A game's reason and override may be a reason object (key, rule id, parameters: rendered
#: in the reader's language) instead of text: its JSON goes in these columns, and the text
#: column stays NULL. Text (a director's own words, an older season) stays where it was.
_V2 = """
ALTER TABLE games ADD COLUMN reason_message JSON;
ALTER TABLE games ADD COLUMN override_message JSON;
"""

#: Roster history (issue 9): a level and/or flags from a round on, in the order listed;
#: ``roster_histories`` marks a season that has the field (possibly empty), as
#: ``has_ratings`` does for ratings.
_V3 = """
CREATE TABLE player_changes (
    competition_id BIGINT NOT NULL,
    position       INTEGER NOT NULL,
    player         VARCHAR NOT NULL,
    from_round     BIGINT NOT NULL,
    level          VARCHAR,
    flags          VARCHAR[],              -- NULL: unchanged; []: flags cleared
    PRIMARY KEY (competition_id, position)
);
CREATE TABLE roster_histories (
    competition_id BIGINT PRIMARY KEY
);
"""

#: A season's calendar (the planned club evenings, a season-file extension: NULL when the
#: file has none) and whether the competition is archived (hidden from the picker and the
#: overview's cards, still readable; NULL counts as not archived).
_V4 = """
ALTER TABLE competitions ADD COLUMN calendar JSON;
ALTER TABLE competitions ADD COLUMN archived BOOLEAN DEFAULT false;
"""

#: A round's finalized state (``Round.finalized``): TRUE/FALSE as the director set it, NULL
#: for a round that does not say (read as "every board has a result").
_V5 = """
ALTER TABLE rounds ADD COLUMN finalized BOOLEAN;
"""


def _v6(con: Connection) -> None:
    """Login sessions (``compcore.adapters.store.sessions``): the live sessions a browser's
    cookie names, and the database's own signing secret, made once here at random. No
    password, hash or token is stored: a session row keeps the director's name, a mark of
    his hash (to end the session when the hash changes) and its times. Safe to run again
    (a database rolled back to an older version keeps its sessions and its secret)."""
    con.execute(
        """
        CREATE TABLE IF NOT EXISTS login_sessions (
            id          VARCHAR PRIMARY KEY,   -- sha256 of the token's random session id
            director    VARCHAR NOT NULL,      -- the configured name
            hash_mark   VARCHAR NOT NULL,      -- HMAC of his hash under the secret
            issued_at   TIMESTAMP NOT NULL,    -- UTC
            expires_at  TIMESTAMP NOT NULL,    -- UTC
            revoked_at  TIMESTAMP              -- UTC; NULL while live
        );
        CREATE TABLE IF NOT EXISTS login_secret (
            id      INTEGER PRIMARY KEY CHECK (id = 1),
            secret  VARCHAR NOT NULL           -- hex, 32 random bytes
        );
        """
    )
    con.execute(
        "INSERT INTO login_secret SELECT 1, ? WHERE NOT EXISTS (SELECT 1 FROM login_secret)",
        [secrets.token_hex(32)],
    )


#: The unpublished proposal of a round with the director's edits (a serialised Draft, see
#: ``compcore.services.drafts``), one per competition and round: not season data, so not in
#: the season file nor in the change log.
_V7 = """
CREATE TABLE drafts (
    competition_id BIGINT NOT NULL,
    round          BIGINT NOT NULL,
    data           JSON NOT NULL,
    saved_by       VARCHAR NOT NULL,      -- actor label, as in change_log
    saved_at       TIMESTAMP NOT NULL,    -- UTC
    version        BIGINT NOT NULL,       -- raised by every save (lost-update check)
    PRIMARY KEY (competition_id, round)
);
"""

#: Members' sign-off links and their marks (issue 10, item 4): not season data, so neither in
#: the season file nor in the change log. A link keeps only the sha256 of its secret; a mark
#: is appended, never changed (the newest per round and player counts).
_V8 = """
CREATE TABLE member_tokens (
    token_hash     VARCHAR PRIMARY KEY,   -- sha256 hex of the secret in the link
    competition_id BIGINT NOT NULL,
    player         VARCHAR NOT NULL,
    created_at     TIMESTAMP NOT NULL,    -- UTC
    expires_at     TIMESTAMP NOT NULL,    -- UTC
    revoked_at     TIMESTAMP              -- UTC; NULL while live
);
CREATE TABLE attendance_marks (
    competition_id BIGINT NOT NULL,
    round          BIGINT NOT NULL,
    player         VARCHAR NOT NULL,
    choice         VARCHAR NOT NULL,      -- 'present' or an entry kind
    marked_at      TIMESTAMP NOT NULL,    -- UTC
    marked_by      VARCHAR NOT NULL,      -- 'member:<player>'
    position       BIGINT NOT NULL,       -- order of writing
    PRIMARY KEY (competition_id, position)
);
"""

#: A player's federation numbers as typed fields (issue 11): the KNSB relatienummer and the
#: FIDE id, both text of digits (``compcore.domain.federation_ids``); NULL: not known. Older
#: seasons' ``knsb:NNN`` flags stay flags (read as the relatienummer when the field is NULL).
_V9 = """
ALTER TABLE players ADD COLUMN knsb_id VARCHAR;
ALTER TABLE players ADD COLUMN fide_id VARCHAR;
"""

#: Competitions played within a ladder (issue 12: DS-16 groups, DS-20 play-off, DS-21 cup,
#: MG-8): the ladder's ``club/season/competition`` (NULL: a competition of its own), each
#: round's ladder evening, and the tags of a round's forced boards (``ForcedGame.group``,
#: parallel to ``forced``; NULL when no forced board has one).
_V10 = """
ALTER TABLE competitions ADD COLUMN ladder VARCHAR;
ALTER TABLE rounds ADD COLUMN ladder_round BIGINT;
ALTER TABLE rounds ADD COLUMN forced_groups VARCHAR[];
"""

#: A club's own settings (issue 18 item 5, ``compcore.rules.club_settings``): one row per club and
#: setting, the value exactly as typed. Keyed by the club's name, not its row id: a club's
#: row goes when its last competition is deleted, its settings stay for the next one.
_V11 = """
CREATE TABLE club_settings (
    club   VARCHAR NOT NULL,
    name   VARCHAR NOT NULL,              -- 'tempo', 'arbiter'
    value  VARCHAR NOT NULL,
    PRIMARY KEY (club, name)
);
"""

#: The login log (``compcore.adapters.store.login_log``): one row per checked password, never
#: the password. Until this step the log made its own table on first use, so it may exist
#: already (with rows to keep): hence IF NOT EXISTS.
_V12 = """
CREATE TABLE IF NOT EXISTS login_log (
    id             BIGINT PRIMARY KEY,
    logged_at      TIMESTAMP NOT NULL,    -- UTC
    name           VARCHAR NOT NULL,      -- as typed (cleaned); a director's own name on success
    address        VARCHAR,               -- the client's address; NULL: local or unknown
    session        VARCHAR NOT NULL,      -- a random id of the browser session
    outcome        VARCHAR NOT NULL,      -- 'failed' or 'success'
    failures       BIGINT NOT NULL,       -- failed: this one included; success: before it
    wait_seconds   DOUBLE NOT NULL        -- the wait this attempt brought (0 on success)
);
"""

#: The login throttle of a database shared by several app servers (issue 21 item 4,
#: ``compcore.adapters.store.throttle_table``): one row per throttled key (a session, an
#: address, a director's name), times in seconds since the epoch.
_V13 = """
CREATE TABLE login_throttle (
    key              VARCHAR PRIMARY KEY,
    failures         VARCHAR NOT NULL,    -- JSON list of the failures' times, oldest first
    last_failure     DOUBLE,              -- the newest of them (NULL: none)
    not_before       DOUBLE,              -- no attempt before then (NULL: none)
    locked           BOOLEAN NOT NULL,    -- that wait is a lockout
    in_flight_until  DOUBLE               -- an attempt is being checked until then
);
"""

#: The results a director entered but did not save yet (issue 22 item 1) get a draft of their
#: own beside a round's pairing draft (a published round may have both: its results being
#: entered and a late re-pairing, DS-14): the draft's key gains its ``part``. The table is
#: rebuilt, as neither database changes a primary key in place; the drafts stay.
_V14 = """
CREATE TABLE drafts_by_part (
    competition_id BIGINT NOT NULL,
    round          BIGINT NOT NULL,
    part           VARCHAR NOT NULL,      -- 'pairing' or 'results'
    data           JSON NOT NULL,
    saved_by       VARCHAR NOT NULL,      -- actor label, as in change_log
    saved_at       TIMESTAMP NOT NULL,    -- UTC
    version        BIGINT NOT NULL,       -- raised by every save (lost-update check)
    PRIMARY KEY (competition_id, round, part)
);
INSERT INTO drafts_by_part
    SELECT competition_id, round, 'pairing', data, saved_by, saved_at, version FROM drafts;
DROP TABLE drafts;
ALTER TABLE drafts_by_part RENAME TO drafts;
"""

Migration = tuple[int, str | Callable[[Connection], None]]

#: Ordered (version, SQL or function). Append, never edit a released step.
MIGRATIONS: list[Migration] = [
    (1, _V1),
    (2, _V2),
    (3, _V3),
    (4, _V4),
    (5, _V5),
    (6, _v6),
    (7, _V7),
    (8, _V8),
    (9, _V9),
    (10, _V10),
    (11, _V11),
    (12, _V12),
    (13, _V13),
    (14, _V14),
]


def latest() -> int:
    """The newest schema version (read from :data:`MIGRATIONS` at call time)."""
    return MIGRATIONS[-1][0]


#: the schema version this code writes (the functions below read MIGRATIONS itself)
LATEST_VERSION = latest()


def schema_version(con: Connection) -> int | None:
    """The schema version, 0 for a database with no tables, None for someone else's data."""
    tables = {
        r[0]
        for r in con.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
        ).fetchall()
    }
    if "schema_version" not in tables:
        return 0 if not tables else None
    row = con.execute("SELECT max(version) FROM schema_version").fetchone()
    return int(row[0]) if row and row[0] is not None else 0


def check_version(where: str | Path, version: int | None) -> int:
    """``version``, unless the database is not a compcore one or newer than this code."""
    if version is None:
        raise StoreError.at((str(where),), "store.foreign")
    if version > latest():
        raise StoreError.at((str(where),), "store.newer", version=version, latest=latest())
    return version


def migrate(db: Database) -> None:
    """Bring the schema up to the last version of :data:`MIGRATIONS` in one write
    transaction (so two processes opening one database migrate it once)."""
    if db.exists():  # a new file has no version to read (one connection saved)
        with db.connect(read_only=False) as con:
            version = check_version(db.where, schema_version(con))
        if version == latest():
            return
    else:
        version = 0
    try:
        with db.transaction() as con:
            _run_steps(con, db)
    except StoreError:
        raise
    except Exception as exc:
        raise StoreError.at(
            (db.where,),
            "store.migration_failed",
            version=version,
            latest=latest(),
            detail=first_line(exc),
        ) from None


def _run_steps(con: Connection, db: Database) -> None:
    """The missing steps, inside the open transaction (none when another process has run
    them meanwhile)."""
    version = check_version(db.where, schema_version(con))
    if version == latest():
        return
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
            con.execute(db.column_types(step))
        con.execute("INSERT INTO schema_version VALUES (?, ?)", [step_version, rows.now()])
    rows.write_log(con, "system:migration", None, "migrate", None,
                   {"schema_version": version}, {"schema_version": latest()})  # fmt: skip
