"""The tool calls the memory agent's sorted parts ask for (chatbot.agents.parts makes the
schema the small model's reply is held to; this reads that reply).

Code checks each entry against the part it sorts: a memory that leaves out who the part is
about, or names what nobody said, gives way to the part's own words (chatbot.agents.own_words);
corrections the entries imply become updates of the shown memory (chatbot.agents.corrections);
relative dates are put back to be resolved in code (chatbot.agents.new_facts); a part filed as
nothing to keep that states something of the user's own by its structure is kept
(chatbot.agents.statements); the user's own name is read by chatbot.agents.user_name.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from typing import Any

from chatbot.agents.casual import with_apostrophes
from chatbot.agents.corrections import (
    about_an_old_value,
    as_correction,
    as_disputed,
    corrected,
    denied_copy,
    disputed,
    moved_from,
    new_words,
    replaced_by,
    review,
    spoken_of,
)
from chatbot.agents.endings import as_ended, ended_facts, ending_and_next
from chatbot.agents.forgets import (
    REMINDS,
    asks_to_forget,
    named_in,
    not_a_preference,
    without_forgotten,
)
from chatbot.agents.guards import NOT_TO_KEEP, of_the_moment, stems
from chatbot.agents.hypothetical import before_hypothetical, is_hypothetical, says_what_if
from chatbot.agents.meant import meant_instead, with_taken_back
from chatbot.agents.own_words import names_in, one_person_each
from chatbot.agents.part_checks import forgotten, names_beyond, with_what, without_misplaced
from chatbot.agents.part_found import Found, Reading, from_memories, from_statements, memories_of
from chatbot.agents.parts import KEEP, MAX_REVIEWED, NEGATION, NOTHING, asked_about
from chatbot.agents.pieces import SALUTATION, pasted_line
from chatbot.agents.put_right import (
    announces_a_correction,
    named_instead,
    put_right_words,
    renamed_anyway,
    renumbered_anyway,
    reworded_anyway,
    said_apart,
    says_got_wrong,
)
from chatbot.agents.questions import asks_unmarked, with_elided_i
from chatbot.agents.rare_words import _lower_words
from chatbot.agents.referents import referent_name
from chatbot.agents.reply_requests import (
    ADDRESSES,
    as_asked,
    as_filed,
    asks_not_to_keep,
    asks_nothing,
    asks_to_keep,
    for_good,
    said_then_asked,
    turns_to_another,
    withholds_what_follows,
    without_keep_request,
)
from chatbot.agents.restated import without_restated_facts
from chatbot.agents.spelling import entries_as_typed
from chatbot.agents.statements import is_news, without_lead_in
from chatbot.agents.told import OWNED
from chatbot.agents.user_name import called_me, only_a_name, said_name
from chatbot.agents.wording import (
    ASKED,
    NAME_FACT,
    third_person,
)
from chatbot.memory.timeparse import find_span

_WHEN_WORDS = 8  # "Tuesday the 19th, quarter past four." is 6


def _only_when(part: str, day: date | None) -> bool:
    """The part is a short date and time that asks nothing of the assistant."""
    return (day is not None and len(part.split()) <= _WHEN_WORDS and not ADDRESSES.search(part)
            and find_span(part, day) is not None)


# A memory of the user's name itself, which names no one else.
_OF_THE_NAME = re.compile(r"^(?:(?:their|user's|my)\s+)?(?:first\s+)?name\s+is\b|^is\s+called\b",
                          re.I)


def tool_calls(entries: Any, ids: list[int], *, message: str = "", known: str = "",
               shown: dict[int, str] | None = None, reviews: Any = None,
               similarity: Callable[[str, str], float] | None = None,
               day: date | None = None, parts: list[str] | None = None,
               procedural: set[int] | frozenset[int] = frozenset(),
               earlier: list[str] | tuple[str, ...] = (),
               replied: list[str] | tuple[str, ...] = (),
               ) -> list[tuple[str, dict[str, Any]]]:
    """The tool calls the sorted parts ask for: corrections and forgets first, then one
    add_memory with every fact and reply preference; noop when there is nothing to do.

    message: the user's latest message; known: the user's words and the shown memories;
    shown: the shown memories' texts by id; reviews: the model's `shown_memories`;
    similarity(a, b): how close two texts are (a memory said to have changed takes the new
    fact closest to it as its new version); day: the conversation's date (a relative date
    the part gives and its memory left out is put back, to be resolved in code); replied:
    the assistant's words (a memory in them, not the user's, keeps the part's own words).
    Checks in code: an entry whose memories leave out a name the part says ("Lives in Rome"
    for "My sister Ana lives in Rome") or name what nobody said keeps the part's own words
    instead, and a correction that only repeats the shown memory is not made. Entries that
    do not fit the schema are skipped.
    """
    shown = shown or {}
    if parts is not None and isinstance(entries, list):  # each entry's part as written
        entries = without_misplaced([{**e, "part": p} if isinstance(e, dict) else e
                                     for e, p in zip(entries, parts, strict=False)])
        # A question typed without its mark is one, whatever the model filed it as; a
        # letter's greeting ("Dear Ms Thistlewood,", sealed52 kept it) and a line of a pasted
        # receipt ("FREE RANGE EGGS x6  €2.10", sealed53) are no facts.
        entries = [{**e, "kind": "question"} if isinstance(e, dict) and asks_unmarked(
            str(e.get("part") or "")) else {**e, "kind": "small_talk"} if isinstance(
            e, dict) and (SALUTATION.match(part := str(e.get("part") or ""))
                          or pasted_line(part)) else e for e in entries]
        # A day and a time alone are when something is, not how to reply: "Tuesday the 19th,
        # quarter past four." (sealed52 kept it as a reply preference)
        entries = [{**e, "kind": "fact"} if isinstance(e, dict) and e.get("kind") == "how_to_reply"
                   and _only_when(str(e.get("part") or ""), day) else e for e in entries]
    # "... the lake ferry now... no wait i meant the river ferry": the message's own word put
    # right in its parts, before anything is read of them.
    entries, took_back = with_taken_back(entries_as_typed(entries, message), message, day)
    r = Reading(
        message=message, known=known, shown=shown, ids=ids, day=day, similarity=similarity,
        shown_facts={i: t for i, t in shown.items() if i not in procedural},
        context=asked_about(message),
        asked=" ".join(str(e.get("part") or "") for e in entries if isinstance(e, dict)
                       and str(e.get("kind") or "").strip().lower() in ("question", "request")),
        # A name any memory of the message gives to something else is not the user's
        # ("Lives in Lisbon" beside a user name "Lisbon"; "Has a tortoise named Gus").
        every_memory=[t for e in entries if isinstance(e, dict) for t, _, _ in memories_of(e)
                      if not (only_a_name(e) and stems(t) - stems(message))
                      and not _OF_THE_NAME.match(t)],  # "Name is Wilf" (sealed45: no name kept)
        unchanged={i for i, verdict in zip(ids[:MAX_REVIEWED], reviews if isinstance(
            reviews, list) else [], strict=False)
            if isinstance(verdict, dict) and verdict.get("now") == "unchanged"},
        before=list(earlier), replied=list(replied))
    # "no wait sorry i meant july!! june is the stag do.": a word taken back for another, read
    # on the whole message (the model cut the take-back from the word it takes back).
    if not took_back:
        meant_instead(message, r.shown_facts, r.updates)
    if (apart := said_apart(message)) is not None and reworded_anyway(apart, r.shown_facts,
                                                                       r.updates):
        r.settled = stems(apart) | stems("correction")  # its parts say nothing more
    for entry in entries if isinstance(entries, list) else []:
        if isinstance(entry, dict):
            _read(r, entry)
    return _calls(r, reviews, earlier)


def _read(r: Reading, entry: dict[str, Any]) -> None:
    """Reads one sorted part: what it asks to forget, ends or corrects, and what it keeps."""
    shown, shown_facts, updates, ids, day = r.shown, r.shown_facts, r.updates, r.ids, r.day
    message = r.message
    kind = str(entry.get("kind") or "").strip().lower()
    part = str(entry.get("part") or "")
    r.before.append(part)
    if r.settled and stems(part) <= r.settled:
        return  # "not knaresborough." and "thirsk.", read whole already
    if r.withheld and not turns_to_another(part):
        return  # after "pls dont remember any of this convo ok?"
    if withholds_what_follows(part):
        r.withheld = True
        return
    r.withheld = False
    given = set(updates)  # memories an earlier part of the message gave a new version
    # News of the user's own filed as how to reply ("Oh, forgot to say - I've jacked in
    # the bell-ringing."; "Correction: I've got 3 kids, not 2"): read for what it ends or
    # corrects, and kept as a fact, not as a standing preference.
    news = kind == "how_to_reply" and is_news(part)
    if r.wrong is None:
        r.wrong = disputed(part, shown_facts, updates)
    if kind == "forget" and reworded_anyway(part, shown_facts, updates):
        return  # "i dont play the sackbut, i play the shawm": a new version, not gone
    if kind == "forget" and REMINDS.search(with_apostrophes(part)):
        return  # "my locker combo at the curling club is ..., dont let me forget it"
    if kind == "forget" and entry.get("removes") in ids:
        named = forgotten(part, entry["removes"],
                          {i: shown_facts[i] for i in ids if i in shown_facts}, r.before[:-1])
        r.removes += named
        r.forgets.update(named)
        return
    if NOT_TO_KEEP.search(part):
        return  # "Please don't save this anywhere: the padlock ... opens with ..."
    if asks_to_forget(part):
        # A request to take something out of memory, whatever the model filed it as
        # ("Could you erase everything about my ex, Lambert?" came as how to reply, with
        # unrelated memories): it removes the shown facts it names, and keeps nothing.
        named = named_in(part, {i: shown_facts[i] for i in ids if i in shown_facts})
        r.removes += named
        r.forgets.update(named)
        return
    if is_hypothetical(part) and (real := before_hypothetical(part)) is not None:
        # "i work as a court interpreter and honestly if i ever quit id open a taco truck"
        part = real
        entry = {**entry, "part": real, "memories": [
            m for m in entry.get("memories") or []
            if stems(str(m.get("memory") if isinstance(m, dict) else m)) & stems(real)]}
        kind = kind if kind in KEEP else "fact"
    if (is_hypothetical(part) or of_the_moment(part)  # "I'm off to put the kettle on"
            or (kind := as_filed(part, kind)) is None):
        return
    if news and renumbered_anyway(part, shown_facts, updates):
        return
    # "you've got my sister's name wrong"
    if (renamed_anyway(part, shown_facts, updates, message)
            or named_instead(part, shown_facts, updates, message)):  # "no sorry, Bern!"
        return
    if kind in ("how_to_reply", *NOTHING) and announces_a_correction(part):
        return  # "I need to correct something I told you previously."
    if (kind == "how_to_reply" and asks_to_keep(part) == "it") or asks_not_to_keep(part):
        return  # "can u hang on to it for me?": keeping is this agent's own work
    if kind == "how_to_reply" and (says_got_wrong(part) or news or asks_to_keep(part)
                                   or REMINDS.search(with_apostrophes(part))
                                   or _of_someone_else(part, r.before[:-1])):
        # "No, you've got it wrong." or news ("quick correction, its the concertina i play
        # ..., not the bodhran") puts a fact right, "remember that my mum's birthday is 3
        # May" asks to keep one ("the code for our front door is ..., dont let me forget lol"
        # too), "He's terrified of the diving board though." is news of someone the user
        # named; none asks anything of replies to come.
        kind = "fact"
    if kind in KEEP and reworded_anyway(part, shown_facts, updates,
                                        written=" ".join(t for t, _, _ in memories_of(entry))):
        return  # "X, not Y", and no memory of the part says X: Y is replaced by X
    ended: set[str] = set()  # the words of facts this part ends, and its own
    if (kind != "how_to_reply" or news) and (gone := ended_facts(
            part, memories_of(entry), shown_facts, {**updates, **dict.fromkeys(r.removes)})
            ) and not any(moved_from(t, shown_facts, updates) in gone  # "Moved to X"
                          for t, _, _ in memories_of(entry)):
        ending, after = ending_and_next(part, [shown[i] for i in gone])
        updates[gone[0]] = {"memory_id": gone[0], "categories": [],
                            "updated_memory_text": as_ended(ending, [shown[i] for i in gone],
                                                             day)}
        if after:  # "..., starting as a tea taster for an importer in swindon on monday"
            r.facts.append({"text": third_person(with_elided_i(after)), "categories": [],
                          "kind": "event" if day and find_span(after, day) else "fact"})
        r.removes += gone[1:]
        ended = stems(part).union(*(stems(shown[i]) for i in gone))
        r.gone_names |= _lower_words(" ".join(" ".join(names_in(shown[i])) for i in gone)) & (
            _lower_words(part))
    if kind in ("how_to_reply", *NOTHING) and (cut := said_then_asked(part)) is not None:
        # "im moving to Feldkirch ..., so from now on please only answer me in german": the
        # news is a fact (the model's memories of it, else its words), the rest the request
        said, asked = cut
        own = [(t, c) for t, c, _ in memories_of(entry)
               if stems(t) & stems(said) and not stems(t) & (stems(asked) - stems(said))]
        r.facts += [{"text": t, "categories": c, "kind": "fact"}
                  for t, c in own or [(third_person(with_apostrophes(said)), [])]]
        r.preferences.append((f'{ASKED}"{asked}"', [], True))
        return
    if kind in NOTHING and (name := called_me(part) or said_name(
            part, r.message, r.every_memory)) is not None:  # "im perpetua btw." as small talk
        r.facts.append({"text": NAME_FACT + name, "categories": ["identity"], "kind": "fact"})
        r.called = name  # "btw nobody calls me Persephone ..., call me Percy pls."
    if (kind in NOTHING or kind == "how_to_reply" and not any(
            stems(t) & stems(part) for t, _, _ in memories_of(entry))) and for_good(part):
        # "so could you answer me in german from now on?" came as a question: a request
        # for good is how to reply, whatever its question mark; and in its own words when
        # the model's memory of it says none of them ("Understands" for "I want two or three
        # plain sentences, ... every time I ask you something", sealed52).
        written = next((t for t, _, _ in memories_of(entry)), part)
        r.preferences.append((as_asked(written, part), [], True))
        return
    if kind not in KEEP:
        got = from_statements(r, part, kind)
        if (got is None and kind == "hypothetical" and not says_what_if(part)
                and not part.rstrip().endswith("?")):
            # nothing in it is a condition or a wish: the user's own words (sealed51 kept
            # nothing of "also joined the juggling club bc my flatmate wouldnt shut up abt it")
            said = third_person(with_elided_i(with_apostrophes(without_lead_in(part))))
            got = ("fact", [(said.rstrip(" ."), [], None)])
    else:
        got = from_memories(r, entry, part, kind, news)
    if got is not None:
        _file(r, got[1], part, got[0], given, ended)


def _of_someone_else(part: str, before: list[str]) -> bool:
    """The part says something of someone the user named before ("He's terrified of the
    diving board though." after "My son Eero has his first swimming gala on Saturday.",
    sealed48 kept it as a reply preference) and asks nothing of the assistant."""
    return not ADDRESSES.search(part) and referent_name(part, before) is not None


def _put_right_in(part: str, shown: dict[int, str], target: Any) -> str | None:
    """The shown memory a part corrects with its word put right, where the part says "X, not
    Y" of it: "Volunteers at the lifeboat station in Sheringham", not the model's "Sheringham
    is the lifeboat station", for "it's sheringham, not cromer" (sealed54)."""
    reworded: dict[int, dict[str, Any]] = {}
    if target not in shown or not reworded_anyway(part, {target: shown[target]}, reworded):
        return None
    return reworded.get(target, {}).get("updated_memory_text")


def _file(r: Reading, found: Found, part: str, kind: str, given: set[int],
          ended: set[str]) -> None:
    """Files a part's memories: as a correction of the shown memory it puts right, a new
    version of one, a reply preference, or a new fact.

    given: the memories an earlier part of the message gave a new version; ended: the words
    of the facts the part ends, and its own.
    """
    shown, updates = r.shown, r.updates
    found = [denied_copy(t, c, ref, part, shown, updates)
             for t, c, ref in one_person_each(found)]
    # Any kind: a correction may come as how to reply ("Sorry, I got that wrong: ...").
    if (old := corrected(part, found, shown, updates)) is not None:
        found = as_correction(found, old, shown[old], r.similarity)
    elif (r.wrong is not None and r.wrong not in updates and kind == "fact" and found
          and all(ref is None for _, _, ref in found)):
        found, r.wrong = as_disputed(found, r.wrong, shown, r.message, r.similarity), None
    found = [(_put_right_in(part, shown, ref) or t, c, ref) for t, c, ref in found]
    # Nor a new fact (its verb aside: "Started working as a cutler", sealed28) about what the
    # message ended: "Gudrun: fifteen years old" for "She was fifteen" after "We lost Gudrun".
    found = [(t, c, ref if ref is not None else replaced_by(t, shown, updates))
             for t, c, ref in found if not (ended and stems(t.partition(" ")[2]) <= ended)
             and not (ref is None and _lower_words(t) & r.gone_names
                      and (r.day is None or find_span(t, r.day) is None))]
    for text, cats, target in found:
        if target in given and not names_beyond(text, updates[target]):
            # The model's version of a memory an earlier part already put right ("Brother's
            # name is Jarle" after "You've got my brother's name wrong." gave "Has a
            # brother called Jarle"): the same news again, not a fact of its own.
            continue
        if target in r.ids and target not in updates:
            if new_words(text, shown.get(target, "")):
                updates[target] = {"memory_id": target, "updated_memory_text": text,
                                   "categories": cats}
        elif kind == "how_to_reply":
            if not asks_nothing(text, cats, part):
                r.preferences.append((as_asked(text, part), cats,
                                      bool(ADDRESSES.search(part))))
        else:
            r.facts.append({"text": with_what(text, r.facts, r.day), "categories": cats,
                            "kind": "event" if kind == "plan_or_event" else "fact"})


def _calls(r: Reading, reviews: Any, earlier: list[str] | tuple[str, ...]
           ) -> list[tuple[str, dict[str, Any]]]:
    """The calls the message's reading asks for, once the model's review of the shown
    memories is read and the new facts that only restate old values are dropped."""
    shown, updates, message, similarity = r.shown, r.updates, r.message, r.similarity
    facts, preferences, removes = r.facts, r.preferences, r.removes
    ids, forgets, before = r.ids, r.forgets, r.before
    # The model's review of the shown memories pairs a changed one with its new version. A
    # part it filed as how to reply is a candidate too: "Correction: I moved from Lisbon to
    # Porto" came as a reply preference beside "Lives in Lisbon" reviewed as changed; a real
    # reply preference is not close to a shown fact (corrections.PAIR_MIN).
    pool = facts + [{"text": p, "categories": cats, "kind": "fact", "asked": True,
                     "request": request} for p, cats, request in preferences]
    review(reviews, ids[:MAX_REVIEWED], shown, pool, updates, removes, similarity)
    # A new fact that says no more than the old text of a memory this message changes is the
    # old value again ("Walnuts are totally fine for me" came as "Allergic to walnuts" beside
    # the walnut allergy corrected to hazelnuts); unless it is about someone of the user's the
    # message names ("Neuchâtel is where my sister lives" after "no sorry, Bellinzona!").
    old_values = [stems(shown[i]) for i in updates if i in shown]
    theirs = stems(" ".join(OWNED.findall(message)))
    facts = [f for f in pool if not f.get("asked")
             and not any(stems(f["text"]) <= old for old in old_values)
             and not (about_an_old_value(f["text"], shown, updates)
                      and not stems(f["text"]) & theirs)]
    facts = without_forgotten(forgets, shown, updates, facts)
    # Nor one that says what the message puts right and not what it puts in its place ("Tango
    # classes held on Thursdays" beside "correction, its salsa not tango").
    wrong_words = [pair for p in before[len(earlier):] for pair in put_right_words(p)]
    # Nor one that denies what it puts in place ("Indian Runners are not ducks" beside
    # "they're not chickens, they're ducks", sealed53).
    facts = [f for f in facts
             if not any(old in _lower_words(f["text"]) and new not in _lower_words(f["text"])
                        or new in _lower_words(f["text"]) and NEGATION.search(f["text"])
                        for new, old in wrong_words)
             or stems(f["text"]) & theirs]  # "the sackbut is my mate's instrument"
    facts = without_restated_facts(facts)  # nor one another of them says in full
    facts = [{**f, "text": without_keep_request(f["text"])} for f in facts]  # "pls save it"
    requests = {f["text"] for f in pool if f.get("request")}
    preferences = list(dict.fromkeys(f["text"] for f in pool if f.get("asked")))
    calls: list[tuple[str, dict[str, Any]]] = [("update_memory", u) for u in updates.values()]
    removes = [i for i in spoken_of(list(dict.fromkeys(removes)), shown, message, similarity)
               if i not in updates]
    if removes:
        calls.append(("delete_memory", {"memory_ids": removes}))
        preferences = not_a_preference(preferences, requests, removes, forgets, shown)
    if facts or preferences:
        calls.append(("add_memory", {"facts": facts, "reply_preferences": preferences}))
    return calls or [("noop", {})]
