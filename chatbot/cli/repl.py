"""Reading the user's lines: prompt-toolkit on a terminal, plain lines from a pipe.

A reader's `read(prompt)` returns the next message, None at end of input (Ctrl-D), and lets
KeyboardInterrupt (Ctrl-C) through: the REPL decides what a Ctrl-C means.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Protocol, TextIO

YES = {"y", "yes"}


class LineReader(Protocol):
    interactive: bool

    def read(self, prompt: str) -> str | None: ...

    def confirm(self, question: str) -> bool: ...


class PlainReader:
    """One message per line from a stream (a pipe, a file, a test's StringIO)."""

    interactive = False

    def __init__(self, stream: TextIO | None = None, echo: TextIO | None = None):
        self.stream = stream if stream is not None else sys.stdin
        self.echo = echo  # where to show questions, since a pipe has no prompt

    def read(self, prompt: str) -> str | None:
        line = self.stream.readline()
        if not line:
            return None
        return line.rstrip("\r\n")

    def confirm(self, question: str) -> bool:
        if self.echo is not None:
            self.echo.write(f"{question} [y/N] ")
            self.echo.flush()
        answer = self.read("")
        return (answer or "").strip().lower() in YES


def key_bindings() -> Any:
    """Enter sends (the default); Alt-Enter (Esc Enter) inserts a newline."""
    from prompt_toolkit.key_binding import KeyBindings

    kb = KeyBindings()

    @kb.add("escape", "c-m", eager=True)
    def _newline(event: Any) -> None:
        event.current_buffer.insert_text("\n")

    return kb


class PromptReader:
    """prompt-toolkit input with a history file; Ctrl-C and Ctrl-D raise as usual."""

    interactive = True

    def __init__(self, history_path: Path | None = None, *, input: Any = None,
                 output: Any = None):
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import FileHistory, InMemoryHistory

        if history_path is not None:
            history_path.parent.mkdir(parents=True, exist_ok=True)
            history = FileHistory(str(history_path))
        else:
            history = InMemoryHistory()
        self._io = {"input": input, "output": output}
        self.session = PromptSession(
            history=history, key_bindings=key_bindings(), multiline=False,
            prompt_continuation=lambda width, line, wrap: "." * (width - 1) + " ", **self._io)

    def read(self, prompt: str) -> str | None:
        try:
            return self.session.prompt(prompt)
        except EOFError:
            return None

    def confirm(self, question: str) -> bool:
        from prompt_toolkit import PromptSession

        try:
            answer = PromptSession(**self._io).prompt(f"{question} [y/N] ")
        except (EOFError, KeyboardInterrupt):
            return False
        return answer.strip().lower() in YES


def make_reader(history_path: Path | None, stream: TextIO | None = None,
                echo: TextIO | None = None) -> LineReader:
    """prompt-toolkit when stdin and stdout are a terminal; plain lines otherwise."""
    if stream is None and _isatty(sys.stdin) and _isatty(sys.stdout):
        return PromptReader(history_path)
    return PlainReader(stream, echo)


def _isatty(f: Any) -> bool:
    try:
        return bool(f.isatty())
    except (AttributeError, ValueError):
        return False
