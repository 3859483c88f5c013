"""Copy a memory collection from one embedded engine to another, vectors and all.

    python -m chatbot.memory.migrate DATA_DIR/qdrant [--from qdrant-local] [--to edge]

The default embedded engine changed from qdrant-local to edge; a store written by the old one is
left untouched (MemoryStore refuses to open the empty new one beside it, never silently).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from chatbot.errors import ConfigError
from chatbot.memory.store import ENGINES, open_backend


def migrate_engine(path: str | Path, source: str = "qdrant-local", target: str = "edge",
                   collection: str = "memories") -> int:
    """Copy every point (vectors and payload) from `source` to `target`; return how many."""
    if source == target or {source, target} - set(ENGINES):
        raise ConfigError(f"migrate between two different engines of: {', '.join(ENGINES)}")
    src = open_backend(source, collection, Path(path), None, None, False)
    try:
        dim = src.stored_dim()
        if dim is None:
            raise ConfigError(f"no {source} memory collection at {src.location}")
        meta = src.open(dim, {})
        dst = open_backend(target, collection, Path(path), None, None, False)
        try:
            if dst.stored_dim() is not None:
                raise ConfigError(f"{dst.location} already holds a {target} collection; "
                                  "move it away first")
            dst.open(dim, meta or {"dim": dim})
            copied = 0
            for batch in src.points():
                dst.upsert(batch)
                copied += len(batch)
            dst.flush()
            return copied
        finally:
            dst.close()
    finally:
        src.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("path", type=Path, help="the store folder (CHATBOT_DATA_DIR/qdrant)")
    ap.add_argument("--from", dest="source", default="qdrant-local", choices=ENGINES)
    ap.add_argument("--to", dest="target", default="edge", choices=ENGINES)
    ap.add_argument("--collection", default="memories")
    args = ap.parse_args()
    n = migrate_engine(args.path, args.source, args.target, args.collection)
    print(f"copied {n} memories from {args.source} to {args.target} under {args.path}")


if __name__ == "__main__":
    main()
