"""One memory collection as one Qdrant Edge shard folder: its lock, files, flushes and rebuild.

Facts this is built on (qdrant-edge-py 0.9.0, measured here):
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
from pathlib import Path
from typing import Any

import qdrant_edge as qe

from chatbot.errors import ChatbotError, StoreLockedError
from chatbot.memory.backends.base import DENSE, SPARSE, VectorBackend
from chatbot.memory.backends.edge_convert import INDEXES
from chatbot.memory.faults import LockWait, check_free_space, engine_call

try:
    import fcntl
except ImportError:  # Windows: Edge's own WAL lock is the only guard there
    fcntl = None  # type: ignore[assignment]

META_FILE = "chatbot_collection.json"
EDGE_CONFIG_FILE = "edge_config.json"
LOCK_POLL_S = 0.1
FLUSH_DELAY_S = 5.0
# Edge hands each query to a search thread pool sized from the CPU count. A memory shard is one
# segment, so the pool buys no parallelism, only a thread handoff: on a busy 2-core box one
# thread measured 0.014 vs 0.039 ms p50 per filtered query at 10k, and 0.6 vs 2.4 ms p95 for a
# user with 10k memories.
SEARCH_THREADS = 1


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


class EdgeCollection(VectorBackend):
    """One collection as one Edge shard at <path>/<collection>; path=None is a temp folder.
    The point operations are EdgeBackend's."""

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
