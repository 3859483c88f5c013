"""Typed checks of what enters and leaves the store as loose data: import items, stored payloads.

Everything a bulk import (or a library caller of add_many) hands in is turned into typed values
here before anything is written, so one malformed record can never reach a payload that every
later read of the user trips over. The read side is the mirror image: a stored payload whose
fields do not have their types (a damaged file, a record written by a buggy version) is
reported by `read_payload` as unreadable instead of raising deep inside a sort or a render.
"""

from __future__ import annotations

import math
import uuid
from datetime import UTC, datetime
from typing import Any

from chatbot.errors import ConfigError
from chatbot.memory.models import MEMORY_TYPES, Memory, Source


class UnreadableRecord(ValueError):
    """A stored payload that is not a memory; the reason is one line."""


# ------------------------------------------------------------------ import items (write side)


def iso_datetime(value: Any, name: str, timespec: str = "microseconds") -> str:
    """An ISO date or datetime string as an aware UTC-offset ISO string, or ConfigError."""
    if isinstance(value, datetime):
        parsed = value
    elif isinstance(value, str):
        try:
            parsed = datetime.fromisoformat(value.strip())
        except ValueError:
            raise ConfigError(f"{name} must be an ISO date or datetime, got {value!r}") from None
    else:
        raise ConfigError(f"{name} must be an ISO date or datetime string, got "
                          f"{type(value).__name__} {value!r}"[:200])
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    return parsed.isoformat(timespec=timespec)


def _string_list(value: Any, name: str) -> list[str]:
    if isinstance(value, str):
        return [value]
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{name} must be a list of strings, got {value!r}"[:200])
    return list(value)


def _optional_str(value: Any, name: str) -> str | None:
    if value is not None and not isinstance(value, str):
        raise ConfigError(f"{name} must be a string, got {value!r}"[:200])
    return value


def check_source(value: Any) -> Source:
    """A provenance record: a Source, a dict of its fields, or nothing."""
    if value is None or isinstance(value, Source):
        return value or Source()
    if not isinstance(value, dict):
        raise ConfigError(f"source must be an object, got {value!r}"[:200])
    ids = value.get("message_ids") or []
    if not isinstance(ids, (list, tuple)) or not all(
            isinstance(i, (str, int)) and not isinstance(i, bool) for i in ids):
        raise ConfigError(f"source.message_ids must be a list of ids, got {ids!r}"[:200])
    return Source(session_id=_optional_str(value.get("session_id"), "source.session_id"),
                  message_ids=[str(i) for i in ids],
                  actor=_optional_str(value.get("actor"), "source.actor"),
                  speaker=_optional_str(value.get("speaker"), "source.speaker"))


def check_uuid(value: Any, name: str) -> str:
    if isinstance(value, str):
        try:
            return str(uuid.UUID(value))
        except ValueError:
            pass
    raise ConfigError(f"{name} {value!r} is not a UUID"[:200])


def check_item(item: Any) -> dict[str, Any]:
    """One bulk item as typed values (text is checked by the store); ConfigError names the
    field. Fields: text, categories, memory_type, created_at, updated_at, observed_at, source,
    valid, id (an export's other fields are accepted when well-typed, and not used)."""
    if not isinstance(item, dict):
        raise ConfigError("expected an object")
    text = item.get("text")
    if not isinstance(text, str):
        raise ConfigError("needs a 'text' string")
    out: dict[str, Any] = {"text": text}
    if item.get("categories") is not None:
        out["categories"] = _string_list(item["categories"], "categories")
    if item.get("memory_type") is not None:
        if item["memory_type"] not in MEMORY_TYPES:
            raise ConfigError(f"memory_type must be one of {', '.join(MEMORY_TYPES)}, got "
                              f"{item['memory_type']!r}"[:200])
        out["memory_type"] = item["memory_type"]
    for name in ("created_at", "updated_at"):
        if item.get(name) is not None:
            out[name] = iso_datetime(item[name], name)
    if item.get("observed_at") is not None:
        out["observed_at"] = iso_datetime(item["observed_at"], "observed_at", "seconds")
    if item.get("source") is not None:
        out["source"] = check_source(item["source"])
    if item.get("valid") is not None:
        if not isinstance(item["valid"], bool):
            raise ConfigError(f"valid must be true or false, got {item['valid']!r}"[:200])
        out["valid"] = item["valid"]
    if item.get("id") is not None:
        out["id"] = check_uuid(item["id"], "id")
    # Exported but not imported: still refused when malformed, so a damaged line is noticed.
    if item.get("superseded_by") is not None:
        check_uuid(item["superseded_by"], "superseded_by")
    if item.get("last_accessed_at") is not None:
        iso_datetime(item["last_accessed_at"], "last_accessed_at")
    count = item.get("access_count")
    if count is not None and (isinstance(count, bool) or not isinstance(count, int) or count < 0):
        raise ConfigError(f"access_count must be a whole number >= 0, got {count!r}"[:200])
    return out


# ------------------------------------------------------------------ stored payloads (read side)

_STR_FIELDS = ("user_id", "memory_text", "memory_type", "created_at", "updated_at",
               "observed_at", "text_hash")
_OPTIONAL_STR_FIELDS = ("superseded_by", "last_accessed_at")


def read_payload(point_id: Any, payload: Any) -> Memory:
    """A stored point as a Memory, or UnreadableRecord saying which field is wrong."""
    if not isinstance(payload, dict):
        raise UnreadableRecord("payload is not an object")
    for name in _STR_FIELDS:
        if name in payload or name in ("user_id", "memory_text"):
            if not isinstance(payload.get(name), str):
                raise UnreadableRecord(f"{name} is {type(payload.get(name)).__name__}, "
                                       "not text")
    for name in _OPTIONAL_STR_FIELDS:
        if not isinstance(payload.get(name), (str, type(None))):
            raise UnreadableRecord(f"{name} is not text")
    cats = payload.get("categories")
    if cats is not None and (not isinstance(cats, list)
                             or not all(isinstance(c, str) for c in cats)):
        raise UnreadableRecord("categories is not a list of text")
    if not isinstance(payload.get("source"), (dict, type(None))):
        raise UnreadableRecord("source is not an object")
    count = payload.get("access_count")
    if count is not None and (not isinstance(count, (int, float)) or isinstance(count, bool)
                              or not math.isfinite(count)):
        raise UnreadableRecord("access_count is not a number")
    if not isinstance(payload.get("valid", True), bool):
        raise UnreadableRecord("valid is not true or false")
    try:
        return Memory.from_payload(str(point_id), payload)
    except (TypeError, ValueError, KeyError) as exc:
        raise UnreadableRecord(f"{type(exc).__name__}: {exc}"[:200]) from None
