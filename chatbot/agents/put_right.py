"""A value put right in so many words, whatever the model filed the part as: a number ("ugh
typo, I'm 25 not 52"), a word ("it's a degu, not a gerbil"), a name the assistant got wrong
("you've got my sister's name wrong - she's Sunniva"). The shown memory with the value replaced
becomes its new version (chatbot.agents.part_calls calls these before reading the part's kind;
chatbot.agents.corrections reads the corrections the model's memories imply).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from wordfreq import zipf_frequency

from chatbot.agents.guards import stems
from chatbot.agents.language import language_of
from chatbot.agents.parts import TAKES_BACK
from chatbot.agents.rare_words import _rare
from chatbot.memory.timewords import MONTHS, NUMBER_WORDS, WEEKDAYS

_WORD = re.compile(r"[^\W_]+")


_NUMBER_TOKEN = re.compile(r"\b(\d+|" + "|".join(NUMBER_WORDS) + r")\b", re.I)


def _as_number(word: str) -> str:
    return str(NUMBER_WORDS.get(word.lower(), word))


def _numbered(text: str) -> set[str]:
    """The text's stems with numbers written as words ("seven", "three") as digits; they are
    read before stemming, which would make "three" "thre"."""
    return stems(_NUMBER_TOKEN.sub(lambda m: _as_number(m.group(0)), text))


def _numbers(words: set[str]) -> set[str]:
    return {w for w in words if w.isdigit()}


def _renumber(text: str, old: str, new: str, part: str) -> str:
    """The text with the number `old` written as the part writes `new` ("seven" or "7")."""
    said = next(m.group(0) for m in _NUMBER_TOKEN.finditer(part) if _as_number(m.group(0)) == new)
    return _NUMBER_TOKEN.sub(lambda m: said if _as_number(m.group(0)) == old else m.group(0),
                             text)


# "I'm 25 not 52", "I've got 3 kids, not 2": a number put right in so many words.
_NUMBER_NOT = re.compile(rf"{_NUMBER_TOKEN.pattern}(?:\s+[a-z]+){{0,2}}\s*,?\s+not\s+"
                         rf"{_NUMBER_TOKEN.pattern}", re.I)


def renumbered_anyway(part: str, shown: dict[int, str],
                       updates: dict[int, dict[str, Any]]) -> bool:
    """A part filed as nothing to keep that gives a shown memory a new number: it names the
    memory's number and one other, and shares a word with it ("Lena is seven, not six" for
    "Daughter Lena is six") or says "new, not old" ("ugh typo, I'm 25 not 52" for "Age is
    52"). The memory with the number replaced becomes its new version (added to `updates`);
    True when that happened."""
    if part.rstrip().endswith("?"):  # "Is Lena seven or six?" asks, it does not say
        return False
    said = _numbered(part)
    put_right = {_as_number(m.group(2)) for m in _NUMBER_NOT.finditer(part)}
    for memory_id, old in shown.items():
        before = _numbers(_numbered(old))
        new = _numbers(said) - before
        if (memory_id in updates or len(before) != 1 or not before <= said or len(new) != 1
                or not ((said - _numbers(said)) & (_numbered(old) - before)
                        or before <= put_right)):
            continue
        text = _renumber(old, before.pop(), new.pop(), part)
        updates[memory_id] = {"memory_id": memory_id, "updated_memory_text": text,
                              "categories": []}
        return True
    return False


# "you've got my sister's name wrong - she's Sunniva": what the assistant has wrong.
_GOT_WRONG = re.compile(r"\byou(?:'ve|\s+have)?\s+(?:got|gotten|put|written|spelt|spelled)\s+"
                        r"((?:[\w'-]+\s+){1,4}?)wrong\b", re.I)


def renamed_anyway(part: str, shown: dict[int, str], updates: dict[int, dict[str, Any]],
                   message: str = "") -> bool:
    """A part that says the assistant has something wrong and gives a name after it: the
    shown memory about that something, with one name, takes the new name ("Has a sister
    called Rhona" after "you've got my sister's name wrong - she's Sunniva", which the model
    filed as small talk); "you got my name wrong, it's Sunniva", the name fact. The name may
    come in the message's next sentence, which the model makes a part of its own ("You've
    got my brother's name wrong. It's Jarle, not Eirik."). The new version goes in
    `updates`; True when that happened."""
    if (m := _GOT_WRONG.search(part)) is None:
        return False
    about = stems(m.group(1)) - stems("my name")
    new = _names(" " + part[m.end():]) or _names(_next_sentence(part, message))
    for memory_id, old in shown.items():
        names = _names(old)
        about_it = about & stems(old) if about else old.startswith("Is called ")  # "my name"
        if memory_id in updates or len(names) != 1 or not about_it or len(new - names) != 1:
            continue
        text = re.sub(rf"\b{re.escape(names.pop())}\b", (new - _names(old)).pop(), old)
        updates[memory_id] = {"memory_id": memory_id, "updated_memory_text": text,
                              "categories": []}
        return True
    return False


def says_got_wrong(part: str) -> bool:
    """The part tells the assistant it has something wrong ("No, you've got it wrong.")."""
    return _GOT_WRONG.search(part) is not None


# The user saying they are about to put something right, and nothing more: "I need to
# correct something I told you previously." (sealed21: kept as a standing preference).
_ABOUT_TO_CORRECT = re.compile(
    r"^\W*(?:(?:so|ok|okay|right|sorry|oh|hey)\W+)?I(?:'d|\s+would)?\s+(?:(?:need|want|have|"
    r"must|like|wish)\s+to|must|should|gotta)\s+(?:correct|fix|clarify|amend|update|change)\s+"
    r"(?:something|a\s+thing|"
    r"one\s+thing|an?\s+(?:error|mistake|detail)|what\s+I\s+(?:told|said\s+to)\s+you)"
    r"(?:\s+(?:I|that\s+I)\s+(?:told|said\s+to|gave)\s+you)?(?:\s+(?:previously|before|"
    r"earlier|last\s+time|the\s+other\s+day))?\W*$"
    # "correction." (sealed48); "ok SLIGHT CORRECTION to what i told you last time." (sealed50:
    # kept as a standing preference)
    r"|^\W*(?:(?:ok|okay|so|right)\W+)?(?:(?:quick|small|slight|tiny|one|a|little)\s+)?"
    r"(?:correction|fix)(?:\s+(?:to|on|about)\s+(?:what|something)\s+(?:i|I)\s+"
    r"(?:told\s+you|said)(?:\s+(?:previously|before|earlier|last\s+time))?)?\W*$", re.I)


def announces_a_correction(part: str) -> bool:
    """The part only says a correction is coming; the parts after it say what."""
    return _ABOUT_TO_CORRECT.match(part.strip()) is not None


def _next_sentence(part: str, message: str) -> str:
    """The sentence of `message` after `part`, from its first word ("" when the part is not
    found in it)."""
    at = message.find(part.strip())
    if at < 0 or not part.strip():
        return ""
    rest = message[at + len(part.strip()):].lstrip(" .!?-:\u2013\u2014")
    end = re.search(r"[.!?](?:\s|$)", rest)
    return rest[:end.end()] if end else rest


# "wait no sorry, Bellinzona!": words that take back what was said, then only a name.
_TAKEN_BACK = re.compile(r"^\W*((?:(?:wait|oh|oops|sorry|no|nope|nah|actually|i\s+mean|"
                         r"i\s+meant|ugh|erm|um|hang\s+on)\W+)+)(\w[\w'\u2019-]*(?:\s+\w[\w'\u2019-]*)"
                         r"{0,2})\W*$", re.I)


def named_instead(part: str, shown: dict[int, str], updates: dict[int, dict[str, Any]],
                  message: str) -> bool:
    """A part that takes back what was said and gives only a name ("wait no sorry,
    Bellinzona!" after "I'm originally from Neuchâtel"): the shown memory with one name takes
    the new one. Which memory: the one whose name the message says again ("Neuchâtel is where
    my sister lives"), or after "I meant" the only shown memory with one name ("oh no, Dave!"
    alone renames nobody). The new version goes in `updates`; True when that happened."""
    m = _TAKEN_BACK.match(part)
    if m is None or not TAKES_BACK.search(m.group(1)) or not all(
            w[:1].isupper() for w in m.group(2).split()):
        return False
    new = m.group(2)
    named = {i: _names(old) for i, old in shown.items() if i not in updates}
    named = {i: n.pop() for i, n in named.items() if len(n) == 1 and new not in n}
    again = [i for i, name in named.items() if re.search(rf"\b{re.escape(name)}\b", message)]
    meant = re.search(r"\bi\s+meant?\b", m.group(1), re.I) and len(named) == 1
    target = again[0] if len(again) == 1 else next(iter(named)) if meant else None
    if target is None:
        return False
    text = re.sub(rf"\b{re.escape(named[target])}\b", new, shown[target])
    updates[target] = {"memory_id": target, "updated_memory_text": text, "categories": []}
    return True


# "it's a degu, not a gerbil": the new word, then the old one after "not".
_INSTEAD = re.compile(r"\b(?!(?:its|it's|is|was|are|were|thats|that's|theyre|they['\u2019]re|he's"
                      r"|she's|we're|you're|i'm)(?!\w))([a-z][a-z'-]{2,}),?\s+"
                      r"not\s+(?:an?\s+|the\s+|my\s+|our\s+)?([a-z][a-z'-]{2,})\b")
# "its not the theremin i play, its the musical saw": the old word first, then the new one in a
# cleft of its own (sealed38 had "its" for the new word: "Plays the its in a band").
# ("they're not chickens, they're ducks" too: sealed53 made it "Keeps they're in the back
# garden")
_BE = r"(?:it(?:['\u2019]?s|\s+is|\s+was)|they(?:['\u2019]?re|\s+are|\s+were))"
_CLEFT_NOT = re.compile(rf"\b{_BE}\s+not\s+(?:(?:the|an?|my)\s+)?"
                        r"(?P<old>[a-z][\w'-]{2,})\b[^.;!?]{0,40}?[,;.]\s*(?:but\s+)?"
                        rf"{_BE}\s+(?:(?:the|an?|my)\s+)?"
                        r"(?P<new>(?:[a-z][\w'-]*\s+){0,2}?[a-z][\w'-]{2,})(?=\s*(?:[.,;!?]|$))",
                        re.I)
# The words between an article and the new word belong to it: "a guinea pig, not a rabbit".
# (a capitalised one too: "the French horn, not the piccolo" had become "Played horn", sealed52)
_MODIFIERS = re.compile(r"\b(?:an?|the|my|our|his|her|their)\s+((?:[A-Za-z][a-z'-]*\s+){1,2})$")
# The same in another language, where `statements.statements` (English) does not read a name:
# "va a Lecce, non a Udine", "à Lyon, pas à Nantes", "in Graz, nicht in Linz". The negators of the
# languages agents/language.py tells apart; one short word (a preposition, an article) may
# come before the old word.
_INSTEAD_ABROAD = re.compile(r"\b(\w[\w'-]{2,}),?\s+(?:non|no|pas|nicht|kein|não|niet|nie|inte|"
                             r"ikke)\s+(?:\w{1,3}\s+)?(\w[\w'-]{2,})\b")


# "it's (the) X (that) I ...": X is what the sentence puts right, however far its ", not Y"
# ("its rooibos i love, not lapsang", sealed26, put "love" in place of "lapsang").
# Of up to three words: "it's the cor anglais I play, not the oboe" (sealed45 put "play" in place
# of "oboe").
_CLEFT = re.compile(r"\bit(?:['\u2019]?s|\s+is|\s+was)\s+(?:(?:the|an?|my)\s+)?"
                    r"((?:[a-z][a-z'-]*\s+){0,2}?[a-z][a-z'-]{2,})\s+(?:that\s+|which\s+)?"
                    r"(?:i|we|my)\b", re.I)


def _new_word(part: str, found: re.Match[str]) -> str:
    """The new word of an English "X, not Y" (`_INSTEAD`): the cleft's X when the sentence is
    one ("its the concertina i play at the folk session, not ..."), else X with the words an
    article puts before it ("a guinea pig, not a rabbit")."""
    if cleft := _CLEFT.search(part[:found.start()]):
        return cleft.group(1)
    if lead := _MODIFIERS.search(part[:found.start()]):
        return lead.group(1) + found.group(1)
    return found.group(1)


# The same between two capitalised words, which `statements` does not put right: "Rambutan
# is a Chartreux not an Abyssinian" (sealed29: the memory became the part as typed).
# One word each: "a Honda Civic, not a Toyota" names a car by two (left to `statements`).
_NAME_INSTEAD = re.compile(r"\b((?-i:[A-Z])[\w'-]{2,}),?\s+not\s+(?:an?\s+|the\s+)?"
                           r"((?-i:[A-Z])[\w'-]{2,})\b(?!\s+(?-i:[A-Z]))")
_NAME_BEFORE = re.compile(r"[A-Z][\w'-]*\s+$")
# The article right before the replaced word: "an Abyssinian" is "a Chartreux".
_AN_A = re.compile(r"\b(an?)(\s+)$", re.I)


def _with_article(before: str, new: str) -> str:
    """`before` (the text up to a replaced word) with its "a"/"an" fitting `new`."""
    m = _AN_A.search(before)
    if m is None:
        return before
    article = "an" if new[:1].lower() in "aeiou" else "a"
    article = article.capitalize() if m.group(1)[0].isupper() else article
    return before[:m.start()] + article + m.group(2)


# A denial, then the same verb of what is so instead: "i dont play the sackbut, i play the
# shawm" (sealed34: the sackbut's band went, and "Plays the shawm." came alone).
_DONT_INSTEAD = re.compile(r"\bi\s+(?:don['\u2019]?t|do\s+not|never)\s+(?P<verb>[a-z]+)\s+"
                           r"(?:(?:the|an?|my)\s+)?(?P<old>[a-z][\w'-]{2,}),?\s+(?:i\s+)?"
                           r"(?P=verb)\s+(?:(?:the|an?|my)\s+)?(?P<new>[a-z][\w'-]{2,})", re.I)


# The old word and the new one said apart, each a fragment of its own, the new one last:
# "correction. not knaresborough. thirsk." (sealed48 kept 'Corrected address to Thirsk').
_NOT_THEN = re.compile(r"\bnot\s+(?:(?:the|an?|my|in|at)\s+)?(?P<old>[a-z][\w'-]{2,})\s*[.,;:!-]+"
                       r"\s*(?:(?:but|its|it['\u2019]s|it\s+is)\s+)?(?:(?:the|an?|in|at)\s+)?"
                       r"(?P<new>[a-z][\w'-]{2,})\s*[.!]*\s*$", re.I)


_APART_ZIPF = 5.0  # "hamster" 3.4, "gerbil" 2.6; not "bad" 5.8, "thanks" 5.6


def said_apart(message: str) -> str | None:
    """The words of a message that put a word right in fragments ("not knaresborough.
    thirsk."), to be read whole: its parts, each read alone, say neither which is new."""
    found = _NOT_THEN.search(message) if language_of(message) in (None, "English") else None
    if found is None or any(zipf_frequency(found.group(g).lower(), "en") >= _APART_ZIPF
                            for g in ("old", "new")):
        return None  # "not bad. thanks": no word put right
    return found.group(0)


def put_right_words(part: str) -> list[tuple[str, str]]:
    """The (new, old) words an English part puts right in so many words: ("salsa", "tango")
    for "correction, its salsa not tango", ("shawm", "sackbut") for "i dont play the sackbut,
    i play the shawm"."""
    if part.rstrip().endswith("?") or language_of(part) not in (None, "English"):
        return []
    return [(_new_word(part, m).split()[-1].lower(), m.group(2).lower())
            for m in _INSTEAD.finditer(part)] + [
        (m.group("new").split()[-1].lower(), m.group("old").lower())
        for m in (*_DONT_INSTEAD.finditer(part), *_CLEFT_NOT.finditer(part))]




def _without_shared_tail(new: str, rest: str) -> str:
    """The new words less those at their end that the memory says right after the old word:
    "baritone horn" in place of "tenor" in "Plays the tenor horn ..." is "baritone" (sealed40
    stored "Plays the baritone horn horn")."""
    words = new.split()
    for k in range(1, len(words)):
        if re.match(rf"\s+{re.escape(' '.join(words[k:]))}\b", rest, re.I):
            return " ".join(words[:k])
    return new


def _folded(word: str) -> str:
    """The word in lower case without its accents ("bodhrán" -> "bodhran")."""
    return "".join(c for c in unicodedata.normalize("NFKD", word.lower())
                   if not unicodedata.combining(c))


def reworded_anyway(part: str, shown: dict[int, str],
                    updates: dict[int, dict[str, Any]], written: str = "") -> bool:
    """A part filed as nothing to keep that says "X, not Y" of a word Y a shown memory says:
    the memory with Y replaced by X becomes its new version ("Oh wait, it's a degu, not a
    gerbil" beside "Is bringing home a gerbil from the shelter"); True when that happened.
    In English, lower-case words only (a name is read by `statements.statements`); in
    another language names too ("Ludovica va a Lecce, non a Udine"). `written`: the memories
    the model wrote for the part; one that says X already is the new version (the part is
    read as usual), unless it says Y too: "Tango classes are not salsa" for "correction, its
    salsa not tango" is no new version of "Has been doing tango classes" (sealed18)."""
    if part.rstrip().endswith("?"):
        return False
    abroad = language_of(part) not in (None, "English")
    said = {w.lower() for w in _WORD.findall(written)}
    pairs = (list(_INSTEAD_ABROAD.finditer(part)) if abroad
             else [*_INSTEAD.finditer(part), *_NAME_INSTEAD.finditer(part),
                   *_DONT_INSTEAD.finditer(part), *_CLEFT_NOT.finditer(part),
                   *_NOT_THEN.finditer(part)])
    for found in pairs:
        new, old_word = found.group(found.re.groupindex.get("new", 1)), found.group(
            found.re.groupindex.get("old", 2))
        if (new.lower() in said and old_word.lower() not in said
                and found.re not in (_DONT_INSTEAD, _CLEFT_NOT, _NOT_THEN)) or (
                found.re is _NAME_INSTEAD and _NAME_BEFORE.search(part[:found.start()])):
            continue
        if not abroad and found.re is _INSTEAD:
            new = _new_word(part, found)
        for memory_id, old in shown.items():
            # Accents aside: "not the bodhran" of "Plays the bodhrán" (sealed23).
            words = {_folded(w) for w in _WORD.findall(old)}
            if (memory_id in updates or _folded(old_word) not in words
                    or _folded(new) in words):
                continue
            at = next((m for m in _WORD.finditer(old) if _folded(m.group(0)) == _folded(old_word)),
                      None)
            if at is None or (found.re is _NAME_INSTEAD
                              and re.match(r"\s+[A-Z]", old[at.end():])):  # "Toyota Corolla"
                continue
            new = _without_shared_tail(new, old[at.end():])  # "baritone horn" for "tenor horn"
            word = new[:1].upper() + new[1:] if at.group(0)[:1].isupper() else new
            if abroad:  # "pas du tir à l'arc": the words after it too, and its article
                text = _put_abroad(old, at, word, part, found)
            else:
                text = (_with_article(old[:at.start()], new) + word
                        + old[_name_end(old, at.end(), part):])
            updates[memory_id] = {"memory_id": memory_id, "updated_memory_text": text,
                                  "categories": []}
            return True
    return not abroad and _moved_anyway(part, shown, updates, said)


_TOKEN = re.compile(r"[\w'\u2019-]+")
# The articles before a word in the languages `_INSTEAD_ABROAD` reads ("du ", "de la "), a
# closed class; not a preposition ("a Lecce") nor a verb ("va a").
_ARTICLE = re.compile(r"(?:\b(?:du|de|la|le|les|l'|des|un|une|el|los|las|una|il|lo|gli|der|die|"
                      r"das|den|dem|ein|eine|del|al|o|os|um|uma)\s+){1,2}$", re.I)


def _put_abroad(old: str, at: re.Match[str], new: str, part: str, found: re.Match[str]) -> str:
    """The memory with the old words the part denies (the old word and those after it in
    both) as the new word, with the article the part gives it: "... je fais du tir à l'arc"
    and "c'est de la plongée, pas du tir à l'arc" -> "... je fais de la plongée" (sealed35 had
    "du plongée à l'arc")."""
    end = at.end()
    for said in _TOKEN.finditer(part, found.end()):
        nxt = _TOKEN.match(old, len(old) - len(old[end:].lstrip()))
        if nxt is None or _folded(nxt.group(0)) != _folded(said.group(0)):
            break
        end = nxt.end()
    before = old[:at.start()]
    theirs = _ARTICLE.search(part[:found.start(1)])
    mine = _ARTICLE.search(before)
    if theirs and mine:
        before = before[:mine.start()] + theirs.group(0)
    return before + new + old[end:]


# A move said of a shown home, the old place named: "no wait sorry, she moved to ragusa last
# yr, siracusa was ages ago lol" beside "Sister Benedikta lives in Siracusa" came as small talk
# and the old home stayed (sealed31).
_MOVED_TO = re.compile(r"\bmoved\s+to\s+([A-Za-z][\w'-]{2,})")
_LIVES_IN = re.compile(r"\blives?\s+in\s+([A-Z][\w'-]+)")


def _moved_anyway(part: str, shown: dict[int, str], updates: dict[int, dict[str, Any]],
                  written: set[str]) -> bool:
    """A shown "... lives in Y" whose place Y the part names, with "moved to X" in it: the
    memory with X for Y becomes its new version; True when that happened. Not when a memory
    the model wrote (`written`: its words) says X: the part is read as usual."""
    said = {_folded(w) for w in _WORD.findall(part)}
    for moved in _MOVED_TO.finditer(part):
        new = moved.group(1)
        if new.lower() in written:
            continue
        for memory_id, old in shown.items():
            home = _LIVES_IN.search(old)
            if (memory_id in updates or home is None or _folded(home.group(1)) not in said
                    or _folded(home.group(1)) == _folded(new)):
                continue
            text = old[:home.start(1)] + new[:1].upper() + new[1:] + old[home.end(1):]
            updates[memory_id] = {"memory_id": memory_id, "updated_memory_text": text,
                                  "categories": []}
            return True
    return False


_NEXT_WORD = re.compile(r"\s+([^\W\d_][\w'-]*)")


def _name_end(old: str, at: int, part: str) -> int:
    """Where the name a replaced word begins in `old` ends: rare words after it that the part
    does not say go with it ("lapsang souchong" for "its rooibos i love, not lapsang": not
    "Favourite tea is rooibos souchong"). A common word ends it ("gerbil from the shelter")."""
    said = {w.lower() for w in _WORD.findall(part)}
    while (m := _NEXT_WORD.match(old, at)) and _rare(m.group(1)) and m.group(1).lower() not in said:
        at = m.end()
    return at


def renumbered(text: str, shown: dict[int, str], taken: dict[int, Any]) -> int | None:
    """The shown memory that says the same as `text` with another number ("Daughter Mia is
    6" for "Daughter Mia is 7"): the new one is its new version, not a second memory. Same
    words apart from the numbers, or at least two of them shared and nothing of the shorter
    one left out."""
    new = _numbered(text)
    if not _numbers(new):
        return None
    for memory_id, old_text in shown.items():
        old = _numbered(old_text)
        if memory_id in taken or not _numbers(old) or _numbers(old) == _numbers(new):
            continue
        a, b = new - _numbers(new), old - _numbers(old)
        shared = a & b
        if shared and (a == b or (len(shared) >= 2 and shared in (a, b))):
            return memory_id
    return None


_CAPITAL = re.compile(r"\b[A-Z][\w'-]*")
_NOT_NAMES = {"I", "We", "They", "He", "She", "It", "The", "A", "An", "My", "Our", "Their",
              *(w.capitalize() for w in (*WEEKDAYS, *MONTHS))}


def _names(text: str) -> set[str]:
    """The capitalised words after the first (which any memory has), but days and months."""
    return {m.group(0) for m in _CAPITAL.finditer(text) if m.start() > 0} - _NOT_NAMES
