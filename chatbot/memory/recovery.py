"""Keeping the history log and the vector store in step, across crashes in either direction.

The store writes its history row first (a crash never leaves a memory without its log), so a
write that fails or is killed after its row leaves an ADD row for a point that does not exist.
Two mechanisms close the gap:
- ADD rows are logged together with an in-flight note naming their ids (begin_writes), which
  is dropped once the points are written (end_writes). A failed write is rolled back at once:
  its rows are blanked and a ROLLBACK row says so. A killed one is found by reconcile() at the
  next open (embedded stores only, whose lock rules out a writer still in flight).
- Purge is an intent: recorded before any point is deleted, finished (history text blanked,
  PURGE rows written, intent dropped, in one transaction) after the shard forgot the bytes.
  An intent found at open is finished then, so a purge killed half-way still forgets.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from chatbot.memory.backends.base import VectorBackend
from chatbot.memory.history import EventLog, History, now_iso

INFLIGHT = "inflight:"  # + the collection's location: ids whose point write is under way
CHECK_BATCH = 256


def _local(history: EventLog) -> bool:
    """A SQLite log (transactions, intents); a log on a server takes plain rows only."""
    return isinstance(history, History)


def roll_back(history: EventLog, user_id: str, memory_ids: list[str], actor: str,
              why: str) -> None:
    """Writes that never reached the store: their text leaves the log; a row records why."""
    if not memory_ids:
        return
    if not _local(history):
        history.erase_text(user_id, memory_ids)
        history.record_many([(mid, user_id, "ROLLBACK", None, why, actor, None)
                             for mid in memory_ids])
        return
    with history.transaction() as db:
        db.executemany("UPDATE events SET old_text = NULL, new_text = NULL"
                       " WHERE user_id = ? AND memory_id = ?",
                       [(user_id, mid) for mid in memory_ids])
        db.executemany(
            "INSERT INTO events (memory_id, user_id, event, old_text, new_text, actor,"
            " session_id, created_at) VALUES (?, ?, 'ROLLBACK', NULL, ?, ?, NULL, ?)",
            [(mid, user_id, why, actor, now_iso()) for mid in memory_ids])


def begin_writes(history: EventLog, location: str,
                 rows: list[tuple[str, str, str, str | None, str | None, str | None,
                                  str | None]]) -> None:
    """Log new memories' ADD rows and, in the same transaction, that their points are being
    written: (memory_id, user_id, event, old, new, actor, session)."""
    if not _local(history):
        history.record_many(rows)
        return
    with history.transaction() as db:
        db.executemany(
            "INSERT INTO events (memory_id, user_id, event, old_text, new_text, actor,"
            " session_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [(*row, now_iso()) for row in rows])
        db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (
            INFLIGHT + location, json.dumps([[row[0], row[1]] for row in rows])))


def end_writes(history: EventLog, location: str) -> None:
    if not _local(history):
        return
    with history.transaction() as db:
        db.execute("DELETE FROM meta WHERE key = ?", (INFLIGHT + location,))


def reconcile(backend: VectorBackend, history: EventLog) -> int:
    """Points a killed process was writing: those that did not reach the store are rolled
    back in the log; returns how many. Only safe while no other process writes to this
    collection (an embedded store, under its lock)."""
    if not _local(history):
        return 0
    with history.transaction() as db:
        row = db.execute("SELECT value FROM meta WHERE key = ?",
                         (INFLIGHT + backend.location,)).fetchone()
    if row is None:
        return 0
    pending = [(str(mid), str(user)) for mid, user in json.loads(row[0])]
    present: set[str] = set()
    for start in range(0, len(pending), CHECK_BATCH):
        chunk = [mid for mid, _ in pending[start:start + CHECK_BATCH]]
        present.update(pid for pid, _ in backend.retrieve(chunk))
    missing: dict[str, list[str]] = {}
    for mid, user in pending:
        if mid not in present:
            missing.setdefault(user, []).append(mid)
    for user, ids in missing.items():
        roll_back(history, user, ids, "recovery", "the write did not reach the store")
    end_writes(history, backend.location)
    return sum(len(v) for v in missing.values())


def begin_purge(history: EventLog, user_id: str, memory_ids: list[str],
                whole_user: bool) -> int:
    if not _local(history):
        return 0
    with history.transaction() as db:
        cur = db.execute("INSERT INTO purges (user_id, memory_ids, whole_user, started_at)"
                         " VALUES (?, ?, ?, ?)",
                         (user_id, json.dumps(memory_ids), int(whole_user), now_iso()))
        return int(cur.lastrowid)


def finish_purge(history: EventLog, intent: int, user_id: str, memory_ids: list[str],
                 whole_user: bool, actor: str) -> None:
    """After the store forgot the points: blank every text the log holds for them (all of the
    user's rows for a whole-user purge, orphans included), log PURGE, drop the intent."""
    history.erase_text(user_id, None if whole_user else memory_ids)
    if not _local(history):
        history.record_many([(mid, user_id, "PURGE", None, None, actor, None)
                             for mid in memory_ids])
        return
    with history.transaction() as db:
        if db.execute("SELECT 1 FROM purges WHERE id = ?", (intent,)).fetchone() is None:
            return  # finished already
        db.executemany(
            "INSERT INTO events (memory_id, user_id, event, old_text, new_text, actor,"
            " session_id, created_at) VALUES (?, ?, 'PURGE', NULL, NULL, ?, NULL, ?)",
            [(mid, user_id, actor, now_iso()) for mid in memory_ids])
        db.execute("DELETE FROM purges WHERE id = ?", (intent,))


def pending_purges(history: EventLog) -> list[tuple[int, str, list[str], bool]]:
    if not _local(history):
        return []
    with history.transaction() as db:
        rows = db.execute(
            "SELECT id, user_id, memory_ids, whole_user FROM purges ORDER BY id").fetchall()
    return [(i, user, json.loads(ids), bool(whole)) for i, user, ids, whole in rows]


def resume_purges(history: EventLog, forget: Callable[[list[str]], Any]) -> int:
    """Finish purges a crash interrupted; `forget(ids)` removes points and their bytes."""
    pending = pending_purges(history)
    for intent, user, ids, whole in pending:
        forget(ids)
        finish_purge(history, intent, user, ids, whole, "recovery")
    return len(pending)
