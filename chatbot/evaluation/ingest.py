"""Putting a LoCoMo conversation into the memory store, one user scope per conversation."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any

from chatbot.errors import ChatbotError
from chatbot.evaluation.locomo import Conversation, Session, turn_memories
from chatbot.memory import MemoryStore
from chatbot.memory.chunking import CONTEXT_TURNS, PIECE_CHARS
from chatbot.memory.validation import text_hash

INGEST_MODES = ("direct", "agent")
# Messages per update-agent run in agent mode: the updater's own context size.
DEFAULT_WINDOW = 6
# Consecutive failed update-agent runs after which the LM is taken to be down.
MAX_FAILED_RUNS = 5
# Turns per add_many call: one embedding batch sorted by length, and a progress step.
DIRECT_BATCH = 256
# Direct mode: previous turns of the same session put in each memory as context (0 = the turn
# alone); provenance is the dia_ids the text contains. 2 measured best also at the same number of
# turns read (turns@20 0.840 vs 0.813 with 1; docs/retrieval-quality.md), not only per memory.
DIRECT_CONTEXT = CONTEXT_TURNS
Advance = Callable[[int], None]
# Beside a kept eval store (--store-dir): how each conversation in it was ingested, so that a
# later run reuses it only when it would have built the same memories.
BUILT_FILE = "eval-ingest.json"


def session_id(conv: Conversation, session: Session) -> str:
    return f"{conv.sample_id}/session_{session.number}"


def ingest_direct(store: MemoryStore, conv: Conversation, advance: Advance | None = None,
                  batch: int = DIRECT_BATCH, context: int | None = None) -> Counter[str]:
    """Every turn becomes a memory, or several for a long turn (no LM): observed_at the session
    date.

    context: previous turns of the session included after the turn, clipped (default
    DIRECT_CONTEXT); provenance is the dia_ids of every turn the text contains.
    dedup is off because the same words said at two dia_ids are two pieces of evidence.
    """
    context = DIRECT_CONTEXT if context is None else context
    items, ends = [], []  # ends: 1 for a turn's last memory, so progress counts turns
    stats: Counter[str] = Counter(turns=conv.turn_count)
    for session in conv.sessions:
        for index in range(len(session.turns)):
            memories = turn_memories(session, index, context)
            stats["split_turns"] += len(memories) > 1
            for n, (text, ids) in enumerate(memories, 1):
                items.append({
                    "text": text,
                    "source": {"session_id": session_id(conv, session), "message_ids": ids,
                               "speaker": session.turns[index].speaker},
                    "observed_at": session.date,
                })
                ends.append(int(n == len(memories)))
    # Recorded in the eval's ingest events, so a result says which memory text it measured.
    stats["with_context"] += sum(len(item["source"]["message_ids"]) > 1 for item in items)
    done = {id(item): end for item, end in zip(items, ends, strict=True)}
    for chunk in distinct_batches(items, batch):
        results = store.add_many(conv.sample_id, chunk, actor="locomo_direct", dedup=False)
        stats.update(f"memory_{r.event.lower()}" for r in results)
        if advance:
            advance(sum(done[id(item)] for item in chunk))
    return stats


def distinct_batches(items: list[dict[str, Any]], size: int) -> list[list[dict[str, Any]]]:
    """Batches of at most `size` in which no two texts are the same memory.

    add_many folds identical texts within one call into one memory even with dedup=False;
    a repeated turn goes to a later batch so that each dia_id keeps its own memory.
    """
    batches: list[list[dict[str, Any]]] = []
    hashes: list[set[str]] = []
    for item in items:
        digest = text_hash(item["text"])
        for chunk, seen in zip(batches, hashes, strict=True):
            if len(chunk) < size and digest not in seen:
                break
        else:
            chunk, seen = [], set()
            batches.append(chunk)
            hashes.append(seen)
        chunk.append(item)
        seen.add(digest)
    return batches


def session_messages(session: Session) -> list[dict[str, Any]]:
    """A session as chat messages. Both speakers are role "user" (with their names) because the
    update agent stores facts from user messages only, and both speakers' facts are evidence."""
    return [{"role": "user", "name": turn.speaker, "id": turn.dia_id,
             "content": turn.text + (f" [shares {turn.caption}]" if turn.caption else "")}
            for turn in session.turns]


def windows(messages: list[dict[str, Any]], size: int) -> list[list[dict[str, Any]]]:
    """Consecutive, non-overlapping windows: every message is read exactly once."""
    return [messages[i:i + size] for i in range(0, len(messages), max(size, 1))]


def ingest_agent(store: MemoryStore, conv: Conversation, lm: Any, *,
                 window: int = DEFAULT_WINDOW, advance: Advance | None = None) -> Counter[str]:
    """The memory update agent reads each session in windows and writes what it extracts.

    Its memories carry the dia_ids of the window they came from as provenance.
    """
    from chatbot.agents.updater import MemoryUpdater
    from chatbot.session import explain_error

    stats: Counter[str] = Counter()
    failures = 0
    for session in conv.sessions:
        updater = MemoryUpdater(store, conv.sample_id, lm, session_id=session_id(conv, session),
                                actor="locomo_agent", context_messages=window)
        today = session.date.isoformat() if session.date else None
        for chunk in windows(session_messages(session), window):
            try:
                result = updater.run(chunk, today=today)
            except Exception as exc:  # noqa: BLE001 - one failed window is counted, not fatal
                stats["update_errors"] += 1
                failures += 1
                if failures >= MAX_FAILED_RUNS:
                    raise ChatbotError(f"the memory update agent failed {failures} times in a "
                                       f"row, giving up: {explain_error(exc)}") from None
            else:
                failures = 0
                stats.update(result.counts)
            stats["turns"] += len(chunk)
            stats["updater_runs"] += 1
            if advance:
                advance(len(chunk))
    return stats


def built_as(store: MemoryStore, conv: Conversation, mode: str, detail: int) -> dict[str, Any]:
    """What decides a conversation's memories: ingest mode, its context or window (and the
    size long turns are split at), embedder."""
    if mode == "direct":
        return {"mode": mode, "context": detail, "piece_chars": PIECE_CHARS,
                "embedder": store.embedder.name, "turns": conv.turn_count, "speakers": True}
    return {"mode": mode, "window": detail, "embedder": store.embedder.name,
            "turns": conv.turn_count}


def _built(store: MemoryStore) -> dict[str, Any]:
    if store.path is None or not (store.path / BUILT_FILE).is_file():
        return {}
    try:
        return json.loads((store.path / BUILT_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def check_reuse(store: MemoryStore, conv: Conversation, wanted: dict[str, Any]) -> None:
    """ChatbotError when the store holds the conversation built another way, or only part of
    it (a run stopped while ingesting). A store from before this record is taken as it is."""
    had = _built(store).get(conv.sample_id)
    if had is None:
        return
    if not had.pop("complete", True):
        raise ChatbotError(f"{store.path} holds part of {conv.sample_id} (its ingestion did "
                           "not finish): use another --store-dir")
    if had != wanted:
        differs = ", ".join(f"{k} {had.get(k)} (this run: {wanted.get(k)})"
                            for k in sorted(set(had) | set(wanted)) if had.get(k) != wanted.get(k))
        raise ChatbotError(f"{store.path} holds {conv.sample_id} ingested with {differs}: "
                           "use another --store-dir")


def record_built(store: MemoryStore, conv: Conversation, wanted: dict[str, Any],
                 complete: bool) -> None:
    """Note how the conversation is (being) ingested: before it starts, and when it is done."""
    if store.path is None:
        return
    built = _built(store) | {conv.sample_id: wanted | {"complete": complete}}
    try:
        (store.path / BUILT_FILE).write_text(json.dumps(built, indent=1), encoding="utf-8")
    except OSError as exc:
        raise ChatbotError(f"cannot write {store.path / BUILT_FILE}: {exc.strerror}") from None
