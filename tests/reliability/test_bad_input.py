"""Bad input at the library level: one clear line each (a ChatbotError or a session event),
nothing stored is lost. The CLI's exit codes and REPL are checked in the CLI's own tests."""

from __future__ import annotations

import json
import uuid

import numpy as np
import probes
import pytest
from checks import ScriptedLM, read_transcript, snapshot

from chatbot.errors import ChatbotError, DimensionMismatchError, StoreLockedError
from chatbot.lm.retry import RetryPolicy
from chatbot.memory import MemoryStore
from chatbot.memory.embeddings import Embedder
from chatbot.session import ChatSession
from chatbot.transcripts import clean_text, load_transcript

from scripted import answer, finish, step

FAST = RetryPolicy(base_delay=0)


def _session(store, user, lm, path, **kw):
    return ChatSession(user, store, lm, transcript_path=path, background=False, retry=FAST, **kw)


def _one_line(text: str) -> bool:
    return bool(text) and "\n" not in text and len(text) < 400


@pytest.fixture
def user(shared_store):
    name = f"u-{uuid.uuid4().hex[:8]}"
    shared_store.add(name, "Grows tomatoes on the balcony", ["hobbies"])
    return name


@pytest.mark.parametrize("text", ["", "   ", "\n\t \n", "\x00\x07\x1b[2J", None, b"  "])
def test_empty_messages_are_not_sent(shared_store, user, tmp_path, text):
    path = tmp_path / "t.jsonl"
    s = _session(shared_store, user, ScriptedLM([]), path)  # any LM call would fail the test
    reply = probes.guarded("bad_input", lambda: s.turn(text))
    assert reply.error and _one_line(reply.error) and reply.response == ""
    assert s.transcript == [] and s.stats["empty_messages"] == 1
    s.close()
    assert len(read_transcript(path)) == 1  # the header only
    probes.count("bad_input", tried=1)


def test_a_megabyte_message_is_bounded_with_a_notice(shared_store, user, tmp_path, monkeypatch):
    seen: list[int] = []
    emb = shared_store.embedder
    real_q, real_d = emb.embed_query, emb.embed_documents
    monkeypatch.setattr(emb, "embed_query", lambda t: seen.append(len(t)) or real_q(t))
    monkeypatch.setattr(emb, "embed_documents",
                        lambda ts, **k: seen.extend(map(len, ts)) or real_d(ts, **k))
    huge = ("I grow tomatoes and basil. " * 40_000)[:1_000_000]
    echo = huge[:8000]  # a model may echo what it was given (its output is bounded anyway)
    lm = ScriptedLM([
        step("fetch_similar_memories", {"search_text": echo, "categories": []}),
        finish(), answer("That is a lot of tomatoes.", True),
        step("add_memory", {"memory_text": echo, "categories": ["hobbies"]}),
        finish(),
    ])
    path = tmp_path / "t.jsonl"
    s = _session(shared_store, user, lm, path, max_message_chars=8000)
    reply = s.turn(huge)
    s.close()
    assert reply.response == "That is a lot of tomatoes."
    assert reply.notices and "truncated" in reply.notices[0] and _one_line(reply.notices[0])
    assert any(e.kind == "notice" for e in s.drain_events())
    assert s.stats["truncated_messages"] == 1
    prompts = [sum(len(str(m.get("content", ""))) for m in h["messages"]) for h in lm.history]
    assert max(prompts) < 60_000  # the message and a few echoes of it, never a megabyte
    assert seen and max(seen) <= 8000
    records = read_transcript(path)
    assert records[1]["truncated"] is True and len(records[1]["content"]) == 8000
    assert all(len(m.memory_text) <= 2000 for m in shared_store.list(user))
    probes.count("bad_input", tried=1)


def test_control_characters_and_invalid_utf8_are_cleaned(shared_store, user, tmp_path):
    lm = ScriptedLM([finish(), answer("Hi \x1b[31mthere\x1b[0m\x00", False),
                     finish(), answer("Café, then.", False)])
    path = tmp_path / "t.jsonl"
    s = _session(shared_store, user, lm, path)
    s.turn("hello \x1b[31mred\x1b[0m \x00nul \x07bell \udcff\udcfe broken \u202eevil\r\nnext")
    s.turn(b"caf\xc3\xa9 \xff\xfe bytes")
    s.close()
    records = read_transcript(path)  # strict UTF-8 and JSON
    user_lines = [r["content"] for r in records if r.get("role") == "user"]
    assert user_lines[0] == "hello red nul bell \ufffd\ufffd broken evil\nnext"
    assert user_lines[1] == "café \ufffd\ufffd bytes"
    assert records[2]["content"] == "Hi there"
    for h in lm.history:
        prompt = json.dumps(h["messages"], ensure_ascii=False)
        assert "\\u001b" not in prompt and "\\u0000" not in prompt
    probes.count("bad_input", tried=2)


def test_clean_text_keeps_ordinary_text():
    text = "Tabs\tand\nnewlines, émoji 🙂, 中文, Ω"
    assert clean_text(text) == text


def test_transcript_with_broken_lines_loads_and_resumes(shared_store, user, tmp_path):
    path = tmp_path / "t.jsonl"
    good = {"role": "user", "content": "I like tea", "id": "s:0"}
    path.write_bytes(
        json.dumps({"type": "session"}).encode() + b"\n"
        + json.dumps(good).encode() + b"\n"
        + b"this is not json\n"
        + b"[1, 2, 3]\n"
        + b'{"role": "assistant", "content": "caf\xff"}\n'
        + b'{"role": "assistant", "content": "cut off by a cra')  # the crash: no newline
    messages, problems = load_transcript(path)
    assert [m["content"] for m in messages] == ["I like tea", "caf\ufffd"]
    assert len(problems) == 3 and all(_one_line(p) and str(path) in p for p in problems)
    # A session resumed on that file starts on a line of its own.
    s = _session(shared_store, user, ScriptedLM([finish(), answer("Tea it is.", False)]), path)
    s.turn("What do I drink?")
    s.close()
    lines = path.read_bytes().decode("utf-8", "replace").splitlines()
    assert json.loads(lines[-1])["content"] == "Tea it is."
    assert json.loads(lines[-3])["type"] == "session"
    probes.count("bad_input", tried=2)


def test_unwritable_transcript_folder_is_one_event_not_a_crash(shared_store, user, tmp_path):
    blocker = tmp_path / "data"
    blocker.write_text("a file where the transcripts folder should be")
    path = blocker / "transcripts" / "t.jsonl"
    before = snapshot(shared_store, [user])
    lm = ScriptedLM([finish(), answer("Hello!", False), finish(), answer("Still here.", False)])
    s = _session(shared_store, user, lm, path)
    assert s.turn("hi").response == "Hello!"
    assert s.turn("still there?").response == "Still here."
    errors = [e.text for e in s.drain_events() if e.kind == "error"]
    assert len(errors) == 1 and str(path) in errors[0] and _one_line(errors[0])
    assert s.stats["transcript_errors"] == 1 and len(s.transcript) == 4
    s.close()
    assert snapshot(shared_store, [user]) == before
    probes.count("bad_input", tried=1)


def test_store_locked_by_another_process_names_the_path(shared_store, embedder, shared_engine):
    before = snapshot(shared_store, shared_store_users(shared_store))
    out = probes.guarded("bad_input", lambda: MemoryStore(
        path=shared_store.path, embedder=embedder, engine=shared_engine))
    assert isinstance(out, StoreLockedError), out
    message = str(out)
    assert _one_line(message) and str(shared_store.path) in message
    assert "close" in message  # says what to do
    assert snapshot(shared_store, shared_store_users(shared_store)) == before
    probes.count("bad_input", tried=1)


def shared_store_users(store):
    return [u for u, _ in store.users()]


class _WiderEmbedder(Embedder):
    """The real model, padded to another dimension."""

    def __init__(self, inner):
        self.name, self.dim, self._inner = "wider-model", inner.dim + 4, inner

    def embed_documents(self, texts, batch_size=64):
        v = self._inner.embed_documents(texts)
        return np.hstack([v, np.zeros((len(v), 4), dtype=v.dtype)])

    def embed_query(self, text):
        return self.embed_documents([text])[0]


def test_dimension_mismatch_is_one_line_and_loses_nothing(tmp_path, embedder, shared_engine):
    path = tmp_path / "store"
    with MemoryStore(path=path, embedder=embedder, engine=shared_engine) as s:
        mid = s.add("zoe", "Speaks Basque at home", ["language"])
    out = probes.guarded("bad_input", lambda: MemoryStore(
        path=path, embedder=_WiderEmbedder(embedder), engine=shared_engine))
    assert isinstance(out, DimensionMismatchError), out
    message = str(out)
    assert _one_line(message.replace("\n", " ")) and "\n" not in message
    assert "wider-model" in message and embedder.name in message
    assert "CHATBOT_EMBEDDER" in message  # the fix
    with MemoryStore(path=path, embedder=embedder, engine=shared_engine) as s:
        assert s.get(mid, user_id="zoe").memory_text == "Speaks Basque at home"
    probes.count("bad_input", tried=1)


def test_errors_users_cause_are_chatbot_errors(shared_store):
    for call in (lambda: shared_store.add("zoe", "   "),
                 lambda: shared_store.add("zoe", "x", memory_type="dream"),
                 lambda: shared_store.add("zoe", "x", observed_at="yesterday-ish"),
                 lambda: shared_store.get("not-an-id", user_id="zoe")):
        out = probes.guarded("bad_input", call)
        assert isinstance(out, ChatbotError) and _one_line(str(out)), out
        probes.count("bad_input", tried=1)
