"""How a memory is worded before it is stored: in the third person, without "the user".

Small models often store the user's sentence as said ("I'm a nurse", "My sister is Ana").
Memories are read later as notes about the user, so a leading first person is turned into the
third ("Is a nurse", "Their sister is Ana") by English grammar, not by a list of facts; text in
other languages, or already in the third person, is left as it is.

`second_person` goes the other way for the reply: a stored fact as said to the user it is about
("Lives in Montreal" -> "You live in Montreal").
"""

from __future__ import annotations

import re

from chatbot.agents.casual import with_apostrophes
from chatbot.agents.language import language_of
from chatbot.memory.timewords import is_past_form

_SUBJECT = {
    "i am": "is", "i'm": "is", "im": "is", "i have": "has", "i've": "has", "i was": "was",
    "i do not": "does not", "i don't": "doesn't", "i did not": "did not", "i didn't": "didn't",
    "i will": "will", "i'll": "will", "i would": "would", "i'd": "would", "i can": "can",
    "i can't": "can't", "i cannot": "cannot", "i could": "could", "i should": "should",
    "i must": "must", "i might": "might", "i may": "may", "i had": "had", "i used to": "used to",
}
_LEAD = re.compile(r"^(?:" + "|".join(sorted((re.escape(k) for k in _SUBJECT), key=len,
                                               reverse=True)) + r")\b", re.I)
_MY = re.compile(r"^(my|our)\b", re.I)
_USER = re.compile(r"^the user(?:'s)?\s+", re.I)
# Past the start, the user is "they" (whose verb needs no other ending): "Their thesis is due
# soon and they're nervous". "I" is always a capital in English, so it is told from other
# languages' words; "me" (Spanish and French have it too) is changed only in a text that has
# it, "my" or "mine", or that the language identifier calls English ("Name's Oluwaseun, most
# people call me Seun").
_INNER = [(re.compile(rx), word) for rx, word in [
    (r"\bI'm\b", "they're"), (r"\bI am\b", "they are"), (r"\bI was\b", "they were"),
    (r"\bI've\b", "they've"), (r"\bI'd\b", "they'd"), (r"\bI'll\b", "they'll"),
    (r"\bI\b", "they"), (r"\b[Mm]yself\b", "themselves"), (r"\bmy\b", "their"),
    (r"\bmine\b", lambda m: "mine" if _NOUN_MINE.search(m.string[:m.end()]) else "theirs"),
    # "me" as chat's "my", before what it owns and its verb: "and me German is shocking"
    # (sealed52 kept "them German is shocking")
    (r"(?:(?<=\band )|(?<=\bbut )|(?<=, )|^)me(?=\s+[\w'-]+\s+(?:is|are|was|were|has|have)\b)",
     "their"),
    (r"\bme\b", "them"), (r"\bour\b", "their"),
    (r"\bours\b", "theirs")]]  # "at our parish church" (sealed23)
# "mine" the noun, a determiner up to three words before it: "at the Wieliczka salt mine" (it
# had become "the Wieliczka salt theirs", sealed34); not "that car is mine", "of mine".
# (not after a preposition: "in the flat below mine", sealed50)
_NOUN_MINE = re.compile(r"\b(?:the|a|an|this)\s+(?:(?!(?:is|was|are|were|of|than|and|or|be|below|"
                        r"above|under|over|beside|behind|near|next|to|like|opposite|from|with|"
                        r"after|before|beneath)\b)"
                        r"[\w'-]+\s+){0,3}mine$", re.I)
_AND_I = [(re.compile(rx), word) for rx, word in [
    (r"\band I'm\b", "and is"), (r"\band I am\b", "and is"), (r"\band I was\b", "and was"),
    (r"\band I've\b", "and has")]]
_THEM, _THEMSELVES = re.compile(r"\bthem\b"), re.compile(r"\bthemselves\b")
_THEIR = re.compile(r"\btheir\b")
_ENGLISH_I = re.compile(r"\bI\b|\bI'(?:m|ve|d|ll)\b|\bmy\b|\bmine\b|\bour\b")
_ME = re.compile(r"\bme\b")
_PREPOSITION_ME = re.compile(r"\b(for|to|with|from|about|without|behind|beside)\s+me\b")
_AND_I_VERB = re.compile(r"\band [Ii] (?!(?:am|was|do|did|have|had|will|would|can|could)\b)"
                         r"([a-z]+)\b(?!['\u2019])")
_LOWER_I = re.compile(r"(?<![\w.'])i(?![\w.'])")


# Adverbs between "I" and the verb ("I just got", "I recently moved"), kept as they are.
ADVERBS = frozenset("just also still never always often even already sometimes now once "
                     "finally recently usually really actually mostly".split())
# "I <verb>", with an adverb between them kept as it is.
_I_VERB = re.compile(r"^i\s+((?:[a-z]+ly|" + "|".join(sorted(ADVERBS)) + r")\s+)?([a-z]+)\b",
                     re.I)


def _third_person_verb(verb: str) -> str:
    v = verb.lower()
    if is_past_form(v) or v in (
            "can", "will", "must", "should", "would", "could", "may"):
        return v
    if v in ("be", "am"):
        return "is"
    if v in ("was", "were"):  # "ngl i was tilted for weeks" had become "Wases tilted" (sealed50)
        return "was"
    if v == "have":
        return "has"
    if re.search(r"(s|sh|ch|x|z|o)$", v):
        return v + "es"
    if re.search(r"[^aeiou]y$", v):
        return v[:-1] + "ies"
    return v + "s"


# "We" leading a statement is the user too ("We brought a goldfish home today").
_WE = re.compile(r"^we(?:'re| are|'ve| were|'ll|'d)?\b", re.I)
_WE_AS_I = {"we're": "I'm", "we are": "I am", "we've": "I've", "we were": "I was",
            "we'll": "I'll", "we'd": "I'd", "we": "I"}


_WE_ALL = re.compile(r"^we\s+(?:both|all|each)\b", re.I)  # said only of several


def as_i(clause: str) -> str:
    """The clause with a leading "we" read as "I" ("We're off to Crete": "I'm off to Crete")."""
    return _WE.sub(lambda m: _WE_AS_I[m.group(0).lower()], clause, count=1)


def leads_in_first_person(text: str) -> bool:
    """The text starts with the user's first person: "I'm ...", "I live ...", "My ..."."""
    out = _USER.sub("", text.strip())
    return bool(_LEAD.match(out) or _I_VERB.match(out) or _MY.match(out))


# A clause that left its "I" out, led by a past form after any adverb: "retrained and i work
# as a forensic photographer" is the user's throughout ("Retrained and works as ...", not
# "... and they work as ...", sealed27).
_PAST_LED = re.compile(r"^(?:(?:" + "|".join(sorted(ADVERBS)) + r")\s+)?([a-z]+)\b", re.I)


def _elides_i(text: str) -> bool:
    m = _PAST_LED.match(text)
    return m is not None and is_past_form(m.group(1).lower())


def third_person(text: str) -> str:
    """The memory text with a leading first person ("I", "my", "we", or "The user") turned into
    the third."""
    out = text.strip()
    if not out or out.startswith((SAID, ASKED)):
        # The user's own words, quoted, stay as said: 'Asked: "... i hate walls of text."' had
        # become "... they hate walls of text." (sealed31)
        return out
    before = out
    # "i dont eat cheese" is "Doesn't eat cheese", not "Donts eat cheese" (agents/casual.py)
    out = _USER.sub("", with_apostrophes(out))
    if not _WE_ALL.match(out):  # "we keep ducks", a clause kept whole: "Keeps ducks"
        out = as_i(out)
    if (m := _LEAD.match(out) or _I_VERB.match(out)) is not None or _elides_i(out):
        # The user leads, and is the subject after "and" too: "Doesn't eat okra and is
        # training for ...", not "... and they're training" (sealed21).
        for pattern, word in _AND_I:
            out = pattern.sub(word, out)
        # "i work as a tinsmith and i live in whitstable": "... and lives in whitstable"
        out = _AND_I_VERB.sub(lambda m: f"and {_third_person_verb(m.group(1))}", out)
    if (m := _LEAD.match(out)) is not None:
        out = _SUBJECT[m.group(0).lower()] + out[m.end():]
    elif (m := _I_VERB.match(out)) is not None:
        out = (m.group(1) or "") + _third_person_verb(m.group(2)) + out[m.end():]
    elif _MY.match(out):
        out = _MY.sub("Their", out, count=1)
    if out != before or _ENGLISH_I.search(out) or (
            _ME.search(out) and language_of(out) == "English"):
        for pattern, word in _INNER:
            out = pattern.sub(word, out)
    else:  # "me" after an English preposition is English too: "Grandson set up for me"
        out = _PREPOSITION_ME.sub(r"\1 them", out)
    if _LOWER_I.search(out) and language_of(out) == "English":
        out = _LOWER_I.sub("they", out)  # "Is 47, i do beatboxing" (chat; not Italian's "i")
    return out[:1].upper() + out[1:]


# A fact's leading verb as it is said to "you": the third person's own forms back.
_TO_YOU = {"is": "are", "was": "were", "has": "have", "does": "do", "doesn't": "don't",
           "isn't": "aren't", "wasn't": "weren't", "hasn't": "haven't"}
_WHERE_ONE_IS = frozenset("based located stationed situated".split())  # states, not deeds
_MODALS = frozenset("will would can can't cannot could should must might may had used".split())
# A plural verb right after the first word: that word is a noun ("Parents are ...").
_PLURAL_VERB = re.compile(r"\s+(?:are|were|have|do|don't|aren't|weren't|haven't)\b", re.I)
_FACT_ADVERBS = "|".join(sorted(ADVERBS | {"only"}))
# (and "no longer", how an ended fact is written: "No longer works as a cashier ..." was told
# back as written, sealed52)
_FACT_VERB = re.compile(r"^((?:" + _FACT_ADVERBS + r"|no\s+longer)\s+)?([a-z']+)\b", re.I)


def _second_person_verb(verb: str) -> str | None:
    """A subjectless fact's verb as said to "you" ("lives" -> "live"), or None when the word
    is not a verb form a fact starts with."""
    v = verb.lower()
    if v in _TO_YOU:
        return _TO_YOU[v]
    if v in _WHERE_ONE_IS:  # "Based in a tiny village ...": "you are based" (sealed42's "you
        return f"are {v}"  # based in ...")
    if v in _MODALS or is_past_form(v):
        return v
    if (len(v) < 4 or not v.endswith("s") or v.endswith(("ss", "us", "is"))
            or "'" in v):  # "Cuthbert's a park ranger": a name's, not a verb
        return None
    if re.search(r"[^aeiou]ies$", v):
        return v[:-3] + "y"
    if re.search(r"(?:sh|ch|x|z|o)es$", v) or v.endswith("sses"):
        return v[:-2]
    return v[:-1]


# How the user's name is stored (agents/part_calls.py, agents/memory_tools.py).
NAME_FACT = "Is called "
# A fact said in another language, kept in the user's own words (agents/own_words.in_their_words)
SAID = "Said: "
ASKED = "Asked: "  # a request kept in the user's words (agents/reply_requests.py)


def leads_with_a_verb(text: str) -> bool:
    """The fact starts with its verb, subjectless: "Plays roller derby", "Has a cat called
    Quirin", "Is vegan"; not "Daughter Lena is six" nor "Their sister is Ana"."""
    m = _FACT_VERB.match(text.strip())
    return (m is not None and text.strip()[:1].isupper() and m.group(2).lower() != "their"
            and _second_person_verb(m.group(2)) is not None)


# Someone of the user's named after who they are: "Husband Bartolo works ...", "Uncle
# Percival collects ...", "Brother moved to Madrid". The closed class of kin and of the
# people around a home or a job.
RELATIONS = ("aunt|auntie|sister|mother|mum|mam|mom|daughter|wife|girlfriend|grandmother|grandma|"
              "gran|granny|niece|stepmother|stepmum|stepdaughter|fiancee|uncle|brother|father|"
              "dad|son|husband|boyfriend|grandfather|grandpa|grandad|nephew|stepfather|stepdad|"
              "stepson|fiance|cousin|partner|neighbour|neighbor|landlord|landlady|boss|friend|"
              "flatmate|roommate|housemate|colleague|coworker|mate|godson|goddaughter")
_KIN_NAMED = re.compile(rf"^((?i:{RELATIONS}))\s+(?:[A-Z][\w'-]*\s+)?(?=[a-z])")
_KIN_OWNS = re.compile(rf"^(?i:{RELATIONS})['\u2019]s\s")


# An adjective that is only ever said of someone's own thing leads the model's "Favourite tea
# is lapsang souchong" (told back "You told me Favourite tea is ...", sealed26): said to the
# user, the thing is theirs. A closed class of English words, not a list of things.
_OWN_THING = re.compile(r"^(?:favou?rites?|usual|preferred|current|former|main|go-to|"
                        r"dream|ideal)\s+[a-z]", re.I)


def second_person(text: str) -> str:
    """A stored fact as said to the user it is about: "Lives in Montreal" -> "You live in
    Montreal", "Is vegetarian" -> "You are vegetarian", "Their sister is Ana" -> "Your sister
    is Ana". Facts are stored in the third person without a subject (`third_person`); a reply
    that reads them beside a message saying "my" spoke as the user ("Sturmi ist mein Pferd").
    Text that does not start that way (a name, another language) is left as it is."""
    out = text.strip()
    if out.startswith(SAID):  # the user's own words, quoted: "You said: \"Vivo en Cusco\""
        return "You said: " + out.removeprefix(SAID)
    if out.startswith(NAME_FACT):
        # The name fact code writes: "Your name is Kofi" answers "Do you know my name?", where
        # beside "You are called Kofi" the embedded model replied "you haven't mentioned your
        # name" (the tuned intro case, every run of session 18).
        return "Your name is " + out.removeprefix(NAME_FACT)
    if _KIN_OWNS.match(out) and language_of(out) in (None, "English"):
        # "Godson's first communion in Bastia ..." was told back "You told me Godson's ..."
        # (sealed31)
        return "Your " + out[:1].lower() + _THEIR.sub("your", out[1:])
    if (kin := _KIN_NAMED.match(out)) is not None and language_of(out) in (None, "English"):
        # "Husband Bartolo works as a ferryman" (the model's) was told back "You told me
        # Husband Bartolo works ..." (sealed24): "Your husband Bartolo works ..."
        rest = _THEIR.sub("your", _THEMSELVES.sub("yourself", out[kin.end(1):]))
        if re.match(r"\s+(?:called|named)\b", rest):  # "Partner called Sam"
            return f"You have a {kin.group(1).lower()}{rest}"
        return f"Your {kin.group(1).lower()}{rest}"
    if _OWN_THING.match(out) and language_of(out) in (None, "English"):
        return "Your " + out[:1].lower() + _THEIR.sub("your", out[1:])
    m = _FACT_VERB.match(out)
    if m is None or not out[0].isupper():  # a fact starts with a capital
        return out
    their = m.group(1) is None and m.group(2).lower() == "their"
    verb = None if their else _second_person_verb(m.group(2))
    # The language identifier last: it runs only on a text that would change.
    if (not their and verb is None) or language_of(out) not in (None, "English"):
        return out
    if their:  # "... round the corner from them" was "from me" (`third_person`)
        return "Your" + _THEM.sub("you", _THEMSELVES.sub("yourself", out[5:]))
    if _PLURAL_VERB.match(out[m.end():]):  # "Parents are visiting": a noun leads, not a verb
        return "Your " + out[:1].lower() + out[1:]
    # The user's own after the verb: "for their uncle's 60th" is "for your uncle's 60th".
    # Not "them": "Drives them to school" is the children.
    rest = _THEIR.sub("your", _THEMSELVES.sub("yourself", out[m.end():]))
    return f"You {(m.group(1) or '').lower()}{verb}{rest}"


# "I'm" / "I am", then what may stand before the complement: the user's name and a comma
# ("I'm Priya, an architect"), an adverb ("I'm seriously allergic"), an article.
_I_AM = re.compile(r"\b[Ii](?:['’]m| am)\s+")
_COMPLEMENT = re.compile(r"(?:[A-Z][\w'-]*\s*,\s*)?(?:(?:[a-z]+ly|"
                         + "|".join(sorted(ADVERBS)) + r")\s+)?(?:(an?)\s+)?([\w'-]+)")


def with_copula(text: str, part: str) -> str:
    """A fact stored without its verb, when the user's part said it after "I'm": "Allergic
    to sesame" for "I'm seriously allergic to sesame" -> "Is allergic to sesame", "Architect
    in Edinburgh" for "I'm Priya, an architect in Edinburgh" -> "Is an architect in
    Edinburgh". The reply reads a fact to the user as "you" (`second_person`); without a
    verb it was shown as written, a note that could be about anyone. Anything else is left as
    it is ("Learning Welsh" for "I've started learning Welsh")."""
    out = text.strip()
    words = out.split(maxsplit=1)
    # A word in -ed the part says after "I'm" is what the user is, not what they did:
    # "Retired bailiff" for "I am a retired bailiff" (sealed22) was told back as "you retired
    # bailiff".
    if not words or (_led_by_a_verb(words[0]) and not words[0].lower().endswith("ed")):
        return out
    part = with_apostrophes(part)  # "im 58, widower" (sealed28 kept "58 years old")
    age = re.fullmatch(r"(\d{1,3})\s+years?\s+old\W*", out)
    if (age and re.search(r"\bi(?:['\u2019]?m|\s+am)\b", part, re.I)
            and re.search(rf"(?<![\w-]){age.group(1)}(?![\w-])", part)):
        return f"Is {out}"  # "im Astrid, 41, i go bouldering" (sealed41 kept "41 years old")
    for i_am in _I_AM.finditer(part):
        m = _COMPLEMENT.match(part, i_am.end())
        said = m.group(2) if m else ""
        # A capital is most often the user's name ("I'm Priya and ..." beside "Priya is an
        # architect"), not a complement.
        if said and not said[0].isupper() and said.lower() == words[0].lower():
            article = f"{m.group(1).lower()} " if m.group(1) else ""
            if said.isdigit() and not re.match(r"\s*(?:years?\b|yo\b)", out[len(said):]):
                # "52 is a great age" for "im 52" (sealed38 stored "Is 52 is a great age"):
                # the model's remark on the age; the age is the fact.
                return f"Is {said} years old"
            return f"Is {article}{said}{out[len(words[0]):]}"
        # The complement's words in another order: "Pilot hot air balloon" for "im a hot air
        # balloon pilot now" (sealed38).
        after = re.match(r"an?\s+([a-z][\w' -]*)", part[i_am.end():])
        said_words = after.group(1).split()[:len(out.split())] if after else []
        if len(said_words) > 1 and sorted(out.lower().split()) == sorted(
                w.lower() for w in said_words):
            phrase = " ".join(said_words)
            return f"Is {'an' if phrase[0] in 'aeiou' else 'a'} {phrase}"
    return out


def _led_by_a_verb(word: str) -> bool:
    """The first word is a verb a fact starts with ("Lives", "Is", "Moved"), or "Their"."""
    return word.lower() == "their" or _second_person_verb(word) is not None


_WORD_CHARS = re.compile(r"[^\W\d_]+")
_MIN_TAIL = 5  # "ring" is not what the model left of "during"


def with_whole_words(text: str, part: str) -> str:
    """The memory with a word the part said only as the end of a longer word put back whole:
    "Listens to podcasts while working" for "... while I do woodworking" -> "... while
    woodworking". The 1.5B model drops a compound's first piece (its first token), which
    leaves a word that reads right and says something else. Only a word the part does not
    say itself, of five letters or more, and the part's one longer word the memory lacks."""
    said = {w.lower() for w in _WORD_CHARS.findall(part)}

    def whole(m: re.Match[str]) -> str:
        word = m.group(0)
        low = word.lower()
        if len(low) < _MIN_TAIL or low in said:
            return word
        longer = [w for w in said if w.endswith(low) and len(w) > len(low)]
        if len(longer) != 1 or longer[0] in text.lower():
            return word
        return longer[0].capitalize() if word[0].isupper() else longer[0]
    return _WORD_CHARS.sub(whole, text)
