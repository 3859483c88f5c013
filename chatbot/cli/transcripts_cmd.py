"""`chatbot transcripts list|show`: browse your past chat sessions (JSONL under the data dir)."""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from chatbot.cli import render
from chatbot.cli.app import (
    OneLineParser,
    UsageError,
    add_common_options,
    load_settings,
    one_line_errors,
)
from chatbot.transcripts import load_transcript, transcript_file


@dataclass(frozen=True)
class Session:
    session_id: str
    path: Path
    modified: float


def register(subparsers: argparse._SubParsersAction) -> None:
    p = one_line_errors(subparsers.add_parser(
        "transcripts", help="list and show your past chat sessions",
        description="Browse the transcripts of your past chats (one JSONL file per session, "
                    "under the data dir; only yours)."))
    sub = p.add_subparsers(dest="action", metavar="ACTION", required=True,
                           parser_class=OneLineParser)
    ls = sub.add_parser("list", help="your sessions, newest first")
    add_common_options(ls)
    ls.add_argument("--json", action="store_true", help="one JSON object per session")
    ls.set_defaults(func=run_list)
    show = sub.add_parser("show", help="the messages of one session")
    add_common_options(show)
    show.add_argument("session", metavar="ID", help="a session id or its first characters")
    show.add_argument("--json", action="store_true", help="the transcript's JSON lines as stored")
    show.set_defaults(func=run_show)


def user_sessions(root: Path, user: str) -> list[Session]:
    """The user's transcript files, newest first; the folder is the user's own (name + hash)."""
    folder = transcript_file(root, user, "x").parent
    if not folder.is_dir():
        return []
    found = [Session(p.stem, p, p.stat().st_mtime) for p in folder.glob("*.jsonl")]
    return sorted(found, key=lambda s: (s.modified, s.session_id), reverse=True)


def find_session(sessions: list[Session], user: str, wanted: str) -> Session:
    wanted = wanted.strip()
    exact = [s for s in sessions if s.session_id == wanted]
    found = exact or [s for s in sessions if s.session_id.startswith(wanted)]
    if not wanted or not found:
        raise UsageError(f"{user} has no session {wanted!r}; `chatbot transcripts list` "
                         "shows them")
    if len(found) > 1:
        raise UsageError(f"{len(found)} sessions of {user} start with {wanted!r}; type more")
    return found[0]


def run_list(args: argparse.Namespace) -> int:
    settings = load_settings(args)
    out = Console()
    sessions = user_sessions(settings.transcripts_dir, settings.user)
    rows = []
    for s in sessions:
        messages, _ = load_transcript(s.path)
        first = next((m["content"] for m in messages if m.get("role") == "user"), "")
        rows.append((s, sum(m.get("role") == "user" for m in messages), first))
    if args.json:
        for s, turns, first in rows:
            print(json.dumps({"session_id": s.session_id, "path": str(s.path), "turns": turns,
                              "first_message": first}, ensure_ascii=False))
        return 0
    if not rows:
        render.note(out, f"no transcripts of {settings.user} in {settings.transcripts_dir}")
        return 0
    table = Table(title=render.plain(f"{settings.user}'s sessions"), title_justify="left")
    table.add_column("session", style="cyan", no_wrap=True)
    table.add_column("turns", justify="right")
    table.add_column("first message", overflow="fold")
    for s, turns, first in rows:
        table.add_row(s.session_id, str(turns), render.plain(render.clip(first, 70)))
    out.print(table)
    return 0


def run_show(args: argparse.Namespace) -> int:
    settings = load_settings(args)
    out, err = Console(), Console(stderr=True)
    session = find_session(user_sessions(settings.transcripts_dir, settings.user),
                           settings.user, args.session)
    if args.json:
        print(session.path.read_text(encoding="utf-8", errors="replace"), end="")
        return 0
    messages, problems = load_transcript(session.path)
    for problem in problems:
        render.note(err, problem)
    out.print(Text(f"session {session.session_id} ({session.path})", style="dim"))
    for m in messages:
        who = "you" if m["role"] == "user" else "bot"
        mark = " (cancelled)" if m.get("cancelled") else ""
        if m.get("error"):
            mark = f" (error: {m['error']})"
        line = Text(f"{who}{mark}: ", style="bold" if who == "you" else "bold cyan")
        line.append(m.get("content") or "")
        out.print(line)
    return 0
