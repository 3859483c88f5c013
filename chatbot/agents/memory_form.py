"""A memory the model wrote in a shape code puts right before it is kept: two facts run
together ("... make the best sarmale and we have a cat ...") kept apart, and a memory led by
the user's verb in its base form ("Play kabaddi with cousins") in the third person. Moved out
of agents/part_checks.py (no behaviour change).
"""

from __future__ import annotations

import re
from typing import Any

from chatbot.agents.wording import ADVERBS, _third_person_verb, third_person

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
    if not re.search(rf"\bi\s+(?:[a-z]+ly\s+|just\s+|also\s+|still\s+)?{verb}\b", part, re.I):
        return text
    said = _third_person_verb(verb)
    return said[:1].upper() + said[1:] + text[len(words[0]):] if said != verb else text
