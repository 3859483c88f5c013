"""A memory the model wrote in a shape code puts right before it is kept: two facts run
together ("... make the best sarmale and we have a cat ...") kept apart, and a memory led by
the user's verb in its base form ("Play kabaddi with cousins") in the third person. Moved out
of agents/part_checks.py (no behaviour change).
"""

from __future__ import annotations

import re
from typing import Any

from chatbot.agents.rare_words import _rare
from chatbot.agents.wording import ADVERBS, _led_by_a_verb, _third_person_verb, third_person

# A memory that runs on into a clause of the user's own: "Their husband Ilie make the best
# sarmale and we have a cat with three legs named Cozonac" (sealed34), one memory of two facts.
_LEADS_I = re.compile(r"^\W*(?:I|we)\b", re.I)  # "I live in Oslo and I ...": one subject
_AND_WE = re.compile(r"(?:,\s*|\s+)and\s+(?=(?:we|I)(?:['\u2019](?:ve|m|re))?\s+[a-z])")


def clauses_apart(found: list[tuple[str, list[str], Any]],
                  ) -> list[tuple[str, list[str], Any]]:
    """The new memories with one that leads with someone else and goes on "and we ..." or
    "and I ..." kept as two: the second in the third person ("Has a cat ... named Cozonac")."""
    out = []
    for text, cats, target in found:
        m = _AND_WE.search(text)
        if target is not None or m is None or _LEADS_I.match(text):
            out.append((text, cats, target))
            continue
        out += [(text[:m.start()].rstrip(" ,"), cats, None),
                (third_person(text[m.end():]), cats, None)]
    return out


_NOUN_SUBJECT = re.compile(r"(?:is|are|was|were|has|have|had|will|can)\b|['\u2019]s\b")


_NOT_A_VERB = frozenset("never not don't dont can will would should could must might may "
                       "shall".split())


def with_their_verb(text: str, part: str) -> str:
    """A memory led by the verb the user said after "I", in its base form, in the third
    person: "Play kabaddi with cousins" for "i play kabaddi with my cousins" -> "Plays
    kabaddi ...", "Spend mornings at the allotment" -> "Spends ..." (the model dropped the
    "I" and kept the verb as said; told back, it read as an order)."""
    words = text.split(maxsplit=1)
    if (not words or not words[0][:1].isupper() or not words[0].isalpha()
            or _NOUN_SUBJECT.match(words[1] if len(words) > 1 else "")):
        return text  # "Work is stressful": a noun, the subject
    verb = words[0].lower()
    if verb in ADVERBS or verb in _NOT_A_VERB:  # "Never drinks coffee"
        return text
    verb = _said_now(verb, part)
    if not re.search(rf"\bi\s+(?:[a-z]+ly\s+|just\s+|also\s+|still\s+)?{verb}\b", part, re.I):
        return text
    said = _third_person_verb(verb)
    if said == verb:
        return text
    rest = text[len(words[0]):]
    # "Tune and fix pipe organs" for "i tune and fix pipe organs": both verbs (sealed37).
    if (m := re.match(r"\s+and\s+([a-z]+)\b", rest)) and re.search(
            rf"\bi\s+{verb}\s+and\s+{m.group(1)}\b", part, re.I):
        rest = f"{rest[:m.start(1)]}{_third_person_verb(m.group(1))}{rest[m.end(1):]}"
    return said[:1].upper() + said[1:] + rest


def _said_now(verb: str, part: str) -> str:
    """The base form the user said of a memory's past-tense verb, if they said it in the
    present: "Played piccolo" for "I play the piccolo" (sealed52) is "play"."""
    if not verb.endswith("ed") or re.search(rf"\b{verb}\b", part, re.I):
        return verb
    bases = [verb[:-2], verb[:-1]] + ([verb[:-3]] if verb[-3:-2] == verb[-4:-3] else [])
    return next((b for b in bases if len(b) > 1 and re.search(
        rf"\bi\s+(?:[a-z]+ly\s+|just\s+|also\s+|still\s+)?{b}\b", part, re.I)), verb)


# What a question names, for the verb said after it with no object of its own: "any tips for
# not falling off a slackline constantly?? i practise in the park near my flat ..." was kept as
# "Practises in the park ...", the slackline lost (sealed37). The memory's verb is followed by
# where or when, not by what, and is one of doing an activity ("practise", "train", "play").
_NO_OBJECT = re.compile(r"^((?:i\s+)?(?i:practi[cs]e|train|play|do|ride|skate|climb|race|"
                        r"sail|paddle|dance|fly)(?:e?s)?)\s+"
                        r"(?=(?:in|at|on|near|most|every|after|before|with|"
                        r"daily|twice|outside|indoors|outdoors)\b)")
_ASKED_THING = re.compile(r"\b(?:a|an|the|my|some|of|for|on|at|about|with)\s+"
                          r"(?:(?:a|an|the|my|some)\s+)?([a-z][\w-]*)", re.I)


def with_asked_thing(text: str, part: str, asked: str) -> str:
    """The memory with the one rare thing the question before it named put after its verb
    ("Practises slackline in the park ..."), when the part's own verb had no object and
    the part does not name it."""
    m = _NO_OBJECT.match(text)
    verb = m.group(1).split()[-1].lower() if m else ""
    if m is None or not asked.rstrip().endswith("?") or not re.search(
            rf"\bi\s+(?:{verb}|{verb[:-1]})\b", part, re.I):
        return text
    things = {w.lower() for w in _ASKED_THING.findall(asked) if _rare(w)} - {
        w.lower() for w in re.findall(r"[\w-]+", part)}
    if len(things) != 1:
        return text
    return f"{m.group(1)} {things.pop()} {text[m.end():]}"


# An article the model put before a name the user said without one: "A Aurelio is in Marrakech
# for a week" for "My friend Aurelio is in Marrakech ..." (sealed49).
_ARTICLE_NAME = re.compile(r"^(?:A|An|The)\s+([A-Z][\w'-]+)\b")


def without_article_before_name(text: str, part: str) -> str:
    """The memory without a leading "A"/"An"/"The" before a capitalised word the part says
    only without an article (a name, not "The Hague" or "a Honda" as said)."""
    m = _ARTICLE_NAME.match(text)
    if m is None or not re.search(rf"\b{re.escape(m.group(1))}\b", part):
        return text
    if re.search(rf"\b(?:a|an|the)\s+{re.escape(m.group(1))}\b", part, re.I):
        return text
    return text[m.start(1):]


# A memory written as a form's field, its label a word nobody said: "Occupation as a nurse",
# "Unit as a neonatal unit", "Location as Wicklow General" for "nurse, neonatal unit, wicklow
# general" (sealed50: the first was refused as nobody's words, the others kept as nonsense).
_LABELLED = re.compile(r"^([A-Z][a-z]+)\s+as\s+(\S.*)$")


def only_labels(found: list[tuple[str, list[str], Any]], part: str) -> bool:
    """Every memory of the part is a label "as" its value, the label a word nobody said but
    in the value itself ("Unit as a neonatal unit")."""
    said = {w.lower() for w in re.findall(r"[^\W\d_]+", part)}
    labels = [_LABELLED.match(t) for t, _, _ in found]
    return bool(labels) and all(m is not None and not _led_by_a_verb(m.group(1)) and (
        m.group(1).lower() not in said or m.group(1).lower() in m.group(2).lower().split())
        for m in labels)  # (not a verb: "Works as a nurse")


# A count of things and no verb: "Two kids" for "Two kids." (sealed54: dropped as only
# everyday words, and the children were lost). The user has them.
_COUNT_OF = re.compile(r"^(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2})\s+"
                       r"(?:[a-z][\w-]*\s+)?(?!(?:second|minute|hour|day|week|month|year|time)s$)"
                       r"[a-z][\w-]*s$", re.I)


def with_has(text: str) -> str:
    """"Two kids" -> "Has two kids"; any other memory as it is."""
    said = text.strip().rstrip(".")
    return f"Has {said[:1].lower()}{said[1:]}" if _COUNT_OF.match(said) else text
