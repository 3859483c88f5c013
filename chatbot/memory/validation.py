"""What MemoryStore accepts: memory text, user ids, categories, dates, bulk items, dedup hashes."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable
from datetime import date, datetime
from typing import Any

from chatbot.errors import ConfigError, TextTooLongError
from chatbot.memory.history import now_iso
from chatbot.memory.records import check_item, iso_datetime
from chatbot.redact import redact
from chatbot.transcripts import clean_text

# The longest memory text the store keeps. Longer text is refused (TextTooLongError), never cut:
# a cut fact is a changed fact. Whoever has a long message splits it first.
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
    if not isinstance(categories, Iterable) or isinstance(categories, (bytes, dict)):
        raise ConfigError(f"categories must be a list of strings, got {categories!r}"[:200])
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
    return iso_datetime(value, "observed_at", "seconds")


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
    """The text as stored: no control characters or terminal escapes, secrets redacted."""
    if not isinstance(text, str) or not text.strip():
        raise ConfigError("memory text must be a non-empty string")
    # Defence in depth: the agents redact too, but every writer comes through here.
    clean = redact(clean_text(text).strip())
    if not clean:
        raise ConfigError("memory text must be a non-empty string (it held only control "
                          "characters)")
    if len(clean) > MAX_MEMORY_CHARS:
        raise TextTooLongError(
            f"memory text is {len(clean):,} characters, over the limit of {MAX_MEMORY_CHARS:,}; "
            "nothing was stored: split it into shorter memories")
    return clean


def check_items(items: list[dict[str, Any]],
                stored: Callable[[list[str]], list[Any]]) -> list[dict[str, Any]]:
    """A bulk batch as typed items with clean texts, every item checked before anything is
    written (records.check_item). An id may appear once, and not at all if `stored` (the
    backend's lookup) finds it."""
    if not isinstance(items, (list, tuple)):
        raise ConfigError("items must be a list of objects")
    checked = []
    for n, item in enumerate(items):
        try:
            typed = check_item(item)
            typed["text"] = check_text(typed["text"])
        except ConfigError as exc:
            raise type(exc)(f"item {n}: {exc}") from None
        checked.append(typed)
    wanted = [i["id"] for i in checked if "id" in i]
    if len(set(wanted)) != len(wanted):
        raise ConfigError("the same id appears twice in one batch")
    taken = stored(wanted) if wanted else []
    if taken:
        raise ConfigError(f"id {taken[0][0]} already exists; leave 'id' out to get a new one")
    return checked
