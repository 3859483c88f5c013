"""Secrets in a message never reach memory, history or any file of the store, even when the
model tries to store them; the transcript keeps them only if the user asked for that."""

from __future__ import annotations

import uuid

import probes
import pytest
from checks import ScriptedLM, read_transcript
from files import files_holding

from chatbot.agents.updater import MemoryUpdater
from chatbot.lm.retry import RetryPolicy
from chatbot.memory import MemoryStore
from chatbot.redact import MARKER
from chatbot.session import ChatSession

from scripted import answer, finish, step

PASSWORD = "hunter2-Zq9"
CARD = "4111 1111 1111 1111"
KEY = "sk-proj-T0pS3cretKeyMaterial123456"
IBAN = "DE89 3704 0044 0532 0130 00"
SECRETS = [PASSWORD, CARD, KEY, IBAN]
MESSAGE = (f"My gmail password is {PASSWORD}, my card is {CARD}, my OpenAI key is {KEY} "
           f"and my IBAN is {IBAN}. Also, I bank with ING.")


def _leaks(text: str) -> int:
    return sum(s in text for s in SECRETS)


def _greedy_model():
    """A model that ignores the prompt and stores every secret verbatim."""
    return ScriptedLM([
        finish(), answer("Noted, I will keep that safe.", True),
        step("add_memory", {"memory_text": f"Gmail password is {PASSWORD}",
                            "categories": ["accounts"]}),
        step("add_memory", {"memory_text": f"Card number {CARD}; key {KEY}",
                            "categories": ["finance", KEY]}),
        step("update_memory", {"memory_id": 0, "categories": ["finance"],
                               "updated_memory_text": f"Banks with ING, IBAN {IBAN}"}),
        finish(),
    ])


@pytest.mark.parametrize("keep_raw", [False, True])
def test_secrets_never_reach_memory_history_or_store_files(tmp_path, embedder, shared_engine,
                                                           keep_raw):
    data = tmp_path / "data"
    store = MemoryStore(path=data / "store", embedder=embedder, engine=shared_engine)
    user = f"s-{uuid.uuid4().hex[:6]}"
    store.add(user, "Banks with ING", ["finance"])
    lm = _greedy_model()
    transcript = data / "transcripts" / "t.jsonl"
    s = ChatSession(user, store, lm, transcript_path=transcript, background=True,
                    keep_raw_transcript=keep_raw, retry=RetryPolicy(base_delay=0))
    s.turn(MESSAGE)
    s.close()
    memories = store.list(user, include_deleted=True)
    texts = " ".join(m.memory_text + " " + " ".join(m.categories) for m in memories)
    history = " ".join(f"{e.old_text} {e.new_text}" for m in memories
                       for e in store.history(m.id, user_id=user))
    store.close()
    assert MARKER in texts and "ING" in texts  # the fact stays, the secret goes
    assert s.stats["secrets_redacted"] >= 3
    # what the update agent was given (its first prompt) held no secret; later prompts echo
    # this greedy model's own tool calls back to it
    update_prompts = str(lm.history[2]["messages"])
    file_hits = files_holding(data / "store", SECRETS)
    leaks = _leaks(texts) + _leaks(history) + _leaks(update_prompts) + len(file_hits)
    raw = transcript.read_text(encoding="utf-8")
    read_transcript(transcript)
    if keep_raw:
        assert PASSWORD in raw and CARD in raw  # what the user typed, as asked
    else:
        leaks += _leaks(raw)
    probes.count("secrets", tried=1, leaks=leaks)
    assert leaks == 0, (texts, history, file_hits)


def test_updater_redacts_even_without_a_session(shared_store):
    user = f"s-{uuid.uuid4().hex[:6]}"
    updater = MemoryUpdater(shared_store, user, ScriptedLM([
        step("add_memory", {"memory_text": "My password is swordfish", "categories": ["x"]}),
        finish(),
    ]))
    result = updater.run([{"role": "user", "content": "my password is swordfish"}])
    [m] = shared_store.list(user)
    assert "swordfish" not in m.memory_text and MARKER in m.memory_text
    assert result.counts["secrets_redacted"] == 1
    assert "replaced" in str(result.trajectory["observation_0"])
    probes.count("secrets", tried=1, leaks=int("swordfish" in m.memory_text))


def test_ordinary_facts_pass_untouched(shared_store):
    user = f"s-{uuid.uuid4().hex[:6]}"
    facts = ["Uses a password manager", "Order 1234567890123456 arrives Friday",
             "Phone is +1 415 555 0132", "Born on 1990-04-12"]
    updater = MemoryUpdater(shared_store, user, ScriptedLM(
        [step("add_memory", {"memory_text": f, "categories": ["misc"]}) for f in facts]
        + [finish()]))
    updater.react.max_iters = len(facts) + 1
    result = updater.run([{"role": "user", "content": "; ".join(facts)}])
    assert sorted(m.memory_text for m in shared_store.list(user)) == sorted(facts)
    assert result.counts["secrets_redacted"] == 0
    probes.count("secrets_false_positive", tried=len(facts))
