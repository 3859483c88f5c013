"""Facts inside a memory's text: the clauses it bundles, and whether another text still states
each one. Used to refuse or split a correction that would drop unrelated facts, and to find the
messages that stated a forgotten memory."""

from __future__ import annotations

import re

_WORD = re.compile(r"[^\W_]{3,}")
# Clause breaks: sentence ends, semicolons, commas and "but" outside parentheses.
_BREAK = re.compile(r"(?:[.;,](?=\s|$)|\s+but\s+)(?![^()]*\))")


def stems(text: str) -> set[str]:
    """Content words cut to four letters: "lives"/"live" and "moved"/"moving" meet."""
    return {w.lower()[:4] for w in _WORD.findall(text)}


def split_facts(text: str) -> list[str]:
    """The clauses of a memory, each one fact, in order."""
    parts = (p.strip(" .;,") for p in _BREAK.split(text))
    return [p[:1].upper() + p[1:] for p in parts if stems(p)]


def states(text: str, fact: str) -> bool:
    """Whether the text still says the fact: quotes it, or holds most of its words."""
    if fact.lower().strip(" .") in text.lower():
        return True
    words = stems(fact)
    return bool(words) and len(words & stems(text)) >= max(1, (len(words) + 1) // 2)


def lost_facts(old_text: str, new_text: str) -> list[str]:
    """The facts of the old text a replacement drops, besides the one it corrects.

    The corrected fact is the clause sharing the most words with the new text ("Lives in
    Lisbon" for "Lives in Porto now"); a one-fact memory loses nothing by being replaced.
    """
    facts = split_facts(old_text)
    if len(facts) < 2:
        return []
    new = stems(new_text)
    corrected = max(range(len(facts)), key=lambda i: len(stems(facts[i]) & new))
    return [f for i, f in enumerate(facts) if i != corrected and not states(new_text, f)]
