"""Corrections the memory agent's sorted parts imply, found in code (chatbot.agents.parts).

The small model files a correction in many ways: as a new fact beside the memory it replaces
("Drives a Honda Civic" beside "Drives a Toyota"), as small talk ("Lena is seven, not six"), or
as a verdict on a shown memory with the new version elsewhere. Each function here reads one of
those from the words and numbers the part and the shown memories share, and turns it into an
update of the shown memory. A value put right in so many words ("X, not Y", "you've got my
sister's name wrong - she's Sunniva") is read in chatbot.agents.put_right.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from chatbot.agents.casual import with_apostrophes
from chatbot.agents.guards import said_in, stems
from chatbot.agents.parts import NEGATION, TAKES_BACK_WORDS, TELLING
from chatbot.agents.put_right import _names, renumbered
from chatbot.memory.anchors import anchors
from chatbot.memory.timewords import MONTHS, WEEKDAYS

# How close a new fact must be to a memory said to have changed to become its new version.
PAIR_MIN = 0.35
# Below this, a memory and the message share no topic (MiniLM: "forget everything about
# Benedikt ..." and "Works as a dog groomer" 0.04; "I sold my car" and "Drives a Honda Civic"
# 0.23).
RELATED_MIN = 0.12
_WORD = re.compile(r"[^\W_]+")
_CLAUSE = re.compile(r"[,;]\s*")


def new_words(text: str, old: str) -> bool:
    return bool(set(_WORD.findall(text.lower())) - set(_WORD.findall(old.lower())))


def corrected(part: str, found: list[tuple[str, list[str], Any]], shown: dict[int, str],
               taken: dict[int, Any]) -> int | None:
    """The shown memory this part corrects without saying so: the part repeats a word of it
    (its old value: "my car is a Honda, not a Toyota") that none of the part's new memories
    keeps ("Drives a Honda Civic"). A new memory that still says it ("Son Max loves chess"
    beside "Has a son called Max") adds to the old one instead."""
    if not found or any(target is not None for _, _, target in found):
        return None
    if (other_day := _on_another_day(part, found, shown, taken)) is not None:
        return other_day
    # An old value is denied or taken back ("..., not a Toyota"); a word of a memory said in
    # passing is not: "the piccolo is my brother Aled's instrument, and he's the one who
    # talked me into joining" had put right "Joined the Saltaire wind band" (sealed52).
    if not (NEGATION.search(with_apostrophes(part)) or _TAKES_BACK.search(part)
            or _CHANGED.search(part)):
        return None
    said, kept = stems(part), set().union(*(stems(t) for t, _, _ in found))
    best: tuple[int, int] | None = None
    for memory_id, old in shown.items():
        dropped = [w for w in stems(old) & said if not said_in(w, kept)]
        if dropped and _only_its_subject(part, dropped, kept):
            continue
        if memory_id not in taken and dropped and (best is None or len(dropped) > best[0]):
            best = (len(dropped), memory_id)
    return best[1] if best else None


# A change said as one: "Quick correction: I switched from law to geology".
_CHANGED = re.compile(r"\bcorrect(?:ion|ed)?\b|\bfrom\s+(?:\w+\s+){0,2}?to\b", re.I)


# Words that take back what was said ("wait no its wensdays", sealed30: the model wrote the
# group's Wednesday as a second memory beside its Tuesday).
_TAKES_BACK = re.compile(rf"\b(?:{TAKES_BACK_WORDS}|wait)\b", re.I)
_ASIDE_WORDS = {"their", "the", "a", "an", "on", "every", "each"}


def _on_another_day(part: str, found: list[tuple[str, list[str], Any]], shown: dict[int, str],
                    taken: dict[int, Any]) -> int | None:
    """The shown memory a part that takes something back says again with another weekday (or
    month): its words the same but for the day."""
    if not _TAKES_BACK.search(part):
        return None
    for text, _, _ in found:
        words = {w.lower() for w in _WORD.findall(text)} - _ASIDE_WORDS
        days = {w for w in words if w in WEEKDAYS or w in MONTHS}
        for memory_id, old in shown.items():
            was = {w.lower() for w in _WORD.findall(old)} - _ASIDE_WORDS
            old_days = {w for w in was if w in WEEKDAYS or w in MONTHS}
            if (memory_id not in taken and days and old_days and days != old_days
                    and words - days == was - old_days):
                return memory_id
    return None


# What the user says the assistant has on record, to dispute it: "you've got him down as a
# snake", "you have me as a vegetarian", "you wrote Lyon as my home". The shown memory that
# says that word is the one the message corrects, whichever part says what is so instead.
_ON_RECORD = re.compile(r"\byou(?:(?:'ve|'d|\s+have|\s+had)\s+(?:got\s+)?|\s+(?:got|put|wrote|"
                        r"listed|saved|noted|recorded|stored|filed)\s+)(?:[\w'-]+\s+){0,3}?"
                        r"(?:down\s+)?as\s+(?:an?\s+|the\s+)?([\w'-]+)", re.I)


def disputed(part: str, shown: dict[int, str], taken: dict[int, Any]) -> int | None:
    """The shown memory a part says the assistant has wrong (`_ON_RECORD`): "Wojtek would be
    mortally offended to hear you've got him down as a snake." beside "Has a corn snake
    called Wojtek". The new fact the message gives ("He's a terrapin") is its new version."""
    if (m := _ON_RECORD.search(part)) is None:
        return None
    word = stems(m.group(1))
    return next((i for i, old in shown.items() if i not in taken and word & stems(old)), None)


def as_disputed(found: list[tuple[str, list[str], Any]], wrong: int, shown: dict[int, str],
                message: str, similarity: Callable[[str, str], float] | None,
                ) -> list[tuple[str, list[str], Any]]:
    """The part's memories with the one closest to the memory the message disputes made its
    new version, led by the name the old memory and the message say if it lost it ("He's a
    terrapin" for "Has a corn snake called Wojtek": "Wojtek: He's a terrapin")."""
    names = sorted(n for n in _names(shown[wrong]) if n in _WORD.findall(message))
    return [(t if r is None or not names or set(names) & set(_WORD.findall(t))
             else f"{names[0]}: {t}", c, r)
            for t, c, r in as_correction(found, wrong, shown[wrong], similarity)]


def _only_its_subject(part: str, dropped: list[str], kept: set[str]) -> bool:
    """Every word the memories dropped comes before all that they kept, in a clause with no
    negation: who the part is about, left out, not an old value replaced ("Sheldon loves
    strawberries" as "Loves strawberries" beside "Tortoise Sheldon is 40 years old"). An old
    value comes after the new one ("a Honda Civic, not a Toyota"), is denied ("I'm not an
    accountant any more, I became a pilot"), or comes after "I" ("I switched from law to
    geology")."""
    words = _WORD.findall(part)
    at = [n for n, w in enumerate(words) if stems(w) and said_in(next(iter(stems(w))), kept)]
    if not at:
        return False
    if "I" in words[:at[0]]:  # "I switched from law to geology": the user is the subject
        return False
    lead = stems(" ".join(words[:at[0]]))
    return (all(said_in(w, lead) for w in dropped)
            and not any(anchors(c).negations for c in _CLAUSE.split(part)
                        if stems(c) & set(dropped)))


def denied_copy(text: str, cats: list[str], target: Any, part: str, shown: dict[int, str],
                 updates: dict[int, Any]) -> tuple[str, list[str], Any]:
    """A memory of a part that denies a word of a shown memory and says something new is
    that memory's new version: "I need to correct something: Ziggy is actually a
    salamander, not a lizard." came filed as how to reply, once as the shown "Lizard Ziggy
    loves crickets" word for word, once as the part itself, and the lizard stayed. The
    denied word comes after the negation ("not a lizard", "I don't live in Salzburg"); a
    word before it is what the part is about ("My dog doesn't like rain" does not correct
    "Has a dog named Rex"), and the memory must share a word with the shown one. A memory
    that only repeats the shown one becomes the part (after a colon, if it has one)."""
    if target is not None:
        return text, cats, target
    said, own = stems(part), stems(text)
    for memory_id, old in shown.items():
        before = stems(old)
        if (memory_id in updates or not said - before or not own & before
                or not any(_denies(c, before) for c in _CLAUSE.split(part))):
            continue
        if not own - before:  # a copy of the shown memory
            text = part.split(":", 1)[-1].strip()
        return text, cats, memory_id
    return text, cats, target


def _denies(clause: str, words: set[str]) -> bool:
    """The clause says one of the words after a negation ("..., not a lizard"); not after a
    lead-in about the telling ("not sure if i mentioned it but i do zumba ...", sealed24:
    it had become the zumba memory's new version, lead-in and all)."""
    clause = TELLING.sub("", clause)
    negation = NEGATION.search(clause)
    return negation is not None and bool(stems(clause[negation.end():]) & words)


# Where the user lives is one place: "Moved to Haarlem on 12 March 2024" (or "Moved from Lisbon
# to Porto") is the new version of a shown "Lives in Szeged". The memory agent's wording of a
# home ("Lives in ...") and of a move to a named place (a capitalised word after "to").
_MOVED = re.compile(r"^(?:Has\s+)?(?:just\s+|finally\s+|recently\s+)?(?i:moved|relocated)\s+"
                    r"(?:back\s+)?(?:from\s+[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?\s+)?"
                    r"(?:to|into)\s+(?:[a-z]+\s+){0,3}?([A-Z][\w'-]+)")
# (a home said by renting it too: "Has been renting the flat above the chip shop on Fore Street
# in Redruth for three years now", sealed54: kept beside the move to Penzance)
_LIVES = re.compile(r"^(?:Lives\s+in|(?:Is|Has\s+been)\s+(?:living|renting)|Rents)\b")
# A home in a named place: "Lives in Logroño" beside a shown "Lives in Huelva" is its new version.
_LIVES_IN = re.compile(r"^(?:Now\s+|Currently\s+)?(?i:lives)\s+in\s+(?:[a-z]+\s+){0,2}?"
                       r"([A-Z][\w'\u2019-]+)")


# Someone of the user's who moved: "Sister Benedikta moved to Ragusa last year" beside a shown
# "Sister Benedikta lives in Siracusa" (sealed31: both were kept). Who leads both alike.
_THEY_MOVED = re.compile(r"^(\S.*?)\s+(?:has\s+)?(?:just\s+|finally\s+|recently\s+)?(?:moved|"
                         r"relocated)\s+(?:back\s+)?(?:to|into)\s+(?:[a-z]+\s+){0,3}?([A-Z][\w'-]+)")


def moved_from(text: str, shown: dict[int, str], taken: dict[int, Any]) -> int | None:
    """The shown home a move to another named place replaces (`_MOVED`, `_LIVES`), or a home
    in another named place does (`_LIVES_IN`); someone's move the home of the same someone
    (`_THEY_MOVED`)."""
    if (they := _THEY_MOVED.match(text.strip())) is not None and not _MOVED.match(text.strip()):
        who, place = they.group(1), they.group(2).lower()
        lives = re.compile(rf"^{re.escape(who)}\s+lives\s+in\b", re.I)
        return next((i for i, old in shown.items() if i not in taken and lives.match(old)
                     and place not in _words(old)), None)
    if (m := _MOVED.match(text.strip()) or _LIVES_IN.match(text.strip())) is None:
        return None
    place = m.group(1).lower()
    return next((i for i, old in shown.items() if i not in taken and _LIVES.match(old)
                 and place not in _words(old)), None)


# What the user works as is one job, as where they live is one place: a new "Works as a
# steeplejack" (or "Started working as", "Is training as", "Got a new job as") is the new
# version of a shown "Works as a gamekeeper", unless it says it is a second one.
_NEW_JOB = re.compile(r"^(?:(?:now|currently)\s+)?(?:works|is\s+working|started\s+working|"
                      r"has\s+started\s+working|is\s+training|trains|started\s+training|"
                      r"got\s+a\s+(?:new\s+)?job|has\s+a\s+new\s+job|is\s+employed)\s+as\b", re.I)
_JOB = re.compile(r"^(?:works|is\s+working|is\s+employed)\s+as\b", re.I)
_SECOND = re.compile(r"\b(?:also|too|as\s+well|second|side|part-time|besides|alongside)\b", re.I)


def new_job_for(text: str, shown: dict[int, str], taken: dict[int, Any]) -> int | None:
    """The shown job a new one replaces (`_NEW_JOB`, `_JOB`)."""
    if not _NEW_JOB.match(text.strip()) or _SECOND.search(text):
        return None
    return next((i for i, old in shown.items() if i not in taken and _JOB.match(old.strip())
                 and new_words(text, old)), None)


def about_an_old_value(text: str, shown: dict[int, str],
                       updates: dict[int, dict[str, Any]]) -> bool:
    """A new fact about what this message replaced: "We drove out of Asheville on 10 March
    2024" beside "Lives in Asheville" updated to "Moved to Yellowknife". Its names
    (capitalised words, not a day, a month or a leading pronoun) are all names the old text
    had and the new one has not, or its first word is such a word of the old text."""
    said = _names(text)
    first = _WORD.findall(text.lower())[:1]
    for i, update in updates.items():
        new = str(update.get("updated_memory_text", ""))
        gone = _names(shown.get(i, "")) - _names(new)
        if said and gone and said <= gone:
            return True
        # ... or is about the old value, which leads it: "Flugelhorn is brass" beside "Plays
        # the flugelhorn in a band" corrected to the sousaphone (not the old text's verb).
        words = _WORD.findall(shown.get(i, "").lower())
        if first and first[0] in set(words[1:]) - _words(new) and len(first[0]) > 3:
            return True
    return False


def replaced_by(text: str, shown: dict[int, str], taken: dict[int, Any]) -> int | None:
    """The shown memory a new fact is the new version of: the home a move leaves, the job a
    new one leaves, or the same words with another number."""
    for found in (moved_from(text, shown, taken), new_job_for(text, shown, taken)):
        if found is not None:
            return found
    return renumbered(text, shown, taken)


def as_correction(found: list[tuple[str, list[str], Any]], old_id: int, old: str,
                   similarity: Callable[[str, str], float] | None,
                   ) -> list[tuple[str, list[str], Any]]:
    """The part's memories with the one closest to the old memory made its new version."""
    scores = [similarity(t, old) if similarity else 0.0 for t, _, _ in found]
    pick = scores.index(max(scores))
    return [(t, c, old_id if n == pick else r) for n, (t, c, r) in enumerate(found)]


def review(verdicts: Any, ids: list[int], shown: dict[int, str], facts: list[dict[str, Any]],
           updates: dict[int, dict[str, Any]], removes: list[int],
           similarity: Callable[[str, str], float] | None) -> None:
    """Apply the model's verdicts on the closest shown memories (one per id of `ids`, in
    order): a changed one becomes the new fact closest to it (if one is close enough); one no
    longer true, with no new version, is deleted. A request to the assistant (`request`: a
    part filed as how to reply that says "you", "please" or "?") is no new version of a memory
    a forget part removes or the review says is no longer true: "can you delete the bit about
    me learning to juggle?" names what it removes, so it is close to it, and became its new
    text. "Rolo is my cat" filed as how to reply still is the dog's new version."""
    for memory_id, verdict in zip(ids, verdicts if isinstance(verdicts, list) else [],
                                  strict=False):
        now = verdict.get("now") if isinstance(verdict, dict) else None
        if memory_id in updates or now not in ("changed", "no_longer_true"):
            continue
        old = shown.get(memory_id, "")
        close = ([(similarity(f["text"], old), n) for n, f in enumerate(facts)
                  if f["kind"] == "fact" and new_words(f["text"], old)
                  and not (f.get("request") and (memory_id in removes or now != "changed"))]
                 if similarity else [])
        best = max(close, default=(0.0, -1))
        if best[0] >= PAIR_MIN:
            fact = facts.pop(best[1])
            updates[memory_id] = {"memory_id": memory_id, "updated_memory_text": fact["text"],
                                  "categories": fact["categories"]}
        elif now == "no_longer_true":
            removes.append(memory_id)


def denies_shown(name: str, part: str, memories: str, shown: dict[int, str],
                 names: set[str]) -> bool:
    """The name the memories left out is the old value the part denies of a shown memory,
    and the memories keep the new one: "I don't live in Salzburg, I live in Innsbruck" as
    "Lives in Innsbruck" beside a shown "Lives in Salzburg". The clause that says the name
    is negated (anchors' closed class of negators), a shown memory names it, and the
    memories name another of the part's names. Then it is a correction (see `corrected`),
    not a memory that lost who it is about. `names`: the part's names (people, places)."""
    clause = next((c for c in _CLAUSE.split(part) if name in _WORD.findall(c)), "")
    if not clause or anchors(clause).negations == 0:
        return False
    if not any(said_in(name.lower(), _words(text)) for text in shown.values()):
        return False
    kept = _words(memories)
    return any(w.lower() in kept for w in names if w != name)


def _words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text)}


def spoken_of(removes: list[int], shown: dict[int, str], message: str,
              similarity: Callable[[str, str], float] | None) -> list[int]:
    """The removals the message speaks of. Where it names what it removes (a word of one of
    them), a removal that shares no word with it and no topic (`RELATED_MIN`) is the model's
    overreach: "Can you forget everything about Benedikt? We've split up" removed the
    boyfriend and the user's own job as a dog groomer. A message that names none ("forget
    that") keeps them all."""
    said = stems(message)
    if not any(stems(shown.get(i, "")) & said for i in removes):
        return removes
    # A name the message says and a removal holds is what it is about: nothing else goes by
    # topic alone ("scrub whatever you've got about my ex Jolanda? ... I don't want that
    # sitting in your memory" also removed "Lives in Colmar").
    names = {w.lower() for w in _names(message)}
    named = any(names & _words(shown.get(i, "")) for i in removes)
    return [i for i in removes if stems(shown.get(i, "")) & said or (
        not named and similarity is not None
        and similarity(message, shown.get(i, "")) >= RELATED_MIN)]
