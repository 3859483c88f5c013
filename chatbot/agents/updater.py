"""The memory update agent: turns the latest messages into ADD / UPDATE / DELETE / NOOP."""

from __future__ import annotations

import re
import threading
from collections import Counter
from contextlib import nullcontext
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any

import dspy
from dspy.utils.exceptions import AdapterParseError

from chatbot.agents import parts as sorting
from chatbot.agents.grammar import SchemaAdapter, step_schema, supports_schema
from chatbot.agents.guards import (
    STANDARD,
    Limits,
    call_key,
    grounding,
    limits_for,
    sounds_like_retraction,
)
from chatbot.agents.new_facts import (
    FACTS_SCHEMA,
    REPLY_PREFERENCES_SCHEMA,
    _as_day,
    _as_facts,
    _dated,
)
from chatbot.agents.prompts import describe_date, format_conversation, load_examples, load_sections
from chatbot.agents.react import GuardedReAct, count_tool_errors
from chatbot.agents.response import _as_list
from chatbot.agents.wording import third_person
from chatbot.errors import ChatbotError
from chatbot.memory import Memory, MemoryStore, Source
from chatbot.memory.store import normalise
from chatbot.redact import MARKER, redact

MAX_ACTIONS = 6
SIMILAR_LIMIT = 10
CONTEXT_MESSAGES = 6
PROMPT = "memory_update_agent"
# What the model reads of an assistant message: context, not a source, so a short excerpt.
NEXT = "Next: another new fact of the user's, or finish."
_CATEGORY_TAIL = re.compile(r"\s*\[[a-z_][\w ,-]*\]\s*$")


class UpdateMemory(dspy.Signature):
    conversation: str = dspy.InputField(desc="the latest messages, oldest first")
    conversation_date: str = dspy.InputField(desc="when this conversation happened")
    existing_memories: str = dspy.InputField(
        desc="the user's related memories, one per line as `id: text [categories]`")
    summary: str = dspy.OutputField(desc="one line: what you changed in memory")


UpdateMemory = UpdateMemory.with_instructions(load_sections(PROMPT)["step"])


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
    seconds: float = 0.0      # wall time of the whole update (set by the session)
    sorted: dict[str, Any] = field(default_factory=dict)  # the part-by-part reply, if any

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
    limits: Limits = STANDARD
    user_texts: list[str] = field(default_factory=list)       # the user's words, and names
    user_messages: list[str] = field(default_factory=list)    # the user's messages only
    assistant_texts: list[str] = field(default_factory=list)
    calls: Counter[str] = field(default_factory=Counter)       # call_key -> times run
    written: set[int] = field(default_factory=set)              # shown ids changed this run
    day: date | None = None                                     # the conversation's date


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
                                                             earlier))
        self.sorter.config["max_tokens"] = sorting.MAX_TOKENS
        try:
            with dspy.context(adapter=adapter):
                pred = self.sorter(parts=sorting.format_parts(parts), **inputs)
        except AdapterParseError:  # counted; nothing is written from a reply nobody can read
            run.result.counts["malformed_steps"] += 1
            return []
        run.result.counts["parts_sorted"] += len(parts)
        run.result.sorted = {"parts": getattr(pred, "sorted_parts", None),
                             "shown": getattr(pred, "shown_memories", None)}
        known = " ".join(run.user_texts)
        return sorting.tool_calls(
            getattr(pred, "sorted_parts", None), ids, message=message, known=known,
            shown=shown, reviews=getattr(pred, "shown_memories", None),
            similarity=self._similarity, day=run.day, parts=parts)

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

    def _current(self) -> _Run:
        if self._run is None:
            raise ChatbotError("memory tools can only be used during MemoryUpdater.run()")
        return self._run

    def _reject(self, run: _Run, bad: list[Any]) -> str:
        run.result.counts["invented_ids"] += len(bad)
        run.result.actions.append(MemoryAction("REJECTED", detail=f"unknown id(s) {bad}"))
        valid = ", ".join(str(i) for i in run.shown) or "none (no memories were shown)"
        return f"Error: id(s) {bad} were not shown to you; nothing was changed. Valid ids: {valid}."

    # --------------------------------------------------------------- guards

    def _before_tool(self, name: str, args: dict[str, Any]) -> tuple[str, str | None] | None:
        """Refuse a call made before (same tool, same arguments) once it ran `repeat_limit`
        times, and a second write to one shown id; either ends the loop for small models."""
        run = self._current()
        key = call_key(name, args)
        if run.calls[key] >= run.limits.repeat_limit:
            run.result.counts["repeated_calls"] += 1
            return "You already made this exact call. Nothing changed. Call finish.", \
                "repeated_call"
        targets: list[Any] = []
        if name == "update_memory":
            targets = [args.get("memory_id")]
        elif name == "delete_memory":
            ids = args.get("memory_ids")
            targets = list(ids) if isinstance(ids, (list, tuple)) else [ids]
        again = sorted({i for i in map(_to_int, targets) if i in run.shown and i in run.written})
        if again:
            run.result.counts["second_writes_refused"] += 1
            stop = "second_write" if run.limits.stop_on_second_write else None
            return (f"Memory {', '.join(map(str, again))} was already changed in this run; "
                    "nothing was changed. Call finish unless another new fact is left."), stop
        run.calls[key] += 1
        return None

    def _after_tool(self, name: str, args: dict[str, Any], result: Any) -> tuple[Any, str | None]:
        run = self._current()
        if name == "noop" and run.limits.stop_after_noop:
            return result, "nothing_to_change"
        if name == "add_memory" and run.limits.stop_after_add and any(
                a.event in ("ADD", "UPDATE") for a in run.result.actions):
            # All new facts go in one add_memory call; small models repeat it instead of
            # finishing. Corrections (update/delete) come before it, as the prompt asks.
            return result, "facts_added"
        return result, None

    def _ungrounded(self, run: _Run, text: str, replaces: str = "") -> str | None:
        """The refusal if `text` (or what it adds to `replaces`) is mostly the assistant's
        words rather than the user's."""
        g = grounding(text, run.user_texts, run.assistant_texts, replaces)
        if g.ungrounded:
            detail = "not the user's words (the assistant said it)"
            why = "that is what the assistant said"
        elif run.limits.require_user_words and g.unsupported:
            detail = "not the user's words (nobody said it)"
            why = "the user did not say that"
        else:
            return None
        run.result.counts["ungrounded_rejected"] += 1
        run.result.actions.append(MemoryAction("REJECTED", text=text, detail=detail))
        return (f"Rejected: {why}; nothing was stored. Store only facts the user stated about "
                "themselves, in their words, or call finish.")

    # ---------------------------------------------------------------- tools

    def _clean(self, run: _Run, text: Any, categories: Any) -> tuple[str, list[str], str]:
        """Text and categories as they may be stored: no secrets; a note for the model."""
        raw = str(text or "").strip()
        # Models copy the shown format "text [categories]" into the text: drop the tail.
        tail = _CATEGORY_TAIL.search(raw)
        if tail and tail.group(0).strip() != MARKER and tail.start() > 0:
            raw = raw[:tail.start()].rstrip()
        worded = third_person(raw)
        if worded != raw:
            run.result.counts["reworded_third_person"] += 1
            raw = worded
        clean = redact(raw)
        cats = [c for c in _as_list(categories) if redact(c) == c and MARKER not in c]
        if clean != raw:
            run.result.counts["secrets_redacted"] += 1
            return clean, cats, f" A secret in it was replaced by {MARKER}."
        return clean, cats, ""

    def add_memory(self, facts: Any = None, reply_preferences: Any = None, name: Any = None,
                   **single: Any) -> str:
        """Store new facts about the user, their name, and how they want replies."""
        run = self._current()
        entries = _as_facts(facts, single)
        if isinstance(name, str) and 0 < len(name.strip()) <= 60:
            entries.insert(0, (f"Is called {name.strip()}", ["identity"], "semantic"))
        if isinstance(reply_preferences, str):
            reply_preferences = [reply_preferences]
        if isinstance(reply_preferences, (list, tuple)):
            entries += [(str(p), ["preferences"], "procedural") for p in reply_preferences
                        if isinstance(p, str) and p.strip()]
        if not entries:
            run.result.counts["bad_args"] += 1
            return ("Error: give `facts`, a list of {\"text\", \"categories\", \"type\"}; "
                    "nothing was stored.")
        notes = [self._add_one(run, *entry) for entry in entries]
        return " ".join(notes) + f" {NEXT}"

    def _add_one(self, run: _Run, text: Any, categories: Any, memory_type: str) -> str:
        text, cats, note = self._clean(run, text, categories)
        if not text:
            run.result.counts["bad_args"] += 1
            return "Error: a fact's text must be a non-empty string; it was not stored."
        # How to reply is judged by the user's words alone: a reply that already follows it
        # ("Claro, responderé en español") would otherwise make it look like the assistant's.
        if memory_type != "procedural" and (refusal := self._ungrounded(run, text)) is not None:
            return refusal
        text, valid_from, valid_until = _dated(text, run.day)
        if valid_until is not None:
            run.result.counts["dated_memories"] += 1
        res = self.store.remember(
            self.user_id, text, cats, memory_type, source=Source(**vars(run.source)),
            observed_at=run.observed_at, actor=self.actor, valid_from=valid_from,
            valid_until=valid_until)
        run.result.counts[f"memory_{res.event.lower()}"] += 1
        if res.event != "ADD":
            run.result.counts["dedup_hits"] += 1
        run.result.actions.append(MemoryAction(res.event, res.id, text, res.reason))
        if res.event == "NOOP":
            return f"Already stored: {text!r}; nothing added. Do not add it again."
        if res.event == "UPDATE":
            return f"A near-identical memory existed; it was updated to {text!r}.{note}"
        return f"Added {text!r}.{note} Do not add it again."

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
        if (refusal := self._ungrounded(run, text, target.memory_text)) is not None:
            return refusal
        if normalise(text) == normalise(target.memory_text):
            run.result.counts["memory_noop"] += 1
            run.result.actions.append(
                MemoryAction("NOOP", target.id, text, "same as the stored text"))
            return f"Memory {local} already says exactly this; nothing changed. {NEXT}"
        run.written.add(local)
        cats = cats_ or None
        self.store.update(target.id, text, cats, user_id=self.user_id, actor=self.actor,
                          session_id=run.source.session_id)
        run.result.counts["memory_update"] += 1
        run.result.actions.append(
            MemoryAction("UPDATE", target.id, text, f"was: {target.memory_text}"))
        return f"Updated memory {local}.{note} It now says: {text!r}. {NEXT}"

    def delete_memory(self, memory_ids: list[int | str]) -> str:
        """Delete memories you were shown that the user retracted or that are no longer true."""
        run = self._current()
        raw = memory_ids if isinstance(memory_ids, (list, tuple)) else [memory_ids]
        locals_ = [_to_int(i) for i in raw]
        bad = [r for r, i in zip(raw, locals_, strict=True) if i not in run.shown]
        if bad or not locals_:
            return self._reject(run, bad or ["(none given)"])
        if run.limits.delete_needs_retraction and not sounds_like_retraction(run.user_messages):
            run.result.counts["deletes_refused"] += 1
            run.result.actions.append(MemoryAction(
                "REJECTED", detail="delete without a retraction in the user's words"))
            return ("Refused: the user did not retract anything, so nothing is deleted. "
                    "Call finish unless the user stated a new fact.")
        for i in dict.fromkeys(locals_):
            run.written.add(i)
            target = run.shown[i]
            self.store.delete(target.id, user_id=self.user_id, actor=self.actor,
                              session_id=run.source.session_id)
            run.result.counts["memory_delete"] += 1
            run.result.actions.append(MemoryAction("DELETE", target.id, target.memory_text))
        return f"Deleted memories {sorted(set(locals_))}. {NEXT}"

    def noop(self) -> str:
        """Change nothing: no lasting fact was said, or it is already stored."""
        run = self._current()
        run.result.counts["memory_noop"] += 1
        run.result.actions.append(MemoryAction("NOOP"))
        return "Nothing changed. Call finish unless a new fact of the user's is left."
