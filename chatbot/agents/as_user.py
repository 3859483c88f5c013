"""A reply's sentence that says the user's facts as the assistant's own, said to the user.

The 1.5B model answers an introduction by taking it over: "yo im padraig, i work as a train
conductor out of cordoba ..." was answered "Hey there! I'm Padraig, and I work as a train
conductor out of Cordoba. I love stargazing on clear nights.", and a hydrographer in Funchal
was told "I'm a hydrographer with the port authority in Funchal" (sealed22: both replies passed
every check). `copies.without_copied_sentences` drops a sentence that is the message word for
word; one that says it in other words ("and", "I love" for "most nights im out") is said to
the user here instead: "You're Padraig, and you work as a train conductor out of Cordoba."

A sentence counts when it speaks in the first person singular, says no "you", and most of its
content words (`SHARE`, and at least `MIN_SHARED`) are the message's: "I recommend a walk
along Funchal's harbour" says little of the message and is the assistant's own.

The model also answers thanks nobody gave: "my uncle Percival collects old barometers." was
answered "You're welcome! I'm glad you enjoy ..." (sealed23); that opening goes
(`without_unasked_welcome`).
"""

from __future__ import annotations

import re

from chatbot.agents.casual import with_apostrophes
from chatbot.agents.guards import FIRST_PERSON_SINGULAR, stems
from chatbot.agents.language import language_of
from chatbot.agents.reply_style import sentences

SHARE = 0.6
MIN_SHARED = 3
_YOU = re.compile(r"\b(?:you|your|yours|yourself|you're|you've)\b", re.I)
# The first person singular and what it is to the user ("I am" with any spacing).
_TO_YOU = {"i'm": "you're", "i am": "you are", "i was": "you were", "i've": "you've",
           "i'd": "you'd", "i'll": "you'll", "i": "you", "me": "you", "my": "your",
           "mine": "yours", "myself": "yourself"}
_FIRST = re.compile(r"\b(?:I['\u2019](?:m|ve|d|ll)|I\s+(?:am|was)|I|me|my|mine|myself)\b",
                    re.I)


def _to_you(sentence: str) -> str:
    def swap(m: re.Match[str]) -> str:
        return _TO_YOU[re.sub(r"\s+", " ", m.group(0).lower().replace("\u2019", "'"))]
    out = _FIRST.sub(swap, sentence)
    return out[:1].upper() + out[1:]


def takes_over(sentence: str, message: str) -> bool:
    """The reply's sentence says the user's message as the assistant's own."""
    if not FIRST_PERSON_SINGULAR.search(sentence) or _YOU.search(sentence):
        return False
    own = stems(sentence)
    shared = own & stems(with_apostrophes(message))
    return len(shared) >= MIN_SHARED and len(shared) >= SHARE * len(own)


def said_to_them(reply: str, message: str) -> str:
    """The reply with each sentence that takes over the user's English message said to the
    user; a reply holding a list or code is left as it is."""
    if "\n" in reply.strip() or language_of(message) not in (None, "English"):
        return reply
    said = sentences(reply)
    over = [takes_over(s, message) for s in said]
    if not any(over):
        return reply
    return " ".join(_to_you(s) if o else s for s, o in zip(said, over, strict=True))


_WELCOME = re.compile(r"^\W*(?:you['\u2019]re|you\s+are)\s+(?:very\s+|most\s+)?welcome\b"
                      r"[^.!?]*[.!?]+\s*", re.I)
# Thanks, in the closed class of English words for it ("ta", "cheers", "thx").
_THANKS = re.compile(r"\b(?:thank|thanks|thankyou|thx|ty|ta|cheers|appreciate[ds]?|grateful)\b",
                     re.I)


def without_unasked_welcome(reply: str, message: str) -> str:
    """The reply without an opening "You're welcome!" when the message thanks nobody (and
    something else follows it)."""
    m = _WELCOME.match(reply)
    if m is None or _THANKS.search(message) or not reply[m.end():].strip():
        return reply
    rest = reply[m.end():]
    return rest[:1].upper() + rest[1:]
