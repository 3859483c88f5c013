"""A turn on the terminal: the running step with its seconds, then the reply as it streams.

The turn runs in a worker thread; the main thread waits on an Event (never Thread.join: on
Python 3.11 a Ctrl-C inside join(timeout) marks a running thread as stopped), so Ctrl-C only
sets the turn's cancel event and the chat goes back to the prompt once the session has stopped.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.live import Live
from rich.spinner import Spinner
from rich.text import Text

REFRESH_PER_SECOND = 8
ELAPSED_AFTER = 1.0  # seconds before the clock is shown


class TurnView:
    """What a terminal shows while a turn runs; on a pipe (console None) it shows nothing.

    `step` and `token` are called from the worker thread; rich's refresh thread renders.
    """

    def __init__(self, console: Console | None, first_step: str = "thinking"):
        self.console = console
        self._lock = threading.Lock()
        self._step = first_step
        self._started = time.monotonic()
        self._pieces: list[str] = []
        self._spinner = Spinner("dots", style="dim")
        self._live: Live | None = None

    # -------------------------------------------------------- from the worker

    def step(self, name: str) -> None:
        with self._lock:
            self._step = name
            self._started = time.monotonic()

    def token(self, piece: str) -> None:
        with self._lock:
            self._pieces.append(piece)

    @property
    def streamed(self) -> str:
        with self._lock:
            return "".join(self._pieces)

    # --------------------------------------------------------------- display

    def __enter__(self) -> TurnView:
        if self.console is not None and self.console.is_terminal:
            # transient: the streamed preview is replaced by the rendered reply afterwards.
            self._live = Live(self, console=self.console, transient=True,
                              refresh_per_second=REFRESH_PER_SECOND)
            self._live.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._live is not None:
            self._live.stop()
            self._live = None

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        text = self.streamed
        if text:
            # Only the last screenful: a Live taller than the terminal cannot be redrawn.
            height = max(3, (options.max_height or console.height) - 2)
            yield Text("\n".join(text.splitlines()[-height:]))
            return
        with self._lock:
            label, seconds = self._step, time.monotonic() - self._started
        clock = f" {seconds:.0f} s" if seconds >= ELAPSED_AFTER else ""
        self._spinner.update(text=Text(f"{label}…{clock}", style="dim"))
        yield self._spinner


@dataclass
class Outcome:
    """How a turn in the worker ended: a reply, an exception, or nothing yet."""

    done: threading.Event = field(default_factory=threading.Event)
    value: Any = None
    error: BaseException | None = None


def start_worker(work: Callable[[], Any], name: str = "chat-turn") -> Outcome:
    """Run `work` in a daemon thread; its result or exception lands in the Outcome."""
    outcome = Outcome()

    def run() -> None:
        try:
            outcome.value = work()
        except BaseException as exc:  # noqa: BLE001 - handed to the main thread
            outcome.error = exc
        finally:
            outcome.done.set()

    threading.Thread(target=run, name=name, daemon=True).start()
    return outcome
