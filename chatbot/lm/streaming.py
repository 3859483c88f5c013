"""A token sink for the LM call running in this context: streaming and cancelling a reply.

The caller sets a sink around a model call; an engine that can stream (the embedded llama.cpp
engine) hands it every piece of generated text as it comes. The sink may raise (e.g.
`Cancelled`) to stop generation at the next token: the engine stops decoding and the exception
reaches the caller. Engines that cannot stream ignore the sink; the text then arrives whole.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

TokenSink = Callable[[str], None]

_SINK: ContextVar[TokenSink | None] = ContextVar("chatbot_token_sink", default=None)


class Cancelled(Exception):  # noqa: N818 - it is what happened, not an error of the caller
    """The user cancelled the running model call."""


def was_cancelled(exc: BaseException) -> bool:
    """The exception is, or was caused by, a Cancelled (DSPy wraps what engines raise)."""
    return find_cause(exc, Cancelled) is not None


def find_cause(exc: BaseException, kind: type[BaseException]) -> BaseException | None:
    """The exception of type `kind` that `exc` is or was caused by (a sink's exception comes
    back wrapped by DSPy), else None."""
    seen: list[BaseException] = []
    current: BaseException | None = exc
    while current is not None and len(seen) < 12 and all(current is not s for s in seen):
        if isinstance(current, kind):
            return current
        seen.append(current)
        current = current.__cause__ or current.__context__
    return None


def current_sink() -> TokenSink | None:
    return _SINK.get()


@contextmanager
def token_sink(sink: TokenSink | None) -> Iterator[None]:
    """Send the text of every model call made inside this block to `sink` as it is generated."""
    token = _SINK.set(sink)
    try:
        yield
    finally:
        _SINK.reset(token)
