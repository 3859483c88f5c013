"""A part's own statements, read from its structure when the model filed them as nothing to
keep: a clause that leads in the user's first person and names something new or gives a date
("Oh, and I just got a gecko called Juniper" as small talk), or a plan said inside a request
("Suggest a name for the kitten I'm adopting on Saturday")."""

from __future__ import annotations

import re
from datetime import date

from wordfreq import zipf_frequency

from chatbot.agents.casual import with_apostrophes
from chatbot.agents.guards import stems
from chatbot.agents.hypothetical import is_hypothetical
from chatbot.agents.language import (
    ALWAYS_ABROAD,
    asked_language,
    asks_for_english,
    language_of,
)
from chatbot.agents.parts import _EMOJI, _JOINERS, _WORD, TELLING, _proper_names
from chatbot.agents.pieces import CHAT_TAGS
from chatbot.agents.questions import with_elided_i
from chatbot.agents.rare_words import _lower_words, _rare, _rare_thing
from chatbot.agents.reply_style import PLAIN, style_of
from chatbot.agents.wording import (
    NAME_FACT,
    _elides_i,
    as_i,
    leads_in_first_person,
    third_person,
)
from chatbot.memory.timeparse import find_span
from chatbot.memory.timewords import VAGUE_TIME

# A lead-in before a colon ("Small mix-up on my part: ...", "Heads up: ...").
LEAD_IN = re.compile(r"^[^:]{1,60}:\s+(?=(?:\S+\s+){2,}\S)")
# A joining word, or the reason given for a question ("asking bc i run a little pierogi stall
# ...": what the user says about themselves to explain what they asked).
JOINED = re.compile(rf"^(?:(?:asking\s+|asked\s+)?(?:bc|b/c|because|cos|coz|cuz|cause)\b[\s,]*|"
                    rf"{_JOINERS})+", re.I)  # one or more: "oh and i have a rabbit ..."
LEAD_WORDS = 8  # a lead-in before the user's own clause is at most this long
# Clauses: after a comma or semicolon, and around a spaced dash, which in chat ends a lead-in
# as a colon does ("small thing but it bugs me - my daughter's name is spelt Serafina").
_CLAUSE = re.compile(r"[,;]\s*|\s+[-\u2013\u2014]\s+")
# One word said before the clause's "I" or "my" that is not part of it: a chat interjection
# no list holds ("eek my viva is this coming wednesday"). Not a condition ("if my ...": a
# hypothetical), nor a verb that makes a question of it ("did my parcel come").
_INTERJECTION = re.compile(
    r"^(?!(?:if|when|whenever|unless|because|since|although|though|while|after|before|once|"
    r"until|as|whether|is|are|was|were|do|does|did|has|have|had|can|could|will|would|should|"
    r"shall|may|might|must|not|never)\b)[a-z]{2,6}[\s,!.]+(?=(?:my|I|I'm|i|i'm|im)\b)", re.I)
# "the kitten I'm adopting on Saturday", "a trip we're taking to Lisbon": a plan of the user's
# said inside a request or question about it.
_WITHIN_CLAUSE = re.compile(
    r"\b(the|a|an)\s+((?:[a-z-]+\s+)?[a-z-]+)\s+(?:that\s+|which\s+)?"
    r"(I(?:'m|’m|\s+am)|we(?:'re|’re|\s+are))\s+([a-z]+ing)\b([^.?!,;]*)", re.I)


# The reason a question gives, about the user, before its comma: "Since I'm lactose intolerant,
# what ...?", "As a night-shift nurse, how do I ...?", "Because we have two toddlers, ...".
_REASON = re.compile(r"^\W*(?:since|as|because|given\s+that|seeing\s+as)\s+([^,?]+?)\s*,\s*\w",
                     re.I)
REASON_ZIPF = 4.0  # "bored" 4.1, "pregnant" 4.3 are common; "vegan" 3.6, "toddlers" 3.3 are not
# Not a reason about the user: what they said or think ("As I said, ...", "Since I think ...").
_SAYING = re.compile(r"^I\s+(?:said|mentioned|told|think|thought|guess|know|asked|wrote|see)\b",
                     re.I)
# Someone of the user's with what they are or do in a relative clause: "a gift for my nephew
# Ezra who's turning 8 and loves dinosaurs?", "for my dad who loves fishing?".
_WHO = re.compile(r"\bmy\s+((?:[a-z-]+\s+){0,2}?[a-z-]+)(?:\s+([A-Z][\w'-]+))?\s*,?\s+"
                  r"who(?:'s|’s|\s+is|\s+(?=[a-z]+s\b|has\b|just\b))\s*([^.?!;]+)")


# "Eudora here :)": the user's name, said as chat introduces one (sealed28 filed it as small
# talk); only a capitalised name, and nothing after it but an emoticon.
_HERE = re.compile(r"^((?-i:[A-Z])[\w'-]+)\s+here\W*$")


def without_lead_in(part: str) -> str:
    """The part without a lead-in: words before a colon ("Heads up: ..."), or a short first
    clause that is not the user's own, before a comma or a spaced dash ("heads up, I've packed
    in roller derby", "small thing but it bugs me - my daughter's name is ...")."""
    said = LEAD_IN.sub("", part.strip())
    if leads_in_first_person(said):
        return said
    if leads_in_first_person(joined := JOINED.sub("", said)):  # "so I've packed in ..."
        return joined
    # The first clause within LEAD_WORDS words that is the user's own ("Oh, forgot to say -
    # I've jacked in the bell-ringing").
    for cut in _CLAUSE.finditer(said):
        if len(said[:cut.start()].split()) > LEAD_WORDS:
            break
        if leads_in_first_person(said[cut.end():]):
            return said[cut.end():]
    return said


# What the user wants or likes said in the first person: a reply preference may be put so
# ("I'd rather have short answers", "I prefer metric").
_VOLITION = re.compile(r"\b(?:prefer|like|love|hate|want|need|rather|wish|enjoy|find|appreciate)\b",
                       re.I)


def is_news(part: str) -> bool:
    """A part the model filed as how to reply that is news of the user's own, not a request:
    it leads in the first person after any lead-in, wants or likes nothing, and names no
    format or language a reply could follow ("Oh, forgot to say - I've jacked in the
    bell-ringing.", "Correction: I've got 3 kids, not 2"). `part_calls` reads it for what it
    ends or corrects and keeps its memories as facts, not as a standing preference."""
    said = without_lead_in(part)
    if _I_ABROAD.match(said) and language_of(said) not in (None, "English"):
        # "ik moet oefenen voor mijn examen in juni" (sealed40: kept as a request)
        return (not said.rstrip().endswith("?") and asked_language([part]) is None
                and not asks_for_english([part]) and not ALWAYS_ABROAD.search(part)
                and not _VOLITION_ABROAD.search(said))
    # Or its "I" left out before a past form, addressing no one: "update: quit the coffee
    # job!!" (sealed41 kept it as how to reply; the barista job stayed current). Not "quit
    # sending me essays", which asks something of the assistant.
    if _DONE_TO_ME.search(said):  # "they let me go from the dock job" (sealed43)
        return True
    return ((leads_in_first_person(said) or (_elides_i(said) and not _ADDRESSED.search(said)))
            and not _VOLITION.search(said)
            and style_of([part]) == PLAIN and asked_language([part]) is None)


# News done to the user by someone else: an ending of theirs ("they let me go", "laid me off").
LET_GO_VERBS = r"let\s+me\s+go|laid\s+me\s+off|fired\s+me|sacked\s+me|made\s+me\s+redundant"
_DONE_TO_ME = re.compile(rf"\b(?:{LET_GO_VERBS}|dumped\s+me)\b", re.I)
_ADDRESSED = re.compile(r"\b(?:me|you|u|your|ur|pls|please|plz)\b", re.I)


# "I" leading a clause in the languages news comes in besides English (not one that is also
# "yes" or "you" in another: "ja", "je"), and what the user wants said so ("ich möchte kürzere
# Antworten" asks something of replies).
_I_ABROAD = re.compile(r"^\W*(?:ik|ich|yo|io|eu|jag|jeg)\b", re.I)
_VOLITION_ABROAD = re.compile(r"\b(?:möchte|mochte|will|wünsche|hätte\s+gern|quiero|prefiero|"
                              r"querría|voglio|vorrei|preferisco|quero|prefiro|queria|wil|wens|"
                              r"zou\s+graag|vill|önskar|vil|ønsker)\b", re.I)


def said_as_memory(part: str) -> str:
    """A part as a memory: without a lead-in (`without_lead_in`), capitalised; a pasted
    letter's "We are pleased to confirm your appointment ..." from the user's thing on
    ("Their appointment ...": sealed52 kept "Is pleased to confirm your appointment")."""
    said = from_the_letter(without_lead_in(part))
    return said[:1].upper() + said[1:]


def from_the_letter(text: str) -> str:
    """A letter's words to the user from the user's thing on (`_LETTER_VOICE`)."""
    if (voice := _LETTER_VOICE.match(text)) is None:
        return text
    return "Their " + text[voice.end():]


# Who writes a letter, to the user: "We are pleased to confirm your", "We would like to remind
# you of your".
_LETTER_VOICE = re.compile(r"^\W*we\s+(?:are|were|have|would\s+like\s+to|write\s+to|wish\s+to)"
                           r"\s+(?:[a-z]+\s+){0,4}?your\s+", re.I)


def _reasons(part: str) -> list[str]:
    """What a question says of the user to explain itself (`_REASON`, `_WHO`), as the user's
    own clauses: "I'm lactose intolerant", "My nephew Ezra is turning 8 and loves dinosaurs"."""
    out = []
    if (m := _REASON.match(part)) is not None:
        clause = with_elided_i(as_i(m.group(1).strip()))
        identity = re.match(r"(?:an?|the)\s", clause, re.I) is not None
        if identity:  # "As a night-shift nurse"
            clause = f"I'm {clause}"
        # A state of the moment is in common words ("Since I'm bored", "as I'm stuck at
        # home"); a lasting one has a rarer word ("lactose intolerant", "vegan", "toddlers").
        lasting = identity or _proper_names(clause) or any(
            _rare(w, below=REASON_ZIPF) for w in _WORD.findall(clause)[1:])
        if (leads_in_first_person(clause) and not _SAYING.match(clause) and lasting
                and len(clause.split()) > 2):
            out.append(clause)
    for m in _WHO.finditer(part):
        relation, name, rest = m.groups()
        copula = re.search(r"(?:'s|’s|\s+is)\s*$", part[:m.start(3)]) is not None
        who = f"{relation} {name}" if name else relation
        out.append(f"My {who} {'is ' if copula else ''}{rest.strip()}")
    return out


# Something new of the user's named inside a request: "give me a name idea for my new
# sailboat", "tips for breaking in my first kayak?" (sealed20): the thing, one or two words,
# up to the clause's end or a preposition.
_NEW_THING = re.compile(r"\b(?:my|our)\s+(new|first)\s+((?:[a-z-]+\s+)?[a-z-]+?)"
                        r"(?=\s*(?:[.?!,;]|$)|\s+(?:for|to|in|on|at|with|from|and|or|but|"
                        r"that|which|is|was|called|named)\b)", re.I)
# A name asked for something of the user's: they have it ("need a name for my sourdough starter
# lol, ideas?", sealed43 kept nothing).
_NAME_FOR = re.compile(r"\bnames?\s+(?:ideas?\s+)?for\s+(?:my|our)\s+(?!new\b|first\b)"
                       r"((?:[a-z-]+\s+)?[a-z-]+?)"
                       r"(?=\s*(?:[.?!,;]|$)|\s+(?:lol|haha\w*|pls|please|and|or|but|that|which|"
                       r"who)\b|\s*[\u2600-\u27bf\U0001f000-\U0001faff])", re.I)
# Rarer than this (wordfreq's Zipf scale) the thing is worth keeping: "sailboat" 2.9, "kayak"
# 3.2, "puppy" 4.0, "laptop" 4.2; "bike" 4.5, "job" 5.5 and "idea" 5.4 are not.
NEW_THING_ZIPF = 4.5


def within(part: str, shown: dict[int, str], day: date | None) -> list[tuple[str, str]]:
    """(memory, "fact" or "event") for a plan the user states inside a request or question
    ("Suggest a name for the kitten I'm adopting on Saturday": "Is adopting the kitten on
    Saturday", an event), when it gives a date, a name or a rare thing no shown memory says;
    and for what a question says of the user to explain itself (`_reasons`): "Since I'm
    lactose intolerant, what can I use instead of butter?" keeps "Is lactose intolerant";
    and for something new of the user's it names (`_NEW_THING`): "Has a new sailboat"."""
    known = _lower_words(" ".join(shown.values()))
    out = [(third_person(c), "event" if day is not None and find_span(c, day) else "fact")
           for c in _reasons(part) if _lower_words(c) - known]
    for m in _NEW_THING.finditer(part):
        thing = m.group(2).lower()
        if any(zipf_frequency(w, "en") < NEW_THING_ZIPF for w in re.findall(r"[a-z]+", thing)) and (
                set(thing.split()) - known):
            whose = "a new" if m.group(1).lower() == "new" else "their first"
            out.append((f"Has {whose} {thing}", "fact"))
    for m in _NAME_FOR.finditer(part):  # "need a name for my sourdough starter lol, ideas?"
        thing = m.group(1).lower()
        if set(thing.split()) - known:
            out.append((f"Has a {thing}", "fact"))
    for m in _WITHIN_CLAUSE.finditer(part):
        det, thing, _, verb, rest = m.groups()  # "we're" too: the user is one of them
        clause = f"I'm {verb} {det.lower()} {thing}{rest}".strip()
        dated = day is not None and find_span(clause, day) is not None
        named = {w.lower() for w in _proper_names(f"x {clause}")} - known
        if dated or named or _rare_thing(clause, known):
            out.append((third_person(clause), "event" if dated else "fact"))
    return out


# What starts a clause with a subject of its own: a pronoun or "there", after any joining
# word ("and she's ...", "but it ...").
_OWN_SUBJECT = re.compile(r"^(?:(?:and|but|so|though)\s+)?(?:he|she|it|they|you|we|this|that|"
                          r"these|those|there|it's|that's|he's|she's|they're|you're)\b", re.I)
_DETAIL_WORDS = 3  # "lol", "anyway", "two kids" are not details of the clause before


def _with_details(clauses: list[str]) -> list[str]:
    """The clauses, each of the user's own first person with the details said after it that
    have no subject of their own: "I'm a railway signaller, mostly nights in the box just
    outside Grimsby" is one clause, not "Is a railway signaller" with the place lost (sealed12,
    docs/agents.md session 34). A detail starts lower case, with no pronoun or "NP is" of its
    own, is not a question, and is a few words long."""
    out: list[str] = []
    for clause in clauses:
        detail = (out and leads_in_first_person(out[-1]) and not leads_in_first_person(clause)
                  and clause[:1].islower() and not _OWN_SUBJECT.match(clause)
                  and not _SUBJECT.match(clause) and not clause.endswith("?")
                  and not _WANTS.match(clause)
                  and len(_WORD.findall(clause)) >= _DETAIL_WORDS)
        if detail:
            out[-1] = f"{out[-1]}, {clause}"
        else:
            out.append(clause)
    return out


# What the user wants of the assistant, "I" left out: "need a name for him" after "just bought a
# venus fly trap ..." (sealed35) is no detail of it.
_WANTS = re.compile(r"^\W*(?:need|needs|want|wanna|any|gimme|looking\s+for)\b", re.I)


# "first proper bonspiel is in ten days": what is coming, then its verb.
_SUBJECT = re.compile(r"^((?:[\w'-]+\s+){0,4}?[\w'-]+)\s+(?:is|are|'s)\s+", re.I)


def _coming(clause: str, known: set[str], day: date | None) -> str | None:
    """A clause that is not the user's own by its subject but says when something rare is
    coming ("first proper bonspiel is in ten days and i'm bricking it"): kept as the user's
    event, since they are the one telling it. Its subject must hold a rare word no shown memory
    says (not "the match is tomorrow") and the time must count from today."""
    if day is None or is_hypothetical(clause) or (m := _SUBJECT.match(clause)) is None:
        return None
    span = find_span(clause, day)
    if span is None or not span.relative or span.phrase.lower() in m.group(1).lower():
        return None
    if not any(_rare(w) and w.lower() not in known for w in _WORD.findall(m.group(1))):
        return None
    return clause[:1].upper() + clause[1:]


# The user's age: "I'm 61", "i am 47 years old" (a number, and nothing after it but "years
# old"); not "I'm 5 minutes away".
_AGE = re.compile(r"^I(?:'m|\u2019m|m|\s+am)\s+(?:[1-9]\d?|1[01]\d)(?:\s+(?:years?\s+old|yo))?\W*$",
                  re.I)


# The object of the user's own verb, said straight after it: "i dont eat okra", "I play
# korfbal" (not after "I'm" or "I have": a mood, "I'm knackered", is no thing).
_VERB_OBJECT = re.compile(r"^I\s+(?:(?:don't|dont|do\s+not|never|can't|cant|cannot|won't|also|"
                          r"really|still|usually|always|[a-z]+ly)\s+)*(?!(?:am|was|have|had|been|got|"
                          r"feel|felt)\b|[a-z]+ly\b)[a-z]+\s+([a-z][a-z-]+)", re.I)  # not "totally"


# Or two uncommon words after the verb: "i keep runner ducks in the yard" (runner 4.0, ducks
# 3.9, yard 4.2), said in an introduction filed as small talk (sealed36: not kept).
UNCOMMON_OBJECT_ZIPF = 4.5


def _uncommon_object(clause: str, known: set[str]) -> bool:
    read = with_apostrophes(clause)
    m = _VERB_OBJECT.match(read)
    if m is None:
        return False
    return len({w.lower() for w in _WORD.findall(read[m.start(1):])
                if _rare(w, below=UNCOMMON_OBJECT_ZIPF)} - known) >= 2


def _rare_object(clause: str, known: set[str]) -> bool:
    """The clause's verb has a rare word for its object (`RARE_ZIPF`) no shown memory says:
    "i dont eat okra and im training for a dragon boat race" was filed with the question
    after it, and neither was kept (sealed21)."""
    m = _VERB_OBJECT.match(with_apostrophes(clause))
    return bool(m) and _rare(m.group(1)) and m.group(1).lower() not in known


# Something the user has just come to own: "just bought a venus fly trap for my desk at work,
# need a name for him" came as a question and nothing was kept (sealed35). Its words need only
# be uncommon (`ACQUIRED_ZIPF`): "venus" 3.8.
_ACQUIRED = re.compile(r"^I\s+(?:just\s+|finally\s+|recently\s+)?(?:bought|got|adopted|rescued|"
                       r"ordered|inherited|built)\s+(?:a|an|my|two|three|some)\s+"
                       r"((?:[a-z][\w-]*\s+){0,2}[a-z][\w-]*)", re.I)
ACQUIRED_ZIPF = 4.0


def _acquired(clause: str, known: set[str]) -> bool:
    m = _ACQUIRED.match(with_apostrophes(clause))
    return m is not None and any(_rare(w, below=ACQUIRED_ZIPF) and w.lower() not in known
                                 for w in m.group(1).split())


# A few words of time or place said before the user's own clause, moved after it: "but in real
# life i do night shifts at a bottling plant lol" after a hypothetical (sealed37: kept nothing),
# "on weekends i ...".
_LEAD_PHRASE = re.compile(r"^\W*((?:in|at|on|during|after|before|outside)\s+(?:[\w'-]+\s+){0,2}?"
                          r"[\w'-]+)\s*,?\s+(?=(?:i|i'm|im|my)\b)", re.I)


# Laughter, chat tags ("rn") and emoji typed at the end of a clause, no part of what it says.
_LAUGHED = re.compile(rf"(?:[\s,]+(?:rofl|hehe|xd|rn|atm|{CHAT_TAGS})\b|\s*[{_EMOJI}]+)+\W*$",
                      re.I)


# What the user is sensitive, allergic or afraid of: "heads up, im sensitive to sulphites, they
# give me awful headaches" came as small talk, and nothing was kept (sealed37). An uncommon
# word (`ACQUIRED_ZIPF`) names the thing, and it is no verb ("tired of waiting").
_AFFECTED = re.compile(r"^I(?:'m|\u2019m|\s+am)\s+(?:(?:very|really|super|so|quite|kinda|a\s+bit|"
                       r"extremely|severely|mildly|deathly)\s+)?[a-z]+\s+(?:to|of|by)\s+"
                       r"((?:[a-z][\w-]*\s+){0,2}[a-z][\w-]*)", re.I)


def _affected_by(clause: str, known: set[str]) -> bool:
    m = _AFFECTED.match(with_apostrophes(clause))
    return m is not None and not m.group(1).lower().endswith("ing") and any(
        _rare(w, below=ACQUIRED_ZIPF) and w.lower() not in known for w in m.group(1).split())


# How the user is today, this week: "sorry my head is mush today" (sealed36 stored it over the
# son it asked about), "my head is all over the place this week". Not a plan that day.
# Or the weather there that day: "anyway weather here is grim today ☔" (sealed43 kept "Weather
# is grim on 15 March 2024").
_OF_THE_DAY = re.compile(r"^\W*(?:(?:anyway|so|ugh|and|but|oh|lol)\W+)*"
                         r"(?:I['\u2019]m|I\s+am|I\s+feel|feeling|my\s+(?:head|brain|back|body|"
                         r"mind)\s+(?:is|feels)|(?:the\s+)?weather(?:\s+here|\s+there)?\s+"
                         r"(?:is|was|['\u2019]s))\s+(?!\d|(?:going|off|meeting|seeing|flying|driving|"
                         r"leaving|starting|moving|getting|turning)\b)[^.!?]*?\b(?:today|tonight|"
                         r"this\s+(?:morning|"
                         r"afternoon|evening|week)|atm|rn)\b", re.I)


def said_of_the_day(text: str, part: str) -> bool:
    """The memory says only what a clause of the part says of how the user is that day
    (`_OF_THE_DAY`): "Head is all over the place this week" for "... june is the stag do. my
    head is all over the place this week" (sealed36)."""
    words = stems(text)
    return bool(words) and any(
        _OF_THE_DAY.match(with_apostrophes(c.strip())) and words <= stems(c)
        for c in re.split(r"[.!?;,]+", part))


# A question asked yes or no of the user's own, typed without its mark: "am i still on that
# darkroom waitlist or what" was kept as "Still ons that darkroom waitlist or what" (sealed35).
_YES_NO = re.compile(r"^\W*(?:(?:so|and|ok|okay|but|wait|hmm)\W+)?(?:am|do|did|have|has|had|is|"
                     r"are|was|were|can|could|should|will|would|shall)\s+(?:i|we|my|our)\b",
                     re.I)


# A clause ends at a comma, and an aside in brackets is one of its own: "i live in Deventer
# (zwolle is where my mum lives lol)" (sealed43 kept "Lives in Deventer (zwolle is where ...").
_ASIDE = re.compile(_CLAUSE.pattern + r"|\s+\((?=[^\W\d_])|(?<=[^\W\d_])\)\s*")  # not ":("


# What the user is, by a noun of a role: "I'm a lighthouse keeper" ("lighthouse" is no rare
# word; sealed44 kept nothing). Not "I'm a bit tired", "I'm a little lost".
_ROLE = re.compile(r"^I(?:['\u2019]m|\s+am)\s+(?:now\s+)?an?\s+(?!bit\b|little\b|lot\b)"
                   r"(?:[a-z-]+\s+){0,2}[a-z-]+(?:er|or|ist|ian|man|woman|ant|ent)\b", re.I)
# A statement of the user's own said with question marks, in wonder: "now im a lighthouse
# keeper??" (sealed44 kept nothing of the new job). Led by "I", no question word or verb first.
_SAID_AMAZED = re.compile(r"^\W*(?:(?:now|so|and|but|well|ok|okay|yeah|guess\s+what)\W+)*"
                          r"I(?:['\u2019]m|\s+am|\s+have|['\u2019]ve)\s+(?:now\s+)?an?\s+"
                          r"[^?]+\?+\W*$", re.I)


def statements(part: str, shown: dict[int, str], day: date | None) -> list[tuple[str, str]]:
    """(memory, "fact" or "event") for each clause of a part filed as nothing to keep that
    states something of the user's own, by its structure: it leads in the first person ("we"
    read as "I": `as_i`) and
    either names what no shown memory names ("I just got a gecko called Juniper", "I live in
    Innsbruck", "I'm trying to get into orienteering": a rare thing, `_rare_thing`) or gives a
    date ("My thesis defence is on Thursday"). In the third person;
    a dated one is an event (its date is written out on adding). "I don't live in Salzburg"
    beside a shown "Lives in Salzburg" names nothing new and is left; the clause after it is
    the correction."""
    if part.rstrip().endswith("?") and not _SAID_AMAZED.match(with_apostrophes(part)):
        return []
    known = _lower_words(" ".join(shown.values()))
    out = []
    # After a lead-in ("You've mixed something up: my son is Tiernan, not Lorcan").
    clauses = [with_elided_i(as_i(_HERE.sub(r"I'm \1", JOINED.sub("", c.strip(" .!?")).strip())))
               for c in _ASIDE.split(TELLING.sub("", LEAD_IN.sub("", part.strip())))
               if c.strip() and not _YES_NO.match(c)]
    for clause in _with_details(clauses):
        if not leads_in_first_person(clause):
            clause = _INTERJECTION.sub("", clause)
        clause = _LAUGHED.sub("", clause)  # "... at a bottling plant lol"
        if not leads_in_first_person(clause) and (lead := _LEAD_PHRASE.match(clause)) and (
                leads_in_first_person(rest := clause[lead.end():])):
            clause = f"{rest} {lead.group(1)}"  # "in real life i do night shifts at ..."
        if not leads_in_first_person(clause) and leads_in_first_person(
                after := clause.rsplit(":", 1)[-1].strip()):
            clause = after  # "a bit of background before my question: I'm 61" (sealed20)
        if not leads_in_first_person(clause) and (coming := _coming(clause, known, day)):
            out.append((coming, "event"))
            continue
        if not leads_in_first_person(clause) or is_hypothetical(clause):
            continue
        dated = day is not None and find_span(clause, day) is not None
        named = {w.lower() for w in _proper_names(clause)} - known
        if dated and not named and _OF_THE_DAY.match(with_apostrophes(clause)):
            continue  # "my head is mush today": how the user is, for the day
        if not (dated or named or _rare_thing(clause, known) or _AGE.match(clause)
                or _rare_object(clause, known) or VAGUE_TIME.search(clause)
                or _acquired(clause, known) or _uncommon_object(clause, known)
                or _affected_by(clause, known) or _ROLE.match(with_apostrophes(clause))):
            continue
        worded = third_person(clause)
        if _AGE.match(clause) and not re.search(r"\b(?:years?|yo)\b", clause, re.I):
            worded = f"{worded.rstrip(' .!')} years old"  # "Is 61 years old"
        rest = _WORD.findall(worded)[1:]
        if worded.startswith("Is ") and rest and all(w in _proper_names(clause) for w in rest):
            worded = NAME_FACT + worded[3:]  # "I'm Kofi": a name
        out.append((worded, "event" if dated else "fact"))
    return out
