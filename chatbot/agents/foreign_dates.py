"""Relative times said in the other languages the agents read, resolved in code as English ones
are.

A part in another language is kept in the user's own words ('Said: "..."', agents/own_words.py),
and the time parser (chatbot.memory.timeparse) reads English only: "tra tre settimane vado a
Brindisi" was kept with no date, and three weeks later it still read as coming (sealed49).
Here the few relative phrases of Italian, Spanish, French, German, Portuguese and Dutch that
say a day or a span from today ("in three weeks", "tomorrow", "the day after tomorrow", "next
week") are read as their English words, and the memory gets the date they mean, in English,
after the user's words: 'Said: "... tra tre settimane vado a Brindisi ..." (on 5 April 2024)'.
A closed class of words per language, not a translation.
"""

from __future__ import annotations

import re
from datetime import date

from chatbot.agents.new_facts import _written
from chatbot.memory.timeparse import find_span

# Numbers one to ten: Italian, Spanish, French, German, Portuguese, Dutch.
_NUMBERS = {
    1: "uno una un une ein eine einem einer um uma een",
    2: "due dos deux zwei dois duas twee",
    3: "tre tres trois drei três drie",
    4: "quattro cuatro quatre vier quatro",
    5: "cinque cinco cinq fünf vijf",
    6: "sei seis six sechs zes",
    7: "sette siete sept sieben sete zeven",
    8: "otto ocho huit acht oito",
    9: "nove nueve neuf neun negen",
    10: "dieci diez dix zehn dez tien",
}
_NUMBER = {w: n for n, words in _NUMBERS.items() for w in words.split()}
_UNITS = {
    "day": "giorno giorni día días dia dias jour jours tag tagen tage dag dagen",
    "week": "settimana settimane semana semanas semaine semaines woche wochen week weken",
    "month": "mese mesi mes meses mois monat monaten monate mês maand maanden",
}
_UNIT = {w: unit for unit, words in _UNITS.items() for w in words.split()}
_IN = r"tra|fra|en|dentro\s+de|dans|in|em|daqui\s+a|binnen"
_IN_N = re.compile(rf"\b(?:{_IN})\s+(\d{{1,2}}|{'|'.join(_NUMBER)})\s+({'|'.join(_UNIT)})\b",
                   re.I)
# Whole phrases, longest first: "pasado mañana" before "mañana".
_PHRASES = [(re.compile(rx, re.I), english) for rx, english in [
    (r"\b(?:dopodomani|pasado\s+mañana|après-demain|übermorgen|overmorgen|"
     r"depois\s+de\s+amanhã)\b", "the day after tomorrow"),
    (r"\b(?:la\s+prossima\s+settimana|la\s+settimana\s+prossima|la\s+próxima\s+semana|"
     r"la\s+semana\s+que\s+viene|la\s+semaine\s+prochaine|nächste\s+woche|"
     r"volgende\s+week|(?:a\s+)?próxima\s+semana|semana\s+que\s+vem)\b", "next week"),
    # "mañana" and "Morgen" are also the morning: not after an article or "por"/"guten".
    (r"\b(?:domani|demain|amanhã)\b|(?<!la\s)(?<!por\s)(?<!esta\s)\bmañana\b"
     r"|(?<![Gg]uten\s)(?<![Dd]en\s)(?<![Aa]m\s)\bmorgen\b", "tomorrow"),
]]


def as_english_times(text: str) -> str:
    """The text with the relative times of the languages above in English words."""
    def in_n(m: re.Match[str]) -> str:
        n = m.group(1)
        count = int(n) if n.isdigit() else _NUMBER[n.lower()]
        unit = _UNIT[m.group(2).lower()]
        return f"in {count} {unit}{'s' if count > 1 else ''}"
    out = _IN_N.sub(in_n, text)
    for pattern, english in _PHRASES:
        out = pattern.sub(english, out)
    return out


def with_foreign_date(said: str, day: date | None) -> str:
    """The memory in the user's words with the date its relative time means, in brackets
    after it, when the words say one in one of the languages above ("(on 5 April 2024)");
    else as it is."""
    if day is None:
        return said
    english = as_english_times(said)
    if english == said:
        return said
    span = find_span(english, day)
    if span is None or not span.relative:
        return said
    return f"{said} ({_written(span, '')})"
