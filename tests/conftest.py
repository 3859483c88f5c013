"""Shared fixtures: real embedder, real Qdrant engines, temp data dirs, no DSPy disk cache."""

from __future__ import annotations

import os

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

import dspy  # noqa: E402
import pytest  # noqa: E402
from qdrant_servers import (  # noqa: E402
    SERVER_ENGINES,
    ServerPool,
    drop_collections,
    new_collection,
)

from chatbot.memory import MemoryStore  # noqa: E402
from chatbot.memory.embeddings import get_embedder  # noqa: E402

# Every embedded engine the store runs on; each store test runs against each of them.
ENGINES = ["edge", "qdrant-local"]


@pytest.fixture(scope="session")
def embedder():
    return get_embedder()


@pytest.fixture(autouse=True)
def _isolate(tmp_path, monkeypatch):
    """Point the app's data dir at a temp folder and keep DSPy's settings per test."""
    monkeypatch.setenv("CHATBOT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("DSPY_CACHEDIR", str(tmp_path / "dspy_cache"))
    dspy.configure_cache(enable_disk_cache=False, enable_memory_cache=False)
    yield


@pytest.fixture(params=ENGINES)
def engine(request):
    return request.param


@pytest.fixture
def store_dir(tmp_path):
    return tmp_path / "store"


@pytest.fixture(scope="session")
def qdrant_servers(tmp_path_factory):
    """Real Qdrant servers, started when a test first asks for one, stopped at the end."""
    pool = ServerPool(tmp_path_factory.mktemp("qdrant"))
    yield pool
    pool.stop()


@pytest.fixture
def store_place(engine, store_dir, request):
    """Where the engine keeps a store: MemoryStore's path/engine or url/collection arguments."""
    if engine not in SERVER_ENGINES:
        yield {"path": store_dir, "engine": engine}
        return
    url = request.getfixturevalue("qdrant_servers").url(engine)
    collection = new_collection()
    yield {"url": url, "collection": collection}
    drop_collections(url, collection)


@pytest.fixture
def open_store(store_place, embedder):
    """Open (or reopen) the test's store on its engine; keyword arguments go to MemoryStore."""
    def make(**kw):
        return MemoryStore(**{"embedder": embedder, **store_place, **kw})
    return make


@pytest.fixture
def store(open_store):
    s = open_store()
    yield s
    s.close()
