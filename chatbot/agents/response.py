"""The response agent: answers the user, may search their memory, says whether to save."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import dspy

from chatbot.agents.asking import asks
from chatbot.agents.chat_reply import ChatReplyAdapter
from chatbot.agents.guards import STANDARD as STANDARD_LIMITS
from chatbot.agents.guards import Limits, answer_adapter, call_key, limits_for
from chatbot.agents.language import asked_language, asked_over
from chatbot.agents.opening import OPENING
from chatbot.agents.opening_abroad import SURE_ABROAD
from chatbot.agents.prompts import load_examples, load_sections
from chatbot.agents.react import (  # noqa: F401 - re-exported: they lived here before
    GuardedReAct,
    _raw_fields,
    as_bool,
    read_fields_leniently,
)
from chatbot.agents.refusals import SURE, THANKS, THANKS_ABROAD
from chatbot.agents.reply_opening import first_words, to_you
from chatbot.agents.reply_style import PLAIN, ReplyStyle, style_of
from chatbot.memory import MemoryStore, RetrievedMemory
from chatbot.memory.found import asked_time, limits_first, overlap_note, show_found
from chatbot.memory.query import search_text as search_query
from chatbot.memory.validity import describe_memory

MAX_TOOL_ROUNDS = 2
MAX_SEARCH_CHARS = 500
PROMPT = "response_agent"
FOUND_NEXT = "Now call finish: the reply will use these memories."
NONE_NEXT = "Search once more with other words, or call finish."


NO_PREFERENCES = "(none)"
class Respond(dspy.Signature):
    transcript: str = dspy.InputField(desc="the conversation so far, oldest first")
    preferences: str = dspy.InputField(
        desc="how this user wants replies (standing preferences), one per line")
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
        fetch = self._make_fetch_tool()
        # The model decides whether and what to search (at most MAX_TOOL_ROUNDS), then answers.
        self.react = GuardedReAct(
            Respond, [fetch], MAX_TOOL_ROUNDS, required=("response",),
            step_instructions=prompts["step"], answer_instructions=prompts["answer"],
            answer_inputs=("transcript", "preferences", "question"), answer_reasoning=False)
        self.react.use_examples(load_examples(PROMPT))
        # Direct reply (Limits.direct_reply): code searches the user's message, and the model
        # answers in one call with what was found; no tool step of its own.
        self.react_direct = GuardedReAct(
            Respond, [fetch], 0, required=("response",), step_instructions=prompts["step"],
            answer_instructions=prompts["reply"],
            answer_inputs=("preferences", "question"), answer_reasoning=False,
            answer_fields={"memories": "what you know about this user from earlier "
                                       "conversations, one memory per line"},
            answer_trajectory=False)
        # The conversation so far as real turns (DSPy History), not one transcript string: the
        # model then answers the latest message instead of copying its previous reply, and
        # each turn's prompt extends the last one, so llama.cpp's prompt cache covers it.
        answer = self.react_direct.answer_predictor
        answer.signature = answer.signature.prepend(
            "history", dspy.InputField(desc="the earlier turns of this conversation"),
            type_=dspy.History)
        # The standing preferences are given again last, just before the reply: read only at
        # the start, the small model forgot them by the end of the prompt (German and metric
        # replies), and given only last it lost the bullet points (own 7 preference probes:
        # 5/7 first, 5/7 last, 7/7 both).
        answer.signature = answer.signature.append(
            "preferences_again", dspy.InputField(
                desc="the same standing preferences: follow every one in this reply"), type_=str)
        # Limits.chat_reply: the same inputs laid out as a plain chat (agents/chat_reply.py).
        self.chat_adapter = ChatReplyAdapter(prompts["chat"])
        self.react_direct.before_loop = self._search_the_message
        self.react_direct.answer_context = lambda: {
            "memories": self.found_text(), "history": dspy.History(messages=self._turns),
            "preferences_again": self._preferences}
        self.react_direct.answer_opening = self._opening
        self._preferences = NO_PREFERENCES
        self._reopened = ""
        self.copied = False  # this turn's reply copied an earlier one (session sets it)
        self._question = ""
        self._turns: list[dict[str, Any]] = []
        for react in (self.react, self.react_direct):
            react.before_tool = self._before_tool
            react.after_tool = self._after_tool
        self._active = limits or STANDARD_LIMITS
        self._seen: set[str] = set()

    @staticmethod
    def _search_the_message(inputs: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
        return [("fetch_similar_memories",
                 {"search_text": str(inputs.get("question", "")), "categories": []})]

    def _found(self) -> list[RetrievedMemory]:
        """The memories this turn's searches found, each once (not how to reply: that is in
        `preferences` already, read as what to do)."""
        seen: dict[str, RetrievedMemory] = {}
        for call in self.searches:
            for m in call.results:
                if m.memory_type != "procedural":
                    seen.setdefault(m.id, m)
        return list(seen.values())

    def reopen(self, words: str) -> None:
        """Begin the next replies with `words` ("" to stop): a reply that opened with a
        refusal is asked for again begun "Sure! " (agents/refusals.py)."""
        self._reopened = words

    def _opening(self) -> str:
        """The direct reply's first words (Limits.open_with_memory; agents/reply_opening.py)."""
        if self._reopened:
            return self._reopened
        if not self._active.open_with_memory:
            return ""
        if (other := self._asked_over()) is not None:
            # begun in the language asked for, the model goes on in it (told so only, it kept
            # to the message's Spanish: sealed39 asked for English, sealed41 for French)
            if other == "English":
                return SURE if asks(self._question) else THANKS
            return (SURE_ABROAD if asks(self._question) else THANKS_ABROAD).get(other, "")
        words = first_words(self._question, self._found(), self.now,
                            embedder=getattr(self.store, "embedder", None),
                            reply_in=self._asked_language(), style=self.style)
        # A retry after a copied reply is not begun "Since you": so begun, the model restated
        # the found fact and the advice after it word for word ("ok and something under 15
        # euros?" got the last reply's gift again, sealed26).
        return "" if self.copied and words == OPENING else words

    def _asked_over(self) -> str | None:
        """The language the standing preferences ask replies in when the message is in
        another one, not English (`language.asked_over`): an opening in the message's
        language ('Me dijiste: ...') would start the reply in it."""
        prefs = [line.strip().removeprefix("- ") for line in self._preferences.splitlines()]
        return asked_over(self._question, prefs)

    def _asks_a_language(self) -> bool:
        """A standing preference (or the message's own language) asks for replies in a
        language: an English opening would start them in the wrong one. Other preferences
        (a tone, units, a length) leave the opening on: "Likes a friendly, casual tone" had
        kept "what have u figured out about me so far?" from the recap of what is known."""
        return self._asked_language() is not None

    def _asked_language(self) -> str | None:
        """The language this turn's preferences ask replies in ("German"), or None."""
        if self._preferences.strip() in ("", NO_PREFERENCES):
            return None
        return asked_language([line.strip().removeprefix("- ")
                               for line in self._preferences.splitlines()])

    @property
    def style(self) -> ReplyStyle:
        """The formats this turn's standing preferences ask for (agents/reply_style.py)."""
        if not self._active.reply_style or self._preferences.strip() in ("", NO_PREFERENCES):
            return PLAIN
        return style_of(line.strip().removeprefix("- ")
                        for line in self._preferences.splitlines())

    def found_text(self) -> str:
        """The memories this turn's searches found, one per line, for the answer's input."""
        seen = self._found()
        if not seen:
            return "(nothing stored about this user yet)"
        if self._active.limits_first:  # a diet, allergy or health fact bounds every suggestion
            seen = limits_first(seen)
        if self._active.facts_to_you:
            seen = [to_you(m) for m in seen]
        # Each with its dates: "past: until ..." on one that no longer holds, so the past can
        # be asked about without being taken for the present.
        return show_found(seen, self.now, self._question)  # each line once, bounded

    @property
    def active_react(self) -> GuardedReAct:
        return self.react_direct if self._active.direct_reply else self.react

    @staticmethod
    def chat_replies(limits: Limits) -> bool:
        """Whether the reply is a plain chat completion (no answer fields) under `limits`."""
        return limits.direct_reply and limits.chat_reply

    @property
    def faults(self) -> Counter[str]:
        """Malformed model output in the last call: malformed_steps, malformed_answers."""
        return self.active_react.faults

    @property
    def active_limits(self) -> Limits:
        """The limits of the last (or current) call."""
        return self._active

    @property
    def guard_counts(self) -> Counter[str]:
        """What the code guards did in the last call (stopped_*, refused_calls)."""
        return self.active_react.guard_counts

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
            query = search_query(text)  # the one query path, shared with the eval
            wanted = [c.lower() for c in _as_list(categories)]
            known = set(store.categories(user_id))
            usable = [c for c in wanted if c in known]
            call = SearchCall(text, usable)
            # Expired memories too: each says it is past, and the user may ask about the past.
            results = store.search(user_id, query, usable or None, limit=self.limit,
                                   now=self.now, include_expired=True)
            if usable and not results:
                results = store.search(user_id, query, None, limit=self.limit, now=self.now,
                                       include_expired=True)
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
            asked = asked_time(self._question, self.now)  # dated memories against it
            return [describe_memory(m, self.now) + (f" ({note})" if (note := overlap_note(
                m, asked)) else "") for m in results]

        return fetch_similar_memories

    def _start(self) -> GuardedReAct:
        self.searches = []
        self._seen = set()
        self._active = self.limits or limits_for(dspy.settings.lm)
        react = self.active_react
        # Where the session runs the memory agent after every statement whatever the reply
        # says (save_unless_question), save_memory is not read: it is not decoded either
        # (~11 tokens, a second a reply on 2 cores).
        unread = ("save_memory",) if self._active.save_unless_question else ()
        react.answer_adapter = answer_adapter(self._active)
        if self.chat_replies(self._active):
            react.answer_adapter = self.chat_adapter
            self.chat_adapter.today = (self.now or datetime.now().astimezone()).date()
        # The reply's header is written into the prompt, not decoded, where ChatAdapter lays
        # out the answer and the engine is the embedded one (~6 tokens less a reply).
        headed = (type(react.answer_adapter) is dspy.ChatAdapter
                  and str(getattr(dspy.settings.lm, "model", "")).startswith("local/"))
        react.cap_tokens(self._active.step_tokens, self._active.answer_tokens,
                         stop_at_completed=self._active.stop_at_completed, unread=unread,
                         headed=headed)
        react.show_examples(self._active.demos)
        react.faults.clear()
        react.guard_counts.clear()
        return react

    def forward(self, transcript: str, existing_categories: list[str], question: str,
                preferences: str = NO_PREFERENCES, turns: list[dict[str, str]] | None = None):
        """turns: the earlier turns as {"question", "response"} pairs (direct reply reads
        them as a conversation; the tool loop reads `transcript`)."""
        self._turns = [{**t, "save_memory": False} for t in turns or []]
        self._preferences = preferences
        self._question = question
        return self._start()(transcript=transcript, preferences=preferences,
                             existing_categories=existing_categories, question=question)

    async def aforward(self, transcript: str, existing_categories: list[str], question: str,
                       preferences: str = NO_PREFERENCES,
                       turns: list[dict[str, str]] | None = None):
        self._turns = [{**t, "save_memory": False} for t in turns or []]
        self._preferences = preferences
        self._question = question
        return await self._start().acall(
            transcript=transcript, preferences=preferences,
            existing_categories=existing_categories, question=question)
