"""How a message's text is cut into pieces before its parts: an aside in brackets or a
quotation is never cut inside (`bracketed`, `split_outside_brackets`), a pasted entry with a
line that is only its date is one piece (`pasted_entries_joined`), and a numbered list's marks
are no sentences (`LIST_NUMBER`), and fragments of a word said in a row are one
(`fragments_joined`). Read by agents/parts.py and the modules that cut a part into
clauses.
"""

from __future__ import annotations

import re

from chatbot.memory.timewords import MONTHS, WEEKDAYS

_WORD = re.compile(r"[^\W_]+")  # a word (agents/parts.py reads it from here)

# What chat tags a sentence with, no word of it: "sold the vespa lol", "kinda nervous ngl".
CHAT_TAGS = r"lol|lmao|haha\w*|tbh|ngl|omg"
INTERJECTIONS = ("oh|well|omg|wow|ugh|yay|lol|haha|phew|argh|oops|whoa|yikes|eek|meh|oof|welp|"
                 "ahh|aww|hmm|ooh|gosh|blimey|crikey|woohoo|hiya|heyy+")

# An aside in brackets is one piece with what it is said of: "training as a tree surgeon now
# (climbing trees for a living, my mam thinks ive lost it), Biscotto died ..." was cut at
# "my mam", and both halves were kept with half a bracket (sealed49). Not a typed emoticon's
# bracket (":(", ";-)"), nor one that is never closed.
_OPEN, _CLOSE = re.compile(r"(?<![:;=-])\("), re.compile(r"(?<![:;=-])\)")


# A quotation is one piece too: "her exact words were 'Gulliver got the falconer job at the
# castle in Matlock, he starts in May!'" was cut at its comma (sealed51). An apostrophe inside a
# word ("Gulliver's") is none.
_QUOTED = re.compile(r"(?<!\w)'[^'\n]{3,200}?'(?!\w)|\"[^\"\n]{3,200}\""
                     r"|\u201c[^\u201d\n]{3,200}\u201d|\u2018[^\u2019\n]{3,200}\u2019(?!\w)")


def bracketed(text: str) -> list[tuple[int, int]]:
    """The spans of the text's closed asides in round brackets, outermost only, and of its
    quotations."""
    quotes = [(m.start(), m.end()) for m in _QUOTED.finditer(text)]
    marks = sorted([(m.start(), 1) for m in _OPEN.finditer(text)]
                   + [(m.start(), -1) for m in _CLOSE.finditer(text)])
    spans, depth, start = [], 0, 0
    for at, step in marks:
        if step > 0 and depth == 0:
            start = at
        depth = max(0, depth + step)
        if step < 0 and depth == 0 and at > start:
            spans.append((start, at + 1))
    return spans + quotes


def split_outside_brackets(pattern: re.Pattern[str], text: str) -> list[str]:
    """`pattern.split(text)` (no groups), but never inside an aside in brackets."""
    spans = bracketed(text)
    pieces, start = [], 0
    for m in pattern.finditer(text):
        if m.end() > m.start() and not any(a < m.start() < b for a, b in spans):
            pieces.append(text[start:m.start()])
            start = m.end()
    return [*pieces, text[start:]]


# A pasted entry (lines after one that ends in a colon) with a line that is only its date and
# time is one part: "pasting from my calendar:" then "Residence permit appointment", "Wed 27 Mar
# 2024, 09:40 - 10:20", "Immigration Office, Counter 6" was kept line by line (sealed50), the
# date a memory of its own and the appointment undated. A pasted profile ("- Name: ...",
# "- Job: ...") has no such line, and its lines stay facts of their own.
_DATE_WORDS = frozenset([*WEEKDAYS, *MONTHS, *(d[:3] for d in WEEKDAYS), "tues", "thur", "thurs",
                         "am", "pm", "at", "to", "from", "until", "till"])
_TIME_TOKEN = re.compile(r"\d{1,2}(?:[:.]\d{2})?(?:am|pm|h)?|\d{4}|\d{1,2}(?:st|nd|rd|th)", re.I)


def _only_a_date(line: str) -> bool:
    words = _WORD.findall(line)
    return bool(words) and any(w.lower() in MONTHS or w.lower() in _DATE_WORDS
                               for w in words) and all(
        w.lower() in _DATE_WORDS or _TIME_TOKEN.fullmatch(w) for w in words)


def pasted_entries_joined(text: str) -> str:
    lines, out, i = text.split("\n"), [], 0
    while i < len(lines):
        out.append(lines[i])
        if lines[i].rstrip().endswith(":"):
            while i + 1 < len(lines) and not lines[i + 1].strip():
                i += 1  # a blank line after the lead
            block = []
            while i + 1 < len(lines) and lines[i + 1].strip():
                block.append(lines[i + 1].strip())
                i += 1
            if len(block) >= 2 and any(_only_a_date(b) for b in block):
                out.append(" - ".join(b.rstrip(" .;") for b in block))
            else:
                out += block
        i += 1
    return "\n".join(out)


LIST_NUMBER = re.compile(r"^[ \t]*\d{1,2}[.)][ \t]+(?=\S)", re.M)


# Terse chat says one fact in fragments: "no nightshades. intolerant. fyi" (sealed49: apart,
# "intolerant." was kept as "Intolerant" and dropped as saying nothing, and nothing was
# stored). A lone word joins the short sentence before it; a greeting or a chat tag is none,
# nor is a clause of the user's ("im Bo.").
FRAGMENT_WORDS = 3  # the sentence a lone word joins is this short
_NO_FRAGMENT = re.compile(rf"^\W*(?:(?:{INTERJECTIONS}|{CHAT_TAGS}|hi+|hello|hey+|thanks|"
                          r"thank\s+you|ta|cheers|ok|okay|yes|yeah|yep|no|nope|bye|morning|"
                          r"evening)\b\W*)+$|\b(?:i|im|i['\u2019]m|my|me)\b", re.I)


def fragments_joined(sentences: list[str]) -> list[str]:
    out: list[str] = []
    for sentence in sentences:
        if (out and len(_WORD.findall(sentence)) == 1 and not sentence.endswith("?")
                and not _NO_FRAGMENT.search(sentence)
                and len(_WORD.findall(out[-1])) <= FRAGMENT_WORDS
                and not out[-1].endswith("?") and not _NO_FRAGMENT.search(out[-1])):
            out[-1] = f"{out[-1]} {sentence}"
        elif out and _WHERE_OR_WHEN.match(sentence) and not out[-1].endswith("?"):
            out[-1] = f"{out[-1].rstrip('.!')} {sentence[:1].lower()}{sentence[1:]}"
        else:
            out.append(sentence)
    return out


# A place or a time said as a sentence of its own, after what it places: "My flatmate Torquil
# has taken up the alphorn. In our flat. At seven in the morning." (sealed53 kept "Flat is in
# their house" and "Time is 7 AM"). A few words led by a preposition, no verb after it.
_WHERE_OR_WHEN = re.compile(r"^\W*(?:in|at|on|from|by|near|with|during|before|after|every)\s+"
                            r"(?!(?:\w+\s+)*?(?:is|are|was|were|am|have|has|had|do|does|did|will|"
                            r"i|we|you|he|she|they|it)\b)(?:[\w'-]+\s+){0,5}[\w'-]+\W*$", re.I)


# A name between commas right after what it names, before the verb: "my neighbour's African
# grey, Brigadier, has learned to do the microwave beep" (sealed52: cut at the comma, the name
# and what he did were lost). Not a list ("Paris, London, and Rome") nor a place after a place
# ("in Leeds, Yorkshire, we ...": the word before is lower case).
_APPOSITIVE = re.compile(r"(?<=\b[a-z]{2})([a-z'-]*)\s*,\s*([A-Z][\w'-]+)\s*,\s*"
                         r"(?!(?:and|or|nor|but|then|etc|so|who|which)\b)(?=[a-z])")


def appositive_joined(text: str) -> str:
    """The text with a name said between commas joined to what it names."""
    return _APPOSITIVE.sub(lambda m: f"{m.group(1)} {m.group(2)} ", text)


# A letter's greeting, alone: "Dear Ms Thistlewood," (quoted or not).
SALUTATION = re.compile(r"^\W*(?:dear|to)\s+(?:(?:mr|mrs|ms|miss|mx|dr|prof)\.?\s+)?"
                        r"[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2}\W*$", re.I)


# Facts asked to be kept as a list of "that" clauses: "I should be grateful if you would record
# ... that I am a doctoral candidate in papyrology, that my husband, Caspar, ..., and that my
# viva voce examination ... is now to take place in a fortnight" (sealed53 kept it whole, one
# memory). Each clause is the user's: led by "I", "my", "we" or "our".
_THAT_MINE = re.compile(r",?\s+(?:and\s+)?that\s+(?=(?:I|my|we|our)\b)", re.I)
_THAT_CLAUSES = 2  # a list has two at least


def reported_clauses(sentence: str) -> list[str]:
    """The sentence cut before each "that" of a list of them, or the sentence."""
    cuts = list(_THAT_MINE.finditer(sentence))
    if len(cuts) < _THAT_CLAUSES:
        return [sentence]
    lead = sentence[:cuts[0].start()]  # "I should be grateful if you would record"; not
    pieces = [lead] * (len(_WORD.findall(lead)) > FRAGMENT_WORDS) + [  # "I think" alone
        sentence[a.end():b.start() if b is not None else None]
        for a, b in zip(cuts, [*cuts[1:], None], strict=True)]
    return [p.strip(" ,") for p in pieces if _WORD.search(p)]


# A line of a pasted receipt, label or form: capitals and a number or a price, nobody in it.
_CAPS_FIRST_PERSON = re.compile(r"\b(?:I|I'M|IM|MY|ME|WE|OUR|US)\b")


def pasted_line(part: str) -> bool:
    """The part is written in capitals (`_CAPS_PER_SMALL`) with a figure in it, and says no
    "I" or "my": "EGG NOODLES  €1.25"; not "I GOT THE JOB!!!"."""
    upper, lower = len(re.findall(r"[A-Z]", part)), len(re.findall(r"[a-z]", part))
    return (upper >= _CAPS_PER_SMALL * max(lower, 1) and bool(re.search(r"\d", part))
            and not _CAPS_FIRST_PERSON.search(part))


_CAPS_PER_SMALL = 4  # "FREE RANGE EGGS x6": a unit in small letters


# A pasted e-mail thread: "> On Wed 13 Mar, Henrietta Okafor wrote:" gives who wrote the lines
# quoted one level deeper. Only the user's own are theirs to keep: what Henrietta wrote ("I'm in
# Tenerife for the whole of April") is not, and "On Tue 12 Mar, I wrote:" is the user's
# (sealed54: cut into parts of mixed writers, the sorting reply broke and nothing was kept).
_QUOTE = re.compile(r"^[ \t]*((?:>[ \t]?)*)(.*)$")
_WROTE = re.compile(r"^(?:on\s+[^,\n]{1,40},?\s+)?(?P<who>[^,\n]{1,60}?)\s+wrote:\s*$",
                    re.I | re.M)
_HEADER = re.compile(r"^(?:subject|from|to|cc|sent|date)\s*:", re.I)


def own_lines_of_thread(text: str) -> str:
    """The text with a quoted thread's lines by other writers, its attributions and its
    header lines left out, and the user's own quoted lines unquoted."""
    if not re.search(r"^[ \t]*>", text, re.M) or not _WROTE.search(
            "\n".join(_QUOTE.match(line).group(2) for line in text.splitlines())):
        return text
    writers: dict[int, str] = {}
    out = []
    for line in text.splitlines():
        marks, said = _QUOTE.match(line).groups()
        depth = marks.count(">")
        if (wrote := _WROTE.match(said.strip())) is not None:
            # the lines quoted under it, and (pasted inside the quote) those beside it
            for level in (depth, depth + 1) if depth else (1,):
                writers[level] = wrote.group("who").strip().lower()
            continue
        if _HEADER.match(said.strip()):
            continue
        if depth and writers.get(depth, "i") not in ("i", "me"):
            continue
        out.append(said)
    return "\n".join(out)
