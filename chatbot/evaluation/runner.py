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
    built_as,
    check_reuse,
    ingest_agent,
    ingest_direct,
    record_built,
)
from chatbot.evaluation.locomo import Conversation, Question
from chatbot.evaluation.modes import (
    ANSWER_PREFERENCES,
    ANSWER_TOKENS,
    DEFAULT_ANSWER_MODES,
    RECENT_TOKENS,
)
from chatbot.memory import MemoryStore, RetrievedMemory
from chatbot.memory.query import asked_about, search_text

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
    # With answer: the answer modes to run (chatbot.evaluation.answering), same questions, same LM.
    answer_modes: tuple[str, ...] = DEFAULT_ANSWER_MODES
    recent_tokens: int = RECENT_TOKENS
    # The reader's standing preferences in every answer mode ("": none) and the answer's
    # max_tokens (None: the LM's limits as the app has them); chatbot.evaluation.modes.
    preferences: str = ANSWER_PREFERENCES
    answer_tokens: int | None = ANSWER_TOKENS
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


_MEAN_KEYS_QA = ("f1", "bleu1", "lm_calls", "prompt_tokens", "completion_tokens", "tokens")


def summarise_answers(answers: list[dict[str, Any]]) -> dict[str, Any]:
    """Means of one answer mode's scores and costs; seconds per question as median and mean."""
    out: dict[str, Any] = {"n": len(answers)}
    for key in _MEAN_KEYS_QA:
        out[key] = sum(a.get(key, 0) for a in answers) / len(answers)
    judged = [a["judge"] for a in answers if a.get("judge") in ("CORRECT", "WRONG")]
    if judged:
        out["judge_accuracy"] = judged.count("CORRECT") / len(judged)
        out["judge_n"] = len(judged)
    seconds = [a["answer_ms"] / 1000 for a in answers]
    out["seconds_p50"] = metrics.percentile(seconds, 50)
    out["seconds_mean"] = sum(seconds) / len(seconds)
    out["errors"] = sum(1 for a in answers if a.get("error"))
    return out


def aggregate(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Means of the per-question metrics, overall and by category, with n and latency p50/p95;
    with answers, `answers` holds each answer mode's summary (summarise_answers)."""
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
        modes = list(dict.fromkeys(m for r in rows for m in r.get("answers", {})))
        if modes:
            out["answers"] = {m: summarise_answers([r["answers"][m] for r in rows
                                                    if m in r.get("answers", {})])
                              for m in modes}
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
        wanted = built_as(store, conv, config.mode,
                          config.context if config.mode == "direct" else config.window)
        if store.count(conv.sample_id) > 0:
            check_reuse(store, conv, wanted)
            reused.append(conv.sample_id)
            advance(conv.turn_count)
            continue
        record_built(store, conv, wanted, complete=False)
        if config.mode == "direct":
            stats.update(ingest_direct(store, conv, advance, context=config.context))
        else:
            stats.update(ingest_agent(store, conv, config.lm, window=config.window,
                                      advance=advance))
        record_built(store, conv, wanted, complete=True)
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
    hits = store.search(conv.sample_id, query, limit=config.limit, mode=config.search_mode,
                        about=asked_about(q.question, conv.speakers))
    search_ms = (time.perf_counter() - start) * 1000
    ranked = [list(m.source.message_ids) for m in hits]
    record: dict[str, Any] = {
        "id": q.id, "sample_id": conv.sample_id, "category": q.category,
        "question": q.question, "query": query, "answer": q.answer,
        "evidence": list(q.evidence),
        "retrieved": [_retrieved_record(m) for m in hits],
        "metrics": retrieval_metrics(ranked, q.evidence, config.ks) | {"search_ms": search_ms},
    }
    return record


def answer_all(store: MemoryStore, conversations: list[Conversation],
               records: list[dict[str, Any]], config: EvalConfig,
               progress: Progress | None = None,
               done: Callable[[dict[str, float]], None] | None = None) -> dict[str, float]:
    """Every answer mode on every question, into record["answers"][mode]; seconds per mode.

    Mode by mode within a conversation: the baselines' long, shared context then stays in the
    LM's prompt cache from one question to the next. `done(seconds)` after each such block.
    """
    from chatbot.evaluation.answering import answer_question, mode_context

    by_id = {r["id"]: r for r in records}
    seconds: Counter[str] = Counter()
    total = len(records) * len(config.answer_modes)
    failures = 0
    for conv in conversations:
        for mode in config.answer_modes:
            for q in conv.questions:
                start = time.perf_counter()
                qa = answer_question(store, conv.sample_id, q, config.lm, config.judge_lm,
                                     mode=mode,
                                     context=mode_context(mode, conv, q, config.recent_tokens),
                                     preferences=config.preferences,
                                     answer_tokens=config.answer_tokens)
                seconds[mode] += time.perf_counter() - start
                by_id[q.id].setdefault("answers", {})[mode] = qa
                failures = failures + 1 if qa.get("error") else 0
                if failures >= MAX_FAILED_ANSWERS:
                    raise ChatbotError(f"{failures} answers in a row failed, giving up: "
                                       f"{qa['error']}")
                if progress:
                    progress("answers", 1, total)
            if done:
                done({m: round(seconds[m], 3) for m in config.answer_modes})
    return {m: round(seconds[m], 3) for m in config.answer_modes}


def run_locomo(store: MemoryStore, conversations: list[Conversation], config: EvalConfig,
               data_file: Path | None = None, data_sha256: str | None = None,
               progress: Progress | None = None,
               checkpoint: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """The whole benchmark; returns {settings, ingest, timing, aggregate, questions}.

    checkpoint: given the results so far (with "partial": true) after each conversation's answer
    mode, so that a long answer run stopped early keeps what it measured.
    """
    t0 = time.perf_counter()
    ingest_info = ingest(store, conversations, config, progress)
    t1 = time.perf_counter()
    store.flush()
    records: list[dict[str, Any]] = []
    total = sum(len(c.questions) for c in conversations)
    for conv in conversations:
        for q in conv.questions:
            records.append(evaluate_question(store, conv, q, config))
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
        "answer_modes": list(config.answer_modes) if config.answer else [],
        "recent_tokens": config.recent_tokens if "recent" in config.answer_modes else None,
        "preferences": config.preferences if config.answer else None,
        "answer_tokens": config.answer_tokens if config.answer else None,
        "skipped": dict(skipped),
        "versions": versions(),
    } | config.extra_settings
    search_ms = sum(r["metrics"]["search_ms"] for r in records)

    def results(answer_s: dict[str, float]) -> dict[str, Any]:
        return {
            "settings": settings,
            "ingest": ingest_info,
            "timing": {"ingest_s": round(t1 - t0, 3), "questions_s": round(t2 - t1, 3),
                       "search_s": round(search_ms / 1000, 3),
                       "answers_s": round(time.perf_counter() - t2, 3),
                       "answer_modes_s": answer_s},
            "aggregate": aggregate(records),
            "questions": records,
        }

    def done(answer_s: dict[str, float]) -> None:
        if checkpoint:
            checkpoint(results(answer_s) | {"partial": True})

    answer_s = (answer_all(store, conversations, records, config, progress, done)
                if config.answer else {})
    return results(answer_s)
