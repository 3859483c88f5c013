"""User-caused failures at the command line: one line on stderr, a non-zero exit, no traceback."""

from __future__ import annotations

import numpy as np
import pytest
from cli_runner import run

from chatbot.config import Settings
from chatbot.memory import MemoryStore
from chatbot.memory.embeddings import get_embedder


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


def test_store_locked_by_another_process_names_the_path(capsys, monkeypatch):
    # No wait: one line at once (with a wait, a line first says it waits; see test_faults.py).
    monkeypatch.setenv("CHATBOT_LOCK_WAIT", "0")
    settings = Settings()
    holder = MemoryStore.from_settings(settings)  # stands for a running `chatbot chat`
    try:
        holder.add("alice", "Likes jazz")
        code, out, err = run(capsys, "memories", "list", "-u", "alice")
        line = one_line(err)
        assert code == 1
        assert str(settings.store_dir) in line and "another chatbot process" in line
    finally:
        holder.close()
    code, out, _ = run(capsys, "memories", "list", "-u", "alice")  # nothing was lost
    assert code == 0 and "Likes jazz" in out


class _Wider:
    """A real embedder padded to another dimension: stands for a different model."""

    name = "some-768d-model"

    def __init__(self):
        self._inner = get_embedder()
        self.dim = self._inner.dim + 16

    def embed_documents(self, texts, batch_size=64):
        v = self._inner.embed_documents(texts)
        return np.hstack([v, np.zeros((len(v), 16), dtype=v.dtype)])

    def embed_query(self, text):
        return self.embed_documents([text])[0]


def _store_built_by_another_model(monkeypatch) -> None:
    settings = Settings()
    with monkeypatch.context() as patch:
        patch.setattr("chatbot.memory.opening.Embedder", _Wider)
        with MemoryStore(path=settings.store_dir, embedder=_Wider(), engine=settings.engine) as s:
            s.add("alice", "Built with another model")


def test_dimension_mismatch_is_one_line(capsys, monkeypatch):
    _store_built_by_another_model(monkeypatch)
    monkeypatch.setenv("CHATBOT_EMBEDDER", "all-MiniLM-L6-v2-int8")
    code, _, err = run(capsys, "memories", "list", "-u", "alice")
    line = one_line(err)
    assert code == 1
    assert "some-768d-model" in line and "all-MiniLM-L6-v2" in line and "CHATBOT_EMBEDDER" in line


def test_a_store_whose_model_is_missing_is_one_line(capsys, monkeypatch):
    _store_built_by_another_model(monkeypatch)
    # Listing needs no vector, so no model: it works; a search needs the model.
    assert run(capsys, "memories", "list", "-u", "alice")[0] == 0
    code, _, err = run(capsys, "memories", "search", "tea", "-u", "alice")
    line = one_line(err)
    assert code == 1
    assert "was built with some-768d-model, which cannot be loaded here" in line
    assert "CHATBOT_EMBEDDER" in line


@pytest.mark.parametrize("action", [["edit", "{id}", "new text"], ["delete", "{id}"],
                                    ["restore", "{id}"], ["history", "{id}"]])
@pytest.mark.parametrize("bad_id", ["deadbeef", "00000000-0000-0000-0000-000000000000"])
def test_nonexistent_or_foreign_id_is_one_line(capsys, action, bad_id):
    with MemoryStore.from_settings(Settings()) as s:
        s.add("alice", "Alice's own memory")
        bobs = s.add("bob", "Bob's memory")
    for memory_id in (bad_id, bobs):
        argv = [a.replace("{id}", memory_id) for a in action]
        code, _, err = run(capsys, "memories", *argv, "-u", "alice")
        assert code == 1 and "no memory" in one_line(err)
    with MemoryStore.from_settings(Settings()) as s:
        assert s.get(bobs).memory_text == "Bob's memory" and s.get(bobs).valid


def test_unknown_command_is_one_line(capsys):
    code, _, err = run(capsys, "frobnicate")
    assert code == 2 and "invalid choice" in one_line(err)


@pytest.mark.parametrize("argv", [["eval", "locomo", "--data", "{tmp}/locomo.json"],
                                  ["replay", "{tmp}/chat.jsonl"]])
def test_a_bad_setting_is_one_line_in_every_command(capsys, monkeypatch, tmp_path, argv):
    (tmp_path / "locomo.json").write_text("[]")
    (tmp_path / "chat.jsonl").write_text('{"role": "user", "content": "hi"}\n')
    monkeypatch.setenv("CHATBOT_EMBED_BATCH_THREADS", "-1")
    code, _, err = run(capsys, *[a.format(tmp=tmp_path) for a in argv])
    line = one_line(err)
    assert code != 0 and "CHATBOT_EMBED_BATCH_THREADS" in line
