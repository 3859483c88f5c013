"""A turn on the terminal: streamed words, Ctrl-C that cancels a reply or skips a memory write."""

from __future__ import annotations

import _thread
import io
import threading
import time

import pytest
import session_contract
from dspy.utils import DummyLM
from rich.console import Console
from session_contract import StreamingSession
from test_cli_chat import Run, chat, read_jsonl, transcripts

from chatbot.cli.stream import TurnView


@pytest.fixture(autouse=True)
def _session_contract(monkeypatch):
    session_contract.install(monkeypatch)


class QuickStream(StreamingSession):
    DELAY = 0.01
    interrupt_after = 3  # a Ctrl-C after the third word of the first reply


def test_ctrl_c_mid_reply_cancels_it_and_the_chat_goes_on():
    run = Run()
    code = chat(run, ["Tell me something", "And now?"], DummyLM([]), session_factory=QuickStream)
    assert code == 0
    out, err = run.stdout, run.stderr
    assert "(cancelled)" in err and "Traceback" not in out + err
    partial = out.split("\n")[0]
    # The words shown before the Ctrl-C (it lands within a poll), as written.
    assert partial.startswith("Here is a **slow**") and len(partial) < len(StreamingSession.REPLY)
    assert StreamingSession.REPLY.startswith(partial)
    assert StreamingSession.REPLY in out  # the next message is answered in full
    lines = [m for m in read_jsonl(transcripts("alice")[0]) if "role" in m]
    assert [(m["role"], m.get("cancelled", False)) for m in lines] == [
        ("user", False), ("assistant", True), ("user", False), ("assistant", False)]
    assert lines[1]["content"] == partial


class SlowMemoryWrite(StreamingSession):
    """After each reply a memory write runs until it is asked to stop (or 30 s pass)."""

    DELAY = 0.01
    write: threading.Thread | None = None
    reported = False

    def turn(self, question, **kwargs):
        reply = super().turn(question, **kwargs)
        self.stop_write = threading.Event()
        self.write = threading.Thread(target=self.stop_write.wait, args=(30,))
        self.write.start()
        threading.Timer(0.5, _thread.interrupt_main).start()  # the user's Ctrl-C at exit
        return reply

    @property
    def pending(self) -> bool:
        return self.write is not None and self.write.is_alive()

    def poll(self) -> bool:
        if self.write is not None and not self.pending and not self.reported:
            self.reported = True
            self._emit("memory", "nothing saved: the write was skipped")
        return not self.pending

    def cancel_pending(self) -> None:
        self.stop_write.set()


def test_exit_says_it_finishes_the_memory_write_and_ctrl_c_skips_it():
    run = Run()
    started = time.monotonic()
    code = chat(run, ["Remember this"], DummyLM([]), session_factory=SlowMemoryWrite)
    assert code == 0 and time.monotonic() - started < 25  # not the write's 30 s
    err = run.stderr
    assert "finishing memory write (Ctrl-C to skip)" in err
    assert "skipping: the memory write stops after its current step" in err
    assert "nothing saved: the write was skipped" in err and "Traceback" not in err


def test_turn_view_shows_the_step_with_seconds_then_the_streamed_tail():
    console = Console(file=io.StringIO(), width=60, height=8, force_terminal=True,
                      color_system=None)
    view = TurnView(console, "updating memory")
    console.print(view)
    assert "updating memory…" in console.file.getvalue()
    view.step("answering")
    view._started -= 5  # as if the step began 5 s ago
    console.print(view)
    assert "answering… 5 s" in console.file.getvalue()
    for n in range(20):
        view.token(f"line {n}\n")
    console.file = io.StringIO()
    console.print(view)
    shown = console.file.getvalue()
    assert "line 19" in shown and "line 0\n" not in shown  # the tail fits the screen
    assert view.streamed.startswith("line 0\nline 1\n")
