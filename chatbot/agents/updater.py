"""The memory update agent: turns the latest messages into ADD / UPDATE / DELETE / NOOP."""

from __future__ import annotations

import threading
from collections import Counter
from contextlib import nullcontext
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import dspy

from chatbot.agents.prompts import load_prompt
from chatbot.agents.response import GuardedReAct, _as_list
from chatbot.errors import ChatbotError
from chatbot.memory import Memory, MemoryStore, Source
from chatbot.redact import MARKER, redact

MAX_ACTIONS = 6
SIMILAR_LIMIT = 10
CONTEXT_MESSAGES = 6


class UpdateMemory(dspy.Signature):
    conversation: str = dspy.InputField(desc="the latest messages, oldest first")
    conversation_date: str = dspy.InputField(desc="when this conversation happened")
    existing_memories: str = dspy.InputField(
        desc="the user's related memories, one per line as `id: text [categories]`")
    summary: str = dspy.OutputField(desc="one line: what you changed in memory")


UpdateMemory = UpdateMemory.with_instructions(load_prompt("memory_update_agent"))


@dataclass
class MemoryAction:
    """One write the agent made (or tried to make)."""

    event: str  # ADD | UPDATE | DELETE | NOOP | REJECTED
    memory_id: str | None = None
    text: str = ""
    detail: str = ""


@dataclass
class UpdateResult:
    summary: str = ""
    actions: list[MemoryAction] = field(default_factory=list)
    shown: list[Memory] = field(default_factory=list)
    trajectory: dict[str, Any] = field(default_factory=dict)
    counts: Counter[str] = field(default_factory=Counter)
    error: str | None = None  # set by the caller when the run failed part-way

    @property
    def writes(self) -> list[MemoryAction]:
        """The actions that changed the store."""
        return [a for a in self.actions if a.event in ("ADD", "UPDATE", "DELETE")]


@dataclass
class _Run:
    """What one run may touch: the ids shown to the model, and where facts come from."""

    shown: dict[int, Memory]
    source: Source
    observed_at: str | None
    result: UpdateResult


def format_conversation(messages: list[dict[str, Any]]) -> str:
    lines = []
    for m in messages:
        who = m.get("name") or m.get("role", "user")
        lines.append(f"{who} ({m.get('role', 'user')}): {m.get('content', '')}")
    return "\n".join(lines)


def count_tool_errors(trajectory: dict[str, Any]) -> int:
    """Malformed tool calls (bad argument types, unknown arguments) that DSPy turned into text."""
    return sum(
        1 for k, v in trajectory.items()
        if k.startswith("observation_") and str(v).startswith("Execution error"))


def _to_int(value: Any) -> int | None:
    if isinstance(value, bool):  # JSON true is not the id 1
        return None
    try:
        return int(str(value).strip())
    except (TypeError, ValueError):
        return None


def _raw(method: Any, *id_args: str) -> dspy.Tool:
    """The tool, with its id arguments handed over as the model wrote them.

    DSPy would coerce them with pydantic first (JSON true becomes 1); our own check must see
    the raw value to reject, and count, every id that was not shown.
    """
    tool = dspy.Tool(method)
    for name in id_args:
        tool.arg_types[name] = Any
    return tool


class MemoryUpdater:
    """One ReAct agent per user; tools are bound to the store, the user and the ids shown."""

    def __init__(self, store: MemoryStore, user_id: str, lm: Any = None, *,
                 session_id: str | None = None, actor: str = "memory_update_agent",
                 context_messages: int = CONTEXT_MESSAGES, similar_limit: int = SIMILAR_LIMIT):
        self.store = store
        self.user_id = user_id
        self.lm = lm
        self.session_id = session_id
        self.actor = actor
        self.context_messages = context_messages
        self.similar_limit = similar_limit
        self._run: _Run | None = None
        self._lock = threading.Lock()
        # The result of the latest run, also when it raised: its writes did happen.
        self.last_result: UpdateResult | None = None
        self.react = GuardedReAct(
            UpdateMemory, [self.add_memory, _raw(self.update_memory, "memory_id"),
                           _raw(self.delete_memory, "memory_ids"), self.noop],
            MAX_ACTIONS)

    # ------------------------------------------------------------------ run

    def run(self, messages: list[dict[str, Any]], today: str | None = None) -> UpdateResult:
        """Update memory from the last few messages; `today` is the conversation's date.

        Secrets in the messages are redacted before the model sees them; every write is
        redacted again. If the model fails part-way, the writes made so far stay (each one is
        whole) and `last_result` says what they were.
        """
        self.last_result = None
        window = [{**m, "content": redact(str(m.get("content") or ""))} for m in messages
                  if str(m.get("content") or "").strip()]
        window = window[-self.context_messages:]
        latest_user = next(
            (m["content"] for m in reversed(window) if m.get("role") == "user"), None)
        result = UpdateResult()
        self.last_result = result
        if latest_user is None:
            result.summary = "no user message to learn from"
            return result
        similar = self.store.search(self.user_id, latest_user, None, limit=self.similar_limit)
        shown = {i: m for i, m in enumerate(similar)}
        result.shown = list(similar)
        source = Source(
            session_id=self.session_id,
            message_ids=[str(m["id"]) for m in window if m.get("id") is not None],
            actor=self.actor,
        )
        date = today or datetime.now(UTC).strftime("%Y-%m-%d")
        with self._lock:
            self._run = _Run(shown, source, today, result)
            self.react.faults.clear()
            try:
                ctx = dspy.context(lm=self.lm) if self.lm is not None else nullcontext()
                with ctx:
                    pred = self.react(
                        conversation=format_conversation(window),
                        conversation_date=_describe_date(date),
                        existing_memories=self._format_shown(shown),
                    )
            finally:
                self._run = None
                result.counts.update(self.react.faults)
        result.summary = redact(str(getattr(pred, "summary", "") or ""))
        result.trajectory = dict(getattr(pred, "trajectory", {}) or {})
        result.counts["tool_errors"] += count_tool_errors(result.trajectory)
        return result

    @staticmethod
    def _format_shown(shown: dict[int, Memory]) -> str:
        if not shown:
            return "(no related memories yet)"
        return "\n".join(
            f"{i}: {m.memory_text} [{', '.join(m.categories)}]" for i, m in shown.items())

    def _current(self) -> _Run:
        if self._run is None:
            raise ChatbotError("memory tools can only be used during MemoryUpdater.run()")
        return self._run

    def _reject(self, run: _Run, bad: list[Any]) -> str:
        run.result.counts["invented_ids"] += len(bad)
        run.result.actions.append(MemoryAction("REJECTED", detail=f"unknown id(s) {bad}"))
        valid = ", ".join(str(i) for i in run.shown) or "none (no memories were shown)"
        return f"Error: id(s) {bad} were not shown to you; nothing was changed. Valid ids: {valid}."

    # ---------------------------------------------------------------- tools

    def _clean(self, run: _Run, text: Any, categories: Any) -> tuple[str, list[str], str]:
        """Text and categories as they may be stored: no secrets; a note for the model."""
        raw = str(text or "").strip()
        clean = redact(raw)
        cats = [c for c in _as_list(categories) if redact(c) == c and MARKER not in c]
        if clean != raw:
            run.result.counts["secrets_redacted"] += 1
            return clean, cats, f" A secret in it was replaced by {MARKER}."
        return clean, cats, ""

    def add_memory(self, memory_text: str, categories: list[str]) -> str:
        """Store a new fact about the user. `memory_text`: one short sentence. `categories`: \
one to three lowercase categories."""
        run = self._current()
        text, cats, note = self._clean(run, memory_text, categories)
        if not text:
            run.result.counts["bad_args"] += 1
            return "Error: memory_text must be a non-empty string; nothing was stored."
        res = self.store.remember(
            self.user_id, text, cats, source=Source(**vars(run.source)),
            observed_at=run.observed_at, actor=self.actor)
        run.result.counts[f"memory_{res.event.lower()}"] += 1
        if res.event != "ADD":
            run.result.counts["dedup_hits"] += 1
        run.result.actions.append(MemoryAction(res.event, res.id, text, res.reason))
        if res.event == "NOOP":
            return "Already stored; nothing added."
        if res.event == "UPDATE":
            return "A near-identical memory existed; it was updated instead." + note
        return "Added." + note

    # Ids are typed int | str: small models often quote numbers ("0"); see also _raw().
    def update_memory(self, memory_id: int | str, updated_memory_text: str,
                      categories: list[str]) -> str:
        """Replace the text (and categories) of a memory you were shown, keeping its id."""
        run = self._current()
        local = _to_int(memory_id)
        if local not in run.shown:
            return self._reject(run, [memory_id])
        text, cats_, note = self._clean(run, updated_memory_text, categories)
        if not text:
            run.result.counts["bad_args"] += 1
            return "Error: updated_memory_text must be a non-empty string; nothing was changed."
        target = run.shown[local]
        cats = cats_ or None
        self.store.update(target.id, text, cats, user_id=self.user_id, actor=self.actor,
                          session_id=run.source.session_id)
        run.result.counts["memory_update"] += 1
        run.result.actions.append(
            MemoryAction("UPDATE", target.id, text, f"was: {target.memory_text}"))
        return f"Updated memory {local}." + note

    def delete_memory(self, memory_ids: list[int | str]) -> str:
        """Delete memories you were shown that the user retracted or that are no longer true."""
        run = self._current()
        raw = memory_ids if isinstance(memory_ids, (list, tuple)) else [memory_ids]
        locals_ = [_to_int(i) for i in raw]
        bad = [r for r, i in zip(raw, locals_, strict=True) if i not in run.shown]
        if bad or not locals_:
            return self._reject(run, bad or ["(none given)"])
        for i in dict.fromkeys(locals_):
            target = run.shown[i]
            self.store.delete(target.id, user_id=self.user_id, actor=self.actor,
                              session_id=run.source.session_id)
            run.result.counts["memory_delete"] += 1
            run.result.actions.append(MemoryAction("DELETE", target.id, target.memory_text))
        return f"Deleted memories {sorted(set(locals_))}."

    def noop(self) -> str:
        """Change nothing: no lasting fact was said, or it is already stored."""
        run = self._current()
        run.result.counts["memory_noop"] += 1
        run.result.actions.append(MemoryAction("NOOP"))
        return "Nothing changed."


def _describe_date(date: str) -> str:
    try:
        return datetime.fromisoformat(date).strftime("%A %d %B %Y")
    except ValueError:
        return date

