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

import re
from collections.abc import Callable
from datetime import date
from difflib import get_close_matches
from typing import Any

import dspy

from chatbot.agents.corrections import (
    as_correction,
    corrected,
    new_words,
    renumbered,
    renumbered_anyway,
    review,
)
from chatbot.agents.guards import NEUTRAL_WORDS, said_in, stems
from chatbot.agents.language import language_of
from chatbot.agents.new_facts import with_said_date
from chatbot.agents.prompts import load_sections
from chatbot.agents.wording import is_hypothetical, leads_in_first_person, third_person
from chatbot.memory.anchors import anchors
from chatbot.memory.timeparse import UNTIL_WORDS, find_span

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
_SENTENCE = re.compile(r"(?<=[.!?;])\s+|\n+")
_WORD = re.compile(r"[^\W_]+")
_CLAUSE = re.compile(r"[,;]\s*")


def split_parts(text: str) -> list[str]:
    """The message's sentences, in order; at most MAX_PARTS (the rest stays in the last)."""
    parts = [p.strip() for p in _SENTENCE.split(text.strip()) if _WORD.search(p)]
    parts = parts or [text.strip()]
    if len(parts) > MAX_PARTS:
        parts = parts[:MAX_PARTS - 1] + [" ".join(parts[MAX_PARTS - 1:])]
    return parts


def format_parts(parts: list[str]) -> str:
    return "\n".join(f"{i + 1}. {p}" for i, p in enumerate(parts))


def parts_schema(parts: list[str], ids: list[int], shown: list[str] = (),
                 earlier: list[str] = ()) -> dict[str, Any]:
    """One entry per part, in order: the part's own words (so the model reads the part it
    sorts: with only a number it wrote part 2's fact under part 1), its kind, and the
    memories it holds where there are some to keep. `earlier`: the user's earlier messages
    (oldest first), where the people a leading "she" or "he" may be are named."""
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
        if (people := pronoun_options(part, [*earlier, *parts[:n]])):
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
_JOINERS = r"(?:and|but|so|plus|also|oh|well|anyway|actually)\b[\s,]*"
_PRONOUN_LEAD = re.compile(rf"^(?:{_JOINERS})*(?:she|he|her|his|him)\b", re.I)
MAX_PEOPLE = 6


def pronoun_options(part: str, before: list[str]) -> list[str]:
    """The people a part leading with "she" or "he" may be about: the names in the texts
    before it, the latest first; [] for any other part."""
    if not _PRONOUN_LEAD.match(part.strip()):
        return []
    named: list[str] = []
    for text in reversed(before):
        named += [w for w in reversed(_WORD.findall(text)) if w in _proper_names(text)]
    return list(dict.fromkeys(named))[:MAX_PEOPLE]


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


def _memories(entry: dict[str, Any]) -> list[tuple[str, list[str], Any]]:
    """(text, categories, id it replaces or None) per memory of one entry."""
    out = []
    for m in entry.get("memories") or []:
        if isinstance(m, str):
            m = {"memory": m}
        if not isinstance(m, dict) or not isinstance(m.get("memory"), str):
            continue
        text = m["memory"].strip()[:MAX_MEMORY_CHARS]
        category = m.get("category")
        if text:
            out.append((text, [category] if isinstance(category, str) else [], m.get("replaces")))
    return out


def _proper_names(text: str) -> set[str]:
    """Capitalised words past the first of the text: names of people and places (in scripts
    with capitals; elsewhere the set is empty and nothing is checked)."""
    words = _WORD.findall(text)[1:]
    return {w for w in words if len(w) > 1 and w[0].isupper() and not w.isupper()
            and w.lower() not in NEUTRAL_WORDS}  # "Friday", "March": dates, not names


def _name(entry: dict[str, Any], message: str, memories: list[str] = ()) -> str | None:
    """The user's name as the entry gives it, if the message says it as a name: every word
    capitalised as written there ("sister Ana" is not a name the user goes by), and none of
    the message's memories names it ("Tortoise named Gus": not the user)."""
    name = entry.get("user_name")
    if not isinstance(name, str) or not name.strip():
        return None
    name = _as_written(name.strip(), message)
    if {w.lower() for w in _WORD.findall(name)} & _lower_words(" ".join(memories)):
        return None
    found = re.search(rf"(?<!\w){re.escape(name)}(?!\w)", message, re.I)
    if found is None or not all(w[0].isupper() for w in _WORD.findall(found.group(0))):
        return None
    return found.group(0)


def _as_written(name: str, message: str) -> str:
    """The name as the message writes it when the model misspelt it ("Wibeke" for "Wiebke"):
    the message's closest capitalised word, if close enough; else the name as given."""
    if " " in name or re.search(rf"(?<!\w){re.escape(name)}(?!\w)", message, re.I):
        return name
    words = {w for w in _WORD.findall(message) if w[0].isupper()}
    close = get_close_matches(name, words, n=1, cutoff=0.8)
    return close[0] if close else name


def _lower_words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text)}


def _invents(text: str, known: str) -> bool:
    """The text names someone or something the user's words and the memories do not."""
    return bool({w.lower() for w in _proper_names(text)} - _lower_words(known))


def _drops_a_name(part: str, memories: str) -> str | None:
    """The first name the part says, if the memories leave it out: most often who it is
    about ("My sister Ana lives in Rome"); later ones may be what it denies ("..., not a
    Toyota")."""
    names = [w for w in _WORD.findall(part)[1:] if w in _proper_names(part)]
    if names and not said_in(names[0].lower(), _lower_words(memories)):
        return names[0]
    return None


# The user speaking of themselves (English; elsewhere nothing matches and nothing changes).
_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I've|I'd|I'll|my|me|mine|myself|we|our|us)\b", re.I)


def _denies_shown(name: str, part: str, memories: str, shown: dict[int, str]) -> bool:
    """The name the memories left out is the old value the part denies of a shown memory,
    and the memories keep the new one: "I don't live in Salzburg, I live in Innsbruck" as
    "Lives in Innsbruck" beside a shown "Lives in Salzburg". The clause that says the name
    is negated (anchors' closed class of negators), a shown memory names it, and the
    memories name another of the part's names. Then it is a correction (see `corrected`),
    not a memory that lost who it is about."""
    clause = next((c for c in _CLAUSE.split(part) if name in _WORD.findall(c)), "")
    if not clause or anchors(clause).negations == 0:
        return False
    if not any(said_in(name.lower(), _lower_words(text)) for text in shown.values()):
        return False
    kept = _lower_words(memories)
    return any(w.lower() in kept for w in _proper_names(part) if w != name)


def tool_calls(entries: Any, ids: list[int], *, message: str = "", known: str = "",
               shown: dict[int, str] | None = None, reviews: Any = None,
               similarity: Callable[[str, str], float] | None = None,
               day: date | None = None, parts: list[str] | None = None,
               ) -> list[tuple[str, dict[str, Any]]]:
    """The tool calls the sorted parts ask for: corrections and forgets first, then one
    add_memory with every fact and reply preference; noop when there is nothing to do.

    message: the user's latest message; known: the user's words and the shown memories;
    shown: the shown memories' texts by id; reviews: the model's `shown_memories`;
    similarity(a, b): how close two texts are (a memory said to have changed takes the new
    fact closest to it as its new version); day: the conversation's date (a relative date
    the part gives and its memory left out is put back, to be resolved in code).
    Checks in code: an entry whose memories leave out a name the part says ("Lives in Rome"
    for "My sister Ana lives in Rome") or name what nobody said keeps the part's own words
    instead, and a correction that only repeats the shown memory is not made. Entries that
    do not fit the schema are skipped.
    """
    shown = shown or {}
    if parts is not None and isinstance(entries, list):  # each entry's part as written
        entries = [{**e, "part": p} if isinstance(e, dict) else e
                   for e, p in zip(entries, parts, strict=False)]
    # A name any memory of the message gives to something else is not the user's ("Lives in
    # Lisbon" beside a user name "Lisbon"; "Has a tortoise named Gus").
    every_memory = [t for e in entries if isinstance(e, dict) for t, _, _ in _memories(e)]
    facts: list[dict[str, Any]] = []
    preferences: list[str] = []
    removes: list[int] = []
    updates: dict[int, dict[str, Any]] = {}
    for entry in entries if isinstance(entries, list) else []:
        if not isinstance(entry, dict):
            continue
        kind = str(entry.get("kind") or "").strip().lower()
        part = str(entry.get("part") or "")
        if kind == "forget" and entry.get("removes") in ids:
            removes.append(entry["removes"])
            continue
        if is_hypothetical(part):
            continue
        if kind not in KEEP:
            # The model files some facts as nothing to keep ("Sorry, I got that wrong: Lena
            # is seven, not six", "Oh, and I just got a gecko called Juniper" as small talk):
            # code keeps what the part's own structure shows.
            if kind not in NOTHING or renumbered_anyway(part, shown, updates):
                continue
            said_facts = _statements(part, shown, day)
            if not said_facts:
                continue
            kind = "plan_or_event" if any(k == "event" for _, k in said_facts) else "fact"
            found = [(t, [], None) for t, _ in said_facts]
        else:
            name = _name(entry, message, every_memory)
            if name is not None:
                facts.append({"text": f"Is called {name}", "categories": ["identity"],
                              "kind": "fact"})
            found = _without_bare_times(
                [(with_said_date(t, part, day), c, r) for t, c, r in _memories(entry)], day)
            found = [(_about(t, entry.get("about"), known or message), c, r)
                     for t, c, r in found]
            said = " ".join(t for t, _, _ in found) + f" {name or ''}"
            invents = [_invents(t, known or message) for t, _, _ in found]
            if any(invents) and not _FIRST_PERSON.search(part) and language_of(part) == "English":
                # "Not sure where Salzburg came from!" as "Salzburg is in Austria": the part
                # says nothing of the user's own to keep in its place. (English only: the
                # first person is looked for in English words.)
                found = [f for f, bad in zip(found, invents, strict=True) if not bad]
                invents = [False] * len(found)
            dropped = _drops_a_name(part, said)
            if part and ((dropped and not _denies_shown(dropped, part, said, shown))
                         or any(invents)):
                cats = next((c for _, c, _ in found if c), [])
                target = next((r for _, _, r in found if r in ids), None)
                if target is None:  # a copy of a shown memory: the part is its new version
                    target = next((i for i in ids for t, _, _ in found
                                   if i in shown and not new_words(t, shown[i])), None)
                found = [(part, cats, target)]
            if kind == "fact":
                found += [(c, [], None) for c in _left_out(part, found, name)]
        # Any kind: the model also files a correction as how to reply ("Sorry, I got that
        # wrong: I'm allergic to peanuts, not shellfish").
        if (old := corrected(part, found, shown, updates)) is not None:
            found = as_correction(found, old, shown[old], similarity)
        found = [(t, c, r if r is not None else renumbered(t, shown, updates))
                 for t, c, r in found]
        for text, cats, target in found:
            if target in ids and target not in updates:
                if new_words(text, shown.get(target, "")):
                    updates[target] = {"memory_id": target, "updated_memory_text": text,
                                       "categories": cats}
            elif kind == "how_to_reply":
                preferences.append(_as_asked(text, part))
            else:
                facts.append({"text": text, "categories": cats,
                              "kind": "event" if kind == "plan_or_event" else "fact"})
    review(reviews, ids[:MAX_REVIEWED], shown, facts, updates, removes, similarity)
    facts = list({f["text"].lower(): f for f in reversed(facts)}.values())[::-1]
    preferences = list(dict.fromkeys(preferences))
    calls: list[tuple[str, dict[str, Any]]] = [("update_memory", u) for u in updates.values()]
    removes = [i for i in dict.fromkeys(removes) if i not in updates]
    if removes:
        calls.append(("delete_memory", {"memory_ids": removes}))
    if facts or preferences:
        calls.append(("add_memory", {"facts": facts, "reply_preferences": preferences}))
    return calls or [("noop", {})]


# Words a time phrase may lead with or leave behind ("until", "from", "on").
_TIME_LEADS = UNTIL_WORDS | {"from", "on", "at", "in", "for", "since", "after", "starting"}


def _bare_time(text: str, day: date | None) -> bool:
    """The memory says only when ("Until a week from today"): a time phrase and nothing else
    but the words that lead one."""
    span = find_span(text, day or date.today())
    if span is None:
        return False
    rest = text.lower().replace(span.phrase.lower(), " ")
    return all(w in _TIME_LEADS for w in _WORD.findall(rest) if not w.isdigit())


def _without_bare_times(found: list[tuple[str, list[str], Any]], day: date | None,
                        ) -> list[tuple[str, list[str], Any]]:
    """The part's memories less those that only say when, where another memory of the part
    is there to carry the date: the model split "Florian is borrowing my van until a week
    from today" into the loan and "Until a week from today"; the loan has its date back
    already (`with_said_date`), and the date alone is no memory."""
    kept = [f for f in found if not _bare_time(f[0], day)]
    return kept if kept else found


def _as_asked(text: str, part: str) -> str:
    """A reply preference as the model wrote it, or the user's own request, quoted, when the
    model's words keep less than half of the request's ("Could you give all your replies in
    German from now on?" filed as "Wants to practice German" lost the replies): read on
    every turn, it must say what was asked."""
    asked = stems(part)
    if part.strip() and asked and len(asked & stems(text)) < len(asked) / 2:
        return f'Asked: "{part.strip()}"'
    return text


def _about(text: str, person: Any, known: str) -> str:
    """The memory of a part about "she" or "he", led by who it is about when it does not name
    them ("Retired ferry captain" about Rosalind: "Rosalind: retired ferry captain")."""
    if (not isinstance(person, str) or person.lower() not in _lower_words(known)
            or person.lower() in _lower_words(text)):
        return text
    first = _WORD.findall(text)[:1]
    if first and first[0].lower() in _LINKING:  # "Is a sound engineer": "Thabo is a ..."
        return f"{person} {text[:1].lower()}{text[1:]}"
    keep_capital = bool(first) and first[0] in _proper_names(known)  # a name stays a name
    return f"{person}: {text if keep_capital else text[:1].lower() + text[1:]}"


# Verbs a third-person memory may start with that read on after a name ("Thabo is ...").
_LINKING = frozenset("is was has had does did can will would used".split())


def _left_out(part: str, found: list[tuple[str, list[str], Any]], name: str | None,
              ) -> list[str]:
    """Clauses of the part in the user's own first person that no memory of it covers, in
    the third person: the model listing a long sentence's facts skips one ("I'm Mateo, I'm a
    paramedic, I run marathons" kept no paramedic). A clause counts only when it has a word
    of its own and shares none with the memories."""
    covered = set().union(*(stems(t) for t, _, _ in found), stems(name or ""))
    out = []
    for clause in _CLAUSE.split(part):
        clause = clause.strip(" .!?")
        worded = third_person(clause)
        words = stems(clause)
        if (leads_in_first_person(clause) and words
                and not any(said_in(w, covered) for w in words)):
            out.append(worded)
    return out


_JOINED = re.compile(rf"^{_JOINERS}", re.I)


def _statements(part: str, shown: dict[int, str], day: date | None) -> list[tuple[str, str]]:
    """(memory, "fact" or "event") for each clause of a part filed as nothing to keep that
    states something of the user's own, by its structure: it leads in the first person and
    either names what no shown memory names ("I just got a gecko called Juniper", "I live in
    Innsbruck") or gives a date ("My thesis defence is on Thursday"). In the third person;
    a dated one is an event (its date is written out on adding). "I don't live in Salzburg"
    beside a shown "Lives in Salzburg" names nothing new and is left; the clause after it is
    the correction."""
    if part.rstrip().endswith("?"):
        return []
    known = _lower_words(" ".join(shown.values()))
    out = []
    for clause in _CLAUSE.split(part):
        clause = _JOINED.sub("", clause.strip(" .!")).strip()
        if not leads_in_first_person(clause) or is_hypothetical(clause):
            continue
        dated = day is not None and find_span(clause, day) is not None
        named = {w.lower() for w in _proper_names(clause)} - known
        if not (dated or named):
            continue
        worded = third_person(clause)
        rest = _WORD.findall(worded)[1:]
        if worded.startswith("Is ") and rest and all(w in _proper_names(clause) for w in rest):
            worded = "Is called " + worded[3:]  # "I'm Kofi": a name
        out.append((worded, "event" if dated else "fact"))
    return out
