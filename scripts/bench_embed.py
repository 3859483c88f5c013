#!/usr/bin/env python
"""Batch embedding throughput of the bundled MiniLM: batch size, threads, int8 (fresh process each).

    .venv/bin/python scripts/bench_embed.py [--texts 2000]

Torch dynamic int8 quantization (nn.Linear only) is measured as an option, not used by the app:
its vectors differ slightly from fp32 (cosine printed), so a store must not mix the two.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))


def worker(threads: int, batch: int, int8: bool, count: int) -> dict:
    import numpy as np
    import torch
    from bench_retrieval import sentences

    from chatbot.memory.embeddings import Embedder

    emb = Embedder(threads=threads)
    texts = sentences(count, seed=3)
    reference = emb.embed_documents(texts[:200]) if int8 else None
    if int8:
        emb._model = torch.ao.quantization.quantize_dynamic(
            emb._model, {torch.nn.Linear}, dtype=torch.qint8)
    emb.embed_documents(texts[:batch], batch_size=batch)
    t, cpu = time.perf_counter(), time.process_time()
    vecs = emb.embed_documents(texts, batch_size=batch)
    res = {"threads": threads, "batch": batch, "int8": int8,
           "sent_s": count / (time.perf_counter() - t),
           "sent_cpu_s": count / (time.process_time() - cpu)}
    if reference is not None:
        cos = np.sum(reference * vecs[:200], axis=1)
        res["cos_to_fp32_min"], res["cos_to_fp32_mean"] = float(cos.min()), float(cos.mean())
    return res


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--texts", type=int, default=2000)
    ap.add_argument("--worker", nargs=3, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        threads, batch, int8 = args.worker
        print(json.dumps(worker(int(threads), int(batch), int8 == "1", args.texts)))
        return
    configs = [(1, 16, 0), (1, 32, 0), (1, 64, 0), (1, 128, 0), (2, 64, 0), (1, 64, 1)]
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs", file=sys.stderr)
    print("| threads | batch | weights | sentences/s (wall) | per CPU-second | "
          "cosine to fp32 (min / mean) |")
    print("|---|---|---|---|---|---|")
    for threads, batch, int8 in configs:
        env = {**os.environ, "OMP_NUM_THREADS": str(threads), "HF_HUB_OFFLINE": "1"}
        out = subprocess.run(
            [sys.executable, __file__, "--texts", str(args.texts), "--worker", str(threads),
             str(batch), str(int8)], env=env, capture_output=True, text=True)
        lines = [ln for ln in out.stdout.splitlines() if ln.startswith("{")]
        if not lines:
            print(f"| {threads} | {batch} | {'int8' if int8 else 'fp32'} | failed: "
                  f"{out.stderr[-300:]!r} | | |")
            continue
        r = json.loads(lines[-1])
        cos = (f"{r['cos_to_fp32_min']:.4f} / {r['cos_to_fp32_mean']:.4f}"
               if "cos_to_fp32_min" in r else "–")
        print(f"| {threads} | {batch} | {'int8 (dynamic)' if int8 else 'fp32'} | "
              f"{r['sent_s']:.0f} | {r['sent_cpu_s']:.0f} | {cos} |", flush=True)


if __name__ == "__main__":
    main()
