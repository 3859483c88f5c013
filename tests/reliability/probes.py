"""Counters the reliability tests fill in, for scripts/reliability_report.py.

Each probe class counts what was tried and what went wrong: leaks (another user's memory seen or
changed, a secret stored), invented-id writes (a write through an id the model was not shown),
lost writes (an acknowledged write missing after a kill or a fault), silently changed memories
(a stored fact altered or merged away without a word) and unhandled exceptions (anything but a
ChatbotError escaping a library call). A test asserts its own counts are zero; the report sums them.
"""

from __future__ import annotations

import json
import threading
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from chatbot.errors import ChatbotError

FIELDS = ("tried", "leaks", "invented_id_writes", "lost_writes", "unhandled",
          "silently_changed")
TOTALS: defaultdict[str, Counter[str]] = defaultdict(Counter)
# What each probe class tries, for the report (classes without a note are listed bare).
NOTES = {
    "import_lines": "import files with wrong-typed fields, invalid UTF-8, control-only and "
                    "over-long texts: refused whole, the line named",
    "library_arguments": "remember/add_many with wrong-typed categories, dates, source, items",
    "argv": "non-UTF-8 arguments, out-of-range and non-numeric -n, export -o to a folder",
    "unreadable_record": "stored payloads with wrong-typed fields: skipped, reported, purgeable",
    "integrity": "a flipped text byte, garbage and NaN vectors: quarantined, never served",
    "dedup": "near-duplicates differing in a number, date, name or negation: kept apart",
    "control_characters": "escapes and control characters: removed on input, escaped on output",
    "text_limit": "text over MAX_MEMORY_CHARS: refused with a typed error, never cut",
    "history_consistency": "failed and SIGKILLed writes and purges in a child process, orphan "
                           "ADD rows: no text left behind, purges finished at the next open",
    "no_space": "a full 100 MB tmpfs under the store: one line, no SIGBUS, nothing lost",
    "read_only": "chattr +i on the history log and on the shard folder",
    "damaged_files": "random bytes over the history log and in every shard file",
    "locked_store": "a store held by another opener: a bounded, announced wait",
    "lifecycle": "bundled memories corrected (every other fact must stay), reverts back and "
                 "forth through a split",
    "compaction": "overlapping notes merged by a scripted LM, by hand and in the background: "
                  "sources' message ids kept, revert restores them, other users untouched, a "
                  "lossy merge refused",
    "expiry": "memories past valid_until: out of default search and list, found with "
              "include_expired and marked past",
    "forget": "forget-me on each engine: every file of the data dir grepped, binary included",
    "hosted_lm": "the secrets corpus through the redacting LM wrapper: no secret in a prompt",
}
_lock = threading.Lock()
T = TypeVar("T")


def count(probe_class: str, **fields: int) -> None:
    unknown = set(fields) - set(FIELDS)
    assert not unknown, f"unknown probe fields {unknown}"
    with _lock:
        TOTALS[probe_class].update({k: v for k, v in fields.items()})
        TOTALS[probe_class]["tried"] += 0  # the class is listed even if nothing was tried


def guarded(probe_class: str, fn: Callable[[], T]) -> T | ChatbotError:
    """Run a library call; a ChatbotError is a handled outcome, anything else is counted."""
    try:
        return fn()
    except ChatbotError as exc:
        return exc
    except Exception:
        count(probe_class, unhandled=1)
        raise


def dump(path: Path, extra: dict[str, Any] | None = None) -> None:
    data = {"classes": {k: {f: v.get(f, 0) for f in FIELDS} for k, v in sorted(TOTALS.items())}}
    data.update(extra or {})
    path.write_text(json.dumps(data, indent=1))
