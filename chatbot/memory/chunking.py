"""Messages as memory texts: a long message is split, never cut, and each memory leads with it.

A memory stored from a chat message (direct ingest: `chatbot eval locomo`, `replay
--ingest-only --direct`) holds one piece of the message first, then a bounded copy of the turns
before it as context. Why this order and these bounds (docs/retrieval-quality.md, "Long
messages"): the store keeps at most MAX_MEMORY_CHARS characters and the embedder reads only its
first ~256 word pieces, so when the context came first a long assistant answer pushed the user's
own turn out of its memory (92 % of user turns in user-assistant chats). Splitting happens here,
before the store is called, so every piece fits the store's limit as it is.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from chatbot.memory.validation import MAX_MEMORY_CHARS

# Own text per memory. At 1,000 a third of BEAM's pieces run past MiniLM's 256 word pieces (chat
# with code and logs: ~3.6 characters a word piece), yet 700 did not recall better: it gained on
# the four BEAM dev chats it was chosen on and lost on the other four, so it went back to 1,000
# (1.38x fewer memories; docs/retrieval-quality.md, "third round" and "fourth round").
PIECE_CHARS = 1000
# Earlier turns of the session stored after each turn (0 = the turn alone): a reply is then found
# by the words of the question it answers (docs/retrieval-quality.md).
CONTEXT_TURNS = 2
# Each context turn is clipped to this: enough for the question a reply answers, never so much
# that the context outweighs the turn itself.
CONTEXT_CHARS = 300

# From the coarsest break to the finest; the joiner puts back what the split took out.
_BREAKS = (
    (re.compile(r"\n\s*\n"), "\n\n"),
    (re.compile(r"\n"), "\n"),
    (re.compile(r"(?<=[.!?;:])\s+"), " "),
    (re.compile(r"\s+"), " "),
)


@dataclass(frozen=True)
class Line:
    """One chat message as a memory shows it: "speaker: content"."""

    id: str
    speaker: str
    content: str


def split_text(text: str, size: int = PIECE_CHARS) -> list[str]:
    """The text in pieces of at most `size` characters, broken at paragraphs, then lines, then
    sentences, then words (a word longer than `size` is split inside), of similar lengths."""
    if size < 1:
        raise ValueError("piece size must be at least 1 character")
    text = text.strip()
    if not text:
        return []
    if len(text) <= size:
        return [text]
    # Aim for even pieces, so that a 1,100-character message is two of 550, not 1,000 and 100.
    target = math.ceil(len(text) / math.ceil(len(text) / size))
    return _split(text, size, target, 0)


def _split(text: str, size: int, target: int, level: int) -> list[str]:
    if len(text) <= size:
        return [text]
    if level == len(_BREAKS):
        return [text[i:i + size] for i in range(0, len(text), size)]
    pattern, joiner = _BREAKS[level]
    units: list[str] = []
    for part in pattern.split(text):
        if part.strip():
            units.extend(_split(part.strip(), size, target, level + 1))
    pieces: list[str] = []
    for unit in units:
        joined = len(pieces[-1]) + len(joiner) + len(unit) if pieces else size + 1
        if joined <= size and len(pieces[-1]) < target:
            pieces[-1] += joiner + unit
        else:
            pieces.append(unit)
    return pieces


def clip(text: str, size: int) -> str:
    """At most `size` characters, cut at a word boundary and marked with an ellipsis."""
    text = text.strip()
    if len(text) <= size:
        return text
    cut = text[:max(size - 1, 1)]
    space = cut.rfind(" ")
    if space > size // 2:
        cut = cut[:space]
    return cut.rstrip() + "\u2026"


def message_memories(own: Line, context: Sequence[Line] = (), header: str = "", *,
                     piece_chars: int = PIECE_CHARS, context_chars: int = CONTEXT_CHARS,
                     limit: int = MAX_MEMORY_CHARS) -> list[tuple[str, list[str]]]:
    """The memories (text, provenance) of one message with `context` (earlier turns, oldest
    first): one per piece of the message, each "header" + "speaker: piece" + the context lines
    clipped to `context_chars`. Provenance is every message id whose text the memory holds, the
    same for every piece; every text fits `limit`."""
    context_text = "".join(f"\n{line.speaker}: {clip(line.content, context_chars)}"
                           for line in context)
    prefix = f"{header}{own.speaker}: "
    room = limit - len(prefix) - len(context_text)
    if room < 1:
        raise ValueError(f"header and context leave no room for the message within {limit} "
                         "characters")
    ids = [line.id for line in context] + [own.id]
    pieces = split_text(own.content, min(piece_chars, room)) or [""]
    return [(prefix + piece + context_text, list(ids)) for piece in pieces]
