"""A sentence about what the user would do if something were so, told by its grammar.

`is_hypothetical` tells "If I ever won the lottery, I'd buy a boat" by a condition on the user
and a would or could after it: such a sentence holds nothing true to keep. `before_hypothetical`
finds the real clause beside one ("I'm a parcel courier" after "..., but for now"). Moved out of
agents/wording.py (no behaviour change).
"""

from __future__ import annotations

import re

# A condition on the user: "if I", "suppose we", "if my ...".
# ... or of something of theirs, "I'd" typed "id": "if it ever got picked up by the guardian id
# frame it" (sealed36: kept as "Guardian id frame").
# ... or a world other than this one: "in another life id def be an opera singer" (sealed40).
# ... or anything the user wishes were otherwise: "If money were no object I'd buy a vineyard
# in Tuscany" (sealed46: kept as a wish).
_IF_I = re.compile(r"\b(?:if|suppose|supposing|imagine)\s+(?:i|we|it|they|my\s+\w+)\b"
                   r"|\bin\s+(?:another|a\s+different|an\s+ideal|a\s+perfect|a\s+parallel|"
                   r"my\s+next)"
                   r"\s+(?:life|world|universe)\b|\bin\s+my\s+dreams\b"
                   r"|\bif\s+(?:[\w'\u2019]+\s+){1,3}(?:were|weren['\u2019]?t)\b"
                   # ... or said the formal way round, "were I ever granted a sabbatical (...), I
                   # would spend it ..." (sealed52: cut in two, "I would spend it" kept)
                   r"|(?:^|[,;(]\s*|\b(?:and|but)\s+)(?:were|had)\s+(?:i|we)\b", re.I)
_WOULD = re.compile(r"\b(?:would|could|might)\b|\b(?:i|we|you|it|that)['\u2019]d\b"
                    r"|(?-i:\bid\s+[a-z]{3,})", re.I)


# "if i ever ..." is a condition whatever follows: "if i ever win big on the horses im opening a
# lahmacun place in Trabzon lol" was kept as a plan (sealed33).
_IF_EVER = re.compile(r"\bif\s+(?:i|we|it|they)\s+(?:ever|one\s+day|someday)\b", re.I)


def is_hypothetical(text: str) -> bool:
    """The sentence is a condition on the user ("if I", "suppose we") followed by what would
    or could follow, or one that says "if I ever". "If you could keep it short, that would be
    great" is a request, not this."""
    condition = _IF_I.search(text)
    return condition is not None and (_WOULD.search(text, condition.end()) is not None
                                      or _IF_EVER.search(text) is not None)


# A real clause before the condition, joined to it: "i work as a court interpreter (polish-
# english) and honestly if i ever quit id open a taco truck in Hobart lol" (sealed43 kept
# nothing: the whole part read as hypothetical).
# (the adverb with its comma too: "..., and honestly, if I had the nerve I'd quit", sealed49)
_BEFORE_IF = re.compile(r"\s*[,;]?\s+(?:and|but)\s+(?:(?:honestly|tbh|ngl|like|maybe|"
                        r"lowkey|also|frankly|seriously)[\s,]+)?"
                        r"(?=(?:if|suppose|supposing|imagine)\b)"
                        r"|\s*[,;.!]\s*(?=(?:if|suppose|supposing|imagine)\b)", re.I)


# ... or after it: "If money were no object I'd buy a vineyard in Tuscany, but for now I'm a
# parcel courier in Swansea." (sealed46).
_BUT_REAL = re.compile(r"\s*[,;.]?\s+but\s+(?:(?:for\s+now|right\s+now|for\s+the\s+moment|"
                       r"at\s+the\s+moment|in\s+reality|in\s+real\s+life|realistically|"
                       r"actually|these\s+days|irl)\s*,?\s+)?", re.I)


def before_hypothetical(text: str) -> str | None:
    """The real clause of a hypothetical part: the one before its condition, or the one after
    "but" that follows the condition and what would follow it, when it is no condition itself
    and says something of its own (three words or more); else None."""
    cut = _BEFORE_IF.search(text)
    if cut is not None and is_hypothetical(text[cut.end():]):
        real = text[:cut.start()].strip()
    elif (condition := _IF_I.match(text.lstrip())) is not None and (
            cut := _BUT_REAL.search(text, condition.end())) is not None:
        real = text[cut.end():].strip()
        if _WOULD.search(real):
            return None
    else:
        return None
    return real if len(real.split()) >= 3 and not is_hypothetical(real) else None


# Words that make a sentence a wish, a condition or a maybe.
_WHAT_IF = re.compile(r"\b(?:if|wish|wished|dream|dreams|hope|hoping|someday|one\s+day|imagine|"
                      r"suppose|maybe|perhaps|might|should|ought|planning|plan)\b", re.I)


def says_what_if(text: str) -> bool:
    """The sentence has a word of a condition, a wish or a maybe ("if", "I'd", "would",
    "someday"): a model that calls it hypothetical may be right. Without one it is not:
    "also joined the juggling club bc my flatmate wouldnt shut up abt it lol" (sealed51)."""
    return bool(_WHAT_IF.search(text) or _WOULD.search(text))
