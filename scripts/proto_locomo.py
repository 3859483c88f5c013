"""A numpy replica of LoCoMo direct-mode retrieval, to try memory-text and query-side ideas fast.

The same MiniLM vectors (the project's Embedder, 1 thread), Qdrant's own BM25 tokeniser and
weights (`qdrant_edge.Bm25`, via KeywordEncoder) with Qdrant's IDF (ln(1 + (N - n + 0.5) /
(n + 0.5)) over every memory of the variant, as one collection holds all users), two pools of
`pool` per user, weighted DBSF (chatbot.memory.ranking.fuse). Reads ~0.005-0.01 higher than the
store; winners are confirmed through `chatbot eval locomo` (docs/retrieval-quality.md).

Embeddings are cached under --cache (default /tmp/proto_locomo; derived from the data, never
in the repo), so a run after the first costs seconds.

    OMP_WAIT_POLICY=PASSIVE .venv/bin/python scripts/proto_locomo.py \\
        --data ../shared/data/locomo/locomo-dev.json --texts prev,prev+next --queries plain,strip

Besides R@10 and NDCG@10 it reports `t@20`, the eval's turns@20 (metrics.turn_recall): recall
over the first 20 distinct dia_ids in rank order. Memories holding more turns cover more ids in
ten hits; t@20 compares texts at the same number of turns read (two-turn memories: ten hits =
20 turns).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from chatbot.evaluation.locomo import (
    Conversation,
    Session,
    date_label,
    load_locomo,
    turn_line,
)
from chatbot.evaluation.runner import aggregate, retrieval_metrics
from chatbot.memory.backends.base import Hit
from chatbot.memory.keywords import KeywordEncoder
from chatbot.memory.query import search_text
from chatbot.memory.ranking import RankingConfig, fuse

KS = (1, 5, 10, 20)
CATS = ("1", "2", "3", "4")


# ---------------------------------------------------------------- memory texts (direct mode)

@dataclass(frozen=True)
class Mem:
    text: str
    ids: tuple[str, ...]


def _text(session: Session, turns, header: str = "") -> str:
    return f"[{date_label(session.date)}{header}] " + "\n".join(turn_line(t) for t in turns)


def window_memories(before: int, after: int, header: Callable | None = None,
                    drop_subsets: bool = False):
    """Each turn with `before` previous and `after` next turns of its session (all their ids).

    drop_subsets: leave out a window whose turns are all in another window of the session
    (the session's first turn alone is inside the memory of the second turn with context).
    """
    def build(conv: Conversation) -> list[Mem]:
        out = []
        for s in conv.sessions:
            h = header(conv, s) if header else ""
            spans = [(max(0, i - before), min(len(s.turns), i + after + 1))
                     for i in range(len(s.turns))]
            for a, b in spans:
                if drop_subsets and any((x, y) != (a, b) and x <= a and b <= y for x, y in spans):
                    continue
                turns = s.turns[a:b]
                out.append(Mem(_text(s, turns, h), tuple(t.dia_id for t in turns)))
        return out
    return build


def chunk_memories(size: int):
    """Non-overlapping runs of `size` turns: every dia_id in exactly one memory."""
    def build(conv: Conversation) -> list[Mem]:
        out = []
        for s in conv.sessions:
            for i in range(0, len(s.turns), size):
                turns = s.turns[i:i + size]
                out.append(Mem(_text(s, turns), tuple(t.dia_id for t in turns)))
        return out
    return build


def both_prev_and_next(conv: Conversation) -> list[Mem]:
    """Two memories per turn: with its predecessor and with its successor (pairs, deduplicated)."""
    seen, out = set(), []
    for s in conv.sessions:
        for i in range(len(s.turns)):
            for turns in (s.turns[max(0, i - 1):i + 1], s.turns[i:i + 2]):
                key = tuple(t.dia_id for t in turns)
                if key not in seen:
                    seen.add(key)
                    out.append(Mem(_text(s, turns), key))
    return out


def quoted_context(before: int = 1):
    """The turn with its predecessor quoted without the predecessor's speaker name:
    "[8 May 2023] (after: "What did you do?") Caroline: I went ...". The speaker named in a
    memory is then the one who said the turn."""
    def build(conv: Conversation) -> list[Mem]:
        out = []
        for s in conv.sessions:
            for i, turn in enumerate(s.turns):
                ctx = s.turns[max(0, i - before):i]
                quote = " ".join(f'(after: "{t.text}")' for t in ctx)
                text = f"[{date_label(s.date)}] " + (quote + " " if quote else "") + turn_line(turn)
                out.append(Mem(text, tuple(t.dia_id for t in ctx) + (turn.dia_id,)))
        return out
    return build


def speakers_header(conv: Conversation, s: Session) -> str:
    return f", {conv.speakers[0]} and {conv.speakers[1]}"


TEXTS: dict[str, Callable[[Conversation], list[Mem]]] = {
    "turn": window_memories(0, 0),
    "prev": window_memories(1, 0),          # the kept default: turn + previous turn
    "next": window_memories(0, 1),          # turn + next turn
    "prev+next": window_memories(1, 1),     # three-turn window
    "prev2": window_memories(2, 0),
    "pairs": chunk_memories(2),
    "triples": chunk_memories(3),
    "both": both_prev_and_next,
    "prev+speakers": window_memories(1, 0, speakers_header),
    "prev-quoted": quoted_context(1),
    "prev-nosub": window_memories(1, 0, drop_subsets=True),
    "prev2-nosub": window_memories(2, 0, drop_subsets=True),
    "prev+next-nosub": window_memories(1, 1, drop_subsets=True),
    "next-nosub": window_memories(0, 1, drop_subsets=True),
}


# ---------------------------------------------------------------- query rewrites

_SCAFFOLD = [
    # "What would Caroline's political leaning likely be?" -> "Caroline's political leaning"
    (re.compile(r"^(what|which|how)\s+(\w+\s+)?(would|might|could)\s+", re.I), ""),
    (re.compile(r"^(would|might|could|is|are|does|do|did|will|has|have)\s+", re.I), ""),
    (re.compile(r"\b(likely|probably|possibly|be considered|still)\b", re.I), ""),
    (re.compile(r"\bbe\s+(likely\s+)?", re.I), ""),
]
HYPOTHETICAL = re.compile(r"\b(would|might|likely|could)\b", re.I)


def strip_scaffold(q: str) -> str:
    if not HYPOTHETICAL.search(q):
        return q
    out = q
    for pat, rep in _SCAFFOLD:
        out = pat.sub(rep, out)
    return re.sub(r"\s+", " ", out).strip(" ?") or q


# (question, conversation) -> query; "rewrite" is the product's own (memory.query.search_text).
QUERIES: dict[str, Callable[[str, Conversation], str]] = {
    "plain": lambda q, c: q,
    "strip": lambda q, c: strip_scaffold(q),
    "rewrite": lambda q, c: search_text(q, c.speakers),
}


# ---------------------------------------------------------------- embeddings, cached

class Vectors:
    def __init__(self, root: Path, kind: str, embed: Callable[[list[str]], np.ndarray]):
        self.path = root / f"{kind}.npz"
        self.embed = embed
        self.table: dict[str, np.ndarray] = {}
        if self.path.exists():
            data = np.load(self.path)
            self.table = dict(zip(data["keys"].tolist(), data["vecs"], strict=True))

    @staticmethod
    def key(text: str) -> str:
        return hashlib.sha1(text.encode()).hexdigest()

    def get(self, texts: list[str]) -> np.ndarray:
        missing = list(dict.fromkeys(t for t in texts if self.key(t) not in self.table))
        if missing:
            print(f"  embedding {len(missing)} texts ({self.path.stem})", file=sys.stderr)
            for i in range(0, len(missing), 512):
                part = missing[i:i + 512]
                for t, v in zip(part, self.embed(part), strict=True):
                    self.table[self.key(t)] = v
            keys = list(self.table)
            np.savez(self.path, keys=np.array(keys), vecs=np.stack([self.table[k] for k in keys]))
        return np.stack([self.table[self.key(t)] for t in texts])


class Models:
    def __init__(self, cache: Path):
        cache.mkdir(parents=True, exist_ok=True)
        self._embedder = None
        self.docs = Vectors(cache, "docs", lambda ts: self.embedder.embed_documents(ts))
        self.queries = Vectors(cache, "queries",
                               lambda ts: np.stack([self.embedder.embed_query(t) for t in ts]))
        self.bm25 = KeywordEncoder()

    @property
    def embedder(self):
        if self._embedder is None:
            from chatbot.memory.embeddings import Embedder
            self._embedder = Embedder()
        return self._embedder


# ---------------------------------------------------------------- index and search

class Index:
    """One text variant over all conversations (one collection; IDF over all of it)."""

    def __init__(self, convs: list[Conversation], build, models: Models):
        from scipy.sparse import csr_matrix

        self.models = models
        self.mems = {c.sample_id: build(c) for c in convs}
        texts = [m.text for c in convs for m in self.mems[c.sample_id]]
        vecs = models.docs.get(texts)
        self.vocab: dict[int, int] = {}
        rows, cols, vals = [], [], []
        for r, t in enumerate(texts):
            sv = models.bm25.document(t)
            for idx, v in zip(sv.indices, sv.values, strict=True):
                rows.append(r)
                cols.append(self.vocab.setdefault(idx, len(self.vocab)))
                vals.append(v)
        n = len(texts)
        m = csr_matrix((vals, (rows, cols)), shape=(n, len(self.vocab)))
        df = np.bincount(m.indices, minlength=len(self.vocab))
        self.idf = np.log(1 + (n - df + 0.5) / (df + 0.5))
        self.span: dict[str, slice] = {}
        self.dense: dict[str, np.ndarray] = {}
        self.sparse: dict[str, object] = {}
        start = 0
        for c in convs:
            k = len(self.mems[c.sample_id])
            self.dense[c.sample_id] = vecs[start:start + k]
            self.sparse[c.sample_id] = m[start:start + k].tocsc()
            start += k

    def bm25_scores(self, sample_id: str, query: str) -> np.ndarray:
        sv = self.models.bm25.query(query)
        q = np.zeros(len(self.vocab))
        for idx, v in zip(sv.indices, sv.values, strict=True):
            if idx in self.vocab:
                q[self.vocab[idx]] = v * self.idf[self.vocab[idx]]
        return np.asarray(self.sparse[sample_id] @ q).ravel()

    def dense_scores(self, sample_id: str, qvec: np.ndarray) -> np.ndarray:
        return self.dense[sample_id] @ qvec


def top(scores: np.ndarray, pool: int, positive: bool = False) -> list[Hit]:
    order = np.argsort(-scores, kind="stable")[:pool]
    return [Hit(str(i), float(scores[i]), {}) for i in order if not positive or scores[i] > 0]


def fused(index: Index, sid: str, query: str, qvec: np.ndarray, cfg: RankingConfig,
          pool: int = 60, limit: int = 20) -> list[Hit]:
    dense = top(index.dense_scores(sid, qvec), pool)
    kw = top(index.bm25_scores(sid, query), pool, positive=True)
    if not kw:
        return dense[:limit]
    return fuse(dense, kw, cfg, limit)


def evaluate(index: Index, convs, query_of, models: Models, cfg_of, pool_of=lambda q: 60):
    """query_of(question, conversation) -> list of query strings (fused by summing DBSF
    scores if several)."""
    records = []
    models.queries.get([t for c in convs for q in c.questions for t in query_of(q.question, c)])
    for c in convs:
        for q in c.questions:
            queries = query_of(q.question, c)
            vecs = models.queries.get(queries)
            cfg = cfg_of(q.question)
            pool = pool_of(q.question)
            if len(queries) == 1:
                hits = fused(index, c.sample_id, queries[0], vecs[0], cfg, pool)
            else:
                score: dict[str, float] = {}
                for text, v in zip(queries, vecs, strict=True):
                    for h in fused(index, c.sample_id, text, v, cfg, pool, limit=pool):
                        score[h.id] = score.get(h.id, 0.0) + h.score
                hits = [Hit(i, s, {}) for i, s in sorted(score.items(), key=lambda x: -x[1])[:20]]
            mems = index.mems[c.sample_id]
            ranked = [list(mems[int(h.id)].ids) for h in hits]
            met = retrieval_metrics(ranked, q.evidence, KS)
            met["search_ms"] = 0.0
            records.append({"category": q.category, "sample_id": c.sample_id, "metrics": met,
                            "qid": q.id})
    return records


def summary(records) -> dict:
    return aggregate([{"category": r["category"], "metrics": r["metrics"]} for r in records])


def row(name: str, agg: dict) -> str:
    o, c = agg["overall"], agg["by_category"]
    cats = " | ".join(f"{c[k]['recall@10']:.3f}" for k in CATS)
    return (f"| {name} | {o['recall@10']:.3f} | {cats} | {o['ndcg@10']:.3f} | "
            f"{o['turns@20']:.3f} | {c['1']['turns@20']:.3f} | {c['3']['turns@20']:.3f} |")


HEADER = ("| variant | R@10 | multi-hop | temporal | open-domain | single-hop | NDCG@10 | t@20 | "
          "t@20 mh | t@20 od |\n|---|---|---|---|---|---|---|---|---|---|")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", required=True)
    ap.add_argument("--cache", type=Path, default=Path("/tmp/proto_locomo"))
    ap.add_argument("--texts", default="prev")
    ap.add_argument("--queries", default="plain")
    ap.add_argument("--bm25", type=float, default=2.0)
    ap.add_argument("--pool", type=int, default=60)
    ap.add_argument("--out", type=Path, default=None, help="per-question records as JSON")
    args = ap.parse_args(argv)
    convs = load_locomo(args.data)
    models = Models(args.cache)
    cfg = RankingConfig("dbsf", 1.0, args.bm25)
    print(HEADER)
    dump = {}
    for tname in args.texts.split(","):
        index = Index(convs, TEXTS[tname], models)
        for qname in args.queries.split(","):
            rw = QUERIES[qname]
            recs = evaluate(index, convs, lambda q, c, rw=rw: [rw(q, c)], models, lambda q: cfg,
                            lambda q: args.pool)
            print(row(f"{tname} / {qname}", summary(recs)), flush=True)
            dump[f"{tname}/{qname}"] = recs
    if args.out:
        args.out.write_text(json.dumps(dump))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
