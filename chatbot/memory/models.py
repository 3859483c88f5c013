"""Plain data shapes of the memory layer."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

MemoryType = Literal["semantic", "episodic", "procedural"]
MEMORY_TYPES: tuple[str, ...] = ("semantic", "episodic", "procedural")
EventKind = Literal["ADD", "UPDATE", "DELETE", "RESTORE", "PURGE", "SUPERSEDE"]


@dataclass
class Source:
    """Provenance: where a memory came from."""

    session_id: str | None = None
    message_ids: list[str] = field(default_factory=list)
    actor: str | None = None
    # Who said the message a directly stored memory holds, named as its chat names them
    # ("User", "Assistant", "Caroline"); None: not a chat message (an agent's fact). Search
    # weighs down the words of anyone but the person it is about
    # (ranking.RankingConfig.speaker_factor).
    speaker: str | None = None

    @classmethod
    def from_payload(cls, data: dict[str, Any] | None) -> Source:
        data = data or {}
        return cls(
            session_id=data.get("session_id"),
            message_ids=[str(m) for m in data.get("message_ids") or []],
            actor=data.get("actor"),
            speaker=data.get("speaker") if isinstance(data.get("speaker"), str) else None,
        )


@dataclass
class Memory:
    """One stored memory, as read back from the store."""

    id: str
    user_id: str
    memory_text: str
    categories: list[str]
    memory_type: str
    created_at: str
    updated_at: str
    observed_at: str
    source: Source
    text_hash: str
    valid: bool = True
    superseded_by: str | None = None
    access_count: int = 0
    last_accessed_at: str | None = None
    # The assistant or app that wrote it (MemoryStore(app=...)); None: the user's shared pool.
    app: str | None = None
    # The versions this one replaced (a correction, a split, a compaction), oldest link first.
    supersedes: list[str] = field(default_factory=list)
    # When the fact holds, as ISO dates resolved at write time (None: always).
    valid_from: str | None = None
    valid_until: str | None = None

    @classmethod
    def from_payload(cls, point_id: str, payload: dict[str, Any]) -> Memory:
        return cls(
            id=str(point_id),
            user_id=payload["user_id"],
            memory_text=payload.get("memory_text", ""),
            categories=list(payload.get("categories") or []),
            memory_type=payload.get("memory_type", "semantic"),
            created_at=payload.get("created_at", ""),
            updated_at=payload.get("updated_at", ""),
            observed_at=payload.get("observed_at", ""),
            source=Source.from_payload(payload.get("source")),
            text_hash=payload.get("text_hash", ""),
            valid=bool(payload.get("valid", True)),
            superseded_by=payload.get("superseded_by"),
            access_count=int(payload.get("access_count") or 0),
            last_accessed_at=payload.get("last_accessed_at"),
            app=payload.get("app"),
            supersedes=[str(i) for i in payload.get("supersedes") or []],
            valid_from=payload.get("valid_from"),
            valid_until=payload.get("valid_until"),
        )

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class RetrievedMemory(Memory):
    """A memory returned by search, with its score and, if asked, each signal's share."""

    score: float = 0.0
    signals: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class WriteResult:
    """What a write did: ADD, UPDATE (a near-duplicate absorbed) or NOOP (a duplicate)."""

    id: str
    event: Literal["ADD", "UPDATE", "NOOP"]
    reason: str = ""


@dataclass(frozen=True)
class HistoryEvent:
    memory_id: str
    user_id: str
    event: str
    old_text: str | None
    new_text: str | None
    actor: str | None
    session_id: str | None
    created_at: str
