"""The user's own name in a sorted part: what the model gives as `user_name`, kept only when
the message says it as a name (chatbot.agents.part_calls adds it as the name fact)."""

from __future__ import annotations

import re
from difflib import get_close_matches
from typing import Any

from wordfreq import zipf_frequency

from chatbot.agents.parts import _WORD, only_names
from chatbot.agents.rare_words import _lower_words


def only_a_name(entry: dict[str, Any]) -> bool:
    """The part says nothing but the user's name ("I'm Ben.", "Hi, I'm Ben")."""
    return isinstance(entry.get("user_name"), str) and only_names(str(entry.get("part") or ""))


def user_name(entry: dict[str, Any], message: str, memories: list[str] = ()) -> str | None:
    """The user's name as the entry gives it, if the message says it as a name: every word
    capitalised as written there ("sister Ana" is not a name the user goes by), and none of
    the message's memories names it ("Tortoise named Gus": not the user). Without one from
    the model, the name the part says after "name's" at a clause's start (`said_name`)."""
    name = entry.get("user_name")
    if not isinstance(name, str) or not name.strip():
        return said_name(str(entry.get("part") or ""), message, memories)
    name = _as_written(name.strip(), message)
    if {w.lower() for w in _WORD.findall(name)} & _lower_words(" ".join(memories)):
        return None
    found = re.search(rf"(?<!\w){re.escape(name)}(?!\w)", message, re.I)
    if found is None:  # "user" for "names kealoha, most people just say K." (sealed35)
        return said_name(str(entry.get("part") or ""), message, memories)
    if not all(w[0].isupper() for w in _WORD.findall(found.group(0))):
        # Chat typed without capitals ("hey im bartek, i work as a court reporter in
        # timisoara") says a name only by introducing it.
        # (or a word English all but never writes: "yo im marisela 👋 ... a LOT of goblin
        # voices", sealed36)
        if not (_INTRODUCED.search(message[:found.start()]) and (
                _no_capitals(message)
                or zipf_frequency(found.group(0).lower(), "en") < UNHEARD_OF_ZIPF)):
            said = said_name(message, message, memories)  # "yo. oluchi here 👋" (sealed40)
            return said if said and said.lower() == found.group(0).lower() else None
        return " ".join(w[:1].upper() + w[1:] for w in found.group(0).split())
    before = message[:found.start()]
    if message[found.end():].startswith(":") and not _INTRODUCED.search(before):
        return None  # a heading: "Novinka: minulý týždeň ..." ("News: ...", sealed51)
    if _SOMEONE_OF_THEIRS.search(before) and not _MY_NAME_IS.search(before):
        # "My daughter Elowen started nursery": the daughter's name; "My name is Gertrude"
        # is the user's own (it was taken for someone's, sealed22)
        return None
    return found.group(0)


# What says the word after it is the user's name: "i'm", "im", "my name is", "call me".
_INTRODUCED = re.compile(r"(?:^|[\s,.!])(?:i'?m|i\s+am|(?:my\s+)?name(?:'?s|\s+is)|call\s+me|"
                         r"this\s+is)\s+$", re.I)


# The user's own name follows: "My name is", "my name's", "my friends call me" (not "my
# sister's name is").
_MY_NAME_IS = re.compile(r"(?:\bmy\s+name(?:'?s|\s+is)|\bcall\s+me)\s+$", re.I)


def _no_capitals(message: str) -> bool:
    """The message capitalises no word but one that starts a sentence, and "I"."""
    return not any(m.group(0)[:1].isupper() and m.group(0) not in ("I", "I'm", "I've", "I'd")
                   for m in re.finditer(r"(?<![.!?]\s)(?<!^)\b[\w']+", message.strip()))


# The words before a name that make it someone of the user's: "my daughter", "our dog"; in
# French, Spanish, Italian, Portuguese, German and Dutch too ("Mon mari Gaspard est
# ébéniste": the husband's name, not the user's).
_SOMEONE_OF_THEIRS = re.compile(
    r"\b(?:my|our|mon|ma|notre|mi|nuestro|nuestra|mio|mia|il\s+mio|la\s+mia|meu|minha|o\s+meu|"
    r"a\s+minha|mein|meine|unser|unsere|mijn|onze)\s+(?:[^\W\d_][\w'-]*\s+){1,3}$", re.I)


def _as_written(name: str, message: str) -> str:
    """The name as the message writes it when the model misspelt it ("Wibeke" for "Wiebke"):
    the message's closest capitalised word, if close enough; else the name as given."""
    if " " in name or re.search(rf"(?<!\w){re.escape(name)}(?!\w)", message, re.I):
        return name
    words = {w for w in _WORD.findall(message) if w[0].isupper()}
    close = get_close_matches(name, words, n=1, cutoff=0.8)
    return close[0] if close else name


# "names Zephaniah, im a distiller ..." (name's typed without its apostrophe; the model gave
# no name and kept "Distiller at Kinsale", sealed26), "the name's Ottoline", "name is Ada": the
# user's name, said at the start of a clause.
_NAME_SAID = re.compile(r"(?:^|[,.!?;:]\s*)(?:(?:my|the)\s+)?name(?:['\u2019]?s|\s+is)\s+"
                        r"([^\W\d_][\w'-]*)"
                        # "hiya, Eudora here :)" (sealed28), a capital only
                        # (or typed in lower case, a word English all but never writes:
                        # "yo. oluchi here 👋", sealed40; `said_name` reads how rare)
                        r"|(?:^|[,.!?;:]\s*)([^\W\d_][\w'-]+)\s+here\b(?!\s+\w)", re.I)
NAME_ZIPF = 4.5  # typed without capitals, a name is no common word ("names are hard")
# A word English all but never writes is a name however the rest is typed: "names kealoha,
# most people just say K." (a capital K beside it).
UNHEARD_OF_ZIPF = 2.0


# "heyy so im berit, i run a tiny smokehouse ..." (sealed37 kept "Heyy so they're berit, ..."):
# "im" and a word English all but never writes, at the start of the message after a greeting,
# before a comma, a mark, an emoji ("heyy im ilinca 👋", sealed41) or the end. Not a word
# shaped as a state ("im jetlagged", "im pescatarian").
# Or with no greeting, and "btw" after it: "im zuleika btw. nurse, ..." (sealed50 filed such a
# part as small talk and kept no name; its "perpetua", Zipf 2.07, is still too common a word
# to be read as one without a capital).
_GREETED_IM = re.compile(r"^\W*(?:(?:hey+|hi+|hiya|heya|hello|yo|ok|okay|so|well|hola|ciao)\b"
                         r"[\s,!.]*)*"
                         r"(?:i['\u2019]?m|i\s+am)\s+([a-z][a-z'-]+)\s*"
                         r"(?:(?:btw|lol|haha|here|fyi)\b\s*)?(?:[^\w\s'-]|$)", re.I)
_STATE_ENDING = re.compile(r"(?:ed|ian|ic|ous|ful|ive|al|ish|less|ing|ly|y)$")


def said_name(part: str, message: str, memories: list[str] = ()) -> str | None:
    """The name `_NAME_SAID` reads in the part: capitalised as written, or in a message
    typed without capitals an uncommon word; not one a memory of the message gives
    something else. Else a greeting's unheard-of word after "im" (`_GREETED_IM`)."""
    m = _NAME_SAID.search(part)
    if m is None:
        greeted = _GREETED_IM.match(part)
        word = greeted.group(1) if greeted else ""
        if (not word or zipf_frequency(word.lower(), "en") >= UNHEARD_OF_ZIPF
                or _STATE_ENDING.search(word.lower())):
            return None
        return word[:1].upper() + word[1:]
    word = m.group(1) or m.group(2)
    common = zipf_frequency(word.lower(), "en")
    if not word[0].isupper() and not (common < NAME_ZIPF and (
            _no_capitals(message) or common < UNHEARD_OF_ZIPF)):
        return None
    # (one that leads with it is of whoever bears it: "Kealoha services escalators ...")
    if word.lower() in _lower_words(" ".join(m for m in memories
                                             if not m.lower().startswith(word.lower()))):
        return None
    return word[:1].upper() + word[1:]


# The name the user asks to be called: "call me Percy pls" (sealed45, filed as small talk:
# nothing kept). A capital only; not "call me maybe", "call me later".
_CALL_ME = re.compile(r"\b(?:call|calling)\s+me\s+((?-i:[A-Z])[\w'-]+)(?!\s+(?-i:[A-Z]))", re.I)


def called_me(part: str) -> str | None:
    """The name a part asks the assistant to call the user by, or None."""
    m = _CALL_ME.search(part)
    return m.group(1) if m and m.group(1) not in ("I", "Maybe", "Later", "Back") else None


def as_theirs(text: str, name: str | None) -> str:
    """A memory led by the user's own name and a verb, as the user's: "Kealoha services
    escalators and lifts" -> "Services escalators and lifts" (sealed35: the reply to "whats my
    name again? and my job" read it as someone else's and said it had not been told)."""
    if not name or not text.startswith(f"{name} "):
        return text
    rest = text[len(name) + 1:]
    verb = rest.split(maxsplit=1)[0] if rest.strip() else ""
    if not re.fullmatch(r"[a-z]{3,}s", verb) or verb in ("is", "was"):
        return text
    return rest[:1].upper() + rest[1:]
