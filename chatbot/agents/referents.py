"""Who a part led by "they", "she" or "he" is about, from what the user said before it.

A small model stores "They're opening a little guesthouse there." as it was said, and kept alone
the memory says nothing of whose guesthouse or where. `with_referents` leads such a part with the
"my <relation> [Name]" of the user's latest text that the pronoun can be (plural for "they",
single for "she"/"he") and reads a "there" as the place that text named; `referent_name` gives
the name alone. English only; anything else is left as it is.
"""

from __future__ import annotations

import re
from typing import Any

from wordfreq import zipf_frequency

from chatbot.agents.casual import with_apostrophes
from chatbot.agents.language import language_of
from chatbot.agents.statements import JOINED
from chatbot.agents.wording import ADVERBS, RELATIONS
from chatbot.memory.timewords import is_past_form

# "My grandparents", "my little sister", "our neighbour Florian": who a later "they", "she" or
# "he" is. Up to two lower-case words after the possessive, then an optional name.
_NOT_RELATION = r"(?!(?:" + "|".join(sorted(ADVERBS | {"finally"})) + r")\b)"
_POSSESSED = re.compile(rf"\b(?i:my|our)\s+((?:[a-z][a-z'-]*\s+)?{_NOT_RELATION}[a-z][a-z'-]*)"
                        rf"(?:\s+([A-Z][\w'-]+))?(?=\s+(?:[a-z]+\s+)?"
                        r"(?:is|are|was|were|has|have|had|live|got|will|[a-z]+ed|[a-z]+s)\b)")
_LEAD_PRONOUN = re.compile(r"^(?:(?:and|but|so|oh|also|well)\b[\s,]*)*"
                           r"(they|he|she)(?:['’](re|ve|ll|s|d))?\b", re.I)
_CONTRACTED = {"re": "are", "ve": "have", "ll": "will", "d": "would"}
_PLACE_AFTER = re.compile(r"\b(?:in|to|at|near|from)\s+((?:[A-Z][\w'-]+\s?){1,3})")
_THERE = re.compile(r"(?<=\w)\s+there\b(?!\s+(?:is|are|was|were)\b)")


# The name a sentence gives its "my <relation>" after the verb: "My best mate is Thanos.",
# "my new lodger is called ilias" (typed without capitals: only after "called" or "named").
# "my landlord is called Reginald", "... is a guy called Reginald" (sealed22), "... is Ana."
_NAMED_AFTER = re.compile(r"\s+(?:is\s+)?(?:an?\s+[a-z]+\s+)?(?:called|named)\s+([^\W\d_][\w'-]*)"
                          r"|\s+is\s+([A-Z][\w'-]*)\s*(?:[.!,;]|$)")


def _named_after(said: str, at: int) -> str | None:
    m = _NAMED_AFTER.match(said, at)
    if m is None:
        return None
    name = m.group(1) or m.group(2)
    return name[:1].upper() + name[1:]


# Someone whose pronoun is "they" though they are one person: "My flatmate Emrys uses
# they/them".
_THEY_THEM = re.compile(r"\bthey\s*/\s*them\b|\bgoes\s+by\s+they\b", re.I)


# Someone named by where they are to the user, then "she" or "he": "the lady next door is
# Mrs Okonkwo" then "she breeds cochin hens" (sealed34 kept "She breeds ..." about nobody).
_THE_NAMED = re.compile(r"\b(?i:the)\s+(?:[a-z-]+\s+){0,3}?[a-z-]+\s+(?:is|was)\s+"
                        r"((?:(?:Mrs|Mr|Ms|Miss|Dr|Prof)\.?\s+)?[A-Z][\w'-]+)")


def _the_named(said: str, pronoun: str) -> str | None:
    """The name `said` gives "the <someone>" when `pronoun` is "she" or "he"."""
    found = _THE_NAMED.findall(said) if pronoun.lower() in ("she", "he") else []
    return found[-1] if found else None


# ... or before any verb in the past: "my neighbour ailbhe lent me her log splitter" (sealed36:
# "shes moving to mariehamn" after it was kept as the user's move).
_POSSESSED_DID = re.compile(rf"\b(?i:my|our)\s+((?:[a-z][a-z'-]*\s+)?{_NOT_RELATION}[a-z][a-z'-]*)"
                            r"(?:\s+([A-Z][\w'-]+))?\s+([a-z]+)\b")
# ... or named last: "can u help me plan a birthday party for my nephew tenoch?" then "hes
# turning 8 and is completely obsessed with seahorses rn" (sealed36: nothing kept).
_POSSESSED_END = re.compile(r"\b(?i:my|our)\s+((?:[a-z][a-z'-]*\s+)?[a-z][a-z'-]*)\s+"
                            r"([A-Za-z][\w'-]+)(?=\s*[?!.,]|\s*$)")
# A word of the relation no wordlist knows is the name typed in lower case ("ailbhe").
_TYPED_NAME_ZIPF = 3.0  # "gwendolyn" 2.56 (sealed42), "downstairs" 3.7


def _typed_name(relation: str) -> str | None:
    last = relation.split()[-1]
    if len(relation.split()) < 2 or zipf_frequency(last.lower(), "en") >= _TYPED_NAME_ZIPF:
        return None
    return last[:1].upper() + last[1:]


def _named_later(said: str, who: re.Match[str]) -> str | None:
    """The name `said` gives who `who` matched after its words ("My best mate is Thanos.")."""
    return _named_after(said, who.end(2) if who.group(2) else who.end(1))


def _verb(contracted: str | None, rest: str, *, one: bool) -> str:
    """The verb a pronoun's contraction stood for: "he's got" has, "he's a chef" is, "they're"
    are (is, for `one` person)."""
    verb = (contracted or "").lower()
    if verb == "s":
        return "has" if re.match(r"\s+(?:got|been)\b", rest) else "is"
    verb = _CONTRACTED.get(verb, "")
    return {"have": "has", "are": "is"}.get(verb, verb) if one else verb


def _many(relation: str) -> bool:
    """The relation names more than one: "grandparents", not "boss" (sealed45 read "my boss
    Hargreave" as plural, and "hes obsessed w golf" went to the partner)."""
    last = relation.split()[-1].lower()
    return last.endswith("s") and not last.endswith("ss")


def _unowned(name: str | None) -> str | None:
    """A name without the "'s" of what is theirs: "my friend Philippa's hermit crabs ...
    while she's hiking" is about Philippa (sealed47 kept "Their friend Philippa's is ...")."""
    return re.sub(r"['\u2019]s$", "", name) if name else name


def _who(said: str, pronoun: str) -> re.Match[str] | None:
    """The last "my <relation> [Name]" of `said` that `pronoun` can be: a plural relation
    for "they" (a single one when `said` gives them they/them), a single one for "she"/"he"."""
    plural = pronoun.lower() == "they"
    found = list(_POSSESSED.finditer(said)) or [
        m for m in _POSSESSED_DID.finditer(said) if is_past_form(m.group(3).lower())] or [
        m for m in _POSSESSED_END.finditer(said) if m.group(2)[0].isupper()
        or zipf_frequency(m.group(2).lower(), "en") < _TYPED_NAME_ZIPF]  # not "my sister today"
    who = [m for m in found if _many(m.group(1)) == plural]
    if not who and plural and _THEY_THEM.search(said):
        who = list(_POSSESSED.finditer(said))
    return who[-1] if who else None


def referent_name(text: str, before: list[str]) -> str | None:
    """The name of whom a part led by "they", "she" or "he" is about, from the user's latest
    text before it that names "my <relation> <Name>" ("Emrys" for "They've just started work
    as an undertaker" after "My flatmate Emrys uses they/them"); None when none does."""
    lead = _LEAD_PRONOUN.match(with_apostrophes(text).strip())
    if lead is None or language_of(text) not in (None, "English"):
        return None
    for said in reversed(before):
        if (who := _who(said, lead.group(1))) is not None:
            name = (_unowned(who.group(2)) or _named_later(said, who)
                    or _typed_name(who.group(1)))
            return name[:1].upper() + name[1:] if name else None
        if (named := _the_named(said, lead.group(1))) is not None:
            return named
    return None


def with_referents(text: str, before: list[str]) -> str:
    """A part in the user's words that leads with "they", "she" or "he", led instead by who
    that is in the user's latest text before it that says "my <relation>" (plural for "they",
    not for "she"/"he"), and with a "there" after a word read as the place that text named:
    "My grandparents just moved to Oaxaca." then "They're opening a little guesthouse there."
    is "Their grandparents are opening a little guesthouse in Oaxaca." Kept alone, the part
    would say nothing of whose guesthouse, or where. A name the earlier text gives the relation
    goes with it ("My best mate is Thanos." then "He's the one who got me into karaoke" is
    "Their best mate Thanos is the one who ..."). English only; unchanged when nothing before
    says who."""
    read = with_apostrophes(text).strip()  # "hes allergic to lupin" as "he's allergic ..."
    lead = _LEAD_PRONOUN.match(read)
    if lead is None or language_of(text) not in (None, "English"):
        return text
    rest = read[lead.end():]
    for said in reversed(before):
        if (who := _who(said, lead.group(1))) is None:
            if (named := _the_named(said, lead.group(1))) is not None:
                verb = _verb(lead.group(2), rest, one=True)
                return f"{named}{' ' + verb if verb else ''}{rest}"
            continue
        relation = " ".join(g for g in (who.group(1), _unowned(who.group(2)),
                                         _named_later(said, who)) if g)
        # one person's "they" ("My flatmate Emrys uses they/them")
        verb = _verb(lead.group(2), rest, one=not _many(who.group(1)))
        out = f"Their {relation}{' ' + verb if verb else ''}{rest}"
        place = _PLACE_AFTER.findall(said)
        if place:
            out = _THERE.sub(f" in {place[-1].strip()}", out, count=1)
        return out
    return text


def with_clause_referents(clauses: list[tuple[str, Any, Any]], before: list[str],
                          ) -> list[tuple[str, Any, Any]]:
    """A part's clauses kept apart, each led by who its "she", "he" or "they" is from the
    clauses before it too: "my daughter Nneka turns 7 next month and she's obsessed w/
    jellyfish" keeps "Their daughter Nneka is obsessed w/ jellyfish" (sealed34 kept "She's
    obsessed ...", about nobody)."""
    out, seen = [], list(before)
    for text, cats, target in clauses:
        out.append((with_referents(text, seen), cats, target))
        seen.append(text)
    return out


# A memory of a part led by "it" that names its thing by the head noun alone: "Course starts 3
# weeks from today ..." for "it starts 3 weeks from today ..." after "signed up for an evening
# knife making course!!" (sealed36: the dates were kept without the knife making).
_LEAD_NOUN = re.compile(r"^([A-Z][a-z]{2,})\b")
_IT_LED = re.compile(r"^\W*(?:and\s+|so\s+)?(?:it|it['\u2019]?s|it\s+is)\b", re.I)


def with_its_name(text: str, part: str, before: list[str]) -> str:
    """The memory of an "it" part with its lead noun as the user's words before named it,
    with the words before the noun ("Evening knife making course starts ...")."""
    m = _LEAD_NOUN.match(text)
    if m is None or not _IT_LED.match(part):
        return text
    noun = m.group(1).lower()
    for said in reversed(before):
        named = re.search(rf"\b(?:a|an|the|my|our)\s+((?:[a-z][\w-]*\s+){{1,3}}){noun}\b", said,
                          re.I)
        if named is not None:
            words = named.group(1) + noun
            return words[:1].upper() + words[1:] + text[m.end():]
    return text


# "his name is sigismund 😍" after "just got an axolotl!!": the name of the thing the part before
# ended on (sealed44 kept "Sigismund's name").
_ITS_NAME = re.compile(r"^\W*(?:and\s+)?(?:his|her|its|their)\s+name(?:['\u2019]?s|\s+is|\s+was)"
                       r"\s+([^\W\d_][\w'-]*)", re.I)
_THING_LAST = re.compile(r"\b(?:a|an|my|our)\s+(?:new\s+|little\s+|baby\s+)?([a-z][\w-]{2,})"
                         r"(?=\W*$|\s+(?:lol|haha\w*|omg)\b)", re.I)


def its_name(part: str, before: list[str]) -> str | None:
    """ "Their axolotl is called Sigismund" for "his name is sigismund" after a part that ends
    naming the axolotl; None for any other part."""
    m = _ITS_NAME.match(part)
    thing = _THING_LAST.search(before[-1]) if m and before else None
    if m is None or thing is None:
        return None
    name = m.group(1)
    return f"Their {thing.group(1).lower()} is called {name[:1].upper()}{name[1:]}"


# Words enough to tell something of them: "hes turning 8 and is completely obsessed with
# seahorses rn", not "she's great".
_TOLD_WORDS = 5
# ... or one word fewer with a verb of what someone is into or does: "hes obsessed w golf".
_TRAIT = re.compile(r"\b(?:obsessed|into|loves?|hates?|allergic|plays|works|lives|collects|"
                    r"runs|coaches|teaches)\b", re.I)


def of_someone(part: str, before: list[str]) -> str | None:
    """A part filed as nothing to keep that tells of someone of the user's by "she", "he" or
    "they" (`with_referents` finds who), as a memory of them; None for a question, a short
    remark, or when nothing before says who."""
    if part.rstrip().endswith("?") or len(part.split()) < _TOLD_WORDS - (
            1 if _TRAIT.search(part) else 0):  # "hes obsessed w golf" (sealed45: lost)
        return None
    told = with_referents(part, before)
    if told == part and _SOMEONES_NEWS.search(part):
        # ... or by who they are and their name: "oh and Rhodri's teacher Mrs Loveday is
        # retiring at Easter, he's devastated." (sealed51: filed as small talk, nothing kept)
        said = JOINED.sub("", part.strip())
        return said[:1].upper() + said[1:]
    return told if told != part else None


# Someone of the user's (or of someone of theirs), named, and what they are doing.
_SOMEONES_NEWS = re.compile(r"\b(?:(?i:my|our)|[A-Z][\w-]+['\u2019]s)\s+[a-z][a-z-]+\s+"
                            r"(?:(?:Mr|Mrs|Ms|Miss|Dr)\.?\s+)?[A-Z][\w'-]+\s+"
                            r"(?:is|was|has|had|got|just|will|won|lost)\b")


# A memory the part says of "she" or "he", with no word of whose it is: "On a cruise" for
# "staying at my mums in margate ... while shes on a cruise" (sealed49 kept it as the user's).
_BEING = r"\b(?:she|he)(?:['\u2019]?s|\s+is|\s+was)\s+"
_RELATION_BEFORE = re.compile(rf"\b(?:my|our)\s+((?i:{RELATIONS}))(?:['\u2019]?s)?\b", re.I)


def said_of_them(text: str, part: str) -> str | None:
    """The memory led by who it is about, when the part says its words right after "she's" or
    "he's": the name `referent_name` gives, else the user's relation the part named last
    before it ("Their mum is on a cruise"). None when the part does not, or names nobody."""
    said = text.strip().rstrip(".!")
    read = with_apostrophes(part)
    m = re.search(_BEING + re.escape(said), read, re.I) if said else None
    if m is None:
        return None
    said = said[:1].lower() + said[1:]
    if (name := referent_name(read[m.start():], [read[:m.start()]])) is not None:
        return f"{name} is {said}"
    kin = [k.group(1).lower() for k in _RELATION_BEFORE.finditer(read[:m.start()])]
    return f"Their {kin[-1]} is {said}" if kin else None

