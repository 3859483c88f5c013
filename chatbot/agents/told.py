"""The reply's first words that say back what the user told (agents/opening.py picks
which): the facts that name someone the question names (`named`), the user's own facts for
a question that asks to be reminded of them (`recalled`), a fact the user ended (`no_longer`),
the facts about someone of the user's named by who they are to the user (`theirs`), and the
dated facts that fall in the time a question asks about (`in_the_time`). Each begins "You
told me ..." and ends "but you haven't told me" when none of the facts holds what the
question asks for (agents/untold.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from wordfreq import zipf_frequency

from chatbot.agents.guards import stems
from chatbot.agents.untold import NOT_TOLD, TOLD, lacks_the_answer, self_clause
from chatbot.agents.wording import second_person

MAX_NAMED = 2
TYPED_NAME_ZIPF = 4.0  # "ruaridh" (unknown), "svalbard" 2.3; not "apple" 4.8, "rose" 4.8
_CAPITALISED = re.compile(r"\b[A-Z][\w'-]*")
_POSSESSIVE = re.compile(r"'s?$")  # "Auberon's job": Auberon


# The first words of a fact said to the user, lower-cased to follow "You told me".
_YOU = ("You", "Your", "You're", "You've", "You'll", "You'd")


def said_to_you(facts: Sequence[str]) -> list[str]:
    """The facts without their full stops, "You ..."/"Your ..." in lower case to follow other
    words; a fact led by a name keeps its capital."""
    said = [f.strip().rstrip(".") for f in facts if f.strip()]
    return [f[:1].lower() + f[1:] if f.split()[0] in _YOU else f for f in said]


def named(message: str, facts: Sequence[str]) -> str:
    """The facts that name someone or something the question names (a capitalised word; not
    the question's first word, which is capitalised anyway), said to the user as the start of
    a reply: "You told me your neighbour Wojciech just opened a ramen bar round the corner
    from you." for "What's Wojciech up to these days?"; "" when none does."""
    asked = {_POSSESSIVE.sub("", w) for w in _CAPITALISED.findall(message)} - {"I"}
    lead = message.split()[0] if message.split() else ""  # "What", "Is": capitalised anyway

    def names(fact: str) -> set[str]:  # ("Sister Marit's birthday ..." names Marit, sealed50)
        words = [_POSSESSIVE.sub("", w) for w in _CAPITALISED.findall(fact)]
        return set(words[1:]) | ({words[0]} - {lead, "You", "Your"} if words else set())

    # A name typed in lower case ("where did ruaridh move to again?", sealed26): an uncommon
    # word a fact capitalises inside its sentence (not "apple" for "Works at Apple").
    typed = {_POSSESSIVE.sub("", w) for w in re.findall(r"[a-z][\w'-]*", message)
             if zipf_frequency(w, "en") < TYPED_NAME_ZIPF}
    asked |= {w for f in facts for w in _CAPITALISED.findall(f.strip())[1:] if w.lower() in typed}

    said = [f.strip().rstrip(".") for f in facts if asked & names(f.strip())][:MAX_NAMED]
    # The fact's first word keeps its capital only as a name the question says too ("Tomas
    # moved to Oslo", not "Best friend Tomas ...").
    said = [f if f.split()[0].rstrip(":,;") in asked else f[:1].lower() + f[1:] for f in said]
    if not said:
        return ""
    if lacks_the_answer(message, said, asked):
        # "Which city does Leopoldine live in?" beside only "You have a sister called
        # Leopoldine": begun with the fact and a full stop, the model stopped there; begun
        # "..., but" it went on "I didn't remember where she lives. I'll check my memories".
        return TOLD + ", and ".join(said) + NOT_TOLD
    return TOLD + ", and ".join(said) + "."


# A question that asks to be reminded of the user's own facts: "remind me, what do I do for a
# living again? and where am I based?" was begun "Since you are an optometrist, you can work
# at a hospital ..." (advice, and no city).
# Not "What do you remember about my sister?": the first facts found need not be hers.
# ... or "do you remember": "ok so what do i do for work, do u remember" was answered with
# advice on voice-acting work (sealed35).
# ... or says it tests the memory: "ok memory test, what do i do for work and where" (sealed37's
# reply had begun "Since you mentioned running a smokehouse ..., you might consider ...").
RECALL = re.compile(r"\bremind\s+me\b|\bagain\b|\b(?:you|u|ya)\s+(?:still\s+)?remember\b"
                    # "quiz me", "quiz time"; not "they met at a pub quiz" (sealed48)
                    r"|\bmemory\s+test\b|\btest\s+(?:your|ur|yer)\s+memory\b"
                    r"|\bquiz\s+(?:me|time|you|u)\b|\b(?:pop|little|quick)\s+quiz\b"
                    # "bet u forgot my name already lol" (sealed40: "I don't remember your name")
                    r"|\b(?:you|u|ya)\s+(?:already\s+|probably\s+)?(?:forgot|forgotten)\b", re.I)
# (the user's household too: "Whose dog is staying with us again?", sealed50)
_MINE = re.compile(r"\b(?:I|my|me|mine|I'm|I've|we|us|our|ours)\b", re.I)
MAX_RECALLED = 3
NOTHING_ABOUT = "You haven't told me anything about your {who}."
# Someone of the user's a question asks about: "my X" then a verb, "'s", or the question's end
# ("what does my wife do", "where does my brother live", "how old is my son?"); not "my
# favourite colour".
SOMEONE = re.compile(r"\bmy\s+([a-z][\w-]*)(?:'s\b|\s+(?:do|does|did|live|lives|work|works|"
                      r"again|now)\b|\s*\?)", re.I)
OWNED = re.compile(r"\bmy\s+([a-z][\w-]*)", re.I)  # "my brother", "my dog's"
# Things of the user's in a list: "my name and my occupation", "my job, my age".
MY_LIST = re.compile(r"\bmy\s+[a-z][\w-]*\s*(?:,\s*(?:and\s+)?|\s+and\s+)my\s+[a-z]", re.I)


# Two questions in one ("remind me which town you've got me down as living in, and what my pet
# is called?", sealed30): the one that names nothing of the user's asks of them too, so the
# facts are not only the pet's (the town had been said to be untold).
_ASKED_EACH = re.compile(r"(?:,\s*|\s+)(?:and\s+)?(?=(?:whats|what|where|which|who|when|how)\b)|\?",
                         re.I)
_ALSO_ASKED = re.compile(r"\b(?:whats|what|where|which|who|when|how)\b", re.I)


def _says(fact: str, word: str) -> bool:
    """The fact says the word ("name", which `stems` leaves out, in "your name is Bronwyn")."""
    return re.search(rf"\b{re.escape(word)}\b", fact, re.I) is not None


_ENDED = re.compile(r"^(?:you\s+)?no\s+longer\b", re.I)


def _roots(text: str) -> set[str]:
    """The text's words of four letters or more without their endings ("living", "live")."""
    return {re.sub(r"(?:ing|ed|es|s|e)$", "", w) for w in re.findall(r"[a-z]{4,}", text.lower())}


def recalled(message: str, facts: Sequence[str]) -> str:
    """The first facts found (at most `MAX_RECALLED`), said to the user as the start of a
    reply to a question that asks to be reminded of the user's own ("...again?", "remind me"),
    or "": "You told me you are an optometrist by trade, and you live in Whitehorse." """
    if not (RECALL.search(message) and _MINE.search(message)):
        return ""
    # What holds first: "where am I working these days" had been begun with the job the
    # user left, and the new one left out (sealed52); and what the question names before the
    # rest: "what is my name, in which city I am living and what is my work?" was told the
    # town, the job and where they are from, not the name (sealed53).
    asked, words = stems(message), _roots(message)

    def named(fact: str) -> int:  # (the common words too, which `stems` leaves out)
        return len(stems(fact) & asked) + len(_roots(fact) & words)
    said = sorted(said_to_you(facts), key=lambda f: (_ENDED.match(f) is not None, -named(f)))
    # Someone or something of the user's the question names ("what does my brother do for
    # work again?"): only the facts that name it (the best friend's job had been said too).
    # None that names it: not the others ("whats my wife's name again?" had been begun with
    # the user's pony and town; `asked_someone` says when nothing found is about them).
    owned = stems(" ".join(OWNED.findall(message)))
    if owned and not _ALSO_ASKED.search(" ".join(c for c in _ASKED_EACH.split(message)
                                                 if not OWNED.search(c))):
        # A list of the user's own ("my name and my occupation"; sealed20) that names a thing
        # no fact says in its words: the user's own facts ("you are a goatherd ...") too.
        listed = [o.lower() for o in OWNED.findall(message)] if MY_LIST.search(message) else []
        own = any(not any(_says(f, o) for f in said) for o in listed)
        said = [f for f in said if stems(f) & owned or any(_says(f, o) for o in listed)
                or (own and f.startswith("you "))]
    said = said[:MAX_RECALLED]
    if not said:
        return ""
    # The thing the question calls "my bike" leads the fact: it is "your bike lock code ...",
    # not "Bike lock code is ..." told back as written (sealed27).
    # Or whose first words (no verb) name it: "Luggage lock combo is ..." for "whats my lock
    # combo again?" (sealed33: "You told me Luggage lock combo is [redacted secret].").
    mine = stems(" ".join(OWNED.findall(message)))
    said = [f"your {f[:1].lower()}{f[1:]}" if f[:1].isupper() and stems(f.split()[0]) and (
            stems(f.split()[0]) <= mine or (second_person(f) == f
                                             and stems(" ".join(f.split()[:3])) & mine))
            else f for f in said]
    told = TOLD + (", ".join(said[:-1]) + ", and " if len(said) > 1 else "") + said[-1]
    # "where does my brother live again?" beside only his name: "..., but you haven't told me".
    # Of two questions, the one the facts do not answer, named: "where do i live again and
    # whats my job" beside the job only had the model go on "... where you live or what your
    # job is" (sealed41).
    lacking = [q for q in _ASKED_EACH.split(message)
               if q.strip() and lacks_the_answer(q, said, set())]
    if not lacking:
        return told + (NOT_TOLD if lacks_the_answer(message, said, set()) else ".")
    clause = self_clause(lacking[0])
    return told + NOT_TOLD + (f" {clause}." if clause else "")


NO_LONGER = "No longer "


def no_longer(message: str, facts: Sequence[str]) -> str:
    """A found fact the user ended ("No longer owns a paddleboard: ...", agents/endings.py)
    that the question speaks of, said to the user as the start of a reply: "You told me you no
    longer own a paddleboard." "should I take the paddleboard out?" had been begun "Since
    you", and the model sent the user out on the board they had sold. "" when none is."""
    asked = stems(message)
    for fact in facts:
        if not fact.startswith(NO_LONGER):
            continue
        what = fact.split(":")[0][len(NO_LONGER):].strip()
        if what and stems(what) & asked:
            said = second_person(what[:1].upper() + what[1:])
            return f"{TOLD}you no longer {said.removeprefix('You ')}."
    return ""


def theirs(message: str, facts: Sequence[str]) -> str:
    """The facts about someone or something of the user's the question names by who they are
    to the user ("my cousin", not a name), said to the user as the start of a reply: "You
    told me your cousin Kwesi is a nurse in Kumasi." for "What does my cousin do?" beside
    the brother's job too; "" when no fact says "your <that>". Begun "Since you", the model
    picked whichever person's fact it read first."""
    owned = [m.group(1).lower() for m in OWNED.finditer(message)]
    every = said_to_you(facts)
    said = [f for f in every
            if any(re.search(rf"\byour\s+(?:[\w-]+\s+)?{re.escape(o)}\b", f, re.I)
                   for o in owned)][:MAX_NAMED]
    if not said:
        return ""
    # Who they are by name, and what else is said of that name: "What does my brother's
    # girlfriend do for work?" beside "Octavia is your brother's girlfriend" and "Octavia is
    # a choreographer ..." (sealed20); the second had been left out, and the reply said it
    # was not told.
    # The name is the fact's first word or the one after the relation ("your cousin
    # Kwesi"), not a place it names.
    names = {w for f in said for o in owned for w in (
        [f.split()[0]] + re.findall(rf"\b{re.escape(o)}\s+([A-Z][\w'-]*)", f, re.I))
        if _CAPITALISED.fullmatch(w)} - {"You", "Your"}
    said += [f for f in every if f not in said and names & set(_CAPITALISED.findall(f))]
    said = said[:MAX_NAMED]
    if lacks_the_answer(message, said, set()):
        return TOLD + ", and ".join(said) + NOT_TOLD
    return TOLD + ", and ".join(said) + "."


def in_the_time(message: str, during: Sequence[str]) -> str:
    """The dated facts that fall in the time a question about the user's own asks about
    (the caller compares the dates), said to the user as the start of a reply: "You told me
    you're driving up to Sudbury on 2 April 2024 for your uncle's 60th." for "anything coming
    up for me this week?"; "" when none does. Begun "Since you", the model named what the
    week held in general and left the trip out (sealed15)."""
    said = said_to_you(during)[:MAX_NAMED]
    if not said or not _MINE.search(message):
        return ""
    return TOLD + ", and ".join(said) + "."
