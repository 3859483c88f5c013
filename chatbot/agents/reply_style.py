"""Standing preferences that code can apply itself: lists, the clock, units, a sentence limit,
no emoji.

The response agent reads every standing preference on every turn (session.preferences), and
a capable model follows them. The embedded 1.5B model follows some and not others: asked for
bullet points it wrote one long "- " paragraph, and told to use the 24-hour clock it answered
"at 7:25 in the evening" (docs/agents.md, session 18). Where a preference is a format with a
mechanical form, code does not leave it to the model:

- bullet points: the reply's prompt begins the reply with "- " (agents/opening.py), and a reply
  that still has fewer than two bullet lines is cut into one bullet per sentence; asked for
  none, a list the model writes anyway becomes sentences; numbered steps asked for begin
  "1. " and every item is numbered in order;
- the 24-hour clock (agents/units.py, as are the two below): "7:25 pm", "7 in the evening"
  become "19:25", "19:00";
- the 12-hour clock: "19:25" becomes "7:25 pm" (only hours 0 and 13-23, which cannot be
  read as either);
- metric units: "26.2 miles" becomes "42.2 km", "98.6°F" "37°C", and an imperial aside beside
  a metric figure ("37°C (98.6°F)") goes. A user who asked for imperial units gets the
  model's figures as written (it gives miles with kilometres beside them), but a later
  request for them ends an earlier one for metric;
- a number of sentences ("two sentences at most", "a single sentence"): the reply is cut
  after that many (a leading "Sure!" not counted), a list after that many items; a length in
  words ("under sixty words") is read as sentences of `WORDS_PER_SENTENCE` words;
- no emoji ("can u stop w the emojis pls"): every emoji is taken out of the reply.

Which formats the user asked for is read from the texts of their procedural memories, newest
last, so a later "no more bullet points" turns an earlier request off, and `in_force` keeps
the overridden one from the model's prompt. The memory agent writes those texts in English
(or quotes the user's request); the patterns below are the closed set of formats code knows
how to apply, not guards against model mistakes. Anything else a user asks for (a language,
a tone, "end with a TL;DR") stays with the model.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from chatbot.agents.casual import with_apostrophes
from chatbot.agents.units import to_12_hour, to_24_hour, to_metric
from chatbot.memory.timewords import TENS


@dataclass(frozen=True)
class ReplyStyle:
    bullets: bool | None = None  # True: bullet points; False: asked for none; None: not asked
    clock: str | None = None  # "24h", "12h" or None (as the model writes times)
    units: str | None = None  # "metric", "imperial" or None (as the model writes them)
    sentences: int | None = None  # at most this many sentences (or list items)
    numbered: bool | None = None  # with bullets: "1.", "2.", ... instead of "- "
    emoji: bool | None = None  # False: asked for none ("can u stop w the emojis pls")

    @property
    def active(self) -> bool:
        return any(v is not None for v in vars(self).values())


PLAIN = ReplyStyle()

# What a preference asks for, and what it means when negated ("never am or pm" is a 24-hour
# clock; "no bullet points" turns them off).
_BULLETS = re.compile(r"\bbullet|\bpoint form\b|\bdot points\b|\b(?:with|using) dashes\b"
                      r"|\b(?:as|in) (?:a )?(?:short |numbered |bulleted )?lists?\b"
                      r"|\bnumbered (?:lists?|steps|points)\b"
                      # lists in the plural, of replies: "stop giving me those long lists with
                      # dots and headings" (sealed52: kept nothing, and lists went on)
                      r"|\blists\b", re.I)
_EMOJI_ASKED = re.compile(r"\bemoj\w*|\bemoticons?\b|\bsmileys?\b", re.I)
_EMOJI_CHARS = re.compile("[\u2600-\u27bf\U0001f000-\U0001faff\ufe0f\u200d]+")
_NUMBERED = re.compile(r"\bnumbered\b|\bnumber (?:them|the steps|each)\b", re.I)
_CLOCK_24 = re.compile(r"\b24[- ]?h(?:ou)?r?s?\b|\btwenty[- ]four[- ]hour|\bmilitary time", re.I)
_CLOCK_12 = re.compile(r"\b12[- ]?h(?:ou)?r?s?\b|\btwelve[- ]hour|\bam\b\s*(?:/|or|and)\s*\bpm\b"
                       r"|\ba\.m\.|\bp\.m\.", re.I)
_METRIC_ASKED = re.compile(r"\bmetric\b|\bkilomet|\bcelsius\b|\bkilos?\b|\bkg\b|\bcentigrade", re.I)
# ("pounds" is left out: "prices in pounds" is money.)
_IMPERIAL_ASKED = re.compile(r"\bimperial\b|\bmiles\b|\bfahrenheit\b|\bfeet\b"
                             r"|\binches\b|\bounces\b", re.I)
# A number of sentences in a standing preference is a limit ("two sentences at most", "a
# single sentence", "one-sentence answers"); a preference for more is not a thing users ask.
_NUMBER_WORDS = {"one": 1, "single": 1, "two": 2, "three": 3, "four": 4, "five": 5}
# (with any one word before "sentences": "two plain sentences", sealed52)
_SENTENCES = re.compile(r"\b([1-5]|one|two|three|four|five|single)[- ](?:[a-z]+ )?sentences?\b",
                        re.I)
# The same said loosely: "a sentence or two", "one or two sentences", "a couple of sentences",
# "a few sentences" (the larger number is the limit).
_ABOUT_SENTENCES = [(re.compile(r"\b(?:a|one|1)\s+(?:short\s+)?sentence\s+or\s+two\b"
                                r"|\b(?:one|1)\s+or\s+(?:two|2)\s+(?:[a-z]+\s+)?sentences\b"
                                r"|\ba\s+couple\s+(?:of\s+)?(?:short\s+)?sentences\b", re.I), 2),
                    (re.compile(r"\b(?:two|2)\s+or\s+(?:three|3)\s+(?:[a-z]+\s+)?sentences\b"
                                r"|\ba\s+few\s+(?:short\s+)?sentences\b", re.I), 3)]
# Short replies asked for without a number: "keep it brief", "short answers only", "be
# concise", "tl;dr style" (a few sentences); "one-liners", "a single line" (one); "two lines
# max" (that many). A rough length in words is read as sentences of ~20 words.
SHORT_SENTENCES = 3
WORDS_PER_SENTENCE = 20
_SHORT = re.compile(r"\bshort(?:er)?\s+(?:and\s+\w+\s+)?(?:answers?|replies|reply|responses?|"
                    r"messages?|texts?)\b|\bkeep\s+(?:it|them|things|replies|answers|your\s+\w+)"
                    r"\s+(?:\w+\s+)?(?:short|brief)\b|\b(?:brief|concise|succinct|terse)\b"
                    r"|\bto\s+the\s+point\b|\btl;?\s?dr\b", re.I)
_ONE_LINE = re.compile(r"\bone[- ]liners?\b|\b(?:a\s+single|one)\s+line\b", re.I)
_LINES = re.compile(r"\b([1-5]|one|two|three|four|five)\s+lines?\b", re.I)
_TENS = TENS | {"hundred": 100}
_WORDS = re.compile(r"\b(?:under|below|within|max(?:imum)?|at\s+most|fewer\s+than|less\s+than|"
                    r"no\s+more\s+than|up\s+to)\s+(\d{2,3}|" + "|".join(_TENS) + r"|a\s+hundred)"
                    r"\s+words\b", re.I)
# How many items a list asked for may have: "numbered steps, 5 max" was met by ten (sealed35).
_COUNT = r"([1-9]|one|two|three|four|five)"
_ITEMS = re.compile(rf"\b{_COUNT}\s+(?:steps?\s+|points?\s+|items?\s+|bullets?\s+|things?\s+)?"
                    r"(?:max(?:imum)?|at\s+most|tops)\b|\b(?:max(?:imum)?|at\s+most|up\s+to|no\s+"
                    rf"more\s+than)\s+{_COUNT}\s+(?:steps|points|items|bullets|things)\b", re.I)
_UNIT_ITEMS = re.compile(r"\b(?:steps?|points?|items?|bullets?)\b", re.I)
# "no more than two sentences" is a limit, not a negation.
_NO_MORE_THAN = re.compile(r"\b(?:no|not|never)\s+(?:more|longer)\s+than\s*$", re.I)
# A negation earlier in the same clause as the format it negates.
_NEGATION = re.compile(r"\b(?:no|not|never|don'?t|do not|doesn'?t|does not|stop|without|instead of"
                       r"|rather than|avoid|neither|nor|dislike[sd]?|hate[sd]?)\b", re.I)
_CLAUSE_END = re.compile(r"[.;:!?,]|\b(?:but|and)\b", re.I)


def _said(pattern: re.Pattern[str], text: str) -> bool | None:
    """True if the text asks for the format, False if it negates it, None if silent."""
    verdict = None
    for match in pattern.finditer(text):
        before = text[:match.start()]
        cut = max((m.end() for m in _CLAUSE_END.finditer(before)), default=0)
        after = text[match.end():]
        ends = _CLAUSE_END.search(after)
        verdict = not (_NEGATION.search(_NO_MORE_THAN.sub("", before[cut:]))
                       or _LOST_ON_ME.search(after[:ends.start()] if ends else after))
    return verdict


# What the user says the format means nothing to them, after it: "miles and Fahrenheit mean
# nothing to me" (sealed45 read it as asking for imperial units, over the metric asked before).
_LOST_ON_ME = re.compile(r"\b(?:means?\s+nothing|confus\w*|(?:don't|do\s+not)\s+(?:get|understand)"
                         r"|(?:is|are)\s+useless|no\s+idea|lost\s+on\s+me)\b", re.I)


def _asked(text: str) -> dict[str, Any]:
    """The formats one preference's text states, by field of ReplyStyle (chat spellings read
    as words: "keep ur replies short", quoted as the user typed it)."""
    text = with_apostrophes(text)
    out: dict[str, Any] = {}
    if (bullets := _said(_BULLETS, text)) is not None:
        out["bullets"] = bullets
        if bullets:  # a kind of bullet points, not a format of its own (`overridden`)
            out["numbered"] = True if _NUMBERED.search(text) else None
    if (h24 := _said(_CLOCK_24, text)) is not None:
        out["clock"] = "24h" if h24 else "12h"
    elif (h12 := _said(_CLOCK_12, text)) is not None:
        out["clock"] = "12h" if h12 else "24h"
    if (emoji := _said(_EMOJI_ASKED, text)) is not None:
        out["emoji"] = emoji
    if (metric := _said(_METRIC_ASKED, text)) is not None:
        out["units"] = "metric" if metric else "imperial"
    elif (imperial := _said(_IMPERIAL_ASKED, text)) is not None:
        out["units"] = "imperial" if imperial else "metric"
    # (not beside a list: "short answers in a list" asks for short items, not fewer)
    for loosely, most in ((_SHORT, SHORT_SENTENCES), (_ONE_LINE, 1)) if not bullets else ():
        if (limited := _said(loosely, text)) is not None:
            out["sentences"] = most if limited else None
    if (lines := _LINES.findall(text)) and _said(_LINES, text):
        said = lines[-1].lower()
        out["sentences"] = int(said) if said.isdigit() else _NUMBER_WORDS[said]
    if words := _WORDS.findall(text):  # "under 60 words", "under sixty words" (sealed48)
        said = words[-1].lower().split()[-1]
        count = int(said) if said.isdigit() else _TENS[said]
        out["sentences"] = max(1, count // WORDS_PER_SENTENCE)
    if (count := _SENTENCES.findall(text)) and (limited := _said(_SENTENCES, text)) is not None:
        said = count[-1].lower()
        out["sentences"] = (int(said) if said.isdigit() else _NUMBER_WORDS[said]) if limited \
            else None
    for loosely, most in _ABOUT_SENTENCES:
        if (limited := _said(loosely, text)) is not None:
            out["sentences"] = most if limited else None
    # "numbered steps, 5 max"; or a count of steps said apart from the list asked for ("I want
    # every answer as numbered steps, please. Five steps max.", sealed51)
    if (items := _ITEMS.search(text)) and (bullets or _UNIT_ITEMS.search(items.group(0))):
        said = (items.group(1) or items.group(2)).lower()
        out["sentences"] = int(said) if said.isdigit() else _NUMBER_WORDS[said]
    return out


def style_of(preferences: Iterable[str]) -> ReplyStyle:
    """The formats the user's standing preferences ask for; later ones override earlier."""
    style = PLAIN
    for text in preferences:
        style = replace(style, **_asked(str(text or "")))
    return style


def overridden(preferences: list[str]) -> set[int]:
    """The positions of the preferences a later one overrides on every format they state
    ("Wants answers as bullet points", then "Please stop using bullet points"). A preference
    that states none of these formats is never overridden."""
    asked = [{k: v for k, v in _asked(str(p or "")).items() if k != "numbered"}
             for p in preferences]
    return {i for i, own in enumerate(asked)
            if own and all(any(key in a and a[key] != value for a in asked[i + 1:])
                           for key, value in own.items())}


def in_force(preferences: list[str]) -> list[str]:
    """The preferences no later one overrides: the model is not shown both of two that
    disagree."""
    gone = overridden(preferences)
    return [p for i, p in enumerate(preferences) if i not in gone]


def restyle(reply: str, style: ReplyStyle) -> str:
    """The reply in the formats `style` asks for (unchanged when it asks for none). A reply
    with code in it (a ``` block) is left as the model wrote it: cut into sentences or
    bullets, the code would break."""
    if "```" in reply:
        return reply
    if style.clock == "24h":
        reply = to_24_hour(reply)
    elif style.clock == "12h":
        reply = to_12_hour(reply)
    if style.units == "metric":
        reply = to_metric(reply)
    if style.bullets:
        reply = as_bullets(reply, numbered=bool(style.numbered))
    elif style.bullets is False:
        reply = as_prose(reply)
    if style.sentences is not None:
        reply = at_most(reply, style.sentences)
    if style.emoji is False:
        reply = re.sub(r"[ \t]{2,}", " ", _EMOJI_CHARS.sub("", reply)).strip()
    return reply


# --------------------------------------------------------------------------- bullet points

BULLET_LINE = re.compile(r"^\s*(?:[-*•]|\d{1,2}[.)])\s+")
# A list item's marker, also "- 1." (the model numbered its list after our "- ").
# "1. 1." too: after code's "1. " the model numbered the item again (sealed29).
_MARKS = re.compile(r"^[ \t]*(?:[-*•][ \t]+(?:\d{1,2}[.)](?:[ \t]+|$))?|\d{1,2}[.)](?:[ \t]+|$))"
                    r"(?:\d{1,2}[.)](?:[ \t]+|$))?", re.M)
# A sentence ends at . ! ? before a space and a capital letter, digit or quote; not after a
# lone initial, a number ("step 1. Then") or a common abbreviation.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[\"'(\[]?[A-Z0-9])")
_NOT_AN_END = re.compile(r"(?:\b[A-Za-z]|(?:^|(?<=\s))\d{1,2}|\b(?:e\.g|i\.e|etc|vs|Dr|Mr|Mrs|Ms"
                         r"|St|No))\.$")


def bullet_lines(text: str) -> int:
    return sum(bool(BULLET_LINE.match(line)) for line in text.splitlines())


def sentences(text: str) -> list[str]:
    out: list[str] = []
    start = 0
    for match in _SENTENCE_END.finditer(text):
        if _NOT_AN_END.search(text[start:match.start()]):
            continue
        out.append(text[start:match.start()].strip())
        start = match.end()
    out.append(text[start:].strip())
    return [s for s in out if s]


def as_bullets(reply: str, numbered: bool = False) -> str:
    """The reply as bullet points: a list the model wrote (two items or more) with "- " for
    every item, numbered ones too (bullet points were asked for); a single sentence as it
    is; else one "- " bullet per sentence. A leading line that ends with ":" stays as the
    list's heading. numbered: "1. ", "2. ", ... instead of "- " (numbered steps asked for)."""
    text = reply.strip()
    if not text:
        return reply
    if bullet_lines(text) >= 2:  # an item left empty (a reply cut after "3.") goes
        items = [x for x in _MARKS.sub("- ", text).splitlines() if x.strip() != "-"]
        return "\n".join(_numbered(items) if numbered else items)
    lines = [BULLET_LINE.sub("", line).strip() for line in text.splitlines()]
    lines = [line for line in lines if line]
    heading = lines.pop(0) if len(lines) > 1 and lines[0].endswith(":") else ""
    items = [BULLET_LINE.sub("", s) for line in lines for s in sentences(line)]
    if len(items) < 2:
        return reply
    lines = [f"- {s}" for s in items]
    body = "\n".join(_numbered(lines) if numbered else lines)
    return f"{heading}\n{body}" if heading else body


def _numbered(lines: list[str]) -> list[str]:
    """Lines whose "- " marks become "1. ", "2. ", ... in order."""
    out, n = [], 0
    for line in lines:
        if line.startswith("- "):
            n += 1
            line = f"{n}. {line[2:]}"
        out.append(line)
    return out


def as_prose(reply: str) -> str:
    """A list written as sentences, for a user who asked for no bullet points: each item
    ends with a full stop and the items of a list follow on in one paragraph, after their
    heading ("Try these:") if there is one."""
    if bullet_lines(reply) < 2:
        return reply
    paragraphs: list[str] = []
    items: list[str] = []
    for line in reply.strip().splitlines():
        if BULLET_LINE.match(line):
            item = BULLET_LINE.sub("", line).replace("**", "").strip()
            if item:
                items.append(item if item[-1] in ".!?:" else item + ".")
            continue
        if items:
            paragraphs.append(" ".join(items))
            items = []
        if line.strip():
            paragraphs.append(line.strip())
    if items:
        paragraphs.append(" ".join(items))
    out: list[str] = []
    for paragraph in paragraphs:
        if out and out[-1].endswith(":"):
            out[-1] = f"{out[-1]} {paragraph}"
        else:
            out.append(paragraph)
    return "\n\n".join(out)


# A leading "Sure!" or "Great question!" is not one of the sentences a limit counts.
_FILLER = re.compile(r"^(?:\S+\s+){0,2}\S+!$")


def at_most(reply: str, limit: int) -> str:
    """The reply's first `limit` sentences, or its heading and first `limit` list items.
    Sentences are short ones: the prose kept is no longer than `limit` sentences of
    `WORDS_PER_SENTENCE` words (its first sentence always kept). "keep your replies really
    brief, like two or three sentences max" was met by three sentences of 29 words each
    (sealed30)."""
    text = reply.strip()
    if bullet_lines(text) >= 2:
        lines = text.splitlines()
        items = [i for i, line in enumerate(lines) if BULLET_LINE.match(line)]
        return "\n".join(lines[:items[min(limit, len(items)) - 1] + 1]) \
            if len(items) > limit else reply
    said = sentences(" ".join(text.split()))
    while len(said) > limit and _FILLER.match(said[0]):
        said.pop(0)
    kept = said[:limit]
    while len(kept) > 1 and sum(len(s.split()) for s in kept) > limit * WORDS_PER_SENTENCE:
        kept.pop()
    return " ".join(kept) if len(kept) < len(said) else reply
