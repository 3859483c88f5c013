"""The product ranking on saved pools at several dense weights, fitted leave-one-conversation-out.

For comparing embedders: each file (of `scripts/retrieval_pools.py` or
`scripts/eval_embedder_pools.py`) is ranked as `MemoryStore.search` would (DBSF dense w :
BM25 2, pool 60, the cosine floor, the repetition penalty PRODUCT_REPEAT) for each dense weight
w of the grid. Printed per file: R@5, R@10, turns@20 and R@10 per category per weight, the
weight chosen on the other conversations of the same file ("held out"), and, with two or more
files, the weight fitted across all of them (one conversation of any file left out).
`--conversations` keeps only those ids, so two embedders are compared on the same questions.

    .venv/bin/python scripts/eval_dense_sweep.py /tmp/g-locomo.json /tmp/g-beam.json \\
        --floor 0.3 --conversations conv-26,beam500k-6
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from eval_fusion_sweep import held_out, pooled_held_out, ranked, row, summary

from chatbot.memory.ranking import PRODUCT_FLOOR, PRODUCT_REPEAT, RankingConfig

GRID = (0.5, 1.0, 1.5, 2.0, 3.0)


def rows_at(data: dict, weight: float, floor: float) -> list[tuple]:
    config = RankingConfig(dense_weight=weight)
    return [row(conv, q, ranked(q, conv, None, PRODUCT_REPEAT, config, floor))
            for conv in data["conversations"] for q in conv["questions"]]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("pools", type=Path, nargs="+")
    p.add_argument("--floor", type=float, default=PRODUCT_FLOOR,
                   help=f"dense cosine floor (default: the product's {PRODUCT_FLOOR})")
    p.add_argument("--grid", default=",".join(map(str, GRID)), help="dense weights")
    p.add_argument("--conversations", help="comma-separated sample ids to keep")
    args = p.parse_args(argv)
    keep = set(args.conversations.split(",")) if args.conversations else None
    grid = [float(w) for w in args.grid.split(",")]
    per: dict[str, dict[float, list[tuple]]] = {}
    for path in args.pools:
        data = json.loads(path.read_text(encoding="utf-8"))
        if keep:
            data["conversations"] = [c for c in data["conversations"] if c["sample_id"] in keep]
        print(f"== {path.name} ({data['embedder']}, floor {args.floor:g}, "
              f"{len(data['conversations'])} conversations)")
        per[path.stem] = {w: rows_at(data, w, args.floor) for w in grid}
        for w, rows in per[path.stem].items():
            print(f"  dense {w:<4g} {json.dumps(summary(rows))}")
        if len(data["conversations"]) > 1:
            for metric, name in ((2, "R@5"), (3, "R@10")):
                held, picks = held_out(per[path.stem], metric)
                print(f"  held out, fitted on {name}, picks {picks}: {json.dumps(summary(held))}")
    if len(per) > 1:
        for metric, name in ((2, "R@5"), (3, "R@10")):
            print(f"== fitted on {name} across {', '.join(per)}, held out")
            pooled_held_out(per, metric)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
