"""The words of the memory agent's worked examples: what a small model copies from them is not
the user's ("Married to husband" for "I live in Torshavn with my husband"). Moved out of
agents/own_words.py, so that agents/reply_requests.py reads it too (no behaviour change there).
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

from wordfreq import zipf_frequency

from chatbot.agents.guards import stems
from chatbot.agents.pieces import _WORD
from chatbot.agents.prompts import load_examples
from chatbot.memory.timewords import MONTHS

# Commoner than this a word of the worked examples' memories is how any memory is worded
# ("a", "as", "called": 5.6), not one of the examples' made-up facts ("married" 5.0, "chef").
EXAMPLE_FACT_ZIPF = 5.5
_DATE_WORDS = frozenset(MONTHS) | {"day", "week", "month", "year", "last", "next"}


@cache
def example_words(agent: str = "memory_update_agent") -> frozenset[str]:
    """The stems of what the agent's worked examples say about their made-up users: the words
    of their memories after the first (the first is the verb every memory is led by: "Lives",
    "Has"), less common words and dates."""
    found: set[str] = set()

    def walk(node: Any, memories: bool) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if not key.startswith("_") and key not in ("category", "categories", "kind",
                                                           "now", "memory_type"):
                    walk(value, memories or "memor" in key or "fact" in key)
        elif isinstance(node, list):
            for value in node:
                walk(value, memories)
        elif isinstance(node, str) and memories:
            for line in node.splitlines():
                if line.strip().startswith("("):  # "(no related memories yet)"
                    continue
                words = _WORD.findall(re.sub(r"\[[^\]]*\]|^\s*\d+:", " ", line))
                found.update(w.lower() for w in words[1:] if w.isalpha()
                             and w.lower() not in _DATE_WORDS
                             and zipf_frequency(w.lower(), "en") < EXAMPLE_FACT_ZIPF)
    walk(json.loads(json.dumps(load_examples(agent))), False)
    return frozenset(stems(" ".join(found)))


def copies_examples(text: str, known: str) -> bool:
    """The memory says a word of the worked examples' facts that neither the user nor a shown
    memory says: "Married to husband" for "I live in Torshavn with my husband" (sealed22;
    "married" is an example's). A small model fills an example's pattern with the user's
    words; what it adds is not theirs."""
    return bool((stems(text) & example_words()) - stems(known))
