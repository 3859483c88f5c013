"""Dates in the user's words, resolved against the day they were said.

`find_span(text, today)` finds the first time expression and returns the days it covers:
"tomorrow", "next week" (Monday to Sunday), "this weekend", "next Friday", "on 3 May",
"May 3rd, 2027", "in two days", "for two weeks", "until Friday", "2026-05-03", "last week",
"the end of the month", "two weeks from now", "a week from Friday", "the week after next",
"Monday after next", "on the 15th", "the 14th of next month", "from Tuesday to Saturday next
week", "from the 3rd to the 9th of May", "for three weeks from May 2", "a week on Saturday",
"Friday the 22nd", "on the twenty-second" (the rules are in chatbot.memory.timerules).
`validity(text, today)` turns that into a memory's (valid_from, valid_until) ISO dates: a fact
about a coming or current span holds until its last day; a fact about the past ("went to Rome
last week") is history, true for good, so it gets no end.

A span is `relative` when it only means a date against the day it was said ("next Friday",
"for two weeks", "until the end of the month"): those are the ones to write out as dates before
storing. A bare weekday is not ("plays chess on Sunday" is as often a habit as a date), nor a
day and month ("on 3 May": past or future, the sentence's tense decides).
Seasons are not read: which months "summer" is depends on the hemisphere.

Conventions: a bare or "next" weekday is the first such day after today ("next Friday" said on
a Wednesday is in two days), but the last one in a clause told in the past ("started nursery
on Monday"), and no day at all after an article or possessive ("the Saturday market"); a day
and month without a year is the next one on or after today.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta

from chatbot.memory.timerules import RELATIVE_LEADS, RELATIVE_RULES, RULES, resolve
from chatbot.memory.timewords import MONTHS, NUMBERS, PAST_FORMS, is_past_form

# Words that make the time after them a bound ("until the end of April"), said before the
# phrase or as its first word.
UNTIL_WORDS = frozenset({"until", "till", "til", "through", "by", "before", "within", "up"})
# ... and the verbs that give an end date: "the pass expires on 5 April", "the lease ends on
# the 30th" (the model wrote "runs until 5 April" as "expires on 5 April": no end date).
_ENDS = r"(?:ends?|expires?|runs?\s+out)(?:\s+on)?"  # not "ended on 3 May": a past day
_UNTIL = re.compile(rf"\b(?:until|till?|through|up\s+to|by|before|{_ENDS})\s+$", re.I)
_ENDS_BEFORE = re.compile(rf"\b{_ENDS}\s+$", re.I)
# "until" earlier in the same clause: "staying with me until they fly back on the 26th" is a
# stay up to the 26th, as much as "staying until the 26th" is.
_UNTIL_IN_CLAUSE = re.compile(r"\b(?:until|till?)\b[^,.;:!?]*$", re.I)
# A length of time up to now, not a coming span: "has been teaching for eight years", "been
# vegan for ten years", "taught for eight years now". The perfect's "been" earlier in the
# clause, or "now" right after.
_BEEN_IN_CLAUSE = re.compile(r"\bbeen\b[^,.;:!?]*$", re.I)
_NOW_AFTER = re.compile(r"^\s*(?:now|so far|already)\b", re.I)
# A length said with the time it falls in: "for a fortnight in April", "for two weeks next
# month", "for a few days over the summer" say how long, not that it starts today.
_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
_WHEN_AFTER = re.compile(rf"^\s*(?:in|during|around|over|this|next|at)\s+(?:the\s+)?"
                         rf"(?:{_MONTH}|summer|spring|autumn|fall|winter|holidays|week|month|"
                         rf"year)\b", re.I)


def ends_right_before(before: str) -> bool:
    """Whether the text before a time phrase ends with a verb that makes it an end date
    ("expires | on 5 April"): the phrase is written "on ...", not "until ..."."""
    return bool(_ENDS_BEFORE.search(before))


def until_earlier_in_clause(before: str) -> bool:
    """Whether the text before a time phrase bounds it with an "until" that is not right before
    it ("until they fly back | on the 26th"): the phrase keeps its own word when written out."""
    return bool(_UNTIL_IN_CLAUSE.search(before)) and not _UNTIL.search(before)


@dataclass(frozen=True)
class Span:
    """The days a time expression covers (both ends included), and the words it was."""

    start: date
    end: date
    phrase: str
    until: bool = False  # "until Friday": the fact holds now and up to `end`
    relative: bool = False  # it names a date only against the day it was said


def day_in_words(d: date) -> str:
    """A date as memories and the agents' prompts write it: "12 May 2026"."""
    return f"{d.day} {d:%B %Y}"


def _up_to_now(text: str, m: re.Match[str]) -> bool:
    """A "for two years" that reaches back to now ("has been teaching for eight years", "for
    eight years now"), unless it says "next" or "coming"."""
    if re.search(r"\b(?:next|coming)\b", m.group(0), re.I):
        return False
    return bool(_BEEN_IN_CLAUSE.search(text[:m.start()]) or _NOW_AFTER.match(text[m.end():])
                or _STATE_BEFORE.search(text[:m.start()]))


# A state one is in right before it: "Married for 25 years" (sealed50 stored "Married from 15
# March to 8 March 2049"), "sober for two years", "together for a decade".
_STATE_BEFORE = re.compile(r"\b(?:married|engaged|divorced|widowed|retired|sober|together|single|"
                           r"vegan|vegetarian|clean|friends|partners)\s+$", re.I)


# A weekday after an article or a possessive names a thing, not a day: "the Saturday market",
# "a Sunday roast", "my Monday class"; also with a word before it ("a drizzly sunday",
# sealed29, had become "a drizzly on 17 March 2024"), not one that picks the day ("the next").
_NAMES_A_THING = re.compile(r"\b(?:the|a|an|my|our|your|his|her|their|its)\s+$", re.I)
_NAMES_A_KIND = re.compile(r"\b(?:the|a|an|my|our|your|his|her|their|its)\s+(?!(?:next|last|"
                           r"coming|following|same|first|second|third|fourth|final)\b)[a-z]+\s+$",
                           re.I)
# The clause a time phrase ends: back to the last punctuation or joining word.
_CLAUSE_START = re.compile(r"[,.;:!?]|\b(?:and|but|so|because|while|when)\b", re.I)
# Past forms that are as often present ("I put the bins out on Monday"), a habit ("used to"),
# and the words of a coming time ("I've booked a table on Friday", "will have finished").
_NOT_PAST = frozenset("put set let cut hurt hit shut quit read used".split())
_COMING = frozenset("will 'll going gonna have has 've shall".split())


def _told_in_the_past(before: str) -> bool:
    """Whether the clause a bare weekday ends is told in the simple past: "my daughter started
    nursery on (Monday)", "I was at the dentist on (Friday)"; not "I've booked a table on",
    nor "got a gig on" with no subject, which is "I've got" said short."""
    clause = _CLAUSE_START.split(before)[-1].lower()
    words = re.findall(r"[a-z]+(?:'[a-z]+)?", clause)
    if any(w in _COMING or w.endswith(("'ll", "'ve")) for w in words):
        return False
    if words[:1] == ["got"]:  # "got an audition on tuesday!!": "I've got", said short
        return False
    return any(w in ("was", "were", "did", "had") or (is_past_form(w) and w not in _NOT_PAST
               and (w in PAST_FORMS or len(w) >= 5 or w.endswith("ied"))) for w in words)


# Something the user has on a bare weekday: "got an audition on", "I've got a dentist
# appointment on", "we have a viewing on". One coming day, not a habit (that is "on Tuesdays",
# "every Tuesday").
_HAS_ONE = re.compile(r"^\s*(?:(?:i|we|he|she|they)(?:'ve|'s|\s+have|\s+has)?\s+)?"
                      r"(?:got|have|has)\s+(?:a|an|my|our|his|her|their)\s+[^,.;:!?]*$")


_SINCE = re.compile(r"\bsince\s+$", re.I)
# A habit: "i still go freediving every sunday" had been dated 17 March (sealed31).
_EVERY = re.compile(r"\b(?:every|each)\s+(?:other\s+|single\s+)?$", re.I)
# ... and "on Wednesday evenings": a group "that meets at the library on Wednesday evenings"
# had been dated 13 March (sealed47).
_PARTS_OF_DAYS = re.compile(r"\s+(?:mornings|afternoons|evenings|nights)\b", re.I)


# A clause led by its weekday, then what the user has or does on it: "Tuesday at 9 I've got
# my first agility trial", "saturday we're driving up to Inverness" (sealed34: no date kept).
_HAS_ONE_AFTER = re.compile(r"^(?:\s+(?:at|around|from)\s+\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)?)?"
                            r"[\s,]+(?:i|we)(?:'ve|'m|'re|'ll|\s+have|\s+am|\s+are|\s+will)?"
                            r"\s+(?:got|have|going|gonna|having|off|driving|flying|leaving|"
                            r"starting|doing|meeting|seeing)\b", re.I)


def _one_coming(before: str, after: str = "") -> bool:
    """Whether the clause a bare weekday ends (or leads, with `after`) says the user has one
    thing on that day."""
    clause = _CLAUSE_START.split(before)[-1]
    if not clause.strip() and _HAS_ONE_AFTER.match(after):
        return True
    return bool(_HAS_ONE.match(clause.lower()))


def find_span(text: str, today: date) -> Span | None:
    """The first time expression in the text (the earliest; the longest where two start
    together), resolved against today; None if there is none."""
    found: list[tuple[int, int, Span]] = []
    for name, rule in RULES:
        for m in rule.finditer(text):
            lead = m.group(0).split()[0].lower()
            before = text[:m.start()]
            bare_day = name == "weekday" and lead in (m.group(2).lower(), "on")
            if bare_day and (_NAMES_A_THING.search(before) or _EVERY.search(before)
                             or _PARTS_OF_DAYS.match(text[m.end():])
                             or (lead != "on" and _NAMES_A_KIND.search(before))):
                continue  # "the Saturday market", "my Monday class", "every Sunday": no date
            since = _SINCE.search(before) if bare_day else None  # "in Leeds since Tuesday"
            past = bare_day and (since is not None or _told_in_the_past(before))
            coming = bare_day and not past and _one_coming(before, text[m.end():])
            days = resolve(name, m, today, past)
            if days is None or (name == "for_n" and (
                    _up_to_now(text, m) or _WHEN_AFTER.match(text[m.end():])
                    # told in the past, it is no stay from today: "Served at sewage works for
                    # eleven years" (sealed53 stored "from 15 March to 12 March 2035")
                    or _told_in_the_past(text[:m.start()]))):
                continue
            until = (lead in UNTIL_WORDS or bool(_UNTIL.search(before))
                     or bool(_UNTIL_IN_CLAUSE.search(before)))
            relative = (name in RELATIVE_RULES or past or coming
                        or (name == "weekday" and lead in RELATIVE_LEADS)
                        or (name == "weekday_range" and m.group(3) is not None))
            start = since.start() if since is not None else m.start()
            found.append((start, -(m.end() - start),
                          Span(days[0], days[1], text[start:m.end()].strip(), until, relative)))
            break
    if not found:
        return None
    at, minus_length, first = min(found, key=lambda f: (f[0], f[1]))
    end = at - minus_length
    return _to_the_end(text, end, first, today) or _for_how_long(text, end, first) or first


# Between a start and the day a stay ends: "tomorrow for a work trip, back on the 30th", "from
# Monday until Friday". Words of a return or "until" right before the second time, in the
# same sentence, not far on.
_BACK_WORD = re.compile(r"\b(?:back|home|returning|until|till?)\b", re.I)
_BACK_REACH = 60  # the 40 characters _BACK_BEFORE allows, and the word itself
_BACK_BEFORE = re.compile(r"^[^.;!?]{0,40}?\b(?:back|home|returning|until|till?)(?:\s+on)?\s*$",
                          re.I)


def _to_the_end(text: str, end: int, first: Span, today: date) -> Span | None:
    """The span from the first time phrase (`first`, which ends at `end` in the text) to the
    day a later one says the stay ends (`_BACK_BEFORE`): "Heading to Mombasa tomorrow for a
    work trip, back on the 30th" is 16 to 30 March. None when the text says no such end."""
    rest = text[end:]
    if first.until or not _BACK_WORD.search(rest[:_BACK_REACH]):
        return None  # most texts: no second scan of the rules
    later = find_span(rest, today)
    if later is None or later.end <= first.end or later.start < first.start:
        return None
    at = rest.find(later.phrase)
    lead = later.phrase.split()[0].lower()
    if at < 0 or not (_BACK_BEFORE.match(rest[:at]) or (
            lead in ("until", "till", "til") and re.match(r"^[^.;!?]{0,40}$", rest[:at]))):
        return None
    phrase = text[end - len(first.phrase):end + at + len(later.phrase)]
    return Span(first.start, later.end, phrase, False, first.relative or later.relative)


# How long, said after the day something starts: "fly in 10 days from now and stay for a
# week", "arriving on the 25th for two weeks". In the same sentence, not far on.
_HOW_LONG = re.compile(r"^[^.;!?]{0,40}?\bfor\s+(\d+|" + "|".join(
    sorted((w.replace(" ", r"\s+") for w in NUMBERS), key=len, reverse=True))
    + r")\s+(day|night|week|fortnight|month)s?\b", re.I)
_DAYS_IN = {"day": 1, "night": 1, "week": 7, "fortnight": 14, "month": 30}


def _for_how_long(text: str, end: int, first: Span) -> Span | None:
    """The span from the day the first time phrase says (`first`, ending at `end`) for as
    long as the text then says: "my parents fly in 10 days from now and stay for a week" is
    25 to 31 March said on 15 March (alone, "for a week" counts from today). None when the
    first phrase is already a span or an end, or no length follows."""
    if first.until or first.start != first.end or (m := _HOW_LONG.match(text[end:])) is None:
        return None
    count = " ".join(m.group(1).lower().split())
    n = int(count) if count.isdigit() else NUMBERS.get(count, 1)
    days = n * _DAYS_IN[m.group(2).lower()]
    if days < 2:
        return None
    phrase = text[end - len(first.phrase):end + m.end()]
    # One stay of that length, not a habit: dated however its start was said ("on Monday").
    return Span(first.start, first.start + timedelta(days=days - 1), phrase, False, True)


def validity(text: str, today: date) -> tuple[str | None, str | None]:
    """(valid_from, valid_until) for a memory whose text was said today; (None, None) if it
    names no time, or only the past."""
    span = find_span(text, today)
    if span is None or span.end < today:
        return None, None
    if span.until:
        return None, span.end.isoformat()
    return span.start.isoformat(), span.end.isoformat()
