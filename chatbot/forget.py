"""Forget means gone everywhere the app keeps text: the store, its history, transcripts, typed
lines and the exports it wrote.

- One memory purged: in each transcript of the user, the messages that memory came from (its
  source's message ids) lose their content when they state it (most of its words), and any
  message quoting its text is blanked too; each such line keeps its id and role, its content
  becomes FORGOTTEN, so the transcript still reads and replays.
- All of a user's memories purged: their transcripts are removed.
- `chatbot forget-me`: all of the above, the history rows of the user, their typed-line
  history, the old shared typed-line file (it cannot tell users apart), and every export file
  the app wrote for them (listed in exports/<user>.txt when written).
"""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from chatbot.errors import DamagedMemoryError
from chatbot.memory.facts import states
from chatbot.memory.models import Memory
from chatbot.transcripts import input_history_file, user_file_name, user_transcripts

FORGOTTEN = "[forgotten]"
def _rewrite(path: Path, memory: Memory) -> int:
    """Blank the lines of this transcript that state the memory; returns how many."""
    sources = set(memory.source.message_ids)
    lines, changed = [], 0
    for line in path.read_bytes().decode("utf-8", "replace").splitlines():
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            lines.append(line)
            continue
        content = record.get("content") if isinstance(record, dict) else None
        if isinstance(content, str) and content != FORGOTTEN and (
                (str(record.get("id")) in sources and states(content, memory.memory_text))
                or memory.memory_text.lower().strip(" .") in content.lower()):
            record["content"] = FORGOTTEN
            line = json.dumps(record, ensure_ascii=False)
            changed += 1
        lines.append(line)
    if changed:
        tmp = path.with_suffix(".forgetting")
        tmp.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
        os.replace(tmp, path)  # whole or not at all; the old inode's blocks are freed
    return changed


def forget_in_transcripts(transcripts_dir: Path, user_id: str, memory: Memory) -> int:
    """Blank what states this memory in the user's transcripts; returns the lines changed."""
    folder = user_transcripts(transcripts_dir, user_id)
    if not folder.is_dir():
        return 0
    return sum(_rewrite(path, memory) for path in sorted(folder.glob("*.jsonl")))


def remove_transcripts(transcripts_dir: Path, user_id: str) -> int:
    """Delete every transcript of the user; returns how many files went."""
    folder = user_transcripts(transcripts_dir, user_id)
    if not folder.is_dir():
        return 0
    n = sum(1 for p in folder.rglob("*") if p.is_file())
    shutil.rmtree(folder)
    return n


def purge_everywhere(store, transcripts_dir: Path | None, user_id: str,
                     memory_id: str | None = None, *, actor: str = "api") -> int:
    """store.purge(), and the same text out of the transcripts (see the module docstring)."""
    if memory_id is None:
        n = store.purge(user_id, actor=actor)
        if transcripts_dir is not None:
            remove_transcripts(transcripts_dir, user_id)
        return n
    try:
        memory = store.get(memory_id, user_id=user_id, include_deleted=True)
    except DamagedMemoryError:
        memory = None  # unreadable: it still goes, only its transcript lines cannot be found
    n = store.purge(user_id, memory_id, actor=actor)
    if transcripts_dir is not None and memory is not None:
        forget_in_transcripts(transcripts_dir, user_id, memory)
    return n


# ------------------------------------------------------------------ exports


def exports_ledger(data_dir: Path, user_id: str) -> Path:
    return data_dir / "exports" / f"{user_file_name(user_id)}.txt"


def record_export(data_dir: Path, user_id: str, path: Path) -> None:
    """Remember an export file written for the user, so forget-me can remove it."""
    ledger = exports_ledger(data_dir, user_id)
    ledger.parent.mkdir(parents=True, exist_ok=True)
    with ledger.open("a", encoding="utf-8") as f:
        f.write(str(Path(path).resolve()) + "\n")


# ------------------------------------------------------------------ forget-me


@dataclass
class ForgetReport:
    memories: int = 0
    transcripts: int = 0
    exports: int = 0
    files: list[str] = field(default_factory=list)


def forget_user(store, data_dir: Path, user_id: str) -> ForgetReport:
    """Every trace of the user in the data dir, and the exports written for them."""
    report = ForgetReport(memories=store.forget_user(user_id))
    report.transcripts = remove_transcripts(data_dir / "transcripts", user_id)
    ledger = exports_ledger(data_dir, user_id)
    if ledger.is_file():
        for line in ledger.read_text(encoding="utf-8").splitlines():
            export = Path(line.strip())
            if line.strip() and export.is_file():
                export.unlink()
                report.exports += 1
        ledger.unlink()
    history = input_history_file(data_dir, user_id)
    # The file every user shared before typed lines were kept per user.
    for path in (history, data_dir / "input_history.shared", data_dir / "input_history"):
        if path.is_file():
            path.unlink()
            report.files.append(str(path))
    return report
