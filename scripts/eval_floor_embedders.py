"""The relevance floor per embedder, on saved pools: what each cosine floor costs and spares.

For one conversation, two embedders are compared on the same questions and memories:
- related: the conversation's own questions, ranked as the product does from a pools file of
  each embedder (`scripts/retrieval_pools.py` for the store's, `scripts/eval_embedder_pools.py`
  for another): R@5, R@10 and how many of the top 5 pass each floor;
- unrelated: every question of another data set (a coding chat's questions put to a personal
  chat, or back), embedded here with each embedder, searched over the conversation's memory
  vectors (the store's for its embedder, a `--vectors` file of `eval_embedder_pools.py` for the
  other) and BM25 from the store, fused and floored as the product does: how many of the top 5
  pass each floor (the agent is handed memories that have nothing to do with the question).

    .venv/bin/python scripts/eval_floor_embedders.py --conversation conv-30 \\
        --store /tmp/st-locomo --foreign ../shared/data/beam/beam500k-dev.json \\
        --embedder all-MiniLM-L6-v2-int8=/tmp/pools-locomo.json \\
        --embedder ~/.cache/chatbot/models/embeddinggemma-300m=/tmp/g-conv-30.json:/tmp/gvec
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np
from eval_feedback import query_columns, read_vectors, top
from eval_fusion_sweep import LIMIT, ranked, row

from chatbot.evaluation.locomo import SKIPPED_CATEGORIES, load_locomo
from chatbot.memory import MemoryStore
from chatbot.memory.backends.base import Hit
from chatbot.memory.embeddings import get_embedder
from chatbot.memory.query import search_text
from chatbot.memory.ranking import DEFAULT_RANKING, PRODUCT_REPEAT, above_floor, fuse
from chatbot.memory.ranking import without_repeats as repeats

FLOORS = (0.0, 0.05, 0.10, 0.15, 0.20, 0.25, 0.30, 0.35)
TOP = 5  # what the response agent reads


def related(pools: Path, conversation: str) -> dict[float, dict]:
    data = json.loads(pools.read_text(encoding="utf-8"))
    conv = next(c for c in data["conversations"] if c["sample_id"] == conversation)
    out = {}
    for floor in FLOORS:
        orders = [ranked(q, conv, None, PRODUCT_REPEAT, floor=floor) for q in conv["questions"]]
        rows = [row(conv, q, o) for q, o in zip(conv["questions"], orders, strict=True)]
        out[floor] = {"R@5": np.mean([r[2] for r in rows]), "R@10": np.mean([r[3] for r in rows]),
                      "kept": np.mean([min(TOP, len(o)) for o in orders])}
    return out


def unrelated(store: MemoryStore, conversation: str, dense: tuple[list[str], np.ndarray],
              embedder, queries: list[str]) -> dict[float, float]:
    vec = read_vectors(store, {conversation})[conversation]
    ids, matrix = dense
    memories = {m.id: m.memory_text for m in store.list(conversation)}
    kept: dict[float, list[int]] = {f: [] for f in FLOORS}
    for query in queries:
        qv = embedder.embed_query(query).astype(np.float32)
        cos = matrix @ qv
        s = store.keywords.query(query)
        bm25 = vec.bm25 @ (query_columns(vec, s.indices, s.values) * vec.idf)
        dense_pool = [Hit(ids[r], float(cos[r]), {"memory_text": memories[ids[r]]})
                      for r in np.argsort(-cos, kind="stable")[:60]]
        bm25_pool = [Hit(i, sc, {"memory_text": memories[i]})
                     for i, sc in top(vec, bm25, positive=True)]
        exact = dict(zip(ids, cos.tolist(), strict=True))
        hits = [Hit(h.id, h.score, h.payload, h.signals | {"dense": exact[h.id]})
                for h in fuse(dense_pool, bm25_pool, DEFAULT_RANKING, 2 * LIMIT)]
        for floor in FLOORS:
            kept[floor].append(min(TOP, len(repeats(above_floor(hits, floor), PRODUCT_REPEAT))))
    return {f: float(np.mean(k)) for f, k in kept.items()}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--conversation", required=True)
    p.add_argument("--store", type=Path, required=True, help="the conversation's eval store")
    p.add_argument("--foreign", type=Path, required=True, help="another set's data (questions)")
    p.add_argument("--embedder", action="append", required=True,
                   help="NAME=POOLS[:VECTORS_DIR]; without VECTORS_DIR, the store's vectors")
    args = p.parse_args(argv)
    queries = [search_text(q.question, c.speakers) for c in load_locomo(args.foreign)
               for q in c.questions if q.category not in SKIPPED_CATEGORIES]
    store = MemoryStore(path=args.store, collection="locomo")
    try:
        for spec in args.embedder:
            name, _, files = spec.partition("=")
            pools, _, vectors = files.partition(":")
            if vectors:
                saved = np.load(Path(vectors) / f"{args.conversation}.npz")
                dense = ([str(i) for i in saved["ids"]], saved["vectors"].astype(np.float32))
            else:
                vec = read_vectors(store, {args.conversation})[args.conversation]
                dense = (vec.ids, vec.dense)
            rel = related(Path(pools), args.conversation)
            unrel = unrelated(store, args.conversation, dense,
                              get_embedder(str(Path(name).expanduser()) if "/" in name
                                           else name), queries)
            print(f"== {Path(name).name}: {args.conversation}, {len(queries)} unrelated "
                  "questions")
            print("| floor | R@5 | R@10 | kept / 5, related | kept / 5, unrelated |")
            for floor in FLOORS:
                r = rel[floor]
                print(f"| {floor:.2f} | {r['R@5']:.3f} | {r['R@10']:.3f} | {r['kept']:.2f} | "
                      f"{unrel[floor]:.2f} |", flush=True)
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
