"""What the reliability tests check again and again: a whole transcript, a consistent store."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import litellm
from dspy.utils import DummyLM
from hash_embedder import HashEmbedder  # noqa: F401 - re-exported for the tests

from chatbot.memory import MemoryStore
from chatbot.memory.opening import ENGINES as STORE_ENGINES
from chatbot.memory.validation import text_hash

ROOT_CONFTEST = Path(__file__).resolve().parents[1] / "conftest.py"

MODEL = {"model": "gpt-4o-mini", "llm_provider": "openai"}


def engines(config: Any) -> list[str]:
    """The engines tests/conftest.py runs store tests on (its ENGINES list)."""
    for plugin in config.pluginmanager.get_plugins():
        if Path(getattr(plugin, "__file__", "") or "").resolve() == ROOT_CONFTEST:
            return list(plugin.ENGINES)
    return list(STORE_ENGINES)


def timeout() -> Exception:
    return litellm.Timeout(message="Request timed out after 120s", **MODEL)


def refused() -> Exception:
    return litellm.APIConnectionError(
        message="Cannot connect to host localhost:11434: Connection refused", **MODEL)


def rate_limited() -> Exception:
    return litellm.RateLimitError(message="Rate limit reached for requests", **MODEL)


def server_error() -> Exception:
    return litellm.InternalServerError(message="502 Bad Gateway", **MODEL)


def quota_exhausted() -> Exception:
    return litellm.RateLimitError(
        message="You exceeded your current quota, please check your plan (insufficient_quota)",
        **MODEL)


def bad_key() -> Exception:
    return litellm.AuthenticationError(message="Incorrect API key provided", **MODEL)


class ScriptedLM(DummyLM):
    """DummyLM (real adapter parsing) whose n-th call raises failures[n] instead of answering."""

    def __init__(self, answers: list[dict[str, Any]],
                 failures: dict[int, BaseException] | None = None):
        super().__init__(answers)
        self.failures = dict(failures or {})
        self.calls = 0

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        n, self.calls = self.calls, self.calls + 1
        if n in self.failures:
            raise self.failures[n]
        return super().__call__(*args, **kwargs)


def read_transcript(path: Path) -> list[dict[str, Any]]:
    """Every line is one JSON object in valid UTF-8; a header, then user/assistant alternate."""
    text = path.read_bytes().decode("utf-8")  # strict
    records = [json.loads(line) for line in text.splitlines()]
    assert records and records[0].get("type") == "session", records[:1]
    roles = [r["role"] for r in records[1:]]
    assert roles == ["user", "assistant"] * (len(roles) // 2), roles
    ids = [r["id"] for r in records[1:]]
    assert len(set(ids)) == len(ids), ids
    return records


def snapshot(store: MemoryStore, users: Iterable[str]) -> dict[str, tuple]:
    """Everything a user could lose: every memory's text, categories, validity and source."""
    out = {}
    for user in users:
        for m in store.list(user, include_deleted=True):
            out[m.id] = (m.user_id, m.memory_text, tuple(m.categories), m.valid, m.text_hash,
                         m.updated_at)
    return out


def inconsistencies(store: MemoryStore, user: str, *, allow: Iterable[str] = ()) -> list[str]:
    """Memories whose text, hash, vector or history disagree (ids in `allow` are skipped)."""
    problems = []
    skip = set(allow)
    for m in store.list(user, include_deleted=True):
        if m.id in skip:
            continue
        if m.text_hash != text_hash(m.memory_text):
            problems.append(f"{m.id}: payload hash does not match its text")
        if m.valid:
            top = store.search(user, m.memory_text, limit=1, mode="dense")
            if not top or top[0].id != m.id:
                problems.append(f"{m.id}: searching its exact text does not return it first")
        events = [e for e in store.history(m.id, user_id=user) if e.event in ("ADD", "UPDATE")]
        if not events:
            problems.append(f"{m.id}: in the store but not in the history")
        elif events[-1].new_text != m.memory_text:
            problems.append(f"{m.id}: history says {events[-1].new_text!r}, "
                            f"store says {m.memory_text!r}")
    return problems
