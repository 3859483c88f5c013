"""A reply that copies an earlier one, caught in its first words.

Decoding greedily, the embedded model sometimes writes its previous reply again word for word
when the new message reads like the last one ("and another idea?"). The copy shows in the
first words, so `CopyGuard` sits between the model's stream and the screen: it holds the
reply back while it is still the start of an earlier reply of this conversation, passes it on
as soon as it differs, and stops the call (`RepeatedReply`) once it has copied COPY_CHARS
characters, before the user has seen any of it. The caller then asks once more with the
copied replies cut short in the history (`shorten_copied`), so the model cannot copy them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from difflib import SequenceMatcher

# Characters of an earlier reply copied from its start that make the reply a copy: long
# enough that a shared opening ("Sure! Here are") is not one.
COPY_CHARS = 60
# A whole reply this close to an earlier one (difflib ratio) is a copy too: what an engine
# that does not stream hands back at once is checked with this.
NEAR_COPY = 0.9
# Words of a copied reply kept in the history for the retry: enough to know what was said.
KEPT_WORDS = 8

_SPACE = re.compile(r"\s+")


class RepeatedReply(Exception):  # noqa: N818 - it is what happened, not the caller's error
    """The reply being generated copies an earlier reply."""

    def __init__(self, earlier: str):
        super().__init__("the reply copied an earlier reply")
        self.earlier = earlier


def _norm(text: str) -> str:
    return _SPACE.sub(" ", text.lower()).strip()


def is_copy(reply: str, earlier: list[str]) -> str | None:
    """The earlier reply that `reply` (nearly) copies, or None."""
    mine = _norm(reply)
    for text in earlier:
        theirs = _norm(text)
        if mine and theirs and (mine == theirs
                                or SequenceMatcher(None, mine, theirs).ratio() >= NEAR_COPY):
            return text
    return None


class CopyGuard:
    """Passes a streamed reply on to `emit` unless it copies one of `earlier`."""

    def __init__(self, emit: Callable[[str], None], earlier: list[str]):
        self._emit = emit
        self._earlier = [(text, _norm(text)) for text in earlier if _norm(text)]
        self._held = ""
        self._deciding = bool(self._earlier)

    def feed(self, piece: str) -> None:
        if not self._deciding:
            self._emit(piece)
            return
        self._held += piece
        said = _norm(self._held)
        if not said:
            return
        starts = [(text, norm) for text, norm in self._earlier if norm.startswith(said)]
        for text, _ in starts:
            if len(said) >= COPY_CHARS:
                raise RepeatedReply(text)
        if not starts:  # it differs from every earlier reply: show what was held
            self._deciding = False
            self._emit(self._held)

    def close(self) -> None:
        """The reply is complete: a short one that is an earlier reply again is a copy;
        anything else still held goes out."""
        if not (self._deciding and self._held):
            return
        said = _norm(self._held)
        for text, norm in self._earlier:
            if said == norm:
                raise RepeatedReply(text)
        self._deciding = False
        self._emit(self._held)


def shorten_copied(turns: list[dict[str, str]], copied: str) -> list[dict[str, str]]:
    """The history with every reply like `copied` cut to its first words."""
    out = []
    for turn in turns:
        if is_copy(turn.get("response", ""), [copied]):
            words = turn["response"].split()
            turn = {**turn, "response": " ".join(words[:KEPT_WORDS]) + " …"}
        out.append(turn)
    return out
