"""A memory's Qdrant payload: the fields a new point starts with, and a stored one's again."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from chatbot.memory.models import Memory, Source


def new_payload(user_id: str, text: str, categories: list[str], memory_type: str, *,
                created_at: str, updated_at: str, observed_at: str, source: Source,
                digest: str, valid: bool = True, supersedes: list[str] | None = None,
                valid_from: str | None = None, valid_until: str | None = None) -> dict[str, Any]:
    """A new memory's payload: never retrieved yet, superseded by nothing."""
    return {
        "user_id": user_id, "memory_text": text, "categories": categories,
        "memory_type": memory_type, "created_at": created_at, "updated_at": updated_at,
        "observed_at": observed_at, "source": asdict(source), "text_hash": digest,
        "valid": valid, "superseded_by": None, "access_count": 0, "last_accessed_at": None,
        "supersedes": list(supersedes or []), "valid_from": valid_from,
        "valid_until": valid_until,
    }


def payload_of(memory: Memory) -> dict[str, Any]:
    """The payload a memory was read from, to write it back changed."""
    payload = asdict(memory)
    payload.pop("id")
    return payload
