"""`chatbot memories ...` and `chatbot users`: scriptable memory management, `--json` on each."""

from __future__ import annotations

import argparse
import json
import sys
import uuid
from collections.abc import Callable, Iterable
from dataclasses import asdict
from pathlib import Path
from typing import Any

from rich.console import Console

from chatbot.cli import render
from chatbot.cli.app import (
    OneLineParser,
    UsageError,
    add_common_options,
    bounded_int,
    load_settings,
    one_line_errors,
    open_store,
    resolve_memory_id,
    short_id,
    stdin_is_tty,
)
from chatbot.errors import ChatbotError, MemoryNotFoundError, StorageError
from chatbot.forget import forget_user, purge_everywhere, record_export
from chatbot.memory import HistoryEvent, Memory, MemoryStore, RetrievedMemory
from chatbot.memory.integrity import describe
from chatbot.memory.records import check_item
from chatbot.memory.validation import check_text

EXPORT_FIELDS = ("id", "text", "categories", "memory_type", "created_at", "updated_at",
                 "observed_at", "source", "valid", "superseded_by", "access_count",
                 "last_accessed_at", "supersedes", "valid_from", "valid_until")
# How many bad lines a refused import names.
MAX_BAD_LINES = 5
MAX_LIMIT = 1000


# ------------------------------------------------------------------------- records


def memory_record(m: Memory) -> dict[str, Any]:
    """One memory as a JSON object: what --json prints and what export writes per line."""
    record: dict[str, Any] = {
        "id": m.id, "user_id": m.user_id, "text": m.memory_text,
        "categories": list(m.categories), "memory_type": m.memory_type,
        "created_at": m.created_at, "updated_at": m.updated_at, "observed_at": m.observed_at,
        "source": asdict(m.source), "valid": m.valid, "superseded_by": m.superseded_by,
        "access_count": m.access_count, "last_accessed_at": m.last_accessed_at,
        "supersedes": list(m.supersedes), "valid_from": m.valid_from,
        "valid_until": m.valid_until,
    }
    if isinstance(m, RetrievedMemory):
        record["score"] = round(m.score, 4)
    return record


def event_record(e: HistoryEvent) -> dict[str, Any]:
    return asdict(e)


def export_lines(store: MemoryStore, user: str) -> list[str]:
    """Every memory of the user, deleted ones included (valid=false), one JSON line each."""
    return [json.dumps({k: memory_record(m)[k] for k in EXPORT_FIELDS}, ensure_ascii=False)
            for m in store.list(user, include_deleted=True)]


def write_export(store: MemoryStore, user: str, path: Path) -> int:
    lines = export_lines(store, user)
    if path.is_dir():
        raise UsageError(f"cannot export to {path}: it is a folder; give a file name")
    # Written beside the target and renamed: a full disk never leaves half an export behind.
    tmp = path.with_name(path.name + ".tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        tmp.replace(path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise StorageError(f"cannot write {path}: {exc.strerror or exc}") from None
    return len(lines)


def parse_export(data: str | bytes, where: str = "input") -> list[dict[str, Any]]:
    """Read export JSONL into typed items. Every line is checked before anything is written;
    if any line is bad the whole import is refused, naming each bad line (up to MAX_BAD_LINES)."""
    raw = data.encode("utf-8", "surrogateescape") if isinstance(data, str) else data
    items, bad = [], []
    for n, line in enumerate(raw.split(b"\n"), 1):
        if not line.strip():
            continue
        try:
            items.append(_import_item(line))
        except (ChatbotError, ValueError) as exc:
            bad.append(f"line {n}: {exc}")
    if bad:
        more = f"; and {len(bad) - MAX_BAD_LINES} more" if len(bad) > MAX_BAD_LINES else ""
        raise UsageError(f"{where}: nothing imported, {len(bad)} bad line(s): "
                         + "; ".join(bad[:MAX_BAD_LINES]) + more)
    return items


def _import_item(line: bytes) -> dict[str, Any]:
    try:
        record = json.loads(line.decode("utf-8"))
    except UnicodeDecodeError:
        raise ValueError("not valid UTF-8") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"not JSON ({exc.msg})") from None
    if not isinstance(record, dict):
        raise ValueError("expected a JSON object")
    text = record.get("text", record.get("memory_text"))
    if not isinstance(text, str) or not text.strip():
        raise ValueError('no memory text (a "text" field)')
    item = {k: record[k] for k in EXPORT_FIELDS if k in record and record[k] is not None}
    item["text"] = text
    item = check_item(item)
    item["text"] = check_text(item["text"])  # too long, only control characters: refused here
    return item


def import_items(store: MemoryStore, user: str, items: list[dict[str, Any]]) -> dict[str, Any]:
    """Add the items to the user's memories; texts already there are skipped, not doubled."""
    for item in items:
        # Keep an exported id only while it is free: never overwrite anyone's memory.
        if "id" in item and not _id_is_free(store, str(item["id"])):
            item.pop("id")
    results = store.add_many(user, items, actor="import")
    added = [r.id for r in results if r.event == "ADD"]
    return {"added": len(added), "skipped": len(results) - len(added), "ids": added}


def _id_is_free(store: MemoryStore, memory_id: str) -> bool:
    try:
        uuid.UUID(memory_id)
        store.get(memory_id)
    except ValueError:
        return False
    except MemoryNotFoundError:
        return True
    return False


# ------------------------------------------------------------------------- commands


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
            _say("chatbot: warning: " + describe(store.problems[settings.user], settings.user))
        return code
    finally:
        store.close()


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def _say(text: str) -> None:
    print(text, file=sys.stderr)


def cmd_list(args, store: MemoryStore, user: str, out: Console) -> int:
    memories = store.list(user, args.category, include_deleted=args.all)
    if args.json:
        _print_json([memory_record(m) for m in memories])
    elif memories:
        out.print(render.memory_table(memories))
    else:
        _say(f"no memories for {user}")
    return 0


def cmd_search(args, store: MemoryStore, user: str, out: Console) -> int:
    results = store.search(user, args.query, args.category, limit=args.limit,
                           explain=args.explain, include_expired=args.all)
    if args.json:
        _print_json([memory_record(m) | ({"signals": m.signals} if args.explain else {})
                     for m in results])
    elif results:
        out.print(render.explain_table(results) if args.explain else render.search_table(results))
    else:
        _say(f"nothing found for {user}")
    return 0


def cmd_add(args, store: MemoryStore, user: str, out: Console) -> int:
    cats = _categories(args.category)
    res = store.remember(user, args.text, cats, args.memory_type, actor="cli")
    if args.json:
        _print_json({"id": res.id, "event": res.event, "reason": res.reason})
    else:
        what = {"ADD": "added", "UPDATE": "merged into", "NOOP": "already stored as"}[res.event]
        print(f"{what} {res.id}")
    return 0


def cmd_edit(args, store: MemoryStore, user: str, out: Console) -> int:
    memory_id = resolve_memory_id(store, user, args.id)
    cats = _categories(args.category) if args.category else None
    m = store.update(memory_id, args.text, cats, user_id=user, actor="cli")
    if args.json:
        _print_json(memory_record(m))
    else:
        print(f"updated {m.id}")
    return 0


def cmd_delete(args, store: MemoryStore, user: str, out: Console) -> int:
    memory_id = resolve_memory_id(store, user, args.id, include_deleted=False)
    store.delete(memory_id, user_id=user, actor="cli")
    if args.json:
        _print_json({"id": memory_id, "deleted": True})
    else:
        print(f"deleted {memory_id} (undo: chatbot memories restore {short_id(memory_id)})")
    return 0


def cmd_restore(args, store: MemoryStore, user: str, out: Console) -> int:
    memory_id = resolve_memory_id(store, user, args.id)
    m = store.restore(memory_id, user_id=user, actor="cli")
    if args.json:
        _print_json(memory_record(m))
    else:
        print(f"restored {m.id}")
    return 0


def cmd_history(args, store: MemoryStore, user: str, out: Console) -> int:
    events = memory_history(store, user, args.id)
    if args.json:
        _print_json([event_record(e) for e in events])
        return 0
    out.print(render.history_table(events))
    versions = memory_versions(store, user, events[0].memory_id) if events else []
    if len(versions) > 1:
        out.print(render.versions_table(versions, title="versions (memories revert ID VERSION)"))
    return 0


def memory_versions(store: MemoryStore, user: str, memory_id: str) -> list:
    try:
        return store.versions(memory_id, user_id=user)
    except MemoryNotFoundError:  # purged: only its history is left
        return []


def cmd_revert(args, store: MemoryStore, user: str, out: Console) -> int:
    memory_id = resolve_memory_id(store, user, args.id)
    m = store.revert(memory_id, args.version, user_id=user, actor="cli")
    if args.json:
        _print_json(memory_record(m))
    else:
        print(f"reverted: {short_id(m.id)} is current again: {m.memory_text}")
    return 0


def memory_history(store: MemoryStore, user: str, text: str) -> list[HistoryEvent]:
    """History by id or prefix; a purged memory's history is still found by its full id."""
    try:
        memory_id = resolve_memory_id(store, user, text)
    except MemoryNotFoundError:
        events = store.history(text.strip(), user_id=user)
        if not events:
            raise
        return events
    return store.history(memory_id, user_id=user)


def cmd_compact(args, store: MemoryStore, user: str, out: Console) -> int:
    from chatbot.cli import app
    from chatbot.memory.compaction import compact

    lm = None if args.dry_run else app.build_lm(args.settings)
    report = compact(store, user, lm, categories=args.category, dry_run=args.dry_run)
    if args.json:
        _print_json({"user": user, "counts": dict(report.counts),
                     "merges": [asdict(m) for m in report.merges]})
        return 0
    if not report.merges:
        _say(f"nothing to compact for {user}")
    for m in report.merges:
        head = ("would merge" if args.dry_run else
                f"merged into {short_id(m.new_id)}" if m.new_id else "kept apart")
        print(f"{head}: " + " | ".join(m.source_texts))
        if m.new_id:
            print(f"  -> {m.text}")
        elif m.refused:
            print(f"  ({m.refused})")
    return 0


def cmd_export(args, store: MemoryStore, user: str, out: Console) -> int:
    if args.output is None:
        for line in export_lines(store, user):
            sys.stdout.write(line + "\n")
        return 0
    n = write_export(store, user, args.output)
    record_export(args.settings.data_dir, user, args.output)
    if args.json:
        _print_json({"exported": n, "file": str(args.output)})
    else:
        _say(f"exported {n} memories of {user} to {args.output}")
    return 0


def cmd_import(args, store: MemoryStore, user: str, out: Console) -> int:
    if args.file == "-":
        stream = getattr(sys.stdin, "buffer", sys.stdin)  # bytes from a real stdin
        data, where = stream.read(), "stdin"
    else:
        path = Path(args.file)
        if not path.is_file():
            raise UsageError(f"no such file: {path}")
        try:
            data, where = path.read_bytes(), str(path)
        except OSError as exc:
            raise StorageError(f"cannot read {path}: {exc.strerror or exc}") from None
    summary = import_items(store, user, parse_export(data, where))
    if args.json:
        _print_json(summary)
    else:
        print(f"imported {summary['added']} memories for {user}; "
              f"{summary['skipped']} already there")
    return 0


def cmd_purge(args, store: MemoryStore, user: str, out: Console) -> int:
    if args.id:
        memory_id = resolve_memory_id(store, user, args.id)
        what = f"memory {short_id(memory_id)} of {user}"
    else:
        memory_id = None
        what = f"all {len(store.list(user, include_deleted=True))} memories of {user}"
    if not args.yes:
        if not stdin_is_tty():
            raise UsageError(f"refusing to purge {what} without confirmation: pass --yes")
        answer = input(f"Forget {what} for good? This cannot be undone. [y/N] ")
        if answer.strip().lower() not in ("y", "yes"):
            _say("nothing purged")
            return 1
    # Said, because it takes a while: the embedded engine keeps deleted bytes until its files
    # are rewritten (no in-place erase: its vacuum measured slower and left the text in the
    # WAL), so any purge rewrites the whole store.
    if store.engine == "edge":
        _say(f"erasing for good: rewriting the store's files ({store.total()} memories)")
    n = purge_everywhere(store, args.settings.transcripts_dir, user, memory_id, actor="cli")
    if args.json:
        _print_json({"purged": n})
    else:
        print(f"purged {n} memories of {user}")
    return 0


def cmd_forget_me(args, store: MemoryStore, user: str, out: Console) -> int:
    if not args.yes:
        if not stdin_is_tty():
            raise UsageError(f"refusing to forget {user} without confirmation: pass --yes")
        answer = input(f"Erase every trace of {user} (memories, history, transcripts, typed "
                       "lines, exports)? This cannot be undone. [y/N] ")
        if answer.strip().lower() not in ("y", "yes"):
            _say("nothing erased")
            return 1
    report = forget_user(store, args.settings.data_dir, user)
    if args.json:
        _print_json(asdict(report))
    else:
        print(f"forgot {user}: {report.memories} memories, {report.transcripts} transcripts, "
              f"{report.exports} exports, {len(report.files)} typed-line files")
    return 0


def cmd_check(args, store: MemoryStore, user: str, out: Console) -> int:
    bad = store.verify(user)
    if args.json:
        _print_json({"damaged": bad})
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
        _print_json([{"user": u, "memories": n} for u, n in users])
    elif users:
        out.print(render.users_table(users))
    else:
        _say("no users with memories yet")
    return 0


def _categories(values: Iterable[str] | None) -> list[str]:
    return [c.strip() for v in values or () for c in v.split(",") if c.strip()]
