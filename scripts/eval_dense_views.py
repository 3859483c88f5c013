"""Dense recall of memory texts embedded as they are, or with their code blocks taken out.

A third of the user turns of a user-assistant chat paste code (BEAM dev: 1,379 of 3,901 user
turns hold a ``` fence, 165 of its 386 evidence user turns), and MiniLM reads only the first
~256 word pieces of a memory. The question here: does embedding a "prose view" (every fenced
block removed, or replaced by a "[code]" marker; BM25 would still index the whole text) let the
dense signal find those turns? Each chat's memories are built exactly as direct ingest builds
them (`locomo.turn_memories`, two context turns), embedded once per view with the default
embedder, and ranked by cosine alone against the product's query (`query.search_text`).
Printed per view: R@5, R@10, R@10 per category and per conversation.

    OMP_NUM_THREADS=1 .venv/bin/python scripts/eval_dense_views.py \\
        ../shared/data/beam/beam500k-dev.json
"""

from __future__ import annotations

import argparse
import re
import time
from collections import defaultdict

import numpy as np

from chatbot.evaluation.locomo import load_locomo, turn_memories
from chatbot.evaluation.metrics import recall_at_k
from chatbot.memory.chunking import CONTEXT_TURNS
from chatbot.memory.embeddings import get_embedder
from chatbot.memory.query import search_text

# A fenced block: from an opening ``` line to the closing fence, or to the end of a piece that
# was split inside the block.
FENCE = re.compile(r"```[^\n`]*\n.*?(?:```|$)", re.S)

VIEWS = {
    "full": lambda text: text,
    "nocode": lambda text: re.sub(r"\n{3,}", "\n\n", FENCE.sub(" ", text)),
    "marker": lambda text: FENCE.sub(" [code] ", text),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", help="a LoCoMo-shaped file")
    parser.add_argument("--views", default=",".join(VIEWS), help="comma-separated views")
    args = parser.parse_args()
    views = args.views.split(",")
    embedder = get_embedder()
    # view -> category -> [(R@5, R@10, conversation)]
    rows: dict[str, dict[int, list]] = {v: defaultdict(list) for v in views}
    for conv in load_locomo(args.data):
        memories = [m for s in conv.sessions for i in range(len(s.turns))
                    for m in turn_memories(s, i, CONTEXT_TURNS)]
        queries = np.stack([embedder.embed_query(search_text(q.question, conv.speakers))
                            for q in conv.questions])
        for view in views:
            started = time.perf_counter()
            # a piece that is all code keeps its text: an empty view would embed as noise
            texts = [VIEWS[view](text).strip() or text for text, _ in memories]
            scores = queries @ embedder.embed_documents(texts).T
            for qi, q in enumerate(conv.questions):
                ranked = [memories[j][1] for j in np.argsort(-scores[qi])[:10]]
                rows[view][q.category].append((recall_at_k(ranked, q.evidence, 5),
                                               recall_at_k(ranked, q.evidence, 10),
                                               conv.sample_id))
            print(f"{conv.sample_id} {view}: {len(memories)} memories embedded in "
                  f"{time.perf_counter() - started:.0f} s", flush=True)
    for view in views:
        every = [r for cat in rows[view].values() for r in cat]
        per_conv: dict[str, list[float]] = defaultdict(list)
        for r in every:
            per_conv[r[2]].append(r[1])
        print(f"{view:7} R@5 {np.mean([r[0] for r in every]):.3f}  "
              f"R@10 {np.mean([r[1] for r in every]):.3f}  "
              + "  ".join(f"cat {c} {np.mean([r[1] for r in rs]):.3f}"
                          for c, rs in sorted(rows[view].items())))
        print("        R@10 per conversation: "
              + "  ".join(f"{c} {np.mean(v):.3f}" for c, v in per_conv.items()))


if __name__ == "__main__":
    main()
