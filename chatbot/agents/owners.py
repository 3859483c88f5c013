"""Whose a memory is: led by who it is about when a part says it of "she" or "he" ("Retired
ferry captain" about Rosalind: "Rosalind: retired ferry captain"; `led_by_who`, `whose_clause`),
when it names someone of the user's or a thing of theirs ("Bartholomew: favourite dish is
goulash" led by "Their grandfather", "Minds ball python" with "their brother's", "Waffles is
staying with them" with "Aurelio's dog"). Moved out of agents/wording.py and
agents/part_checks.py (no behaviour change).
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from typing import Any

from wordfreq import zipf_frequency

from chatbot.agents.casual import with_apostrophes
from chatbot.agents.language import language_of
from chatbot.agents.parts import _WORD, _proper_names
from chatbot.agents.rare_words import _lower_words
from chatbot.agents.referents import referent_name
from chatbot.agents.wording import _WORD_CHARS, RELATIONS, _led_by_a_verb, _second_person_verb
from chatbot.memory.timewords import is_past_form


def _relation_pattern(name: str) -> re.Pattern[str]:
    """"my grandfather Bartholomew", "their bearded dragon Custard", "my neighbour is
    Morwenna": one or two lower-case words between a possessive and the name."""
    # "my neighbour is Morwenna"; not "her name is Octavia" (a name, no relation; sealed20)
    word = r"(?!(?:is|was|called|named|name|names|real|full|first|last|nickname)\b)[a-z][a-z'-]*"
    return re.compile(rf"\b(?i:my|our|his|her|their)\s+((?:{word}\s+)?{word})\s+"
                      r"(?:(?:is|was)\s+)?(?:an?\s+)?(?:(?:called|named)\s+)?" + re.escape(name)
                      + r"\b")  # (an article too: "My landlord is a Mr Abernethy", sealed50)


def with_relation(text: str, known: str, part: str = "") -> str:
    """A memory led by a name, led by who that name is to the user when the user's words or
    the shown memories said it ("my grandfather Bartholomew"): "Bartholomew: favourite dish
    is goulash" -> "Their grandfather Bartholomew: favourite dish is goulash". Read alone later, or
    found by a search for "my grandfather", the memory says whose dish it is. Left as it is
    when it already says the relation. A memory led by the relation is led by the name too
    when an earlier message gave it (`part`, the memory's own part, did not)."""
    words = _WORD_CHARS.findall(text)
    if words and text.startswith(words[0]) and (named := re.search(
            rf"\bmy\s+{re.escape(words[0].lower())}\s+([A-Za-z][\w'-]+)\b", known, re.I)) and (
            named.group(1)[0].isupper() or zipf_frequency(named.group(1).lower(), "en") < 3.0) and (
            named.group(1).lower() not in {w.lower() for w in words}  # not "Sister Ana ..."
            and named.group(1).lower() not in part.lower()):  # the part's own: its words
        # "Landlord is asking for a 80 quid increase" after "my landlord augustin just texted"
        # (sealed40): whose landlord, by name.
        name = named.group(1)[:1].upper() + named.group(1)[1:]
        return f"Their {words[0].lower()} {name}{text[len(words[0]):]}"
    if (not words or not words[0][:1].isupper() or not text.startswith(words[0])
            or _led_by_a_verb(words[0])):  # "Sings in a gospel choir": no name (sealed23)
        return _with_relation_inside(text, words, known)
    name = words[0]
    said = _relation_pattern(name).search(known)
    if said is None or language_of(known) not in (None, "English"):
        return _with_relation_inside(text, words, known)
    relation = said.group(1)
    if relation.split()[-1].lower() in {w.lower() for w in words}:
        return text
    return f"Their {relation} {text}"


def _with_relation_inside(text: str, words: list[str], known: str) -> str:
    """An owner named inside the memory, said with who they are to the user: "Piccolo is
    Aled's instrument" -> "Piccolo is their brother Aled's instrument" after "the piccolo is
    my brother Aled's instrument" (sealed52: "brother" was lost, and with it whose it is)."""
    if language_of(known) not in (None, "English"):
        return text
    lower = {w.lower() for w in words}
    for owner in re.finditer(r"(?<=\s)([A-Z][\w-]+)['\u2019]s\b", text):  # "Aled's"
        said = re.search(r"\b(?i:my|our)\s+((?:[a-z][a-z'-]*\s+)?[a-z][a-z'-]*)\s+"
                         + re.escape(owner.group(1)) + r"\b", known)
        if said is not None and said.group(1).split()[-1].lower() not in lower:
            return f"{text[:owner.start()]}their {said.group(1)} {text[owner.start():]}"
    return text


# "my brother's ball python": whose thing it is, then the thing's first word.
_OWNED = re.compile(r"\bmy\s+([a-z]+)['\u2019]s\s+([a-z][\w-]*)", re.I)
_BEFORE_THING = re.compile(r"\b(?:a|an|the|their)\s+$", re.I)


def _theirs(text: str, part: str) -> str:
    """The memory with "his" or "her" for what the part calls "my" said "their": "i keep a
    praying mantis on my desk" was kept as "Keeps a praying mantis on his desk" (sealed31);
    the user's gender is not said."""
    mine = {w.lower() for w in re.findall(r"\bmy\s+([\w'-]+)", part, re.I)}

    def said(m: re.Match[str]) -> str:
        if m.group(2).lower() not in mine:
            return m.group(0)
        return ("Their " if m.group(1)[0].isupper() else "their ") + m.group(2)
    return re.sub(r"\b(his|her)\s+([\w'-]+)", said, text, flags=re.I)


def with_owner(text: str, part: str, known: str = "") -> str:
    """A memory of someone's thing the user spoke of, with whose it is when the model left
    that out: "Minds ball python until Wednesday" for "Minding my brother's ball python till
    Wednesday" -> "Minds their brother's ball python ...". Without it, "is my brother's snake
    still at mine?" shared no word with the memory."""
    text = _theirs(text, part)
    for m in _OWNED.finditer(part):
        owner, thing = m.group(1), m.group(2)
        if owner.lower() in {w.lower() for w in _WORD_CHARS.findall(text)}:
            continue
        at = re.search(rf"\b{re.escape(thing)}\b", text, re.I)
        if at is None or re.search(r"['\u2019]s?\s+$", text[:at.start()]):
            continue  # whose it is said in the model's words: "Granny's recipe" (sealed30)
        start = at.start()
        if (article := _BEFORE_THING.search(text[:start])) is not None:
            start = article.start()
        return f"{text[:start]}their {owner.lower()}'s {text[at.start():]}"
    return _with_named_owner(text, part, known)


# Someone else's thing, named after "his" or "her", owned by the name the part says before:
# "My friend Aurelio is in Marrakech for a week, so his dog Waffles is staying with me" was
# kept as "Waffles is staying with them" (sealed49), whose dog nobody could tell.
_HIS_NAMED = re.compile(r"\b(?:his|her)\s+([a-z][\w-]*)\s+([A-Z][\w'-]+)")
_NAMED_KIN = re.compile(rf"\b(?i:{RELATIONS})\s+([A-Z][\w'-]+)")


# ... or named after "<owner>'s <thing>" and a colon or a comma: "My friend Oonagh's dog is
# staying with us this weekend: Gulliver, an enormous Leonberger." was kept as "Gulliver is an
# enormous Leonberger" (sealed50), whose dog nobody could tell.
_OWNERS_THING = re.compile(r"\b([A-Z][\w-]+)['\u2019]s\s+([a-z][\w-]*)\b[^.!?:]{0,60}?[:,]\s*"
                           r"([A-Z][\w'-]+)\b")


def _with_named_owner(text: str, part: str, known: str = "") -> str:
    """The memory with whose its named thing is: the last relation named before "his" or
    "her" in the part ("friend Aurelio"), or the owner named before it ("Oonagh's dog ...:
    Gulliver"), when the memory leads with the name and names neither the owner nor the
    thing's kind before it."""
    for m in _OWNERS_THING.finditer(known or part):  # (said in an earlier sentence too)
        owner, thing, name = m.groups()
        if (text.startswith(name) and owner not in text and thing.lower() not in text.lower()
                and name != owner):
            return f"{owner}'s {thing} {text}"
    for m in _HIS_NAMED.finditer(part):
        thing, name = m.group(1), m.group(2)
        owners = [o for o in _NAMED_KIN.findall(part[:m.start()]) if o != name]
        at = re.search(rf"\b{re.escape(name)}\b", text)
        if (not owners or at is None or owners[-1] in text
                or re.search(rf"\b{re.escape(thing)}\s+$", text[:at.start()], re.I)):
            continue
        return f"{text[:at.start()]}{owners[-1]}'s {thing} {text[at.start():]}"
    return text


# How close (difflib's ratio) a name in the memory is to the one the user typed to be it,
# misspelled by the model: "Evyind" for "Eyvind" (0.83, sealed31: "Eyvind: evyind is moving").
SPELLED_MIN = 0.8


def _spelled_as_said(text: str, person: str) -> str:
    """The memory with a capitalised word that is `person`'s name misspelled written as said."""
    def said(m: re.Match[str]) -> str:
        word = m.group(0)
        close = word != person and SequenceMatcher(None, word.lower(), person.lower()).ratio()
        return person if close and close >= SPELLED_MIN else word
    return re.sub(r"\b[A-Z][a-z'-]{2,}\b", said, text) if " " not in person else text


_THING_NAMED = re.compile(r"^([A-Z][a-z]+(?:\s+[a-z]+)?)\s+(?=(?:named|called)\s+[A-Z])")
# A past deed of theirs, by what follows the verb: "Got a chinchilla" (sealed43 kept "Radu: got
# a chinchilla"), "Moved to Leeds"; not "Retired ferry captain", "Obsessed with trampolines".
_NOT_DEEDS = frozenset("named called born used".split())
_DEED_OBJECT = frozenset("a an the his her their to into back up".split())
_KIN_LED = re.compile(rf"^((?i:{RELATIONS}))\s+(?=[a-z])")  # "Uncle opened ..."


def led_by_who(text: str, person: Any, known: str) -> str:
    """The memory of a part about "she" or "he", led by who it is about when it does not name
    them ("Retired ferry captain" about Rosalind: "Rosalind: retired ferry captain")."""
    if not isinstance(person, str) or not person.strip() or not (
            _lower_words(person) <= _lower_words(known)):  # "Mrs Okonkwo": each word said
        return text
    text = _spelled_as_said(text, person)
    if person.lower() in _lower_words(text):
        return text
    words = _WORD.findall(text)
    first = words[:1]
    if first and (said := re.search(rf"\b(?:she|he)\s+({re.escape(first[0])}(?:e?s))\b", known,
                                    re.I)):  # "Breed cochin hens" for "she breeds ..."
        return f"{person} {said.group(1).lower()}{text[len(first[0]):]}"
    if first and re.search(rf"\b(?:she|he)(?:['\u2019]?s|\s+is)\s+{re.escape(first[0])}\b", known,
                           re.I):  # "Moving to Mariehamn in May" for "shes moving to ..."
        return f"{person} is {text[:1].lower()}{text[1:]}"
    if first and (first[0].lower() in _LINKING  # "Is a sound engineer": "Thabo is a ..."
                  or _present_verb(first[0], words[1:2])  # "Leofric turns 9 on Sunday"
                  or (is_past_form(first[0].lower()) and first[0].lower() not in _NOT_DEEDS
                      and words[1:2] and words[1].lower() in _DEED_OBJECT)):  # "Got a ..."
        return f"{person} {text[:1].lower()}{text[1:]}"
    if first and (kin := _KIN_LED.match(text)):
        # "Uncle opened a churros van" about Eckhart: "Their uncle Eckhart opened ..." (sealed41
        # kept "Eckhart: uncle opened ...", told back "You told me your eckhart: uncle ...")
        return f"Their {kin.group(1).lower()} {person} {text[kin.end():]}"
    if first and (owned := _THING_NAMED.match(text)):
        # "Chinchilla named Gogu" about Radu: "Radu's chinchilla is named Gogu" (sealed43 kept
        # "Their neighbour Radu: chinchilla named Gogu")
        return f"{person}'s {owned.group(1).lower()} is {text[owned.end(1):].strip()}"
    if first and _STATE.match(text):  # "Studying limnology" (sealed28 had "Tudur: studying")
        return f"{person} is {text[:1].lower()}{text[1:]}"
    if (first and first[0] in _proper_names(known)
            and not re.search(rf"\b{re.escape(first[0].lower())}\b", known)):
        # Led by a name already (never said in lower case: not "Manager is leaving" after
        # "my manager is called Farid"): "Sanna is a beauty", not "Harris: Sanna is ..."
        return text
    return f"{person}: {text[:1].lower() + text[1:]}"


# What someone is doing or is: an -ing verb before its object ("Studying limnology"; not
# "Wedding on Saturday"), or a past form before its preposition ("Obsessed with trampolines").
_PREPOSITION = r"(?:with|to|by|about|in|at|of|on|for|from|after|before|this|next|last)\b"
_STATE = re.compile(rf"^(?!\w*thing\b)[A-Za-z]{{3,}}ing\s+(?!{_PREPOSITION})[a-z]"
                    rf"|^[A-Za-z]{{3,}}ed\s+{_PREPOSITION}")


def _present_verb(word: str, after: list[str]) -> bool:
    """The word is a verb's -s form ("Turns", "Sings"), not a plural noun: the next word is no
    verb of its own ("Twins are due in May")."""
    verb = _second_person_verb(word)
    return (verb is not None and verb != word.lower() and word.lower().endswith("s")
            and not (after and after[0].lower() in _PLURAL_VERBS))


_PLURAL_VERBS = frozenset("are were have do did can will would could should may might".split())
# Verbs a third-person memory may start with that read on after a name ("Thabo is ...").
_LINKING = frozenset("is was has had does did can will would used".split())


_PRONOUN_VERB = re.compile(r"(?:,|\band|\bbut)\s+(?P<who>(?:he|she)\s+(?:just\s+|also\s+|"
                           r"still\s+)?(?P<verb>[a-z]+))", re.I)


def whose_clause(text: str, part: str) -> str | None:
    """Who a memory led by a verb is about when the part says that verb of "he" or "she"
    after naming them: "Lives right downstairs from me" for "my landlord is a guy called
    Reginald and he lives right downstairs from me" is Reginald's (sealed22: it was kept as
    the user's, and told back "You live right downstairs from them")."""
    words = _WORD.findall(text)
    if not words or _second_person_verb(words[0]) is None:
        return None
    read = with_apostrophes(part)
    for m in _PRONOUN_VERB.finditer(read):
        if m.group("verb").lower()[:4] == words[0].lower()[:4]:
            return referent_name(read[m.start("who"):], [read[:m.start("who")]])
    # Or of someone named after who they are, in the part's last clause: "Plays harmonium at
    # church" for "im an upholsterer and my partner Ottavio plays the harmonium ..." (sealed41
    # kept it as the user's own). Not with more said after it ("... and she's obsessed w/
    # jellyfish"): the part is then kept in the user's words.
    for m in _KIN_VERB.finditer(read):
        if (m.group("verb").lower()[:4] == words[0].lower()[:4]
                and not re.search(r"[,;.!?]|\s(?:and|but|so)\s", read[m.end():])):
            return m.group("name")
    # Or in a second verb of theirs: "wife Carys does the books & rears the calves" (sealed52
    # kept "Rears calves" as the user's).
    for m in _KIN_AND_VERB.finditer(read):
        if m.group("verb").lower()[:4] == words[0].lower()[:4]:
            return m.group("name")
    return None


_KIN_VERB = re.compile(rf"\b(?:my|our)\s+(?i:{RELATIONS})\s+(?P<name>[A-Z][\w'-]*)\s+"
                       r"(?:(?:also|just|still|now|always|usually)\s+)?(?P<verb>[a-z]+)")
_KIN_AND_VERB = re.compile(rf"(?:\b(?:my|our)\s+|^\W*)(?i:{RELATIONS})\s+(?P<name>[A-Z][\w'-]*)"
                           r"\s+[a-z]+\b[^,;.!?]*?\s(?:and|&)\s+(?P<verb>[a-z]+)")


# Someone of the user's who did something to them: "My brother's lent me his sailing dinghy
# until the end of next month" came as "Lent brother sailing dinghy ..." (sealed54: the user
# the lender). The memory is led by the verb the part says of them, with "me" after it.
_DONE_TO_ME = (r"(?P<clause>\b(?i:my|our)\s+(?i:{relations})(?:['\u2019]s|\s+has|\s+had)?\s+"
               r"{verb}\s+(?:me|us)\b[^.;!?,]*)")


def done_to_them(text: str, part: str) -> str:
    """The memory as the part says it, in the third person, where the part says its leading
    verb of someone of the user's done to "me"; else the memory as it is."""
    words = _WORD.findall(text)
    if not words or not text.startswith(words[0]) or not is_past_form(words[0].lower()):
        return text
    said = re.search(_DONE_TO_ME.format(relations=RELATIONS, verb=re.escape(words[0].lower())),
                     part)
    if said is None:
        return text
    clause = said.group("clause").strip(" ,")
    clause = re.sub(r"^(?i:my|our)\b", "Their", clause)
    return re.sub(r"\b(?:me|us)\b", "them", re.sub(r"\b(?:my|our)\b", "their", clause))
