"""Move a memory collection to another embedded engine, or re-embed it with another model.

    python -m chatbot.memory.migrate STORE_DIR [--from qdrant-local] [--to edge]
    python -m chatbot.memory.migrate STORE_DIR --reembed all-MiniLM-L6-v2-int8 [--engine edge]
    python -m chatbot.memory.migrate STORE_DIR --from edge --url http://127.0.0.1:6333

STORE_DIR is CHATBOT_DATA_DIR/memory. The default embedded engine changed from qdrant-local to
edge, and the default embedder from torch fp32 MiniLM to its int8 copy; a store written before
either change is left as it is (MemoryStore never mixes engines or models silently) until moved
or re-embedded here.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from pathlib import Path

from chatbot.errors import ChatbotError, ConfigError
from chatbot.memory.backends.base import PointData, VectorBackend
from chatbot.memory.embeddings import get_embedder
from chatbot.memory.opening import ENGINES, open_backend


def _copy_points(path: Path, source: str, collection: str,
                 open_target: Callable[[], VectorBackend], taken: str,
                 after: Callable[[VectorBackend], None] = lambda dst: None) -> int:
    """Copy every point (vectors and payload) of `source` into a new collection; how many."""
    src = open_backend(source, collection, path, None, None, False)
    try:
        dim = src.stored_dim()
        if dim is None:
            raise ConfigError(f"no {source} memory collection at {src.location}")
        meta = src.open(dim, {})
        dst = open_target()
        try:
            if dst.stored_dim() is not None:
                raise ConfigError(taken.format(location=dst.location))
            dst.open(dim, meta or {"dim": dim})
            copied = 0
            for batch in src.points():
                dst.upsert(batch)
                copied += len(batch)
            dst.flush()
            after(dst)
            return copied
        finally:
            dst.close()
    finally:
        src.close()


def migrate_engine(path: str | Path, source: str = "qdrant-local", target: str = "edge",
                   collection: str = "memories") -> int:
    """Copy every point (vectors and payload) from `source` to `target`; return how many."""
    if source == target or {source, target} - set(ENGINES):
        raise ConfigError(f"migrate between two different engines of: {', '.join(ENGINES)}")
    return _copy_points(
        Path(path), source, collection,
        lambda: open_backend(target, collection, Path(path), None, None, False),
        f"{{location}} already holds a {target} collection; move it away first")


def migrate_to_server(path: str | Path, url: str, api_key: str | None = None,
                      source: str = "edge", collection: str = "memories",
                      to_collection: str | None = None) -> int:
    """Copy an embedded store to a Qdrant server: every point, and its history (times kept).
    to_collection: its name on the server (default: the same)."""
    from chatbot.memory.history import History
    from chatbot.memory.opening import server_history

    name = to_collection or collection

    def copy_history(dst: VectorBackend) -> None:
        log = History(Path(path) / "history.sqlite")
        try:
            server_history(dst, name).copy_events(log.all_events())
        finally:
            log.close()

    return _copy_points(
        Path(path), source, collection,
        lambda: open_backend(source, name, None, url, api_key, False),
        f"{url} already holds a collection {name!r}; pick another --collection or delete "
        "that one first", copy_history)


def reembed(path: str | Path, embedder: str, engine: str = "edge",
            collection: str = "memories", url: str | None = None,
            api_key: str | None = None) -> int:
    """Rewrite every point's dense vector with `embedder` (payloads, ids and BM25 kept)."""
    backend = open_backend(engine, collection, None if url else Path(path), url, api_key, False)
    try:
        dim = backend.stored_dim()
        if dim is None:
            raise ConfigError(f"no {engine} memory collection at {backend.location}")
        model = get_embedder(embedder)
        if model.dim != dim:
            raise ConfigError(f"{embedder} makes {model.dim}-d vectors but the collection "
                              f"holds {dim}-d ones; start a new CHATBOT_DATA_DIR instead")
        meta = backend.open(dim, {})
        # Marked first: a run cut short leaves a store that refuses to open until re-run.
        backend.set_metadata(meta | {"reembedding": embedder})
        done = 0
        for batch in backend.points():
            vectors = model.embed_documents([p.payload.get("memory_text", "") for p in batch])
            backend.upsert([PointData(p.id, v.tolist(), p.sparse, p.payload)
                            for p, v in zip(batch, vectors, strict=True)])
            done += len(batch)
        # None, not a missing key: a Qdrant server merges metadata updates into the old ones.
        backend.set_metadata(meta | {"embedder": embedder, "dim": dim, "reembedding": None})
        backend.flush()
        return done
    finally:
        backend.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("path", type=Path, help="the store folder (CHATBOT_DATA_DIR/memory)")
    ap.add_argument("--from", dest="source", default="qdrant-local", choices=ENGINES)
    ap.add_argument("--to", dest="target", default="edge", choices=ENGINES)
    ap.add_argument("--reembed", metavar="EMBEDDER",
                    help="rewrite every vector with this embedder instead of moving engines")
    ap.add_argument("--engine", default="edge", choices=ENGINES, help="with --reembed")
    ap.add_argument("--url", help="with --reembed: a Qdrant server instead of the folder; "
                    "alone: copy the store (--from engine) and its history to this server")
    ap.add_argument("--collection", default="memories")
    args = ap.parse_args()
    try:
        if args.reembed:
            n = reembed(args.path, args.reembed, args.engine, args.collection, args.url,
                        os.environ.get("CHATBOT_QDRANT_API_KEY"))
            print(f"re-embedded {n} memories with {args.reembed} under {args.path}")
        elif args.url:
            n = migrate_to_server(args.path, args.url, os.environ.get("CHATBOT_QDRANT_API_KEY"),
                                  args.source, args.collection)
            print(f"copied {n} memories and their history from {args.source} under "
                  f"{args.path} to {args.url}")
        else:
            n = migrate_engine(args.path, args.source, args.target, args.collection)
            print(f"copied {n} memories from {args.source} to {args.target} under {args.path}")
    except ChatbotError as exc:
        raise SystemExit(f"error: {exc}") from None


if __name__ == "__main__":
    main()
