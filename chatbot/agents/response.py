"""The response agent: answers the user, may search their memory, says whether to save."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import dspy

from chatbot.agents.guards import STANDARD as STANDARD_LIMITS
from chatbot.agents.guards import Limits, answer_adapter, call_key, limits_for
from chatbot.agents.prompts import load_examples, load_sections
from chatbot.agents.react import (  # noqa: F401 - re-exported: they lived here before
    GuardedReAct,
    _raw_fields,
    as_bool,
    read_fields_leniently,
)
from chatbot.memory import MemoryStore, RetrievedMemory

MAX_TOOL_ROUNDS = 2
MAX_SEARCH_CHARS = 500
PROMPT = "response_agent"
FOUND_NEXT = "Now call finish: the reply will use these memories."
NONE_NEXT = "Search once more with other words, or call finish."


class Respond(dspy.Signature):
    transcript: str = dspy.InputField(desc="the conversation so far, oldest first")
    existing_categories: list[str] = dspy.InputField(
        desc="categories of the user's stored memories")
    question: str = dspy.InputField(desc="the user's latest message")
    response: str = dspy.OutputField(desc="your reply to the user")
    save_memory: bool = dspy.OutputField(
        desc="true if the latest message holds a lasting fact about the user worth remembering")


Respond = Respond.with_instructions(load_sections(PROMPT)["answer"])


@dataclass
class SearchCall:
    """One call of fetch_similar_memories, for the UI and the stats."""

    search_text: str
    categories: list[str]
    results: list[RetrievedMemory] = field(default_factory=list)
    note: str = ""


def format_memory(m: RetrievedMemory) -> str:
    cats = ", ".join(m.categories) or "uncategorised"
    return f"[{cats}] {m.memory_text} (noted {m.observed_at[:10]})"


def _as_list(value: Any) -> list[str]:
    """Models send a list, a comma string, or null for a list argument; accept all three."""
    if value is None:
        return []
    if isinstance(value, str):
        return [v.strip() for v in value.split(",") if v.strip()]
    if isinstance(value, (list, tuple)):
        return [str(v).strip() for v in value if str(v).strip()]
    return [str(value)]


def format_found(results: list[str]) -> str:
    """What the model reads after a search that found memories: them, then what to do next."""
    head = f"Found {len(results)} memor{'y' if len(results) == 1 else 'ies'}:"
    return "\n".join([head, *(f"- {r}" for r in results), FOUND_NEXT])


class ResponseAgent(dspy.Module):
    """dspy.ReAct over one tool bound to (store, user): the model never sees a user id.

    `limits` holds the tool loop (see chatbot.agents.guards); by default they follow the LM in
    use when the agent runs (tighter for small models).
    """

    def __init__(self, store: MemoryStore, user_id: str, *, limit: int = 5,
                 on_search: Callable[[SearchCall], None] | None = None,
                 limits: Limits | None = None):
        super().__init__()
        self.store = store
        self.user_id = user_id
        self.limit = limit
        self.on_search = on_search
        self.limits = limits
        # The moment searches measure recency from (None: now); a replay sets its session date.
        self.now: datetime | None = None
        self.searches: list[SearchCall] = []
        prompts = load_sections(PROMPT)
        self.react = GuardedReAct(
            Respond, [self._make_fetch_tool()], MAX_TOOL_ROUNDS, required=("response",),
            step_instructions=prompts["step"], answer_instructions=prompts["answer"],
            answer_inputs=("transcript", "question"), answer_reasoning=False)
        self.react.use_examples(load_examples(PROMPT))
        self.react.before_tool = self._before_tool
        self.react.after_tool = self._after_tool
        self._active = limits or STANDARD_LIMITS
        self._seen: set[str] = set()

    @property
    def faults(self) -> Counter[str]:
        """Malformed model output in the last call: malformed_steps, malformed_answers."""
        return self.react.faults

    @property
    def active_limits(self) -> Limits:
        """The limits of the last (or current) call."""
        return self._active

    @property
    def guard_counts(self) -> Counter[str]:
        """What the code guards did in the last call (stopped_*, refused_calls)."""
        return self.react.guard_counts

    def _before_tool(self, name: str, args: dict[str, Any]) -> tuple[str, str | None] | None:
        key = call_key(name, args)
        if key in self._seen:
            return "You already made this search. Call finish now.", "repeated_call"
        self._seen.add(key)
        return None

    def _after_tool(self, name: str, args: dict[str, Any], result: Any) -> tuple[Any, str | None]:
        if isinstance(result, list) and result:
            stop = "memories_found" if self._active.stop_after_search else None
            return format_found(result), stop
        if result == "No memories found.":
            return f"{result} {NONE_NEXT}", None
        return result, None

    def _make_fetch_tool(self) -> Callable[..., list[str] | str]:
        store, user_id = self.store, self.user_id

        def fetch_similar_memories(search_text: str, categories: list[str]) -> list[str] | str:
            """Search the user's long-term memory. `search_text`: what to look for. `categories`: \
categories to search in (an empty list searches all)."""
            text = str(search_text or "").strip()[:MAX_SEARCH_CHARS]
            if not text:
                return "Error: search_text must be a non-empty string."
            wanted = [c.lower() for c in _as_list(categories)]
            known = set(store.categories(user_id))
            usable = [c for c in wanted if c in known]
            call = SearchCall(text, usable)
            results = store.search(user_id, text, usable or None, limit=self.limit, now=self.now)
            if usable and not results:
                results = store.search(user_id, text, None, limit=self.limit, now=self.now)
                call.note = "nothing in those categories; searched all"
            elif wanted and not usable:
                call.note = f"no such categories {wanted}; searched all"
            call.results = results
            store.touch(results)
            self.searches.append(call)
            if self.on_search:
                self.on_search(call)
            if not results:
                return "No memories found."
            return [format_memory(m) for m in results]

        return fetch_similar_memories

    def _start(self) -> None:
        self.searches = []
        self._seen = set()
        self._active = self.limits or limits_for(dspy.settings.lm)
        self.react.cap_tokens(self._active.step_tokens, self._active.answer_tokens,
                              stop_at_completed=self._active.stop_at_completed)
        self.react.answer_adapter = answer_adapter(self._active)
        self.react.faults.clear()
        self.react.guard_counts.clear()

    def forward(self, transcript: str, existing_categories: list[str], question: str):
        self._start()
        return self.react(
            transcript=transcript, existing_categories=existing_categories, question=question)

    async def aforward(self, transcript: str, existing_categories: list[str], question: str):
        self._start()
        return await self.react.acall(
            transcript=transcript, existing_categories=existing_categories, question=question)
