"""What one sorted part gives to keep, read by chatbot.agents.part_calls: the model's
memories of a part filed as something to keep, checked against the part (`from_memories`),
and the facts code reads in a part the model filed as nothing to keep (`from_statements`).

`Reading` is the state of one message's reading that both stages and part_calls share: the
shown memories, the user's words so far, and the calls the message asks for.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from chatbot.agents.asking import QUESTION_MARKS
from chatbot.agents.grounding import grounding
from chatbot.agents.guards import stems
from chatbot.agents.habits import with_habit
from chatbot.agents.language import language_of, message_language
from chatbot.agents.left_out import (
    names_only,
    only_everyday_words,
    only_points_back,
    unjoined_state,
    unsaid_age,
    unsaid_home,
    with_left_out,
)
from chatbot.agents.memory_form import (
    clauses_apart,
    only_labels,
    with_asked_thing,
    with_has,
    with_their_verb,
    without_article_before_name,
)
from chatbot.agents.new_facts import with_said_date, without_bare_times
from chatbot.agents.own_words import (
    clauses_for,
    copied_elsewhere,
    in_their_words,
    invents,
    only_copies_with_news,
    only_the_moment,
    own_words_instead,
    said_again,
    without_inventions,
)
from chatbot.agents.owners import (
    done_to_them,
    led_by_who,
    whose_clause,
    with_owner,
    with_relation,
)
from chatbot.agents.part_checks import (
    after_colon,
    category_of,
    joined_details,
    linked,
    off_target,
    only_copies,
    replaces_what_it_drops,
    says_it_again,
    told_abroad,
)
from chatbot.agents.parts import _WORD, MAX_MEMORY_CHARS, NOTHING, _proper_names
from chatbot.agents.pieces import CHAT_TAGS, appositive_joined
from chatbot.agents.put_right import renumbered_anyway, reworded_anyway
from chatbot.agents.questions import asks_unmarked, only_asks
from chatbot.agents.rare_words import _lower_words, _rare, _with_their_words, as_the_model_spells
from chatbot.agents.referents import (
    its_name,
    of_someone,
    referent_name,
    said_of_them,
    with_clause_referents,
    with_its_name,
    with_referents,
)
from chatbot.agents.reply_requests import copied_fact
from chatbot.agents.restated import rare_stems, repeats_shown
from chatbot.agents.statements import (
    from_the_letter,
    said_as_memory,
    said_of_the_day,
    statements,
    within,
)
from chatbot.agents.user_name import as_theirs, only_a_name, user_name
from chatbot.agents.wording import (
    NAME_FACT,
    with_copula,
    with_whole_words,
)

# A memory: its text, its categories, and the id of the shown memory it replaces (or None).
Found = list[tuple[str, list[str], Any]]

_TITLE = re.compile(r"(?i:mrs|mr|ms|miss|dr|prof)\.?")


@dataclass
class Reading:
    """One message's reading: what it is read against, and the calls it asks for so far."""

    message: str
    known: str  # the user's words and the shown memories
    shown: dict[int, str]  # the shown memories' texts by id
    shown_facts: dict[int, str]  # the shown memories that are not reply preferences
    ids: list[int]
    day: date | None
    context: set[str]  # the clauses said to ask a question (parts.asked_about)
    asked: str  # the parts the model filed as a question or a request
    unchanged: set[int]  # the shown memories the model's own review calls unchanged
    every_memory: list[str]  # every memory the model wrote for the message
    similarity: Callable[[str, str], float] | None = None
    before: list[str] = field(default_factory=list)  # the user's words before the part
    replied: list[str] = field(default_factory=list)  # the assistant's words
    called: str | None = None  # the user's name, as a part of the message gave it
    facts: list[dict[str, Any]] = field(default_factory=list)
    # text, categories, asks the assistant
    preferences: list[tuple[str, list[str], bool]] = field(default_factory=list)
    removes: list[int] = field(default_factory=list)
    forgets: set[int] = field(default_factory=set)  # asked to be forgotten
    updates: dict[int, dict[str, Any]] = field(default_factory=dict)
    gone_names: set[str] = field(default_factory=set)  # names of the shown facts it ends
    wrong: int | None = None  # the shown memory the message says is wrong (`disputed`)
    withheld: bool = False  # a part asked not to keep what follows it
    settled: set[str] = field(default_factory=set)  # the words a message-wide put-right read

    @property
    def shown_words(self) -> set[str]:
        return _lower_words(" ".join(self.shown.values()))

    @property
    def words(self) -> str:
        """What a memory's words are checked against: the user's words, else the message."""
        return self.known or self.message


def memories_of(entry: dict[str, Any]) -> Found:
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


def abroad(part: str, message: str) -> bool:
    """The part is in another language, and so is its message: "i collect antique compasses"
    alone is French to the identifier, in a message plainly English (sealed38 kept it as
    'Said: "I collect antique compasses"')."""
    return language_of(part) not in (None, "English") and message_language(message) != "English"


def from_statements(r: Reading, part: str, kind: str) -> tuple[str, Found] | None:
    """The facts of a part the model filed as nothing to keep ("Sorry, I got that wrong: Lena
    is seven, not six", "Oh, and I just got a gecko called Juniper" as small talk): code keeps
    what the part's own structure shows. None: nothing.

    Not a clause said to ask the question after it, which the model filed with the question
    ("I'm hosting friends on Saturday, what main course should I make?"), unless it names
    someone or something no shown memory names ("My son Wilfred starts at a new school on
    Monday ... - what could I say to reassure him?") or says a rare word none says ("i dont eat
    okra and im training for a dragon boat race in june, whats a good breakfast ...?",
    sealed21).
    """
    shown_words = r.shown_words
    if (kind not in NOTHING or renumbered_anyway(part, r.shown, r.updates)
            or reworded_anyway(part, r.shown_facts, r.updates)
            or (part.strip() in r.context
                and not {w.lower() for w in _proper_names(part)} - shown_words
                and not {w.lower() for w in _WORD.findall(part) if _rare(w)} - shown_words)):
        return None
    said_facts = (statements(appositive_joined(part), r.shown, r.day)
                  or within(part, r.shown, r.day))
    if asks_unmarked(part):  # only a plan said in a question: "whats my ponys name again"
        said_facts = [(t, k) for t, k in said_facts if k == "event"]  # was kept (sealed52)
    # nor a plan of trying what the reply said: "Thank you, I try this tomorrow!" (sealed53)
    said_facts = [(t, k) for t, k in said_facts
                  if not (_POINTS_AT.search(t) and only_points_back(t))]
    if says_it_again(part, [(t, [], None) for t, _ in said_facts], r.shown_facts):
        return None  # "as i mentioned, i do gaelic lessons on tuesdays 🙂" (small talk)
    if said_facts:
        kind = "plan_or_event" if any(k == "event" for _, k in said_facts) else "fact"
        return kind, [(t, [], None) for t, _ in said_facts]
    if told_abroad(part, shown_words):
        return "fact", in_their_words(part, [(part, [], None)], r.day)
    if (theirs := of_someone(part, r.before[:-1])) is not None:
        return "fact", [(theirs, [], None)]  # "hes turning 8 and ..."
    return None


def from_memories(r: Reading, entry: dict[str, Any], part: str, kind: str,
                  news: bool) -> tuple[str, Found] | None:
    """The model's memories of a part filed as something to keep, each checked against the
    part: who it is about, what it leaves out, what nobody said. None: nothing to keep.

    news: a part filed as how to reply that tells news of the user's own.
    """
    message, shown, shown_facts, day = r.message, r.shown, r.shown_facts, r.day
    earlier = r.before[:-1]
    entry = {**entry, "memories": _its_own(entry, part, r.asked)}
    # A question filed as a fact replaces nothing, and is no memory in its own words: "Kde
    # teraz bývam?" ("where do I live now?") became the new version of the user's home
    # (sealed51).
    asking = part.rstrip().endswith(QUESTION_MARKS) and kind != "how_to_reply"
    if asking and abroad(part, message):
        return None
    if abroad(part, message) and said_again(part, memories_of(entry), shown_facts):
        return None  # "zoals ik al zei, ..." beside the shown memory the model copied
    if only_asks(part) and all(stems(t) <= stems(" ".join(shown.values()))
                               for t, _, _ in memories_of(entry)):
        return None  # "what kind of animal is marmite" filed as "Marmite is a cat"
    if says_it_again(part, memories_of(entry), shown_facts):
        return None  # "as i mentioned, i do gaelic lessons on tuesdays"
    if kind != "how_to_reply" and only_points_back(part) and (not any(
            stems(t) & stems(part) for t, _, _ in memories_of(entry)) or all(
            only_points_back(t) for t, _, _ in memories_of(entry))):
        # "I will try that this evening." after the assistant's tip came as "Descales kettle
        # easily", the user's question before it: the part says nothing of its own
        return None
    if _CLOCK_ONLY.match(part):
        return None  # "3am lol": the time it is now, no fact
    name = user_name(entry, message, r.every_memory)
    if name is not None:
        r.facts.append({"text": NAME_FACT + name, "categories": ["identity"], "kind": "fact"})
        r.called = name
    # (a shown memory copied as it is takes no date from the part: "quiet one at the locks
    # tonight" beside "Works as a lock-keeper on the canal" made it "... on the canal on 15
    # March 2024", sealed50)
    copies = {f.lower() for f in shown.values()}
    found = without_bare_times(
        [(t if t.lower() in copies else with_said_date(
            as_theirs(without_article_before_name(with_has(done_to_them(t, part)), part),
                      name or r.called), part,
            day), c,
          None if off_target(t, ref, part, shown, r.unchanged) else ref)
         for t, c, ref in memories_of(entry)], day)
    if only_the_moment(part, found, shown_facts):
        return None  # "It's chucking it down here and I'm knackered" as "Lives in Hexham"
    if only_labels(found, part):  # "Occupation as a nurse": the part's own words instead
        found = [(said_as_memory(part).rstrip(" ."), found[0][1], None)]
    if only_a_name(entry):  # the schema asked for a memory: "Ben is a person"
        found = [m for m in found if stems(m[0]) <= stems(message)]
    # Who a part led by "she", "he" or "they" is about: the model's choice, else the name the
    # user's words before it give ("My flatmate Emrys uses they/them").
    about = entry.get("about")
    if not isinstance(about, str) or _TITLE.fullmatch(about.strip()):
        about = referent_name(part, earlier)  # "Mrs" for "Mrs Okonkwo" (sealed34)
    if not about:  # "On a cruise" for "... while shes on a cruise"
        found = [((said_of_them(t, part) or t), c, ref) for t, c, ref in found]
    found = joined_details([(with_owner(with_relation(with_whole_words(with_their_verb(
        with_copula(led_by_who(t, about or whose_clause(t, part), r.words),
                    part), part), part), r.words, part), part, r.words), c, ref)
        for t, c, ref in found
        if not copied_elsewhere(t, part, r.words, kind)], part)
    found = clauses_apart(found)  # "... make the best sarmale and we have a cat ..."
    found = [(with_its_name(t, part, earlier), c, ref) for t, c, ref in found]
    if found and (pet_name := its_name(part, earlier)) is not None:
        found = [(pet_name, found[0][1], None)]  # "his name is sigismund"
    found = [f for f in found if not said_of_the_day(f[0], part)  # "head is mush"
             and not unsaid_home(f[0], part)  # a café "near the station"
             and not unsaid_age(f[0], part)  # "already twelve years" in a job
             and not unjoined_state(f[0], part)  # "..., so nervous"
             and not (f[2] is None and (names_only(f[0])  # "Gliwice"
                                        or only_everyday_words(f[0])))]  # "Same town"
    found = with_habit(found, part)  # "... with my cousins every saturday"
    if (kind == "how_to_reply" or news) and (
            fact := copied_fact(part, found, shown_facts)) is not None:
        # A known fact written for a part that asks nothing of the assistant: the part speaks
        # of that fact, in the user's words its new version or nothing.
        if not stems(part) - stems(shown[fact]):
            return None
        kind, found = "fact", [(said_as_memory(part), found[0][1], fact)]
    found = _own_words_where_needed(r, part, kind, name, found)
    if kind == "fact":
        found = clauses_apart(with_left_out(part, found, name))
        asked = r.before[-2] if len(r.before) > 1 else ""  # "any tips for ... a slackline??"
        found = [(with_asked_thing(t, part, asked), c, ref) for t, c, ref in found]
    if kind != "how_to_reply" and abroad(part, message):
        # the user's own words (their rare words in brackets are not needed beside them); not
        # a reply preference: code reads its format in English (reply_style), and 'Said: "...
        # en forma de lista con viñetas ..."' gave no bullets
        found = in_their_words(part, found, r.day)
    found = [f for f in found if not _ONLY_SAID.match(f[0])]  # "No, I said Tuesday, ..."
    if asking:
        found = [(t, c, None) for t, c, _ in found if stems(t) != stems(part)]
    return (kind, found) if found or not asking else None


# A part that is only a time of day, with chat's tags: "on my break. 3am lol" (sealed50 kept
# "3am" as a memory).
_CLOCK_ONLY = re.compile(rf"^\W*(?:at\s+)?\d{{1,2}}(?:[:.]\d{{2}})?\s*(?:am|pm|h)?\b\W*"
                         rf"(?:(?:{CHAT_TAGS}|ugh|rn)\b\W*)*$", re.I)


_POINTS_AT = re.compile(r"\b(?:this|that|these|those)\b", re.I)


# What the user said they said, one word: a take-back of the reply's mistake, no fact ("Said
# Tuesday" for "No, I said Tuesday, not Thursday.", sealed52; stored as "Said on 12 March").
_ONLY_SAID = re.compile(r"^\W*said\s+[\w'-]+\W*$", re.I)


def _its_own(entry: dict[str, Any], part: str, asked: str) -> list[Any]:
    """The entry's memories less those that share no word with its part and most of theirs
    with the message's questions (`asked`): "the code for our front door is ..., dont let me
    forget lol" came with "Wants to know about plant for dark hallway", the question after
    it (sealed46 kept it)."""
    own, rest = stems(part), stems(asked) - stems(part)
    return [m for m in entry.get("memories") or []
            if not ((said := stems(str(m.get("memory") if isinstance(m, dict) else m)))
                    and not said & own and 2 * len(said & rest) >= len(said))]


# Words of a memory only the assistant said, beside the user's: "Calatheas are a great choice
# for cats" for "omg perfect, grabbing a calathea this weekend then" (sealed48).
ASSISTANTS_WORDS = 2


def _the_assistants(text: str, r: Reading, part: str) -> bool:
    """The memory is in the assistant's words, not the user's: adding would refuse it ("between
    jobs atm." came as "Looking for job opportunities", the reply's words, and nothing was
    kept, sealed47), or it says ASSISTANTS_WORDS words or more that only the assistant said, or
    one beside nothing of its part's ("he brought me a felt hat haha" came as "Evaristo loves to
    travel", what the reply before had made up, sealed49)."""
    if not r.replied:
        return False
    said = stems(text)
    only_theirs = len((said - stems(r.words)) & stems(" ".join(r.replied)))
    return grounding(text, [r.words], r.replied).ungrounded or only_theirs >= ASSISTANTS_WORDS \
        or (only_theirs > 0 and not said & stems(part))


def _own_words_where_needed(r: Reading, part: str, kind: str, name: str | None,
                            found: Found) -> Found:
    """The model's memories, or the part's own words where they leave out what it says or
    name what nobody said."""
    shown = r.shown
    kept = without_inventions(part, found, r.words)
    if kept is not found:  # what nobody said is dropped; nothing of the user's to keep
        return kept
    copied = False  # the model's memories only copy shown ones; the part says more
    if not part or only_copies(part, found, r.shown_facts, r.day, r.before[:-1]):
        return found
    if repeats_shown(part, r.shown_facts, r.day) is not None and all(
            any(rare_stems(t) <= stems(f) for f in r.shown_facts.values()) for t, _, _ in found):
        # The part says a shown fact again, and the model's memories name nothing rarer than
        # the shown facts do: "oh btw capoeira is basically my whole personality now lol, still
        # twice a week" beside "Capoeira twice a week" (sealed47 kept a second capoeira).
        return []
    why = own_words_instead(part, found, name, shown, r.words, kind) or (
        copied := kind != "how_to_reply" and only_copies_with_news(part, found, shown)) or (
        kind != "how_to_reply" and any(_the_assistants(t, r, part) for t, _, _ in found))
    if not why or replaces_what_it_drops(why, found, r.shown_facts, r.updates, part):
        return found
    made_up = [f for f in found if invents(f[0], r.words)]
    if isinstance(why, str) and abroad(part, r.message) and len(made_up) < len(found):
        # In another language the part whole is found by no English search and read by no
        # English reply: the names left out go in brackets, after the memories that name only
        # what was said ("Lives in Rome" for "Mia figlia Ludovica ... si trasferisce a Udine"
        # is nobody's).
        return _with_their_words(part, [f for f in found if f not in made_up], name,
                                 also=(why, *_proper_names(part)))
    earlier = r.before[:-1]
    clauses = clauses_for(part, why, found, name, shown, r.words, kind)
    if clauses:  # "my daughter Nneka turns 7 ... and she's obsessed w/ ..."
        clauses = with_clause_referents(clauses, earlier)
    cats, theirs = category_of(part, found), [t for t, _, _ in found]
    found = clauses or ([] if only_points_back(part) else [  # "I mixed the two up."
        (with_referents(part, earlier), cats,
         None if copied else linked(found, r.ids, shown, part))])
    # The user's words without a lead-in ("Allow me to introduce myself: my name is ...",
    # sealed21), spelled as the model spelled them ("Kelowna")
    return [(from_the_letter(after_colon(as_the_model_spells(t, theirs), name)), c, ref)
            for t, c, ref in found]
