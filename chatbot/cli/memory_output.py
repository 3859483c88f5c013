"""What the memories commands print: JSON records on stdout, notes for the person on stderr."""

from __future__ import annotations

import json
import sys
from dataclasses import asdict
from typing import Any

from chatbot.memory import HistoryEvent, Memory, RetrievedMemory


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


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def say(text: str) -> None:
    print(text, file=sys.stderr)
