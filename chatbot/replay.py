"""Replay a chat transcript through the chatbot to see what it remembers.

A transcript is JSONL in OpenAI chat shape, one `{"role", "content"}` message per line. A header
line `{"type": "session", "user_id", "session_id", "date"}` starts a session (and may name the
user and the conversation's date); the transcripts the chat writes start with one.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from chatbot.errors import ChatbotError

ROLES = frozenset({"system", "developer", "user", "assistant", "tool", "function"})
# Consecutive failed turns after which the LM is taken to be down.
MAX_FAILED_TURNS = 5
# The counters a replay summary shows, in order, with their labels.
SUMMARY_FIELDS = {
    "turns": "turns replayed",
    "memory_add": "memories added",
    "memory_update": "memories updated",
    "memory_delete": "memories deleted",
    "memory_noop": "no-op decisions",
    "invented_ids": "invented ids rejected",
    "dedup_hits": "dedup hits",
    "lm_calls": "LM calls",
    "prompt_tokens": "prompt tokens",
    "completion_tokens": "completion tokens",
    "turn_errors": "failed turns",
    "update_errors": "failed memory updates",
    "bad_lines": "bad lines skipped",
}


class TranscriptError(ChatbotError):
    """A transcript file cannot be read, or one of its lines is not a chat message."""


@dataclass
class Message:
    line: int
    role: str
    content: str
    id: str | None = None


@dataclass
class Segment:
    """The messages after one session header (or from the top of a file without one)."""

    user_id: str | None = None
    session_id: str | None = None
    date: str | None = None
    messages: list[Message] = field(default_factory=list)


@dataclass
class Transcript:
    path: Path
    segments: list[Segment]
    bad_lines: list[str] = field(default_factory=list)

    @property
    def user_messages(self) -> int:
        return sum(1 for s in self.segments for m in s.messages if m.role == "user")


def iso_date(value: Any, where: str) -> str:
    """The date as ISO text, or TranscriptError naming where it came from."""
    try:
        return datetime.fromisoformat(str(value).strip()).isoformat()
    except ValueError:
        raise TranscriptError(
            f"{where}: date {value!r} is not an ISO date (YYYY-MM-DD[THH:MM])") from None


def _content(value: Any) -> str | None:
    """Text of an OpenAI message content: a string, or a list of parts with text."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        parts = [p.get("text") for p in value if isinstance(p, dict)]
        texts = [p for p in parts if isinstance(p, str)]
        return "\n".join(texts) if texts else None
    return None


def parse_line(raw: bytes, number: int, where: str) -> dict[str, Any] | None:
    """One line as a JSON object (None for a blank line); TranscriptError says why not."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise TranscriptError(f"{where}:{number}: not valid UTF-8") from None
    if not text.strip():
        return None
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise TranscriptError(f"{where}:{number}: not JSON ({exc.msg})") from None
    if not isinstance(obj, dict):
        raise TranscriptError(f"{where}:{number}: expected a JSON object, got {type(obj).__name__}")
    return obj


def read_transcript(path: str | Path, *, strict: bool = False) -> Transcript:
    """Parse a JSONL transcript; bad lines are collected (or, if strict, raised)."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise TranscriptError(f"transcript not found: {path}") from None
    except IsADirectoryError:
        raise TranscriptError(f"transcript path is a directory, not a file: {path}") from None
    except OSError as exc:
        raise TranscriptError(f"cannot read transcript {path}: {exc.strerror or exc}") from None
    transcript = Transcript(path, [Segment()])
    for number, raw in enumerate(data.splitlines(), start=1):
        try:
            _read_record(transcript, parse_line(raw, number, str(path)), number)
        except TranscriptError as exc:
            if strict:
                raise
            transcript.bad_lines.append(str(exc))
    transcript.segments = [s for s in transcript.segments if s.messages]
    if not transcript.segments:
        raise TranscriptError(f"no chat messages in {path}")
    return transcript


def _read_record(transcript: Transcript, obj: dict[str, Any] | None, number: int) -> None:
    if obj is None:
        return
    where = f"{transcript.path}:{number}"
    if obj.get("type") == "session":
        date = iso_date(obj["date"], where) if obj.get("date") else None
        transcript.segments.append(Segment(
            user_id=str(obj["user_id"]) if obj.get("user_id") else None,
            session_id=str(obj["session_id"]) if obj.get("session_id") else None,
            date=date))
        return
    role = obj.get("role")
    if not isinstance(role, str) or not role:
        raise TranscriptError(f"{where}: missing 'role'")
    if role not in ROLES:
        raise TranscriptError(f"{where}: unknown role {role!r}")
    content = _content(obj.get("content"))
    if content is None:
        if role == "assistant" and obj.get("tool_calls"):
            return  # an assistant's tool call: nothing the chatbot replays
        raise TranscriptError(f"{where}: missing 'content'")
    msg_id = obj.get("id")
    transcript.segments[-1].messages.append(
        Message(number, role, content, str(msg_id) if msg_id is not None else None))


# ------------------------------------------------------------------------------ replay

Record = Callable[[dict[str, Any]], None]
Advance = Callable[[int, int], None]


@dataclass
class ReplayResult:
    stats: Counter[str]
    seconds: float
    user_id: str
    sessions: list[str]
    ingest_only: bool

    def summary(self) -> dict[str, Any]:
        out: dict[str, Any] = {"user_id": self.user_id, "sessions": self.sessions,
                               "mode": "ingest-only" if self.ingest_only else "full"}
        out |= {key: int(self.stats.get(key, 0)) for key in SUMMARY_FIELDS}
        out["seconds"] = round(self.seconds, 2)
        return out


def resolve_user(transcript: Transcript, user: str | None) -> str:
    if user:
        return user
    named = {s.user_id for s in transcript.segments if s.user_id}
    if len(named) == 1:
        return named.pop()
    if named:
        raise TranscriptError(
            f"{transcript.path} names several users ({', '.join(sorted(named))}); pass --user")
    raise TranscriptError(f"{transcript.path} names no user: pass --user")


def replay(transcript: Transcript, store: Any, lm: Any, *, user: str | None = None,
           session_date: str | None = None, ingest_only: bool = False, window: int = 6,
           record: Record | None = None, advance: Advance | None = None,
           direct: bool = False) -> ReplayResult:
    """Feed every session of the transcript through the chatbot; returns the counts.

    direct (with ingest_only): store the messages themselves, no LM (`_direct_segment`)."""
    user_id = resolve_user(transcript, user)
    if session_date:
        session_date = iso_date(session_date, "--session-date")
    stats: Counter[str] = Counter(bad_lines=len(transcript.bad_lines))
    total = transcript.user_messages
    sessions: list[str] = []
    start = time.perf_counter()
    for seg in transcript.segments:
        date = session_date or seg.date
        if ingest_only and direct:
            sid = _direct_segment(seg, store, user_id, date, stats, advance, total)
        elif ingest_only:
            sid = _ingest_segment(seg, store, lm, user_id, date, window, stats, record, advance,
                                  total)
        else:
            sid = _chat_segment(seg, store, lm, user_id, date, stats, record, advance, total)
        sessions.append(sid)
    store.flush()
    return ReplayResult(stats, time.perf_counter() - start, user_id, sessions, ingest_only)


def _chat_segment(seg: Segment, store: Any, lm: Any, user_id: str, date: str | None,
                  stats: Counter[str], record: Record | None, advance: Advance | None,
                  total: int) -> str:
    """The full dual-agent loop: every user message is a turn; the file's replies are kept as
    the reference beside the chatbot's own."""
    from chatbot.session import ChatSession

    session = ChatSession(user_id, store, lm, session_id=seg.session_id, observed_at=date)
    failures = 0
    try:
        for i, msg in enumerate(seg.messages):
            if msg.role != "user":
                continue
            reply = session.turn(msg.content)
            failures = failures + 1 if reply.error else 0
            if failures >= MAX_FAILED_TURNS:
                raise ChatbotError(f"{failures} turns in a row failed, giving up: {reply.error}")
            if record:
                nxt = seg.messages[i + 1] if i + 1 < len(seg.messages) else None
                record({
                    "type": "turn", "line": msg.line, "session_id": session.session_id,
                    "user": msg.content, "response": reply.response,
                    "save_memory": reply.save_memory, "error": reply.error,
                    "reference": nxt.content if nxt and nxt.role == "assistant" else None,
                    "retrieved": [{"id": m.id, "text": m.memory_text, "score": round(m.score, 4)}
                                  for m in reply.retrieved],
                })
            if advance:
                advance(1, total)
    finally:
        session.close()
        stats.update(session.stats)
    return session.session_id


def _direct_segment(seg: Segment, store: Any, user_id: str, date: str | None,
                    stats: Counter[str], advance: Advance | None, total: int) -> str:
    """Direct ingestion: every user and assistant message becomes memories as it is (no LM),
    with the memory text of `chatbot eval locomo` (chatbot.memory.chunking): the message first
    (a long one split, never cut), then the turns before it, clipped."""
    from chatbot.memory.chunking import CONTEXT_TURNS, Line, message_memories

    sid = seg.session_id or f"replay-{datetime.now():%Y%m%d-%H%M%S}"
    header = f"[{date[:10]}] " if date else ""  # the day, as LoCoMo memories carry it
    lines = [Line(m.id or f"{sid}:{m.line}", m.role.capitalize(), m.content)
             for m in seg.messages if m.role in ("user", "assistant")]
    items = [{"text": text, "observed_at": date,
              "source": {"session_id": sid, "message_ids": ids, "speaker": line.speaker}}
             for i, line in enumerate(lines)
             for text, ids in message_memories(line, lines[max(0, i - CONTEXT_TURNS):i], header)]
    if items:
        results = store.add_many(user_id, items, actor="replay_direct")
        stats.update(f"memory_{r.event.lower()}" for r in results)
    users = sum(1 for line in lines if line.speaker == "User")
    stats["turns"] += users
    if advance and users:
        advance(users, total)
    return sid


def _ingest_segment(seg: Segment, store: Any, lm: Any, user_id: str, date: str | None,
                    window: int, stats: Counter[str], record: Record | None,
                    advance: Advance | None, total: int) -> str:
    """Memory ingestion only: the update agent reads the messages in consecutive windows."""
    import dspy

    from chatbot.agents.updater import MemoryUpdater
    from chatbot.session import LMUsage, explain_error

    sid = seg.session_id or f"replay-{datetime.now():%Y%m%d-%H%M%S}"
    updater = MemoryUpdater(store, user_id, lm, session_id=sid, actor="replay",
                            context_messages=window)
    meter = LMUsage(stats)
    messages = [m for m in seg.messages if m.role in ("user", "assistant")]
    failures = 0
    for start in range(0, len(messages), max(window, 1)):
        chunk = messages[start:start + window]
        payload = [{"role": m.role, "content": m.content, "id": m.id or f"{sid}:{m.line}"}
                   for m in chunk]
        users = sum(1 for m in chunk if m.role == "user")
        stats["turns"] += users
        try:
            with dspy.context(callbacks=[meter], usage_tracker=meter):
                result = updater.run(payload, today=date)
        except Exception as exc:  # noqa: BLE001 - one failed window is counted, not fatal
            stats["update_errors"] += 1
            failures += 1
            if failures >= MAX_FAILED_TURNS:
                raise ChatbotError(f"the memory update agent failed {failures} times in a row, "
                                   f"giving up: {explain_error(exc)}") from None
            result = None
        else:
            failures = 0
            stats.update(result.counts)
        if record:
            record({
                "type": "update", "lines": [m.line for m in chunk], "session_id": sid,
                "summary": result.summary if result else None,
                "actions": [{"event": a.event, "memory_id": a.memory_id, "text": a.text,
                             "detail": a.detail} for a in (result.actions if result else [])],
            })
        if advance and users:
            advance(users, total)
    return sid
