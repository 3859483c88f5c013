"""`chatbot chat` for the tmux test: the real app on a real terminal, a slowly streaming session.

Run as a script (python tests/tmux_chat.py DATA_DIR); its exit code is the chat's.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pytest
from dspy.utils import DummyLM

sys.path.insert(0, str(Path(__file__).parent))

from session_contract import StreamingSession, install  # noqa: E402

from chatbot.cli.chat import run_chat  # noqa: E402


def main() -> int:
    args = argparse.Namespace(user="alice", data_dir=Path(sys.argv[1]), session=None,
                              quiet=False)
    with pytest.MonkeyPatch.context() as mp:
        install(mp)
        return run_chat(args, lm=DummyLM([]), session_factory=StreamingSession)


if __name__ == "__main__":
    sys.exit(main())
