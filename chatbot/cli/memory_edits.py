"""The memories commands that change memories (add, edit, delete, restore, revert, compact,
purge, forget-me) and `history`, the record of those changes that revert goes back along."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict

from rich.console import Console

from chatbot.cli import render
from chatbot.cli.app import UsageError, resolve_memory_id, short_id, stdin_is_tty
from chatbot.cli.memory_output import event_record, memory_record, print_json, say
from chatbot.errors import MemoryNotFoundError
from chatbot.forget import forget_user, purge_everywhere
from chatbot.memory import HistoryEvent, Memory, MemoryStore


def cmd_add(args, store: MemoryStore, user: str, out: Console) -> int:
    cats = _categories(args.category)
    res = store.remember(user, args.text, cats, args.memory_type, actor="cli")
    if args.json:
        print_json({"id": res.id, "event": res.event, "reason": res.reason})
    else:
        what = {"ADD": "added", "UPDATE": "merged into", "NOOP": "already stored as"}[res.event]
        print(f"{what} {res.id}")
    return 0


def cmd_edit(args, store: MemoryStore, user: str, out: Console) -> int:
    memory_id = resolve_memory_id(store, user, args.id)
    cats = _categories(args.category) if args.category else None
    m = store.update(memory_id, args.text, cats, user_id=user, actor="cli")
    return _changed(args, m, f"updated {m.id}")


def cmd_delete(args, store: MemoryStore, user: str, out: Console) -> int:
    memory_id = resolve_memory_id(store, user, args.id, include_deleted=False)
    store.delete(memory_id, user_id=user, actor="cli")
    if args.json:
        print_json({"id": memory_id, "deleted": True})
    else:
        print(f"deleted {memory_id} (undo: chatbot memories restore {short_id(memory_id)})")
    return 0


def cmd_restore(args, store: MemoryStore, user: str, out: Console) -> int:
    memory_id = resolve_memory_id(store, user, args.id)
    m = store.restore(memory_id, user_id=user, actor="cli")
    return _changed(args, m, f"restored {m.id}")


def cmd_history(args, store: MemoryStore, user: str, out: Console) -> int:
    events = memory_history(store, user, args.id)
    if args.json:
        print_json([event_record(e) for e in events])
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
    return _changed(args, m, f"reverted: {short_id(m.id)} is current again: {m.memory_text}")


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
        print_json({"user": user, "counts": dict(report.counts),
                    "merges": [asdict(m) for m in report.merges]})
        return 0
    if not report.merges:
        say(f"nothing to compact for {user}")
    for m in report.merges:
        head = ("would merge" if args.dry_run else
                f"merged into {short_id(m.new_id)}" if m.new_id else "kept apart")
        print(f"{head}: " + " | ".join(m.source_texts))
        if m.new_id:
            print(f"  -> {m.text}")
        elif m.refused:
            print(f"  ({m.refused})")
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
            say("nothing purged")
            return 1
    # Said, because it takes a while: the embedded engine keeps deleted bytes until its files
    # are rewritten (no in-place erase: its vacuum measured slower and left the text in the
    # WAL), so any purge rewrites the whole store.
    if store.engine == "edge":
        say(f"erasing for good: rewriting the store's files ({store.total()} memories)")
    n = purge_everywhere(store, args.settings.transcripts_dir, user, memory_id, actor="cli")
    if args.json:
        print_json({"purged": n})
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
            say("nothing erased")
            return 1
    report = forget_user(store, args.settings.data_dir, user)
    if args.json:
        print_json(asdict(report))
    else:
        print(f"forgot {user}: {report.memories} memories, {report.transcripts} transcripts, "
              f"{report.exports} exports, {len(report.files)} typed-line files")
    return 0


def _changed(args, m: Memory, line: str) -> int:
    """The memory as it is now, as JSON; else the line that says what was done to it."""
    if args.json:
        print_json(memory_record(m))
    else:
        print(line)
    return 0


def _categories(values: Iterable[str] | None) -> list[str]:
    return [c.strip() for v in values or () for c in v.split(",") if c.strip()]
