"""Every question's raw retrieval signals from an eval store, saved once for offline sweeps.

For each question of a data set (its eval store built by `chatbot eval locomo --store-dir`):
the exact dense cosine of every memory of its user, the BM25 score of the top `--bm25` keyword
hits, and per memory the fields rankers may use (provenance, session, observed_at, text). The
query is the product's (`chatbot.memory.query.search_text`). `scripts/eval_fusion_sweep.py`
then tries rankings on these in seconds, leave-one-conversation-out.

    .venv/bin/python scripts/retrieval_pools.py --data ../shared/data/locomo/locomo-dev.json \\
        --store /tmp/st-locomo --out /tmp/pools-locomo.json
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from chatbot.evaluation.locomo import SKIPPED_CATEGORIES, load_locomo
from chatbot.memory import MemoryStore
from chatbot.memory.embeddings import get_embedder
from chatbot.memory.query import asked_about, search_text


def dump(store: MemoryStore, data: Path, bm25: int, ids: list[str] | None = None) -> dict:
    out: dict = {"embedder": store.embedder.name, "conversations": []}
    for conv in load_locomo(data, ids):
        user = conv.sample_id
        memories = store.list(user)
        if not memories:
            raise SystemExit(f"{user} is not in the store: run `chatbot eval locomo "
                             f"--data {data} --store-dir <store>` first")
        scope = store._scope(user)  # noqa: SLF001 - a benchmark reads the raw pools
        rows = []
        for q in conv.questions:
            if q.category in SKIPPED_CATEGORIES:
                continue
            query = search_text(q.question, conv.speakers)
            t0 = time.perf_counter()
            vector = store.embedder.embed_query(query).tolist()
            embed_ms = (time.perf_counter() - t0) * 1000
            sparse = store.keywords.query(query)
            dense = store.backend.search(scope, vector, None, "dense", limit=len(memories),
                                         pool=len(memories))
            keyword = store.backend.search(scope, vector, sparse, "keyword", limit=bm25,
                                           pool=bm25) if sparse.indices else []
            rows.append({"id": q.id, "category": q.category, "query": query,
                         "about": asked_about(q.question, conv.speakers),
                         "evidence": list(q.evidence), "embed_ms": round(embed_ms, 3),
                         "dense": [[h.id, round(h.score, 6)] for h in dense],
                         "bm25": [[h.id, round(h.score, 6)] for h in keyword]})
        out["conversations"].append({
            "sample_id": user,
            "memories": {m.id: {"ids": list(m.source.message_ids),
                                "session": m.source.session_id,
                                "speaker": m.source.speaker,
                                "observed_at": m.observed_at,
                                "text": m.memory_text} for m in memories},
            "questions": rows})
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--data", type=Path, required=True)
    p.add_argument("--store", type=Path, required=True)
    p.add_argument("--embedder", help="the store's embedder (default: the one it records)")
    p.add_argument("--bm25", type=int, default=300, help="keyword hits kept per question")
    p.add_argument("--conversations", help="comma-separated sample ids (default: all)")
    p.add_argument("--out", type=Path, required=True)
    args = p.parse_args(argv)
    embedder = get_embedder(args.embedder) if args.embedder else None
    store = MemoryStore(path=args.store, embedder=embedder, collection="locomo")
    try:
        ids = args.conversations.split(",") if args.conversations else None
        result = dump(store, args.data, args.bm25, ids)
    finally:
        store.close()
    args.out.write_text(json.dumps(result), encoding="utf-8")
    n = sum(len(c["questions"]) for c in result["conversations"])
    print(f"{n} questions from {len(result['conversations'])} conversations -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
