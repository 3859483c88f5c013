"""The words a direct reply to a question begins with when memories were found: "Since you",
written into the prompt after the reply's header, so the model goes on with what it knows about
the user instead of from nothing.

Told in the instructions, in the memories' layout or in a reminder after the message, the 1.5B
embedded model still answered a found fact's question as if nothing were known: a dish for a
potluck with no word of a sesame allergy, a trip in a week of jury duty, "I don't know who's
staying at your place" beside "Your parents are staying with you until 26 March" (docs/agents.md,
sessions 6-16). Asked to pick the fact that matters (a field before the reply, or yes/no per
fact), it picked the first one shown or said yes to all; shown the right fact, it still
ignored it. Begun with "Since you", it has to go on with a reason about the user, and it picks
the reason with the question in view: "Since you mentioned you are allergic to sesame, ...".

Session 14 began replies with "From what you've told me,": the model then restated the first
fact it read, also one whose end date had passed ("you are still on your contract until 30
April", said on 21 May). So not when a found memory is past (memory/validity.py says so from
its dates). "Since you" can also go on with a negation ("Since you haven't mentioned your
name, ..." beside "Is called Kofi", seen once in 54 cases).

When the memory found first is past and the question names something of it, code has
compared the dates, and the reply begins by saying so: "That ended on 31 March 2024, so it no
longer" (the model finishes "applies", "belongs to you"). Whatever the memories said, the
model answered "am I still ...?" with yes ("Yes, your cousin's van is still with me"), and
begun only "That ended on ..." it went on "so yes, you can still go" (docs/agents.md,
session 23). A past memory found first for a question about something else ("What fruit
could I pack?" beside a hotel stay) shares no word with it and gets no such opening.

Only for a question (a "?" in the message, or a last sentence led by a question word), with
memories found, and no standing preference for a language: a user who asked for replies in
German gets them begun in German, not with our English (session 32: a preference for a tone
or a format no longer turns the openings off; bullets begin "- " as before). On for small
models (`Limits.open_with_memory`; `scripts/eval_agents.py --no-opening` for an A/B): 46 of
54 reachable cases against 43 without (docs/agents.md, session 17).

A question naming someone or something a found fact names ("What's Wojciech up to these
days?" beside "Your neighbour Wojciech just opened a ramen bar ...") is begun with that fact:
"You told me your neighbour Wojciech just opened ...". Begun "Since you", the model went on
"Since you haven't mentioned Wojciech's activities" (sealed5, docs/agents.md, session 28). A
capitalised word is the name; code picks the fact, as it does for the recap below. When the
question asks for a place, a time or a number (where / which city, when, how old: a closed
class of question words) and no such fact holds one, the opening goes on "but you haven't told
me": "Which city does Leopoldine live in?" beside only "You have a sister called Leopoldine" was
answered with that fact and nothing more (sealed7, docs/agents.md, session 30). What a
question asks for and what answers it is agents/untold.py; the openings that say back what
the user told ("You told me ...") are agents/told.py. A question about the user's own
time ("anything coming up for me this week?") is begun with the found facts whose dates fall
in it (`in_the_time`, session 35).

A request to forget gets no opening: begun with the fact, the reply recited what the user had
just asked to have deleted.

A question in another language gets no opening of the model's to go on from: its "you"
("Tu", "Tú", "Du") was tried and measured no gain (docs/agents.md, session 23), and so was
"you told me" in it (session 31): the model went on with the wrong fact. A fact the user told
in another language is kept in their own words (agents/own_words.in_their_words); a question
in that language found beside it is begun with it, quoted whole after "you told me" in the
question's language (agents/opening_abroad.py): 'Tu m'as dit : "Je suis plombier à
Marseille."'. The fact is right by construction; the model had answered "Je ne me souviens
pas de mon métier".

A question in English from a user who asked for replies in another language is begun with
"Sure!" in that language ("Gerne!", `opening_abroad.SURE_ABROAD`): told only in the
preferences, the model answered in English (session 35).

A user who asked for bullet points gets a reply begun with "- " instead, on any message
(agents/reply_style.py): the 1.5B model then writes a list, where told only in the preferences
it wrote prose or one long bullet.

A question about the user as a whole ("What do you know about me?", "What have you got on
file about me?", "Who am I?") gets the found memories themselves as its opening, said to the
user: "Here's what I know about you: your name is Ines; you keep two ferrets." Begun "Since
you", the model went on "Since you haven't mentioned anything about yourself, I don't know
anything about you" beside three memories shown (docs/agents.md, session 25). "Do you
actually know who I am?" is one too (session 28).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date

from chatbot.agents.as_user import NOT_HUMAN
from chatbot.agents.asking import (
    NOTHING_NAMED,
    UNTOLD,
    also_asked,
    asked_self,
    asks,
    written_in,
)
from chatbot.agents.casual import with_apostrophes
from chatbot.agents.guards import NOT_TO_KEEP, asks_to_undo, stems
from chatbot.agents.opening_abroad import SURE_ABROAD, told_abroad
from chatbot.agents.questions import asks_unmarked
from chatbot.agents.reply_requests import asks_not_to_keep
from chatbot.agents.told import (
    NOTHING_ABOUT,
    OWNED,
    in_the_time,
    named,
    no_longer,
    recalled,
    said_to_you,
    theirs,
)
from chatbot.agents.untold import NOTHING_TOLD, TOLD
from chatbot.memory.timeparse import day_in_words
from chatbot.redact import MARKER

OPENING = "Since you"
# English questions are begun with these; a question in another language only with a quote
# of the user's own words (`told_abroad`): "you" in its language (Tu, Tú, Du, ...) was tried in
# session 23 and measured no gain (docs/agents.md, session 23).
# A question about a memory that ended before today: code has compared the dates and says so.
# Begun "That ended on 31 March 2024" alone, the model went on "so yes, you can still go"; it
# has to finish "it is no longer ..." (docs/agents.md, session 23). Left to find the verb after
# "it no longer", it wrote "so it no longer with you." and "so it no longer stays with us."
# (sealed26, sealed27); after "is" any state follows ("valid", "yours", "with you").
ENDED = "That ended on {day}, so it is no longer"
_ASKS_AM_I = re.compile(r"^\W*(?:(?:so|ok|okay|and|wait|hey|um)\W+)*am\s+i\b", re.I)
# A message that says something known is wrong: no found fact is told back as true.
_DISPUTES = re.compile(r"\b(?:that['\u2019]?s|thats|that\s+is|it['\u2019]?s|its)\s+(?:all\s+)?"
                       r"(?:wrong|not\s+right|incorrect|outdated|out\s+of\s+date)\b"
                       r"|\b(?:quick\s+)?(?:fix|correction)\s*[:,!-]"
                       r"|\b(?:you|u)(?:['\u2019]ve|\s+have)?\s+(?:got|gotten|have|put)\b[^.?!]*"
                       r"\bwrong\b", re.I)
# A question whether the assistant remembers from one chat to the next: it does, and says so
# first ("do you actually remember stuff between chats or is that just marketing" was answered
# "I don't remember anything between chats", sealed45).
_ASKS_IF_REMEMBERS = re.compile(r"\b(?:do|will|can|would)\s+(?:you|u|ya)\s+"
                                r"(?:actually\s+|really\s+|even\s+)?"
                                r"(?:remember|recall|keep)\b[^?.!]*\b(?:between|across|"
                                r"from\s+(?:one|other|our|previous|old|last)|other|next|old|"
                                r"previous|last)\s+(?:chats?|conversations?|sessions?|times?)\b",
                                re.I)
REMEMBERS = "I do remember what you tell me about yourself from one chat to the next."
# A message that asks not to keep something of it ("btw dont remember this part: the code for
# my storage unit is ..."): the reply says so first. sealed38's began "I'm sorry, but I don't
# have enough information to answer your question."
WONT_KEEP = "Understood, I won't keep that."
NOT_KEPT = ("I don't keep passwords, codes or account numbers, so I can't tell you that one: "
            "check wherever you keep it safe.")
# Asked of the other people who chat here: "Does anyone else you talk to have a parrot?"
# (sealed52: begun "Since you mentioned playing the kazoo ..."). Each user's memory is their
# own; the reply says so first.
OTHERS_PRIVATE = "I keep what each person tells me private, so I can't share anything about others."
_ASKS_OF_OTHERS = re.compile(r"\b(?:anyone|anybody|someone|somebody|who)\s+else\s+(?:(?:do|did|"
                             r"have|has)\s+)?(?:you|u)\b|\bother\s+(?:users|people|customers|"
                             r"folks)\s+(?:(?:do|that|who)\s+)?(?:you|u)\b|\bother\s+users\b"
                             # "Someone told you about a farm up north, right? Who was it?"
                             # (sealed54: answered with a made-up farm)
                             r"|\b(?:someone|somebody|anyone|anybody)\s+(?:else\s+)?(?:told|"
                             r"tell|mentioned|said)\s+(?:to\s+)?(?:you|u)\b", re.I)
# A question whether the assistant is a person or a program: it says what it is, first.
_ASKS_IF_HUMAN = re.compile(r"\b(?:are|r)\s+(?:you|u|ya)\s+"
                            r"(?:(?:like|even|actually|really|just)\s+)*(?:an?\s+)?"
                            r"(?:real\s+|actual\s+|live\s+)?"
                            r"(?:person|human|bot|robot|ai|a\.i\.|machine|chatbot|computer|program)\b",
                            re.I)
BULLET_OPENING = "- "
RECAP = "Here's what I know about you: "
# The user as what a question is about: "... about me?", "... about me so far?", "... about
# me these days?", "what do u know abt me?" (sealed41), "Who am I?", "What have you got on
# me?". Not "on me" nor "of me" otherwise ("Can you go easy on me?", "Are you proud of me?");
# not "about me and my dog".
_NOW = (r"so\s+far|yet|already|now|right\s+now|by\s+now|these\s+days|nowadays|currently|"
        r"at\s+the\s+moment|at\s+this\s+point")
_ABOUT_THE_USER = re.compile(
    rf"\b(?:about|abt)\s+(?:me|myself)\W*(?:{_NOW})?\W*(?:then\W*)?$|\bwho\s+(?:am\s+i|i\s+am)\b"
    rf"|\b(?:got|have|has|keep|hold)\s+(?:\w+\s+)?on\s+me\W*(?:{_NOW})?\W*$", re.I)


def about_the_user(message: str) -> bool:
    """The message asks what is known about the user, as a whole."""
    return asks(message) and bool(_ABOUT_THE_USER.search(message.strip()))


def recap(facts: Sequence[str]) -> str:
    """The facts, said to the user ("Your name is Ines", "You keep two ferrets"), as the
    start of a reply: "Here's what I know about you: your name is Ines; you keep two
    ferrets." A fact led by a name keeps its capital."""
    said = said_to_you(facts)
    return RECAP + "; ".join(said) + "." if said else ""


def opening(message: str, *, found: bool, preferences: bool, past: bool = False,
            bullets: bool = False, numbered: bool = False, ended: date | None = None,
            current: Sequence[str] = (), untold: str | None = None,
            nobody: str | None = None, during: Sequence[str] = (),
            reply_in: str | None = None, unnamed: str | None = None) -> str:
    """The reply's first words, or "" to leave the start to the model. preferences: a
    standing preference asks for replies in a language (the caller reads them); past: a found
    memory's end date has passed; ended: the end date of the memory found first, when it has passed;
    bullets: the user asked for bullet points (numbered: numbered ones, begun "1. ");
    current: the found memories that still hold,
    said to the user (a question about the user as a whole is begun with them); untold: the
    thing of the user's own the question asks for (`asked_mine`) when no memory found is
    about it, or none is found (the caller compares them): "I don't know your shoe size: you
    haven't told me." The model had answered from whatever was found ("Since you mentioned
    Evadne as your sugar glider, your shoe size is likely around 4.5 inches"). nobody: someone
    of the user's a recall question asks about (`asked_someone`) that no found memory is
    about (the reply begins "You haven't told me anything about your wife."); during: the
    found memories whose dates fall in the time the question asks about ("this week"), said
    to the user (a question about the user's own time is begun with them, `in_the_time`);
    reply_in: the language a standing preference asks replies in (a question in English is
    begun with "Sure!" in it, `SURE_ABROAD`); unnamed: someone a recall question names
    (`asked_name`) whom no found memory names ("You haven't told me anything about Severin.")."""
    if bullets:
        return "1. " if numbered else BULLET_OPENING
    # (read as written out: "wat do u know about me" asks what "what do you ..." asks)
    message = with_apostrophes(str(message or "").strip())
    language = written_in(message)  # (read once: each call classifies the message again)
    # (not a recall question of the user's own: "do you remember what i told you last time
    # about my dog?" is begun with what was found)
    remembers = (_ASKS_IF_REMEMBERS.search(message) is not None and not OWNED.search(message)
                 and not re.search(r"\bwhat\s+(?:i|we)\b", message, re.I))
    if language == "English" and _ASKS_IF_HUMAN.search(message) and reply_in is None:
        # "... are u a real person or a bot btw?" (sealed40: not answered)
        return NOT_HUMAN + (f" {REMEMBERS}" if remembers else "")
    if language == "English" and remembers and reply_in is None:
        return REMEMBERS
    if (language == "English" and _ASKS_OF_OTHERS.search(message) and reply_in is None
            and not _MINE_OR_OURS.search(message)):  # not "has anyone told you about my ..."
        return OTHERS_PRIVATE
    if (not preferences and reply_in is None and language == "English"
            and (NOT_TO_KEEP.search(message) or asks_not_to_keep(message)) and not asks(message)):
        return WONT_KEEP  # (not before a question: sealed39's reply then answered nothing)
    if untold and not preferences and asks(message):  # found or not
        return UNTOLD.format(thing=untold) + also_asked(message, untold, current)
    if nobody and not preferences and asks(message) and not asks_to_undo(message):
        return NOTHING_ABOUT.format(who=nobody)
    if not found and not preferences and (clause := asked_self(message)):
        return NOTHING_TOLD + clause + "."
    if unnamed and not preferences and not asks_to_undo(message):
        return NOTHING_NAMED.format(name=unnamed)
    if (reply_in in SURE_ABROAD and asks(message) and not asks_to_undo(message)
            and language == "English"):
        return SURE_ABROAD[reply_in]
    if not found or not asks(message) or asks_to_undo(message):
        # A request to forget is not begun with the fact: the reply recited what the user had
        # just asked to have deleted ("You told me you recently broke up with ... Tiberius").
        return ""
    if language != "English":  # its "reply in <language>" is one of the preferences
        return told_abroad(message, language, current)
    if preferences:
        return ""
    if ended is not None and not during:  # (a question about a time: what falls in it, first;
        # "What's coming up for me this week?" had been begun "That ended on 18 March 2024",
        # sealed54)
        # "am i still on parental leave this week?": "so you are no longer" (sealed41's "so it
        # is no longer on parental leave")
        ended_at = ENDED.format(day=day_in_words(ended))
        return ended_at.replace(" it is ", " you are ") if _ASKS_AM_I.search(message) else ended_at
    if _DISPUTES.search(message):
        # "u have me down as living in zwolle but thats wrong, i live in Deventer ... any nice
        # bike routes near me?" had been begun "You told me you live in Zwolle." (sealed43)
        return ""
    if any(MARKER in f and stems(f) & stems(message) for f in current):
        # "What was the code for my front door again?" beside "Door code is [redacted
        # secret]": begun "Since you", the reply went on "I can suggest that the code is
        # [redacted secret]" (sealed53)
        return NOT_KEPT
    current = [f for f in current if MARKER not in f]  # not said back where not asked for
    if current and about_the_user(message):
        return recap(current)
    if told := _each_told(message, current, during):
        return told
    return "" if past or about_the_assistant(message) else OPENING


def _told(message: str, current: Sequence[str], during: Sequence[str]) -> str:
    return (no_longer(message, current) or named(message, current)
            or recalled(message, current) or theirs(message, current)
            or in_the_time(message, during))


def _each_told(message: str, current: Sequence[str], during: Sequence[str]) -> str:
    """What the user told, for each of the message's questions in its own sentence: "whats
    my ponys name again. and is it fergus at work whos vegan" (sealed52: begun with Fergus
    only, the pony left out)."""
    questions = [q for q in re.split(r"(?<=[.?!])\s+|\n+", message)
                 if q.strip() and (asks(q) or asks_unmarked(q))]
    if len(questions) < 2:
        return _told(message, current, during)
    said: list[str] = []
    for question in questions:
        told = _told(question, current, during)
        if told and told not in said:
            said.append(told if not said else told.replace(TOLD, "And you told me ", 1))
    return " ".join(said) or _told(message, current, during)


# The assistant's own: "your day", "your favourite film", "how are you". With no first person
# in the message, a question about the assistant asks nothing of the user.
# ... and what it is or does of itself: "are you a big model or a small one?", "do you ever get
# bored of answering questions all day?" (sealed47: begun with the user's home and job).
_ABOUT_YOU = re.compile(r"\b(?:your|yours|yourself)\b|\bhow\s+(?:are|r)\s+(?:you|u)\b"
                        r"|\b(?:are|were|r)\s+(?:you|u)\b|\bdo\s+(?:you|u)\s+ever\b", re.I)
_MINE_OR_OURS = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|me|my|mine|myself|we|us|our|ours)\b",
                           re.I)


def about_the_assistant(message: str) -> bool:
    """A question about the assistant itself ("hows your day going?", "what's your favourite
    film?"), not the user: begun "Since you", the reply went on "Since you asked about your
    day, I can tell you that it's been great!" (sealed18). Its questions decide, not what the
    user says of themselves before them: "... I'm knackered. Do you ever get fed up with people
    asking you stuff all day?" was begun "Since you mentioned you live in Hexham" (sealed52)."""
    asked = [q for q in re.split(r"(?<=[.!?])\s+", message.strip()) if q.rstrip().endswith("?")]
    return bool(asked) and all(_ABOUT_YOU.search(q) and not _MINE_OR_OURS.search(q)
                               for q in asked) or (
        bool(_ABOUT_YOU.search(message)) and not _MINE_OR_OURS.search(message))
