"""How often the user does something ("every saturday", "twice a week"), kept with the memory
of its clause when the model left it out. Moved out of agents/new_facts.py (no behaviour
change).
"""

from __future__ import annotations

import re
from typing import Any

from chatbot.agents.guards import stems
from chatbot.agents.new_facts import _CLAUSES
from chatbot.memory.timewords import MONTHS, WEEKDAYS

# How often the user does something: "every saturday", "on Sundays", "twice a week", "every
# june". The model kept "Plays kabaddi with cousins" for "i play kabaddi with my cousins every
# saturday" and "Makes elderflower cordial" for "... every june" (sealed34).
_EVERY_DAY = "|".join([*WEEKDAYS, *MONTHS, "day", "week", "weekend", "morning", "evening",
                       "night", "month", "year", "summer", "winter", "spring", "autumn"])
_HABIT = re.compile(rf"\b(?:(?:every|each)\s+(?:other\s+|single\s+)?(?:{_EVERY_DAY})"
                    rf"|on\s+(?:{'|'.join(WEEKDAYS)})s|(?:once|twice|three\s+times)\s+a\s+"
                    r"(?:day|week|month|year))\b", re.I)


def with_habit(found: list[tuple[str, list[str], Any]], part: str,
               ) -> list[tuple[str, list[str], Any]]:
    """The new memories with how often the part says the user does it ("every saturday")
    after the one memory about its clause, when no memory says it; else as they are."""
    m = _HABIT.search(part)
    if m is None or any(_said_often(m.group(0), t) for t, _, _ in found):
        return found
    clauses = _CLAUSES.split(part)
    clause = next((c for c in clauses if m.group(0) in c), part)
    own = stems(clause)
    others = stems(" ".join(c for c in clauses if c is not clause)) - own
    # about the clause, and not of another ("Sister lives in Leeds" beside "my sister visits
    # every weekend, she lives in Leeds")
    about = [i for i, (t, _, r) in enumerate(found)
             if r is None and stems(t) & own and not stems(t) & others]
    if len(about) != 1:
        return found
    text, cats, target = found[about[0]]
    return [*found[:about[0]], (f"{text.rstrip(' .')} {m.group(0)}", cats, target),
            *found[about[0] + 1:]]


def _said_often(phrase: str, text: str) -> bool:
    """The memory says the habit's phrase, or its day, month or span ("Saturdays", "on
    weekends")."""
    said = text.lower()
    return phrase.lower() in said or any(
        w[:5] in said for w in phrase.lower().split() if w not in _HOW_OFTEN)


_HOW_OFTEN = frozenset("every each other single on a once twice three times".split())
