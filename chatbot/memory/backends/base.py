"""The contract every Qdrant engine behind MemoryStore fulfils."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Literal

from chatbot.memory.keywords import SparseVector

DENSE = "dense"
SPARSE = "bm25"
SearchMode = Literal["hybrid", "dense", "keyword"]
# Qdrant's facet default is 10; a user can have more categories than that.
FACET_LIMIT = 1000


@dataclass(frozen=True)
class Scope:
    """Which points an operation may touch. user_id is always set by MemoryStore."""

    user_id: str | None
    categories: tuple[str, ...] | None = None
    valid: bool | None = True
    text_hash: str | None = None


@dataclass(frozen=True)
class PointData:
    id: str
    dense: list[float]
    sparse: SparseVector
    payload: dict[str, Any]


@dataclass(frozen=True)
class Hit:
    id: str
    score: float
    payload: dict[str, Any]


class VectorBackend(ABC):
    """A Qdrant collection of memory points: named dense + BM25 sparse vectors, payload."""

    engine: str = "?"
    location: str = "?"

    @abstractmethod
    def open(self, dim: int, metadata: dict[str, Any]) -> dict[str, Any]:
        """Create the collection if missing; return the metadata it was created with."""

    @abstractmethod
    def stored_dim(self) -> int | None:
        """The dense vector size of the existing collection, or None if there is none."""

    @abstractmethod
    def upsert(self, points: list[PointData]) -> None: ...

    @abstractmethod
    def set_payload(self, point_id: str, payload: dict[str, Any]) -> None: ...

    @abstractmethod
    def retrieve(self, ids: list[str]) -> list[tuple[str, dict[str, Any]]]: ...

    @abstractmethod
    def search(
        self, scope: Scope, dense: list[float] | None, sparse: SparseVector | None,
        mode: SearchMode, limit: int, pool: int,
    ) -> list[Hit]: ...

    @abstractmethod
    def scroll(self, scope: Scope, limit: int | None = None) -> list[tuple[str, dict[str, Any]]]: ...

    @abstractmethod
    def facet(self, key: str, scope: Scope, limit: int = FACET_LIMIT) -> list[tuple[str, int]]: ...

    @abstractmethod
    def count(self, scope: Scope) -> int: ...

    @abstractmethod
    def delete(self, ids: list[str]) -> None: ...

    def flush(self) -> None:
        """Make acknowledged writes durable (a no-op where every write already is)."""

    @abstractmethod
    def close(self) -> None: ...
