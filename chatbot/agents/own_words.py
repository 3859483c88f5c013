"""Whether the memories the model wrote for a part keep what the part says: a memory that
leaves out who the part is about (a name), a rare word or a negation, or that names what
nobody said, gives way to the part's own words (or its clauses); a first-person clause no
memory covers is kept in the third person."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from chatbot.agents.corrections import denies_shown, new_words
from chatbot.agents.example_words import copies_examples
from chatbot.agents.foreign_dates import with_foreign_date
from chatbot.agents.guards import FIRST_PERSON, said_in, stems
from chatbot.agents.language import LANGUAGES, language_of
from chatbot.agents.left_out import COMMON_ZIPF
from chatbot.agents.parts import (
    _CLAUSE,
    _WORD,
    NEGATION,
    NEW_SUBJECT,
    _proper_names,
)
from chatbot.agents.pieces import split_outside_brackets
from chatbot.agents.rare_words import _drops_a_rare_word, _lower_words, _rare, with_rare_clauses
from chatbot.agents.statements import JOINED
from chatbot.agents.wording import SAID, leads_in_first_person


def invents(text: str, known: str) -> bool:
    """The text names someone or something the user's words and the memories do not."""
    return bool({w.lower() for w in _proper_names(text)} - _lower_words(known))


def drops_a_name(part: str, memories: str, user_name: str | None = None,
                  known: str = "") -> str | None:
    """The first name the part says that the memories leave out: most often who it is
    about ("My sister Ana lives in Rome"), or a pet's name after its breed ("my dog is a
    Labrador called Biscuit" as "Dog is a Labrador"); not what it denies ("..., not a
    Toyota"). The user's own name is not that first name: "Je m'appelle Camille, je suis
    boulangère à Lyon" stored as "Is a boulangère" dropped Lyon. (Not in German, which
    capitalises every noun: "Ich bin Wiebke, ich arbeite als Goldschmiedin" is no name
    dropped from "Works as a goldsmith".) The part's first word counts when `known` (the
    user's words, the shown memories) writes it as a name: "Sheldon loves strawberries"
    after "My tortoise Sheldon is 40" was stored as "Loves strawberries", the user's."""
    own = _lower_words(user_name or "") if language_of(part) != "German" else set()
    words = _WORD.findall(part)
    names = [w for at, w in enumerate(words) if at and w in _proper_names(part)
             and w.lower() not in own and not _denied(words[max(0, at - _DENIAL_REACH):at])]
    if words and words[0] in names_in(known) and words[0].lower() not in own:
        names.insert(0, words[0])
    said = _lower_words(memories)
    return next((n for n in names if not said_in(n.lower(), said)), None)


_DENIAL_REACH = 3  # words before a name: "not a Toyota", "rather than in Lyon"


def _denied(before: list[str]) -> bool:
    """A name after these words is what the part denies ("..., not a Toyota")."""
    return bool(NEGATION.search(" ".join(before))) or "than" in before or "instead" in before


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")
# A part whose subject is someone or something of the user's: "my husband works nights at
# the depot", "our landlord is selling the flat" (then a verb: is/was/has/had, -s, -ed).
_THEIR_SUBJECT = re.compile(r"^\W*(?i:and\s+|but\s+|also\s+)?(?i:my|our)\s+"
                            r"((?:[a-z-]+\s+){0,2}?[a-z-]+)(?:\s+[A-Z][\w'-]*)?\s+(?:is|was|has|had|[a-z]+s|[a-z]+ed)\b")


_LOWER_MY = re.compile(r"^\W*(?:and\s+|but\s+|also\s+)?(?:my|our)\s")
# Someone the user names by where they are to the user: "the lady next door is Mrs Okonkwo",
# "the guy upstairs is a drummer" (sealed34 stored "Mrs Okonkwo is a character from a novel").
_THE_SUBJECT = re.compile(r"^\W*(?i:the)\s+((?:[a-z-]+\s+){0,3}?[a-z-]+)\s+(?:is|was)\b")


def drops_whose(part: str, memories: str) -> bool:
    """The part's subject is the user's someone or something ("my husband works nights at
    the freight depot") and the memories leave out who or which: "Works nights at the
    freight depot" reads as the user's own job, and "Leagues start in three weeks" for "My
    beach volleyball league starts in three weeks" lost which league (sealed20): an
    uncommon word of the subject (`COMMON_ZIPF`) that no memory says."""
    m = _THEIR_SUBJECT.match(part)
    if m is None:
        the = _THE_SUBJECT.match(part)
        # only when the memories keep no word of it: "The meeting is on Friday" is kept as
        # "Meeting on Friday"
        return the is not None and not stems(the.group(1)) & stems(memories)
    said = stems(memories)
    # Sharing no word with the memories counts after a lower-case "my" only, as chat types
    # it: "My car is a Honda Civic" is kept as "Drives a Honda Civic".
    return (_LOWER_MY.match(part) is not None and not stems(m.group(1)) & said) or any(
        _rare(w, below=COMMON_ZIPF) and not any(said_in(s, said) for s in stems(w))
        for w in m.group(1).split())

# A clause of the user's own doing with its object: "I play the cello in an orchestra", "I
# keep two ferrets", "I drive a lorry". The object is the word or two after the determiner, up
# to a preposition or the clause's end.
_MY_OBJECT = re.compile(r"^\W*I\s+(?:[a-z]+ly\s+)?[a-z]+\s+(?:the|a|an|my|our|some|two|three)\s+"
                        r"((?:(?!(?:in|at|on|for|with|to|from|of|and|but|by)\b)[a-z-]+\s*){1,2})")


def drops_the_object(part: str, memories: str) -> bool:
    """The memories leave out the object of the part's "I <verb>": "Played in orchestra" for
    "I play the cello in an orchestra" (the cello, a common word, is no rare one)."""
    m = _MY_OBJECT.match(part)
    return bool(m) and not stems(m.group(1)) & stems(memories)


def names_in(text: str) -> set[str]:
    """The words a text writes as names: capitalised past the start of a sentence."""
    return set().union(*(_proper_names(s) for s in _SENTENCE_END.split(text)))


def without_inventions(part: str, found: list[tuple[str, list[str], Any]], known: str,
                        ) -> list[tuple[str, list[str], Any]]:
    """The memories less those naming what nobody said, for an English part with no first
    person: "Not sure where Salzburg came from!" as "Salzburg is in Austria" has nothing of
    the user's own to keep in its place. The same list when nothing is dropped; elsewhere
    `own_words_instead` keeps the part's words."""
    if FIRST_PERSON.search(part) or not any(invents(t, known) for t, _, _ in found):
        return found
    if language_of(part) != "English":  # the first person is looked for in English words
        return found
    return [f for f in found if not invents(f[0], known)]


# A memory said to the user ("Kyudo is a great hobby for you", for "btw I do kyudo, japanese
# archery, twice a week": the assistant's words, rejected on adding, and nothing was kept,
# sealed30). A fact is kept in the third person.
_TO_YOU = re.compile(r"\b(?:you|your|yours|yourself)\b", re.I)


def own_words_instead(part: str, found: list[tuple[str, list[str], Any]], name: str | None,
                       shown: dict[int, str], known: str, kind: str) -> str | bool:
    """The memories leave out the part's first name (unless it is the old value the part
    denies of a shown memory; the name is returned), a fact's rare word, or name what nobody
    said (True): the part's own words are kept."""
    said = " ".join(t for t, _, _ in found) + f" {name or ''}"
    dropped = drops_a_name(part, said, name, known)
    if dropped and not denies_shown(dropped, part, said, shown, _proper_names(part)):
        return dropped
    if kind != "how_to_reply" and (_drops_a_rare_word(part, said) or drops_whose(part, said)
                                   or drops_the_object(part, said)):
        return True  # the whole part: its other clauses may say "it" for the word
    return (loses_negation(part, found) or any(invents(t, known) for t, _, _ in found)
            or any(calls_them_what(t, part) for t, _, _ in found)
            or (not _TO_YOU.search(part) and any(_TO_YOU.search(t) for t, _, _ in found))
            or (kind != "how_to_reply" and language_of(part) in (None, "English")
                and any(copies_examples(t, known) and stems(t) & stems(part)
                        for t, _, _ in found)))


def copied_elsewhere(text: str, part: str, known: str, kind: str) -> bool:
    """A memory that copies the examples (`copies_examples`) and shares no word with the
    English part it was written for: the model wrote one list for every part of "My name is
    Gertrude; I am a retired bailiff and I live in Torshavn with my husband", and the part it
    is about keeps its own words instead (`own_words_instead`)."""
    return (kind != "how_to_reply" and language_of(part) in (None, "English")
            and copies_examples(text, known) and not stems(text) & stems(part))


# A memory that says what someone is ("Gethin is a great falafel shop in Exeter").
_NAME_IS = re.compile(r"^([A-Z][\w'-]+)\s+(?:is|was)\s+(?:a|an|the)\s")
# Where the user says what someone is: "Gethin is", "Gethin's a", "Gethin, a ...", "he's a".
_SAID_IS = (r"\b{name}(?:\s+(?:is|was)\b|['\u2019]s\s+(?:a|an|the)\b"
            r"|,\s+(?:a|an|the)\b)")
_PRONOUN_IS = re.compile(r"\b(?:he|she|they|it)(?:'s|\u2019s|\s+is|\s+was|'re|\s+are)\s",
                         re.I)


def calls_them_what(text: str, part: str) -> bool:
    """The memory says someone the part names is something ("Gethin is a ...") where the
    English part never says what they are: "My old university friend Gethin has just opened
    a falafel shop in Exeter" was kept as "Gethin is a great falafel shop in Exeter"
    (sealed20), and the friend became a shop."""
    m = _NAME_IS.match(text.strip())
    if m is None or language_of(part) not in (None, "English"):
        return False
    name = re.escape(m.group(1))
    if not re.search(rf"\b{name}\b", part):
        return False
    return (re.search(_SAID_IS.format(name=name), part) is None
            and _PRONOUN_IS.search(part) is None)


# Rarer than this (wordfreq's Zipf scale) a word says what a part is about, when the model's
# memories for it only copy what is shown: "karaoke" (3.4), "Thursday" (4.6 - not); chat's
# "haha" (4.5), "mate" (4.6), "lol" (5.1) are commoner.
NEWS_ZIPF = 4.0


def only_copies_with_news(part: str, found: list[tuple[str, list[str], Any]],
                          shown: dict[int, str]) -> bool:
    """Every memory the model wrote for the part copies a shown one word for word and shares
    no word with the part, and the part says an uncommon word that neither they nor any
    shown memory does: "He's the one who got me into karaoke, we go every Thursday" after
    "My best mate is Thanos" came as "Best mate is Thanos" again, and the karaoke was lost
    (sealed18). A copy that shares words with the part says it again ("Plays petanque at
    the village club" for "I play petanque at the village club most evenings"). The part's
    words are kept as a memory of its own, not as the copied memory's new version."""
    if not found or not shown or language_of(part) not in (None, "English"):
        return False
    if not all(any(not new_words(t, old) for old in shown.values()) and not stems(t) & stems(part)
               for t, _, _ in found):
        return False
    said = _lower_words(" ".join([*shown.values(), *(t for t, _, _ in found)]))
    return any(_rare(w, below=NEWS_ZIPF) and not said_in(w.lower(), said)
               for w in _WORD.findall(part))


# A clause of the moment: led by an "it" with no one in it ("It's absolutely chucking it down
# here"), or "I'm" and a state in a word ending "-ed" ("I'm knackered", "so stressed").
_MOMENT_CLAUSE = re.compile(r"[,;.!?]+|\s+(?:and|but|so)\s+", re.I)
_IT_IS = re.compile(r"^\W*it(?:['\u2019]s|\s+is|\s+was)\b(?!.*\b(?:i|i'm|me|my|we|our|us)\b)",
                    re.I)
_IM_STATE = re.compile(r"^\W*(?:i['\u2019]?m|i\s+am)\s+(?:(?:so|really|proper|well|totally|"
                       r"absolutely|completely|utterly|\w+ly)\s+)?[a-z]+ed\W*$", re.I)


def only_the_moment(part: str, found: list[tuple[str, list[str], Any]],
                    shown: dict[int, str]) -> bool:
    """The model copied shown memories for a part that says only how things are right now
    (`_IT_IS`, `_IM_STATE`): nothing to keep. "It's absolutely chucking it down here and I'm
    knackered." came as "Lives in Hexham", and the part's own words were kept instead
    (sealed52). "I'm retired" the model writes as news, not a copy."""
    clauses = [c for c in _MOMENT_CLAUSE.split(part) if _WORD.search(c)]
    return bool(found and clauses) and all(
        any(not new_words(t, old) for old in shown.values()) for t, _, _ in found) and all(
        _IT_IS.match(c) or _IM_STATE.match(c) for c in clauses)


_MIN_CLAUSE_WORDS = 3
# Someone of the user's and a name, and no more: the subject of a clause, not one ("My
# in-laws Bohdan" of "My in-laws Bohdan and Margit live in Umea", sealed21).
_BARE_SUBJECT = re.compile(r"^(?i:my|our|his|her|their)\s+(?:[\w'-]+\s+){0,2}[A-Z][\w'-]*\W*$")


def clauses_instead(part: str, name: str, found: list[tuple[str, list[str], Any]],
                     ) -> list[tuple[str, list[str], Any]] | None:
    """The part's clauses, each in the user's words as a memory of its own, when it joins
    clauses with subjects of their own (each of a few words) and one says the name the
    memories dropped: "I collect vinyl records and my partner Lena is a dentist" as "Collects
    vinyl records" and "Partner is a dentist" becomes "I collect vinyl records" and "my
    partner Lena is a dentist" (the whole sentence in one memory bundled two facts; only the
    name's clause in the user's words kept "Played in orchestra" for "I play the cello in an
    orchestra"). Each clause takes the category and target of the memory closest to it.
    None when the part is one clause."""
    clauses = [c.strip(" ,;") for c in split_outside_brackets(NEW_SUBJECT, part)]
    if (len(clauses) < 2 or any(len(_WORD.findall(c)) < _MIN_CLAUSE_WORDS for c in clauses)
            or not any(name in _WORD.findall(c) for c in clauses)
            or any(_BARE_SUBJECT.match(c) for c in clauses)):
        return None
    out = []
    for clause in clauses:
        said = stems(clause)
        _, cats, target = max(found, key=lambda f: len(stems(f[0]) & said))
        out.append((clause, cats, target))
    return out


def clauses_for(part: str, why: str | bool, found: list[tuple[str, list[str], Any]],
                name: str | None, shown: dict[int, str], known: str, kind: str,
                ) -> list[tuple[str, list[str], Any]] | None:
    """What stands for the part's memories when `own_words_instead` gave `why`: its clauses
    for a dropped name (`clauses_instead`); for a dropped rare word, the model's memories with
    that word's clause in the user's words (`rare_words.with_rare_clauses`), if that mends all
    `own_words_instead` found wrong. None: the part whole."""
    if isinstance(why, str):
        return clauses_instead(part, why, found)
    swapped = with_rare_clauses(part, found) if why is True else None
    if swapped and not own_words_instead(part, swapped, name, shown, known, kind):
        return swapped
    return None


_NEGATION_REACH = 4  # words from the start: "I don't", "I'm not", "I really can't"


def loses_negation(part: str, found: list[tuple[str, list[str], Any]]) -> bool:
    """The part denies something of the user ("I don't eat pork") and the memories about
    what it denies do not say "not": the 1.5B model wrote "Eats pork", the opposite of what
    was said. (A memory of another clause, "Works as a pilot" beside "I'm not an accountant
    any more, I became a pilot", is not about it.)"""
    clause = _CLAUSE.split(JOINED.sub("", part.strip()))[0]
    if not leads_in_first_person(clause):
        return False
    if not NEGATION.search(" ".join(clause.split()[:_NEGATION_REACH])):
        return False
    denied = stems(clause)
    about = [t for t, _, _ in found if stems(t) & denied]
    return bool(about) and not any(NEGATION.search(t) for t in about)


def in_their_words(part: str, found: list[tuple[str, list[str], Any]],
                   day: date | None = None) -> list[tuple[str, list[str], Any]]:
    """The new facts of a part in another language, as one memory in the user's own words:
    'Said: "Trabajo como guía de montaña en Huaraz y ... hago escalada en hielo."'. The 1.5B
    model's English for such a part was wrong as often as not ("Escalates in hailing",
    "Bakes at night in the kitchen" for "baue abends an meiner Modelleisenbahn"), and a
    reply in the user's language then had nothing right to say; their own sentence is found
    by a search in their words and quoted back as they said it. A part that changes a shown
    memory becomes its new version, in the user's words too. A question keeps nothing. A
    relative time they say is dated after it, on `day` (agents/foreign_dates.py)."""
    if not found or part.rstrip().endswith(("?", "\uff1f")):  # "Déjà ?" filed as a fact
        return []
    said = re.sub(r"\s+", " ", part).strip(" ,;:").replace('"', "'")  # not "... à Vannes ;"
    said = _EMOJI_TAIL.sub("", said) or said  # "... sur la plage 😁" (sealed34)
    cats = next((c for _, c, _ in found if c), [])
    target = next((r for _, _, r in found if r is not None), None)
    return [(with_foreign_date(f'{SAID}"{said[:1].upper()}{said[1:]}"', day), cats, target)]


_EMOJI_TAIL = re.compile(r"\s*[\u2600-\u27bf\U0001f000-\U0001faff\ufe0f]+\s*$")
SAID_AGAIN_ZIPF = 4.0  # a word of the part's own language this rare names what it is about


def said_again(part: str, found: list[tuple[str, list[str], Any]], shown: dict[int, str],
               ) -> bool:
    """A part in another language whose memories all copy shown ones, and whose rare words
    (in its language), or names, those shown memories all say: the same fact told again
    ("zoals ik al zei, ik doe elke zomer aan fierljeppen" beside 'Said: "Ik doe aan
    fierljeppen in de zomer ..."' was kept a second time, sealed38). Or that shares no word
    with them and names nothing: the model found nothing in it to keep."""
    def words(text: str) -> set[str]:
        return {w.lower() for w in re.findall(r"[^\W\d_]+", text)}
    code = next((c for c, name in LANGUAGES.items() if name == language_of(part)), None)
    copied = [t for t in shown.values() if any(words(f) == words(t) for f, _, _ in found)]
    if code is None or not found or len(copied) < len({frozenset(words(f)) for f, _, _ in found}):
        return False
    known = set().union(*(words(t) for t in copied))
    rare = {w.lower() for w in re.findall(r"[^\W\d_]+", part) if _rare(w, code, SAID_AGAIN_ZIPF)}
    # Or in other words about the same named place or person, and naming nothing new: "zoals
    # ik al zei, ik duik elke ochtend de zee in bij Oostende" beside "Ik zwem elke ochtend in de
    # Noordzee bij Oostende" (sealed39).
    names = {w.lower() for w in _proper_names(part)}
    if not names and not re.search(r"\d", part) and not {
            w for w in words(part) if len(w) > 3} & known:
        return True  # "piove da stamattina, che noia" beside a copied "Lives in Trapani"
    return (bool(rare) and rare <= known) or (
        bool(names) and names <= known and not re.search(r"\d", part))


# "Bongani, who shapes surfboards in Durban, and Kalani, who teaches hula over in Hilo": each
# name with what its own "who" clause says of them.
_EACH = re.compile(r"(?<![\w'])((?-i:[A-Z][\w'\u2019-]+)),?\s+who('s|\u2019s|\s+is|\s+was)?\s+"
                   r"(.+?)(?=,?\s+and\s+(?-i:[A-Z])|,\s*(?-i:[A-Z])|[.;!?]?$)")


def one_person_each(found: list[tuple[str, list[str], Any]],
                    ) -> list[tuple[str, list[str], Any]]:
    """A new memory that says what two or more people named in it each are or do, in "who"
    clauses, as one memory per person: "Bongani shapes surfboards in Durban" and "Kalani
    teaches hula over in Hilo". Kept as one sentence, a question about one of them was
    answered with both (sealed12's two_people, docs/agents.md session 34)."""
    out = []
    for text, cats, target in found:
        each = list(_EACH.finditer(text))
        if target is not None or len({m.group(1) for m in each}) < 2:
            out.append((text, cats, target))
            continue
        for m in each:
            verb = (" was " if "was" in (m.group(2) or "") else " is ") if m.group(2) else " "
            out.append((f"{m.group(1)}{verb}{m.group(3).strip(' ,')}", cats, None))
    return out
