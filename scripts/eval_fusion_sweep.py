"""Ranking signals tried offline on saved retrieval pools, each weight chosen leave-one-out.

Input: the files of `scripts/retrieval_pools.py` (one per dev set). Each variant re-ranks the
default fused pool (DBSF dense 1 : BM25 2, pool 60, cosine floor PRODUCT_FLOOR, and for every
variant but "repeat" the product's repetition penalty PRODUCT_REPEAT) with one more signal, as
`chatbot.memory.ranking` would (before 3 Dec the other variants ran without the penalty);
every weight of its grid is scored on all conversations, and the weight chosen on the other
conversations is scored on each one left out ("held out"). Printed per set: R@5, R@10 and
turns@20 overall and R@10 per category. With two or more sets, each variant is also fitted
across all of them: one conversation of any set left out, the weight chosen on the rest with
each set's mean weighing the same.

    .venv/bin/python scripts/eval_fusion_sweep.py /tmp/pools-locomo.json /tmp/pools-beam.json

Variants:
- repeat: the repetition penalty (ranking.without_repeats), weight x share of lines shown above;
- recency: weight x 0.5 ** (age / 30 days), age to the conversation's last memory (the user
  asks after the last session, as in the product);
- access: questions asked in order, each search's top 5 counted as read (MemoryStore.touch);
  weight x count / (count + 3), as `RankingConfig.access_weight` does;
- entity: weight x chatbot.memory.entities.boost (rare shared entities);
- speaker: a turn said by someone other than the person the question names (none named: by the
  assistant) gets its fused score x (1 - weight), as `RankingConfig.speaker_factor` = 1 - weight
  does (ranking.someone_else; needs pools that record speakers and `about`, since 3 Dec).
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from chatbot.evaluation import metrics
from chatbot.memory.backends.base import Hit
from chatbot.memory.ranking import (
    DEFAULT_RANKING,
    PRODUCT_FLOOR,
    PRODUCT_REPEAT,
    RankingConfig,
    above_floor,
    access_factor,
    fuse,
    someone_else,
    without_repeats,
)

POOL = 60
LIMIT = 20  # what `chatbot eval locomo` asks for; the floor and the penalty see 2 x LIMIT
GRIDS = {
    "repeat": (0.0, 0.2, 0.4, 0.8, 1.2, 1.6, 2.0),
    "recency": (0.0, 0.1, 0.3, 1.0),
    "access": (0.0, 0.05, 0.1, 0.3, 1.0),
    "entity": (0.0, 0.1, 0.25, 0.5, 1.0),
    "speaker": (0.0, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8),
}
# extra(conversation, question, fused hits) -> fused hits with the signal added
Extra = Callable[[dict, dict, list[Hit]], list[Hit]]


def hits_of(q: dict, conv: dict, config: RankingConfig = DEFAULT_RANKING) -> list[Hit]:
    """The fusion of the saved pools (default: the product's), with exact cosines, before the
    floor."""
    mem = conv["memories"]

    def pool(rows: list) -> list[Hit]:
        return [Hit(i, s, {"memory_text": mem[i]["text"]}) for i, s in rows[:POOL]]

    fused = fuse(pool(q["dense"]), pool(q["bm25"]), config, 2 * LIMIT)
    cosine = q.setdefault("_cos", dict(map(tuple, q["dense"])))
    return [Hit(h.id, h.score, h.payload, h.signals | {"dense": cosine.get(h.id, 0.0)})
            for h in fused]


def ranked(q: dict, conv: dict, extra: Extra | None, repeat: float,
           config: RankingConfig = DEFAULT_RANKING, floor: float = PRODUCT_FLOOR) -> list[str]:
    hits = hits_of(q, conv, config)
    if extra is not None:
        hits = sorted(extra(conv, q, hits), key=lambda h: -h.score)
    hits = above_floor(hits, floor)
    if repeat > 0:
        hits = without_repeats(hits, repeat)
    return [h.id for h in hits[:LIMIT]]


def row(conv: dict, q: dict, order: list[str]) -> tuple:
    lists = [conv["memories"][i]["ids"] for i in order]
    return (conv["sample_id"], q["category"], metrics.recall_at_k(lists, q["evidence"], 5),
            metrics.recall_at_k(lists, q["evidence"], 10),
            metrics.turn_recall(lists, q["evidence"], 20))


def plus(hits: list[Hit], parts: dict[str, float]) -> list[Hit]:
    return [Hit(h.id, h.score + parts.get(h.id, 0.0), h.payload, h.signals) for h in hits]


def recency(weight: float) -> Extra:
    def extra(conv: dict, q: dict, hits: list[Hit]) -> list[Hit]:
        mem = conv["memories"]
        stamps = {i: datetime.fromisoformat(m["observed_at"]) for i, m in mem.items()
                  if m["observed_at"]}
        now = max(stamps.values())
        return plus(hits, {h.id: weight * 0.5 ** ((now - stamps[h.id]).total_seconds()
                                                 / 86400 / 30) for h in hits if h.id in stamps})
    return extra


def entity(weight: float) -> Extra:
    from chatbot.memory.entities import EntityCounts, boost

    def extra(conv: dict, q: dict, hits: list[Hit]) -> list[Hit]:
        if "_entities" not in conv:
            conv["_entities"] = EntityCounts(m["text"] for m in conv["memories"].values())
        return plus(hits, {h.id: weight * boost(q["query"], h.payload["memory_text"],
                                                conv["_entities"])[0] for h in hits})
    return extra


def speaker(weight: float) -> Extra:
    def extra(conv: dict, q: dict, hits: list[Hit]) -> list[Hit]:
        mem = conv["memories"]
        return [Hit(h.id, h.score * (1 - weight) if someone_else(
                    {"source": {"speaker": mem[h.id].get("speaker")}}, q.get("about"))
                    else h.score,
                    h.payload, h.signals) for h in hits]
    return extra


def access(weight: float, counts: dict[str, int]) -> Extra:
    def extra(conv: dict, q: dict, hits: list[Hit]) -> list[Hit]:
        return plus(hits, {h.id: weight * access_factor(counts[h.id]) for h in hits})
    return extra


def run(data: dict, variant: str, weight: float) -> list[tuple]:
    rows = []
    for conv in data["conversations"]:
        counts: dict[str, int] = defaultdict(int)
        extra = {"recency": recency(weight), "entity": entity(weight),
                 "access": access(weight, counts),
                 "speaker": speaker(weight)}.get(variant) if weight > 0 else None
        for q in conv["questions"]:
            order = ranked(q, conv, extra, weight if variant == "repeat" else PRODUCT_REPEAT)
            for i in order[:5]:
                counts[i] += 1
            rows.append(row(conv, q, order))
    return rows


def summary(rows: list[tuple]) -> dict[str, float]:
    def mean(rs: list[tuple], j: int) -> float:
        return round(sum(r[j] for r in rs) / max(len(rs), 1), 3)

    out = {"n": len(rows), "R@5": mean(rows, 2), "R@10": mean(rows, 3), "t@20": mean(rows, 4)}
    for cat in sorted({r[1] for r in rows}):
        out[f"R@10 c{cat}"] = mean([r for r in rows if r[1] == cat], 3)
    return out


def held_out(per: dict[float, list[tuple]], metric: int) -> tuple[list[tuple], list[float]]:
    grid = list(per)
    held, picks = [], []
    for cid in dict.fromkeys(r[0] for r in per[grid[0]]):
        train = {w: round(sum(r[metric] for r in per[w] if r[0] != cid), 9) for w in grid}
        best = max(grid, key=lambda w: (train[w], -w))  # ties: the smaller weight
        picks.append(best)
        held += [r for r in per[best] if r[0] == cid]
    return held, picks


def pooled_held_out(per: dict[str, dict[float, list[tuple]]], metric: int) -> None:
    """Leave one conversation of any set out; fit on the rest, each set's mean weighing 1/n."""
    grid = list(next(iter(per.values())))
    for name, rows in per.items():
        held, picks = [], []
        for cid in dict.fromkeys(r[0] for r in rows[grid[0]]):
            def fit(w: float, cid: str = cid) -> float:
                means = [sum(r[metric] for r in p[w] if r[0] != cid)
                         / max(sum(1 for r in p[w] if r[0] != cid), 1) for p in per.values()]
                return round(sum(means) / len(means), 9)
            best = max(grid, key=lambda w: (fit(w), -w))
            picks.append(best)
            held += [r for r in rows[best] if r[0] == cid]
        print(f"  {name}: picks {picks}: {json.dumps(summary(held))}")


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    results: dict[str, dict[str, dict[float, list[tuple]]]] = defaultdict(dict)
    for path in argv:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        print(f"== {Path(path).name} ({data['embedder']})")
        for variant, grid in GRIDS.items():
            per = results[variant][Path(path).stem] = {w: run(data, variant, w) for w in grid}
            for w, rows in per.items():
                print(f"{variant:8} {w:<5g} {json.dumps(summary(rows))}")
            for metric, name in ((2, "R@5"), (3, "R@10")):
                held, picks = held_out(per, metric)
                print(f"{variant:8} held out, fitted on {name}, picks {picks}: "
                      f"{json.dumps(summary(held))}")
    if len(argv) > 1:
        for variant, per in results.items():
            for metric, name in ((2, "R@5"), (3, "R@10")):
                print(f"== {variant}: fitted on {name} across {', '.join(per)}, held out")
                pooled_held_out(per, metric)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
