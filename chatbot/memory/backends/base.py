"""The contract every Qdrant engine behind MemoryStore fulfils."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any, Literal, NamedTuple

from chatbot.memory.keywords import SparseVector

DENSE = "dense"
SPARSE = "bm25"
SearchMode = Literal["hybrid", "dense", "keyword"]
# Qdrant's facet default is 10; a user can have more categories than that.
FACET_LIMIT = 1000
# Reciprocal rank fusion constant, set explicitly: qdrant-client and the server default to 2,
# which lets the top hit of either list dominate; 60 is the value of the original RRF paper.
# Both engines score a point as sum(1 / (RRF_K + rank)), rank counted from 0.
RRF_K = 60


@dataclass(frozen=True)
class Scope:
    """Which points an operation may touch. user_id is always set by MemoryStore; app too,
    when the store was opened for one app (then it sees only that app's memories)."""

    user_id: str | None
    categories: tuple[str, ...] | None = None
    valid: bool | None = True
    text_hash: str | None = None
    ids: tuple[str, ...] | None = None
    text_hashes: tuple[str, ...] | None = None
    app: str | None = None
    # An ISO date: memories whose valid_until is before it (expired) are left out.
    expired_before: str | None = None


# The payload fields a Scope filters on or a facet counts; every engine indexes all of them
# (Edge refuses to facet on an unindexed field, and any engine scans every payload to filter
# on one). user_id is each user's own tenant.
IndexKind = Literal["tenant", "keyword", "bool", "datetime"]
PAYLOAD_INDEXES: tuple[tuple[str, IndexKind], ...] = (
    ("user_id", "tenant"),
    ("categories", "keyword"),
    ("text_hash", "keyword"),
    ("valid", "bool"),
    ("observed_at", "datetime"),
    ("updated_at", "datetime"),
    ("app", "keyword"),
    ("valid_until", "datetime"),
)


class Condition(NamedTuple):
    """One test a Scope puts on a point, in no engine's terms: the field `is` the value, is
    `any` of the values, is `before` the date; or (field "id") the point's id is `id_in` them."""

    field: str
    op: Literal["is", "any", "before", "id_in"]
    value: Any


def scope_conditions(scope: Scope) -> tuple[list[Condition], list[Condition]]:
    """What a point must match to be in the scope, and what leaves it out."""
    must: list[Condition] = []
    if scope.user_id is not None:
        must.append(Condition("user_id", "is", scope.user_id))
    if scope.categories:
        must.append(Condition("categories", "any", list(scope.categories)))
    if scope.valid is not None:
        must.append(Condition("valid", "is", scope.valid))
    if scope.text_hash is not None:
        must.append(Condition("text_hash", "is", scope.text_hash))
    if scope.text_hashes is not None:
        must.append(Condition("text_hash", "any", list(scope.text_hashes)))
    if scope.ids is not None:
        must.append(Condition("id", "id_in", list(scope.ids)))
    if scope.app is not None:
        must.append(Condition("app", "is", scope.app))
    # A memory without valid_until never matches the range, so it is never left out.
    must_not = [Condition("valid_until", "before", scope.expired_before)
                ] if scope.expired_before else []
    return must, must_not


@dataclass(frozen=True)
class PointData:
    id: str
    dense: list[float]
    sparse: SparseVector
    payload: dict[str, Any]


@dataclass(frozen=True)
class Hit:
    id: str
    score: float
    payload: dict[str, Any]
    signals: dict[str, float] = field(default_factory=dict)


def point_data(record: Any) -> PointData:
    """A point scrolled out with its vectors (both engines' records have named vectors)."""
    vec = dict(record.vector or {})
    sparse = vec.get(SPARSE)
    return PointData(
        str(record.id), list(vec[DENSE]),
        SparseVector(list(sparse.indices), list(sparse.values)) if sparse
        else SparseVector([], []), dict(record.payload or {}))


class VectorBackend(ABC):
    """A Qdrant collection of memory points: named dense + BM25 sparse vectors, payload."""

    engine: str = "?"
    location: str = "?"

    @abstractmethod
    def open(self, dim: int, metadata: dict[str, Any]) -> dict[str, Any]:
        """Create the collection if missing; return the metadata it was created with."""

    @abstractmethod
    def stored_dim(self) -> int | None:
        """The dense vector size of the existing collection, or None if there is none."""

    @abstractmethod
    def stored_metadata(self) -> dict[str, Any]:
        """What the existing collection records (embedder, dim); {} if none or unrecorded."""

    @abstractmethod
    def set_metadata(self, metadata: dict[str, Any]) -> None:
        """Replace the collection's recorded metadata (after its vectors were rewritten)."""

    @abstractmethod
    def upsert(self, points: list[PointData]) -> None: ...

    @abstractmethod
    def set_payload(self, point_id: str, payload: dict[str, Any]) -> None: ...

    @abstractmethod
    def retrieve(self, ids: list[str]) -> list[tuple[str, dict[str, Any]]]: ...

    @abstractmethod
    def search(
        self, scope: Scope, dense: list[float] | None, sparse: SparseVector | None,
        mode: SearchMode, limit: int, pool: int,
    ) -> list[Hit]:
        """Best first. Hybrid: a pool from each of dense and BM25, fused by RRF (Query API)."""

    @abstractmethod
    def scroll(
        self, scope: Scope, limit: int | None = None,
    ) -> list[tuple[str, dict[str, Any]]]: ...

    @abstractmethod
    def facet(self, key: str, scope: Scope, limit: int = FACET_LIMIT) -> list[tuple[str, int]]: ...

    @abstractmethod
    def count(self, scope: Scope) -> int: ...

    @abstractmethod
    def delete(self, ids: list[str]) -> None: ...

    @abstractmethod
    def points(self, page: int = 256) -> Iterator[list[PointData]]:
        """Every point with both vectors, a page at a time (to copy a collection)."""

    def flush(self) -> None:  # noqa: B027 - optional hook
        """Make acknowledged writes durable (a no-op where every write already is)."""

    def erase_deleted(self) -> None:  # noqa: B027 - optional hook
        """Remove the bytes of deleted points from disk, where the engine keeps them around."""

    @abstractmethod
    def close(self) -> None: ...

    def search_explained(
        self, scope: Scope, dense: list[float], sparse: SparseVector | None, mode: SearchMode,
        limit: int, pool: int,
    ) -> list[Hit]:
        """search(), with each hit's signals: raw scores, ranks in each pool, RRF shares.

        Signals: dense (cosine), bm25 (IDF-weighted BM25; 0 if no term is shared),
        dense_rank / bm25_rank (1-based, only if the hit is in that pool of `pool`), and for
        hybrid dense_rrf + bm25_rrf = rrf (the fused score); rank is the final position.
        """
        hits = self.search(scope, dense, sparse, mode, limit, pool)
        if not hits:
            return hits
        has_terms = bool(sparse and sparse.indices)
        dense_pool = self.search(scope, dense, None, "dense", pool, pool)
        bm25_pool = self.search(scope, dense, sparse, "keyword", pool, pool) if has_terms else []
        dense_rank = {h.id: i for i, h in enumerate(dense_pool)}
        bm25_rank = {h.id: i for i, h in enumerate(bm25_pool)}
        # Exact signal values for hits outside a pool: the same query, restricted to the hits.
        only_hits = replace(scope, ids=tuple(h.id for h in hits))
        dense_score = {h.id: h.score for h in self.search(
            only_hits, dense, None, "dense", len(hits), len(hits))}
        bm25_score = {h.id: h.score for h in self.search(
            only_hits, dense, sparse, "keyword", len(hits), len(hits))} if has_terms else {}
        out = []
        for rank, h in enumerate(hits, 1):
            s: dict[str, float] = {"rank": rank, "dense": dense_score.get(h.id, 0.0),
                                   "bm25": bm25_score.get(h.id, 0.0)}
            if h.id in dense_rank:
                s["dense_rank"] = dense_rank[h.id] + 1
            if h.id in bm25_rank:
                s["bm25_rank"] = bm25_rank[h.id] + 1
            if mode == "hybrid" and has_terms:
                s["dense_rrf"] = 1 / (RRF_K + dense_rank[h.id]) if h.id in dense_rank else 0.0
                s["bm25_rrf"] = 1 / (RRF_K + bm25_rank[h.id]) if h.id in bm25_rank else 0.0
                s["rrf"] = h.score
            out.append(replace(h, signals=s))
        return out
