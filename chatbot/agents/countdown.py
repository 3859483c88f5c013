"""Days until a dated fact, counted in code: "how many days until i start at the observatory?"
beside "Starts on 1 April 2024" is begun "You told me you start on 1 April 2024, so that's 17
days from today.". Left to the 1.5B model, the count was wrong ("you have 30 days until you
start", said on 15 March; sealed19) and the start was said to have passed.

The fact is the found one that still holds, names a day from today on, and shares a word with
the question (or is the only such dated fact found); its date is read from its text, which the
memory agent wrote with relative dates resolved (agents/new_facts.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date

from chatbot.agents.guards import stems
from chatbot.agents.told import said_to_you
from chatbot.agents.untold import TOLD
from chatbot.memory.timeparse import find_span

# "how many days until ...", "how many weeks till ...", "how long before ...", "how many sleeps
# till ...": a count of time up to something.
_HOW_MANY = re.compile(r"\bhow\s+(?:many\s+(?:more\s+)?(days|weeks|sleeps)|long)\b", re.I)
_UNTIL = re.compile(r"\b(?:until|till|til|before|left|to\s+go|away)\b", re.I)
_DAYS_A_WEEK = 7


def asks_how_long(question: str) -> str | None:
    """The unit a question counts time up to something in ("days", "weeks"), or None."""
    m = _HOW_MANY.search(question)
    if m is None or not _UNTIL.search(question[m.end():]):
        return None
    return "weeks" if (m.group(1) or "").lower() == "weeks" else "days"


def countdown(question: str, facts: Sequence[str], today: date) -> str:
    """The reply's first words for a question that counts the days up to a dated fact of
    `facts` (the found facts that still hold, said to the user): the fact, and the days from
    `today` to its date; "" when the question asks no such count or no fact fits."""
    unit = asks_how_long(question)
    if unit is None:
        return ""
    dated = [(f, span.start) for f in facts
             if (span := find_span(f, today)) is not None and span.start >= today]
    asked = stems(question)
    fits = [d for d in dated if stems(d[0]) & asked] or (dated if len(dated) == 1 else [])
    if not fits:
        return ""
    fact, day = fits[0]
    days = (day - today).days
    count = f"{days} day{'' if days == 1 else 's'}"
    if unit == "weeks" and days >= _DAYS_A_WEEK:
        weeks, rest = divmod(days, _DAYS_A_WEEK)
        count += f" ({weeks} week{'' if weeks == 1 else 's'}" + (
            f" and {rest} day{'' if rest == 1 else 's'})" if rest else ")")
    return f"{TOLD}{said_to_you([fact])[0]}, so that's {count} from today."
