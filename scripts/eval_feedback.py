"""Pseudo-relevance feedback on saved pools: a second query built from the top hits, fused.

Input: pairs POOLS=STORE, a file of `scripts/retrieval_pools.py` and the eval store it was read
from (for the memories' dense and BM25 vectors). Each question is first ranked as the product
does (`eval_fusion_sweep.ranked`: DBSF 1:2, pool 60, cosine floor, repetition penalty); its top
k ("feedback") then give a second query, whose pool replaces the original's in the same fusion
(the floor still reads the original query's cosine):

- rocchio k b: dense query q + b * mean of the feedback memories' vectors (Rocchio), its dense
  top 60 instead of q's;
- expand k g: BM25 query with the m = 10 terms of the feedback memories that weigh most there
  (BM25 document weight x IDF: rare and repeated), each at
  g x its share of the best one's weight, beside the question's own terms at 1;
- both: the two at once.

Every variant is scored on all conversations; the one chosen on the other conversations is
scored on each one left out ("held out"), per set and across sets (each set's mean weighing the
same). Printed: R@5, R@10, turns@20 and R@10 per category. The script first checks that the
vectors reproduce the saved pools (dense cosine and BM25 score of each question's top hit).

    .venv/bin/python scripts/eval_feedback.py /tmp/pools-locomo.json=/tmp/st-locomo \\
        /tmp/pools-beam.json=/tmp/st-beam
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from eval_fusion_sweep import LIMIT, POOL, held_out, pooled_held_out, ranked, row, summary
from scipy import sparse as sp

from chatbot.memory import MemoryStore
from chatbot.memory.backends.base import Hit
from chatbot.memory.ranking import (
    DEFAULT_RANKING,
    PRODUCT_FLOOR,
    PRODUCT_REPEAT,
    above_floor,
    fuse,
    without_repeats,
)

TERMS = 10
# (name, k, b, g): b the Rocchio weight, g the expansion weight; the first is the product's.
VARIANTS = [("product", 0, 0.0, 0.0)] + [
    (f"rocchio k{k} b{b:g}", k, b, 0.0) for k in (3, 5) for b in (0.25, 0.5, 1.0, 2.0)] + [
    (f"expand k{k} g{g:g}", k, 0.0, g) for k in (3, 5) for g in (0.1, 0.25, 0.5, 1.0)] + [
    (f"both k{k} b{b:g} g{g:g}", k, b, g) for k in (3, 5) for b in (0.5, 1.0)
    for g in (0.25, 0.5)]


@dataclass
class UserVectors:
    ids: list[str]
    row: dict[str, int]
    dense: np.ndarray  # (n, d), unit rows
    bm25: sp.csr_matrix  # (n, terms): BM25 document weights, columns = term indices
    idf: np.ndarray  # per column: Qdrant's IDF (over the collection, every user)
    col: dict[int, int]  # term index -> column


def read_vectors(store: MemoryStore, users: set[str]) -> dict[str, UserVectors]:
    """The users' memory vectors; IDF over the whole collection, as Qdrant computes it."""
    points: dict[str, list] = {u: [] for u in users}
    df: Counter[int] = Counter()
    total = 0
    for batch in store.backend.points():
        for p in batch:
            total += 1
            df.update(set(p.sparse.indices))
            if p.payload.get("user_id") in points:
                points[p.payload["user_id"]].append(p)
    out = {}
    for user, ps in points.items():
        cols = sorted({i for p in ps for i in p.sparse.indices})
        col = {t: j for j, t in enumerate(cols)}
        rows_, cols_, vals = [], [], []
        for r, p in enumerate(ps):
            rows_ += [r] * len(p.sparse.indices)
            cols_ += [col[t] for t in p.sparse.indices]
            vals += p.sparse.values
        m = sp.csr_matrix((vals, (rows_, cols_)), shape=(len(ps), len(cols)), dtype=np.float64)
        n = np.array([df[t] for t in cols], dtype=np.float64)
        out[user] = UserVectors([p.id for p in ps], {p.id: r for r, p in enumerate(ps)},
                                np.array([p.dense for p in ps], dtype=np.float32), m,
                                np.log(1 + (total - n + 0.5) / (n + 0.5)), col)
    return out


def query_columns(vec: UserVectors, indices: list[int], values: list[float]) -> np.ndarray:
    """A sparse query as a dense weight per column (terms no memory has are left out)."""
    w = np.zeros(vec.bm25.shape[1])
    for t, v in zip(indices, values, strict=True):
        if t in vec.col:
            w[vec.col[t]] += v
    return w


def top(vec: UserVectors, scores: np.ndarray, positive: bool = False) -> list[list]:
    order = np.argsort(-scores, kind="stable")[:POOL]
    return [[vec.ids[r], float(scores[r])] for r in order if not positive or scores[r] > 0]


def feedback_ranked(q: dict, conv: dict, vec: UserVectors, k: int, b: float,
                    g: float) -> list[str]:
    base = ranked(q, conv, None, PRODUCT_REPEAT)
    if k == 0:
        return base
    fb = [vec.row[i] for i in base[:k]]
    dense_rows, bm25_rows = q["dense"][:POOL], q["bm25"][:POOL]
    if b > 0 and fb:
        q2 = q["_qv"] + b * vec.dense[fb].mean(axis=0)
        dense_rows = top(vec, vec.dense @ q2)
    if g > 0 and fb:
        weight = np.asarray(vec.bm25[fb].sum(axis=0)).ravel() * vec.idf
        weight[q["_qw"] > 0] = 0
        best = np.argsort(-weight)[:TERMS]
        best = best[weight[best] > 0]
        w = q["_qw"].copy()
        if best.size:
            w[best] += g * weight[best] / weight[best[0]]
        bm25_rows = top(vec, vec.bm25 @ (w * vec.idf), positive=True)
    mem = conv["memories"]

    def pool(rows: list) -> list[Hit]:
        return [Hit(i, s, {"memory_text": mem[i]["text"]}) for i, s in rows]

    cosine = q.setdefault("_cos", dict(map(tuple, q["dense"])))
    hits = fuse(pool(dense_rows), pool(bm25_rows), DEFAULT_RANKING, 2 * LIMIT)
    hits = [Hit(h.id, h.score, h.payload, h.signals | {"dense": cosine.get(h.id, 0.0)})
            for h in hits]
    hits = without_repeats(above_floor(hits, PRODUCT_FLOOR), PRODUCT_REPEAT)
    return [h.id for h in hits[:LIMIT]]


def prepare(data: dict, store: MemoryStore) -> dict[str, UserVectors]:
    """Each question's query vectors; checks that the store's vectors give the saved pools."""
    vectors = read_vectors(store, {c["sample_id"] for c in data["conversations"]})
    worst = [0.0, 0.0]
    for conv in data["conversations"]:
        vec = vectors[conv["sample_id"]]
        missing = set(conv["memories"]) - set(vec.row)
        if missing:
            raise SystemExit(f"{len(missing)} memories of {conv['sample_id']} are not in the "
                             "store: give the store the pools were read from")
        for q in conv["questions"]:
            q["_qv"] = store.embedder.embed_query(q["query"]).astype(np.float32)
            s = store.keywords.query(q["query"])
            q["_qw"] = query_columns(vec, s.indices, s.values)
            top_id, top_cos = q["dense"][0]
            worst[0] = max(worst[0], abs(float(vec.dense[vec.row[top_id]] @ q["_qv"]) - top_cos))
            if q["bm25"]:
                top_id, top_bm25 = q["bm25"][0]
                mine = float((vec.bm25[vec.row[top_id]] @ (q["_qw"] * vec.idf))[0])
                worst[1] = max(worst[1], abs(mine - top_bm25) / max(top_bm25, 1e-9))
    print(f"  check: top dense cosine off by at most {worst[0]:.2g}, top BM25 score by "
          f"{worst[1]:.2%}")
    if worst[0] > 1e-2 or worst[1] > 0.02:
        raise SystemExit("the store's vectors do not reproduce the saved pools")
    return vectors


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("pairs", nargs="+", help="POOLS.json=STORE_DIR")
    p.add_argument("--variants", help="comma-separated variant names (default: all)")
    args = p.parse_args(argv)
    keep = set(args.variants.split(",")) if args.variants else None
    variants = [v for v in VARIANTS if keep is None or v[0] in keep or v[0] == "product"]
    per: dict[str, dict[float, list[tuple]]] = {}
    for pair in args.pairs:
        pools, _, store_dir = pair.partition("=")
        data = json.loads(Path(pools).read_text(encoding="utf-8"))
        store = MemoryStore(path=Path(store_dir), collection="locomo")
        try:
            print(f"== {Path(pools).name} ({len(data['conversations'])} conversations)")
            vectors = prepare(data, store)
        finally:
            store.close()
        name = Path(pools).stem
        per[name] = {}
        for n, (label, k, b, g) in enumerate(variants):
            rows = [row(conv, q, feedback_ranked(q, conv, vectors[conv["sample_id"]], k, b, g))
                    for conv in data["conversations"] for q in conv["questions"]]
            per[name][float(n)] = rows
            print(f"  {label:24} {json.dumps(summary(rows))}", flush=True)
        for metric, mname in ((2, "R@5"), (3, "R@10")):
            held, picks = held_out(per[name], metric)
            print(f"  held out, fitted on {mname}, picks "
                  f"{[variants[int(i)][0] for i in picks]}: {json.dumps(summary(held))}")
    if len(per) > 1:
        print("variants by number: " + ", ".join(f"{n}={v[0]}" for n, v in enumerate(variants)))
        for metric, mname in ((2, "R@5"), (3, "R@10")):
            print(f"== fitted on {mname} across {', '.join(per)}, held out")
            pooled_held_out(per, metric)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
