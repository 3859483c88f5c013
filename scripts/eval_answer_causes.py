#!/usr/bin/env python
"""Why memory answers lose: retrieval miss or reading, per category, from answer-run results.

Reads the JSON of `chatbot eval locomo --answer --out` (one or more files) and prints, per
category: each answer mode's mean F1; then the memory mode's questions split by what its search
found (all the gold evidence turns among the memories it read, some, none), with memory's and
the oracle's F1 on each part. A question whose evidence was found and still scored below the
oracle is a reading loss; one whose evidence was not found, a retrieval miss. Usage:

    python scripts/eval_answer_causes.py results.json [more.json ...] [--show N]

--show N prints, per category, up to N memory answers that scored below the oracle.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path
from typing import Any


def found_share(question: dict[str, Any], mode: str = "memory") -> float | None:
    """The share of the question's evidence turns among the memories `mode`'s search found."""
    answer = question.get("answers", {}).get(mode)
    if answer is None or not question["evidence"]:
        return None
    ids = {i for s in answer.get("searches", []) for i in s["message_ids"]}
    return sum(e in ids for e in question["evidence"]) / len(question["evidence"])


def _part(share: float | None) -> str:
    if share is None:
        return "?"
    return "all" if share == 1 else "some" if share > 0 else "none"


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else float("nan")


def report(questions: list[dict[str, Any]], show: int = 0) -> None:
    by_cat: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for q in questions:
        if q.get("answers"):
            by_cat[q["category"]].append(q)
    modes = list(dict.fromkeys(m for q in questions for m in q.get("answers", {})))
    print("category    n  " + "  ".join(f"{m:>7}" for m in modes)
          + "   found: all / some / none (n, memory F1, oracle F1)")
    for cat in sorted(by_cat):
        qs = by_cat[cat]
        f1 = [_mean([q["answers"][m]["f1"] for q in qs if m in q["answers"]]) for m in modes]
        parts = []
        for part in ("all", "some", "none"):
            sub = [q for q in qs if _part(found_share(q)) == part]
            mem = _mean([q["answers"]["memory"]["f1"] for q in sub])
            ora = _mean([q["answers"]["oracle"]["f1"] for q in sub if "oracle" in q["answers"]])
            parts.append(f"{len(sub):2d} {mem:.2f} {ora:.2f}" if sub else " 0   -    -  ")
        print(f"{cat:<8} {len(qs):4d}  " + "  ".join(f"{v:7.3f}" for v in f1)
              + "   " + " | ".join(parts))
    if not show:
        return
    for cat in sorted(by_cat):
        worse = [q for q in by_cat[cat] if "oracle" in q["answers"]
                 and q["answers"]["memory"]["f1"] < q["answers"]["oracle"]["f1"]]
        print(f"\ncategory {cat}: {len(worse)} memory answers below the oracle")
        for q in worse[:show]:
            a = q["answers"]
            print(f"  {q['id']} found {_part(found_share(q))}: {q['question']}\n"
                  f"    gold: {q['answer']}\n    memory ({a['memory']['f1']:.2f}): "
                  f"{a['memory']['response'][:160]}\n    oracle ({a['oracle']['f1']:.2f}): "
                  f"{a['oracle']['response'][:160]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", nargs="+", type=Path)
    parser.add_argument("--show", type=int, default=0, metavar="N")
    args = parser.parse_args()
    questions = [q for path in args.results
                 for q in json.loads(path.read_text())["questions"]]
    report(questions, args.show)


if __name__ == "__main__":
    main()
