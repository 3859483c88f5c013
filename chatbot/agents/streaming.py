"""The text of one output field, cut out of a model's raw output while it is generated.

DSPy's ChatAdapter has the model write `[[ ## response ## ]]` and then the field's text until
the next `[[ ## ... ## ]]` header. FieldStream is fed the raw pieces as they are decoded and
passes on only that field's text, holding back what could be the start of the next header.
With `field=None` the whole output is the text (a plain chat reply, agents/chat_reply.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable

_HEAD = "[[ ## "


class FieldStream:
    def __init__(self, field: str | None, emit: Callable[[str], None]):
        self.marker = f"[[ ## {field} ## ]]" if field else ""
        self.emit = emit
        self._raw = ""        # everything seen so far
        self._start = -1      # where the field's text begins in _raw
        self._sent = 0        # how much of the field's text went out
        self._done = False
        self.text = ""        # the field's text so far

    def feed(self, piece: str) -> None:
        if self._done or not piece:
            return
        self._raw += piece
        if self._start < 0 and not self.marker:
            self._start = 0
        if self._start < 0:
            at = self._raw.find(self.marker)
            if at < 0:
                return
            self._start = at + len(self.marker)
        body = self._raw[self._start:].lstrip("\n")
        end = body.find(_HEAD) if self.marker else -1
        if end >= 0:
            self._done = True
            ready = body[:end].rstrip()
        else:
            # Hold back a possible header start and trailing whitespace (it may end the field).
            held = _partial_head(body) if self.marker else 0
            ready = body[:len(body) - held].rstrip()
        new = ready[self._sent:]
        if new:
            self._sent = len(ready)
            self.text = ready
            self.emit(new)

    @property
    def started(self) -> bool:
        return self._start >= 0


def _partial_head(text: str) -> int:
    """How many characters at the end of `text` could be the beginning of a header."""
    for n in range(min(len(_HEAD), len(text)), 0, -1):
        if _HEAD.startswith(text[-n:]):
            return n
    return 0


# A runaway reply: greedy decoding on a small model can fall into writing the same line or
# sentence over and over until max_tokens ("- 1 can diced red bell peppers" x 30, 55 s). A
# unit (a line or a sentence) of at least LOOP_MIN_CHARS seen LOOP_TIMES times is a loop.
LOOP_TIMES = 3
LOOP_MIN_CHARS = 12
_UNIT = re.compile(r"[^\n.!?]+[.!?]*")


class RunawayReply(Exception):  # noqa: N818 - it is what happened, not the caller's error
    """The reply fell into repeating itself; the text before the repeats is the reply."""


# ... and one character written over and over ("¡¡¡¡¡..." for 600 characters, a Spanish
# reply's opening mark): LOOP_CHARS of it in a row, unless it is one that formats (a rule of
# dashes, a row of dots).
LOOP_CHARS = 12
_CHAR_RUN = re.compile(r"([^\s\-=_*#~.`|+])\1{" + str(LOOP_CHARS - 1) + ",}")


# ... and a word or a few written over and over: "A salad with tangy tangy tangy ..." and "una
# spessa spessa spessa ..." ran to max_tokens (sealed38, 40 s and more). LOOP_WORDS copies in
# a row of one to three words.
LOOP_WORDS = 5
_WORD_RUN = re.compile(r"\b((?:\w+[\s,]+){1,3}?)\1{" + str(LOOP_WORDS - 1) + ",}", re.I)


# ... and one sentence frame filled in over and over: "I'm glad you're having fun with your
# son. I'm glad you're having fun with your cockatiel. I'm glad you're having fun with your
# new school. ..." ran to max_tokens (sealed46, 18 s): TEMPLATE_TIMES units that open with
# the same TEMPLATE_WORDS words.
TEMPLATE_WORDS = 4
TEMPLATE_TIMES = 4
_UNIT_WORD = re.compile(r"\w+(?:['’]\w+)?")


def loop_start(text: str) -> int | None:
    """Where the repetition in `text` starts (its second copy of a unit written LOOP_TIMES
    times, or of a unit's opening words written TEMPLATE_TIMES times, or of words written
    LOOP_WORDS times in a row, or the first of a run of one character), or None when nothing
    repeats that often."""
    if run := _CHAR_RUN.search(text):
        return run.start()
    if run := _WORD_RUN.search(text):
        return run.start() + len(run.group(1))
    seen: dict[str, list[int]] = {}
    opened: dict[tuple[str, ...], list[int]] = {}
    for match in _UNIT.finditer(text):
        unit = " ".join(match.group(0).lower().split()).strip(" -*#")
        if len(unit) < LOOP_MIN_CHARS:
            continue
        starts = seen.setdefault(unit, [])
        starts.append(match.start())
        if len(starts) >= LOOP_TIMES:
            return starts[1]
        words = tuple(_UNIT_WORD.findall(unit)[:TEMPLATE_WORDS])
        if len(words) == TEMPLATE_WORDS:
            starts = opened.setdefault(words, [])
            starts.append(match.start())
            if len(starts) >= TEMPLATE_TIMES:
                return starts[1]
    return None


# A passage written twice is no loop yet (`LOOP_TIMES`), but the second copy says nothing:
# "You can also choose from a variety of materials, including gold, silver, or platinum, ..."
# came twice, word for word, in a wedding-gift reply (sealed30).
_SENTENCE = re.compile(r"[^.!?]+[.!?]+\s*|[^.!?]+$")


# A first sentence this long, said again later, is the reply starting over.
RESTART_CHARS = 24


def without_restart(text: str) -> str:
    """The reply up to where it says its whole first sentence again, anywhere: 'Me dijiste:
    "Soy Maialen, ..." "Ah, y ..." "Me dijiste: "Soy Maialen, ...' (sealed34) was said
    twice over, in quotes no sentence break finds."""
    first = _SENTENCE.match(text.strip())
    head = first.group(0).strip() if first else ""
    at = text.find(head, text.find(head) + 1) if len(head) >= RESTART_CHARS else -1
    return re.sub(r'\s+["\u201c]$', "", text[:at].rstrip()) if at > 0 else text


def without_repeated_sentences(text: str) -> str:
    """Prose without each sentence (of `LOOP_MIN_CHARS` or more) that an earlier one of it
    says word for word; a reply with more than one line is left as it is."""
    if "\n" in text.strip():
        return text
    text = without_restart(text)
    seen: set[str] = set()
    kept = []
    for match in _SENTENCE.finditer(text):
        said = " ".join(match.group(0).lower().split())
        if len(said) >= LOOP_MIN_CHARS and said in seen:
            continue
        seen.add(said)
        kept.append(match.group(0))
    return "".join(kept).rstrip() if len(kept) < len(list(_SENTENCE.finditer(text))) else text
