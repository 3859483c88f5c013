"""The `chatbot` command: argument parsing, dispatch, one-line errors and exit codes."""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import sys

# Offline: DSPy and LiteLLM would otherwise try to download a model price map at first use.
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
# Spinning OpenMP threads collapse llama.cpp and torch on a busy 2-core machine; must be set
# before either library loads.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

# Each module defines register(subparsers); its parser sets `func(args) -> int`.
COMMAND_MODULES = [
    "chatbot.cli.chat",
    "chatbot.cli.memories",
    "chatbot.cli.demo",
    "chatbot.cli.replay_cmd",
    "chatbot.cli.eval_cmd",
    "chatbot.cli.server_cmd",
    "chatbot.cli.transcripts_cmd",
]

# Commands that need nothing but their own module: the others pull in DSPy (~1 s) at import.
LIGHT_COMMANDS = {"memories": "chatbot.cli.memories", "users": "chatbot.cli.memories"}

EXIT_USER_ERROR = 1
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, as a shell pipeline reports it


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The whole command line; given argv naming a light command, only that command's."""
    from chatbot.cli.app import OneLineParser

    parser = OneLineParser(
        prog="chatbot", description="A terminal chatbot that remembers you across sessions.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    first = next((a for a in argv or () if not a.startswith("-")), None)
    modules = [LIGHT_COMMANDS[first]] if first in LIGHT_COMMANDS else COMMAND_MODULES
    for name in modules:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:  # that command is not built yet
                continue
            raise
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    from chatbot.errors import ChatbotError

    # DSPy logs "LM response was truncated" through the root handler, across the chat screen;
    # the agents already cope with a cut-off step (they read it leniently or stop the loop).
    logging.getLogger("dspy.clients.lm").setLevel(logging.ERROR)

    argv = sys.argv[1:] if argv is None else list(argv)
    if (bad := _undecodable(argv)) is not None:
        print(f"chatbot: error: argument {bad + 1} is not valid UTF-8 text", file=sys.stderr)
        return 2
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except ChatbotError as exc:
        from chatbot.cli.app import escape_controls

        print(f"chatbot: error: {escape_controls(str(exc))}", file=sys.stderr)
        return EXIT_USER_ERROR
    except KeyboardInterrupt:
        print("chatbot: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # `chatbot memories export | head`: the reader left, not an error
        # Python flushes stdout again at exit: point it at /dev/null so that is quiet too.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    except OSError as exc:  # a fault of the machine no layer below named: still one line
        from chatbot.memory.faults import reason

        where = f" ({exc.filename})" if getattr(exc, "filename", None) else ""
        print(f"chatbot: error: {reason(exc)}{where}", file=sys.stderr)
        return EXIT_USER_ERROR


def _undecodable(argv: list[str]) -> int | None:
    """The index of the first argument that is not valid UTF-8 (Python keeps such bytes as
    lone surrogates, which fail later, when written to a file or the store)."""
    for i, arg in enumerate(argv):
        try:
            arg.encode("utf-8")
        except UnicodeEncodeError:
            return i
    return None


if __name__ == "__main__":
    sys.exit(main())
