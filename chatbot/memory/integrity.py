"""Integrity on read: a stored memory is served only if it is readable and still itself.

A memory fails when its payload lacks its types (records.read_payload), when its text no
longer matches the hash written with it (a flipped byte on disk), or when its vector is not a
finite unit vector (NaN hides a memory from dense search; garbage scores it 1e37). Such a
memory is quarantined: invalid, so search skips it, with the reason in its payload, and the
user is told; it is never fatal to the user's other memories, and purge still removes it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from chatbot.memory.models import Memory
from chatbot.memory.records import UnreadableRecord, read_payload
from chatbot.memory.validation import text_hash

QUARANTINE_FIELD = "quarantined"
# A stored vector's norm may drift from 1 by float rounding only (the embedder normalises).
NORM_TOLERANCE = 1e-2
# A cosine can only lie in [-1, 1]; a score outside says the stored vector is garbage.
MAX_COSINE = 1.0 + 1e-3


def problem_of(memory: Memory, payload: dict[str, Any]) -> str | None:
    """Why a readable memory must not be served, or None."""
    if payload.get(QUARANTINE_FIELD):
        return f"quarantined: {payload[QUARANTINE_FIELD]}"
    if memory.text_hash and memory.text_hash != text_hash(memory.memory_text):
        return "its text does not match the hash stored with it (damaged on disk)"
    return None


def vector_problem(vector: Iterable[float] | None, dim: int | None) -> str | None:
    """Why a dense vector is unusable: wrong length, not finite, or not of unit norm."""
    if vector is None:
        return "it has no vector"
    values = list(vector)
    if dim is not None and len(values) != dim:
        return f"its vector has {len(values)} dimensions, not {dim}"
    if not all(math.isfinite(v) for v in values):
        return "its vector is not finite (NaN or infinity)"
    norm = math.sqrt(sum(v * v for v in values))
    if abs(norm - 1.0) > NORM_TOLERANCE:
        return f"its vector has norm {norm:.3g}, not 1"
    return None


def split_readable(rows: Iterable[tuple[str, dict[str, Any]]]
                   ) -> tuple[list[Memory], dict[str, str]]:
    """The rows that are sound memories, and id -> reason for the rest."""
    good: list[Memory] = []
    bad: dict[str, str] = {}
    for pid, payload in rows:
        if isinstance(payload, dict) and payload.get(QUARANTINE_FIELD):
            bad[str(pid)] = f"quarantined: {payload[QUARANTINE_FIELD]}"
            continue
        try:
            memory = read_payload(pid, payload)
        except UnreadableRecord as exc:
            bad[str(pid)] = f"unreadable ({exc})"
            continue
        reason = problem_of(memory, payload)
        if reason is None:
            good.append(memory)
        else:
            bad[str(pid)] = reason
    return good, bad


def needs_quarantine(reason: str) -> bool:
    """A fresh finding (not one already recorded in the payload)."""
    return not reason.startswith("quarantined:")


def describe(problems: dict[str, str], user: str, limit: int = 3) -> str:
    """One line for the user: how many memories were skipped, and why (a few ids shown)."""
    shown = "; ".join(f"{pid[:8]}: {why}" for pid, why in list(problems.items())[:limit])
    more = f"; and {len(problems) - limit} more" if len(problems) > limit else ""
    return (f"skipped {len(problems)} damaged memories of {user} ({shown}{more}); "
            f"`chatbot memories purge ID` removes one")
