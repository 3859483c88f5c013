"""Run the LoCoMo benchmark against a MemoryStore: ingest, retrieve, score, (answer), aggregate."""

from __future__ import annotations

import platform
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

from chatbot.errors import ChatbotError
from chatbot.evaluation import metrics
from chatbot.evaluation.ingest import (
    DEFAULT_WINDOW,
    DIRECT_CONTEXT,
    ingest_agent,
    ingest_direct,
)
from chatbot.evaluation.locomo import Conversation, Question
from chatbot.memory import MemoryStore, RetrievedMemory
from chatbot.memory.query import search_text

DEFAULT_KS = (1, 5, 10, 20)
NDCG_K = 10
# Turns read for turns@20: ten two-turn memories' worth (see metrics.turn_recall).
TURN_BUDGET = 20
# Consecutive failed LM answers after which the LM is taken to be down.
MAX_FAILED_ANSWERS = 5
# Called as progress(stage, advance_by, total) with stage "ingest" or "questions".
Progress = Callable[[str, int, int], None]


@dataclass
class EvalConfig:
    mode: str = "direct"
    ks: tuple[int, ...] = DEFAULT_KS
    search_mode: str = "hybrid"
    window: int = DEFAULT_WINDOW
    context: int = DIRECT_CONTEXT
    # "rewrite": search with chatbot.memory.query.search_text, the product's query path (speaker
    # names and hypothetical scaffolding out; docs/retrieval-quality.md); "agent": the same with
    # no names, as the response agent's tool calls it; "question": as it is.
    query: str = "rewrite"
    answer: bool = False
    lm: Any = None
    judge_lm: Any = None
    extra_settings: dict[str, Any] = field(default_factory=dict)

    @property
    def limit(self) -> int:
        return max(max(self.ks), NDCG_K)


def versions() -> dict[str, str]:
    out = {"python": platform.python_version()}
    for dist in ("chatbot", "dspy", "qdrant-client", "qdrant-edge-py", "sentence-transformers",
                 "torch"):
        try:
            out[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            continue
    return out


def retrieval_metrics(ranked: list[list[str]], evidence: Iterable[str],
                      ks: Iterable[int]) -> dict[str, float]:
    """Every retrieval metric of one question, keyed as in the aggregate."""
    gold = list(evidence)
    out: dict[str, float] = {}
    for k in sorted(set(ks)):
        out[f"recall@{k}"] = metrics.recall_at_k(ranked, gold, k)
    for k in sorted(set(ks) | {NDCG_K}):
        out[f"hit@{k}"] = metrics.hit_at_k(ranked, gold, k)
    out[f"ndcg@{NDCG_K}"] = metrics.ndcg_at_k(ranked, gold, NDCG_K)
    out["mrr"] = metrics.reciprocal_rank(ranked, gold)
    out[f"turns@{TURN_BUDGET}"] = metrics.turn_recall(ranked, gold, TURN_BUDGET)
    return out


_MEAN_KEYS_QA = ("f1", "bleu1", "lm_calls", "prompt_tokens", "completion_tokens")


def aggregate(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Means of the per-question metrics, overall and by category, with n and latency p50/p95."""
    def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {"n": len(rows)}
        if not rows:
            return out
        keys = [k for k in rows[0]["metrics"] if k != "search_ms"]
        for key in keys:
            out[key] = sum(r["metrics"][key] for r in rows) / len(rows)
        latencies = [r["metrics"]["search_ms"] for r in rows]
        out["search_ms_p50"] = metrics.percentile(latencies, 50)
        out["search_ms_p95"] = metrics.percentile(latencies, 95)
        answered = [r["qa"] for r in rows if r.get("qa")]
        if answered:
            for key in _MEAN_KEYS_QA:
                out[key] = sum(a[key] for a in answered) / len(answered)
            judged = [a["judge"] for a in answered if a.get("judge") in ("CORRECT", "WRONG")]
            if judged:
                out["judge_accuracy"] = judged.count("CORRECT") / len(judged)
                out["judge_n"] = len(judged)
            out["answer_ms_p50"] = metrics.percentile([a["answer_ms"] for a in answered], 50)
        return out

    categories = sorted({r["category"] for r in records})
    return {
        "overall": summarise(records),
        "by_category": {str(c): summarise([r for r in records if r["category"] == c])
                        for c in categories},
    }


def _retrieved_record(m: RetrievedMemory) -> dict[str, Any]:
    return {"memory_id": m.id, "score": round(m.score, 6),
            "message_ids": list(m.source.message_ids), "text": m.memory_text}


def ingest(store: MemoryStore, conversations: list[Conversation], config: EvalConfig,
           progress: Progress | None = None) -> dict[str, Any]:
    """Put every conversation into its user scope; one already there is reused, not re-ingested."""
    total = sum(c.turn_count for c in conversations)
    stats: Counter[str] = Counter()
    reused: list[str] = []

    def advance(n: int) -> None:
        if progress:
            progress("ingest", n, total)

    for conv in conversations:
        if store.count(conv.sample_id) > 0:
            reused.append(conv.sample_id)
            advance(conv.turn_count)
            continue
        if config.mode == "direct":
            stats.update(ingest_direct(store, conv, advance, context=config.context))
        else:
            stats.update(ingest_agent(store, conv, config.lm, window=config.window,
                                      advance=advance))
    memories = {c.sample_id: store.count(c.sample_id) for c in conversations}
    return {"events": dict(stats), "reused": reused, "memories": memories}


def evaluate_question(store: MemoryStore, conv: Conversation, q: Question,
                      config: EvalConfig) -> dict[str, Any]:
    """Retrieve for one question the way the response agent's tool does, and score it."""
    if config.query == "rewrite":
        query = search_text(q.question, conv.speakers)
    elif config.query == "agent":  # the response agent's tool knows no speaker names
        query = search_text(q.question)
    else:
        query = q.question
    start = time.perf_counter()
    hits = store.search(conv.sample_id, query, limit=config.limit, mode=config.search_mode)
    search_ms = (time.perf_counter() - start) * 1000
    ranked = [list(m.source.message_ids) for m in hits]
    record: dict[str, Any] = {
        "id": q.id, "sample_id": conv.sample_id, "category": q.category,
        "question": q.question, "query": query, "answer": q.answer,
        "evidence": list(q.evidence),
        "retrieved": [_retrieved_record(m) for m in hits],
        "metrics": retrieval_metrics(ranked, q.evidence, config.ks) | {"search_ms": search_ms},
    }
    if config.answer:
        from chatbot.evaluation.answering import answer_question

        record["qa"] = answer_question(store, conv.sample_id, q, config.lm, config.judge_lm)
    return record


def run_locomo(store: MemoryStore, conversations: list[Conversation], config: EvalConfig,
               data_file: Path | None = None, data_sha256: str | None = None,
               progress: Progress | None = None) -> dict[str, Any]:
    """The whole benchmark; returns {settings, ingest, timing, aggregate, questions}."""
    t0 = time.perf_counter()
    ingest_info = ingest(store, conversations, config, progress)
    t1 = time.perf_counter()
    store.flush()
    records: list[dict[str, Any]] = []
    total = sum(len(c.questions) for c in conversations)
    failures = 0
    for conv in conversations:
        for q in conv.questions:
            record = evaluate_question(store, conv, q, config)
            records.append(record)
            failures = failures + 1 if record.get("qa", {}).get("error") else 0
            if failures >= MAX_FAILED_ANSWERS:
                raise ChatbotError(f"{failures} answers in a row failed, giving up: "
                                   f"{record['qa']['error']}")
            if progress:
                progress("questions", 1, total)
    t2 = time.perf_counter()
    skipped: Counter[str] = Counter()
    for conv in conversations:
        skipped.update(conv.skipped)
    settings = {
        "benchmark": "locomo",
        "data_file": str(data_file) if data_file else None,
        "data_sha256": data_sha256,
        "conversations": [c.sample_id for c in conversations],
        "turns": sum(c.turn_count for c in conversations),
        "mode": config.mode,
        "search_mode": config.search_mode,
        "query": config.query,
        "k": list(config.ks),
        "limit": config.limit,
        "embedder": store.embedder.name,
        "engine": store.engine,
        "ranking": store.ranking.describe(),
        "answer": config.answer,
        "skipped": dict(skipped),
        "versions": versions(),
    } | config.extra_settings
    search_ms = sum(r["metrics"]["search_ms"] for r in records)
    return {
        "settings": settings,
        "ingest": ingest_info,
        "timing": {"ingest_s": round(t1 - t0, 3), "questions_s": round(t2 - t1, 3),
                   "search_s": round(search_ms / 1000, 3)},
        "aggregate": aggregate(records),
        "questions": records,
    }
