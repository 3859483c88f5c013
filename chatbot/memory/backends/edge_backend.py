"""Qdrant Edge (qdrant-edge-py): Qdrant's Rust engine in-process, one shard folder per collection.

The collection's lifecycle (lock, files, group-committed flushes, rebuild) is EdgeCollection's in
edge_collection; how a Scope and a sparse vector are said to Edge is in edge_convert.
This module is the point operations: writes, reads, hybrid search, facets and counts.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import qdrant_edge as qe

from chatbot.errors import ConfigError
from chatbot.memory.backends.base import (
    DENSE,
    FACET_LIMIT,
    RRF_K,
    SPARSE,
    Hit,
    PointData,
    Scope,
    SearchMode,
    point_data,
)
from chatbot.memory.backends.edge_collection import EdgeCollection
from chatbot.memory.backends.edge_convert import INDEXES, build_filter, edge_sparse
from chatbot.memory.faults import check_free_space, engine_call
from chatbot.memory.keywords import SparseVector

PAGE = 256


class EdgeBackend(EdgeCollection):
    """The memory points of one Edge collection (see EdgeCollection for where it lives)."""

    engine = "edge"

    # --------------------------------------------------------------- writes

    @engine_call("write")
    def upsert(self, points: list[PointData]) -> None:
        check_free_space(self.dir)
        self.shard.update(qe.UpdateOperation.upsert_points([
            qe.Point(p.id, {DENSE: p.dense, SPARSE: edge_sparse(p.sparse)}, p.payload)
            for p in points
        ]))
        self._written()

    @engine_call("write")
    def set_payload(self, point_id: str, payload: dict[str, Any]) -> None:
        check_free_space(self.dir)
        self.shard.update(qe.UpdateOperation.set_payload([point_id], payload))
        self._written()

    @engine_call("write")
    def delete(self, ids: list[str]) -> None:
        if ids:
            self.shard.update(qe.UpdateOperation.delete_points(list(ids)))
            self._written()

    # ---------------------------------------------------------------- reads

    @engine_call("read")
    def points(self, page: int = PAGE) -> Iterator[list[PointData]]:
        offset = None
        while True:
            records, offset = self.shard.scroll(qe.ScrollRequest(
                offset=offset, limit=page, with_payload=True, with_vector=True))
            batch = [point_data(r) for r in records]
            if batch:
                yield batch
            if offset is None:
                return

    @engine_call("read")
    def retrieve(self, ids: list[str]) -> list[tuple[str, dict[str, Any]]]:
        return [(str(r.id), dict(r.payload or {})) for r in self.shard.retrieve(ids, True, False)]

    @engine_call("read")
    def search(self, scope: Scope, dense: list[float] | None, sparse: SparseVector | None,
               mode: SearchMode, limit: int, pool: int) -> list[Hit]:
        flt = build_filter(scope)
        has_terms = bool(sparse and sparse.indices)
        if mode == "keyword" and not has_terms:
            return []
        if mode == "dense" or not has_terms:  # hybrid with no keyword terms is dense alone
            request = qe.QueryRequest(limit=limit, query=qe.Query.Nearest(dense, using=DENSE),
                                      filter=flt, with_payload=True)
        elif mode == "keyword":
            request = qe.QueryRequest(
                limit=limit, query=qe.Query.Nearest(edge_sparse(sparse), using=SPARSE),  # type: ignore[arg-type]
                filter=flt, with_payload=True)
        else:
            request = qe.QueryRequest(
                limit=limit,
                prefetches=[
                    qe.Prefetch(limit=pool, query=qe.Query.Nearest(dense, using=DENSE), filter=flt),
                    qe.Prefetch(limit=pool, query=qe.Query.Nearest(
                        edge_sparse(sparse), using=SPARSE), filter=flt),  # type: ignore[arg-type]
                ],
                query=qe.Fusion.Rrf(k=RRF_K), filter=flt, with_payload=True,
            )
        return [Hit(str(p.id), float(p.score), dict(p.payload or {}))
                for p in self.shard.query(request)]

    @engine_call("read")
    def scroll(self, scope: Scope, limit: int | None = None) -> list[tuple[str, dict[str, Any]]]:
        out: list[tuple[str, dict[str, Any]]] = []
        offset = None
        flt = build_filter(scope)
        while True:
            page = PAGE if limit is None else min(PAGE, limit - len(out))
            records, offset = self.shard.scroll(qe.ScrollRequest(
                offset=offset, limit=page, filter=flt, with_payload=True))
            out.extend((str(r.id), dict(r.payload or {})) for r in records)
            if offset is None or (limit is not None and len(out) >= limit):
                return out

    @engine_call("read")
    def facet(self, key: str, scope: Scope, limit: int = FACET_LIMIT) -> list[tuple[str, int]]:
        try:
            res = self.shard.facet(qe.FacetRequest(
                key, limit=limit, exact=True, filter=build_filter(scope)))
        except Exception as exc:  # noqa: BLE001 - qdrant-edge raises plain Exception
            if "No appropriate index" in str(exc):
                raise ConfigError(
                    f"cannot facet on {key!r}: Qdrant Edge facets only indexed fields "
                    f"({', '.join(name for name, _ in INDEXES)})") from None
            raise
        return [(str(h.value), int(h.count)) for h in res.hits]

    @engine_call("read")
    def count(self, scope: Scope) -> int:
        return int(self.shard.count(qe.CountRequest(exact=True, filter=build_filter(scope))))
