"""What the memory agent's add_memory takes, and how a fact's text is dated before it is stored:
the facts schema, the kinds the model chooses, and relative dates resolved in code."""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Any

from chatbot.agents.questions import with_elided_i
from chatbot.agents.wording import is_past_form, leads_in_first_person, third_person
from chatbot.memory.models import MEMORY_TYPES
from chatbot.memory.timeparse import (
    UNTIL_WORDS,
    Span,
    day_in_words,
    ends_right_before,
    find_span,
    until_earlier_in_clause,
    validity,
)
from chatbot.memory.timerules import month_end
from chatbot.memory.timewords import MONTHS, VAGUE_TIME, WEEKDAYS

# The memory type as the model chooses it, by names that say what each one is for;
# procedural memories (how the user wants replies) have their own argument.
KINDS = {"fact": "semantic", "event": "episodic", "how_to_reply": "procedural"}
FACTS_SCHEMA: dict[str, Any] = {
    "type": "array",
    "description": "one entry per fact about the user; `kind`: event for a dated event or "
                   "plan, else fact",
    "items": {
        "type": "object",
        "properties": {
            "text": {"type": "string", "minLength": 3},
            "categories": {"type": "array", "items": {"type": "string"}},
            "kind": {"enum": ["fact", "event"]},
        },
        "required": ["text", "categories", "kind"],
    },
}
REPLY_PREFERENCES_SCHEMA: dict[str, Any] = {
    "type": "array",
    "description": "only what the user asked about how you reply (format, length, language, "
                   "units, tone), one per entry; [] if they asked nothing of the kind",
    "items": {"type": "string", "minLength": 3},
}


def _as_facts(facts: Any, single: dict[str, Any]) -> list[tuple[Any, Any, str]]:
    """(text, categories, memory_type) per fact, from a list of facts (objects or plain
    strings) or from one fact given as memory_text / categories / memory_type."""
    if facts is None and single:
        facts = [{"text": single.get("memory_text") or single.get("text"),
                  "categories": single.get("categories"),
                  "type": single.get("memory_type") or single.get("type")}]
    if isinstance(facts, (str, dict)):
        facts = [facts]
    if not isinstance(facts, (list, tuple)):
        return []
    out = []
    for fact in facts:
        if isinstance(fact, str):
            fact = {"text": fact}
        if not isinstance(fact, dict):
            continue
        kind = str(fact.get("kind") or fact.get("type") or fact.get("memory_type") or "")
        kind = KINDS.get(kind.strip().lower(), kind.strip().lower())
        text = fact.get("text") or fact.get("memory_text")
        if not isinstance(text, str):  # a nested object or a list is not a memory text
            continue
        out.append((text, fact.get("categories"), kind if kind in MEMORY_TYPES else "semantic"))
    return out


def _as_day(text: str | None) -> date | None:
    try:
        return date.fromisoformat(str(text)[:10])
    except ValueError:
        return None


# The clauses of a part, for the date of the one a memory is about: "im babysitting my niece
# tonight, and my cousin Leontyne is crashing on my sofa until the day after tomorrow" (sealed45
# gave the cousin's memory no date: the part's first date was the niece's).
_PART_CLAUSE = re.compile(r",\s*(?:and\s+|but\s+)?|\s+(?:and|but|so)\s+(?=(?:my|i|i'm|im|we)\b)",
                          re.I)


def _own_clause(text: str, part: str) -> str:
    """The clause of the part that shares most words with the memory, if it shares any and
    the part has more than one; else the part."""
    clauses = [c for c in _PART_CLAUSE.split(part) if c.strip()]
    if len(clauses) < 2:
        return part
    words = _content(text)
    best = max(clauses, key=lambda c: len(_content(c) & words))
    return best if _content(best) & words else part


def with_said_date(text: str, part: str, day: date | None) -> str:
    """The memory with the relative date its sentence gave ("next Friday") wherever the model
    left it out ("Has a driving exam"), made it vague ("... on Friday") or resolved it to
    another day; `_dated` then writes it as the date it means. Code resolves relative dates,
    not the model."""
    if day is not None and (after := _after_that(text, part, day)) is not None:
        return after
    text = _with_date_clause(text, part, day)
    said = find_span(_own_clause(text, part), day) if day is not None else None
    if said is None and day is not None:
        return _with_vague_time(_without_made_up_date(text, part, day), part)
    if (said is not None and not _bounds_the_fact(said) and said.start == said.end
            and re.search(r"\d", said.phrase) and find_span(text, day) is None
            and _about_the_same(text, part, said.phrase)):
        # A day said with its number, left out: "... is getting married on 14 May in Bruges"
        # (sealed45 kept "Sister Henrike getting married in Bruges", no date)
        return f"{text.rstrip(' .')} {said.phrase.rstrip('.,;:!?')}"
    if said is None or not _bounds_the_fact(said):
        return text
    own = find_span(text, day)
    if own is None:
        if not _about_the_same(text, part, said.phrase):
            return text  # the date belongs to another clause of the message
        phrase = said.phrase
        if said.until and UNTIL_WORDS & set(text.lower().split()):
            return text  # the model kept a bound of its own words ("until April")
        if said.until and phrase.split()[0].lower() not in UNTIL_WORDS:
            phrase = f"until {phrase}"  # "until" was said before the phrase, not in it
        elif said.start == said.end and not said.until and not _relative_alone(phrase, day):
            # A weekday the message made coming ("Tuesday at 9 I've got my first agility
            # trial"), which the memory alone would read as a habit: its date.
            phrase = _written(said, text)
        return f"{text.rstrip(' .')} {phrase}"
    if own.phrase.lower() in part.lower() and own.phrase.lower() not in said.phrase.lower():
        # another time the part says: "Back on the 30th", "at the saturday market" beside
        # "knackered after today" (it became "at on 15 March 2024 market", sealed23)
        return text
    vague = not own.relative and not re.search(r"\d", own.phrase)
    if vague or (own.start, own.end) != (said.start, said.end):
        at = text.find(own.phrase)
        before, lead = text[:at], said.phrase.split()[0]
        if re.search(rf"\b{re.escape(lead)}\s+$", before, re.I):  # not "from from the 4th ..."
            before = before[:before.lower().rindex(lead.lower())]
        return before + said.phrase + text[at + len(own.phrase):]
    return text


# The thing a clause names, for an "it" in the clause after: "borrowed a tile cutter off my
# brother in law ..., i have to give it back" (the words after the article, up to a preposition).
_THING = re.compile(r"\b(?:a|an|the|my|our)\s+((?:(?!(?:off|from|for|to|in|on|at|with|of|by|"
                    r"and)\b)[a-z][\w-]*\s*){1,3})", re.I)


def _with_date_clause(text: str, part: str, day: date | None) -> str:
    """The user's own clause that holds the part's time, in the third person, for a memory
    that gives its day's number and no date code can read ("Due to 28th" for "..., i have to
    give it back by the 28th", sealed37); an "it" in it is the thing the clause before named.
    Other memories are returned as they are."""
    said = find_span(part, day) if day is not None else None
    numbers = set(re.findall(r"\d+", text))
    if (said is None or find_span(text, day or date.today()) is not None or not numbers
            or not numbers <= set(re.findall(r"\d+", said.phrase))):
        return text
    clauses = _CLAUSES.split(part)
    at = next(n for n, c in enumerate(clauses) if said.phrase in c or c is clauses[-1])
    own = with_elided_i(clauses[at].strip(" .!"))
    if not leads_in_first_person(own):
        return text
    thing = _THING.search(clauses[at - 1]) if at else None
    if thing is not None and re.search(r"\bit\b", own, re.I):
        own = re.sub(r"\bit\b", f"the {thing.group(1).strip()}", own, count=1, flags=re.I)
    return third_person(own)


# A day counted from the one said before it: "hearing test this wednesday at 9:40, and my
# dissertation is due the monday after that" (sealed35 had "Dissertation due the on 20 March
# 2024", the hearing test's day).
_AFTER_THAT = re.compile(rf"\bthe\s+({'|'.join(WEEKDAYS)}|day)\s+after\s+(?:that|it|this)\b", re.I)
_THE_BEFORE = re.compile(r"\bthe\s+$", re.I)


def _after_that(text: str, part: str, day: date) -> str | None:
    """The memory of the part's clause that says "the <weekday> after that" (or "the day
    after that") with the day it means written in, counted from the date said before it;
    None when the part says no such thing or the memory is of another clause."""
    m = _AFTER_THAT.search(part)
    anchor = find_span(part[:m.start()], day) if m else None
    if m is None or anchor is None:
        return None
    clauses = _CLAUSES.split(part)
    own = next((c for c in clauses if m.group(0) in c), part)
    if not _content(text) & _content(own) or _content(text) & (
            _content(" ".join(c for c in clauses if c is not own)) - _content(own)):
        return None
    what = m.group(1).lower()
    when = anchor.end + timedelta(1 if what == "day" else (
        (WEEKDAYS.index(what) - anchor.end.weekday() - 1) % 7 + 1))
    written = f"on {day_in_words(when)}"
    said = find_span(text, day)
    if said is None:
        return f"{text.rstrip(' .')} {written}"
    at = text.find(said.phrase)
    before = _THE_BEFORE.sub("", text[:at])
    return f"{before}{written}{text[at + len(said.phrase):]}"


_MONTHS = "|".join(MONTHS)
_VAGUE_TIME = VAGUE_TIME  # "this summer", "in April" (chatbot.memory.timewords)


# A date as the model writes one ("on 22 March 2024", "from 15 March to 28 March 2024",
# "2024-03-15"), with the word that leads it.
_ONE_DATE = rf"(?:\d{{1,2}}\s+(?:{_MONTHS})(?:\s+\d{{4}})?|\d{{4}}-\d{{2}}-\d{{2}})"
_WRITTEN_DATE = re.compile(rf"(?:\b(?:from|on|until|till|by|between)\s+)?{_ONE_DATE}"
                           rf"(?:\s+(?:to|until|till|and|-|\u2013)\s+{_ONE_DATE})?", re.I)


def _without_made_up_date(text: str, part: str, day: date) -> str:
    """A memory whose part says no date code can resolve, and no number, keeps no date of the
    model's: "going to Kotor for two weeks this summer" was stored "Going to Kotor from 15
    March to 28 March 2024". The model's dates go, and the part's own words for the time, if
    any, take their place ("Going to Kotor for two weeks this summer")."""
    if re.search(r"\d", part) or _DAY_IN_WORDS.search(part) or not _WRITTEN_DATE.search(text):
        return text
    rest = " ".join(_WRITTEN_DATE.sub(" ", text).split()).rstrip(" ,.")
    vague = _VAGUE_TIME.search(part)
    if vague is None or vague.group(0).lower() in rest.lower():
        return rest
    return f"{rest} {vague.group(0)}"


def _with_vague_time(text: str, part: str) -> str:
    """The memory with the time its clause gave in words code does not resolve, where the
    model left it out and wrote no date of its own: "hes moving to the azores in june" kept
    "Uncle Aloysius moving to the Azores" (sealed26); "... in june" is what a question about
    when reads."""
    vague = _VAGUE_TIME.search(part)
    if (vague is None or _WRITTEN_DATE.search(text) or _VAGUE_TIME.search(text)
            or re.search(rf"\b{re.escape(vague.group(0).split()[-1])}\b", text, re.I)
            or not _about_the_same(text, part, vague.group(0))):
        return text  # nor "... for summer in the summer" (sealed31)
    said = re.sub(rf"\b(?:{_MONTHS})\b", lambda m: m.group(0).capitalize(), vague.group(0),
                  flags=re.I)
    return f"{text.rstrip(' .')} {said}"


# A day said in words, which code does not read: "the twenty-second of May".
_DAY_IN_WORDS = re.compile(rf"\b[a-z-]+(?:st|nd|rd|th)\s+of\s+(?:{_MONTHS})\b", re.I)


# Sentence ends, joining words, and a comma before a subject of its own ("got him from a farm
# last week, hes black with a speckled tail": the week is not the colour's, sealed22).
# "... last week so i sleep till about two now": "so" before the first person starts a clause
# of its own (sealed47 dated the sleeping "until 10 March").
_CLAUSES = re.compile(r"[.;!?]\s+|,?\s+\b(?:and|but|while|whereas)\s+"
                      r"|,?\s+so\s+(?=(?:i|i'm|im|we|my)\b)"
                      r"|,\s+(?=(?:(?:he|she|they|we|it)(?:['\u2019]?[a-z]{1,2})?"
                      r"|i(?:['\u2019]?(?:m|ve|d|ll))?|my|our|his|her|their)\b)",
                      re.I)
_CONTENT = re.compile(r"[^\W\d_]{4,}")


def _about_the_same(text: str, part: str, phrase: str) -> bool:
    """Whether a memory is about the clause of the message that holds a time phrase: always
    when the message is one clause; otherwise only if the memory shares a word of four letters
    or more with that clause ("I'm in Oslo until Friday and my wife is a dentist": the date is
    not the wife's job's)."""
    clauses = _CLAUSES.split(part)
    said = {w.lower() for w in _CONTENT.findall(text)}
    if len(clauses) < 2:
        # One clause and a tail after a comma: a memory of the tail alone is not dated by
        # the clause's time ("Tuesday at 9 I've got my first agility trial ..., bit nervous
        # tbh" had "Bit nervous Tuesday"); one in words of neither is (a paraphrase).
        pieces = [c for c in part.split(",") if c.strip()]
        own = next((c for c in pieces if phrase.lower() in c.lower()), part)
        return bool(said & _content(own)) or not any(said & _content(c) for c in pieces)
    # A phrase can run over a joining word ("in 10 days from now and stay for a week"): the
    # clause it starts in.
    own = next((c for c in clauses if phrase.lower() in c.lower()), None) or next(
        (c for c in clauses if _CLAUSES.split(phrase)[0].lower() in c.lower()), part)
    # Nor a memory that says of the clause's things what another clause says: "Colleague's
    # pitcher plants are creepy" for "im looking after my colleague's pitcher plants till
    # wednesday while she's away, they're kinda creepy lol" (sealed34: dated till Wednesday).
    extra = said - _content(own)
    others = _content(" ".join(c for c in clauses if c is not own))
    return bool(_content(own) & said) and not (extra and extra <= others)


def _relative_alone(phrase: str, day: date) -> bool:
    """The time phrase reads as relative with no sentence around it ("next Friday")."""
    span = find_span(phrase, day)
    return span is not None and span.relative


def _content(text: str) -> set[str]:
    return {w.lower() for w in _CONTENT.findall(text)}


def _dated(text: str, day: date | None, event: bool = False,
           ) -> tuple[str, str | None, str | None]:
    """The memory text with a relative date ("next Friday") written as the date it means on
    the conversation's day, and the dates the fact holds (chatbot.memory.timeparse): a
    coming event leaves default search once it is over. Resolved in code, not by the model.
    event: the memory is a plan or event (episodic), where "on Thursday" is one coming day
    (`_one_coming_day`)."""
    if day is None:
        return text, None, None
    span = find_span(text, day)
    # A start on a bare weekday is one coming day, fact or plan: "Starts as a crane operator
    # at the port on monday" (sealed41 kept the weekday, undated).
    if span is None or not (_bounds_the_fact(span) or (
            (event or _STARTS_BEFORE.search(text[:max(text.find(span.phrase), 0)]))
            and _one_coming_day(text, span))):
        return text, None, None
    if _EVERY_PART_OF_DAY.match(text[text.find(span.phrase) + len(span.phrase):]):
        return text, None, None  # "a welding course on tuesday nights": a habit (sealed21)
    valid_from, valid_until = validity(text, day)
    if valid_until == valid_from and _STARTS_BEFORE.search(text[:text.find(span.phrase)]):
        # "Starts a new job on Monday", "... membership: starts on the 10th": from that day
        # on, not that day only (sealed35's reply said "That ended on 10 May 2024").
        valid_until = None
    if span.start <= day and _leads_in_the_past(text):
        # "Got a gecko today": history from today on, true for good (it left default search
        # the next day, and the gecko with it).
        valid_from = valid_until = None
    if not re.search(r"\b\d{4}\b", span.phrase):  # already absolute when it names a year
        at = text.find(span.phrase)
        text = f"{text[:at]}{_written(span, text[:at])}{text[at + len(span.phrase):]}"
        text = _PART_OF_DAY.sub(r"on the \2 of \1", text)  # not "on 20 March 2024 morning"
    return text, valid_from, valid_until


_STARTS_BEFORE = re.compile(r"\b(?:start|starts|starting|begin|begins|beginning|join|joins|"
                            r"joining)\b[^.;!?]*$", re.I)
_EVERY_PART_OF_DAY = re.compile(r"\s+(?:mornings|afternoons|evenings|nights)\b", re.I)
_PART_OF_DAY = re.compile(r"\bon (\d{1,2} [A-Z][a-z]+ \d{4}) (morning|afternoon|evening|night)\b")


def with_the_day(text: str, day: date | None) -> str:
    """The text with a relative day written as its date ("Quirin died on Sunday" -> "... on 10
    March 2024"); a longer span ("last week") stays as said."""
    span = find_span(text, day) if day is not None else None
    if span is None or not span.relative or span.start != span.end:
        return text
    at = text.find(span.phrase)
    return f"{text[:at]}{_written(span, text[:at])}{text[at + len(span.phrase):]}"


def _bounds_the_fact(span: Span) -> bool:
    """Whether a time expression dates the fact it is in: one relative to the day it was said
    ("next Friday"), or the end of a stay, a contract, a loan ("until the end of April", "till
    the 26th"). Not a bare date or weekday: that is as often a habit ("keeps a chess club on
    Sunday mornings") or a past day ("born on 3 June") as a coming one."""
    return span.relative or span.until


_ONE_WEEKDAY = re.compile(rf"(?:on\s+)?(?:{'|'.join(WEEKDAYS)})", re.I)
_EVERY_BEFORE = re.compile(r"\b(?:every|each)\s+$", re.I)
_PAST_LEAD = frozenset({"was", "were", "had", "did"})


def _leads_in_the_past(text: str) -> bool:
    """The memory leads with a verb in the past: "Got a gecko", "Adopted a cat", "Was at ..."."""
    lead = (_WORDS.findall(text)[:1] or [""])[0].lower()
    return lead in _PAST_LEAD or is_past_form(lead)


def _one_coming_day(text: str, span: Span) -> bool:
    """A bare weekday in a plan or event that reads as coming: "Has a job interview at the
    museum on Thursday" is next Thursday. A bare weekday is not read as a date in a fact ("plays
    chess on Sunday" is a habit), nor after "every", nor where the memory leads with a verb in
    the past ("Went to a gig on Saturday"). A plan led by a noun is coming too: "Ferry to
    Portree on Wednesday morning" (sealed20) had been left undated."""
    if not _ONE_WEEKDAY.fullmatch(span.phrase):
        return False
    at = text.find(span.phrase)
    if at < 0 or _EVERY_BEFORE.search(text[:at]):
        return False
    if re.match(r"\s+the\s+\d", text[at + len(span.phrase):]):
        return False  # "on Thursday the 1st": the date, not the weekday, says which day
    return not _leads_in_the_past(text)


# Words before the span that lead its date already ("until the end of the month"), or hedge it
# ("started about a year ago" is "started about 16 March 2023", not "about on ...").
_SAID_LEAD = re.compile(r"\b(until|till?|through|by|before|after|on|from|for|in|about|around|"
                        r"roughly|approximately|to)\s+$", re.I)  # "moved to 20 March 2024"


def _written(span: Span, before: str) -> str:
    """The span as a date to store, with the word before it: "on 1 May 2026", "in May 2026",
    "in the week of 4 May 2026", "from 4 May to 12 May 2026", "by ..." for a deadline,
    "until ..."; without a word of its own when the sentence has one just before it ("until
    the end of the month")."""
    start, end = span.start, span.end
    if start == end:
        when, word = day_in_words(start), "on"
    elif span.until and not (start.day == 1 and end == month_end(start)):
        when, word = day_in_words(end), "until"  # "until next week": its last day, as stored
    elif start.day == 1 and end == month_end(start):
        when, word = f"{start:%B %Y}", "in"
    elif (start.month, start.day, end.month, end.day) == (1, 1, 12, 31) \
            and start.year == end.year:
        when, word = str(start.year), "in"
    elif (end - start).days == 6 and start.weekday() == 0 and not span.until:
        # "last week": "Got a rooster in the week of 4 March 2024", not "from 4 March to 10
        # March", which read as how long he was had (sealed22)
        when, word = f"the week of {day_in_words(start)}", "in"
    else:
        when, word = f"{start.day} {start:%B} to {end.day} {end:%B %Y}", "from"
    if _SAID_LEAD.search(before):
        return when
    if ends_right_before(before) and start == end:  # "expires on 5 April 2024"
        return f"on {when}"
    first = span.phrase.split()[0].lower()
    if first in ("by", "within"):
        word = "by"
    elif first == "since":  # "Lives in Logroño since 12 March 2024"
        word = "since"
    elif span.until and not until_earlier_in_clause(before):
        word = "until"
    return f"{word} {when}"


_WORDS = re.compile(r"[^\W_]+")
# Words a time phrase may lead with or leave behind ("until", "from", "on").
_TIME_LEADS = UNTIL_WORDS | {"from", "on", "at", "in", "for", "since", "after", "starting"}


def _bare_time(text: str, day: date | None) -> bool:
    """The memory says only when ("Until a week from today"): a time phrase and nothing else
    but the words that lead one."""
    span = find_span(text, day or date.today())
    if span is None:
        return False
    rest = text.lower().replace(span.phrase.lower(), " ")
    return all(w in _TIME_LEADS for w in _WORDS.findall(rest) if not w.isdigit())


def without_bare_times(found: list[tuple[str, list[str], Any]], day: date | None,
                        ) -> list[tuple[str, list[str], Any]]:
    """The part's memories less those that only say when, where another memory of the part
    is there to carry the date: the model split "Florian is borrowing my van until a week
    from today" into the loan and "Until a week from today"; the loan has its date back
    already (`with_said_date`), and the date alone is no memory."""
    kept = [f for f in found if not _bare_time(f[0], day)]
    return kept if kept else found
