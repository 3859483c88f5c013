"""The reply as a plain chat (opt-in, `Limits.chat_reply`): no field markers, nothing to parse.

DSPy's ChatAdapter asks the model to answer in `[[ ## response ## ]]` / `[[ ## save_memory ## ]]`
sections, under a system message that lists every field. A 1.5B chat model reads that as a
form to fill, not as a conversation: it answered "I don't have enough information" with the
user's diet in a field above the question. `ChatReplyAdapter` lays the same inputs out as the
chat the model was trained on:

    system     the reply instructions (fixed: llama.cpp's prompt cache keeps them)
    user / assistant   the earlier turns of this conversation, as they were said
    system     today's date, what is known about the user, and how they want replies
    user       the latest message

and takes the whole completion as `response`. Nothing in it can be malformed. Whether memory
should change is decided by code for these models (`Limits.save_unless_question`), so
`save_memory` is always true here: "let the session decide".
"""

from __future__ import annotations

from datetime import date
from typing import Any

import dspy

from chatbot.memory.timeparse import day_in_words

NOTHING_KNOWN = "(nothing stored about this user yet)"
REMINDED = 3          # found memories repeated after the message, best first
REMINDER_CHARS = 160  # each cut to this (a long one is in the note whole)


class ChatReplyAdapter(dspy.Adapter):
    """Formats a direct reply's inputs as chat turns; the completion is the reply."""

    def __init__(self, instructions: str):
        super().__init__()
        self.instructions = instructions
        # The day the conversation happens on (the response agent sets it each turn): a fact
        # marked "past: until ..." or "until ..." is only read right against it.
        self.today: date | None = None

    def format(self, signature: type[dspy.Signature], demos: list[dict[str, Any]],
               inputs: dict[str, Any]) -> list[dict[str, Any]]:
        messages: list[dict[str, Any]] = [{"role": "system", "content": self.instructions}]
        history = inputs.get("history")
        for turn in getattr(history, "messages", None) or []:
            asked, said = str(turn.get("question") or ""), str(turn.get("response") or "")
            if asked:
                messages.append({"role": "user", "content": asked})
            if said:
                messages.append({"role": "assistant", "content": said})
        memories = str(inputs.get("memories") or NOTHING_KNOWN)
        preferences = str(inputs.get("preferences") or "")
        messages.append({"role": "system",
                         "content": context_note(memories, preferences, self.today)})
        messages.append({"role": "user", "content": with_reminder(
            str(inputs.get("question") or ""), memories, preferences)})
        return messages

    def parse(self, signature: type[dspy.Signature], completion: str) -> dict[str, Any]:
        return {"response": completion.strip(), "save_memory": True}


def _entries(text: str) -> list[str]:
    """The "- " entries of the found memories as plain strings (a note such as "(nothing
    stored ...)" is no entry)."""
    return [line[2:].strip() for line in text.splitlines()
            if line.startswith("- ") and line[2:].strip()]


def with_reminder(question: str, memories: str, preferences: str) -> str:
    """The message with the best few memories and every preference after it, in brackets.

    Told only in the system note, the 1.5B model answered "In German, you can boil an egg..."
    to a user who wants German replies; repeated in the user's own turn it followed them (own
    20 reply probes: 13/20 in fields, 13/20 as a plain chat with the note only, 16/20 with
    this reminder; docs/agents.md, session 8, has the held-out A/B).
    """
    known = [e if len(e) <= REMINDER_CHARS else e[:REMINDER_CHARS].rstrip() + "…"
             for e in _entries(memories)[:REMINDED]]
    wanted = [line.strip().removeprefix("- ").strip() for line in preferences.splitlines()]
    wanted = [w for w in wanted if w and w != "(none)"]
    tail = "; ".join(e.rstrip(" .") for e in known + wanted)
    return f"{question}\n\n(Keep in mind about me: {tail}.)" if tail else question


def context_note(memories: str, preferences: str, today: date | None = None) -> str:
    """This turn's note before the message: today's date, the found memories, then the
    standing preferences (last, so they are the freshest thing the model read before
    replying)."""
    lines = [f"Today is {today.strftime('%A')}, {day_in_words(today)}."] if today else []
    lines += ["What you know about the user from earlier conversations:", memories.strip()]
    prefs = preferences.strip()
    if prefs and prefs != "(none)":
        lines += ["", "How the user wants every reply (follow all of these):", prefs]
    return "\n".join(lines)
