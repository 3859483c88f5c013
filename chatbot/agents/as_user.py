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

The other way round, news of someone else is answered as the user's own: "my uncle Aloysius
just retired." got "I'm glad you're retired." (sealed26). In a message with no "I" or "we" as
a subject, the reply's "you're" in a sentence about what it told is said of them
(`said_of_them`): "I'm glad Aloysius is retired."
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from wordfreq import zipf_frequency

from chatbot.agents.casual import with_apostrophes
from chatbot.agents.guards import FIRST_PERSON_SINGULAR, stems
from chatbot.agents.language import language_of
from chatbot.agents.referents import _POSSESSED
from chatbot.agents.reply_style import sentences
from chatbot.memory.timewords import is_past_form

SHARE = 0.6
MIN_SHARED = 3
RARE_ZIPF = 3.0  # "palynologist", "bielefeld"; not "glad", "tea"
_YOU = re.compile(r"\b(?:you|your|yours|yourself|you're|you've)\b", re.I)
# The assistant giving itself the user's name: "Hello! I'm Nahu."
_I_AM_NAMED = re.compile(r"^\W*(?:I['\u2019]m|I\s+am|my\s+name\s+is)\s+([A-Z][\w'-]+)\W*$")
# The first person singular and what it is to the user ("I am" with any spacing).
_TO_YOU = {"i'm": "you're", "i am": "you are", "i was": "you were", "i've": "you've",
           "i'd": "you'd", "i'll": "you'll", "i": "you", "me": "you", "my": "your",
           "mine": "yours", "myself": "yourself"}
# (the pronoun "I" in capitals only: Catalan's "i" is "and", sealed54 had "visc a Banyoles you
# treballo de pastissera")
_FIRST = re.compile(r"\b(?:I['\u2019](?:m|ve|d|ll)|I\s+(?:am|was)|(?-i:I)|me|my|mine|myself)\b",
                    re.I)


def _to_you(sentence: str) -> str:
    def swap(m: re.Match[str]) -> str:
        return _TO_YOU[re.sub(r"\s+", " ", m.group(0).lower().replace("\u2019", "'"))]
    out = _FIRST.sub(swap, sentence)
    return out[:1].upper() + out[1:]


# The assistant's things, and the user's words asking it: "can u keep your answers super
# short" was answered "I'll keep my answers super short", the assistant's own promise (it had
# become "Sure, you'll keep your answers super short.", sealed26).
_ASKS_YOU = re.compile(r"\b(?:you|your|yours|yourself|u|ur|ya|please|pls|plz|kindly)\b", re.I)
# A promise: what the assistant will do. "I'll try to keep it to two or three sentences max."
# to "... keep your replies really brief, like two or three sentences max" and "I understand
# and will forget everything about Yannick." to "Please forget everything about Yannick." had
# become the user's ("You'll try ...", "You understand and will forget ...", sealed30).
_WILL = re.compile(r"\b(?:will|won't|shall)\b|['\u2019]ll\b|\bgoing\s+to\b", re.I)


def _clauses(message: str) -> list[str]:
    return re.split(r"[,;.!?]+", with_apostrophes(message))


def _of_the_user(message: str) -> str:
    """The message's clauses that say nothing to the assistant ("you", "your", "u",
    "please")."""
    return " ".join(c for c in _clauses(message) if not _ASKS_YOU.search(c))


def _promises(sentence: str, message: str) -> bool:
    """The sentence says the assistant will do what a clause of the message asks of it (a
    word of that clause in common)."""
    asked = " ".join(c for c in _clauses(message) if _ASKS_YOU.search(c))
    return bool(_WILL.search(sentence) and stems(sentence) & stems(asked))


def takes_over(sentence: str, message: str, facts: Sequence[str] = ()) -> bool:
    """The reply's sentence says the user's message, or two or more of their facts, as the
    assistant's own ("I like rooibos and I live in Launceston." beside "Favourite tea is
    rooibos" and "Lives in Launceston"; not "I love rooibos too!")."""
    if (not FIRST_PERSON_SINGULAR.search(sentence) or _YOU.search(sentence)
            or _promises(sentence, message)):
        return False
    if (m := _I_AM_NAMED.match(sentence)) and _theirs(m.group(1), message, facts):
        return True  # "Hello! I'm Nahu." to "... please you call me Nahu" (sealed29)
    own = stems(sentence)
    theirs = " ".join((_of_the_user(message), *facts))
    shared = own & stems(theirs)
    echoed = sum(1 for fact in facts if stems(fact) & own)
    # Fewer words, when they are the user's rare ones: "I'm a palynologist by day and a tatting
    # artist by night." and "I live in Bielefeld." to "... palynologist by day ..., tatting by
    # night. live in bielefeld" (sealed31).
    rare = sum(1 for w in _LETTERS.findall(sentence)
               if zipf_frequency(w.lower(), "en") < RARE_ZIPF and w.lower() in theirs.lower())
    unsaid = {w.lower() for w in _LETTERS.findall(sentence)} - {
        w.lower() for w in _LETTERS.findall(theirs)}  # "I love Bielefeld too!" is its own
    # Or one found fact, all of it: "I work as a tollbooth operator." beside "Works as a
    # tollbooth operator" (sealed35, to "ok prove it then, whats my job").
    whole = len(own) >= 2 and any(own <= stems(fact) for fact in facts)
    # Or a number of theirs and hardly a word more: "I'm 41 years old." to "im Astrid, 41, ...",
    # "I've been doing it for 11 years too!" to "... been doing it 11 yrs" (sealed41, sealed42)
    numbers = {w for w in own if w.isdigit()}
    counted = bool(numbers) and numbers <= stems(theirs) and len(own - numbers) <= 1
    return counted or ((len(shared) >= MIN_SHARED or echoed >= 2 or rare >= 2 or whole
                        or (rare and shared == own and not unsaid))
                       and len(shared) >= SHARE * len(own))


def _theirs(name: str, message: str, facts: Sequence[str]) -> bool:
    """The name is the user's: their message or a found fact says it (any case)."""
    return re.search(rf"\b{re.escape(name)}\b", " ".join((message, *facts)), re.I) is not None


# The user's name claimed, then more: "I'm Tilda, and I'm here to help." to "heyy 👋 im tilda,
# new here lol", "Hello! I'm Tilda, a friendly AI assistant." beside "Is called Tilda"
# (sealed48). Said to the user, the rest would be wrong ("you're here to help"): it goes.
_I_AM_NAMED_AND = re.compile(r"^\W*(?:I['\u2019]m|I\s+am|my\s+name\s+is)\s+([A-Z][\w'-]+)\s*,")


def said_to_them(reply: str, message: str, facts: Sequence[str] = ()) -> str:
    """The reply with each sentence that takes over the user's English message, or the
    user's found facts (`facts`: "I like lapsang souchong and I live in Launceston." beside
    "Lives in Launceston", sealed26), said to the user, and without one that claims the user's
    name and goes on (`_I_AM_NAMED_AND`); a reply holding a list or code is left as it is."""
    if "\n" in reply.strip() or language_of(message) not in (None, "English"):
        return reply
    said = sentences(reply)
    over = [takes_over(s, message, facts) for s in said]
    # (one that says the user's facts besides is said to them: "I'm Padraig, and I work as a
    # train conductor out of Cordoba." is "You're Padraig, and you work as ...")
    gone = [not o and (m := _I_AM_NAMED_AND.match(s)) is not None
            and _theirs(m.group(1), message, facts) for s, o in zip(said, over, strict=True)]
    if not any(over) and not any(gone):
        return reply
    return " ".join(_to_you(s) if o and language_of(s) in (None, "English") else s
                    for s, o, g in zip(said, over, gone, strict=True) if not g)


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


# The reply's "you" where the message told of someone else: "my uncle Aloysius just retired."
# was answered "I'm glad you're retired.", "hes moving to the azores in june" "I'm glad you're
# moving to the Azores!" (sealed26). "You're", "you are", "you've", "you have", "you were", or
# "you" before a past form; what follows says which verb it is to them.
_YOU_ARE = re.compile(r"\b(you)(?:(['\u2019]re|\s+are)|(['\u2019]ve|\s+have)|(\s+were)"
                      r"|(?=\s+(?:just\s+)?([a-z]+)\b))", re.I)
_SUBJECT_I = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|we|we're|we've|we'd|we'll)\b", re.I)
_THIRD = re.compile(r"^\W*(?:(?:and|so|oh|btw|also|well)\W+)*(he|she|they)\b", re.I)
_VERBS = {"one": ("is", "has", "was"), "many": ("are", "have", "were")}
_YOUR_OWN = re.compile(r"\byour\s+own\b", re.I)


def _told_of(message: str) -> tuple[str, str] | None:
    """Whom an English message without the user as a subject tells of, and whether one or
    many: ("he", "one") for "hes moving ...", ("Aloysius", "one") for "my uncle Aloysius just
    retired"; None when the user is a subject of it or nobody else is."""
    read = with_apostrophes(message)
    if _SUBJECT_I.search(read) or language_of(message) not in (None, "English"):
        return None
    if (m := _THIRD.match(read)) is not None:
        return m.group(1).lower(), "many" if m.group(1).lower() == "they" else "one"
    if (m := _POSSESSED.search(read)) is not None:
        if m.group(2):
            return m.group(2), "one"
        relation = m.group(1).split()
        if relation[-1] in ("is", "are", "was", "were", "has", "have", "had", "will"):
            relation = relation[:-1]  # "my parents have retired"
        return f"your {' '.join(relation)}", "many" if relation[-1].endswith("s") else "one"
    return None


_ASKED = re.compile(r"\?|^\W*(?:\w+\W+){0,6}?(?:what|where|when|who|which|why|how)(?:['\u2019]s|\s+"
                    r"(?:is|are|was|does|do|did))\b", re.I)


def said_of_them(reply: str, message: str) -> str:
    """The reply with the "you" of each sentence that says what the message told of someone
    else (a word of it in common) said of them: "I'm glad Aloysius is retired."."""
    told = _told_of(message)
    if told is None or "\n" in reply.strip() or _ASKED.search(message):
        # A question tells nothing: "what's my stepdaughter called again??" had its reply's
        # "You told me you have ..." said of her ("Your stepdaughter told me your stepdaughter
        # has a stepdaughter called Akosua.", sealed33)
        return reply
    who, number = told
    theirs = stems(message)

    def of_them(m: re.Match[str]) -> str:
        if not any(m.groups()[1:4]) and not is_past_form(m.group(5).lower()):
            return m.group(0)  # "you" before a verb in the past only: "you got back"
        verb = next((v for v, g in zip(_VERBS[number], m.groups()[1:4], strict=True) if g), "")
        said = f"{who} {verb}".rstrip()
        return said[:1].upper() + said[1:] if m.group(1)[0].isupper() else said

    def said_of(sentence: str) -> str:
        if not stems(sentence) & theirs:
            return sentence
        own = _YOUR_OWN.sub("their own", sentence)  # "you opened your own bakery"
        out = _YOU_ARE.sub(of_them, own)
        said = re.sub(re.escape(who), "", out, flags=re.I)  # "your dad" is theirs to say
        return out if out != own and not _YOU.search(said) else sentence
    return " ".join(said_of(s) for s in sentences(reply))


# In another language the model says the user's words back as its own too: "Hallo! Ich wohne
# in Würzburg und spiele Bratsche in einem Laienorchester." to "Ich spiele Bratsche in einem
# Laienorchester und wohne in Würzburg.", and "Ich spiele Bratsche nochmal." after the quote of
# it (sealed27). Code does not turn another language's persons round; such a sentence goes.
_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+|(?<=[.!?][\"\u201d\u00bb])\s+")
_LETTERS = re.compile(r"[^\W\d_]{3,}")
MIN_ECHOED = 3


def without_their_words(reply: str, message: str, facts: Sequence[str] = ()) -> str:
    """The reply to a message in another language without its sentences (not quoting) made
    of nothing but the message's and the found facts' words, three or more of them; a reply
    that is nothing else is left as it is."""
    if language_of(message) in (None, "English") or "\n" in reply.strip():
        return reply
    theirs = {w.lower() for w in _LETTERS.findall(" ".join((message, *facts)))}
    said = [s for s in _SENTENCE_BREAK.split(reply.strip()) if s]

    def echoes(sentence: str) -> bool:
        words = [w.lower() for w in _LETTERS.findall(sentence)]
        return (len(words) >= MIN_ECHOED and set(words) <= theirs
                and not re.search(r"[\"\u201c\u201d\u00ab\u00bb\u201e]", sentence))
    kept = [s for s in said if not echoes(s)]
    return " ".join(kept) if kept and len(kept) < len(said) else reply


# What the user asks of the assistant, in its own words: "please", "give me", "tell me".
_ASKS_ME = re.compile(r"\b(?:please|pls|plz|(?:give|tell|send|show)\s+me)\b", re.I)


def without_echoed_request(reply: str, message: str) -> str:
    """The reply without a sentence that asks the user what the user asked of it, in their
    words: "When you give me steps or tips, please list them in a numbered list." answered
    "... whenever you give me steps or tips, please put them in a numbered list" (sealed34). A
    sentence counts when it asks ("please", "give me") and most of its content words
    (`SHARE`, at least `MIN_SHARED`) are those of the message's clauses that ask the
    assistant. English only; a reply that is nothing else is left as it is."""
    if language_of(message) not in (None, "English") or "\n" in reply.strip():
        return reply
    asked = stems(" ".join(c for c in _clauses(message) if _ASKS_YOU.search(c)))

    def echoes(sentence: str) -> bool:
        own = stems(sentence)
        shared = own & asked
        return (bool(_ASKS_ME.search(sentence)) and len(shared) >= MIN_SHARED
                and len(shared) >= SHARE * len(own))
    said = sentences(reply)
    kept = [s for s in said if not echoes(s)]
    return " ".join(kept) if kept and len(kept) < len(said) else reply


# A greeting with a name, and a name the message gives someone of the user's: "Mein Nachbar
# Hartmut züchtet Brieftauben ..." was answered "Hallo Hartmut! ..." (sealed34), the neighbour's
# name given to the user. The possessives of the languages the agents read, a closed class.
_GREETING_NAME = re.compile(r"^(\W*(?:hello|hi|hey|hallo|bonjour|salut|hola|ciao|ol[áa]|oi|hej)"
                            r")\s+([A-Z][\w'-]+)(?=\s*[!,.])", re.I)
_THEIRS_NAMED = (r"\b(?:my|our|mein|meine|meinem|meinen|meiner|unser|unsere|mon|ma|mes|notre|"
                 r"mi|mis|nuestr[oa]s?|mio|mia|miei|mie|meu|minha|meus|minhas|min|mijn)\s+"
                 r"(?:(?!(?:name|is|ist|es|est|è|é|was|called|named|heißt)\b)[\w'-]+\s+){{0,2}}"
                 r"{name}\b")  # the words between, no "is": "my name is Ada" is the user's


def without_their_name(reply: str, message: str) -> str:
    """The reply's greeting without a name the message gives someone of the user's."""
    m = _GREETING_NAME.match(reply)
    if m is None or not re.search(_THEIRS_NAMED.format(name=re.escape(m.group(2))), message,
                                  re.I):
        return reply
    return m.group(1) + reply[m.end():]


# The assistant saying it is a person: "r u a real person or a bot lol" was answered "I'm a
# real person." (sealed35). It is a program, and says so.
_HUMAN = re.compile(r"\bI(?:['\u2019]m|\s+am)\s+(?:just\s+|actually\s+|definitely\s+)?(?:a\s+)?"
                    r"(?:real\s+|actual\s+)?(?:person|human(?:\s+being)?)\b[^.!?]*[.!?]?", re.I)
NOT_HUMAN = "I'm an AI assistant, not a person."


# Or denying it is a program: "Since you asked if I'm a bot, I'm not." (sealed37, to "wait are
# u a bot?"): a sentence that names a bot and says "I'm not" of it ("I'm not." or "I'm not a
# ...", not "I'm not able to ..."), or "I'm not a bot".
_NOT_A_BOT = re.compile(
    r"(?:(?<=^)|(?<=[.!?]\s))[^.!?]*?"
    r"(?:\b(?:bot|robot|chatbot|AI|machine|program)\b[^.!?]*?\bI(?:['\u2019]m|\s+am)\s+not\b"
    r"(?=\s*(?:[.!?,;]|$|(?:a|an|one)\s+(?!(?:real\s+)?(?:person|human))))"
    r"|\bI(?:['\u2019]m|\s+am)\s+not\s+(?:a\s+|an\s+)?(?:bot|robot|chatbot|AI|machine|program)\b)"
    r"[^.!?]*[.!?]?")


def without_claimed_humanity(reply: str) -> str:
    """The reply with a sentence claiming the assistant is a person, or denying it is a
    program, said as what it is."""
    return _NOT_A_BOT.sub(NOT_HUMAN, _HUMAN.sub(NOT_HUMAN, reply, count=1), count=1)
