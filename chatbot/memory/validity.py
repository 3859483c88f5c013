"""What a memory's dates (valid_from / valid_until) say on a given day, and how a memory reads
with them: the response agent and the tables show "until 2026-12-13" on a fact that still
holds and "past: until 2026-11-20" on one that no longer does, so the model can answer about
the past without taking it for the present."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Literal

from chatbot.memory.models import Memory
from chatbot.memory.timeparse import day_in_words

Status = Literal["current", "upcoming", "past"]


def day_of(today: date | datetime | str | None) -> str:
    """The day as an ISO date ("2026-12-04"); None is today (UTC)."""
    if today is None:
        return datetime.now(UTC).date().isoformat()
    if isinstance(today, datetime):
        return today.date().isoformat()
    return today.isoformat() if isinstance(today, date) else str(today)[:10]


def status(m: Memory, today: date | datetime | str | None = None) -> Status:
    """past once valid_until is before the day, upcoming before valid_from, else current."""
    day = day_of(today)
    if m.valid_until and m.valid_until[:10] < day:
        return "past"
    if m.valid_from and m.valid_from[:10] > day:
        return "upcoming"
    return "current"


def says_its_dates(m: Memory) -> bool:
    """The memory's text already gives its dates in words ("Is in Lima until 30 April 2026"):
    the agent would only read them twice."""
    text = m.memory_text
    try:
        wanted = [day_in_words(date.fromisoformat(d[:10]))
                  for d in (m.valid_from, m.valid_until) if d]
    except ValueError:
        return False
    last = wanted[-1] if wanted else ""
    # A span written "from 29 April to 12 May 2026" names the year once, at its end.
    return bool(wanted) and last in text and all(w.rsplit(" ", 1)[0] in text for w in wanted)


def validity_note(m: Memory, today: date | datetime | str | None = None) -> str:
    """The dates as the agent reads them; empty for a fact with no dates, or one whose text
    gives them and that still holds (a past one is always marked past)."""
    start, end = (m.valid_from or "")[:10], (m.valid_until or "")[:10]
    if not start and not end:
        return ""
    if status(m, today) != "past" and says_its_dates(m):
        return ""
    span = " ".join(p for p in (start and f"from {start}", end and f"until {end}") if p)
    return f"past: {span}" if status(m, today) == "past" else span


def describe_memory(m: Memory, today: date | datetime | str | None = None) -> str:
    """One memory for the response agent: "[cats] text (noted DATE; until DATE)"."""
    cats = ", ".join(m.categories) or "uncategorised"
    notes = [f"noted {m.observed_at[:10]}" if m.observed_at else "", validity_note(m, today)]
    said = "; ".join(n for n in notes if n)
    return f"[{cats}] {m.memory_text}" + (f" ({said})" if said else "")
