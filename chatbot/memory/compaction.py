"""Compaction: overlapping memories of one user merged into one richer memory by the LM.

Groups are found in code: the user's current memories, per category, linked where their
embeddings are close (cosine >= OVERLAP). The LM (any CHATBOT_LM, through a DSPy signature)
writes one memory per group; a merge that drops a fact of any source is refused in code (the
group is left as it was). A merge is a supersede: the new memory's `supersedes` lists every
source, each source turns invalid with `superseded_by` set, its text and history stay, and
the source ids (message ids) of every source are kept. `MemoryStore.undo_merge(id)` reverses
it. Never across users: every read and write is scoped to the one user id.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import dspy
import numpy as np

from chatbot.errors import ChatbotError
from chatbot.memory.facts import split_facts, states
from chatbot.memory.models import Memory

OVERLAP = 0.4        # MiniLM cosine, within one category: one topic 0.39-0.61, others <= 0.32
MAX_GROUP = 8        # notes per merge: a small model keeps every fact of a short list
TRIGGER_SIZE = 12    # a category this large is worth a compaction pass after a session


def _instructions() -> str:
    from chatbot.agents.prompts import load_prompt

    return load_prompt("compaction")


class ConsolidateMemories(dspy.Signature):
    """Consolidate overlapping notes about one user into one memory (see prompts/)."""

    notes: list[str] = dspy.InputField(desc="the overlapping notes, oldest first")
    memory_text: str = dspy.OutputField(desc="one memory that keeps every fact of every note")


@dataclass
class Merge:
    source_ids: list[str]
    source_texts: list[str]
    text: str | None = None          # what the LM wrote (None in a dry run)
    new_id: str | None = None        # the merged memory, once written
    refused: str | None = None       # why it was not written


@dataclass
class CompactionReport:
    user_id: str
    merges: list[Merge] = field(default_factory=list)
    counts: Counter[str] = field(default_factory=Counter)


def overlapping_groups(store: Any, user_id: str, categories: list[str] | None = None,
                       *, overlap: float = OVERLAP) -> list[list[Memory]]:
    """Groups of the user's current memories that overlap, per category, oldest first."""
    memories = store.list(user_id, categories)
    by_category: dict[str, list[Memory]] = {}
    for m in memories:
        by_category.setdefault(m.categories[0] if m.categories else "", []).append(m)
    groups: list[list[Memory]] = []
    for members in by_category.values():
        if len(members) < 2:
            continue
        vectors = np.asarray(store.embedder.embed_documents([m.memory_text for m in members]))
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True) + 1e-12
        close = vectors @ vectors.T >= overlap
        clusters = [[members[i] for i in c] for c in _connected(close)]
        for cluster in clusters:
            for start in range(0, len(cluster), MAX_GROUP):
                chunk = cluster[start:start + MAX_GROUP]
                if len(chunk) > 1:
                    groups.append(chunk)
    return groups


def _connected(close: np.ndarray) -> list[list[int]]:
    """The connected parts of a closeness matrix (union-find), each in index order."""
    parent = list(range(len(close)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i in range(len(close)):
        for j in range(i + 1, len(close)):
            if close[i, j]:
                parent[root(j)] = root(i)
    parts: dict[int, list[int]] = {}
    for i in range(len(close)):
        parts.setdefault(root(i), []).append(i)
    return list(parts.values())


def dropped_facts(sources: list[str], merged: str) -> list[str]:
    """Facts of the sources the merged text no longer states."""
    return [f for s in sources for f in split_facts(s) if not states(merged, f)]


def compact(store: Any, user_id: str, lm: Any = None, *, categories: list[str] | None = None,
            dry_run: bool = False, overlap: float = OVERLAP,
            actor: str = "compaction") -> CompactionReport:
    """Merge each overlapping group of the user's memories (dry_run: only find the groups)."""
    report = CompactionReport(user_id)
    predictor = dspy.Predict(ConsolidateMemories.with_instructions(_instructions()))
    for group in overlapping_groups(store, user_id, categories, overlap=overlap):
        merge = Merge([m.id for m in group], [m.memory_text for m in group])
        report.merges.append(merge)
        report.counts["groups"] += 1
        if dry_run:
            continue
        try:
            with dspy.context(lm=lm) if lm is not None else dspy.context():
                pred = predictor(notes=merge.source_texts)
        except Exception as exc:  # noqa: BLE001 - a failed merge leaves the group as it was
            merge.refused = f"the LM failed: {str(exc).splitlines()[0][:200]}"
            report.counts["lm_errors"] += 1
            continue
        merge.text = str(getattr(pred, "memory_text", "") or "").strip()
        lost = dropped_facts(merge.source_texts, merge.text) if merge.text else ["everything"]
        if lost:
            merge.refused = f"the merge dropped: {'; '.join(lost)}"
            report.counts["refused_lossy"] += 1
            continue
        cats = list(dict.fromkeys(c for m in group for c in m.categories))
        try:
            done = store.supersede(group[0].id, merge.text, cats, user_id=user_id, actor=actor,
                                   supersedes_also=merge.source_ids[1:])
        except ChatbotError as exc:  # e.g. a never-stored kind: the group stays
            merge.refused = str(exc)
            report.counts["refused"] += 1
            continue
        merge.new_id = done.new_id
        report.counts["merged"] += 1
        report.counts["memories_merged"] += len(group)
    return report


def should_compact(store: Any, user_id: str, *, size: int = TRIGGER_SIZE) -> list[str]:
    """The user's categories with at least `size` current memories: call compact() on them,
    in the background, after a session."""
    counts = Counter(c for m in store.list(user_id) for c in m.categories[:1])
    return sorted(c for c, n in counts.items() if n >= size)
