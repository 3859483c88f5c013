"""A word taken back for another in lower case ("no wait sorry i meant the xylophone lol, the
banjo is her cousin", "i meant july!! june is the stag do"), read on the whole message: the
shown memory holding the old word gets the new one. Moved out of agents/put_right.py (no
behaviour change; chatbot.agents.part_calls reads the message with it before its parts).
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from chatbot.agents.guards import stems
from chatbot.agents.parts import TAKES_BACK_WORDS
from chatbot.agents.put_right import _WORD, _folded, _with_article
from chatbot.agents.rare_words import _rare
from chatbot.memory.timeparse import UNTIL_WORDS, find_span
from chatbot.memory.timewords import MONTHS, WEEKDAYS

# "i meant the xylophone": a word taken back for a new one, in lower case (a name is read by
# `named_instead`). "no wait sorry i meant the xylophone lol, the banjo is her cousin" beside
# "... she's got a solo on the banjo" was kept as "Daughters' school concert is tomorrow", the
# solo lost (sealed35).
_MEANT = re.compile(r"\bi\s+meant?\s+(?:the\s+|an?\s+|my\s+)?((?-i:[a-z])[\w'-]{2,})\b", re.I)
_TAKE_BACK_BEFORE = re.compile(r"\b(?:no\s+wait|wait|sorry|oops|no|nope|nah)\W*$", re.I)
_MEANT_ZIPF = 5.0  # the old word the part says again is no common one ("the", "is", "kids")


def _same_kind(old: str, new: str) -> bool:
    """Both words are months, or both weekdays ("i meant july!! june is the stag do")."""
    return any(old.lower() in names and new.lower() in names for names in (MONTHS, WEEKDAYS))


def meant_instead(part: str, shown: dict[int, str], updates: dict[int, dict[str, Any]]) -> bool:
    """The shown memory holding the one uncommon word the part says again, with it replaced by
    the word the part meant: "... a solo on the banjo" -> "... a solo on the xylophone"."""
    meant = _MEANT.search(part)
    if meant is None:  # ("i meant" is itself a take-back: no other word is needed)
        return False
    if not re.match(r"\s*i\s+meant\b", meant.group(0), re.I) and not _TAKE_BACK_BEFORE.search(
            part[:meant.start()]):
        # "i mean" alone is a filler: "now im a lighthouse keeper?? i mean technically
        # assistant keeper" (sealed44 made "Works as a bank teller" "... a bank technically")
        return False
    new = meant.group(1)
    again = {w.lower() for w in _WORD.findall(part[meant.end():] + " " + part[:meant.start()])}
    if new.lower() in again:
        return False  # "sorry i meant tuesday, the dentist is tuesday": said of something else
    for memory_id, old in shown.items():
        if memory_id in updates or _folded(new) in {_folded(w) for w in _WORD.findall(old)}:
            continue
        olds = [m for m in _WORD.finditer(old)
                if m.group(0).lower() in again and (_rare(m.group(0), below=_MEANT_ZIPF)
                                                    or _same_kind(m.group(0), new))]
        if len({m.group(0).lower() for m in olds}) != 1:
            continue
        at = olds[-1]
        word = new[:1].upper() + new[1:] if at.group(0)[:1].isupper() else new  # "July"
        updates[memory_id] = {"memory_id": memory_id, "categories": [],
                              "updated_memory_text": _with_article(old[:at.start()], new) + word
                              + old[at.end():]}
        return True
    return False


# "... on the lake ferry now... no wait i meant the river ferry not the lake one": a word the
# same message said a moment before, taken back. The new word, the word after it, and the old
# word when the take-back names it ("not the lake one").
_MEANT_PHRASE = re.compile(r"\bi\s+meant?\s+(?:the\s+|an?\s+|my\s+)?([\w'-]{2,})(?:\s+([\w'-]+))?"
                           r"(?:[^.!?,]{0,40}?\bnot\s+(?:the\s+|an?\s+|my\s+)?([\w'-]{2,}))?",
                           re.I)
# The take-back's lead: "no wait", "sorry", "oops", at most three words before "i meant".
_LEAD = re.compile(rf"(?:[\s,.!-]*\b(?:{TAKES_BACK_WORDS}|wait|hang\s+on|lol|haha|ugh)\b)*"
                   r"[\s,.!-]*$", re.I)


# A number or a name taken back for another with no "i meant": "shes 7 - no wait 8!!" (sealed39
# kept "she's 7 - no wait 8!!" as said).
_NO_WAIT = re.compile(r"\b(?P<old>\d+|(?-i:[A-Z])[\w'-]+)\s*[-,.!]*\s*(?:no\s+wait|wait\s+no|sorry|"
                      r"i\s+mean|or\s+rather)\s*[,!.-]*\s*(?P<new>\d+|(?-i:[A-Z])[\w'-]+)\b",
                      re.I)


# A word taken back by saying it again after "not": "a hotel in bath— sorry not bath, wells."
# (sealed42 kept "... in bath— sorry not bath"). Typed in lower case too: the word said twice
# is the one taken back.
_NOT_AGAIN = re.compile(r"\b(?P<old>[\w'-]+)\s*[-\u2013\u2014,.!]*\s*(?:(?:sorry|oops|no\s+wait|"
                        r"wait|i\s+mean)\s*[,!.-]*\s*)?not\s+(?P=old)\s*[-\u2013\u2014,:]+\s*"
                        r"(?:its\s+|it's\s+)?(?P<new>[\w'-]+)\b", re.I)


def _no_wait(text: str) -> re.Match[str] | None:
    """`_NO_WAIT` with both words numbers, or both names; else `_NOT_AGAIN`."""
    m = _NO_WAIT.search(text)
    if m and m.group("old").isdigit() == m.group("new").isdigit():
        return m
    return _NOT_AGAIN.search(text)


def _cut(part: str) -> tuple[str, str] | None:
    """The part before its take-back (its lead left out) and after it, or None."""
    if meant := _MEANT_PHRASE.search(part):
        before = part[:meant.start()]
        return before[:_LEAD.search(before).start()], part[meant.end():]
    if m := _no_wait(part):
        return part[:m.end("old")], part[m.end("new"):]
    return None


def _taken(message: str) -> tuple[str, str] | None:
    meant = _MEANT_PHRASE.search(message)
    if meant is None and (m := _no_wait(message)) is not None:
        old = m.group("old")  # not "Hi" in "Hi. Sorry Anna, ..."
        return (old, m.group("new")) if old.isdigit() or _rare(old, below=_MEANT_ZIPF) else None
    if meant is None:
        return None
    new, after, old = meant.group(1), meant.group(2), meant.group(3)
    before = message[:meant.start()]
    said = [w.lower() for w in _WORD.findall(before)]
    if old is None and after is not None:
        olds = {said[n - 1] for n, w in enumerate(said)
                if n and w == after.lower() and said[n - 1] != new.lower()}
        old = olds.pop() if len(olds) == 1 else None
    if old is None and new[:1].isupper():
        # "... in Isafjordur no wait i meant Stromness": a name put in place of the name said
        # right before the take-back (sealed38 kept the sentence as typed).
        last = _WORD.findall(before[:_LEAD.search(before).start()])[-1:]
        old = last[0] if last and last[0][:1].isupper() else None
    if (old is None or old.lower() == new.lower() or old.lower() not in said
            or not (old.isdigit() or _rare(old, below=_MEANT_ZIPF))):
        return None  # not "was" in "it was great, i mean really great"
    return old, new


def taken_back(message: str) -> tuple[str, str] | None:
    """(old word, new word) when the message takes back a word it said itself before "i
    meant": the word "not" names ("i meant the river ferry not the lake one"), else the word
    said before the same next word ("the lake ferry" ... "i meant the river ferry"), else for
    a name the name said right before the take-back ("in Isafjordur no wait i meant
    Stromness"). None when the old word is not in the message before the take-back (then it
    is a shown memory's: `meant_instead`)."""
    return _taken(message)


def with_word_back(text: str, old: str, new: str) -> str:
    """The text with the old word, whole, replaced by the new one (capitalised where it was)."""
    return re.sub(rf"\b{re.escape(old)}\b",
                  lambda m: new[:1].upper() + new[1:] if m.group(0)[:1].isupper() else new,
                  text, flags=re.I)


# A date taken back for a later one: "my sister henrikkes wedding is next saturday, no wait the
# one after that, the 30th" (sealed40 kept "... on 16 March 2024, no wait the one after that").
# (or a bare "no" after a dash or a comma: "minding her venus flytrap until tuesday - no,
# wednesday", sealed50 kept "until 19 March 2024 - no, wednesday ...")
_BACK = re.compile(r"[,;.!]*\s*\b(?:no\s+wait|wait\s+no|sorry|i\s+mean|or\s+rather)\b"
                   r"|\s*[-\u2013\u2014,]\s*(?:no|nope|nah)\b", re.I)
_ONLY_BACK = re.compile(r"^\W*(?:no|nope|nah|wait|sorry|i\s+mean)\b\W*(?:\w+\W*){0,2}$", re.I)
_AFTER_REACH = 60  # characters after the take-back the new date is looked for in
_SENTENCE_END = re.compile(r"[.;!?]|\s+and\s+|[\u2600-\u27bf\U0001f000-\U0001faff]")
_DAY_ALONE = re.compile(r"(?<!on )(?<!by )\b(the\s+\d{1,2}(?:st|nd|rd|th))\b", re.I)


def _date_taken(text: str, day: date | None) -> tuple[str, str, int, int] | None:
    """(old phrase, new phrase, start, end of what the take-back spans) when the text takes a
    date it has just said back for another, else None."""
    m = _BACK.search(text) if day is not None else None
    if m is None:
        return None
    before = text[:m.start()]
    after = _SENTENCE_END.split(text[m.end():m.end() + _AFTER_REACH])[0]
    # "the 30th" said alone is a day of the month as "on the 30th" is
    read = _DAY_ALONE.sub(r"on \1", after)
    old, new = find_span(before, day), find_span(read, day)
    if old is None or new is None or not before.rstrip(" ,").lower().endswith(old.phrase.lower()):
        return None
    start = before.lower().rindex(old.phrase.lower())
    last = _WORD.findall(new.phrase)[-1].lower()  # where the new date ends in the text as said
    ends = [w.end() for w in _WORD.finditer(after) if w.group(0).lower() == last]
    # the word that led the old date leads the new one: "until tuesday - no, wednesday"
    lead, phrase = old.phrase.split()[0], new.phrase
    if lead.lower() in UNTIL_WORDS and phrase.split()[0].lower() not in UNTIL_WORDS:
        phrase = f"{lead} {phrase}"
    return old.phrase, phrase, start, m.end() + ends[0] if ends else m.end()


def _with_date_back(text: str, old: str, new: str, day: date | None) -> str:
    if (cut := _date_taken(text, day)) is not None:
        return text[:cut[2]] + cut[1] + text[cut[3]:]
    return re.sub(re.escape(old), new, text, flags=re.I)


def with_taken_back(entries: Any, message: str, day: date | None = None) -> tuple[Any, bool]:
    """The model's parts with a word the message took back replaced (`taken_back`) where it was
    said before the take-back, the take-back itself cut out of its part (a part that is only
    the take-back is left out), and the memories replaced too unless one already says the new
    word; and whether there was a take-back. sealed37 kept "... a deckhand on the lake ferry
    now..." and made the shown "Works as a stagehand" "Works as a river"."""
    if not isinstance(entries, list):
        return entries, False
    if (dated := _date_taken(message, day)) is not None:
        # (a memory that is only the take-back goes: "No, Wednesday", sealed50)
        return [{**e, "part": _with_date_back(str(e.get("part") or ""), *dated[:2], day),
                 "memories": [{**m, "memory": _with_date_back(str(m.get("memory") or ""),
                                                              *dated[:2], day)}
                              if isinstance(m, dict) else m for m in e.get("memories") or []
                              if not (isinstance(m, dict) and _ONLY_BACK.match(
                                  str(m.get("memory") or "")))]}
                if isinstance(e, dict) else e for e in entries], True
    taken = _taken(message)
    if taken is None:
        retracted = [_without_retracted(e) if isinstance(e, dict) else e for e in entries]
        return retracted, retracted != entries
    old, new = taken
    out = []
    for entry in entries:
        if not isinstance(entry, dict):
            out.append(entry)
            continue
        part = str(entry.get("part") or "")
        if cut := _cut(part):
            before, after = cut
            if len(_WORD.findall(before)) < 3:
                continue  # "no wait i meant the river ferry not the lake one."
            part = with_word_back(before, old, new) + after
        else:
            part = with_word_back(part, old, new)
        entry = {**entry, "part": part}
        memories = entry.get("memories")
        if isinstance(memories, list) and not any(
                isinstance(m, dict) and re.search(rf"\b{re.escape(new)}\b", str(m.get("memory")),
                                                  re.I) for m in memories):
            entry["memories"] = [{**m, "memory": with_word_back(str(m.get("memory") or ""),
                                                                 old, new)}
                                 if isinstance(m, dict) else m for m in memories]
        out.append(entry)
    return out, True


# A whole clause taken back, then what is so: "She lives in Pickering, no wait, sorry, she moved
# last year, she's in Bridlington now." (sealed53 kept "... lives in Pickering, no wait, sorry"
# beside Bridlington).
_RETRACTED = re.compile(r"^(?P<gone>[^,;.!?]{3,}?)[,;.]\s*(?:(?:no\s+wait|wait\s+no|no\s+sorry|"
                        r"sorry|actually|scratch\s+that|i\s+mean)[,;.!]*\s*)+(?=\S)", re.I)
_RETRACTED_REST = 3  # words what is so instead says, at least


def _without_retracted(entry: dict[str, Any]) -> dict[str, Any]:
    """The entry's part from what is so on, and without its memories of the clause taken
    back (a word only that clause says)."""
    part = str(entry.get("part") or "")
    if (m := _RETRACTED.match(part)) is None or len(
            _WORD.findall(rest := part[m.end():])) < _RETRACTED_REST:
        return entry
    gone = stems(m.group("gone")) - stems(rest)
    memories = [x for x in entry.get("memories") or []
                if not (isinstance(x, dict) and stems(str(x.get("memory") or "")) & gone)]
    return {**entry, "part": rest, "memories": memories}
