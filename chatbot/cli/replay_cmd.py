"""`chatbot replay FILE.jsonl`: feed a transcript through the chatbot; show what it remembered."""

from __future__ import annotations

import argparse
import json
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from chatbot.errors import ChatbotError, ConfigError

MAX_WARNINGS = 5


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "replay", help="replay a JSONL chat transcript through the chatbot",
        description="Feed a transcript (OpenAI chat shape, one message per line; an optional "
                    'header line {"type": "session", "user_id", "session_id", "date"}) through '
                    "the response and memory agents, into the user's memory store.")
    p.add_argument("file", type=Path, metavar="FILE.jsonl")
    p.add_argument("--user", help="whose memory to fill (default: the user named in the header)")
    p.add_argument("--session-date", metavar="DATE",
                   help="the conversation's date, ISO (YYYY-MM-DD); overrides the header's")
    p.add_argument("--ingest-only", action="store_true",
                   help="memory ingestion only: the memory update agent reads the messages in "
                        "windows; no replies are generated")
    p.add_argument("--direct", action="store_true",
                   help="with --ingest-only: store the messages themselves, no LM (a long one "
                        "in several memories, each with the two messages before it)")
    p.add_argument("--window", type=int, metavar="N",
                   help="--ingest-only: messages per update-agent run "
                        "(default: CHATBOT_UPDATE_CONTEXT_MESSAGES)")
    p.add_argument("--strict", action="store_true",
                   help="fail on the first bad line instead of skipping it with a warning")
    p.add_argument("--out", type=Path, metavar="FILE",
                   help="write one JSON line per turn (or update window), then the summary")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.set_defaults(func=run_replay_command)


def run_replay_command(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.markup import escape
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    from chatbot.cli.app import load_settings
    from chatbot.replay import iso_date, read_transcript, replay, resolve_user

    err = Console(stderr=True)
    settings = load_settings()  # a bad CHATBOT_* value: one line, not a traceback
    transcript = read_transcript(args.file, strict=args.strict)
    user_id = resolve_user(transcript, args.user)
    if args.session_date:
        iso_date(args.session_date, "--session-date")
    if args.out is not None and not args.out.parent.exists():
        raise ConfigError(f"cannot write {args.out}: folder {args.out.parent} does not exist")
    if args.direct and not args.ingest_only:
        raise ConfigError("--direct stores messages without replies: add --ingest-only")
    window = args.window or settings.update_context_messages
    if window < 1:
        raise ConfigError("--window must be at least 1")
    for warning in transcript.bad_lines[:MAX_WARNINGS]:
        err.print(f"[yellow]skipped[/] {escape(warning)}", highlight=False, soft_wrap=True)
    if len(transcript.bad_lines) > MAX_WARNINGS:
        err.print(f"[yellow]skipped[/] {len(transcript.bad_lines) - MAX_WARNINGS} more bad lines "
                  "(--strict stops at the first)", soft_wrap=True)

    from chatbot.lm import build_lm
    from chatbot.memory import MemoryStore

    lm = None if args.direct else build_lm(settings)
    with ExitStack() as stack:
        with err.status("opening the memory store"):
            store = MemoryStore.from_settings(settings)
        stack.callback(store.close)
        out = stack.enter_context(_open_out(args.out)) if args.out else None

        def record(obj: dict[str, Any]) -> None:
            if out is not None:
                out.write(json.dumps(obj, ensure_ascii=False) + "\n")
                out.flush()

        progress = Progress("{task.description}", BarColumn(), MofNCompleteColumn(),
                            TimeElapsedColumn(), console=err, transient=True)
        task = progress.add_task(
            "ingesting" if args.ingest_only else "replaying", total=transcript.user_messages)
        with progress:
            result = replay(
                transcript, store, lm, user=user_id, session_date=args.session_date,
                ingest_only=args.ingest_only, window=window, record=record, direct=args.direct,
                advance=lambda n, _total: progress.advance(task, n))
        summary = result.summary()
        record({"type": "summary", **summary})
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        _print_summary(summary, Console())
    return 0


def _open_out(path: Path):
    try:
        return path.open("w", encoding="utf-8")
    except OSError as exc:
        raise ChatbotError(f"cannot write {path}: {exc.strerror or exc}") from None


def _print_summary(summary: dict[str, Any], console: Any) -> None:
    from rich.table import Table

    from chatbot.replay import SUMMARY_FIELDS

    table = Table(title=f"replay for {summary['user_id']} ({summary['mode']})",
                  show_header=False, title_justify="left")
    table.add_column()
    table.add_column(justify="right")
    for key, label in SUMMARY_FIELDS.items():
        if summary[key] or key in ("turns", "memory_add", "lm_calls"):
            table.add_row(label, f"{summary[key]:,}")
    table.add_row("time", f"{summary['seconds']:.1f} s")
    console.print(table)
