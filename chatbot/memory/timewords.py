"""The words dates and times are said in (English): days, months, numbers and ordinals in
words, units of time, and past forms of verbs, read by chatbot.memory.timeparse and by the
agents' wording."""

from __future__ import annotations

import calendar
import re

WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
MONTHS = {name.lower(): n for n, name in enumerate(calendar.month_name) if name}
MONTHS |= {name.lower(): n for n, name in enumerate(calendar.month_abbr) if name}
MONTHS["sept"] = 9
# Numbers written as words (agents.parts reads them too); NUMBERS adds the counts of a phrase.
NUMBER_WORDS = {w: n for n, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty".split())}
NUMBERS = NUMBER_WORDS | {"a": 1, "an": 1, "a couple of": 2, "a few": 3}
TENS = {w: 10 * n for n, w in enumerate(
    "ten twenty thirty forty fifty sixty seventy eighty ninety".split(), 1)}
_SPOKEN = re.compile(r"\b(" + "|".join(TENS) + r")(?:[- ](" + "|".join(
    w for w, n in NUMBER_WORDS.items() if 0 < n < 10) + r"))?\b|\b(" + "|".join(NUMBER_WORDS)
    + r")\b", re.I)


def spoken_numbers(text: str) -> set[str]:
    """The numbers up to 99 the text says in words, as digits: "eighty-one years of age" says
    "81" (a memory "Age 81" is the user's words)."""
    out = set()
    for m in _SPOKEN.finditer(text):
        tens, unit, alone = m.groups()
        out.add(str(TENS[tens.lower()] + NUMBER_WORDS[unit.lower()] if unit else
                    TENS[tens.lower()]) if tens else str(NUMBER_WORDS[alone.lower()]))
    return out
UNITS = {"day": 1, "week": 7, "fortnight": 14, "month": 30, "year": 365}
# Days of a month in words: "the first of next month", "on the twenty-second".
_ORDINALS = ("first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
             "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth "
             "twentieth").split()
ORDINAL_WORDS = {w: n for n, w in enumerate(_ORDINALS, 1)}
ORDINAL_WORDS |= {f"twenty-{w}": 20 + n for w, n in list(ORDINAL_WORDS.items())[:9]}
ORDINAL_WORDS |= {"thirtieth": 30, "thirty-first": 31}

# Common irregular past forms, which take no ending ("I got a gecko": "Got a gecko").
PAST_FORMS = frozenset("""
got went made did saw took came left met bought found broke began ran won lost sold wrote gave
grew knew said told thought felt kept built spent sent fell flew drove ate drank swam taught
caught brought became chose forgot heard held led paid put quit read rode sang sat slept spoke
stood understood woke wore set let cut hurt hit shut lent threw stole hid shook rang
""".split())
# Verbs in the present that end in "ed" like a past form ("I need", "I feed").
_PRESENT_ED = frozenset("need feed bleed breed speed succeed proceed exceed seed weed heed shed "
                        "embed".split())


def is_past_form(verb: str) -> bool:
    """"got", "adopted", "moved": a verb in the past (not "need", "feed")."""
    v = verb.lower()
    return v in PAST_FORMS or (v.endswith("ed") and len(v) >= 3 and v not in _PRESENT_ED)


# A time the user gave that code does not resolve to days: "this summer", "in April", "over
# the holidays", "since September" (with a length before it: "for two weeks this summer").
VAGUE_TIME = re.compile(
    r"(?:\bfor\s+(?:a|an|one|two|three|four|five|six|a\s+few|\d+)\s+"
    r"(?:day|week|fortnight|month)s?\s+)?\b(?:in|this|next|over|during|since)\s+(?:the\s+)?"
    r"(?:summer|winter|spring|autumn|fall|holidays|" + "|".join(MONTHS) + r")\b", re.I)


def days_and_numbers(text: str) -> set[str]:
    """The text's weekdays, months and numbers, lower-cased: what `stems` (agents/grounding.py)
    leaves out, and what tells "every Tuesday" from "every Wednesday"."""
    return {w for w in re.findall(r"[^\W_]+", text.lower())
            if w.isdigit() or w in WEEKDAYS or w in MONTHS}
