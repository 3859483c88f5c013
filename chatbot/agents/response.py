"""The response agent: answers the user, may search their memory, says whether to save."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import dspy
from dspy.utils.exceptions import AdapterParseError

from chatbot.agents.prompts import load_prompt
from chatbot.memory import MemoryStore, RetrievedMemory

MAX_TOOL_ROUNDS = 2
MAX_SEARCH_CHARS = 500
_HEADER = re.compile(r"\[\[ ## (\w+) ## \]\]")
_TRUE = {"true", "yes", "y", "1", "on"}
_FALSE = {"false", "no", "n", "0", "off", "none", "null"}


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


def _raw_fields(completion: Any) -> dict[str, Any]:
    """Output fields from a reply in either adapter's shape: `[[ ## name ## ]]` or JSON."""
    if isinstance(completion, dict):
        return completion
    text = str(completion or "")
    if _HEADER.search(text):
        parts = _HEADER.split(text)
        return {parts[i]: parts[i + 1].strip() for i in range(1, len(parts) - 1, 2)}
    try:
        import json_repair

        data = json_repair.loads(text)
    except Exception:  # noqa: BLE001 - anything unreadable is simply "no fields"
        try:
            data = json.loads(text)
        except ValueError:
            return {}
    return data if isinstance(data, dict) else {}


def as_bool(value: Any) -> bool | None:
    """A yes/no the model wrote in any common spelling; None if it is neither."""
    if isinstance(value, bool):
        return value
    word = str(value if value is not None else "").strip().strip("\"'`.*").lower()
    return True if word in _TRUE else False if word in _FALSE else None


def read_fields_leniently(signature: type[dspy.Signature], completion: Any,
                          required: tuple[str, ...]) -> dict[str, Any] | None:
    """The output fields of an answer DSPy could not parse; None if a required one is missing.

    A bool that is neither yes nor no is left None, for the caller to default and count.
    """
    raw = _raw_fields(completion)
    out: dict[str, Any] = {}
    for name, info in signature.output_fields.items():
        value = raw.get(name)
        if info.annotation is bool:
            out[name] = as_bool(value)
        elif info.annotation is str:
            text = "" if value is None else str(value).strip()
            if not text and name in required:
                return None
            out[name] = text
        else:
            out[name] = value
    return out


class GuardedReAct(dspy.ReAct):
    """dspy.ReAct that survives malformed model output and counts it in `faults`.

    A step DSPy cannot parse (an unknown tool name, arguments that are not an object) ends the
    loop, as dspy.ReAct does for a bad tool choice, and the answer is extracted from what was
    gathered. A final answer it cannot parse is read field by field; it fails only if a
    `required` field is missing. Model failures (timeouts, connection errors) still raise.
    """

    def __init__(self, signature: type[dspy.Signature], tools: list[Callable[..., Any]],
                 max_iters: int, required: tuple[str, ...] = ()):
        super().__init__(signature, tools=tools, max_iters=max_iters)
        self.required = required
        self.faults: Counter[str] = Counter()

    def _call_with_potential_trajectory_truncation(self, module, trajectory, **input_args):
        try:
            return super()._call_with_potential_trajectory_truncation(
                module, trajectory, **input_args)
        except AdapterParseError as err:
            if module is self.react:
                self.faults["malformed_steps"] += 1
                # dspy.ReAct ends the trajectory on ValueError; AdapterParseError is not one.
                raise ValueError(f"unreadable tool call: {str(err)[:200]}") from err
            self.faults["malformed_answers"] += 1
            fields = read_fields_leniently(self.signature, err.lm_response, self.required)
            if fields is None:
                raise
            return dspy.Prediction(**fields)


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
        self.react = GuardedReAct(Respond, [self._make_fetch_tool()], MAX_TOOL_ROUNDS,
                                  required=("response",))

    @property
    def faults(self) -> Counter[str]:
        """Malformed model output in the last call: malformed_steps, malformed_answers."""
        return self.react.faults

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
        self.react.faults.clear()
        return self.react(
            transcript=transcript, existing_categories=existing_categories, question=question)
