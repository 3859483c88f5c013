"""`chatbot memories ...` and `chatbot users`: scriptable memory management, `--json` on each.

This module is the command line (the parser and the store around each command) and the read-only
commands; the file format is in memory_export, the commands that change memories in memory_edits.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from rich.console import Console

from chatbot.cli import render
from chatbot.cli.app import (
    OneLineParser,
    add_common_options,
    bounded_int,
    load_settings,
    one_line_errors,
    open_store,
    short_id,
)
from chatbot.cli.memory_edits import (
    cmd_add,
    cmd_compact,
    cmd_delete,
    cmd_edit,
    cmd_forget_me,
    cmd_history,
    cmd_purge,
    cmd_restore,
    cmd_revert,
    memory_history,
    memory_versions,
)
from chatbot.cli.memory_export import (
    cmd_export,
    cmd_import,
    export_lines,
    import_items,
    parse_export,
    write_export,
)
from chatbot.cli.memory_output import memory_record, print_json, say
from chatbot.memory import MemoryStore
from chatbot.memory.integrity import describe

# Imported from here by the chat's slash commands, the tests and scripts.
__all__ = ["export_lines", "import_items", "memory_history", "memory_versions", "parse_export",
           "register", "write_export"]

MAX_LIMIT = 1000


def register(subparsers: argparse._SubParsersAction) -> None:
    p = one_line_errors(subparsers.add_parser(
        "memories", help="list, search, edit, export and import a user's memories",
        description="Manage one user's memories (ids may be shortened to a unique prefix)."))
    sub = p.add_subparsers(dest="action", metavar="ACTION", parser_class=OneLineParser)
    p.set_defaults(func=lambda args: _usage(p))

    def action(name: str, help: str, fn: Callable[..., int]) -> argparse.ArgumentParser:
        ap = sub.add_parser(name, help=help, description=help)
        add_common_options(ap)
        ap.add_argument("--json", action="store_true", help="print JSON")
        ap.set_defaults(func=lambda args: _with_store(args, fn))
        return ap

    ap = action("list", "list memories (oldest first)", cmd_list)
    ap.add_argument("--category", "-c", action="append", metavar="CAT", help="only this category")
    ap.add_argument("--all", action="store_true",
                    help="include deleted, superseded and expired memories")

    ap = action("search", "search memories by meaning and keywords", cmd_search)
    ap.add_argument("query", metavar="QUERY")
    ap.add_argument("--category", "-c", action="append", metavar="CAT", help="only this category")
    ap.add_argument("--limit", "-n", type=bounded_int(1, MAX_LIMIT), default=5,
                    help=f"how many (1-{MAX_LIMIT}, default 5)")
    ap.add_argument("--explain", action="store_true",
                    help="show each signal's share of the score (dense, BM25; recency, "
                         "access, repetition when they moved a hit)")
    ap.add_argument("--all", action="store_true",
                    help="include expired memories (what held in the past)")

    ap = action("add", "add a memory", cmd_add)
    ap.add_argument("text", metavar="TEXT")
    ap.add_argument("--category", "-c", action="append", metavar="CAT", help="a category")
    ap.add_argument("--type", dest="memory_type", default="semantic",
                    choices=["semantic", "episodic", "procedural"])

    ap = action("edit", "rewrite a memory (same id; history keeps the old text)", cmd_edit)
    ap.add_argument("id", metavar="ID")
    ap.add_argument("text", metavar="TEXT")
    ap.add_argument("--category", "-c", action="append", metavar="CAT",
                    help="replace the categories")

    ap = action("delete", "delete a memory (restorable)", cmd_delete)
    ap.add_argument("id", metavar="ID")

    ap = action("restore", "undo a delete", cmd_restore)
    ap.add_argument("id", metavar="ID")

    ap = action("history", "every change of a memory", cmd_history)
    ap.add_argument("id", metavar="ID")

    ap = action("revert", "make an earlier version of a memory current again (see history)",
                cmd_revert)
    ap.add_argument("id", metavar="ID")
    ap.add_argument("version", metavar="VERSION", type=int, nargs="?",
                    help="the version number `history` shows (default: the one before)")

    ap = action("compact", "merge overlapping memories into one each, through the LM "
                "(reversible: memories revert ID)", cmd_compact)
    ap.add_argument("--category", "-c", action="append", metavar="CAT", help="only this category")
    ap.add_argument("--dry-run", action="store_true",
                    help="only show which memories would be merged (no LM call, no write)")

    ap = action("export", "write the user's memories as JSONL", cmd_export)
    ap.add_argument("--output", "-o", type=Path, metavar="FILE", help="file (default: stdout)")

    ap = action("import", "add memories from an export (duplicates are skipped)", cmd_import)
    ap.add_argument("file", metavar="FILE", help="a JSONL export, or - for stdin")

    ap = action("check", "check every memory (text and vector); quarantine damaged ones",
                cmd_check)

    ap = action("purge", "forget memories for good (all of the user's, or one)", cmd_purge)
    ap.add_argument("id", metavar="ID", nargs="?", help="only this memory")
    ap.add_argument("--yes", "-y", action="store_true", help="do not ask")

    f = one_line_errors(subparsers.add_parser(
        "forget-me", help="erase every trace of a user: memories, history, transcripts, "
        "typed lines, exports", description="Erase every trace of the user from the data dir "
        "(memories, their history, transcripts, typed-line history) and the export files "
        "written for them. This cannot be undone."))
    add_common_options(f)
    f.add_argument("--yes", "-y", action="store_true", help="do not ask")
    f.add_argument("--json", action="store_true", help="print JSON")
    f.set_defaults(func=lambda args: _with_store(args, cmd_forget_me))

    u = one_line_errors(subparsers.add_parser(
        "users", help="users with memories", description="Every user with memories."))
    add_common_options(u, user=False)
    u.add_argument("--json", action="store_true", help="print JSON")
    u.set_defaults(func=lambda args: _with_store(args, cmd_users))


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_usage(sys.stderr)
    return 2


def _with_store(args: argparse.Namespace, fn: Callable[..., int]) -> int:
    settings = load_settings(args)
    args.settings = settings  # for the commands that reach beyond the store
    store = open_store(settings)
    try:
        code = fn(args, store, settings.user, Console())
        if store.problems.get(settings.user):
            say("chatbot: warning: " + describe(store.problems[settings.user], settings.user))
        return code
    finally:
        store.close()


def cmd_list(args, store: MemoryStore, user: str, out: Console) -> int:
    memories = store.list(user, args.category, include_deleted=args.all)
    if args.json:
        print_json([memory_record(m) for m in memories])
    elif memories:
        out.print(render.memory_table(memories))
    else:
        say(f"no memories for {user}")
    return 0


def cmd_search(args, store: MemoryStore, user: str, out: Console) -> int:
    results = store.search(user, args.query, args.category, limit=args.limit,
                           explain=args.explain, include_expired=args.all)
    if args.json:
        print_json([memory_record(m) | ({"signals": m.signals} if args.explain else {})
                    for m in results])
    elif results:
        out.print(render.explain_table(results) if args.explain else render.search_table(results))
    else:
        say(f"nothing found for {user}")
    return 0


def cmd_check(args, store: MemoryStore, user: str, out: Console) -> int:
    bad = store.verify(user)
    if args.json:
        print_json({"damaged": bad})
    elif bad:
        print(f"{len(bad)} damaged memories of {user}, quarantined (out of search):")
        for pid, why in bad.items():
            print(f"  {short_id(pid)}  {why}")
        store.problems.pop(user, None)  # listed above; no warning line as well
    else:
        print(f"all memories of {user} are sound")
    return 0


def cmd_users(args, store: MemoryStore, user: str, out: Console) -> int:
    users = sorted(store.users())
    if args.json:
        print_json([{"user": u, "memories": n} for u, n in users])
    elif users:
        out.print(render.users_table(users))
    else:
        say("no users with memories yet")
    return 0

