"""The audit log on the Qdrant server, beside the memories: one history for every process.

A second collection, `<collection>_history`, payload only (no vectors): one point per event.
Its order is (seq, id): seq is the writer's clock in nanoseconds, strictly increasing within a
process; events of one memory from two processes are as ordered as their writes were.
Same interface as chatbot.memory.history.History (the SQLite log of an embedded store).
"""

from __future__ import annotations

import threading
import time
import uuid
from typing import Any

from qdrant_client import QdrantClient, models

from chatbot.memory.backends.qdrant_server import create_collection
from chatbot.memory.history import now_iso
from chatbot.memory.models import HistoryEvent

FIELDS = ("memory_id", "user_id", "event", "old_text", "new_text", "actor", "session_id")
PAGE = 1024


def _match(key: str, value: str) -> models.FieldCondition:
    return models.FieldCondition(key=key, match=models.MatchValue(value=value))


class ServerHistory:
    """History events as payload-only points in a collection of their own."""

    def __init__(self, client: QdrantClient, collection: str):
        self._client = client
        self.collection = collection
        self._lock = threading.Lock()
        self._last_seq = 0
        if not client.collection_exists(collection):
            create_collection(client, collection, vectors_config={})
        client.create_payload_index(collection, "memory_id", models.PayloadSchemaType.KEYWORD,
                                    wait=True)
        client.create_payload_index(collection, "user_id", models.KeywordIndexParams(
            type=models.KeywordIndexType.KEYWORD, is_tenant=True), wait=True)

    def _seqs(self, n: int) -> list[int]:
        with self._lock:
            start = max(time.time_ns(), self._last_seq + 1)
            self._last_seq = start + n - 1
        return list(range(start, start + n))

    def record(
        self, memory_id: str, user_id: str, event: str, old_text: str | None = None,
        new_text: str | None = None, actor: str | None = None, session_id: str | None = None,
    ) -> None:
        self.record_many([(memory_id, user_id, event, old_text, new_text, actor, session_id)])

    def record_many(
        self, rows: list[tuple[str, str, str, str | None, str | None, str | None, str | None]],
    ) -> None:
        """Several events in one upsert: all of them are stored, or (on error) none."""
        if not rows:
            return
        now = now_iso()
        points = [models.PointStruct(id=str(uuid.uuid4()), vector={}, payload={
            **dict(zip(FIELDS, row, strict=True)), "created_at": now, "seq": seq})
            for row, seq in zip(rows, self._seqs(len(rows)), strict=True)]
        self._client.upsert(self.collection, points=points, wait=True)

    def copy_events(self, events: list[HistoryEvent]) -> None:
        """Append events from another log as they are (their times and order kept)."""
        for start in range(0, len(events), PAGE):
            chunk = events[start:start + PAGE]
            self._client.upsert(self.collection, wait=True, points=[
                models.PointStruct(id=str(uuid.uuid4()), vector={}, payload={
                    **{f: getattr(e, f) for f in FIELDS}, "created_at": e.created_at,
                    "seq": seq}) for e, seq in zip(chunk, self._seqs(len(chunk)), strict=True)])

    def _scroll(self, flt: models.Filter) -> list[Any]:
        out: list[Any] = []
        offset = None
        while True:
            records, offset = self._client.scroll(
                self.collection, scroll_filter=flt, limit=PAGE, offset=offset, with_payload=True)
            out.extend(records)
            if offset is None:
                return out

    def events(self, memory_id: str, user_id: str | None = None) -> list[HistoryEvent]:
        must = [_match("memory_id", memory_id)]
        if user_id is not None:
            must.append(_match("user_id", user_id))
        records = sorted(self._scroll(models.Filter(must=must)),
                         key=lambda r: (r.payload["seq"], str(r.id)))
        return [HistoryEvent(*(r.payload.get(f) for f in FIELDS), r.payload["created_at"])
                for r in records]

    def count(self, user_id: str | None = None) -> int:
        """How many events (of one user); for checks that the history agrees with the store."""
        flt = models.Filter(must=[_match("user_id", user_id)]) if user_id is not None else None
        return self._client.count(self.collection, count_filter=flt, exact=True).count

    def erase_text(self, user_id: str, memory_ids: list[str] | None = None) -> None:
        """Forget for real: blank every text the log holds for these memories (or the user)."""
        must: list[models.Condition] = [_match("user_id", user_id)]
        if memory_ids is not None:
            if not memory_ids:
                return
            must.append(models.FieldCondition(
                key="memory_id", match=models.MatchAny(any=list(memory_ids))))
        self._client.set_payload(self.collection, payload={"old_text": None, "new_text": None},
                                 points=models.Filter(must=must), wait=True)

    def delete_user(self, user_id: str) -> int:
        """Forget a user for good (chatbot forget-me): every event of theirs is deleted."""
        n = self.count(user_id)
        self._client.delete(self.collection, points_selector=models.FilterSelector(
            filter=models.Filter(must=[_match("user_id", user_id)])), wait=True)
        return n

    def close(self) -> None:
        """The connection belongs to the memory backend, which closes it."""
