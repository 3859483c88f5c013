"""Shared fixtures: real embedder, real Qdrant engines, temp data dirs, no DSPy disk cache."""

from __future__ import annotations

import os

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

import dspy  # noqa: E402
import pytest  # noqa: E402

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


@pytest.fixture
def store(store_dir, embedder, engine):
    s = MemoryStore(path=store_dir, embedder=embedder, engine=engine)
    yield s
    s.close()
