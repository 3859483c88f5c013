"""Reading the user's lines: prompt-toolkit on a terminal, plain lines from a pipe.

A reader's `read(prompt)` returns the next message, None at end of input (Ctrl-D), and lets
KeyboardInterrupt (Ctrl-C) through: the REPL decides what a Ctrl-C means.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol, TextIO

from chatbot.transcripts import input_history_file  # noqa: F401 - the chat opens it here

YES = {"y", "yes"}


class LineReader(Protocol):
    interactive: bool
    on_idle: Callable[[], None] | None
    status: Callable[[], str] | None  # a dim note at the prompt's right, e.g. "updating memory"

    def read(self, prompt: str) -> str | None: ...

    def confirm(self, question: str) -> bool: ...

    def use_history(self, path: Path) -> None: ...


class PlainReader:
    """One message per line from a stream (a pipe, a file, a test's StringIO)."""

    interactive = False

    def __init__(self, stream: TextIO | None = None):
        self.stream = stream if stream is not None else sys.stdin
        self.on_idle: Callable[[], None] | None = None  # a pipe never waits for a person
        self.status: Callable[[], str] | None = None

    def read(self, prompt: str) -> str | None:
        line = self.stream.readline()
        if not line:
            return None
        return line.rstrip("\r\n")

    def use_history(self, path: Path) -> None:
        """A pipe keeps no history."""

    def confirm(self, question: str) -> bool:
        """The next line answers; the caller shows the question (a pipe has no prompt)."""
        answer = self.read("")
        return (answer or "").strip().lower() in YES


def key_bindings() -> Any:
    """Enter sends (the default); Alt-Enter (Esc Enter) inserts a newline; Ctrl-C clears a
    typed line, and only at an empty prompt raises KeyboardInterrupt (the REPL counts those)."""
    from prompt_toolkit.key_binding import KeyBindings

    kb = KeyBindings()

    @kb.add("escape", "c-m", eager=True)
    def _newline(event: Any) -> None:
        event.current_buffer.insert_text("\n")

    @kb.add("c-c")
    def _clear_or_interrupt(event: Any) -> None:
        if event.current_buffer.text:
            event.current_buffer.reset()
        else:
            event.app.exit(exception=KeyboardInterrupt, style="class:aborting")

    return kb


def slash_completer(commands: list[str]) -> Any:
    """Tab completes a slash command's name at the start of the line."""
    from prompt_toolkit.completion import Completer, Completion

    class SlashCompleter(Completer):
        def get_completions(self, document: Any, complete_event: Any):
            text = document.text_before_cursor
            if not text.startswith("/") or " " in text:
                return
            for name in commands:
                if name.startswith(text[1:]):
                    yield Completion("/" + name, start_position=-len(text))

    return SlashCompleter()


def redacted_history(path: Path) -> Any:
    """A prompt-toolkit FileHistory that keeps each line with its secrets redacted."""
    from prompt_toolkit.history import FileHistory

    from chatbot.redact import redact

    class RedactedFileHistory(FileHistory):
        def append_string(self, string: str) -> None:
            super().append_string(redact(string))

        def switch(self, filename: Path) -> None:
            """Read and write another file from the next prompt on (another user's)."""
            Path(filename).parent.mkdir(parents=True, exist_ok=True)
            self.filename = str(filename)
            self._loaded, self._loaded_strings = False, []

    _retire_shared_history(path.parent)
    path.parent.mkdir(parents=True, exist_ok=True)
    return RedactedFileHistory(str(path))


def _retire_shared_history(folder: Path) -> None:
    """An older version kept one raw file for every user where the per-user folder goes now:
    it is redacted and set aside as input_history.shared (chatbot forget-me removes it)."""
    from chatbot.redact import redact

    if not folder.is_file():
        return
    raw = folder.read_bytes().decode("utf-8", "replace")
    shared = folder.with_name(folder.name + ".shared")
    shared.write_text(redact(raw), encoding="utf-8")
    folder.unlink()


class PromptReader:
    """prompt-toolkit input with a history file; Ctrl-C and Ctrl-D raise as usual.

    While the prompt waits for the user, `on_idle` is called every IDLE_POLL seconds from a
    watcher thread, with stdout patched so that what it prints appears above the prompt.
    """

    interactive = True
    IDLE_POLL = 0.25

    def __init__(self, history_path: Path | None = None, *, input: Any = None,
                 output: Any = None, commands: list[str] | None = None):
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import InMemoryHistory

        history = redacted_history(history_path) if history_path is not None else InMemoryHistory()
        self._io = {"input": input, "output": output}
        self.on_idle: Callable[[], None] | None = None
        self.status: Callable[[], str] | None = None
        self.session = PromptSession(
            history=history, key_bindings=key_bindings(), multiline=False,
            completer=slash_completer(commands) if commands else None,
            complete_while_typing=False,
            prompt_continuation=lambda width, line, wrap: "." * (width - 1) + " ", **self._io)

    def read(self, prompt: str) -> str | None:
        try:
            if self.on_idle is None:
                return self._prompt(prompt)
            return self._read_watching(prompt, self.on_idle)
        except EOFError:
            return None

    def _prompt(self, prompt: str) -> str:
        status = self.status
        if status is None:
            return self.session.prompt(prompt)
        from prompt_toolkit.formatted_text import FormattedText

        return self.session.prompt(
            prompt, rprompt=lambda: FormattedText([("fg:ansibrightblack", status())]),
            refresh_interval=0.5)

    def _read_watching(self, prompt: str, on_idle: Callable[[], None]) -> str:
        from prompt_toolkit.patch_stdout import patch_stdout

        stop = threading.Event()

        def watch() -> None:
            while not stop.wait(self.IDLE_POLL):
                on_idle()

        with patch_stdout(raw=True):
            watcher = threading.Thread(target=watch, name="prompt-idle", daemon=True)
            watcher.start()
            try:
                return self._prompt(prompt)
            finally:
                stop.set()
                watcher.join()

    def use_history(self, path: Path) -> None:
        """Keep typed lines in this file from now on (the chat switched user)."""
        history = self.session.history
        if hasattr(history, "switch"):
            history.switch(path)

    def confirm(self, question: str) -> bool:
        from prompt_toolkit import PromptSession

        try:
            answer = PromptSession(**self._io).prompt(f"{question} [y/N] ")
        except (EOFError, KeyboardInterrupt):
            return False
        return answer.strip().lower() in YES


def make_reader(history_path: Path | None, stream: TextIO | None = None,
                commands: list[str] | None = None) -> LineReader:
    """prompt-toolkit when stdin and stdout are a terminal; plain lines otherwise."""
    if stream is None and _isatty(sys.stdin) and _isatty(sys.stdout):
        return PromptReader(history_path, commands=commands)
    return PlainReader(stream)


def _isatty(f: Any) -> bool:
    try:
        return bool(f.isatty())
    except (AttributeError, ValueError):
        return False
