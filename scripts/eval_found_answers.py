#!/usr/bin/env python
"""Memory-mode answers with and without the days written after relative times in the found
memories (chatbot.memory.found.with_days), on one category of a sample, one question after the
other in one process (same LM, same store, same questions): F1 of each view.

    python scripts/eval_found_answers.py --data locomo-dev.json --store-dir DIR --seed 1 \
        --category 2 --out /tmp/found-answers.json

The store is the eval's (`chatbot eval locomo --store-dir DIR`; built here if missing); the
LM is CHATBOT_LM (the embedded model by default). --out is rewritten after every question.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from chatbot.lm import prepare_environment  # noqa: E402

prepare_environment()  # before llama_cpp is imported


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--store-dir", type=Path, required=True)
    parser.add_argument("--questions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--category", type=int, required=True)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()

    from chatbot.cli.app import load_settings
    from chatbot.evaluation.answering import answer_question
    from chatbot.evaluation.locomo import load_locomo
    from chatbot.evaluation.runner import EvalConfig, ingest
    from chatbot.evaluation.sampling import sample_questions
    from chatbot.lm import build_lm
    from chatbot.memory import MemoryStore, found
    from chatbot.memory.embeddings import get_embedder

    settings = load_settings()
    conversations, _ = sample_questions(load_locomo(args.data, None), args.questions, args.seed)
    embedder = get_embedder(settings.embedder, settings.embed_threads, settings.models_dir,
                            settings.embed_batch_threads)
    store = MemoryStore(path=args.store_dir, embedder=embedder, engine=settings.engine,
                        collection="locomo")
    lm = build_lm(settings)
    dated = found.with_days
    views = {"plain": lambda text, said: text, "dated": dated}
    rows: list[dict] = []
    try:
        ingest(store, conversations, EvalConfig())
        for conv in conversations:
            for q in (q for q in conv.questions if q.category == args.category):
                row = {"id": q.id, "question": q.question, "gold": q.answer}
                for view, show in views.items():
                    found.with_days = show
                    a = answer_question(store, conv.sample_id, q, lm, mode="memory")
                    row[view] = {"f1": a["f1"], "response": a["response"],
                                 "seconds": a["answer_ms"] / 1000,
                                 "prompt_tokens": a["prompt_tokens"]}
                found.with_days = dated
                rows.append(row)
                args.out.write_text(json.dumps(rows, indent=1))
                print(q.id, *(f"{view} {row[view]['f1']:.2f}" for view in views), flush=True)
    finally:
        found.with_days = dated
        store.close()
    for view in views:
        mean = sum(r[view]["f1"] for r in rows) / len(rows) if rows else 0.0
        print(f"{view}: F1 {mean:.3f} over {len(rows)} questions")


if __name__ == "__main__":
    main()
