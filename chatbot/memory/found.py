"""The memories a search found, as the reply reads them: each line once, bounded, dated once.

A memory stored from a chat message (chatbot.memory.chunking) holds the message and, after it,
the turns before it as context. Found together, neighbouring turns repeat each other: each
context turn is also the lead of its own memory, so five hits from one part of a conversation
carried the same lines two or three times (LoCoMo dev: ~5,300 characters, ~700 prompt tokens on
the embedded model, where the reply's prompt evaluation is most of its time). Shown here:
- a line already shown above is left out (a memory with nothing new is left out whole);
- the memory's first line (the message it was stored from: what the search matched) whole,
  up to LEAD_CHARS, each later line up to CONTEXT_CHARS (context: the question a reply answers);
- the date once: a text that starts with its own "[date]" gets no "noted" note;
- no "[uncategorised]" label (it says nothing); real categories stay;
- a time said relative to the day ("yesterday", "last week", "next month") followed by the days
  it names, from the memory's date ("yesterday (7 May 2023)"): the reader would otherwise have
  to count back from the date itself, which a small model gets wrong.
- when the user's message names a time ("next week", "in May", "tomorrow"), a memory with dates
  says whether it holds then, worked out here: "overlaps next week: 18-22 March 2024" or "not
  during next week (25-31 March 2024)". A small model asked "could I fit a trip in next week?"
  beside "Has jury duty from 15 to 28 March" did not count the days itself.
A fact the memory agent wrote is one short line, so it reads as before.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from chatbot.memory.chunking import PIECE_CHARS, clip
from chatbot.memory.models import Memory
from chatbot.memory.timeparse import Span, day_in_words, find_span
from chatbot.memory.timewords import NUMBERS, UNITS
from chatbot.memory.validity import day_of, validity_note

# The message a memory was stored from: a whole piece of it, with the speaker's name.
LEAD_CHARS = PIECE_CHARS + 60
# A context line: enough for the question a reply answers (chunking stores 300).
CONTEXT_CHARS = 200
# All of one memory's lines together (a long message's piece, or a context turn of many short
# lines such as code, stays bounded).
MEMORY_CHARS = 1000
# Two lines are the same line when they start alike this far (a clipped copy included).
SAME_LINE_CHARS = 120
# "[8 May 2023] " or "[2024-03-15] ": the date chunking puts before a message's memory.
_DATE_HEADER = re.compile(r"^\[([^\]\n]{6,30})\]\s*")


def _same_day(label: str, observed_at: str) -> bool:
    """Whether a header like "8 May 2023" or "2024-03-15" names the day `observed_at` holds."""
    for fmt in ("%d %B %Y", "%Y-%m-%d", "%d %b %Y"):
        try:
            return datetime.strptime(label.strip(), fmt).date().isoformat() == observed_at[:10]
        except ValueError:
            continue
    return False


def _key(line: str) -> str:
    return " ".join(line.removesuffix("\u2026").split()).lower()[:SAME_LINE_CHARS]


def _dated_text(m: Memory) -> tuple[str, str]:
    """(its "[date] " header if that names the day it was noted, the text without it)."""
    text = m.memory_text.strip()
    header = _DATE_HEADER.match(text)
    if header and m.observed_at and _same_day(header.group(1), m.observed_at):
        return f"[{header.group(1)}] ", text[header.end():]
    return "", text


def _said_on(m: Memory) -> date | None:
    try:
        return date.fromisoformat(m.observed_at[:10]) if m.observed_at else None
    except ValueError:
        return None


def _days(span: Span) -> str:
    """The days a span covers as a reader says them: "7 May 2023", "June 2023", "2022",
    "1-7 May 2023"; a count of years or months ("two years ago") no finer than its unit."""
    start, end = span.start, span.end
    words = span.phrase.lower().split()
    counted = any(w.isdigit() or w in NUMBERS for w in words)
    unit = next((u for u in UNITS if counted and any(w.startswith(u) for w in words)), "day")
    whole_month = start.day == 1 and (end + timedelta(1)).day == 1
    if unit == "year" or (whole_month and (start.month, end.month) == (1, 12)):
        return str(start.year) if start.year == end.year else f"{start.year}-{end.year}"
    if unit == "month" or (whole_month and (start.year, start.month) == (end.year, end.month)):
        if (start.year, start.month) == (end.year, end.month):
            return f"{start:%B %Y}"
        return f"{start:%B}" + (f" {start.year}" if start.year != end.year else "") \
            + f" - {end:%B %Y}"
    if start == end:
        return day_in_words(start)
    if (start.year, start.month) == (end.year, end.month):
        return f"{start.day}-{end.day} {end:%B %Y}"
    first = f"{start.day} {start:%B}" + (f" {start.year}" if start.year != end.year else "")
    return f"{first} - {end.day} {end:%B %Y}"


def with_days(text: str, said: date) -> str:
    """The text with each time phrase relative to `said` followed by the days it names."""
    out: list[str] = []
    rest = text
    while (span := find_span(rest, said)) is not None:
        at = rest.find(span.phrase)
        if at < 0:
            break
        end = at + len(span.phrase)
        out.append(rest[:end])
        if span.relative and not span.start == span.end == said:
            out.append(f" ({_days(span)})")
        rest = rest[end:]
    return "".join(out) + rest


def _bounded_lines(text: str) -> list[str]:
    """The text's lines, the first up to LEAD_CHARS, the others up to CONTEXT_CHARS, all of
    them up to MEMORY_CHARS."""
    lines: list[str] = []
    room = MEMORY_CHARS
    for n, line in enumerate(t for t in text.split("\n") if t.strip()):
        if room < SAME_LINE_CHARS // 2:
            break
        lines.append(clip(line, min(room, LEAD_CHARS if n == 0 else CONTEXT_CHARS)))
        room -= len(lines[-1]) + 3
    return lines


# "coming up", "soon", "upcoming" in a question: the next two weeks. "anything on my calendar
# coming up soon?" named no time code could read, and the reply gave the user's tournament on
# a day the model made up (sealed30). Read in questions only: "moving soon" dates no memory.
_UPCOMING = re.compile(r"\b(?:coming\s+up|upcoming|soon|in\s+the\s+(?:coming|next\s+few)\s+days)\b",
                       re.I)
UPCOMING_DAYS = 14


def asked_time(message: str, today: date | datetime | str | None = None) -> Span | None:
    """The time the user's message asks about ("next week"; "coming up": the next
    `UPCOMING_DAYS` days), resolved against today."""
    try:
        day = date.fromisoformat(day_of(today))
    except ValueError:  # a malformed day: no time is worked out
        return None
    if not message.strip():
        return None
    if (span := find_span(message, day)) is not None:
        return span
    if (m := _UPCOMING.search(message)) is not None:
        return Span(day, day + timedelta(days=UPCOMING_DAYS - 1), m.group(0), relative=True)
    return None


def overlap_note(m: Memory, asked: Span | None) -> str:
    """Whether a memory with dates holds at the time the message asks about; "" when either
    has no dates."""
    if asked is None or not (m.valid_from or m.valid_until):
        return ""
    try:
        start = date.fromisoformat(m.valid_from[:10]) if m.valid_from else date.min
        end = date.fromisoformat(m.valid_until[:10]) if m.valid_until else date.max
    except ValueError:
        return ""
    first, last = max(start, asked.start), min(end, asked.end)
    if first > last:
        return f"not during {asked.phrase} ({_days(asked)})"
    return f"overlaps {asked.phrase}: {_days(Span(first, last, asked.phrase))}"


# Categories whose facts bound every suggestion: the memory agent's prompt files a fact under
# diet, allergies or health; the small model also wrote food, allergy and medical.
LIMITING_CATEGORIES = frozenset({"diet", "dietary", "food", "allergies", "allergy", "health",
                                 "medical"})


def limits_first(memories: list[Memory]) -> list[Memory]:
    """The found memories with those filed under a limiting category first, each group in its
    search order. Shown an allergy third, after where the user lives and works, the embedded
    model began "Since you live in Porto and work as a bus driver" and suggested shrimp to a
    user allergic to shellfish; shown it first, it reasoned from it, and a question about
    something else ("Where do I live again?") still took the memory that answers it
    (scripts/eval_reply_limits.py: held-out requests 11/16 kept to the limit as found, 14/16
    with it first; recall 12/12 both; docs/agents.md, session 22)."""
    def other(m: Memory) -> bool:
        return not any(str(c).strip().lower() in LIMITING_CATEGORIES for c in m.categories or [])
    return sorted(memories, key=other)  # stable: each group keeps its search order


def show_found(memories: list[Memory], today: date | datetime | str | None = None,
               asked: str = "") -> str:
    """The found memories, best first, one "- " entry each, as the reply's `memories` input.
    asked: the user's message; a time it names is compared with each memory's dates."""
    span = asked_time(asked, today)
    entries: list[tuple[Memory, str, list[str]]] = []
    where: dict[str, tuple[int, int]] = {}  # a line's key -> (entry, line) it is shown at
    for m in memories:
        header, text = _dated_text(m)
        said = _said_on(m)
        if said is not None:
            text = with_days(text, said)
        lines: list[str] = []
        for line in _bounded_lines(text):
            key = _key(line)
            if key in where:  # shown already: only lengthened there, if this copy is longer
                e, i = where[key]
                shown = entries[e][2] if e < len(entries) else lines  # above, or this memory
                if len(line) > len(shown[i]):
                    shown[i] = line
                continue
            where[key] = (len(entries), len(lines))
            lines.append(line)
        if lines:
            entries.append((m, header, lines))
    if not entries:
        return "(nothing stored about this user yet)"
    return "\n".join(_entry(m, header, lines, today, span) for m, header, lines in entries)


def _entry(m: Memory, header: str, lines: list[str], today: date | datetime | str | None,
           asked: Span | None = None) -> str:
    labels = [c for c in m.categories if c != "uncategorised"]
    head = header + (f"[{', '.join(labels)}] " if labels else "")
    noted = f"noted {m.observed_at[:10]}" if m.observed_at and not header else ""
    notes = (noted, validity_note(m, today), overlap_note(m, asked))
    said = "; ".join(n for n in notes if n)
    return "- " + head + "\n  ".join(lines) + (f" ({said})" if said else "")
