"""The memory agent on small models: the latest message, part by part, held to a schema.

Asked to list "every new fact" of a message, the embedded 1.5B model listed one or two and
stopped (a name, a city and two cats in one sentence kept only the city). Here code splits
the message into numbered parts and the model must say, for each part in turn, what it is
(a fact, a plan, how to reply, a correction of a shown memory, a request to forget one, or
nothing to keep) and, where there is something to keep, the memory in the third person. The
reply is JSON held to a schema built for the message (llama.cpp makes it a grammar): exactly
one entry per part, kinds from a fixed list, ids only from those shown. Code then makes the
tool calls (add_memory, update_memory, delete_memory, noop) that the entries ask for.
"""

from __future__ import annotations

import json
import re
from typing import Any

import dspy

from chatbot.agents.casual import with_apostrophes
from chatbot.agents.guards import NEUTRAL_WORDS
from chatbot.agents.hypothetical import is_hypothetical
from chatbot.agents.pieces import (
    _WORD,
    INTERJECTIONS,
    LIST_NUMBER,
    bracketed,
    fragments_joined,
    own_lines_of_thread,
    pasted_entries_joined,
    reported_clauses,
    split_outside_brackets,
)
from chatbot.agents.prompts import load_sections
from chatbot.agents.questions import _LEADS_WITH_CONDITION, split_question
from chatbot.agents.wording import RELATIONS
from chatbot.memory.timewords import NUMBER_WORDS

PROMPT = "memory_update_agent"
MAX_PARTS = 8
MAX_TOKENS = 640  # the reply for MAX_PARTS parts, each copied and sorted
MAX_MEMORY_CHARS = 200
MAX_MEMORIES_PER_PART = 4
KEEP = ("fact", "plan_or_event", "how_to_reply")
NOTHING = ("question", "request", "hypothetical", "small_talk")
REVIEW = ("unchanged", "changed", "no_longer_true")
MAX_REVIEWED = 3
# Sentences: a clause cut out of its sentence loses what it depends on ("If I ever won the
# lottery" | "I'd buy a boat"; "my car is a Honda Civic" | "not a Toyota").
# In chat, an ellipsis or an emoji ends a sentence too ("sad news… Quirin died on Sunday";
# "... and I STILL don't have a suit 😩 where do I even start").
_EMOJI = "\u2600-\u27bf\U0001f000-\U0001faff"
# A typed emoticon too ("sprained my thumb so no model railway for a couple of weeks :( what
# else can i do ...?", sealed28: kept with the question, the railway was lost).
_SENTENCE = re.compile(rf"(?<=[.!?;\u2026{_EMOJI}])\s+|(?<=[.!?]['\"\u201d\u2019])\s+"
                       r"|(?<=[:;=][)(DPp/|])\s+"
                       r"|(?<=[:;=]-[)(DPp/|])\s+|\n+")
_CLAUSE = re.compile(r"[,;]\s*")


# Where a sentence joins two clauses that each have their own subject: "I collect vinyl
# records | and my partner Lena is a dentist". A name after "and" leads one too ("..., and
# Noor, my wife, is an anaesthetist"), as does "weve" typed without its apostrophe (sealed42);
# "my wife" between commas is who the name is, not a subject of its own.
# (Not a list: "my dog, my cat, and my hamster"; but "and my closest friend, Oddny, is ...",
# a name between commas, is a clause of its own, sealed48.)
NEW_SUBJECT = re.compile(r"(?:\s*[,;]\s*(?:(?:and|but|while)\s+)?|\s+(?:and|but|while)\s+)"
                         r"(?=(?:my|our|his|her|their|I|we|he|she|they|im|ive|weve)\b)"
                         r"(?!\w+(?:\s+\w+){1,2}\s*,(?!\s*(?-i:[A-Z])[\w'-]+\s*,))"
                         r"|(?:\s*[,;]\s*|\s+)(?:and|but|while)\s+(?=(?-i:[A-Z][a-z]+)\b)", re.I)


# Inside a sentence, a new clause with "I" as its subject after one that has it too ("I'm
# Nora, I'm vegan and I teach yoga"; "I don't eat pork and I work as a pharmacist"): in one
# part the 1.5B model kept one or two of the facts and dropped the rest (the diet, each time it
# was tried). Split there, after a comma or "and". Not after "but" ("I said Lisbon, but I meant
# Porto" is one correction), nor after a comma where a denial is followed by what is so instead
# ("I don't live in Salzburg, I live in Innsbruck"; `_corrects`), nor where the words before
# have no "I" ("My sister and I moved", "Tom, my brother, ..."), nor after a bare name ("I'm
# Ben"), and never in a sentence that leads with a condition or a time ("If I had more time,
# I'd go sailing"; "When I was little, I lived in Spain").
# So too before a clause whose subject is someone of the user's, named by "my" and followed
# by a verb ("I restore old scooters, and | my wife Solveig drives a lorry"): one part, the
# model wrote both facts as one memory. Not "I live with my wife and my two kids" (no verb).
# "my cousin Ludmila's wedding is ..." too: a thing of theirs.
# (or "my mums on an oil rig", chat's "mum's" without its apostrophe, sealed49)
_MY_CLAUSE = (r"(?:[Mm]y\s+(?!(?:\d+|" + "|".join(NUMBER_WORDS) + r")\b)(?:[a-z'-]+\s+){1,2}?"
              r"(?:[A-Z][\w-]*'s\s+[a-z]+\s+|[A-Z][\w'-]*\s+)?"
              r"(?:is|was|has|had|[a-z]{2,}(?:s|ed))\s+\w"
              rf"|[Mm]y\s+(?:{RELATIONS})s\s+(?:a|an|on|in|at|off|away|out|back|home|still|so|"
              r"really|very|always|never)\b)")
# "I", or the "i" of a message typed in lower case ("i grew up in Kutaisi, i go spearfishing
# every summer"), not "i.e.".
_I = r"(?:I|i(?![.\w]))\b"
# ("also" too: "... its my whole life rn also i work saturdays at a bubble tea place", sealed53)
_I_CLAUSE = re.compile(r"(?:,\s*(?:(?:and|so|plus)\s+)?|\s+(?:and|plus|also)\s+)"
                       rf"(?={_I}|{_MY_CLAUSE})")
# Words a clause may open with before its subject: conjunctions, and the closed class of chat
# interjections ("omg my cousin's wedding is next Saturday").
_JOINERS = (rf"(?:and|but|so|plus|also|anyway|actually|{INTERJECTIONS}|btw|ok|okay)\b[\s,!]*")
_I_SUBJECT = re.compile(rf"\b{_I}|^\W*(?i:{_JOINERS})*{_MY_CLAUSE}")
_NOT_BEING = re.compile(r"\bI(?:'m| am) (?:not|no longer)\b", re.I)
# "not", "never", "no longer", "don't", "can't" ...: the closed class of English negation.
NEGATION = re.compile(r"\b(?:not|never|no|nor|without|neither)\b|n't\b", re.I)
# A lead-in about the telling itself: "not sure if i mentioned it but", "in case I didn't
# tell you,", "just so you know,", "fyi", "btw" (sealed24: an update kept "Not sure if i
# mentioned it but i do zumba on tuesday mornings"), "so about me" (sealed30).
TELLING = re.compile(r"^\W*(?:(?:so|ok|okay|well)\s+)?(?:(?:(?:not\s+sure|no\s+idea)\s+if|"
                     # (a hedge between: "Like I think I told you,", sealed53)
                     r"in\s+case|as|like)\s+(?:i\s+(?:think|guess|believe)\s+)?"
                     r"i['\u2019]?(?:ve)?\s+(?:already\s+)?(?:mentioned|"
                     r"told\s+you|said)(?:\s+(?:it|this|that|before|already))*|just\s+so\s+"
                     r"(?:you|u)\s+know|fyi|btw|for\s+the\s+record|(?:a\s+(?:little\s+|bit\s+)?)?"
                     r"about\s+me|(?:i\s+)?(?:should|must|have\s+to|need\s+to|wanted\s+to)\s+"
                     # (with an adverb and an aside: "I should perhaps say, by way of
                     # introduction, that", sealed52)
                     r"(?:(?:perhaps|just|probably|first|\w+ly)\s+)?(?:mention|say|add|"
                     r"tell\s+(?:you|u))(?:\s*,[^,\n]{1,40},)?(?:\s+that)?)\W*"
                     r"(?:but\s+|and\s+)?",
                     re.I)


# Chat that runs two clauses on with no comma: "so about me im 52 i brew my own mead ..."
# (sealed30: the age was lost). After "I'm" and one word (or an article and one), a new "I"
# starts a clause; not after a name ("hi im Ngaio i build ...": the name stays with the clause,
# `only_names`).
_RUN_ON = re.compile(r"(\b(?i:i['\u2019]?m|i\s+am)\s+(?:(?:a|an|so|very|really|just)\s+)?"
                     r"[a-z0-9][\w-]*)\s+(?=[Ii]\s+[a-z])")


# A name said to take back what was said, then a clause of its own: "no wait i meant Bacolod,
# iloilo is where my parents live lol" (sealed33: as one part, the job kept the old town and
# the sentence was stored whole). The name alone is the correction (put_right.named_instead).
_TAKEN_BACK_NAME = re.compile(r"^(\W*(?:(?:wait|oh|oops|sorry|no|nope|nah|actually|i\s+mean|"
                              r"i\s+meant|ugh|hang\s+on)\W+)+(?-i:[A-Z])[\w'-]*"
                              r"(?:\s+(?-i:[A-Z])[\w'-]*){0,2})\s*,\s*(?=\w)", re.I)
# Words that take back what was said (also read by put_right and corrections).
TAKES_BACK_WORDS = r"no|nope|nah|sorry|oops|actually|i\s+meant?"
TAKES_BACK = re.compile(rf"\b(?:{TAKES_BACK_WORDS})\b", re.I)


# After an aside, a name and a verb lead a clause of their own: "... (..., my mam thinks ive
# lost it), Biscotto died a couple of weeks ago".
_AFTER_ASIDE = re.compile(r"(?<=\))\s*,\s*(?=[A-Z][\w'-]*\s+[a-z])")


# Words before "and I" too many for a subject "I" shares: "okay so my neighbour jedediah the
# one with the bantams is off to bhutan for the whole of april and i said id let his hens out
# ..." (sealed49 kept it whole, in one memory; "my sister and I" is a subject).
SUBJECT_WORDS = 10


def split_clauses(sentence: str) -> list[str]:
    """The sentence cut before each clause led by "I" that follows words with an "I" of their
    own (_I_CLAUSE), without the comma or "and" that joined them, or run on after "I'm" and a
    word (`_RUN_ON`)."""
    if is_hypothetical(sentence) or _LEADS_WITH_CONDITION.match(sentence):
        return [sentence]
    if (m := _TAKEN_BACK_NAME.match(sentence)) and TAKES_BACK.search(m.group(1)):
        return [m.group(1).strip(), *split_clauses(sentence[m.end():])]
    cuts = sorted([(m.start(), m.end(), m.group(0).strip() == ",")
                   for m in _I_CLAUSE.finditer(sentence)]
                  + [(m.end(1), m.end(), None) for m in _RUN_ON.finditer(sentence)]
                  + [(m.start(), m.end(), None) for m in _AFTER_ASIDE.finditer(sentence)],
                  # (by place only: an aside's cut and an "I" clause's may fall together, "...
                  # unlikely), I would ...", and None does not compare with a bool; sealed52)
                  key=lambda cut: cut[:2])
    pieces, start, asides = [], 0, bracketed(sentence)
    for cut, end, comma in cuts:
        before = sentence[start:cut]
        if any(a < cut < b for a, b in asides):
            continue
        if cut < start or (comma is not None and not _I_SUBJECT.search(with_apostrophes(before))
                           and len(_WORD.findall(before)) < SUBJECT_WORDS):
            continue  # "My sister and I moved": one subject
        if comma and _corrects(before, sentence[end:]):
            continue  # "I don't live in Salzburg, I live in Innsbruck": one correction
        if only_names(before):
            continue  # "I'm Ben": alone, the model took Ben for someone else
        pieces.append(sentence[start:cut].strip(" ,"))
        start = end
    pieces.append(sentence[start:].strip(" ,"))
    pieces = [q for p in pieces for q in _split_she_and_he(p)]
    return [p for p in pieces if _WORD.search(p)] or [sentence]


# "and he's", ", he": a clause led by the pronoun of the other person.
_PRONOUN_CLAUSE = re.compile(r"(?:,\s*(?:(?:and|but|while|whereas)\s+)?|\s+(?:and|but|while|"
                             r"whereas)\s+)(?=(?:she|he)\b)", re.I)


def _split_she_and_he(clause: str) -> list[str]:
    """A clause led by "she" cut before a clause led by "he", or the other way round: "She's
    a stilt walker at festivals, and he's a tiler." is two people, and each part says who
    (`pronoun_options`). As one part, the aunt's memory took the uncle's job (sealed17)."""
    first = pronoun_of(clause)
    if first is None:
        return [clause]
    for m in _PRONOUN_CLAUSE.finditer(clause):
        if (pronoun_of(clause[m.end():]) not in (None, first)
                and len(_WORD.findall(clause[:m.start()])) >= 3):  # not "He and she are"
            return [clause[:m.start()].strip(" ,"), *_split_she_and_he(clause[m.end():])]
    return [clause]


def _corrects(before: str, after: str) -> bool:
    """The clause after a comma says instead what the one before denied: with the same verb
    ("I don't live in Salzburg, I live in Innsbruck"), or after "I'm not" ("I'm not an
    accountant any more, I became a pilot"). "I can't eat nuts, I'm a photographer" is two
    facts."""
    before = with_apostrophes(before)  # "i dont play the sackbut, i play the shawm"
    if not NEGATION.search(before):
        return False
    if _NOT_BEING.search(before):  # "I'm not an accountant any more, I became a pilot"
        return True
    words = after.split()[:2]
    verb = words[0] if words and words[0] not in ("I", "i") else " ".join(words[1:2])
    forms = {verb.lower()} | ({"i'm", "am"} if verb.lower() == "i'm" else set())
    return any(w.lower().strip(",.") in forms for w in before.split())


def only_names(clause: str) -> bool:
    """The clause says nothing but "I'm" and capitalised words ("Hi, I'm Ben")."""
    words = [w for w in _WORD.findall(clause) if w not in ("I", "m", "am")]
    return bool(words) and all(w[0].isupper() for w in words)


def asked_about(text: str) -> set[str]:
    """The clauses of the message that split_question cut off before a question: what the
    user said to ask it ("I'm hosting friends on Saturday, | what should I make?")."""
    sentences = [p.strip().removesuffix(";").rstrip() for p in _SENTENCE.split(text.strip())
                 if _WORD.search(p)]
    return {q[0] for s in sentences for c in split_clauses(s)
            if len(q := split_question(c)) == 2}


def split_parts(text: str) -> list[str]:
    """The message's sentences and first-person clauses, in order; at most MAX_PARTS (the
    rest stays in the last)."""
    # A sentence ended by a semicolon loses it: "My name is Gertrude;" was kept word for word
    # as "Their name is Gertrude;" (sealed22).
    # (not cut inside an aside in brackets: "bring passport (no. PZ8836127)")
    # (a numbered list's marks are no sentences: "1. Hi, new here.\n2. I want every answer as
    # numbered steps" was cut as "1." and "Hi, new here. 2.", sealed51)
    text = LIST_NUMBER.sub("", own_lines_of_thread(text.strip()))
    sentences = [p.strip().removesuffix(";").rstrip() for p in split_outside_brackets(
        _SENTENCE, pasted_entries_joined(text)) if _WORD.search(p)]
    parts = [q for s in fragments_joined(sentences) for r in reported_clauses(s)
             for c in split_clauses(r) for q in split_question(c)]
    parts = parts or [text.strip()]
    if len(parts) > MAX_PARTS:
        parts = parts[:MAX_PARTS - 1] + [" ".join(parts[MAX_PARTS - 1:])]
    return parts


def format_parts(parts: list[str]) -> str:
    return "\n".join(f"{i + 1}. {p}" for i, p in enumerate(parts))


def parts_schema(parts: list[str], ids: list[int], shown: list[str] = (),
                 earlier: list[str] = (), taken: dict[str, set[str]] | None = None,
                 ) -> dict[str, Any]:
    """One entry per part, in order: the part's own words (so the model reads the part it
    sorts: with only a number it wrote part 2's fact under part 1), its kind, and the
    memories it holds where there are some to keep. `earlier`: the user's earlier messages
    (oldest first), where the people a leading "she" or "he" may be are named; `taken`: who
    earlier parts called "she" and "he" (pronoun_options)."""
    item: dict[str, Any] = {
        "memory": {"type": "string", "minLength": 3, "maxLength": MAX_MEMORY_CHARS},
        "category": {"type": "string", "minLength": 3, "maxLength": 24}}
    if ids:  # a memory that corrects a shown one says which
        item["replaces"] = {"enum": [None, *ids]}
    memories = {"type": "array", "minItems": 1, "maxItems": MAX_MEMORIES_PER_PART,
                "items": _object(item)}
    name = {"anyOf": [{"type": "null"}, {"type": "string", "minLength": 2, "maxLength": 40}]}

    def entry(n: int, part: str) -> dict[str, Any]:
        said = {"part": {"const": grammar_safe(part)}}
        options: list[dict[str, Any]] = [_object({**said, "kind": {"enum": list(NOTHING)}})]
        if is_hypothetical(part):  # "If I ever won the lottery, I'd buy a boat": not true
            return {"anyOf": options}
        # The user's own name, when the part gives it: kept only if the part writes it as a
        # name (code checks, and takes the part's spelling of a misspelt one). An enum of the
        # part's names made the model pick one where there was none ("Is called Lisbon").
        keep: dict[str, Any] = {**said, "kind": {"enum": list(KEEP)}, "user_name": name}
        # A part about "she" or "he" says who, from the people named before it ("My aunt
        # Rosalind is staying with us." ... "She's a retired ferry captain."): its memories
        # would otherwise read as the user's own.
        if (people := pronoun_options(part, [*earlier, *parts[:n]], taken)):
            keep["about"] = {"enum": people}
        options.append(_object({**keep, "memories": memories}))
        if ids:
            options.append(_object({**said, "kind": {"const": "forget"},
                                    "removes": {"enum": ids}}))
        return {"anyOf": options}

    # Then each of the closest shown memories, by its own words: still true, changed by the
    # message, or no longer true. A small model that never links a new fact to the memory it
    # corrects still says that the memory changed. ([] when none is shown.)
    properties: dict[str, Any] = {
        "sorted_parts": {"type": "array",
                         "prefixItems": [entry(n, p) for n, p in enumerate(parts)]},
        "shown_memories": {"type": "array", "prefixItems": [
            _object({"memory": {"const": grammar_safe(text)}, "now": {"enum": list(REVIEW)}})
            for text in shown[:MAX_REVIEWED]]}}
    return {"type": "object", "properties": properties, "required": list(properties),
            "additionalProperties": False}


# A part that starts with "she" or "he" (after a joining word): it is about someone named before.
# Words a clause may start with before what it says ("Oh, and I just got a gecko").
_PRONOUN_LEAD = re.compile(rf"^(?:{_JOINERS})*(?:she|he|her|his|him)\b", re.I)
MAX_PEOPLE = 6


_SHE = frozenset({"she", "her"})


# Where a sorting reply's entries start, and what stands between two of them.
_ENTRIES = re.compile(r'"sorted_parts"\s*:\s*\[')
_BETWEEN = re.compile(r"[\s,]*")


def complete_entries(reply: str, parts: list[str]) -> list[dict[str, Any]]:
    """The entries of a sorting reply cut short (the token cap reached mid-entry), one per
    part: each complete entry as the model wrote it, and every part it did not reach as
    small talk, left for code to read by its structure (chatbot.agents.statements). Empty
    when the reply has no complete entry to go by."""
    start = _ENTRIES.search(reply or "")
    if start is None:
        return []
    decoder, at, entries = json.JSONDecoder(), start.end(), []
    while len(entries) < len(parts):
        at = _BETWEEN.match(reply, at).end()
        try:
            entry, at = decoder.raw_decode(reply, at)
        except ValueError:
            break
        if not isinstance(entry, dict):
            break
        entries.append(entry)
    if not entries:
        return []
    return entries + [{"part": p, "kind": "small_talk"} for p in parts[len(entries):]]


def pronoun_of(part: str) -> str | None:
    """"she" or "he" for a part that leads with one of their forms, else None."""
    lead = _PRONOUN_LEAD.match(part.strip())
    if lead is None:
        return None
    return "she" if _WORD.findall(lead.group(0))[-1].lower() in _SHE else "he"


def pronoun_options(part: str, before: list[str],
                    taken: dict[str, set[str]] | None = None) -> list[str]:
    """The people a part leading with "she" or "he" may be about: the names in the texts
    before it, the latest first; [] for any other part. taken: the people this conversation's
    earlier parts said "she" or "he" of: one called "she" is not "he" (after "She's a retired
    ferry captain" about Rosalind, "And he's a sound engineer" was filed under Rosalind too),
    unless nobody else is named."""
    pronoun = pronoun_of(part)
    if pronoun is None:
        return []
    named: list[str] = []
    for text in reversed(before):
        named += [w for w in reversed(_WORD.findall(text)) if w in _proper_names(text)]
    named = list(dict.fromkeys(named))
    other = set((taken or {}).get("he" if pronoun == "she" else "she", set()))
    # Who a word for kin makes a "she" or a "he" ("my uncle Bertil" is a he): they first, and
    # not as the other.
    kin = _kin_pronouns(before)
    other |= {n for n, p in kin.items() if p != pronoun}
    named.sort(key=lambda n: kin.get(n) != pronoun)  # stable: the latest first within each
    return ([n for n in named if n not in other] or named)[:MAX_PEOPLE]


# The closed class of words for kin and partners that say "she" or "he", before a name.
_KIN_SHE = ("aunt|auntie|sister|mother|mum|mom|mama|daughter|wife|girlfriend|grandmother|"
            "grandma|gran|granny|nan|niece|stepmother|stepdaughter|fiancee|fianc\u00e9e|"
            "goddaughter|stepsister")
_KIN_HE = ("uncle|brother|father|dad|papa|son|husband|boyfriend|grandfather|grandpa|grandad|"
           "nephew|stepfather|stepson|fiance|fianc\u00e9|godson|stepbrother")
_KIN = re.compile(rf"\b(?:(?P<she>{_KIN_SHE})|(?P<he>{_KIN_HE}))(?:'s)?,?\s+(?P<name>[A-Z][\w'-]*)",
                  re.I)


def _kin_pronouns(texts: list[str]) -> dict[str, str]:
    """The names a word for kin before them makes "she" or "he": {"Bertil": "he"}."""
    out: dict[str, str] = {}
    for text in texts:
        for m in _KIN.finditer(text):
            if m.group("name")[0].isupper():
                out[m.group("name")] = "she" if m.group("she") else "he"
    return out


def grammar_safe(text: str) -> str:
    """The text as a schema constant can hold it: llama-cpp-python's schema-to-grammar
    conversion writes a double quote or a backslash in a constant as an invalid grammar, and
    llama.cpp then crashed the process (SIGSEGV) on a shown memory 'Asked: "..."' or a part
    that quotes a name. They become ' and /; code reads the parts as written."""
    return text.replace('"', "'").replace("\\", "/")


def _object(properties: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": properties, "required": list(properties),
            "additionalProperties": False}


class SortParts(dspy.Signature):
    conversation: str = dspy.InputField(desc="the latest messages, oldest first")
    conversation_date: str = dspy.InputField(desc="when this conversation happened")
    existing_memories: str = dspy.InputField(
        desc="the user's related memories, one per line as `id: text [categories]`")
    parts: str = dspy.InputField(desc="the user's latest message, in numbered parts")
    sorted_parts: list[dict[str, Any]] = dspy.OutputField(
        desc="one entry per part, in order: {part, kind, user_name?, memories?, removes?}")
    shown_memories: list[dict[str, Any]] = dspy.OutputField(
        desc="the first existing memories, in order, each {memory, now}: after this message "
             "it is unchanged, changed, or no_longer_true")


SortParts = SortParts.with_instructions(load_sections(PROMPT)["parts"])


def _proper_names(text: str) -> set[str]:
    """Capitalised words past the first of the text: names of people and places (in scripts
    with capitals; elsewhere the set is empty and nothing is checked)."""
    words = _WORD.findall(text)[1:]
    return {w for w in words if len(w) > 1 and w[0].isupper() and not w.isupper()
            and w.lower() not in NEUTRAL_WORDS}  # "Friday", "March": dates, not names
