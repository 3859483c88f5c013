"""A question cut from the statement of the user's that comes before it in one sentence
(`split_question`), and the clauses whose "I" chat leaves out (`with_elided_i`). Moved out of
agents/parts.py (no behaviour change); parts.split_parts cuts each clause with it.
"""

from __future__ import annotations

import re

from chatbot.agents.casual import with_apostrophes
from chatbot.agents.guards import FIRST_PERSON
from chatbot.agents.hypothetical import is_hypothetical
from chatbot.agents.language import language_of
from chatbot.agents.wording import as_i, leads_in_first_person
from chatbot.memory.timewords import is_past_form

_WORD = re.compile(r"[^\W_]+")
_LEADS_WITH_CONDITION = re.compile(
    r"^\W*(?:if|when|whenever|because|since|although|though|while|after|before|once|until|"
    r"unless|as|whether)\b", re.I)


# The last clause of a question ("I have a sesame allergy, | can you suggest a snack?").
_LAST_CLAUSE = re.compile(r"(?:,|;|\s+[-\u2013\u2014]|\s+and|\s+so)\s+(?=[^,;]*\?\s*$)", re.I)
_MIN_STATEMENT_WORDS = 4
# A clause whose "I'm" is left out, as chat does: it starts with an -ing verb and speaks of
# "my" or "our" ("trying to get my toddler Cosimo to eat anything green, | any tips?"). Not a
# "-thing" word ("Anything for my dog?").
# Or a past form speaking of "my" ("sprained my thumb", sealed28), or an -ing verb before a
# place it names ("living in Kalmar").
# Or an -ing verb with its complement before the user's own "i" ("trying to practise before i
# move to poitiers in september", sealed31: filed as small talk, the move was lost).
_ELIDED_I = re.compile(r"^\W*(?:(?!\w*thing\b)[a-z]{3,}ing\b(?=.*\b(?:my|our)\b|\s+(?:in|at|near|"
                       r"from|to)\s+(?-i:[A-Z])|\s+(?:to|on|for|out|up|with|a|an|the)\b.*\s(?-i:i)"
                       r"\s|\s+to\s+[a-z]{2,}\s+(?:a|an|the|some)\s)"
                       r"|(?:(?:just|finally|recently)\s+)?[a-z]{3,}ed\s+(?:my|our|a|an)\b)",
                       re.I)


_ING_LED = re.compile(r"^[a-z]{3,}ing\b", re.I)


# Or any past form before a place it names: "grew up in Mauritius, ..." (sealed32: small talk,
# and nothing was kept).
_PAST_TO_PLACE = re.compile(r"^\W*([a-z]{2,})\s+(?:up\s+|back\s+)?(?:in|to|from|at|near)\s+"
                            r"(?-i:[A-Z])", re.I)


# Any past form after "just" ("just bought a venus fly trap for my desk", sealed35).
_JUST_DONE = re.compile(r"^\W*(?:just|finally|recently)\s+([a-z]{3,})\s+(?:my|our|a|an|two|some)\b",
                        re.I)


def with_elided_i(clause: str) -> str:
    """The clause with the "I'm" it left out put back ("trying to get my toddler Cosimo to
    eat anything green" -> "I'm trying to get ...", "learning to ride a unicycle rn"); any
    other clause as it is."""
    if (m := _PAST_TO_PLACE.match(clause)) is not None and is_past_form(m.group(1)):
        text = clause.lstrip()
        return "I " + text[:1].lower() + text[1:]
    if not _ELIDED_I.match(clause) and not (
            (m := _JUST_DONE.match(clause)) is not None and is_past_form(m.group(1))):
        return clause
    text = clause.lstrip()
    lead = "I'm " if _ING_LED.match(text) else "I "  # "sprained my thumb", "just adopted a pig"
    return lead + text[:1].lower() + text[1:]


_ASKS_YOU = re.compile(r"^\W*(?:(?:so|and|ok|pls|please)\W+)?(?:can|could|would|will)\s+"
                      r"(?:you|u)\b", re.I)
_MINE_IS = re.compile(r"\b(?:my|our)\b[^?]*\b(?:is|are|was|were)\b", re.I)
_ASKS_FIRST = re.compile(r"^\W*(?:what|where|when|who|which|why|how|do|does|did|is|are|can|"
                         r"could|would|will|should)\b", re.I)
_GREETING_WORDS = 3  # "hello,", "hey there -", "oh hi again,": said before the user's clause
_CLAUSE_START = re.compile(r"[,;:]\s*|\s+[-\u2013\u2014]+\s+")


# A word chat opens a clause with, no comma after it.
_CHAT_WORDS = r"sorry|ok|okay|so|oh|ugh|lol|well|anyway|honestly|btw|and|also|but|plus|then"
_LEAD_WORD = re.compile(rf"^\W*(?:{_CHAT_WORDS})\s+", re.I)


def _leads_as_user(text: str) -> bool:
    """The text leads in the user's first person, after a greeting or interjection of a few
    words if it has one ("hello, im a cheesemaker in normandy and i start at 5am", sealed26:
    as one part with the question after it, nothing was kept)."""
    if leads_in_first_person(text) or leads_in_first_person(_LEAD_WORD.sub("", text)):
        return True  # "sorry my head is mush today, whats my sons name again" (sealed36)
    for cut in _CLAUSE_START.finditer(text):
        if len(text[:cut.start()].split()) > _GREETING_WORDS:
            return False
        if leads_in_first_person(text[cut.end():]):
            return True
    return False


_ANY_CLAUSE = re.compile(r"(?:,|;|\s+[-\u2013\u2014])\s+")
_WH_ASKED = re.compile(r"(?:what|which|where|when|who|why|how)(?:\s+[a-z]+){0,3}?\s+(?:do|does|did|"
                       r"is|are|am|can|could|should|would|will|was|were|have|has)\s+\w", re.I)


# ... its verb before its subject, which asks whatever ends it ("where do i even start"; not
# "which is nice").
# Or "whats my ..." and "what was it again" (sealed36: "sorry my head is mush today, whats my
# sons name again" was read as one statement, and stored over the son).
_WH_INVERTED = re.compile(r"(?:what|which|where|when|who|why|how)(?:\s+[a-z]+){0,3}?\s+(?:do|does|"
                          r"did|is|are|am|was|were|can|could|should|would|will|shall)\s+(?:i|we|you|"
                          r"u|they|he|she|it|my|your|the|this|that)\b"
                          r"|(?:what|where|who)['\u2019]?s\s+(?:my|your|the|his|her|their)\b", re.I)


# Asked with its verb first, no question word: "is it fergus at work whos vegan" ("did my
# first 10k today" leaves out its "I": not a question).
_YES_NO = re.compile(r"(?:is|are|am|was|were|do|does|did|have|has|can|could|will|would|should)"
                     r"\s+(?:i|it|you|u|there|he|she|they|we|this|that)\b", re.I)
_CHAT_LEAD = re.compile(rf"^\W*(?:(?:{_CHAT_WORDS})\s+)*", re.I)


def asks_unmarked(part: str) -> bool:
    """The part is a question by its grammar, its question mark left out: "whats my ponys
    name again.", "and is it fergus at work whos vegan or am i thinking of someone else"
    (sealed52: the first was stored as "Their ponys name again")."""
    text = with_apostrophes(part.strip())
    lead = _CHAT_LEAD.match(text)
    rest = text[lead.end():] if lead else text
    return bool(_WH_INVERTED.match(rest) or _YES_NO.match(rest)) and not _ANY_CLAUSE.search(rest)


def split_question(sentence: str) -> list[str]:
    """A question whose clause before it states something of the user ("I have a sesame
    allergy, can you suggest a snack?", "I just adopted a hedgehog called Pickle, what should
    I feed him?"), cut in two: one part, the 1.5B model filed it all as a request and kept
    nothing. Not a question that starts as one ("What is my dog called, again?"), nor one
    led by a condition ("If I moved to Oslo, would I need a car?"). In another language,
    where "I" and "my" are not read, a clause of four words or more ("Mon fils Anatole a cinq
    ans et il est fou de dinosaures — t'aurais une idée de cadeau ?"). A clause that left out
    its "I'm" counts as the user's (`_ELIDED_I`)."""
    if sentence.rstrip().endswith("?"):
        breaks = list(_LAST_CLAUSE.finditer(sentence))
    else:  # typed without its mark: "..., never made it b4, where do i even start" (sealed33)
        breaks = [b for b in _ANY_CLAUSE.finditer(sentence) if _WH_INVERTED.match(
            sentence[b.end():]) and not _ANY_CLAUSE.search(sentence[b.end():])]
    if not breaks:
        return [sentence]
    cut = breaks[-1]
    # A question before the last one, with no question mark of its own: "I'm making tamale
    # filling for 8 people, how much pork shoulder do I need and how hot should the oven be?"
    # (sealed30: the first question was kept with the plan).
    cut = next((b for b in _ANY_CLAUSE.finditer(sentence[:cut.start()])
                if _WH_ASKED.match(sentence[b.end():])), cut)
    before, after = sentence[:cut.start()], sentence[cut.end():]
    elsewhere = (language_of(sentence) not in (None, "English")
                 and len(_WORD.findall(before)) >= _MIN_STATEMENT_WORDS)
    own = _leads_as_user(with_elided_i(as_i(with_apostrophes(before))))  # "ive had"
    # Something of the user's said as a statement before a request to the assistant: "the
    # lockbox code at my holiday let is 3806, can u hang on to it for me?" (sealed26).
    own = own or bool(_ASKS_YOU.match(after) and _MINE_IS.search(before)
                      and not _ASKS_FIRST.match(before))
    if (not (own or elsewhere) or is_hypothetical(sentence)
            or _LEADS_WITH_CONDITION.match(sentence) or not _WORD.search(after)):
        return [sentence]
    return [before.strip(), after.strip()]


def only_asks(part: str) -> bool:
    """The part is one question and nothing else: led by a question word, one clause, no word
    of the user's own ("what kind of animal is marmite"; not "what should i cook, im vegan")."""
    return (bool(_ASKS_FIRST.match(part)) and not _ANY_CLAUSE.search(part.strip())
            and not FIRST_PERSON.search(part))
