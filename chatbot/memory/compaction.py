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
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import dspy
import numpy as np

from chatbot.errors import ChatbotError
from chatbot.lm.streaming import was_cancelled
from chatbot.memory.facts import split_facts, states
from chatbot.memory.models import Memory

OVERLAP = 0.4        # MiniLM cosine, within one category: one topic 0.39-0.61, others <= 0.32
MAX_GROUP = 8        # notes per merge: a small model keeps every fact of a short list
TRIGGER_SIZE = 12    # a category this large is worth a compaction pass after a session
RETRIES = 3          # LM calls of one group interrupted by the user before the pass gives up


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
    error: str | None = None        # why a background pass ended early


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
            dry_run: bool = False, overlap: float = OVERLAP, actor: str = "compaction",
            gate: Callable[[], bool] | None = None,
            skip: set[frozenset[str]] | None = None) -> CompactionReport:
    """Merge each overlapping group of the user's memories (dry_run: only find the groups).

    gate: called before each LM call; it may wait (the chat is busy) and returns False to end
    the pass there (the groups left stay as they were). An LM call the user interrupted (a
    Cancelled from the token sink) is tried again after the gate. skip: groups (their source
    ids) not to try, e.g. ones refused before.
    """
    report = CompactionReport(user_id)
    predictor = dspy.Predict(ConsolidateMemories.with_instructions(_instructions()))
    for group in overlapping_groups(store, user_id, categories, overlap=overlap):
        merge = Merge([m.id for m in group], [m.memory_text for m in group])
        if skip is not None and frozenset(merge.source_ids) in skip:
            report.counts["skipped"] += 1
            continue
        report.merges.append(merge)
        report.counts["groups"] += 1
        if dry_run:
            continue
        for attempt in range(RETRIES + 1):
            if gate is not None and not gate():
                report.counts["stopped"] += 1
                return report
            try:
                with dspy.context(lm=lm) if lm is not None else dspy.context():
                    pred = predictor(notes=merge.source_texts)
                break
            except Exception as exc:  # noqa: BLE001 - a failed merge leaves the group as it was
                if was_cancelled(exc) and attempt < RETRIES:
                    report.counts["interrupted"] += 1
                    continue
                merge.refused = f"the LM failed: {str(exc).splitlines()[0][:200]}"
                report.counts["lm_errors"] += 1
                break
        if merge.refused is None:
            _write(store, user_id, group, merge, str(getattr(pred, "memory_text", "") or ""),
                   report, actor)
    return report


def _write(store: Any, user_id: str, group: list[Memory], merge: Merge, text: str,
           report: CompactionReport, actor: str) -> None:
    """Write one merge as a supersede of every source, unless it loses a fact or a source
    changed while the LM wrote (a memory update, an edit or a forget in the meantime)."""
    merge.text = text.strip()
    lost = dropped_facts(merge.source_texts, merge.text) if merge.text else ["everything"]
    if lost:
        merge.refused = f"the merge dropped: {'; '.join(lost)}"
        report.counts["refused_lossy"] += 1
        return
    cats = list(dict.fromkeys(c for m in group for c in m.categories))
    with store._lock:  # the check and the write, with no other write in between
        try:
            now = [store.get(i, user_id=user_id) for i in merge.source_ids]
            if any(not m.valid or m.memory_text != t
                   for m, t in zip(now, merge.source_texts, strict=True)):
                merge.refused = "a source changed meanwhile"
                report.counts["refused_changed"] += 1
                return
            done = store.supersede(group[0].id, merge.text, cats, user_id=user_id, actor=actor,
                                   supersedes_also=merge.source_ids[1:])
        except ChatbotError as exc:  # e.g. a never-stored kind, a purged source: it stays
            merge.refused = str(exc)
            report.counts["refused"] += 1
            return
    merge.new_id = done.new_id
    report.counts["merged"] += 1
    report.counts["memories_merged"] += len(group)


def should_compact(store: Any, user_id: str, *, size: int = TRIGGER_SIZE) -> list[str]:
    """The user's categories with at least `size` current memories: call compact() on them,
    in the background, after a session."""
    counts = Counter(c for m in store.list(user_id) for c in m.categories[:1])
    return sorted(c for c, n in counts.items() if n >= size)
