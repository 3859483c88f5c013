"""Code guards around the agents' tool loops: limits per model size, and which messages can
hold nothing worth remembering (the grounding check is agents/grounding.py).

Small models (the embedded 1.5B) repeat tool calls, loop to `max_iters` instead of finishing,
and copy the assistant's words into memory. The prompt asks them not to; these guards make
sure, for any model. See docs/agents.md.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import date
from typing import Any

from chatbot.agents.casual import with_apostrophes

# Where a memory's words come from, re-exported: most agents import them from here.
from chatbot.agents.grounding import (  # noqa: F401
    NEUTRAL_WORDS,
    PREFIX_MIN,
    Grounding,
    grounding,
    said_in,
    stems,
)
from chatbot.agents.language import language_of
from chatbot.memory.timeparse import find_span


@dataclass(frozen=True)
class Limits:
    """How tightly the agents' tool loops are held.

    max_actions: the memory agent's tool steps at most (None: its ReAct max_iters).
    repeat_limit: how often the same call (tool and arguments) may run; the next one is
        refused and ends the loop.
    stop_on_second_write: a second write to one shown id in a run is always refused; this
        also ends the loop.
    stop_after_noop: the memory agent's `noop` ends the loop (it means "nothing to change").
    stop_after_search: the response agent answers as soon as a search found memories,
        instead of asking the model for one more step (which is `finish`, or a loop).
    step_tokens / answer_tokens: max_tokens of one tool step / of the final answer (None:
        the LM's own). A runaway step is cut short instead of running to the LM's limit.
    stop_at_completed: generation stops at ChatAdapter's `[[ ## completed ## ]]` marker
        (small models go on writing after it until max_tokens).
    update_on_first_person: run the memory agent for any first-person statement, whatever
        the response agent's save_memory says (small models miss plain facts).
    skip_questions: do not run the memory agent for a message that is one question ("What's
        my dog's name?"), whatever save_memory says (small models rewrite memories from it).
    require_user_words: a memory text must share a content word with the user's words (small
        models copy facts from their worked examples).
    json_fallback: an unreadable final answer is asked again in JSON (DSPy's default). Off,
        it is read leniently instead: one LM call less (small models often just leave out the
        last field). Tool steps keep the retry: it rescues a step with a garbled header.
    delete_needs_retraction: delete_memory is refused unless the user's messages hold a word
        of retraction or change ("forget", "no longer", "not", "moved", "wrong", ...).
    direct_reply: the response agent searches by code (the user's message, all categories)
        and answers in one LM call, without tool steps of the model's own: a small model's
        search decisions were worse than the plain search, and each step costs seconds.
    chat_reply: the direct reply is asked as a plain chat (instructions, the earlier turns,
        a note of what is known, the message) and the whole completion is the reply
        (agents/chat_reply.py): no answer fields for a small model to fill in.
    save_unless_question: the memory agent runs after every message but a single question
        or small talk, whatever save_memory says (small models miss facts, in any language).
    stop_after_add: the memory agent's loop ends after an add_memory that stored something
        (it takes every new fact at once; small models repeat it instead of finishing).
    demos: show the worked examples (small models copy their facts into replies and memories).
    grammar: the memory agent's steps are JSON held to a schema of the tools offered and the
        ids shown (llama.cpp turns it into a grammar): no unknown tool, no invented id.
    sort_parts: where the LM holds replies to a schema, the memory agent sorts the latest
        message part by part in one LM call and code makes the tool calls it asks for
        (chatbot.agents.parts): no fact of a multi-fact message is skipped unread.
    open_with_memory: a direct reply to a question with memories found (none of them past)
        begins with words written into its prompt, "Since you" (chatbot.agents.opening): the
        model goes on with what it knows about the user. On for small models (docs/agents.md,
        session 17); capable models start their replies themselves.
    facts_to_you: the direct reply reads the memory agent's facts in the second person
        ("You live in Montreal", not "Lives in Montreal"; agents/wording.second_person).
    reply_style: standing preferences with a mechanical form (bullet points, the clock,
        metric units, a number of sentences) are applied to the reply by code
        (chatbot.agents.reply_style); on for every model.
    limits_first: found memories filed under diet, allergies or health are shown to the
        reply first (chatbot.memory.found.limits_first); on for every model.
    """

    name: str
    max_actions: int | None
    repeat_limit: int
    stop_on_second_write: bool
    stop_after_noop: bool
    stop_after_search: bool
    step_tokens: int | None = None
    answer_tokens: int | None = None
    stop_at_completed: bool = False
    update_on_first_person: bool = False
    skip_questions: bool = False
    require_user_words: bool = False
    json_fallback: bool = True
    delete_needs_retraction: bool = False
    direct_reply: bool = False
    chat_reply: bool = False
    save_unless_question: bool = False
    stop_after_add: bool = False
    demos: bool = True
    grammar: bool = False
    sort_parts: bool = False
    open_with_memory: bool = False
    facts_to_you: bool = True
    reply_style: bool = True
    limits_first: bool = True


# Capable models: refuse what is useless anyway (a fourth identical call, a second write to
# one id) and say what to do next; leave the loop to the model.
STANDARD = Limits("standard", max_actions=None, repeat_limit=3, stop_on_second_write=False,
                  stop_after_noop=False, stop_after_search=False)
# Small models loop instead of finishing: end the loop as soon as it can only go in circles.
SMALL_MODEL = Limits("small-model", max_actions=4, repeat_limit=1, stop_on_second_write=True,
                     stop_after_noop=True, stop_after_search=True, step_tokens=256,
                     answer_tokens=512, stop_at_completed=True, skip_questions=True,
                     require_user_words=True, json_fallback=False,
                     delete_needs_retraction=True, direct_reply=True, save_unless_question=True,
                     stop_after_add=True, demos=False, grammar=True,
                     sort_parts=True, open_with_memory=True)

# A parameter count of 3B or less in the model name: "qwen2.5:1.5b", "llama3.2:1b", "gemma3:1b".
_SMALL_TAG = re.compile(r"(?<![\d.])(0\.5|1|1\.5|1\.7|2|3)b\b")


def limits_for(lm: Any) -> Limits:
    """SMALL_MODEL for the embedded model (`local/...`) or a model named as <= 3B, else STANDARD."""
    model = str(getattr(lm, "model", "") or "").lower()
    if model.startswith("local/") or _SMALL_TAG.search(model):
        return SMALL_MODEL
    return STANDARD


def call_key(tool: str, args: Any) -> str:
    """The identity of one tool call: same tool, same arguments (whitespace and case aside)."""
    try:
        text = json.dumps(args, sort_keys=True, default=str)
    except (TypeError, ValueError):
        text = str(args)
    return tool + ":" + re.sub(r"\s+", " ", text.lower())


# --------------------------------------------------------------------- nothing to remember

FIRST_PERSON = re.compile(
    r"\b(i|i'm|im|i've|i'd|i'll|me|my|mine|myself|we|we're|we've|us|our|ours)\b", re.I)
# Only the speaker ("I", "my"), not "we" or "us": the user's own sentence said back with it
# speaks as the user (agents/copies.without_copied_sentences).
FIRST_PERSON_SINGULAR = re.compile(r"\b(i|me|my|mine|myself)\b", re.I)
_MEMORY_WORDS = re.compile(
    r"\b(forget|remember|correct|correction|update|delete|remove|note|save|store|change|"
    r"changed|moved?|no longer|anymore|actually|not true|wrong)\b", re.I)
_SMALL_TALK = re.compile(
    r"^\W*(thanks|thank you|thx|ty|cheers|ok|okay|cool|great|nice|perfect|awesome|hi|hello|"
    r"hey|bye|goodbye|good (morning|night|evening|afternoon)|see you)\b", re.I)


_EXPLICIT = re.compile(r"\b(forget|remember|correction)\b", re.I)
# The verbs that ask for something to be taken out of memory: "Could you erase everything about
# my ex?", "can u delete ...". The memory agent filed such a request as how to reply.
UNDO = re.compile(r"\b(?:forgett?|delete|erase|remove|wipe|scrub|disregard)\b", re.I)
_TO_THE_ASSISTANT = re.compile(r"\b(?:you|your|u|please|pls|plz)\b", re.I)
_UNDO_FIRST = re.compile(r"^\W*(?:(?:please|pls|plz|just|and|so|ok|okay)\W+)*"
                         r"(?:forgett?|delete|erase|remove|wipe|scrub|disregard)\b", re.I)
_NEGATED = re.compile(r"\b(?:not|never|no)\b|n't\b", re.I)


def asks_to_undo(text: str) -> bool:
    """The text asks the assistant to take something out of memory: a verb of removal
    (`UNDO`) said to it ("Could you erase ...", "please scrub it from your memory", "Forget
    the paragliding stuff"); not "Don't forget ...", nor "I remove asbestos for a living", nor
    "How do I remove a stain?"."""
    text = with_apostrophes(text)  # "pls dont forget ..." is not a request to forget
    undo = UNDO.search(text)
    if undo is None or _NEGATED.search(" ".join(text[:undo.start()].split()[-3:])):
        return False
    return bool(_TO_THE_ASSISTANT.search(text) or _UNDO_FIRST.match(text))
# A part that asks for itself not to be kept: "Please don't save this anywhere: ...", "I'd
# rather it wasn't written down anywhere".
NOT_TO_KEEP = re.compile(
    r"^\W*(?:please\s+)?(?:don'?t|do\s+not|never)\s+(?:save|store|remember|keep|record|note|write)"
    r"|\byou\s+(?:didn'?t|did\s+not|don'?t|do\s+not|wouldn'?t|shouldn'?t|won'?t)\s+"
    r"(?:save|store|remember|keep|record|note|write)"
    r"|\b(?:wasn'?t|was\s+not|isn'?t|is\s+not)\s+(?:saved|stored|kept|recorded|written|noted)\b"
    r"|\bi\s+(?:don'?t|do\s+not)\s+want\s+(?:it|this|that|any\s+of\s+(?:it|this|that))\s+"
    r"(?:saved|stored|kept|recorded|written|noted|remembered)\b",
    re.I)
# What the user is about to do or doing this minute: "I'm off to put the kettle on", "off to
# bed", "gotta run", "sat in the laundrette". Not "I'm off to Lisbon" (a trip), "I have to go,
# my daughter Lily is calling" (someone named: a name after it), nor "I have to go to the
# dentist on Friday" (somewhere to go, a time): see `of_the_moment`.
_MOMENT = re.compile(
    r"\b[Ii](?:'m|\s+am)\s+(?:just\s+|now\s+)?(?:off|heading\s+off|popping\s+out|nipping\s+out)"
    r"\s+(?:to|for)\b"  # "I'm off to put the kettle on", "im off for a cuppa" (sealed23)
    r"|(?i:\b(?:gotta|got\s+to|have\s+to|need\s+to|must)\s+(?:go|run|dash)\b(?!\s+to\b)"
    r"|\bbrb\b"
    # Where the user is sat or waiting this minute, leading the part: "sat in the laundrette
    # waiting for my duvet to finish", "I'm stuck in traffic".
    r"|^\W*(?:(?:I'm|I\s+am|just|currently)\s+)?(?:sat|sitting|stuck|standing|"
    r"queuing|queueing)\s+(?:in|at|on|around)\b)")
_NAMED_AFTER = re.compile(r"\b(?!I\b)[A-Z]")


def of_the_moment(part: str) -> bool:
    """The part tells what the user is off to do right now, naming no one and no time:
    nothing to keep."""
    part = with_apostrophes(part)  # "im off for a cuppa"
    moment = _MOMENT.search(part)
    return (moment is not None and not _NAMED_AFTER.search(part, moment.end())
            and find_span(part, date.today()) is None)


_CHANGE = re.compile(
    r"\b(no longer|any ?more|not true|wrong|moved|quit|left my|changed my|stopped)\b", re.I)


def asks_to_change_memory(message: str) -> bool:
    """True for a message that plainly asks to remember, correct or forget something ("Please
    forget that I ...", "Correction: ...", "I no longer ...", "I moved to ..."). The memory
    agent then runs even if the response agent saw nothing to save."""
    text = with_apostrophes(str(message or "").strip())
    if _EXPLICIT.search(text) or asks_to_undo(text):  # "can u delete my address?"
        return True
    if text.endswith("?"):  # "What's wrong with my code?"
        return False
    return bool(_CHANGE.search(text) and FIRST_PERSON.search(text))


def _in_another_language(text: str) -> bool:
    """Confidently not English: the word lists here cannot read it ("Mon fils Anatole a cinq
    ans ... une idée de cadeau ?" has no English "my"), so the memory agent's own sorting of
    the message decides."""
    return language_of(text) not in (None, "English")


def nothing_to_remember(message: str) -> bool:
    """True for a message that cannot state a fact about the user: a question or small talk
    with no first-person word ("Any ideas for dinner?", "Thanks, that helped!") and no word
    about memory ("forget", "moved", "correction"). The memory agent is then not run. Not
    for a message in another language (`_in_another_language`)."""
    text = with_apostrophes(str(message or "").strip())
    if (not text or FIRST_PERSON.search(text) or _MEMORY_WORDS.search(text)
            or _in_another_language(text) or _NEWS_LEAD.match(text)):
        return False
    # Every sentence a question or small talk: "Heading to Mombasa tomorrow for a work trip,
    # back on the 30th. Any tips for packing?" has no "I" but states a plan before it asks.
    return all(s.endswith("?") or (_SMALL_TALK.match(s) and len(s) <= 80)
               for s in _SENTENCES.split(text) if s)


_SENTENCES = re.compile(r"(?<=[.!?])\s+")
# News that left its "I" out, before the question: "just adopted a pot bellied pig called
# Kumquat, what do they even eat??" (sealed29: the memory agent was not run).
_NEWS_LEAD = re.compile(r"^\W*(?:(?:just|finally|recently|also|actually|so|ok|omg)\s+)*"
                        r"[a-z]{3,}ed\s+(?:my|our|a|an)\b", re.I)


_SELF_STATEMENT = re.compile(
    r"\b(i'm|i am|i've|i have|i live|i work|i \w+ed|my \w+|we're|we are|we have|our \w+)\b",
    re.I)


def states_something_personal(message: str) -> bool:
    """A first-person statement (not a question, not thanks or a greeting): "I live in
    Lisbon", "My sister is visiting". It may hold a fact about the user."""
    text = with_apostrophes(str(message or "").strip())
    if not text or text.endswith("?") or not FIRST_PERSON.search(text):
        return False
    return not _SMALL_TALK.match(text) or bool(_SELF_STATEMENT.search(text))


# Where one clause of a sentence ends and the next begins, and the closed class of words a
# question's clause starts with ("What is my dog called, again?" is one question).
# An emoji between words ends a clause too: "me n my gf Tamsin do a board game night every friday
# 🎲 suggest one for 2 ppl?" (sealed39: read as one question, the memory agent not run).
_CLAUSE_BREAK = re.compile(r"\s*[,;:]\s+|\s+[-\u2013\u2014]+\s+|\s+(?:and|so|but)\s+"
                           r"|\s*[\u2600-\u27bf\U0001f000-\U0001faff][\ufe0f\u200d]?\s+", re.I)
_ASKS = re.compile(r"^\W*(?:what|where|when|who|whom|whose|which|why|how|do|does|did|is|are|am|"
                   r"was|were|can|could|will|would|should|shall|may|might|have|has)\b", re.I)


def is_one_question(message: str) -> bool:
    """One sentence, ending with "?", that asks nothing of memory ("What's my dog's name?";
    not "I moved. Any tips?", not "Can you forget my old address?"), and whose clauses before
    the question state nothing about the user: "I have a nut allergy, can you suggest a
    snack?", "I just got a goldfish, what should I feed him?" and "My son is five - any gift
    ideas?" hold a fact to keep. Not for a message in another language."""
    text = with_apostrophes(str(message or "").strip())
    if not text.endswith("?") or _MEMORY_WORDS.search(text) or _in_another_language(text):
        return False
    if re.search(r"[.!?]\s", text[:-1]):
        return False
    clauses = _CLAUSE_BREAK.split(text)
    return not any((states_something_personal(c) or _NEWS_LEAD.match(c)) and not _ASKS.match(c)
                   for c in clauses[:-1])


_RETRACTION = re.compile(
    r"\b(forget|remove|delete|erase|scrub|wipe|no longer|any ?more|\w+n't|do not|does not|"
    r"not|never|no|wrong|incorrect|untrue|quit|left|stopped|sold|gave|moved|divorced|died|"
    r"passed away|instead|actually|correction|ex|scratch|scrap|disregard)\b", re.I)


def sounds_like_retraction(texts: list[str]) -> bool:
    """Some word of retraction or change in the user's messages: a delete is plausible."""
    return any(_RETRACTION.search(with_apostrophes(str(t or ""))) for t in texts)


def answer_adapter(limits: Limits) -> Any:
    """The adapter for the final answer: ChatAdapter without its JSON retry when `limits` say
    so and no other adapter was configured; else None (the configured one)."""
    import dspy

    configured = dspy.settings.adapter
    if limits.json_fallback or (configured is not None
                                and type(configured) is not dspy.ChatAdapter):
        return None
    return dspy.ChatAdapter(use_json_adapter_fallback=False)


# Words that point back at what was said before: "i always mix those two up", "please forget
# that entirely" (agents/left_out.py, agents/forgets.py).
POINTS_BACK = re.compile(r"\b(?:it|that|this|those|these|them|the\s+two|both)\b", re.I)
