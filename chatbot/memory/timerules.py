"""The time expressions chatbot.memory.timeparse reads, as rules, and the days each covers.

`RULES` are (name, pattern) pairs; `resolve(name, match, today)` gives the first and last day
a match means, said on `today`. `RELATIVE_RULES` names the rules whose every match only means
a date against the day it was said; for "weekday", `RELATIVE_LEADS` are the words that make
it one.
"""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta

from chatbot.memory.timewords import MONTHS, NUMBERS, ORDINAL_WORDS, UNITS, WEEKDAYS

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
_TO = r"\s*(?:to|until|till?|through|thru|-|\u2013)\s*"
# A day of a month either way round: "the 2nd of May", "2 May", "May 2" (4 groups).
_A_DATE = rf"(?:the\s+)?(?:{_ORD}(?:\s+of)?\s+({_MONTH})|({_MONTH})\.?\s+{_ORD})\b"

RULES: list[tuple[str, re.Pattern[str]]] = [(name, re.compile(rx, re.I)) for name, rx in [
    ("iso", r"\b(\d{4})-(\d{2})-(\d{2})\b"),
    ("day_month", rf"\b(?:on\s+)?(?:the\s+)?{_ORD_ANY}(?:\s+of)?\s+({_MONTH})\b\.?"
                  rf"(?:,?\s+(\d{{4}}))?"),
    ("month_day", rf"\b(?:on\s+)?({_MONTH})\.?\s+{_ORD}\b(?:,?\s+(\d{{4}}))?"),
    # "Friday 5 June": the date says which Friday.
    ("weekday_date", rf"\b(?:on\s+)?(?:{_DAY}),?\s+(?:the\s+)?{_ORD}(?:\s+of)?\s+({_MONTH})\b"
                     rf"\.?(?:,?\s+(\d{{4}}))?"),
    ("day_after", r"\bthe\s+day\s+after\s+tomorrow\b"),
    ("relative_day",
     r"\b(today|tonight|this\s+(?:morning|afternoon|evening)|tomorrow|yesterday"
     r"|tmrw|tmr|tmrow|tomoz|tomorow|2moro|2morrow)\b"),  # chat's "tmrw" (sealed35)
    ("in_n", rf"\b(in|within)\s+({_NUM})\s+{_UNIT}(?:['\u2019]s?\s+time\b)?"),
    # "a week on Saturday", "Tuesday week": that weekday a week after the coming one.
    # ("next Tuesday week" too: sealed54 stored "next Tuesday" and a stray "week")
    ("week_on", rf"\b(?:a\s+week\s+on\s+({_DAY})|(?:on\s+)?(?:next\s+)?({_DAY})\s+week)\b"),
    # "Wednesday coming" (British, "this coming Wednesday"): the coming one, even after a verb
    # in the past ("my exam got moved to wednesday coming", sealed25: it was the last one).
    ("weekday_coming", rf"\b(?:on\s+)?({_DAY})\s+coming\b"),
    # "Friday the 22nd": the coming 22nd (the weekday named must be its weekday).
    ("weekday_nth", rf"\b(?:on\s+)?({_DAY})\s+(?:the\s+)?(\d{{1,2}})(?:st|nd|rd|th)\b"),
    ("from_now", rf"\b({_NUM})\s+{_UNIT}\s+from\s+(now|today|tomorrow|{_DAY})\b"),
    # (not "for a week on Friday": that Friday, sealed52 stored it as this week)
    ("for_n", rf"\b(?:for|over|during)\s+(?:the\s+)?(?:next\s+|coming\s+)?({_NUM})\s+{_UNIT}"
              rf"(?!\s+on\s+(?:{_DAY}))"),
    ("n_ago", rf"\b({_NUM})\s+{_UNIT}\s+ago\b"),
    ("end_of", rf"\b(?:at\s+)?(?:the\s+)?end\s+of\s+(?:the\s+|{_WHICH}\s+)?(week|month|year)\b"),
    ("end_of_month", rf"\b(?:at\s+)?(?:the\s+)?end\s+of\s+({_MONTH})\b"),
    ("after_next", rf"\b(?:on\s+)?(?:the\s+)?(week|weekend|month|year|{_DAY})\s+after\s+next\b"),
    ("day_of_next_month", rf"\b(?:on\s+)?the\s+{_ORD_ANY}\s+of\s+(this|next)\s+month\b"),
    ("weekend", rf"\b{_WHICH}\s+weekend\b"),
    ("period", rf"\b{_WHICH}\s+(week|month|year)\b"),
    # "on the 15th" (or "on 15th", "until the 20th"), but not "on the 2nd floor": only where
    # the phrase ends (a clause after it too: "until the 3rd while shes away", sealed43).
    ("day_of_month", r"\b(?:on|until|till?|by|from|through)\s+(?:the\s+)?"
                     r"(?:(\d{1,2})(?:st|nd|rd|th)|("
                     + "|".join(sorted(ORDINAL_WORDS, key=len, reverse=True)) + r"))\b"
                     r"(?=\s*$|\s*[.,;:!?)]|\s+(?:at|and|but|or|so|for|when|while|because|bc|"
                     r"cos|since|unless|if|of\s+the\s+month)\b"
                     # or an emoji or a laugh: "the wedding is on the 30th 😅" (sealed40)
                     r"|\s*[\u2600-\u27bf\U0001f000-\U0001faff]|\s+(?:lol|lmao|haha\w*|tho|though|"
                     r"then)\b)"),
    # "from Tuesday to Saturday next week": those days of the week named. Without a week, the
    # coming ones, and not relative: as often a habit ("works Monday to Friday").
    ("weekday_range", rf"\b(?:from\s+)?({_DAY})\s*(?:to|until|till?|through|thru|-|\u2013)\s*"
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
    # "from April 1st to the 20th" (sealed26: it had read April 1st alone)
    ("month_range", rf"\b(?:from\s+)?({_MONTH})\.?\s+{_ORD}{_TO}(?:the\s+)?(?:({_MONTH})\.?\s+)?"
                    rf"{_ORD}\b(?:,?\s+(\d{{4}}))?"),
    # "for three weeks from May 2", "from the 4th of July for ten days": a stay from that date.
    ("for_from_date", rf"\bfor\s+(?:the\s+)?(?:next\s+)?({_NUM})\s+{_UNIT}\s+(?:from|starting"
                      rf"(?:\s+on)?|beginning)\s+{_A_DATE}"),
    # "for three weeks from the start of May": from that part of the month.
    ("for_from_part", rf"\bfor\s+(?:the\s+)?(?:next\s+)?({_NUM})\s+{_UNIT}\s+(?:from|starting(?:\s+"
                      rf"(?:on|at|in))?|beginning)\s+(?:the\s+)?(start|beginning|middle|end)\s+"
                      rf"of\s+({_MONTH})\b"),
    ("from_date_for", rf"\b(?:from|starting(?:\s+on)?)\s+{_A_DATE}\s*,?\s+(?:for|over)\s+"
                      rf"(?:the\s+)?(?:next\s+)?({_NUM})\s+{_UNIT}"),
    ("weekday", rf"\b(?:(this\s+coming|this|next|coming|last|on|until|till?|by)\s+)?({_DAY})\b"),
]]
# A rule whose every match is relative to the day it was said; for "weekday", the words that
# make one relative.
RELATIVE_RULES = {"from_for", "for_from", "day_after", "relative_day", "in_n", "from_now",
                   "for_n", "n_ago", "end_of", "after_next", "day_of_next_month", "weekend",
                   "period", "day_of_month", "weekday_of_week", "week_on", "weekday_nth",
                   "weekday_coming",
                   # a stay between two dates: its year is the coming one, and it dates the
                   # fact (not a habit, as a bare date may be)
                   "day_range", "month_range", "for_from_date", "from_date_for", "for_from_part"}
RELATIVE_LEADS = {"this", "next", "coming", "last", "until", "till", "til", "by"}


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


def resolve(name: str, m: re.Match[str], today: date, past: bool = False,
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
        shift = 0 if word.startswith(("today", "tonight", "this")) else (
            -1 if word == "yesterday" else 1)
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
    if name == "for_from_part":
        count, unit, part, month = g
        first = _next_date(today, MONTHS[month.lower()], 1, None)
        if first is None:
            return None
        if part.lower() == "middle":
            first = first.replace(day=15)
        elif part.lower() == "end":
            first = month_end(first)
        return first, first + timedelta(_number(count) * UNITS[unit.lower()] - 1)
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
    if name == "weekday_coming":
        target = WEEKDAYS.index(g[0].lower())
        d = today + timedelta((target - today.weekday()) % 7 or 7)
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
