"""A turn on the terminal: streamed words, Ctrl-C that cancels a reply or skips a memory write."""

from __future__ import annotations

import io
import os
import signal
import threading
import time

import pytest
from dspy.utils import DummyLM
from rich.console import Console
from test_cli_chat import Run, chat, read_jsonl, transcripts
from tmux_chat import REPLY

from chatbot.cli.stream import TurnView

from scripted import ScriptedLlama, answer, chat_reply, finish, json_step, scripted_local_lm


@pytest.fixture(autouse=True)
def _python_handles_ctrl_c():
    """Each test starts with Python's own SIGINT handler (KeyboardInterrupt in the main thread),
    as `chatbot chat` does: a library loaded by an earlier test in the same process may have
    installed another one."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


def ctrl_c() -> None:
    """What the terminal does on Ctrl-C: a real SIGINT to this process. Unlike
    _thread.interrupt_main it also wakes a main thread blocked in a wait."""
    os.kill(os.getpid(), signal.SIGINT)


def ctrl_c_after(llama: ScriptedLlama, pieces: int, delay: float = 0.01) -> None:
    """The user's Ctrl-C (SIGINT's KeyboardInterrupt in the main thread) after some pieces."""
    seen = [0]

    def on_piece(piece: str) -> None:
        seen[0] += 1
        if seen[0] == pieces:
            ctrl_c()
        time.sleep(delay)

    llama.on_piece = on_piece


def test_ctrl_c_mid_reply_cancels_it_and_the_chat_goes_on():
    llama = ScriptedLlama([chat_reply(REPLY, False), chat_reply("Short and whole.", False)])
    # The reply's own text starts after its field marker, and is shown after its held opening
    # (agents/copies.py, 80 characters).
    ctrl_c_after(llama, 40)
    run = Run()
    code = chat(run, ["Tell me something?", "And now?"], scripted_local_lm(llama))
    assert code == 0
    out, err = run.stdout, run.stderr
    assert "(cancelled)" in err and "Traceback" not in out + err
    assert "nothing saved: the reply was cancelled" in err
    partial = out.split("\n")[0]
    # The words shown before the Ctrl-C (it lands within a poll), as written.
    assert partial.startswith("Here is") and len(partial) < len(REPLY) and REPLY.startswith(partial)
    assert "Short and whole." in out  # the next message is answered in full
    lines = [m for m in read_jsonl(transcripts("alice")[0]) if "role" in m]
    assert [(m["role"], m.get("cancelled", False)) for m in lines] == [
        ("user", False), ("assistant", True), ("user", False), ("assistant", False)]
    assert lines[1]["content"] == partial


def test_exit_says_it_finishes_the_memory_write_and_ctrl_c_skips_it():
    long_fact = "Keeps a very long diary " * 60
    llama = ScriptedLlama([chat_reply("Noted.", True),
                           json_step("add_memory", {"facts": [{"text": long_fact}]})])
    timer = threading.Timer(1.0, ctrl_c)  # the user's Ctrl-C while it writes

    def slow_memory_write(piece: str) -> None:
        if len(llama.calls) >= 2:  # the memory agent's call
            if timer.ident is None:  # not started yet
                timer.start()
            time.sleep(0.05)

    llama.on_piece = slow_memory_write
    started = time.monotonic()
    run = Run()
    code = chat(run, ["I keep a diary"], scripted_local_lm(llama))
    assert code == 0
    seconds = time.monotonic() - started
    err = run.stderr
    assert "finishing memory write (Ctrl-C to skip)" in err
    assert "skipping: the memory write stops after its current step" in err
    assert "nothing saved: the memory update was skipped" in err and "Traceback" not in err
    assert seconds < len(long_fact) / 3 * 0.05  # stopped well before the write would end


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


def test_a_second_ctrl_c_stops_waiting_for_a_model_that_cannot_stop():
    class SlowDummy(DummyLM):
        """A model that does not stream: a cancel cannot reach it until its call returns."""

        slow = True

        def __call__(self, *a, **k):
            if self.slow:
                self.slow = False
                for delay in (0.3, 0.6):  # two Ctrl-C while it thinks
                    threading.Timer(delay, ctrl_c).start()
                time.sleep(2.0)
            return super().__call__(*a, **k)

    lm = SlowDummy([finish(), answer("Too late.", False), finish(), answer("Hello!", False)])
    run = Run()
    code = chat(run, ["Hi there", "Hello again"], lm)
    assert code == 0
    assert "cancelled; the reply stops in the background" in run.stderr
    assert "Too late." not in run.stdout and "Hello!" in run.stdout  # the next turn waited
    assert "Traceback" not in run.stdout + run.stderr
