"""Rare words: what a part is about, in the user's words, when a memory leaves it out.

A word rarer than about once in a million English words (wordfreq's Zipf scale, its lists
shipped in the wheel) names the dish, hobby, place or job a part is about; the small model's
memories drop it ("Favourite dish" for "Shakshuka is my favourite thing to cook"), file a
statement about it as small talk, or mistranslate it from another language ("Tischler" as
"waiter"). agents/part_calls reads these to keep the user's own words.
"""

from __future__ import annotations

import re
from typing import Any

from wordfreq import zipf_frequency

from chatbot.agents.casual import with_apostrophes
from chatbot.agents.guards import said_in, stems
from chatbot.agents.language import language_of
from chatbot.agents.parts import (
    _CLAUSE,
    _KIN_HE,
    _KIN_SHE,
    _WORD,
    NEGATION,
    NEW_SUBJECT,
)
from chatbot.agents.pieces import INTERJECTIONS, split_outside_brackets
from chatbot.agents.wording import NAME_FACT, third_person
from chatbot.redact import redact


def _lower_words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text)}


# Rarer than about once in a million words of English (wordfreq's Zipf scale): the words that
# say which dish, hobby, place or job ("shakshuka", "korfbal", "flatmate", "Donegal"); the
# words a memory may rephrase ("favourite", "weekend", "grandma") are commoner.
RARE_ZIPF = 3.0
_MIN_RARE_LETTERS = 4
_INTERJECTION = re.compile(INTERJECTIONS, re.I)


def _rare(word: str, language: str = "en", below: float = RARE_ZIPF) -> bool:
    """A word of four letters or more, letters only, rarer than `below` in `language`."""
    low = word.lower()
    return (len(low) >= _MIN_RARE_LETTERS and low.isalpha()
            and zipf_frequency(low, language) < below)


def _drops_a_rare_word(part: str, memories: str) -> str | None:
    """The first rare word of an English part that its memories leave out: what the part is
    about ("Shakshuka is my favourite thing to cook" stored as "Favourite dish", "My flatmate
    Thabo moved in" as "Thabo moved in"). Not a word the part denies ("a geologist, not a
    volcanologist"), nor one inside a secret (redacted before it is stored). A memory in
    English of a part in another language leaves out most of its words, so those are not
    read."""
    if language_of(part) not in (None, "English"):
        return None
    said = _lower_words(memories)
    for clause in _CLAUSE.split(redact(with_apostrophes(part))):  # "weve" is we've
        affirmed = NEGATION.split(clause, maxsplit=1)[0]
        for word in _WORD.findall(affirmed):
            if _INTERJECTION.fullmatch(word):  # "argh no, i meant Hamar" (sealed28)
                continue
            if _rare(word) and not said_in(word.lower(), said) and not _typo_of(word, said):
                return word
    return None


_LEAD_JOIN = re.compile(r"^(?:and|but|so|also|plus)\s+", re.I)
# A word for someone or something another clause named.
_BACK = re.compile(r"\b(?:it|its|it's|them|he|she|him|her|hes|shes|they|their|there|that|"
                   r"this|one)\b", re.I)


def with_rare_clauses(part: str, found: list[tuple[str, list[str], Any]],
                      ) -> list[tuple[str, list[str], Any]] | None:
    """The model's memories of a part that lists facts clause by clause, with each clause
    whose rare word they leave out in the user's words (third person) in place of the memory
    closest to it: "im 52, just took up lindy hop, my husband crispin works on submarines, and
    weve got a tank of guppies" as "Age is 52", "Lindy hop taken up", "Their husband crispin
    works on submarines" and "Tank of guppies in kitchen" (sealed26 kept the whole part as one
    memory for the name the model dropped). None when the part is one clause, the model wrote
    one memory, or no clause's rare word is left out."""
    # (a clause with a subject of its own after "and" too: "my twin brother fionn is a
    # taxidermist (yes really) and i play didgeridoo ...", sealed42 kept it whole)
    clauses = [_LEAD_JOIN.sub("", c.rsplit(":", 1)[-1].strip(" .!?"))
               for clause in split_outside_brackets(_CLAUSE, part)
               for c in split_outside_brackets(NEW_SUBJECT, clause) if c]
    clauses = [c for c in clauses if _WORD.search(c)]
    if len(clauses) < 2 or len(found) < 2:
        return None
    if any(_BACK.search(c) for c in clauses):  # "I make it for brunch": what "it" is
        return None
    out, swapped = list(found), set()
    for clause in clauses:
        if _drops_a_rare_word(clause, " ".join(t for t, _, _ in out)) is None:
            continue
        words = stems(clause)
        free = [i for i in range(len(out)) if i not in swapped]
        best = max(free, key=lambda i: len(stems(out[i][0]) & words), default=None)
        if best is None or not stems(out[best][0]) & words:
            return None  # no memory of the model's stands for the clause
        out[best] = (third_person(clause), out[best][1], out[best][2])
        swapped.add(best)
    return out if swapped else None


_TYPO_MIN_LETTERS = 4  # "wrok" for "work", "mornign" for "morning"; not "cta" for "cat"


def _typo_of(word: str, said: set[str]) -> bool:
    """The rare word is a misspelling of a commoner word the memories say: one letter added,
    dropped, changed, or two side by side swapped ("mornign" written "morning" in "Ferry to
    Portree on Wednesday morning", sealed20). The model spelled it right; nothing was left
    out. Only a word wordfreq does not know, written as a common one (not "Marta" as
    "Martha")."""
    low = word.lower()
    if len(low) < _TYPO_MIN_LETTERS or zipf_frequency(low, "en") > 0:
        return False  # a word wordfreq knows, a name ("Marta") among them, is no typo
    return any(
        abs(len(w) - len(low)) <= 1 and not _rare(w) and _one_edit(low, w) for w in said)


def as_the_model_spells(text: str, memories: list[str]) -> str:
    """The user's words (kept in place of the model's memories) with the model's spelling
    of the same words: a name it capitalised ("kelowna" as "Kelowna") and a typo it put
    right ("wrok" as "work"); and, typed all in lower case, a name by where it stands
    (`_NAMED`). "my brother eamon lives in kelowna" was kept as it was, and the reply read no
    place in it (sealed20)."""
    said = {w.lower() for m in memories for w in _WORD.findall(m)}
    # Capitalised past a memory's first word: a name, not a sentence's start ("Lives").
    theirs = {w.lower(): w for m in memories for w in _WORD.findall(m)[1:]}

    def spelled(match: re.Match[str]) -> str:
        word = match.group(0)
        if not word.islower():
            return word
        if word in theirs and theirs[word] != word and theirs[word][1:].islower():
            return theirs[word]  # "Kelowna"; not "NASA" for "nasa" (that is the user's)
        if _typo_of(word, said):
            return next(w for w in said if abs(len(w) - len(word)) <= 1
                        and not _rare(w) and _one_edit(word, w))
        return word
    typed_lower = text.islower()
    text = _WORD.sub(spelled, text)
    if typed_lower:  # typed without capitals: the names it gives by their place
        text = _NAMED.sub(lambda m: m.group(1) + m.group(2).capitalize()
                          if zipf_frequency(m.group(2), "en") < NAME_ZIPF else m.group(0), text)
    return text


# A name typed in lower case, by where it stands: after someone of the user's ("my brother
# eamon", `parts._KIN_SHE` / `_KIN_HE` and a few more) or after "called" / "named".
_NAMED = re.compile(rf"(\b(?:my|our|their)\s+(?:{_KIN_SHE}|{_KIN_HE}|friend|mate|flatmate|"
                    rf"roommate|partner|boss|neighbour|neighbor|cousin|colleague)\s+"
                    rf"|\b(?:called|named)\s+)([a-z][a-z'-]+)")
NAME_ZIPF = 3.0  # "eamon", "ilias", "kelowna"; not "just" in "my brother just ..."


def _one_edit(a: str, b: str) -> bool:
    """Whether a and b differ by one insertion, deletion, substitution or swap of two
    neighbouring letters (and are not equal)."""
    if a == b:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1
                                  and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    at = next((i for i in range(len(short)) if short[i] != long_[i]), len(short))
    return short[at:] == long_[at + 1:]


# Rarer than about once in ten thousand words of the part's language: the words a memory in
# English translates ("Tischler", "ruches", "céleri", "carpintero"), and may get wrong.
OWN_WORD_ZIPF = 4.0
_WORDFREQ_CODES = {"German": "de", "French": "fr", "Spanish": "es", "Italian": "it",
                   "Portuguese": "pt", "Dutch": "nl", "Swedish": "sv", "Danish": "da",
                   "Norwegian": "nb", "Finnish": "fi", "Polish": "pl", "Czech": "cs",
                   "Romanian": "ro", "Hungarian": "hu", "Turkish": "tr", "Greek": "el",
                   "Russian": "ru", "Ukrainian": "uk", "Indonesian": "id", "Vietnamese": "vi"}


def _with_their_words(part: str, found: list[tuple[str, list[str], Any]],
                      name: str | None = None, also: tuple[str, ...] = (),
                      ) -> list[tuple[str, list[str], Any]]:
    """The memories in English of a part in another language, each with the part's rare
    words it left out in brackets, given to the memory whose shared words stand nearest them
    in the part: "Hallo! Ich heiße Jörg und arbeite als Tischler in Leipzig" stored as "Works
    as a waiter in Leipzig" becomes "Works as a waiter in Leipzig (Tischler)". The user's
    own word survives a wrong translation, is found by a search in their language, and is
    there for a reply in it ("carpintero", not "carpenter"). Not the user's name, nor for a
    name fact, nor a word cut short before an apostrophe ("vent'anni"). `also`: words to
    bracket however common (a name the memories left out: "Ravenna")."""
    code = _WORDFREQ_CODES.get(language_of(part) or "")
    if code is None or not found:
        return found
    text = redact(part)
    words = [m.group(0) for m in _WORD.finditer(text)
             if not text.startswith(("'", "\u2019"), m.end())]
    said = _lower_words(" ".join(t for t, _, _ in found) + f" {name or ''}")
    extra: dict[int, list[str]] = {}
    for at, word in enumerate(words):
        if (not (_rare(word, code, OWN_WORD_ZIPF) or word in also)
                or said_in(word.lower(), said)):
            continue
        best: tuple[int, int] | None = None  # (distance, memory)
        for n, (memory, _, _) in enumerate(found):
            if memory.startswith(NAME_FACT):
                continue
            mine = _lower_words(memory)
            near = [abs(at - k) for k, w in enumerate(words) if w.lower() in mine]
            distance = min(near) if near else len(words)
            if best is None or distance < best[0]:
                best = (distance, n)
        if best is not None and word not in extra.get(best[1], []):
            extra.setdefault(best[1], []).append(word)
    return [(f"{t} ({', '.join(extra[n])})" if n in extra else t, c, r)
            for n, (t, c, r) in enumerate(found)]


# Words a thing's name follows: a determiner or a preposition ("into orienteering", "my
# ferret", "a saddler"), where a rare word is a noun, not a mood ("I'm knackered").
_THING_LEADS = frozenset("a an the my our his her their some into in at of for about with "
                         "up on".split())


# After "my" or "our" the thing is the user's own, and a less rare word names it ("my
# ferret", 3.0; "our tortoise", 3.3; "my allotment", 3.1); "my headache" (4.0) and "my
# sandwich" (4.1) stay small talk.
_POSSESSIVES = frozenset({"my", "our"})
POSSESSED_ZIPF = 3.5


_COMPOUND = re.compile(r"[^\W_]+(?:-[^\W_]+)*")  # "second-hand" is one word


def _rare_thing(clause: str, known: set[str]) -> str | None:
    """A rare English word of the clause (`RARE_ZIPF`; `POSSESSED_ZIPF` after "my"/"our"),
    after a determiner or preposition, that is not denied and that no shown memory says: the
    thing an otherwise plain statement is about."""
    if language_of(clause) not in (None, "English"):
        return None
    words = _COMPOUND.findall(NEGATION.split(redact(clause), maxsplit=1)[0])
    for n, before in enumerate(words):
        lead = before.lower()
        if lead not in _THING_LEADS:
            continue
        below = POSSESSED_ZIPF if lead in _POSSESSIVES else RARE_ZIPF
        # The word after it, or after one common word between ("a little pierogi stall",
        # "a second-hand motorhome": one word, sealed23).
        after = words[n + 1:n + 2]
        if n + 2 < len(words) and not _rare(words[n + 1], below=below):
            after.append(words[n + 2])
        for word in after:
            if _rare(word, below=below) and word.lower() not in known:
                return word
    return None
