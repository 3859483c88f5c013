"""`chatbot memories export` and `import`: the JSONL file format, written and read back."""

from __future__ import annotations

import json
import sys
import uuid
from pathlib import Path
from typing import Any

from rich.console import Console

from chatbot.cli.app import UsageError
from chatbot.cli.memory_output import memory_record, print_json, say
from chatbot.errors import ChatbotError, MemoryNotFoundError, StorageError
from chatbot.forget import record_export
from chatbot.memory import MemoryStore
from chatbot.memory.records import check_item
from chatbot.memory.validation import check_text

EXPORT_FIELDS = ("id", "text", "categories", "memory_type", "created_at", "updated_at",
                 "observed_at", "source", "valid", "superseded_by", "access_count",
                 "last_accessed_at", "supersedes", "valid_from", "valid_until")
# How many bad lines a refused import names.
MAX_BAD_LINES = 5


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


def cmd_export(args, store: MemoryStore, user: str, out: Console) -> int:
    if args.output is None:
        for line in export_lines(store, user):
            sys.stdout.write(line + "\n")
        return 0
    n = write_export(store, user, args.output)
    record_export(args.settings.data_dir, user, args.output)
    if args.json:
        print_json({"exported": n, "file": str(args.output)})
    else:
        say(f"exported {n} memories of {user} to {args.output}")
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
        print_json(summary)
    else:
        print(f"imported {summary['added']} memories for {user}; "
              f"{summary['skipped']} already there")
    return 0
