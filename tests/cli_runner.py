"""Run the `chatbot` command in-process, as the CLI tests do: exit code, stdout, stderr."""

from __future__ import annotations

from chatbot.cli.main import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err
