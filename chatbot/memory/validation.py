"""What MemoryStore accepts: memory text, user ids, categories, dates, bulk items, dedup hashes."""

from __future__ import annotations

import hashlib
import re
import uuid
from collections.abc import Callable, Iterable
from datetime import UTC, date, datetime
from typing import Any

from chatbot.errors import ConfigError
from chatbot.memory.history import now_iso
from chatbot.redact import redact

MAX_MEMORY_CHARS = 2000


def normalise(text: str) -> str:
    """The form two texts must share to count as the same memory."""
    text = re.sub(r"\s+", " ", text.strip().lower())
    return text.rstrip(" .!?;,")


def text_hash(text: str) -> str:
    return hashlib.sha256(normalise(text).encode("utf-8")).hexdigest()[:32]


def clean_categories(categories: Iterable[str] | None) -> list[str]:
    if categories is None:
        return []
    if isinstance(categories, str):
        categories = [categories]
    seen: dict[str, None] = {}
    for raw in categories:
        c = re.sub(r"\s+", "_", str(raw).strip().lower())
        # A category is indexed, faceted and exported: one holding a secret is dropped.
        if c and redact(str(raw)) == str(raw):
            seen[c] = None
    return list(seen)


def check_user(user_id: str) -> str:
    if not isinstance(user_id, str) or not user_id.strip():
        raise ConfigError("user id must be a non-empty string")
    return user_id


def as_datetime_str(value: str | datetime | None) -> str:
    if value is None:
        return now_iso()
    if isinstance(value, datetime):
        if value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        return value.isoformat(timespec="seconds")
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        raise ConfigError(f"observed_at must be an ISO date or datetime, got {value!r}") from None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    return parsed.isoformat(timespec="seconds")


def as_date_str(value: str | date | None, name: str = "date") -> str | None:
    """An ISO date (YYYY-MM-DD) or None; a datetime keeps only its date."""
    if value is None or value == "":
        return None
    if isinstance(value, datetime):
        return value.date().isoformat()
    if isinstance(value, date):
        return value.isoformat()
    try:
        return date.fromisoformat(str(value)[:10]).isoformat()
    except ValueError:
        raise ConfigError(f"{name} must be an ISO date (YYYY-MM-DD), got {value!r}") from None


def check_text(text: str) -> str:
    if not isinstance(text, str) or not text.strip():
        raise ConfigError("memory text must be a non-empty string")
    # Defence in depth: the agents redact too, but every writer comes through here.
    return redact(text.strip())[:MAX_MEMORY_CHARS]


def check_items(items: list[dict[str, Any]],
                stored: Callable[[list[str]], list[Any]]) -> list[str]:
    """The clean texts of a bulk batch, every item checked before anything is written.

    An id may appear once, and not at all if `stored` (the backend's lookup) finds it."""
    texts = []
    for n, item in enumerate(items):
        if not isinstance(item, dict) or not isinstance(item.get("text"), str):
            raise ConfigError(f"item {n}: needs a 'text' string")
        try:
            texts.append(check_text(item["text"]))
        except ConfigError as exc:
            raise ConfigError(f"item {n}: {exc}") from None
        if item.get("id") is not None:
            try:
                uuid.UUID(str(item["id"]))
            except ValueError:
                raise ConfigError(f"item {n}: id {item['id']!r} is not a UUID") from None
    wanted = [str(i["id"]) for i in items if i.get("id") is not None]
    if len(set(wanted)) != len(wanted):
        raise ConfigError("the same id appears twice in one batch")
    taken = stored(wanted) if wanted else []
    if taken:
        raise ConfigError(f"id {taken[0][0]} already exists; leave 'id' out to get a new one")
    return texts
