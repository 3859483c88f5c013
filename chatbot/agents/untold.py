"""What a question asks for that the facts found do not hold, and the reply that says so.

A question for a place, a time, a number or someone's work, answered with a fact that holds
none ("Which city does Leopoldine live in?" beside only "You have a sister called
Leopoldine"), is begun with that fact and "but you haven't told me" (agents/opening.py): the
model had answered with the fact and nothing more, or made the answer up. What it goes on
with after those words is held to questions (`without_guesses`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from wordfreq import zipf_frequency

from chatbot.agents.reply_style import sentences
from chatbot.memory.timewords import MONTHS, NUMBER_WORDS, WEEKDAYS

TOLD = "You told me "
NOT_TOLD = ", but you haven't told me"
# How a reply begins that has nothing found to tell ("You haven't told me anything about
# Ieva."): what the model goes on to state is made up ("Ieva is a software developer").
NOTHING_TOLD = "You haven't told me "
_CAPITALISED = re.compile(r"\b[A-Z][\w'-]*")

# What a question asks for, by its question word (a closed class), and what a fact must hold
# to answer it: a place is a capitalised word the question does not say ("Where does Tomas
# live?" beside "Tomas moved to Oslo"); a time, a number, a weekday, a month or a word like
# "tomorrow"; an age or an amount, a number.
_ASKS_PLACE = re.compile(r"^\W*(?:where\b|(?:in\s+|at\s+)?which\s+(?:city|town|country|place|"
                         r"hotel|restaurant|school|company|street|airport|station|hospital|"
                         r"neighbourhood|neighborhood|area|venue)\b)", re.I)
_ASKS_TIME = re.compile(r"^\W*(?:when\b|what\s+(?:time|day|date)\b|which\s+(?:day|date)\b)",
                        re.I)
_ASKS_NUMBER = re.compile(r"^\W*how\s+(?:old|many|much|long)\b", re.I)
# Work: "what does Auberon do (for a living)?", "what's Ana's job?"; a fact that answers it
# says what someone works as or is ("works", "job", "is a ...", "as a ...").
_ASKS_WORK = re.compile(r"^\W*what\s+(?:(?:does|do)\s+[\w' ]+?\s+do|[\w' ]+?\s+does)"
                        r"(?:\s+for\s+(?:a\s+living|work))?\W*$"
                        r"|^\W*what(?:'s|\s+is)\s+[\w' ]+?'s?\s+"
                        r"(?:job|work|profession|occupation|line\s+of\s+work)\b", re.I)
_WORK = re.compile(r"\b(?:works?|worked|working|job|jobs|career|profession|employed|retired|"
                   r"is\s+an?|as\s+an?)\b", re.I)
# Words before the question itself: "Remind me, which city ...", "Quick one: when ...".
_LEAD_IN = re.compile(r"^\W*(?:(?:so|ok|okay|and|also|hey|btw|wait|hmm|um|oh|ah|right|"
                      r"quick\s+one|remind\s+me|do\s+you\s+(?:know|remember)|"
                      r"can\s+you\s+(?:tell|remind)\s+me)\b[\s,:-]*)+", re.I)
_NUMBER = re.compile(r"\d|\b(?:" + "|".join(NUMBER_WORDS) + r")\b", re.I)
_TIME_WORDS = [*WEEKDAYS, *MONTHS, "today", "tonight", "tomorrow", "weekend", "week", "month",
               "year"]
_TIME = re.compile(r"\d|\b(?:" + "|".join(_TIME_WORDS) + r")\b", re.I)
_CALLED = re.compile(r"\b(?:called|named)\s+[A-Z][\w'-]*")
_NOT_PLACES = {"You", "Your", *(w.capitalize() for w in (*WEEKDAYS, *MONTHS))}
# Where someone comes from is not where they live: "where did i grow up?" beside "Lives in
# Tulsa" had been begun with Tulsa, and the model went on "you were born in Tulsa in 2024"
# (sealed16). A question about birth or upbringing is answered only by a fact that says so.
_ORIGIN = (r"\b(?:grow|grew|growing)\s+up\b|\b(?:born|raised|originally|hometown|birthplace)\b"
           r"|\bhome\s+town\b")
_ASKS_ORIGIN = re.compile(_ORIGIN + r"|\bfrom(?:\s+(?:again|originally))?\W*$", re.I)
_SAYS_ORIGIN = re.compile(_ORIGIN + r"|\b(?:is|are|comes?|came)\s+from\b", re.I)


# A place typed in lower case, as chat does ("a job as a ghillie on a big estate in perthshire",
# sealed31: "you haven't told me where he's working" was said): a rare word after "in", "at",
# "near" or "to" that the question does not say.
PLACE_ZIPF = 3.0
_AFTER_AT = re.compile(r"\b(?:in|at|near|to|from)\s+([a-z][\w'-]+)")


def _typed_place(said: str, message: str) -> bool:
    asked = message.lower()
    return any(zipf_frequency(w, "en") < PLACE_ZIPF and w not in asked
               for w in _AFTER_AT.findall(said))


# A recall question about the user in the first person: "where am i based again?", "which tea
# do i like again?", "remind me, what do I do for a living?". Asked of an empty memory, the
# model made an answer up ("You are based in New York City.", sealed26).
_ASKS_SELF = re.compile(r"\b((?:what|where|which|who|when|how)(?:\s+[a-z]+){0,2}?)\s+"
                        r"(am|do|was|have)\s+i\s+([^?.!]*?)(?:\s+(?:again|now))?\s*\?*\s*$",
                        re.I)
_SELF_VERB = {"am": "are", "do": "", "was": "were", "have": "have"}
_YOURS = {"my": "your", "me": "you", "myself": "yourself", "mine": "yours"}


# "..., do u remember" after the question: a tag, not what is asked.
_REMEMBER_TAG = re.compile(r"[,\s]+(?:do|did|can)?\s*(?:you|u|ya)\s+(?:still\s+)?remember\W*$",
                           re.I)


def self_clause(question: str) -> str | None:
    """What a question asks of the user in the first person, said back to them ("where you
    are based" for "where am i based again?", "which tea you like"), or None."""
    if (m := _ASKS_SELF.search(_REMEMBER_TAG.sub("", question.strip()))) is None:
        return None
    rest = re.sub(r"\b(?:my|me|myself|mine)\b", lambda w: _YOURS[w.group(0).lower()],
                  re.sub(r"\s*\b(?:again|now)$", "", m.group(3).strip(" ,")), flags=re.I)
    verb = _SELF_VERB[m.group(2).lower()]
    return " ".join(w for w in (m.group(1).lower(), "you", verb, rest) if w)


def lacks_the_answer(message: str, facts: Sequence[str], asked: set[str]) -> bool:
    """The question asks for a place, a time, a number or someone's work that none of the
    facts holds, or where or when someone was born or grew up, which none of them says."""
    said = " ".join(facts)
    message = _LEAD_IN.sub("", message)
    if _ASKS_WORK.match(message):
        return not _WORK.search(said)
    if ((_ASKS_PLACE.match(message) or _ASKS_TIME.match(message))
            and _ASKS_ORIGIN.search(re.split(r"[?\n]", message)[0])
            and not _SAYS_ORIGIN.search(said)):
        return True
    if _ASKS_PLACE.match(message):  # a name ("called Cathal") is no place
        return not (set(_CAPITALISED.findall(_CALLED.sub("", said))) - asked - _NOT_PLACES
                    or _typed_place(said, message))
    if _ASKS_TIME.match(message):
        return not _TIME.search(said)
    if _ASKS_NUMBER.match(message):
        return not _NUMBER.search(said)
    return False


def without_guesses(reply: str) -> str:
    """A reply begun "You told me ..., but you haven't told me ..." (agents/opening.py)
    without the statements the model went on with: only that sentence and the questions after
    it. The model had gone on guessing what it had just said it was not told: "..., but you
    haven't told me how old Mochi is. Mochi is probably around 2 years old." and "... where
    you grew up. I remember that you were born in Oklahoma" (sealed15, sealed16). So too a
    reply begun "You haven't told me ..." with nothing found (sealed34). Any other reply
    unchanged."""
    said = sentences(reply)
    if not (said and (said[0].startswith(TOLD) and NOT_TOLD in said[0]
                      or said[0].startswith(NOTHING_TOLD))) or len(said) < 2:
        return reply
    kept = [said[0], *(s for s in said[1:] if s.rstrip().endswith("?"))]
    return " ".join(kept) if len(kept) < len(said) else reply
