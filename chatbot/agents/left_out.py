"""Clauses of a part in the user's own first person that none of the model's memories for it
covers (`left_out`), kept beside them in the third person (`with_left_out`). Moved out of
agents/own_words.py (no behaviour change).
"""

from __future__ import annotations

import re
from typing import Any

from wordfreq import zipf_frequency

from chatbot.agents.guards import POINTS_BACK, said_in, stems
from chatbot.agents.part_checks import says_in_full
from chatbot.agents.parts import _CLAUSE, _WORD
from chatbot.agents.pieces import split_outside_brackets
from chatbot.agents.rare_words import _rare
from chatbot.agents.wording import _led_by_a_verb, leads_in_first_person, third_person
from chatbot.memory.timewords import days_and_numbers


def with_left_out(part: str, found: list[tuple[str, list[str], Any]], name: str | None,
                  ) -> list[tuple[str, list[str], Any]]:
    """The memories and the part's clauses they leave out (`left_out`), less a new memory
    that such a clause says in full: "Rings bells at Brora church" beside the clause "Rings
    the bells at our parish church in Brora every Sunday" (sealed23: both were kept)."""
    clauses = left_out(part, found, name)
    if not clauses:
        return found
    dropped = [f for f in found if f[2] is None and any(says_in_full(c, f[0]) for c in clauses)]
    cats = next((c for _, c, _ in dropped if c), [])
    return [f for f in found if f not in dropped] + [(c, cats, None) for c in clauses]


def left_out(part: str, found: list[tuple[str, list[str], Any]], name: str | None,
              ) -> list[str]:
    """Clauses of the part in the user's own first person that no memory of it covers, in
    the third person: the model listing a long sentence's facts skips one ("I'm Mateo, I'm a
    paramedic, I run marathons" kept no paramedic). A clause counts when it has a word of its
    own and shares none with the memories, or when two uncommon words of it are in none:
    "im a stage manager at a theatre in verona" is not covered by "Lives in Verona"
    (sealed18), and "I keep two ferrets" is by "Has ferrets"."""
    covered = set().union(*(stems(t) for t, _, _ in found), stems(name or ""))
    out = []
    for clause in (c for piece in split_outside_brackets(_CLAUSE, part)
                   for c in split_outside_brackets(_AND_I, piece)):
        # After a lead-in and a colon: "ok so quick overview since ur new: im 47" (sealed19).
        lead, _, clause = clause.rpartition(":")
        clause = clause.strip(" .!?")
        if _ABOUT_ME.search(lead) and _AGE_ALONE.fullmatch(clause):
            clause = f"I'm {clause} years old"  # "ok abt me since u keep asking lol: 31, ..."
        elif _NEGATED_LEAD.match(clause):
            clause = f"I {clause}"  # "cant take codeine (makes me sick af)" (sealed39)
        worded = third_person(clause)
        words = stems(clause)
        if leads_in_first_person(clause) and words and not only_points_back(clause) and (
                not any(said_in(w, covered) for w in words)
                or len(_uncommon_left_out(clause, covered)) >= 2
                or _bound_left_out(clause, found)):
            out.append(worded)
    return out


# A list of the user's own after "about me:", its "I" left out: an age alone, a negated verb.
_ABOUT_ME = re.compile(r"\b(?:me|myself)\b", re.I)
_AGE_ALONE = re.compile(r"(?:1[0-1]\d|[1-9]\d)")
# (Not "dont" or "never": "dont worry about it", "never mind that" speak to the assistant.)
_NEGATED_LEAD = re.compile(r"^(?:cant|can't|can\u2019t|cannot|wont|won't|won\u2019t)"
                           r"\s+[a-z]{3,}\s+\w", re.I)


# Until when the clause holds: "im looking after my colleague's pitcher plants till wednesday"
# (sealed34 kept only "Colleague's pitcher plants are creepy", of the clause after it).
_UNTIL_DAY = re.compile(r"\b(?:until|till|til|through)\s+(?:the\s+)?(?:next\s+)?(\w+)", re.I)


def _bound_left_out(clause: str, found: list[tuple[str, list[str], Any]]) -> bool:
    """The clause says until when it holds, by a day, month or number no memory says."""
    bound = _UNTIL_DAY.search(clause)
    if bound is None or not days_and_numbers(bound.group(1)):
        return False
    return not days_and_numbers(" ".join(t for t, _, _ in found)) & days_and_numbers(
        bound.group(0))


# "and" before the user again, after a word or two of when or where: "i grow vanilla on vava'u
# (tonga) and on weekends i help my uncle ..." is two clauses (sealed34 kept it whole beside
# the two memories that covered it).
_AND_I = re.compile(r"\s+and\s+(?=(?:[a-z]+\s+){0,2}i(?:['\u2019](?:m|ve|d|ll))?\s)", re.I)


# A clause of one content word that points back at what was said: "i always mix those two
# up" was kept as "Always mixes those two up" (sealed30), "i love it" says nothing alone.
# "I mixed the two up." (sealed34) too (guards.POINTS_BACK).
def only_points_back(clause: str) -> bool:
    return bool(POINTS_BACK.search(clause)) and sum(
        1 for w in _WORD.findall(clause) if zipf_frequency(w.lower(), "en") < COMMON_ZIPF) <= 1


# Commoner than this (wordfreq's Zipf scale) a word of a clause may be left out of a memory
# that keeps it in other words: "keep", "two", "live", "work"; not "manager" (4.97).
COMMON_ZIPF = 5.0


def _uncommon_left_out(clause: str, covered: set[str]) -> set[str]:
    return {w.lower() for w in _WORD.findall(clause)
            if _rare(w, below=COMMON_ZIPF) and not any(said_in(s, covered) for s in stems(w))}


# A memory that is a name and nothing else: "Gliwice" for "i drive trams in gliwice" (sealed36);
# dropped, its clause is then left out and kept in the user's words.
_NAMES_ONLY = re.compile(r"^(?:[A-Z][\w'\u2019-]*)(?:\s+[A-Z][\w'\u2019-]*){0,2}\.?$")


def names_only(text: str) -> bool:
    """Names alone, no word of them common ("Gliwice"; not "Is British"), none shaped as what
    someone is ("Diabetic" for "type 2 diabetic", sealed40: dropped)."""
    words = _WORD.findall(text)
    return bool(_NAMES_ONLY.match(text.strip())) and all(
        zipf_frequency(w.lower(), "en") < COMMON_ZIPF for w in words) and not any(
        _WHAT_ONE_IS.search(w.lower()) for w in words)


_WHAT_ONE_IS = re.compile(r"(?:ic|ian|ous|ive|ed|ful|less|ish|ist|arian)$")


# A memory of one or two everyday words and no verb: "Same town" for "same town tho" (sealed39)
# says nothing alone. Not "Vegan" (3.9), "Is retired", nor a number.
_FRAGMENT_WORDS = 2
FRAGMENT_ZIPF = 4.5


def only_everyday_words(text: str) -> bool:
    """One or two words, each common (`FRAGMENT_ZIPF`), no day or number and no verb leading
    them."""
    words = _WORD.findall(text)
    return (0 < len(words) <= _FRAGMENT_WORDS and not days_and_numbers(text)  # "Until Friday"
            and not _led_by_a_verb(words[0])
            and all(zipf_frequency(w.lower(), "en") >= FRAGMENT_ZIPF for w in words))


_CLAUSE_BREAK = re.compile(r"[,;:.!?]+|\s+[-\u2013\u2014]+\s+")


# Where something the user works at is, not where they live: "im a barista at a tiny place
# near the station" (sealed41 kept "Lives near the station"). The memory's place, said in the
# part after "at a ..." in a clause with no word of living or of a home.
_HOME_SAID = re.compile(r"\b(?:live[sd]?|living|move[sd]?|moving|based|home|house|flat|"
                        r"apartment|stay(?:s|ing|ed)?|from)\b", re.I)
_AT_A_PLACE = re.compile(r"\bat\s+(?:a|an|the|my|this|that)\s+", re.I)


def unsaid_home(text: str, part: str) -> bool:
    """A memory of where the user lives ("Lives near the station") whose place the part says
    of a place it is at (`_AT_A_PLACE`), no word of living in that clause (`_HOME_SAID`)."""
    if not text.startswith("Lives "):
        return False
    place = text.removeprefix("Lives ").strip(" .").lower()
    for clause in _CLAUSE_BREAK.split(part):
        at = clause.lower().find(place)
        if at > 0 and _AT_A_PLACE.search(clause[:at]) and not _HOME_SAID.search(clause):
            return True
    return False


# Years said as how long, not how old: "I am the mechanic in trolleybus depot, already twelve
# years" (sealed52 kept "Is twelve years old").
_AGE_WRITTEN = re.compile(r"\b([\w-]+)\s+years?\s+old\b", re.I)


def unsaid_age(text: str, part: str) -> bool:
    """The memory gives as an age ("N years old") what the part says only as a time ("N
    years", no "old"); "my son is five" and "I'm 34" say no years and are kept."""
    m = _AGE_WRITTEN.search(text)
    if m is None:
        return False
    years = rf"\b{re.escape(m.group(1))}\s+years?\b"
    return bool(re.search(years + r"(?![\s-]+old)", part, re.I)) and not re.search(
        years + r"[\s-]+old", part, re.I)


# A memory that joins a subject to a state the user said of themselves in a clause with no
# subject: "Flight to Klipeda is nervous" for "my flight to klaipeda is the day after tomorrow,
# so nervous" (sealed41): the user is nervous, not the flight.
_IS_STATE = re.compile(r"^(?P<subject>.+?)\s+(?:is|are|was|were)\s+(?P<state>[a-z]{4,})\b", re.I)
_EXCLAIMED = re.compile(r"^\W*(?:(?:so+|very|really|super|soo+|kinda|pretty|too|bit|a|lol|tbh|"
                        r"and|but|now)\s+)*(?P<state>[a-z]+)\b", re.I)


def unjoined_state(text: str, part: str) -> bool:
    """The memory says "X is <state>" (a time may follow) where the part says the state only
    as an exclamation of its own ("so nervous"), no word of X in that clause."""
    m = _IS_STATE.match(text.strip())
    if m is None or m.group("state")[:1].isupper():
        return False  # a day or a name is no state: "... appointment is Tuesday the 19th"
    state, subject = m.group("state").lower(), stems(m.group("subject"))
    return any((said := _EXCLAIMED.match(c)) and said.group("state").lower() == state
               and not stems(c) & subject for c in _CLAUSE_BREAK.split(part))
