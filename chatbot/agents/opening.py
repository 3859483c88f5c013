"""The words a reply to a question begins with when memories were found: "From what you've told
me," written into the prompt after the reply's header, so the model goes on from what it was
told instead of from nothing.

Told in the instructions, in the memories' layout or in a reminder after the message, the 1.5B
embedded model still answered a found fact's question as if nothing were known: a workout for
someone just out of knee surgery with no word of the knee, "What kind of dish are you
bringing?" to someone with a sesame allergy, "I don't have enough information" with the answer
shown (docs/agents.md, sessions 6-13). Begun with these words, the same prompts went on with the
fact ("... you're currently taking it easy for your knee surgery ..."), and found answers
kept the user as "you" ("you play the bagpipes", where "I played the bagpipes" came before).

Only for a question (a "?" in the message: punctuation, not a word list) in English, with
memories found and no standing preferences: the words are English, and a user who asked for
another language or a format gets replies begun their way, not ours.

Begun this way, the model restates the first fact it reads as true now, also one whose end
date has passed ("From what you've told me, you are still on your contract until 30 April",
said on 21 May): so not when a found memory is past (memory/validity.py says so from its
dates). Off by default (`Limits.open_with_memory`; `scripts/eval_agents.py --opening`): it
gained on the splits whose failures had been read and lost on the blind one (docs/agents.md,
session 14).
"""

from __future__ import annotations

from chatbot.agents.language import language_of

OPENING = "From what you've told me,"
QUESTION_MARKS = ("?", "\uff1f")  # "?" and the full-width one


def asks(message: str) -> bool:
    return any(mark in message for mark in QUESTION_MARKS)


def in_english(message: str) -> bool:
    """English, or too short to tell and written in plain ASCII letters ("Any ideas?")."""
    language = language_of(message)
    return language == "English" or (language is None and message.isascii())


def opening(message: str, *, found: bool, preferences: bool, past: bool = False) -> str:
    """The reply's first words, or "" to leave the start to the model. past: a found memory's
    end date has passed."""
    message = str(message or "").strip()
    if not found or past or preferences or not asks(message) or not in_english(message):
        return ""
    return OPENING
