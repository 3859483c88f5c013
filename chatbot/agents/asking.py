"""What a question asks: whether a message asks at all (`asks`, its mark left out too), the
language it is written in, and, in an English recall question, the someone or something of the
user's own it asks for (`asked_someone`, `asked_name`, `asked_mine`), which agents/opening.py
compares with what was found. Moved out of agents/opening.py (no behaviour change).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from wordfreq import zipf_frequency

from chatbot.agents.guards import stems
from chatbot.agents.language import message_language
from chatbot.agents.told import MY_LIST, OWNED, RECALL, SOMEONE, TYPED_NAME_ZIPF, said_to_you
from chatbot.agents.untold import TOLD, self_clause

QUESTION_MARKS = ("?", "\uff1f")  # "?" and the full-width one


def asked_someone(message: str) -> str | None:
    """Someone or something of the user's an English recall question asks about ("what does
    my wife do again?": "wife"), or None. The caller says whether a found memory is about
    them; when none is, the reply begins `NOTHING_ABOUT` (the model had invented a job).
    Only someone the question itself names: "My sister's visiting. What's the dish I always
    cook again?" asks for the dish."""
    if written_in(message) != "English" or not RECALL.search(message):
        return None
    asking = " ".join(s for s in re.split(r"(?<=[.!?])\s+", message.strip()) if asks(s))
    if (m := SOMEONE.search(asking)) is None or MY_LIST.search(asking):
        return None  # "my name and my occupation": the user's own, not someone (`recalled`)
    if _WHAT_IS_MY.search(asking[:m.start()]) or m.group(1).lower() == "name":
        # "what is my job again": the thing asked for, not someone (sealed30); "do u remember
        # my name?" the user's own (sealed39: "You haven't told me anything about your name.")
        return None
    return m.group(1).lower()


# "what is my X": X is what the question asks for. "what is my job again" beside "Builds wooden
# boats for a living" was begun "You haven't told me anything about your job." (sealed30), and
# "where's my job again?" so too (sealed33).
_WHAT_IS_MY = re.compile(r"\b(?:what|where)(?:['\u2019]?s|\s+is|\s+was)\s+$", re.I)



# Someone a recall question names as the subject of its verb: "where does severin live
# again?", "what does Ildiko do again?". Asked after the user had them forgotten, the reply was
# begun "Since you" with whatever was found ("Since you mentioned playing shinty on Saturdays,
# it's likely that Severin lives in ...", sealed28).
_NAMED_SUBJECT = re.compile(r"\b(?:does|did)\s+([A-Za-z][\w'-]{2,})\s+(?!not\b)[a-z]+\b")
NOTHING_NAMED = "You haven't told me anything about {name}."
_WHO_IS = re.compile(r"\bwho(?:['\u2019]?s|\s+is|\s+was)\s+([A-Z][\w'-]{2,})\b", re.I)
UNKNOWN_NAME_ZIPF = 3.0  # "Ieva" 1.1, "Severin" 2.4; not "Mozart" 3.4, "Einstein" 3.7


def asked_name(message: str) -> str | None:
    """The name an English recall question asks about (`_NAMED_SUBJECT`), capitalised, or
    None."""
    if written_in(message) != "English":
        return None
    if not RECALL.search(message):
        # "who is Ieva? what does she do for work?" asked of an empty memory was answered
        # "Ieva is a software developer ..." (sealed34): someone no wordlist knows, asked
        # who they are, is someone only the user can have told of.
        who = _WHO_IS.search(message)
        if who is None or zipf_frequency(who.group(1).lower(), "en") >= UNKNOWN_NAME_ZIPF:
            return None
        return who.group(1)[:1].upper() + who.group(1)[1:]
    if (m := _NAMED_SUBJECT.search(message)) is None:
        return None
    name = m.group(1)
    if not name[0].isupper() and zipf_frequency(name.lower(), "en") >= TYPED_NAME_ZIPF:
        return None
    return name[:1].upper() + name[1:]


def asked_self(message: str) -> str | None:
    """What an English recall question asks of the user, said back to them ("where you are
    based", "which tea you like"), or None."""
    if written_in(message) != "English" or not RECALL.search(message):
        return None
    return self_clause(message)


# A question for one thing of the user's own: "What's my shoe size again?", "Remind me, what
# is my blood type?", "Do you remember my mother's name?". The thing: one to three words.
_ASKS_MINE = re.compile(r"\b(?:what(?:'s|\u2019s|s|\s+is|\s+are|\s+was|\s+were)|(?:do|did)\s+you\s+"
                        r"(?:know|remember|recall))\s+my\s+"
                        r"((?:[a-z][\w'-]*\s+){0,2}?[a-z][\w'-]*)(?:\s+again|\s+now|\s+then"
                        # "whats my job these days?" (sealed36)
                        r"|\s+these\s+days|\s+nowadays|\s+at\s+the\s+moment|\s+atm|\s+right\s+now)?"
                        r"\s*\?", re.I)
UNTOLD = "I don't know your {thing}: you haven't told me."
_VERBS = frozenset("is are was were has have had got does did will can".split())


def also_asked(message: str, untold: str, current: Sequence[str]) -> str:
    """ " You told me ..." with the first found fact, for a second question of the user's own
    beside one asked of a thing nobody told ("whats my passport number? and when is my race?":
    sealed44's reply said only that the number was not known); "" for one question."""
    others = [q for q in re.split(r"[?\n]+", message)
              if q.strip() and OWNED.search(q) and untold not in q.lower()]
    said = [f for f in said_to_you(current) if not stems(f) & stems(untold)]
    return f" {TOLD}{said[0]}." if others and said else ""


def asked_mine(message: str) -> str | None:
    """The thing of the user's own an English question asks for ("shoe size"), or None."""
    if written_in(message) != "English" or (m := _ASKS_MINE.search(message)) is None:
        return None
    thing = m.group(1).lower()
    if set(thing.split()) & _VERBS:
        return None  # "Did you know my dog is sick?": no thing asked for
    words = thing.split()
    if words[-1] in ("called", "named"):  # "what's my wife called?": her name
        return f"{' '.join(words[:-1])}'s name" if len(words) > 1 else None
    if len(words) > 1 and _owner_without_apostrophe(words[0]):  # "daughters favourite colour"
        return " ".join([words[0][:-1] + "'s", *words[1:]])
    return thing


def _owner_without_apostrophe(word: str) -> bool:
    """ "daughters" in "my daughters favourite colour": a plural that is rarer than its
    singular, as a possessive is (not "glasses", whose singular is no word)."""
    return (word.endswith("s") and not word.endswith(("ss", "'s"))
            and zipf_frequency(word[:-1], "en") > zipf_frequency(word, "en"))


def owner_and_attribute(thing: str) -> tuple[str, str] | None:
    """ "daughter's favourite colour" -> ("daughter", "favourite colour"); None for a thing
    that is no one's ("shoe size")."""
    owner, mark, attribute = thing.partition("'s ")
    return (owner, attribute) if mark and owner and attribute else None


# A fact that only names someone of the user's ("Has a daughter called Aoife") says what they
# are called and nothing else about them: it does not answer "whats my daughters favourite
# colour?" (the reply had made up "blue", sealed17).
_NAMES_ONLY = re.compile(r"^(?:You\s+have|Has)\s+(?:an?\s+)?(?:[\w-]+\s+){1,2}(?:called|named)\s+"
                         r"[A-Z][\w'-]*\W*$")


def names_only(fact: str) -> bool:
    return bool(_NAMES_ONLY.match(fact.strip()))


# A last sentence led by a question word asks, "?" or not: "is it even worth buying a
# dehumidifier where i live or am i overthinking it" (chat often leaves the mark out).
# After words of chat before it: "so what do you actually remember about me" (sealed21), "so
# uh what have u got on me so far" (sealed29).
# Or "wait which city did ruairi move to again" (sealed42: not read as a question, the reply
# went unbegun and said "You moved to Reykjavik"), or "remind me whose chickens im looking
# after next month" (sealed49: unbegun, the reply said it had not been told).
_ASKING = re.compile(r"^\W*(?:(?:so|ok|okay|and|but|well|right|hey|um|uh|er|hmm|oh|wait|btw|"
                     r"also|sorry|lol|omg|ay+|yo|oi)\W+)*"  # "ayy which game did i say ..."
                     r"(?:what|where|when|who|which|why|how|do|does|did|is|are|am|can|"
                     r"could|should|would|will|remind\s+me)\b(?!.*[.!]\s*$)", re.I)


def asks(message: str) -> bool:
    last = re.split(r"(?<=[.!?])\s+", message.strip())[-1]
    return (any(mark in message for mark in QUESTION_MARKS) or bool(_ASKING.match(last))
            or bool(_ASKED_AFTER.search(last)))


# A question after a statement, its mark left out: "black spots on my bathroom ceiling, how do i
# get rid of them" (sealed33: a refusal was asked for again begun "Thanks for telling me!").
_ASKED_AFTER = re.compile(r"[,;:-]\s*(?:(?:so|and|but)\s+)?(?:what|which|where|when|who|why|how)"
                          r"(?:\s+[a-z]+){0,3}?\s+(?:do|does|did|is|are|can|could|should|would|"
                          r"will)\s+(?:i|we|you|u|they|it|my)\b[^.!]*$", re.I)


def written_in(message: str) -> str | None:
    """The message's language ("French"), English for one too short to tell in plain ASCII
    letters ("Any ideas?"), else None."""
    language = message_language(message)
    if language is None and message.isascii():
        return "English"
    return language
