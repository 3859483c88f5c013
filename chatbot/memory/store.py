"""MemoryStore: one user's memories in Qdrant, with dedup, provenance and an audit log."""

from __future__ import annotations

import hashlib
import re
import sqlite3
import threading
import uuid
from collections import Counter
from collections.abc import Iterable
from dataclasses import asdict, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from chatbot.errors import (
    ChatbotError,
    ConfigError,
    DimensionMismatchError,
    EmbedderMismatchError,
    MemoryNotFoundError,
)
from chatbot.memory.backends.base import FACET_LIMIT, PointData, Scope, SearchMode, VectorBackend
from chatbot.memory.embeddings import (
    DEFAULT_EMBEDDER,
    NEAR_DUPLICATE,
    Embedder,
    get_embedder,
)
from chatbot.memory.history import History, now_iso
from chatbot.memory.keywords import KeywordEncoder
from chatbot.memory.models import (
    MEMORY_TYPES,
    HistoryEvent,
    Memory,
    RetrievedMemory,
    Source,
    WriteResult,
)
from chatbot.memory.ranking import DEFAULT_RANKING, RankingConfig, fuse
from chatbot.redact import redact

ENGINES = ("edge", "qdrant-local")
# Where each embedded engine keeps a collection under the store folder (to tell them apart).
_ENGINE_MARKS = {
    "edge": lambda path, collection: path / "edge" / collection / "edge_config.json",
    "qdrant-local": lambda path, collection: path / "qdrant" / "collection" / collection,
}
MAX_MEMORY_CHARS = 2000


def normalise(text: str) -> str:
    """The form two texts must share to count as the same memory."""
    text = re.sub(r"\s+", " ", text.strip().lower())
    return text.rstrip(" .!?;,")


def text_hash(text: str) -> str:
    return hashlib.sha256(normalise(text).encode("utf-8")).hexdigest()[:32]


def _clean_categories(categories: Iterable[str] | None) -> list[str]:
    if categories is None:
        return []
    if isinstance(categories, str):
        categories = [categories]
    seen: dict[str, None] = {}
    for c in categories:
        c = re.sub(r"\s+", "_", str(c).strip().lower())
        if c:
            seen[c] = None
    return list(seen)


def _check_user(user_id: str) -> str:
    if not isinstance(user_id, str) or not user_id.strip():
        raise ConfigError("user id must be a non-empty string")
    return user_id


def _as_datetime_str(value: str | datetime | None) -> str:
    if value is None:
        return now_iso()
    if isinstance(value, datetime):
        if value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        return value.isoformat(timespec="seconds")
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        raise ConfigError(f"observed_at must be an ISO date or datetime, got {value!r}") from None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    return parsed.isoformat(timespec="seconds")


def check_engine_folder(path: Path, engine: str, collection: str) -> None:
    """Refuse to start an empty store beside memories another embedded engine wrote."""
    if engine not in _ENGINE_MARKS or _ENGINE_MARKS[engine](path, collection).exists():
        return
    for other, mark in _ENGINE_MARKS.items():
        if other != engine and mark(path, collection).exists():
            raise ConfigError(
                f"the memories in {path} were written by the {other} engine, not {engine}; "
                f"keep them with CHATBOT_ENGINE={other}, or copy them once with: python -m "
                f"chatbot.memory.migrate {path} --from {other} --to {engine}")


def open_backend(engine: str, collection: str, path: Path | None, url: str | None,
                 api_key: str | None, in_memory: bool) -> VectorBackend:
    """Pick the Qdrant engine: a server by URL, else the embedded one asked for."""
    # Imported on demand: qdrant-client alone costs ~1.5 s and ~60 MB at startup.
    if url is not None or engine == "qdrant-local":
        from chatbot.memory.backends.qdrant_client_backend import QdrantClientBackend

        if url is not None:
            return QdrantClientBackend(collection, url=url, api_key=api_key)
        return QdrantClientBackend(
            collection, path=None if in_memory else Path(path) / "qdrant", in_memory=in_memory)
    if engine == "edge":
        from chatbot.memory.backends.edge_backend import EdgeBackend

        return EdgeBackend(collection, path=None if in_memory else Path(path) / "edge")
    raise ConfigError(f"unknown engine {engine!r}; choose one of: {', '.join(ENGINES)}")


class MemoryStore:
    """Long-term memory of many users; every call is scoped to one user in code."""

    def __init__(
        self, path: str | Path | None = None, url: str | None = None, in_memory: bool = False,
        embedder: Embedder | str | None = None, *, api_key: str | None = None,
        collection: str = "memories", engine: str = "edge",
        history_path: str | Path | None = None, dedup_threshold: float | None = None,
        embed_options: dict[str, Any] | None = None,
    ):
        """embedder: an Embedder, a model name, or None for the one the collection was built
        with (the default model for a new collection); embed_options go to get_embedder.
        dedup_threshold: the cosine of a near-duplicate (None: the embedder's own)."""
        if sum(x is not None and x is not False for x in (path, url, in_memory or None)) != 1:
            raise ConfigError("MemoryStore needs exactly one of path=, url= or in_memory=True")
        self.keywords = KeywordEncoder()
        self._dedup_threshold = dedup_threshold
        self.stats: Counter[str] = Counter()
        self._lock = threading.RLock()
        self._last_stamp = datetime.min.replace(tzinfo=UTC)
        self.path = Path(path).expanduser() if path is not None else None
        try:
            if self.path is not None:
                self.path.mkdir(parents=True, exist_ok=True)
                check_engine_folder(self.path, engine, collection)
            self._backend = open_backend(engine, collection, self.path, url, api_key, in_memory)
            if history_path is None and self.path is not None:
                history_path = self.path / "history.sqlite"
            self._history = History(history_path)
        except (OSError, sqlite3.Error) as exc:
            where = self.path or history_path
            reason = getattr(exc, "strerror", None) or str(exc)
            raise ChatbotError(
                f"cannot write the memory store at {where} ({reason}): check its permissions "
                "or set CHATBOT_DATA_DIR") from None
        try:
            self.embedder = self._pick_embedder(embedder, embed_options or {})
            self._check_embedder()
        except ChatbotError:
            self._backend.close()
            self._history.close()
            raise

    @property
    def dedup_threshold(self) -> float:
        if self._dedup_threshold is not None:
            return self._dedup_threshold
        return getattr(self.embedder, "near_duplicate", NEAR_DUPLICATE)

    def _pick_embedder(self, embedder: Embedder | str | None,
                       options: dict[str, Any]) -> Embedder:
        if isinstance(embedder, Embedder):
            return embedder
        if embedder:
            return get_embedder(embedder, **options)
        # Unnamed: a store keeps the model that wrote its vectors; a new one gets the default.
        built_with = self._backend.stored_metadata().get("embedder")
        try:
            return get_embedder(built_with or DEFAULT_EMBEDDER, **options)
        except ConfigError as exc:
            if not built_with:
                raise
            raise ConfigError(
                f"memory collection at {self._backend.location} was built with {built_with}, "
                f"which cannot be loaded here ({exc}); set CHATBOT_EMBEDDER to that model's "
                "folder, or use a new CHATBOT_DATA_DIR / CHATBOT_COLLECTION") from exc

    def _stamps(self, n: int = 1) -> list[str]:
        """Write times, strictly increasing, so "oldest first" is the order of writing."""
        start = max(datetime.now(UTC), self._last_stamp + timedelta(microseconds=1))
        stamps = [start + timedelta(microseconds=i) for i in range(n)]
        self._last_stamp = stamps[-1]
        return [t.isoformat(timespec="microseconds") for t in stamps]

    @classmethod
    def from_settings(cls, settings: Any) -> MemoryStore:
        """The store the app uses: embedded under the data dir, or a server by URL."""
        # Checked before the store opens: a bad recency setting must not leave a lock behind.
        ranking = replace(DEFAULT_RANKING, recency_weight=settings.recency_weight,
                          recency_half_life_days=settings.recency_half_life_days)
        embedding = {"embedder": settings.embedder or None, "embed_options": {
            "threads": settings.embed_threads, "cache_dir": settings.models_dir,
            "batch_threads": settings.embed_batch_threads}}
        if settings.qdrant_url:
            store = cls(
                url=settings.qdrant_url, api_key=settings.qdrant_api_key,
                collection=settings.collection,
                history_path=Path(settings.data_dir) / "history.sqlite",
                dedup_threshold=settings.dedup_threshold, **embedding,
            )
        else:
            store = cls(
                path=settings.store_dir, engine=settings.engine,
                collection=settings.collection, dedup_threshold=settings.dedup_threshold,
                **embedding,
            )
        store.ranking = ranking
        return store

    @property
    def engine(self) -> str:
        return self._backend.engine

    @property
    def backend(self) -> VectorBackend:
        """The engine adapter, for benchmarks and diagnostics; writes belong to the store."""
        return self._backend

    def _check_embedder(self) -> None:
        """Refuse to mix vectors of two models in one collection (dimension or name differs)."""
        stored = self._backend.stored_dim()
        meta = self._backend.open(self.embedder.dim, {
            "embedder": self.embedder.name, "dim": self.embedder.dim})
        built_with = meta.get("embedder")
        target = str(self.path) if self.path is not None else "--url URL"
        if meta.get("reembedding"):
            raise EmbedderMismatchError(
                f"re-embedding the memories at {self._backend.location} with "
                f"{meta['reembedding']} did not finish; run it again: python -m "
                f"chatbot.memory.migrate {target} --reembed {meta['reembedding']}")
        if stored is not None and stored != self.embedder.dim:
            raise DimensionMismatchError(
                f"memory collection at {self._backend.location} was built with "
                f"{built_with or 'an unknown model'} ({stored} dimensions) but the embedder is "
                f"{self.embedder.name} ({self.embedder.dim} dimensions); set "
                f"CHATBOT_EMBEDDER={built_with} or use a new CHATBOT_DATA_DIR / CHATBOT_COLLECTION"
            )
        if stored is not None and built_with and built_with != self.embedder.name:
            raise EmbedderMismatchError(
                f"memory collection at {self._backend.location} was built with {built_with}, "
                f"not {self.embedder.name}; unset CHATBOT_EMBEDDER to keep {built_with}, or "
                f"re-embed every memory once: python -m chatbot.memory.migrate {target} "
                f"--reembed {self.embedder.name}")

    def add(
        self, user_id: str, text: str, categories: Iterable[str] = (),
        memory_type: str = "semantic", source: Source | dict | None = None,
        observed_at: str | datetime | None = None, *, actor: str = "api",
    ) -> str:
        """Store a memory (or absorb it into an existing duplicate) and return its id."""
        return self.remember(
            user_id, text, categories, memory_type, source, observed_at, actor=actor).id

    def remember(
        self, user_id: str, text: str, categories: Iterable[str] = (),
        memory_type: str = "semantic", source: Source | dict | None = None,
        observed_at: str | datetime | None = None, *, actor: str = "api",
    ) -> WriteResult:
        """Like add(), but says whether it was an ADD, an UPDATE of a near-duplicate, or a NOOP."""
        _check_user(user_id)
        text = self._check_text(text)
        if memory_type not in MEMORY_TYPES:
            raise ConfigError(f"memory_type must be one of {', '.join(MEMORY_TYPES)}")
        cats = _clean_categories(categories)
        src = source if isinstance(source, Source) else Source.from_payload(source)
        src.actor = src.actor or actor
        with self._lock:
            digest = text_hash(text)
            same = self._backend.scroll(Scope(user_id, valid=True, text_hash=digest), limit=1)
            if same:
                self.stats["dedup_exact"] += 1
                return WriteResult(same[0][0], "NOOP", "identical memory exists")
            dense = self.embedder.embed_documents([text])[0]
            near = self._backend.search(
                Scope(user_id), dense.tolist(), None, "dense", limit=1, pool=1)
            if near and near[0].score >= self.dedup_threshold:
                self.stats["dedup_near"] += 1
                old = Memory.from_payload(near[0].id, near[0].payload)
                if len(normalise(text)) > len(normalise(old.memory_text)):
                    merged = old.categories + [c for c in cats if c not in old.categories]
                    self._rewrite(old, text, merged, actor, src.session_id, dense)
                    return WriteResult(old.id, "UPDATE", f"near-duplicate ({near[0].score:.2f})")
                return WriteResult(old.id, "NOOP", f"near-duplicate ({near[0].score:.2f})")
            now = self._stamps()[0]
            memory_id = str(uuid.uuid4())
            payload = {
                "user_id": user_id, "memory_text": text, "categories": cats,
                "memory_type": memory_type, "created_at": now, "updated_at": now,
                "observed_at": _as_datetime_str(observed_at), "source": asdict(src),
                "text_hash": digest, "valid": True, "superseded_by": None,
                "access_count": 0, "last_accessed_at": None,
            }
            # History first: after a crash the store is never ahead of its log; at most the
            # one unacknowledged write has an ADD row without a point.
            self._history.record(memory_id, user_id, "ADD", None, text, actor, src.session_id)
            self._backend.upsert([PointData(
                memory_id, dense.tolist(), self.keywords.document(text), payload)])
            return WriteResult(memory_id, "ADD")

    def add_many(self, user_id: str, items: list[dict[str, Any]], *, actor: str = "import",
                 dedup: bool = True) -> list[WriteResult]:
        """Bulk ingest: one embedding batch and one upsert. Exact duplicates are skipped."""
        _check_user(user_id)
        with self._lock:
            results: list[WriteResult] = []
            fresh: list[tuple[str, dict[str, Any]]] = []
            texts = self._check_items(items)
            digests = [text_hash(t) for t in texts]
            seen = self._stored_hashes(user_id, digests) if dedup else {}
            for item, text, digest in zip(items, texts, digests, strict=True):
                existing = seen.get(digest)
                if existing is not None:
                    self.stats["dedup_exact"] += 1
                    results.append(WriteResult(existing, "NOOP", "identical memory exists"))
                    continue
                memory_id = str(item.get("id") or uuid.uuid4())
                if dedup:
                    seen[digest] = memory_id
                fresh.append((memory_id, {**item, "text": text, "hash": digest}))
                results.append(WriteResult(memory_id, "ADD"))
            if fresh:
                vectors = self.embedder.embed_documents([f["text"] for _, f in fresh])
                stamps = self._stamps(len(fresh))
                points = []
                for (memory_id, f), vec, now in zip(fresh, vectors, stamps, strict=True):
                    src = f.get("source")
                    src = src if isinstance(src, Source) else Source.from_payload(src)
                    src.actor = src.actor or actor
                    points.append(PointData(memory_id, vec.tolist(), self.keywords.document(
                        f["text"]), {
                        "user_id": user_id, "memory_text": f["text"],
                        "categories": _clean_categories(f.get("categories")),
                        "memory_type": f.get("memory_type", "semantic"),
                        "created_at": f.get("created_at") or now,
                        "updated_at": f.get("updated_at") or now,
                        "observed_at": _as_datetime_str(f.get("observed_at")),
                        "source": asdict(src), "text_hash": f["hash"],
                        "valid": bool(f.get("valid", True)), "superseded_by": None,
                        "access_count": 0, "last_accessed_at": None,
                    }))
                self._history.record_many([
                    (p.id, user_id, "ADD", None, p.payload["memory_text"], actor,
                     p.payload["source"].get("session_id")) for p in points])
                for start in range(0, len(points), 512):
                    self._backend.upsert(points[start:start + 512])
            return results

    def _check_items(self, items: list[dict[str, Any]]) -> list[str]:
        """Every item is checked before anything is written; an id may not be taken twice."""
        texts = []
        for n, item in enumerate(items):
            if not isinstance(item, dict) or not isinstance(item.get("text"), str):
                raise ConfigError(f"item {n}: needs a 'text' string")
            try:
                texts.append(self._check_text(item["text"]))
            except ConfigError as exc:
                raise ConfigError(f"item {n}: {exc}") from None
            if item.get("id") is not None:
                try:
                    uuid.UUID(str(item["id"]))
                except ValueError:
                    raise ConfigError(f"item {n}: id {item['id']!r} is not a UUID") from None
        wanted = [str(i["id"]) for i in items if i.get("id") is not None]
        if len(set(wanted)) != len(wanted):
            raise ConfigError("the same id appears twice in one batch")
        taken = self._backend.retrieve(wanted) if wanted else []
        if taken:
            raise ConfigError(f"id {taken[0][0]} already exists; leave 'id' out to get a new one")
        return texts

    def _stored_hashes(self, user_id: str, digests: list[str]) -> dict[str, str]:
        """Which of these text hashes the user already has (valid or not), and the ids."""
        found: dict[str, str] = {}
        unique = list(dict.fromkeys(digests))
        # One filtered scroll per chunk: local mode pays a full collection scan per call.
        for start in range(0, len(unique), 256):
            chunk = tuple(unique[start:start + 256])
            for pid, payload in self._backend.scroll(
                    Scope(user_id, valid=None, text_hashes=chunk)):
                found.setdefault(payload["text_hash"], pid)
        return found

    def update(self, memory_id: str, text: str, categories: Iterable[str] | None = None, *,
               user_id: str | None = None, actor: str = "api",
               session_id: str | None = None) -> Memory:
        """Rewrite a memory in place: same id, new vector, created_at kept."""
        text = self._check_text(text)
        with self._lock:
            old = self.get(memory_id, user_id=user_id)
            cats = old.categories if categories is None else _clean_categories(categories)
            dense = self.embedder.embed_documents([text])[0]
            return self._rewrite(old, text, cats, actor, session_id, dense)

    def _rewrite(self, old: Memory, text: str, categories: list[str], actor: str,
                 session_id: str | None, dense: Any) -> Memory:
        payload = self._payload_of(old)
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
        _check_user(user_id)
        with self._lock:
            if memory_id is not None:
                ids = [self.get(memory_id, user_id=user_id, include_deleted=True).id]
            else:
                ids = [pid for pid, _ in self._backend.scroll(Scope(user_id, valid=None))]
            self._backend.delete(ids)
            self._backend.erase_deleted()
            self._backend.flush()
            self._history.erase_text(user_id, ids)
            for pid in ids:
                self._history.record(pid, user_id, "PURGE", None, None, actor, None)
            return len(ids)

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
        try:
            uuid.UUID(str(memory_id))
        except ValueError:
            raise MemoryNotFoundError(f"no memory with id {memory_id!r}") from None
        with self._lock:
            found = self._backend.retrieve([str(memory_id)])
        if not found or (user_id is not None and found[0][1].get("user_id") != user_id):
            raise MemoryNotFoundError(f"no memory with id {memory_id!r}")
        memory = Memory.from_payload(*found[0])
        if not include_deleted and not memory.valid:
            raise MemoryNotFoundError(f"memory {memory_id!r} was deleted")
        return memory

    # How search fuses dense and BM25 (chatbot.memory.ranking); benchmarks swap it per run.
    ranking: RankingConfig = DEFAULT_RANKING

    def search(
        self, user_id: str, query: str, categories: Iterable[str] | None = None, limit: int = 5,
        score_threshold: float | None = None, *, mode: SearchMode = "hybrid", pool: int = 60,
        explain: bool = False, now: datetime | None = None,
    ) -> list[RetrievedMemory]:
        """The user's memories most relevant to the query, best first.

        mode: hybrid (a dense and a BM25 pool of `pool` each from Qdrant, fused as
        `self.ranking` says: weighted DBSF by default, plus recency decay if it is on), dense
        or keyword (one raw signal, never decayed). A query with no keyword terms (only
        stopwords) searches dense alone.
        explain: fill each result's `signals` (raw dense / bm25 scores, 1-based ranks in each
        pool, each signal's part of the fused score; see chatbot.memory.ranking.fuse).
        now: the reference time of recency decay (default: the current time), e.g. a replay's.
        """
        _check_user(user_id)
        if not query or not query.strip():
            return []
        cats = tuple(_clean_categories(categories)) or None
        dense = self.embedder.embed_query(query[:MAX_MEMORY_CHARS]).tolist()
        sparse = self.keywords.query(query[:MAX_MEMORY_CHARS])
        scope = Scope(user_id, categories=cats)
        with self._lock:
            # With decay on, a stopwords-only query is fused too (from the dense pool alone),
            # so that it is decayed like any other hybrid query.
            fused = sparse.indices or self.ranking.recency_weight > 0
            if mode == "hybrid" and fused and self.ranking.fusion != "qdrant":
                hits = self._fused_search(scope, dense, sparse, limit, pool, explain, now)
            else:
                run = self._backend.search_explained if explain else self._backend.search
                hits = run(scope, dense, sparse, mode, limit=limit, pool=pool)
        out = []
        for h in hits:
            if score_threshold is not None and h.score < score_threshold:
                continue
            m = Memory.from_payload(h.id, h.payload)
            out.append(RetrievedMemory(**asdict(m) | {"source": m.source}, score=h.score,
                                       signals=dict(h.signals) if explain else {}))
        return out

    def _fused_search(self, scope: Scope, dense: list[float], sparse: Any, limit: int,
                      pool: int, explain: bool, now: datetime | None = None) -> list[Any]:
        """Both pools from Qdrant, fused here (weights); explain fills exact raw scores."""
        size = max(pool, limit)
        dense_pool = self._backend.search(scope, dense, None, "dense", limit=size, pool=size)
        bm25_pool = self._backend.search(
            scope, dense, sparse, "keyword", limit=size, pool=size) if sparse.indices else []
        hits = fuse(dense_pool, bm25_pool, self.ranking, limit, now)
        if not explain or not hits:
            return hits
        # A hit outside one pool still has a raw score there: the same query, only the hits.
        only = replace(scope, ids=tuple(h.id for h in hits))
        exact = {"dense": {h.id: h.score for h in self._backend.search(
                     only, dense, None, "dense", len(hits), len(hits))},
                 "bm25": {h.id: h.score for h in self._backend.search(
                     only, dense, sparse, "keyword", len(hits), len(hits))} if sparse.indices
                 else {}}
        return [replace(h, signals=h.signals | {k: exact[k].get(h.id, 0.0) for k in exact})
                for h in hits]

    def list(self, user_id: str, categories: Iterable[str] | None = None, *,
             include_deleted: bool = False) -> list[Memory]:
        """All of the user's memories, oldest first."""
        _check_user(user_id)
        cats = tuple(_clean_categories(categories)) or None
        with self._lock:
            rows = self._backend.scroll(
                Scope(user_id, categories=cats, valid=None if include_deleted else True))
        memories = [Memory.from_payload(pid, p) for pid, p in rows]
        return sorted(memories, key=lambda m: (m.created_at, m.id))

    def count(self, user_id: str) -> int:
        _check_user(user_id)
        with self._lock:
            return self._backend.count(Scope(user_id))

    def categories(self, user_id: str) -> list[str]:
        """The user's categories (Qdrant facet), most used first."""
        _check_user(user_id)
        with self._lock:
            hits = self._backend.facet("categories", Scope(user_id), limit=FACET_LIMIT)
        return [value for value, _ in hits]

    def users(self) -> list[tuple[str, int]]:
        """Every user with a memory, and how many valid memories each has."""
        with self._lock:
            return self._backend.facet("user_id", Scope(None), limit=100_000)

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

    @staticmethod
    def _check_text(text: str) -> str:
        if not isinstance(text, str) or not text.strip():
            raise ConfigError("memory text must be a non-empty string")
        # Defence in depth: the agents redact too, but every writer comes through here.
        return redact(text.strip())[:MAX_MEMORY_CHARS]

    @staticmethod
    def _payload_of(m: Memory) -> dict[str, Any]:
        payload = asdict(m)
        payload.pop("id")
        return payload
