"""ChatSession: one user's conversation; replies at once, writes memory in the background."""

from __future__ import annotations

import hashlib
import json
import queue
import re
import threading
import uuid
from collections import Counter
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import dspy
from dspy.utils.callback import BaseCallback

from chatbot.agents.response import ResponseAgent, SearchCall
from chatbot.agents.updater import MemoryUpdater, UpdateResult, count_tool_errors
from chatbot.memory import MemoryStore, RetrievedMemory

TRANSCRIPT_TURNS = 20
MAX_QUESTION_CHARS = 8000


@dataclass
class Reply:
    response: str
    save_memory: bool
    retrieved: list[RetrievedMemory] = field(default_factory=list)
    searches: list[SearchCall] = field(default_factory=list)
    trajectory: dict[str, Any] = field(default_factory=dict)
    error: str | None = None


@dataclass
class SessionEvent:
    """Something memory did, for the UI: kind is search | memory | rejected | error."""

    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)


class LMUsage(BaseCallback):
    """Counts LM calls and tokens across the session's threads (DSPy usage-tracker shape)."""

    def __init__(self, stats: Counter[str]):
        self.stats = stats
        self._lock = threading.Lock()

    def on_lm_end(self, call_id: str, outputs: Any, exception: Exception | None = None) -> None:
        with self._lock:
            self.stats["lm_calls"] += 1
            if exception is not None:
                self.stats["lm_errors"] += 1

    def add_usage(self, lm: str, usage: dict[str, Any]) -> None:
        with self._lock:
            self.stats["prompt_tokens"] += int(usage.get("prompt_tokens") or 0)
            self.stats["completion_tokens"] += int(usage.get("completion_tokens") or 0)


def transcript_file(root: Path, user_id: str, session_id: str) -> Path:
    """A safe file name per user, whatever characters the user id holds."""
    slug = re.sub(r"[^A-Za-z0-9_.-]", "_", user_id)[:40].strip(".") or "user"
    digest = hashlib.sha256(user_id.encode()).hexdigest()[:8]
    return root / f"{slug}-{digest}" / f"{re.sub(r'[^A-Za-z0-9_.-]', '_', session_id)}.jsonl"


class ChatSession:
    """Owns the transcript, both agents and the background memory writer for one user."""

    def __init__(
        self, user_id: str, store: MemoryStore, lm: Any = None, *, session_id: str | None = None,
        observed_at: str | None = None, transcript_path: Path | None = None,
        background: bool = True, search_limit: int = 5, context_messages: int = 6,
    ):
        self.user_id = user_id
        self.store = store
        self.lm = lm
        self.session_id = session_id or datetime.now(UTC).strftime("%Y%m%d-%H%M%S-") + uuid.uuid4(
        ).hex[:6]
        self.observed_at = observed_at
        self.transcript: list[dict[str, Any]] = []
        self.stats: Counter[str] = Counter()
        self.events: queue.Queue[SessionEvent] = queue.Queue()
        self.last_update: UpdateResult | None = None
        self.context_messages = context_messages
        self._usage = LMUsage(self.stats)
        self._transcript_path = transcript_path
        self._pending: Future[UpdateResult] | None = None
        self._executor = ThreadPoolExecutor(1, "memory-writer") if background else None
        self.responder = ResponseAgent(store, user_id, limit=search_limit,
                                       on_search=self._on_search)
        self.updater = MemoryUpdater(store, user_id, None, session_id=self.session_id,
                                     context_messages=context_messages)
        if transcript_path is not None:
            self._write_line({"type": "session", "user_id": user_id,
                              "session_id": self.session_id, "date": self._today()})

    # ------------------------------------------------------------------ turn

    def turn(self, question: str) -> Reply:
        """Answer one user message; memory is written after the reply, in the background."""
        question = (question or "").strip()
        if not question:
            return Reply("", False, error="empty message: nothing to answer")
        if len(question) > MAX_QUESTION_CHARS:
            question = question[:MAX_QUESTION_CHARS]
            self._emit("error", f"message truncated to {MAX_QUESTION_CHARS} characters")
        self.wait()  # read your own writes: the last update lands before this retrieval
        history = self._format_transcript()
        self._append({"role": "user", "content": question})
        self.stats["turns"] += 1
        try:
            with self._dspy_context():
                pred = self.responder(
                    transcript=history,
                    existing_categories=self.store.categories(self.user_id),
                    question=question,
                )
        except Exception as exc:  # noqa: BLE001 - any LM/adapter failure ends the turn cleanly
            message = explain_error(exc)
            self.stats["turn_errors"] += 1
            self._emit("error", message)
            self._append({"role": "assistant", "content": "", "error": message})
            return Reply("", False, searches=list(self.responder.searches), error=message)
        response = str(getattr(pred, "response", "") or "").strip()
        save = getattr(pred, "save_memory", False)
        if not isinstance(save, bool):
            self.stats["bad_save_flag"] += 1
            save = False
        trajectory = dict(getattr(pred, "trajectory", {}) or {})
        self.stats["tool_errors"] += count_tool_errors(trajectory)
        retrieved = [m for call in self.responder.searches for m in call.results]
        self._append({"role": "assistant", "content": response})
        if save:
            self._schedule_update()
        return Reply(response, save, retrieved, list(self.responder.searches), trajectory)

    # ------------------------------------------------------------ background

    def _schedule_update(self) -> None:
        messages = list(self.transcript[-self.context_messages:])
        if self._executor is None:
            self._record_update(self._run_update(messages))
            return
        self._pending = self._executor.submit(self._run_update, messages)

    def _run_update(self, messages: list[dict[str, Any]]) -> UpdateResult:
        try:
            with self._dspy_context():
                return self.updater.run(messages, today=self._today())
        except Exception as exc:  # noqa: BLE001 - a failed update must not kill the session
            self.stats["update_errors"] += 1
            self._emit("error", f"memory not updated: {explain_error(exc)}")
            return UpdateResult(summary="failed")

    def _record_update(self, result: UpdateResult) -> None:
        self.last_update = result
        self.stats.update(result.counts)
        for action in result.actions:
            if action.event == "REJECTED":
                self._emit("rejected", f"rejected: {action.detail}")
            elif action.event != "NOOP" or action.memory_id:
                short = action.text if len(action.text) <= 60 else action.text[:57] + "..."
                self._emit("memory", f"saved: {action.event} '{short}'",
                           {"event": action.event, "id": action.memory_id})

    def wait(self) -> None:
        """Finish the pending memory update, if any."""
        pending, self._pending = self._pending, None
        if pending is not None:
            self._record_update(pending.result())

    def close(self) -> None:
        """Finish pending writes; nothing is lost on exit."""
        self.wait()
        if self._executor is not None:
            self._executor.shutdown(wait=True)
        self.store.flush()

    def __enter__(self) -> ChatSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --------------------------------------------------------------- helpers

    def drain_events(self) -> list[SessionEvent]:
        out = []
        while True:
            try:
                out.append(self.events.get_nowait())
            except queue.Empty:
                return out

    def _emit(self, kind: str, text: str, data: dict[str, Any] | None = None) -> None:
        self.events.put(SessionEvent(kind, text, data or {}))

    def _on_search(self, call: SearchCall) -> None:
        self.stats["searches"] += 1
        where = f" in [{', '.join(call.categories)}]" if call.categories else ""
        note = f" ({call.note})" if call.note else ""
        self._emit("search", f"searched: '{call.search_text}'{where} -> "
                             f"{len(call.results)} memories{note}")

    def _dspy_context(self):
        kwargs: dict[str, Any] = {"callbacks": [self._usage], "usage_tracker": self._usage}
        if self.lm is not None:
            kwargs["lm"] = self.lm
        return dspy.context(**kwargs) if kwargs else nullcontext()

    def _today(self) -> str:
        return self.observed_at or datetime.now(UTC).strftime("%Y-%m-%d")

    def _format_transcript(self) -> str:
        recent = self.transcript[-2 * TRANSCRIPT_TURNS:]
        if not recent:
            return "(this is the start of the conversation)"
        return "\n".join(f"{m['role']}: {m['content']}" for m in recent if m.get("content"))

    def _append(self, message: dict[str, Any]) -> None:
        message = {**message, "id": f"{self.session_id}:{len(self.transcript)}"}
        self.transcript.append(message)
        self._write_line(message)

    def _write_line(self, record: dict[str, Any]) -> None:
        if self._transcript_path is None:
            return
        self._transcript_path.parent.mkdir(parents=True, exist_ok=True)
        with self._transcript_path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(record, ensure_ascii=False) + "\n")


def explain_error(exc: BaseException) -> str:
    """One line for the user; the LM module knows the provider errors."""
    try:
        from chatbot.llm import explain_lm_error
    except ImportError:
        return f"{exc.__class__.__name__}: {exc}".splitlines()[0][:300]
    return explain_lm_error(exc)
