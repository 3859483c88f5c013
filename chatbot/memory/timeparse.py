"""Dates in the user's words, resolved against the day they were said.

`find_span(text, today)` finds the first time expression and returns the days it covers:
"tomorrow", "next week" (Monday to Sunday), "this weekend", "next Friday", "on 3 May",
"May 3rd, 2027", "in two days", "for two weeks", "until Friday", "2026-05-03", "last week".
`validity(text, today)` turns that into a memory's (valid_from, valid_until) ISO dates: a fact
about a coming or current span holds until its last day; a fact about the past ("went to Rome
last week") is history, true for good, so it gets no end.

Conventions: a bare or "next" weekday is the first such day after today ("next Friday" said on
a Wednesday is in two days); a day and month without a year is the next one on or after today.
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
NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
           "a couple of": 2, "a few": 3}
UNITS = {"day": 1, "week": 7, "fortnight": 14, "month": 30, "year": 365}

_DAY = "|".join(WEEKDAYS)
_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
_NUM = r"\d{1,3}|" + "|".join(sorted(NUMBERS, key=len, reverse=True))
_UNIT = r"(day|week|fortnight|month|year)s?"
_ORD = r"(\d{1,2})(?:st|nd|rd|th)?"

_RULES: list[tuple[str, re.Pattern[str]]] = [(name, re.compile(rx, re.I)) for name, rx in [
    ("iso", r"\b(\d{4})-(\d{2})-(\d{2})\b"),
    ("day_month", rf"\b(?:on\s+)?(?:the\s+)?{_ORD}(?:\s+of)?\s+({_MONTH})\b\.?(?:,?\s+(\d{{4}}))?"),
    ("month_day", rf"\b(?:on\s+)?({_MONTH})\.?\s+{_ORD}\b(?:,?\s+(\d{{4}}))?"),
    ("day_after", r"\bthe\s+day\s+after\s+tomorrow\b"),
    ("relative_day",
     r"\b(today|tonight|this\s+(?:morning|afternoon|evening)|tomorrow|yesterday)\b"),
    ("in_n", rf"\bin\s+({_NUM})\s+{_UNIT}"),
    ("for_n", rf"\bfor\s+(?:the\s+next\s+)?({_NUM})\s+{_UNIT}"),
    ("n_ago", rf"\b({_NUM})\s+{_UNIT}\s+ago\b"),
    ("weekend", r"\b(this|next|last)\s+weekend\b"),
    ("period", r"\b(this|next|last)\s+(week|month|year)\b"),
    ("weekday", rf"\b(?:(this|next|last|on|until|till|by)\s+)?({_DAY})\b"),
]]
_UNTIL = re.compile(r"\b(?:until|till|through|up\s+to)\s+$", re.I)


@dataclass(frozen=True)
class Span:
    """The days a time expression covers (both ends included), and the words it was."""

    start: date
    end: date
    phrase: str
    until: bool = False  # "until Friday": the fact holds now and up to `end`


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


def _month_end(d: date) -> date:
    return d.replace(day=calendar.monthrange(d.year, d.month)[1])


def _resolve(name: str, m: re.Match[str], today: date) -> tuple[date, date] | None:
    g = m.groups()
    if name == "iso":
        try:
            d = date(int(g[0]), int(g[1]), int(g[2]))
        except ValueError:
            return None
        return d, d
    if name == "day_month":
        d = _next_date(today, MONTHS[g[1].lower()], int(g[0]), g[2])
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
    if name in ("in_n", "for_n", "n_ago"):
        days = _number(g[0]) * UNITS[g[1].lower()]
        if name == "in_n":
            return today + timedelta(days), today + timedelta(days)
        if name == "for_n":
            return today, today + timedelta(days - 1)
        return today - timedelta(days), today - timedelta(days)
    monday = today - timedelta(today.weekday())
    if name == "weekend":
        shift = {"this": 0, "next": 7, "last": -7}[g[0].lower()]
        saturday = monday + timedelta(5 + shift)
        return saturday, saturday + timedelta(1)
    if name == "period":
        which, unit = g[0].lower(), g[1].lower()
        if unit == "week":
            start = monday + timedelta({"this": 0, "next": 7, "last": -7}[which])
            return (today if which == "this" else start), start + timedelta(6)
        if unit == "month":
            first = today.replace(day=1)
            if which == "next":
                first = _month_end(first) + timedelta(1)
            elif which == "last":
                first = (first - timedelta(1)).replace(day=1)
            return (today if which == "this" else first), _month_end(first)
        year = today.year + {"this": 0, "next": 1, "last": -1}[which]
        return (today if which == "this" else date(year, 1, 1)), date(year, 12, 31)
    if name == "weekday":
        target = WEEKDAYS.index(g[1].lower())
        if (g[0] or "").lower() == "last":
            back = (today.weekday() - target) % 7 or 7
            return today - timedelta(back), today - timedelta(back)
        ahead = (target - today.weekday()) % 7 or 7
        return today + timedelta(ahead), today + timedelta(ahead)
    return None


def find_span(text: str, today: date) -> Span | None:
    """The first time expression in the text (the earliest; the longest where two start
    together), resolved against today; None if there is none."""
    found: list[tuple[int, int, Span]] = []
    for name, rule in _RULES:
        for m in rule.finditer(text):
            days = _resolve(name, m, today)
            if days is None:
                continue
            lead = m.group(0).split()[0].lower()
            until = lead in ("until", "till", "by") or bool(_UNTIL.search(text[:m.start()]))
            found.append((m.start(), -len(m.group(0)),
                          Span(days[0], days[1], m.group(0).strip(), until)))
            break
    if not found:
        return None
    return min(found, key=lambda f: (f[0], f[1]))[2]


def validity(text: str, today: date) -> tuple[str | None, str | None]:
    """(valid_from, valid_until) for a memory whose text was said today; (None, None) if it
    names no time, or only the past."""
    span = find_span(text, today)
    if span is None or span.end < today:
        return None, None
    if span.until:
        return None, span.end.isoformat()
    return span.start.isoformat(), span.end.isoformat()
