"""Dates in the user's words, resolved against the day they were said.

`find_span(text, today)` finds the first time expression and returns the days it covers:
"tomorrow", "next week" (Monday to Sunday), "this weekend", "next Friday", "on 3 May",
"May 3rd, 2027", "in two days", "for two weeks", "until Friday", "2026-05-03", "last week",
"the end of the month", "two weeks from now", "a week from Friday", "the week after next",
"Monday after next", "on the 15th", "the 14th of next month", "from Tuesday to Saturday next
week".
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

import calendar
import re
from dataclasses import dataclass
from datetime import date, timedelta

WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
MONTHS = {name.lower(): n for n, name in enumerate(calendar.month_name) if name}
MONTHS |= {name.lower(): n for n, name in enumerate(calendar.month_abbr) if name}
MONTHS["sept"] = 9
# Numbers written as words (agents.parts reads them too); NUMBERS adds the counts of a phrase.
NUMBER_WORDS = {w: n for n, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty".split())}
NUMBERS = NUMBER_WORDS | {"a": 1, "an": 1, "a couple of": 2, "a few": 3}
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
stood understood woke wore set let cut hurt hit shut
""".split())
# Verbs in the present that end in "ed" like a past form ("I need", "I feed").
_PRESENT_ED = frozenset("need feed bleed breed speed succeed proceed exceed seed weed heed shed "
                        "embed".split())


def is_past_form(verb: str) -> bool:
    """"got", "adopted", "moved": a verb in the past (not "need", "feed")."""
    v = verb.lower()
    return v in PAST_FORMS or (v.endswith("ed") and len(v) >= 3 and v not in _PRESENT_ED)


_DAY = "|".join(WEEKDAYS)
_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
_NUM = r"\d{1,3}|" + "|".join(sorted(NUMBERS, key=len, reverse=True))
_UNIT = r"(day|week|fortnight|month|year)s?\b"  # not "in a weekday"
_ORD = r"(\d{1,2})(?:st|nd|rd|th)?"
# A day of the month in digits or in words, where it stands before a month or "of next month"
# (not after one: "may second" is no date).
_ORD_ANY = (r"(\d{1,2}|" + "|".join(sorted(ORDINAL_WORDS, key=len, reverse=True))
            + r")(?:st|nd|rd|th)?")
_WHICH = r"(this\s+coming|this|next|coming|last)"
_TO = r"\s*(?:to|until|till|through|thru|-|\u2013)\s*"
# A day of a month either way round: "the 2nd of May", "2 May", "May 2" (4 groups).
_A_DATE = rf"(?:the\s+)?(?:{_ORD}(?:\s+of)?\s+({_MONTH})|({_MONTH})\.?\s+{_ORD})\b"

_RULES: list[tuple[str, re.Pattern[str]]] = [(name, re.compile(rx, re.I)) for name, rx in [
    ("iso", r"\b(\d{4})-(\d{2})-(\d{2})\b"),
    ("day_month", rf"\b(?:on\s+)?(?:the\s+)?{_ORD_ANY}(?:\s+of)?\s+({_MONTH})\b\.?"
                  rf"(?:,?\s+(\d{{4}}))?"),
    ("month_day", rf"\b(?:on\s+)?({_MONTH})\.?\s+{_ORD}\b(?:,?\s+(\d{{4}}))?"),
    # "Friday 5 June": the date says which Friday.
    ("weekday_date", rf"\b(?:on\s+)?(?:{_DAY}),?\s+(?:the\s+)?{_ORD}(?:\s+of)?\s+({_MONTH})\b"
                     rf"\.?(?:,?\s+(\d{{4}}))?"),
    ("day_after", r"\bthe\s+day\s+after\s+tomorrow\b"),
    ("relative_day",
     r"\b(today|tonight|this\s+(?:morning|afternoon|evening)|tomorrow|yesterday)\b"),
    ("in_n", rf"\b(in|within)\s+({_NUM})\s+{_UNIT}(?:['\u2019]s?\s+time\b)?"),
    # "a week on Saturday", "Tuesday week": that weekday a week after the coming one.
    ("week_on", rf"\b(?:a\s+week\s+on\s+({_DAY})|(?:on\s+)?({_DAY})\s+week)\b"),
    # "Friday the 22nd": the coming 22nd (the weekday named must be its weekday).
    ("weekday_nth", rf"\b(?:on\s+)?({_DAY})\s+(?:the\s+)?(\d{{1,2}})(?:st|nd|rd|th)\b"),
    ("from_now", rf"\b({_NUM})\s+{_UNIT}\s+from\s+(now|today|tomorrow|{_DAY})\b"),
    ("for_n", rf"\b(?:for|over|during)\s+(?:the\s+)?(?:next\s+|coming\s+)?({_NUM})\s+{_UNIT}"),
    ("n_ago", rf"\b({_NUM})\s+{_UNIT}\s+ago\b"),
    ("end_of", rf"\b(?:at\s+)?(?:the\s+)?end\s+of\s+(?:the\s+|{_WHICH}\s+)?(week|month|year)\b"),
    ("end_of_month", rf"\b(?:at\s+)?(?:the\s+)?end\s+of\s+({_MONTH})\b"),
    ("after_next", rf"\b(?:on\s+)?(?:the\s+)?(week|weekend|month|year|{_DAY})\s+after\s+next\b"),
    ("day_of_next_month", rf"\b(?:on\s+)?the\s+{_ORD_ANY}\s+of\s+(this|next)\s+month\b"),
    ("weekend", rf"\b{_WHICH}\s+weekend\b"),
    ("period", rf"\b{_WHICH}\s+(week|month|year)\b"),
    # "on the 15th" (or "on 15th", "until the 20th"), but not "on the 2nd floor": only where
    # the phrase ends.
    ("day_of_month", r"\b(?:on|until|till|by|from|through)\s+(?:the\s+)?"
                     r"(?:(\d{1,2})(?:st|nd|rd|th)|("
                     + "|".join(sorted(ORDINAL_WORDS, key=len, reverse=True)) + r"))\b"
                     r"(?=\s*$|\s*[.,;:!?)]|\s+(?:at|and|but|or|so|for|when|of\s+the\s+month)\b)"),
    # "from Tuesday to Saturday next week": those days of the week named. Without a week, the
    # coming ones, and not relative: as often a habit ("works Monday to Friday").
    ("weekday_range", rf"\b(?:from\s+)?({_DAY})\s*(?:to|until|till|through|thru|-|\u2013)\s*"
                      rf"({_DAY})(?:\s+{_WHICH}\s+week\b)?"),
    # "Thursday next week": that weekday in the week named.
    ("weekday_of_week", rf"\b(?:on\s+)?({_DAY})\s+{_WHICH}\s+week\b"),
    # "from Monday, for two weeks" / "for two weeks from Monday": a stay from that day on.
    ("from_for", rf"\b(?:from|starting(?:\s+on)?)\s+(?:(this\s+coming|this|next|coming)\s+)?"
                 rf"({_DAY}|tomorrow|today)\s*,?\s+(?:for|over)\s+(?:the\s+)?(?:next\s+)?"
                 rf"({_NUM})\s+{_UNIT}"),
    ("for_from", rf"\bfor\s+(?:the\s+)?(?:next\s+)?({_NUM})\s+{_UNIT}\s+(?:from|starting"
                 rf"(?:\s+on)?)\s+(?:(this\s+coming|this|next|coming)\s+)?({_DAY}|tomorrow|today)\b"),
    # "from the 3rd to the 9th of May", "3-9 May", "May 30 to June 2": both days.
    ("day_range", rf"\b(?:from\s+)?(?:the\s+)?{_ORD}(?:(?:\s+of)?\s+({_MONTH}))?{_TO}"
                  rf"(?:the\s+)?{_ORD}(?:\s+of)?\s+({_MONTH})\b\.?(?:,?\s+(\d{{4}}))?"),
    ("month_range", rf"\b(?:from\s+)?({_MONTH})\.?\s+{_ORD}{_TO}(?:({_MONTH})\.?\s+)?{_ORD}\b"
                    rf"(?:,?\s+(\d{{4}}))?"),
    # "for three weeks from May 2", "from the 4th of July for ten days": a stay from that date.
    ("for_from_date", rf"\bfor\s+(?:the\s+)?(?:next\s+)?({_NUM})\s+{_UNIT}\s+(?:from|starting"
                      rf"(?:\s+on)?|beginning)\s+{_A_DATE}"),
    ("from_date_for", rf"\b(?:from|starting(?:\s+on)?)\s+{_A_DATE}\s*,?\s+(?:for|over)\s+"
                      rf"(?:the\s+)?(?:next\s+)?({_NUM})\s+{_UNIT}"),
    ("weekday", rf"\b(?:(this\s+coming|this|next|coming|last|on|until|till|by)\s+)?({_DAY})\b"),
]]
# A rule whose every match is relative to the day it was said; for "weekday", the words that
# make one relative.
_RELATIVE_RULES = {"from_for", "for_from", "day_after", "relative_day", "in_n", "from_now",
                   "for_n", "n_ago", "end_of", "after_next", "day_of_next_month", "weekend",
                   "period", "day_of_month", "weekday_of_week", "week_on", "weekday_nth",
                   # a stay between two dates: its year is the coming one, and it dates the
                   # fact (not a habit, as a bare date may be)
                   "day_range", "month_range", "for_from_date", "from_date_for"}
_RELATIVE_LEADS = {"this", "next", "coming", "last", "until", "till", "by"}
# Words that make the time after them a bound ("until the end of April"), said before the
# phrase or as its first word.
UNTIL_WORDS = frozenset({"until", "till", "through", "by", "before", "within", "up"})
# ... and the verbs that give an end date: "the pass expires on 5 April", "the lease ends on
# the 30th" (the model wrote "runs until 5 April" as "expires on 5 April": no end date).
_ENDS = r"(?:ends?|expires?|runs?\s+out)(?:\s+on)?"  # not "ended on 3 May": a past day
_UNTIL = re.compile(rf"\b(?:until|till|through|up\s+to|by|before|{_ENDS})\s+$", re.I)
_ENDS_BEFORE = re.compile(rf"\b{_ENDS}\s+$", re.I)
# "until" earlier in the same clause: "staying with me until they fly back on the 26th" is a
# stay up to the 26th, as much as "staying until the 26th" is.
_UNTIL_IN_CLAUSE = re.compile(r"\b(?:until|till)\b[^,.;:!?]*$", re.I)
# A length of time up to now, not a coming span: "has been teaching for eight years", "been
# vegan for ten years", "taught for eight years now". The perfect's "been" earlier in the
# clause, or "now" right after.
_BEEN_IN_CLAUSE = re.compile(r"\bbeen\b[^,.;:!?]*$", re.I)
_NOW_AFTER = re.compile(r"^\s*(?:now|so far|already)\b", re.I)
# A length said with the time it falls in: "for a fortnight in April", "for two weeks next
# month", "for a few days over the summer" say how long, not that it starts today.
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


def _day(word: str) -> int:
    """A day of the month in digits or in words ("22", "twenty-second")."""
    return int(word) if word.isdigit() else ORDINAL_WORDS[word.lower()]


def _number(word: str) -> int:
    word = re.sub(r"\s+", " ", word.lower())
    return int(word) if word.isdigit() else NUMBERS[word]


def _next_date(today: date, month: int, day: int, year: str | None) -> date | None:
    try:
        if year:
            return date(int(year), month, day)
        found = date(today.year, month, day)
        return found if found >= today else date(today.year + 1, month, day)
    except ValueError:
        return None


def month_end(d: date) -> date:
    return d.replace(day=calendar.monthrange(d.year, d.month)[1])


def day_in_words(d: date) -> str:
    """A date as memories and the agents' prompts write it: "12 May 2026"."""
    return f"{d.day} {d:%B %Y}"


def _shift(which: str | None) -> int:
    """Periods ahead of the current one: "this" 0, "next" 1, "last" -1 (no word: this)."""
    word = (which or "this").split()[0].lower()
    return {"next": 1, "last": -1}.get(word, 0)


def _period(today: date, unit: str, shift: int) -> tuple[date, date]:
    """The whole week (Monday to Sunday), month or year `shift` periods from today's."""
    if unit == "week":
        start = today - timedelta(today.weekday()) + timedelta(7 * shift)
        return start, start + timedelta(6)
    if unit == "month":
        month = today.year * 12 + today.month - 1 + shift
        first = date(month // 12, month % 12 + 1, 1)
        return first, month_end(first)
    return date(today.year + shift, 1, 1), date(today.year + shift, 12, 31)


def _resolve(name: str, m: re.Match[str], today: date, past: bool = False,
             ) -> tuple[date, date] | None:
    """The days a rule's match covers; past: a bare weekday in a clause told in the past
    ("started on Monday") is the last one."""
    g = m.groups()
    if name == "iso":
        try:
            d = date(int(g[0]), int(g[1]), int(g[2]))
        except ValueError:
            return None
        return d, d
    if name == "day_month":
        d = _next_date(today, MONTHS[g[1].lower()], _day(g[0]), g[2])
        return (d, d) if d else None
    if name == "month_day":
        d = _next_date(today, MONTHS[g[0].lower()], int(g[1]), g[2])
        return (d, d) if d else None
    if name == "day_after":
        return today + timedelta(2), today + timedelta(2)
    if name == "relative_day":
        word = g[0].lower()
        shift = 1 if word == "tomorrow" else -1 if word == "yesterday" else 0
        return today + timedelta(shift), today + timedelta(shift)
    if name == "weekday_date":
        d = _next_date(today, MONTHS[g[1].lower()], int(g[0]), g[2])
        return (d, d) if d else None
    if name in ("day_range", "month_range"):
        if name == "day_range":
            first_day, first_month, last_day, last_month, year = g
        else:
            first_month, first_day, last_month, last_day, year = g
        last_month = last_month or first_month
        start = _next_date(today, MONTHS[(first_month or last_month).lower()], int(first_day),
                           year)
        end = _next_date(today, MONTHS[last_month.lower()], int(last_day), year)
        return (start, end) if start and end and start <= end else None
    if name in ("for_from_date", "from_date_for"):
        count, unit, *at = g if name == "for_from_date" else (*g[4:], *g[:4])
        day, month = (at[0], at[1]) if at[0] else (at[3], at[2])
        first = _next_date(today, MONTHS[month.lower()], int(day), None)
        if first is None:
            return None
        return first, first + timedelta(_number(count) * UNITS[unit.lower()] - 1)
    if name == "week_on":  # the coming weekday, and a week on
        target = WEEKDAYS.index((g[0] or g[1]).lower())
        d = today + timedelta((target - today.weekday()) % 7 or 7) + timedelta(7)
        return d, d
    if name == "weekday_nth":
        found = None
        for ahead in range(3):  # the coming such day whose weekday is the one named
            first = _period(today, "month", ahead)[0]
            try:
                d = first.replace(day=int(g[1]))
            except ValueError:
                continue
            if d >= today and d.weekday() == WEEKDAYS.index(g[0].lower()):
                found = (d, d)
                break
        return found
    if name == "from_now":
        days = _number(g[0]) * UNITS[g[1].lower()]
        base = g[2].lower()
        if base in WEEKDAYS:  # "a week from Friday": from the coming Friday
            base_day = today + timedelta((WEEKDAYS.index(base) - today.weekday()) % 7 or 7)
        else:
            base_day = today + timedelta(1 if base == "tomorrow" else 0)
        return base_day + timedelta(days), base_day + timedelta(days)
    if name in ("from_for", "for_from"):
        _, base, count, unit = g if name == "from_for" else (g[2], g[3], g[0], g[1])
        base = base.lower()
        if base in WEEKDAYS:  # the coming one ("from Monday"), as a bare weekday is
            first = today + timedelta((WEEKDAYS.index(base) - today.weekday()) % 7 or 7)
        else:
            first = today + timedelta(1 if base == "tomorrow" else 0)
        return first, first + timedelta(_number(count) * UNITS[unit.lower()] - 1)
    if name in ("in_n", "for_n", "n_ago"):
        count, unit = g[-2:]
        days = _number(count) * UNITS[unit.lower()]
        if name == "in_n":
            return today + timedelta(days), today + timedelta(days)
        if name == "for_n":
            return today, today + timedelta(days - 1)
        return today - timedelta(days), today - timedelta(days)
    if name == "end_of":
        end = _period(today, g[1].lower(), _shift(g[0]))[1]
        return end, end
    if name == "end_of_month":
        month = MONTHS[g[0].lower()]
        year = today.year if month >= today.month else today.year + 1
        end = month_end(date(year, month, 1))
        return end, end
    if name == "day_of_month":
        day = _day(g[0] or g[1])
        for ahead in range(2):  # this month's, else next month's
            first = _period(today, "month", ahead)[0]
            if day <= calendar.monthrange(first.year, first.month)[1]:
                d = first.replace(day=day)
                if d >= today:
                    return d, d
        return None
    if name == "day_of_next_month":
        first = _period(today, "month", _shift(g[1]))[0]
        try:
            d = first.replace(day=_day(g[0]))
        except ValueError:
            return None
        return d, d
    if name == "after_next":
        unit = g[0].lower()
        if unit in WEEKDAYS:  # the one after the coming one
            d = today + timedelta((WEEKDAYS.index(unit) - today.weekday()) % 7 or 7) + timedelta(7)
            return d, d
        if unit == "weekend":
            saturday = today - timedelta(today.weekday()) + timedelta(19)
            return saturday, saturday + timedelta(1)
        return _period(today, unit, 2)
    monday = today - timedelta(today.weekday())
    if name == "weekend":
        saturday = monday + timedelta(5 + 7 * _shift(g[0]))
        return saturday, saturday + timedelta(1)
    if name == "period":
        start, end = _period(today, g[1].lower(), _shift(g[0]))
        return (today if _shift(g[0]) == 0 else start), end
    if name == "weekday_range":
        start, end = (WEEKDAYS.index(d.lower()) for d in g[:2])
        if g[2] is None:  # from the coming first day
            first = today + timedelta((start - today.weekday()) % 7 or 7) - timedelta(start)
        else:
            first = _period(today, "week", _shift(g[2]))[0]
        return first + timedelta(start), first + timedelta(end if end >= start else end + 7)
    if name == "weekday_of_week":
        d = _period(today, "week", _shift(g[1]))[0] + timedelta(WEEKDAYS.index(g[0].lower()))
        return d, d
    if name == "weekday":
        target = WEEKDAYS.index(g[1].lower())
        if (g[0] or "").lower() == "last" or past:
            back = (today.weekday() - target) % 7 or 7
            return today - timedelta(back), today - timedelta(back)
        ahead = (target - today.weekday()) % 7 or 7
        return today + timedelta(ahead), today + timedelta(ahead)
    return None


def _up_to_now(text: str, m: re.Match[str]) -> bool:
    """A "for two years" that reaches back to now ("has been teaching for eight years", "for
    eight years now"), unless it says "next" or "coming"."""
    if re.search(r"\b(?:next|coming)\b", m.group(0), re.I):
        return False
    return bool(_BEEN_IN_CLAUSE.search(text[:m.start()]) or _NOW_AFTER.match(text[m.end():]))


# A weekday after an article or a possessive names a thing, not a day: "the Saturday market",
# "a Sunday roast", "my Monday class".
_NAMES_A_THING = re.compile(r"\b(?:the|a|an|my|our|your|his|her|their|its)\s+$", re.I)
# The clause a time phrase ends: back to the last punctuation or joining word.
_CLAUSE_START = re.compile(r"[,.;:!?]|\b(?:and|but|so|because|while|when)\b", re.I)
# Past forms that are as often present ("I put the bins out on Monday"), a habit ("used to"),
# and the words of a coming time ("I've booked a table on Friday", "will have finished").
_NOT_PAST = frozenset("put set let cut hurt hit shut quit read used".split())
_COMING = frozenset("will 'll going gonna have has 've shall".split())


def _told_in_the_past(before: str) -> bool:
    """Whether the clause a bare weekday ends is told in the simple past: "my daughter started
    nursery on (Monday)", "I was at the dentist on (Friday)"; not "I've booked a table on"."""
    clause = _CLAUSE_START.split(before)[-1].lower()
    words = re.findall(r"[a-z]+(?:'[a-z]+)?", clause)
    if any(w in _COMING or w.endswith(("'ll", "'ve")) for w in words):
        return False
    return any(w in ("was", "were", "did", "had") or (is_past_form(w) and w not in _NOT_PAST
               and (w in PAST_FORMS or len(w) >= 5 or w.endswith("ied"))) for w in words)


def find_span(text: str, today: date) -> Span | None:
    """The first time expression in the text (the earliest; the longest where two start
    together), resolved against today; None if there is none."""
    found: list[tuple[int, int, Span]] = []
    for name, rule in _RULES:
        for m in rule.finditer(text):
            lead = m.group(0).split()[0].lower()
            before = text[:m.start()]
            bare_day = name == "weekday" and lead in (m.group(2).lower(), "on")
            if bare_day and _NAMES_A_THING.search(before):
                continue  # "the Saturday market", "my Monday class": no date
            past = bare_day and _told_in_the_past(before)
            days = _resolve(name, m, today, past)
            if days is None or (name == "for_n" and (
                    _up_to_now(text, m) or _WHEN_AFTER.match(text[m.end():]))):
                continue
            until = (lead in UNTIL_WORDS or bool(_UNTIL.search(before))
                     or bool(_UNTIL_IN_CLAUSE.search(before)))
            relative = (name in _RELATIVE_RULES or past
                        or (name == "weekday" and lead in _RELATIVE_LEADS)
                        or (name == "weekday_range" and m.group(3) is not None))
            found.append((m.start(), -len(m.group(0)),
                          Span(days[0], days[1], m.group(0).strip(), until, relative)))
            break
    if not found:
        return None
    at, minus_length, first = min(found, key=lambda f: (f[0], f[1]))
    return _to_the_end(text, at - minus_length, first, today) or first


# Between a start and the day a stay ends: "tomorrow for a work trip, back on the 30th", "from
# Monday until Friday". Words of a return or "until" right before the second time, in the
# same sentence, not far on.
_BACK_WORD = re.compile(r"\b(?:back|home|returning|until|till)\b", re.I)
_BACK_REACH = 60  # the 40 characters _BACK_BEFORE allows, and the word itself
_BACK_BEFORE = re.compile(r"^[^.;!?]{0,40}?\b(?:back|home|returning|until|till)(?:\s+on)?\s*$",
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
            lead in ("until", "till") and re.match(r"^[^.;!?]{0,40}$", rest[:at]))):
        return None
    phrase = text[end - len(first.phrase):end + at + len(later.phrase)]
    return Span(first.start, later.end, phrase, False, first.relative or later.relative)


def validity(text: str, today: date) -> tuple[str | None, str | None]:
    """(valid_from, valid_until) for a memory whose text was said today; (None, None) if it
    names no time, or only the past."""
    span = find_span(text, today)
    if span is None or span.end < today:
        return None, None
    if span.until:
        return None, span.end.isoformat()
    return span.start.isoformat(), span.end.isoformat()
