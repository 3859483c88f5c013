"""The chat on a real terminal (tmux): streaming shows before the reply ends, Ctrl-C cancels it
and returns to the prompt, two Ctrl-C at the empty prompt exit with 0, and no traceback."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from tmux_chat import REPLY

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None,
                                reason="tmux is not installed (apt-get install tmux)")

HERE = Path(__file__).parent


def at_prompt(screen: str) -> bool:
    lines = [line for line in screen.splitlines() if line.strip()]
    return bool(lines) and lines[-1].startswith("alice>")


class Pane:
    def __init__(self, name: str):
        self.name = name

    def send(self, *keys: str) -> None:
        subprocess.run(["tmux", "send-keys", "-t", self.name, *keys], check=True)

    def text(self) -> str:
        return subprocess.run(["tmux", "capture-pane", "-p", "-J", "-S", "-2000", "-t", self.name],
                              check=True, capture_output=True, text=True).stdout

    def wait_for(self, predicate, what: str, timeout: float = 30.0) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.text()
            if predicate(screen):
                return screen
            time.sleep(0.1)
        raise AssertionError(f"timed out waiting for {what}; the screen:\n{self.text()}")


@pytest.fixture
def pane(tmp_path):
    name = f"chatbot-test-{uuid.uuid4().hex[:8]}"
    code = tmp_path / "exit_code"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(HERE.parent), str(HERE)]),
           "TERM": "xterm-256color"}
    # stdout and stderr are the terminal, as for a person; the pane outlives the chat so its
    # last words (a traceback, say) can still be read.
    command = (f"{sys.executable} {HERE / 'tmux_chat.py'} {tmp_path / 'data'}; "
               f"echo $? > {code}; sleep 30")
    subprocess.run(["tmux", "new-session", "-d", "-s", name, "-x", "100", "-y", "40",
                    "bash", "-c", command], check=True, env=env)
    try:
        yield Pane(name), code
    finally:
        subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True)


def test_streaming_ctrl_c_and_exit_on_a_real_terminal(pane):
    pane, code = pane
    pane.wait_for(at_prompt, "the prompt", timeout=90)
    pane.send("Tell me something?", "Enter")
    first_words = " ".join(REPLY.split(" ")[:4])
    # Words appear while the reply is still being generated (its last word not yet there).
    screen = pane.wait_for(lambda s: "slow" in s, "streamed words")
    assert "THE-END" not in screen
    pane.send("C-c")
    screen = pane.wait_for(lambda s: "(cancelled)" in s and at_prompt(s),
                           "the prompt after a cancelled reply")
    assert "THE-END" not in screen and first_words.replace("**", "") in screen.replace("**", "")
    # The chat goes on: a full reply, rendered as Markdown (no ** on the terminal).
    pane.send("Again, please?", "Enter")
    screen = pane.wait_for(lambda s: "THE-END" in s and at_prompt(s),
                           "a whole reply", timeout=90)
    assert "Here is a slow answer" in screen and "nothing saved: a question" in screen
    assert screen.rindex("THE-END") < screen.rindex("nothing saved")  # memory's line comes last
    pane.send("C-c")
    pane.wait_for(lambda s: "^C again to exit" in s, "the first Ctrl-C at the prompt")
    pane.send("C-c")
    deadline = time.monotonic() + 30
    while not code.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    screen = pane.text()
    assert code.read_text().strip() == "0", screen
    assert "Traceback" not in screen
