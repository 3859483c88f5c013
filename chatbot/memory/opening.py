"""Opening a store: which engine and folder, which embedder, and whether they fit what is there."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chatbot.errors import (
    ConfigError,
    DimensionMismatchError,
    EmbedderMismatchError,
    StorageError,
)
from chatbot.memory.backends.base import VectorBackend
from chatbot.memory.embeddings import DEFAULT_EMBEDDER, Embedder, get_embedder
from chatbot.memory.faults import LockWait
from chatbot.memory.faults import reason as fault
from chatbot.memory.history import EventLog, History
from chatbot.memory.ranking import PRODUCT_RANKING, RankingConfig

if TYPE_CHECKING:
    from chatbot.memory.server_history import ServerHistory

ENGINES = ("edge", "qdrant-local")
# Where each embedded engine keeps a collection under the store folder (to tell them apart).
_ENGINE_MARKS = {
    "edge": lambda path, collection: path / "edge" / collection / "edge_config.json",
    "qdrant-local": lambda path, collection: path / "qdrant" / "collection" / collection,
}


def check_engine_folder(path: Path, engine: str, collection: str) -> None:
    """Refuse to start an empty store beside memories another embedded engine wrote."""
    if engine not in _ENGINE_MARKS or _ENGINE_MARKS[engine](path, collection).exists():
        return
    for other, mark in _ENGINE_MARKS.items():
        if other != engine and mark(path, collection).exists():
            raise ConfigError(
                f"the memories in {path} were written by the {other} engine, not {engine}; "
                f"keep them with CHATBOT_ENGINE={other}, or copy them once with: python -m "
                f"chatbot.memory.migrate {path} --from {other} --to {engine}")


def open_backend(engine: str, collection: str, path: Path | None, url: str | None,
                 api_key: str | None, in_memory: bool,
                 lock: LockWait | None = None) -> VectorBackend:
    """Pick the Qdrant engine: a server by URL, else the embedded one asked for."""
    # Imported on demand: qdrant-client alone costs ~1.5 s and ~60 MB at startup.
    if url is not None or engine == "qdrant-local":
        from chatbot.memory.backends.qdrant_client_backend import QdrantClientBackend

        if url is not None:
            return QdrantClientBackend(collection, url=url, api_key=api_key)
        return QdrantClientBackend(
            collection, path=None if in_memory else Path(path) / "qdrant", in_memory=in_memory)
    if engine == "edge":
        from chatbot.memory.backends.edge_backend import EdgeBackend

        return EdgeBackend(collection, path=None if in_memory else Path(path) / "edge",
                           lock=lock)
    raise ConfigError(f"unknown engine {engine!r}; choose one of: {', '.join(ENGINES)}")


def open_storage(path: Path | None, engine: str, collection: str, url: str | None,
                 api_key: str | None, in_memory: bool,
                 history_path: str | Path | None,
                 lock: LockWait | None = None) -> tuple[VectorBackend, EventLog]:
    """The vector collection and its audit log; an unwritable place is one line, not OSError.

    On a server the log is a second collection there (one history for every process), unless
    history_path asks for a local SQLite file."""
    try:
        if path is not None:
            path.mkdir(parents=True, exist_ok=True)
            check_engine_folder(path, engine, collection)
        backend = open_backend(engine, collection, path, url, api_key, in_memory, lock)
        if url is not None and history_path is None:
            return backend, server_history(backend, collection)
    except (OSError, sqlite3.Error) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise StorageError(
            f"cannot write the memory store at {path or history_path} ({reason}): check its "
            "permissions or set CHATBOT_DATA_DIR") from None
    if history_path is None and path is not None:
        history_path = path / "history.sqlite"
    try:
        return backend, History(history_path)
    except (OSError, sqlite3.Error) as exc:
        backend.close()
        raise StorageError(f"cannot open the history log {history_path}: {fault(exc)}") from None


def server_history(backend: VectorBackend, collection: str) -> ServerHistory:
    """The history collection beside a server store's memories (backend's connection)."""
    from chatbot.memory.backends.qdrant_client_backend import QdrantClientBackend
    from chatbot.memory.server_history import ServerHistory

    assert isinstance(backend, QdrantClientBackend)
    try:
        return ServerHistory(backend.client, f"{collection}_history")
    except BaseException:
        backend.close()
        raise


def pick_embedder(backend: VectorBackend, embedder: Embedder | str | None,
                  options: dict[str, Any]) -> Embedder:
    """The embedder asked for, else the one the collection was built with, else the default."""
    if isinstance(embedder, Embedder):
        return embedder
    if embedder:
        return get_embedder(embedder, **options)
    # Unnamed: a store keeps the model that wrote its vectors; a new one gets the default.
    meta = backend.stored_metadata()
    built_with = meta.get("embedder")
    if built_with and isinstance(meta.get("dim"), int) and backend.stored_dim() == meta["dim"]:
        from chatbot.memory.lazy_embedder import LazyEmbedder

        return LazyEmbedder(  # type: ignore[return-value]
            built_with, meta["dim"], options, backend.location)
    try:
        return get_embedder(built_with or DEFAULT_EMBEDDER, **options)
    except ConfigError as exc:
        if not built_with:
            raise
        raise ConfigError(
            f"memory collection at {backend.location} was built with {built_with}, "
            f"which cannot be loaded here ({exc}); set CHATBOT_EMBEDDER to that model's "
            "folder, or use a new CHATBOT_DATA_DIR / CHATBOT_COLLECTION") from exc


def check_embedder(backend: VectorBackend, embedder: Embedder, path: Path | None) -> None:
    """Refuse to mix vectors of two models in one collection (dimension or name differs)."""
    stored = backend.stored_dim()
    meta = backend.open(embedder.dim, {"embedder": embedder.name, "dim": embedder.dim})
    built_with = meta.get("embedder")
    target = str(path) if path is not None else "--url URL"
    if meta.get("reembedding"):
        raise EmbedderMismatchError(
            f"re-embedding the memories at {backend.location} with "
            f"{meta['reembedding']} did not finish; run it again: python -m "
            f"chatbot.memory.migrate {target} --reembed {meta['reembedding']}")
    if stored is not None and stored != embedder.dim:
        raise DimensionMismatchError(
            f"memory collection at {backend.location} was built with "
            f"{built_with or 'an unknown model'} ({stored} dimensions) but the embedder is "
            f"{embedder.name} ({embedder.dim} dimensions); set "
            f"CHATBOT_EMBEDDER={built_with} or use a new CHATBOT_DATA_DIR / CHATBOT_COLLECTION"
        )
    if stored is not None and built_with and built_with != embedder.name:
        raise EmbedderMismatchError(
            f"memory collection at {backend.location} was built with {built_with}, "
            f"not {embedder.name}; unset CHATBOT_EMBEDDER to keep {built_with}, or "
            f"re-embed every memory once: python -m chatbot.memory.migrate {target} "
            f"--reembed {embedder.name}")


def store_arguments(settings: Any) -> tuple[dict[str, Any], RankingConfig]:
    """MemoryStore's arguments for the app's settings, and the ranking its search uses."""
    # Checked before the store opens: a bad recency setting must not leave a lock behind.
    ranking = replace(PRODUCT_RANKING, recency_weight=settings.recency_weight,
                      recency_half_life_days=settings.recency_half_life_days,
                      access_weight=settings.access_weight)
    embedding = {"embedder": settings.embedder or None, "app": settings.app or None,
                 "embed_options": {
        "threads": settings.embed_threads, "cache_dir": settings.models_dir,
        "batch_threads": settings.embed_batch_threads}}
    if settings.qdrant_url:
        return {"url": settings.qdrant_url, "api_key": settings.qdrant_api_key,
                "collection": settings.collection,
                "dedup_threshold": settings.dedup_threshold, **embedding}, ranking
    return {"path": settings.store_dir, "engine": settings.engine,
            "collection": settings.collection, "dedup_threshold": settings.dedup_threshold,
            "lock_wait": settings.lock_wait,
            **embedding}, ranking
