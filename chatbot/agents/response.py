"""The response agent: answers the user, may search their memory, says whether to save."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import dspy

from chatbot.agents.prompts import load_prompt
from chatbot.memory import MemoryStore, RetrievedMemory

MAX_TOOL_ROUNDS = 2


class Respond(dspy.Signature):
    transcript: str = dspy.InputField(desc="the conversation so far, oldest first")
    existing_categories: list[str] = dspy.InputField(
        desc="categories of the user's stored memories")
    question: str = dspy.InputField(desc="the user's latest message")
    response: str = dspy.OutputField(desc="your reply to the user")
    save_memory: bool = dspy.OutputField(
        desc="true if the latest message holds a lasting fact about the user worth remembering")


Respond = Respond.with_instructions(load_prompt("response_agent"))


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


class ResponseAgent(dspy.Module):
    """dspy.ReAct over one tool bound to (store, user): the model never sees a user id."""

    def __init__(self, store: MemoryStore, user_id: str, *, limit: int = 5,
                 on_search: Callable[[SearchCall], None] | None = None):
        super().__init__()
        self.store = store
        self.user_id = user_id
        self.limit = limit
        self.on_search = on_search
        self.searches: list[SearchCall] = []
        self.react = dspy.ReAct(
            Respond, tools=[self._make_fetch_tool()], max_iters=MAX_TOOL_ROUNDS)

    def _make_fetch_tool(self) -> Callable[..., list[str] | str]:
        store, user_id = self.store, self.user_id

        def fetch_similar_memories(search_text: str, categories: list[str]) -> list[str] | str:
            """Search the user's long-term memory. `search_text`: what to look for. `categories`: \
categories to search in (an empty list searches all)."""
            text = str(search_text or "").strip()
            if not text:
                return "Error: search_text must be a non-empty string."
            wanted = [c.lower() for c in _as_list(categories)]
            known = set(store.categories(user_id))
            usable = [c for c in wanted if c in known]
            call = SearchCall(text, usable)
            results = store.search(user_id, text, usable or None, limit=self.limit)
            if usable and not results:
                results = store.search(user_id, text, None, limit=self.limit)
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

    def forward(self, transcript: str, existing_categories: list[str], question: str):
        self.searches = []
        return self.react(
            transcript=transcript, existing_categories=existing_categories, question=question)
