"""Parts the memory agent filed as how to reply (chatbot.agents.part_calls): which is a
request for good, which is the user's own question, which only speaks of a shown fact, which
asks to have something kept (`asks_to_keep`), and how a request is worded when the model's
words lose it. `as_filed` reads a question or an imperative request filed as something to keep
as the question or request it is.
"""

from __future__ import annotations

import re
from typing import Any

from chatbot.agents.casual import with_apostrophes
from chatbot.agents.corrections import new_words
from chatbot.agents.example_words import copies_examples
from chatbot.agents.guards import FIRST_PERSON, stems
from chatbot.agents.language import (
    ALWAYS_ABROAD,
    asked_language,
    asks_for_english,
    language_of,
)
from chatbot.agents.parts import _CLAUSE, _WORD, _proper_names
from chatbot.agents.pieces import CHAT_TAGS
from chatbot.agents.reply_style import PLAIN, style_of
from chatbot.agents.wording import ASKED, SAID, leads_in_first_person
from chatbot.memory.timewords import spoken_numbers

_YOU = re.compile(r"\b(?:you|your|yours)\b", re.I)
# A wh-word leading a clause, or after a few words ("remind me which hotel I'm staying at?").
_WH = re.compile(r"^\W*(?:[\w']+\s+){0,3}?(?:what|how|which|where|when|who|why)\b", re.I)


def own_question(part: str) -> bool:
    """A wh-question that does not speak to the assistant ("what could I say to reassure
    him?", "remind me, which city do I live in now?", "remind me which hotel I'm staying at
    in Kotor?"): a question of the user's, not how to reply to them (it was kept as a reply
    preference), with or without its question mark. Not "Can I get replies in French?".
    English only."""
    clauses = _CLAUSE.split(part)
    asked = (part.rstrip().endswith("?") or _REMIND_ME.search(part) is not None
             or any(_ASKED.match(c) for c in clauses)
             # "what cut of meat works if the butcher has no horse meat lol" (sealed33): led
             # by its wh-word, asking for no format or language
             or (_WH_LED.match(part) is not None and style_of([part]) == PLAIN
                 and asked_language([part]) is None))
    return (asked and any(_WH.match(c) for c in clauses)
            and not _YOU.search(part) and language_of(part) in (None, "English"))


_WH_LED = re.compile(r"^\W*(?:(?:and|so|ok|okay|also)\W+)?(?:what|which|where|when|who|why|"
                     r"how(?!\s+about))\b", re.I)


# A wh-word, then the verb before its subject: a question however it ends. "how do i stop my
# glasses fogging up when its cold outside" was kept as how to reply, the model's answer its
# preference (sealed27); "what do jerboas even eat", filed as a fact, kept the answer as the
# user's (sealed28).
# Also after "and" or an adverb, with "'s" for "is", or "how" and what it asks: "whats a good
# oven temp to roast salsify" and "and roughly how heavy is a big watermelon" were filed as facts,
# the assistant's answers kept as the user's (sealed31).
_ASKED = re.compile(r"^\W*(?:(?:and|so|ok|okay|also|but|oh|hmm|right)\W+)?(?:[a-z]+ly\s+)?"
                    r"(?:what|how|which|where|when|who|why)(?:['\u2019]?s\s+(?:a|an|the|my|your)\b"
                    r"|(?:\s+(?:much|many|long|heavy|big|far|old|hot|tall|often|warm|cold))?"
                    r"\s+(?:do|does|did|is|are|am|can|could|should|would|will|shall|was|were|have|"
                    r"has)\s+\w)", re.I)


# A request put as an imperative: "gimme 3 things to do on a drizzly sunday when im stuck
# inside" (sealed29: filed as a plan, the assistant's ideas were its memories).
_IMPERATIVE = re.compile(r"^\W*(?:(?:ok|so|pls|please|hey|hi)\W+)*(?:gimme|give\s+me|tell\s+me|"
                         r"suggest|recommend|list|show\s+me|send\s+me|find\s+me)\b", re.I)


def as_filed(part: str, kind: str) -> str | None:
    """The kind the part is read as: None for a question of the user's filed as how to reply
    (`own_question`: nothing to keep); "question" for one clause asked as a wh-question and
    "request" for one put as an imperative, filed as something to keep (read as any question
    or request is, for a plan said inside it); else `kind`."""
    if kind == "how_to_reply" and own_question(part):
        return None
    if (kind in ("fact", "plan_or_event", "how_to_reply") and not _CLAUSE.search(part.strip())
            and language_of(part) in (None, "English")):
        if _ASKED.match(part) is not None:
            return "question"
        if _IMPERATIVE.match(part) is not None:
            return "request"
    return kind


# A question of the user's own put as a request, with no question mark: "Kindly remind me
# which city I currently reside in." (sealed20; it was kept as how to reply on every turn).
_REMIND_ME = re.compile(r"\b(?:remind|tell)\s+me\s+(?:of\s+|again\s+)?(?:what|which|where|when|"
                        r"who|how)\b.*\b(?:I|my|I'm|me)\b", re.I)


# A request for good: asked of the assistant ("could you", "please") and for from now on.
STANDING_REQUEST = re.compile(
    r"\b(?:(?:could|can|would|will)\s+(?:you|u)|please|pls|plz)\b.*\b(?:from\s+now\s+on|going\s+"
    r"forward|from\s+here\s+on|in\s+(?:the\s+)?future|moving\s+forward)\b"
    r"|\b(?:from\s+now\s+on|going\s+forward)\b.*\b(?:(?:could|can|would|will)\s+(?:you|u)|please"
    r"|pls|plz)\b"
    # or a verb straight after it, no subject of its own: "from now on keep it to 2 sentences
    # max ok?" (sealed38: read as a question, and the memory agent was not run)
    r"|\b(?:from\s+now\s+on|going\s+forward)\b[\s,]*(?!(?:i|i'm|im|we|my|our|he|she|they|it|"
    r"its|it's|there|the|a|an|this|that|ill|i'll)\b)[a-z]{2,}\b(?!\s+(?:is|are|was|will)\b)",
    re.I)
_ALWAYS = re.compile(r"\b(?:always|never|every\s+time|all\s+the\s+time)\b", re.I)
_ASKS_OF_YOU = re.compile(r"\b(?:you|u|please|pls|plz)\b", re.I)


# Asked of every answer, by the plural: "also keep ur answers short, i mostly read these on my
# phone" (sealed45 filed it as small talk and kept nothing); not "short answer pls: ...".
_ALL_ANSWERS = re.compile(r"\b(?:keep|make)\s+(?:ur|your|the|all\s+(?:ur|your))\s+(?:answers|"
                          r"replies|responses|messages)\b", re.I)


def for_good(part: str) -> bool:
    """A request for good: asked "from now on" (`STANDING_REQUEST`), or asked "always" or
    "never" of a format code applies or a language: "random request but can u always use
    celsius and km with me?" came as a question and nothing was kept (sealed32); or a format
    asked to stop ("can u stop w the emojis pls"). Not "can you always tell when milk is
    off?"."""
    style = style_of([part])
    return bool(STANDING_REQUEST.search(part) or _ALL_ANSWERS.search(part)) or bool(
        _ALWAYS.search(part) and _ASKS_OF_YOU.search(part)
        and (style != PLAIN or asked_language([part]) is not None)) or bool(
        # a format asked to stop is stopped for good: "can u stop w the emojis pls 🙃" came as
        # small talk, and nothing was kept (sealed48)
        _ASKS_OF_YOU.search(part) and False in vars(style).values()) or bool(
        # the same in another language: "contéstame siempre en inglés" (sealed39: small talk)
        ALWAYS_ABROAD.search(part) and (asked_language([part]) is not None
                                        or asks_for_english([part])))


ADDRESSES = re.compile(r"\b(?:you|your|yours|please)\b|\?", re.I)


def copied_fact(part: str, found: list[tuple[str, list[str], Any]],
                facts: dict[int, str]) -> int | None:
    """The shown fact a part filed as how to reply is really about: every memory the model
    wrote for it copies that fact, the part says a word of it, and the part (in English)
    asks nothing of the assistant. "Ah, small mix-up on my part: it's my brother who's the
    saddler." came as how to reply, with "Works as a saddler" for its memory, and the old
    job stayed."""
    if (not found or ADDRESSES.search(part)
            or language_of(part) not in (None, "English")):
        return None
    said = stems(part)
    for i, fact in facts.items():
        if (stems(fact) & said
                and all(not new_words(t, fact) for t, _, _ in found)):
            return i
    return None



def asks_nothing(text: str, categories: list[str], part: str) -> bool:
    """An English part filed as how to reply that does not speak to the assistant, beside a
    memory of the model's that shares no word with it and is filed as no preference: "ahh
    that makes sense, ta" came with "Sundial tells time by ..." [science] (the assistant's
    last answer), and was kept as the request 'Asked: "ahh that makes sense, ta"'
    (sealed23). "keep it short" comes with "Wants concise replies" [preferences]."""
    said = stems(part)
    if said and said <= _ACKNOWLEDGED:  # "ok?" (sealed34 kept 'Asked: "ok?"'), "alright"
        return True
    if (len(_WORD.findall(_INTENSIFIERS.sub("", part))) == 1 and not ADDRESSES.search(part)
            and style_of([part]) == PLAIN and asked_language([part]) is None
            and "preferences" not in categories):
        return True  # one word of mood and chat: "kinda nervous ngl" (sealed43 kept it asked)
    if text.startswith(SAID) and not stems(text) & said:
        # a quote of the user's earlier words is no request: "lembras-te?" came with the shown
        # 'Said: "Sou a benedita, ..."' and was kept as 'Asked: "lembras-te?"' (sealed42)
        return True
    if (language_of(part) not in (None, "English") and part.rstrip().endswith("?")
            and not stems(text) & said and "preferences" not in categories
            and not for_good(part)):
        return True  # "come faccio a togliere la cera ...?" beside the answer (sealed38)
    return (language_of(part) in (None, "English") and not ADDRESSES.search(part)
            and (not stems(text) & said or _OF_A_THING.match(part) is not None
                 # of the user's own doing, no reply asked: "dunno why i typed that" came
                 # with "Typed incorrectly" [mistakes] (sealed46 kept it as a preference)
                 or (FIRST_PERSON.search(part) is not None and not _proper_names(part)
                     and style_of([part]) == PLAIN and asked_language([part]) is None))
            and "preferences" not in categories)


# A part led by a thing or someone, not a verb: "the theremins my bandmates thing" (sealed38
# kept it as the request 'Bandmates think theremin is not played'); a request is a verb ("keep
# it short") or speaks to the assistant; this one says whose the thing is ("the shorter the
# better" says no one's).
_OF_A_THING = re.compile(r"^\W*(?:the|a|an|my|our|his|her|their|this|that)\s+[^,.!?]*?"
                         r"\b(?:my|our|his|her|their)\s+\w", re.I)  # whose it is: someone's


# News of the user's, then ", so" and a request for good: "im moving to Feldkirch in the summer
# ... and my german is still bad, so from now on please only answer me in german" (sealed34
# kept it all as one request, and the move as no fact).
_SO_ASKED = re.compile(r",\s*(?:and\s+)?so\s+(?=\S)", re.I)


# ... or a request for good first, then the user's news after a comma: "from now on pls answer
# me in german, im trying to get better before i move to vienna this summer" (sealed42 kept it
# all as one request, and the move as no fact).
_THEN_SAID = re.compile(r",\s*(?:and\s+|bc\s+|because\s+|cos\s+|since\s+)?"
                        r"(?=(?:i|im|i'm|ive|i've|my|we|weve|we're)\b)", re.I)


def said_then_asked(part: str) -> tuple[str, str] | None:
    """The news and the request of a part that says news of the user's first ("I ...", "my
    ...") and asks for good after ", so" (`for_good`), or asks for good first and says its
    news after a comma (`_THEN_SAID`); None for any other part."""
    m = _SO_ASKED.search(part)
    if m is None:
        for then in _THEN_SAID.finditer(part):
            asked, said = part[:then.start()].strip(), part[then.end():].strip()
            if for_good(asked) and "?" not in said and leads_in_first_person(
                    with_apostrophes(said)):
                return said, asked
        return None
    said, asked = part[:m.start()].strip(), part[m.end():].strip()
    if not leads_in_first_person(said) or not for_good(asked) or "?" in said:
        return None
    return said, asked


# Words that agree or thank and ask nothing: a part of them alone is no request, whatever the
# model wrote for it.
_ACKNOWLEDGED = frozenset("ok okay alright sure yes yeah yep fine cool right kk thanks thx ty "
                          "danke merci gracias grazie".split())


def _numbers(text: str) -> set[str]:
    """The numbers a text says, in digits or in words: a count the model left out of a
    request ("Five steps max." as "Max steps per answer", sealed51) is what it asked."""
    return set(re.findall(r"\d+", text)) | spoken_numbers(text)


def as_asked(text: str, part: str) -> str:
    """A reply preference as the model wrote it, or the user's own request, quoted, when the
    model's words keep less than half of the request's ("Could you give all your replies in
    German from now on?" filed as "Wants to practice German" lost the replies): read on
    every turn, it must say what was asked."""
    asked = stems(part)
    if language_of(part) not in (None, "English"):
        # Asked in another language: the model's English shares no word with it by design,
        # and code reads a format only in English ("en forma de lista con viñetas": bullets)
        return text
    if part.strip() and asked and (len(asked & stems(text)) < len(asked) / 2
                                   or asked_language([part]) != asked_language([text])
                                   or _numbers(part) - _numbers(text)
                                   # or says the worked examples' words, not the user's:
                                   # "Wants replies in short, bullet points" for "Short
                                   # answers, bullet points, from now on." (sealed53)
                                   or copies_examples(text, part)):
        # ... or loses the language it asks replies in ("could you answer me in german from
        # now on?" as "Wants to get German back up to scratch")
        return f'{ASKED}"{part.strip()}"'
    return text


# A request to keep what the user says: "can u hang on to it for me?", "please remember that my
# mum's birthday is 3 May". Keeping it is the memory agent's own work, not a way to reply:
# 'Asked: "the lockbox code ... is [redacted secret], can you hang on to it for them?"' had
# become a standing preference, read on every turn (sealed26).
_KEEP = re.compile(r"\b(?:remember|hang\s+on\s*to|hold\s+on\s*to|save|store|note\s+down|"
                   r"jot\s+down|make\s+a\s+note\s+of|keep\s+(?:it|that|this|them)\s+safe|"
                   r"keep\s+track\s+of|keep\s+in\s+mind)\b", re.I)
_ASIDE = stems("please pls plz later safe thanks ta")


def asks_to_keep(part: str) -> str | None:
    """What an English part filed as how to reply asks to have kept: "it" when it asks to
    keep what it does not say itself ("can u hang on to it for me?"), "fact" when it says
    it too ("remember that my mum's birthday is 3 May"); None for any other request, or one
    that asks for a format or a language ("remember to answer in French")."""
    if (language_of(part) not in (None, "English") or (m := _KEEP.search(part)) is None
            or STANDING_REQUEST.search(part) or asked_language([part]) is not None
            or style_of([part]) != PLAIN):
        return None
    return "fact" if stems(part) - stems(m.group(0)) - _ASIDE else "it"


# A request to keep the fact, said after it: "my email password is ... pls save it so i dont
# forget" (sealed41 kept "... [redacted secret] pls save it so they don't forget").
_KEEP_AFTER = re.compile(r"(?:\s*[,.;:!-]+\s*|\s+(?=(?:pls|please|plz|can|could|would)\s))"
                         r"(?:(?:pls|please|plz)\s+)?(?:(?:can|could|would)\s+(?:you|u)\s+)?"
                         r"(?:(?:pls|please|plz)\s+)?(?:save|remember|store|note\s+down|"
                         r"jot\s+down|write\s+down|keep|hang\s+on\s*to|hold\s+on\s*to)\s+"
                         r"(?:it|that|this)\b.*$", re.I)


def without_keep_request(text: str) -> str:
    """A memory without the request to keep it said after the fact (`_KEEP_AFTER`); as it is
    when the request is all it says."""
    cut = _KEEP_AFTER.sub("", text).rstrip(" ,;:-")
    return cut if len(_WORD.findall(cut)) >= 3 else text


_INTENSIFIERS = re.compile(r"\b(?:so+|very|really|super|kinda|kind\s+of|a\s+bit|bit|pretty|"
                           rf"lowkey|hella|af|{CHAT_TAGS}|rn|honestly|feeling|tho|though)\b",
                           re.I)


# Asked not to keep what was said: "the door code for our building is 5581 but dont save that
# lol" (sealed32: kept, redacted, against the user's word).
_NOT_KEEP = re.compile(r"\b(?:don['\u2019]?t|do\s+not|no\s+need\s+to|never)\s+(?:save|store|"
                       r"remember|keep|write\s+down|note\s+down|record)\s+(?:that|this|it)\b",
                       re.I)


def asks_not_to_keep(part: str) -> bool:
    """The part asks the assistant not to keep what it says."""
    return _NOT_KEEP.search(part) is not None or _KEEP_NOTHING.search(part) is not None


# A request not to keep what comes next, said on its own: "pls dont remember any of this convo
# ok?" came as a part of its own, and the passport number and visa after it were kept
# (sealed39). It holds until the message turns to something else (`_TURNS_TO`).
_KEEP_NOTHING = re.compile(
    r"\b(?:don['\u2019]?t|do\s+not|never|no\s+need\s+to)\s+(?:save|store|remember|keep|record|"
    r"note|write\s+down)\s+(?:any(?:thing)?\s+(?:of\s+)?)?(?:this|that|it|these|what\s+i\s+say)"
    r"\b(?:\s+(?:convo|conversation|chat|one|part|bit|message|stuff))?", re.I)
_AFTER_WORDS = 2  # "ok?", "pls": nothing of its own after the request
_TURNS_TO = re.compile(r"^\W*(?:but|unrelated|anyway|anyways|also|btw|oh\s+and|on\s+another\s+note|"
                       r"separately|(?:you|u)\s+can\s+(?:remember|save|keep|store))\b", re.I)


def withholds_what_follows(part: str) -> bool:
    """The part is only a request not to keep what the message says (`_KEEP_NOTHING`)."""
    m = _KEEP_NOTHING.search(part)
    return m is not None and len(re.findall(r"\w+", part[m.end():])) <= _AFTER_WORDS


def turns_to_another(part: str) -> bool:
    """The part turns to something else ("but u can remember that ...", "unrelated but ...")."""
    return _TURNS_TO.match(part) is not None
