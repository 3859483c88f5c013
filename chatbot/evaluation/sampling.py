"""--questions N --seed S: a reproducible sample of the benchmark's questions, stratified by
category, so that an answer run on a slow model still reports every category."""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import replace
from typing import Any

from chatbot.evaluation.locomo import Conversation, Question


def allocate(sizes: dict[int, int], n: int) -> dict[int, int]:
    """Questions to draw per category: as equal as the categories' sizes allow.

    Equal, not proportional: LoCoMo's open-domain category is a few percent of the questions, and
    a per-category comparison needs more than two or three of them. A category smaller than its
    share gives all it has; the rest goes to the others, one at a time: smallest quota first,
    then the larger category (it has more to draw from).
    """
    quota = {c: 0 for c in sizes}
    left = min(n, sum(sizes.values()))
    while left > 0:
        open_ = sorted((c for c in quota if quota[c] < sizes[c]),
                       key=lambda c: (quota[c], -sizes[c], c))
        for c in open_[:left]:
            quota[c] += 1
        left -= min(left, len(open_))
    return quota


def sample_questions(conversations: list[Conversation], n: int,
                     seed: int) -> tuple[list[Conversation], dict[str, Any]]:
    """The conversations with sampled questions, with only those (in file order), and what was
    drawn; a conversation none was drawn from is left out (nothing to ingest it for).

    The draw depends only on the question ids, the categories, n and the seed: the same file and
    seed give the same questions in every mode and every run.
    """
    if n < 1:
        raise ValueError("the number of questions must be at least 1")
    by_category: dict[int, list[Question]] = defaultdict(list)
    for conv in conversations:
        for q in conv.questions:
            by_category[q.category].append(q)
    quota = allocate({c: len(qs) for c, qs in by_category.items()}, n)
    rng = random.Random(seed)
    chosen: set[str] = set()
    for category in sorted(by_category):
        ids = sorted(q.id for q in by_category[category])
        chosen.update(rng.sample(ids, quota[category]))
    sampled = [replace(c, questions=[q for q in c.questions if q.id in chosen])
               for c in conversations]
    sampled = [c for c in sampled if c.questions]
    info = {"questions": n, "seed": seed, "drawn": len(chosen),
            "of": sum(len(qs) for qs in by_category.values()),
            "by_category": {str(c): quota[c] for c in sorted(quota)}}
    return sampled, info
