"""Qdrant Edge (qdrant-edge-py): Qdrant's Rust engine in-process, one shard folder per collection.

Facts this adapter is built on (qdrant-edge-py 0.9.0, measured here):
- Filtered queries and facets need payload indexes (facet refuses without one; a filtered query
  scans every payload without one), so every field we filter on is indexed at creation.
- Edge has no collection metadata: the embedder's name and dimension live in a JSON file in the
  shard folder, beside Edge's own edge_config.json.
- update() appends to a write-ahead log before it returns, so a killed process loses nothing.
  flush() fsyncs the WAL and every segment file: ~110 fsync/msync calls, 0.1 ms on tmpfs but
  10-250 ms on this VM's disk, and it holds the GIL all along (every Python thread stalls).
  So writes are group-committed, like the Qdrant server's 5 s flush interval: the first write
  after a flush schedules one FLUSH_DELAY_S later (a power loss can cost that much; the history
  log's SQLite synchronous=NORMAL makes the same trade); close() and purge flush at once. The
  WAL is also Edge's only lock: keep it on.
- Deleted points stay readable in the WAL and in segment files until those are rewritten, so a
  real "forget" rebuilds the shard from its live points (erase_deleted).
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import qdrant_edge as qe

from chatbot.errors import ChatbotError, ConfigError, StoreLockedError
from chatbot.memory.backends.base import (
    DENSE,
    FACET_LIMIT,
    RRF_K,
    SPARSE,
    Hit,
    PointData,
    Scope,
    SearchMode,
    VectorBackend,
)
from chatbot.memory.faults import LockWait, check_free_space, engine_call
from chatbot.memory.keywords import SparseVector

try:
    import fcntl
except ImportError:  # Windows: Edge's own WAL lock is the only guard there
    fcntl = None  # type: ignore[assignment]

META_FILE = "chatbot_collection.json"
EDGE_CONFIG_FILE = "edge_config.json"
INDEXES: list[tuple[str, Any]] = [
    ("user_id", qe.KeywordIndexParams(is_tenant=True)),
    ("categories", qe.PayloadSchemaType.Keyword),
    ("text_hash", qe.PayloadSchemaType.Keyword),
    ("valid", qe.PayloadSchemaType.Bool),
    ("observed_at", qe.PayloadSchemaType.Datetime),
    ("updated_at", qe.PayloadSchemaType.Datetime),
    ("app", qe.PayloadSchemaType.Keyword),
    ("valid_until", qe.PayloadSchemaType.Datetime),
]
PAGE = 256
LOCK_POLL_S = 0.1
FLUSH_DELAY_S = 5.0
# Edge hands each query to a search thread pool sized from the CPU count. A memory shard is one
# segment, so the pool buys no parallelism, only a thread handoff: on a busy 2-core box one
# thread measured 0.014 vs 0.039 ms p50 per filtered query at 10k, and 0.6 vs 2.4 ms p95 for a
# user with 10k memories.
SEARCH_THREADS = 1


def _match(value: Any) -> qe.MatchValue:
    # qdrant-edge-py 0.9.0 turns a Python bool into the integer 1/0 (bool is an int), which then
    # matches no bool payload at all; numpy's bool is converted as a bool.
    return qe.MatchValue(np.bool_(value) if isinstance(value, bool) else value)


def build_filter(scope: Scope) -> qe.Filter | None:
    must: list[Any] = []
    if scope.user_id is not None:
        must.append(qe.FieldCondition("user_id", match=_match(scope.user_id)))
    if scope.categories:
        must.append(qe.FieldCondition("categories", match=qe.MatchAny(list(scope.categories))))
    if scope.valid is not None:
        must.append(qe.FieldCondition("valid", match=_match(scope.valid)))
    if scope.text_hash is not None:
        must.append(qe.FieldCondition("text_hash", match=_match(scope.text_hash)))
    if scope.text_hashes is not None:
        must.append(qe.FieldCondition("text_hash", match=qe.MatchAny(list(scope.text_hashes))))
    if scope.ids is not None:
        must.append(qe.HasIdCondition(set(scope.ids)))
    if scope.app is not None:
        must.append(qe.FieldCondition("app", match=_match(scope.app)))
    # A memory without valid_until never matches the range, so it is never left out.
    must_not = [qe.FieldCondition("valid_until", range=qe.RangeDateTime(
        lt=scope.expired_before))] if scope.expired_before else []
    return qe.Filter(must=must, must_not=must_not or None) if must or must_not else None


def _sparse(vec: SparseVector) -> qe.SparseVector:
    return qe.SparseVector(list(vec.indices), list(vec.values))


def _edge_config(dim: int) -> qe.EdgeConfig:
    return qe.EdgeConfig(
        vectors={DENSE: qe.EdgeVectorParams(size=dim, distance=qe.Distance.Cosine)},
        sparse_vectors={SPARSE: qe.EdgeSparseVectorParams(modifier=qe.Modifier.Idf)},
        max_search_threads=SEARCH_THREADS,
    )


def _load(folder: Path) -> qe.EdgeShard:
    # A config given to load() is checked against the stored vectors and overrides the tunables
    # (max_search_threads); Edge insists on the vectors, so they are restated from its own file.
    try:
        dim = json.loads((folder / EDGE_CONFIG_FILE).read_text())["vectors"][DENSE]["size"]
    except (OSError, ValueError, KeyError, TypeError):
        return qe.EdgeShard.load(str(folder))
    return qe.EdgeShard.load(str(folder), _edge_config(int(dim)))


def _create_indexes(shard: qe.EdgeShard) -> None:
    present = set(shard.info().payload_schema)
    for name, schema in INDEXES:
        if name not in present:
            shard.update(qe.UpdateOperation.create_field_index(name, schema))


class EdgeBackend(VectorBackend):
    """One collection as one Edge shard at <path>/<collection>; path=None is a temp folder."""

    engine = "edge"

    def __init__(self, collection: str, path: Path | None, lock: LockWait | None = None):
        self._tmp = tempfile.TemporaryDirectory(prefix="chatbot-edge-") if path is None else None
        root = Path(self._tmp.name) if self._tmp is not None else Path(path)  # type: ignore[arg-type]
        root.mkdir(parents=True, exist_ok=True)
        self.dir = root / collection
        self.location = str(self.dir)
        self._shard: qe.EdgeShard | None = None
        self._flush_lock = threading.Lock()
        self._flush_timer: threading.Timer | None = None
        self._dirty = False  # a write since the last flush
        self._lock_file = self._acquire_lock(root / f"{collection}.lock", lock or LockWait())
        try:
            # Loading maps and may extend the WAL: on a full disk that is a SIGBUS, not an error.
            check_free_space(root)
            self._recover_compaction()
            if (self.dir / EDGE_CONFIG_FILE).exists():
                self._shard = self._open_shard(lambda: _load(self.dir))
        except BaseException:
            self._release()
            raise

    # ------------------------------------------------------------ lifecycle

    def _locked_error(self, waited: float = 0.0) -> StoreLockedError:
        after = f" (waited {waited:g} s)" if waited else ""
        return StoreLockedError(
            f"memory store {self.dir} is in use by another chatbot process{after} (Qdrant Edge "
            "allows one process per store); close that one first, or set CHATBOT_QDRANT_URL to a "
            "Qdrant server to share memories between processes")

    def _acquire_lock(self, lock_path: Path, wait: LockWait) -> Any:
        # Our own lock, beside the shard: it also covers creation and compaction, when the
        # shard folder (and with it Edge's WAL lock) is briefly absent. flock locks conflict
        # within one process too, and the OS drops them when a process dies. A short command
        # waits a bounded time for it (a script's writes beside another command), saying so.
        if fcntl is None:
            return None
        handle = open(lock_path, "a+")  # noqa: SIM115 - held open for the backend's lifetime
        deadline = time.monotonic() + wait.seconds
        told = False
        while True:
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                return handle
            except OSError:
                if time.monotonic() >= deadline:
                    handle.close()
                    raise self._locked_error(wait.seconds) from None
            if not told and wait.notify is not None:
                wait.notify(f"memory store {self.dir} is in use by another process; waiting up "
                            f"to {wait.seconds:g} s")
                told = True
            time.sleep(LOCK_POLL_S)

    def _open_shard(self, opener: Any) -> qe.EdgeShard:
        try:
            return opener()
        except Exception as exc:  # noqa: BLE001 - qdrant-edge raises plain Exception
            if "WouldBlock" in str(exc):
                raise self._locked_error() from None
            raise ChatbotError(f"cannot open memory store {self.dir}: {exc}") from exc

    def _recover_compaction(self) -> None:
        """Finish or undo an erase_deleted() that was interrupted between its two renames."""
        fresh, old = self._compaction_dirs()
        if not self.dir.exists():
            if (fresh / META_FILE).exists():
                fresh.rename(self.dir)
            elif old.exists():
                old.rename(self.dir)
        shutil.rmtree(fresh, ignore_errors=True)
        shutil.rmtree(old, ignore_errors=True)

    def _compaction_dirs(self) -> tuple[Path, Path]:
        return (self.dir.with_name(self.dir.name + ".compacting"),
                self.dir.with_name(self.dir.name + ".old"))

    def open(self, dim: int, metadata: dict[str, Any]) -> dict[str, Any]:
        if self._shard is None:
            self._shard = self._open_shard(
                lambda: qe.EdgeShard.create(str(self.dir), _edge_config(dim)))
            _create_indexes(self._shard)
            self._write_meta(self.dir, metadata)
            self._shard.flush()
            return metadata
        if self.stored_dim() in (None, dim):
            _create_indexes(self._shard)  # a shard from an older version may lack some
        return self._read_meta()

    def stored_dim(self) -> int | None:
        for name, read in ((EDGE_CONFIG_FILE, lambda d: d["vectors"][DENSE]["size"]),
                           (META_FILE, lambda d: d["dim"])):
            try:
                return int(read(json.loads((self.dir / name).read_text())))
            except (OSError, ValueError, KeyError, TypeError):
                continue
        return None

    def stored_metadata(self) -> dict[str, Any]:
        return self._read_meta()

    def set_metadata(self, metadata: dict[str, Any]) -> None:
        self._write_meta(self.dir, metadata)

    def _read_meta(self) -> dict[str, Any]:
        try:
            return dict(json.loads((self.dir / META_FILE).read_text()))
        except (OSError, ValueError):
            return {}

    @staticmethod
    def _write_meta(folder: Path, metadata: dict[str, Any]) -> None:
        tmp = folder / (META_FILE + ".tmp")
        tmp.write_text(json.dumps(metadata, indent=1))
        os.replace(tmp, folder / META_FILE)

    @property
    def shard(self) -> qe.EdgeShard:
        if self._shard is None:
            raise ChatbotError(f"memory store {self.dir} is closed")
        return self._shard

    @engine_call("write")
    def flush(self) -> None:
        with self._flush_lock:
            self._cancel_timer()
            if self._dirty:
                self.shard.flush()
                self._dirty = False

    def _written(self) -> None:
        """Group commit: one flush within FLUSH_DELAY_S of the first unflushed write."""
        with self._flush_lock:
            self._dirty = True
            if self._flush_timer is None:
                self._flush_timer = threading.Timer(FLUSH_DELAY_S, self._timed_flush)
                self._flush_timer.daemon = True
                self._flush_timer.start()

    def _timed_flush(self) -> None:
        with self._flush_lock:
            self._flush_timer = None
            try:
                if self._shard is not None:
                    self._shard.flush()
                    self._dirty = False
            except Exception:  # noqa: BLE001 - still dirty: the next flush or close reports it
                pass

    def _cancel_timer(self) -> None:
        if self._flush_timer is not None:
            self._flush_timer.cancel()
            self._flush_timer = None

    def close(self) -> None:
        try:
            with self._flush_lock:
                self._cancel_timer()
                if self._shard is not None:
                    # A read-only command skips the fsyncs (0.1-0.4 s): nothing to make durable.
                    if self._dirty:
                        self._close_flush()
                    self._shard.close()
                    self._shard = None
        finally:
            self._release()

    @engine_call("write")
    def _close_flush(self) -> None:
        self.shard.flush()

    def _release(self) -> None:
        if self._lock_file is not None:
            self._lock_file.close()  # closing the descriptor drops the flock
            self._lock_file = None
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None

    @engine_call("rebuild")
    def erase_deleted(self) -> None:
        """Rebuild the shard from its live points: the only way Edge forgets deleted bytes."""
        dim = self.stored_dim()
        assert dim is not None
        check_free_space(self.dir)
        fresh, old = self._compaction_dirs()
        shutil.rmtree(fresh, ignore_errors=True)
        new = qe.EdgeShard.create(str(fresh), _edge_config(dim))
        try:
            _create_indexes(new)
            offset = None
            while True:
                records, offset = self.shard.scroll(qe.ScrollRequest(
                    offset=offset, limit=1024, with_payload=True, with_vector=True))
                if records:
                    new.update(qe.UpdateOperation.upsert_points(
                        [qe.Point(r.id, r.vector, r.payload) for r in records]))
                if offset is None:
                    break
            new.flush()
        finally:
            new.close()
        self._write_meta(fresh, self._read_meta())  # written last: marks the copy complete
        with self._flush_lock:
            self._cancel_timer()
            self.shard.close()
            self._shard = None
        self.dir.rename(old)
        fresh.rename(self.dir)
        shutil.rmtree(old)
        self._shard = self._open_shard(lambda: _load(self.dir))

    # --------------------------------------------------------------- writes

    @engine_call("write")
    def upsert(self, points: list[PointData]) -> None:
        check_free_space(self.dir)
        self.shard.update(qe.UpdateOperation.upsert_points([
            qe.Point(p.id, {DENSE: p.dense, SPARSE: _sparse(p.sparse)}, p.payload)
            for p in points
        ]))
        self._written()

    @engine_call("write")
    def set_payload(self, point_id: str, payload: dict[str, Any]) -> None:
        check_free_space(self.dir)
        self.shard.update(qe.UpdateOperation.set_payload([point_id], payload))
        self._written()

    @engine_call("write")
    def delete(self, ids: list[str]) -> None:
        if ids:
            self.shard.update(qe.UpdateOperation.delete_points(list(ids)))
            self._written()

    # ---------------------------------------------------------------- reads

    @engine_call("read")
    def points(self, page: int = PAGE) -> Iterator[list[PointData]]:
        offset = None
        while True:
            records, offset = self.shard.scroll(qe.ScrollRequest(
                offset=offset, limit=page, with_payload=True, with_vector=True))
            batch = []
            for r in records:
                vec = dict(r.vector or {})
                sparse = vec.get(SPARSE)
                batch.append(PointData(
                    str(r.id), list(vec[DENSE]),
                    SparseVector(list(sparse.indices), list(sparse.values)) if sparse
                    else SparseVector([], []), dict(r.payload or {})))
            if batch:
                yield batch
            if offset is None:
                return

    @engine_call("read")
    def retrieve(self, ids: list[str]) -> list[tuple[str, dict[str, Any]]]:
        return [(str(r.id), dict(r.payload or {})) for r in self.shard.retrieve(ids, True, False)]

    @engine_call("read")
    def search(self, scope: Scope, dense: list[float] | None, sparse: SparseVector | None,
               mode: SearchMode, limit: int, pool: int) -> list[Hit]:
        flt = build_filter(scope)
        has_terms = bool(sparse and sparse.indices)
        if mode == "keyword" and not has_terms:
            return []
        if mode == "dense" or not has_terms:  # hybrid with no keyword terms is dense alone
            request = qe.QueryRequest(limit=limit, query=qe.Query.Nearest(dense, using=DENSE),
                                      filter=flt, with_payload=True)
        elif mode == "keyword":
            request = qe.QueryRequest(
                limit=limit, query=qe.Query.Nearest(_sparse(sparse), using=SPARSE),  # type: ignore[arg-type]
                filter=flt, with_payload=True)
        else:
            request = qe.QueryRequest(
                limit=limit,
                prefetches=[
                    qe.Prefetch(limit=pool, query=qe.Query.Nearest(dense, using=DENSE), filter=flt),
                    qe.Prefetch(limit=pool, query=qe.Query.Nearest(
                        _sparse(sparse), using=SPARSE), filter=flt),  # type: ignore[arg-type]
                ],
                query=qe.Fusion.Rrf(k=RRF_K), filter=flt, with_payload=True,
            )
        return [Hit(str(p.id), float(p.score), dict(p.payload or {}))
                for p in self.shard.query(request)]

    @engine_call("read")
    def scroll(self, scope: Scope, limit: int | None = None) -> list[tuple[str, dict[str, Any]]]:
        out: list[tuple[str, dict[str, Any]]] = []
        offset = None
        flt = build_filter(scope)
        while True:
            page = PAGE if limit is None else min(PAGE, limit - len(out))
            records, offset = self.shard.scroll(qe.ScrollRequest(
                offset=offset, limit=page, filter=flt, with_payload=True))
            out.extend((str(r.id), dict(r.payload or {})) for r in records)
            if offset is None or (limit is not None and len(out) >= limit):
                return out

    @engine_call("read")
    def facet(self, key: str, scope: Scope, limit: int = FACET_LIMIT) -> list[tuple[str, int]]:
        try:
            res = self.shard.facet(qe.FacetRequest(
                key, limit=limit, exact=True, filter=build_filter(scope)))
        except Exception as exc:  # noqa: BLE001 - qdrant-edge raises plain Exception
            if "No appropriate index" in str(exc):
                raise ConfigError(
                    f"cannot facet on {key!r}: Qdrant Edge facets only indexed fields "
                    f"({', '.join(name for name, _ in INDEXES)})") from None
            raise
        return [(str(h.value), int(h.count)) for h in res.hits]

    @engine_call("read")
    def count(self, scope: Scope) -> int:
        return int(self.shard.count(qe.CountRequest(exact=True, filter=build_filter(scope))))
