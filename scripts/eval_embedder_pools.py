"""Saved retrieval pools with the dense signal of another embedder, and what it costs.

Input: a file of `scripts/retrieval_pools.py`. Every memory text and query of the chosen
conversations is embedded again with `--embedder` (through `chatbot.memory.embeddings`, so with
the query / document prompts a model defines, as the store would), and each question's dense
pool is replaced by the exact cosine of every memory of its user: what a store written by that
embedder returns, since dense search there is exact over the user's memories. BM25 is the same
in both (it reads the text, not the vectors). The output is a pools file for
`scripts/eval_fusion_sweep.py` / `scripts/eval_failures.py`; timings go to stdout.

    .venv/bin/python scripts/eval_embedder_pools.py /tmp/pools-locomo.json \\
        --embedder /path/to/embeddinggemma-300m --conversations conv-26 --out /tmp/g-locomo.json
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

from chatbot.memory.embeddings import get_embedder


def reembed(data: dict, embedder, ids: set[str] | None,
            vectors_dir: Path | None = None) -> tuple[dict, dict]:
    out = {"embedder": embedder.name, "conversations": []}
    bulk_s = 0.0
    n_texts = 0
    query_ms: list[float] = []
    for conv in data["conversations"]:
        if ids and conv["sample_id"] not in ids:
            continue
        mids = list(conv["memories"])
        t0 = time.perf_counter()
        vectors = embedder.embed_documents([conv["memories"][i]["text"] for i in mids])
        bulk_s += time.perf_counter() - t0
        n_texts += len(mids)
        if vectors_dir:  # for calibrating a floor later without embedding again
            vectors_dir.mkdir(parents=True, exist_ok=True)
            np.savez(vectors_dir / f"{conv['sample_id']}.npz", ids=np.array(mids),
                     vectors=vectors)
        for q in conv["questions"]:
            t0 = time.perf_counter()
            vq = embedder.embed_query(q["query"])
            query_ms.append((time.perf_counter() - t0) * 1000)
            cos = vectors @ vq
            order = np.argsort(-cos, kind="stable")
            q["dense"] = [[mids[j], round(float(cos[j]), 6)] for j in order]
            q.pop("_cos", None)
        out["conversations"].append(conv)
        print(f"  {conv['sample_id']}: {len(mids)} memories, {len(conv['questions'])} questions",
              flush=True)
    query_s = sum(query_ms) / 1000
    cost = {"embedder": embedder.name, "memories": n_texts,
            "bulk texts per s": round(n_texts / bulk_s, 1) if bulk_s else None,
            "bulk ms per memory": round(1000 * bulk_s / max(n_texts, 1), 2),
            "query ms p50": round(float(np.median(query_ms)), 1) if query_ms else None,
            "query ms p95": round(float(np.percentile(query_ms, 95)), 1) if query_ms else None,
            "queries": len(query_ms), "query s total": round(query_s, 1)}
    return out, cost


def cost(data: dict, embedder, n: int) -> dict:
    """Bulk and query cost alone on the first n memory texts and n questions (in file order)."""
    texts = [m["text"] for c in data["conversations"] for m in c["memories"].values()][:n]
    queries = [q["query"] for c in data["conversations"] for q in c["questions"]][:n]
    embedder.embed_documents(texts[:8])  # warm-up: first-call allocations are not the cost
    t0 = time.perf_counter()
    embedder.embed_documents(texts)
    bulk_s = time.perf_counter() - t0
    query_ms = []
    for text in queries:
        t0 = time.perf_counter()
        embedder.embed_query(text)
        query_ms.append((time.perf_counter() - t0) * 1000)
    return {"embedder": embedder.name, "memories": len(texts),
            "bulk ms per memory": round(1000 * bulk_s / len(texts), 2),
            "query ms p50": round(float(np.median(query_ms)), 1),
            "query ms p95": round(float(np.percentile(query_ms, 95)), 1)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("pools", type=Path)
    p.add_argument("--embedder", required=True, help="a CHATBOT_EMBEDDER name or model folder "
                   "(with --cost: several, comma-separated, timed in one process)")
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--conversations", help="comma-separated sample ids (default: all)")
    p.add_argument("--out", type=Path, help="the new pools file (not with --cost)")
    p.add_argument("--vectors", type=Path, help="also save each conversation's memory vectors")
    p.add_argument("--cost", type=int, metavar="N",
                   help="only time bulk and query embedding on N memories and N questions")
    args = p.parse_args(argv)
    if not args.cost and not args.out:
        p.error("--out is required (or --cost N)")
    data = json.loads(args.pools.read_text(encoding="utf-8"))
    ids = set(args.conversations.split(",")) if args.conversations else None
    if args.cost:
        data["conversations"] = [c for c in data["conversations"]
                                 if not ids or c["sample_id"] in ids]
        for name in args.embedder.split(","):
            embedder = get_embedder(name, threads=args.threads, batch_threads=args.threads)
            print(json.dumps(cost(data, embedder, args.cost) | {"threads": args.threads}),
                  flush=True)
        return 0
    embedder = get_embedder(args.embedder, threads=args.threads, batch_threads=args.threads)
    result, spent = reembed(data, embedder, ids, args.vectors)
    args.out.write_text(json.dumps(result), encoding="utf-8")
    print(json.dumps(spent | {"threads": args.threads}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
