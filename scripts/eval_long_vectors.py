"""Dense search over the whole of a long memory, not its first 256 word pieces, tried offline.

MiniLM reads at most 256 word pieces of a text; a memory of a long chat message (up to 1,000
characters of its own, then 600 of context) is often longer, and dense search never sees its
end (docs/retrieval-quality.md, "third round": a third of BEAM's evidence pieces). Here each
memory text of the saved pools (`scripts/retrieval_pools.py`) is cut into overlapping windows of
the embedder's length, each window embedded, and the memory scored by:

- first: the text as the store embeds it today (the check: reproduces the saved cosines);
- max: the best window (late interaction, what a Qdrant multivector with MAX_SIM does);
- mean: the normalised mean of the windows' vectors (one vector per memory, as today).

The new cosines replace the saved dense column and the product's fusion ranks again
(`eval_fusion_sweep.ranked`: DBSF, floor, repetition penalty), so the figures are end to end
except for Qdrant's own HNSW. Printed per set and variant: R@5, R@10, turns@20, R@10 per
category, and per conversation R@10 (to see whether a gain holds across chats).

    .venv/bin/python scripts/eval_long_vectors.py /tmp/pools-locomo.json /tmp/pools-beam.json
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from eval_fusion_sweep import ranked, row, summary  # noqa: E402

from chatbot.memory.embeddings import get_embedder  # noqa: E402

VARIANTS = ("saved", "first", "max", "mean")


def windows(tok, text: str, length: int, stride: int) -> list[str]:
    """Overlapping pieces of `text`, each at most `length` word pieces, cut at word pieces."""
    enc = tok(text, add_special_tokens=False, return_offsets_mapping=True)
    spans = enc["offset_mapping"]
    if len(spans) <= length:
        return [text]
    out = []
    for start in range(0, len(spans), stride):
        part = spans[start:start + length]
        out.append(text[part[0][0]:part[-1][1]])
        if start + length >= len(spans):
            break
    return out


def rescore(data: dict, embedder, length: int, stride: int) -> dict[str, list]:
    """Per variant, the rows of eval_fusion_sweep.row for every question."""
    tok = embedder._model.tokenizer  # noqa: SLF001 - the model's own word pieces
    rows: dict[str, list] = defaultdict(list)
    for conv in data["conversations"]:
        ids = list(conv["memories"])
        texts = [conv["memories"][i]["text"] for i in ids]
        t0 = time.perf_counter()
        owner, parts = [], []
        for n, text in enumerate(texts):
            for part in windows(tok, text, length, stride):
                owner.append(n)
                parts.append(part)
        first = embedder.embed_documents(texts)
        vecs = embedder.embed_documents(parts)
        owner_arr = np.asarray(owner)
        mean = np.zeros_like(first)
        np.add.at(mean, owner_arr, vecs)
        mean /= np.linalg.norm(mean, axis=1, keepdims=True)
        long = int((np.bincount(owner_arr) > 1).sum())
        print(f"  {conv['sample_id']}: {len(ids)} memories, {long} longer than one window, "
              f"{len(parts)} windows, {time.perf_counter() - t0:.0f} s", flush=True)
        for q in conv["questions"]:
            qv = embedder.embed_query(q["query"])
            win = vecs @ qv
            best = np.full(len(ids), -2.0, dtype=np.float32)
            np.maximum.at(best, owner_arr, win)
            scores = {"first": first @ qv, "max": best, "mean": mean @ qv}
            for name in VARIANTS:
                if name == "saved":
                    order = ranked(q, conv, None, 1.6)
                else:
                    s = scores[name]
                    top = np.argsort(-s)
                    q2 = dict(q, dense=[[ids[j], float(s[j])] for j in top])
                    order = ranked(q2, conv, None, 1.6)
                rows[name].append(row(conv, q, order))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pools", nargs="+", type=Path)
    parser.add_argument("--length", type=int, default=0,
                        help="word pieces per window (default: the embedder's limit less 2)")
    parser.add_argument("--stride", type=int, default=0,
                        help="word pieces between window starts (default: 3/4 of the length)")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    out = {}
    for path in args.pools:
        data = json.loads(path.read_text())
        embedder = get_embedder(data["embedder"])
        length = args.length or embedder._model.max_seq_length - 2  # noqa: SLF001
        stride = args.stride or length * 3 // 4
        print(f"{path.name}: windows of {length} word pieces, stride {stride}", flush=True)
        rows = rescore(data, embedder, length, stride)
        out[path.name] = {}
        for name in VARIANTS:
            s = summary(rows[name])
            per = defaultdict(list)
            for r in rows[name]:
                per[r[0]].append(r[3])
            s["R@10 per conversation"] = {c: round(sum(v) / len(v), 3) for c, v in per.items()}
            out[path.name][name] = s
            print(f"  {name:5s} {json.dumps(s)}", flush=True)
    if args.out:
        args.out.write_text(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
