"""Retrieval variants on LoCoMo (direct mode), through MemoryStore.search, as one comparison table.

Each memory-text variant (`--contexts`: previous turns of context per memory) is ingested once
into its own Edge store under --store-root and reused by later runs (ingestion is ~all the
cost: embedding); every query-side variant (search mode, fusion, weights, pool) then runs the
questions against it. Metrics are the eval's own (chatbot.evaluation.runner): Recall@10 overall
and per category, NDCG@10, search p50/p95 with the query embedding included.

    .venv/bin/python scripts/eval_retrieval_sweep.py \\
        --data ../shared/data/locomo/locomo-dev.json --store-root /tmp/sweep --contexts 0,1

Provenance with context: a memory holding turn t and its predecessor carries both dia_ids (the
text contains both), so each dia_id is in up to 1 + context memories. See
docs/retrieval-quality.md.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from chatbot.evaluation.ingest import ingest_direct
from chatbot.evaluation.locomo import QUERY_MODES, load_locomo
from chatbot.evaluation.runner import aggregate, retrieval_metrics
from chatbot.memory import MemoryStore
from chatbot.memory.query import search_text
from chatbot.memory.ranking import RankingConfig


@dataclass(frozen=True)
class Variant:
    name: str
    mode: str = "hybrid"
    ranking: RankingConfig = RankingConfig()
    pool: int = 60


VARIANTS = [
    Variant("dense only", mode="dense"),
    Variant("BM25 only", mode="keyword"),
    Variant("Qdrant RRF k=60 (old default)", ranking=RankingConfig(fusion="qdrant")),
    Variant("RRF 1:1 k=60", ranking=RankingConfig("rrf", 1, 1, 60)),
    Variant("RRF 1:2 k=60", ranking=RankingConfig("rrf", 1, 2, 60)),
    Variant("RRF 1:2 k=20", ranking=RankingConfig("rrf", 1, 2, 20)),
    Variant("RRF 1:3 k=10", ranking=RankingConfig("rrf", 1, 3, 10)),
    Variant("DBSF 1:1", ranking=RankingConfig("dbsf", 1, 1)),
    Variant("DBSF 1:1.5", ranking=RankingConfig("dbsf", 1, 1.5)),
    Variant("DBSF 1:2 (default)", ranking=RankingConfig("dbsf", 1, 2)),
    Variant("DBSF 1:2.5", ranking=RankingConfig("dbsf", 1, 2.5)),
    Variant("DBSF 1:2 pool 100", ranking=RankingConfig("dbsf", 1, 2), pool=100),
    Variant("DBSF 1:2 pool 30", ranking=RankingConfig("dbsf", 1, 2), pool=30),
    Variant("DBSF 1:1 pool 30", ranking=RankingConfig("dbsf", 1, 1), pool=30),
]


def open_store(root: Path, context: int, convs: list, log, embedder: str | None = None
               ) -> MemoryStore:
    store = MemoryStore(path=root / f"context{context}", engine="edge", embedder=embedder)
    for conv in convs:
        if store.count(conv.sample_id) == 0:
            t0 = time.perf_counter()
            ingest_direct(store, conv, context=context)
            log(f"  ingested {conv.sample_id} (context {context}) in "
                f"{time.perf_counter() - t0:.0f} s")
    store.flush()
    return store


def query_text(conv, question: str, query_mode: str) -> str:
    """The search query: the question itself, or chatbot.memory.query.search_text."""
    return question if query_mode == "question" else search_text(question, conv.speakers)


def run_variant(store: MemoryStore, convs: list, v: Variant, limit: int = 20,
                query_mode: str = "question") -> dict:
    store.ranking = v.ranking
    records = []
    for conv in convs:
        for q in conv.questions:
            t0 = time.perf_counter()
            query = query_text(conv, q.question, query_mode)
            hits = store.search(conv.sample_id, query, limit=limit, mode=v.mode, pool=v.pool)
            ms = (time.perf_counter() - t0) * 1000
            ranked = [list(m.source.message_ids) for m in hits]
            records.append({"category": q.category, "metrics": retrieval_metrics(
                ranked, q.evidence, (1, 5, 10, 20)) | {"search_ms": ms}})
    return aggregate(records)


def row(context: int, v: Variant, agg: dict, query_mode: str = "question") -> str:
    o, c = agg["overall"], agg["by_category"]
    cats = " | ".join(f"{c[k]['recall@10']:.3f}" for k in ("1", "2", "3", "4"))
    return (f"| {context} | {query_mode} | {v.name} | {o['recall@10']:.3f} | {cats} | "
            f"{o['ndcg@10']:.3f} | "
            f"{o['recall@20']:.3f} | {o['search_ms_p50']:.1f} / {o['search_ms_p95']:.1f} |")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", required=True)
    ap.add_argument("--store-root", required=True, type=Path)
    ap.add_argument("--contexts", default="0,1")
    ap.add_argument("--conversations", default=None)
    ap.add_argument("--variants", default=None,
                    help="comma-separated substrings of variant names (default: all)")
    ap.add_argument("--queries", default="question",
                    help=f"comma-separated query modes, of {', '.join(QUERY_MODES)}: the question "
                         "as it is, or rewritten by chatbot.memory.query.search_text")
    ap.add_argument("--embedder", default=None,
                    help="embedding model of a new store (default: the project's default)")
    ap.add_argument("--warmup", type=int, default=20, help="untimed searches before each store")
    ap.add_argument("--out", type=Path, default=None, help="all aggregates as JSON")
    args = ap.parse_args(argv)

    def log(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    convs = load_locomo(args.data, args.conversations.split(",") if args.conversations else None)
    variants = VARIANTS
    if args.variants:
        keys = [k.strip().lower() for k in args.variants.split(",")]
        variants = [v for v in VARIANTS if any(k in v.name.lower() for k in keys)]
    query_modes = [m.strip() for m in args.queries.split(",")]
    if unknown := [m for m in query_modes if m not in QUERY_MODES]:
        ap.error(f"unknown query mode {', '.join(unknown)}")
    print("| context | query | variant | R@10 | multi-hop | temporal | open-domain | single-hop | "
          "NDCG@10 | R@20 | search ms p50 / p95 |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    results = []
    for context in (int(x) for x in args.contexts.split(",")):
        store = open_store(args.store_root, context, convs, log, args.embedder)
        for q in [q for c in convs for q in c.questions][:args.warmup]:
            store.search(convs[0].sample_id, q.question, limit=20)
        for query_mode in query_modes:
            for v in variants:
                agg = run_variant(store, convs, v, query_mode=query_mode)
                print(row(context, v, agg, query_mode), flush=True)
                results.append({"context": context, "query": query_mode, "variant": v.name,
                                "mode": v.mode, "ranking": v.ranking.describe(), "pool": v.pool,
                                "aggregate": agg})
        store.close()
    if args.out:
        args.out.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
