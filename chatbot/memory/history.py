"""Append-only SQLite log of every memory event (ADD, UPDATE, DELETE, RESTORE, PURGE)."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from functools import wraps
from pathlib import Path
from typing import Any, Protocol, TypeVar

from chatbot.memory.faults import guarded
from chatbot.memory.models import HistoryEvent

F = TypeVar("F", bound=Callable[..., Any])

MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = []


def migration(fn: Callable[[sqlite3.Connection], None]) -> Callable[[sqlite3.Connection], None]:
    MIGRATIONS.append(fn)
    return fn


@migration
def m001_events(db: sqlite3.Connection) -> None:
    db.execute(
        """CREATE TABLE events (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            memory_id TEXT NOT NULL,
            user_id TEXT NOT NULL,
            event TEXT NOT NULL,
            old_text TEXT,
            new_text TEXT,
            actor TEXT,
            session_id TEXT,
            created_at TEXT NOT NULL
        )"""
    )
    db.execute("CREATE INDEX events_memory ON events(memory_id)")
    db.execute("CREATE INDEX events_user ON events(user_id)")


@migration
def m002_recovery(db: sqlite3.Connection) -> None:
    # Purges begun and not yet finished (chatbot.memory.recovery), and how far the log has
    # been reconciled with the store.
    db.execute("CREATE TABLE purges (id INTEGER PRIMARY KEY AUTOINCREMENT, user_id TEXT NOT NULL,"
               " memory_ids TEXT NOT NULL, whole_user INTEGER NOT NULL, started_at TEXT NOT NULL)")
    db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")


def _guarded(method: F) -> F:
    """A History method whose sqlite errors become one line naming the file."""
    @wraps(method)
    def wrapper(self: History, *args: Any, **kwargs: Any) -> Any:
        with guarded("use the history log", self.path):
            return method(self, *args, **kwargs)
    return wrapper  # type: ignore[return-value]


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class EventLog(Protocol):
    """What MemoryStore needs of its audit log: this SQLite one, or ServerHistory."""

    def record(self, memory_id: str, user_id: str, event: str, old_text: str | None = None,
               new_text: str | None = None, actor: str | None = None,
               session_id: str | None = None) -> None: ...

    def record_many(self, rows: list[tuple[str, str, str, str | None, str | None, str | None,
                                           str | None]]) -> None: ...

    def events(self, memory_id: str, user_id: str | None = None) -> list[HistoryEvent]: ...

    def erase_text(self, user_id: str, memory_ids: list[str] | None = None) -> None: ...

    def delete_user(self, user_id: str) -> int: ...

    def close(self) -> None: ...


class History:
    """The audit log; one file beside the Qdrant folder, or in memory for tests."""

    def __init__(self, path: Path | str | None):
        self.path = ":memory:" if path is None else str(path)
        target = self.path
        if path is not None:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(target, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        # Freed pages are zeroed, so a purge leaves no text behind in the file.
        self._db.execute("PRAGMA secure_delete=ON")
        self._lock = threading.Lock()
        self._migrate()

    def _migrate(self) -> None:
        with self._lock:
            self._db.execute("CREATE TABLE IF NOT EXISTS _migrations (name TEXT PRIMARY KEY)")
            done = {row[0] for row in self._db.execute("SELECT name FROM _migrations")}
            for fn in MIGRATIONS:
                if fn.__name__ in done:
                    continue
                with self._db:
                    self._db.execute("BEGIN")
                    fn(self._db)
                    self._db.execute("INSERT INTO _migrations VALUES (?)", (fn.__name__,))

    @_guarded
    def record(
        self, memory_id: str, user_id: str, event: str, old_text: str | None = None,
        new_text: str | None = None, actor: str | None = None, session_id: str | None = None,
    ) -> None:
        with self._lock:
            self._db.execute(
                "INSERT INTO events (memory_id, user_id, event, old_text, new_text, actor,"
                " session_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (memory_id, user_id, event, old_text, new_text, actor, session_id, now_iso()),
            )

    @_guarded
    def record_many(
        self, rows: list[tuple[str, str, str, str | None, str | None, str | None, str | None]],
    ) -> None:
        """Several events in one transaction: (memory_id, user_id, event, old, new, actor,
        session)."""
        now = now_iso()
        with self._lock:
            self._db.execute("BEGIN")
            try:
                self._db.executemany(
                    "INSERT INTO events (memory_id, user_id, event, old_text, new_text, actor,"
                    " session_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    [(*row, now) for row in rows])
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    @_guarded
    def events(self, memory_id: str, user_id: str | None = None) -> list[HistoryEvent]:
        sql = "SELECT memory_id, user_id, event, old_text, new_text, actor, session_id, created_at"
        sql += " FROM events WHERE memory_id = ?"
        args: list[str] = [memory_id]
        if user_id is not None:
            sql += " AND user_id = ?"
            args.append(user_id)
        with self._lock:
            rows = self._db.execute(sql + " ORDER BY seq", args).fetchall()
        return [HistoryEvent(*row) for row in rows]

    def all_events(self) -> list[HistoryEvent]:
        """Every event of every memory, oldest first (to copy the log elsewhere)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT memory_id, user_id, event, old_text, new_text, actor, session_id,"
                " created_at FROM events ORDER BY seq").fetchall()
        return [HistoryEvent(*row) for row in rows]

    @_guarded
    def erase_text(self, user_id: str, memory_ids: list[str] | None = None) -> None:
        """Forget for real: blank every text the log holds for these memories (or the user)."""
        with self._lock:
            if memory_ids is None:
                self._db.execute(
                    "UPDATE events SET old_text = NULL, new_text = NULL WHERE user_id = ?",
                    (user_id,),
                )
            else:
                self._db.executemany(
                    "UPDATE events SET old_text = NULL, new_text = NULL"
                    " WHERE user_id = ? AND memory_id = ?",
                    [(user_id, mid) for mid in memory_ids],
                )
            # Old page images live on in the WAL until a checkpoint; truncate it.
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def delete_user(self, user_id: str) -> int:
        """Forget a user for good: every row of theirs goes, and VACUUM rewrites the file."""
        with self._lock:
            n = self._db.execute("DELETE FROM events WHERE user_id = ?", (user_id,)).rowcount
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            self._db.execute("VACUUM")  # the freed pages are gone, not only zeroed
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            return n

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One atomic change of the log, for chatbot.memory.recovery."""
        with self._lock, guarded("write the history log", self.path):
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def close(self) -> None:
        with self._lock:
            self._db.close()
