"""`chatbot chat` for the tmux test: the real app and session on a real terminal; the only fake
is llama.cpp, scripted to stream its replies slowly. Run as a script: python tmux_chat.py DIR."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from chatbot.cli.chat import run_chat  # noqa: E402

from scripted import ScriptedLlama, chat_reply, scripted_local_lm  # noqa: E402

REPLY = ("Here is a **slow** answer that streams a few letters at a time so that you can watch "
         "it arrive and stop it halfway through with a Ctrl-C. THE-END")


def slow_llama(replies: list[str], delay: float) -> ScriptedLlama:
    llama = ScriptedLlama(replies)
    llama.on_piece = lambda piece: time.sleep(delay)
    return llama


def main() -> int:
    args = argparse.Namespace(user="alice", data_dir=Path(sys.argv[1]), session=None,
                              quiet=False)
    llama = slow_llama([chat_reply(REPLY, False)] * 2, delay=0.15)
    return run_chat(args, lm=scripted_local_lm(llama))


if __name__ == "__main__":
    sys.exit(main())
