"""A message that only asks for more of the last answer ("more", "more pls", "any others?"),
read with the question it follows.

Alone, "more" names nothing: decoding greedily, the embedded model wrote its last reply again,
was stopped as a copy (agents/copies.py), told so, and asked once more without the copied
turn, where nothing was left to go on ("Sure! Are you interested in learning more about
cats?" after houseplant ideas, sealed49; five calls, 12 s). The question the reply model sees
names what the user asked before, so every attempt knows what "more" is of.
"""

from __future__ import annotations

import re

# The whole message asks for more and says nothing else (a closed class of English chat).
_MORE = re.compile(r"^\W*(?:(?:ok(?:ay)?|and|so|yes|yeah|cool|nice|great|thanks|ta)\W+)*"
                   r"(?:(?:any|some|a\s+few|give\s+me|got\s+any)\s+)?"
                   r"(?:more|others?|another(?:\s+one)?|go\s+on|keep\s+going|what\s+else)"
                   r"(?:\s+(?:ideas?|options?|suggestions?|of\s+(?:those|them|these)|"
                   r"like\s+(?:that|those|this)))?"
                   r"(?:\s+(?:pls|plz|please))?\W*$", re.I)
# How much of the earlier question is quoted.
QUOTED_CHARS = 200


def asks_for_more(message: str) -> bool:
    """The message asks only for more of the last answer: "more", "more pls", "any others?"."""
    return bool(_MORE.match(message))


def with_what_for(message: str, earlier: list[str]) -> str:
    """The message, or for one that only asks for more (`asks_for_more`), the message with the
    last earlier user message that asks something more than that, quoted: 'more (more of what
    I asked before, other than what you said: "2 cats. both chew plants. houseplant ideas?")'.
    earlier: the user's messages before this one, oldest first."""
    if not asks_for_more(message):
        return message
    before = next((m for m in reversed(earlier) if m.strip() and not asks_for_more(m)), None)
    if before is None:
        return message
    quoted = " ".join(before.split())[:QUOTED_CHARS]
    return f'{message.strip()} (more of what I asked before, other than what you said: "{quoted}")'
