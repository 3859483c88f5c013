"""MemoryStore: one user's memories in Qdrant, with dedup, provenance and an audit log."""

from __future__ import annotations

import threading
import uuid
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

from chatbot.errors import (
    ChatbotError,
    ConfigError,
    DamagedMemoryError,
    MemoryNotFoundError,
    StorageError,
)
from chatbot.memory.anchors import differing_anchor
from chatbot.memory.backends.base import FACET_LIMIT, PointData, Scope, SearchMode, VectorBackend
from chatbot.memory.embeddings import NEAR_DUPLICATE, Embedder
from chatbot.memory.faults import LockWait
from chatbot.memory.history import now_iso
from chatbot.memory.integrity import (
    MAX_COSINE,
    QUARANTINE_FIELD,
    needs_quarantine,
    problem_of,
    split_readable,
    vector_problem,
)
from chatbot.memory.keywords import KeywordEncoder
from chatbot.memory.lifecycle import Lifecycle
from chatbot.memory.models import (
    MEMORY_TYPES,
    HistoryEvent,
    Memory,
    RetrievedMemory,
    Source,
    WriteResult,
)
from chatbot.memory.opening import check_embedder, open_storage, pick_embedder, store_arguments
from chatbot.memory.payloads import new_payload, payload_of
from chatbot.memory.ranking import DEFAULT_RANKING, RankingConfig, floor_for
from chatbot.memory.records import UnreadableRecord, check_source, read_payload
from chatbot.memory.recovery import (
    begin_purge,
    begin_writes,
    end_writes,
    finish_purge,
    reconcile,
    resume_purges,
    roll_back,
)
from chatbot.memory.retrieval import as_results, ranked_hits
from chatbot.memory.validation import (
    MAX_MEMORY_CHARS,
    as_date_str,
    as_datetime_str,
    check_items,
    check_text,
    check_user,
    clean_categories,
    normalise,
    text_hash,
)
from chatbot.privacy import DEFAULT_POLICY, PrivacyPolicy


def _today(now: datetime | None) -> str:
    return (now or datetime.now(UTC)).date().isoformat()


class MemoryStore(Lifecycle):
    """Long-term memory of many users; every call is scoped to one user in code.

    Versions (supersede, chain, versions, revert) come from chatbot.memory.lifecycle."""

    def __init__(
        self, path: str | Path | None = None, url: str | None = None, in_memory: bool = False,
        embedder: Embedder | str | None = None, *, api_key: str | None = None,
        collection: str = "memories", engine: str = "edge",
        history_path: str | Path | None = None, dedup_threshold: float | None = None,
        embed_options: dict[str, Any] | None = None, app: str | None = None,
        lock_wait: float = 0.0, on_wait: Callable[[str], None] | None = None,
    ):
        """embedder: an Embedder, a model name, or None for the one the collection was built
        with (the default model for a new collection); embed_options go to get_embedder.
        dedup_threshold: the cosine of a near-duplicate (None: the embedder's own).
        app: the assistant this store serves; set, it writes, reads and dedups only that
        app's memories of each user; None (default): every memory of the user, shared.
        lock_wait: seconds to wait for an embedded store another process holds (on_wait is
        told once that it waits); then StoreLockedError."""
        if sum(x is not None and x is not False for x in (path, url, in_memory or None)) != 1:
            raise ConfigError("MemoryStore needs exactly one of path=, url= or in_memory=True")
        self.keywords = KeywordEncoder()
        if app is not None and (not isinstance(app, str) or not app.strip()):
            raise ConfigError("app must be a non-empty name, or None for the shared memory")
        self.app = app
        self._dedup_threshold = dedup_threshold
        self.stats: Counter[str] = Counter()
        # user -> memory id -> why it was not served (unreadable, damaged, quarantined).
        self.problems: dict[str, dict[str, str]] = {}
        self._lock = threading.RLock()
        self._last_stamp = datetime.min.replace(tzinfo=UTC)
        self.path = Path(path).expanduser() if path is not None else None
        self._backend, self._history = open_storage(
            self.path, engine, collection, url, api_key, in_memory, history_path,
            LockWait(lock_wait, on_wait))
        try:
            self.embedder = pick_embedder(self._backend, embedder, embed_options or {})
            check_embedder(self._backend, self.embedder, self.path)
            if self.path is not None:  # embedded: this process alone writes here
                self._recover()
        except ChatbotError:
            self._backend.close()
            self._history.close()
            raise

    def _scope(self, user_id: str, **kw: Any) -> Scope:
        return Scope(user_id, app=self.app, **kw)

    def _tag(self, payload: dict[str, Any]) -> dict[str, Any]:
        return payload if self.app is None else {**payload, "app": self.app}

    @property
    def dedup_threshold(self) -> float:
        if self._dedup_threshold is not None:
            return self._dedup_threshold
        return getattr(self.embedder, "near_duplicate", NEAR_DUPLICATE)

    def _stamps(self, n: int = 1) -> list[str]:
        """Write times, strictly increasing, so "oldest first" is the order of writing."""
        start = max(datetime.now(UTC), self._last_stamp + timedelta(microseconds=1))
        stamps = [start + timedelta(microseconds=i) for i in range(n)]
        self._last_stamp = stamps[-1]
        return [t.isoformat(timespec="microseconds") for t in stamps]

    @classmethod
    def from_settings(cls, settings: Any, **options: Any) -> MemoryStore:
        """The store the app uses: embedded under the data dir, or a server by URL; options
        (e.g. on_wait) go to the constructor."""
        arguments, ranking = store_arguments(settings)
        store = cls(**arguments, **options)
        # The floor is the embedder's own: known only now (an unnamed one is the store's).
        store.ranking = replace(ranking, floor=floor_for(store.embedder.name))
        store.privacy = PrivacyPolicy.from_kinds(getattr(settings, "never_store", None))
        return store

    @property
    def engine(self) -> str:
        return self._backend.engine

    @property
    def backend(self) -> VectorBackend:
        """The engine adapter, for benchmarks and diagnostics; writes belong to the store."""
        return self._backend

    def add(
        self, user_id: str, text: str, categories: Iterable[str] = (),
        memory_type: str = "semantic", source: Source | dict | None = None,
        observed_at: str | datetime | None = None, *, actor: str = "api",
        valid_from: str | date | None = None, valid_until: str | date | None = None,
    ) -> str:
        """Store a memory (or absorb it into an existing duplicate) and return its id."""
        return self.remember(
            user_id, text, categories, memory_type, source, observed_at, actor=actor,
            valid_from=valid_from, valid_until=valid_until).id

    def remember(
        self, user_id: str, text: str, categories: Iterable[str] = (),
        memory_type: str = "semantic", source: Source | dict | None = None,
        observed_at: str | datetime | None = None, *, actor: str = "api",
        valid_from: str | date | None = None, valid_until: str | date | None = None,
    ) -> WriteResult:
        """Like add(), but says whether it was an ADD, an UPDATE of a near-duplicate, or a NOOP.

        valid_from / valid_until: the dates the fact holds (chatbot.memory.timeparse resolves
        "next week"); after valid_until it leaves default search."""
        check_user(user_id)
        text = check_text(text)
        if memory_type not in MEMORY_TYPES:
            raise ConfigError(f"memory_type must be one of {', '.join(MEMORY_TYPES)}")
        cats = clean_categories(categories)
        self.privacy.check(text, cats)
        window = {"valid_from": as_date_str(valid_from, "valid_from"),
                  "valid_until": as_date_str(valid_until, "valid_until")}
        src = check_source(source)
        src.actor = src.actor or actor
        with self._lock:
            digest = text_hash(text)
            same = self._backend.scroll(
                self._scope(user_id, valid=True, text_hash=digest), limit=1)
            if same:
                self.stats["dedup_exact"] += 1
                return WriteResult(same[0][0], "NOOP", "identical memory exists")
            dense = self.embedder.embed_documents([text])[0]
            near = self._backend.search(
                self._scope(user_id), dense.tolist(), None, "dense", limit=1, pool=1)
            old = self._near_duplicate(text, near)
            if old is not None:
                self.stats["dedup_near"] += 1
                if len(normalise(text)) > len(normalise(old.memory_text)):
                    merged = old.categories + [c for c in cats if c not in old.categories]
                    self._rewrite(old, text, merged, actor, src.session_id, dense)
                    return WriteResult(old.id, "UPDATE", f"near-duplicate ({near[0].score:.2f})")
                return WriteResult(old.id, "NOOP", f"near-duplicate ({near[0].score:.2f})")
            now = self._stamps()[0]
            memory_id = str(uuid.uuid4())
            payload = self._tag(new_payload(
                user_id, text, cats, memory_type, created_at=now, updated_at=now,
                observed_at=as_datetime_str(observed_at), source=src, digest=digest, **window))
            self._write_new(user_id, actor, [PointData(
                memory_id, dense.tolist(), self.keywords.document(text), payload)])
            return WriteResult(memory_id, "ADD")

    def add_many(self, user_id: str, items: list[dict[str, Any]], *, actor: str = "import",
                 dedup: bool = True) -> list[WriteResult]:
        """Bulk ingest: one embedding batch and one upsert. Exact duplicates are skipped."""
        check_user(user_id)
        with self._lock:
            results: list[WriteResult] = []
            fresh: list[tuple[str, dict[str, Any]]] = []
            items = check_items(items, self._backend.retrieve)
            digests = [text_hash(i["text"]) for i in items]
            seen = self._stored_hashes(user_id, digests) if dedup else {}
            for item, digest in zip(items, digests, strict=True):
                kind = self.privacy.kind_of(item["text"], clean_categories(item.get("categories")))
                if kind is not None:
                    results.append(WriteResult("", "NOOP", f"not stored: {kind}"))
                    continue
                existing = seen.get(digest)
                if existing is not None:
                    self.stats["dedup_exact"] += 1
                    results.append(WriteResult(existing, "NOOP", "identical memory exists"))
                    continue
                memory_id = item.get("id") or str(uuid.uuid4())
                if dedup:
                    seen[digest] = memory_id
                fresh.append((memory_id, {**item, "hash": digest}))
                results.append(WriteResult(memory_id, "ADD"))
            if fresh:
                vectors = self.embedder.embed_documents([f["text"] for _, f in fresh])
                stamps = self._stamps(len(fresh))
                points = []
                for (memory_id, f), vec, now in zip(fresh, vectors, stamps, strict=True):
                    src = f.get("source") or Source()
                    src.actor = src.actor or actor
                    points.append(PointData(memory_id, vec.tolist(), self.keywords.document(
                        f["text"]), self._tag(new_payload(
                        user_id, f["text"], clean_categories(f.get("categories")),
                        f.get("memory_type", "semantic"), created_at=f.get("created_at") or now,
                        updated_at=f.get("updated_at") or now,
                        observed_at=as_datetime_str(f.get("observed_at")), source=src,
                        digest=f["hash"], valid=bool(f.get("valid", True)),
                        supersedes=f.get("supersedes"),
                        valid_from=as_date_str(f.get("valid_from"), "valid_from"),
                        valid_until=as_date_str(f.get("valid_until"), "valid_until")))))
                self._write_new(user_id, actor, points)
            return results

    def _write_new(self, user_id: str, actor: str, points: list[PointData]) -> None:
        """New points, history first: after a crash the store is never ahead of its log, and
        an ADD row whose point never arrived is rolled back (now, or at the next open)."""
        location = self._backend.location
        begin_writes(self._history, location, [
            (p.id, user_id, "ADD", None, p.payload["memory_text"], actor,
             p.payload["source"].get("session_id")) for p in points])
        try:
            for start in range(0, len(points), 512):
                self._backend.upsert(points[start:start + 512])
        except BaseException as exc:
            try:
                written = {pid for pid, _ in self._backend.retrieve([p.id for p in points])}
            except Exception:  # noqa: BLE001 - unknown: the next open reconciles
                raise exc from None
            roll_back(self._history, user_id, [p.id for p in points if p.id not in written],
                      actor, f"the write failed: {type(exc).__name__}")
            end_writes(self._history, location)
            raise
        end_writes(self._history, location)

    def _near_duplicate(self, text: str, near: list[Any]) -> Memory | None:
        """The stored memory that `text` restates: close enough, sound, and the same fact."""
        if not near or not self.dedup_threshold <= near[0].score <= MAX_COSINE:
            return None
        try:
            old = read_payload(near[0].id, near[0].payload)
        except UnreadableRecord:
            return None
        if problem_of(old, near[0].payload) is not None:
            return None
        if differing_anchor(old.memory_text, text) is not None:
            self.stats["dedup_kept_apart"] += 1  # close in meaning, different in fact
            return None
        return old

    def _sound(self, user_id: str, rows: Iterable[tuple[str, dict[str, Any]]]) -> list[Memory]:
        """The rows that are sound memories; the others are quarantined and reported."""
        good, bad = split_readable(rows)
        if bad:
            self.problems.setdefault(user_id, {}).update(bad)
            for pid, reason in bad.items():
                if needs_quarantine(reason):
                    self._quarantine(user_id, pid, reason)
        return good

    def _quarantine(self, user_id: str, memory_id: str, reason: str) -> None:
        """Out of search for good (invalid), the reason kept; purge still removes it."""
        try:
            self._history.record(memory_id, user_id, "QUARANTINE", None, None, "integrity",
                                 None)
            self._backend.set_payload(memory_id, {"valid": False, QUARANTINE_FIELD: reason})
        except StorageError:
            return  # a read-only store: still skipped and reported, marked on a later open
        self.stats["quarantined"] += 1

    def _stored_hashes(self, user_id: str, digests: list[str]) -> dict[str, str]:
        """Which of these text hashes the user already has (valid or not), and the ids."""
        found: dict[str, str] = {}
        unique = list(dict.fromkeys(digests))
        # One filtered scroll per chunk: local mode pays a full collection scan per call.
        for start in range(0, len(unique), 256):
            chunk = tuple(unique[start:start + 256])
            for pid, payload in self._backend.scroll(
                    self._scope(user_id, valid=None, text_hashes=chunk)):
                found.setdefault(payload["text_hash"], pid)
        return found

    def update(self, memory_id: str, text: str, categories: Iterable[str] | None = None, *,
               user_id: str | None = None, actor: str = "api",
               session_id: str | None = None) -> Memory:
        """Rewrite a memory in place: same id, new vector, created_at kept."""
        text = check_text(text)
        with self._lock:
            old = self.get(memory_id, user_id=user_id)
            cats = old.categories if categories is None else clean_categories(categories)
            self.privacy.check(text, cats)
            dense = self.embedder.embed_documents([text])[0]
            return self._rewrite(old, text, cats, actor, session_id, dense)

    def _rewrite(self, old: Memory, text: str, categories: list[str], actor: str,
                 session_id: str | None, dense: Any) -> Memory:
        payload = payload_of(old)
        payload.update(memory_text=text, categories=categories, updated_at=self._stamps()[0],
                       text_hash=text_hash(text))
        self._history.record(old.id, old.user_id, "UPDATE", old.memory_text, text, actor,
                             session_id)
        self._backend.upsert([PointData(
            old.id, dense.tolist(), self.keywords.document(text), payload)])
        return Memory.from_payload(old.id, payload)

    def delete(self, memory_id: str, *, user_id: str | None = None, actor: str = "api",
               session_id: str | None = None, superseded_by: str | None = None) -> None:
        """Invalidate: gone from search and list, kept in history, restorable."""
        with self._lock:
            old = self.get(memory_id, user_id=user_id)
            if not old.valid:
                return
            self._history.record(old.id, old.user_id, "DELETE", old.memory_text, None, actor,
                                 session_id)
            self._backend.set_payload(old.id, {
                "valid": False, "superseded_by": superseded_by, "updated_at": self._stamps()[0]})

    def restore(self, memory_id: str, *, user_id: str | None = None, actor: str = "api") -> Memory:
        """Undo a delete."""
        with self._lock:
            old = self.get(memory_id, user_id=user_id, include_deleted=True)
            if not old.valid:
                self._history.record(old.id, old.user_id, "RESTORE", None, old.memory_text,
                                     actor, None)
                self._backend.set_payload(old.id, {
                    "valid": True, "superseded_by": None, "updated_at": self._stamps()[0]})
            return self.get(memory_id, user_id=user_id)

    def purge(self, user_id: str, memory_id: str | None = None, *, actor: str = "api") -> int:
        """Remove vectors and text for real ("forget me"); returns how many memories went."""
        check_user(user_id)
        with self._lock:
            if memory_id is not None:
                # Not get(): a damaged memory must be purgeable too.
                found = self._backend.retrieve([self._uuid(memory_id)])
                if not found or found[0][1].get("user_id") != user_id or (
                        self.app is not None and found[0][1].get("app") != self.app):
                    raise MemoryNotFoundError(f"no memory with id {memory_id!r}")
                ids = [found[0][0]]
            else:
                ids = [pid for pid, _ in self._backend.scroll(self._scope(user_id, valid=None))]
            # An intent first: a purge killed half-way is finished at the next open.
            # All of the user's history rows (orphans too), unless only one app's memories go.
            whole = memory_id is None and self.app is None
            intent = begin_purge(self._history, user_id, ids, whole_user=whole)
            self._forget_points(ids)
            finish_purge(self._history, intent, user_id, ids, whole, actor)
            return len(ids)

    def forget_user(self, user_id: str) -> int:
        """Purge, then drop the user's history rows too: no trace of them stays in the store."""
        with self._lock:
            n = self.purge(user_id, actor="forget-me")
            self._history.delete_user(user_id)
            return n

    def _forget_points(self, ids: list[str]) -> None:
        """Points gone, and their bytes too (the engine's WAL and segments), durably."""
        self._backend.delete(ids)
        self._backend.erase_deleted()
        self._backend.flush()

    def _recover(self) -> None:
        """At open, before any other write: finish what a killed process left half-done."""
        with self._lock:
            self.stats["rolled_back_writes"] += reconcile(self._backend, self._history)
            self.stats["resumed_purges"] += resume_purges(self._history, self._forget_points)

    def touch(self, memories: list[RetrievedMemory]) -> None:
        """Count a retrieval, so access frequency and recency can be used later."""
        with self._lock:
            now = now_iso()
            for m in memories:
                self._backend.set_payload(
                    m.id, {"access_count": m.access_count + 1, "last_accessed_at": now})

    # ------------------------------------------------------------------ reads

    def get(self, memory_id: str, *, user_id: str | None = None,
            include_deleted: bool = True) -> Memory:
        """One memory by id; with user_id, another user's memory is 'not found'."""
        with self._lock:
            found = self._backend.retrieve([self._uuid(memory_id)])
            if not found or (user_id is not None and found[0][1].get("user_id") != user_id) or (
                    self.app is not None and found[0][1].get("app") != self.app):
                raise MemoryNotFoundError(f"no memory with id {memory_id!r}")
            owner = found[0][1].get("user_id")
            sound = self._sound(owner if isinstance(owner, str) else "?", found)
        if not sound:
            reason = self.problems.get(owner, {}).get(str(memory_id), "damaged")
            raise DamagedMemoryError(
                f"memory {memory_id} cannot be used ({reason}); `chatbot memories purge "
                f"{str(memory_id)[:8]}` removes it")
        memory = sound[0]
        if not include_deleted and not memory.valid:
            raise MemoryNotFoundError(f"memory {memory_id!r} was deleted")
        return memory

    # Kinds of personal data refused before any write (chatbot.privacy); settings may add some.
    privacy: PrivacyPolicy = DEFAULT_POLICY

    @staticmethod
    def _uuid(memory_id: Any) -> str:
        try:
            return str(uuid.UUID(str(memory_id)))
        except ValueError:
            raise MemoryNotFoundError(f"no memory with id {memory_id!r}") from None

    # How search fuses dense and BM25 (chatbot.memory.ranking); benchmarks swap it per run.
    ranking: RankingConfig = DEFAULT_RANKING

    def search(
        self, user_id: str, query: str, categories: Iterable[str] | None = None, limit: int = 5,
        score_threshold: float | None = None, *, mode: SearchMode = "hybrid", pool: int = 60,
        explain: bool = False, now: datetime | None = None, include_expired: bool = False,
        about: str | None = None,
    ) -> list[RetrievedMemory]:
        """The user's memories most relevant to the query, best first.

        mode: hybrid (a dense and a BM25 pool of `pool` each from Qdrant, fused as
        `self.ranking` says: weighted DBSF by default, plus recency decay if it is on), dense
        or keyword (one raw signal, never decayed). A query with no keyword terms (only
        stopwords) searches dense alone.
        explain: fill each result's `signals` (raw dense / bm25 scores, 1-based ranks in each
        pool, each signal's part of the fused score; see chatbot.memory.ranking.fuse).
        now: the reference time of recency decay (default: the current time), e.g. a replay's;
        also the day before which a memory's valid_until has expired it.
        include_expired: search expired memories too (what was true in the past).
        about: whose words the query asks about, a speaker's name as directly stored chat turns
        record it (source.speaker); None: the user's. Others' turns weigh less
        (RankingConfig.speaker_factor).
        """
        check_user(user_id)
        if not query or not query.strip():
            return []
        cats = tuple(clean_categories(categories)) or None
        dense = self.embedder.embed_query(query[:MAX_MEMORY_CHARS]).tolist()
        sparse = self.keywords.query(query[:MAX_MEMORY_CHARS])
        scope = self._scope(user_id, categories=cats,
                            expired_before=None if include_expired else _today(now))
        with self._lock:
            hits = ranked_hits(self._backend, self.ranking, scope, dense, sparse, mode, limit,
                               pool, explain, now, about)
            # A dense score outside [-1, 1] can only come from a damaged vector.
            bad_vector = {h.id: "its vector is damaged (cosine score out of range)"
                          for h in hits if mode == "dense" and not abs(h.score) <= MAX_COSINE}
            for pid, reason in bad_vector.items():
                self.problems.setdefault(user_id, {})[pid] = reason
                self._quarantine(user_id, pid, reason)
            sound = {m.id for m in self._sound(
                user_id, [(h.id, h.payload) for h in hits if h.id not in bad_vector])}
        return as_results([h for h in hits if h.id in sound], score_threshold, explain)

    def list(self, user_id: str, categories: Iterable[str] | None = None, *,
             include_deleted: bool = False, include_expired: bool | None = None) -> list[Memory]:
        """All of the user's current memories, oldest first; include_deleted lists every
        memory (superseded, deleted and expired ones too), include_expired the expired ones."""
        check_user(user_id)
        cats = tuple(clean_categories(categories)) or None
        expired = include_deleted if include_expired is None else include_expired
        with self._lock:
            rows = self._backend.scroll(
                self._scope(user_id, categories=cats, valid=None if include_deleted else True,
                            expired_before=None if expired else _today(None)))
            memories = self._sound(user_id, rows)
        return sorted(memories, key=lambda m: (m.created_at, m.id))

    def count(self, user_id: str) -> int:
        check_user(user_id)
        with self._lock:
            return self._backend.count(self._scope(user_id))

    def verify(self, user_id: str) -> dict[str, str]:
        """Check every memory of the user, vectors included (finite, unit norm, the store's
        dimension): a bad one is quarantined. Returns id -> reason for each bad memory."""
        check_user(user_id)
        found: dict[str, str] = {}
        with self._lock:
            for page in self._backend.points():
                mine = [p for p in page if p.payload.get("user_id") == user_id]
                for p in mine:
                    why = vector_problem(p.dense, self.embedder.dim)
                    if why is not None and not p.payload.get(QUARANTINE_FIELD):
                        self._quarantine(user_id, p.id, why)
                        found[p.id] = why
                self._sound(user_id, [(p.id, p.payload) for p in mine if p.id not in found])
            found.update(self.problems.get(user_id, {}))
            self.problems.setdefault(user_id, {}).update(found)
        return found

    def total(self) -> int:
        """Memories of every user, deleted ones included (what a purge rewrites)."""
        with self._lock:
            return self._backend.count(Scope(None, valid=None))

    def categories(self, user_id: str) -> list[str]:
        """The user's categories (Qdrant facet), most used first."""
        check_user(user_id)
        with self._lock:
            hits = self._backend.facet("categories", self._scope(user_id), limit=FACET_LIMIT)
        return [value for value, _ in hits]

    def users(self) -> list[tuple[str, int]]:
        """Every user with a memory, and how many valid memories each has."""
        with self._lock:
            return self._backend.facet("user_id", Scope(None, app=self.app), limit=100_000)

    def history(self, memory_id: str, *, user_id: str | None = None) -> list[HistoryEvent]:
        """Every event of one memory, oldest first."""
        return self._history.events(str(memory_id), user_id)

    # ------------------------------------------------------------------ misc

    def flush(self) -> None:
        """fsync every write so far; writes are already safe from a crash of this process."""
        with self._lock:
            self._backend.flush()

    def close(self) -> None:
        with self._lock:
            self._backend.flush()
            self._backend.close()
            self._history.close()

    def __enter__(self) -> MemoryStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
