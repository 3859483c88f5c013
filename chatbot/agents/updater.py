"""The memory update agent: turns the latest messages into ADD / UPDATE / DELETE / NOOP."""

from __future__ import annotations

import threading
from collections import Counter
from contextlib import nullcontext
from datetime import UTC, datetime
from typing import Any

import dspy
from dspy.utils.exceptions import AdapterParseError

from chatbot.agents import part_calls
from chatbot.agents import parts as sorting
from chatbot.agents.grammar import SchemaAdapter, step_schema, supports_schema
from chatbot.agents.guards import Limits, limits_for
from chatbot.agents.memory_tools import MemoryTools, UpdateResult, _Run
from chatbot.agents.new_facts import (
    FACTS_SCHEMA,
    REPLY_PREFERENCES_SCHEMA,
    _as_day,
)
from chatbot.agents.prompts import describe_date, format_conversation, load_examples, load_sections
from chatbot.agents.react import GuardedReAct, count_tool_errors
from chatbot.memory import Memory, MemoryStore, Source
from chatbot.redact import redact

MAX_ACTIONS = 6
SIMILAR_LIMIT = 10
CONTEXT_MESSAGES = 6
PROMPT = "memory_update_agent"


class UpdateMemory(dspy.Signature):
    conversation: str = dspy.InputField(desc="the latest messages, oldest first")
    conversation_date: str = dspy.InputField(desc="when this conversation happened")
    existing_memories: str = dspy.InputField(
        desc="the user's related memories, one per line as `id: text [categories]`")
    summary: str = dspy.OutputField(desc="one line: what you changed in memory")


UpdateMemory = UpdateMemory.with_instructions(load_sections(PROMPT)["step"])


def _raw(method: Any, *id_args: str) -> dspy.Tool:
    """The tool, with its id arguments handed over as the model wrote them.

    DSPy would coerce them with pydantic first (JSON true becomes 1); our own check must see
    the raw value to reject, and count, every id that was not shown.
    """
    tool = dspy.Tool(method)
    for name in id_args:
        tool.arg_types[name] = Any
    return tool


class MemoryUpdater(MemoryTools):
    """One ReAct agent per user; tools are bound to the store, the user and the ids shown."""

    def __init__(self, store: MemoryStore, user_id: str, lm: Any = None, *,
                 session_id: str | None = None, actor: str = "memory_update_agent",
                 context_messages: int = CONTEXT_MESSAGES, similar_limit: int = SIMILAR_LIMIT,
                 limits: Limits | None = None):
        """limits: how tightly the tool loop is held (chatbot.agents.guards); by default they
        follow the LM in use (tighter for small models)."""
        self.store = store
        self.user_id = user_id
        self.lm = lm
        self.session_id = session_id
        self.actor = actor
        self.context_messages = context_messages
        self.similar_limit = similar_limit
        self.now: datetime | None = None  # recency reference for its search (None: now)
        self._run: _Run | None = None
        self._lock = threading.Lock()
        # The result of the latest run, also when it raised: its writes did happen.
        self.last_result: UpdateResult | None = None
        self.limits = limits
        # Two tool sets: with nothing shown there is nothing to update or delete, so those
        # tools are not offered (a small model otherwise "updates" memory 0 of an empty list).
        self.react = self._agent([self._add_tool(), _raw(self.update_memory, "memory_id"),
                                  _raw(self.delete_memory, "memory_ids"), self.noop], "step")
        self.react_first = self._agent([self._add_tool(), self.noop], "first")
        # Small models (Limits.sort_parts): one LM call sorts the message part by part, held
        # to a schema; code makes the tool calls that asks for (chatbot.agents.parts).
        self.react_parts = self._agent(
            [self._add_tool(), _raw(self.update_memory, "memory_id"),
             _raw(self.delete_memory, "memory_ids"), self.noop], "step")
        self.react_parts.before_loop = self._sorted_calls
        # Who this conversation has called "she" and "he" so far (sorting.pronoun_options).
        self.pronouns: dict[str, set[str]] = {"she": set(), "he": set()}
        self.react_parts.code_thought = "(the model sorted the message part by part; code calls)"
        self.sorter = dspy.Predict(sorting.SortParts)
        self.sorter.demos = [dspy.Example(**e) for e in load_examples(PROMPT).get("parts", [])]

    def _agent(self, tools: list[Any], examples: str) -> GuardedReAct:
        prompts = load_sections(PROMPT)
        react = GuardedReAct(
            UpdateMemory, tools, MAX_ACTIONS, step_instructions=prompts[examples],
            answer_instructions=prompts["answer"], answer_inputs=(), answer_reasoning=False)
        all_examples = load_examples(PROMPT)
        react.use_examples({"step": all_examples.get(examples, [])})
        react.before_tool = self._before_tool
        react.after_tool = self._after_tool
        # The summary is a line for the UI: code writes it from what was done.
        react.answer_by_code = self._summary
        return react

    def _add_tool(self) -> dspy.Tool:
        tool = dspy.Tool(self.add_memory)
        # No slot of its own for the user's name: measured, a required "name" made the model
        # invent one ("John Doe") for messages that had none, and drop other facts.
        tool.args = {"facts": FACTS_SCHEMA, "reply_preferences": REPLY_PREFERENCES_SCHEMA}
        tool.arg_types = {"facts": Any, "reply_preferences": Any}
        tool.arg_desc = {}
        return tool

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
        similar = self.store.search(self.user_id, latest_user, None, limit=self.similar_limit,
                                    now=self.now)
        shown = {i: m for i, m in enumerate(similar)}
        result.shown = list(similar)
        source = Source(
            session_id=self.session_id,
            message_ids=[str(m["id"]) for m in window if m.get("id") is not None],
            actor=self.actor,
        )
        date = today or datetime.now(UTC).strftime("%Y-%m-%d")
        limits = self.limits or limits_for(self.lm if self.lm is not None else dspy.settings.lm)
        user_texts = [str(m["content"]) for m in window if m.get("role") != "assistant"]
        user_texts += [str(m["name"]) for m in window if m.get("name")]
        user_texts += [m.memory_text for m in similar]
        assistant_texts = [str(m["content"]) for m in window if m.get("role") == "assistant"]
        max_iters = self.react.max_iters
        if limits.max_actions is not None:
            max_iters = min(max_iters, limits.max_actions)
        lm = self.lm if self.lm is not None else dspy.settings.lm
        sort = limits.sort_parts and supports_schema(lm)
        react = self.react_parts if sort else self.react if shown else self.react_first
        if sort:
            max_iters = 0
        with self._lock:
            self._run = _Run(shown, source, today, result, limits, user_texts,
                             [str(m["content"]) for m in window if m.get("role") != "assistant"],
                             assistant_texts, day=_as_day(date))
            react.faults.clear()
            react.guard_counts.clear()
            react.cap_tokens(limits.step_tokens, None, stop_at_completed=limits.stop_at_completed)
            react.show_examples(limits.demos)
            react.step_adapter = None
            if limits.grammar and supports_schema(lm):
                ids = sorted(shown)
                react.step_adapter = SchemaAdapter(lambda r=react: step_schema(r.tools, ids))
            try:
                ctx = dspy.context(lm=self.lm) if self.lm is not None else nullcontext()
                with ctx:
                    pred = react(
                        conversation=format_conversation(window),
                        conversation_date=describe_date(date),
                        existing_memories=self._format_shown(shown),
                        max_iters=max_iters,
                    )
            finally:
                self._run = None
                result.counts.update(react.faults)
                result.counts.update(react.guard_counts)
        result.summary = redact(str(getattr(pred, "summary", "") or ""))
        result.trajectory = dict(getattr(pred, "trajectory", {}) or {})
        result.counts["tool_errors"] += count_tool_errors(result.trajectory)
        return result

    def _sorted_calls(self, inputs: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
        """The tool calls for the latest user message, sorted part by part by the model."""
        run = self._current()
        message = run.user_messages[-1] if run.user_messages else ""
        parts = sorting.split_parts(message)
        ids = sorted(run.shown)
        shown = {i: run.shown[i].memory_text for i in ids}
        earlier = run.user_messages[:-1]
        adapter = SchemaAdapter(lambda: sorting.parts_schema(parts, ids, list(shown.values()),
                                                             earlier, self.pronouns))
        self.sorter.config["max_tokens"] = sorting.MAX_TOKENS
        try:
            with dspy.context(adapter=adapter):
                pred = self.sorter(parts=sorting.format_parts(parts), **inputs)
            entries, reviews = (getattr(pred, "sorted_parts", None),
                                getattr(pred, "shown_memories", None))
        except AdapterParseError as exc:
            # Counted. A reply cut short by the token cap (a long message, each part copied
            # with its memories) keeps its complete entries; the parts it did not reach are
            # read by code. Nothing is written from a reply with no complete entry.
            run.result.counts["malformed_steps"] += 1
            entries, reviews = sorting.complete_entries(str(exc.lm_response or ""), parts), None
            if not entries:
                return []
        run.result.counts["parts_sorted"] += len(parts)
        run.result.sorted = {"parts": entries, "shown": reviews}
        self._note_pronouns(entries)
        known = " ".join(run.user_texts)
        return part_calls.tool_calls(
            entries, ids, message=message, known=known,
            shown=shown, reviews=reviews,
            similarity=self._similarity, day=run.day, parts=parts,
            procedural={i for i in ids if run.shown[i].memory_type == "procedural"},
            earlier=earlier, replied=run.assistant_texts)

    def _note_pronouns(self, entries: Any) -> None:
        """Who this conversation's parts called "she" or "he" (the person the model chose)."""
        for entry in entries if isinstance(entries, list) else []:
            if isinstance(entry, dict) and isinstance(entry.get("about"), str):
                pronoun = sorting.pronoun_of(str(entry.get("part") or ""))
                if pronoun is not None:
                    self.pronouns[pronoun].add(entry["about"])

    def _similarity(self, a: str, b: str) -> float:
        """Cosine similarity of two texts under the store's embedder."""
        import numpy as np

        va, vb = self.store.embedder.embed_documents([a, b])
        return float(np.dot(va, vb) / ((np.linalg.norm(va) * np.linalg.norm(vb)) or 1.0))

    def _summary(self, trajectory: dict[str, Any]) -> dict[str, str]:
        """One line of what this run changed, written by code from its actions."""
        run = self._current()
        done = Counter(a.event for a in run.result.actions if a.event != "NOOP")
        words = {"ADD": "added", "UPDATE": "updated", "DELETE": "deleted",
                 "REJECTED": "refused"}
        parts = [f"{words[e]} {n}" for e, n in done.items() if e in words]
        return {"summary": ", ".join(parts) if parts else "nothing changed"}

    @staticmethod
    def _format_shown(shown: dict[int, Memory]) -> str:
        if not shown:
            return "(no related memories yet)"
        return "\n".join(
            f"{i}: {m.memory_text} [{', '.join(m.categories)}]" for i, m in shown.items())

