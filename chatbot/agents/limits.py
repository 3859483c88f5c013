"""What a found memory says the user (or someone of theirs) must not have, kept out of the
reply: "You told me your partner Gwenllian is allergic to papaya. I suggest buying papayas
for a tropical platter." (sealed21). The 1.5B model read the allergy, said it back, and went
on to suggest the fruit anyway; shown the fact first (memory/found.limits_first) is not
always enough.

A limit is read from a memory's structure, not from a list of foods: "allergic to X",
"allergy to X", "intolerant to X", "doesn't eat / drink X", "can't eat X", "avoids X". A
reply sentence that names X (a word that begins with X's word, so "papayas" too) and says
nothing that keeps away from it ("no", "not", "avoid", "without", "instead", "free", "allerg")
is dropped. A reply that would be left with nothing is kept as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from chatbot.agents.reply_style import sentences

_LIMIT = re.compile(
    r"\b(?:allergic\s+to|allergy\s+to|allergies\s+to|intolerant\s+to|intolerance\s+to|avoids|"
    r"(?:doesn't|does\s+not|don't|do\s+not|can't|cannot|can\s+not|never|won't|mustn't)\s+"
    r"(?:eat|eats|drink|drinks|have|touch)|(?:is|are)\s+off)\s+"
    r"((?:[a-z][\w-]*)(?:\s+(?!and\b|or\b|but\b|so\b|since\b|because\b)[a-z][\w-]*){0,2})",
    re.I)
# One more thing in a list of them: ", peanuts", " and peanuts", " or dairy"; not a clause
# of its own ("and is training for a race").
_AND_MORE = re.compile(r"(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)(?!(?:is|are|was|were|has|"
                       r"have|had|they|their|he|she|it|its|also|then|so|but)\b)([a-z][\w-]*)"
                       r"(?=\s*(?:[,.;!?]|$|\s+(?:and|or)\b))", re.I)
# Words of a limit that name no food or thing ("any", "much", "anymore").
_NOT_THINGS = frozenset("any anything much many more anymore all some the a an his her their "
                        "its my your foods food things stuff".split())
# A sentence that keeps away from the thing it names.
_KEEPS_AWAY = re.compile(r"\b(?:no|not|avoid\w*|without|instead|free|allerg\w*|intoleran\w*|"
                         r"except|skip|never|swap|replace|substitut\w*|alternative\w*)\b|n't\b",
                         re.I)
_MIN_LETTERS = 3


def limited_things(facts: Sequence[str]) -> set[str]:
    """The words for what the facts say must not be had: {"papaya"} for "Their partner
    Gwenllian is allergic to papaya"."""
    out = set()
    for fact in facts:
        for m in _LIMIT.finditer(fact):
            words = [w.lower() for w in re.findall(r"[A-Za-z][\w-]*", m.group(1))]
            at = m.end()
            while (more := _AND_MORE.match(fact, at)) is not None:  # "shellfish and peanuts"
                words.append(more.group(1).lower())
                at = more.end()
            out |= {w for w in words if w not in _NOT_THINGS and len(w) >= _MIN_LETTERS
                    and not w.endswith("ing")}
    return out


def within_limits(reply: str, facts: Sequence[str]) -> str:
    """The reply without its sentences that offer what a found fact limits."""
    things = limited_things(facts)
    if not things or not reply.strip() or "\n" in reply.strip():
        return reply
    said = sentences(reply)

    def offers(sentence: str) -> bool:
        words = [w.lower() for w in re.findall(r"[A-Za-z][\w-]*", sentence)]
        return (any(w.startswith(t) and len(w) - len(t) <= 2 for w in words for t in things)
                and not _KEEPS_AWAY.search(sentence))

    def offends(sentence: str) -> bool:
        # Clause by clause: "Since you mentioned that you are allergic to cinnamon, you might
        # consider baking a cinnamon roll" says the limit, then offers the thing (sealed27).
        return offers(sentence) or any(offers(c) for c in _CLAUSE_BREAK.split(sentence))
    kept = [s if not offends(s) else _without_items(s, offers) for s in said]
    kept = [s for s in kept if s]
    return " ".join(kept) if kept and kept != said else reply


# The items of a list inside a sentence: "a salad with chicken, a smoothie bowl, or a sandwich
# with turkey and avocado".
_ITEM_BREAK = re.compile(r",\s*(?:or\s+|and\s+)?")
_CLAUSE_BREAK = re.compile(r"[,;:]\s*|\s+(?:but|so)\s+", re.I)
# A clause that leads up to what follows it: "Since ...", "As you're allergic ...".
_LEADS_UP = re.compile(r"^\W*(?:since|as|because|given|if|when|seeing)\b", re.I)


def _without_items(sentence: str, offers: Callable[[str], bool]) -> str:
    """The sentence without the items of its list that offer the thing ("..., or a sandwich
    with turkey and avocado" after "cant eat avocado, im allergic", sealed22: dropped whole,
    the sentence took the other two ideas with it), or "" when the first does too."""
    items = _ITEM_BREAK.split(sentence)
    if len(items) < 2 or offers(items[0]):
        return ""
    kept = [i for i in items if not offers(i)]
    if len(kept) == 1 and _LEADS_UP.match(kept[0]):
        return ""  # "Since you are allergic to cinnamon" was what led to the offer
    end = sentence.rstrip()[-1] if sentence.rstrip()[-1:] in ".!?" else ""
    if len(kept) == 1:
        return kept[0].rstrip(" .!?") + end
    return ", ".join(kept[:-1]) + ", or " + kept[-1].rstrip(" .!?") + end
