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
from chatbot.agents.habits import with_habit
from chatbot.agents.language import language_of, message_language
from chatbot.agents.left_out import (
    names_only,
    only_everyday_words,
    only_points_back,
    unjoined_state,
    unsaid_home,
    with_left_out,
)
from chatbot.agents.meant import meant_instead, with_taken_back
from chatbot.agents.memory_form import clauses_apart, with_asked_thing, with_their_verb
from chatbot.agents.new_facts import with_said_date, without_bare_times
from chatbot.agents.own_words import (
    clauses_for,
    copied_elsewhere,
    in_their_words,
    invents,
    names_in,
    one_person_each,
    only_copies_with_news,
    own_words_instead,
    said_again,
    without_inventions,
)
from chatbot.agents.part_checks import (
    after_colon,
    category_of,
    forgotten,
    joined_details,
    led_by_who,
    linked,
    names_beyond,
    off_target,
    only_copies,
    replaces_what_it_drops,
    says_it_again,
    told_abroad,
    whose_clause,
    with_what,
    without_misplaced,
)
from chatbot.agents.parts import (
    _WORD,
    KEEP,
    MAX_MEMORY_CHARS,
    MAX_REVIEWED,
    NOTHING,
    _proper_names,
    asked_about,
)
from chatbot.agents.put_right import (
    announces_a_correction,
    named_instead,
    put_right_words,
    renamed_anyway,
    renumbered_anyway,
    reworded_anyway,
    says_got_wrong,
)
from chatbot.agents.questions import only_asks, with_elided_i
from chatbot.agents.rare_words import _lower_words, _rare, _with_their_words, as_the_model_spells
from chatbot.agents.referents import (
    its_name,
    of_someone,
    referent_name,
    with_clause_referents,
    with_its_name,
    with_referents,
)
from chatbot.agents.reply_requests import (
    ADDRESSES,
    as_asked,
    as_filed,
    asks_not_to_keep,
    asks_nothing,
    asks_to_keep,
    copied_fact,
    for_good,
    said_then_asked,
    turns_to_another,
    withholds_what_follows,
    without_keep_request,
)
from chatbot.agents.restated import without_restated_facts
from chatbot.agents.spelling import entries_as_typed
from chatbot.agents.statements import (
    is_news,
    said_as_memory,
    said_of_the_day,
    statements,
    within,
)
from chatbot.agents.told import OWNED
from chatbot.agents.user_name import as_theirs, called_me, only_a_name, user_name
from chatbot.agents.wording import (
    ASKED,
    NAME_FACT,
    before_hypothetical,
    is_hypothetical,
    third_person,
    with_copula,
    with_owner,
    with_relation,
    with_whole_words,
)
from chatbot.memory.timeparse import find_span


def _abroad(part: str, message: str) -> bool:
    """The part is in another language, and so is its message: "i collect antique compasses"
    alone is French to the identifier, in a message plainly English (sealed38 kept it as
    'Said: "I collect antique compasses"')."""
    return language_of(part) not in (None, "English") and message_language(message) != "English"


# A memory of the user's name itself, which names no one else.
_OF_THE_NAME = re.compile(r"^(?:(?:their|user's|my)\s+)?(?:first\s+)?name\s+is\b|^is\s+called\b",
                          re.I)
_TITLE = re.compile(r"(?i:mrs|mr|ms|miss|dr|prof)\.?")


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


def tool_calls(entries: Any, ids: list[int], *, message: str = "", known: str = "",
               shown: dict[int, str] | None = None, reviews: Any = None,
               similarity: Callable[[str, str], float] | None = None,
               day: date | None = None, parts: list[str] | None = None,
               procedural: set[int] | frozenset[int] = frozenset(),
               earlier: list[str] | tuple[str, ...] = (),
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
        entries = without_misplaced([{**e, "part": p} if isinstance(e, dict) else e
                                     for e, p in zip(entries, parts, strict=False)])
    # "... the lake ferry now... no wait i meant the river ferry": the message's own word put
    # right in its parts, before anything is read of them.
    entries, took_back = with_taken_back(entries_as_typed(entries, message), message, day)
    # A name any memory of the message gives to something else is not the user's ("Lives in
    # Lisbon" beside a user name "Lisbon"; "Has a tortoise named Gus").
    every_memory = [t for e in entries if isinstance(e, dict) for t, _, _ in _memories(e)
                    if not (only_a_name(e) and stems(t) - stems(message))
                    and not _OF_THE_NAME.match(t)]  # "Name is Wilf" (sealed45: no name kept)
    context = asked_about(message)
    shown_facts = {i: t for i, t in shown.items() if i not in procedural}
    shown_words = _lower_words(" ".join(shown.values()))
    facts: list[dict[str, Any]] = []
    preferences: list[tuple[str, list[str], bool]] = []  # text, categories, asks the assistant
    removes: list[int] = []
    forgets: set[int] = set()  # asked to be forgotten
    updates: dict[int, dict[str, Any]] = {}
    before = list(earlier)  # the user's words before the part: who "they" is
    called: str | None = None  # the user's name, as a part of the message gave it
    gone_names: set[str] = set()  # names of the shown facts this message ends ("Gudrun")
    wrong: int | None = None  # the shown memory the message says is wrong (`disputed`)
    withheld = False  # a part asked not to keep what follows it
    # The shown memories the model's own review calls unchanged (`off_target`).
    unchanged = {i for i, verdict in zip(ids[:MAX_REVIEWED], reviews if isinstance(
        reviews, list) else [], strict=False)
        if isinstance(verdict, dict) and verdict.get("now") == "unchanged"}
    # "no wait sorry i meant july!! june is the stag do.": a word taken back for another, read
    # on the whole message (the model cut the take-back from the word it takes back).
    if not took_back:
        meant_instead(message, shown_facts, updates)
    for entry in entries if isinstance(entries, list) else []:
        if not isinstance(entry, dict):
            continue
        kind = str(entry.get("kind") or "").strip().lower()
        part = str(entry.get("part") or "")
        before.append(part)
        if withheld and not turns_to_another(part):
            continue  # after "pls dont remember any of this convo ok?"
        if withholds_what_follows(part):
            withheld = True
            continue
        withheld = False
        given = set(updates)  # memories an earlier part of the message gave a new version
        # News of the user's own filed as how to reply ("Oh, forgot to say - I've jacked in
        # the bell-ringing."; "Correction: I've got 3 kids, not 2"): read for what it ends or
        # corrects, and kept as a fact, not as a standing preference.
        news = kind == "how_to_reply" and is_news(part)
        if wrong is None:
            wrong = disputed(part, shown_facts, updates)
        if kind == "forget" and reworded_anyway(part, shown_facts, updates):
            continue  # "i dont play the sackbut, i play the shawm": a new version, not gone
        if kind == "forget" and REMINDS.search(with_apostrophes(part)):
            continue  # "my locker combo at the curling club is ..., dont let me forget it"
        if kind == "forget" and entry.get("removes") in ids:
            named = forgotten(part, entry["removes"],
                              {i: shown_facts[i] for i in ids if i in shown_facts})
            removes += named
            forgets.update(named)
            continue
        if NOT_TO_KEEP.search(part):
            continue  # "Please don't save this anywhere: the padlock ... opens with ..."
        if asks_to_forget(part):
            # A request to take something out of memory, whatever the model filed it as
            # ("Could you erase everything about my ex, Lambert?" came as how to reply, with
            # unrelated memories): it removes the shown facts it names, and keeps nothing.
            named = named_in(part, {i: shown_facts[i] for i in ids if i in shown_facts})
            removes += named
            forgets.update(named)
            continue
        if is_hypothetical(part) and (real := before_hypothetical(part)) is not None:
            # "i work as a court interpreter and honestly if i ever quit id open a taco truck"
            part = real
            entry = {**entry, "part": real, "memories": [
                m for m in entry.get("memories") or []
                if stems(str(m.get("memory") if isinstance(m, dict) else m)) & stems(real)]}
            kind = kind if kind in KEEP else "fact"
        if (is_hypothetical(part) or of_the_moment(part)  # "I'm off to put the kettle on"
                or (kind := as_filed(part, kind)) is None):
            continue
        if news and renumbered_anyway(part, shown_facts, updates):
            continue
        # "you've got my sister's name wrong"
        if (renamed_anyway(part, shown_facts, updates, message)
                or named_instead(part, shown_facts, updates, message)):  # "no sorry, Bern!"
            continue
        if kind in ("how_to_reply", *NOTHING) and announces_a_correction(part):
            continue  # "I need to correct something I told you previously."
        if (kind == "how_to_reply" and asks_to_keep(part) == "it") or asks_not_to_keep(part):
            continue  # "can u hang on to it for me?": keeping is this agent's own work
        if kind == "how_to_reply" and (says_got_wrong(part) or news or asks_to_keep(part)):
            # "No, you've got it wrong." or news ("quick correction, its the concertina i play
            # ..., not the bodhran") puts a fact right, "remember that my mum's birthday is 3
            # May" asks to keep one; neither asks anything of replies to come.
            kind = "fact"
        if kind in KEEP and reworded_anyway(part, shown_facts, updates,
                                            written=" ".join(t for t, _, _ in _memories(entry))):
            continue  # "X, not Y", and no memory of the part says X: Y is replaced by X
        ended: set[str] = set()  # the words of facts this part ends, and its own
        if (kind != "how_to_reply" or news) and (gone := ended_facts(
                part, _memories(entry), shown_facts, {**updates, **dict.fromkeys(removes)})
                ) and not any(moved_from(t, shown_facts, updates) in gone  # "Moved to X"
                              for t, _, _ in _memories(entry)):
            ending, after = ending_and_next(part, [shown[i] for i in gone])
            updates[gone[0]] = {"memory_id": gone[0], "categories": [],
                                "updated_memory_text": as_ended(ending, [shown[i] for i in gone],
                                                                 day)}
            if after:  # "..., starting as a tea taster for an importer in swindon on monday"
                facts.append({"text": third_person(with_elided_i(after)), "categories": [],
                              "kind": "event" if day and find_span(after, day) else "fact"})
            removes += gone[1:]
            ended = stems(part).union(*(stems(shown[i]) for i in gone))
            gone_names |= _lower_words(" ".join(" ".join(names_in(shown[i])) for i in gone)) & (
                _lower_words(part))
        if kind in ("how_to_reply", *NOTHING) and (cut := said_then_asked(part)) is not None:
            # "im moving to Feldkirch ..., so from now on please only answer me in german": the
            # news is a fact (the model's memories of it, else its words), the rest the request
            said, asked = cut
            own = [(t, c) for t, c, _ in _memories(entry)
                   if stems(t) & stems(said) and not stems(t) & (stems(asked) - stems(said))]
            facts += [{"text": t, "categories": c, "kind": "fact"}
                      for t, c in own or [(third_person(with_apostrophes(said)), [])]]
            preferences.append((f'{ASKED}"{asked}"', [], True))
            continue
        if kind in NOTHING and (name := called_me(part)) is not None:
            facts.append({"text": NAME_FACT + name, "categories": ["identity"], "kind": "fact"})
            called = name  # "btw nobody calls me Persephone ..., call me Percy pls."
        if kind in NOTHING and for_good(part):
            # "so could you answer me in german from now on?" came as a question: a request
            # for good is how to reply, whatever its question mark.
            preferences.append((as_asked(part, part), [], True))
            continue
        if kind not in KEEP:
            # The model files some facts as nothing to keep ("Sorry, I got that wrong: Lena
            # is seven, not six", "Oh, and I just got a gecko called Juniper" as small talk):
            # code keeps what the part's own structure shows.
            # Not a clause said to ask the question after it, which the model filed with the
            # question ("I'm hosting friends on Saturday, what main course should I make?"),
            # unless it names someone or something no shown memory names ("My son Wilfred
            # starts at a new school on Monday ... - what could I say to reassure him?") or
            # says a rare word none says ("i dont eat okra and im training for a dragon boat
            # race in june, whats a good breakfast ...?", sealed21).
            if (kind not in NOTHING or renumbered_anyway(part, shown, updates)
                    or reworded_anyway(part, shown_facts, updates)
                    or (part.strip() in context
                        and not {w.lower() for w in _proper_names(part)} - shown_words
                        and not {w.lower() for w in _WORD.findall(part) if _rare(w)}
                        - shown_words)):
                continue
            said_facts = statements(part, shown, day) or within(part, shown, day)
            if says_it_again(part, [(t, [], None) for t, _ in said_facts], shown_facts):
                continue  # "as i mentioned, i do gaelic lessons on tuesdays 🙂" (small talk)
            if said_facts:
                kind = "plan_or_event" if any(k == "event" for _, k in said_facts) else "fact"
                found = [(t, [], None) for t, _ in said_facts]
            elif told_abroad(part, shown_words):
                kind, found = "fact", in_their_words(part, [(part, [], None)])
            elif (theirs := of_someone(part, before[:-1])) is not None:
                kind, found = "fact", [(theirs, [], None)]  # "hes turning 8 and ..."
            else:
                continue
        else:
            if _abroad(part, message) and said_again(part, _memories(entry), shown_facts):
                continue  # "zoals ik al zei, ..." beside the shown memory the model copied
            if only_asks(part) and all(stems(t) <= stems(" ".join(shown.values()))
                                       for t, _, _ in _memories(entry)):
                continue  # "what kind of animal is marmite" filed as "Marmite is a cat"
            if says_it_again(part, _memories(entry), shown_facts):
                continue  # "as i mentioned, i do gaelic lessons on tuesdays"
            name = user_name(entry, message, every_memory)
            if name is not None:
                facts.append({"text": NAME_FACT + name, "categories": ["identity"],
                              "kind": "fact"})
                called = name
            found = without_bare_times(
                [(with_said_date(as_theirs(t, name or called), part, day), c,
                  None if off_target(t, r, part, shown, unchanged) else r)
                 for t, c, r in _memories(entry)], day)
            if only_a_name(entry):  # the schema asked for a memory: "Ben is a person"
                found = [m for m in found if stems(m[0]) <= stems(message)]
            # Who a part led by "she", "he" or "they" is about: the model's choice, else the
            # name the user's words before it give ("My flatmate Emrys uses they/them").
            about = entry.get("about")
            if not isinstance(about, str) or _TITLE.fullmatch(about.strip()):
                about = referent_name(part, before[:-1])  # "Mrs" for "Mrs Okonkwo" (sealed34)
            found = joined_details([(with_owner(with_relation(with_whole_words(with_their_verb(
                with_copula(led_by_who(t, about or whose_clause(t, part), known or message),
                            part), part), part), known or message, part), part), c, r)
                for t, c, r in found
                if not copied_elsewhere(t, part, known or message, kind)], part)
            found = clauses_apart(found)  # "... make the best sarmale and we have a cat ..."
            found = [(with_its_name(t, part, before[:-1]), c, r) for t, c, r in found]
            if found and (pet_name := its_name(part, before[:-1])) is not None:
                found = [(pet_name, found[0][1], None)]  # "his name is sigismund"
            found = [f for f in found if not said_of_the_day(f[0], part)  # "head is mush"
                     and not unsaid_home(f[0], part)  # a café "near the station"
                     and not unjoined_state(f[0], part)  # "..., so nervous"
                     and not (f[2] is None and (names_only(f[0])  # "Gliwice"
                                                or only_everyday_words(f[0])))]  # "Same town"
            found = with_habit(found, part)  # "... with my cousins every saturday"
            if (kind == "how_to_reply" or news) and (
                    fact := copied_fact(part, found, shown_facts)) is not None:
                # A known fact written for a part that asks nothing of the assistant: the
                # part speaks of that fact, in the user's words its new version or nothing.
                if not stems(part) - stems(shown[fact]):
                    continue
                kind, found = "fact", [(said_as_memory(part), found[0][1], fact)]
            kept = without_inventions(part, found, known or message)
            copied = False  # the model's memories only copy shown ones; the part says more
            if kept is not found:  # what nobody said is dropped; nothing of the user's to keep
                found = kept
            elif part and not only_copies(part, found, shown_facts, day, before[:-1]) and (
                    why := own_words_instead(part, found, name, shown, known or message, kind)
                    or (copied := kind != "how_to_reply"
                        and only_copies_with_news(part, found, shown))
            ) and not replaces_what_it_drops(why, found, shown_facts, updates, part):
                made_up = [f for f in found if invents(f[0], known or message)]
                if (isinstance(why, str) and _abroad(part, message)
                        and len(made_up) < len(found)):
                    # In another language the part whole is found by no English search
                    # and read by no English reply: the names left out go in brackets,
                    # after the memories that name only what was said ("Lives in Rome" for
                    # "Mia figlia Ludovica ... si trasferisce a Udine" is nobody's).
                    found = _with_their_words(part, [f for f in found if f not in made_up],
                                              name, also=(why, *_proper_names(part)))
                else:
                    clauses = clauses_for(part, why, found, name, shown, known or message, kind)
                    if clauses:  # "my daughter Nneka turns 7 ... and she's obsessed w/ ..."
                        clauses = with_clause_referents(clauses, before[:-1])
                    cats, theirs = category_of(part, found), [t for t, _, _ in found]
                    found = clauses or ([] if only_points_back(part) else [  # "I mixed the two up."
                        (with_referents(part, before[:-1]), cats,
                         None if copied else linked(found, ids, shown, part))])
                    # The user's words without a lead-in ("Allow me to introduce myself: my
                    # name is ...", sealed21), spelled as the model spelled them ("Kelowna")
                    found = [(after_colon(as_the_model_spells(t, theirs), name), c, r)
                             for t, c, r in found]
            if kind == "fact":
                found = clauses_apart(with_left_out(part, found, name))
                asked = before[-2] if len(before) > 1 else ""  # "any tips for ... a slackline??"
                found = [(with_asked_thing(t, part, asked), c, r) for t, c, r in found]
            if kind != "how_to_reply" and _abroad(part, message):
                # the user's own words (their rare words in brackets are not needed beside them);
                # not a reply preference: code reads its format in English (reply_style), and
                # 'Said: "... en forma de lista con viñetas ..."' gave no bullets
                found = in_their_words(part, found)
        found = [denied_copy(t, c, r, part, shown, updates) for t, c, r in one_person_each(found)]
        # Any kind: a correction may come as how to reply ("Sorry, I got that wrong: ...").
        if (old := corrected(part, found, shown, updates)) is not None:
            found = as_correction(found, old, shown[old], similarity)
        elif (wrong is not None and wrong not in updates and kind == "fact" and found
              and all(r is None for _, _, r in found)):
            found, wrong = as_disputed(found, wrong, shown, message, similarity), None
        # Nor a new fact (its verb aside: "Started working as a cutler", sealed28) about what the
        # message ended: "Gudrun: fifteen years old" for "She was fifteen" after "We lost Gudrun".
        found = [(t, c, r if r is not None else replaced_by(t, shown, updates))
                 for t, c, r in found if not (ended and stems(t.partition(" ")[2]) <= ended)
                 and not (r is None and _lower_words(t) & gone_names
                          and (day is None or find_span(t, day) is None))]
        for text, cats, target in found:
            if target in given and not names_beyond(text, updates[target]):
                # The model's version of a memory an earlier part already put right ("Brother's
                # name is Jarle" after "You've got my brother's name wrong." gave "Has a
                # brother called Jarle"): the same news again, not a fact of its own.
                continue
            if target in ids and target not in updates:
                if new_words(text, shown.get(target, "")):
                    updates[target] = {"memory_id": target, "updated_memory_text": text,
                                       "categories": cats}
            elif kind == "how_to_reply":
                if not asks_nothing(text, cats, part):
                    preferences.append((as_asked(text, part), cats, bool(ADDRESSES.search(part))))
            else:
                facts.append({"text": with_what(text, facts, day), "categories": cats,
                              "kind": "event" if kind == "plan_or_event" else "fact"})
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
    facts = [f for f in facts
             if not any(old in _lower_words(f["text"]) and new not in _lower_words(f["text"])
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
