"""Query-side ranking for MemoryStore.search: how the dense and BM25 pools become one list.

Qdrant answers each signal's pool (prefetch-sized, filtered to the user); the fusion of the two
pools happens here because the measured best fusion is weighted (BM25 counts twice as much as
dense on LoCoMo) and Qdrant's DBSF takes no weights. Fusing ~2 x 60 scored hits in Python costs
~0.1 ms. Every variant measured is in docs/retrieval-quality.md; only what helped is a default.

Fusions (`RankingConfig.fusion`):
- "dbsf" (default): distribution-based score fusion, Qdrant's definition: each pool's scores are
  mapped to [0, 1] by (s - (mu - 3 sd)) / (6 sd) over that pool, then summed with the weights.
  A hit missing from a pool gets 0 from it.
- "rrf": weighted reciprocal rank fusion, weight / (k + rank), rank counted from 0 as Qdrant does.
- "qdrant": Qdrant's own RRF (k=RRF_K, equal weights) inside the engine, the pre-ranking path.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from chatbot.memory.backends.base import RRF_K, Hit

Fusion = Literal["dbsf", "rrf", "qdrant"]


@dataclass(frozen=True)
class RankingConfig:
    """How search fuses its signals. The defaults are the best measured on LoCoMo dev."""

    fusion: Fusion = "dbsf"
    dense_weight: float = 1.0
    keyword_weight: float = 2.0
    rrf_k: int = RRF_K

    def describe(self) -> str:
        if self.fusion == "qdrant":
            return f"qdrant-rrf(k={RRF_K})"
        k = f", k={self.rrf_k}" if self.fusion == "rrf" else ""
        return f"{self.fusion}(dense={self.dense_weight:g}, bm25={self.keyword_weight:g}{k})"


DEFAULT_RANKING = RankingConfig()


def dbsf_normalise(scores: Sequence[float]) -> list[float]:
    """Qdrant's DBSF normalisation of one pool: mean +- 3 standard deviations -> [0, 1]."""
    if not scores:
        return []
    n = len(scores)
    mean = sum(scores) / n
    sd = math.sqrt(sum((s - mean) ** 2 for s in scores) / n)
    if sd == 0:
        return [0.5] * n
    low, high = mean - 3 * sd, mean + 3 * sd
    return [min(1.0, max(0.0, (s - low) / (high - low))) for s in scores]


def fuse(dense: Sequence[Hit], keyword: Sequence[Hit], config: RankingConfig,
         limit: int) -> list[Hit]:
    """The two pools (each best first) as one list, best first, with each hit's signals.

    Signals: dense / bm25 (raw pool scores, 0 when outside that pool), dense_rank / bm25_rank
    (1-based, only when in that pool), dense_part + bm25_part = fused (= the hit's score), rank.
    """
    if config.fusion == "dbsf":
        dense_parts = [config.dense_weight * x for x in dbsf_normalise([h.score for h in dense])]
        bm25_parts = [config.keyword_weight * x for x in dbsf_normalise(
            [h.score for h in keyword])]
    else:
        dense_parts = [config.dense_weight / (config.rrf_k + r) for r in range(len(dense))]
        bm25_parts = [config.keyword_weight / (config.rrf_k + r) for r in range(len(keyword))]
    table: dict[str, dict[str, float]] = {}
    payloads: dict[str, Hit] = {}
    for name, pool, parts in (("dense", dense, dense_parts), ("bm25", keyword, bm25_parts)):
        for rank, (hit, part) in enumerate(zip(pool, parts, strict=True), 1):
            s = table.setdefault(hit.id, {"dense": 0.0, "bm25": 0.0, "dense_part": 0.0,
                                          "bm25_part": 0.0})
            s[name] = hit.score
            s[f"{name}_rank"] = rank
            s[f"{name}_part"] = part
            payloads.setdefault(hit.id, hit)
    for s in table.values():
        s["fused"] = s["dense_part"] + s["bm25_part"]
    # Ties (same fused score) go to the better BM25 rank, then the better dense rank.
    order = sorted(table, key=lambda i: (-table[i]["fused"], table[i].get("bm25_rank", 1e9),
                                         table[i].get("dense_rank", 1e9)))[:limit]
    out = []
    for rank, pid in enumerate(order, 1):
        signals = table[pid] | {"rank": rank}
        out.append(replace(payloads[pid], score=signals["fused"], signals=signals))
    return out
