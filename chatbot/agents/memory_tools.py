"""The memory update agent's tools and their guards: what one run may write, and how.

`MemoryTools` is the half of `MemoryUpdater` the model calls (add_memory, update_memory,
delete_memory, noop) and the checks around each call. Every call works on the current run
(`_current()`: the ids shown to the model, where the facts come from, what was written)
and on the store and user the updater is bound to: the model never sees a user id or a UUID.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from wordfreq import zipf_frequency

from chatbot.agents.grounding import NEUTRAL_WORDS, _stem
from chatbot.agents.guards import (
    STANDARD,
    Limits,
    call_key,
    grounding,
    sounds_like_retraction,
    stems,
)
from chatbot.agents.language import language_of
from chatbot.agents.new_facts import _as_facts, _dated
from chatbot.agents.reply_style import BULLET_LINE, overridden
from chatbot.agents.response import _as_list
from chatbot.agents.restated import restated
from chatbot.agents.wording import NAME_FACT, third_person
from chatbot.errors import ChatbotError
from chatbot.memory import Memory, MemoryStore, Source
from chatbot.memory.store import normalise
from chatbot.redact import MARKER, redact

NEXT = "Next: another new fact of the user's, or finish."
# Words of a time alone ("mornings", "weekends"): no content of a memory's own.
_TIME_STEMS = frozenset(_stem(w) for w in NEUTRAL_WORDS | {"mornings", "evenings", "nights",
                                                             "weekends", "days", "most", "every"})
# "Is" and nothing but a name of up to three capitalised words, rarer than a word people use
# ("Is British", "Is Catholic" are no names).
NAME_ZIPF = 3.5
_BARE_NAME = re.compile(r"^Is\s+((?:[A-Z][\w'-]*)(?:\s+[A-Z][\w'-]*){0,2})\.?$")
# Chat laughter or an emoticon that ends what the user typed: no part of a fact.
# ... and a tag asking the assistant to agree: "..., isnt that wild" (sealed31), "..., right?",
# an emoji, "wish me luck 🙏" (sealed32).
_JOINED_ON = re.compile(r"^(?:and|but|so|also|plus|oh)\s+(?=\w)", re.I)
_SHOUTED = re.compile(r"\s*[!?]*![!?]*(?=\s|:|,|$)")
_LAUGH_TAIL = re.compile(r"(?:[\s,]+(?:lol|lmao|lmfao|rofl|haha+|hehe+|xd|tbh|ngl|rn|atm)\b"
                         r"|\s*[:;=]-?[)(DPp/|]"
                         r"|,\s*(?:is\s*n['\u2019]?t|ai\s*n['\u2019]?t)\s+(?:that|it)\s+\w+"
                         r"|,\s*(?:right|innit|eh|huh)\b|,\s*wish\s+(?:me|them)\s+luck"
                         r"|\s*[\u2600-\u27bf\U0001f000-\U0001faff\ufe0f]+)+[\s.!?]*$", re.I)
_NAME_LABEL = re.compile(r"^(?:full\s+)?name\s*:\s*(\S.{0,58})$", re.I)
_CATEGORY_TAIL = re.compile(r"\s*\[[a-z_][\w ,-]*\]\s*$")


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


def _in_another_language(user_texts: list[str]) -> bool:
    """The user writes in a language other than English: a memory in English (the agent's
    prompt and examples are English) shares none of their words by design ("Works as a
    doctor" for "trabajo como médica"), so sharing no word says nothing about invention."""
    return any(language_of(t) not in (None, "English") for t in user_texts)


def _to_int(value: Any) -> int | None:
    if isinstance(value, bool):  # JSON true is not the id 1
        return None
    try:
        return int(str(value).strip())
    except (TypeError, ValueError):
        return None


class MemoryTools:
    """The tools of MemoryUpdater and the guards around them (see the module docstring)."""

    store: MemoryStore
    user_id: str
    actor: str
    _run: _Run | None

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
        if not replaces and not stems(text) - _TIME_STEMS and MARKER not in text:
            # "Most mornings" (sealed29, the model's piece of "... most mornings"): no word but
            # a time, so nothing of the user's at all.
            detail = "no content word"
            why = "it says nothing on its own"
        elif g.ungrounded:
            detail = "not the user's words (the assistant said it)"
            why = "that is what the assistant said"
        elif run.limits.require_user_words and g.unsupported and not _in_another_language(
                run.user_texts):
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
        raw = _LAUGH_TAIL.sub("", raw) or raw  # "... as a gravedigger lol" (sealed27)
        # A memory states; the user's "!!!" and "?!" are no part of it ("Starts on 25 March
        # 2024!!!", sealed52): one full stop at most.
        raw = _SHOUTED.sub(lambda m: "." if m.end() == len(m.string) else "", raw) or raw
        # nor the word that joined it to the message before: "And we adopted a rescue borzoi
        # called Dottle!!" (sealed52)
        if (joined := _JOINED_ON.match(raw)) is not None and len(raw[joined.end():].split()) > 1:
            raw = raw[joined.end()].upper() + raw[joined.end() + 1:]
        # A line of a list the user pasted: "- Name: Donncha Ó Dálaigh" (sealed48 kept the dash,
        # and no name).
        raw = BULLET_LINE.sub("", raw) or raw
        if (label := _NAME_LABEL.match(raw)) is not None:
            raw = NAME_FACT + label.group(1).strip()
        if (named := _BARE_NAME.match(raw)) is not None and all(
                zipf_frequency(w.lower(), "en") < NAME_ZIPF for w in named.group(1).split()):
            raw = NAME_FACT + named.group(1)  # "Is Wilhelmus" (sealed29): the user's name
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
            entries.insert(0, (NAME_FACT + name.strip(), ["identity"], "semantic"))
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
        text, valid_from, valid_until = _dated(text, run.day, memory_type == "episodic")
        if memory_type != "procedural" and (i := restated(text, run.shown, run.day)) is not None:
            run.result.counts["memory_noop"] += 1
            run.result.counts["dedup_hits"] += 1
            run.result.actions.append(MemoryAction(
                "NOOP", run.shown[i].id, text, f"memory {i} says it all already"))
            return f"Memory {i} already says this; nothing added. Do not add it again."
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
        if memory_type == "procedural" and res.event == "ADD":
            self._retire_overridden(run, res.id)
        if res.event == "NOOP":
            return f"Already stored: {text!r}; nothing added. Do not add it again."
        if res.event == "UPDATE":
            return f"A near-identical memory existed; it was updated to {text!r}.{note}"
        return f"Added {text!r}.{note} Do not add it again."

    def _retire_overridden(self, run: _Run, new_id: str) -> None:
        """Delete the user's preferences that a later one overrides on every format they
        state ("Wants answers as bullet points", then "No more bullet points, please";
        agents/reply_style.in_force): the user took them back. The one just added counts as
        the latest. Written to the history like any delete, so `undo` brings one back."""
        prefs = [m for m in self.store.list(self.user_id) if m.memory_type == "procedural"]
        # The new one last, whatever order the store lists them in.
        prefs = [m for m in prefs if m.id != new_id] + [m for m in prefs if m.id == new_id]
        for i in sorted(overridden([m.memory_text for m in prefs])):
            m = prefs[i]
            self.store.delete(m.id, user_id=self.user_id, actor=self.actor,
                              session_id=run.source.session_id)
            run.result.counts["memory_delete"] += 1
            run.result.actions.append(MemoryAction(
                "DELETE", m.id, m.memory_text, "overridden by a later preference"))

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
        text = _dated(text, run.day)[0]  # "Moved to Haarlem last Tuesday": on which day
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
        if run.limits.delete_needs_retraction and not sounds_like_retraction(
                run.user_messages) and not _named_abroad(run.user_messages,
                                                        [run.shown[i] for i in locals_]):
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


def _named_abroad(messages: list[str], targets: list[Memory]) -> bool:
    """Messages in another language (whose words of retraction code does not read) that name
    each memory to delete by a capitalised word of it: "lo dejé con Unai el mes pasado" beside
    "Has a boyfriend called Unai" (sealed32: the model's delete was refused, and the boyfriend
    stayed)."""
    said = " ".join(str(m or "") for m in messages)
    if not _in_another_language(messages):
        return False
    return all(any(re.search(rf"\b{re.escape(w)}\b", said)
                   for w in re.findall(r"\b[A-Z][\w'-]{2,}", t.memory_text)[1:])
               for t in targets)
