"""The read path of MemoryStore.search: which pools to ask the engine for, fusion, explain."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, replace
from datetime import datetime
from typing import Any

from chatbot.memory.backends.base import Hit, Scope, SearchMode, VectorBackend
from chatbot.memory.models import Memory, RetrievedMemory
from chatbot.memory.ranking import RankingConfig, above_floor, fuse, without_repeats


def ranked_hits(backend: VectorBackend, ranking: RankingConfig, scope: Scope,
                dense: list[float], sparse: Any, mode: SearchMode, limit: int, pool: int,
                explain: bool, now: datetime | None, about: str | None = None) -> list[Hit]:
    """The query's hits, best first: fused here as `ranking` says, or by the engine."""
    # With decay on, a stopwords-only query is fused too (from the dense pool alone),
    # so that it is decayed like any other hybrid query.
    fused = sparse.indices or ranking.recency_weight > 0 or ranking.access_weight > 0
    if mode == "hybrid" and fused and ranking.fusion != "qdrant":
        return _fused_search(backend, ranking, scope, dense, sparse, limit, pool, explain, now,
                             about)
    run = backend.search_explained if explain else backend.search
    return run(scope, dense, sparse, mode, limit=limit, pool=pool)


def _fused_search(backend: VectorBackend, ranking: RankingConfig, scope: Scope,
                  dense: list[float], sparse: Any, limit: int, pool: int, explain: bool,
                  now: datetime | None = None, about: str | None = None) -> list[Hit]:
    """Both pools from Qdrant, fused here (weights); explain fills exact raw scores."""
    size = max(pool, limit)
    dense_pool = backend.search(scope, dense, None, "dense", limit=size, pool=size)
    bm25_pool = backend.search(
        scope, dense, sparse, "keyword", limit=size, pool=size) if sparse.indices else []
    floor = ranking.floor if ranking.floor > 0 else None
    # With a floor or the repetition penalty, fuse more than asked: some fall under the floor,
    # and a repeating hit may give its place to one further down.
    wider = floor is not None or ranking.repeat_weight > 0
    hits = fuse(dense_pool, bm25_pool, ranking, 2 * limit if wider else limit, now, about)
    if floor is not None and hits:
        hits = above_floor(_exact_dense(backend, scope, dense, hits), floor)
    if ranking.repeat_weight > 0:
        hits = without_repeats(hits, ranking.repeat_weight)
    if wider:
        hits = [replace(h, signals=h.signals | {"rank": n}) for n, h in enumerate(
            hits[:limit], 1)]
    if not explain or not hits:
        return hits
    # A hit outside one pool still has a raw score there: the same query, only the hits.
    only = replace(scope, ids=tuple(h.id for h in hits))
    exact = {"dense": {h.id: h.score for h in backend.search(
                 only, dense, None, "dense", len(hits), len(hits))},
             "bm25": {h.id: h.score for h in backend.search(
                 only, dense, sparse, "keyword", len(hits), len(hits))} if sparse.indices
             else {}}
    return [replace(h, signals=h.signals | {k: exact[k].get(h.id, 0.0) for k in exact})
            for h in hits]


def _exact_dense(backend: VectorBackend, scope: Scope, dense: list[float],
                 hits: list[Hit]) -> list[Hit]:
    """The hits with their exact dense cosine: a BM25-only hit was never scored by dense."""
    missing = tuple(h.id for h in hits if "dense_rank" not in h.signals)
    if not missing:
        return hits
    only = replace(scope, ids=missing)
    exact = {h.id: h.score for h in backend.search(
        only, dense, None, "dense", len(missing), len(missing))}
    return [h if h.id not in exact else replace(h, signals=h.signals | {"dense": exact[h.id]})
            for h in hits]


def as_results(hits: Iterable[Hit], score_threshold: float | None,
               explain: bool) -> list[RetrievedMemory]:
    """Hits as the memories they carry, those under score_threshold left out."""
    out = []
    for h in hits:
        if score_threshold is not None and h.score < score_threshold:
            continue
        m = Memory.from_payload(h.id, h.payload)
        out.append(RetrievedMemory(**asdict(m) | {"source": m.source}, score=h.score,
                                   signals=dict(h.signals) if explain else {}))
    return out
