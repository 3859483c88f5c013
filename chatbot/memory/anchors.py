"""Whether two texts close in meaning still state different facts.

An embedding puts "Takes 5 mg of warfarin daily" and "Takes 50 mg ..." at cosine 0.98: to
the near-duplicate step they look the same, yet merging them changes a dose. So before a
near-duplicate is absorbed, the texts' anchors are compared: the numbers they contain, the
calendar words (weekdays, months), the names (capitalised words inside a sentence) and how
many negations they hold. Any difference means two facts, kept apart.

Limits: a name that opens a sentence cannot be told from an ordinary capitalised first word,
and numbers spelt as words are not compared; both are left to the embedding's judgement.
"""

from __future__ import annotations

import calendar
import re
from collections import Counter
from dataclasses import dataclass

_NUMBER = re.compile(r"\d+(?:[.,:/]\d+)*")
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
# The closed class of English negators; "n't" is matched as a suffix.
_NEGATORS = frozenset({"not", "no", "never", "none", "nobody", "nothing", "neither", "nor",
                       "nowhere", "cannot", "without"})
# Full names only: abbreviations ("sun", "sat", "mar") are ordinary words too; "may" is a
# modal verb unless capitalised, which the name rule then catches inside a sentence.
_CALENDAR = frozenset(n.lower() for n in (*calendar.day_name, *calendar.month_name)
                      if n and n.lower() != "may")
_SENTENCE_END = re.compile(r"[.!?:;]\s*$")


@dataclass(frozen=True)
class Anchors:
    numbers: tuple[str, ...]
    calendar: frozenset[str]
    names: frozenset[str]
    negations: int


def anchors(text: str) -> Anchors:
    numbers = Counter(n.replace(",", "") if re.fullmatch(r"\d{1,3}(,\d{3})+", n) else n
                      for n in _NUMBER.findall(text))
    calendar_words: set[str] = set()
    names: set[str] = set()
    negations = 0
    for match in _WORD.finditer(text):
        word = match.group(0)
        low = word.lower().replace("’", "'")
        if low in _NEGATORS or low.endswith("n't"):
            negations += 1
        if low in _CALENDAR:
            calendar_words.add(low)
        opens_sentence = not text[:match.start()].strip() or bool(
            _SENTENCE_END.search(text[:match.start()]))
        if word[0].isupper() and not opens_sentence:
            names.add(low)
    return Anchors(tuple(sorted(numbers.elements())), frozenset(calendar_words),
                   frozenset(names), negations)


def differing_anchor(a: str, b: str) -> str | None:
    """What sets the two texts' facts apart (a number, date, name, negation), or None."""
    x, y = anchors(a), anchors(b)
    if x.numbers != y.numbers:
        return "a number"
    if x.calendar != y.calendar:
        return "a date"
    if x.names != y.names:
        return "a name"
    if x.negations != y.negations:
        return "a negation"
    return None
