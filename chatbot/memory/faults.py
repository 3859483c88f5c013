"""Faults of the machine as one line that names the file: no space, read-only, damaged, locked.

The engines report faults their own way (OSError, sqlite3.Error, a plain Exception from Qdrant
Edge's Rust code); `guarded` turns each into a StorageError saying what failed, on which file,
and what to do. A full disk is checked before writing, not discovered after: Qdrant Edge maps its
segment files into memory, and a page that cannot be backed on a full disk kills the process
with SIGBUS, past any handler.
"""

from __future__ import annotations

import errno
import shutil
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar

from chatbot.errors import ChatbotError, StorageError

# Free space a write needs before it starts: Edge grows a segment file by several MB at once.
MIN_FREE_BYTES = 64 * 1024 * 1024
F = TypeVar("F", bound=Callable[..., Any])

_HINTS = {
    errno.ENOSPC: "no space left on the device: free some space",
    errno.EDQUOT: "disk quota exceeded: free some space",
    errno.EROFS: "the file system is read-only",
    errno.EACCES: "permission denied: check the file's permissions",
    errno.EPERM: "not permitted (read-only or immutable file): check its permissions",
    errno.EIO: "input/output error: the disk may be failing",
}


def reason(exc: BaseException) -> str:
    """What went wrong, in the user's words."""
    code = getattr(exc, "errno", None)
    if code in _HINTS:
        return _HINTS[code]
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    low = text.lower()
    if "readonly" in low or "read-only" in low or "permission denied" in low:
        return f"it cannot be written ({text}): check its permissions"
    if "disk is full" in low or "no space left" in low:
        return "no space left on the device: free some space"
    if "not a database" in low or "malformed" in low or "corrupt" in low:
        return f"the file is damaged ({text}); restore it from a backup or move it away"
    if "locked" in low or "busy" in low:
        return f"it is in use by another process ({text})"
    return text[:300]


@dataclass(frozen=True)
class LockWait:
    """How long to wait for a store another process holds, and whom to tell meanwhile."""

    seconds: float = 0.0
    notify: Callable[[str], None] | None = None


def check_free_space(path: Path, need: int = MIN_FREE_BYTES) -> None:
    """StorageError unless the file system holding `path` has `need` bytes free."""
    try:
        free = shutil.disk_usage(path).free
    except OSError:
        return  # cannot tell: let the write itself report
    if free < need:
        raise StorageError(
            f"cannot write the memory store at {path}: no space left on the device "
            f"({free // 2**20} MB free, {need // 2**20} MB needed): free some space")


@contextmanager
def guarded(what: str, path: Any) -> Iterator[None]:
    """Any fault inside becomes StorageError("cannot <what> <path>: <reason>")."""
    try:
        yield
    except ChatbotError:
        raise
    except (OSError, sqlite3.Error) as exc:
        raise StorageError(f"cannot {what} {path}: {reason(exc)}") from exc


def engine_call(what: str) -> Callable[[F], F]:
    """Decorate a Qdrant Edge adapter method: its plain Exceptions become StorageError."""
    def decorate(fn: F) -> F:
        @wraps(fn)
        def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
            try:
                return fn(self, *args, **kwargs)
            except ChatbotError:
                raise
            except Exception as exc:  # noqa: BLE001 - qdrant-edge raises plain Exception
                raise StorageError(f"cannot {what} memory store {self.dir}: "
                                   f"{reason(exc)}") from exc
        return wrapper  # type: ignore[return-value]
    return decorate
