"""Facts a part says have ended, read from the words of the part (chatbot.agents.part_calls).

The small model files "Little update: I've quit teaching!", "sad news… Quirin died on Sunday"
or "I handed back the keys to the estate" as small talk or as a plan, and keeps the old fact
as unchanged. `ended_facts` finds the shown facts such a part ends: the object of a verb of
ending or parting, or someone the user lost or parted from; `as_ended` writes the fact's new
version, led by what no longer holds.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from wordfreq import zipf_frequency

from chatbot.agents.guards import said_in, stems
from chatbot.agents.new_facts import with_the_day
from chatbot.agents.parts import NEGATION
from chatbot.agents.pieces import CHAT_TAGS
from chatbot.agents.statements import LET_GO_VERBS, said_as_memory
from chatbot.agents.wording import leads_in_first_person, leads_with_a_verb, third_person

_CLAUSE = re.compile(r"[,;]\s*")


# A verb that ends what follows it, said of the user's own doing: "I've quit teaching", "I
# stopped going to choir", "I gave up the allotment", "I've retired from nursing", "I resigned
# from Blue Cup", "I got laid off from the mill", "I handed in my notice at ...". What ends
# is the phrase after it, up to a preposition or a joining word ("I left my umbrella at the
# office" ends the umbrella, not a job at an office).
# The "I" may be left out where the verb leads its clause: "update bc life is wild: quit the
# hotel, im an apprentice boatbuilder now" (sealed39 kept the hotel job current).
_ENDING = re.compile(r"(?:\bI(?:'ve| have)?\s+|(?:^|[:;!?]\s*)(?:so\s+|and\s+)?)"
                     r"(?:just\s+|finally\s+|recently\s+)?"
                     r"(?:quit|stopped|left|gave\s+up|given\s+up|retired\s+from|dropped\s+out\s+of|"
                     r"packed\s+in|jacked\s+in|chucked\s+in|"
                     r"broke\s+up\s+with|split\s+up\s+with|split\s+from|"
                     r"separated\s+from|divorced|resigned\s+from|"
                     r"handed\s+(?:in\s+)?my\s+notice\s+(?:in\s+)?(?:at|to)|"
                     r"(?:got|was|been)\s+(?:laid\s+off|fired|let\s+go|made\s+redundant)\s+"
                     r"(?:from|at|by))\s+(.*)", re.I)
# Ended by someone else: "they let me go from the dock job, didnt pass probation" (sealed43 kept
# it as a request, and the job current), "the mill laid me off".
LET_GO = re.compile(rf"\b(?:{LET_GO_VERBS})\s+(?:from|at)\s+(.*)", re.I)
# What the user says they no longer do: "i dont drive trains anymore" ends "Works as a train
# driver" (sealed20: it had become "Wants to quit driving trains").
_NOT_ANYMORE = re.compile(r"\bI\s+(?:don't|dont|don\u2019t|do\s+not)\s+(.+?)\s+any\s*more\b"
                          r"|\bI\s+no\s+longer\s+(.+?)(?=\s*(?:[-,;.!]|$))"
                          # "im not laying bricks anymore" (sealed29: the job stayed), said
                          # alone: "I'm not an accountant any more, I became a pilot" corrects
                          r"|\bI(?:['\u2019]?m|\s+am)\s+not\s+(.+?)\s+any\s*more\W*$"
                          # or before a clause not the user's next one: "im not a bank teller
                          # anymore, quit in jan." (sealed44)
                          r"|\bI(?:['\u2019]?m|\s+am)\s+not\s+(.+?)\s+any\s*more\s*[,;]"
                          r"(?!\s*(?:i\b|i['\u2019]?m\b|im\b))", re.I)

# "Tom and I split up": the one the user parted from is named before.
_SPLIT = re.compile(r"\b([\w'-]+)\s+and\s+I\s+(?:have\s+|had\s+|'ve\s+)?(?:just\s+|finally\s+)?"
                    r"(?:split\s+up|broke\s+up|divorced|separated|called\s+it\s+(?:off|quits)|"
                    r"(?:are|'re|were)\s*(?:not|n't)\s+together|aren't\s+together)\b", re.I)
# "Tess dumped me", "Tess left me": the one who left is named before ("Tess and I aren't
# together any more": `_SPLIT`).
_LEFT_ME = re.compile(r"\b([A-Z][\w'-]+)\s+(?:has\s+|just\s+)*(?:dumped|left|ditched)\s+me\b")
# Someone or some animal of the user's died: "Quirin died on Sunday", "my old cat passed
# away", "we had to put Bruno to sleep". The shown facts that name them end.
_DIED = re.compile(r"\b([\w'-]+)\s+(?:has\s+|had\s+)?(?:just\s+|sadly\s+|finally\s+)?"
                   r"(?:died|passed\s+away|was\s+put\s+(?:down|to\s+sleep))\b", re.I)
_PUT_DOWN = re.compile(r"\bput\s+([\w'-]+)\s+(?:down|to\s+sleep)\b", re.I)
# "We lost Gudrun on Tuesday": a name (capitalised; not "I lost my keys", "we lost the match").
_LOST = re.compile(r"\b(?i:we|I)\s+(?:(?i:have|'ve|just|sadly|finally)\s+)*(?i:lost)\s+"
                   r"(?:(?i:our|my)\s+)?(?:(?i:old|dear|beloved|lovely|sweet)\s+)?([A-Z][\w'-]+)")
# Something of the user's that went to someone else or is gone: "I sold the Trabant", "handed
# back the keys to the estate", "we got rid of the caravan", "my bike was stolen". Whoever
# says it; what is parted with must be named by a shown fact. Its object runs to the end of
# the clause, with "to the estate" (what the keys are of) but not "to my neighbour" (who got
# it) nor a time. Leaving a place ends living there: "we drove out of Asheville on sunday";
# a pet rehomed is no longer the user's.
_PARTED = re.compile(r"\b(?:sold(?:\s+off)?|gave\s+away|given\s+away|got\s+rid\s+of|"
                     r"gotten\s+rid\s+of|traded\s+in|scrapped|handed\s+back|handed\s+in|"
                     r"gave\s+back|given\s+back|moved\s+out\s+of|closed\s+down|shut\s+down|"
                     r"(?:drove|driven|moved|flew|flown)\s+(?:out\s+of|away\s+from)|"
                     r"re-?homed)"
                     r"\s+(.*)", re.I)
# "we packed up and left Denver", "I finally left Leeds": a place (capitalised) the user left;
# "gave the allotment back": the thing between.
_LEFT_PLACE = re.compile(r"\b(?:I|[Ww]e)\b(?:\s+[\w']+){0,3}?\s+left\s+([A-Z][\w'-]+)")
_GAVE_BACK = re.compile(r"\b(?:gave|given|handed|took|taken)\s+((?:the|my|our)\s+[\w'-]+)\s+back\b",
                        re.I)
_GONE = re.compile(r"\b(?:the|my|our)\s+((?:[\w'-]+\s+){0,2}?[\w'-]+)\s+(?:was|got|has\s+been|"
                   r"is|'s)\s+(?:finally\s+|just\s+|now\s+)?(?:sold|scrapped|written\s+off|"
                   r"stolen)\b", re.I)  # not "gone": "my sister is gone for the weekend"
# Something of the user's that ended by itself: "our netball league folded last week", "my
# choir disbanded", "the club has closed down", "my course was cancelled".
_FOLDED = re.compile(r"\b(?:the|my|our)\s+((?:[\w'-]+\s+){0,2}?[\w'-]+)\s+(?:(?:has|have|had|just|"
                     r"finally|sadly)\s+)*(?:folded|disbanded|closed(?:\s+down)?|shut\s+down|"
                     # "the roastery didnt work out lol" (sealed40: the barista job stayed)
                     r"did(?:n['\u2019]?t|\s+not)\s+work\s+out|fell\s+through|"
                     r"went\s+(?:bust|under)|wound\s+up|(?:was|were|got|has\s+been|have\s+been)\s+"
                     r"(?:cancelled|canceled|scrapped|axed|disbanded|closed(?:\s+down)?|"
                     r"shut\s+down))\b", re.I)
_PARTED_END = re.compile(r"(?:^|\s+)(?:to\s+(?:my|a|an|his|her|our|their|some)|at|in|on|by|for|"
                         r"with|from|because|and|but|so|since|after|when|as|last|this|over|"
                         r"during|before|earlier|"
                         # "sold the vespa lol, ..." (sealed42 ended the "lol")
                         rf"{CHAT_TAGS}|rn|"
                         r"yesterday|today)\b.*$|[^\w\s'].*$", re.I)
_GOING = re.compile(r"^(?:going|getting)\s+to\s+", re.I)  # "I stopped going to choir"
_OF = re.compile(r"\s+(?:to|of)\s+(?:the\s+|my\s+|our\s+)?", re.I)


def _heads(phrase: str) -> set[str]:
    """The stems of the last word of a noun phrase and of what it is "of" or "to": "the keys
    to the estate" gives key and estate; "some old books" books, not old."""
    return set().union(*(stems(p.split()[-1]) for p in _OF.split(phrase) if p.split()))
_OBJECT_END = re.compile(r"(?:^|\s+)(?:at|in|on|by|to|for|with|from|because|and|but|so|since|"
                         r"after|when|as|last|this)\b.*$|[^\w\s'].*$", re.I)


def ended_facts(part: str, found: list[tuple[str, list[str], Any]], shown: dict[int, str],
                taken: dict[int, Any]) -> list[int]:
    """The shown facts a part says the user stopped, parted with or left (`_PARTED`, `_GONE`,
    `_LEFT_PLACE`, `_GAVE_BACK`: "I sold the Trabant", "we packed up and left Denver"), that
    ended by themselves (`_FOLDED`: "our netball league folded"), or
    that name someone it says died or left them (`_DIED`, `_LOST`, `_SPLIT`, `_LEFT_ME`); else
    a first-person verb of ending (`_ENDING`) whose object shares a word with the fact, or
    whose memory copies the fact. "Little
    update: I've quit teaching!" came as a plan with the shown "Teaches maths at a secondary
    school in Derby" copied for its memory, and "unchanged" for its verdict: the job stayed
    current, and so did "Has been teaching for eight years"."""
    if (death := _DIED.search(part) or _PUT_DOWN.search(part) or _LOST.search(part)
            or _SPLIT.search(part) or _LEFT_ME.search(part)) is not None:
        who = stems(death.group(1))
        return [i for i, old in shown.items() if i not in taken and who & stems(old)]
    # Not after a negation in its clause: "I never sold the Trabant".
    parted = [m.group(1) for m in (_PARTED.search(part), _GONE.search(part),
                                   _LEFT_PLACE.search(part), _GAVE_BACK.search(part),
                                   _FOLDED.search(part))
              if m is not None and not NEGATION.search(_CLAUSE.split(part[:m.start(1)])[-1])]
    what = set().union(*(_heads(_PARTED_END.sub("", p)) for p in parted if p.strip()))
    if ended := [i for i, old in shown.items() if i not in taken and stems(old) & what]:
        return ended
    ending = _ENDING.search(part) or _NOT_ANYMORE.search(part) or LET_GO.search(part)
    if ending is None:
        return []
    what = stems(_OBJECT_END.sub("", _GOING.sub("", ending.group(ending.lastindex or 0))))
    copies = [stems(t) for t, _, _ in found]
    # A word of the fact that begins with one of what ended counts ("quit engraving" ends
    # "Works as an engraver"); else a fact the part's memory copies. Not both: beside "im not
    # laying bricks anymore" the model copied "Lives in Pärnu", and the town went (sealed29).
    named = [i for i, old in shown.items()
             if i not in taken and any(said_in(w, stems(old)) for w in what)]
    if not named and what & _JOB_STEMS:
        # "quit the coffee job!!" beside "Works as a barista" (sealed41: the job stayed): a
        # job named by what it is, not by the fact's words, ends the one fact of work shown.
        jobs = [i for i, old in shown.items() if i not in taken and _WORK_FACT.search(old)]
        named = jobs if len(jobs) == 1 else []
    return named or [i for i, old in shown.items()
                     if i not in taken and any(c and c <= stems(old) for c in copies)]


_JOB_STEMS = stems("job gig position")
_WORK_FACT = re.compile(r"^(?:Works?|Working|Worked|Employed)\b|\bjob\b", re.I)


_DONE_BY_THEM = re.compile(r"^\W*(?:(?:they|he|she|the\s+\w+|my\s+\w+)\s+(?:just\s+)?)?"
                           rf"({LET_GO_VERBS})\b", re.I)
_PASSIVE = {"let": "let go", "laid": "laid off", "fired": "fired", "sacked": "sacked",
            "made": "made redundant"}
_CHAT_TAIL = re.compile(rf"(?:\s+(?:{CHAT_TAGS}))+\W*$", re.I)


def as_ended(part: str, old: list[str], day: date | None) -> str:
    """A fact the user ended, led by what no longer holds, then their words: "No longer
    teaches maths at a secondary school in Derby: has quit teaching (as of March 2024)". Led
    by the user's words ("has packed in roller derby (...; no longer: plays roller derby)"),
    the reply read "roller derby" and told the user they were into it; led by "No longer", it
    said they had stopped. A fact that does not start with its verb ("Daughter Lena is six")
    cannot follow "No longer": the user's words lead, "no longer:" in brackets."""
    # "they let me go from ..." is the user's: "Was let go from ..." (not "They let them go")
    part = _DONE_BY_THEM.sub(lambda m: "was " + _PASSIVE[m.group(1).split()[0].lower()], part)
    now = _CHAT_TAIL.sub("", third_person(said_as_memory(part)).rstrip(" .!"))  # "... lol"
    now = with_the_day(now, day)  # "died on Sunday": on which day
    old = [t.rstrip(" .") for t in old]  # not "... the evening news.: quit ..." (sealed36)
    was = "; ".join(t[:1].lower() + t[1:] if t[1:2].islower() else t for t in old)
    when = f"as of {day:%B %Y}" if day is not None else ""
    if all(leads_with_a_verb(t) for t in old):
        said = (now[:1].lower() + now[1:] if leads_with_a_verb(now) or now.startswith("Their ")
                else now)
        return f"No longer {was}: {said}" + (f" ({when})" if when else "")
    return f"{now} ({when + '; ' if when else ''}no longer: {was})"


# What comes next, after the clause that ends a fact: ", starting as a tea taster for an importer
# in swindon on monday" after "i quit the captioning job" (sealed36: it went into the old job's
# ending, and the new job was kept nowhere), or the user's new job ("i quit the stagehand gig,
# im a deckhand on the river ferry now", sealed37).
_NEXT = re.compile(r",\s*(?:and\s+)?(?=(?:now\s+|i['\u2019]?m\s+|i\s+am\s+)?(?:starting|moving|"
                   r"going|joining|becoming|training|working|doing)\b"
                   # "sold the vespa lol, im cycling to work now ..." (sealed42)
                   r"|(?:now\s+)?(?:i['\u2019]?m|i\s+am)\s+(?:now\s+)?[a-z]{2,}ing\b"
                   r"|(?:now\s+)?(?:i['\u2019]?m|i\s+am)\s+(?:now\s+)?an?\s+"
                   r"|(?:now\s+)?i\s+(?:now\s+)?work\s+(?:as|at|for|in)\b"
                   r"|i\s+start\b)"  # "..., I start on 2 April" (sealed45)
                   r"|\s+and\s+(?=(?:now\s+)?"
                   r"(?:i['\u2019]?m\s+|i\s+am\s+)?(?:starting|moving|joining|becoming)\b)", re.I)


EVERYDAY_ZIPF = 5.5  # "work" 5.9, "job" 5.2, "ferry" 3.9


def ending_and_next(part: str, old: list[str]) -> tuple[str, str | None]:
    """The clause of the part that ends the old facts, and the news after it that says
    nothing of them (led by "starting", "moving", ...: what the user does next), if any."""
    part = _after_lead_in(part)
    m = _NEXT.search(part)
    if m is None:
        return part, None
    rest = re.sub(r"[\s.!\u2600-\u27bf\U0001f000-\U0001faff\ufe0f]+$", "", part[m.end():])
    # (it speaks of them by a word of theirs English does not write every day: not "work")
    if {w for w in stems(rest) & set().union(*(stems(t) for t in old))
            if zipf_frequency(w, "en") < EVERYDAY_ZIPF}:
        return part, None
    return part[:m.start()].strip(), rest


_DASH = re.compile(r"\s+[-\u2013\u2014]+\s+")


def _after_lead_in(part: str) -> str:
    """The part from the user's own clause after a lead-in and its dash: "right, loads has
    changed since we last spoke so bear with me — I left the farm shop ..." (sealed48 kept the
    lead-in in the ended job's memory)."""
    pieces = _DASH.split(part, maxsplit=1)
    return pieces[1] if (len(pieces) == 2 and leads_in_first_person(pieces[1])
                         and not _I_SUBJECT.search(pieces[0])) else part


_I_SUBJECT = re.compile(r"\b(?:i|i['\u2019]?m|i['\u2019]?ve|i['\u2019]?d)\b", re.I)
