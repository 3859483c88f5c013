"""The relevance floor, measured: what it costs real questions and what it spares the agent.

Each dev set is ingested (direct mode, the eval's memory text) into an eval store that
`chatbot eval locomo --store-dir DIR` built or builds here. Every question is asked of its own
conversation ("related") and of every conversation of the *other* data set ("unrelated": a
coding-chat question put to a personal chat, and back), with explain on, so each hit's raw
dense cosine, raw BM25 score and fused score are known. For each candidate floor the script
prints Recall@5 of the related questions with the floor applied (hits under it dropped), how
many of the top 5 survive for related and for unrelated questions, per data set.

    .venv/bin/python scripts/eval_relevance_floor.py \\
        --data ../shared/data/locomo/locomo-dev.json --store /tmp/s_locomo \\
        --data ../shared/data/beam/beam500k-dev.json --store /tmp/s_beam --out /tmp/floor.json

Run once per fusion (--fusion dbsf|rrf): the floor is in that fusion's units.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from chatbot.evaluation import metrics
from chatbot.evaluation.ingest import ingest_direct
from chatbot.evaluation.locomo import load_locomo
from chatbot.memory import MemoryStore
from chatbot.memory.query import search_text
from chatbot.memory.ranking import RankingConfig

TOP = 5  # what the response agent reads (search_limit)


def open_store(path: Path, convs: list, fusion: str) -> MemoryStore:
    store = MemoryStore(path=path, engine="edge", collection="locomo")
    store.ranking = RankingConfig(fusion=fusion, floor=0.0)
    for conv in convs:
        if store.count(conv.sample_id) == 0:
            ingest_direct(store, conv)
    store.flush()
    return store


def hits_of(store: MemoryStore, user: str, query: str) -> list[dict]:
    return [{"ids": list(m.source.message_ids), "fused": m.score,
             "dense": m.signals.get("dense", 0.0), "bm25": m.signals.get("bm25", 0.0)}
            for m in store.search(user, query, limit=TOP, explain=True)]


def collect(sets: list[tuple[str, list, MemoryStore]]) -> list[dict]:
    rows = []
    for name, convs, store in sets:
        for other_name, other_convs, other_store in sets:
            for conv in convs:
                for q in conv.questions:
                    query = search_text(q.question, conv.speakers)
                    if other_name == name:
                        rows.append({"set": name, "related": True, "evidence": list(q.evidence),
                                     "hits": hits_of(store, conv.sample_id, query)})
                        continue
                    for target in other_convs:
                        rows.append({"set": name, "related": False, "evidence": [],
                                     "hits": hits_of(other_store, target.sample_id, query)})
    return rows


def table(rows: list[dict], floors: list[float], signal: str) -> list[dict]:
    out = []
    for floor in floors:
        line: dict = {"signal": signal, "floor": floor}
        for name in sorted({r["set"] for r in rows}):
            rel = [r for r in rows if r["set"] == name and r["related"]]
            unrel = [r for r in rows if r["set"] != name and not r["related"]]
            kept = [[h for h in r["hits"] if h[signal] >= floor] for r in rel]
            line[f"{name} R@5"] = sum(metrics.recall_at_k([h["ids"] for h in k], r["evidence"],
                                                          TOP) for k, r in zip(kept, rel,
                                                                               strict=True)
                                      ) / len(rel)
            line[f"{name} kept related"] = sum(map(len, kept)) / len(rel)
            # unrelated hits *in this set's stores* (questions of the other set asked here)
            line[f"{name} kept unrelated"] = sum(
                sum(h[signal] >= floor for h in r["hits"]) for r in unrel) / max(len(unrel), 1)
        out.append(line)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--data", type=Path, action="append", required=True)
    p.add_argument("--store", type=Path, action="append", required=True)
    p.add_argument("--fusion", default="dbsf", choices=("dbsf", "rrf"))
    p.add_argument("--floors", default="0,0.5,0.8,1.0,1.2,1.4,1.6")
    p.add_argument("--dense-floors", default="0,0.1,0.15,0.2,0.25,0.3")
    p.add_argument("--out", type=Path)
    args = p.parse_args(argv)
    if len(args.data) != len(args.store):
        p.error("give one --store per --data")
    sets = []
    for data, path in zip(args.data, args.store, strict=True):
        convs = load_locomo(data)
        sets.append((data.stem, convs, open_store(path, convs, args.fusion)))
    rows = collect(sets)
    result = (table(rows, [float(x) for x in args.floors.split(",")], "fused")
              + table(rows, [float(x) for x in args.dense_floors.split(",")], "dense"))
    for line in result:
        print(json.dumps({k: round(v, 3) if isinstance(v, float) else v
                          for k, v in line.items()}))
    if args.out:
        args.out.write_text(json.dumps({"fusion": args.fusion, "table": result, "rows": rows}))
    for _, _, store in sets:
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
