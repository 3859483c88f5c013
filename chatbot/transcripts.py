"""Transcripts on disk: one JSONL file per session, written in whole lines, read back leniently."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

# Every message is cleaned before it is kept: typed, answered, or read back from a file.
_ANSI = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])")
# C0 controls but tab and newline, DEL, C1 controls, and bidi overrides that disguise text.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def clean_text(text: Any) -> str:
    """A message as valid UTF-8 without terminal escapes or control characters."""
    if isinstance(text, (bytes, bytearray)):
        text = bytes(text).decode("utf-8", "replace")
    text = "" if text is None else str(text)
    try:
        # Bytes a terminal could not decode arrive as lone surrogates (surrogateescape).
        text.encode("utf-8")
    except UnicodeEncodeError:
        try:
            text = text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
        except UnicodeEncodeError:
            text = text.encode("utf-8", "replace").decode("utf-8")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return _CONTROL.sub("", _ANSI.sub("", text))


def user_file_name(user_id: str) -> str:
    """A safe file name per user, whatever characters the user id holds."""
    slug = re.sub(r"[^A-Za-z0-9_.-]", "_", user_id)[:40].strip(".") or "user"
    digest = hashlib.sha256(user_id.encode()).hexdigest()[:8]
    return f"{slug}-{digest}"


def user_transcripts(root: Path, user_id: str) -> Path:
    """The folder of one user's transcripts."""
    return root / user_file_name(user_id)


def input_history_file(data_dir: Path, user_id: str) -> Path:
    """One user's typed lines (the prompt's history): never shared between users."""
    return data_dir / "input_history" / user_file_name(user_id)


def transcript_file(root: Path, user_id: str, session_id: str) -> Path:
    session = re.sub(r"[^A-Za-z0-9_.-]", "_", session_id)
    return user_transcripts(root, user_id) / f"{session}.jsonl"


def load_transcript(path: Path) -> tuple[list[dict[str, Any]], list[str]]:
    """The messages of a transcript file, and one line per line that had to be skipped."""
    messages: list[dict[str, Any]] = []
    problems: list[str] = []
    if not path.is_file():
        return messages, problems
    data = path.read_bytes().decode("utf-8", "replace")
    for n, line in enumerate(data.splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            problems.append(f"{path}:{n}: not JSON ({exc.msg}); skipped")
            continue
        if not isinstance(record, dict):
            problems.append(f"{path}:{n}: not a JSON object; skipped")
        elif record.get("role") in ("user", "assistant"):
            record["content"] = clean_text(record.get("content"))
            messages.append(record)
        elif record.get("type") != "session":
            problems.append(f"{path}:{n}: no user/assistant role; skipped")
    return messages, problems


def _ends_mid_line(path: Path) -> bool:
    with path.open("rb") as f:
        f.seek(-1, 2)
        return f.read(1) != b"\n"


class TranscriptWriter:
    """Appends records to one transcript file, one whole JSON line per write."""

    def __init__(self, path: Path):
        self.path = path
        self._tail_checked = False

    def write(self, record: dict[str, Any]) -> None:
        """Raises OSError if the file cannot be written."""
        line = json.dumps(record, ensure_ascii=False) + "\n"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("ab") as f:
            # A line cut short by a crash must not swallow the next one.
            if f.tell() and not self._tail_checked and _ends_mid_line(self.path):
                f.write(b"\n")
            self._tail_checked = True
            f.write(line.encode("utf-8", "replace"))


# ------------------------------------------------------------------ what the model is shown

def recent_pairs(transcript: list[dict[str, Any]], turns: int,
                 max_chars: int) -> list[dict[str, str]]:
    """The last `turns` answered turns as {"question", "response"} pairs, oldest dropped first
    until they fit in max_chars. A turn that failed or was left empty is not one."""
    pairs: list[dict[str, str]] = []
    size = 0
    recent = transcript[-2 * turns:]
    for user, reply in zip(recent, recent[1:], strict=False):
        if user.get("role") != "user" or reply.get("role") != "assistant":
            continue
        if not user.get("content") or not reply.get("content"):
            continue
        pairs.append({"question": user["content"], "response": reply["content"]})
        size += len(user["content"]) + len(reply["content"])
    while pairs and size > max_chars:
        dropped = pairs.pop(0)
        size -= len(dropped["question"]) + len(dropped["response"])
    return pairs


def history_text(transcript: list[dict[str, Any]], turns: int, max_chars: int) -> str:
    """The last `turns` turns as "role: text" lines, newest kept first within max_chars."""
    recent = transcript[-2 * turns:]
    lines, size = [], 0
    for m in reversed(recent):
        if not m.get("content"):
            continue
        line = f"{m['role']}: {m['content']}"
        if size + len(line) > max_chars:
            break
        lines.append(line)
        size += len(line)
    if not lines:
        return "(this is the start of the conversation)"
    return "\n".join(reversed(lines))
