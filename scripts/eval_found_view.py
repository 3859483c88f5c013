#!/usr/bin/env python
"""What the reply reads of its found memories, offline (no LM): per category, with and without
the days written after relative times (chatbot.memory.found.with_days).

For each sampled question: with --store-dir, the response agent's search (its query path, top
5, expired memories too) shown by `show_found` as the reply reads it; without, the question's
gold evidence turns as the oracle answer mode reads them (no store, no embedder). Each text is
scored against the gold answer: characters, the share of the gold answer's words in it
(answer_tokens), and whether the gold answer appears in it whole (normalised). Usage:

    python scripts/eval_found_view.py --data locomo-dev.json [--store-dir DIR] --questions 60 \
        --seed 1

The store is the eval's (`chatbot eval locomo --store-dir DIR`; built here if missing).
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from chatbot.evaluation.metrics import answer_tokens  # noqa: E402
from chatbot.memory import found  # noqa: E402
from chatbot.memory.query import search_text  # noqa: E402

LIMIT = 5  # the response agent's


@contextmanager
def without_days():
    kept = found.with_days
    found.with_days = lambda text, said: text
    try:
        yield
    finally:
        found.with_days = kept


def scores(shown: str, gold: str) -> tuple[int, float, float]:
    text, want = answer_tokens(shown), answer_tokens(gold)
    words = set(text)
    recall = sum(w in words for w in want) / len(want) if want else 0.0
    whole = float(bool(want) and f" {' '.join(want)} " in f" {' '.join(text)} ")
    return len(shown), recall, whole


def _rows(rows: dict, view: str, cat: int | str) -> list[tuple[int, float, float]]:
    return [r for c, got in rows[view].items() if cat in ("all", c) for r in got]


def searched(store_dir: Path, conversations: list, rows: dict) -> None:
    """The found-memory view of every sampled question, with and without the days."""
    from chatbot.cli.app import load_settings
    from chatbot.evaluation.runner import EvalConfig, ingest
    from chatbot.memory import MemoryStore
    from chatbot.memory.embeddings import get_embedder

    settings = load_settings()
    embedder = get_embedder(settings.embedder, settings.embed_threads, settings.models_dir,
                            settings.embed_batch_threads)
    store = MemoryStore(path=store_dir, embedder=embedder, engine=settings.engine,
                        collection="locomo")
    try:
        ingest(store, conversations, EvalConfig())
        for conv in conversations:
            for q in conv.questions:
                hits = store.search(conv.sample_id, search_text(q.question), None,
                                    limit=LIMIT, include_expired=True)
                rows["dated"][q.category].append(scores(found.show_found(hits), q.answer))
                with without_days():
                    rows["plain"][q.category].append(scores(found.show_found(hits), q.answer))
    finally:
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--store-dir", type=Path)
    parser.add_argument("--questions", type=int, default=60, help="0: every question")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    from chatbot.evaluation.locomo import load_locomo, turn_text
    from chatbot.evaluation.sampling import sample_questions

    conversations = load_locomo(args.data, None)
    if args.questions:
        conversations, _ = sample_questions(conversations, args.questions, args.seed)
    rows: dict[str, dict[int, list[tuple[int, float, float]]]] = defaultdict(
        lambda: defaultdict(list))
    if args.store_dir is None:
        for conv in conversations:
            for q in conv.questions:
                turns = [(t, s.date) for s in conv.sessions for t in s.turns
                         if t.dia_id in set(q.evidence)]
                for view, show in (("plain", lambda t, d: t),
                                   ("dated", lambda t, d: found.with_days(t, d.date()))):
                    text = "\n".join(show(turn_text(t, d), d) if d else turn_text(t, d)
                                     for t, d in turns)
                    rows[view][q.category].append(scores(text, q.answer))
    else:
        searched(args.store_dir, conversations, rows)
    what = "found memories" if args.store_dir else "evidence turns"
    print(f"{args.data.name} seed {args.seed}, {what}: chars / gold words in them / gold whole")
    for cat in [*sorted(rows["plain"]), "all"]:
        line = [f"cat {cat:>3} n {len(_rows(rows, 'plain', cat)):3d}"]
        for view in ("plain", "dated"):
            got = _rows(rows, view, cat)
            means = [sum(r[i] for r in got) / len(got) for i in range(3)]
            line.append(f"{view} {means[0]:6.0f} {means[1]:.3f} {means[2]:.3f}")
        print("  ".join(line))


if __name__ == "__main__":
    main()
