#!/usr/bin/env python
"""Embedding speed of the bundled MiniLM: torch fp32 vs the int8 ONNX copy (fresh process each).

    .venv/bin/python scripts/bench_embed.py [--texts 2000] [--queries 300] [--repeat 3]

Per configuration: query latency p50 / p95 (one text, as search embeds it), bulk throughput
(embed_documents, as add_many / eval ingest call it) and, for int8, the cosine of its vectors to
fp32 on the same texts. Medians over --repeat runs; configurations interleave so load drifts
hit them alike. The int8 model embeds one text per run (its vectors must not depend on batch
mates), so its bulk speed comes from parallel encoders (batch_threads), not batches.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

# (label, embedder name, threads, batch_threads, bulk batch size)
CONFIGS = [
    ("fp32 torch, batch 64", "all-MiniLM-L6-v2", 1, 1, 64),
    ("fp32 torch, 2 threads, batch 64", "all-MiniLM-L6-v2", 2, 1, 64),
    ("int8 ONNX, 1 encoder", "all-MiniLM-L6-v2-int8", 1, 1, 1),
    ("int8 ONNX, 2 encoders", "all-MiniLM-L6-v2-int8", 1, 2, 1),
]


def worker(name: str, threads: int, batch_threads: int, batch: int, texts_n: int,
           queries_n: int) -> dict:
    import numpy as np
    from bench_retrieval import sentences

    from chatbot.memory.embeddings import Embedder

    t = time.perf_counter()
    emb = Embedder(name, threads=threads, batch_threads=batch_threads)
    load_s = time.perf_counter() - t
    texts = sentences(texts_n, seed=3)
    queries = [f"What did I say about {t.split()[0]} last week?"
               for t in sentences(queries_n, seed=5)]
    emb.embed_documents(texts[:64], batch_size=batch)  # warm-up (and start the extra encoders)
    lat = []
    for q in queries:
        t = time.perf_counter()
        emb.embed_query(q)
        lat.append((time.perf_counter() - t) * 1000)
    t, cpu = time.perf_counter(), time.process_time()
    vecs = emb.embed_documents(texts, batch_size=batch)
    wall = time.perf_counter() - t
    res = {"name": name, "load_s": load_s, "query_p50": float(np.percentile(lat, 50)),
           "query_p95": float(np.percentile(lat, 95)), "bulk_s": texts_n / wall,
           "bulk_cpu_s": texts_n / (time.process_time() - cpu)}
    if name.endswith("-int8"):
        ref = Embedder(name.removesuffix("-int8"), threads=threads).embed_documents(texts[:500])
        cos = np.sum(ref * vecs[:500], axis=1)
        res["cos_min"], res["cos_mean"] = float(cos.min()), float(cos.mean())
    return res


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--texts", type=int, default=2000)
    ap.add_argument("--queries", type=int, default=300)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--worker", nargs=4, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        name, threads, batch_threads, batch = args.worker
        print(json.dumps(worker(name, int(threads), int(batch_threads), int(batch), args.texts,
                                args.queries)))
        return
    load0 = os.getloadavg()[0]
    runs: dict[str, list[dict]] = {c[0]: [] for c in CONFIGS}
    for _ in range(args.repeat):
        for label, name, threads, batch_threads, batch in CONFIGS:
            env = {**os.environ, "OMP_NUM_THREADS": str(threads), "HF_HUB_OFFLINE": "1",
                   "OMP_WAIT_POLICY": "PASSIVE"}
            out = subprocess.run(
                [sys.executable, __file__, "--texts", str(args.texts), "--queries",
                 str(args.queries), "--worker", name, str(threads), str(batch_threads),
                 str(batch)], env=env, capture_output=True, text=True)
            lines = [ln for ln in out.stdout.splitlines() if ln.startswith("{")]
            if lines:
                runs[label].append(json.loads(lines[-1]))
            else:
                print(f"{label}: failed: {out.stderr[-300:]!r}", file=sys.stderr)
    base = statistics.median(r["bulk_s"] for r in runs[CONFIGS[0][0]]) if runs[CONFIGS[0][0]] \
        else None
    print(f"{args.texts} texts, {args.queries} queries, median of {args.repeat} runs; load "
          f"average {load0:.1f} at start, {os.getloadavg()[0]:.1f} at end on {os.cpu_count()} CPUs")
    print()
    print("| configuration | load s | query p50 / p95 ms | bulk texts/s (× fp32) | "
          "per CPU-second | cosine to fp32 min / mean |")
    print("|---|---|---|---|---|---|")
    for label, rs in runs.items():
        if not rs:
            continue

        def med(key: str, rs: list[dict] = rs) -> float:
            return statistics.median(r[key] for r in rs)

        cos = f"{med('cos_min'):.3f} / {med('cos_mean'):.3f}" if "cos_min" in rs[0] else "–"
        ratio = f" ({med('bulk_s') / base:.1f}×)" if base else ""
        print(f"| {label} | {med('load_s'):.1f} | {med('query_p50'):.1f} / "
              f"{med('query_p95'):.1f} | {med('bulk_s'):.0f}{ratio} | {med('bulk_cpu_s'):.0f} | "
              f"{cos} |")


if __name__ == "__main__":
    main()
