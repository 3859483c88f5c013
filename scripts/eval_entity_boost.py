"""The entity boost, measured on eval stores: rerank the fused pool by shared rare entities.

For every question of each data set (its eval store built by `chatbot eval locomo --store-dir`
or here), the default search returns the fused pool (60 + 60 candidates, limit 60) with its
scores; each candidate gets weight * chatbot.memory.entities.boost (the query's entity rarity
that it names, rarity counted over the user's memories) added, and the top 10 are scored.
The weight is chosen leave-one-conversation-out (fit on the others, score the one left out),
so the held-out line is what a fitted weight would give on a conversation it never saw.

    .venv/bin/python scripts/eval_entity_boost.py \\
        --data ../shared/data/locomo/locomo-dev.json --store /tmp/s_locomo \\
        --data ../shared/data/beam/beam500k-dev.json --store /tmp/s_beam
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
from chatbot.memory.entities import EntityCounts, boost
from chatbot.memory.query import search_text

WEIGHTS = (0.0, 0.1, 0.25, 0.5, 1.0)
K = 10


def candidates(store: MemoryStore, conv, counts: EntityCounts) -> list[dict]:
    rows = []
    for q in conv.questions:
        query = search_text(q.question, conv.speakers)
        hits = store.search(conv.sample_id, query, limit=60)
        rows.append({"conv": conv.sample_id, "category": q.category, "evidence": q.evidence,
                     "hits": [(h.score, boost(query, h.memory_text, counts)[0],
                               list(h.source.message_ids)) for h in hits]})
    return rows


def recall(rows: list[dict], weight: float) -> float:
    total = 0.0
    for r in rows:
        ranked = sorted(r["hits"], key=lambda h: -(h[0] + weight * h[1]))
        total += metrics.recall_at_k([h[2] for h in ranked], r["evidence"], K)
    return total / max(len(rows), 1)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--data", type=Path, action="append", required=True)
    p.add_argument("--store", type=Path, action="append", required=True)
    args = p.parse_args(argv)
    for data, path in zip(args.data, args.store, strict=True):
        convs = load_locomo(data)
        store = MemoryStore(path=path, engine="edge", collection="locomo")
        rows = []
        for conv in convs:
            if store.count(conv.sample_id) == 0:
                ingest_direct(store, conv)
            counts = EntityCounts(m.memory_text for m in store.list(conv.sample_id))
            rows += candidates(store, conv, counts)
        store.close()
        line = {"set": data.stem, "n": len(rows)}
        line |= {f"R@10 w={w:g}": round(recall(rows, w), 3) for w in WEIGHTS}
        held, picks = 0.0, []
        for conv in convs:
            train = [r for r in rows if r["conv"] != conv.sample_id]
            test = [r for r in rows if r["conv"] == conv.sample_id]
            best = max(WEIGHTS, key=lambda w: (recall(train, w), -w))
            picks.append(best)
            held += recall(test, best) * len(test)
        line["held-out R@10"] = round(held / len(rows), 3)
        line["weights picked"] = picks
        for cat in sorted({r["category"] for r in rows}):
            sub = [r for r in rows if r["category"] == cat]
            line[f"cat {cat} w=0 / 0.5"] = (round(recall(sub, 0), 3), round(recall(sub, 0.5), 3))
        print(json.dumps(line))
    return 0


if __name__ == "__main__":
    sys.exit(main())
