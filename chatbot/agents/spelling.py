"""The model's words spelled as the user typed them.

The 1.5B model copies a rare word it has to spell from the message with a letter lost or
added: "Moved to Klipeda last autumn" and the name "Inlinca" for "heyy im ilinca 👋 moved to
klaipeda last autumn" (sealed41). Checked against the message, such a memory names what
nobody said and is dropped, the name with it. Read before anything else of the sorted parts
(chatbot.agents.part_calls): a word of a memory that English does not write and the message
does not say, close to one rare word the message does say, is that word. So too an
apostrophe of many owners where the message meant one ("my sisters wedding").
"""

from __future__ import annotations

import re
from difflib import get_close_matches
from typing import Any

from wordfreq import zipf_frequency

from chatbot.agents.parts import _WORD

# How close (difflib's ratio) the model's word is to the one typed: "Klipeda"/"klaipeda" 0.93,
# "Inlinca"/"ilinca" 0.92; "Works"/"work" would be 0.89, which is why the model's word must
# also be one English does not write, and the typed one a rare word.
SPELLED_MIN = 0.8
UNHEARD_OF_ZIPF = 2.0  # the model's word: no word English writes
TYPED_ZIPF = 3.5  # the typed word: no everyday word ("live", "work")
_MIN_LETTERS = 4


def as_typed(text: str, message: str) -> str:
    """The text with each word the model misspelt written as the message types it (its
    capital kept): "Moved to Klipeda" -> "Moved to Klaipeda" for "... moved to klaipeda ..."."""
    said = {w.lower() for w in _WORD.findall(message)}
    typed: dict[str, str] = {}
    for word in _WORD.findall(message):
        if len(word) >= _MIN_LETTERS and zipf_frequency(word.lower(), "en") < TYPED_ZIPF:
            typed.setdefault(word.lower(), word)

    def spelled(m: re.Match[str]) -> str:
        word = m.group(0)
        low = word.lower()
        if (len(word) < _MIN_LETTERS or low in said or not word.isalpha()
                or zipf_frequency(low, "en") >= UNHEARD_OF_ZIPF):
            return word
        close = get_close_matches(low, [t for t in typed if t[0] == low[0]], n=2,
                                  cutoff=SPELLED_MIN)
        if len(close) != 1:  # none, or two it could be: left as written
            return word
        new = typed[close[0]]
        return new[:1].upper() + new[1:] if word[0].isupper() else new

    return _one_owner(_WORD.sub(spelled, text) if typed else text, message)


# "Sisters' wedding is a week from tomorrow" for "my sisters wedding is ..." (sealed41): the
# model put the apostrophe of many owners where chat left one owner's out. One owner when the
# word's singular is the commoner word ("sister"), as with "my parents house" it is not.
_MANY_OWNERS = re.compile(r"\b([A-Za-z]{3,})s'(?=\s)")


def _one_owner(text: str, message: str) -> str:
    def owner(m: re.Match[str]) -> str:
        one = m.group(1)
        if (re.search(rf"\bmy\s+{re.escape(one.lower())}s\b", message, re.I)
                and zipf_frequency(one.lower(), "en") > zipf_frequency(one.lower() + "s", "en")):
            return f"{one}'s"
        return m.group(0)
    return _MANY_OWNERS.sub(owner, text)


def entries_as_typed(entries: Any, message: str) -> Any:
    """The sorted parts with their memories, `user_name` and `about` spelled as typed."""
    if not isinstance(entries, list) or not message:  # (one owner's apostrophe too)
        return entries
    out = []
    for entry in entries:
        if isinstance(entry, dict):
            entry = dict(entry)
            for key in ("user_name", "about"):
                if isinstance(entry.get(key), str):
                    entry[key] = as_typed(entry[key], message)
            if isinstance(entry.get("memories"), list):
                entry["memories"] = [_memory_as_typed(m, message) for m in entry["memories"]]
        out.append(entry)
    return out


def _memory_as_typed(memory: Any, message: str) -> Any:
    if isinstance(memory, str):
        return as_typed(memory, message)
    if isinstance(memory, dict) and isinstance(memory.get("memory"), str):
        return {**memory, "memory": as_typed(memory["memory"], message)}
    return memory
