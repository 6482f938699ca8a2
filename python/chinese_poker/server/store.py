"""Where the service keeps its game sessions: one SQLite table, through the standard
library's `sqlite3`.

A row holds a session's id, its game and preset, when it was made and last used, the
server-side state of its deal (a save that knows every card, never sent to a client) and the
SHA-256 digests of its seats' tokens (the tokens themselves are given out once and not kept).
A file database is shared by the workers of ``chinese-poker serve``: it runs in WAL mode with
a busy timeout, and every change is one ``BEGIN IMMEDIATE`` transaction, so two moves on one
session, from two threads or two processes, take turns.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from chinese_poker.cli.service_env import MEMORY, database_path

#: Seconds a transaction waits for another to release the database before it gives up.
BUSY_SECONDS = 10.0

#: A read refreshes a session's last use only when that is older than this many seconds,
#: so that polling a session does not write to the database on every request.
TOUCH_SECONDS = 60.0

_SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    id      TEXT PRIMARY KEY,
    game    TEXT NOT NULL,
    preset  TEXT NOT NULL,
    created REAL NOT NULL,
    touched REAL NOT NULL,
    state   TEXT NOT NULL,
    tokens  TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_touched ON sessions (touched);
"""


class DamagedSession(Exception):
    """A stored session that cannot be read back: its row or its state is not what the
    service writes (a fault of the server or of its disk, not of the request)."""


class StoreFull(Exception):
    """No new session fits: the store holds its limit of live sessions."""


@dataclass
class SessionRow:
    """One stored session: `state` is the save of its deal, `tokens` the hex SHA-256 digest
    of each human seat's token, seat 0 first. Change `state` inside `SessionStore.update`
    to store it."""

    id: str
    game: str
    preset: str
    created: float
    touched: float
    state: str
    tokens: list[str]


class SessionStore:
    """The sessions of one application, in the SQLite database `database` (a path, a
    ``sqlite:///PATH`` URL or ``:memory:`` for a private database that lives as long as the
    store).

    One connection serves every thread of the application, one call at a time; the
    processes sharing a file each have their own, and SQLite's locks order them.

    >>> store = SessionStore(":memory:")
    >>> store.create(SessionRow("s1", "closed", "plain", 0.0, 0.0, "{}", ["d0"]), 10, 60.0)
    >>> with store.update("s1") as row:
    ...     row.state = '{"moved": true}'
    >>> store.load("s1").state
    '{"moved": true}'
    """

    def __init__(self, database: str = MEMORY) -> None:
        path = database_path(database)
        self.path = path
        self._lock = threading.Lock()
        self._db: sqlite3.Connection | None = self._connect()

    def _connect(self) -> sqlite3.Connection:
        """A connection to the database, its table made when missing."""
        # Autocommit: the transactions are begun by hand, BEGIN IMMEDIATE for each change.
        db = sqlite3.connect(
            self.path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False
        )
        try:
            if self.path != MEMORY:
                # Readers do not block the writer, nor the writer the readers.
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("PRAGMA synchronous=NORMAL")
            db.executescript(_SCHEMA)
        except sqlite3.Error:
            db.close()
            raise
        return db

    def close(self) -> None:
        """Close the connection (a private in-memory database is gone with it). A store used
        after it is closed connects again: an application whose lifespan ends and starts
        again (a test client entered twice) keeps working on the same file."""
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None

    def _connection(self) -> sqlite3.Connection:
        """The open connection, made again if the store was closed (under `_lock`)."""
        if self._db is None:
            self._db = self._connect()
        return self._db

    @staticmethod
    def _row(values: tuple[object, ...]) -> SessionRow:
        """A row of the table as a `SessionRow`; `DamagedSession` when a column is not what
        this store writes."""
        try:
            sid, game, preset, created, touched, state, tokens = values
            digests = json.loads(str(tokens))
            if not isinstance(digests, list) or not all(isinstance(d, str) for d in digests):
                raise ValueError("the token digests are not a list of text")
            if not all(isinstance(v, (int, float)) for v in (created, touched)):
                raise ValueError("a time is not a number")
            return SessionRow(
                str(sid),
                str(game),
                str(preset),
                float(created),  # type: ignore[arg-type]
                float(touched),  # type: ignore[arg-type]
                str(state),
                digests,
            )
        except (ValueError, TypeError) as exc:
            raise DamagedSession(f"session {values[0]!s:.40}: {exc}") from None

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One ``BEGIN IMMEDIATE`` transaction: the database's write lock taken first, so
        that what is read inside is still true when the change is written; committed when
        the block ends, rolled back when it raises."""
        with self._lock:
            db = self._connection()
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    def create(self, row: SessionRow, most: int, expiry: float) -> None:
        """Store a new session, first deleting those untouched for `expiry` seconds;
        `StoreFull` when `most` sessions remain."""
        with self._transaction() as db:
            db.execute("DELETE FROM sessions WHERE touched < ?", (row.created - expiry,))
            (live,) = db.execute("SELECT COUNT(*) FROM sessions").fetchone()
            if live >= most:
                raise StoreFull(f"this server holds its limit of {most} game sessions")
            db.execute(
                "INSERT INTO sessions VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    row.id,
                    row.game,
                    row.preset,
                    row.created,
                    row.touched,
                    row.state,
                    json.dumps(row.tokens),
                ),
            )

    def load(self, sid: str) -> SessionRow | None:
        """The session `sid` as it is now, or None; marks it used (see `TOUCH_SECONDS`)."""
        now = time.time()
        with self._lock:
            db = self._connection()
            found = db.execute("SELECT * FROM sessions WHERE id = ?", (sid,)).fetchone()
            if found is not None and found[4] < now - TOUCH_SECONDS:
                db.execute("UPDATE sessions SET touched = ? WHERE id = ?", (now, sid))
        return None if found is None else self._row(found)

    @contextmanager
    def update(self, sid: str) -> Iterator[SessionRow | None]:
        """The session `sid` (None when there is none) read inside one ``BEGIN IMMEDIATE``
        transaction; its `state` as the block leaves it is written back and the session
        marked used. Nothing is written when the block raises."""
        with self._transaction() as db:
            found = db.execute("SELECT * FROM sessions WHERE id = ?", (sid,)).fetchone()
            row = None if found is None else self._row(found)
            yield row
            if row is not None:
                db.execute(
                    "UPDATE sessions SET state = ?, touched = ? WHERE id = ?",
                    (row.state, time.time(), sid),
                )
