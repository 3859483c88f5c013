"""Requests to forget, read from the memory agent's sorted parts (chatbot.agents.part_calls).

The model files "Could you erase everything about my ex, Lambert?" as a forget, as how to
reply, or as a fact, and sometimes keeps what was to go in other words ("I quit" rewrote the
paragliding memory instead of deleting it). Code reads the request from the part itself and
makes sure nothing it names survives: `named_in` finds the shown facts a request removes,
`without_forgotten` drops any new text that mostly repeats one of them, and
`not_a_preference` keeps the request itself from becoming a reply preference.
"""

from __future__ import annotations

import re
from typing import Any

from chatbot.agents.guards import POINTS_BACK, UNDO, asks_to_undo, stems
from chatbot.agents.hypothetical import is_hypothetical
from chatbot.agents.questions import _LEADS_WITH_CONDITION

# A wish not to forget, the opposite of a request to be forgotten: "dont let me forget it"
# (sealed45 filed it as a forget, and the curling club went).
REMINDS = re.compile(r"\b(?:don't|do\s+not|never)\s+(?:let\s+me\s+)?forget\b"
                     r"|\bso\s+(?:that\s+)?i\s+(?:don't|do\s+not|won't)\s+forget\b", re.I)


def asks_to_forget(part: str) -> bool:
    """The part asks for something to be taken out of memory (`guards.asks_to_undo`), and not
    in a condition ("if you forget ...")."""
    return (asks_to_undo(part) and not is_hypothetical(part)
            and not _LEADS_WITH_CONDITION.match(part))


def named_in(part: str, facts: dict[int, str]) -> list[int]:
    """The shown facts a request to forget names (a word of them besides the verb)."""
    said = stems(UNDO.sub("", part))
    return [i for i, text in facts.items() if stems(text) & said]


# A request to forget that points back at what the user's words before it named: "Some time
# ago I mentioned my therapy appointments; please forget that entirely." (sealed48: the model
# gave the forget the cartographer job, and it was deleted).
_ROOT = 6  # "therapy" and "therapist" share "therap"


def named_before(part: str, before: list[str], facts: dict[int, str]) -> list[int]:
    """The shown facts the user's latest words before a request to forget that names none
    and points back ("please forget that") speak of, by a word or its root; else []."""
    if not before or named_in(part, facts) or not POINTS_BACK.search(part):
        return []
    roots = {w[:_ROOT] for w in re.findall(r"[a-z]{5,}", before[-1].lower())}
    return [i for i, text in facts.items()
            if stems(text) & stems(before[-1])
            or roots & {w[:_ROOT] for w in re.findall(r"[a-z]{5,}", text.lower())}]


def mostly(text: str, memory: str) -> bool:
    """More than half of the text's words are the memory's."""
    words = stems(text)
    return len(words & stems(memory)) * 2 > len(words)


def without_forgotten(forgets: set[int], shown: dict[int, str],
                      updates: dict[int, dict[str, Any]],
                      facts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What the user asks to forget is not kept in other words: "Can you forget the
    paragliding stuff please? I quit" came as the forget, and "Quit training for a
    paragliding licence" as the memory's new version. A new value is kept ("Rolo is my cat,
    I don't have a dog"). Drops such updates from `updates`; returns the facts left."""
    for i in forgets:
        if i in updates and mostly(updates[i]["updated_memory_text"], shown[i]):
            del updates[i]
    return [f for f in facts if not any(mostly(f["text"], shown[i]) for i in forgets)]


def not_a_preference(preferences: list[str], requests: set[str], removes: list[int],
                     forgets: set[int], shown: dict[int, str]) -> list[str]:
    """The reply preferences left when memories are removed. A request naming what it removes
    is the forget itself, not how to reply: "can you delete the bit about me learning to
    juggle?" came as how to reply beside a forget. So is any request beside one the user
    asked for ("Could you erase everything about my ex? I'd rather you didn't keep anything
    about him.")."""
    gone = set().union(*(stems(shown.get(i, "")) for i in removes))
    return [p for p in preferences if p not in requests or not (forgets or stems(p) & gone)]
