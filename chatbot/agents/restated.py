"""A new memory that says again what a shown one says (`restated`): the memory agent's add is
then a NOOP that names the shown memory, not a second copy. The store's near-duplicate cosine
misses the same fact in other word orders ("Has eleven koi in a garden pond" beside "Keeps
eleven koi in a pond in the garden") or spellings ("steel pan", "the steelpan")."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from wordfreq import zipf_frequency

from chatbot.agents.casual import with_apostrophes
from chatbot.agents.guards import stems
from chatbot.agents.language import language_of
from chatbot.agents.parts import NEGATION, _proper_names
from chatbot.agents.told import SOMEONE
from chatbot.agents.wording import NAME_FACT, RELATIONS, SAID
from chatbot.memory import Memory
from chatbot.memory.timeparse import find_span
from chatbot.memory.timewords import days_and_numbers, is_past_form
from chatbot.memory.validity import status


def restated(text: str, shown: dict[int, Memory], day: date | None) -> int | None:
    """The shown memory (a current fact, not a preference) that already says all a new memory
    says and more: its content words are a strict subset (two words written as one where the
    other text does, `_joined`), or its words are the same but for articles; both or neither
    deny. "Has
    eleven koi in a garden pond" beside "Keeps eleven koi in a pond in the garden" is the same
    fact said again; the store's near-duplicate cosine missed it (the words are ordered
    differently). Same words in other forms ("Wants to visit Japan", then "Visited Japan")
    are left to the store: that may be news."""
    if len(stems(text)) < 2:
        return None
    denies = bool(NEGATION.search(text))
    for i, m in shown.items():
        new, old = _joined(text, m.memory_text), _joined(m.memory_text, text)
        words, said, same = stems(new), stems(old), _bare(new) == _bare(old)
        if (m.memory_type != "procedural" and (same or _nothing_new(words, said))
                and bool(NEGATION.search(m.memory_text)) == denies
                and status(m, day) != "past"):
            return i
    return None


def _bare(text: str) -> list[str]:
    """The text's words in lower case, without articles: "Plays the steelpan ..." is
    "plays steelpan ..."."""
    return [w for w in re.findall(r"[^\W_]+", text.lower()) if w not in ("a", "an", "the")]


def _joined(text: str, other: str) -> str:
    """The text with two words side by side written as one where `other` writes them so:
    "Plays steel pan in a community band" beside "Plays the steelpan ..." (sealed29: the same
    fact was stored twice)."""
    one = {w.lower() for w in re.findall(r"[^\W\d_]+", other)}
    words = re.findall(r"[^\W\d_]+|\d+", text)
    out, i = [], 0
    while i < len(words):
        if i + 1 < len(words) and (words[i] + words[i + 1]).lower() in one:
            out.append(words[i] + words[i + 1])
            i += 2
        else:
            out.append(words[i])
            i += 1
    return " ".join(out)


# Words as common as "up" and "just" (Zipf 6.3 and over) add nothing a memory says: "Has got
# six quails up at their smallholding" beside "Keeps six quails on a smallholding" (not "new",
# 6.25, nor "now", 6.2).
LIGHT_ZIPF = 6.3


def _nothing_new(words: set[str], said: set[str]) -> bool:
    """The new memory's content words are a strict subset of the shown one's, but for words
    as common as "up" (two shared at least)."""
    extra = words - said
    if not extra:
        return words < said
    return (len(words & said) >= 2
            and all(zipf_frequency(w, "en") >= LIGHT_ZIPF for w in extra))



# A memory that is only the user's name: "My name is Winifred Abernethy" (the model's, beside
# code's "Is called Winifred": sealed49 kept both).
_NAME_ONLY = re.compile(r"^(?:my|their|the\s+user['\u2019]?s)\s+(?:full\s+)?name\s+is\s+"
                        r"((?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,3})\W*$", re.I)


_IS_NAME = re.compile(r"^Is\s+([A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)\W*$")


def _one_name(facts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The facts with a memory of the user's name alone written as one ("Is called ..."), and
    no name that another names in full ("Winifred" beside "Winifred Abernethy")."""
    facts = [{**f, "text": NAME_FACT + m.group(1), "categories": ["identity"]}
             if (m := _NAME_ONLY.match(f["text"]))
             else f for f in facts]
    names = [f["text"].removeprefix(NAME_FACT).split() for f in facts
             if f["text"].startswith(NAME_FACT)]
    # nor "Is Ishbel" beside "Is called Ishbel" (sealed54 kept both)
    return [f for f in facts if not (f["text"].startswith(NAME_FACT) and any(
        len(n) > len(said := f["text"].removeprefix(NAME_FACT).split()) and n[:len(said)] == said
        for n in names)) and not ((m := _IS_NAME.match(f["text"])) and m.group(1).split() in names)]


def without_restated_facts(facts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The new facts of one call less each that another of them says in full (its content
    words, numbers and days a subset; both or neither deny; of two that say the same, the one
    in the later place): "Emperor scorpion named Gorka" beside "Got their first emperor
    scorpion named Gorka today" (sealed31: both were kept)."""
    facts = _one_name(facts)
    # the same text twice: kept once (where its last copy stood)
    facts = list({f["text"].lower(): f for f in reversed(facts)}.values())[::-1]
    said = [(stems(f["text"]), days_and_numbers(f["text"]), bool(NEGATION.search(f["text"])))
            for f in facts]

    def says_it(i: int, j: int) -> bool:  # fact j says all fact i says
        (wi, ti, ni), (wj, tj, nj) = said[i], said[j]
        return bool(wi) and wi <= wj and ti <= tj and ni == nj and (
            wi < wj or ti < tj or j > i)
    # The user's name and their words quoted are kept as they are: "Is called Wiebke" beside
    # 'Said: "Ich bin Wiebke, ..."' is the name code reads.
    quoted = [f["text"].startswith(SAID) for f in facts]
    return [f for i, f in enumerate(facts) if f["text"].startswith(NAME_FACT)
            or not any(says_it(i, j) for j in range(len(facts)) if j != i and not quoted[j])]


# How rare a word of a part is to be what the part is about ("calligraphy" 3.1, "unicycle");
# chat's spellings read first: a letter typed over and over once ("sooo"), "fave" as the word.
TOPIC_ZIPF = 4.0
_TYPED_OVER = re.compile(r"(\w)\1{2,}")
_SLANG = {"fave": "favourite", "fav": "favourite", "faves": "favourites"}
_SOMEONE_OF_MINE = re.compile(rf"\b(?:my|our)\s+((?i:{RELATIONS})s?)\b", re.I)
_NOT_NOW = re.compile(r"\b(?:been|was|were|had)\b", re.I)


def _plain(word: str) -> str:
    word = _SLANG.get(word.lower(), word.lower())
    return _TYPED_OVER.sub(r"\1", word) if _TYPED_OVER.search(word) else word


def repeats_shown(part: str, facts: dict[int, str], day: date | None) -> int | None:
    """The shown fact an English part only says again in its own words: every rare word of
    the part is one of the fact's, and it names no one (nor "my parents live", nor a relation
    the fact does not name), gives no number or date, denies nothing and tells no past deed
    ("been doing sooo much calligraphy lately ✍️ still my fave thing to do" beside "Does
    calligraphy as a hobby", sealed46 kept it as a second memory); else None."""
    if (language_of(part) not in (None, "English") or NEGATION.search(with_apostrophes(part))
            or days_and_numbers(part) or _proper_names(part)
            or SOMEONE.search(with_apostrophes(part))  # "... where my parents live"
            or any(not stems(who) & stems(" ".join(facts.values()))
                   for who in _SOMEONE_OF_MINE.findall(part))  # "it's my brother who's ..."
            or (day is not None and find_span(part, day) is not None)
            or any(is_past_form(w) for w in re.findall(r"[a-z]+", _NOT_NOW.sub("", part.lower())))):
        return None
    rare = rare_stems(part)
    return next((i for i, fact in facts.items() if rare and rare <= stems(fact)), None)


def rare_stems(text: str) -> set[str]:
    """The stems of the text's words rarer than TOPIC_ZIPF, chat's spellings read first."""
    return set().union(*(stems(w) for w in map(_plain, re.findall(r"[^\W\d_]+", text))
                         if zipf_frequency(w, "en") < TOPIC_ZIPF))
