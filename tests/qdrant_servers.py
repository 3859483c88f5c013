"""Real Qdrant servers for the tests: one node and a 2-node cluster, started on first use.

The pinned binary is installed by `make qdrant` (a dependency of `make test`); without it the
server tests fail with that instruction instead of silently testing less.
"""

from __future__ import annotations

import shutil
import tempfile
import uuid
from pathlib import Path

import pytest

from chatbot.memory import server_process

# Engines beside the embedded ones: the contract suite (test_store.py) runs on these as well.
SERVER_ENGINES = ["server", "cluster"]


class ServerPool:
    """At most one server and one cluster per test session; each test gets its own collection."""

    def __init__(self, folder: Path):
        # RAM, where there is some: on this VM's disk every collection created costs ~2 s of
        # fsyncs (0.2 s in RAM), and each test makes two.
        shm = Path("/dev/shm")
        self._tmp = tempfile.mkdtemp(prefix="chatbot-qdrant-", dir=shm) if shm.is_dir() else None
        self.folder = Path(self._tmp) if self._tmp else folder
        self._running: dict[str, server_process.Node | server_process.Cluster] = {}

    def url(self, engine: str) -> str:
        if engine not in self._running:
            if not server_process.is_installed():
                pytest.fail(f"the Qdrant server binary is missing at "
                            f"{server_process.binary_path()}; run: make qdrant", pytrace=False)
            if engine == "server":
                started: server_process.Node | server_process.Cluster = server_process.Node(
                    self.folder / "server", server_process.free_port(),
                    server_process.free_port())
            else:
                started = server_process.Cluster(self.folder / "cluster", nodes=2)
            started.start()
            self._running[engine] = started
        return self._running[engine].url

    def node_urls(self, engine: str) -> list[str]:
        self.url(engine)
        running = self._running[engine]
        nodes = running.nodes if isinstance(running, server_process.Cluster) else [running]
        return [n.url for n in nodes]

    def stop(self) -> None:
        for running in self._running.values():
            running.stop()
        self._running.clear()
        if self._tmp:
            shutil.rmtree(self._tmp, ignore_errors=True)


def new_collection() -> str:
    return f"t{uuid.uuid4().hex[:12]}"


def drop_collections(url: str, collection: str) -> None:
    from qdrant_client import QdrantClient

    client = QdrantClient(url=url, check_compatibility=False)
    try:
        for name in (collection, f"{collection}_history"):
            client.delete_collection(name)
    finally:
        client.close()


def server_history_texts(url: str, collection: str) -> list[str]:
    """Every text the store's history collection on the server holds, read past the store."""
    from qdrant_client import QdrantClient

    client = QdrantClient(url=url, check_compatibility=False)
    try:
        records, _ = client.scroll(f"{collection}_history", limit=10_000, with_payload=True)
    finally:
        client.close()
    return [str(r.payload.get(key)) for r in records for key in ("old_text", "new_text")
            if r.payload.get(key) is not None] + [str(r.payload) for r in records]
