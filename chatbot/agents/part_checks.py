"""Checks on one sorted part's entries that chatbot.agents.part_calls applies while it turns
the memory agent's reply into tool calls: a memory that says only a verb and when, a new
version aimed at the wrong memory, a part in another language filed as nothing, a model
memory that only copies a shown one. (Who a memory about "she" or "he" is of: agents/owners.py.)
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from wordfreq import zipf_frequency

from chatbot.agents.corrections import moved_from, new_words, replaced_by
from chatbot.agents.forgets import asks_to_forget, named_before, named_in
from chatbot.agents.guards import FIRST_PERSON, stems
from chatbot.agents.language import LANGUAGES, language_of
from chatbot.agents.parts import _WORD, NEGATION, TELLING, _proper_names
from chatbot.agents.rare_words import _lower_words, _rare
from chatbot.agents.referents import with_referents
from chatbot.agents.reply_requests import asks_not_to_keep
from chatbot.agents.statements import LEAD_IN, without_lead_in
from chatbot.agents.wording import (
    leads_in_first_person,
)
from chatbot.memory.timeparse import find_span
from chatbot.memory.timewords import days_and_numbers


def with_what(text: str, facts: list[dict[str, Any]], day: date | None) -> str:
    """A memory that is only a verb and when ("Starts on the 1st" for "i start on the 1st"),
    led by what it is about, the fact kept just before it in the message: "Job at the
    observatory: starts on the 1st" after "guess who got the job at the observatory!!".
    Alone, it said nothing of what starts (sealed19). Not after a fact with a date of its
    own: "Leaves next week" after "Will take the exam next Monday" is no part of the exam."""
    today = day or date.today()
    span = find_span(text, today)
    if span is None or not facts or find_span(facts[-1]["text"], today) is not None:
        return text  # a fact before it with its own date is another ("I leave next week")
    rest = text.replace(span.phrase, " ")
    if len(stems(rest)) != 1 or _proper_names(rest):
        return text
    return f"{facts[-1]['text']}: {text[:1].lower() + text[1:]}"


def off_target(text: str, target: Any, part: str, shown: dict[int, str],
                unchanged: set[int]) -> bool:
    """The memory the model says `text` replaces is one its own review calls unchanged, and
    neither the text nor the part shares a word with it: "Daughter is Gunnhild" came as the
    new version of "Works as an auditor" beside "Has a daughter called Sigrid" reviewed as
    no longer true (sealed19), and the job was lost."""
    # Or the text only copies it and the part says nothing of it: "Lives in Pärnu" as the new
    # version of itself for "since february i drive the zamboni ..." (sealed29).
    # A day, a month or a number is what it changes, not a copy: "Lacemaking group meets every
    # Wednesday evening" for "wait no its wensdays" beside "... every Tuesday evening" was
    # added beside it (sealed30; `stems` leaves time words out).
    # Nor one the text shares no word with, whatever the part says of it in passing: "the
    # piccolo is my brother Aled's instrument, and he's the one who talked me into joining"
    # came as "Piccolo is Aled's instrument", the new version of "Joined the Saltaire wind
    # band" (sealed52: the band was lost).
    if target not in unchanged or target not in shown:
        return False
    if not stems(shown[target]) & stems(text):
        return True
    return (not stems(shown[target]) & stems(part) and stems(text) <= stems(shown[target])
            and days_and_numbers(text) <= days_and_numbers(shown[target]))



def names_beyond(text: str, update: dict[str, Any]) -> bool:
    """Whether `text` names something (a capitalised word past its first, a number) that the
    new version in `update` does not."""
    said = set(_WORD.findall(str(update.get("updated_memory_text") or "").lower()))
    words = _WORD.findall(text)
    return any((w[:1].isupper() or w.isdigit()) and w.lower() not in said
               for i, w in enumerate(words) if i > 0 or w.isdigit())


_ABROAD_WORDS = 6  # "Salut, moi c'est Gaëlle, je suis fleuriste à Angers ..." is 15


def told_abroad(part: str, known: set[str]) -> bool:
    """A part in another language, filed as nothing to keep, that tells something: no
    question, a few words long, and a name no shown memory holds ("Salut, moi c'est Gaëlle,
    je suis fleuriste à Angers et je fais de l'escalade le dimanche" came as small talk, and
    nothing was kept). `statements.statements` reads English only; this is kept in the
    user's own words (own_words.in_their_words)."""
    language = language_of(part)
    return (language not in (None, "English") and not part.rstrip().endswith("?")
            and len(_WORD.findall(part)) >= _ABROAD_WORDS
            and (bool({w.lower() for w in _proper_names(part)} - known)
                 or len(_rare_in(part, language) - known) >= _ABROAD_RARE
                 or (bool(_THEIRS_ABROAD.search(part)) and (
                     bool(re.search(r"\d", part))
                     or bool(_rare_in(part, language, _OWNED_ABROAD_ZIPF) - known)))))


# Someone or something of the user's, in another language: "mon père aura 70 ans le mois
# prochain et il est fou de champignons, il part à la cueillette tous les dimanches" (sealed39:
# small talk, nothing kept), with a number or a word its language writes seldom.
_THEIRS_ABROAD = re.compile(r"\b(?:mon|ma|mes|notre|nos|mi|mis|nuestr[oa]s?|mio|mia|miei|mie|meu|"
                            r"minha|meus|minhas|mein|meine|meinem|meinen|meiner|unser|unsere|mijn|"
                            r"onze|min|mitt|mina)\s+[^\W\d_]{3,}", re.I)
_OWNED_ABROAD_ZIPF = 3.5  # French "cueillette" 3.2; not "dimanches" 3.7, "père" 5.2


# Typed without capitals, names are the words its own language rarely writes: "me llamo arantxa
# y soy cerrajera en getxo, ... vivo en algorta" (sealed35: small talk, nothing kept).
_ABROAD_RARE = 2
_RARE_ABROAD_ZIPF = 3.0  # Spanish "arantxa" 2.5, "cerrajera" 1.4; not "realidad" 5.4, "jaja" 4.7
_CODES = {name: code for code, name in LANGUAGES.items()}


def _rare_in(text: str, language: str | None, below: float = _RARE_ABROAD_ZIPF) -> set[str]:
    code = _CODES.get(language or "")
    if code is None:
        return set()
    return {w.lower() for w in _WORD.findall(text)
            if len(w) > 3 and zipf_frequency(w.lower(), code) < below}


def replaces_what_it_drops(why: str | bool, found: list[tuple[str, list[str], Any]],
                            shown: dict[int, str], updates: dict[int, Any], part: str = "",
                            ) -> bool:
    """The name the memories left out is the old value one of them replaces: "Lives in
    Logroño" for "Finally left Huelva - been in Logroño since Tuesday" beside a shown "Lives
    in Huelva" is the home's new version, not a reason to keep the part's own words (which
    left the old home standing)."""
    if why is True:
        # Or the rare words it left out: "Sister Benedikta moved to Ragusa last year" for "no
        # wait sorry, she moved to ragusa last yr, siracusa was ages ago" (sealed31).
        kept = _lower_words(" ".join(t for t, _, _ in found))
        dropped = {w.lower() for w in _WORD.findall(part) if _rare(w)} - kept
        return bool(dropped) and any((i := replaced_by(t, shown, updates)) is not None
                                     and dropped <= _lower_words(shown[i]) for t, _, _ in found)
    if not isinstance(why, str):
        return False
    return any((i := replaced_by(t, shown, updates)) is not None
               and why.lower() in _lower_words(shown[i]) for t, _, _ in found)


def only_copies(part: str, found: list[tuple[str, list[str], Any]], facts: dict[int, str],
                 day: date | None, before: list[str]) -> bool:
    """Every memory the model wrote for an English part copies a shown fact, and the part has
    no first person, nobody an earlier part names ("They're opening a guesthouse there"), no
    name no fact holds and no date: the model found nothing new in it, and its words are not
    kept instead. "absolutely bucketing down here, standard" came as a fact with "Lives in
    Lowestoft" for its memory, and the weather was stored (sealed12)."""
    if (not found or FIRST_PERSON.search(part) or language_of(part) not in (None, "English")
            or {w.lower() for w in _proper_names(part)} - _lower_words(" ".join(facts.values()))
            or (day is not None and find_span(part, day) is not None)
            or with_referents(part, before) != part):
        return False
    return all(any(not new_words(t, f) for f in facts.values()) for t, _, _ in found)


# The user's name said before their clause (after a greeting, `_GREETING`), with no comma
# between: "hi im Ngaio i build wooden boats for a living down in Fremantle" was kept whole
# (sealed30); the name is kept as a fact of its own.
_INTRO = re.compile(r"^\W*(?:i['\u2019]?m|i\s+am|my\s+name(?:['\u2019]?s|\s+is)|this\s+is)\s+",
                    re.I)
_GREETING = re.compile(r"^\W*(?:hi+|hey+|heya|hiya|hello|yo|howdy|g['\u2019]?day|kia\s+ora|"
                       r"good\s+(?:morning|afternoon|evening)|morning)\b[\s,!.:;-]+"
                       r"(?:(?:there|all|again)\b[\s,!.:;-]+)?", re.I)


# A joining word and "now" said before the user's own clause: the present tense says it.
_NOW_LEAD = re.compile(r"^\W*(?:(?:and|but|so|plus)\s+)?(?:rn|right\s+now|now|atm|currently|"
                       r"these\s+days|nowadays|for\s+now|realistically|in\s+reality|irl)\b"
                       r"[\s,]*", re.I)


# Words that say the user said it before: "like i said b4,", "as I mentioned,".
# (a hedge between too: "Like I think I told you, my bike's a 1982 Moto Guzzi.", sealed53)
_SAID_BEFORE = re.compile(r"^\W*(?:(?:like|as)\s+(?:i\s+(?:think|guess|believe)\s+)?i\s+"
                          r"(?:said|told\s+(?:you|u)|mentioned)"
                          r"(?:\s+(?:before|b4|earlier|already|last\s+time))?|as\s+mentioned)"
                          r"[\s,:;-]+", re.I)


def says_it_again(part: str, found: list[tuple[str, list[str], Any]],
                  shown: dict[int, str]) -> bool:
    """A part the user says repeats what they said before ("as i mentioned, i do gaelic
    lessons on tuesdays", sealed45 kept it twice) whose every memory shares an uncommon word
    with a shown one."""
    if not found or not _SAID_BEFORE.match(part):
        return False
    known = stems(" ".join(shown.values()))
    return all({w for w in stems(t) & known if zipf_frequency(w, "en") < _AGAIN_ZIPF}
               for t, _, _ in found)


_AGAIN_ZIPF = 5.0  # "gaelic" 3.3; not "class" 5.0, "work" 5.9


def after_colon(text: str, name: str | None = None) -> str:
    """The text after a lead-in and its colon, or after a lead-in about the telling itself
    (`TELLING`), or after the user's `name` introduced (`_INTRO`), when what follows is the
    user's own ("Allow me to introduce myself: my name is ..."); else the text as it is."""
    if (unsaid := _SAID_BEFORE.sub("", text)) != text and unsaid:
        # "like i said b4, aikido is my thing - ..." (sealed44 kept the lead in the memory)
        said = after_colon(unsaid, name)
        return said[:1].upper() + said[1:]
    said = TELLING.sub("", LEAD_IN.sub("", text))
    if leads_in_first_person(greeted := _GREETING.sub("", said)):
        said = greeted  # "heya, im a kelp farmer ..." (sealed32: kept with its "Heya,")
    if leads_in_first_person(now := _NOW_LEAD.sub("", said)):
        said = now  # "but rn im a whale watching guide in Husavik" (sealed38: kept "But rn")
    led = without_lead_in(said)
    lead = said[:len(said) - len(led)]
    if (not leads_in_first_person(said) and leads_in_first_person(led)
            and not re.search(r"\d|\b(?!I\b)[A-Z]", lead)):  # not "Paris is lovely, i live there"
        said = led  # "fun fact, my grandad ...", "oh and i have a ..." (sealed39 kept both)
    if name and (m := _INTRO.match(said)) and said[m.end():].lower().startswith(name.lower()):
        rest = re.sub(r"^[\s,.;:!-]*(?:and\s+)?", "", said[m.end() + len(name):])
        said = rest if leads_in_first_person(rest) else said  # not "Achterberg, and I ..."
    return said[:1].upper() + said[1:] if said != text and leads_in_first_person(said) else text


def forgotten(part: str, target: int, facts: dict[int, str],
              before: list[str] | tuple[str, ...] = ()) -> list[int]:
    """The shown facts a part the model filed as a forget of `target` removes: the target
    when the part asks to forget or speaks of it (what the user's words `before` it named,
    for one that says "that": `named_before`); else, for a denial, the facts it names.
    "I am not a loss adjuster;" came as a forget of "Has a sphynx cat called Parsnip"
    (sealed21), and the cat was deleted."""
    named = named_in(part, facts)
    if asks_to_forget(part) and (earlier := named_before(part, list(before), facts)):
        return earlier
    if asks_not_to_keep(part):
        # "... but dont save that pls, i just wanna forget about it" (sealed36: the home it
        # named nothing of was deleted): only what it names
        return named
    if asks_to_forget(part) or target in named or target not in facts:
        return [target]
    return named if NEGATION.search(part) else []


_UNSORTED = 3  # a memory listed under this many parts was not sorted by the model


def without_misplaced(entries: list[Any]) -> list[Any]:
    """The sorted parts, each without the memories it shares no word with that a part they
    are about lists too, nor one another of its memories says in full (`_said_in_full`): the
    small model wrote the same list of memories under every part of "My name is Gertrude; I
    am a retired bailiff and I live in Torshavn with my husband" (sealed22), and each part
    is read on its own ("Retired bailiff" under the name's part was kept beside "Is a
    retired bailiff")."""
    def listed(entry: Any) -> set[str]:
        if not isinstance(entry, dict) or not isinstance(entry.get("memories"), list):
            return set()
        return {str(m.get("memory") if isinstance(m, dict) else m).strip().lower()
                for m in entry["memories"]}

    def about(text: str, entry: Any) -> bool:
        return bool(stems(text) & stems(str(entry.get("part") or "")))

    def closest(text: str) -> Any:  # the entry a memory listed under many is most about
        return max((e for e in entries if text.strip().lower() in listed(e)),
                   key=lambda e: len(stems(text) & stems(str(e.get("part") or ""))))

    out = []
    for entry in entries:
        if isinstance(entry, dict) and isinstance(entry.get("memories"), list):
            def elsewhere(m: Any, entry: dict[str, Any] = entry) -> bool:
                text = str(m.get("memory") if isinstance(m, dict) else m)
                if sum(text.strip().lower() in listed(e) for e in entries) >= _UNSORTED:
                    # "Received appointment and test date" under each of six parts (sealed52
                    # kept it beside the motorbike test): only under the one most about it
                    return closest(text) is not entry
                return not about(text, entry) and any(
                    e is not entry and text.strip().lower() in listed(e) and about(text, e)
                    for e in entries)
            kept = [m for m in entry["memories"] if not elsewhere(m)]
            entry = {**entry, "memories": [m for m in kept if not _said_in_full(m, kept)]}
        out.append(entry)
    return out


def says_in_full(big: str, small: str) -> bool:
    """`big` says all `small` says and more (its content words a strict superset), both
    denying or neither."""
    return (stems(small) < stems(big)
            and bool(NEGATION.search(big)) == bool(NEGATION.search(small)))


def _said_in_full(memory: Any, memories: list[Any]) -> bool:
    """Another memory of the same part says all this one says and more (`says_in_full`):
    "Rings bells at Brora church" beside "Rings the bells at our parish church in Brora
    every Sunday" (sealed23: both were kept, and told back one after the other)."""
    def text(m: Any) -> str:
        return str(m.get("memory") if isinstance(m, dict) else m)
    return len(stems(text(memory))) >= 2 and any(
        says_in_full(text(m), text(memory)) for m in memories if m is not memory)


def category_of(part: str, found: list[tuple[str, list[str], Any]]) -> list[str]:
    """The categories of the memory most like the part (its words kept in their place)."""
    return max(found, key=lambda f: (bool(f[1]), len(stems(f[0]) & stems(part))),
               default=("", [], None))[1]


# "and he lives ...", ", she works ...": a clause of the part about someone else.
def linked(found: list[tuple[str, list[str], Any]], ids: list[int], shown: dict[int, str],
            part: str) -> int | None:
    """The shown memory the part's memories point at: the one the model linked, else one a
    memory copies (no word it lacks: the part is its new version). A memory that only copies
    a shown one links the part to it only when the part says a word of it: "I've taken up
    fencing" kept whole beside a copied "Lives in Sligo" is not Sligo's new version."""
    said = stems(part)

    def copy_of(text: str, i: int) -> bool:  # says nothing shown memory i does not
        return i in shown and not new_words(text, shown[i])

    def speaks_of(i: int) -> bool:
        return bool(stems(shown[i]) & said)
    target = next((r for t, _, r in found
                   if r in ids and (not copy_of(t, r) or speaks_of(r))), None)
    if target is None:
        target = next((i for i in ids for t, _, _ in found if copy_of(t, i) and speaks_of(i)),
                      None)
    if target is None:  # a move the model wrote ("Moved to Penzance") of a home the part
        # speaks of: "Said goodbye to the flat above the chip shop, we're in a little terraced
        # house in Penzance now." beside a shown "Has been renting the flat above the chip
        # shop ... in Redruth" (sealed54: both were kept)
        target = next((i for t, _, _ in found if (i := moved_from(t, shown, {})) is not None
                       and speaks_of(i)), None)
    return target


# A memory that is only a detail of another memory of the part: a place for a thing it ends
# with ("Bakery on our street" beside "Neighbour Zanele opened a bakery"), or the words the
# part says right after it ("Korean dramas" beside "Is a subtitler" for "im a subtitler,
# mostly korean dramas"). Both were kept alone (sealed30, sealed31).
_DETAIL = re.compile(r"^([A-Za-z][\w'-]*)\s+(?:on|in|at|near|from|by|behind|across|next\s+to)\s",
                     re.I)
_GAP_WORDS = 2  # ", mostly", "- especially"
_NEW_CLAUSE = re.compile(r"\b(?:and|but|or|so|i|im|i'm|because|plus|then|also|my|we)\b", re.I)


def _relative(text: str, other: str, part: str) -> str | None:
    """The relative pronoun ("that", "which", "who") the part says straight after `other`'s last
    word and before `text`'s first: "Lives on top of the fridge" beside "Has a kombucha scoby
    called gloopy" for "... called gloopy that lives on top of teh fridge" is the scoby's, not
    the user's (sealed37 kept it alone)."""
    first = text.split()[0] if text.split() else ""
    last = other.rstrip(" .").split()[-1] if other.split() else ""
    if not first or not last:
        return None
    m = re.search(rf"\b{re.escape(last)}\s*,?\s+(that|which|who)\s+{re.escape(first)}\b", part,
                  re.I)
    return m.group(1).lower() if m else None


def _follows(text: str, other: str, part: str) -> int | None:
    """Where `text`, said word for word in the English part, starts after `other`'s last word
    there, after a comma, a bracket or a dash and at most `_GAP_WORDS` words and no new clause,
    or after one "-ing" word ("Research on krill" after "... from Antarctica" for "... in
    antarctica doing research on krill", sealed37); else None."""
    at = part.lower().find(text.lower())
    last = other.rstrip(" .").split()[-1].lower() if other.split() else ""
    end = part.lower().rfind(last, 0, max(at, 0)) + len(last)
    if at < 0 or not last or end < len(last):
        return None
    gap = part[end:at]
    doing = re.fullmatch(r"\s+[a-z]+ing\s+", gap)  # "... antarctica doing | research on krill"
    if (len(re.findall(r"[^\W_]+", gap)) > _GAP_WORDS or _NEW_CLAUSE.search(gap)
            or not (doing or re.search(r"[,(\u2013\u2014-]", gap))
            or language_of(part) != "English"):
        return None  # not a clause that follows on ("My sister Ana | lives in Rome")
    return end


def joined_details(found: list[tuple[str, list[str], Any]], part: str = "",
                   ) -> list[tuple[str, list[str], Any]]:
    """The part's memories with each that is only a detail of another (`_DETAIL`, replacing
    nothing) joined to it."""
    out = list(found)
    for i in range(len(out) - 1, -1, -1):
        text, _, target = out[i]
        if target is not None:
            continue
        for j, (other, cats, its) in enumerate(out):
            if j == i:
                continue
            if (m := _DETAIL.match(text)) and other.rstrip(" .").split()[-1].lower() == (
                    m.group(1).lower()):
                out[j] = (other.rstrip(" .") + text[m.end(1):], cats, its)
            elif (end := _follows(text, other, part)) is not None:
                at = part.lower().find(text.lower())
                out[j] = (other.rstrip(" .") + part[end:at + len(text)], cats, its)
            elif (which := _relative(text, other, part)) is not None:
                out[j] = (f"{other.rstrip(' .')} {which} {text[:1].lower()}{text[1:]}", cats, its)
            else:
                continue
            del out[i]
            break
    return out
