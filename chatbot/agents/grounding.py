"""Where a memory's words come from: the user's words, the assistant's, or neither.

A small model copies the assistant's words into memory ("Tom's dog" from "Rex is Tom's dog.")
and names what nobody said. `grounding` counts a memory's content words, crudely stemmed
(`stems`), by who said them; MemoryTools refuses one that is mostly the assistant's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from wordfreq import zipf_frequency

from chatbot.memory.timewords import spoken_numbers

_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
# Function words, and the verbs every memory sentence uses ("Lives in", "Works as", "Has a").
_STOP = frozenset("""
a an the and or but nor so yet of in on at to for from by with about as into onto over under
after before since until during per via than then there here this that these those it its it's
is are was were be been being am do does did done have has had having will would shall should
can could may might must not no yes very really just also too only still even now currently
user users user's they them their theirs he she him her his hers who whom whose which what
when where why how i i'm i've i'd i'll me my mine myself we our ours us you your yours
lives live lived living works work worked working likes like liked prefers prefer preferred
wants want wanted enjoys enjoy enjoyed loves love loved uses use used owns own owned plans
plan planned called named name names named goes go went get gets got some any all each
more most much many one new other another same own s t
""".split())
# Dates are often resolved by the agent ("next Friday" -> 2024-03-22): neither side's words,
# nor names of people or places.
NEUTRAL_WORDS = frozenset("""
today tomorrow yesterday week weeks month months year years day days last next ago morning
evening night weekend monday tuesday wednesday thursday friday saturday sunday january
february march april may june july august september october november december jan feb mar
apr jun jul aug sep sept oct nov dec redacted secret
""".split())


PREFIX_MIN = 5  # shortest stem matched by its start (see said_in)


def _stem(word: str) -> str:
    """The word's crude stem; a final "y" is "i" (Porter's rule), so "silkies", "silky" and
    "silkie" share one ("the silkies" had not found "Neighbour's silkie hens", sealed32)."""
    word = word.removesuffix("'s")
    for suffix in ("ies", "ing", "ed", "es", "s", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return _y_as_i(_single_end(word[: -len(suffix)] + ("y" if suffix == "ies" else "")))
    return _y_as_i(_single_end(word))


def _y_as_i(stem: str) -> str:
    return stem[:-1] + "i" if stem.endswith("y") and len(stem) >= 3 else stem


_DOUBLED_KEPT = set("lsz")  # "called", "dressed", "buzzing" keep theirs (Porter's rule)


def _single_end(stem: str) -> str:
    """A stem ending in a doubled consonant, with one: "knitting" -> "knitt" -> "knit", the
    stem of "knits"; "jogging", "jog"; "shopped", "shop"."""
    if (len(stem) >= 4 and stem[-1] == stem[-2] and stem[-1] not in "aeiou"
            and stem[-1] not in _DOUBLED_KEPT and stem[-1].isalpha()):
        return stem[:-1]
    return stem


def stems(text: str) -> set[str]:
    """Content words of a text, crudely stemmed, numbers included ("34"); date words left
    out."""
    out = set()
    for word in _WORD.findall(str(text or "").lower()):
        if word in _STOP or word in NEUTRAL_WORDS or (len(word) < 2 and not word.isdigit()):
            continue
        out.add(_stem(word))
    return out


@dataclass(frozen=True)
class Grounding:
    """Where the content words of a memory text come from."""

    words: int
    from_user: float        # share found in the user's words (or memories already stored)
    from_assistant: float   # share found only in the assistant's words
    # It holds a number, every number in it is one the user said, and at most two other words
    # are not the user's: "52 years old" for "i'm 52", which the reply had echoed as "I'm 52
    # years old" (multi_fact_1304, docs/agents.md session 34).
    user_numbers: bool = False
    # Its rarest word is the user's: at half and half, the words that say what it is about
    # are the user's ("Whittling hobby" for "I've taken up whittling", the reply having said
    # "hobby"; not "Tom" added beside "dog" from "Rex is Tom's dog.").
    rarest_mine: bool = False
    # Its rarest word is nobody's, and at most half of it is the user's: "Disappointed with
    # the job" for "new job who dis 😎" (sealed40: kept, and then put in place of the job).
    rarest_unsaid: bool = False

    @property
    def unsupported(self) -> bool:
        """Not one of its words is the user's (nor in a stored memory), or what it is about
        is nobody's word (`rarest_unsaid`)."""
        return self.words > 0 and (self.from_user == 0 or (
            self.rarest_unsaid and self.from_user <= 0.5 and not self.user_numbers))

    @property
    def ungrounded(self) -> bool:
        """Half or more of the words are only the assistant's, or they are mostly not the
        user's and more the assistant's. Lenient on purpose: paraphrase, third person and
        resolved dates pass, and words neither side said are not held against the text."""
        if self.words == 0 or self.user_numbers:
            return False
        if self.from_assistant == 0.5 and self.rarest_mine:
            return False
        return self.from_assistant >= 0.5 or (
            self.from_user < 0.5 and self.from_assistant > self.from_user)


_UNIT_WORDS = 2  # "years old", "kids": what a number the user said is of


# Words code writes, not the model: an ending's "no longer" and "as of April 2024", the year
# of a date it resolved ("on 18 March 2024"). sealed44's "Wietske and they broke up (as of
# April 2024; no longer: ...)" was refused as nobody's words for "longer" and "2024"; and
# "No longer works in a call centre: ..." for its capital (sealed50).
_MADE_BY_CODE = re.compile(r"(?i:\bno\s+longer\b)|\bas\s+of\s+[A-Z][a-z]+\s+\d{4}\b"
                           r"|(?<=\d\s[A-Z][a-z]{2})[a-z]*\s+\d{4}\b")


def _by_code(text: str) -> str:
    return _MADE_BY_CODE.sub(" ", text)


def grounding(text: str, user_texts: list[str], assistant_texts: list[str],
              replaces: str = "") -> Grounding:
    """Where the words of `text` come from; for an update, only the words it adds to the text
    it `replaces` count (so "Has a beagle called Rex (Tom's dog)" is judged on "Tom")."""
    words = stems(_by_code(text)) - stems(replaces)
    if not words:
        return Grounding(0, 1.0, 0.0)
    # (with the numbers said in words: "Age 81" for "eighty-one years of age", sealed49)
    user = set().union(*(stems(t) | spoken_numbers(t) for t in user_texts))
    assistant = set().union(*(stems(t) for t in assistant_texts)) if assistant_texts else set()
    n = len(words)
    mine = {w for w in words if said_in(w, user)}
    theirs = {w for w in words - mine if said_in(w, assistant)}
    numbers = {w for w in words if w.isdigit()}
    user_numbers = bool(numbers) and numbers <= user and len(words - mine) <= _UNIT_WORDS
    said_as = {_stem(w): w for w in _WORD.findall(text.lower())}  # "whittl": "whittling"
    # How rare a word is, as said or as its stem, whichever is commoner: an inflection is no
    # rarer a word ("avoids" 3.5 against "mushrooms" 3.7 had made the assistant's "Avoids" the
    # rarest of "Avoids mushrooms", sealed42, and it was refused)
    rarest = min(sorted(words), key=lambda w: max(zipf_frequency(said_as.get(w, w), "en"),
                                                  zipf_frequency(w, "en")))
    return Grounding(n, len(mine) / n, len(theirs) / n, user_numbers, rarest in mine,
                     rarest not in mine and rarest not in theirs)


def said_in(stem: str, said: set[str]) -> bool:
    """The stem, or a word it begins or that begins it (five letters or more), is in `said`:
    "vegetarian" is what "soy vegetariana" said, "coeliac" what "soy coeliaca" said."""
    if stem in said:
        return True
    if len(stem) >= PREFIX_MIN and stem.endswith("er") and (stem[:-1] in said
                                                             or stem[:-2] in said):
        return True  # the doer of what was said: "Hat maker" for "i make hats" (sealed35)
    return len(stem) >= PREFIX_MIN and any(
        len(w) >= PREFIX_MIN and (w.startswith(stem) or stem.startswith(w)) for w in said)
