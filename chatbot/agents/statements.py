"""A part's own statements, read from its structure when the model filed them as nothing to
keep: a clause that leads in the user's first person and names something new or gives a date
("Oh, and I just got a gecko called Juniper" as small talk), or a plan said inside a request
("Suggest a name for the kitten I'm adopting on Saturday")."""

from __future__ import annotations

import re
from datetime import date

from chatbot.agents.parts import _CLAUSE, _JOINERS, _WORD, _proper_names, with_elided_i
from chatbot.agents.rare_words import _lower_words, _rare_thing
from chatbot.agents.wording import (
    NAME_FACT,
    as_i,
    is_hypothetical,
    leads_in_first_person,
    third_person,
)
from chatbot.memory.timeparse import find_span

# A lead-in before a colon ("Small mix-up on my part: ...", "Heads up: ...").
LEAD_IN = re.compile(r"^[^:]{1,60}:\s+(?=(?:\S+\s+){2,}\S)")
# A joining word, or the reason given for a question ("asking bc i run a little pierogi stall
# ...": what the user says about themselves to explain what they asked).
JOINED = re.compile(rf"^(?:(?:asking\s+|asked\s+)?(?:bc|b/c|because|cos|coz|cuz|cause)\b[\s,]*|"
                    rf"{_JOINERS})", re.I)
# "the kitten I'm adopting on Saturday", "a trip we're taking to Lisbon": a plan of the user's
# said inside a request or question about it.
_WITHIN_CLAUSE = re.compile(
    r"\b(the|a|an)\s+((?:[a-z-]+\s+)?[a-z-]+)\s+(?:that\s+|which\s+)?"
    r"(I(?:'m|’m|\s+am)|we(?:'re|’re|\s+are))\s+([a-z]+ing)\b([^.?!,;]*)", re.I)


def within(part: str, shown: dict[int, str], day: date | None) -> list[tuple[str, str]]:
    """(memory, "fact" or "event") for a plan the user states inside a request or question
    ("Suggest a name for the kitten I'm adopting on Saturday": "Is adopting the kitten on
    Saturday", an event), when it gives a date, a name or a rare thing no shown memory says."""
    known = _lower_words(" ".join(shown.values()))
    out = []
    for m in _WITHIN_CLAUSE.finditer(part):
        det, thing, _, verb, rest = m.groups()  # "we're" too: the user is one of them
        clause = f"I'm {verb} {det.lower()} {thing}{rest}".strip()
        dated = day is not None and find_span(clause, day) is not None
        named = {w.lower() for w in _proper_names(f"x {clause}")} - known
        if dated or named or _rare_thing(clause, known):
            out.append((third_person(clause), "event" if dated else "fact"))
    return out


def statements(part: str, shown: dict[int, str], day: date | None) -> list[tuple[str, str]]:
    """(memory, "fact" or "event") for each clause of a part filed as nothing to keep that
    states something of the user's own, by its structure: it leads in the first person ("we"
    read as "I": `as_i`) and
    either names what no shown memory names ("I just got a gecko called Juniper", "I live in
    Innsbruck", "I'm trying to get into orienteering": a rare thing, `_rare_thing`) or gives a
    date ("My thesis defence is on Thursday"). In the third person;
    a dated one is an event (its date is written out on adding). "I don't live in Salzburg"
    beside a shown "Lives in Salzburg" names nothing new and is left; the clause after it is
    the correction."""
    if part.rstrip().endswith("?"):
        return []
    known = _lower_words(" ".join(shown.values()))
    out = []
    # After a lead-in ("You've mixed something up: my son is Tiernan, not Lorcan").
    for clause in _CLAUSE.split(LEAD_IN.sub("", part.strip())):
        clause = with_elided_i(as_i(JOINED.sub("", clause.strip(" .!")).strip()))
        if not leads_in_first_person(clause) or is_hypothetical(clause):
            continue
        dated = day is not None and find_span(clause, day) is not None
        named = {w.lower() for w in _proper_names(clause)} - known
        if not (dated or named or _rare_thing(clause, known)):
            continue
        worded = third_person(clause)
        rest = _WORD.findall(worded)[1:]
        if worded.startswith("Is ") and rest and all(w in _proper_names(clause) for w in rest):
            worded = NAME_FACT + worded[3:]  # "I'm Kofi": a name
        out.append((worded, "event" if dated else "fact"))
    return out
