"""The text of one output field, cut out of a model's raw output while it is generated.

DSPy's ChatAdapter has the model write `[[ ## response ## ]]` and then the field's text until
the next `[[ ## ... ## ]]` header. FieldStream is fed the raw pieces as they are decoded and
passes on only that field's text, holding back what could be the start of the next header.
"""

from __future__ import annotations

from collections.abc import Callable

_HEAD = "[[ ## "


class FieldStream:
    def __init__(self, field: str, emit: Callable[[str], None]):
        self.marker = f"[[ ## {field} ## ]]"
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
        if self._start < 0:
            at = self._raw.find(self.marker)
            if at < 0:
                return
            self._start = at + len(self.marker)
        body = self._raw[self._start:].lstrip("\n")
        end = body.find(_HEAD)
        if end >= 0:
            self._done = True
            ready = body[:end].rstrip()
        else:
            # Hold back a possible header start and trailing whitespace (it may end the field).
            ready = body[:len(body) - _partial_head(body)].rstrip()
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
