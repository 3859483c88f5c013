"""qdrant-client: a Qdrant server or cluster by URL, or its pure-Python local mode."""

from __future__ import annotations

import logging
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from qdrant_client import QdrantClient, models

from chatbot.errors import ChatbotError, StoreLockedError
from chatbot.memory.backends.base import (
    DENSE,
    FACET_LIMIT,
    PAYLOAD_INDEXES,
    RRF_K,
    SPARSE,
    Condition,
    Hit,
    PointData,
    Scope,
    SearchMode,
    VectorBackend,
    point_data,
    scope_conditions,
)
from chatbot.memory.backends.qdrant_server import collection_info, connect, create_collection
from chatbot.memory.keywords import SparseVector


def _condition(c: Condition) -> models.Condition:
    if c.op == "is":
        return models.FieldCondition(key=c.field, match=models.MatchValue(value=c.value))
    if c.op == "any":
        return models.FieldCondition(key=c.field, match=models.MatchAny(any=c.value))
    if c.op == "id_in":
        return models.HasIdCondition(has_id=c.value)
    return models.FieldCondition(key=c.field, range=models.DatetimeRange(lt=c.value))


def build_filter(scope: Scope) -> models.Filter:
    must, must_not = scope_conditions(scope)
    return models.Filter(must=[_condition(c) for c in must],
                         must_not=[_condition(c) for c in must_not] or None)


def _sparse(vec: SparseVector) -> models.SparseVector:
    return models.SparseVector(indices=vec.indices, values=vec.values)


class QdrantClientBackend(VectorBackend):
    """One collection through qdrant-client; identical code for local mode and a server."""

    def __init__(self, collection: str, path: Path | None = None, url: str | None = None,
                 api_key: str | None = None, in_memory: bool = False):
        self.collection = collection
        self._is_server = url is not None
        try:
            if url is not None:
                self.engine, self.location = "qdrant-server", url
                self._client = connect(url, api_key)
            elif in_memory:
                self.engine, self.location = "qdrant-local", ":memory:"
                self._client = QdrantClient(location=":memory:")
            else:
                assert path is not None
                path.mkdir(parents=True, exist_ok=True)
                self.engine, self.location = "qdrant-local", str(path)
                self._client = QdrantClient(path=str(path))
        except RuntimeError as exc:
            if "already accessed" in str(exc):
                raise StoreLockedError(
                    f"memory store {path} is in use by another chatbot process; close that one "
                    "first, or point CHATBOT_QDRANT_URL at a Qdrant server to share it"
                ) from None
            raise

    def open(self, dim: int, metadata: dict[str, Any]) -> dict[str, Any]:
        try:
            exists = self._client.collection_exists(self.collection)
        except Exception as exc:  # noqa: BLE001 - connection errors come in many types
            raise ChatbotError(f"cannot reach Qdrant at {self.location}: {exc}") from None
        if exists:
            return dict(self._info().config.metadata or {})
        vectors = {DENSE: models.VectorParams(size=dim, distance=models.Distance.COSINE)}
        sparse = {SPARSE: models.SparseVectorParams(modifier=models.Modifier.IDF)}
        if self._is_server:
            # Another process may create it at the same moment: then theirs is used, with
            # their metadata (its indexes may not be there yet; creating one again is a no-op).
            info = create_collection(self._client, self.collection, vectors_config=vectors,
                                     sparse_vectors_config=sparse, metadata=metadata)
            metadata = dict(info.config.metadata or {})
        else:
            self._client.create_collection(self.collection, vectors_config=vectors,
                                           sparse_vectors_config=sparse, metadata=metadata)
        schemas: dict[str, Any] = {
            "tenant": models.KeywordIndexParams(
                type=models.KeywordIndexType.KEYWORD, is_tenant=self._is_server),
            "keyword": models.PayloadSchemaType.KEYWORD,
            "bool": models.PayloadSchemaType.BOOL,
            "datetime": models.PayloadSchemaType.DATETIME,
        }
        # Local mode ignores payload indexes and says so; we still create them so the same
        # collection definition is right on a server.
        logging.getLogger("qdrant_client").setLevel(logging.ERROR)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for field, kind in PAYLOAD_INDEXES:
                self._client.create_payload_index(self.collection, field,
                                                  field_schema=schemas[kind], wait=True)
        return metadata

    def _info(self) -> Any:
        if self._is_server:
            return collection_info(self._client, self.collection)
        return self._client.get_collection(self.collection)

    @property
    def client(self) -> QdrantClient:
        """The connection, shared with the server-side history of the same store."""
        return self._client

    def stored_dim(self) -> int | None:
        if not self._client.collection_exists(self.collection):
            return None
        vectors = self._info().config.params.vectors
        if isinstance(vectors, dict) and DENSE in vectors:
            return vectors[DENSE].size
        return None

    def stored_metadata(self) -> dict[str, Any]:
        if not self._client.collection_exists(self.collection):
            return {}
        return dict(self._info().config.metadata or {})

    def set_metadata(self, metadata: dict[str, Any]) -> None:
        self._client.update_collection(self.collection, metadata=metadata)

    def upsert(self, points: list[PointData]) -> None:
        self._client.upsert(self.collection, points=[
            models.PointStruct(
                id=p.id, vector={DENSE: p.dense, SPARSE: _sparse(p.sparse)}, payload=p.payload)
            for p in points
        ], wait=True)

    def set_payload(self, point_id: str, payload: dict[str, Any]) -> None:
        self._client.set_payload(self.collection, payload=payload, points=[point_id], wait=True)

    def retrieve(self, ids: list[str]) -> list[tuple[str, dict[str, Any]]]:
        records = self._client.retrieve(self.collection, ids=ids, with_payload=True)
        return [(str(r.id), dict(r.payload or {})) for r in records]

    def search(self, scope: Scope, dense: list[float] | None, sparse: SparseVector | None,
               mode: SearchMode, limit: int, pool: int) -> list[Hit]:
        flt = build_filter(scope)
        if mode == "dense" or (mode == "hybrid" and not (sparse and sparse.indices)):
            res = self._client.query_points(
                self.collection, query=dense, using=DENSE, query_filter=flt, limit=limit)
        elif mode == "keyword":
            if not (sparse and sparse.indices):
                return []
            res = self._client.query_points(
                self.collection, query=_sparse(sparse), using=SPARSE, query_filter=flt,
                limit=limit)
        else:
            res = self._client.query_points(
                self.collection,
                prefetch=[
                    models.Prefetch(query=dense, using=DENSE, filter=flt, limit=pool),
                    models.Prefetch(query=_sparse(sparse), using=SPARSE, filter=flt, limit=pool),
                ],
                query=models.RrfQuery(rrf=models.Rrf(k=RRF_K)),
                query_filter=flt, limit=limit,
            )
        return [Hit(str(p.id), float(p.score), dict(p.payload or {})) for p in res.points]

    def scroll(self, scope: Scope, limit: int | None = None) -> list[tuple[str, dict[str, Any]]]:
        out: list[tuple[str, dict[str, Any]]] = []
        offset = None
        while True:
            page = 256 if limit is None else min(256, limit - len(out))
            records, offset = self._client.scroll(
                self.collection, scroll_filter=build_filter(scope), limit=page, offset=offset,
                with_payload=True)
            out.extend((str(r.id), dict(r.payload or {})) for r in records)
            if offset is None or (limit is not None and len(out) >= limit):
                return out

    def points(self, page: int = 256) -> Iterator[list[PointData]]:
        offset = None
        while True:
            records, offset = self._client.scroll(
                self.collection, limit=page, offset=offset, with_payload=True, with_vectors=True)
            batch = [point_data(r) for r in records]
            if batch:
                yield batch
            if offset is None:
                return

    def facet(self, key: str, scope: Scope, limit: int = FACET_LIMIT) -> list[tuple[str, int]]:
        res = self._client.facet(
            self.collection, key=key, facet_filter=build_filter(scope), limit=limit, exact=True)
        return [(str(h.value), int(h.count)) for h in res.hits]

    def count(self, scope: Scope) -> int:
        return self._client.count(
            self.collection, count_filter=build_filter(scope), exact=True).count

    def delete(self, ids: list[str]) -> None:
        if ids:
            self._client.delete(
                self.collection, points_selector=models.PointIdsList(points=ids), wait=True)

    def close(self) -> None:
        self._client.close()
