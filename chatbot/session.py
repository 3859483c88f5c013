"""ChatSession: one user's conversation; replies at once, writes memory in the background
(chatbot/memory_writer.py)."""

# Failure model: a transient LM error is retried (chatbot.lm.retry), then ends the turn with one
# clear line; malformed model output ends the tool loop or is read leniently; every case is counted
# in `stats`. Transcript lines are always whole and alternate user/assistant; secrets are redacted
# in them unless keep_raw_transcript is set.

from __future__ import annotations

import queue
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import dspy
from dspy.utils.callback import BaseCallback

from chatbot.agents import language
from chatbot.agents.casual import with_spoken_punctuation
from chatbot.agents.copies import (
    ask_without_copies,
)
from chatbot.agents.follow_up import with_what_for
from chatbot.agents.guards import (
    Limits,
    asks_to_change_memory,
    is_one_question,
    limits_for,
    nothing_to_remember,
    states_something_personal,
)
from chatbot.agents.react import count_tool_errors
from chatbot.agents.refusals import ANSWER_ABROAD
from chatbot.agents.reply_call import ReplyCall, finished
from chatbot.agents.reply_requests import for_good
from chatbot.agents.reply_style import in_force
from chatbot.agents.response import NO_PREFERENCES, ResponseAgent, SearchCall
from chatbot.agents.updater import MemoryUpdater, UpdateResult
from chatbot.lm.local.prompt_cache import shared_prompts
from chatbot.lm.retry import RetryPolicy, call_with_retry, transient_kind
from chatbot.lm.streaming import Cancelled, was_cancelled
from chatbot.memory import MemoryStore, RetrievedMemory
from chatbot.memory_writer import MemoryWriter
from chatbot.redact import redact
from chatbot.transcripts import TranscriptWriter, clean_text, history_text, recent_pairs

TRANSCRIPT_TURNS = 20
MAX_QUESTION_CHARS = 8000
# What the model is shown of earlier turns, newest first, at most.
MAX_HISTORY_CHARS = 24000
# Standing preferences (procedural memories) given to the response agent on every turn.
MAX_PREFERENCES = 10


@dataclass
class Reply:
    response: str
    save_memory: bool
    retrieved: list[RetrievedMemory] = field(default_factory=list)
    searches: list[SearchCall] = field(default_factory=list)
    trajectory: dict[str, Any] = field(default_factory=dict)
    error: str | None = None
    notices: list[str] = field(default_factory=list)  # e.g. "message truncated"
    cancelled: bool = False  # the user stopped it; `response` holds what came before
    seconds: float = 0.0
    first_token_seconds: float | None = None  # when the first piece was streamed


@dataclass
class SessionEvent:
    """Something memory did, for the UI: kind is search | memory | rejected | notice | error."""

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



class ChatSession:
    """Owns the transcript, both agents and the background memory writer for one user."""

    def __init__(
        self, user_id: str, store: MemoryStore, lm: Any = None, *, session_id: str | None = None,
        observed_at: str | None = None, transcript_path: Path | None = None,
        background: bool = True, search_limit: int = 5, context_messages: int = 6,
        keep_raw_transcript: bool = False, retry: RetryPolicy | None = None,
        max_message_chars: int = MAX_QUESTION_CHARS, limits: Limits | None = None,
    ):
        """keep_raw_transcript: write what the user typed; by default secrets are redacted.
        retry: for transient LM errors (default: 2 retries, 0.5 s base, exponential).
        limits: how tightly both agents' tool loops are held (chatbot.agents.guards); by
        default they follow the LM (tighter for small models)."""
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
        self.keep_raw_transcript = keep_raw_transcript
        self.retry = retry or RetryPolicy()
        self.max_message_chars = max_message_chars
        self._usage = LMUsage(self.stats)
        self._transcript = (TranscriptWriter(transcript_path)
                            if transcript_path is not None else None)
        self._progress: Callable[[str], None] | None = None
        self._turns: list[dict[str, str]] = []
        self._turn_lock = threading.Lock()  # one turn at a time, even from several threads
        self.responder = ResponseAgent(store, user_id, limit=search_limit,
                                       on_search=self._on_search, limits=limits)
        self.updater = MemoryUpdater(store, user_id, None, session_id=self.session_id,
                                     context_messages=context_messages, limits=limits)
        # A session dated in the past (a replay) measures memory recency from its own date.
        self.responder.now = self.updater.now = _end_of_day(observed_at)
        self.writer = MemoryWriter(self.updater, retry=self.retry, context=self._dspy_context,
                                   today=self._today, record=self._record_update,
                                   explain=explain_error, background=background)
        if transcript_path is not None:
            self._write_line({"type": "session", "user_id": user_id,
                              "session_id": self.session_id, "date": self._today()})

    # ------------------------------------------------------------------ turn

    def turn(self, question: str, *, on_token: Callable[[str], None] | None = None,
             on_progress: Callable[[str], None] | None = None,
             cancel: threading.Event | None = None) -> Reply:
        """Answer one user message; memory is written after the reply, in the background.

        on_token(text): each new piece of the reply while it is generated (engines that
        stream; otherwise the reply arrives whole). on_progress(step): "searching memories",
        "answering", ... as each step starts. cancel: set it to stop the reply at the next
        token; the turn is kept in the transcript as cancelled and nothing is saved.
        """
        with self._turn_lock:
            start = time.perf_counter()
            reply = self._turn(question, on_token, on_progress or (lambda step: None), cancel)
            reply.seconds = time.perf_counter() - start
            if reply.first_token_seconds is not None:
                reply.first_token_seconds -= start
            return reply

    def _turn(self, question: str, on_token, on_progress, cancel) -> Reply:
        question = with_spoken_punctuation(clean_text(question).strip())
        if not question:
            self.stats["empty_messages"] += 1
            return Reply("", False, error="empty message: nothing to answer")
        notices = []
        if len(question) > self.max_message_chars:
            notices.append(f"message truncated from {len(question):,} to "
                           f"{self.max_message_chars:,} characters")
            question = question[:self.max_message_chars]
            self.stats["truncated_messages"] += 1
            self._emit("notice", notices[-1])
        self.wait()  # read your own writes: the last update lands before this retrieval
        history = history_text(self.transcript, TRANSCRIPT_TURNS, MAX_HISTORY_CHARS)
        self._turns = recent_pairs(self.transcript, TRANSCRIPT_TURNS, MAX_HISTORY_CHARS)
        self._append({"role": "user", "content": question}, truncated=bool(notices))
        self.stats["turns"] += 1
        answered = False
        try:
            reply = self._answer(question, history, on_token, on_progress, cancel)
            answered = True
        finally:
            if not answered:  # interrupted or failed: the transcript still alternates
                self._append({"role": "assistant", "content": "",
                              "error": "the turn did not finish"})
        reply.notices = notices
        return reply

    def warm_up(self) -> None:
        """Evaluate the fixed start of each agent's prompt now, one token each, so the first
        turn only reads what is new. Only for the embedded model (its prompt cache keeps the
        state, on disk too); best effort: any failure just leaves the cache cold."""
        language.warm_up()
        lm = self.lm if self.lm is not None else dspy.settings.lm
        if not str(getattr(lm, "model", "")).startswith("local/"):
            return
        limits = self.responder.limits or limits_for(lm)
        reply = self.responder.react_direct if limits.direct_reply else self.responder.react
        memory = self.updater.sorter if limits.sort_parts else self.updater.react_first.react
        reply_adapter = (self.responder.chat_adapter if self.responder.chat_replies(limits)
                         else dspy.ChatAdapter())
        jobs = [(reply.extract if limits.direct_reply else reply.react, reply_adapter),
                (memory, dspy.JSONAdapter() if limits.grammar else dspy.ChatAdapter())]
        try:
            for predictor, adapter in jobs:
                predictor = getattr(predictor, "predict", predictor)
                inputs = {name: "…" for name, f in predictor.signature.input_fields.items()
                          if f.annotation is not dspy.History}
                messages = adapter.format(predictor.signature, predictor.demos, inputs)
                with self._dspy_context(), shared_prompts():  # no user text: kept on disk
                    lm(messages=messages, max_tokens=1)
        except Exception as exc:  # noqa: BLE001 - a cold cache only costs time
            self.stats["warm_up_errors"] += 1
            self._emit("notice", f"could not warm up the model: {explain_error(exc)}")

    def preferences(self) -> list[str]:
        """The user's standing preferences: procedural memories, newest last, without those
        a later one overrides on the format they ask for (agents/reply_style.in_force)."""
        prefs = [m for m in self.store.list(self.user_id) if m.memory_type == "procedural"]
        return in_force([m.memory_text for m in prefs[-MAX_PREFERENCES:]])

    def _answer(self, question: str, history: str, on_token, on_progress, cancel) -> Reply:
        categories = self.store.categories(self.user_id)
        prefs = self.preferences()
        # A message not in English is answered in its language, one in English in the language
        # the user asked for, if any: told by code (agents/language).
        if (asked := language.reply_language(question, prefs)) is not None:
            prefs = [*prefs, asked]
        preferences = "\n".join(f"- {p}" for p in prefs) if prefs else NO_PREFERENCES
        first: list[float] = []

        def shown(piece: str) -> None:
            if not first:
                first.append(time.perf_counter())
            if on_token is not None:
                on_token(piece)

        # A reply that opens with the user's message loses that opening; one that copies an
        # earlier reply is stopped in its first words and asked for once more, told what it
        # said (agents/copies.py, agents/reply_call.py).
        # "more" is asked with the question it follows (agents/follow_up.py); redacted once,
        # whole.
        asked = redact(with_what_for(question, [
            m["content"] for m in self.transcript[-2 * TRANSCRIPT_TURNS:-1]
            if m.get("role") == "user" and m.get("content")]))
        # (A cancelled reply is not one: asked again, the user wants it whole.)
        earlier = [m["content"] for m in self.transcript[-2 * TRANSCRIPT_TURNS:]
                   if m.get("role") == "assistant" and m.get("content")
                   and not m.get("cancelled")]
        # A plain chat reply is the whole output; else the `response` field's text.
        lm = self.lm if self.lm is not None else dspy.settings.lm
        field = None if self.responder.chat_replies(
            self.responder.limits or limits_for(lm)) else "response"

        def call(text: str, turns: list[dict[str, str]]) -> Any:
            on_progress("searching memories")
            # The reply model never sees a secret either, so it cannot repeat one.
            return self.responder(transcript=history, existing_categories=categories,
                                  question=text, preferences=preferences, turns=turns)

        def runaway() -> None:
            self.stats["runaway_replies"] += 1

        # A refusal ("I'm sorry, but I can't assist with that.") is asked for again begun by
        # code, where code begins replies (a small model's direct reply), in English or in the
        # language a standing preference asks for (agents/refusals.py).
        active = self.responder.limits or limits_for(lm)
        # "contéstame siempre en inglés", then a question in Spanish: English
        reply_in = language.asked_over(question, prefs) or language.asked_language(prefs)

        def reopen(words: str) -> None:
            self.stats["refused_replies"] += bool(words)
            self.responder.reopen(words)
        reply = ReplyCall(call, lm=lm, shown=shown, asked=asked, field=field,
                          context=self._dspy_context, cancel=cancel, on_runaway=runaway,
                          reopen=reopen if active.direct_reply and active.open_with_memory
                          and reply_in in (None, "English", *ANSWER_ABROAD) else None,
                          reply_in=reply_in)

        def respond() -> Any:
            self.responder.copied = False
            return ask_without_copies(reply.ask, self._turns, earlier, self._count_copy)

        self._progress = on_progress
        try:
            try:
                pred = call_with_retry(respond, self.retry, self._on_retry)
            except Exception as exc:
                if was_cancelled(exc):
                    raise Cancelled() from exc
                raise
        except Cancelled:
            self._count_faults()
            self.stats["cancelled_turns"] += 1
            partial = reply.text
            self._append({"role": "assistant", "content": partial, "cancelled": True})
            self._emit("memory", "nothing saved: the reply was cancelled")
            return Reply(partial, False, searches=list(self.responder.searches),
                         cancelled=True, first_token_seconds=first[0] if first else None)
        except Exception as exc:  # noqa: BLE001 - any LM/adapter failure ends the turn cleanly
            self._count_faults()
            message = explain_error(exc)
            self.stats["turn_errors"] += 1
            self.stats[f"lm_{transient_kind(exc) or 'permanent'}"] += 1
            self._emit("error", message)
            self._append({"role": "assistant", "content": "", "error": message})
            return Reply("", False, searches=list(self.responder.searches), error=message)
        finally:
            self._progress = None
        self._count_faults()
        retrieved = [m for call in self.responder.searches for m in call.results]
        response = finished(getattr(pred, "response", ""), asked, earlier, self.responder.style,
                            [m.memory_text for m in retrieved])
        save = getattr(pred, "save_memory", False)
        if not isinstance(save, bool):
            self.stats["bad_save_flag"] += 1
            save = False
        save, why_not = self._should_save(question, response, save)
        trajectory = dict(getattr(pred, "trajectory", {}) or {})
        self.stats["tool_errors"] += count_tool_errors(trajectory)
        error = None
        if not response:
            self.stats["empty_responses"] += 1
            error = "The model returned an empty answer: try again or rephrase."
            self._append({"role": "assistant", "content": "", "error": error})
        else:
            self._append({"role": "assistant", "content": response})
        if save:
            self._schedule_update()
        elif why_not:
            self._emit("memory", f"nothing saved: {why_not}", {"event": "NONE"})
        return Reply(response, save, retrieved, list(self.responder.searches), trajectory,
                     error=error, first_token_seconds=first[0] if first else None)

    def _count_copy(self) -> None:
        self.stats["repeated_replies"] += 1
        self.responder.copied = True  # the retries are not begun "Since you"

    def _should_save(self, question: str, response: str, save: bool) -> tuple[bool, str]:
        """Whether the memory agent runs for this message, and if not, why (for the UI)."""
        limits = self.responder.active_limits
        if nothing_to_remember(question) and not for_good(question):
            # A question or thanks with no first-person word states no fact about the user:
            # the memory agent would only find the assistant's words to store.
            if save:
                self.stats["update_skipped"] += 1
            return False, "a question or small talk holds no fact about you"
        if limits.skip_questions and is_one_question(question) and not for_good(question):
            if save:
                self.stats["update_skipped"] += 1
            return False, "a question holds no fact about you"
        if save or not response:
            return bool(save and response), ""
        if limits.save_unless_question or asks_to_change_memory(question) or (
                limits.update_on_first_person and states_something_personal(question)):
            # Small models miss plain facts (in any language) and "Please forget that I ...":
            # the memory agent looks at every statement; it may still do nothing.
            self.stats["update_forced"] += 1
            return True, ""
        return False, "the reply agent found no lasting fact in it"

    def _on_retry(self, kind: str, attempt: int, exc: BaseException) -> None:
        self.stats[f"lm_{kind}"] += 1
        self.stats["lm_retries"] += 1

    def _count_faults(self) -> None:
        self.stats.update(self.responder.faults)
        self.stats.update(self.responder.guard_counts)

    # ------------------------------------------------------------ background

    def _schedule_update(self) -> None:
        # The model that writes memory never sees a secret, whatever the transcript keeps.
        self.writer.schedule([{**m, "content": redact(str(m.get("content") or ""))}
                              for m in self.transcript[-self.context_messages:]])

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
        if result.error:
            self._emit("error", result.error)
        elif not result.writes:
            self._emit("memory", f"nothing saved: {_why_nothing(result)}", {"event": "NONE"})

    def wait(self) -> None:
        """Finish the pending memory update, if any."""
        self.writer.wait()

    @property
    def pending(self) -> bool:
        """A memory update is running (or queued) in the background."""
        return self.writer.pending

    def cancel_pending(self) -> None:
        """Ask the running memory update to stop at the model's next token. Every store write
        it already made stays whole; wait() then returns soon."""
        self.writer.cancel()

    def poll(self) -> bool:
        """Record the pending update if it has finished, without blocking; True if none is left."""
        return self.writer.poll()

    def close(self) -> None:
        """Finish pending writes; nothing is lost on exit."""
        self.writer.close()
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
        if self._progress is not None:
            self._progress("answering")
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

    def _append(self, message: dict[str, Any], *, truncated: bool = False) -> None:
        """Keep a message; unless keep_raw_transcript, with its secrets redacted."""
        content = str(message.get("content") or "")
        if not self.keep_raw_transcript:
            clean = redact(content)
            if clean != content:
                self.stats["secrets_redacted"] += 1
                content = clean
        message = {**message, "content": content,
                   "id": f"{self.session_id}:{len(self.transcript)}"}
        if truncated:
            message["truncated"] = True
        self.transcript.append(message)
        self._write_line(message)

    def _write_line(self, record: dict[str, Any]) -> None:
        """One whole JSON line per write; if the file cannot be written, say so once and go on."""
        writer = self._transcript
        if writer is None:
            return
        try:
            writer.write(record)
        except OSError as exc:
            self._transcript = None
            self.stats["transcript_errors"] += 1
            reason = exc.strerror or exc.__class__.__name__
            self._emit("error", f"cannot write the transcript {writer.path} ({reason}); this "
                                "session is no longer recorded: check the folder's permissions or "
                                "set CHATBOT_DATA_DIR")


def explain_error(exc: BaseException) -> str:
    """One line for the user; the LM module knows the provider errors."""
    from dspy.utils.exceptions import AdapterParseError

    if isinstance(exc, AdapterParseError) or isinstance(exc.__cause__, AdapterParseError):
        return ("The model's answer could not be read (it did not follow the expected "
                "format): try again, or use a more capable model.")
    try:
        from chatbot.lm import explain_lm_error
    except ImportError:
        return f"{exc.__class__.__name__}: {exc}".splitlines()[0][:300]
    return explain_lm_error(exc)


def _why_nothing(result: UpdateResult) -> str:
    """Why a memory update changed nothing, in a few words for the UI."""
    if result.counts.get("updates_skipped_by_user"):
        return "the memory update was skipped"
    if any(a.event == "NOOP" and a.memory_id for a in result.actions):
        return "already remembered"
    if any(a.event == "REJECTED" for a in result.actions):
        return "the memory agent's change was refused (see above)"
    return "the memory agent found no lasting fact"


def _end_of_day(day: str | None) -> datetime | None:
    """The last moment of an ISO date (UTC), or None when there is none or it does not parse."""
    if not day:
        return None
    try:
        start = datetime.fromisoformat(day[:10]).replace(tzinfo=UTC)
    except ValueError:
        return None
    return start + timedelta(days=1, microseconds=-1)
